"""The game round: Orders, Movement and the Action Phase with attacks, defense and Hit
effects, the attack keywords, targeting, conditions and universal actions."""

from __future__ import annotations

from rules.biternia import board, effects
from rules.biternia.traits import max_hp

from .conftest import BLUE, RED, act, action_phase, give, place, texts


def _all_at(s, space, heroes):
    for h in heroes:
        place(s, h, space)


def _bench(s, keep=()):
    """Take every Hero not in ``keep`` off the board (so only the named ones can act)."""
    for h in BLUE + RED:
        if h not in keep:
            place(s, h, None)
            s.d["heroes"][h]["down"] = None


# ---- Orders -----------------------------------------------------------------------------
def test_orders_give_each_living_hero_one_face_down_card(table):
    """Phase 1, Orders: simultaneous, one face-down card from hand per living Hero."""
    s = table
    assert s.decision().kind.value == "simultaneous" and set(s.decision().players) == {0, 1}
    assert {a.args[0] for a in s.legal_actions(0)} == set(BLUE)
    hand = list(s.d["seats"][0]["hand"])
    for hero in BLUE:
        act(s, "order", hero, next(a.args[1] for a in s.legal_actions(0) if a.args[0] == hero))
    assert s.decision().players == (1,)
    assert len(s.d["seats"][0]["hand"]) == len(hand) - 4
    seen_by_red = s.view(1)
    assert all(seen_by_red.d["heroes"][h]["down"] == "?" for h in BLUE)
    assert all(s.view(0).d["heroes"][h]["down"] not in (None, "?") for h in BLUE)


def test_defeated_heroes_get_no_orders(table):
    """Phase 1, Orders: do not assign cards to defeated Heroes."""
    s = table
    place(s, "sterling", None)
    assert "sterling" not in {a.args[0] for a in s.legal_actions(0)}


def test_old_face_up_defense_stays_until_the_new_card_is_revealed(table):
    """Phase 1, Orders: the face-up card's defense holds until the face-down card is revealed."""
    s = table
    _bench(s, keep=("ceralin", "vladiator"))
    _all_at(s, "gold_top", ("ceralin",))
    give(s, "ceralin", up="parry", down="strike")
    assert effects.defense(s, "ceralin") == 3
    action_phase(s, 0)
    act(s, "activate", "ceralin", "use")
    assert effects.defense(s, "ceralin") == 1


# ---- Movement --------------------------------------------------------------------------
def _to_movement(s):
    for p in (0, 1):
        while p in s.decision().players:
            s.apply(p, s.legal_actions(p)[0])
    assert s.d["phase"] == "movement"


def test_movement_alternates_from_initiative_and_each_hero_moves_once(table):
    """Phase 2, Movement: alternate from the initiative player; each Hero moves or passes
    exactly once."""
    s = table
    _to_movement(s)
    assert s.decision().players == (0,)
    act(s, "move", "sterling", "gold_top")
    assert s.d["heroes"]["sterling"]["space"] == "gold_top"
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


def test_defeated_hero_can_only_pass(table):
    """Phase 2, Movement: defeated Heroes cannot move and must pass."""
    s = table
    _to_movement(s)
    place(s, "sterling", None)
    mine = [a for a in s.legal_actions(0) if a.args[0] == "sterling"]
    assert [a.kind for a in mine] == ["pass"]


def test_immobilized_hero_stands_up_instead_of_moving(table):
    """Keyword Immobilize: the next time the Hero would move, it stands up instead."""
    s = table
    _to_movement(s)
    s.d["heroes"]["sterling"]["immobile"] = True
    where = s.d["heroes"]["sterling"]["space"]
    kinds = {a.kind for a in s.legal_actions(0) if a.args[0] == "sterling"}
    assert kinds == {"stand", "pass"}
    act(s, "stand", "sterling")
    v = s.d["heroes"]["sterling"]
    assert v["space"] == where and not v["immobile"]


# ---- Activating and attacking -----------------------------------------------------------
def test_activation_discards_the_old_face_up_card_then_reveals(table):
    """Phase 3, Activating a Hero: old face-up cards go to the discard pile first."""
    s = table
    _bench(s, keep=("sterling",))
    give(s, "sterling", up="defend", down="dash")
    old = s.d["heroes"]["sterling"]["up"]
    action_phase(s, 0)
    act(s, "activate", "sterling", "farm")
    assert s.d["seats"][0]["discard"][-2] == old


def test_attack_damage_is_strength_minus_face_up_defense(table):
    """Defense / Damage: damage = attack strength - the target's face-up defense."""
    s = table
    _bench(s, keep=("vladiator", "sterling"))
    _all_at(s, "gold_mid", ("vladiator", "sterling"))
    give(s, "sterling", up="parry")
    give(s, "vladiator", down="smash")
    action_phase(s, 1)
    act(s, "activate", "vladiator", "use")
    assert s.d["heroes"]["sterling"]["hp"] == max_hp(s, "sterling") - (4 - 3)


def test_hero_without_a_face_up_card_has_defense_zero(table):
    """Defense: no face-up card means defense 0."""
    s = table
    assert s.d["heroes"]["sterling"]["up"] is None
    assert effects.defense(s, "sterling") == 0


