"""The issue's invariants, checked by ``simulate`` and the playout tests after every decision."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

import rules.biternia.board as board
from rules.biternia.content import basic_deck, load
from rules.biternia.kinds import SETUP_PHASES, Ask
from rules.biternia.model import team_size
from rules.biternia.traits import max_hp

if TYPE_CHECKING:
    from rules.biternia.state import BiterniaState


def card_places(s: BiterniaState, seat: int) -> Counter[str]:
    data = s.seats[seat]
    found = Counter(data.deck + data.hand + data.discard)
    for v in s.heroes.values():
        if v.seat == seat:
            found.update(c for c in (v.up, v.down) if c is not None)
    return found


def expected_cards(s: BiterniaState, seat: int) -> Counter[str]:
    cards = Counter(basic_deck(team_size(seat, s.num_players)))
    for hero, v in s.heroes.items():
        if v.seat == seat:
            cards.update(v.learned)
            pending = s.pending
            if v.space is None and s.phase not in SETUP_PHASES \
                    and not (pending is not None and pending.type == Ask.RESPAWN
                             and pending.hero == hero):
                cards[f"hero:{hero}"] += 1
    return cards


def violations(s: BiterniaState) -> list[str]:
    out: list[str] = []
    for seat in range(s.num_players):
        have, want = card_places(s, seat), expected_cards(s, seat)
        if have != want:
            out.append(f"seat {seat + 1}: cards out of place: extra {dict(have - want)}, "
                       f"missing {dict(want - have)}")
    for hero, v in s.heroes.items():
        if not 0 <= v.hp <= max_hp(s, hero):
            out.append(f"{hero} has {v.hp} HP outside 0..{max_hp(s, hero)}")
        if v.space is not None and v.hp == 0:
            out.append(f"{hero} is on the board with 0 HP")
        enemy_bit = board.bit_of(1 - v.seat % 2)
        if v.space == enemy_bit and all(
                s.structures[t] > 0 for t in board.tower_spaces(1 - v.seat % 2)):
            out.append(f"{hero} stands on the enemy Bit while all its Towers stand")
    for sid, hp in s.structures.items():
        kind = "tower" if sid.startswith("tower_") else "bit"
        if not 0 <= hp <= load().structures[kind]["hp"]:
            out.append(f"{sid} has {hp} HP")
    if min(s.gold) < 0 or min(s.space_gold.values()) < 0:
        out.append(f"negative gold: {s.gold} {s.space_gold}")
    if s.shuffles > s.num_players or (s.round > 0 and s.shuffles != s.num_players):
        out.append(f"{s.shuffles} shuffles for {s.num_players} decks: a deck was shuffled "
                   "after setup")
    return out
