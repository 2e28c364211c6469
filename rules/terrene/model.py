"""Terrene Odyssey's typed state below the game (issue #13, step 3, in progress).

``Unit`` is the in-play record of a character. ``clone``, ``to_json`` and ``from_json``
come from its fields (``rules/core/model.py``). The state still saves its units in the
version-1 shape (``to_v1`` / ``from_v1``: the same keys as before, ``def`` for the Defense
bonus, ``known`` only once set), so saves, records and state hashes are unchanged.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from rules.core.actions import Action, Event
from rules.core.model import Model
from rules.core.pending import Pending, PendingStack
from rules.terrene.kinds import Ask

if TYPE_CHECKING:
    from rules.terrene.state import TerreneState

#: The card zones of each seat.
ZONES = ("deck", "hand", "discard", "banished", "terrains")
#: Each team's HP at the start of a game.
HP_START = 50
#: The SP limit (party size) of each seat in 1v1 and in 2v2.
SP_1V1 = 4
SP_2V2 = 3


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


# ---- the sub-decisions waiting: one PendingStack ------------------------------------------
#: How the flow answers a frame, filled at the end of turn.py (the frames are records below
#: the rules that answer them): ``FLOW["actions"](state, frame)`` lists what the frame's
#: decider may do, ``FLOW["resolve"](state, frame, action)`` applies their answer.
FLOW: dict[str, Callable[..., Any]] = {}


@dataclass(slots=True)
class Frame(Pending["TerreneState"]):
    """A Terrene sub-decision waiting on the state's ``pending`` stack: a link of the chain
    (priority goes round until every player has passed) or a question put to one seat
    (always above the links: it is answered first)."""

    def actions(self, state: TerreneState) -> list[Action]:
        out: list[Action] = FLOW["actions"](state, self)
        return out

    def resolve(self, state: TerreneState, stack: PendingStack[TerreneState],
                action: Action) -> list[Event]:
        out: list[Event] = FLOW["resolve"](state, self, action)
        return out


@dataclass(slots=True)
class Link(Frame):
    """One link of the chain: an ability, an attack, a battle or a player action, who added
    it and what it acts on. It is never changed after it is added except to negate it; while
    links wait, the seat with priority decides (Pass, or a response)."""

    TAG = "terrene.link"
    id: int
    #: "ability", "attack", "battle" or "action"
    kind: str
    seat: int
    label: str
    negated: bool = False
    #: the character using the ability (or None for a card used from hand)
    source: int | None = None
    #: the card whose ability it is, or the card a player action shows
    card: int | None = None
    index: int | None = None
    target: int | None = None
    attacker: int | None = None
    blocker: int | None = None
    #: an ability borrowed from another card: that card's id, written when the link is made
    borrowed: str | None = None
    #: a player action's kind and arguments
    act: str | None = None
    args: tuple[int, ...] | None = None
    #: an on-defeat trigger: the card id of the character it defeated
    target_card: str | None = None

    def decider(self, state: TerreneState) -> int:
        return state.priority if state.priority is not None else state.active

    def to_v1(self) -> dict[str, Any]:
        """The version-1 dict of this link (the optional keys only where set)."""
        out: dict[str, Any] = {
            "id": self.id, "kind": self.kind, "seat": self.seat, "label": self.label,
            "negated": self.negated, "source": self.source, "card": self.card,
            "index": self.index, "target": self.target, "attacker": self.attacker,
            "blocker": self.blocker,
        }
        if self.borrowed is not None:
            out["borrowed"] = self.borrowed
        if self.act is not None:
            out["act"], out["args"] = self.act, list(self.args or ())
        if self.target_card is not None:
            out["target_card"] = self.target_card
        return out

    @classmethod
    def from_v1(cls, data: dict[str, Any]) -> Link:
        args = data.get("args")
        return cls(
            id=data["id"], kind=data["kind"], seat=data["seat"], label=data["label"],
            negated=data["negated"], source=data["source"], card=data["card"],
            index=data["index"], target=data["target"], attacker=data["attacker"],
            blocker=data["blocker"], borrowed=data.get("borrowed"), act=data.get("act"),
            args=None if args is None else tuple(args), target_card=data.get("target_card"),
        )


@dataclass(slots=True)
class Prompt(Frame):
    """A question the rules put to one seat before play goes on (one kind a subclass)."""

    #: the kind of question (a class constant of each kind)
    kind: ClassVar[Ask]
    seat: int
    #: the fields a version-1 save wrote for this kind
    V1_KEYS: ClassVar[tuple[str, ...]] = ()

    def decider(self, state: TerreneState) -> int:
        return self.seat

    def to_v1(self) -> dict[str, Any]:
        """The version-1 dict of this prompt (the keys its kind has)."""
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat}
        for key in self.V1_KEYS:
            value = getattr(self, key)
            out[key] = list(value) if isinstance(value, tuple) else value
        return out


@dataclass(slots=True)
class Block(Prompt):
    """A defender chooses a blocker (or none); ``others``: the defenders asked next."""

    TAG = "terrene.block"
    kind = Ask.BLOCK
    others: tuple[int, ...] = ()
    V1_KEYS = ("others",)


@dataclass(slots=True)
class Slow(Prompt):
    """A slowed attacker pays one more action to keep attacking, or the attack ends."""

    TAG = "terrene.slow"
    kind = Ask.SLOW


@dataclass(slots=True)
class XpAssign(Prompt):
    """XP Ownership: the XP ``by``'s defeat earned goes to one of the seat's characters."""

    TAG = "terrene.xp_assign"
    kind = Ask.XP_ASSIGN
    by: int = 0
    amount: int = 0
    V1_KEYS = ("by", "amount")


@dataclass(slots=True)
class XpChoice(Prompt):
    """No terrain: each XP step ``uid`` gained is +5 ATK or +5 DEF (``left`` to choose)."""

    TAG = "terrene.xp_choice"
    kind = Ask.XP_CHOICE
    uid: int = 0
    left: int = 1
    V1_KEYS = ("uid", "left")


@dataclass(slots=True)
class Oversupply(Prompt):
    """More SP in play than the limit: the seat dismisses a character."""

    TAG = "terrene.oversupply"
    kind = Ask.OVERSUPPLY


@dataclass(slots=True)
class ChooseFirst(Prompt):
    """Between the games of a set: the loser chooses who goes first."""

    TAG = "terrene.choose_first"
    kind = Ask.CHOOSE_FIRST


#: The prompt class of each kind of question.
PROMPTS: dict[Ask, type[Prompt]] = {
    cls.kind: cls for cls in (Block, Slow, XpAssign, XpChoice, Oversupply, ChooseFirst)
}


def prompt_from_v1(data: dict[str, Any]) -> Prompt:
    """A prompt from its version-1 (or version-2) dict: ``kind``, ``seat`` and its keys."""
    cls = PROMPTS[Ask(data["kind"])]
    fields = {k: (tuple(data[k]) if isinstance(data[k], list) else data[k])
              for k in cls.V1_KEYS if data.get(k) is not None}
    return cls(seat=data["seat"], **fields)
