"""GUI frame times, headless: while the table animates (dice, tweens) and while the AI
thinks in its worker thread."""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from game.render import headless

FRAME_DT = 1 / 60


def _percentiles(samples: list[float]) -> dict[str, float]:
    if not samples:
        return {"p50_ms": 0.0, "p99_ms": 0.0, "frames": 0}
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, int(round(0.99 * (len(ordered) - 1))))]
    return {"p50_ms": round(statistics.median(ordered) * 1000, 3),
            "p99_ms": round(p99 * 1000, 3), "frames": len(ordered)}


def measure_frames(game_id: str, seconds: float = 3.0) -> dict[str, Any]:
    """Frame times of the table for ``game_id``: half the time with dice and tweens running,
    half with the AI thinking. Returns {"animating": {...}, "ai_thinking": {...}}."""
    headless()
    from game.app import App
    from game.screens.table import TableScreen
    from game.session import Seat, Session
    from rules import registry

    game = registry.get_game(game_id)
    players = game.min_players
    with tempfile.TemporaryDirectory(prefix="arena-bench-") as tmp:
        app = App(config_dir=Path(tmp), save_dir=Path(tmp), start=False)
        rng = random.Random(3)
        people = [Seat(True)] * players  # nobody thinks: only the animation costs
        screen = app.stack.push(TableScreen(app, Session.new(
            game_id, game.default_setup(players), people, 1)))
        animating = _frames(app, seconds / 2, lambda: _shake(screen, rng))
        app.stack.pop()
        machines = [Seat(False, "normal")] * players
        thinking: list[float] = []
        deadline = time.monotonic() + seconds / 2
        seed = 2
        while time.monotonic() < deadline:
            screen = app.stack.push(TableScreen(app, Session.new(
                game_id, game.default_setup(players), machines, seed)))
            while time.monotonic() < deadline and not screen.session.over:
                took = _frame(app)
                if screen.session.thinking:
                    thinking.append(took)
            app.stack.pop()
            seed += 1
    return {"animating": _percentiles(animating), "ai_thinking": _percentiles(thinking)}


def _frame(app: Any) -> float:
    start = time.perf_counter()
    app.frame(FRAME_DT)
    return time.perf_counter() - start


MIN_FRAMES = 10  # even on a slow machine a measurement holds a few frames


def _frames(app: Any, seconds: float, each: Any) -> list[float]:
    out: list[float] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline or len(out) < MIN_FRAMES:
        each()
        out.append(_frame(app))
    return out


def _shake(screen: Any, rng: random.Random) -> None:
    """Keep something moving: rethrow the dice whenever they rest (with the hot-seat
    hand-over screen out of the way, so that the table itself is drawn)."""
    from game.screens.overlays import PassDeviceScreen

    if isinstance(screen.app.stack.top, PassDeviceScreen):
        screen.app.stack.pop()
    tray = screen.table.tray
    tray.visible = True
    if not tray.rolling:
        tray.throw([rng.randint(1, 6) for _ in range(rng.randint(1, 3))], 6)
