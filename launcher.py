"""Tabletop Arena: the one entry point.

With no arguments it opens the GUI; sub-commands serve tests, benchmarks and people without
a screen (``launcher.py --help``). The standalone binary takes the same arguments.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

# pygame prints a banner on stdout when imported: keep stdout clean for --json output.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

PROG = "tabletop-arena"
GAME_IDS = ("battlecon", "biternia", "chaostle", "terrene")
AGENTS = ("random", "easy", "normal", "hard", "expert")
MAX_SEATS = 12
HINT_LEVELS = ("easy", "normal", "hard", "expert")


class CliError(Exception):
    """A bad flag, file or name: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CliError(f"{message} (see '{PROG} {self.prog.split()[-1]} --help')"
                       if " " in self.prog else f"{message} (see '{PROG} --help')")


def _game_id(value: str) -> str:
    if value not in GAME_IDS:
        raise argparse.ArgumentTypeError(
            f"unknown game {value!r} (choose from: {', '.join(GAME_IDS)})")
    return value


def _agent(value: str) -> str:
    """A level, or a level with its budget scaled (``hard*4``, ai.levels.parse_agent)."""
    if value in AGENTS:
        return value
    if "*" in value:
        from ai.levels import parse_agent

        try:
            parse_agent(value)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
        return value.replace(" ", "")
    raise argparse.ArgumentTypeError(
        f"unknown agent {value!r} (choose from: {', '.join(AGENTS)}, "
        f"or LEVEL*K for a level's budget times K, e.g. hard*4)")


def _agent_list(value: str) -> list[str]:
    names = [v.strip() for v in value.split(",") if v.strip()]
    if len(names) < 2:
        raise argparse.ArgumentTypeError("give at least two agents, e.g. normal,random")
    if len(set(names)) < len(names):
        raise argparse.ArgumentTypeError("name each agent once, e.g. hard*4,hard")
    return [_agent(n) for n in names]


