"""Pondering: an AI seat thinks on a person's time (issue #20).

While a person decides and an AI seat is to decide after them, a worker process takes that
AI seat's view and nothing else, foresees the views the seat may be shown after the
person's move (``forecast``: worlds determinized from the seat's view, the person's every
legal move in each, chance after it by its odds, grouped by the seat's resulting view) and
runs the seat's own agent — a copy in the state the seat's agent is in now — on the
likeliest of those views, one after another (``ponder``). Each answer is kept under the
view's ``fingerprint``, a digest of the view alone. When the person has moved and the seat
is to decide, a view whose fingerprint was pondered is answered at once with the pondered
choice, and the seat's agent takes the state the copy ended in, so the match goes on as if
the seat had thought then; any other view (one still being pondered included) is a miss,
thought about as usual, and costs nothing but the worker's spare CPU.

Nothing here reads a full state: ``forecast`` and ``ponder`` are handed the seat's view, so
what the person's seat has not revealed cannot reach them (docs/ai.md, "Pondering").
"""

from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import pickle
import random
import sys
import threading
import time
import types
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from ai.levels import make_agent
from ai.search.common import FIXED_BUDGET_ENVS, fixed_budget
from rules.core.actions import CHANCE, Action
from rules.core.match import Agent
from rules.core.state import GameState

#: The levels that ponder when the setting is on: the slow ones. Below hard a decision
#: takes well under a second (docs/performance.md), so pondering would only spend CPU.
PONDER_LEVELS: tuple[str, ...] = ("hard", "expert")

#: Worlds determinized from the seat's view to foresee the person's moves.
WORLDS = 12
#: At most this many of the person's moves are tried in each world (a sample when more).
MOVES_PER_WORLD = 24
#: The person's decisions followed before the seat is to decide (the person's first move
#: is enumerated, later ones of the same turn played at random).
PERSON_STEPS = 8
#: Views pondered at most per person's decision (likeliest first).
MAX_VIEWS = 12
#: Views foreseen with less than this share of the moves are not pondered.
MIN_SHARE = 0.01


class PonderUnavailable(Exception):
    """This agent cannot be copied to a worker (it holds something that cannot be sent)."""


def fingerprint(view: GameState, seat: int) -> str:
    """A digest of ``seat``'s view (its JSON) and the seat: what a pondered answer is kept
    under. It is made from the view alone, never from a full state."""
    blob = json.dumps({"seat": seat, "view": view.to_json()}, sort_keys=True,
                      separators=(",", ":"), default=str)
    return hashlib.sha256(blob.encode()).hexdigest()


# -- copying an agent between processes ------------------------------------------------------
# An agent is pickled whole (its generators' states included), except the functions it was
# built with that cannot be pickled (closures made by a game's make_agent): those are sent
# as their place in the agent and taken from a fresh agent of the same level and seed on
# the other side, which holds the same functions at the same places.

Path = tuple[Any, ...]


def _local(obj: object) -> bool:
    return isinstance(obj, types.FunctionType) and (
        "<locals>" in obj.__qualname__ or "<lambda>" in obj.__qualname__)


def _unpicklable(agent: object) -> dict[Path, object]:
    """The local functions reachable from ``agent``, by their place in it."""
    found: dict[Path, object] = {}
    seen: set[int] = set()

    def walk(obj: object, path: Path) -> None:
        if id(obj) in seen or len(path) > 12:
            return
        seen.add(id(obj))
        if _local(obj):
            found[path] = obj
            return
        if isinstance(obj, (str, bytes, int, float, bool, type(None), random.Random)):
            return
        if isinstance(obj, (list, tuple)):
            for i, item in enumerate(obj):
                walk(item, (*path, i))
        elif isinstance(obj, dict):
            for key, item in obj.items():
                walk(item, (*path, repr(key)))
        elif isinstance(obj, types.FunctionType | types.BuiltinFunctionType | type):
            return
        else:
            fields_ = getattr(obj, "__dict__", None)
            if isinstance(fields_, dict):
                for name, item in fields_.items():
                    walk(item, (*path, name))
            for name in getattr(type(obj), "__slots__", ()):
                if hasattr(obj, name):
                    walk(getattr(obj, name), (*path, name))

    walk(agent, ())
    return found


