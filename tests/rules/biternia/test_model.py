"""Battle for Biternia's typed state: every state and every seat's view of seeded random games
equal today's (version 1's), JSON round trips, clones that share nothing mutable, and views
built from the declared secrets (model.py).

fixtures/views_v1.json was written by the version-1 code (commit d77dde9) with ``_trace``
below: for each game, a digest of every 50 states, each state taken with its view for every
seat and for a spectator, in version 1's JSON shape (``_normal``: the frames of version 3's
PendingStack become version 1's plain card dicts and its pending choice). The one intended
difference is already folded in: version 1 showed the other team where the shown powers sit
among a Hero's learned ones; now each learned power is one None for the other team and the
shown ones are in ``shown`` (public in both)."""

import hashlib
import json
import random
from pathlib import Path

import pytest

from rules.biternia import GAME
from rules.biternia.frames import Card, Catapult
from rules.biternia.kinds import Ask
from rules.biternia.model import Choice, from_v1, from_v2
from rules.core import Match

FIXTURES = Path(__file__).parent / "fixtures"


def _normal(data: dict, viewer_team) -> dict:
    """A state's or a view's JSON in version 1's shape."""
    d = {k: v for k, v in data.items() if k not in ("version", "viewer")}
    d["seats"] = [{k: v for k, v in s.items() if k != "seat"} for s in d["seats"]]
    frames = d["stack"]["frames"]
    d["pending"] = frames[-1]["ask"] if frames else None
    d["stack"] = [{k: v for k, v in f.items() if k not in ("@", "ask")} for f in frames
                  if f["@"] == "biternia.card"]
    p = d.get("pending")
    if p:
        d["pending"] = {k: v for k, v in p.items()
                        if not (k == "hero" and v is None) and not (k == "declined" and v == [])}
    if viewer_team != "all":
        for h in d["heroes"].values():
            if h["seat"] % 2 != viewer_team:
                h["learned"] = [None] * len(h["learned"])
    return d


def _digest(st) -> str:
    parts = [_normal(st.to_json(), "all")]
    for p in [*range(st.num_players), None]:
        parts.append(_normal(st.view(p).to_json(), None if p is None else p % 2))
    return json.dumps(parts, sort_keys=True)


def _states(players: int, seed: int):
    """Every state of a seeded random match."""
    rng = random.Random(seed)
    m = Match(GAME, GAME.random_setup(rng, players), seed)
    pick = random.Random(seed + 1)
    while True:
        yield m.state
        if m.state.outcome() is not None:
            return
        d = m.state.decision()
        if d.is_chance:
            m.resolve_chance()
            continue
        q = d.players[0]
        m.submit(q, pick.choice(m.state.legal_actions(q)))


def _trace(players: int, seed: int, chunk: int = 50) -> dict:
    out, h, n = [], hashlib.sha1(), 0
    for st in _states(players, seed):
        h.update(_digest(st).encode())
        n += 1
        if n % chunk == 0:
            out.append(h.hexdigest()[:16])
            h = hashlib.sha1()
    out.append(h.hexdigest()[:16])
    return {"players": players, "seed": seed, "states": n, "digests": out}


TRACES = json.loads((FIXTURES / "views_v1.json").read_text())


@pytest.mark.parametrize("want", TRACES, ids=lambda t: f"{t['players']}p-seed{t['seed']}")
def test_every_state_and_view_of_a_random_game_equals_version_1(want):
    """Typed state: the rules and the views are today's, state by state."""
    assert _trace(want["players"], want["seed"]) == want


@pytest.mark.parametrize("players, seed", [(2, 21), (4, 22)])
def test_every_state_round_trips_and_clones_apart(players, seed):
    """Typed state: JSON keeps the hash; a clone's changes leave the original alone."""
    for k, st in enumerate(_states(players, seed)):
        if k % 7:
            continue
        again = GAME.state_from_json(json.loads(json.dumps(st.to_json())))
        assert again.state_hash() == st.state_hash()
        twin = st.clone()
        twin.seats[0].hand.append("x")
        twin.gold[0] += 9
        hero = next(iter(twin.heroes.values()), None)
        if hero is not None:
            hero.learned.append("y")
            assert "y" not in st.heroes[next(iter(st.heroes))].learned
        twin.stack.push(Card(hero="nobody"))
        if st.stack:
            twin.stack.frames[0].ask = Choice(Ask.PAY, 0, [99])
            assert st.stack.frames[0].ask != Choice(Ask.PAY, 0, [99])
        assert "x" not in st.seats[0].hand and twin.gold[0] == st.gold[0] + 9
        assert len(twin.stack) == len(st.stack) + 1


def test_the_other_team_sees_who_is_asked_to_interrupt_but_not_with_whom():
    """Hidden information: which Heroes hold an Interrupt stays the asked team's secret."""
    st = GAME.new_state(GAME.validate_setup({"players": 4}), 1)
    st.stack.push(Card(hero="sterling", card="strike1"))
    st.stack.push(Card(hero="felix", card="strike2",
                       ask=Choice(Ask.INTERRUPT, 1, ["felix"], declined=[3])))
    for seat, options in ((1, ["felix"]), (3, ["felix"]), (0, []), (2, []), (None, [])):
        seen = st.view(seat).pending
        assert seen is not None and seen.options == options
        assert (seen.seat, seen.declined) == (1, [3])
    st.stack.frames[-1] = Card(hero="felix", ask=Choice(Ask.TARGET, 1, ["felix", "bit_0"]))
    assert st.view(0).pending.options == ["felix", "bit_0"]
    st.stack.frames[-1] = Catapult(ask=Choice(Ask.CATAPULT, 1, ["tower_0_top"], "felix"))
    assert st.view(0).pending.options == ["tower_0_top"]


def test_a_version_2_choice_becomes_its_card_frames_question_or_a_frame_of_its_own():
    """Saves: version 2's cards in resolution and pending choice are version 3's frames."""
    card = {"hero": "felix", "card": "strike1", "kind": "card", "i": 0, "rep": 0, "reps": 1,
            "target": None, "stage": "window", "last": None, "src": "", "under": -1,
            "tokens_before": [1, 0], "bonus": 0}
    ask = {"type": "interrupt", "seat": 0, "options": ["runika"], "hero": None,
           "declined": []}
    data = {"version": 2, "stack": [card], "pending": ask}
    assert from_v2(data) == {"version": 3, "stack": {"frames": [
        {"@": "biternia.card", **card, "ask": ask}]}}
    respawn = {**ask, "type": "respawn", "options": ["bit_0"], "hero": "felix"}
    assert from_v2({"version": 2, "stack": [], "pending": respawn})["stack"] == {
        "frames": [{"@": "biternia.respawn", "ask": respawn}]}
    with pytest.raises(ValueError, match="no card in resolution"):
        from_v2({"version": 2, "stack": [], "pending": ask})


def test_a_version_1_dict_with_an_unknown_field_is_refused_by_name():
    """Saves: an unknown version or field is a clear error, not a wrong state."""
    data = json.loads((FIXTURES / "saved_v1_duel.json").read_text())
    with pytest.raises(ValueError, match="no colour"):
        from_v1({**data, "colour": "red"})
    with pytest.raises(ValueError, match="version 1"):
        from_v1({**data, "version": 7})
