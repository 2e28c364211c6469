"""The contract every game implements: the game declaration and its state.

A state says who must decide now (one player, several at once, or chance), lists legal
actions, applies them (returning events), redacts itself for a seat (``view``), fills the
hidden parts back in for search (``determinize``), clones fast and round-trips through JSON.
"""

from __future__ import annotations

import hashlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from rules.core.actions import CHANCE, Action, Event, IllegalAction
from rules.core.howto import HowTo, RulesSection
from rules.core.scenario import Description, Scenario, ScenarioError


class DecisionKind(Enum):
    PLAYER = "player"  # exactly one seat decides
    SIMULTANEOUS = "simultaneous"  # several seats commit face-down; each submits in turn
    CHANCE = "chance"  # dice, shuffles, draws: the match driver picks an outcome
    TERMINAL = "terminal"  # the game is over


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide now. For SIMULTANEOUS, ``players`` are the seats still to commit."""

    kind: DecisionKind
    players: tuple[int, ...] = ()

    @classmethod
    def player(cls, p: int) -> Decision:
        return cls(DecisionKind.PLAYER, (p,))

    @classmethod
    def simultaneous(cls, players: Sequence[int]) -> Decision:
        return cls(DecisionKind.SIMULTANEOUS, tuple(players))

    @classmethod
    def chance(cls) -> Decision:
        return cls(DecisionKind.CHANCE, (CHANCE,))

    @classmethod
    def terminal(cls) -> Decision:
        return cls(DecisionKind.TERMINAL, ())

    @property
    def is_terminal(self) -> bool:
        return self.kind is DecisionKind.TERMINAL

    @property
    def is_chance(self) -> bool:
        return self.kind is DecisionKind.CHANCE


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: a score per seat (1 win, 0 loss, 0.5 for a shared draw)."""

    scores: tuple[float, ...]
    reason: str = ""

    @property
    def winners(self) -> tuple[int, ...]:
        best = max(self.scores)
        if all(s == best for s in self.scores):
            return ()  # a draw: nobody won outright
        return tuple(i for i, s in enumerate(self.scores) if s == best)

    @property
    def is_draw(self) -> bool:
        return not self.winners

    def to_json(self) -> dict[str, Any]:
        return {"scores": list(self.scores), "winners": list(self.winners), "reason": self.reason}


class SetupError(ValueError):
    """A setup (players, fighters, decks, variants) that the game cannot start from."""


@dataclass(frozen=True, slots=True)
class SetupOption:
    """One choice on the setup screen. ``per_seat`` options are chosen once per player
    (the key is then ``f"{key}.{seat}"``), e.g. each player's fighter."""

    key: str
    label: str
    choices: tuple[str, ...]
    default: str
    per_seat: bool = False
    help: str = ""
    labels: tuple[str, ...] = ()  # what a person reads for each choice (default: the choice)
    seat_defaults: tuple[str, ...] = ()  # per-seat defaults, seat i takes [i % len]
    notes: tuple[str, ...] = ()  # a line on each choice (a fighter's class, a deck's plan)

    def default_for(self, seat: int) -> str:
        """The default of a per-seat option for ``seat`` (so seats need not mirror)."""
        return self.seat_defaults[seat % len(self.seat_defaults)] if self.seat_defaults else (
            self.default)

    def label_of(self, choice: str) -> str:
        """The readable name of ``choice`` (e.g. a fighter's name for its id)."""
        if self.labels and choice in self.choices:
            return self.labels[self.choices.index(choice)]
        return choice

    def note_of(self, choice: str) -> str:
        """The line on ``choice`` that the setup screen shows ("" when there is none)."""
        if self.notes and choice in self.choices:
            return self.notes[self.choices.index(choice)]
        return ""


@dataclass(frozen=True, slots=True)
class ContentEntry:
    """A row of ``launcher.py content``: one fighter, hero, card, board or table."""

    kind: str
    name: str
    source: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Panel:
    """A block of text for the generic table: a title and its lines."""

    title: str
    lines: tuple[str, ...] = field(default_factory=tuple)


def is_seed_args(args: tuple[Any, ...]) -> bool:
    """True for the arguments of a seeded chance outcome: one 32-bit unsigned integer."""
    return (len(args) == 1 and type(args[0]) is int and 0 <= args[0] < 2**32)


