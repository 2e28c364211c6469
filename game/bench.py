"""GUI frame times, headless: while the table animates (dice, tweens) and while the AI
thinks in its worker thread; and the CPU the real loop takes while nothing moves."""

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


def measure_estimating(game_id: str, seconds: float = 3.0) -> dict[str, Any]:
    """Frame times of the table for ``game_id`` while the win-chance bar's estimate is
    worked out in its worker thread: a person to play against the AI (Settings' bar on),
    the dice kept rolling so that every frame draws; the estimates of one decision after
    another (each decision's estimate is dropped and asked again) until ``seconds``."""
    headless()
    from dataclasses import replace

    from game.app import App
    from game.screens.table import TableScreen
    from game.session import Seat, Session
    from rules import registry

    game = registry.get_game(game_id)
    players = game.min_players
    out: list[float] = []
    with tempfile.TemporaryDirectory(prefix="arena-bench-") as tmp:
        app = App(config_dir=Path(tmp), save_dir=Path(tmp), start=False)
        app.settings = replace(app.settings, win_chance=True)
        rng = random.Random(3)
        seats = [Seat(True)] + [Seat(False, "normal")] * (players - 1)
        screen = app.stack.push(TableScreen(app, Session.new(
            game_id, game.default_setup(players), seats, 1)))
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline or len(out) < MIN_FRAMES:
            if time.monotonic() > deadline + 60:
                break
            _shake(screen, rng)
            took = _frame(app)
            if screen.estimating is not None:
                out.append(took)
            elif screen.session.win.estimates:  # ask again: keep an estimate running
                screen.session.win.estimates.clear()
    return _percentiles(out)


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


SETTLE_LIMIT = 90.0  # seconds to wait for a screen to come to rest before measuring
REST = 1.0  # seconds without a drawn frame that count as at rest


def measure_idle(game_id: str | None, seconds: float = 5.0) -> dict[str, Any]:
    """CPU time the real loop (``App.step``, sleeps included) takes over ``seconds`` of
    wall time while nothing moves, under SDL's dummy video driver: at the title screen
    (``game_id`` None) or at a table of ``game_id`` where a person is to play against the
    AI at normal (measured once the AI's opening moves are made and everything is still).
    Returns cpu_percent (of one core, every thread of the process), frames drawn, the wall
    seconds measured and the seconds it took to come to rest."""
    headless()
    from game.app import App
    from game.screens.table import TableScreen
    from game.session import Seat, Session
    from rules import registry

    with tempfile.TemporaryDirectory(prefix="arena-bench-") as tmp:
        app = App(config_dir=Path(tmp), save_dir=Path(tmp))
        table: TableScreen | None = None
        if game_id is not None:
            game = registry.get_game(game_id)
            players = game.min_players
            seats = [Seat(True)] + [Seat(False, "normal")] * (players - 1)
            app.open_table(Session.new(game_id, game.default_setup(players), seats, 1))
            found = app.stack.find(TableScreen)
            table = found if isinstance(found, TableScreen) else None
        settled = _settle(app, table)
        draws, wall, cpu = app.draws, time.monotonic(), time.process_time()
        while time.monotonic() - wall < seconds:
            app.step()
        wall, cpu = time.monotonic() - wall, time.process_time() - cpu
        out = {"cpu_percent": round(100 * cpu / wall, 2), "frames_drawn": app.draws - draws,
               "wall_s": round(wall, 2), "settle_s": round(settled, 2)}
    return out


def _settle(app: Any, table: Any) -> float:
    """Run the real loop until the person is to play and nothing has been drawn for
    ``REST`` seconds; the seconds that took."""
    start = time.monotonic()
    still_since = start
    while time.monotonic() - start < SETTLE_LIMIT:
        drew = app.step()
        waiting = table is not None and (not table.my_turn() or table.session.thinking)
        now = time.monotonic()
        if drew or waiting:
            still_since = now
        elif now - still_since >= REST:
            return now - start
    raise RuntimeError(f"the screen did not come to rest within {SETTLE_LIMIT:.0f} s")


