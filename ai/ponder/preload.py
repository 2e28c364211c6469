"""Imported once by the pondering workers' fork server (``ai.ponder.context``): every game's
rules and AI, loaded before the first worker is forked, so a worker starts in
milliseconds instead of importing them again at every person's decision."""

from __future__ import annotations

from ai.levels import game_module
from rules.registry import available_games

for _game_id in available_games():
    game_module(_game_id)
