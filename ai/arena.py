"""Headless AI-vs-AI play: the engine behind ``launcher.py simulate``, ``tournament`` and
``bench``. Matches run through ``rules.core.Match`` so every one can be replayed."""

from __future__ import annotations

import json
import math
import random
import statistics
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rules.core import Game, GameState, Match, save_record
from rules.core.actions import CHANCE, Action, Event


class InvariantBroken(AssertionError):
    """A state broke one of its game's invariants during a simulated match."""


@dataclass
class MatchResult:
    index: int
    seed: int
    setup: dict[str, Any]
    scores: tuple[float, ...] | None = None
    decisions: int = 0
    error: str | None = None


def wilson(points: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) of a win rate of ``points / games``."""
    if games <= 0:
        return 0.0, 1.0
    p = points / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def make_setup(game: Game, rng: random.Random, players: int | None,
               fixed: Mapping[str, str]) -> dict[str, Any]:
    """A random legal setup with the ``fixed`` options forced (validated by the game)."""
    n = players if players is not None else int(fixed.get("players", 0)) or None
    setup = game.random_setup(rng, n)
    setup.update({k: v for k, v in fixed.items() if k != "players"})
    return game.validate_setup(setup)


def play_one(
    game: Game,
    setup: Mapping[str, Any],
    seed: int,
    agent_levels: Sequence[str],
    check_invariants: bool = True,
    log_dir: Path | None = None,
    index: int = 0,
    on_end: Callable[[GameState], None] | None = None,
) -> MatchResult:
    """Play one match with ``agent_levels[seat]`` in each seat; never raises for a
    failing match (the error is in the result, and its record is written to ``log_dir``).
    ``on_end`` is given the final state of a match that ended."""
    from ai.levels import make_agent

    result = MatchResult(index=index, seed=seed, setup=dict(setup))
    match: Match | None = None
    try:
        match = Match(game, setup, seed)
        agents: dict[int, Any] = {}
        for seat in range(match.state.num_players):
            level = agent_levels[seat % len(agent_levels)]
            agents[seat] = make_agent(game.id, level, seed * 131 + seat)

        def on_step(m: Match, player: int, action: Action, events: list[Event]) -> None:
            if check_invariants:
                broken = m.state.invariant_violations()
                if broken:
                    who = "chance" if player == CHANCE else m.state.player_name(player)
                    raise InvariantBroken(f"after {who}: {action}: {'; '.join(broken)}")

        outcome = match.play(agents, max_decisions=game.decision_cap, on_step=on_step)
        result.decisions = match.decisions
        if outcome is None:
            result.error = f"did not end within {game.decision_cap} decisions"
        else:
            result.scores = outcome.scores
            if on_end is not None:
                on_end(match.state)
    except Exception as exc:  # a failing match is counted, never fatal to the run
        result.error = f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=6)}"
        if match is not None:
            result.decisions = match.decisions
    if log_dir is not None and match is not None:
        record = match.finish_record()
        if result.error:
            record.meta["error"] = result.error.splitlines()[0]
        save_record(log_dir / f"{game.id}-{index:05d}-seed{seed}.json", record)
    return result


def simulate(
    game: Game,
    games: int,
    seed: int,
    seat_levels: Sequence[str],
    players: int | None = None,
    fixed_setup: Mapping[str, str] | None = None,
    log_dir: Path | None = None,
    check_invariants: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` matches; return the summary that ``simulate --json`` prints."""
    rng = random.Random(f"simulate:{seed}")
    started = time.perf_counter()
    if log_dir is not None:
        log_dir.mkdir(parents=True, exist_ok=True)
    wins: list[float] = []
    draws = errors = decisions = 0
    first_errors: list[str] = []
    for i in range(games):
        setup = make_setup(game, rng, players, fixed_setup or {})
        match_seed = rng.getrandbits(31)
        res = play_one(game, setup, match_seed, seat_levels, check_invariants, log_dir, i)
        decisions += res.decisions
        if res.error:
            errors += 1
            if len(first_errors) < 5:
                first_errors.append(f"match {i} (seed {match_seed}): {res.error}")
        elif res.scores is not None:
            if len(wins) < len(res.scores):
                wins.extend([0] * (len(res.scores) - len(wins)))
            best = max(res.scores)
            if all(s == best for s in res.scores):
                draws += 1
            else:
                for seat, s in enumerate(res.scores):
                    if s == best:
                        wins[seat] += 1
        if progress:
            progress(i + 1, games)
    return {
        "game": game.id,
        "games": games,
        "seed": seed,
        "wins": [int(w) for w in wins],
        "draws": draws,
        "errors": errors,
        "avg_decisions": round(decisions / games, 2) if games else 0.0,
        "seconds": round(time.perf_counter() - started, 3),
        "first_errors": first_errors,
    }


