"""A tiny fixture game on the rules.core contract (tests only): Dice Race.

Each player is dealt a hidden tiebreak card from a shuffled deck of six (one CHANCE outcome
carrying a seed). Every round both players commit face-down to "walk" (move 1) or "dash"
(roll a die: move that many, or nothing on a 1). First to 10 wins; if both arrive together,
the higher hidden card wins.
"""

from __future__ import annotations

import random
from typing import Any

from rules.core import (
    CHANCE,
    Action,
    Decision,
    Event,
    Game,
    GameState,
    Outcome,
    Panel,
    SetupOption,
)

GOAL = 10
WALK = Action("walk", (), "Walk 1")
DASH = Action("dash", (), "Dash (roll a die)")


class DiceRaceState(GameState):
    game_id = "dice_race"

    def __init__(self, goal: int = GOAL) -> None:
        self.goal = goal
        self.positions = [0, 0]
        self.cards: list[int | None] = [None, None]
        self.dealt = False
        self.orders: list[str | None] = [None, None]
        self.to_roll: list[int] = []

    @property
    def num_players(self) -> int:
        return 2

    def decision(self) -> Decision:
        if self.outcome() is not None:
            return Decision.terminal()
        if not self.dealt or self.to_roll:
            return Decision.chance()
        return Decision.simultaneous([p for p in (0, 1) if self.orders[p] is None])

    def legal_actions(self, player: int) -> list[Action]:
        d = self.decision()
        if player not in d.players or self.seeded_chance() is not None:
            return []
        if player == CHANCE:
            return [Action("roll", (f,), f"Roll {f}") for f in range(1, 7)]
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
        if action.kind == "roll":
            p = self.to_roll.pop(0)
            face = action.args[0]
            step = 0 if face == 1 else face
            self.positions[p] += step
            events = [Event("roll", f"{self.player_name(p)} rolls {face}", {"faces": [face]})]
            if not self.to_roll:
                self.orders = [None, None]
            return events
        self.orders[player] = action.kind
        if any(o is None for o in self.orders):
            return [Event("commit", f"{self.player_name(player)} commits")]
        events = []
        for p, order in enumerate(self.orders):
            events.append(Event("reveal", f"{self.player_name(p)} chose {order}"))
            if order == "walk":
                self.positions[p] += 1
            else:
                self.to_roll.append(p)
        if not self.to_roll:
            self.orders = [None, None]
        return events

    def outcome(self) -> Outcome | None:
        done = [pos >= self.goal for pos in self.positions]
        if not any(done) or self.to_roll:
            return None
        if all(done):
            a, b = self.cards
            return Outcome((1.0, 0.0) if (a or 0) > (b or 0) else (0.0, 1.0), "tiebreak card")
        return Outcome((1.0, 0.0) if done[0] else (0.0, 1.0), "reached the goal")

    def view(self, player: int | None) -> DiceRaceState:
        v = self.clone()
        for p in (0, 1):
            if p != player:
                v.cards[p] = None
                if v.orders[p] is not None and any(o is None for o in v.orders):
                    v.orders[p] = "hidden"
        return v

    def determinize(self, player: int, rng: random.Random) -> DiceRaceState:
        s = self.clone()
        if s.dealt:
            unseen = [c for c in range(1, 7) if c not in s.cards]
            for p in (0, 1):
                if s.cards[p] is None:
                    s.cards[p] = unseen.pop(rng.randrange(len(unseen)))
        s.orders = [rng.choice(["walk", "dash"]) if o == "hidden" else o for o in s.orders]
        return s

    def clone(self) -> DiceRaceState:
        s = DiceRaceState.__new__(DiceRaceState)
        s.goal = self.goal
        s.positions = list(self.positions)
        s.cards = list(self.cards)
        s.dealt = self.dealt
        s.orders = list(self.orders)
        s.to_roll = list(self.to_roll)
        return s

    def to_json(self) -> dict[str, Any]:
        return {"goal": self.goal, "positions": self.positions, "cards": self.cards,
                "dealt": self.dealt, "orders": self.orders, "to_roll": self.to_roll}

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
        s = DiceRaceState(data["goal"])
        s.positions = list(data["positions"])
        s.cards = list(data["cards"])
        s.dealt = data["dealt"]
        s.orders = list(data["orders"])
        s.to_roll = list(data["to_roll"])
        return s


GAME = DiceRace()
