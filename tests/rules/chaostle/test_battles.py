"""Battles: the rulebook's Sample Battle, hits, misses, range, conquest and upgrades."""

from __future__ import annotations

from rules.chaostle.state import ChaostleState
from rules.core import CHANCE, Action
from tests.rules.chaostle.helpers import act, opening, put, roll, turn_of


def _slayer_and_dragon() -> ChaostleState:
    s = opening([["dragon_slayer", "mage"], ["dragon", "rogue"]], ["west.king", "east.king"])
    put(s, "dragon_slayer", "south.wk03")
    put(s, "dragon", "south.wk04")
    turn_of(s, 0)
    return s


def test_sample_battle_dragon_slayer_against_dragon() -> None:
    """Sample Battle: rolls 4, 4, 2, 1 (upgraded Furious Roar of Fire), 5 give exactly the
    printed health after every round, and the Dragon Slayer earns a peg."""
    s = _slayer_and_dragon()
    s.chars["dragon"]["up"] = ["damage0"]  # "pretend it was upgraded on a previous turn"
    act(s, "battle", "dragon_slayer", "dragon")
    act(s, "no_smoke")  # the Dragon's owner keeps its Smoke Screen
    roll(s, 4)
    assert s.chars["dragon"]["hp"] == 23
    roll(s, 4)  # Lava Breath, range 0: a miss
    assert s.chars["dragon_slayer"]["hp"] == 31
    assert {a.kind for a in s.legal_actions(0)} == {"fight_on", "end_battle"}
    act(s, "fight_on")
    roll(s, 2)
    assert s.chars["dragon"]["hp"] == 7
    roll(s, 1)
    assert s.chars["dragon_slayer"]["hp"] == 17
    roll(s, 5)
    assert s.chars["dragon"]["status"] == "out"
    assert s.queue[0]["k"] == "upgrade" and s.queue[0]["char"] == "dragon_slayer"


def test_miss_lets_other_side_end_the_battle() -> None:
    """Battles: after a miss the other side may end the battle instead of striking back."""
    s = _slayer_and_dragon()
    act(s, "battle", "dragon_slayer", "dragon")
    act(s, "no_smoke")
    roll(s, 3)  # Offensive Assault, range 0 at range 1: a miss
    assert s.decision().players == (1,)
    act(s, "end_battle")
    assert not any(f["k"] == "battle" for f in s.queue)
    assert s.chars["dragon"]["hp"] == 40 and s.chars["dragon_slayer"]["hp"] == 31


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
    s = opening([["dragon_slayer"], ["dragon"]], ["west.king", "east.king"])
    put(s, "dragon_slayer", "south.wk02")
    put(s, "dragon", "south.wk04")
    turn_of(s, 0)
    assert s.range_between("dragon_slayer", "dragon") == 2
    assert s.phase == "battles"
    assert not [a for a in s.legal_actions(0) if a.kind == "battle"]
    turn_of(s, 1)
    assert Action("battle", ("dragon", "dragon_slayer")) in s.legal_actions(1)


def test_range_zero_is_a_fight_to_the_death() -> None:
    """Battles: moving onto an opponent is range 0, where every weapon hits and nobody may
    end the battle; the winner takes the space."""
    s = opening([["barbarian"], ["mage"]], ["west.king", "east.king"])
    put(s, "barbarian", "south.wk01")
    put(s, "mage", "south.wk04")
    turn_of(s, 0, "roll")
    roll(s, 3)
    act(s, "move", "barbarian", "south.wk04", 3)
    assert s.queue[0]["k"] == "battle" and s.queue[0]["range"] == 0
    assert s.chars["barbarian"]["at"] == "south.wk01"  # one character per space meanwhile
    roll(s, 6)  # the Barbarian's Berserker fails
    while s.chars["mage"]["status"] == "play":
        assert s.decision().is_chance
        roll(s, 3)  # Fist Pound (range 0) / Staff Strike: both always hit at range 0
    assert s.chars["barbarian"]["at"] == "south.wk04"


