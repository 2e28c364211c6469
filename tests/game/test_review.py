"""The win-chance bar, its graph and Review (issue #19): the AI's estimate of the person's
chance is recorded per decision from their own view, an undo drops the estimates of the
decisions taken back, Settings keeps the bar's option, and Review analyses each of the
person's decisions from the view they had then."""

from __future__ import annotations

import random
import time
from dataclasses import replace

import pygame
import pytest

from ai.analysis import Analysis, Option
from game.review import ReviewStep, biggest_mistakes, review_steps
from game.session import Seat, Session
from game.settings import Settings, load_settings, save_settings
from game.winchance import Estimate, WinSeries
from rules.core import Action, Match
from rules.registry import get_game

A, B, C = (Action("move", (k,), f"Move {k}") for k in (1, 2, 3))


@pytest.fixture(autouse=True)
def fixed_budget(monkeypatch):
    monkeypatch.setenv("ARENA_AI_FIXED_BUDGET", "1")


def analysis(choice: Action, value: float, options: dict[Action, float],
             mixed: bool = False, shares: dict[Action, float] | None = None) -> Analysis:
    shares = shares or {a: (1.0 if a == choice else 0.0) for a in options}
    return Analysis(choice, value, tuple(Option(a, v, shares[a]) for a, v in options.items()),
                    mixed)


def wait(screen, done, what: str, seconds: float = 90.0) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        screen.update(0.05)
        time.sleep(0.002)
        assert time.monotonic() < deadline, f"no {what}"


# -- the series ---------------------------------------------------------------------------------
def test_an_estimate_takes_the_value_of_the_move_made_and_undo_drops_the_later_ones():
    series = WinSeries()
    series.add(Estimate(0, 0, 0, analysis(A, 0.5, {A: 0.6, B: 0.3})))
    series.add(Estimate(3, 2, 0, analysis(A, 0.55, {A: 0.7, B: 0.2})))
    series.made(0, 0, B)
    assert series.estimates[0].after == pytest.approx(0.3)
    assert series.latest(0) == pytest.approx(0.55)  # the newest decision, not made yet
    series.made(3, 0, A)
    assert series.latest(0) == pytest.approx(0.7)
    assert series.points(0) == [(0, 0.5), (2, 0.55)]
    assert series.points(1) == []
    series.undo(3, 2)  # back to just before the second decision
    assert list(series.estimates) == [0]
    assert series.undos == [2] and series.generation == 1


def test_the_biggest_mistakes_are_the_moves_that_lost_most_against_the_suggestion():
    def step(made: Action, a: Analysis) -> ReviewStep:
        return ReviewStep(0, 0, 0, None, None, (A, B, C), made, analysis=a)  # type: ignore[arg-type]

    steps = [step(A, analysis(A, 0.5, {A: 0.6, B: 0.4})),   # the AI's move: no loss
             step(B, analysis(A, 0.5, {A: 0.6, B: 0.5})),   # lost 0.1
             step(C, analysis(A, 0.5, {A: 0.8, C: 0.2})),   # lost 0.6
             step(B, analysis(A, 0.5, {A: 0.5, B: 0.5}, mixed=True,
                              shares={A: 0.6, B: 0.4})),  # the mix plays it too: no loss
             step(B, analysis(A, 0.5, {A: 0.52, B: 0.51}))]  # 1 point: the search's noise
    assert [s.loss for s in steps] == pytest.approx([0.0, 0.1, 0.6, 0.0, 0.01])
    assert biggest_mistakes(steps) == [2, 1]
    assert biggest_mistakes(steps, 1) == [2]
    assert steps[2].moved == pytest.approx(0.2 - 0.5)


# -- the bar at the table ---------------------------------------------------------------------
def human_decision(screen) -> bool:
    return screen.my_turn() and len(screen.table.model.actions) > 1


def test_the_bar_records_an_estimate_per_decision_and_undo_drops_the_undone(app_dirs):
    from game.app import App
    from game.screens.table import TableScreen

    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    app.settings = replace(app.settings, win_chance=True, animation_speed=0.0)
    session = Session.new("terrene", {}, [Seat(True), Seat(False, "easy")], 3)
    screen = app.stack.push(TableScreen(app, session))
    rng = random.Random(1)
    steps = []
    for _ in range(3):
        wait(screen, lambda: human_decision(screen) or session.over, "decision")
        if session.over:
            break
        step, seat = len(session.match.record.steps), session.actor()
        wait(screen, lambda s=step, p=seat: session.win.get(s, p) is not None, "estimate")
        estimate = session.win.get(step, seat)
        assert estimate.decision == session.match.decisions
        assert screen.table.win_bar.visible and screen.table.win_bar.value == \
            session.win.latest(seat)
        action = rng.choice([a for a in screen.table.model.actions
                             if screen.table.caution(a) is None])  # not Run (it concedes)
        screen.play(action)
        screen.finish_stage()
        assert session.win.get(step, seat).made == action
        steps.append(step)
    assert len(steps) == 3
    assert sorted(session.win.estimates) == steps
    screen.take_back(0)  # the last decision and its estimate go
    assert sorted(session.win.estimates) == steps[:2]
    assert session.win.undos == [session.match.decisions]
    # asked again there, the same analyst and seed: the same estimate comes back
    wait(screen, lambda: session.win.get(steps[2], 0) is not None, "estimate again")
    assert sorted(session.win.estimates) == steps


