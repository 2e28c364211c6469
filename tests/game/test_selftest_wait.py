"""The self-test's waits: a wait told how to see progress times out only after its
seconds pass without any (a long run of other seats' moves on a loaded machine is not a
hang); without it, after its seconds in all."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import game.selftest as selftest


@pytest.fixture
def clock(monkeypatch):
    now = [0.0]
    monkeypatch.setattr(selftest.time, "monotonic", lambda: now[0])
    monkeypatch.setattr(selftest.time, "sleep", lambda s: None)
    return now


def driver(clock, moves):
    """A driver whose every frame takes half a second; a move is made every
    ``moves`` frames (0: never)."""
    d = selftest.Driver(SimpleNamespace(running=True, stack=SimpleNamespace(top=None)))
    state = {"frames": 0, "steps": 0}

    def pump(frames=1):
        clock[0] += 0.5
        state["frames"] += 1
        if moves and state["frames"] % moves == 0:
            state["steps"] += 1

    d.pump = pump
    return d, state


def test_a_wait_with_moves_going_on_outlasts_its_seconds(clock):
    d, state = driver(clock, moves=2)  # a move every second
    d.wait_for(lambda: state["frames"] >= 40, "the turn", seconds=5,
               progress=lambda: state["steps"])
    assert clock[0] >= 20  # four times its seconds, never five without a move


def test_a_wait_with_no_move_times_out_after_its_seconds(clock):
    d, state = driver(clock, moves=0)
    with pytest.raises(selftest.SelftestFailure, match="5s without a move"):
        d.wait_for(lambda: False, "the turn", seconds=5, progress=lambda: state["steps"])
    assert clock[0] <= 6


def test_a_wait_without_progress_times_out_after_its_seconds_in_all(clock):
    d, state = driver(clock, moves=2)
    with pytest.raises(selftest.SelftestFailure, match="after 5s waiting"):
        d.wait_for(lambda: state["frames"] >= 40, "the turn", seconds=5)
