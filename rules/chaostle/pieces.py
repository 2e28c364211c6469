"""The typed parts of the Chaostle state: where each character stands, and the turn."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.core.model import Model


@dataclass(slots=True)
class Standing(Model):
    """Where a character stands in the game: whose it is and what has happened to it."""

    owner: int | None = None
    #: "pool" (not chosen: a mercenary), "out" (out of play), "play", "trap" or "sanctuary"
    status: str = "pool"
    #: its space while in play
    at: str | None = None
    hp: int = 0
    #: the upgrade holes pegged on its battle card, in the order placed
    up: list[str] = field(default_factory=list)
    #: which of its crown's starting positions it re-enters at (0 the original)
    start: int = 0
    #: the trap it is in (status "trap")
    trap: str | None = None
    #: where it fell into its trap from (its way out must not cross its line from there)
    fell_from: str | None = None
    bad_vibes: bool = False
    burden: bool = False


@dataclass(slots=True)
class Turn(Model):
    """The current turn (during the first placement only ``placed`` counts)."""

    #: the movement roll, and what it lets the player do (flow.roll_kind, or "skip")
    roll: int | None = None
    kind: str | None = None
    #: the character the roll moved (it meets the fate on a five)
    chosen: str | None = None
    #: the roll's move is made
    done: bool = False
    #: the characters that have made their one move this turn
    mv: list[str] = field(default_factory=list)
    #: the pairs that have battled this turn
    battled: list[list[str]] = field(default_factory=list)
    #: end-of-turn choices taken ("castle:<character>", skills)
    used: list[str] = field(default_factory=list)
    #: the pairs of characters that may leap frog this turn
    frogs: list[list[str]] = field(default_factory=list)
    #: fights for a space that wait for the fate: [mover, defender, path]
    contests: list[Any] = field(default_factory=list)
    #: characters that reached the Inner Square after the castle fell (Sanctuary later)
    arrived: list[str] = field(default_factory=list)
    #: another turn follows (a fate)
    extra: bool = False
    #: the first placement: how many have placed
    placed: int = 0
