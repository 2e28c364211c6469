"""Battle for Biternia's typed state below the game: one ``Hero`` per drafted Hero, one
``SeatCards`` per seat, the pending ``Choice`` and the board's ``Token``s (Bear Trap, Ice
Wall); the state itself (``BiterniaState``, state.py) holds them. ``clone``, ``to_json``,
``from_json`` and ``view_for`` come from the fields.

Every secret in Battle for Biternia belongs to a *team* (teammates see each other's hands,
orders and powers), so a seat's view is ``view_for(its team)`` and the owner fields below
name a team:

- a seat's hand belongs to the seat's team; each other seat sees one None per card;
- a Hero's face-down order belongs to its team ("?" for the others while one is there);
- a Hero's learned powers belong to its team (one None each for the others); the powers it
  has shown (``shown``) are public;
- the order of a still-shuffled deck is nobody's (one None per card) until the deck is the
  turned-over discard pile (``deck_secret`` False);
- which Heroes may interrupt (the options of an Interrupt choice) belong to the team asked.

``from_v1`` turns a save of the first releases (one plain dict, ``"version": 1``) into
version 2's JSON, and ``from_v2`` a version-2 save (cards in resolution as plain dicts, the
pending choice beside them) into this version's (both on one ``PendingStack``, frames.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any

from rules.biternia.kinds import Ask
from rules.core.model import Model, secret


@cache
def card_design(card: str) -> str:
    """The design id of a card instance ("strike2" -> "strike"; Hero cards keep their id)."""
    return card.rstrip("0123456789") if not card.startswith("hero:") else card


def team_of_seat(seat: int, players: int) -> int:
    """Seats alternate teams: 0, 2 are team 0 (blue); 1, 3 are team 1 (red)."""
    return seat % 2


def team_size(seat: int, players: int) -> int:
    """How many seats are on ``seat``'s team (1 or 2)."""
    return sum(1 for q in range(players)
               if team_of_seat(q, players) == team_of_seat(seat, players))


def team_name(team: int) -> str:
    return ("blue", "red")[team]


def _face_down(card: str | None) -> str | None:
    return None if card is None else "?"


@dataclass(slots=True)
class Hero(Model):
    """A drafted Hero: who controls it, its level, HP, place, cards and tokens."""

    seat: int
    level: int = 1
    hp: int = 0
    #: the space it stands on (None: not deployed yet, or defeated)
    space: str | None = None
    #: the face-up card
    up: str | None = None
    #: the face-down order
    down: str | None = field(default=None, metadata=secret(owner="team", redact=_face_down))
    attack: int = 0
    shield: int = 0
    confuse: int = 0
    immobile: bool = False
    stealth: bool = False
    #: its face-up Channeled card resolves in the Channel phase
    channel: bool = False
    #: the powers learned, in the order learned (None for each in another team's view)
    learned: list[str] = field(default_factory=list, metadata=secret(owner="team"))
    #: the learned powers played face up so far, in the order shown
    shown: list[str] = field(default_factory=list)
    chill: int = 0
    mark: bool = False
    stone: int = 0
    moved: bool = False
    artifacts: list[str] = field(default_factory=list)

    @property
    def team(self) -> int:
        return self.seat % 2

    @property
    def at(self) -> str:
        """The space of a Hero on the board (asking where a defeated Hero stands is a bug)."""
        if self.space is None:
            raise ValueError("the Hero is not on the board")
        return self.space

    @property
    def face_up(self) -> str:
        """The face-up card of a Hero that has one."""
        if self.up is None:
            raise ValueError("the Hero has no face-up card")
        return self.up

    @property
    def order(self) -> str:
        """The face-down order of a Hero that has one."""
        if self.down is None:
            raise ValueError("the Hero has no face-down order")
        return self.down

    def update(self, **changes: Any) -> None:
        """Set several fields at once."""
        for key, value in changes.items():
            setattr(self, key, value)


@dataclass(slots=True)
class SeatCards(Model):
    """One seat's action cards."""

    seat: int
    #: top card first; its order is nobody's while it is the shuffled deck (a view holds
    #: None for each card it may not see, here and in the hand)
    deck: list[str] = field(default_factory=list, metadata=secret(unless="deck_open"))
    #: True while the deck is the one shuffled at setup (False once the discards became it)
    deck_secret: bool = True
    hand: list[str] = field(default_factory=list, metadata=secret(owner="team"))
    discard: list[str] = field(default_factory=list)
    hand_size: int = 8

    @property
    def team(self) -> int:
        return self.seat % 2

    @property
    def deck_open(self) -> bool:
        return not self.deck_secret


