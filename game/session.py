"""A match at the table: seats (human or AI), the AI thinking in a worker thread (and, while
a person decides, pondering in a worker process: ai.ponder), chance resolved by the driver,
the event log, resign, and save/load through the match record."""

from __future__ import annotations

import random
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.winchance import WinSeries
from rules import registry
from rules.core import (
    CHANCE,
    Action,
    Agent,
    Checkpoint,
    Event,
    Game,
    GameState,
    IllegalAction,
    Match,
    MatchRecord,
    Outcome,
    SaveError,
    Scenario,
    ScenarioError,
    SetupError,
    load_record,
    save_record,
)

if TYPE_CHECKING:
    from ai.ponder import Ponderer

AI_LEVELS = ("easy", "normal", "hard", "expert", "random")


def level_note(level: str) -> str:
    """``level``'s one line for the setup screen ("expert: thinks up to 3 s a move"),
    from ai.levels when it is there."""
    try:
        from ai.levels import LEVEL_DESCRIPTIONS
    except ImportError:
        return level
    note = LEVEL_DESCRIPTIONS.get(level)
    return f"{level}: {note}" if note else level


class SessionError(Exception):
    """A match that cannot be started or loaded; the message is one readable sentence."""


@dataclass(frozen=True)
class Seat:
    """Who sits in a seat: a person, or the AI at a level."""

    human: bool
    level: str = "normal"

    def to_json(self) -> dict[str, Any]:
        return {"human": self.human, "level": self.level}

    @classmethod
    def from_json(cls, data: Any) -> Seat:
        if not isinstance(data, dict):
            raise ValueError("a seat must be an object")
        return cls(bool(data.get("human", False)), str(data.get("level", "normal")))

    def describe(self) -> str:
        return "Human" if self.human else f"AI ({self.level})"


