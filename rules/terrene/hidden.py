"""Determinization: fill a view's hidden cards with a sample consistent with what it shows."""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from typing import TYPE_CHECKING

from rules.terrene.content import cards

if TYPE_CHECKING:
    from rules.terrene.state import TerreneState


def unknown_pool(s: TerreneState, seat: int) -> list[str]:
    """The seat's deck list minus every card of theirs that the view shows."""
    known = cards()
    pool = Counter(s.decklists[seat])
    for uid, cid in enumerate(s.cards):
        if cid is not None and s.owner[uid] == seat and not known[cid].token:
            pool[cid] -= 1
    return sorted(pool.elements())


@cache
def _slot_kind(cid: str) -> str:
    card = cards()[cid]
    if card.is_character:
        return "character"
    if card.is_assignable:
        return "assignable"
    return "setup_terrain" if card.kind == "terrain" and not card.storm else "other"


def determinize(view: TerreneState, player: int, rng: random.Random) -> TerreneState:
    """Hidden characters get characters, face-down assigned cards get assignables, a hidden
    setup terrain gets a regular terrain, and the rest (hand, deck order) a random
    arrangement of what remains."""
    s = view.clone()
    s.hidden_view = False
    held = {u.card for u in s.units.values() if u.card is not None}
    hidden_by_seat: list[list[int]] = [[] for _ in range(s.n)]
    for uid, cid in enumerate(s.cards):
        if cid is None:
            hidden_by_seat[s.owner[uid]].append(uid)
    for seat in range(s.n):
        hidden = hidden_by_seat[seat]
        if not hidden:
            continue
        pool = unknown_pool(s, seat)
        rng.shuffle(pool)
        by_kind: dict[str, list[str]] = {}
        for cid in pool:
            by_kind.setdefault(_slot_kind(cid), []).append(cid)
        terrains = set(s.zones["terrains"][seat])
        slots: dict[str, list[int]] = {"character": [], "assignable": [], "setup_terrain": [],
                                       "other": []}
        for uid in hidden:
            kind = ("character" if uid in s.units else "assignable" if uid in held
                    else "setup_terrain" if uid in terrains else "other")
            slots[kind].append(uid)
        for kind in ("character", "assignable", "setup_terrain"):
            for uid in slots[kind]:
                source = by_kind.get(kind) or next(v for v in by_kind.values() if v)
                s.cards[uid] = source.pop()
        rest = [cid for group in by_kind.values() for cid in group]
        rng.shuffle(rest)
        if len(rest) < len(slots["other"]):
            raise ValueError(f"view of seat {player} hides more cards than seat {seat} has")
        for uid, cid in zip(slots["other"], rest, strict=False):
            s.cards[uid] = cid
    return s
