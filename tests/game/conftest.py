"""GUI tests run headless (SDL dummy drivers) against a fixture game wired into the
registry by monkeypatching; no fake game ships in game/ or rules/."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

FIXTURE = Path(__file__).parent / "fixtures" / "dice_race.py"


def _load_fixture():
    name = "tabletop_gui_fixture_dice_race"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, FIXTURE)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


@pytest.fixture
def dice_race():
    return _load_fixture().GAME


@pytest.fixture
def only_dice_race(monkeypatch, dice_race):
    """The registry as if Dice Race were the only playable game (the real four: coming)."""
    from rules import registry

    games = {"dicerace": ("Dice Race", "fixture"), **registry.GAMES}
    monkeypatch.setattr(registry, "GAMES", games)
    monkeypatch.setattr(registry, "_load", lambda gid: dice_race if gid == "dicerace" else None)
    return dice_race


@pytest.fixture
def app_dirs(tmp_path):
    return tmp_path / "config", tmp_path / "saves"
