"""Undo against the AI (issue #19): a person's choice taken back restores the exact earlier
state (its hash), the AI's replies and the chance since undone, as many steps as asked; a
secret shown since marks the match as practice."""

from __future__ import annotations

import random
import time

import pytest

from game.session import Seat, Session
from rules.core import CHANCE, Match
from rules.registry import get_game
from tests.ai.fixtures.kuhn import GAME as KUHN
from tests.ai.fixtures.tictactoe import GAME as TICTACTOE

GAMES = [("battlecon", {}), ("biternia", {}), ("chaostle", {}), ("terrene", {})]


def run_ai(session: Session) -> None:
    """Let the AI seats move until a person must decide (or the match ends)."""
    while not session.over and not session.is_human(session.actor()):
        session.start_ai()
        deadline = time.monotonic() + 60
        while session.poll_ai() is None:
            assert time.monotonic() < deadline, "the AI did not answer"
            time.sleep(0.001)


@pytest.mark.parametrize(("game_id", "setup"), GAMES, ids=[g for g, _ in GAMES])
def test_undo_restores_the_exact_earlier_state_with_the_ai_replies_undone(game_id, setup):
    """Six of the person's choices against the AI, then six undos: each goes back to the
    state (hash), record and log as they were just before that choice; replaying the same
    choice then meets the same chance and the same position again."""
    rng = random.Random(game_id)
    seats = [Seat(True), Seat(False, "random")]
    session = Session.new(game_id, setup, seats, 11)
    before: list[tuple[str, int, int]] = []
    chosen = []
    run_ai(session)
    for _ in range(6):
        if session.over:
            break
        seat = session.actor()
        before.append((session.state.state_hash(), len(session.match.record.steps),
                       len(session.log)))
        action = rng.choice(session.state.legal_actions(seat))
        chosen.append((seat, action))
        session.submit(seat, action, chosen=True)
        run_ai(session)
    assert len(before) >= 3, "too few choices to test undo"
    for k in reversed(range(len(before))):
        assert session.undo(0)
        state_hash, steps, log = before[k]
        assert session.state.state_hash() == state_hash, f"undo {len(before) - k}"
        assert len(session.match.record.steps) == steps
        assert len(session.log) == log
    assert not session.undo(0)  # nothing of the person's left to take back
    # the same first choice again meets the same chance (the RNG went back too)
    redo = Session.new(game_id, setup, seats, 11)
    run_ai(redo)
    redo.submit(*chosen[0], chosen=True)
    session.submit(*chosen[0], chosen=True)
    assert session.state.state_hash() == redo.state.state_hash()


def test_undo_counts_only_a_persons_own_choices():
    """A forced move (a table's automatic pass) is not a choice Undo goes back to."""
    seats = [Seat(True), Seat(True)]
    session = Session(TICTACTOE, {"players": 2}, seats, 3)
    session.submit(0, session.state.legal_actions(0)[0])  # forced: not chosen
    assert session.undo_point(0) is None and not session.undo(0)
    session.submit(1, session.state.legal_actions(1)[0], chosen=True)
    assert session.undo_point(0) is None and session.undo_point(1) is not None


def test_taking_back_a_move_of_open_information_is_not_practice():
    """Tic-tac-toe hides nothing: taking moves back never marks the match as practice."""
    seats = [Seat(True), Seat(False, "random")]
    session = Session(TICTACTOE, {"players": 2}, seats, 3)
    session.submit(0, session.state.legal_actions(0)[4], chosen=True)
    session.submit(1, session.state.legal_actions(1)[0])
    assert not session.undo_reveals(0)
    assert session.undo(0) and not session.practice
    assert session.match.record.meta.get("practice") is None