def test_without_the_setting_no_estimate_is_made_and_no_bar_shows(app_dirs):
    from game.app import App
    from game.screens.table import TableScreen

    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    assert not app.settings.win_chance  # off unless asked for
    session = Session.new("terrene", {}, [Seat(True), Seat(False, "easy")], 3)
    screen = app.stack.push(TableScreen(app, session))
    wait(screen, lambda: human_decision(screen), "decision")
    for _ in range(10):
        screen.update(0.05)
    assert screen.estimating is None and not session.win.estimates
    assert not screen.table.win_bar.visible


def test_the_setting_is_kept(app_dirs, tmp_path):
    from game.app import App
    from game.screens.overlays import SettingsScreen

    path = tmp_path / "settings.json"
    assert save_settings(path, replace(Settings(), win_chance=True)) is None
    assert load_settings(path)[0].win_chance
    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    screen = app.stack.push(SettingsScreen(app))
    screen.widget("win_chance").nudge(1)
    assert app.settings.win_chance
    assert load_settings(app.settings_file)[0].win_chance
    assert App(config_dir=config, save_dir=saves, start=False).settings.win_chance


# -- review -------------------------------------------------------------------------------------
def played(game_id: str, moves: int, seed: int) -> Match:
    game = get_game(game_id)
    match = Match(game, {}, seed)
    rng = random.Random(seed)
    match.advance_chance()
    while len(match.record.steps) < moves and not match.over:
        seat = match.state.decision().players[0]
        match.submit(seat, rng.choice(match.state.legal_actions(seat)))
        match.advance_chance()
    return match


def test_review_analyses_each_decision_from_the_view_the_seat_had_then(monkeypatch):
    """Every analysis Review asks for reads the seat's view of the position then, never
    the whole state (which holds the other side's hand)."""
    import game.review as review

    match = played("terrene", 40, 8)
    game = match.game
    asked: list[tuple[str, int]] = []

    class Spy:
        def analyse(self, view, player):
            asked.append((view.state_hash(), player))
            legal = view.legal_actions(player)
            return analysis(legal[0], 0.5, {a: 0.5 for a in legal})

    monkeypatch.setattr(review, "make_analyst", lambda g, level, seed: Spy())
    steps = review_steps(game, match.record, {0})
    assert steps and all(s.seat == 0 for s in steps)
    run = review.ReviewRun(game.id, match.seed, steps)
    run.thread.join(60)
    assert run.finished and len(asked) == len(steps)
    state = Match.from_record(game, match.record).state
    wanted, hidden = [], 0
    for step, (player, action) in enumerate(match.record.steps):
        if any(s.step == step for s in steps):
            wanted.append((state.view(0).state_hash(), 0))
            hidden += state.view(0).state_hash() != state.state_hash()
        state.apply(player, action)
    assert asked == wanted
    assert hidden, "the test needs positions where the view hides something"


def test_the_review_screen_steps_through_the_decisions_and_esc_leaves(app_dirs):
    from game.app import App
    from game.screens.base import Screen

    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    match = played("terrene", 30, 4)
    session = Session.from_match(match, [Seat(True), Seat(False, "random")])
    base = app.stack.push(Screen(app))
    app.open_review(session)
    screen = app.stack.top
    assert screen is not base and screen.steps
    wait(screen, lambda: screen.run.finished, "analyses", 180)
    screen.update(0.05)
    marks = screen.table.hint_marks
    assert marks.choice == screen.steps[0].analysis.choice
    key = pygame.KEYDOWN
    screen.handle(pygame.event.Event(key, key=pygame.K_RIGHT, mod=0, unicode="", scancode=0))
    assert screen.index == 1 and marks.choice == screen.steps[1].analysis.choice
    assert screen.verdict().startswith("You played ")
    screen.handle(pygame.event.Event(key, key=pygame.K_m, mod=0, unicode="m", scancode=0))
    ranked = biggest_mistakes(screen.steps)
    assert screen.index == (ranked[0] if ranked else 1)
    screen.handle(pygame.event.Event(key, key=pygame.K_ESCAPE, mod=0, unicode="",
                                     scancode=0))
    assert app.stack.top is base


def test_a_decision_the_ai_does_not_value_is_not_charted_and_the_bar_says_so(app_dirs):
    """An analysis without a value (a choice the AI makes by a rule of thumb, e.g. a
    BattleCON setup discard) is no estimate: nothing is recorded for it, the decision is not
    asked again, and the bar says there is no estimate instead of looking for ever."""
    from types import SimpleNamespace

    from game.app import App
    from game.screens.table import TableScreen

    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    app.settings = replace(app.settings, win_chance=True, animation_speed=0.0)
    session = Session.new("terrene", {}, [Seat(True), Seat(False, "easy")], 3)
    screen = app.stack.push(TableScreen(app, session))
    wait(screen, lambda: human_decision(screen), "decision")
    screen.estimating = None  # replace the flight in progress with one that has no value
    step, seat = len(session.match.record.steps), session.actor()
    choice = screen.table.model.actions[0]
    unvalued = Analysis(choice, None, (Option(choice, None, 1.0),), False)
    turn = SimpleNamespace(ready=True, analysis=unvalued, seat=seat)
    screen.estimating = (turn, step, session.match.decisions, session.win.generation)
    screen.show_win_bar()
    assert screen.table.win_bar.looking
    screen.poll_estimate()
    assert session.win.get(step, seat) is None and not session.win.estimates
    assert screen.unestimated == (step, session.win.generation)
    bar = screen.table.win_bar
    assert bar.visible and bar.value is None and not bar.looking
    screen.estimate()  # not asked again at this decision
    assert screen.estimating is None
