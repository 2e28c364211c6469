"""The state contract for BattleCON: JSON round trips, views, determinize, playouts."""

import json
import random

from rules.battlecon import GAME
from rules.battlecon.kinds import Act
from rules.core import CHANCE, Action, Match
from tests.rules.battlecon.duel import duel, give


class RandomAgent:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view, player):
        return self.rng.choice(view.legal_actions(player))


def test_json_round_trip_keeps_the_state_hash():
    """Saves: a state rebuilt from its JSON has the same hash."""
    st = duel("hayden", "wardlaw")
    st.apply(0, st.legal_actions(0)[3])
    data = json.loads(json.dumps(st.to_json()))
    assert GAME.state_from_json(data).state_hash() == st.state_hash()


def test_clone_is_independent():
    """clone: changing the copy leaves the original alone."""
    st = duel()
    twin = st.clone()
    twin.player(0).held.clear()
    assert st.player(0).hand and not twin.player(0).hand


def test_determinize_is_consistent_with_the_view():
    """Hidden information: a determinized world keeps what the viewer saw and fills the
    face-down pair from the cards the opponent could have set."""
    st = duel("hayden", "wardlaw")
    give(st, 1, "massive", "grasp")
    st.apply(1, Action(Act.SET, ("massive", "grasp")))
    view = st.view(0)
    rng = random.Random(3)
    for _ in range(20):
        world = view.determinize(0, rng)
        pair = world.player(1).pair
        assert world.card(pair.style)["kind"] == "style"
        assert world.card(pair.base)["kind"] == "base"
        assert sorted(world.player(1).hand + [pair.style, pair.base]) == \
            sorted(view.player(1).hand)
        assert world.player(0) == view.player(0)
        assert not world.invariant_violations()


def _play(seed: int) -> Match:
    rng = random.Random(seed)
    match = Match(GAME, GAME.random_setup(rng, 2), seed)
    agents = {0: RandomAgent(seed), 1: RandomAgent(seed + 1)}
    while not match.over:
        assert not match.state.invariant_violations(), match.state.invariant_violations()
        d = match.state.decision()
        if d.is_chance:
            match.resolve_chance()
            continue
        p = d.players[0]
        match.submit(p, agents[p].choose(match.state.view(p), p))
    return match


def test_random_playouts_keep_the_invariants_after_every_decision():
    """Done-when invariants: standups apart, life 0..20, Force 0..10 and conserved, every
    card in exactly one zone — after every decision of seeded random duels."""
    for seed in range(40):
        match = _play(seed)
        assert match.outcome() is not None
        assert not match.state.invariant_violations()


def test_match_driver_plays_a_duel_to_the_end():
    """simulate: Match(GAME, random_setup, seed).play with random agents finishes."""
    rng = random.Random(7)
    match = Match(GAME, GAME.random_setup(rng, 2), 7)
    out = match.play({0: RandomAgent(1), 1: RandomAgent(2)})
    assert out is not None and len(out.winners) == 1
    first = match.record.steps[0]
    assert first[0] == CHANCE and first[1].kind == Act.FIRST


def test_labels_and_panels_read_well():
    """Generic table: actions carry readable labels; panels show board, hands, discards."""
    st = duel("hayden", "wardlaw")
    labels = [a.label for a in st.legal_actions(0)]
    assert "Set Latent Strike" not in labels and any(lb.startswith("Set ") for lb in labels)
    titles = [p.title for p in st.panels(0)]
    assert titles[0] == "Board" and "Your hand" in titles and "Discards" in titles