@dataclass(frozen=True)
class Scheduled:
    """One match of a tournament: the pair (``a`` against ``b``), the match's number within
    the pair, its setup, match seed and each seat's agent."""

    a: str
    b: str
    g: int
    setup: dict[str, Any]
    seed: int
    seats: tuple[str, ...]


class TournamentLogError(ValueError):
    """A tournament's log cannot be resumed (damaged, or another tournament's)."""


def pairs_of(levels: Sequence[str]) -> list[tuple[str, str]]:
    """A round robin's pairs, in order: each level against every later one."""
    return [(a, b) for i, a in enumerate(levels) for b in levels[i + 1:]]


def schedule(game: Game, levels: Sequence[str], games: int, seed: int,
             players: int | None = None) -> list[Scheduled]:
    """Every match of the round robin, in order: each pair of levels plays ``games``
    matches, seats swapped every other match (in games of more seats, the two levels
    alternate around the table); setups and match seeds drawn from ``tournament:<seed>``
    (so a pair's first N matches are the same for any ``games`` of at least N)."""
    rng = random.Random(f"tournament:{seed}")
    out = []
    for a, b in pairs_of(levels):
        for g in range(games):
            swap = g % 2 == 1
            setup = make_setup(game, rng, players, {})
            n = int(setup["players"])
            seats = tuple((b if swap else a) if k % 2 == 0 else (a if swap else b)
                          for k in range(n))
            out.append(Scheduled(a, b, g, setup, rng.getrandbits(31), seats))
    return out


def play_scheduled(game_id: str, match: Scheduled) -> dict[str, Any]:
    """Play one scheduled match; its record as a tournament's log keeps it (``winner`` is
    "a", "b", "draw" or "error")."""
    from rules.registry import get_game

    started = time.perf_counter()
    res = play_one(get_game(game_id), match.setup, match.seed, match.seats, False, None,
                   match.g)
    if res.error or res.scores is None:
        winner, error = "error", (res.error or "no result").splitlines()[0][:300]
    else:
        a_score = sum(s for seat, s in enumerate(res.scores) if match.seats[seat] == match.a)
        b_score = sum(s for seat, s in enumerate(res.scores) if match.seats[seat] == match.b)
        winner = "a" if a_score > b_score else "b" if b_score > a_score else "draw"
        error = ""
    return {"a": match.a, "b": match.b, "g": match.g, "seed": match.seed,
            "seats": list(match.seats), "winner": winner, "decisions": res.decisions,
            "seconds": round(time.perf_counter() - started, 1), "error": error}


def read_log(path: Path, matches: Sequence[Scheduled]
             ) -> dict[tuple[str, str, int], dict[str, Any]]:
    """The finished matches a tournament's log holds, by (a, b, number); records of matches
    not in ``matches`` (a longer run's) are left out. Raises ``TournamentLogError`` for a
    damaged line or a record whose match seed or seats are not the schedule's (the log of
    another tournament: another seed, game or player count)."""
    if not path.exists():
        return {}
    wanted = {(m.a, m.b, m.g): m for m in matches}
    done: dict[tuple[str, str, int], dict[str, Any]] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise TournamentLogError(f"cannot read the tournament log {path}: {exc}") from None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
            key = (str(record["a"]), str(record["b"]), int(record["g"]))
            seed, seats, winner = int(record["seed"]), list(record["seats"]), record["winner"]
        except (ValueError, KeyError, TypeError):
            raise TournamentLogError(f"the tournament log {path} is damaged at line "
                                     f"{number}") from None
        match = wanted.get(key)
        if match is None:
            continue
        if seed != match.seed or seats != list(match.seats) or \
                winner not in ("a", "b", "draw", "error"):
            raise TournamentLogError(
                f"the tournament log {path} is another tournament's: its match {key[2]} of "
                f"{key[0]} v {key[1]} was not this one (another --seed, --players or game?)")
        done[key] = record
    return done


