"""Headless rendering of a table to a PNG, through the same screen the GUI shows."""

from __future__ import annotations

import os
from pathlib import Path

from rules.core import Match


def headless() -> None:
    """Use SDL's dummy drivers unless the caller chose others."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def render_png(game_id: str, match: Match, out_path: str, viewer: int | None = 0) -> None:
    """Draw ``match``'s current position as seat ``viewer`` sees it at the table (None = a
    spectator) and write it to ``out_path`` as a PNG."""
    headless()
    import pygame

    from game.app import App
    from game.screens.table import TableScreen
    from game.session import Seat, Session

    if match.game.id != game_id:
        raise ValueError(f"the match is of {match.game.id!r}, not {game_id!r}")
    n = match.state.num_players
    seats = [Seat(viewer is not None and seat == viewer) for seat in range(n)]
    app = App(window=False, start=False)
    session = Session.from_match(match, seats)
    screen = TableScreen(app, session)
    screen.viewer = viewer
    screen.table.reset_log(session.log, viewer)
    screen.refresh()
    app.stack.push(screen)
    screen.age = 1.0  # no fade-in on a still picture
    screen.root.update(0.0)
    app.compose(app.canvas)
    Path(out_path).parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.canvas, str(out_path))
