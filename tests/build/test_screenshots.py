"""build/screenshots.py: the shots still reach their positions and draw (two of them, to
keep the suite fast; `python build/screenshots.py` makes them all)."""

from __future__ import annotations

import re

import pygame
import pytest

from tests.build.conftest import ROOT


def test_every_picture_in_docs_is_a_shot_and_every_shot_is_shown_in_docs(screenshots):
    names = [shot.name for shot in screenshots.SHOTS]
    assert len(names) == len(set(names))
    on_disk = {p.stem for p in (ROOT / "docs" / "screenshots").glob("*.png")}
    assert on_disk == set(names)  # no hand-made picture left, none missing
    linked = set()
    for doc in (ROOT / "docs").glob("*.md"):
        linked.update(re.findall(r"\]\(screenshots/([\w-]+)\.png\)", doc.read_text()))
    assert linked == set(names)


@pytest.mark.parametrize("name, holds", [
    ("battlecon-clash", lambda m: str(m.state.phase) == "clash"),
    ("chaostle-fate", lambda m: any(a.kind == "accept"
                                    for a in m.state.legal_actions(m.state.decision()
                                                                   .players[0]))),
])
def test_a_shot_reaches_its_position(screenshots, name, holds):
    shot = screenshots.shot_named(name)
    match = screenshots.build_match(shot)
    assert match.decisions >= shot.decisions and not match.over
    assert holds(match)
    again = screenshots.build_match(shot)  # seeded: the same position every time
    assert again.state.state_hash() == match.state.state_hash()


def test_a_zoom_shot_draws_its_table_with_the_card_open(screenshots, check_screenshot,
                                                          tmp_path):
    out = screenshots.draw(screenshots.shot_named("battlecon-zoom"), tmp_path, tmp_path)
    assert out == tmp_path / "battlecon-zoom.png"
    assert check_screenshot.blank_reason(check_screenshot.Picture.load(str(out))) is None
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


def test_a_position_that_never_comes_names_the_shot(screenshots):
    shot = screenshots.Shot("never", "a clash after the game", "battlecon", seed=1,
                            until=lambda m: False, limit=50)
    with pytest.raises(screenshots.ShotError, match="never"):
        screenshots.build_match(shot)


def test_a_shot_can_start_from_a_shipped_scenario(screenshots):
    shot = screenshots.Shot("riposte", "an interrupt", "biternia",
                            scenario="interrupt_riposte.toml", until=screenshots.can("interrupt"))
    match = screenshots.build_match(shot)
    assert match.decisions == 0 and match.record.scenario is not None
