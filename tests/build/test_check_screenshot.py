"""build/check_screenshot.py: the smoke test's judge of whether the window drew a screen."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest


def _save(surface: pygame.Surface, path: Path) -> str:
    pygame.image.save(surface, str(path))
    return str(path)


def _drawn_screen(seed: int) -> pygame.Surface:
    """A stand-in for a real screen: a gradient background with scattered shapes."""
    rng = random.Random(seed)
    surface = pygame.Surface((320, 180))
    for y in range(180):
        pygame.draw.line(surface, (20, 40 + y // 2, 60 + y // 3), (0, y), (319, y))
    for _ in range(40):
        colour = (rng.randrange(256), rng.randrange(256), rng.randrange(256))
        pygame.draw.circle(surface, colour, (rng.randrange(320), rng.randrange(180)), 8)
    return surface


def test_single_colour_screen_is_blank(check_screenshot, tmp_path):
    surface = pygame.Surface((320, 180))
    surface.fill((0, 0, 0))
    reason = check_screenshot.check(_save(surface, tmp_path / "black.png"))
    assert reason is not None and "distinct colours" in reason


def test_few_colours_is_blank(check_screenshot, tmp_path):
    surface = pygame.Surface((320, 180))
    surface.fill((30, 30, 60))
    for i in range(10):
        surface.fill((200, i * 20, 0), pygame.Rect(i * 30, 10, 20, 20))
    reason = check_screenshot.check(_save(surface, tmp_path / "few.png"))
    assert reason is not None and "only 11 distinct colours" in reason


def test_many_colours_on_a_nearly_uniform_screen_is_blank(check_screenshot, tmp_path):
    surface = pygame.Surface((400, 400))
    surface.fill((10, 10, 10))
    for i in range(100):  # 100 single pixels in distinct colours: 0.06% of the picture
        surface.set_at((i, 0), (i, 255 - i, 128))
    reason = check_screenshot.check(_save(surface, tmp_path / "specks.png"))
    assert reason is not None and "one colour covers" in reason


def test_drawn_screen_passes(check_screenshot, tmp_path):
    assert check_screenshot.check(_save(_drawn_screen(1), tmp_path / "drawn.png")) is None


def test_same_screen_as_earlier_fails(check_screenshot, tmp_path):
    first = _save(_drawn_screen(1), tmp_path / "first.png")
    again = _save(_drawn_screen(1), tmp_path / "again.png")
    reason = check_screenshot.check(again, earlier=first)
    assert reason is not None and "same screen" in reason


def test_different_screen_from_earlier_passes(check_screenshot, tmp_path):
    first = _save(_drawn_screen(1), tmp_path / "first.png")
    later = _save(_drawn_screen(2), tmp_path / "later.png")
    assert check_screenshot.check(later, earlier=first) is None


def test_missing_file_is_reported(check_screenshot, tmp_path):
    reason = check_screenshot.check(str(tmp_path / "nothing.png"))
    assert reason is not None and reason.startswith("cannot read")


@pytest.mark.parametrize("drawn, status", [(True, 0), (False, 1)])
def test_command_line_exit_status(check_screenshot, tmp_path, capsys, drawn, status):
    surface = _drawn_screen(3) if drawn else pygame.Surface((64, 64))
    path = _save(surface, tmp_path / "shot.png")
    assert check_screenshot.main([path]) == status
    out, err = capsys.readouterr()
    assert (out if drawn else err).startswith(path)
