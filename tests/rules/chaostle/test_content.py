"""Content: the sixteen characters, the printed cards and tables, provenance."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.chaostle import GAME
from rules.chaostle.content import castle_card, characters, time_travel_weapons
from rules.chaostle.fates import fate_table
from rules.core import ContentError, Field, validate_entry


def test_sixteen_characters_four_per_category() -> None:
    """Character Descriptions: Chaos, Good, Magic and Neutral have four characters each."""
    cards = characters()
    assert len(cards) == 16
    assert Counter(c.category for c in cards.values()) == {
        "Chaos": 4, "Good": 4, "Magic": 4, "Neutral": 4}
    assert {c.type for c in cards.values()} == {
        "Dragon", "Minotaur", "Skeleton Archer", "Warlord", "Crusader", "Dragon Slayer",
        "Paladin", "Unicorn", "Mage", "Sorceress", "Warlock", "Wizard", "Barbarian", "Dwarf",
        "Elven Archer", "Rogue"}


def test_dragon_slayer_exactly_as_printed() -> None:
    """Battle Cards: the sample card of Sir Randall Kwest, Dragon Slayer, level 2."""
    c = characters()["dragon_slayer"]
    assert (c.name, c.category, c.level) == ("Sir Randall Kwest", "Good", 2)
    assert (c.health, c.movement, c.armor) == ((31, 36), (0, 1), (4, 6))
    assert [(s.name, s.points) for s in c.skills] == [
        ("Dragon Damage", (3, 5)), ("Dragon Protection", (3, 5)), ("Evasive Action", (3, 5))]
    assert [(w.name, w.damage, w.range) for w in c.weapons] == [
        ("Broad Sword of Valor", (12, 16), (1, 2)),
        ("Blazing Sword of Steel", (14, 18), (1, 2)),
        ("Offensive Assault", (8, 12), (0, 1)),
        ("Dragon Blade of Glory", (15, 19), (1, 2)),
        ("Sword of Destiny", (13, 20), (1, 2)),
        ("Legendary Hero's Axe", (13, 16), (1, 2)),
    ]
    assert c.source == "rulebook"


def test_dragon_exactly_as_printed() -> None:
    """Sample Battle: Valyrius Pyre, Dragon, level 3."""
    c = characters()["dragon"]
    assert (c.name, c.category, c.level) == ("Valyrius Pyre", "Chaos", 3)
    assert (c.health, c.movement, c.armor) == ((40, 44), (2, 3), (1, 3))
    assert [(s.name, s.points) for s in c.skills] == [
        ("Fire Wall", (8, 12)), ("Smoke Screen", (2, 3)), ("Wizard Protection", (1, 3))]
    assert [(w.damage, w.range) for w in c.weapons] == [
        ((15, 21), (2, 3)), ((12, 16), (2, 3)), ((11, 15), (1, 2)), ((9, 13), (0, 1)),
        ((13, 18), (2, 3)), ((8, 12), (1, 2))]


def test_skeleton_archer_published_facts() -> None:
    """Content notes: the Skeleton Archer is Dirge Malice, level 1, with Chaos Protection."""
    c = characters()["skeleton_archer"]
    assert (c.name, c.level) == ("Dirge Malice", 1)
    assert "Chaos Protection" in [s.name for s in c.skills]
    assert c.source == "published"


def test_time_travel_table_as_printed() -> None:
    """Time Travel: the six future weapons with their damage and range."""
    assert [(w.name, w.damage, w.range) for w in time_travel_weapons()] == [
        ("Blazing Death Ray Gun", 19, 3), ("Blasteroid Grenade Launcher", 24, 4),
        ("Nuclear Warhead Missile", 300, 8), ("Precision Optic Laser Annihilator", 28, 3),
        ("Glow-in-the-Dark Gamma Melting Pistol", 26, 3),
        ("Heat Seeking Electronic Wasp", 21, 4)]


def test_castle_health_defaults_to_one_hundred() -> None:
    """Determine the Health of the Castle: 100 is recommended."""
    assert castle_card().health_default == 100
    assert GAME.default_setup(2)["castle_hp"] == "100"


def test_every_content_entry_has_provenance() -> None:
    """Every content entry names its source, and a reason unless printed."""
    for entry in GAME.content():
        assert entry.source
        if entry.source in ("published", "reconstructed"):
            assert entry.reason


def test_unknown_skill_is_rejected() -> None:
    """The loader refuses a character whose skill the rules do not play."""
    from rules.chaostle.content import CHARACTER_SCHEMA

    entry = {"source": "reconstructed", "reason": "x", "name": "X", "type": "X",
             "category": "Good", "level": 1, "tags": [], "health": [1, 2],
             "movement": [0, 1], "armor": [0, 1],
             "skills": [{"name": "Swoop Drop", "points": [1, 2]}] * 3,
             "weapons": [{"name": "w", "damage": [1, 2], "range": [0, 1]}] * 6}
    with pytest.raises(ContentError, match="Swoop Drop"):
        validate_entry("test [character.x]", entry, CHARACTER_SCHEMA)
    assert isinstance(CHARACTER_SCHEMA["level"], Field)


@pytest.mark.parametrize("drawn", [[1.0], [1.0, "x"], "here", [True, 2.0]])
def test_a_space_drawn_anywhere_but_a_point_is_rejected(drawn) -> None:
    """The board's spaces: a tile's drawn place must be two numbers (x, y in layout units);
    anything else is refused with the entry named."""
    from rules.chaostle.content import SPACE_SCHEMA

    entry = {"source": "reconstructed", "reason": "x", "kind": "stair", "level": 1.5,
             "x": 1.0, "y": 2.0, "drawn": drawn}
    with pytest.raises(ContentError, match=r"\[space.stX\].*drawn"):
        validate_entry("test [space.stX]", entry, SPACE_SCHEMA)
    validate_entry("test [space.stX]", {**entry, "drawn": [1, 2.5]}, SPACE_SCHEMA)


def test_army_sizes_fit_the_characters() -> None:
    """Getting Started: eight players need armies of two (sixteen characters in all)."""
    options = {o.key: o for o in GAME.setup_options(8)}
    assert options["army"].choices == ("1", "2") and options["army"].default == "2"
    assert GAME.default_setup(2)["army"] == "3"


def test_content_lists_every_named_piece_with_its_provenance() -> None:
    """Included Game Pieces / Battle Cards / Fate Five / Time Travel / Lucky Toads: the
    content listing names every piece (characters, each card's six weapons and three
    skills, the skills the rules play, both fate cards cell by cell and their fates, the
    traps, the Time Travel weapons, the crowns, the Lucky Toads, Sanctuary and the Inner
    Square, the board and the castle's card), each with a source and a reason."""
    entries = GAME.content()
    kinds = Counter(e.kind for e in entries)
    assert kinds["character"] == 16
    assert kinds["weapon"] == 16 * 6 and kinds["skill"] == 16 * 3
    assert kinds["fate card"] == 6 * 11 and kinds["fate"] == len(fate_table()[0])
    assert kinds["time travel weapon"] == 6 and kinds["trap"] == 4
    assert kinds["lucky toad"] == 2 and kinds["crown"] == 8
    assert kinds["castle card"] == 1 and kinds["board"] == 1
    names = [e.name for e in entries]
    assert {"Sanctuary", "Inner Square"} <= set(names)
    assert "Sword of Destiny (Dragon Slayer, roll 5: damage 13/20, range 1/2)" in names
    assert "Card of Happiness, column 1, row 2: Happiness" in names
    assert "1: Blazing Death Ray Gun (damage 19, range 3)" in names
    assert any(n.startswith("Shark Attack (") for n in names)
    used = {s.name for c in characters().values() for s in c.skills}
    assert {e.name for e in entries if e.kind == "skill rule"} == used
    for e in entries:
        assert e.source in ("rulebook", "published", "reconstructed") and e.reason, e
    printed = {e.name for e in entries if e.kind == "weapon" and e.source == "rulebook"}
    assert len(printed) == 12  # the Dragon Slayer's and the Dragon's cards
