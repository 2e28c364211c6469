"""Determinizing a view: fill every hidden card with one consistent with what the seat saw.

Hidden from a seat: the other team's hands and face-down orders, every still-shuffled deck
(its owner does not know the order either) and which powers the other team learned but has
not yet shown. A turned-over deck is public: everyone watched the discard pile it came from.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from rules.biternia.content import basic_deck, load
from rules.biternia.model import team_size

if TYPE_CHECKING:
    from rules.biternia.state import BiterniaState


def _visible_cards(s: BiterniaState, seat: int) -> list[str]:
    data = s.seats[seat]
    out = [c for c in data.hand + data.deck + data.discard if c is not None]
    for v in s.heroes.values():
        if v.seat == seat:
            out += [c for c in (v.up, v.down) if c not in (None, "?")]
    return out


def _sample_learned(s: BiterniaState, seat: int, rng: random.Random) -> None:
    """Replace unknown learned powers (None) by powers the Hero could have learned: the
    ones it has shown, then others it could have learned."""
    for hero, v in s.heroes.items():
        if v.seat != seat or None not in v.learned:
            continue
        known = [c for c in v.learned if c is not None]
        shown = iter([c for c in v.shown if c not in known])
        known += v.shown
        pool = [p for p in load().heroes[hero].powers if p not in known
                and (v.level >= 4 or not load().cards[p].ultimate)]
        rng.shuffle(pool)
        fill = iter(pool)
        v.learned = [c if c is not None else next(shown, None) or next(fill)
                     for c in v.learned]


def _fill_seat(s: BiterniaState, seat: int, rng: random.Random) -> None:
    owned = basic_deck(team_size(seat, s.num_players))
    for v in s.heroes.values():
        if v.seat == seat:
            owned += v.learned
    seen = _visible_cards(s, seat)
    unknown = list(owned)
    for c in seen:
        if c in unknown:
            unknown.remove(c)
    rng.shuffle(unknown)
    data = s.seats[seat]
    data.hand = [c if c is not None else unknown.pop() for c in data.hand]
    data.deck = [c if c is not None else unknown.pop() for c in data.deck]
    for v in s.heroes.values():
        if v.seat == seat and v.down == "?":
            v.down = unknown.pop()


def determinize(view: BiterniaState, player: int, rng: random.Random) -> BiterniaState:
    """A full state consistent with ``view`` (a ``view(player)``), hidden cards sampled."""
    s = view.clone()
    s.viewer = None
    for seat in range(s.num_players):
        _sample_learned(s, seat, rng)
        _fill_seat(s, seat, rng)
    return s