class _AgentPickler(pickle.Pickler):
    def __init__(self, file: Any, places: dict[int, Path]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.places = places

    def persistent_id(self, obj: Any) -> Any:
        if _local(obj):
            place = self.places.get(id(obj))
            if place is None:
                raise PonderUnavailable(f"{obj.__qualname__} cannot be sent to a worker")
            return ("local", place)
        return None


class _AgentUnpickler(pickle.Unpickler):
    def __init__(self, file: Any, functions: dict[Path, object]) -> None:
        super().__init__(file)
        self.functions = functions

    def persistent_load(self, pid: Any) -> Any:
        tag, place = pid
        if tag != "local" or place not in self.functions:
            raise pickle.UnpicklingError(f"no function at {place!r} in the fresh agent")
        return self.functions[place]


def freeze_agent(agent: Agent) -> bytes:
    """``agent`` as bytes: its whole state, the functions it cannot pickle by their place."""
    import io

    places = {id(fn): path for path, fn in _unpicklable(agent).items()}
    out = io.BytesIO()
    try:
        _AgentPickler(out, places).dump(agent)
    except (pickle.PicklingError, TypeError, AttributeError) as exc:
        raise PonderUnavailable(str(exc)) from None
    return out.getvalue()


def thaw_agent(blob: bytes, template: Agent) -> Agent:
    """The agent ``freeze_agent`` made ``blob`` from; ``template`` is an agent of the same
    game, level and seed (in any state), whose functions the copy takes."""
    import io

    agent: Agent = _AgentUnpickler(io.BytesIO(blob), _unpicklable(template)).load()
    return agent


# -- what the seat may be shown next ---------------------------------------------------------
@dataclass
class Foreseen:
    """A view the seat may be shown at its next decision, and the share of the person's
    moves (over the sampled worlds) that lead to it."""

    fingerprint: str
    view: GameState
    share: float


def _actor(state: GameState) -> int | None:
    decision = state.decision()
    if decision.is_terminal or not decision.players:
        return None
    return decision.players[0]


def forecast(view: GameState, seat: int, person: int, rng: random.Random,
             worlds: int = WORLDS) -> list[Foreseen]:
    """The views ``seat`` may be shown when it is next to decide after ``person``'s
    decision, likeliest first, from ``seat``'s ``view`` only: in each of ``worlds`` worlds
    determinized from it, each of the person's legal moves (at most ``MOVES_PER_WORLD``,
    a sample beyond) weighs the same, chance after it is drawn by its odds and later
    decisions of the person's in the same turn are played at random; a move after which
    another seat decides first is not followed."""
    found: dict[str, Foreseen] = {}
    for _ in range(worlds):
        world = view.determinize(seat, rng)
        if _actor(world) != person:
            continue
        moves = world.legal_actions(person)
        if len(moves) > MOVES_PER_WORLD:
            moves = rng.sample(moves, MOVES_PER_WORLD)
        for move in moves:
            after = _after(world, person, move, seat, rng)
            if after is None:
                continue
            seen = after.view(seat)
            key = fingerprint(seen, seat)
            entry = found.get(key)
            if entry is None:
                entry = found[key] = Foreseen(key, seen, 0.0)
            entry.share += 1.0 / (worlds * len(moves))
    return sorted(found.values(), key=lambda f: (-f.share, f.fingerprint))


def _after(world: GameState, person: int, move: Action, seat: int,
           rng: random.Random) -> GameState | None:
    """``world`` after ``person``'s ``move`` up to ``seat``'s next decision (None if another
    seat, or the end, comes first)."""
    state = world.clone()
    state.apply_unchecked(person, move)
    steps = 1
    while True:
        actor = _actor(state)
        if actor == CHANCE:
            state.apply_unchecked(CHANCE, state.sample_chance(rng))
        elif actor == person and steps < PERSON_STEPS:
            state.apply_unchecked(person, rng.choice(state.legal_actions(person)))
            steps += 1
        else:
            return state if actor == seat else None


@dataclass(frozen=True)
class Job:
    """What a worker is given: the seat's view and agent, never more."""

    game_id: str
    level: str
    agent_seed: int
    agent: bytes  # freeze_agent of the seat's agent as it is now
    seat: int
    person: int
    view: GameState  # the seat's view now
    fixed: bool = field(default_factory=fixed_budget)
    max_views: int = MAX_VIEWS
    worlds: int = WORLDS


@dataclass(frozen=True)
class Pondered:
    """A pondered decision: the choice for the view with ``fingerprint``, the agent's state
    after making it, and the seconds the search took."""

    fingerprint: str
    action: Action
    agent: bytes
    seconds: float
    share: float


def job_rng(job: Job) -> random.Random:
    """The forecast's generator: from the agent's seed and the seat's view, so the same view
    always foresees the same moves."""
    return random.Random(f"ponder:{job.agent_seed}:{fingerprint(job.view, job.seat)}")


def ponder(job: Job) -> Iterator[Foreseen | Pondered]:
    """The worker's work: each view it will ponder (``Foreseen``, before its search), then
    its answer (``Pondered``), likeliest first."""
    foreseen = forecast(job.view, job.seat, job.person, job_rng(job), job.worlds)
    template = make_agent(job.game_id, job.level, job.agent_seed)
    for view in [f for f in foreseen if f.share >= MIN_SHARE][: job.max_views]:
        yield view
        agent = thaw_agent(job.agent, template)
        began = time.perf_counter()
        action = agent.choose(view.view, job.seat)
        took = time.perf_counter() - began
        yield Pondered(view.fingerprint, action, freeze_agent(agent), took, view.share)


def ponder_all(job: Job) -> dict[str, Pondered]:
    """Every pondered answer of ``job``, by fingerprint (in this process: tests, bench)."""
    return {p.fingerprint: p for p in ponder(job) if isinstance(p, Pondered)}


# -- the worker process ------------------------------------------------------------------------
def _serve(conn: Connection, job: Job) -> None:
    """The worker's main: ponder ``job``, sending each step to the session."""
    if hasattr(os, "nice"):
        try:
            os.nice(10)  # the table's process comes first
        except OSError:
            pass
    for name in FIXED_BUDGET_ENVS:
        os.environ.pop(name, None)
    if job.fixed:
        os.environ[FIXED_BUDGET_ENVS[0]] = "1"
    try:
        for step in ponder(job):
            if isinstance(step, Foreseen):
                conn.send(("start", step.fingerprint))
            else:
                conn.send(("done", step))
        conn.send(("end", None))
    except (BrokenPipeError, EOFError, KeyboardInterrupt):
        pass
    except Exception as exc:  # noqa: BLE001 - told to the session, which thinks as usual
        try:
            conn.send(("error", f"{type(exc).__name__}: {exc}"))
        except (BrokenPipeError, OSError):
            pass
    finally:
        conn.close()


_context: Any = None


def context() -> Any:
    """The multiprocessing context workers start from: ``forkserver`` where the system has
    it (a fresh process, not a fork of the window's, that forks each worker with the AI
    already imported), else ``spawn``; never a plain fork of a process running SDL and
    threads."""
    global _context
    if _context is None:
        frozen = getattr(sys, "frozen", False)
        methods = multiprocessing.get_all_start_methods()
        method = "forkserver" if "forkserver" in methods and not frozen else "spawn"
        _context = multiprocessing.get_context(method)
        if method == "forkserver":
            _context.set_forkserver_preload(["ai.ponder.preload"])
    return _context


def warm() -> None:
    """Start the fork server (which imports every game's AI, a second or two) in a thread,
    so that the first worker starts at once."""
    ctx = context()
    if ctx.get_start_method() != "forkserver":
        return
    from multiprocessing import forkserver

    threading.Thread(target=forkserver.ensure_running, daemon=True,
                     name="arena-ponder-warm").start()


class Ponderer:
    """One worker process pondering one job; the session asks it for answers and stops it."""

    def __init__(self, job: Job) -> None:
        self.job = job
        self.answers: dict[str, Pondered] = {}
        self.current: str | None = None  # the fingerprint being searched now
        self.finished = False
        self.stopping = False
        self.launched = False  # the starting thread is done with the process
        self.lock = threading.Lock()
        self.error: str | None = None
        ctx = context()
        self.conn, child = ctx.Pipe(duplex=False)
        self.process = ctx.Process(target=_serve, args=(child, job), daemon=True,
                                   name="arena-ponder")
        # started from a thread: starting a process waits for the system (and the first
        # start for the fork server to import the games), which a frame must not
        self.starting = threading.Thread(target=self._start, args=(child,), daemon=True,
                                         name="arena-ponder-start")
        self.starting.start()

    def _start(self, child: Connection) -> None:
        try:
            self.process.start()
        except Exception as exc:  # noqa: BLE001 - no worker: the AI thinks on its own turn
            self.error = f"the pondering worker could not start: {exc}"
        finally:
            child.close()
        with self.lock:
            self.launched = True
            stopped = self.stopping
        if stopped:  # stopped while starting: ended here, so stop() never waits
            self._end()

    @property
    def started(self) -> bool:
        return self.launched

    def poll(self) -> None:
        """Take what the worker has sent (never waits)."""
        if not self.started:
            return
        if self.error is not None and not self.finished:
            self.finished = True
            return
        try:
            while not self.finished and self.conn.poll():
                kind, body = self.conn.recv()
                if kind == "start":
                    self.current = body
                elif kind == "done":
                    self.answers[body.fingerprint] = body
                    self.current = None
                else:
                    self.finished = True
                    self.current = None
                    self.error = body if kind == "error" else None
        except (EOFError, OSError):
            self.finished = True
            self.current = None
        if self.finished:
            self.reap()

    def reap(self) -> None:
        """Join the worker once it has ended (no zombie)."""
        if self.process.pid is not None and not self.process.is_alive():
            self.process.join(timeout=0)

    @property
    def alive(self) -> bool:
        return self.started and self.process.pid is not None and self.process.is_alive()

    def stop(self, wait: bool = False) -> None:
        """End the worker now (it holds nothing that needs saving): terminated and joined by
        a thread of its own, or here with ``wait``; one still starting is ended by its
        starting thread once started (waited for too with ``wait``)."""
        with self.lock:
            self.stopping = True
            launched = self.launched
        self.finished = True
        self.current = None
        if launched and wait:
            self._end()
        elif launched:  # ended and joined by a thread: the table's frame does not wait
            threading.Thread(target=self._end, daemon=True, name="arena-ponder-end").start()
        elif wait:
            self.starting.join()

    def _end(self) -> None:
        if self.process.pid is None:  # it never started
            self.conn.close()
            return
        if self.process.is_alive():
            self.process.terminate()
        self.process.join(timeout=5)
        if self.process.is_alive():  # pragma: no cover - a worker ignoring SIGTERM
            self.process.kill()
            self.process.join(timeout=5)
        self.conn.close()


__all__ = ["PONDER_LEVELS", "Foreseen", "Job", "Pondered", "Ponderer", "PonderUnavailable",
           "fingerprint", "forecast", "freeze_agent", "ponder", "ponder_all", "thaw_agent"]
