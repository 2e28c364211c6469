"""The Terrene Odyssey state: plain JSON-able data plus the contract methods.

The rules themselves live in ``turn.py`` (turn flow and actions), ``chain.py`` (priority and
resolution), ``battle.py`` (the battle step) and ``effects.py`` (card effects, damage, XP).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import rules.terrene.decks as deckrules
from rules.core import Action, Decision, Event, GameState, Outcome, Panel
from rules.core.model import Model, secret, upgraded
from rules.core.pending import Pending, PendingStack
from rules.terrene.content import Card, cards, decks
from rules.terrene.hidden import determinize
from rules.terrene.kinds import Act, Phase
from rules.terrene.model import (
    HP_START,
    SP_1V1,
    SP_2V2,
    ZONES,
    Battle,
    Link,
    Prompt,
    Unit,
    prompt_from_v1,
)
from rules.terrene.panels import panels
from rules.terrene.turn import apply_action, legal_actions

#: The version of the saved state (1: the plain dict of the first releases, still read).
STATE_VERSION = 3


@dataclass(slots=True, eq=False)
class TerreneState(Model, GameState):
    """One position of a Terrene Odyssey game (1v1 or 2v2)."""

    game_id = "terrene"

    version: int = STATE_VERSION
    n: int = 2
    deck_ids: list[str] = field(default_factory=list)
    #: each seat's 30 (or 20) card ids (replaced, never changed: clones share them): public
    #: for preset and custom decks; in a draft's game (``deck_pool`` set) each seat sees
    #: its own only, and the others' arrive empty
    decklists: list[tuple[str, ...]] = field(default_factory=list, metadata=secret(
        per_seat=True, unless="decklists_public", redact=lambda _: ()))
    #: public, a draft's game only: the cards the draft's decks were built from (the pool
    #: less the public excess pile), which a hidden deck list is drawn from
    deck_pool: tuple[str, ...] = ()
    #: public, a draft's game only: the sizes of the draft's decks not in this game
    other_decks: tuple[int, ...] = ()
    #: uid -> card id. Secret: a view starts with every identity hidden (None) and shows
    #: only the cards its seat may see (``visible_to``).
    cards: list[str | None] = field(default_factory=list, metadata=secret())
    #: uid -> the seat that brought it (replaced, never changed: clones share it)
    owner: tuple[int, ...] = ()
    phase: Phase = Phase.COIN
    first: int = 0
    party_seat: int = 0
    active: int = 0
    #: game turns begun (1 = the very first turn)
    turn: int = 0
    turns_taken: list[int] = field(default_factory=list)
    #: draw / action
    step: str = "action"
    #: per team
    hp: list[int] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    sp_limit: list[int] = field(default_factory=list)
    zones: dict[str, list[list[int]]] = field(default_factory=lambda: {z: [] for z in ZONES})
    active_terrain: list[int | None] = field(default_factory=list)
    #: character uids per seat, in row order
    party: list[list[int]] = field(default_factory=list)
    units: dict[int, Unit] = field(default_factory=dict)
    #: token characters that left play
    ceased: list[int] = field(default_factory=list)
    #: the sub-decisions waiting: the chain's links, and above them at most one question
    #: put to a seat (a ``Prompt``); read them as ``chain`` and ``prompt``
    pending: PendingStack[TerreneState] = field(default_factory=PendingStack)
    priority: int | None = None
    passes: int = 0
    last_adder: int | None = None
    used_chain: list[str] = field(default_factory=list)
    used_turn: list[str] = field(default_factory=list)
    battle: Battle | None = None
    switched: bool = False
    traded: bool = False
    draw_bonus: list[int] = field(default_factory=list)
    link_serial: int = 0
    scores: list[float] | None = None
    reason: str = ""
    hidden_view: bool = False
    #: best of three
    set_mode: bool = False
    #: per team
    set_wins: list[int] = field(default_factory=lambda: [0, 0])
    game_no: int = 1
    game_log: list[str] = field(default_factory=list)
    #: [uid, XP] awaiting a no-terrain choice
    pending_xp: list[list[int]] = field(default_factory=list)
    #: seat labels when the game is part of a draft
    names: list[str] = field(default_factory=list)
    #: [defeater, XP, seat]: XP to assign
    pending_assign: list[list[int]] = field(default_factory=list)
    #: Every player gets each priority (Pass included), so a match's record holds every
    #: pass and replays the same whoever played it; the table passes for a person with
    #: nothing but Pass (their setting), an AI passes at once. A search's own copies
    #: set this to take such forced passes inside the rules instead.
    autopass: bool = False

    # ---- the chain and the prompt: views of the one pending stack ----------------------
    @property
    def chain(self) -> list[Link]:
        """The chain's links, the first added first (a new list: change it through
        ``add_link`` / ``pop_link``, or assign a whole chain)."""
        return [f for f in self.pending.frames if isinstance(f, Link)]

    @chain.setter
    def chain(self, links: list[Link]) -> None:
        self.pending.frames = [*links, *(f for f in self.pending.frames
                                         if not isinstance(f, Link))]

    @property
    def prompt(self) -> Prompt | None:
        """The question waiting for a seat's answer (always the top frame), if any."""
        frames = self.pending.frames
        top = frames[-1] if frames else None
        return top if isinstance(top, Prompt) else None

    @prompt.setter
    def prompt(self, prompt: Prompt | None) -> None:
        frames = [f for f in self.pending.frames if not isinstance(f, Prompt)]
        self.pending.frames = [*frames, prompt] if prompt is not None else frames

    def add_link(self, link: Link) -> None:
        """Put ``link`` on top of the chain (below a waiting question)."""
        frames = self.pending.frames
        at = len(frames)
        while at and isinstance(frames[at - 1], Prompt):
            at -= 1
        frames.insert(at, link)

    def pop_link(self) -> Link:
        """Take the top link off the chain."""
        frames = self.pending.frames
        at = max(i for i, f in enumerate(frames) if isinstance(f, Link))
        link = frames.pop(at)
        assert isinstance(link, Link)
        return link

    @property
    def decklists_public(self) -> bool:
        """Whether every seat sees every deck list: yes but in a draft's game, whose decks
        the draft hides."""
        return not self.deck_pool

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
        if self.pending:
            return self.pending.decision(self)
        return Decision.player(self.active)

    def legal_actions(self, player: int) -> list[Action]:
        return legal_actions(self, player)

    def seeded_chance(self) -> Action | None:
        """The opening shuffle of every deck: one 32-bit seed."""
        if self.phase == Phase.SHUFFLE:
            return Action(Act.SHUFFLE, (0,), "Shuffle the decks")
        return None

    def _apply(self, player: int, action: Action) -> list[Event]:
        return apply_action(self, player, action)

    def outcome(self) -> Outcome | None:
        if self.scores is None:
            return None
        return Outcome(tuple(self.scores), self.reason)

    # ---- hidden information -----------------------------------------------------------
    def visible_to(self, viewer: int | None) -> set[int]:
        """The uids whose identity ``viewer`` may see: every card in a public place (a
        discard, the banished, a terrain once the party is placed, a ceased token, a
        character face up or seen when flipped down, a revealed assigned card), the
        viewer's own hand and table (and own deck while placing the party), and every card
        an ability waiting on the chain names (it was named when it went there)."""
        seen: set[int] = set()
        party = self.phase == Phase.PARTY
        for seat in range(self.n):
            own = viewer == seat
            for zone in ("discard", "banished"):
                seen.update(self.zones[zone][seat])
            if own or not party:
                seen.update(self.zones["terrains"][seat])
            if own:
                seen.update(self.zones["hand"][seat])
                if party:
                    seen.update(self.zones["deck"][seat])
            for uid in self.party[seat]:
                u = self.units[uid]
                if own or u.up or u.known:
                    seen.add(uid)
                if u.card is not None and (own or u.card_up):
                    seen.add(u.card)
        seen.update(self.ceased)
        for link in self.chain:
            seen.update(uid for uid in (link.card, link.source) if uid is not None)
        return seen

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
        """What ``player`` may see, built from the declared secrets (``view_for``: no card
        identity) plus the identities ``visible_to`` names."""
        v = self.view_for(player)
        for uid in self.visible_to(player):
            v.cards[uid] = self.cards[uid]
        v.hidden_view = True
        return v

    def determinize(self, player: int | None, rng: random.Random) -> TerreneState:
        return determinize(self, player, rng)

    # ---- copying and serialising ------------------------------------------------------
    # ``clone``, ``to_json`` and ``from_json`` come from the fields (rules/core/model.py).

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TerreneState:
        """A saved state: this version's, or a version-2 or version-1 one (converted:
        ``from_v2``, ``from_v1``)."""
        data = upgraded(data, "Terrene Odyssey", STATE_VERSION,
                        {2: from_v2, 1: lambda old: from_v2(from_v1(old))})
        st: TerreneState = Model.from_json.__func__(cls, data)  # type: ignore[attr-defined]
        return st

    def to_v1(self) -> dict[str, Any]:
        """This state in the version-1 shape (the tests compare it with the old code's)."""
        out = Model.to_json(self)
        out["version"] = 1
        for later in ("pending", "deck_pool", "other_decks"):
            del out[later]
        out["units"] = {str(k): v.to_v1() for k, v in sorted(self.units.items())}
        out["battle"] = self.battle.to_v1() if self.battle is not None else None
        out["chain"] = [link.to_v1() for link in self.chain]
        out["prompt"] = self.prompt.to_v1() if self.prompt is not None else None
        return out

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
        return panels(self.view(viewer), viewer)



