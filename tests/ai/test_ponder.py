"""Pondering (ai.ponder, issue #20): what the worker foresees and answers comes from the AI
seat's view alone, and a copied agent decides as the original would."""

from __future__ import annotations

import json
import random

import pytest

from ai.levels import make_agent
from ai.ponder import Job, fingerprint, forecast, freeze_agent, job_rng, ponder_all, thaw_agent
from rules.core import GameState, Match
from rules.registry import get_game

GAMES = ("battlecon", "biternia", "chaostle", "terrene")
HIDDEN = ("battlecon", "biternia", "terrene")  # games whose seat 2 cannot see everything


@pytest.fixture(autouse=True)
def _fixed_budget(monkeypatch):
    monkeypatch.setenv("ARENA_AI_FIXED_BUDGET", "1")  # a capped search stops by the clock


def _next_views(state: GameState) -> list[GameState]:
    """Seat 2's views right after each of seat 1's moves that hand it the decision with
    nothing left to chance."""
    out = []
    for move in state.legal_actions(0):
        after = state.clone()
        after.apply(0, move)
        decision = after.decision()
        if not decision.is_chance and decision.players and decision.players[0] == 1:
            out.append(after.view(1))
    return out


def _point(game_id: str, after: int = 6, seed: int = 5, direct: bool = False) -> GameState:
    """A state of a seeded random two-player match where seat 1 (the person) decides among
    several moves, after at least ``after`` decisions (with ``direct``, one where some of
    its moves hand seat 2 the decision at once)."""
    game = get_game(game_id)
    rng = random.Random(seed)
    for match_seed in range(seed, seed + 20):
        match = Match(game, game.default_setup(2), match_seed)
        made = 0
        while not match.over and made < 400:
            state = match.state
            if state.decision().is_chance:
                match.resolve_chance()
                continue
            seat = state.decision().players[0]
            legal = state.legal_actions(seat)
            if seat == 0 and len(legal) > 1 and made >= after and \
                    (not direct or _next_views(state)):
                return state.clone()
            match.submit(seat, rng.choice(legal))
            made += 1
    raise AssertionError(f"no decision point found in {game_id}")


def _other(state: GameState, seat: int) -> GameState:
    """A full state that ``seat`` cannot tell from ``state`` and that differs from it where
    the game hides something (a few tries: a hidden card may have one candidate)."""
    truth = json.dumps(state.to_json(), sort_keys=True)
    other = state
    for k in range(8):
        other = state.view(seat).determinize(seat, random.Random(f"other:{k}"))
        if json.dumps(other.to_json(), sort_keys=True) != truth:
            break
    return other


def _job(game_id: str, view: GameState, level: str = "normal") -> Job:
    agent = make_agent(game_id, level, 7)
    return Job(game_id, level, 7, freeze_agent(agent), 1, 0, view, max_views=3, worlds=4)


def _cache(job: Job) -> dict[str, tuple[str, bytes, float]]:
    return {key: (repr(p.action), p.agent, round(p.share, 12))
            for key, p in ponder_all(job).items()}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_ponder_cache_is_the_same_from_two_states_the_seat_cannot_tell_apart(game_id):
    """Two full states that differ only in what the AI seat (2) cannot see show it the same
    view; pondering from each view foresees the same views with the same shares and answers
    them with the same choices and the same agent states."""
    state = _point(game_id)
    other = _other(state, 1)
    if game_id in HIDDEN:  # the check means something only where the states differ
        assert json.dumps(other.to_json(), sort_keys=True) != \
            json.dumps(state.to_json(), sort_keys=True)
    assert fingerprint(state.view(1), 1) == fingerprint(other.view(1), 1)
    first = _cache(_job(game_id, state.view(1)))
    assert first, "nothing was pondered"
    assert _cache(_job(game_id, other.view(1))) == first


@pytest.mark.parametrize("game_id", HIDDEN)
def test_the_fairness_check_can_fail_a_forecast_handed_the_full_state_differs(game_id):
    """The same check on the full states (what the worker is never given) tells them apart:
    their fingerprints differ, so a cache keyed by them would too."""
    state = _point(game_id)
    other = _other(state, 1)
    assert fingerprint(state, 1) != fingerprint(other, 1)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_copied_agent_decides_as_the_original_and_continues_its_stream(game_id):
    """freeze_agent/thaw_agent carry the whole agent (its generators' states included, a
    game's closures by their place): the copy's next two choices are the original's."""
    state = _point(game_id)
    view = state.view(0)
    original = make_agent(game_id, "normal", 3)
    original.choose(view, 0)  # the stream moves on from its start
    copy = thaw_agent(freeze_agent(original), make_agent(game_id, "normal", 3))
    assert [copy.choose(view, 0) for _ in range(2)] == \
        [original.choose(view, 0) for _ in range(2)]


@pytest.mark.parametrize("game_id", GAMES)
def test_forecast_foresees_the_views_the_seat_is_shown(game_id):
    """The views foreseen are those the seat is shown: after each of the person's moves that
    hands the seat the decision with nothing left to chance, the seat's true view is among
    them; the shares are positive and sum to at most 1."""
    state = _point(game_id, direct=True)
    view = state.view(1)
    foreseen = forecast(view, 1, 0, job_rng(_job(game_id, view)), worlds=8)
    assert 0 < sum(f.share for f in foreseen) <= 1 + 1e-9
    keys = {f.fingerprint for f in foreseen}
    assert all(f.share > 0 for f in foreseen) and len(keys) == len(foreseen)
    shown = _next_views(state)
    assert shown
    assert all(fingerprint(v, 1) in keys for v in shown)
