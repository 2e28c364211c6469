"""The game round: Orders, Movement and the Action Phase with attacks, defense and Hit
effects, the attack keywords, targeting, conditions and universal actions."""

from __future__ import annotations

from rules.biternia import board, effects
from rules.biternia.frames import Card
from rules.biternia.kinds import Ask, Phase
from rules.biternia.traits import max_hp

from .conftest import BLUE, act, arena, position, texts


# ---- Orders -----------------------------------------------------------------------------
def test_orders_give_each_living_hero_one_face_down_card(table):
    """Phase 1, Orders: simultaneous, one face-down card from hand per living Hero."""
    s = table
    assert s.decision().kind.value == "simultaneous" and set(s.decision().players) == {0, 1}
    assert {a.args[0] for a in s.legal_actions(0)} == set(BLUE)
    hand = list(s.seats[0].hand)
    for hero in BLUE:
        act(s, "order", hero, next(a.args[1] for a in s.legal_actions(0) if a.args[0] == hero))
    assert s.decision().players == (1,)
    assert len(s.seats[0].hand) == len(hand) - 4
    seen_by_red = s.view(1)
    assert all(seen_by_red.heroes[h].down == "?" for h in BLUE)
    assert all(s.view(0).heroes[h].down not in (None, "?") for h in BLUE)


def test_defeated_heroes_get_no_orders():
    """Phase 1, Orders: do not assign cards to defeated Heroes."""
    s = position(defeated=["sterling"])
    assert "sterling" not in {a.args[0] for a in s.legal_actions(0)}


def test_old_face_up_defense_stays_until_the_new_card_is_revealed():
    """Phase 1, Orders: the face-up card's defense holds until the face-down card is revealed."""
    s = arena({"ceralin": {"space": "gold_top", "up": "parry", "down": "strike"},
               "vladiator": {}}, phase=Phase.ACTION)
    assert effects.defense(s, "ceralin") == 3
    act(s, "activate", "ceralin", "use")
    assert effects.defense(s, "ceralin") == 1


# ---- Movement --------------------------------------------------------------------------
def _to_movement(s):
    for p in (0, 1):
        while p in s.decision().players:
            s.apply(p, s.legal_actions(p)[0])
    assert s.phase == Phase.MOVEMENT


def test_movement_alternates_from_initiative_and_each_hero_moves_once(table):
    """Phase 2, Movement: alternate from the initiative player; each Hero moves or passes
    exactly once."""
    s = table
    _to_movement(s)
    assert s.decision().players == (0,)
    act(s, "move", "sterling", "gold_top")
    assert s.heroes["sterling"].space == "gold_top"
    assert s.decision().players == (1,)
    act(s, "pass", "kerrick")
    assert s.decision().players == (0,)
    assert "sterling" not in {a.args[0] for a in s.legal_actions(0)}


def test_enemy_tower_blocks_the_path_to_its_bit():
    """Towers & Movement: a Bit is not adjacent to its Towers for enemies until that Tower
    falls; its own team moves freely."""
    hp = {"tower_1_top": 11, "tower_1_mid": 11, "tower_1_bot": 11, "bit_1": 16}
    assert "bit_1" not in board.neighbours("tower_1_top", 0, hp)
    assert "bit_1" in board.neighbours("tower_1_top", 1, hp)
    hp["tower_1_top"] = 0
    assert "bit_1" in board.neighbours("tower_1_top", 0, hp)
    assert "bit_1" not in board.neighbours("tower_1_mid", 0, hp)


def test_defeated_hero_can_only_pass():
    """Phase 2, Movement: defeated Heroes cannot move and must pass."""
    s = position(phase=Phase.MOVEMENT, defeated=["sterling"])
    mine = [a for a in s.legal_actions(0) if a.args[0] == "sterling"]
    assert [a.kind for a in mine] == ["pass"]


def test_immobilized_hero_stands_up_instead_of_moving():
    """Keyword Immobilize: the next time the Hero would move, it stands up instead."""
    s = position(phase=Phase.MOVEMENT, heroes={"sterling": {"immobilized": True}})
    where = s.heroes["sterling"].space
    kinds = {a.kind for a in s.legal_actions(0) if a.args[0] == "sterling"}
    assert kinds == {"stand", "pass"}
    act(s, "stand", "sterling")
    v = s.heroes["sterling"]
    assert v.space == where and not v.immobile


# ---- Activating and attacking -----------------------------------------------------------
def test_activation_discards_the_old_face_up_card_then_reveals():
    """Phase 3, Activating a Hero: old face-up cards go to the discard pile first."""
    s = arena({"sterling": {"up": "defend", "down": "dash"}}, phase=Phase.ACTION)
    old = s.heroes["sterling"].up
    act(s, "activate", "sterling", "farm")
    assert s.seats[0].discard[-2] == old


def test_attack_damage_is_strength_minus_face_up_defense():
    """Defense / Damage: damage = attack strength - the target's face-up defense."""
    s = arena({"vladiator": {"space": "gold_mid", "down": "smash"},
               "sterling": {"space": "gold_mid", "up": "parry"}},
              initiative="red", phase=Phase.ACTION)
    act(s, "activate", "vladiator", "use")
    assert s.heroes["sterling"].hp == max_hp(s, "sterling") - (4 - 3)


