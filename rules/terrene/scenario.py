"""Terrene Odyssey positions from a description: the ``[position]`` table of a scenario file
(rules/core/scenario.py), read field by field with ``Description`` (every fault names its
field) and built on a game whose opening was played through the rules.

The builder tosses the coin for the seat that goes first, chooses each starting party
through the rules (the deck's first opening plan, else the first choices offered),
shuffles the decks and begins the first turn; then it lays out what the description says
and hands the decision to the seat whose turn it is, in its action phase (the draw taken).
Seats are numbered from 1, as people count them; cards go by their ids in data/*.toml
(``"scout"``, ``"smoke_bomb"``, ``"greggory_beatdown"`` for a deck). Every field is
optional: what is not given keeps the value the game has at that point. Scenarios
describe a 1v1 or 2v2 game; the 3-12 player draft is not described this way.

``[position]``

* ``phase``: ``"play"`` (default) or ``"party"``: the opening, with the first seat about
  to choose its starting party (only ``first`` goes with it).
* ``first``: the seat that went first (default 1).
* ``active``: the seat whose turn it is (default the seat whose turn ``turn`` is).
* ``turn``: the game turn (1 is the very first turn: nobody attacks). Default: the active
  seat's first turn. Seats take turns in order from ``first``, so ``active`` and ``turn``
  must agree.
* ``hp``: each team's HP, seat 1's team first (default 50 each).
* ``set_wins``: in a best-of-three set, the games each team has won (at most one each).
* ``seats``: one table per seat, seat 1 first (fewer tables leave the later seats as the
  opening left them; TOML counts the list from 0, so ``seats[1]`` in an error is seat 2):

  - ``party``: the characters on the seat's table, in row order, each a table:
    ``character`` (its id), ``face_up`` (recruited; default true; false: hidden
    face-down), ``damage``, ``xp``, ``level`` (default the card's LV), ``atk_bonus`` and
    ``def_bonus`` (lasting +ATK/+DEF, as XP without a terrain gives), ``card`` (the
    assignable assigned to it) and ``card_face_up`` (default false), ``status`` (Slow,
    Stun or Silence, each with how long it lasts: ``{ stun = "end_of_turn" }``;
    ``end_of_turn``, ``start_of_next_turn``, ``end_of_next_turn`` or ``permanent``),
    ``gained`` (abilities it gained, the same way: ``{ haste = "end_of_turn" }``),
    ``attacked`` (it attacked this turn), ``counters``, ``borrowed`` (the character whose
    abilities it borrows);
  - ``terrain``: the active terrain (``"none"``: no terrain); ``terrains``: other
    terrains it has placed;
  - ``hand``, ``discard``, ``banished``: those zones, by card id in order;
  - ``deck``: the top of the deck, top card first; the seat's other cards lie beneath
    (in shuffled order) unless ``rest`` sends them to ``"discard"`` or ``"banished"``
    (``deck = []`` with ``rest = "discard"``: an empty deck);
  - ``actions`` (default: the active seat's restock, 0 for the others), ``sp_limit``;
  - ``extra``: cards beyond the seat's deck list, added to it (as Zowie's Ingenuity
    makes cards in play); they start in the deck.

  A zone that is not given keeps what the opening put there; the cards a seat's
  description names come from its deck and from the zones it redescribes, so a card must
  be in the seat's deck list (or ``extra``) as many times as it is named.
* ``play``: actions played on from the built position by whoever decides, each the
  start of a legal action's label as ``launcher.py scenario`` lists it (``"Attack with
  Scout"``, ``"Pass"``); it must match exactly one: the way to a chain, a block or a
  prompt.

Example::

    game = "terrene"
    [setup]
    players = 2
    "deck.0" = "natural_power"
    "deck.1" = "traps_thieves"
    [position]
    turn = 3
    hp = [50, 12]
    [[position.seats]]
    party = [{ character = "asu_the_flame_hellion", card = "critical" }]
    [[position.seats]]
    party = [{ character = "scout", damage = 4 }]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import rules.terrene.stats as stats
import rules.terrene.turn as turn
from rules.core import CHANCE, Action
from rules.core.scenario import Description, ScenarioError
from rules.terrene.content import ABILITIES, STATUSES, UNTILS, cards
from rules.terrene.kinds import Act, Phase
from rules.terrene.model import HP_START

if TYPE_CHECKING:
    from rules.terrene.state import TerreneState

PHASES = (Phase.PLAY, Phase.PARTY)
RESTS = ("deck", "discard", "banished")
ZONES = ("hand", "discard", "banished")


def build(game: Any, setup: dict[str, Any], position: Description) -> TerreneState:
    """The state ``position`` describes for a validated ``setup`` (see the module doc)."""
    if setup["format"] == "draft":
        raise ScenarioError("setup.format: scenarios describe a 1v1 or 2v2 game, not the "
                            "draft")
    s: TerreneState = game.new_state(setup, 0)
    n = s.n
    phase = position.choice("phase", PHASES, Phase.PLAY)
    first = position.whole("first", 1, lo=1, hi=n) - 1
    s.apply(CHANCE, Action(Act.COIN, (first,)))
    if phase == Phase.PARTY:
        position.done()
        return s
    seed = position.whole("shuffle", 0, lo=0, hi=2**32 - 1)
    _opening(s, seed)
    _clear_pending(s)
    _set_turn(s, position, first)
    hp = position.wholes("hp", [HP_START, HP_START], lo=1, hi=HP_START)
    if len(hp) != 2:
        raise ScenarioError(f"{position.where('hp')}: two teams' HP, not {len(hp)}")
    s.hp = list(hp)
    if position.has("set_wins"):
        if not s.set_mode:
            raise ScenarioError(f"{position.where('set_wins')}: only in a best-of-three set "
                                "(setup format)")
        wins = position.wholes("set_wins", lo=0, hi=1)
        if len(wins) != 2:
            raise ScenarioError(f"{position.where('set_wins')}: two teams' wins, not "
                                f"{len(wins)}")
        s.set_wins, s.game_no = list(wins), 1 + sum(wins)
    for seat in range(n):  # the restock of the turn begun; the others spent theirs
        s.actions[seat] = _restock(s, seat) if seat == s.active else 0
    seats = position.tables("seats")
    if len(seats) > n:
        raise ScenarioError(f"{position.where('seats')}: {len(seats)} seats at a table of {n}")
    for seat, d in enumerate(seats):
        _seat(s, seat, d)
    for seat in range(n):
        if stats.oversupplied(s, seat):
            where = seats[seat].where("party") if seat < len(seats) else "position.seats"
            raise ScenarioError(f"{where}: {stats.sp_used(s, seat)} SP of characters over "
                                f"seat {seat + 1}'s SP limit of {s.sp_limit[seat]}")
    for team in range(2):
        if not any(s.party[q] for q in range(n) if s.team(q) == team):
            raise ScenarioError(f"position.seats: the team of seat {team + 1} has no "
                                "characters, so it has lost already")
    moves = position.texts("play", [])
    position.done()
    _play(s, moves)
    return s


# ---- the opening and the turn -------------------------------------------------------------
def _opening(s: TerreneState, seed: int) -> None:
    """Each seat takes its deck's first opening plan (else the first choices); shuffle."""
    while s.phase == Phase.PARTY:
        seat = s.party_seat
        acts = s.legal_actions(seat)
        s.apply(seat, next((a for a in acts if a.kind == Act.OPENING), acts[0]))
    s.apply(CHANCE, Action(Act.SHUFFLE, (seed,)))


