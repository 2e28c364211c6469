"""The shared contract for Battle for Biternia: JSON round trips, clones, views that hide what
they must, determinizing consistent with the view, illegal actions that change nothing, and
seeded random playouts checking the issue's invariants after every decision."""

from __future__ import annotations

import json
import random

import pytest

from rules.biternia import GAME
from rules.biternia.kinds import Act
from rules.core import CHANCE, Action, IllegalAction, Match, replay

from .conftest import RandomAgent, deployed, position

PLAYOUTS = [  # (players, heroes, catapult, seed)
    (2, "draft", "off", 1), (2, "random", "on", 2), (2, "first_game", "on", 3),
    (3, "draft", "off", 4), (4, "draft", "on", 5), (4, "first_game", "off", 6),
]


def test_json_round_trip_keeps_the_state_hash(table):
    """Contract: to_json / state_from_json give back the same state."""
    data = json.loads(json.dumps(table.to_json()))
    again = GAME.state_from_json(data)
    assert again.state_hash() == table.state_hash()
    assert again.legal_actions(0) == table.legal_actions(0)


def test_clone_is_independent(table):
    """Contract: a clone shares no mutable data with its source."""
    before = table.state_hash()
    twin = table.clone()
    twin.apply(0, twin.legal_actions(0)[0])
    twin.heroes["sterling"].hp = 1
    assert table.state_hash() == before


def test_view_hides_the_other_teams_hand_orders_and_every_shuffled_deck(table):
    """Hidden information: hands and face-down orders of the other team, and the shuffled
    deck (even from its owner), are hidden."""
    s = table
    s.apply(0, s.legal_actions(0)[0])
    hero = next(h for h, v in s.heroes.items() if v.down)
    red = s.view(1)
    assert set(red.seats[0].hand) == {None}
    assert red.heroes[hero].down == "?"
    assert set(red.seats[0].deck) == {None}
    blue = s.view(0)
    assert None not in blue.seats[0].hand and blue.heroes[hero].down != "?"
    assert set(blue.seats[0].deck) == {None}
    assert "sterling" in json.dumps(blue.to_json())


def test_spectator_view_hides_every_hand(table):
    """Hidden information: a spectator (None) sees no hand."""
    v = table.view(None)
    assert all(set(seat.hand) == {None} for seat in v.seats)


def test_determinize_is_consistent_with_the_view(table):
    """Search support: a determinized state keeps everything the seat saw and fills the rest
    with the seat's unseen cards."""
    s = table
    s.apply(1, s.legal_actions(1)[0])
    view = s.view(0)
    world = view.determinize(0, random.Random(3))
    assert world.seats[0].hand == s.seats[0].hand
    assert world.seats[0].discard == s.seats[0].discard

    def red_cards(state):
        zones = state.seats[1]
        downs = [v.down for v in state.heroes.values() if v.seat == 1 and v.down]
        return zones.hand + zones.deck + downs

    assert len(red_cards(world)) == len(red_cards(s))
    basics = [c for c in red_cards(s) if c[-1].isdigit()]
    assert sorted(c for c in red_cards(world) if c[-1].isdigit()) == sorted(basics)
    assert [len(getattr(world.seats[1], z)) for z in ("hand", "deck")] == \
        [len(getattr(s.seats[1], z)) for z in ("hand", "deck")]
    assert not world.invariant_violations()
    assert world.decision() == s.decision()
    assert set(world.legal_actions(0)) == set(s.legal_actions(0))


def test_determinize_samples_unrevealed_learned_powers():
    """Hidden information: which power a Hero learned stays secret until shown; a
    determinized world picks a power that Hero could have learned."""
    s = position(heroes={"kerrick": {"shown": []}})
    assert s.heroes["kerrick"].shown == []
    world = s.view(0).determinize(0, random.Random(1))
    learned = world.heroes["kerrick"].learned
    assert len(learned) == 1 and learned[0] in ("pulse", "blink", "bolt")
    assert not world.invariant_violations()


def test_illegal_actions_raise_and_leave_the_state_unchanged(table):
    """Contract: an illegal action raises IllegalAction and changes nothing."""
    s = table
    before = s.state_hash()
    for player, action in ((0, Action(Act.ORDER, ("kerrick", "strike1"))),
                           (0, Action(Act.ACTIVATE, ("sterling", "use"))),
                           (CHANCE, Action(Act.SHUFFLE, (1,))),
                           (1, Action(Act.ORDER, ("sterling", "strike1")))):
        with pytest.raises(IllegalAction):
            s.apply(player, action)
        assert s.state_hash() == before


def test_shuffle_seed_outside_32_bits_is_illegal():
    """Chance: a shuffle outcome carries a 32-bit seed."""
    s = GAME.new_state({"players": 2, "heroes": "first_game"}, 0)
    s.apply(CHANCE, Action(Act.INITIATIVE, (0,)))
    with pytest.raises(IllegalAction):
        s.apply(CHANCE, Action(Act.SHUFFLE, (2**32,)))


@pytest.mark.parametrize("players,heroes,catapult,seed", PLAYOUTS)
def test_random_playout_keeps_the_invariants_after_every_decision(players, heroes, catapult,
                                                                   seed):
    """Issue invariants: every action card in exactly one place, HP within 0..max, gold never
    negative, no Hero on an enemy Bit while all its Towers stand, no shuffle after setup."""
    rng = random.Random(seed)
    match = Match(GAME, {"players": players, "heroes": heroes, "catapult": catapult}, seed)
    agents = {p: RandomAgent(seed * 10 + p) for p in range(players)}
    while not match.over:
        assert not match.state.invariant_violations(), match.state.invariant_violations()
        if match.state.decision().is_chance:
            match.resolve_chance()
            continue
        player = match.state.decision().players[0]
        match.submit(player, agents[player].choose(match.state.view(player), player))
        if match.decisions % 97 == 0:
            view = match.state.view(player)
            world = view.determinize(player, rng)
            assert not world.invariant_violations()
    record = match.finish_record()
    assert match.outcome() is not None
    assert replay(GAME, record).state_hash() == record.final_hash


def test_match_plays_to_the_end_with_random_agents():
    """Launcher support: Match.play with random agents reaches a result."""
    rng = random.Random(11)
    for players in (2, 4):
        setup = GAME.random_setup(rng, players)
        match = Match(GAME, setup, 11)
        out = match.play({p: RandomAgent(p) for p in range(players)})
        assert out is not None and len(out.scores) == players and not out.is_draw


def test_deployed_helper_state_is_sound():
    """The scenario used by the rule tests obeys the invariants."""
    assert not deployed().invariant_violations()
    assert not deployed(4).invariant_violations()
