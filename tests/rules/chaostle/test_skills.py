"""Special skills: each one's frequency and use, as the rulebook's Special Skills section
defines them."""

from __future__ import annotations

from rules.chaostle.frames import FireWall, Upgrade
from rules.chaostle.state import ChaostleState
from rules.core import CHANCE
from tests.rules.chaostle.helpers import act, position, roll


def _duel(a: str, d: str, a_at: str = "south.wk03", d_at: str = "south.wk04",
          health: dict[str, int] | None = None, phase: str = "battles",
          **setup: str) -> ChaostleState:
    """``a`` (King of the west, seat 1) at ``a_at`` against ``d`` (King of the east) at
    ``d_at``, in seat 1's ``phase``."""
    chars = {a: {"space": a_at}, d: {"space": d_at}}
    for cid, hp in (health or {}).items():
        chars[cid]["health"] = hp
    return position([[a], [d]], ["west.king", "east.king"], characters=chars, setup=setup,
                    phase=phase)


def test_evasive_action_strikes_first() -> None:
    """Evasive Action: attacked, roll at most the points to strike first."""
    s = _duel("crusader", "dragon_slayer")
    act(s, "battle", "crusader", "dragon_slayer")
    roll(s, 2)
    assert s.queue.top.next == "dragon_slayer"


def test_berserker_adds_damage_for_the_battle() -> None:
    """Berserker: roll at most the points; every weapon then does that much more."""
    s = _duel("barbarian", "crusader")
    act(s, "battle", "barbarian", "crusader")
    roll(s, 1)  # goes berserk (+3)
    roll(s, 1)  # Great Sword 17 + 3 - armour 3 = 17
    assert s.chars["crusader"].hp == 26 - 17


def test_agility_punishes_a_miss() -> None:
    """Agility: each time the opponent misses it takes the points, no armour."""
    s = _duel("mage", "rogue", "south.wk02", "south.wk04")
    act(s, "battle", "mage", "rogue")
    roll(s, 6)  # the Rogue fails to evade
    roll(s, 3)  # Staff Strike, range 0 at range 2: a miss
    assert s.chars["mage"].hp == 22 - 3


def test_magic_resistance_blocks_low_numbered_magic_weapons() -> None:
    """Magic Resistance: on a successful roll, a Magic opponent's weapons numbered up to
    the points do no damage (not a miss)."""
    s = _duel("wizard", "minotaur")
    act(s, "battle", "wizard", "minotaur")
    roll(s, 6, 1)  # the Minotaur's Berserker fails, its Magic Resistance works
    roll(s, 2)  # Lightning Bolt: weapon 2 <= 3, resisted
    assert s.chars["minotaur"].hp == 34
    assert s.queue.top.step == "attack"  # not a miss: no chance to end the battle


def test_smoke_screen_shortens_every_range() -> None:
    """Smoke Screen: once per battle, on a roll at most the points, every weapon's range
    in the battle is one less (never below zero)."""
    s = _duel("dragon_slayer", "dragon")
    act(s, "battle", "dragon_slayer", "dragon")
    act(s, "smoke", "dragon")
    roll(s, 1)
    roll(s, 4)  # Dragon Blade of Glory: range 1 - 1 = 0, a miss at range 1
    assert s.chars["dragon"].hp == 40 and s.queue.top.step == "continue"


def test_time_travel_uses_future_weapons_in_the_first_round() -> None:
    """Time Travel: on a roll at most the points, the first attack uses the future weapons
    table."""
    s = _duel("sorceress", "paladin")
    act(s, "battle", "sorceress", "paladin")
    roll(s, 1)  # travels in time
    roll(s, 2)  # Blasteroid Grenade Launcher, 24; Paladin armour 4 + Magic Protection 2
    assert s.chars["paladin"].hp == 42 - 18