class GameState(ABC):
    """One position of one game. Subclasses keep all their data JSON-able.

    ``apply`` is the one door through which the state changes: it checks legality first and
    raises ``IllegalAction`` (state untouched), then calls ``_apply``, which must not fail
    for a legal action. Search may call ``apply_unchecked`` to skip the legality check.
    """

    game_id: str = ""

    # ---- who decides ---------------------------------------------------------------
    @abstractmethod
    def decision(self) -> Decision:
        """Who must decide now."""

    @property
    @abstractmethod
    def num_players(self) -> int:
        """Seats at the table."""

    @abstractmethod
    def legal_actions(self, player: int) -> list[Action]:
        """The actions ``player`` may take now (empty when it is not theirs to decide).

        For chance (player == CHANCE) this is the list of possible outcomes."""

    def seeded_chance(self) -> Action | None:
        """The pending chance decision when its outcome space is too large to list (a
        shuffle, a pairing), as its stand-in outcome ``Action(kind, (0,), label)``: a real
        outcome is the same action with a 32-bit seed in place of the 0, which the state turns
        into the result at once and does not keep. None (the default) when the pending
        chance, if any, lists its outcomes."""
        return None

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """Chance outcomes with probabilities (summing to 1). Default: uniform over
        ``legal_actions(CHANCE)``. A seeded chance (``seeded_chance``) is one stand-in
        outcome with seed 0: every seed is as likely, so one represents them all."""
        stand_in = self.seeded_chance()
        if stand_in is not None:
            return [(stand_in, 1.0)]
        acts = self.legal_actions(CHANCE)
        return [(a, 1.0 / len(acts)) for a in acts] if acts else []

    def sample_chance(self, rng: random.Random) -> Action:
        """Draw a chance outcome: a fresh 32-bit seed for a seeded chance, otherwise one of
        ``chance_outcomes`` by its probability."""
        stand_in = self.seeded_chance()
        if stand_in is not None:
            return Action(stand_in.kind, (rng.getrandbits(32),), stand_in.label)
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalAction("no chance outcome is pending")
        r = rng.random()
        acc = 0.0
        for action, p in outcomes:
            acc += p
            if r < acc:
                return action
        return outcomes[-1][0]

    # ---- acting --------------------------------------------------------------------
    def is_legal(self, player: int, action: Action) -> bool:
        if player == CHANCE:
            stand_in = self.seeded_chance()
            if stand_in is not None:
                return action.kind == stand_in.kind and is_seed_args(action.args)
        return action in self.legal_actions(player)

    def why_illegal(self, player: int, action: Action) -> str | None:
        """None if legal, else a sentence saying why not."""
        d = self.decision()
        if d.is_terminal:
            return "the game is over"
        if player not in d.players:
            who = "chance" if d.is_chance else ", ".join(f"seat {p + 1}" for p in d.players)
            return f"it is not seat {player + 1}'s decision now (waiting for {who})"
        if not self.is_legal(player, action):
            return f"{action} is not a legal action now"
        return None

    def apply(self, player: int, action: Action) -> list[Event]:
        """Check and apply ``player``'s ``action``; return the events that happened."""
        reason = self.why_illegal(player, action)
        if reason is not None:
            raise IllegalAction(reason)
        return self._apply(player, action)

    def apply_unchecked(self, player: int, action: Action) -> list[Event]:
        """Apply without the legality check (for search on actions it just listed)."""
        return self._apply(player, action)

    @abstractmethod
    def _apply(self, player: int, action: Action) -> list[Event]:
        """Apply a legal action. Must not raise for a legal action."""

    # ---- ending --------------------------------------------------------------------
    @abstractmethod
    def outcome(self) -> Outcome | None:
        """None while the game goes on; the result once it is over."""

    # ---- hidden information ----------------------------------------------------------
    def view(self, player: int | None) -> GameState:
        """A copy that ``player`` (None = spectator) may see in full: hidden parts redacted.
        Default: a perfect-information game shows everything."""
        return self.clone()

    def determinize(self, player: int, rng: random.Random) -> GameState:
        """A full state consistent with ``self.view(player)``, hidden parts sampled.
        Called on a view. Default: a perfect-information game has nothing to sample."""
        return self.clone()

    # ---- copying and serialising --------------------------------------------------
    @abstractmethod
    def clone(self) -> GameState:
        """A deep, independent copy (fast: search calls it constantly)."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state as JSON-able data (the game's ``state_from_json`` reads it)."""

    def state_hash(self) -> str:
        """A stable digest of the full state (replays compare it)."""
        blob = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(blob.encode()).hexdigest()[:16]

    def invariant_violations(self) -> list[str]:
        """Broken invariants of this state, each as a sentence (empty when sound).
        ``launcher.py simulate`` checks them after every decision."""
        return []

    # ---- presentation help (text only: no pygame here) ---------------------------
    def player_name(self, player: int) -> str:
        return f"Seat {player + 1}"

    def panels(self, viewer: int | None) -> list[Panel]:
        """The public (and ``viewer``'s private) view as text panels for the generic table."""
        return [Panel("State", (json.dumps(self.view(viewer).to_json())[:2000],))]


