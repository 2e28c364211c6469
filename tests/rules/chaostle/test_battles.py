"""Battles: the rulebook's Sample Battle, hits, misses, range, conquest and upgrades."""

from __future__ import annotations

from rules.chaostle.frames import Battle, Upgrade
from rules.chaostle.state import ChaostleState
from rules.core import CHANCE, Action
from tests.rules.chaostle.helpers import act, position, roll

CROWNS = ["west.king", "east.king"]


def _slayer_and_dragon(**characters: dict[str, object]) -> ChaostleState:
    """The Dragon Slayer next to the Dragon in seat 1's battles phase."""
    return position([["dragon_slayer", "mage"], ["dragon", "rogue"]], CROWNS,
                    {"dragon_slayer": "south.wk03", "dragon": "south.wk04"},
                    characters=characters)


def test_sample_battle_dragon_slayer_against_dragon() -> None:
    """Sample Battle: rolls 4, 4, 2, 1 (upgraded Furious Roar of Fire), 5 give exactly the
    printed health after every round, and the Dragon Slayer earns a peg."""
    # "pretend it was upgraded on a previous turn"
    s = _slayer_and_dragon(dragon={"pegs": ["damage0"]})
    act(s, "battle", "dragon_slayer", "dragon")
    act(s, "no_smoke")  # the Dragon's owner keeps its Smoke Screen
    roll(s, 4)
    assert s.chars["dragon"].hp == 23
    roll(s, 4)  # Lava Breath, range 0: a miss
    assert s.chars["dragon_slayer"].hp == 31
    assert {a.kind for a in s.legal_actions(0)} == {"fight_on", "end_battle"}
    act(s, "fight_on")
    roll(s, 2)
    assert s.chars["dragon"].hp == 7
    roll(s, 1)
    assert s.chars["dragon_slayer"].hp == 17
    roll(s, 5)
    assert s.chars["dragon"].status == "out"
    assert isinstance(s.queue.top, Upgrade) and s.queue.top.char == "dragon_slayer"


def test_miss_lets_other_side_end_the_battle() -> None:
    """Battles: after a miss the other side may end the battle instead of striking back."""
    s = _slayer_and_dragon()
    act(s, "battle", "dragon_slayer", "dragon")
    act(s, "no_smoke")
    roll(s, 3)  # Offensive Assault, range 0 at range 1: a miss
    assert s.decision().players == (1,)
    act(s, "end_battle")
    assert not any(isinstance(f, Battle) for f in s.queue.frames)
    assert s.chars["dragon"].hp == 40 and s.chars["dragon_slayer"].hp == 31


def test_one_battle_per_pair_per_turn() -> None:
    """Battles: a character battles each opposing character once per turn."""
    s = _slayer_and_dragon()
    act(s, "battle", "dragon_slayer", "dragon")
    act(s, "no_smoke")
    roll(s, 3)
    act(s, "end_battle")
    assert Action("battle", ("dragon_slayer", "dragon")) not in s.legal_actions(0)


def test_battle_needs_a_weapon_in_range() -> None:
    """Battles: a battle starts only within range of at least one of the attacker's
    weapons (the Dragon Slayer reaches 1, the Dragon 2)."""
    where = {"dragon_slayer": "south.wk02", "dragon": "south.wk04"}
    s = position([["dragon_slayer"], ["dragon"]], CROWNS, where)
    assert s.range_between("dragon_slayer", "dragon") == 2
    assert s.phase == "battles"
    assert not [a for a in s.legal_actions(0) if a.kind == "battle"]
    s = position([["dragon_slayer"], ["dragon"]], CROWNS, where, turn=2)
    assert Action("battle", ("dragon", "dragon_slayer")) in s.legal_actions(1)


def test_range_zero_is_a_fight_to_the_death() -> None:
    """Battles: moving onto an opponent is range 0, where every weapon hits and nobody may
    end the battle; the winner takes the space."""
    s = position([["barbarian"], ["mage"]], CROWNS,
                 {"barbarian": "south.wk01", "mage": "south.wk04"}, phase="roll")
    roll(s, 3)
    act(s, "move", "barbarian", "south.wk04", 3)
    assert isinstance(s.queue.top, Battle) and s.queue.top.range == 0
    assert s.chars["barbarian"].at == "south.wk01"  # one character per space meanwhile
    roll(s, 6)  # the Barbarian's Berserker fails
    while s.chars["mage"].status == "play":
        assert s.decision().is_chance
        roll(s, 3)  # Fist Pound (range 0) / Staff Strike: both always hit at range 0
    assert s.chars["barbarian"].at == "south.wk04"