def _whole_number(minimum: int, wording: str):
    """An argparse type: a whole number no smaller than ``minimum``."""

    def parse(value: str) -> int:
        try:
            n = int(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{value!r} is not a whole number") from None
        if n < minimum:
            raise argparse.ArgumentTypeError(f"{value} {wording}")
        return n

    return parse


_positive = _whole_number(1, "must be at least 1")
_non_negative = _whole_number(0, "must not be negative")


def _hint_level(value: str) -> str:
    if value not in HINT_LEVELS:
        raise argparse.ArgumentTypeError(
            f"unknown level {value!r} (choose from: {', '.join(HINT_LEVELS)})")
    return value


def _setup_pairs(pairs: Sequence[str] | None) -> dict[str, str]:
    out: dict[str, str] = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise CliError(f"--setup takes KEY=VALUE, not {pair!r}")
        out[key.strip()] = value.strip()
    return out


def _band(value: str) -> tuple[float, float]:
    lo, sep, hi = value.partition("-")
    try:
        low, high = float(lo) / 100, float(hi) / 100
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a band like 35-65") from None
    if not sep or not 0 <= low <= high <= 1:
        raise argparse.ArgumentTypeError(f"{value!r} is not a band like 35-65")
    return low, high


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog=PROG, description="Four tabletop games against AI or a friend.")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    sim = sub.add_parser("simulate", help="AI-vs-AI matches headless")
    sim.add_argument("--game", required=True, type=_game_id)
    sim.add_argument("--games", type=_positive, default=10)
    sim.add_argument("--seed", type=int, default=1)
    for seat in range(1, MAX_SEATS + 1):
        sim.add_argument(f"--p{seat}", type=_agent, default=None, metavar="AGENT",
                         help=argparse.SUPPRESS if seat > 2 else "agent for this seat")
    sim.add_argument("--players", type=_positive, default=None)
    sim.add_argument("--setup", nargs="+", metavar="KEY=VALUE")
    sim.add_argument("--json", action="store_true")
    sim.add_argument("--log", type=Path, metavar="DIR")
    sim.add_argument("--no-invariants", action="store_true",
                     help="skip the invariant checks after every decision")

    tour = sub.add_parser("tournament", help="round robin between AI levels")
    tour.add_argument("--game", required=True, type=_game_id)
    tour.add_argument("--agents", required=True, type=_agent_list)
    tour.add_argument("--games", type=_positive, default=10)
    tour.add_argument("--seed", type=int, default=1)
    tour.add_argument("--players", type=_positive, default=None)
    tour.add_argument("--workers", type=_positive, default=1, help="processes to play in")
    tour.add_argument("--log", type=Path, metavar="FILE",
                      help="append each match's result to FILE (JSON lines) as it ends; "
                           "matches FILE already holds are not played again (resume)")
    tour.add_argument("--json", action="store_true")

    bal = sub.add_parser("balance", help="win rate of each fighter / hero / character / deck")
    bal.add_argument("--game", required=True, type=_game_id)
    bal.add_argument("--level", type=_agent, default="normal", help="the AI level of every seat")
    bal.add_argument("--games", type=_positive, default=10,
                     help="matches in all, or per pairing with --pairings")
    bal.add_argument("--seed", type=int, default=1)
    bal.add_argument("--players", type=_positive, default=None)
    bal.add_argument("--pairings", metavar="KEY", default=None,
                     help="play every pair of choices of this per-seat option (2 players)")
    bal.add_argument("--setup", nargs="+", metavar="KEY=VALUE")
    bal.add_argument("--band", type=_band, default=None, metavar="LO-HI",
                     help="the win-rate band in percent, e.g. 35-65")
    bal.add_argument("--workers", type=_positive, default=1, help="processes to play in")
    out = bal.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true")
    out.add_argument("--markdown", action="store_true")

    rep = sub.add_parser("replay", help="replay a saved match or log and check its hash")
    rep.add_argument("file", type=Path)
    rep.add_argument("--json", action="store_true")

    ren = sub.add_parser("render", help="draw a table to a PNG")
    ren.add_argument("--game", required=True, type=_game_id)
    ren.add_argument("--seed", type=int, default=1)
    ren.add_argument("--decisions", type=_non_negative, default=20)
    ren.add_argument("--players", type=_positive, default=None)
    ren.add_argument("--setup", nargs="+", metavar="KEY=VALUE")
    ren.add_argument("--viewer", type=int, default=1,
                     help="seat whose view is drawn (1-based; 0: a spectator)")
    ren.add_argument("--out", required=True, type=Path)

    sce = sub.add_parser("scenario", help="build a position from a scenario file and list "
                                          "its decision and legal actions")
    sce.add_argument("file", type=Path)
    sce.add_argument("--json", action="store_true")
    sce.add_argument("--play", action="store_true",
                     help="open the game window at this position (you at seat 1)")

    hin = sub.add_parser("hint", help="the AI's suggested move at a scenario's decision, with "
                                      "its estimates and the alternatives")
    hin.add_argument("--scenario", required=True, type=Path, metavar="FILE")
    hin.add_argument("--level", type=_hint_level, default="normal",
                     help="the AI level asked: easy, normal (default) or hard")
    hin.add_argument("--seat", type=_positive, default=None,
                     help="the deciding seat to advise (1-based; default: the seat to decide)")
    hin.add_argument("--seed", type=int, default=1, help="the AI's seed")
    hin.add_argument("--top", type=_positive, default=5, help="alternatives listed")
    hin.add_argument("--json", action="store_true")

    con = sub.add_parser("content", help="list a game's content with its provenance")
    con.add_argument("--game", required=True, type=_game_id)
    con.add_argument("--json", action="store_true")

    st = sub.add_parser("selftest", help="drive the GUI under SDL's dummy driver")
    st.add_argument("--game", type=_game_id, default=None)
    st.add_argument("--direct", action="store_true",
                    help="play every move on the table, the action list hidden (needs --game)")
    st.add_argument("--tutorial", type=_game_id, default=None, metavar="GAME",
                    help="complete GAME's tutorial by following its callouts, then play on")

    ben = sub.add_parser("bench", help="engine, AI and GUI timings")
    ben.add_argument("--game", type=_game_id, default=None)
    ben.add_argument("--json", action="store_true")
    ben.add_argument("--seconds", type=float, default=5.0, help="engine run time per game")
    ben.add_argument("--ai-decisions", type=_positive, default=30)
    ben.add_argument("--levels", type=lambda v: [_agent(x) for x in v.split(",")],
                     default=["easy", "normal", "hard"])
    ben.add_argument("--players", type=_positive, default=None,
                     help="seats in the AI timing's matches (default: each setup draws)")
    ben.add_argument("--no-gui", action="store_true")
    ben.add_argument("--idle-seconds", type=float, default=5.0,
                     help="wall seconds the idle window's CPU is measured, at the title "
                          "and at each table (0: not measured)")
    ben.add_argument("--ponder", action="store_true",
                     help="measure pondering instead (the AI thinking on a person's time): "
                          "frame times with and without it, and its hit rate and time saved")
    ben.add_argument("--ponder-decisions", type=_positive, default=20,
                     help="the person's decisions played per game for --ponder's hit rate")
    ben.add_argument("--think", type=float, default=3.0,
                     help="seconds the person takes per decision for --ponder's hit rate")
    ben.add_argument("--ponder-level", type=_agent, default="hard",
                     help="the AI's level for --ponder (hard or expert ponder)")
    return parser