def test_taking_back_past_a_showdown_is_practice():
    """Kuhn poker: the cards are dealt (hidden) before the first bet; a bet that ends in a
    showdown shows the other's card, so taking the bet back would un-reveal a secret
    (found by playing the same steps in worlds the bettor could not tell apart)."""
    seed = 0
    while True:  # a deal where the first to bet holds the middle card: a showdown tells
        match = Match(KUHN, {"players": 2}, seed)
        match.advance_chance()
        seat = match.state.decision().players[0]
        if match.state.cards[seat] == 2:
            break
        seed += 1
    point = match.checkpoint(seat)
    match.submit(seat, match.state.legal_actions(seat)[0])
    while not match.over:
        if match.state.decision().is_chance:
            match.resolve_chance()
            continue
        player = match.state.decision().players[0]
        match.submit(player, match.state.legal_actions(player)[0])
    assert match.reveals(point, seat)  # the showdown told which card the other held
    undone = match.restore(point)
    assert undone and all(p != CHANCE for p, _ in undone)
    assert match.state.state_hash() == point.state.state_hash()


def test_a_battlecon_reveal_taken_back_is_practice():
    """BattleCON's pairs are set in secret and revealed together: taking back your pair
    after the reveal un-reveals the opponent's pair, so the match counts as practice."""
    seats = [Seat(True), Seat(False, "random")]
    session = Session.new("battlecon", {}, seats, 4)
    rng = random.Random(4)
    for _ in range(40):
        run_ai(session)
        seat = session.actor()
        assert seat is not None
        action = rng.choice(session.state.legal_actions(seat))
        session.submit(seat, action, chosen=True)
        if action.kind == "set":
            break
    run_ai(session)
    assert [a.kind for _, a in session.match.record.steps].count("set") >= 2  # both pairs
    assert session.undo_reveals(0)
    assert session.undo(0) and session.practice
    assert session.match.record.meta["practice"] is True


def test_undo_restores_a_game_from_the_registry_to_its_hash():
    """The same through Match alone (rules/core): restore puts the state, the record and the
    chance RNG back, so a second play of the same steps reaches the same hash."""
    game = get_game("chaostle")
    match = Match(game, {}, 9)
    match.advance_chance()
    seat = match.state.decision().players[0]
    point = match.checkpoint(seat)
    rng = random.Random(1)
    played = []  # in order: None for a chance outcome drawn, else (player, action)
    for _ in range(12):
        if match.state.decision().is_chance:
            match.resolve_chance()
            played.append(None)
            continue
        player = match.state.decision().players[0]
        action = rng.choice(match.state.legal_actions(player))
        played.append((player, action))
        match.submit(player, action)
    end = match.state.state_hash()
    match.restore(point)
    assert match.state.state_hash() == point.state.state_hash()
    for step in played:  # the RNG went back too: the same draws come again
        if step is None:
            match.resolve_chance()
        else:
            match.submit(*step)
    assert match.state.state_hash() == end


def test_ctrl_z_at_the_table_takes_the_move_back(app_dirs):
    """At the table, Ctrl+Z (or the Undo button, shown only while there is a move of the
    person's own to take back) goes back to before their last choice."""
    import pygame

    from game.app import App
    from game.screens.table import TableScreen

    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    session = Session(TICTACTOE, {"players": 2}, [Seat(True), Seat(True)], 3)
    screen = app.stack.push(TableScreen(app, session))
    assert not screen.table.undo_button.visible
    screen.hand_over(0)  # the first person takes the device
    app.stack.pop()
    start = session.state.state_hash()
    screen.play(session.state.legal_actions(0)[4])
    assert session.state.state_hash() != start
    assert screen.table.undo_button.visible
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL,
                                     unicode="z", scancode=0))
    from game.screens.overlays import ConfirmScreen

    assert isinstance(app.stack.top, ConfirmScreen)  # hot-seat: the other person agrees
    assert "Seat 2: do you agree?" in app.stack.top.message
    app.stack.top.focus.current.activate()  # Cancel has the focus: nothing changes
    assert session.state.state_hash() != start
    screen.undo()
    app.stack.top.yes()
    assert session.state.state_hash() == start and not session.practice
    assert not screen.table.undo_button.visible