def new_game(setup: Mapping[str, Any], seed: int) -> TerreneState:
    """A 1v1 or 2v2 game from a checked setup (``TerreneGame.validate_setup``), before the
    coin: each deck's cards numbered in an order drawn from ``seed`` (labels only)."""
    n = setup["players"]
    s = TerreneState()
    s.n = n
    values = [setup[f"deck.{q}"] for q in range(n)]
    s.deck_ids = [v if v in decks() else v.split(":")[0] for v in values]
    s.decklists = [tuple(deckrules.deck_from_setup(v)[0]) for v in values]
    label_rng = random.Random(f"labels:{seed}")  # card labels only: nothing random in play
    for z in ZONES:
        s.zones[z] = [[] for _ in range(n)]
    owner: list[int] = []
    for seat in range(n):
        order = list(s.decklists[seat])
        label_rng.shuffle(order)
        for cid in order:
            s.zones["deck"][seat].append(len(s.cards))
            s.cards.append(cid)
            owner.append(seat)
    s.owner = tuple(owner)
    s.hp = [HP_START, HP_START]
    s.actions = [0] * n
    s.sp_limit = [SP_1V1 if n == 2 else SP_2V2] * n
    s.turns_taken = [0] * n
    s.draw_bonus = [0] * n
    s.active_terrain = [None] * n
    s.party = [[] for _ in range(n)]
    s.set_mode = setup["format"] == "best of three"
    return s


