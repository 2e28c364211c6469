"""The Battle for Biternia state: plain JSON-able data plus the contract's methods.

Card ids are per seat: a basic card is its design id plus a copy number ("strike2"), a power
card is its design id ("snap_shot") and a Hero card is "hero:<hero id>". Hidden cards read
None in a view. The game's behaviour lives in flow.py (phases) and effects.py (card
effects); this module holds the data, copying, serialising, views and determinizing.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

from rules.biternia.kinds import Act, Ask, Phase
from rules.core import Action, Decision, Event, GameState, Outcome, Panel

GAME_ID = "biternia"
STATE_VERSION = 1

HERO_FIELDS = ("seat", "level", "hp", "space", "up", "down", "attack", "shield",
               "confuse", "immobile", "stealth", "channel", "learned", "shown")


@cache
def card_design(card: str) -> str:
    """The design id of a card instance ("strike2" -> "strike"; Hero cards keep their id)."""
    return card.rstrip("0123456789") if not card.startswith("hero:") else card


def team_of_seat(seat: int, players: int) -> int:
    """Seats alternate teams: 0, 2 are team 0 (blue); 1, 3 are team 1 (red)."""
    return seat % 2


class BiterniaState(GameState):
    game_id = GAME_ID

    def __init__(self, data: dict[str, Any]) -> None:
        self.d = data

    # ---- the contract: who decides ------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.d["players"]

    def decision(self) -> Decision:
        from rules.biternia import flow

        return flow.decision(self)

    def legal_actions(self, player: int) -> list[Action]:
        from rules.biternia import flow

        if player not in self.decision().players:
            return []
        return flow.legal_actions(self, player)

    def seeded_chance(self) -> Action | None:
        """A shuffle of one action deck, or the deal of random teams: one 32-bit seed."""
        if self.d["phase"] == Phase.SHUFFLE:
            seat = self.d["shuffle_seat"]
            return Action(Act.SHUFFLE, (0,), f"Shuffle {self.player_name(seat)}'s action deck")
        if self.d["phase"] == Phase.DEAL:
            return Action(Act.DEAL, (0,), "Deal random teams")
        return None

    def _apply(self, player: int, action: Action) -> list[Event]:
        from rules.biternia import flow

        return flow.apply(self, player, action)

    def outcome(self) -> Outcome | None:
        winner = self.d["winner"]
        if winner is None:
            return None
        scores = tuple(1.0 if team_of_seat(s, self.num_players) == winner else 0.0
                       for s in range(self.num_players))
        return Outcome(scores, f"the {team_name(winner)} team destroyed the enemy Elemental Bit")

    def invariant_violations(self) -> list[str]:
        from rules.biternia import invariants

        return invariants.violations(self)

    # ---- copying and serialising ------------------------------------------------------
    def clone(self) -> BiterniaState:
        d = dict(self.d)
        d["gold"] = list(d["gold"])
        d["space_gold"] = dict(d["space_gold"])
        d["structures"] = dict(d["structures"])
        d["seats"] = [{**s, "deck": list(s["deck"]), "hand": list(s["hand"]),
                       "discard": list(s["discard"])} for s in d["seats"]]
        d["heroes"] = {h: {**v, "learned": list(v["learned"]), "shown": list(v["shown"]),
                           "artifacts": list(v["artifacts"])} for h, v in d["heroes"].items()}
        d["hero_order"] = list(d["hero_order"])
        d["done"] = list(d["done"])
        d["attacked"] = list(d["attacked"])
        d["stack"] = [dict(f) for f in d["stack"]]
        d["pending"] = dict(d["pending"]) if d["pending"] else None
        d["draft_pool"] = list(d["draft_pool"])
        d["queue"] = list(d["queue"])
        d["lead"] = list(d["lead"])
        return BiterniaState(d)

    def to_json(self) -> dict[str, Any]:
        return {"version": STATE_VERSION, **self.clone().d}

    # ---- hidden information ----------------------------------------------------------
    def view(self, player: int | None) -> BiterniaState:
        """Hands, face-down orders, the shuffled deck and unrevealed learned powers of the
        other team are hidden (None); the shuffled part of every deck is hidden from all."""
        v = self.clone()
        d = v.d
        team = None if player is None else team_of_seat(player, self.num_players)
        for seat_no, seat in enumerate(d["seats"]):
            if seat["deck_secret"]:
                seat["deck"] = [None] * len(seat["deck"])
            if team_of_seat(seat_no, self.num_players) != team:
                seat["hand"] = [None] * len(seat["hand"])
        for hero in d["heroes"].values():
            if team_of_seat(hero["seat"], self.num_players) != team:
                if hero["down"] is not None:
                    hero["down"] = "?"
                hero["learned"] = [c if c in hero["shown"] else None for c in hero["learned"]]
        pending = d["pending"]
        if pending and pending["type"] == Ask.INTERRUPT and \
                (player is None or team_of_seat(pending["seat"], self.num_players) != team):
            pending["options"] = []  # which Heroes hold an Interrupt stays secret
        d["viewer"] = player
        return v

    def determinize(self, player: int, rng: random.Random) -> BiterniaState:
        from rules.biternia import hidden

        return hidden.determinize(self, player, rng)

    # ---- presentation ---------------------------------------------------------------
    def player_name(self, player: int) -> str:
        team = team_of_seat(player, self.num_players)
        if self.num_players == 2:
            return f"{team_name(team).capitalize()} (seat {player + 1})"
        return f"Seat {player + 1} ({team_name(team)} team)"

    def panels(self, viewer: int | None) -> list[Panel]:
        from rules.biternia import text

        return text.panels(self.view(viewer), viewer)


def team_name(team: int) -> str:
    return ("blue", "red")[team]
