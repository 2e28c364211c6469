"""Defeated Heroes, Base Defenses, Destroying a Tower and the Elemental Bit."""

from __future__ import annotations

from rules.biternia import effects
from rules.biternia.frames import Card
from rules.biternia.kinds import Phase
from rules.biternia.model import Token
from rules.biternia.traits import max_hp

from .conftest import act, arena, texts


def test_defeated_hero_worked_example():
    """Defeated Heroes: standee off the board, Hero card then its action cards to the
    discard pile, the enemy gains gold equal to its level, its own Bit suffers 3 (ignoring
    defense), its tokens are discarded."""
    s = arena({"vladiator": {"space": "gold_top", "down": "smash"},
               "sterling": {"space": "gold_top", "hp": 1, "level": 2, "shield": 0,
                            "attack_tokens": 1, "immobilized": True, "confused": True,
                            "up": "parry", "down": "strike"}},
              initiative="red", phase=Phase.ACTION)
    v = s.heroes["sterling"]
    up, down = v.up, v.down
    events = act(s, "activate", "vladiator", "use")
    assert v.space is None and v.up is None and v.down is None
    assert s.seats[0].discard[-3:] == ["hero:sterling", up, down]
    assert s.gold[1] == 2 + 2  # level 2, then Cleanup's 2
    assert s.structures["bit_0"] == 16 - 3
    assert (v.attack, v.immobile, v.confuse) == (0, False, 0)
    assert "Sterling is defeated" in texts(events)


def test_favored_enemy_token_stays_when_its_hero_is_defeated():
    """Tokens: the Hunter's Favored Enemy token is the named exception to discarding."""
    s = arena({"vladiator": {"space": "gold_top", "down": "smash"},
               "sterling": {"space": "gold_top", "hp": 1}},
              favored_enemy="sterling", initiative="red", phase=Phase.ACTION)
    act(s, "activate", "vladiator", "use")
    assert s.heroes["sterling"].space is None and s.favored == "sterling"


def test_bear_trap_goes_when_its_hunter_is_defeated():
    """Tokens: tokens associated with a defeated Hero are discarded."""
    s = arena({"boreas": {"space": "gold_top"}, "vladiator": {"space": "gold_top"}},
              bear_trap={"space": "gold_mid", "owner": "boreas"})
    assert s.trap == Token("gold_mid", "boreas")
    effects.defeat(s, "boreas", 0, [])
    assert s.trap is None


def test_towers_and_bits_make_area_attack_four_on_enemy_heroes():
    """Base Defenses: after all activations every Tower and Bit makes an Area Attack 4
    against enemy Heroes in its space; friendly Heroes are safe."""
    s = arena({"vladiator": {"space": "tower_0_top", "up": "parry"},
               "sterling": {"space": "tower_0_top", "down": "strike"},
               "felix": {"space": "tower_0_top"}}, phase=Phase.ACTION)
    act(s, "activate", "sterling", "farm")
    assert s.heroes["vladiator"].hp == max_hp(s, "vladiator") - (4 - 3)
    assert s.heroes["sterling"].hp == max_hp(s, "sterling")


def test_base_defenses_alternate_from_the_initiative_team():
    """Base Defenses: the initiative player picks one Structure to attack, then the other
    player, alternating."""
    s = arena({"vladiator": {"space": "tower_0_top"}, "cyrus": {"space": "tower_0_mid"},
               "sterling": {"space": "tower_1_top", "down": "strike"},
               "felix": {"space": "tower_1_bot"}}, phase=Phase.ACTION)
    act(s, "activate", "sterling", "farm")
    assert s.phase == Phase.BASE and s.decision().players == (0,)
    assert {a.args for a in s.legal_actions(0)} == {("tower_0_top",), ("tower_0_mid",)}
    act(s, "structure", "tower_0_mid")
    assert s.decision().players == (1,)
    act(s, "structure", "tower_1_bot")
    assert s.phase == Phase.CLEANUP  # the last Tower of each side fired on its own
    assert all(s.heroes[h].hp == max_hp(s, h) - 4
               for h in ("vladiator", "cyrus", "sterling", "felix"))


def test_destroying_a_tower_gives_three_gold_and_costs_its_bit_three():
    """Destroying a Tower: the destroyer gains 3 gold, that side's Bit suffers 3 (ignoring
    defense), the Tower never returns and no longer blocks the way to the Bit."""
    s = arena({"vladiator": {"space": "tower_0_top", "down": "smash"}},
              structures={"tower_0_top": 2}, initiative="red", phase=Phase.ACTION)
    events = act(s, "activate", "vladiator", "use")
    assert s.structures["tower_0_top"] == 0
    assert s.gold[1] == 3 + 2
    assert s.structures["bit_0"] == 16 - 3
    assert "Blue top Tower is destroyed" in texts(events)
    assert "bit_0" in effects.reach(s, "vladiator", True)


def test_bit_can_be_attacked_only_through_a_lane_whose_tower_is_down():
    """Destroying an Elemental Bit: attacks reach the Bit only through a destroyed Tower's
    lane; other standing Towers still block."""
    s = arena({"kerrick": {"space": "tower_0_mid"}}, structures={"tower_0_top": 0})
    frame = Card(hero="kerrick", card="bolt")
    bolt = {"do": "attack", "type": "magic", "power": 4, "ranged": True}
    assert "bit_0" not in effects.step_targets(s, frame, bolt)
    s = arena({"kerrick": {"space": "tower_0_top"}}, structures={"tower_0_top": 0})
    assert "bit_0" in effects.step_targets(s, frame, bolt)


def test_destroying_the_enemy_bit_wins():
    """Objective: destroying the opponent's Elemental Bit wins at once."""
    s = arena({"vladiator": {"space": "bit_0", "down": "smash"}},
              structures={"tower_0_top": 0, "bit_0": 3}, initiative="red", phase=Phase.ACTION)
    act(s, "activate", "vladiator", "use")
    out = s.outcome()
    assert out is not None and out.scores == (0.0, 1.0) and s.decision().is_terminal


def test_bit_suffers_three_when_a_hero_falls_even_while_protected(table):
    """Destroying an Elemental Bit: the Bit always suffers 3 when a friendly Hero is defeated,
    even while all its Towers stand."""
    s = table
    effects.defeat(s, "kerrick", 0, [])
    assert s.structures["bit_1"] == 16 - 3
    assert all(s.structures[t] == 11 for t in ("tower_1_top", "tower_1_mid", "tower_1_bot"))
