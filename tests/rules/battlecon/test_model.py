"""BattleCON's typed state (rules/battlecon/model.py) against today's dict state: a
version-1 save converts and converts back unchanged, the models round-trip through JSON,
and the views built from the declared secrets show each seat what today's view shows."""

import json
import random
from pathlib import Path

import pytest

from rules.battlecon import GAME
from rules.battlecon.model import Duel, from_v1, to_v1
from rules.core import Match

FIXTURES = Path(__file__).parent / "fixtures"


def _norm(s: dict) -> dict:
    """The dict with each hand sorted (today's view sorts a hand it adds set cards to)."""
    out = json.loads(json.dumps(s))
    for pl in out["players"]:
        pl["hand"] = sorted(pl["hand"])
    return out


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


@pytest.mark.parametrize("name", ["duel", "team"])
def test_a_version_1_save_converts_and_back_unchanged(name):
    """Saves: a version-1 dict read as a Duel writes back the same dict."""
    data = json.loads((FIXTURES / f"saved_v1_{name}.json").read_text())
    duel = from_v1(data)
    assert to_v1(duel) == data
    again = Duel.from_json(json.loads(json.dumps(duel.to_json())))
    assert to_v1(again) == data


def test_a_dict_that_is_not_a_version_1_state_is_refused_by_name():
    """Saves: an unknown version or field is a clear error, not a wrong state."""
    data = json.loads((FIXTURES / "saved_v1_duel.json").read_text())
    with pytest.raises(ValueError, match="version 1"):
        from_v1({**data, "version": 7})
    with pytest.raises(ValueError, match="no colour"):
        from_v1({**data, "colour": "red"})


@pytest.mark.parametrize("players, seed", [(2, 1), (2, 2), (3, 3), (4, 4)])
def test_the_models_mirror_every_state_and_view_of_a_random_match(players, seed):
    """Typed state: every state of a random match converts both ways, clones apart, and
    each seat's view built from the declared secrets equals today's view."""
    for st in _states(players, seed):
        duel = from_v1(st.s)
        assert to_v1(duel) == _plain(st.s)
        twin = duel.clone()
        twin.players[0].held.append("x")
        assert "x" not in duel.players[0].held
        for seat in [None, *range(st.num_players)]:
            assert _norm(to_v1(duel.view_for(seat))) == _norm(st.view(seat).s), seat


def _plain(s: dict) -> dict:
    return json.loads(json.dumps(s))

