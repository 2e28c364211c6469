"""BattleCON's typed state: JSON round trips of every state of random matches, clones
that share nothing mutable, and views built from the declared secrets (model.py)."""

import json
import random
from pathlib import Path

import pytest

from rules.battlecon import GAME
from rules.battlecon.frames import PhaseStep
from rules.battlecon.kinds import Phase
from rules.battlecon.model import HIDDEN, from_v1
from rules.core import Match

FIXTURES = Path(__file__).parent / "fixtures"


def _states(players: int, seed: int):
    """Every state of a seeded random match (the decision about to be made)."""
    rng = random.Random(seed)
    match = Match(GAME, GAME.random_setup(rng, players), seed)
    pick = random.Random(seed + 1)
    while not match.over:
        yield match.state
        d = match.state.decision()
        if d.is_chance:
            match.resolve_chance()
            continue
        p = d.players[0]
        match.submit(p, pick.choice(match.state.legal_actions(p)))
    yield match.state


def test_a_dict_that_is_not_a_version_1_state_is_refused_by_name():
    """Saves: an unknown version or field is a clear error, not a wrong state."""
    data = json.loads((FIXTURES / "saved_v1_duel.json").read_text())
    with pytest.raises(ValueError, match="version 1"):
        from_v1({**data, "version": 7})
    with pytest.raises(ValueError, match="no colour"):
        from_v1({**data, "colour": "red"})
    with pytest.raises(ValueError, match="not a BattleCON state"):
        GAME.state_from_json({**data, "version": 9})


@pytest.mark.parametrize("players, seed", [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_every_state_round_trips_and_clones_apart(players, seed):
    """Typed state: JSON keeps the hash; a clone's changes leave the original alone."""
    for st in _states(players, seed):
        again = GAME.state_from_json(json.loads(json.dumps(st.to_json())))
        assert again.state_hash() == st.state_hash()
        twin = st.clone()
        twin.player(0).held.append("x")
        twin.player(0).beat.bonus["power"] += 9
        depth = len(st.stack)
        twin.stack.push(PhaseStep(name="next"))
        assert "x" not in st.player(0).held and st.player(0).beat.bonus["power"] < 9
        assert len(st.stack) == depth and st.stack is not twin.stack


@pytest.mark.parametrize("players, seed", [(2, 5), (4, 6)])
def test_a_view_shows_the_held_cards_but_not_which_are_set(players, seed):
    """Hidden information: another seat sees every card a fighter holds, but neither its
    face-down pair, nor its face-down Clash base, nor its Finisher before all have chosen;
    the fighter itself sees all of them. While some held cards are face down, another seat
    sees them sorted by id (an order that does not depend on the holder's)."""
    for st in _states(players, seed):
        for viewer in [None, *range(st.num_players)]:
            view = st.view(viewer)
            for p in range(st.num_players):
                mine, seen = st.player(p), view.player(p)
                face_down = ((mine.pair is not None and not mine.pair_revealed)
                             or mine.clash is not None)
                assert seen.held == (sorted(mine.held) if face_down and p != viewer
                                     else mine.held)
                if p == viewer:
                    assert seen.pair == mine.pair and seen.finisher == mine.finisher
                    continue
                if mine.pair is not None and st.phase in (Phase.SET, Phase.ANTE):
                    assert seen.pair is not None and seen.pair.hidden and not seen.pair.ids()
                    assert sorted(seen.hand) == sorted(mine.hand + mine.pair.ids())
                if mine.clash is not None:
                    assert seen.clash == HIDDEN
                if st.phase == Phase.SETUP:
                    assert seen.finisher is None and seen.setup_choice is None


def test_a_clone_and_a_view_keep_their_own_events():
    """Clones share content, never the events said on them."""
    st = next(s for s in _states(2, 7) if s.phase == Phase.SET)
    twin, seen = st.clone(), st.view(0)
    twin.say("note", "on the copy")
    seen.say("note", "on the view")
    assert [e.text for e in twin._events] == ["on the copy"]
    assert [e.text for e in seen._events] == ["on the view"] and not st._events