def _clear_pending(s: TerreneState) -> None:
    """Nothing on the chain, no battle, no prompt: the active seat is free to act."""
    s.chain, s.priority, s.passes, s.last_adder = [], None, 0, None
    s.prompt, s.battle = None, None
    s.pending_xp, s.pending_assign = [], []
    s.used_chain, s.used_turn = [], []
    s.switched = s.traded = False
    s.step = "action"


def _set_turn(s: TerreneState, position: Description, first: int) -> None:
    n = s.n
    active = position.whole("active", None, lo=1, hi=n)
    number = position.whole("turn", None, lo=1)
    if number is None:
        number = 1 + ((active - 1 - first) % n if active is not None else 0)
    whose = (first + number - 1) % n
    if active is not None and active - 1 != whose:
        raise ScenarioError(f"{position.where('turn')}: turn {number} is seat {whose + 1}'s "
                            f"(seat {first + 1} went first), not seat {active}'s")
    s.active, s.turn = whose, number
    s.turns_taken = [sum(1 for k in range(number) if (first + k) % n == q) for q in range(n)]
    for u in s.units.values():
        u.attacked = False
        u.resourceful_used = False


# ---- a seat -------------------------------------------------------------------------------------
def _seat(s: TerreneState, seat: int, d: Description) -> None:
    known = cards()
    for i, cid in enumerate(d.texts("extra", [], choices=known)):
        if known[cid].token:
            raise ScenarioError(f"{d.where('extra')}[{i}]: {cid!r} is a token; tokens come "
                                "into play only through their effects")
        uid = len(s.cards)
        s.cards.append(cid)
        s.owner = (*s.owner, seat)
        s.decklists[seat] = (*s.decklists[seat], cid)
        s.zones["deck"][seat].append(uid)
    zones = {z: d.texts(z, None, choices=known) for z in (*ZONES, "deck")}
    party = d.tables("party") if d.has("party") else None
    terrain = d.text("terrain", None)
    others = d.texts("terrains", None, choices=known)
    pool = list(s.zones["deck"][seat])
    s.zones["deck"][seat] = []
    for z in ZONES:
        if zones[z] is not None:
            pool += s.zones[z][seat]
            s.zones[z][seat] = []
    if terrain is not None or others is not None:
        pool += s.zones["terrains"][seat]
        s.zones["terrains"][seat] = []
        s.active_terrain[seat] = None
    if party is not None:
        for uid in s.party[seat]:
            u = s.units.pop(uid)
            pool.append(uid)
            if u.card is not None:
                pool.append(u.card)
        s.party[seat] = []

    def take(cid: str, where: str) -> int:
        uid = next((u for u in pool if s.cards[u] == cid), None)
        if uid is None:
            held = s.decklists[seat].count(cid)
            raise ScenarioError(f"{where}: seat {seat + 1} has no {cid!r} left to place (its "
                                f"deck list holds {held}, and a zone not described keeps its "
                                "cards; name more under extra)")
        pool.remove(uid)
        return uid

    if terrain is not None:
        if terrain != "none":
            if terrain not in known or known[terrain].kind != "terrain":
                raise ScenarioError(f"{d.where('terrain')}: not a terrain: {terrain!r}")
            uid = take(terrain, d.where("terrain"))
            s.zones["terrains"][seat].append(uid)
            s.active_terrain[seat] = uid
    for i, cid in enumerate(others or ()):
        if known[cid].kind != "terrain":
            raise ScenarioError(f"{d.where('terrains')}[{i}]: not a terrain: {cid!r}")
        s.zones["terrains"][seat].append(take(cid, f"{d.where('terrains')}[{i}]"))
    for i, pd in enumerate(party or ()):
        _character(s, seat, pd, take, i)
    for z in ZONES:
        for i, cid in enumerate(zones[z] or ()):
            s.zones[z][seat].append(take(cid, f"{d.where(z)}[{i}]"))
    top = [take(cid, f"{d.where('deck')}[{i}]") for i, cid in enumerate(zones["deck"] or ())]
    rest = d.choice("rest", RESTS, "deck")
    s.zones["deck"][seat] = top + (pool if rest == "deck" else [])
    if rest != "deck":
        s.zones[rest][seat] += pool
    s.actions[seat] = d.whole("actions", _restock(s, seat) if seat == s.active else 0, lo=0)
    s.sp_limit[seat] = d.whole("sp_limit", s.sp_limit[seat], lo=1)
    d.done()


