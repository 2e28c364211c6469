"""The match driver: owns the seeded RNG and the record from which a match replays exactly.

A record is (game id, setup, seed, steps); each step is (player, action), chance outcomes
included as player CHANCE. Replaying the steps from ``new_state(setup, seed)`` reaches a
state with the same ``state_hash``. A match started from a scenario keeps the scenario
(its whole description) in the record and replays from the position it builds.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from rules.core.actions import CHANCE, Action, Event, IllegalAction
from rules.core.scenario import Scenario
from rules.core.state import DecisionKind, Game, GameState, Outcome

RECORD_FORMAT = "tabletop-arena-match"
RECORD_VERSION = 1


class Agent(Protocol):
    """Anything that picks an action for a seat from that seat's view of the state."""

    def choose(self, view: GameState, player: int) -> Action: ...


@dataclass
class MatchRecord:
    game: str
    setup: dict[str, Any]
    seed: int
    steps: list[tuple[int, Action]] = field(default_factory=list)
    final_hash: str = ""
    outcome: dict[str, Any] | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    scenario: dict[str, Any] | None = None  # the description a match started from, if any

    def to_json(self) -> dict[str, Any]:
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game,
            "setup": self.setup,
            "seed": self.seed,
            "steps": [[p, a.to_json()] for p, a in self.steps],
            "final_hash": self.final_hash,
            "outcome": self.outcome,
            "meta": self.meta,
            **({"scenario": self.scenario} if self.scenario is not None else {}),
        }

    @classmethod
    def from_json(cls, data: Any) -> MatchRecord:
        """Parse a record, raising ValueError with a readable reason when it is malformed."""
        if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
            raise ValueError("this is not a Tabletop Arena match or save file")
        version = data.get("version")
        if version != RECORD_VERSION:
            raise ValueError(
                f"unsupported file version {version!r} (this build reads version {RECORD_VERSION})"
            )
        try:
            steps = [(int(p), Action.from_json(a)) for p, a in data["steps"]]
            return cls(
                game=str(data["game"]),
                setup=dict(data["setup"]),
                seed=int(data["seed"]),
                steps=steps,
                final_hash=str(data.get("final_hash", "")),
                outcome=data.get("outcome"),
                meta=dict(data.get("meta") or {}),
                scenario=dict(data["scenario"]) if data.get("scenario") is not None else None,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"the match record is damaged ({exc})") from None


@dataclass(frozen=True)
class Checkpoint:
    """A match as it stood just before ``seat`` decided: enough to go back there exactly
    (taking a move back)."""

    seat: int
    steps: int  # record steps played before the decision
    decisions: int
    state: GameState  # a clone, never played on
    rng: object  # the chance RNG's state (``random.Random.getstate``)


