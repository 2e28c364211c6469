"""Content: every card loads with provenance, the aliases, the preset decks and the
custom-deck rules."""

from __future__ import annotations

import pytest

from rules.core import ContentError
from rules.terrene import GAME
from rules.terrene.content import _ability, _per_card, cards, decks, resolve
from rules.terrene.decks import check_deck


def test_every_card_has_provenance_and_text():
    for card in cards().values():
        assert card.source in ("rulebook", "published", "reconstructed")
        assert card.source == "rulebook" or card.reason
        assert card.text


def test_the_errata_tokens_have_their_printed_class_and_affiliation():
    """Errata: Wanderer Alpha/Beta are Dark Machines; the Energy token is a Light Energy."""
    c = cards()
    assert (c["wanderer_alpha"].cls, c["wanderer_alpha"].element) == ("Machine", "Dark")
    assert (c["wanderer_beta"].cls, c["wanderer_beta"].element) == ("Machine", "Dark")
    assert (c["energy_token"].cls, c["energy_token"].element) == ("Energy", "Light")
    assert all(c[t].token for t in ("wanderer_alpha", "wanderer_beta", "energy_token"))


def test_aliases_resolve_every_printed_spelling():
    """Content notes: name variants map to one card."""
    assert resolve("Brad the Pilferer") == resolve("Bran the Pilferer") == "bran_the_pilferer"
    assert resolve("Fire Storm") == resolve("Firestorm") == "firestorm"
    assert resolve("Lethal Counterattack") == "lethal_counter_attack"
    assert resolve("Jake and Lillith the Unity") == "jake_and_lillith_the_unity"
    with pytest.raises(ContentError):
        resolve("No Such Card")


def test_every_preset_deck_passes_the_deck_building_check():
    """Custom Deck rules hold for every preset deck list."""
    for deck in decks().values():
        assert check_deck(list(deck.cards)) == [], deck.name
        assert len(deck.openings) == 2


def test_deck_check_gives_clear_reasons():
    """Custom Deck: exactly 30 cards, at most one Hero, at most one 3-SP character, and a
    legal starting party."""
    base = list(decks()["greggory_beatdown"].cards)
    assert any("29 cards" in p for p in check_deck(base[:-1]))
    two_heroes = [*base[:-1], "s_k_the_art_historian"]
    assert any("more than one Hero" in p for p in check_deck(two_heroes))
    two_villains = [*base[:-1], "guntram_the_malefactor"]
    assert any("3 SP" in p for p in check_deck(two_villains))
    no_terrain = [c for c in base if cards()[c].kind != "terrain"] + ["fire_bomb"] * 3
    assert any("terrain" in p for p in check_deck(no_terrain))


def test_malformed_ability_names_its_field():
    with pytest.raises(ContentError, match="when"):
        _ability("x.toml [character.y] ability 1",
                 {"name": "a", "text": "b", "when": "sometimes", "effects": []})


def test_malformed_counting_bonus_names_its_field():
    where = "x.toml [character.y]"
    with pytest.raises(ContentError, match="zone"):
        _per_card(where, [{"stat": "atk", "amount": 2, "zone": "deck", "kind": "item"}])
    with pytest.raises(ContentError, match="amount"):
        _per_card(where, [{"stat": "def", "amount": -5, "zone": "discard", "kind": "item"}])
    with pytest.raises(ContentError, match="exactly"):
        _per_card(where, [{"stat": "atk", "amount": 2, "zone": "discard"}])


def test_a_counting_bonus_says_in_the_card_text_what_its_data_does():
    """A card's text and its ``per_card`` data agree, so tuning the number changes both."""
    stat = {"atk": "ATK", "def": "DEF"}
    counted = [c for c in cards().values() if c.per_card]
    assert {c.id for c in counted} >= {"greggory_the_hoarder", "tacticians_point_man"}
    for c in counted:
        for b in c.per_card:
            assert f"+{b.amount} {stat[b.stat]} for each {b.kind} in your {b.zone}" in c.text, c.id


def test_content_lists_every_card_and_deck():
    rows = GAME.content()
    assert len(rows) == len(cards()) + len(decks())
