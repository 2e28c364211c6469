"""Pondering at the table (issue #20): the AI's pondered moves are the moves it would have
made, and no worker outlives what it pondered for (a move made, undo, a new match, the
setting turned off, quitting)."""

from __future__ import annotations

import multiprocessing
import random
import time
from pathlib import Path

import pytest

import ai.ponder
from game.app import App
from game.screens.table import TableScreen
from game.session import Seat, Session


@pytest.fixture(autouse=True)
def _fixed_budget(monkeypatch):
    monkeypatch.setenv("ARENA_AI_FIXED_BUDGET", "1")  # the same moves however loaded


def _workers() -> list[multiprocessing.process.BaseProcess]:
    return [p for p in multiprocessing.active_children() if p.name == "arena-ponder"]


def _until(check, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def _play(game_id: str, level: str, ponder: bool, decisions: int) -> tuple[list, Session]:
    """A seeded match of a person (random moves, waiting for the worker to finish each
    time) against the AI; the record's steps and the session."""
    rng = random.Random(9)
    session = Session.new(game_id, {}, [Seat(True), Seat(False, level)], 21)
    made = 0
    while not session.over and made < decisions:
        actor = session.actor()
        if session.is_human(actor):
            session.think_ahead(ponder)
            ponderer = session.ponderer
            if ponderer is not None:  # the person takes their time: all is pondered

                def done(p=ponderer):
                    p.poll()
                    return p.finished

                _until(done)
            session.submit(actor, rng.choice(session.state.legal_actions(actor)), True)
            made += 1
            continue
        session.think_ahead(ponder)
        session.start_ai()
        _until(lambda: session.poll_ai() is not None)
    session.close()
    return list(session.match.record.steps), session


@pytest.mark.parametrize("game_id", ["battlecon", "chaostle", "biternia"])
def test_pondered_moves_are_the_moves_the_ai_would_have_made(game_id, monkeypatch):
    """The same match with pondering and without: the same moves, step for step (the
    pondered answers are the agent's own, and its state after them is kept), and some of
    the AI's moves were pondered ones."""
    monkeypatch.setattr(ai.ponder, "PONDER_LEVELS", ("normal",))  # quick searches
    plain, _ = _play(game_id, "normal", False, 8)
    pondered, session = _play(game_id, "normal", True, 8)
    assert pondered == plain
    assert session.ponder_stats.hits > 0
    assert session.ponder_stats.started > 0
    _until(lambda: not _workers(), 10)


def _pondering(game_id: str = "battlecon") -> Session:
    """A match where the person decides and the hard AI ponders (a worker running)."""
    session = Session.new(game_id, {}, [Seat(True), Seat(False, "hard")], 3)
    assert session.is_human(session.actor())
    session.think_ahead(True)
    assert session.ponderer is not None
    _until(lambda: session.ponderer is not None and session.ponderer.alive)
    return session


def _gone(process) -> bool:
    return process.exitcode is not None and process not in multiprocessing.active_children()


def _ends(process) -> None:
    """A stopped worker ends: at once, or (stopped while it was starting) once started."""
    _until(lambda: _gone(process), 10)


def test_no_worker_outlives_its_decision():
    """Stopped by: a move of the person's (the AI's turn, a miss or a hit), undo, the
    setting turned off, close (a new match, a load, quitting): each time the process has
    ended and been joined (no zombie)."""
    session = _pondering()
    worker = session.ponderer.process
    session.think_ahead(False)  # the setting off
    assert session.ponderer is None
    _ends(worker)

    session = _pondering()
    worker = session.ponderer.process
    session.close(wait=True)
    assert session.ponderer is None and _gone(worker)

    session = _pondering()
    seat = session.actor()
    session.submit(seat, session.state.legal_actions(seat)[0], chosen=True)
    worker = session.ponderer.process
    assert session.undo(seat)
    assert session.ponderer is None
    _ends(worker)
    session.close()
    _until(lambda: not _workers(), 10)


def test_the_window_stops_pondering_when_the_match_leaves_the_table(tmp_path: Path):
    """The app ponders for the match on the table: back to the title (a new match, a
    load) stops it, and quitting does."""
    app = App(config_dir=tmp_path, save_dir=tmp_path, start=False)
    session = Session.new("battlecon", {}, [Seat(True), Seat(False, "hard")], 3)
    app.open_table(session)
    app.frame(1 / 60)
    assert session.ponderer is not None
    worker = session.ponderer.process
    app.show_title()
    app.frame(1 / 60)
    assert session.ponderer is None
    _ends(worker)

    session = Session.new("battlecon", {}, [Seat(True), Seat(False, "hard")], 4)
    app.open_table(session)
    app.frame(1 / 60)
    worker = session.ponderer.process
    app.quit()  # waits for the worker, even one still starting
    assert session.ponderer is None and _gone(worker)
    assert isinstance(app.stack.find(TableScreen), TableScreen)
    _until(lambda: not _workers(), 10)


def test_hot_seat_switch_ponders_for_the_new_person():
    """Two people and a hard AI: when the decision passes from one person to the other,
    the first person's worker stops and one for the second starts."""
    session = Session.new("biternia", {"players": 3},
                          [Seat(True), Seat(True), Seat(False, "hard")], 5)
    steps = 0
    while steps < 200:
        actor = session.actor()
        assert actor is not None
        session.think_ahead(True)
        if session.ponderer is not None:
            break
        if not session.is_human(actor):
            session.start_ai()
            _until(lambda: session.poll_ai() is not None)
        else:
            session.submit(actor, session.state.legal_actions(actor)[0], True)
        steps += 1
    first = session.ponderer
    assert first is not None and first.job.person == session.actor()
    while session.actor() == first.job.person:
        actor = session.actor()
        session.submit(actor, session.state.legal_actions(actor)[0], True)
    if session.is_human(session.actor()):
        session.think_ahead(True)
        assert session.ponderer is not first
        assert session.ponderer is None or session.ponderer.job.person == session.actor()
    _ends(first.process)
    session.close()
    _until(lambda: not _workers(), 10)
