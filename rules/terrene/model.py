"""Terrene Odyssey's typed state below the game (issue #13, step 3, in progress).

``Unit`` is the in-play record of a character. ``clone``, ``to_json`` and ``from_json``
come from its fields (``rules/core/model.py``). The state still saves its units in the
version-1 shape (``to_v1`` / ``from_v1``: the same keys as before, ``def`` for the Defense
bonus, ``known`` only once set), so saves, records and state hashes are unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.core.model import Model


@dataclass(slots=True)
class Unit(Model):
    """A character on the table: who controls it, face up or down, damage, XP and level,
    bonuses, temporary changes, statuses and gained abilities, the card assigned to it."""

    ctrl: int = 0
    up: bool = False
    dmg: int = 0
    xp: int = 0
    lv: int = 1
    atk: int = 0
    #: the Defense bonus (``def`` in saves)
    def_: int = 0
    #: temporary changes: (stat, amount, until, turn)
    mods: list[tuple[str, int, str, int]] = field(default_factory=list)
    #: status name -> (until, turn)
    status: dict[str, tuple[str, int]] = field(default_factory=dict)
    #: gained ability -> (until, turn)
    gained: dict[str, tuple[str, int]] = field(default_factory=dict)
    decay: int = 0
    attacked: bool = False
    #: the uid of the card assigned to it, face down unless ``card_up``
    card: int | None = None
    card_up: bool = False
    resourceful_used: bool = False
    counters: int = 0
    #: the card id whose ability it borrowed (Mimic and the like)
    borrowed: str | None = None
    #: every player saw which card was flipped face down
    known: bool = False

    def to_v1(self) -> dict[str, Any]:
        """The version-1 dict of this unit."""
        out: dict[str, Any] = {
            "ctrl": self.ctrl, "up": self.up, "dmg": self.dmg, "xp": self.xp, "lv": self.lv,
            "atk": self.atk, "def": self.def_, "mods": [list(m) for m in self.mods],
            "status": {k: list(v) for k, v in self.status.items()},
            "gained": {k: list(v) for k, v in self.gained.items()}, "decay": self.decay,
            "attacked": self.attacked, "card": self.card, "card_up": self.card_up,
            "resourceful_used": self.resourceful_used, "counters": self.counters,
            "borrowed": self.borrowed,
        }
        if self.known:
            out["known"] = True
        return out

    @classmethod
    def from_v1(cls, data: dict[str, Any]) -> Unit:
        """A unit from its version-1 dict (``borrowed`` and ``known`` may be missing)."""
        return cls(
            ctrl=data["ctrl"], up=data["up"], dmg=data["dmg"], xp=data["xp"], lv=data["lv"],
            atk=data["atk"], def_=data["def"],
            mods=[(m[0], m[1], m[2], m[3]) for m in data["mods"]],
            status={k: (v[0], v[1]) for k, v in data["status"].items()},
            gained={k: (v[0], v[1]) for k, v in data["gained"].items()}, decay=data["decay"],
            attacked=data["attacked"], card=data["card"], card_up=data["card_up"],
            resourceful_used=data["resourceful_used"], counters=data["counters"],
            borrowed=data.get("borrowed"), known=data.get("known", False),
        )


@dataclass(slots=True)
class Battle(Model):
    """The attack under way: from the attack's link until its damage is dealt."""

    attacker: int
    #: the attacking seat
    seat: int
    #: the character attacked directly, or None (the attack aims at the defending player)
    target: int | None
    defender: int
    blocker: int | None = None
    #: Slow: the extra action has been paid
    slow_paid: bool = False
    #: a character whose Taunt forces it to block this attack
    taunt: int | None = None

    def to_v1(self) -> dict[str, Any]:
        """The version-1 dict of this battle (``taunt`` only once set)."""
        out: dict[str, Any] = {
            "attacker": self.attacker, "seat": self.seat, "target": self.target,
            "blocker": self.blocker, "defender": self.defender, "slow_paid": self.slow_paid,
        }
        if self.taunt is not None:
            out["taunt"] = self.taunt
        return out

    @classmethod
    def from_v1(cls, data: dict[str, Any]) -> Battle:
        return cls(attacker=data["attacker"], seat=data["seat"], target=data["target"],
                   defender=data["defender"], blocker=data["blocker"],
                   slow_paid=data["slow_paid"], taunt=data.get("taunt"))
