"""Shared set-up for the per-game table tests: a hot-seat match on its table screen."""

from __future__ import annotations

from typing import Any

from game import theme
from game.app import App
from game.screens.table import TableScreen
from game.session import Seat, Session


def open_table(app_dirs: tuple[Any, Any], game_id: str, setup: dict[str, Any], seed: int,
               record: bool = True) -> tuple[App, TableScreen, list]:
    """An App with ``game_id``'s table on top, every seat a person; with ``record`` a click
    that would play an action appends it to the returned list instead of playing it."""
    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    players = int(setup["players"])
    session = Session.new(game_id, setup, [Seat(True) for _ in range(players)], seed)
    screen = app.stack.push(TableScreen(app, session))
    chosen: list = []
    if record:
        screen.table.choose = chosen.append
    return app, screen, chosen


def record_sizes(monkeypatch: Any) -> list[tuple[int, str]]:
    """Every text ``theme.rendered`` draws from now on, as (size, words), in order."""
    sizes: list[tuple[int, str]] = []
    original = theme.rendered

    def rendered(content: str, size: int, *args: Any, **kwargs: Any) -> Any:
        sizes.append((size, content))
        return original(content, size, *args, **kwargs)

    monkeypatch.setattr(theme, "rendered", rendered)
    return sizes