class Game(ABC):
    """A game declaration: identity, player counts, setup options, and the factory."""

    id: str = ""
    title: str = ""
    min_players: int = 2
    max_players: int = 2
    summary: str = ""
    #: Simulations report a match still going after this many decisions as unfinished
    #: (an error). Random play in a long race game needs a generous bound.
    decision_cap: int = 20_000
    #: How to play in sections with the section of each event kind
    #: (``rules/<game>/data/howto.toml``); None for a game that has only ``rules_help``.
    howto: HowTo | None = None

    @abstractmethod
    def setup_options(self, players: int) -> list[SetupOption]:
        """What the setup screen offers for this many players."""

    def default_setup(self, players: int) -> dict[str, Any]:
        setup: dict[str, Any] = {"players": players}
        for opt in self.setup_options(players):
            if opt.per_seat:
                for seat in range(players):
                    setup[f"{opt.key}.{seat}"] = opt.default_for(seat)
            else:
                setup[opt.key] = opt.default
        return setup

    def random_setup(self, rng: random.Random, players: int | None = None) -> dict[str, Any]:
        """A random legal setup (every option drawn from its choices)."""
        n = players if players is not None else rng.randint(self.min_players, self.max_players)
        setup: dict[str, Any] = {"players": n}
        for opt in self.setup_options(n):
            keys = [f"{opt.key}.{s}" for s in range(n)] if opt.per_seat else [opt.key]
            for k in keys:
                setup[k] = rng.choice(opt.choices)
        return self.validate_setup(setup)

    def validate_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        """Return a normalised copy of ``setup`` (defaults filled in) or raise SetupError."""
        try:
            players = int(setup.get("players", self.min_players))
        except (TypeError, ValueError):
            raise SetupError(
                f"players must be a whole number, not {setup.get('players')!r}"
            ) from None
        if not self.min_players <= players <= self.max_players:
            raise SetupError(
                f"{self.title} takes {self.min_players}-{self.max_players} players, not {players}"
            )
        out = self.default_setup(players)
        known = set(out)
        for key, value in setup.items():
            if key not in known:
                raise SetupError(f"unknown setup option {key!r} for {self.title}")
            out[key] = value if key != "players" else players
        for opt in self.setup_options(players):
            keys = [f"{opt.key}.{s}" for s in range(players)] if opt.per_seat else [opt.key]
            for k in keys:
                if str(out[k]) not in opt.choices:
                    raise SetupError(
                        f"{k} = {out[k]!r} is not one of: {', '.join(opt.choices)}"
                    )
                out[k] = str(out[k])
        return out

    @abstractmethod
    def new_state(self, setup: dict[str, Any], seed: int) -> GameState:
        """The opening state for a validated setup. Deterministic in (setup, seed)."""

    @abstractmethod
    def state_from_json(self, data: dict[str, Any]) -> GameState:
        """Rebuild a state from ``GameState.to_json()``."""

    def build_scenario(self, scenario: Scenario) -> GameState:
        """The position a scenario describes, with the setup validated and the invariants
        checked; any fault is a ScenarioError naming the file and field."""
        if scenario.game != self.id:
            raise ScenarioError(f"{scenario.source}: a {scenario.game!r} scenario, "
                                f"not {self.id!r}")
        try:
            setup = self.validate_setup(dict(scenario.setup))
        except SetupError as exc:
            raise ScenarioError(f"{scenario.source}: setup: {exc}") from None
        try:
            state = self.scenario_state(setup, Description(scenario.position, "position"))
        except ScenarioError as exc:
            raise ScenarioError(f"{scenario.source}: {exc}") from None
        problems = state.invariant_violations()
        if problems:
            raise ScenarioError(f"{scenario.source}: the position breaks a rule: "
                                f"{problems[0]}")
        return state

    def scenario_state(self, setup: dict[str, Any], position: Description) -> GameState:
        """The state a scenario's ``[position]`` describes, for a validated ``setup``
        (``rules/<game>/scenario.py``); raise ScenarioError naming the field at fault.
        Build it with ``new_state`` and the game's own moves or setters, read every field
        through ``position`` and end with ``position.done()``."""
        raise ScenarioError(f"{self.title} cannot build a position from a description")

    def content(self) -> list[ContentEntry]:
        """Every content entry with its provenance (for ``launcher.py content``)."""
        return []

    def rules_help(self) -> str:
        """A short how-to-play text for the in-game rules help (our own words): the
        ``howto`` sections as plain text, else the summary."""
        return self.howto.text() if self.howto else self.summary

    def rules_sections(self) -> list[RulesSection]:
        """How to play as sections (``howto``), the first one showing the turn structure as
        a diagram. Without ``howto``: one section holding ``rules_help``."""
        if self.howto:
            return list(self.howto.sections)
        return [RulesSection("rules", f"How to play {self.title}".strip(),
                             self.rules_help() or self.summary or self.title)]

    def event_section(self, kind: str) -> str:
        """The ``rules_sections`` id an event of ``kind`` belongs to ("" when none does)."""
        return self.howto.section_of(kind) if self.howto else ""
