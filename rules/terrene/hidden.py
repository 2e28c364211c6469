"""Determinization: fill a view's hidden cards with a sample consistent with what it shows."""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from rules.terrene.content import cards

if TYPE_CHECKING:
    from rules.terrene.state import TerreneState


def unknown_pool(s: TerreneState, seat: int) -> list[str]:
    """The seat's deck list minus every card of theirs that the view shows."""
    pool = Counter(s.decklists[seat])
    for uid, cid in enumerate(s.cards):
        if cid is not None and s.owner[uid] == seat and not cards()[cid].token:
            pool[cid] -= 1
    return sorted(pool.elements())


def determinize(view: TerreneState, player: int, rng: random.Random) -> TerreneState:
    """Hidden characters get characters, face-down assigned cards get assignables, the rest
    (hand, deck order) a random arrangement of what remains."""
    s = view.clone()
    s.hidden_view = False
    for seat in range(s.n):
        hidden = [uid for uid, cid in enumerate(s.cards) if cid is None and s.owner[uid] == seat]
        if not hidden:
            continue
        pool = unknown_pool(s, seat)
        rng.shuffle(pool)
        as_char = [u for u in hidden if u in s.units]
        as_card = [u for u in hidden if any(x["card"] == u for x in s.units.values())]
        as_terrain = [u for u in hidden if u in s.zones["terrains"][seat]]
        placed = set(as_char) | set(as_card) | set(as_terrain)
        rest = [u for u in hidden if u not in placed]
        for slots, ok in ((as_char, lambda c: cards()[c].is_character),
                          (as_card, lambda c: cards()[c].is_assignable),
                          (as_terrain, lambda c: cards()[c].kind == "terrain"
                           and not cards()[c].storm),
                          (rest, lambda c: True)):
            for uid in slots:
                pick = next((c for c in pool if ok(c)), pool[0] if pool else None)
                if pick is None:
                    raise ValueError(f"view of seat {player} hides more cards than seat {seat} has")
                pool.remove(pick)
                s.cards[uid] = pick
    return s
