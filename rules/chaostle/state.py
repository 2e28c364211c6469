"""The Chaostle game state: the draft, crowns, turns (movement, fates, battles, the castle)
and everything else that happens at the table, one decision at a time.

Flow: ``phase`` is where the turn stands; ``queue`` holds interruptions (a battle, a peg to
place, a skill to answer, a die to roll) that are dealt with front first before the phase
goes on. Every decision is a seat's (PLAYER) or a die's (CHANCE); nothing is hidden.
"""

from __future__ import annotations

from typing import Any

from rules.chaostle import cards, flow
from rules.chaostle.board import Board, Rules, board
from rules.chaostle.content import Character, characters
from rules.chaostle.kinds import Act, Phase
from rules.core import CHANCE, Action, Decision, Event, GameState, Outcome, Panel
from rules.core.plain import copy_plain as _copy

TWO_DICE = {s: (6 - abs(s - 7)) / 36 for s in range(2, 13)}
PEG_HOLES = frozenset(cards.UPGRADE_ITEMS)


class ChaostleState(GameState):
    game_id = "chaostle"

    def __init__(self, setup: dict[str, Any], data: dict[str, Any] | None = None) -> None:
        self.setup = setup
        self.board: Board = board()
        self.cards: dict[str, Character] = characters()
        if data is not None:
            self._load(data)
            return
        self.n = int(setup["players"])
        self.chars: dict[str, dict[str, Any]] = {
            cid: {"owner": None, "status": "pool", "at": None, "hp": c.health[0], "up": [],
                  "start": 0, "trap": None}
            for cid, c in self.cards.items()
        }
        self.armies: list[list[str]] = [[] for _ in range(self.n)]
        self.crowns: list[str | None] = [None] * self.n
        self.castle_hp = int(setup["castle_hp"])
        self.castle_down = False
        self.phase = Phase.FIRST
        self.current = 0
        self.first_picker = 0
        self.picks = 0
        self.opener = 0
        self.turn: dict[str, Any] = {}
        self.queue: list[dict[str, Any]] = []
        self.winner: int | None = None
        self.end_reason = ""
        self.turns = 0
        self.marks: dict[str, list[int]] = {}

    # ---- JSON ---------------------------------------------------------------------------
    _FIELDS = ("n", "chars", "armies", "crowns", "castle_hp", "castle_down", "phase",
               "current", "first_picker", "picks", "opener", "turn", "queue", "winner",
               "end_reason", "marks", "turns")

    def to_json(self) -> dict[str, Any]:
        out = {f: _copy(getattr(self, f)) for f in self._FIELDS}
        out["setup"] = dict(self.setup)
        return out

    def _load(self, data: dict[str, Any]) -> None:
        for f in self._FIELDS:
            setattr(self, f, _copy(data[f]))
        self.phase = Phase(self.phase)

    def clone(self) -> ChaostleState:
        new = ChaostleState.__new__(ChaostleState)
        new.setup = self.setup
        new.board = self.board
        new.cards = self.cards
        new.n = self.n
        new.chars = {k: {**v, "up": list(v["up"])} for k, v in self.chars.items()}
        new.armies = [list(a) for a in self.armies]
        new.crowns = list(self.crowns)
        new.castle_hp = self.castle_hp
        new.castle_down = self.castle_down
        new.phase = self.phase
        new.current = self.current
        new.first_picker = self.first_picker
        new.picks = self.picks
        new.opener = self.opener
        new.turn = _copy(self.turn)
        new.queue = _copy(self.queue)
        new.winner = self.winner
        new.end_reason = self.end_reason
        new.turns = self.turns
        new.marks = {k: list(v) for k, v in self.marks.items()}
        return new

    # ---- small helpers ------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    @property
    def skills_on(self) -> bool:
        return self.setup.get("skills", "on") == "on"

    def up(self, cid: str) -> tuple[str, ...]:
        return tuple(self.chars[cid]["up"])

    def name(self, cid: str) -> str:
        return self.cards[cid].type

    def owner(self, cid: str) -> int:
        return int(self.chars[cid]["owner"])

    def skill(self, cid: str, skill_name: str) -> int | None:
        """This character's points in a skill (None without it, or with skills off)."""
        if not self.skills_on:
            return None
        return cards.skill_points(self.cards[cid], self.up(cid), skill_name)

    def max_hp(self, cid: str) -> int:
        return cards.max_health(self.cards[cid], self.up(cid))

    def in_play(self, cid: str) -> bool:
        return self.chars[cid]["status"] == "play"

    def occupant(self, space: str) -> str | None:
        for cid, ch in self.chars.items():
            if ch["at"] == space and ch["status"] == "play":
                return cid
        return None

    def occupancy(self) -> dict[str, str]:
        """{space: character} for every character on the board."""
        return {ch["at"]: cid for cid, ch in self.chars.items() if ch["status"] == "play"}

    def on_board(self, seat: int | None = None) -> list[str]:
        seats = range(self.n) if seat is None else (seat,)
        return [c for s in seats for c in self.armies[s] if self.chars[c]["status"] == "play"]

    def sanctuary_count(self, seat: int) -> int:
        return sum(1 for c in self.armies[seat] if self.chars[c]["status"] == "sanctuary")

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
        return self.board.starting_positions(crown)[self.chars[cid]["start"]]

    def original_start(self, cid: str) -> str:
        crown = self.crowns[self.owner(cid)]
        assert crown is not None
        return self.board.crowns[crown].start

    def range_between(self, a: str, b: str) -> int | None:
        """Battle range from character a to character b along movement paths."""
        pa, pb = self.chars[a]["at"], self.chars[b]["at"]
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
            who = flow.frame_decider(self, self.queue[0])
        else:
            who = flow.phase_decider(self)
        return Decision.chance() if who == CHANCE else Decision.player(who)

    def legal_actions(self, player: int) -> list[Action]:
        d = self.decision()
        if player not in d.players:
            return []
        if self.queue:
            return flow.frame_actions(self, self.queue[0])
        return flow.phase_actions(self)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """One die is uniform; two dice added together (movement in option 2 or after
        Double Dice, the fate row, Cheat Death) follow the two-dice sums."""
        if not self.decision().is_chance:
            return []
        if self._two_dice_pending():
            return [(Action(Act.DICE, (t,), f"Rolled {t}"), p) for t, p in TWO_DICE.items()]
        return super().chance_outcomes()

    def _two_dice_pending(self) -> bool:
        if self.queue:
            frame = self.queue[0]
            return frame.get("dice") == 2 or (frame["k"] == "fate" and frame["step"] == "row")
        return self.phase == Phase.ROLL and flow.movement_dice(self) == 2

    def _apply(self, player: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if self.queue:
            flow.apply_frame(self, self.queue[0], action, events)
        else:
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
        cheating = {f["actor"] for f in self.queue if f.get("purpose") == "cheat"}
        spaces: set[str] = set()
        shared = False
        for cid, ch in self.chars.items():
            pegs = ch["up"]
            if pegs and (len(set(pegs)) != len(pegs) or not PEG_HOLES.issuperset(pegs)):
                broken.append(f"{self.name(cid)} has bad pegs {pegs}")
            if ch["status"] != "play":
                continue
            shared = shared or ch["at"] in spaces
            spaces.add(ch["at"])
            low = 0 if cid in cheating else 1
            if not low <= ch["hp"] <= self.max_hp(cid):
                broken.append(f"{self.name(cid)} has health {ch['hp']}")
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
        from rules.chaostle.presentation import panels

        return panels(self, viewer)

