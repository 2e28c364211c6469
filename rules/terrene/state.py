"""The Terrene Odyssey state: plain JSON-able data plus the contract methods.

The rules themselves live in ``turn.py`` (turn flow and actions), ``chain.py`` (priority and
resolution), ``battle.py`` (the battle step) and ``effects.py`` (card effects, damage, XP).
"""

from __future__ import annotations

import random
from typing import Any

from rules.core import Action, Decision, Event, GameState, Outcome, Panel
from rules.terrene.content import Card, cards, decks
from rules.terrene.kinds import Act, Phase
from rules.terrene.model import Battle, Link, Prompt, Unit

ZONES = ("deck", "hand", "discard", "banished", "terrains")
HP_START = 50
SP_1V1 = 4
SP_2V2 = 3


class TerreneState(GameState):
    """One position of a Terrene Odyssey game (1v1 or 2v2)."""

    game_id = "terrene"

    def __init__(self) -> None:
        self.n = 2
        self.deck_ids: list[str] = []
        self.decklists: list[list[str]] = []  # public: each seat's 30 (or 20) card ids
        self.cards: list[str | None] = []  # uid -> card id (None where a view hides it)
        self.owner: list[int] = []  # uid -> seat that brought it
        self.phase = Phase.COIN
        self.first = 0
        self.party_seat = 0
        self.active = 0
        self.turn = 0  # game turns begun (1 = the very first turn)
        self.turns_taken: list[int] = []
        self.step = "action"  # draw / action
        self.hp: list[int] = []  # per team
        self.actions: list[int] = []
        self.sp_limit: list[int] = []
        self.zones: dict[str, list[list[int]]] = {z: [] for z in ZONES}
        self.active_terrain: list[int | None] = []
        self.party: list[list[int]] = []  # character uids per seat, in row order
        self.units: dict[int, Unit] = {}
        self.ceased: list[int] = []  # token characters that left play
        self.chain: list[Link] = []
        self.priority: int | None = None
        self.passes = 0
        self.last_adder: int | None = None
        self.used_chain: list[str] = []
        self.used_turn: list[str] = []
        self.prompt: Prompt | None = None
        self.battle: Battle | None = None
        self.switched = False
        self.traded = False
        self.draw_bonus: list[int] = []
        self.link_serial = 0
        self.scores: list[float] | None = None
        self.reason = ""
        self.hidden_view = False
        self.set_mode = False  # best of three
        self.set_wins = [0, 0]  # per team
        self.game_no = 1
        self.game_log: list[str] = []
        self.pending_xp: list[list[int]] = []  # [uid, XP] awaiting a no-terrain choice
        self.names: list[str] = []  # seat labels when the game is part of a draft
        self.pending_assign: list[list[int]] = []  # [defeater, XP, seat]: XP to assign
        #: Every player gets each priority (Pass included), so a match's record holds every
        #: pass and replays the same whoever played it; the table passes for a person with
        #: nothing but Pass (their setting), an AI passes at once. A search's own copies
        #: set this to take such forced passes inside the rules instead.
        self.autopass = False

    # ---- content helpers --------------------------------------------------------------
    def card(self, uid: int) -> Card:
        cid = self.cards[uid]
        if cid is None:
            raise KeyError(f"card {uid} is hidden in this view")
        return cards()[cid]

    def name(self, uid: int) -> str:
        cid = self.cards[uid]
        return "a hidden card" if cid is None else cards()[cid].name

    def team(self, seat: int) -> int:
        return seat % 2

    def allies(self, seat: int) -> list[int]:
        return [q for q in range(self.n) if self.team(q) == self.team(seat)]

    def enemies(self, seat: int) -> list[int]:
        return [q for q in range(self.n) if self.team(q) != self.team(seat)]

    def seat_order(self, start: int) -> list[int]:
        return [(start + k) % self.n for k in range(self.n)]

    def next_seat(self, seat: int) -> int:
        return (seat + 1) % self.n

    # ---- contract: who decides --------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    def decision(self) -> Decision:
        if self.phase == Phase.OVER:
            return Decision.terminal()
        if self.phase in (Phase.COIN, Phase.SHUFFLE):
            return Decision.chance()
        if self.phase == Phase.PARTY:
            return Decision.player(self.party_seat)
        if self.phase == Phase.NEXT_GAME and self.prompt is not None:
            return Decision.player(self.prompt.seat)
        if self.prompt is not None:
            return Decision.player(self.prompt.seat)
        if self.chain:
            return Decision.player(self.priority if self.priority is not None else self.active)
        return Decision.player(self.active)

    def legal_actions(self, player: int) -> list[Action]:
        from rules.terrene import turn

        return turn.legal_actions(self, player)

    def seeded_chance(self) -> Action | None:
        """The opening shuffle of every deck: one 32-bit seed."""
        if self.phase == Phase.SHUFFLE:
            return Action(Act.SHUFFLE, (0,), "Shuffle the decks")
        return None

    def _apply(self, player: int, action: Action) -> list[Event]:
        from rules.terrene import turn

        return turn.apply_action(self, player, action)

    def outcome(self) -> Outcome | None:
        if self.scores is None:
            return None
        return Outcome(tuple(self.scores), self.reason)

    # ---- hidden information -----------------------------------------------------------
    def hidden_from(self, viewer: int | None) -> set[int]:
        """The uids whose identity ``viewer`` cannot see."""
        hidden: set[int] = set()
        for seat in range(self.n):
            own = viewer == seat
            if not (own and self.phase == Phase.PARTY):
                hidden.update(self.zones["deck"][seat])
            if not own:
                hidden.update(self.zones["hand"][seat])
                for uid in self.party[seat]:
                    u = self.units[uid]
                    if not u.up and not u.known:
                        hidden.add(uid)
                    if u.card is not None and not u.card_up:
                        hidden.add(u.card)
                if self.phase == Phase.PARTY:
                    hidden.update(self.zones["terrains"][seat])
        # A card whose ability waits on the chain was named when it went there: it stays
        # known wherever the card has gone since (returned to hand, flipped face-down).
        for link in self.chain:
            hidden.difference_update((link.card, link.source))
        return hidden

    def invariant_violations(self) -> list[str]:
        """Each card in exactly one place (a zone, the table, behind a character, or gone as
        a ceased token); every character on the table has its record and no other card
        does; an active terrain lies among its owner's terrains; no negative actions."""
        out: list[str] = []
        places: dict[int, list[str]] = {}
        for zone, per_seat in self.zones.items():
            for seat, uids in enumerate(per_seat):
                for uid in uids:
                    places.setdefault(uid, []).append(f"{zone} of seat {seat + 1}")
        for seat, uids in enumerate(self.party):
            for uid in uids:
                places.setdefault(uid, []).append(f"the table (seat {seat + 1})")
        for holder, unit in self.units.items():
            if unit.card is not None:
                places.setdefault(unit.card, []).append(f"behind card {holder}")
        for uid in self.ceased:
            places.setdefault(uid, []).append("ceased")
        for uid in range(len(self.cards)):
            where = places.get(uid, [])
            if len(where) != 1:
                out.append(f"card {uid} ({self.name(uid)}) is in "
                           f"{len(where)} places: {', '.join(where) or 'none'}")
        on_table = {uid for uids in self.party for uid in uids}
        if set(self.units) != on_table:
            out.append(f"character records {sorted(set(self.units) ^ on_table)} do not match "
                       "the characters on the table")
        for seat, terrain in enumerate(self.active_terrain):
            if terrain is not None and terrain not in self.zones["terrains"][seat]:
                out.append(f"seat {seat + 1}'s active terrain {terrain} is not among its terrains")
        if any(a < 0 for a in self.actions):
            out.append(f"negative actions: {self.actions}")
        return out

    def view(self, player: int | None) -> TerreneState:
        v = self.clone()
        for uid in self.hidden_from(player):
            v.cards[uid] = None
        v.hidden_view = True
        return v

    def determinize(self, player: int, rng: random.Random) -> TerreneState:
        from rules.terrene.hidden import determinize

        return determinize(self, player, rng)

    # ---- copying and serialising ------------------------------------------------------
    def clone(self) -> TerreneState:
        c = TerreneState.__new__(TerreneState)
        c.__dict__.update(self.__dict__)
        c.cards = list(self.cards)
        c.owner = self.owner  # never changes after setup
        c.hp = list(self.hp)
        c.actions = list(self.actions)
        c.sp_limit = list(self.sp_limit)
        c.turns_taken = list(self.turns_taken)
        c.draw_bonus = list(self.draw_bonus)
        c.zones = {z: [list(x) for x in lists] for z, lists in self.zones.items()}
        c.active_terrain = list(self.active_terrain)
        c.party = [list(x) for x in self.party]
        c.units = {k: u.clone() for k, u in self.units.items()}
        c.ceased = list(self.ceased)
        c.chain = [link.clone() for link in self.chain]
        c.used_chain = list(self.used_chain)
        c.used_turn = list(self.used_turn)
        c.battle = self.battle.clone() if self.battle is not None else None
        c.scores = list(self.scores) if self.scores is not None else None
        c.set_wins = list(self.set_wins)
        c.game_log = list(self.game_log)
        c.pending_xp = [list(x) for x in self.pending_xp]
        c.pending_assign = [list(x) for x in self.pending_assign]
        return c

    _PLAIN = (
        "n", "deck_ids", "decklists", "cards", "owner", "phase", "first", "party_seat", "active",
        "turn", "turns_taken", "step", "hp", "actions", "sp_limit", "zones", "active_terrain",
        "party", "ceased", "chain", "priority", "passes", "last_adder", "used_chain", "used_turn",
        "prompt", "battle", "switched", "traded", "draw_bonus", "link_serial", "scores",
        "reason", "hidden_view", "set_mode", "set_wins", "game_no", "game_log",
        "pending_xp", "names", "pending_assign", "autopass",
    )
    _SINCE = {"autopass": False}  # fields newer than some saves: their value when missing

    def to_json(self) -> dict[str, Any]:
        out = {k: getattr(self, k) for k in self._PLAIN}
        out["units"] = {str(k): v.to_v1() for k, v in sorted(self.units.items())}
        out["battle"] = self.battle.to_v1() if self.battle is not None else None
        out["chain"] = [link.to_v1() for link in self.chain]
        out["prompt"] = self.prompt.to_v1() if self.prompt is not None else None
        return {"version": 1, **_jsonable(out)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TerreneState:
        if data.get("version") != 1:
            raise ValueError(f"unsupported Terrene Odyssey state version {data.get('version')!r}")
        s = cls()
        for k in cls._PLAIN:
            setattr(s, k, data[k] if k in data or k not in cls._SINCE else cls._SINCE[k])
        s.phase = Phase(s.phase)
        s.units = {int(k): Unit.from_v1(v) for k, v in data["units"].items()}
        s.battle = Battle.from_v1(data["battle"]) if data["battle"] is not None else None
        s.chain = [Link.from_v1(link) for link in data["chain"]]
        s.prompt = Prompt.from_v1(data["prompt"]) if data["prompt"] is not None else None
        return s.clone()

    # ---- presentation -----------------------------------------------------------------
    def player_name(self, player: int) -> str:
        if player < len(self.names):
            return self.names[player]
        deck_id = self.deck_ids[player] if player < len(self.deck_ids) else ""
        deck = decks().get(deck_id)
        label = f"Player {player + 1}"
        if self.n == 4:
            label += f" (team {'AB'[self.team(player)]})"
        if deck_id in ("custom", "draft"):
            return f"{label}: {deck_id} deck"
        return f"{label}: {deck.name}" if deck else label

    def panels(self, viewer: int | None) -> list[Panel]:
        from rules.terrene.panels import panels

        return panels(self.view(viewer), viewer)


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value
