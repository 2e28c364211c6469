"""Determinization: fill a view's hidden cards with a sample consistent with what it shows.

A draft game's view may also hide the opponent's deck list (``TerreneState.deck_pool``):
it is then drawn first, from the cards the seat has not seen, as a deck the draft would
accept, the draft's other decks taking the rest (``deal_places``)."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from rules.terrene.content import cards

if TYPE_CHECKING:
    from rules.terrene.state import TerreneState

#: The kinds of hidden place, in the order they are filled (``other``: hand, deck).
SLOT_KINDS = ("character", "assignable", "setup_terrain", "other")


def unknown_pool(s: TerreneState, seat: int) -> list[str]:
    """The seat's deck list minus every card of theirs that the view shows."""
    pool = Counter(s.decklists[seat])
    pool.subtract(shown_cards(s, seat))
    return sorted(pool.elements())


def shown_cards(s: TerreneState, seat: int) -> list[str]:
    """The seat's own (not token) cards whose identity the state shows."""
    known = cards()
    return [cid for uid, cid in enumerate(s.cards)
            if cid is not None and s.owner[uid] == seat and not known[cid].token]


@cache
def _slot_kind(cid: str) -> str:
    card = cards()[cid]
    if card.is_character:
        return "character"
    if card.is_assignable:
        return "assignable"
    return "setup_terrain" if card.kind == "terrain" and not card.storm else "other"


def hidden_slots(s: TerreneState, seat: int) -> dict[str, list[int]]:
    """The seat's hidden cards by the kind of card their place needs: a character on the
    table, an assignable behind one, a regular terrain set up, anything (hand, deck)."""
    held = {u.card for u in s.units.values() if u.card is not None}
    terrains = set(s.zones["terrains"][seat])
    slots: dict[str, list[int]] = {kind: [] for kind in SLOT_KINDS}
    for uid, cid in enumerate(s.cards):
        if cid is None and s.owner[uid] == seat:
            kind = ("character" if uid in s.units else "assignable" if uid in held
                    else "setup_terrain" if uid in terrains else "other")
            slots[kind].append(uid)
    return slots


@dataclass(slots=True)
class Place:
    """Somewhere hidden cards are dealt to: ``size`` cards holding ``shown``, with at least
    ``need[kind]`` more of each hidden place's kind (``hidden_slots``); a ``deck`` is built
    as the draft's deck building allows (at most one Hero and one 3-SP character:
    ``rules.terrene.decks.check_deck``), a pick list holds anything."""

    size: int
    shown: list[str] = field(default_factory=list)
    need: dict[str, int] = field(default_factory=dict)
    deck: bool = True


@cache
def _limited(cid: str) -> tuple[bool, bool]:
    """(a Hero, a 3-SP character): a deck holds one of each at most."""
    card = cards()[cid]
    return card.tag == "hero", card.is_character and card.sp >= 3


def deal_places(pool: Counter[str], places: list[Place], rng: random.Random,
                tries: int = 200) -> list[list[str]]:
    """Every card of ``pool`` dealt at random to ``places`` (whose sizes add up to it),
    each place keeping its shown cards, getting what its hidden places need and, if a
    deck, staying legal: the Heroes and 3-SP characters go first, each to a random place
    that may take it, then the cards a place needs, then the rest. Raises ValueError
    when no deal is found in ``tries`` attempts (the places cannot hold the pool)."""
    total = sum(p.size for p in places)
    if sum(pool.values()) != total:
        raise ValueError(f"{sum(pool.values())} unseen cards for {total} hidden places")
    shown = Counter(c for p in places for c in p.shown)
    if shown - pool:
        raise ValueError(f"shown cards {sorted(shown - pool)} are not among the unseen ones")
    rest = sorted((pool - shown).elements())
    for _ in range(tries):
        dealt = _try_deal(rest, places, rng)
        if dealt is not None:
            return dealt
    raise ValueError("no deal of the unseen cards fits the hidden places")


