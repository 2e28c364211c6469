"""Balance reports: how often each "piece" (fighter, hero, character, deck) wins when every
seat plays at the same AI level. The engine behind ``launcher.py balance``.

A seat's pieces are its per-seat setup values (``fighter.0``, ``deck.1``...) by their
readable labels, unless the game's AI module (``ai/<game>``) defines
``balance_pieces(state, player) -> list[str]``: the pieces that seat played, read from the
finished state (for pieces chosen during play, such as drafted heroes or a Chaostle army).
A piece's points are its seats' scores (1 a win, 0 a loss, 0.5 a draw).
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from ai.arena import make_setup, play_one, wilson
from rules.core import Game, GameState

PieceReader = Callable[[GameState, int], list[str]]


class BalanceError(ValueError):
    """The balance run cannot be set up as asked (one readable line)."""


@dataclass
class PieceTally:
    games: int = 0
    points: float = 0.0

    def row(self, band: tuple[float, float] | None) -> dict[str, Any]:
        rate = self.points / self.games if self.games else None
        lo, hi = wilson(self.points, self.games)
        out: dict[str, Any] = {"games": self.games, "points": self.points,
                               "win_rate": None if rate is None else round(rate, 3),
                               "interval": [round(lo, 3), round(hi, 3)]}
        if band is not None and rate is not None:
            out["in_band"] = band[0] <= rate <= band[1]
        return out


@dataclass
class _Job:
    index: int
    setup: dict[str, Any]
    seed: int
    label: str = ""  # "A v B" in a pairings run
    a_seat: int = 0  # the seat that plays A


@dataclass
class _Played:
    index: int
    scores: tuple[float, ...] | None
    pieces: list[list[str]] = field(default_factory=list)
    error: str | None = None


def piece_reader(game: Game, players: int) -> PieceReader | None:
    """The game's ``balance_pieces`` hook, or None when per-seat options name the pieces."""
    from ai.levels import game_module

    module = game_module(game.id)
    hook = getattr(module, "balance_pieces", None) if module else None
    if hook is None and not any(o.per_seat for o in game.setup_options(players)):
        raise BalanceError(f"{game.title} has no per-seat pieces and its AI module defines "
                           f"no balance_pieces(state, player)")
    return hook


def _setup_pieces(game: Game, setup: Mapping[str, Any], seat: int) -> list[str]:
    n = int(setup["players"])
    return [opt.label_of(str(setup[f"{opt.key}.{seat}"]))
            for opt in game.setup_options(n) if opt.per_seat]


def _play(game_id: str, job: _Job, level: str) -> _Played:
    """Play one job (in this process or a worker) and read each seat's pieces."""
    from rules.registry import get_game

    game = get_game(game_id)
    hook = piece_reader(game, int(job.setup["players"]))
    finished: list[GameState] = []
    res = play_one(game, job.setup, job.seed, [level], check_invariants=False,
                   index=job.index, on_end=finished.append)
    if res.error or res.scores is None:
        first = (res.error or "no outcome").splitlines()[0]
        return _Played(job.index, None, error=f"match {job.index} (seed {job.seed}): {first}")
    seats = range(len(res.scores))
    pieces = ([hook(finished[0], s) for s in seats] if hook is not None
              else [_setup_pieces(game, job.setup, s) for s in seats])
    return _Played(job.index, tuple(res.scores), pieces)


def _jobs(game: Game, games: int, seed: int, players: int | None,
          fixed: Mapping[str, str], pairings: str | None) -> list[_Job]:
    rng = random.Random(f"balance:{seed}")
    if pairings is None:
        return [_Job(i, make_setup(game, rng, players, fixed), rng.getrandbits(31))
                for i in range(games)]
    if players not in (None, 2):
        raise BalanceError("--pairings plays two-player matches: leave out --players")
    option = next((o for o in game.setup_options(2) if o.per_seat and o.key == pairings),
                  None)
    if option is None:
        keys = [o.key for o in game.setup_options(2) if o.per_seat]
        raise BalanceError(f"{pairings!r} is not a per-seat option of {game.title} "
                           f"(choose from: {', '.join(keys) or 'none'})")
    jobs: list[_Job] = []
    for a, b in itertools.combinations(option.choices, 2):
        for g in range(games):
            first, second = (a, b) if g % 2 == 0 else (b, a)
            setup = dict(game.default_setup(2))
            setup.update(fixed)
            setup.update({f"{pairings}.0": first, f"{pairings}.1": second})
            jobs.append(_Job(len(jobs), game.validate_setup(setup), rng.getrandbits(31),
                             label=f"{option.label_of(a)} v {option.label_of(b)}",
                             a_seat=g % 2))
    return jobs