def measure_ponder_frames(game_id: str, seconds: float = 6.0,
                          level: str = "hard") -> dict[str, Any]:
    """Frame times of the table while a person decides, the AI at ``level`` pondering in
    its worker process (Settings' "AI thinks on your time" on) and, for comparison, with
    the setting off; the dice kept rolling so that every frame draws. Half the time each;
    the pondering half counts only frames while the worker runs (it is started again for
    the same decision whenever it has pondered all it would). Returns {"pondering": {...},
    "not_pondering": {...}, "workers": n}."""
    headless()
    from dataclasses import replace

    from game.app import App
    from game.screens.table import TableScreen
    from game.session import Seat, Session
    from rules import registry

    game = registry.get_game(game_id)
    players = game.min_players
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="arena-bench-") as tmp:
        app = App(config_dir=Path(tmp), save_dir=Path(tmp), start=False)
        for phase, on in (("pondering", True), ("not_pondering", False)):
            app.settings = replace(app.settings, ai_ponder=on)
            rng = random.Random(3)
            seats = [Seat(True)] + [Seat(False, level)] * (players - 1)
            screen = app.stack.push(TableScreen(app, Session.new(
                game_id, game.default_setup(players), seats, 1)))
            session = screen.session
            frames: list[float] = []
            deadline = time.monotonic() + seconds / 2
            while time.monotonic() < deadline or len(frames) < MIN_FRAMES:
                if time.monotonic() > deadline + 120:
                    break
                _shake(screen, rng)
                if not screen.my_turn():  # the AI's opening moves: not measured
                    _frame(app)
                    continue
                ponderer = session.ponderer
                if on and ponderer is not None and ponderer.finished:
                    session.stop_pondering()  # ponder the same decision again
                    session.ponder_key = None
                took = _frame(app)
                if not on or (session.ponderer is not None and session.ponderer.alive):
                    frames.append(took)
            out[phase] = _percentiles(frames)
            if on:
                out["workers"] = session.ponder_stats.started
            app.stack.pop()
            app.ponder()
    return out


def measure_ponder(game_id: str, decisions: int = 20, think: float = 3.0,
                   level: str = "hard", seed: int = 1) -> dict[str, Any]:
    """What pondering buys, without a window: matches of a person (played by the normal
    AI, which takes at least ``think`` seconds a decision, as a person would) against the
    AI at ``level``, until the person has made ``decisions`` decisions with a choice; once
    with pondering and once without, the same seeds (run it with ARENA_AI_FIXED_BUDGET=1
    so that both play the same moves). Returns the hit counts, the seconds the AI's turns
    took in each run and the search seconds pondering saved."""
    from ai.levels import make_agent
    from game.session import Seat, Session
    from rules import registry

    game = registry.get_game(game_id)
    players = game.min_players
    out: dict[str, Any] = {}
    for phase, on in (("on", True), ("off", False)):
        person = make_agent(game_id, "normal", seed * 7)
        made, match_seed, waits, total = 0, seed, [], 0.0
        hits = misses = 0
        saved = 0.0
        while made < decisions:
            seats = [Seat(True)] + [Seat(False, level)] * (players - 1)
            session = Session.new(game_id, game.default_setup(players), seats, match_seed)
            while not session.over and made < decisions:
                actor = session.actor()
                if actor is None:
                    session.log.extend(session.match.advance_chance())
                    continue
                if session.is_human(actor):
                    session.think_ahead(on)
                    began = time.monotonic()
                    legal = session.state.legal_actions(actor)
                    action = person.choose(session.state.view(actor), actor)
                    while time.monotonic() - began < think and len(legal) > 1:
                        time.sleep(0.02)
                        session.think_ahead(on)
                    made += len(legal) > 1
                    session.submit(actor, action, chosen=True)
                    continue
                session.think_ahead(on)
                began = time.perf_counter()
                session.start_ai()
                while session.poll_ai() is None:
                    time.sleep(0.002)
                waits.append(time.perf_counter() - began)
            stats = session.ponder_stats
            hits, misses = hits + stats.hits, misses + stats.misses
            saved += stats.saved_s
            session.close()
            match_seed += 1
        total = sum(waits)
        out[phase] = {"ai_turns": len(waits), "ai_seconds": round(total, 3),
                      "ai_mean_ms": round(1000 * total / max(1, len(waits)), 1),
                      "matches": match_seed - seed}
        if on:
            asked = hits + misses
            out["hits"], out["misses"] = hits, misses
            out["hit_rate"] = round(hits / asked, 3) if asked else None
            out["saved_s"] = round(saved, 3)
    return out