class RandomAgent:
    """Picks a legal action uniformly (the AI level "random", and the stand-in while the
    ai package is not installed)."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: GameState, player: int) -> Action:
        return self.rng.choice(view.legal_actions(player))


def make_agent(game_id: str, level: str, seed: int) -> Agent:
    """The AI for a seat, from ai.levels when it is there."""
    try:
        from ai.levels import make_agent as ai_make_agent
    except ImportError:
        return RandomAgent(seed)
    return ai_make_agent(game_id, level, seed)


class AiTurn:
    """One AI decision computed in a worker thread, so the table keeps animating."""

    def __init__(self, agent: Agent, view: GameState, seat: int) -> None:
        self.seat = seat
        self.action: Action | None = None
        self.error: str | None = None
        self.thread = threading.Thread(target=self._think, args=(agent, view), daemon=True)
        self.thread.start()

    def _think(self, agent: Agent, view: GameState) -> None:
        try:
            self.action = agent.choose(view, self.seat)
        except Exception as exc:  # noqa: BLE001 - the table shows it instead of crashing
            self.error = f"the AI for seat {self.seat + 1} failed: {exc}"

    @property
    def ready(self) -> bool:
        return not self.thread.is_alive()


class PonderedTurn:
    """An AI decision answered by pondering (ai.ponder), at once. ``agent`` is the state the
    seat's agent is in after deciding (the session's agent takes it: the match goes on as if
    the seat had thought now)."""

    def __init__(self, ponderer: Ponderer, key: str, seat: int) -> None:
        self.ponderer, self.key, self.seat = ponderer, key, seat
        self.action: Action | None = None
        self.agent: bytes | None = None
        self.error: str | None = None
        self.check()

    def check(self) -> None:
        answer = self.ponderer.answers.get(self.key)
        if answer is not None:
            self.action, self.agent = answer.action, answer.agent
        elif self.ponderer.finished:
            self.error = (f"the AI for seat {self.seat + 1} failed while pondering: "
                          f"{self.ponderer.error or 'its worker ended'}")

    @property
    def ready(self) -> bool:
        if self.action is None and self.error is None:
            self.ponderer.poll()
            self.check()
        return self.action is not None or self.error is not None


@dataclass
class PonderStats:
    """What pondering bought in a session: of the AI decisions that followed a person's
    decision pondered for that seat, ``hits`` were answered at once, ``misses`` (a view
    not pondered, or still being pondered: the worker runs at a lower priority) were thought
    about as usual; ``saved_s`` the search seconds the AI did not spend on its turn."""

    hits: int = 0
    misses: int = 0
    saved_s: float = 0.0
    pondered: int = 0  # answers the workers computed
    started: int = 0  # workers started

    @property
    def asked(self) -> int:
        return self.hits + self.misses


class Session:
    """One match being played in the GUI."""

    def __init__(self, game: Game, setup: dict[str, Any], seats: list[Seat], seed: int,
                 match: Match | None = None) -> None:
        self.game = game
        try:
            self.match = match or Match(game, setup, seed)
        except (SetupError, ScenarioError) as exc:
            raise SessionError(f"{game.title} cannot start: {exc}") from None
        self.seats = seats
        self.agent_seeds = {i: seed * 31 + i for i, s in enumerate(seats) if not s.human}
        self.agents: dict[int, Agent] = {
            i: make_agent(game.id, seats[i].level, agent_seed)
            for i, agent_seed in self.agent_seeds.items()
        }
        self.log: list[Event] = []
        self.ai_turn: AiTurn | PonderedTurn | None = None
        self.resigned: int | None = None
        self.match.record.meta["seats"] = [s.to_json() for s in seats]
        #: where each person's own choices were made this sitting (a checkpoint and the
        #: log's length then), newest last: what Undo goes back to
        self.undo_points: list[tuple[Checkpoint, int]] = []
        #: AI turns dropped by an undo while still thinking: the agent is not asked again
        #: until they have finished (an agent thinks in one thread at a time)
        self.dropped: list[AiTurn] = []
        #: the AI's estimates of the people's chances, one per decision (the win-chance bar
        #: and the result's graph); an undo drops those of the decisions taken back
        self.win = WinSeries()
        #: pondering (ai.ponder): the worker of the person's decision ``ponder_key``
        self.ponderer: Ponderer | None = None
        self.ponder_key: tuple[int, int, int] | None = None
        self.ponder_stats = PonderStats()
        self.warmed = False  # the workers' fork server asked to start (ai.ponder.warm)

    # -- creation ----------------------------------------------------------------------
    @classmethod
    def new(cls, game_id: str, setup: dict[str, Any], seats: list[Seat], seed: int) -> Session:
        try:
            game = registry.get_game(game_id)
        except registry.UnknownGame as exc:
            raise SessionError(str(exc)) from None
        session = cls(game, setup, seats, seed)
        session.log.extend(session.match.advance_chance())
        return session

    @classmethod
    def from_scenario(cls, path: str | Path, seats: list[Seat] | None, seed: int) -> Session:
        """A match from the position a scenario file describes (default seats: you at the
        seat that decides first — the position is there to be played — the AI at normal
        elsewhere); a bad file is one readable SessionError."""
        try:
            scenario = Scenario.read(path)
            game = registry.get_game(scenario.game)
            match = Match(game, {}, seed, scenario)
        except (ScenarioError, registry.UnknownGame) as exc:
            raise SessionError(str(exc)) from None
        session = cls(game, match.setup, seats or scenario_seats(match), seed, match)
        session.log.append(scenario_event(game, scenario))
        session.log.extend(match.advance_chance())
        return session

    @classmethod
    def from_match(cls, match: Match, seats: list[Seat] | None = None) -> Session:
        """Wrap a match already under way; its log is rebuilt by replaying its record."""
        n = match.state.num_players
        session = cls(match.game, match.setup, seats or default_seats(n), match.seed, match)
        session.log = replay_events(match.game, match.record)
        return session

    @classmethod
    def load(cls, path: str | Path) -> Session:
        """Load a save: the match record is replayed step by step."""
        try:
            record = load_record(path)
            game = registry.get_game(record.game)
            match = Match.from_record(game, record)
            session = cls(game, match.setup, seats_from_record(record, match), record.seed, match)
            if record.scenario is not None:
                session.log.append(scenario_event(game, Scenario.from_mapping(record.scenario)))
            for i, (player, action) in enumerate(record.steps):
                try:
                    session.log.extend(match.submit(player, action))
                except IllegalAction as exc:
                    raise SessionError(
                        f"{Path(path).name}: step {i + 1} cannot be replayed: {exc}"
                    ) from None
        except SaveError as exc:
            raise SessionError(str(exc)) from None
        except (registry.UnknownGame, SetupError, ScenarioError, ValueError) as exc:
            raise SessionError(f"{Path(path).name}: {exc}") from None
        session.log.extend(match.advance_chance())
        return session

    def save(self, path: str | Path) -> None:
        """Write the match record (raises SessionError with a readable sentence)."""
        record = self.match.record
        record.final_hash = self.match.state.state_hash()
        try:
            save_record(path, record)
        except SaveError as exc:
            raise SessionError(str(exc)) from None

    # -- whose turn --------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        return self.match.state

    @property
    def over(self) -> bool:
        return self.resigned is not None or self.match.over

    def actor(self) -> int | None:
        """The seat to act now (simultaneous decisions are gathered one seat at a time)."""
        if self.over:
            return None
        decision = self.state.decision()
        return decision.players[0] if decision.players and not decision.is_chance else None

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and 0 <= seat < len(self.seats) and self.seats[seat].human

    def name(self, seat: int) -> str:
        return self.state.player_name(seat)

    # -- acting --------------------------------------------------------------------------
    def submit(self, seat: int, action: Action, chosen: bool = False) -> list[Event]:
        """A seat's action, then any chance that follows; returns the new events.
        ``chosen``: a person picked it (not a forced move), so Undo can go back to it."""
        point = self.match.checkpoint(seat) if chosen and self.is_human(seat) else None
        step = len(self.match.record.steps)
        events = self.match.submit(seat, action)
        self.win.made(step, seat, action)
        if point is not None:
            self.undo_points.append((point, len(self.log)))
        events.extend(self.match.advance_chance())
        self.log.extend(events)
        return events

    def start_ai(self) -> None:
        seat = self.actor()
        if seat is None or self.is_human(seat) or self.ai_turn is not None:
            return
        self.dropped = [t for t in self.dropped if not t.ready]
        if self.dropped:
            return  # asked again on a later frame
        view = self.state.view(seat)
        self.ai_turn = self.pondered_turn(seat, view) or AiTurn(self.agents[seat], view, seat)

    def poll_ai(self) -> list[Event] | None:
        """Apply the AI's action once it is ready; None while it is still thinking."""
        turn = self.ai_turn
        if turn is None or not turn.ready:
            return None
        self.ai_turn = None
        if turn.error:
            raise SessionError(turn.error)
        assert turn.action is not None
        if isinstance(turn, PonderedTurn):
            self.stop_pondering()
            assert turn.agent is not None
            from ai.ponder import thaw_agent

            self.agents[turn.seat] = thaw_agent(turn.agent, self.agents[turn.seat])
        try:
            return self.submit(turn.seat, turn.action)
        except IllegalAction as exc:
            raise SessionError(f"the AI for seat {turn.seat + 1} chose badly: {exc}") from None

    @property
    def thinking(self) -> bool:
        return self.ai_turn is not None

    # -- pondering: the AI thinks on the person's time ---------------------------------------
    def ponder_seat(self, person: int) -> int | None:
        """The AI seat pondered while ``person`` decides: the first seat after the person's
        in seat order that the AI plays at a pondering level (ai.ponder.PONDER_LEVELS)."""
        from ai.levels import parse_agent
        from ai.ponder import PONDER_LEVELS

        n = len(self.seats)
        for k in range(1, n):
            seat = (person + k) % n
            if seat in self.agents:
                try:
                    level = parse_agent(self.seats[seat].level)[0]
                except ValueError:
                    continue
                if level in PONDER_LEVELS:
                    return seat
        return None

    def think_ahead(self, on: bool) -> None:
        """Called every frame by the window: while a person decides, an AI seat ponders in a
        worker process (started once per decision of the person's); off, over or undone, the
        worker stops. What was pondered is kept for the AI's turn (``start_ai``)."""
        if self.ponderer is not None:
            self.ponderer.poll()
        if not on or self.over:
            self.stop_pondering()
            return
        if not self.warmed:
            self.warmed = True
            if any(self.ponder_seat(h) is not None for h in self.human_seats()):
                from ai.ponder import warm

                warm()
        actor = self.actor()
        if actor is None or not self.is_human(actor):
            return
        key = (len(self.match.record.steps), self.match.decisions, actor)
        if key == self.ponder_key:
            return
        if any(not t.ready for t in self.dropped):
            return  # an agent still thinks about a move taken back: not copied now
        self.stop_pondering()
        self.ponder_key = key
        seat = self.ponder_seat(actor)
        if seat is None:
            return
        from ai.ponder import Job, Ponderer, PonderUnavailable, freeze_agent

        try:
            job = Job(self.game.id, self.seats[seat].level, self.agent_seeds[seat],
                      freeze_agent(self.agents[seat]), seat, actor, self.state.view(seat))
        except PonderUnavailable:
            return  # this agent cannot be copied to a worker: it thinks on its own turn
        self.ponderer = Ponderer(job)
        self.ponder_stats.started += 1

    def pondered_turn(self, seat: int, view: GameState) -> PonderedTurn | None:
        """The AI's turn answered by pondering when ``view`` was pondered for ``seat``; None
        (the worker stopped, a miss) otherwise — a view still being pondered too: the worker
        runs at a lower priority than the seat's thread would, so it is not waited for."""
        ponderer = self.ponderer
        if ponderer is None:
            return None
        from ai.ponder import fingerprint

        ponderer.poll()
        stats = self.ponder_stats
        key = fingerprint(view, seat) if ponderer.job.seat == seat else None
        answer = ponderer.answers.get(key) if key is not None else None
        if key is not None and answer is not None:
            stats.hits += 1
            stats.saved_s += answer.seconds
        else:
            stats.misses += 1
            self.stop_pondering()
            return None
        return PonderedTurn(ponderer, key, seat)

    def stop_pondering(self, wait: bool = False) -> None:
        """Stop the pondering worker (quit, new game, load, undo, setting off); what it had
        pondered is dropped. A worker still starting ends as soon as it has started (at
        once with ``wait``)."""
        ponderer, self.ponderer = self.ponderer, None
        if ponderer is not None:
            self.ponder_stats.pondered += len(ponderer.answers)
            ponderer.stop(wait)
        if isinstance(self.ai_turn, PonderedTurn) and self.ai_turn.ponderer is ponderer \
                and not self.ai_turn.ready:
            self.ai_turn = None  # asked again (thought about as usual) on the next frame

    def close(self, wait: bool = False) -> None:
        """The match leaves the table: no worker outlives it (``wait``: quitting, the
        worker is ended before this returns)."""
        self.stop_pondering(wait)

    # -- taking moves back -----------------------------------------------------------------
    def undo_point(self, seat: int) -> Checkpoint | None:
        """Where Undo would take ``seat`` back to: just before its last own choice."""
        if self.resigned is not None:
            return None
        return next((p for p, _ in reversed(self.undo_points) if p.seat == seat), None)

    def undo_reveals(self, seat: int) -> bool:
        """Whether taking ``seat``'s last choice back would un-reveal a secret (the match
        then counts as practice)."""
        point = self.undo_point(seat)
        return point is not None and self.match.reveals(point, seat)

    def undo(self, seat: int) -> bool:
        """Take ``seat``'s last choice back, every move since (the AI's replies too)
        undone; the exact earlier state, chance RNG included. A secret revealed since
        marks the match as practice (in its record). False if there is nothing to undo."""
        point = self.undo_point(seat)
        if point is None:
            return False
        if self.match.reveals(point, seat):
            self.match.record.meta["practice"] = True
        if isinstance(self.ai_turn, AiTurn):  # a reply being thought about is dropped
            self.dropped.append(self.ai_turn)
        self.ai_turn = None
        self.stop_pondering()
        self.ponder_key = None
        self.match.restore(point)
        self.win.undo(point.steps, point.decisions)
        index = next(i for i, (p, _) in enumerate(self.undo_points) if p is point)
        del self.log[self.undo_points[index][1]:]
        del self.undo_points[index:]
        return True

    @property
    def practice(self) -> bool:
        """A move was taken back after a secret had been revealed."""
        return bool(self.match.record.meta.get("practice"))

    def resign(self, seat: int) -> None:
        self.resigned = seat

    def outcome(self) -> Outcome | None:
        if self.resigned is not None:
            n = self.state.num_players
            scores = tuple(0.0 if i == self.resigned else 1.0 for i in range(n))
            return Outcome(scores, f"{self.name(self.resigned)} resigned")
        return self.match.outcome()