def balance(
    game: Game,
    level: str,
    games: int,
    seed: int,
    players: int | None = None,
    fixed_setup: Mapping[str, str] | None = None,
    pairings: str | None = None,
    band: tuple[float, float] | None = None,
    workers: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play the run and return the report that ``balance --json`` prints."""
    started = time.perf_counter()
    jobs = _jobs(game, games, seed, players, fixed_setup or {}, pairings)
    piece_reader(game, int(jobs[0].setup["players"]) if jobs else game.min_players)
    results = _run(game.id, jobs, level, workers, progress)
    tallies: dict[str, PieceTally] = {}
    pairs: dict[str, list[float]] = {}
    first_seat = PieceTally()
    errors: list[str] = []
    for job, played in zip(jobs, results, strict=True):
        if played.scores is None:
            errors.append(played.error or "")
            continue
        first_seat.games += 1
        first_seat.points += played.scores[0]
        for seat, names in enumerate(played.pieces):
            for name in names:
                tally = tallies.setdefault(name, PieceTally())
                tally.games += 1
                tally.points += played.scores[seat]
        if job.label:
            row = pairs.setdefault(job.label, [0.0, 0])
            row[0] += played.scores[job.a_seat]
            row[1] += 1
    ranked = sorted(tallies.items(), key=lambda kv: -(kv[1].points / max(1, kv[1].games)))
    return {
        "game": game.id, "level": level, "games": len(jobs), "seed": seed,
        "pairings": pairings, "band": list(band) if band else None,
        "pieces": {name: tally.row(band) for name, tally in ranked},
        "pairs": {label: {"first_points": p, "games": n} for label, (p, n) in pairs.items()},
        "first_seat": first_seat.row(None),
        "errors": len(errors), "first_errors": errors[:5],
        "seconds": round(time.perf_counter() - started, 1),
    }


def _run(game_id: str, jobs: Sequence[_Job], level: str, workers: int,
         progress: Callable[[int, int], None] | None) -> list[_Played]:
    out: list[_Played | None] = [None] * len(jobs)
    if workers <= 1:
        for k, job in enumerate(jobs):
            out[k] = _play(game_id, job, level)
            if progress:
                progress(k + 1, len(jobs))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {pool.submit(_play, game_id, job, level): k for k, job in enumerate(jobs)}
            for done, future in enumerate(as_completed(futures), start=1):
                out[futures[future]] = future.result()
                if progress:
                    progress(done, len(jobs))
    return [p for p in out if p is not None]


def markdown(report: Mapping[str, Any]) -> str:
    """The report as the Markdown tables the balance docs keep."""
    band = report.get("band")
    lines = ["| piece | games | points | win rate | 95 % interval |"
             + (" in band |" if band else ""),
             "|---|---|---|---|---|" + ("---|" if band else "")]
    for name, row in report["pieces"].items():
        lo, hi = row["interval"]
        rate = "–" if row["win_rate"] is None else f"{row['win_rate'] * 100:.0f} %"
        cell = f" {'yes' if row.get('in_band') else 'no'} |" if band else ""
        lines.append(f"| {name} | {row['games']} | {row['points']:g} | {rate} | "
                     f"{lo * 100:.0f}–{hi * 100:.0f} % |{cell}")
    fs = report["first_seat"]
    lines.append("")
    lines.append(f"{report['games']} matches, {report['errors']} errors; the first seat scored "
                 f"{fs['points']:g} of {fs['games']} ({(fs['win_rate'] or 0) * 100:.0f} %); "
                 f"{report['seconds']} s.")
    if report["pairs"]:
        lines += ["", "| pairing | first named piece's points / games |", "|---|---|"]
        lines += [f"| {label} | {row['first_points']:g} / {row['games']} |"
                  for label, row in report["pairs"].items()]
    return "\n".join(lines)