class Match:
    """Drives one game: resolves chance from its own RNG, takes actions, keeps the record."""

    def __init__(self, game: Game, setup: Mapping[str, Any], seed: int,
                 scenario: Scenario | None = None) -> None:
        """A new match of ``game``; with ``scenario``, from the position it describes (its
        own setup then replaces ``setup``; a bad scenario raises ScenarioError)."""
        self.game = game
        self.seed = int(seed)
        if scenario is not None:
            self.state: GameState = game.build_scenario(scenario)
            self.setup = game.validate_setup(dict(scenario.setup))
        else:
            self.setup = game.validate_setup(dict(setup))
            self.state = game.new_state(self.setup, self.seed)
        self.rng = random.Random(f"chance:{self.seed}")
        self.record = MatchRecord(game.id, self.setup, self.seed,
                                  scenario=scenario.to_mapping() if scenario else None)
        self.decisions = 0

    @classmethod
    def from_record(cls, game: Game, record: MatchRecord) -> Match:
        """A match at the start of ``record`` (its steps not yet played)."""
        scenario = (Scenario.from_mapping(record.scenario, "the saved scenario")
                    if record.scenario is not None else None)
        return cls(game, record.setup, record.seed, scenario)

    # -- stepping ---------------------------------------------------------------------
    def submit(self, player: int, action: Action) -> list[Event]:
        """Apply a seat's action (checked) and record it."""
        events = self.state.apply(player, action)
        self.record.steps.append((player, action))
        if player != CHANCE:
            self.decisions += 1
        return events

    def resolve_chance(self) -> list[Event]:
        """Draw the pending chance outcome from the match RNG and apply it."""
        if not self.state.decision().is_chance:
            raise IllegalAction("no chance outcome is pending")
        return self.submit(CHANCE, self.state.sample_chance(self.rng))

    def advance_chance(self) -> list[Event]:
        """Resolve chance until a seat must decide (or the game ends)."""
        events: list[Event] = []
        while self.state.decision().is_chance:
            events.extend(self.resolve_chance())
        return events

    # -- taking moves back ---------------------------------------------------------------
    def checkpoint(self, seat: int) -> Checkpoint:
        """Where the match stands now, before ``seat`` decides."""
        return Checkpoint(seat, len(self.record.steps), self.decisions, self.state.clone(),
                          self.rng.getstate())

    def restore(self, point: Checkpoint) -> list[tuple[int, Action]]:
        """Go back to ``point``: the state, the chance RNG and the record as they were then
        (so the same moves meet the same chance again); returns the steps taken back."""
        undone = self.record.steps[point.steps:]
        self.state = point.state.clone()
        self.rng.setstate(point.rng)  # type: ignore[arg-type]
        del self.record.steps[point.steps:]
        self.decisions = point.decisions
        self.record.final_hash, self.record.outcome = "", None
        return undone

    def reveals(self, point: Checkpoint, seat: int, samples: int = 3) -> bool:
        """Whether taking the match back to ``point`` would un-reveal something ``seat``
        could not know there: a chance outcome (dice, a shuffle), another seat's secret
        choice (made at a simultaneous decision), or anything else hidden then that the
        steps since have shown (a drawn card, a showdown): played from ``samples`` worlds
        ``seat`` could not tell apart at ``point``, the same steps must leave ``seat`` seeing
        the same thing and the same result. Chance and secret choices are always found; a
        secret shown only in some worlds may be missed by the sampling."""
        undone = self.record.steps[point.steps:]
        state = point.state.clone()
        for player, action in undone:
            if player == CHANCE:
                return True
            if player != seat and state.decision().kind is DecisionKind.SIMULTANEOUS:
                return True
            state.apply(player, action)
        seen = _seen(state, seat)
        for k in range(samples):
            world = point.state.view(seat).determinize(seat, random.Random(f"undo:{k}"))
            try:
                for player, action in undone:
                    world.apply(player, action)
            except Exception:  # noqa: BLE001 - a world that cannot play these steps (or,
                return True  # like a draft's, leaves hidden piles unknown) differs from them
            if _seen(world, seat) != seen:
                return True
        return False

    @property
    def over(self) -> bool:
        return self.state.decision().is_terminal

    def outcome(self) -> Outcome | None:
        return self.state.outcome()

    def finish_record(self) -> MatchRecord:
        self.record.final_hash = self.state.state_hash()
        out = self.state.outcome()
        self.record.outcome = out.to_json() if out else None
        return self.record

    def play(
        self,
        agents: Mapping[int, Agent],
        max_decisions: int = 100_000,
        on_step: Callable[[Match, int, Action, list[Event]], None] | None = None,
    ) -> Outcome | None:
        """Play to the end (or ``max_decisions``) with one agent per seat."""
        while self.decisions < max_decisions:
            decision = self.state.decision()
            if decision.is_terminal:
                break
            if decision.is_chance:
                action = self.state.sample_chance(self.rng)
                player = CHANCE
            else:
                player = decision.players[0]
                action = agents[player].choose(self.state.view(player), player)
            events = self.submit(player, action)
            if on_step:
                on_step(self, player, action, events)
        self.finish_record()
        return self.state.outcome()


def _seen(state: GameState, seat: int) -> str:
    """All ``seat`` can see of ``state``: its view and the result, if the game is over."""
    outcome = state.outcome()
    seen = {"view": state.view(seat).to_json(), "outcome": outcome and outcome.to_json()}
    return json.dumps(seen, sort_keys=True)


def replay(game: Game, record: MatchRecord) -> GameState:
    """Rebuild the final state of a recorded match (raises IllegalAction on a bad step)."""
    state = Match.from_record(game, record).state
    for i, (player, action) in enumerate(record.steps):
        try:
            state.apply(player, action)
        except IllegalAction as exc:
            raise IllegalAction(f"step {i + 1} ({action}) cannot be replayed: {exc}") from None
    return state