def _restock(s: TerreneState, seat: int) -> int:
    """The actions a seat's turn begins with: its terrain's, and one more for the second
    seat's first turn of a 1v1 game."""
    return turn.terrain_actions(s, seat) + (1 if s.n == 2 and s.turn == 2 else 0)


def _character(s: TerreneState, seat: int, d: Description, take: Any, i: int) -> None:
    known = cards()
    cid = d.choice("character", known)
    card = known[cid]
    if not card.is_character:
        raise ScenarioError(f"{d.where('character')}: not a character: {cid!r}")
    if card.token:
        raise ScenarioError(f"{d.where('character')}: {cid!r} is a token; tokens come into "
                            "play only through their effects")
    if any(s.cards[u] == cid for u in s.party[seat]):
        raise ScenarioError(f"{d.where('character')}: seat {seat + 1} controls a "
                            f"{card.name} already (one of each name)")
    uid = take(cid, d.where("character"))
    u = stats.new_unit(seat, d.flag("face_up", True), d.whole("level", card.lv, lo=1))
    s.party[seat].append(uid)
    s.units[uid] = u
    u.dmg = d.whole("damage", 0, lo=0, hi=card.hp - 1)
    u.xp = d.whole("xp", 0, lo=0)
    u.atk = d.whole("atk_bonus", 0, lo=0)
    u.def_ = d.whole("def_bonus", 0, lo=0)
    u.counters = d.whole("counters", 0, lo=0)
    u.attacked = d.flag("attacked", False)
    held = d.text("card", None)
    if held is not None:
        if held not in known or not known[held].is_assignable:
            raise ScenarioError(f"{d.where('card')}: not an assignable card: {held!r}")
        u.card = take(held, d.where("card"))
    u.card_up = d.flag("card_face_up", False)
    if u.card_up and held is None:
        raise ScenarioError(f"{d.where('card_face_up')}: {cid} holds no card")
    for key, names in (("status", STATUSES), ("gained", ABILITIES)):
        lasting = d.table(key)
        for name in list(lasting.raw):
            if name not in names:
                raise ScenarioError(f"{lasting.where(name)}: one of {', '.join(names)}; not "
                                    f"{name!r}")
            (u.status if key == "status" else u.gained)[name] = (lasting.choice(name, UNTILS),
                                                                 s.turn)
        lasting.done()
    borrowed = d.text("borrowed", None)
    if borrowed is not None:
        if borrowed not in known or not known[borrowed].is_character:
            raise ScenarioError(f"{d.where('borrowed')}: not a character: {borrowed!r}")
        u.borrowed = borrowed
    d.done()


# ---- playing on ---------------------------------------------------------------------------------
def _play(s: TerreneState, moves: list[str]) -> None:
    """Apply, for whoever decides now, the one legal action whose label starts so."""
    for i, move in enumerate(moves):
        d = s.decision()
        offered = [(p, a) for p in d.players for a in s.legal_actions(p)]
        hits = [(p, a) for p, a in offered if (a.label or a.kind).startswith(move)]
        if len(hits) != 1:
            legal = "; ".join(a.label or a.kind for _, a in offered) or "nothing"
            what = "matches no legal action" if not hits else \
                f"matches {len(hits)} legal actions"
            raise ScenarioError(f"position.play[{i}]: {move!r} {what} (legal: {legal})")
        s.apply(*hits[0])
