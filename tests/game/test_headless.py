"""The headless entry points: the self-test, render_png and the frame benchmark."""

from __future__ import annotations

import pygame

from game.bench import measure_frames, measure_idle
from game.render import render_png
from game.selftest import run_selftest
from rules.core import Match


def test_selftest_walks_title_to_quit(only_dice_race, capsys):
    assert run_selftest() == 0
    assert "passed" in capsys.readouterr().out


def test_selftest_plays_a_named_game_to_the_end(only_dice_race):
    assert run_selftest("dicerace") == 0


def test_selftest_reports_a_game_that_is_not_playable_in_one_line(only_dice_race, capsys):
    assert run_selftest("battlecon") == 1
    out = capsys.readouterr().out.strip().splitlines()
    assert out == ["GUI self-test failed: 'battlecon' is not a playable game in this build"]


def test_render_png_writes_a_drawn_table(only_dice_race, tmp_path):
    match = Match(only_dice_race, {"players": 2}, 3)
    match.submit(0, match.state.legal_actions(0)[1])
    match.submit(1, match.state.legal_actions(1)[0])
    match.advance_chance()
    out = tmp_path / "table.png"
    render_png("dicerace", match, str(out), viewer=0)
    image = pygame.image.load(str(out))
    assert image.get_size() == (1280, 720)
    colours = {tuple(image.get_at((x, y))) for x in range(0, 1280, 37) for y in range(0, 720, 23)}
    assert len(colours) > 20


def test_frame_benchmark_reports_both_regimes(only_dice_race):
    result = measure_frames("dicerace", seconds=0.6)
    for regime in ("animating", "ai_thinking"):
        assert set(result[regime]) >= {"p50_ms", "p99_ms"}
    assert result["animating"]["frames"] > 0


def test_idle_benchmark_measures_a_still_title_and_table(only_dice_race):
    for where in (None, "dicerace"):
        idle = measure_idle(where, seconds=0.3)
        assert idle["wall_s"] >= 0.3 and idle["frames_drawn"] == 0  # nothing was drawn
        assert 0 <= idle["cpu_percent"] <= 100 * 2  # every thread counts: at most 2 cores


def test_run_gui_opens_the_window_and_returns_on_quit(only_dice_race, monkeypatch, tmp_path):
    from game.app import run_gui

    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(pygame, "quit", lambda: None)  # keep pygame up for the other tests
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert run_gui() == 0


def test_frame_benchmark_draws_the_table_while_animating(only_dice_race, monkeypatch):
    from game.tables.generic import GenericTable

    drawn = []
    original = GenericTable.draw_self

    def counting(self, target, world, alpha):
        drawn.append(self.tray.rolling and self.tray.visible)
        original(self, target, world, alpha)

    monkeypatch.setattr(GenericTable, "draw_self", counting)
    measure_frames("dicerace", seconds=0.4)
    assert drawn and any(drawn)  # the table was on screen with dice rolling
