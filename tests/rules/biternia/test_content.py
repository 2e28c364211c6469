"""Content: every entry loads with provenance; the rulebook's numbers are used exactly."""

from __future__ import annotations

import pytest

from rules.biternia import GAME
from rules.biternia.content import CARD_SCHEMA, load
from rules.biternia.text import card_text
from rules.core import ContentError, load_entries


def test_every_hero_has_four_powers_a_b_c_and_an_ultimate():
    """Hero Cards / Action Cards: four power cards per Hero, skill buttons A, B, C, Z."""
    c = load()
    for hero in c.heroes.values():
        assert [c.cards[p].skill for p in hero.powers] == ["A", "B", "C", "Z"]


def test_published_numbers_are_used_exactly():
    """content-notes: Tower 11 HP, Bit 16 HP, Hero base HP as published."""
    c = load()
    assert c.structures["tower"]["hp"] == 11 and c.structures["bit"]["hp"] == 16
    published = {"agatha": 10, "baldwin": 9, "boreas": 10, "caligar": 10, "ceralin": 10,
                 "cynthia": 8, "cyrus": 9, "dazeem": 8, "dolgolae": 10, "felix": 9, "ken_obi": 9,
                 "kerrick": 8, "kunoichi": 9, "longshanks": 10, "motley": 10, "runika": 8,
                 "sedusa": 9, "sterling": 7, "vladiator": 10}
    assert set(c.heroes) == set(published)
    assert {h: c.heroes[h].hp for h in c.heroes} == {h: published[h] for h in c.heroes}


def test_rulebook_numbers_are_used_exactly():
    """Standard Setup and Structures: 3 gold per gold space, Structure defense 1, Area Attack
    4, 3 gold and 3 Bit damage for a Tower."""
    c = load()
    assert c.start_gold == 3
    for kind in ("tower", "bit"):
        assert c.structures[kind]["defense"] == 1 and c.structures[kind]["area_attack"] == 4
    assert c.structures["tower"]["kill_gold"] == 3 and c.structures["tower"]["bit_damage"] == 3
    decks = {k: (v["deck_2p"], v["deck_team"]) for k, v in c.basics.items()}
    assert decks == {"parry": (4, 2), "strike": (4, 2), "dash": (2, 1), "defend": (2, 1)}


def test_board_has_three_lanes_with_a_gold_space_between_the_towers():
    """content-notes: three lanes of own Tower - gold space - enemy Tower; each Bit next to
    its three Towers; four jungle spaces."""
    c = load()
    for lane in ("top", "mid", "bot"):
        assert set(c.spaces[f"gold_{lane}"].links) >= {f"tower_0_{lane}", f"tower_1_{lane}"}
    for team in (0, 1):
        assert set(c.spaces[f"bit_{team}"].links) == {f"tower_{team}_{lane}"
                                                       for lane in ("top", "mid", "bot")}
    assert sum(1 for s in c.spaces.values() if s.kind == "jungle") == 4


def test_every_token_in_the_rulebook_list_is_used_by_a_card():
    """Tokens: Attack, Chill, Confuse, Death Mark, Favored Enemy, Shield, Stone, Bear Trap,
    Ice Wall, Battle Fist, Auto Deflector, Shield Amulet, each with the cards using it."""
    c = load()
    listed = {"attack", "chill", "confuse", "death_mark", "favored_enemy", "shield", "stone",
              "bear_trap", "ice_wall", "battle_fist", "auto_deflector", "shield_amulet"}
    assert set(c.tokens) == listed
    for token in c.tokens.values():
        assert token["used_by"] and all(card in c.cards for card in token["used_by"])


def test_every_card_has_readable_text():
    """Every card reads as rules text for the generic table."""
    for card in load().cards.values():
        text = card_text(card)
        assert text.endswith(".") and len(text) > 5


def test_content_listing_carries_provenance():
    """Content is data with provenance: every entry names its source, with a reason unless
    it is printed in the rulebook."""
    entries = GAME.content()
    assert len(entries) > 50
    for e in entries:
        assert e.source in ("rulebook", "published", "reconstructed")
        assert e.source == "rulebook" or e.reason


def test_a_broken_card_names_file_entry_and_field(tmp_path):
    """Content errors name the file, the entry and the field."""
    path = tmp_path / "cards.toml"
    path.write_text('[basic.x]\nname = "X"\ndefense = 1\nsteps = [{ do = "fly" }]\n'
                    'source = "reconstructed"\nreason = "test"\n')
    with pytest.raises(ContentError, match=r"cards.toml \[basic.x\]: field 'steps'"):
        load_entries(path, "basic", CARD_SCHEMA)