def test_conquered_character_keeps_upgrades_and_returns_at_full_health() -> None:
    """Conquered: a character leaves play keeping its pegs and comes back at full health."""
    s = position([["barbarian"], ["mage"]], CROWNS, {"barbarian": "south.wk03"},
                 characters={"mage": {"space": "south.wk04", "pegs": ["health"], "health": 5}})
    act(s, "battle", "barbarian", "mage")
    roll(s, 6)  # Berserker fails
    roll(s, 1)  # Great Sword 17 + Magic Damage 3 + Wizard Damage 2
    assert s.chars["mage"].status == "out" and s.chars["mage"].up == ["health"]
    act(s, "upgrade", "barbarian", "armor")
    assert s.chars["barbarian"].up == ["armor"]
    assert s.decision().players == (1,) and s.phase == "begin"  # nothing left: seat 2's turn
    act(s, "enter", "mage", s.start_space("mage"))
    assert s.chars["mage"].hp == 26


def test_original_starting_position_is_safe() -> None:
    """Battles: nobody may attack a character on its original starting position."""
    s = position([["barbarian"], ["mage"]], ["west.king", "south.king"],
                 {"barbarian": "south.wk10",
                  "mage": "south.wk09"})  # the King of the south's starting position
    assert not [a for a in s.legal_actions(0) if a.kind == "battle"]


def test_upgraded_health_raises_current_health() -> None:
    """Upgrading Battle Cards: a health peg raises current health by the difference."""
    s = _slayer_and_dragon(dragon_slayer={"health": 20}, dragon={"health": 1})
    act(s, "battle", "dragon_slayer", "dragon")
    act(s, "no_smoke")
    roll(s, 4)  # the Dragon is conquered: the Dragon Slayer earns a peg
    assert s.queue.top == Upgrade(char="dragon_slayer")
    act(s, "upgrade", "dragon_slayer", "health")
    assert s.chars["dragon_slayer"].hp == 25 and s.max_hp("dragon_slayer") == 36


def test_chance_rolls_are_explicit() -> None:
    """Weapon rolls are chance decisions with six equally likely faces."""
    s = _slayer_and_dragon()
    act(s, "battle", "dragon_slayer", "dragon")
    act(s, "no_smoke")
    outcomes = s.chance_outcomes()
    assert [a.args[0] for a, _ in outcomes] == [1, 2, 3, 4, 5, 6]
    assert s.decision().players == (CHANCE,)


def test_no_battles_across_a_coloured_line() -> None:
    """Battles: nobody starts a battle, or is attacked, across its own coloured line; range
    must go the long way round."""
    s = position([["barbarian"], ["elven_archer"]], ["south.king", "west.king"],
                 {"barbarian": "south.wk10", "elven_archer": "south.wk08"}, turn=2)
    for a, d in (("barbarian", "elven_archer"), ("elven_archer", "barbarian")):
        r = s.range_between(a, d)
        assert r is None or r > 20  # two coloured lines in the way: no path at all here
    assert not any(a.kind == "battle" for a in s.legal_actions(1))


def test_own_characters_never_battle() -> None:
    """Sacrifice: two characters of one player cannot battle, nor share a space."""
    armies = [["barbarian", "dwarf"], ["mage", "rogue"]]
    where = {"barbarian": "south.wk03", "dwarf": "south.wk04"}
    s = position(armies, CROWNS, where)
    assert not any(a.kind == "battle" for a in s.legal_actions(0))
    s = position(armies, CROWNS, where, phase="roll")
    roll(s, 1)
    assert Action("move", ("barbarian", "south.wk04", 1)) not in s.legal_actions(0)


def test_moving_past_other_characters() -> None:
    """Movement: characters pass others on the way, landing only on a free space (or an
    opponent, to fight)."""
    s = position([["dwarf"], ["mage"]], CROWNS, {"dwarf": "south.wk01", "mage": "south.wk02"},
                 phase="roll")
    roll(s, 2)
    assert Action("move", ("dwarf", "south.wk03", 2)) in s.legal_actions(0)


def test_one_character_battles_several_opponents_in_a_turn() -> None:
    """Battles: a character may fight several opposing characters in separate battles."""
    s = position([["elven_archer", "dwarf"], ["mage", "rogue"]], CROWNS,
                 {"elven_archer": "south.wk04", "mage": "south.wk02", "rogue": "south.wk06"})
    targets = {a.args[1] for a in s.legal_actions(0) if a.kind == "battle"}
    assert targets == {"mage", "rogue"}
    act(s, "battle", "elven_archer", "mage")
    roll(s, 3)  # Elven Blade, range 1 at range 2: a miss
    act(s, "end_battle")
    assert {a.args[1] for a in s.legal_actions(0) if a.kind == "battle"} == {"rogue"}
