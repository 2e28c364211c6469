"""Which games exist. A game package exposes ``GAME`` (a ``rules.core.Game``) in its
``__init__``; a package that is not there yet is listed as coming."""

from __future__ import annotations

import importlib
from functools import cache
from pathlib import Path

from rules.core.state import Game

#: id -> (title, package). The order is the game-select order.
GAMES: dict[str, tuple[str, str]] = {
    "battlecon": ("BattleCON: Trials of Indines", "rules.battlecon"),
    "biternia": ("Battle for Biternia", "rules.biternia"),
    "chaostle": ("Chaostle", "rules.chaostle"),
    "terrene": ("Terrene Odyssey", "rules.terrene"),
}


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return self.args[0]


@cache
def _load(game_id: str) -> Game | None:
    package = GAMES[game_id][1]
    try:
        module = importlib.import_module(package)
    except ModuleNotFoundError as exc:
        if exc.name == package:
            return None
        raise
    game = getattr(module, "GAME", None)
    return game if isinstance(game, Game) else None


def is_available(game_id: str) -> bool:
    return game_id in GAMES and _load(game_id) is not None


def available_games() -> list[str]:
    return [g for g in GAMES if _load(g) is not None]


def get_game(game_id: str) -> Game:
    """The game for ``game_id``; raises UnknownGame with a readable message."""
    if game_id not in GAMES:
        raise UnknownGame(f"unknown game {game_id!r} (choose from: {', '.join(GAMES)})")
    game = _load(game_id)
    if game is None:
        raise UnknownGame(f"{GAMES[game_id][0]} is not playable in this build yet")
    return game


def shipped_scenarios(game_id: str) -> list[Path]:
    """The scenario files a game ships (``rules/<game>/data/scenarios/*.toml``), by name."""
    if not is_available(game_id):
        return []
    module = importlib.import_module(GAMES[game_id][1])
    folder = Path(module.__file__ or "").parent / "data" / "scenarios"
    return sorted(folder.glob("*.toml")) if folder.is_dir() else []