class _Progress:
    """A one-line progress bar on stderr (silent when stderr is not a terminal in CI)."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.tty = sys.stderr.isatty()
        self.last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self.last < 0.2:
            return
        self.last = now
        width = 30
        filled = int(width * done / total) if total else width
        bar = "#" * filled + "-" * (width - filled)
        end = "\n" if done >= total else ""
        prefix = "\r" if self.tty else ""
        if self.tty or done >= total or done % max(1, total // 10) == 0:
            sys.stderr.write(f"{prefix}{self.label} [{bar}] {done}/{total}{end}")
            if not self.tty and done < total:
                sys.stderr.write("\n")
            sys.stderr.flush()


def _get_game(game_id: str) -> Any:
    from rules.registry import UnknownGame, get_game

    try:
        return get_game(game_id)
    except UnknownGame as exc:
        raise CliError(str(exc)) from None


def cmd_simulate(args: argparse.Namespace) -> int:
    from ai.arena import simulate

    game = _get_game(args.game)
    seats = [getattr(args, f"p{s}") for s in range(1, MAX_SEATS + 1)]
    levels = [lv or "random" for lv in seats]
    summary = simulate(game, args.games, args.seed, levels, args.players,
                       _setup_pairs(args.setup), args.log, not args.no_invariants,
                       _Progress(f"simulate {args.game}"))
    errors = summary.pop("first_errors")
    for err in errors:
        sys.stderr.write(f"error in {err.splitlines()[0]}\n")
    if args.json:
        print(json.dumps(summary))
    else:
        print(f"{game.title}: {summary['games']} games in {summary['seconds']} s, "
              f"wins per seat {summary['wins']}, draws {summary['draws']}, "
              f"errors {summary['errors']}, {summary['avg_decisions']} decisions a game")
    return 1 if summary["errors"] else 0


def cmd_tournament(args: argparse.Namespace) -> int:
    from ai.arena import TournamentLogError, tournament

    game = _get_game(args.game)
    try:
        result = tournament(game, args.agents, args.games, args.seed, args.players,
                            _Progress(f"tournament {args.game}"), args.workers, args.log)
    except TournamentLogError as exc:
        raise CliError(str(exc)) from None
    except OSError as exc:
        raise CliError(f"cannot write the tournament log {args.log}: {exc.strerror}") from None
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{game.title}: round robin, {args.games} games a pair, seats swapped")
        for row in result["pairs"]:
            print(f"  {row['a']:>7} vs {row['b']:<7} {row['a_wins']:>4}-{row['b_wins']:<4} "
                  f"draws {row['draws']}  errors {row['errors']}  "
                  f"{row['a']} score {row['a_win_rate']} "
                  f"(95 % interval {row['a_interval'][0]}-{row['a_interval'][1]})")
        for lv, rate in result["score_rate"].items():
            print(f"  {lv:>7}: overall score rate {rate}")
    return 1 if any(r["errors"] for r in result["pairs"]) else 0


def cmd_balance(args: argparse.Namespace) -> int:
    from ai.balance import BalanceError, balance, markdown

    game = _get_game(args.game)
    try:
        report = balance(game, args.level, args.games, args.seed, args.players,
                         _setup_pairs(args.setup), args.pairings, args.band, args.workers,
                         _Progress(f"balance {args.game}"))
    except BalanceError as exc:
        raise CliError(str(exc)) from None
    for err in report["first_errors"]:
        sys.stderr.write(f"error in {err}\n")
    if args.json:
        print(json.dumps(report))
    elif args.markdown:
        print(markdown(report))
    else:
        print(f"{game.title}: {report['games']} matches at {args.level}, "
              f"{report['errors']} errors, {report['seconds']} s")
        for name, row in report["pieces"].items():
            lo, hi = row["interval"]
            flag = "" if row.get("in_band", True) else "  outside the band"
            print(f"  {name:<32} {row['points']:>6g} / {row['games']:<4} "
                  f"{row['win_rate'] * 100:5.1f} %  ({lo * 100:.0f}-{hi * 100:.0f} %){flag}")
    return 1 if report["errors"] else 0


def cmd_replay(args: argparse.Namespace) -> int:
    from rules.core import IllegalAction, load_record, replay

    record = load_record(args.file)
    game = _get_game(record.game) if record.game in GAME_IDS else None
    if game is None:
        raise CliError(f"{args.file}: unknown game {record.game!r}")
    try:
        state = replay(game, record)
    except IllegalAction as exc:
        raise CliError(f"{args.file}: {exc}") from None
    final_hash = state.state_hash()
    outcome = state.outcome()
    decisions = sum(1 for p, _ in record.steps if p >= 0)
    result = {"final_hash": final_hash, "decisions": decisions,
              "outcome": outcome.to_json() if outcome else None}
    matches = not record.final_hash or record.final_hash == final_hash
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{game.title}: {decisions} decisions replayed, final hash {final_hash}"
              + ("" if matches else f" (recorded {record.final_hash})"))
    if not matches:
        sys.stderr.write(f"{PROG}: replay diverged: hash {final_hash} != recorded "
                         f"{record.final_hash}\n")
        return 1
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    import random

    from ai.agents import RandomAgent
    from rules.core import Match, SetupError

    game = _get_game(args.game)
    rng = random.Random(args.seed)
    try:
        from ai.arena import make_setup

        setup = make_setup(game, rng, args.players, _setup_pairs(args.setup))
    except SetupError as exc:
        raise CliError(str(exc)) from None
    match = Match(game, setup, args.seed)
    agent = RandomAgent(args.seed)
    while match.decisions < args.decisions:
        match.advance_chance()
        if match.over:
            break
        player = match.state.decision().players[0]
        match.submit(player, agent.choose(match.state.view(player), player))
    match.advance_chance()
    viewer: int | None = None if args.viewer == 0 else args.viewer - 1
    if viewer is not None and not 0 <= viewer < match.state.num_players:
        raise CliError(f"--viewer must be a seat from 1 to {match.state.num_players}, "
                       f"or 0 for a spectator")
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.render import render_png

    try:
        render_png(args.game, match, str(args.out), viewer)
    except OSError as exc:
        raise CliError(f"cannot write {args.out}: {exc.strerror or exc}") from None
    print(f"wrote {args.out} ({game.title} after {match.decisions} decisions)")
    return 0


def _scenario_position(path: Path, scenario: Any) -> tuple[Any, Any]:
    """The game of a read scenario and the position it describes."""
    if scenario.game not in GAME_IDS:
        raise CliError(f"{path}: unknown game {scenario.game!r} "
                       f"(choose from: {', '.join(GAME_IDS)})")
    game = _get_game(scenario.game)
    return game, game.build_scenario(scenario)


def cmd_scenario(args: argparse.Namespace) -> int:
    from rules.core import CHANCE, Scenario

    scenario = Scenario.read(args.file)
    if args.play:
        from game.app import run_gui

        return run_gui(args.file)
    game, state = _scenario_position(args.file, scenario)
    decision = state.decision()
    seats = list(decision.players)
    actions = {p: state.legal_actions(p) for p in seats}
    if args.json:
        print(json.dumps({
            "game": game.id, "title": scenario.title, "about": scenario.about,
            "decision": {"kind": decision.kind.value, "players": seats},
            "actions": {str(p): [a.to_json() for a in acts] for p, acts in actions.items()},
        }))
        return 0
    print(f"{game.title}: {scenario.title or args.file}")
    if scenario.about:
        print(scenario.about)
    if decision.is_terminal:
        outcome = state.outcome()
        print(f"The game is over: {outcome.reason if outcome else ''}")
        return 0
    for p in seats:
        who = "Chance" if p == CHANCE else state.player_name(p)
        print(f"{who} decides ({len(actions[p])} legal actions):")
        for a in actions[p]:
            print(f"  {a.label or a}")
    return 0


def _percent(value: float | None) -> str:
    return "no estimate" if value is None else f"{100 * value:.0f} %"


def cmd_hint(args: argparse.Namespace) -> int:
    """The AI's analysis of a scenario's decision (``SearchAgent.analyse``)."""
    from ai.levels import make_analyst
    from ai.search.common import fixed_budget
    from rules.core import CHANCE, Scenario

    scenario = Scenario.read(args.scenario)
    game, state = _scenario_position(args.scenario, scenario)
    decision = state.decision()
    deciding = [p for p in decision.players if p != CHANCE]
    head = {"game": game.id, "scenario": str(args.scenario), "title": scenario.title,
            "decision": decision.kind.value, "level": args.level, "seed": args.seed,
            "fixed_budget": fixed_budget()}
    if args.seat is None and not deciding:
        why = ("the game is over" if decision.is_terminal
               else "chance decides next (dice or a shuffle): no seat has a choice to advise")
        if args.json:
            print(json.dumps({**head, "seat": None, "analysis": None, "why": why}))
        else:
            print(f"{game.title}: {scenario.title or args.scenario}\n{why[0].upper()}{why[1:]}.")
        return 0
    seat = deciding[0] if args.seat is None else args.seat - 1
    if seat >= state.num_players:
        raise CliError(f"--seat {args.seat}: this position has {state.num_players} seats")
    if seat not in deciding:
        who = ", ".join(str(p + 1) for p in deciding) or "none (chance or the end)"
        raise CliError(f"--seat {args.seat} does not decide here (deciding: {who})")
    agent = make_analyst(game.id, args.level, args.seed)
    start = time.perf_counter()
    analysis = agent.analyse(state.view(seat), seat)
    seconds = round(time.perf_counter() - start, 3)
    alternatives = analysis.alternatives(args.top)
    if args.json:
        out = analysis.to_json(top=args.top)
        print(json.dumps({**head, "seat": seat + 1, "player": state.player_name(seat),
                          "seconds": seconds, "analysis": out}))
        return 0
    chosen = analysis.option(analysis.choice)
    print(f"{game.title}: {scenario.title or args.scenario}")
    name = state.player_name(seat)
    who = name if "seat" in name.lower() else f"{name} (seat {seat + 1})"
    print(f"{who} decides; the {args.level} AI suggests: "
          f"{analysis.choice.label or analysis.choice}")
    if analysis.mixed and chosen is not None:
        print(f"  a mixed strategy: this is one draw; the AI plays it {_percent(chosen.share)}"
              f" of the time")
    elif chosen is not None and chosen.share < 1.0:
        print(f"  its share of the search: {_percent(chosen.share)}")
    print(f"  chance to win now: {_percent(analysis.value)}; after the suggested move: "
          f"{_percent(analysis.after())}")
    if alternatives:
        print(f"  alternatives ({len(alternatives)} of {len(analysis.options) - 1}):")
        for o in alternatives:
            share = f", {'played' if analysis.mixed else 'share'} {_percent(o.share)}"
            print(f"    {o.action.label or o.action}: {_percent(o.value)}{share}")
    print(f"  ({analysis.note}; {seconds} s)")
    return 0


def cmd_content(args: argparse.Namespace) -> int:
    game = _get_game(args.game)
    entries = game.content()
    if args.json:
        print(json.dumps({"game": game.id, "entries": [
            {"kind": e.kind, "name": e.name, "source": e.source, "reason": e.reason}
            for e in entries]}))
        return 0
    for e in entries:
        reason = f" — {e.reason}" if e.reason else ""
        print(f"{e.kind:<14} {e.name:<34} {e.source}{reason}")
    counts: dict[str, int] = {}
    for e in entries:
        counts[e.source] = counts.get(e.source, 0) + 1
    print(f"{len(entries)} entries: " + ", ".join(f"{n} {s}" for s, n in sorted(counts.items())))
    return 0


def cmd_selftest(args: argparse.Namespace) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game.selftest import run_selftest, run_tutorial_selftest

    if args.tutorial is not None:
        _get_game(args.tutorial)
        return run_tutorial_selftest(args.tutorial)
    if args.game is not None:
        _get_game(args.game)
    return run_selftest(args.game, args.direct)


def cmd_bench(args: argparse.Namespace) -> int:
    from ai.arena import bench_ai, bench_engine
    from rules.registry import available_games

    games = [args.game] if args.game else available_games()
    if args.ponder:
        return _bench_ponder(args, games)
    report: dict[str, Any] = {"games": {}}
    idle = not args.no_gui and args.idle_seconds > 0
    if idle:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        from game.bench import measure_idle

        sys.stderr.write("bench: idle CPU at the title...\n")
        report["title_idle"] = measure_idle(None, args.idle_seconds)
    for gid in games:
        game = _get_game(gid)
        sys.stderr.write(f"bench {gid}: engine...\n")
        entry: dict[str, Any] = {"engine": bench_engine(game, args.seconds)}
        entry["ai"] = {}
        for level in args.levels:
            sys.stderr.write(f"bench {gid}: AI {level}...\n")
            entry["ai"][level] = bench_ai(game, level, args.ai_decisions,
                                           players=args.players)
        if not args.no_gui:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
            from game.bench import measure_frames

            sys.stderr.write(f"bench {gid}: GUI frames...\n")
            entry["gui"] = measure_frames(gid)
        if idle:
            sys.stderr.write(f"bench {gid}: idle CPU at the table...\n")
            entry["idle"] = measure_idle(gid, args.idle_seconds)
        report["games"][gid] = entry
    if args.json:
        print(json.dumps(report))
    else:
        if "title_idle" in report:
            print(f"title idle: {_idle_line(report['title_idle'])}")
        for gid, entry in report["games"].items():
            eng = entry["engine"]
            print(f"{gid}: engine {eng['decisions_per_s']} decisions/s, "
                  f"{eng['matches_per_s']} matches/s")
            for level, ai in entry["ai"].items():
                print(f"  AI {level:<6} mean {ai['mean_ms']} ms, p95 {ai['p95_ms']} ms "
                      f"over {ai['decisions']} decisions")
            if "gui" in entry:
                for phase, t in entry["gui"].items():
                    print(f"  GUI {phase}: p50 {t['p50_ms']} ms, p99 {t['p99_ms']} ms")
            if "idle" in entry:
                print(f"  GUI idle at the table: {_idle_line(entry['idle'])}")
    return 0


def _bench_ponder(args: argparse.Namespace, games: list[str]) -> int:
    """``bench --ponder``: per game, the table's frame times while the AI ponders and while
    it does not (``game.bench.measure_ponder_frames``), unless ``--no-gui``; then the hit
    rate and the time saved over the person's decisions (``measure_ponder``)."""
    from game.bench import measure_ponder, measure_ponder_frames

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    report: dict[str, Any] = {"games": {}}
    for gid in games:
        _get_game(gid)
        entry: dict[str, Any] = {}
        if not args.no_gui:
            sys.stderr.write(f"bench {gid}: frames with and without pondering...\n")
            entry["frames"] = measure_ponder_frames(gid, 2 * args.seconds, args.ponder_level)
        sys.stderr.write(f"bench {gid}: pondering's hit rate...\n")
        entry["ponder"] = measure_ponder(gid, args.ponder_decisions, args.think,
                                         args.ponder_level)
        report["games"][gid] = entry
        if not args.json:
            if "frames" in entry:
                for phase in ("pondering", "not_pondering"):
                    t = entry["frames"][phase]
                    print(f"{gid}: GUI {phase}: p50 {t['p50_ms']} ms, p99 {t['p99_ms']} ms "
                          f"over {t['frames']} frames")
            p = entry["ponder"]
            print(f"{gid}: pondered {p['hits']} of {p['hits'] + p['misses']} AI decisions "
                  f"(hit rate {p['hit_rate']}); AI turns {p['on']['ai_mean_ms']} ms mean "
                  f"with pondering, {p['off']['ai_mean_ms']} ms without; "
                  f"{p['saved_s']} s of search saved")
    if args.json:
        print(json.dumps(report))
    return 0