def default_seats(players: int) -> list[Seat]:
    """Seat 1 is the person, the others are the AI at normal."""
    return [Seat(True)] + [Seat(False, "normal") for _ in range(players - 1)]


def scenario_seats(match: Match) -> list[Seat]:
    """You at the seat a position asks to decide (seat 1 if chance decides first)."""
    n = match.state.num_players
    decision = match.state.decision()
    you = decision.players[0] if decision.players and not decision.is_chance else 0
    return [Seat(True) if seat == you else Seat(False, "normal") for seat in range(n)]


def seats_from_record(record: MatchRecord, match: Match) -> list[Seat]:
    raw = record.meta.get("seats")
    n = match.state.num_players
    if not isinstance(raw, list) or len(raw) != n:
        return default_seats(n)
    return [Seat.from_json(s) for s in raw]


def scenario_event(game: Game, scenario: Scenario) -> Event:
    """The log's first line for a match begun from a position: its title and what it shows
    (its How to play section: the game's setup, where positions are explained)."""
    words = f"{scenario.title}: {scenario.about}" if scenario.about else scenario.title
    return Event("scenario", words or "A prepared position.", {"title": scenario.title},
                 section=game.event_section("scenario"))


def replay_events(game: Game, record: MatchRecord) -> list[Event]:
    """The events of a recorded match, in order (for the log of a resumed match)."""
    state = Match.from_record(game, record).state
    events: list[Event] = []
    if record.scenario is not None:
        events.append(scenario_event(game, Scenario.from_mapping(record.scenario)))
    for player, action in record.steps:
        events.extend(state.apply(player, action))
    return events


__all__ = ["CHANCE", "Session", "SessionError", "Seat", "make_agent", "default_seats"]
