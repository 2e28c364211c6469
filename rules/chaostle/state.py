"""The Chaostle game state: the draft, crowns, turns (movement, fates, battles, the castle)
and everything else that happens at the table, one decision at a time.

Flow: ``phase`` is where the turn stands; ``queue`` holds interruptions (a battle, a peg to
place, a skill to answer, a die to roll) that are dealt with front first before the phase
goes on. Every decision is a seat's (PLAYER) or a die's (CHANCE); nothing is hidden.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import rules.chaostle.cards as cards
import rules.chaostle.flow as flow
from rules.chaostle.board import Board, Rules, board
from rules.chaostle.content import Character, characters
from rules.chaostle.frames import KINDS, Fate, Roll
from rules.chaostle.kinds import Act, Phase
from rules.chaostle.pieces import Standing, Turn
from rules.chaostle.presentation import panels as text_panels
from rules.core import CHANCE, Action, Decision, Event, GameState, Outcome, Panel
from rules.core.model import SHARED, TAG_KEY, Model
from rules.core.pending import PendingStack

TWO_DICE = {s: (6 - abs(s - 7)) / 36 for s in range(2, 13)}
PEG_HOLES = frozenset(cards.UPGRADE_ITEMS)
#: The saved state's format: 3 is the typed state with its interruptions on a PendingStack;
#: 2 (typed, the interruptions still plain dicts) and 1 (the attribute-based state, saved
#: without a version) load by ``ChaostleState.load``.
STATE_VERSION = 3


@dataclass(slots=True, eq=False)
class ChaostleState(Model, GameState):
    game_id = "chaostle"

    version: int = STATE_VERSION
    setup: dict[str, Any] = field(default_factory=dict)
    n: int = 2
    chars: dict[str, Standing] = field(default_factory=dict)
    armies: list[list[str]] = field(default_factory=list)
    crowns: list[str | None] = field(default_factory=list)
    castle_hp: int = 0
    castle_down: bool = False
    phase: Phase = Phase.FIRST
    current: int = 0
    first_picker: int = 0
    picks: int = 0
    opener: int = 0
    turn: Turn = field(default_factory=Turn)
    #: interruptions (frames.py): the top frame is decided before the phase goes on
    queue: PendingStack[ChaostleState] = field(default_factory=PendingStack)
    winner: int | None = None
    end_reason: str = ""
    turns: int = 0
    #: marks on seats: "stumble" (misses its next turn), "double_dice"
    marks: dict[str, list[int]] = field(default_factory=dict)
    board: Board = field(default_factory=board, metadata=SHARED, repr=False)
    cards: dict[str, Character] = field(default_factory=characters, metadata=SHARED,
                                        repr=False)

    @classmethod
    def new(cls, setup: dict[str, Any]) -> ChaostleState:
        """A new game: every character in the pool, the draft's first choice due."""
        n = int(setup["players"])
        return cls(setup=setup, n=n,
                   chars={cid: Standing(hp=c.health[0]) for cid, c in characters().items()},
                   armies=[[] for _ in range(n)], crowns=[None] * n,
                   castle_hp=int(setup["castle_hp"]))

    @classmethod
    def load(cls, data: dict[str, Any]) -> ChaostleState:
        """A saved state: this version's, or an older one. Version 1 (saved before the
        state was typed, without a version) kept its characters, turn and fields as plain
        dicts under the same names, a character's or turn's absent keys meaning what the
        defaults mean; versions 1 and 2 kept the interruptions as dicts with a "k" kind,
        front first, and are converted to tagged frames."""
        version = data.get("version", 1)
        if not isinstance(version, int) or version > STATE_VERSION:
            raise ValueError(f"this Chaostle save is of format {version!r}, newer than "
                             f"this version of the game reads ({STATE_VERSION})")
        if version < 3:
            old = reversed(data["queue"])
            data = {**data, "queue": {"frames": [_old_frame(f) for f in old]}}
        return cls.from_json({**data, "version": STATE_VERSION})

    # ---- small helpers ------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def skills_on(self) -> bool:
        return bool(self.setup.get("skills", "on") == "on")

    def up(self, cid: str) -> tuple[str, ...]:
        return tuple(self.chars[cid].up)

    def name(self, cid: str) -> str:
        return self.cards[cid].type

    def owner(self, cid: str) -> int:
        owner = self.chars[cid].owner
        assert owner is not None, f"{cid} is in nobody's army"
        return owner

    def space_of(self, cid: str) -> str:
        """The space of a character in play."""
        at = self.chars[cid].at
        assert at is not None, f"{cid} is not on the board"
        return at

    def skill(self, cid: str, skill_name: str) -> int | None:
        """This character's points in a skill (None without it, or with skills off)."""
        if not self.skills_on:
            return None
        return cards.skill_points(self.cards[cid], self.up(cid), skill_name)

    def max_hp(self, cid: str) -> int:
        return cards.max_health(self.cards[cid], self.up(cid))

    def in_play(self, cid: str) -> bool:
        return self.chars[cid].status == "play"

    def occupant(self, space: str) -> str | None:
        for cid, ch in self.chars.items():
            if ch.at == space and ch.status == "play":
                return cid
        return None

    def occupancy(self) -> dict[str, str]:
        """{space: character} for every character on the board."""
        return {ch.at: cid for cid, ch in self.chars.items()
                if ch.status == "play" and ch.at is not None}

    def on_board(self, seat: int | None = None) -> list[str]:
        seats = range(self.n) if seat is None else (seat,)
        return [c for s in seats for c in self.armies[s] if self.chars[c].status == "play"]

    def sanctuary_count(self, seat: int) -> int:
        return sum(1 for c in self.armies[seat] if self.chars[c].status == "sanctuary")

    def sanctuary_needed(self) -> int:
        want = self.setup["sanctuary"]
        size = int(self.setup["army"])
        return size if want == "all" else min(int(want), size)

    def rules_for(self, cid: str) -> Rules:
        """The movement limits of a character: its crown's line, the stairways to the Inner
        Square it may climb, and the half-board limit."""
        return flow.rules_for(self, cid)

    def start_space(self, cid: str) -> str:
        crown = self.crowns[self.owner(cid)]
        assert crown is not None
        return self.board.starting_positions(crown)[self.chars[cid].start]

    def original_start(self, cid: str) -> str:
        crown = self.crowns[self.owner(cid)]
        assert crown is not None
        return self.board.crowns[crown].start

    def range_between(self, a: str, b: str) -> int | None:
        """Battle range from character a to character b along movement paths."""
        pa, pb = self.chars[a].at, self.chars[b].at
        if pa is None or pb is None:
            return None
        return self.board.range_between(pa, pb, self.rules_for(a), self.crowns[self.owner(b)])

    def space_label(self, space: str | None) -> str:
        return "off the board" if space is None else self.board.labels[space]

    # ---- who decides --------------------------------------------------------------------
    def decision(self) -> Decision:
        if self.phase == Phase.OVER:
            return Decision.terminal()
        if self.queue:
            return self.queue.decision(self)
        who = flow.phase_decider(self)
        return Decision.chance() if who == CHANCE else Decision.player(who)

    def legal_actions(self, player: int) -> list[Action]:
        d = self.decision()
        if player not in d.players:
            return []
        if self.queue:
            return self.queue.top.actions(self)
        return flow.phase_actions(self)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """One die is uniform; two dice added together (movement in option 2 or after
        Double Dice, the fate row, Cheat Death) follow the two-dice sums."""
        if not self.decision().is_chance:
            return []
        if self._two_dice_pending():
            return [(Action(Act.DICE, (t,), f"Rolled {t}"), p) for t, p in TWO_DICE.items()]
        return GameState.chance_outcomes(self)

    def _two_dice_pending(self) -> bool:
        if self.queue:
            frame = self.queue.top
            return (isinstance(frame, Roll) and frame.dice == 2) or \
                (isinstance(frame, Fate) and frame.step == "row")
        return self.phase == Phase.ROLL and flow.movement_dice(self) == 2

    def _apply(self, player: int, action: Action) -> list[Event]:
        if self.queue:
            events = self.queue.apply(self, action)
        else:
            events = []
            flow.apply_phase(self, action, events)
        flow.settle(self, events)
        return events

    def outcome(self) -> Outcome | None:
        if self.phase != Phase.OVER:
            return None
        scores = tuple(1.0 if s == self.winner else 0.0 for s in range(self.n))
        return Outcome(scores, self.end_reason)

    def invariant_violations(self) -> list[str]:
        """One character per space, health within 0..max (0 only while a Cheat Death roll
        is pending), every peg a real hole placed once, castle health within 0..start."""
        broken = []
        cheating = {f.actor for f in self.queue.frames
                    if isinstance(f, Roll) and f.purpose == "cheat"}
        spaces: set[str | None] = set()
        shared = False
        for cid, ch in self.chars.items():
            pegs = ch.up
            if pegs and (len(set(pegs)) != len(pegs) or not PEG_HOLES.issuperset(pegs)):
                broken.append(f"{self.name(cid)} has bad pegs {pegs}")
            if ch.status != "play":
                continue
            shared = shared or ch.at in spaces
            spaces.add(ch.at)
            low = 0 if cid in cheating else 1
            if not low <= ch.hp <= self.max_hp(cid):
                broken.append(f"{self.name(cid)} has health {ch.hp}")
        if shared:
            broken.insert(0, "two characters share a space")
        if not 0 <= self.castle_hp <= int(self.setup["castle_hp"]):
            broken.append(f"castle health {self.castle_hp}")
        return broken

    # ---- presentation -------------------------------------------------------------------
    def player_name(self, player: int) -> str:
        crown = self.crowns[player] if 0 <= player < self.n else None
        if crown:
            c = self.board.crowns[crown]
            return f"{c.colour.capitalize()} {c.title}"
        return f"Player {player + 1}"

    def panels(self, viewer: int | None) -> list[Panel]:
        return text_panels(self, viewer)


def _old_frame(frame: dict[str, Any]) -> dict[str, Any]:
    """A queued frame as version 1 saved it (a dict with its kind under "k", the queue front
    first) in this version's shape (a tagged frame; the stack's top is its last). A battle's
    "decider" is now its ``chooser``; an unset (None) value takes the field's default."""
    cls = KINDS[frame["k"]]
    out = {("chooser" if k == "decider" else k): v for k, v in frame.items()
           if k != "k" and v is not None}
    return {TAG_KEY: cls.TAG, **out}