def test_cheat_death_rises_with_two_dice_of_health() -> None:
    """Cheat Death: conquered no further below zero than the points, the character lives on
    with two dice of health and the conqueror gets no peg."""
    s = _duel("barbarian", "skeleton_archer", health={"skeleton_archer": 2})
    act(s, "battle", "barbarian", "skeleton_archer")
    roll(s, 6)  # no berserk
    roll(s, 1)  # Great Sword 17 - armour 2 = 15: health -13, too far below zero
    assert s.chars["skeleton_archer"].status == "out"
    s2 = _duel("mage", "skeleton_archer", health={"skeleton_archer": 8})
    act(s2, "battle", "mage", "skeleton_archer")
    roll(s2, 4)  # Lightning Arc 10 - 2 = 8: health 0, within 3 of zero
    assert s2.queue.top.purpose == "cheat" and s2.decision().is_chance
    roll(s2, 7)
    assert s2.chars["skeleton_archer"].hp == 7 and s2.chars["skeleton_archer"].status \
        == "play"
    assert not any(isinstance(f, Upgrade) for f in s2.queue.frames)


def test_spontaneous_healing_after_surviving_a_battle() -> None:
    """Spontaneous Healing: after surviving a battle, gain the points in health."""
    s = _duel("crusader", "mage", "south.wk02", "south.wk04", health={"crusader": 10})
    act(s, "battle", "crusader", "mage")
    roll(s, 1)  # Longsword, range 1 at range 2: a miss
    act(s, "end_battle")
    assert s.chars["crusader"].hp == 13


def test_fire_wall_after_moving_near_an_opponent() -> None:
    """Fire Wall: after a move brings the holder within six of an opponent (or an opponent
    within six of it), roll the exact range to burn that opponent, no armour."""
    s = _duel("crusader", "dragon", "south.wk01", "south.wk06", phase="roll")
    roll(s, 3)
    act(s, "move", "crusader", "south.wk04", 3)
    assert isinstance(s.queue.top, FireWall) and s.decision().players == (1,)
    act(s, "firewall", "dragon", "crusader", 2)
    roll(s, 2)
    assert s.chars["crusader"].hp == 26 - 8


def test_bolt_of_terror_at_the_end_of_the_turn() -> None:
    """Bolt of Terror: once per turn at its end, an opponent within the points loses one
    die of health, no armour."""
    s = _duel("warlock", "paladin", "south.wk01", "south.wk04", phase="end")
    act(s, "bolt", "warlock", "paladin")
    roll(s, 5)
    assert s.chars["paladin"].hp == 37
    assert not any(a.kind == "bolt" for a in s.legal_actions(0))


def test_arrow_dynamics_hits_far_targets() -> None:
    """Arrow Dynamics: an opponent 6 to 9 away is hit when a die plus 3 reaches the range."""
    s = _duel("elven_archer", "paladin", "south.wk01", "south.wk08", phase="end")
    r = s.range_between("elven_archer", "paladin")
    assert 6 <= r <= 9
    act(s, "arrows", "elven_archer", "paladin", r)
    roll(s, r - 3)
    assert s.chars["paladin"].hp == 42 - 5


def test_healing_powers_heal_others_not_self() -> None:
    """Healing Powers: heal each other character within range by one die; never itself."""
    s = _duel("paladin", "mage", "south.wk01", "south.wk03",
              health={"paladin": 10, "mage": 10}, phase="end")
    heals = [a.args for a in s.legal_actions(0) if a.kind == "heal"]
    assert heals == [("paladin", "mage")]
    act(s, "heal", "paladin", "mage")
    roll(s, 4)
    assert s.chars["mage"].hp == 14


def test_rejuvenated_healing() -> None:
    """Rejuvenated Healing: at the end of the turn, roll at most the points to gain them."""
    s = _duel("unicorn", "mage", "south.wk01", "west.wk08", health={"unicorn": 10},
              phase="end")
    act(s, "rejuvenate", "unicorn")
    roll(s, 4)
    assert s.chars["unicorn"].hp == 14


def test_skills_can_be_switched_off() -> None:
    """Special Skills are advanced: a game may be played without them."""
    s = _duel("dragon_slayer", "dragon", skills="off")
    act(s, "battle", "dragon_slayer", "dragon")
    assert s.decision().players == (CHANCE,)  # no Smoke Screen offer
    roll(s, 4)
    assert s.chars["dragon"].hp == 40 - 14  # no Dragon Damage