def tournament(
    game: Game,
    levels: Sequence[str],
    games: int,
    seed: int,
    players: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    workers: int = 1,
    log: Path | None = None,
) -> dict[str, Any]:
    """Round robin (``schedule``): every pair of levels plays ``games`` matches, in
    ``workers`` processes. With ``log``, each match's record is appended to that file
    (JSON lines) as it ends, and matches the file already holds are not played again: a
    stopped tournament resumes where it was, with the same result as one run through."""
    matches = schedule(game, levels, games, seed, players)
    records = read_log(log, matches) if log is not None else {}
    todo = [m for m in matches if (m.a, m.b, m.g) not in records]
    total, done = len(matches), len(matches) - len(todo)
    if progress and done:
        progress(done, total)

    def finished(record: dict[str, Any]) -> None:
        nonlocal done
        records[(record["a"], record["b"], record["g"])] = record
        if log is not None:
            with log.open("a", encoding="utf-8") as fh:
                fh.write(json.dumps(record) + "\n")
        done += 1
        if progress:
            progress(done, total)

    if workers <= 1 or len(todo) <= 1:
        for match in todo:
            finished(play_scheduled(game.id, match))
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(play_scheduled, game.id, m) for m in todo]
            for future in as_completed(futures):
                finished(future.result())
    rows = []
    score: dict[str, float] = {lv: 0.0 for lv in levels}
    played: dict[str, int] = {lv: 0 for lv in levels}
    for a, b in pairs_of(levels):
        tally = {"a_wins": 0, "b_wins": 0, "draws": 0, "errors": 0}
        for g in range(games):
            winner = records[(a, b, g)]["winner"]
            tally[{"a": "a_wins", "b": "b_wins", "draw": "draws"}.get(winner, "errors")] += 1
        decided = games - tally["errors"]
        a_points = tally["a_wins"] + 0.5 * tally["draws"]
        row: dict[str, Any] = {"a": a, "b": b, "games": games, **tally}
        row["a_win_rate"] = round(a_points / decided, 3) if decided else None
        row["a_interval"] = [round(x, 3) for x in wilson(a_points, decided)]
        for lv, wins in ((a, tally["a_wins"]), (b, tally["b_wins"])):
            score[lv] += wins + 0.5 * tally["draws"]
            played[lv] += decided
        rows.append(row)
    return {
        "game": game.id,
        "games": games,
        "seed": seed,
        "agents": list(levels),
        "pairs": rows,
        "score_rate": {lv: round(score[lv] / played[lv], 3) if played[lv] else None
                       for lv in levels},
    }


def _percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


def bench_engine(game: Game, seconds: float, seed: int = 1) -> dict[str, Any]:
    """Random-agent throughput: decisions (chance included) per second and matches per second."""
    rng = random.Random(seed)
    start = time.perf_counter()
    steps = matches = 0
    while time.perf_counter() - start < seconds or matches == 0:
        setup = game.random_setup(rng, None)
        state = game.new_state(setup, rng.getrandbits(31))
        for _ in range(game.decision_cap):
            d = state.decision()
            if d.is_terminal:
                break
            if d.is_chance:
                player, action = CHANCE, state.sample_chance(rng)
            else:
                player = d.players[0]
                action = rng.choice(state.legal_actions(player))
            state.apply_unchecked(player, action)
            steps += 1
        matches += 1
    elapsed = time.perf_counter() - start
    return {"decisions_per_s": round(steps / elapsed, 1),
            "matches_per_s": round(matches / elapsed, 3),
            "matches": matches, "seconds": round(elapsed, 2)}


def bench_ai(game: Game, level: str, decisions: int, seed: int = 1,
             players: int | None = None) -> dict[str, Any]:
    """Time ``level``'s decisions for seat 1 in matches whose other seats play at random,
    stopping once ``decisions`` have been timed (varied states, early and late game);
    ``players`` fixes the number of seats (else each setup draws it)."""
    from ai.agents import RandomAgent
    from ai.levels import make_agent

    rng = random.Random(f"bench:{seed}")
    times: list[float] = []
    while len(times) < decisions:
        match = Match(game, game.random_setup(rng, players), rng.getrandbits(31))
        timed = make_agent(game.id, level, rng.getrandbits(31))
        other = RandomAgent(rng.getrandbits(31))
        before = len(times)
        while not match.over and len(times) < decisions and match.decisions < game.decision_cap:
            match.advance_chance()
            if match.over:
                break
            player = match.state.decision().players[0]
            view = match.state.view(player)
            if player == 0:
                start = time.perf_counter()
                action = timed.choose(view, player)
                times.append(time.perf_counter() - start)
            else:
                action = other.choose(view, player)
            match.submit(player, action)
        if len(times) == before:
            break
    return {"level": level, "decisions": len(times),
            "mean_ms": round(statistics.fmean(times) * 1000, 2) if times else None,
            "p95_ms": round(_percentile(times, 0.95) * 1000, 2) if times else None,
            "max_ms": round(max(times) * 1000, 2) if times else None}