def test_structures_have_defense_one(table):
    """Defense: a Structure's defense is always 1."""
    s = table
    _bench(s, keep=("vladiator",))
    place(s, "vladiator", "tower_0_top")
    give(s, "vladiator", down="smash")
    action_phase(s, 1)
    act(s, "activate", "vladiator", "use")
    assert s.d["structures"]["tower_0_top"] == 11 - (4 - 1)


def test_multiple_attacks_resolve_separately_each_against_defense(table):
    """Attacking, Defense: each attack on a card applies defense separately."""
    s = table
    _bench(s, keep=("felix", "kerrick"))
    _all_at(s, "gold_mid", ("felix", "kerrick"))
    give(s, "kerrick", up="strike")
    give(s, "felix", down="flurry")
    action_phase(s, 0)
    act(s, "activate", "felix", "use")
    # Flurry: two Attack 2, each +1 (Lone Blade) and each reduced by defense 1
    assert s.d["heroes"]["kerrick"]["hp"] == max_hp(s, "kerrick") - 2 * (3 - 1)


def test_hit_effects_need_at_least_one_damage(table):
    """Hit Effects: they apply only if the attack dealt at least 1 damage."""
    s = table
    _bench(s, keep=("sterling", "kerrick"))
    _all_at(s, "jungle_0_lower", ("sterling", "kerrick"))
    give(s, "kerrick", up="parry")
    give(s, "sterling", down="pinning_arrow")
    action_phase(s, 0)
    events = act(s, "activate", "sterling", "use")
    assert "deals 0 damage to Kerrick" in texts(events)
    assert not s.d["heroes"]["kerrick"]["immobile"]
    give(s, "kerrick", up="strike")
    give(s, "sterling", down="pinning_arrow")
    action_phase(s, 0)
    act(s, "activate", "sterling", "use")
    assert s.d["heroes"]["kerrick"]["immobile"]


def test_no_legal_target_skips_the_attack_but_defense_stays(table):
    """Targeting, worked example: the Fighter alone reveals Parry; the attack is ignored and
    its defense stays while face-up."""
    s = table
    _bench(s, keep=("ceralin",))
    place(s, "ceralin", "gold_bot")
    give(s, "ceralin", down="parry")
    action_phase(s, 0)
    events = act(s, "activate", "ceralin", "use")
    assert "no legal target" in texts(events)
    assert effects.defense(s, "ceralin") == 3


def test_target_choice_is_offered_when_several_enemies_are_present(table):
    """Targeting: the attacker chooses among the legal targets in its space."""
    s = table
    _bench(s, keep=("vladiator", "sterling", "felix"))
    _all_at(s, "gold_mid", ("vladiator", "sterling", "felix"))
    give(s, "vladiator", down="smash")
    action_phase(s, 1)
    act(s, "activate", "vladiator", "use")
    assert s.d["pending"]["type"] == "target"
    assert set(s.d["pending"]["options"]) == {"sterling", "felix"}
    act(s, "target", "felix")
    assert s.d["heroes"]["felix"]["hp"] == max_hp(s, "felix") - 4


def test_ranged_reaches_adjacent_spaces_but_not_past_a_standing_tower(table):
    """Ranged, Towers & Ranged Attacks: adjacent spaces are in reach, but the Bit behind a
    standing enemy Tower is not."""
    s = table
    _bench(s, keep=("kerrick",))
    place(s, "kerrick", "tower_0_mid")
    step = {"do": "attack", "type": "magic", "power": 4, "ranged": True}
    frame = effects.new_frame("kerrick", "bolt", "card")
    found = effects.step_targets(s, frame, step)
    assert "tower_0_mid" in found and "bit_0" not in found
    s.d["structures"]["tower_0_mid"] = 0
    assert "bit_0" in effects.step_targets(s, frame, step)


def test_area_attack_hits_every_enemy_here_and_no_friend(table):
    """Area: all enemies in the space, Structures included; friends are never hit."""
    s = table
    _bench(s, keep=("kerrick", "sterling", "felix", "vladiator"))
    _all_at(s, "tower_0_bot", ("kerrick", "sterling", "felix", "vladiator"))
    give(s, "kerrick", down="pulse")
    action_phase(s, 1)
    act(s, "activate", "kerrick", "use")
    # Pulse: Magic Attack 3, Pierce 1 from Spellweave; no face-up cards (defense 0)
    assert s.d["heroes"]["sterling"]["hp"] == max_hp(s, "sterling") - 3
    assert s.d["heroes"]["felix"]["hp"] == max_hp(s, "felix") - 3
    assert s.d["heroes"]["vladiator"]["hp"] < max_hp(s, "vladiator")  # only the Tower's fire
    assert s.d["structures"]["tower_0_bot"] == 11 - 3


def test_a_side_with_cards_left_activates_them_one_after_another(table):
    """Phase 3, Action: when only one player has face-down cards left, that player activates
    each of them in turn."""
    s = table
    _bench(s, keep=("sterling", "felix", "kerrick"))
    _all_at(s, "jungle_0_lower", ("sterling", "felix", "kerrick"))
    give(s, "sterling", down="strike")
    give(s, "felix", down="strike")
    give(s, "kerrick", down="strike")
    action_phase(s, 0)
    act(s, "activate", "sterling", "farm")
    assert s.decision().players == (1,)
    act(s, "activate", "kerrick", "farm")
    assert s.decision().players == (0,) and s.d["phase"] == "action"
    act(s, "activate", "felix", "farm")
    assert s.d["phase"] == "cleanup"