def test_conquered_character_keeps_upgrades_and_returns_at_full_health() -> None:
    """Conquered: a character leaves play keeping its pegs and comes back at full health."""
    s = opening([["barbarian"], ["mage"]], ["west.king", "east.king"])
    put(s, "barbarian", "south.wk03")
    put(s, "mage", "south.wk04")
    s.chars["mage"]["up"] = ["health"]
    s.chars["mage"]["hp"] = 5
    turn_of(s, 0)
    act(s, "battle", "barbarian", "mage")
    roll(s, 6)  # Berserker fails
    roll(s, 1)  # Great Sword 17 + Magic Damage 3 + Wizard Damage 2
    assert s.chars["mage"]["status"] == "out" and s.chars["mage"]["up"] == ["health"]
    act(s, "upgrade", "barbarian", "armor")
    assert s.chars["barbarian"]["up"] == ["armor"]
    turn_of(s, 1, "begin")
    act(s, "enter", "mage", s.start_space("mage"))
    assert s.chars["mage"]["hp"] == 26


def test_original_starting_position_is_safe() -> None:
    """Battles: nobody may attack a character on its original starting position."""
    s = opening([["barbarian"], ["mage"]], ["west.king", "south.king"])
    put(s, "barbarian", "south.wk10")
    put(s, "mage", "south.wk09")  # the King of the south's starting position
    turn_of(s, 0)
    assert not [a for a in s.legal_actions(0) if a.kind == "battle"]


def test_upgraded_health_raises_current_health() -> None:
    """Upgrading Battle Cards: a health peg raises current health by the difference."""
    s = _slayer_and_dragon()
    s.chars["dragon_slayer"]["hp"] = 20
    s.queue.insert(0, {"k": "upgrade", "char": "dragon_slayer"})
    act(s, "upgrade", "dragon_slayer", "health")
    assert s.chars["dragon_slayer"]["hp"] == 25 and s.max_hp("dragon_slayer") == 36


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
    s = opening([["barbarian"], ["elven_archer"]], ["south.king", "west.king"])
    put(s, "barbarian", "south.wk10")
    put(s, "elven_archer", "south.wk08")
    for a, d in (("barbarian", "elven_archer"), ("elven_archer", "barbarian")):
        r = s.range_between(a, d)
        assert r is None or r > 20  # two coloured lines in the way: no path at all here
    turn_of(s, 1)
    assert not any(a.kind == "battle" for a in s.legal_actions(1))


def test_own_characters_never_battle() -> None:
    """Sacrifice: two characters of one player cannot battle, nor share a space."""
    s = opening([["barbarian", "dwarf"], ["mage", "rogue"]], ["west.king", "east.king"])
    put(s, "barbarian", "south.wk03")
    put(s, "dwarf", "south.wk04")
    turn_of(s, 0)
    assert not any(a.kind == "battle" for a in s.legal_actions(0))
    turn_of(s, 0, "roll")
    roll(s, 1)
    assert Action("move", ("barbarian", "south.wk04", 1)) not in s.legal_actions(0)


def test_moving_past_other_characters() -> None:
    """Movement: characters pass others on the way, landing only on a free space (or an
    opponent, to fight)."""
    s = opening([["dwarf"], ["mage"]], ["west.king", "east.king"])
    put(s, "dwarf", "south.wk01")
    put(s, "mage", "south.wk02")
    turn_of(s, 0, "roll")
    roll(s, 2)
    assert Action("move", ("dwarf", "south.wk03", 2)) in s.legal_actions(0)


def test_one_character_battles_several_opponents_in_a_turn() -> None:
    """Battles: a character may fight several opposing characters in separate battles."""
    s = opening([["elven_archer", "dwarf"], ["mage", "rogue"]], ["west.king", "east.king"])
    put(s, "elven_archer", "south.wk04")
    put(s, "mage", "south.wk02")
    put(s, "rogue", "south.wk06")
    turn_of(s, 0)
    targets = {a.args[1] for a in s.legal_actions(0) if a.kind == "battle"}
    assert targets == {"mage", "rogue"}
    act(s, "battle", "elven_archer", "mage")
    roll(s, 3)  # Elven Blade, range 1 at range 2: a miss
    act(s, "end_battle")
    assert {a.args[1] for a in s.legal_actions(0) if a.kind == "battle"} == {"rogue"}