def _try_deal(rest: list[str], places: list[Place],
              rng: random.Random) -> list[list[str]] | None:
    order = list(rest)
    rng.shuffle(order)
    out = [list(p.shown) for p in places]
    limits = [[sum(_limited(c)[k] for c in p.shown) for k in (0, 1)] for p in places]
    need = [dict(p.need) for p in places]

    def put(i: int, cid: str) -> None:
        out[i].append(cid)
        hero, three = _limited(cid)
        limits[i][0] += hero
        limits[i][1] += three
        kind = _slot_kind(cid)
        if need[i].get(kind, 0) > 0:
            need[i][kind] -= 1

    def room(i: int) -> int:
        return places[i].size - len(out[i])

    def fits(i: int, cid: str) -> bool:
        hero, three = _limited(cid)
        return room(i) > 0 and not (places[i].deck and (hero and limits[i][0]
                                                        or three and limits[i][1]))

    plain: list[str] = []
    for cid in order:
        if not any(_limited(cid)):
            plain.append(cid)
            continue
        options = [i for i in range(len(places)) if fits(i, cid)]
        if not options:
            return None
        put(rng.choices(options, weights=[room(i) for i in options])[0], cid)
    for i in range(len(places)):
        need[i].pop("other", None)
    left: list[str] = []
    for cid in plain:
        kind = _slot_kind(cid)
        wanting = [i for i in range(len(places)) if need[i].get(kind, 0) > 0
                   and room(i) > 0] if any(need[i].get(kind) for i in range(len(places))) else []
        if wanting:
            put(rng.choice(wanting), cid)
        else:
            left.append(cid)
    if any(n > 0 for i in range(len(places)) for n in need[i].values()):
        return None
    at = 0  # ``left`` is in random order: each place takes the next cards it has room for
    for i in range(len(places)):
        free = room(i)
        out[i].extend(left[at:at + free])
        at += free
    return out


def hidden_deck(s: TerreneState, seat: int) -> Place:
    """The place a seat's hidden deck list is dealt to: its size, the cards of it the
    state shows, and the kinds its hidden places need."""
    shown = shown_cards(s, seat)
    need = {kind: len(uids) for kind, uids in hidden_slots(s, seat).items()}
    return Place(len(shown) + sum(need.values()), shown, need)


def _sample_decklists(s: TerreneState, rng: random.Random) -> None:
    """Draw the deck lists the view hides (a draft game's) and the draft's other decks
    from the draft's decks' pool less the deck lists it shows."""
    hidden = [seat for seat in range(s.n) if not s.decklists[seat]]
    if not hidden:
        return
    if not s.deck_pool:
        raise ValueError("a hidden deck list and no pool to draw it from")
    pool = Counter(s.deck_pool)
    for seat in range(s.n):
        pool.subtract(s.decklists[seat])
    places = [hidden_deck(s, seat) for seat in hidden]
    places += [Place(size) for size in s.other_decks]
    dealt = deal_places(+pool, places, rng)
    for seat, deck in zip(hidden, dealt, strict=False):
        s.decklists[seat] = tuple(deck)


def determinize(view: TerreneState, player: int | None, rng: random.Random) -> TerreneState:
    """Hidden characters get characters, face-down assigned cards get assignables, a hidden
    setup terrain gets a regular terrain, and the rest (hand, deck order) a random
    arrangement of what remains. A hidden deck list (a draft game's) is drawn first."""
    s = view.clone()
    s.hidden_view = False
    _sample_decklists(s, rng)
    slots = [hidden_slots(s, seat) for seat in range(s.n)]
    for seat in range(s.n):
        if not any(slots[seat].values()):
            continue
        pool = unknown_pool(s, seat)
        rng.shuffle(pool)
        by_kind: dict[str, list[str]] = {}
        for cid in pool:
            by_kind.setdefault(_slot_kind(cid), []).append(cid)
        for kind in ("character", "assignable", "setup_terrain"):
            for uid in slots[seat][kind]:
                source = by_kind.get(kind) or next(v for v in by_kind.values() if v)
                s.cards[uid] = source.pop()
        rest = [cid for group in by_kind.values() for cid in group]
        rng.shuffle(rest)
        if len(rest) < len(slots[seat]["other"]):
            raise ValueError(f"view of seat {player} hides more cards than seat {seat} has")
        for uid, cid in zip(slots[seat]["other"], rest, strict=False):
            s.cards[uid] = cid
    return s
