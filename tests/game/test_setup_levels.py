"""The setup screen offers every AI level and says in one line what the focused seat's is."""

from __future__ import annotations

import pygame
import pytest

import game.screens.menus as menus
from game.app import App
from game.screens.menus import SEAT_CHOICES, SetupScreen
from game.session import level_note


@pytest.fixture
def app(only_dice_race, app_dirs):
    config, saves = app_dirs
    return App(config_dir=config, save_dir=saves)


def test_every_level_is_offered_with_its_line():
    assert SEAT_CHOICES == ["Human", "AI · easy", "AI · normal", "AI · hard", "AI · expert",
                            "AI · random"]
    assert level_note("expert") == "expert: thinks up to 3 s a move"
    assert level_note("easy").startswith("easy: ") and len(level_note("easy")) > 10


def test_a_focused_seat_shows_its_level_s_line(app, monkeypatch):
    setup = app.stack.push(SetupScreen(app, "dicerace"))
    seat = setup.widget("seat1")
    seat.nudge(2)  # normal -> hard -> expert
    assert setup.seat_choice[1] == "AI · expert"
    setup.focus.focus(seat)
    shown: list[str] = []
    real = menus.theme.text

    def text(target, words, *args, **kwargs):
        shown.append(str(words))
        return real(target, words, *args, **kwargs)

    monkeypatch.setattr(menus.theme, "text", text)
    setup.draw_overlay(pygame.Surface((1280, 720)))
    assert "Seat 2: AI · expert" in shown
    assert "expert: thinks up to 3 s a move" in shown
    shown.clear()
    setup.focus.focus(setup.widget("seat0"))
    setup.draw_overlay(pygame.Surface((1280, 720)))
    assert "Seat 1: Human" in shown and "a person plays this seat" in shown