#: Fields of version 2 that a version-1 save may lack, and their value then.
_SINCE_V1 = {"autopass": False}


def from_v2(data: dict[str, Any]) -> dict[str, Any]:
    """A version-2 save (the chain and the prompt in fields of their own) as this
    version's JSON: the links, then the prompt, as frames of the pending stack."""
    out = {k: v for k, v in data.items() if k not in ("chain", "prompt")}
    frames: list[Pending[TerreneState]] = [Link.from_json(link) for link in data["chain"]]
    if data["prompt"] is not None:
        frames.append(prompt_from_v1(data["prompt"]))
    out["pending"] = PendingStack(frames=frames).to_json()
    out["version"] = STATE_VERSION
    return out


def from_v1(data: dict[str, Any]) -> dict[str, Any]:
    """A version-1 save (one plain dict) as version 2's JSON."""
    out = {**_SINCE_V1, **data, "version": 2}
    out["units"] = {k: Unit.from_v1(v).to_json() for k, v in data["units"].items()}
    out["battle"] = None if data["battle"] is None else Battle.from_v1(data["battle"]).to_json()
    out["chain"] = [Link.from_v1(link).to_json() for link in data["chain"]]
    out["prompt"] = None if data["prompt"] is None else prompt_from_v1(data["prompt"]).to_v1()
    return out
