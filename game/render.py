"""Headless rendering of a table to a PNG, through the same screen the GUI shows."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from rules.core import Match

if TYPE_CHECKING:
    from game.app import App
    from game.screens.table import TableScreen

AWAY = (2, 700)  # where a pointer comes from before it rests on something


def headless() -> None:
    """Use SDL's dummy drivers unless the caller chose others."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def open_table(game_id: str, match: Match, viewer: int | None = 0,
               config_dir: Path | None = None) -> tuple[App, TableScreen]:
    """A window-less App with ``match``'s table on top, drawn as seat ``viewer`` sees it
    (None = a spectator); only the viewer's seat is a person, so nothing moves on its own."""
    headless()
    from game.app import App
    from game.screens.table import TableScreen
    from game.session import Seat, Session

    if match.game.id != game_id:
        raise ValueError(f"the match is of {match.game.id!r}, not {game_id!r}")
    n = match.state.num_players
    seats = [Seat(viewer is not None and seat == viewer) for seat in range(n)]
    app = App(config_dir=config_dir, window=False, start=False)
    session = Session.from_match(match, seats)
    screen = TableScreen(app, session)
    screen.viewer = viewer
    screen.table.reset_log(session.log, viewer)
    screen.refresh()
    app.stack.push(screen)
    settle(screen)
    return app, screen


def settle(screen: TableScreen) -> None:
    """Every animation at its end and no fade-in: a still picture."""
    screen.age = 1.0
    screen.root.finish_animations()
    screen.root.update(0.0)


def rest_pointer(screen: TableScreen, pos: tuple[float, float], seconds: float = 0.6) -> None:
    """Move the pointer in from elsewhere to ``pos`` and let it rest there for ``seconds``
    (long enough for the card zoom or a hover label to open)."""
    import pygame

    for at in (AWAY, pos):
        screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    step = 0.05
    for _ in range(round(seconds / step)):
        screen.table.update(step)
    settle(screen)


def save_png(app: App, out_path: str | Path) -> None:
    """The App's screens as they stand, composed and written to ``out_path``."""
    import pygame

    app.compose(app.canvas)
    Path(out_path).parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.canvas, str(out_path))


def render_png(game_id: str, match: Match, out_path: str, viewer: int | None = 0) -> None:
    """Draw ``match``'s current position as seat ``viewer`` sees it at the table (None = a
    spectator) and write it to ``out_path`` as a PNG."""
    app, _ = open_table(game_id, match, viewer)
    save_png(app, out_path)
