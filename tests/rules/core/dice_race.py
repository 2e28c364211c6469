"""A tiny fixture game on the rules.core contract (tests only): Dice Race.

Each player is dealt a hidden tiebreak card from a shuffled deck of six (one CHANCE outcome
carrying a seed). Every round both players commit face-down to "walk" (move 1) or "dash"
(roll a die: move that many, or nothing on a 1). First to 10 wins; if both arrive together,
the higher hidden card wins.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from rules.core import (
    CHANCE,
    Action,
    Decision,
    Description,
    Event,
    Game,
    GameState,
    Outcome,
    Panel,
    ScenarioError,
    SetupOption,
)
from rules.core.model import Model, secret
from rules.core.pending import Pending, PendingStack

GOAL = 10


class Order(StrEnum):
    """What a runner commits to each round (an action kind, and saved by its value)."""

    WALK = "walk"
    DASH = "dash"
    HIDDEN = "hidden"  # in a view: the other runner has committed, face down


WALK = Action(Order.WALK, (), "Walk 1")
DASH = Action(Order.DASH, (), "Dash (roll a die)")


@dataclass(slots=True)
class Dash(Pending["DiceRaceState"]):
    """A runner who dashed waits for its die: a 1 stays put, any other face moves that far.
    The round's orders clear once the last die is rolled."""

    TAG = "dice_race.dash"
    runner: int = 0

    def decider(self, state: DiceRaceState) -> int:
        return CHANCE

    def actions(self, state: DiceRaceState) -> list[Action]:
        return [Action("roll", (f,), f"Roll {f}") for f in range(1, 7)]

    def resolve(self, state: DiceRaceState, stack: PendingStack[DiceRaceState],
                action: Action) -> list[Event]:
        stack.pop()
        face = action.args[0]
        state.positions[self.runner] += 0 if face == 1 else face
        if not stack:
            state.orders = [None, None]
        return [Event("roll", f"{state.player_name(self.runner)} rolls {face}",
                      {"faces": [face]})]


@dataclass(slots=True, eq=False)
class DiceRaceState(Model, GameState):
    """The typed state: ``clone``, ``to_json`` and ``from_json`` come from the fields."""

    game_id = "dice_race"
    goal: int = GOAL
    positions: list[int] = field(default_factory=lambda: [0, 0])
    #: each runner's tiebreak card, seen by its runner only
    cards: list[int | None] = field(default_factory=lambda: [None, None],
                                    metadata=secret(per_seat=True))
    dealt: bool = False
    #: this round's orders, face down until both runners have committed
    orders: list[Order | None] = field(
        default_factory=lambda: [None, None],
        metadata=secret(per_seat=True, unless="revealed", redact=lambda o: o and Order.HIDDEN))
    rolls: PendingStack[DiceRaceState] = field(default_factory=PendingStack)

    @property
    def num_players(self) -> int:
        return 2

    def decision(self) -> Decision:
        if self.outcome() is not None:
            return Decision.terminal()
        if not self.dealt:
            return Decision.chance()
        if self.rolls:
            return self.rolls.decision(self)
        return Decision.simultaneous([p for p in (0, 1) if self.orders[p] is None])

    def legal_actions(self, player: int) -> list[Action]:
        d = self.decision()
        if player not in d.players or self.seeded_chance() is not None:
            return []
        if self.rolls:
            return self.rolls.actions(self, player)
        return [WALK, DASH]

    def seeded_chance(self) -> Action | None:
        """The deal: one shuffle of the six tiebreak cards, drawn as a 32-bit seed."""
        return None if self.dealt else Action("deal", (0,), "Deal")

    def _apply(self, player: int, action: Action) -> list[Event]:
        if action.kind == "deal":
            deck = list(range(1, 7))
            random.Random(action.args[0]).shuffle(deck)
            self.cards = deck[:2]
            self.dealt = True
            return [Event("deal", f"{self.player_name(p)} is dealt a card", {"card": c},
                          visible_to=(p,)) for p, c in enumerate(self.cards)]
        if self.rolls:
            return self.rolls.apply(self, action)
        self.orders[player] = Order(action.kind)
        if any(o is None for o in self.orders):
            return [Event("commit", f"{self.player_name(player)} commits")]
        events = []
        for p, order in enumerate(self.orders):
            events.append(Event("reveal", f"{self.player_name(p)} chose {order}"))
            if order is Order.WALK:
                self.positions[p] += 1
            else:
                self.rolls.later(Dash(p))  # the runners' dice in seat order
        if not self.rolls:
            self.orders = [None, None]
        return events

    def outcome(self) -> Outcome | None:
        done = [pos >= self.goal for pos in self.positions]
        if not any(done) or self.rolls:
            return None
        if all(done):
            a, b = self.cards
            return Outcome((1.0, 0.0) if (a or 0) > (b or 0) else (0.0, 1.0), "tiebreak card")
        return Outcome((1.0, 0.0) if done[0] else (0.0, 1.0), "reached the goal")

    @property
    def revealed(self) -> bool:
        """Both runners have committed: the orders are turned over."""
        return all(o is not None for o in self.orders)

    def view(self, player: int | None) -> DiceRaceState:
        return self.view_for(player)  # built from the fields' declared secrets

    def determinize(self, player: int, rng: random.Random) -> DiceRaceState:
        s = self.clone()
        if s.dealt:
            unseen = [c for c in range(1, 7) if c not in s.cards]
            for p in (0, 1):
                if s.cards[p] is None:
                    s.cards[p] = unseen.pop(rng.randrange(len(unseen)))
        s.orders = [rng.choice([Order.WALK, Order.DASH]) if o is Order.HIDDEN else o
                    for o in s.orders]
        return s

    def invariant_violations(self) -> list[str]:
        held = [c for c in self.cards if c is not None]
        out = []
        if len(set(held)) != len(held):
            out.append("both runners hold the same tiebreak card")
        if self.dealt and len(held) != 2:
            out.append("the cards are dealt but a runner holds none")
        return out

    def panels(self, viewer: int | None) -> list[Panel]:
        return [Panel("Track", tuple(f"{self.player_name(p)}: {pos}/{self.goal}"
                                     for p, pos in enumerate(self.positions)))]


class DiceRace(Game):
    id = "dice_race"
    title = "Dice Race"
    min_players = 2
    max_players = 2
    summary = "Walk or dash to 10."

    def setup_options(self, players: int) -> list[SetupOption]:
        return [SetupOption("goal", "Goal", ("6", "10"), "10")]

    def new_state(self, setup: dict[str, Any], seed: int) -> DiceRaceState:
        return DiceRaceState(int(setup["goal"]))

    def state_from_json(self, data: dict[str, Any]) -> DiceRaceState:
        return DiceRaceState.from_json(data)

    def scenario_state(self, setup: dict[str, Any], position: Description) -> DiceRaceState:
        """``[position]``: ``runners`` (two tables: ``at``, the square, and ``card``, the
        tiebreak card, 1-6), ``dealt`` (default: true when both runners hold a card)."""
        s = self.new_state(setup, 0)
        runners = position.tables("runners", required=True)
        if len(runners) != 2:
            raise ScenarioError(f"position.runners: two runners, not {len(runners)}")
        for seat, runner in enumerate(runners):
            s.positions[seat] = runner.whole("at", 0, lo=0, hi=s.goal - 1)
            s.cards[seat] = runner.whole("card", None, lo=1, hi=6)
            runner.done()
        s.dealt = position.flag("dealt", all(c is not None for c in s.cards))
        position.done()
        return s


GAME = DiceRace()