def test_hero_without_a_face_up_card_has_defense_zero(table):
    """Defense: no face-up card means defense 0."""
    s = table
    assert s.heroes["sterling"].up is None
    assert effects.defense(s, "sterling") == 0


def test_structures_have_defense_one():
    """Defense: a Structure's defense is always 1."""
    s = arena({"vladiator": {"space": "tower_0_top", "down": "smash"}}, initiative="red",
              phase=Phase.ACTION)
    act(s, "activate", "vladiator", "use")
    assert s.structures["tower_0_top"] == 11 - (4 - 1)


def test_multiple_attacks_resolve_separately_each_against_defense():
    """Attacking, Defense: each attack on a card applies defense separately."""
    s = arena({"felix": {"space": "gold_mid", "down": "flurry"},
               "kerrick": {"space": "gold_mid", "up": "strike"}}, phase=Phase.ACTION)
    act(s, "activate", "felix", "use")
    # Flurry: two Attack 2, each +1 (Lone Blade) and each reduced by defense 1
    assert s.heroes["kerrick"].hp == max_hp(s, "kerrick") - 2 * (3 - 1)


def test_hit_effects_need_at_least_one_damage():
    """Hit Effects: they apply only if the attack dealt at least 1 damage."""

    def duel(kerricks_card: str):
        return arena({"sterling": {"space": "jungle_0_lower", "down": "pinning_arrow"},
                      "kerrick": {"space": "jungle_0_lower", "up": kerricks_card}},
                     phase=Phase.ACTION)

    s = duel("parry")
    events = act(s, "activate", "sterling", "use")
    assert "deals 0 damage to Kerrick" in texts(events)
    assert not s.heroes["kerrick"].immobile
    s = duel("strike")
    act(s, "activate", "sterling", "use")
    assert s.heroes["kerrick"].immobile


def test_no_legal_target_skips_the_attack_but_defense_stays():
    """Targeting, worked example: the Fighter alone reveals Parry; the attack is ignored and
    its defense stays while face-up."""
    s = arena({"ceralin": {"space": "gold_bot", "down": "parry"}}, phase=Phase.ACTION)
    events = act(s, "activate", "ceralin", "use")
    assert "no legal target" in texts(events)
    assert effects.defense(s, "ceralin") == 3


def test_target_choice_is_offered_when_several_enemies_are_present():
    """Targeting: the attacker chooses among the legal targets in its space."""
    s = arena({"vladiator": {"space": "gold_mid", "down": "smash"},
               "sterling": {"space": "gold_mid"}, "felix": {"space": "gold_mid"}},
              initiative="red", phase=Phase.ACTION)
    act(s, "activate", "vladiator", "use")
    assert s.pending.type == Ask.TARGET
    assert set(s.pending.options) == {"sterling", "felix"}
    act(s, "target", "felix")
    assert s.heroes["felix"].hp == max_hp(s, "felix") - 4


def test_ranged_reaches_adjacent_spaces_but_not_past_a_standing_tower():
    """Ranged, Towers & Ranged Attacks: adjacent spaces are in reach, but the Bit behind a
    standing enemy Tower is not."""
    s = arena({"kerrick": {"space": "tower_0_mid"}})
    step = {"do": "attack", "type": "magic", "power": 4, "ranged": True}
    frame = Card(hero="kerrick", card="bolt")
    found = effects.step_targets(s, frame, step)
    assert "tower_0_mid" in found and "bit_0" not in found
    s = arena({"kerrick": {"space": "tower_0_mid"}}, structures={"tower_0_mid": 0})
    assert "bit_0" in effects.step_targets(s, frame, step)


def test_area_attack_hits_every_enemy_here_and_no_friend():
    """Area: all enemies in the space, Structures included; friends are never hit."""
    s = arena({"kerrick": {"space": "tower_0_bot", "down": "pulse"},
               **{h: {"space": "tower_0_bot"} for h in ("sterling", "felix", "vladiator")}},
              initiative="red", phase=Phase.ACTION)
    act(s, "activate", "kerrick", "use")
    # Pulse: Magic Attack 3, Pierce 1 from Spellweave; no face-up cards (defense 0)
    assert s.heroes["sterling"].hp == max_hp(s, "sterling") - 3
    assert s.heroes["felix"].hp == max_hp(s, "felix") - 3
    assert s.heroes["vladiator"].hp < max_hp(s, "vladiator")  # only the Tower's fire
    assert s.structures["tower_0_bot"] == 11 - 3


def test_a_side_with_cards_left_activates_them_one_after_another():
    """Phase 3, Action: when only one player has face-down cards left, that player activates
    each of them in turn."""
    s = arena({h: {"space": "jungle_0_lower", "down": "strike"}
               for h in ("sterling", "felix", "kerrick")}, phase=Phase.ACTION)
    act(s, "activate", "sterling", "farm")
    assert s.decision().players == (1,)
    act(s, "activate", "kerrick", "farm")
    assert s.decision().players == (0,) and s.phase == Phase.ACTION
    act(s, "activate", "felix", "farm")
    assert s.phase == Phase.CLEANUP
