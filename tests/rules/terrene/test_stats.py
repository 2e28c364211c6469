"""Derived numbers read from card data: the counting bonuses (``per_card``) of Greggory the
Hoarder and Tactician's Point Man, in force as static abilities are."""

from __future__ import annotations

import dataclasses

import pytest

from rules.terrene import stats
from rules.terrene.content import PerCard, cards

GREG = "greggory_the_hoarder"
#: Greggory's discard: two items and a command (every one of them in his deck list).
DISCARD = ["strength_potion", "life_potion", "intimidate"]


def _hoarder(table, status=None, discard=DISCARD, foe_discard=("life_potion",)):
    greg = {"character": GREG, **({"status": status} if status else {})}
    s = table.position(party=[[greg], ["olivia_the_graceless"]],
                       seats=[{"discard": list(discard)}, {"discard": list(foe_discard)}])
    return s, table.unit(s, 0, GREG)


def test_greggory_the_hoarder_gains_atk_for_each_item_in_his_own_discard(table):
    """Greggory the Hoarder, '+N ATK for each item in your discard': his controller's
    items count; a command there, or an item in the opponent's discard, does not."""
    card = cards()[GREG]
    assert [(b.stat, b.zone, b.kind) for b in card.per_card] == [("atk", "discard", "item")]
    per = card.per_card[0].amount
    s, greg = _hoarder(table)
    assert stats.atk(s, greg) == card.atk + 2 * per
    s, greg = _hoarder(table, discard=[])
    assert stats.atk(s, greg) == card.atk


def test_the_hoarders_amount_is_read_from_the_card_data(table, monkeypatch):
    """Tuning Greggory is a data change: another amount, or another zone counted, is used as
    the card data says."""
    card = cards()[GREG]
    s, greg = _hoarder(table)
    monkeypatch.setitem(cards(), GREG, dataclasses.replace(
        card, per_card=(PerCard("atk", 3, "discard", "item"),)))
    assert stats.atk(s, greg) == card.atk + 2 * 3
    monkeypatch.setitem(cards(), GREG, dataclasses.replace(
        card, per_card=(PerCard("def", 5, "discard", "command"),)))
    assert stats.atk(s, greg) == card.atk
    assert stats.defense(s, greg) == card.defense + 5


def test_a_silenced_hoarder_loses_his_bonus(table):
    """Silence: a Silenced character's static abilities are not in force; hidden, it has no
    ATK at all."""
    s, greg = _hoarder(table, status={"silence": "end_of_turn"})
    assert stats.atk(s, greg) == cards()[GREG].atk


@pytest.mark.parametrize(("face_up", "bonus"), [(True, 2), (False, 0)])
def test_tacticians_point_man_counts_items_once_revealed(table, face_up, bonus):
    """Tactician's Point Man (ongoing): revealed, its holder gets the bonus per item in your
    discard; still face-down, nothing."""
    per = cards()["tacticians_point_man"].per_card[0].amount
    s = table.position(("traps_thieves", "greggory_beatdown"), party=[
        [{"character": "bran_the_pilferer", "card": "tacticians_point_man",
          "card_face_up": face_up}], ["olivia_the_graceless"]],
        seats=[{"discard": ["fire_bomb", "flare", "pillage"]}])
    bran = table.unit(s, 0, "bran_the_pilferer")
    assert stats.atk(s, bran) == cards()["bran_the_pilferer"].atk + bonus * per
