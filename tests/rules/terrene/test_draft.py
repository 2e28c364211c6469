"""3-12 Player Draft: pool, piles, pick-and-pass, decks, excess pile, Swiss rounds, byes."""

from __future__ import annotations

import random

import pytest

from rules.terrene.content import cards
from rules.terrene.draft import COPIES, PILES, ROUNDS, Draft, Tournament, build_pool, pool_cards


def test_pool_copies_by_player_count():
    """Card Pool: 1 copy of each card for 3-4 players, 2 for 5-7, 3 for 8-12."""
    one = len(pool_cards())
    assert [len(build_pool(n)) for n in (3, 4, 5, 7, 8, 12)] == [one, one, 2 * one, 2 * one,
                                                                 3 * one, 3 * one]
    assert COPIES[4] == 1 and COPIES[6] == 2 and COPIES[11] == 3


def test_piles_follow_the_printed_table_and_leftovers_are_public():
    """Card Pile Creation: piles per player count as printed; excess cards are face-up."""
    assert PILES[10] == (40, 10) and PILES[11] == (44, 7) and PILES[4] == (12, 9)
    d = Draft.deal(6, random.Random(3))
    assert len(d.piles) == 18
    sizes = {len(p) for p in d.piles}
    assert len(sizes) == 1 and sizes.pop() <= 12
    assert sum(len(p) for p in d.piles) + len(d.excess) == len(build_pool(6))


def test_pick_and_pass_alternates_direction():
    """The Draft: pick one, pass left; the next batch of piles passes right."""
    d = Draft.deal(3, random.Random(1))
    first = list(d.holding)
    for seat in range(3):
        d.pick(seat, d.pile_of(seat)[0])
    assert d.holding == [first[2], first[0], first[1]]  # each seat got its right neighbour's
    with pytest.raises(ValueError):
        d.pick(0, "not_a_card")
    while d.round == 0:
        for seat in range(3):
            d.pick(seat, d.pile_of(seat)[0])
    assert d.direction == -1
    second = list(d.holding)
    for seat in range(3):
        d.pick(seat, d.pile_of(seat)[0])
    assert d.holding == [second[1], second[2], second[0]]


def test_every_card_is_drafted_and_decks_are_twenty_cards():
    """Deck Creation: a 20-card deck from your own picks; the rest joins the excess pile."""
    d = Draft.deal(4, random.Random(2))
    while not d.picking_done:
        for seat in range(4):
            d.pick(seat, d.pile_of(seat)[0])
    assert all(len(p) == len(d.picks[0]) for p in d.picks)
    assert all(not pile for pile in d.piles)
    excess_before = len(d.excess)
    assert d.submit_deck(0, d.picks[0][:19])
    assert any("not drafted" in p for p in d.submit_deck(0, [d.picks[1][0]] * 20))
    plain = [c for c in d.picks[0] if cards()[c].tag != "hero" and cards()[c].sp < 3]
    assert len(plain) >= 20
    assert d.submit_deck(0, plain[:20]) == []
    assert d.decks[0] == plain[:20]
    assert len(d.excess) == excess_before + len(d.picks[0]) - 20


def test_swiss_rounds_byes_and_winner():
    """Matchmaking: random first pairings, equal points after, a bye (a win) to the lowest
    player without one; rounds by player count; most points wins."""
    t = Tournament(5)
    rng = random.Random(4)
    assert t.total_rounds == ROUNDS[5] == 3
    seen_byes = []
    while not t.over:
        pairs = t.next_round(rng)
        seen_byes.append(t.byes[-1])
        assert len(pairs) == 2
        for a, b in pairs:
            t.record((a, b), (a,))
    assert len(set(seen_byes)) == 3
    assert sum(t.points) == 3 * 2 + 3
    assert t.winners() == [p for p in range(5) if t.points[p] == max(t.points)]
    with pytest.raises(ValueError):
        t.next_round(rng)


def test_a_short_deck_only_when_the_picks_allow_no_legal_twenty():
    """Deck Creation (interpretation): if too many Heroes or 3-SP characters were drafted
    for a legal 20-card deck, the deck is the largest legal one."""
    heroes = [c for c, card in cards().items() if card.tag == "hero"]
    plain = [c for c, card in cards().items()
             if not card.token and card.tag == "none" and card.sp < 3][:15]
    d = Draft.deal(3, random.Random(1))
    d.picks[0] = heroes + plain
    assert d.submit_deck(0, [heroes[0], *plain[:14]]) != []
    assert d.submit_deck(0, [heroes[0], *plain]) == []
    d.picks[1] = heroes + plain + plain
    assert d.submit_deck(1, [heroes[0], *plain[:15]]) != []