def _closed(choice: Choice | None) -> Choice | None:
    """An Interrupt choice as the other team sees it: who is asked, not with whom."""
    if choice is None:
        return None
    return Choice(choice.type, choice.seat, [], choice.hero, list(choice.declined))


@dataclass(slots=True)
class Choice(Model):
    """A choice inside a phase that one seat must make before the game goes on."""

    type: Ask
    seat: int
    options: list[Any] = field(default_factory=list)
    #: the Hero it is about (a respawn, the catapult's hirer)
    hero: str | None = None
    #: the seats that declined to interrupt so far
    declined: list[int] = field(default_factory=list)

    @property
    def team(self) -> int:
        return self.seat % 2

    @property
    def public(self) -> bool:
        return self.type != Ask.INTERRUPT


#: The declaration of a frame's question (frames.py): which Heroes hold an Interrupt stays
#: the asked team's secret.
ASK_SECRET = secret(owner="ask_team", unless="ask_public", redact=_closed)


@dataclass(slots=True, frozen=True)
class Token(Model):
    """A token on a space that belongs to a Hero (the Bear Trap, the Ice Wall)."""

    space: str
    owner: str


# ---- today's saves (version 1: one plain dict) --------------------------------------------
_V1_KEYS = frozenset({
    "version", "players", "catapult", "preset", "deal", "phase", "round", "initiative", "turn",
    "gold", "space_gold", "structures", "seats", "heroes", "hero_order", "draft_pool",
    "draft_step", "shuffle_seat", "shuffles", "done", "attacked", "stack", "pending", "queue",
    "favored", "trap", "ice_wall", "winner", "lead", "handed", "viewer"})
#: State keys a version-1 save may lack (the teammates' turn rotation came later).
V1_DEFAULTS = {"lead": [0, 1], "handed": False, "deal": False}


def from_v1(data: dict[str, Any]) -> dict[str, Any]:
    """A version-1 save (the plain dict of the first releases) as this version's JSON
    (``BiterniaState.from_json`` reads it); what does not fit raises ``ValueError``."""
    if not isinstance(data, dict) or data.get("version") != 1:
        raise ValueError("not a Battle for Biternia state of version 1")
    unknown = set(data) - _V1_KEYS
    if unknown:
        raise ValueError(f"a version-1 Battle for Biternia state has no "
                         f"{', '.join(sorted(unknown))}")
    out = {**V1_DEFAULTS, **data, "version": 2}
    out["seats"] = [{**seat, "seat": p} for p, seat in enumerate(data["seats"])]
    return out


# ---- version 2: the typed state with its cards in resolution as plain dicts -----------------
#: The tags of the frames (frames.py) a version-2 pending choice becomes or joins.
_FRAME_TAGS = {Ask.RESPAWN: "biternia.respawn", Ask.CATAPULT: "biternia.catapult"}


def from_v2(data: dict[str, Any]) -> dict[str, Any]:
    """A version-2 save as this version's JSON: each card in resolution (a dict) becomes a
    ``Card`` frame; the pending choice becomes the top card's question (a target, payment or
    Interrupt) or a frame of its own (a respawn or the catapult)."""
    if not isinstance(data, dict) or data.get("version") != 2:
        raise ValueError("not a Battle for Biternia state of version 2")
    out = {k: v for k, v in data.items() if k not in ("stack", "pending")}
    out["version"] = 3
    frames = [{"@": "biternia.card", **frame} for frame in data.get("stack", [])]
    pending = data.get("pending")
    if pending is not None:
        kind = Ask(pending["type"])
        if kind in _FRAME_TAGS:
            frames.append({"@": _FRAME_TAGS[kind], "ask": pending})
        elif frames:
            frames[-1]["ask"] = pending
        else:
            raise ValueError(f"a version-2 Battle for Biternia state asks a {kind} choice "
                             "with no card in resolution")
    out["stack"] = {"frames": frames}
    return out