def _idle_line(idle: dict[str, Any]) -> str:
    return (f"{idle['cpu_percent']} % of a core, {idle['frames_drawn']} frames drawn "
            f"in {idle['wall_s']} s")


COMMANDS = {
    "simulate": cmd_simulate,
    "tournament": cmd_tournament,
    "balance": cmd_balance,
    "replay": cmd_replay,
    "render": cmd_render,
    "scenario": cmd_scenario,
    "hint": cmd_hint,
    "content": cmd_content,
    "selftest": cmd_selftest,
    "bench": cmd_bench,
}


def run(argv: Sequence[str]) -> int:
    """Parse ``argv`` and run; every expected failure becomes one line on stderr."""
    from rules.core import ContentError, SaveError, ScenarioError, SetupError

    try:
        args = build_parser().parse_args(list(argv))
        if args.command is None:
            from game.app import run_gui

            return run_gui()
        return COMMANDS[args.command](args)
    except (CliError, SaveError, SetupError, ContentError, ScenarioError) as exc:
        sys.stderr.write(f"{PROG}: error: {exc}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write(f"{PROG}: interrupted\n")
        return 130


def main() -> None:
    multiprocessing.freeze_support()
    sys.exit(run(sys.argv[1:]))


if __name__ == "__main__":
    main()
