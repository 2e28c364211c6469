"""Attack keywords (Channeled, Interrupt), keyword definitions (Stealth, Confuse, Heal,
Pierce, Stun, Shield, +1 Attack tokens, Self/Other), mismatched cards and the universal
actions Farm, Rest and Hire."""

from __future__ import annotations

from rules.biternia import effects, flow
from rules.biternia.frames import Card
from rules.biternia.kinds import Ask, Phase
from rules.biternia.traits import max_hp

from .conftest import act, arena, position, texts


# ---- Channeled ---------------------------------------------------------------------------
def test_channeled_defense_is_immediate_and_effect_waits_for_base_defenses():
    """Channeled: the defense applies at once; the effects resolve after every activation and
    after the Towers and Bits have attacked."""
    s = arena({"kerrick": {"space": "tower_0_top", "level": 4, "up": "strike", "down": "meteor"},
               "sterling": {"space": "tower_0_top"}}, initiative="red", phase=Phase.ACTION)
    events = act(s, "activate", "kerrick", "use")
    log = texts(events)
    assert s.heroes["kerrick"].hp == max_hp(s, "kerrick") - (4 - 1)
    assert s.phase == Phase.CHANNEL and s.decision().players == (1,)
    assert "Blue top Tower's Area Attack 4 deals 3 damage to Kerrick" in log
    events = act(s, "channel", "kerrick")
    assert "Sterling" in texts(events)
    # Meteor: Area Magic Attack 6 with Spellweave's Pierce 1 against defense 0
    assert s.heroes["sterling"].hp == max_hp(s, "sterling") - 6
    assert s.structures["tower_0_top"] == 11 - 6


def test_channeled_effect_is_lost_when_the_card_is_discarded():
    """Channeled, Pro Tip: a stunned (or defeated) channeler loses the channeled effect."""
    s = arena({"kerrick": {"space": "gold_top", "level": 4, "down": "meteor"},
               "ceralin": {"space": "gold_top", "down": "shield_bash"}},
              initiative="red", phase=Phase.ACTION)
    act(s, "activate", "kerrick", "use")
    assert s.heroes["kerrick"].channel
    act(s, "activate", "ceralin", "use")
    v = s.heroes["kerrick"]
    assert not v.channel and v.up is None
    assert s.phase == Phase.CLEANUP
    assert s.heroes["ceralin"].hp == max_hp(s, "ceralin")


def test_channeled_effects_alternate_from_the_initiative_team():
    """Channeled: the initiative player resolves one channeled effect, then the other."""
    s = arena({"kerrick": {"space": "gold_top", "level": 4, "down": "meteor"},
               "sterling": {"space": "gold_top", "level": 4, "down": "rain_of_arrows"}},
              phase=Phase.ACTION)
    act(s, "activate", "sterling", "use")
    act(s, "activate", "kerrick", "use")
    assert s.phase == Phase.CHANNEL and s.decision().players == (0,)
    assert [a.args for a in s.legal_actions(0)] == [("sterling",)]


# ---- Interrupts ----------------------------------------------------------------------------
def _duel(cards: dict[str, dict], **description):
    """Blue Felix and Sterling against red Ceralin and Vladiator (a draft); the Heroes given
    ``cards`` stand in the middle gold space (Felix and Vladiator at least), the rest are
    defeated."""
    heroes = {"felix": {"seat": 1}, "sterling": {"seat": 1}, "ceralin": {"seat": 2},
              "vladiator": {"seat": 2}}
    for hero, fields in cards.items():
        heroes[hero] |= {"space": "gold_mid", **fields}
    off = [h for h, fields in heroes.items() if "space" not in fields]
    return arena(heroes, {"heroes": "draft"}, defeated=off, phase=Phase.ACTION, **description)


def test_interrupt_resolves_during_the_enemy_action_before_it():
    """Interrupt: revealed during an enemy Hero's action, after its target is chosen; it
    resolves at once, then the interrupted action finishes."""
    s = _duel({"felix": {"down": "riposte"}, "vladiator": {"down": "smash"}}, initiative="red")
    act(s, "activate", "vladiator", "use")
    assert s.pending.type == Ask.INTERRUPT and s.decision().players == (0,)
    events = act(s, "interrupt", "felix")
    log = texts(events)
    assert log.index("Felix's Physical Attack") < log.index("Vladiator's Physical Attack")
    # Riposte 3 +1 Lone Blade on defense 0; then Smash 4 +1 Bloodrage (Vladiator is now
    # hurt) on Riposte's defense 3
    assert s.heroes["vladiator"].hp == max_hp(s, "vladiator") - 4
    assert s.heroes["felix"].hp == max_hp(s, "felix") - 2
    assert s.heroes["felix"].down is None


def test_declining_an_interrupt_keeps_the_card_face_down():
    """Interrupt: revealing it is the controller's choice."""
    s = _duel({"felix": {"down": "riposte"}, "vladiator": {"down": "smash"}}, initiative="red")
    act(s, "activate", "vladiator", "use")
    act(s, "no_interrupt")
    assert s.heroes["felix"].down == "riposte"
    assert s.heroes["felix"].hp == max_hp(s, "felix") - 4


def test_nested_interrupts_resolve_last_revealed_first_and_illegal_targets_fizzle():
    """Appendix, Interrupts (worked example): Vladiator's Smash on Felix is interrupted by
    Felix's Riposte on Vladiator, which Ceralin interrupts with Challenge. Challenge resolves
    first; Riposte must now target Ceralin, so its target (Vladiator) is no longer legal and
    it does not resolve; then Smash finishes on Felix."""
    s = _duel({"felix": {"down": "riposte"}, "ceralin": {"down": "challenge"},
               "vladiator": {"down": "smash"}}, initiative="red")
    act(s, "activate", "vladiator", "use")
    act(s, "interrupt", "felix")
    assert s.decision().players == (1,) and s.pending.type == Ask.INTERRUPT
    events = act(s, "interrupt", "ceralin")
    log = texts(events)
    assert log.index("Ceralin interrupts") < log.index("no longer a legal target")
    assert s.heroes["vladiator"].hp == max_hp(s, "vladiator")
    assert s.heroes["felix"].hp == max_hp(s, "felix") - (4 - 3)
    assert not s.stack


def test_challenge_redirects_the_interrupted_attack_onto_ceralin():
    """Interrupt (Challenge, content-notes): an enemy attack on a target in her space must
    target her instead."""
    s = _duel({"sterling": {}, "ceralin": {"down": "challenge"}, "felix": {"down": "lunge"}},
              initiative="blue")
    act(s, "activate", "felix", "use")
    act(s, "target", "gold_mid")  # Lunge: stay
    act(s, "interrupt", "ceralin")
    # Lunge 3 +0 (Sterling is with Felix) against Challenge's defense 1
    assert s.heroes["ceralin"].hp == max_hp(s, "ceralin") - 2


# ---- Keyword definitions ---------------------------------------------------------------------
def test_stealth_blocks_targeting_but_not_area_attacks():
    """Stealth: a stealthy Hero cannot be targeted, but Area attacks still affect it."""
    s = arena({"vladiator": {"space": "gold_top"},
               "sterling": {"space": "gold_top", "stealth": True}})
    frame = Card(hero="vladiator", card="smash")
    step = {"do": "attack", "type": "physical", "power": 5}
    assert effects.step_targets(s, frame, step) == []
    assert "sterling" in effects.area_victims(s, "vladiator")


def test_confused_hero_is_given_the_top_card_of_the_deck():
    """Confuse: next Orders Phase the Hero gets the top card of the action deck, and the
    token is removed."""
    s = position(phase=Phase.CLEANUP, heroes={"sterling": {"confused": True}})
    top = s.seats[0].deck[0]
    act(s, "done")
    act(s, "done")
    assert s.phase == Phase.ORDERS and s.round == 2
    v = s.heroes["sterling"]
    assert v.down == top and not v.confuse
    assert "sterling" not in {a.args[0] for a in s.legal_actions(0)}


def test_heal_never_exceeds_maximum_hp():
    """Heal X: extra healing past maximum HP is lost."""
    s = arena({"caligar": {"space": "gold_top", "down": "cure"},
               "felix": {"space": "gold_top", "hp": 8}}, phase=Phase.ACTION)  # of 10
    act(s, "activate", "caligar", "use")
    act(s, "target", "felix")
    assert s.heroes["felix"].hp == max_hp(s, "felix")


def test_pierce_ignores_the_first_points_of_defense():
    """Pierce X: ignores the first X points of the target's defense."""
    s = arena({"sterling": {"space": "gold_top", "down": "snap_shot"},
               "vladiator": {"space": "gold_top", "up": "parry"}}, phase=Phase.ACTION)
    act(s, "activate", "sterling", "use")
    act(s, "target", "vladiator")
    # Snap Shot 3, Pierce 1 against Parry's 3 -> 1 damage
    assert s.heroes["vladiator"].hp == max_hp(s, "vladiator") - 1


def test_stun_discards_face_up_and_face_down_cards_and_attack_tokens():
    """Stun: all action cards on the Hero are discarded; +1 Attack tokens go too."""
    s = arena({"ceralin": {"space": "gold_top", "down": "shield_bash"},
               "vladiator": {"space": "gold_top", "up": "parry", "down": "smash",
                             "attack_tokens": 1}}, phase=Phase.ACTION)
    act(s, "activate", "ceralin", "use")
    v = s.heroes["vladiator"]
    assert v.up is None and v.down is None and v.attack == 0
    # then Attack 1 on that same Hero, now with defense 0
    assert v.hp == max_hp(s, "vladiator") - 1


def test_shield_tokens_absorb_damage_after_defense():
    """Shield X: each token removes 1 damage left after defense."""
    s = arena({"vladiator": {"space": "gold_top", "down": "smash"},
               "sterling": {"space": "gold_top", "up": "strike", "shield": 2}},
              initiative="red", phase=Phase.ACTION)
    act(s, "activate", "vladiator", "use")
    v = s.heroes["sterling"]
    assert v.shield == 0 and v.hp == max_hp(s, "sterling") - (4 - 1 - 2)


def test_attack_tokens_add_to_attacks_and_go_after_the_next_activation():
    """+1 Attack Tokens: +1 per token to every attack; removed at the end of the Hero's next
    activation."""
    s = arena({"vladiator": {"space": "gold_top", "down": "smash", "attack_tokens": 2},
               "sterling": {"space": "gold_top"}}, initiative="red", phase=Phase.ACTION)
    act(s, "activate", "vladiator", "use")
    assert s.heroes["sterling"].hp == max_hp(s, "sterling") - (4 + 2)
    assert s.heroes["vladiator"].attack == 0


def test_self_and_other_limit_who_a_friendly_effect_may_target():
    """Self/Other: Self is only the user; Other is anyone but the user."""
    s = arena({"cyrus": {"space": "gold_top", "hp": 3, "down": "lay_on_hands"},
               "kerrick": {"space": "gold_top", "hp": 3}}, initiative="red", phase=Phase.ACTION)
    act(s, "activate", "cyrus", "use")
    assert s.heroes["kerrick"].hp == 6 and s.heroes["cyrus"].hp == 3
    assert s.heroes["cyrus"].shield == 1


def test_mismatched_card_allows_only_universal_actions_and_gives_no_defense():
    """Mismatched Cards: another Hero's power gives no effect and no defense."""
    s = arena({"sterling": {"space": "gold_top", "down": "charge"}}, phase=Phase.ACTION)
    modes = {a.args[1] for a in s.legal_actions(0)}
    assert modes == {"farm", "rest"}
    s = arena({"sterling": {"space": "gold_top", "up": "charge"}})
    assert effects.defense(s, "sterling") == 0


# ---- Universal actions -----------------------------------------------------------------------
def test_farm_gains_one_gold_and_one_more_from_a_gold_space():
    """Farm: 1 gold, plus 1 taken from a space with bonus gold."""
    s = arena({"sterling": {"space": "gold_top", "down": "strike"},
               "felix": {"space": "jungle_0_upper", "down": "strike"}}, phase=Phase.ACTION)
    act(s, "activate", "sterling", "farm")
    assert s.gold[0] == 2 and s.space_gold["gold_top"] == 2
    assert s.heroes["sterling"].up is None
    act(s, "activate", "felix", "farm")
    assert s.phase == Phase.CLEANUP  # the last activation: Cleanup has added its 2 gold
    assert s.gold[0] == 3 + flow.CLEANUP_GOLD


def test_rest_discards_the_cards_and_heals_three():
    """Rest: discard the Hero's cards; Heal 3, Self."""
    s = arena({"sterling": {"space": "gold_top", "hp": 2, "down": "strike"}}, phase=Phase.ACTION)
    act(s, "activate", "sterling", "rest")
    assert s.heroes["sterling"].hp == 5 and effects.defense(s, "sterling") == 0


def test_hire_at_a_catapult_pays_one_gold_for_ranged_attack_four_on_a_tower():
    """Variant Rule, The Catapult: Hire in its jungle space: 1 gold for a Ranged Attack 4
    against an enemy Tower."""
    s = arena({"sterling": {"space": "jungle_1_upper", "down": "strike"}},
              {"catapult": "on"}, gold={"blue": 1}, phase=Phase.ACTION)
    act(s, "activate", "sterling", "hire")
    assert set(s.pending.options) == {"tower_1_top", "tower_1_mid"}
    act(s, "catapult", "tower_1_top")
    assert s.phase == Phase.CLEANUP
    assert s.gold[0] == 0 + flow.CLEANUP_GOLD and s.structures["tower_1_top"] == 11 - 3


def test_hire_is_offered_only_at_a_catapult_in_the_variant():
    """Hire (Variant Rule): only in the catapult variant, in a jungle space with a catapult."""
    s = arena({"sterling": {"space": "jungle_1_upper", "down": "strike"}}, phase=Phase.ACTION)
    assert "hire" not in {a.args[1] for a in s.legal_actions(0)}


def test_interrupt_window_does_not_name_the_interrupting_hero_to_the_enemy():
    """Hidden information: which Hero holds the face-down Interrupt is not shown to the
    acting team."""
    s = _duel({"felix": {"down": "riposte"}, "vladiator": {"down": "smash"}}, initiative="red")
    act(s, "activate", "vladiator", "use")
    assert s.view(1).pending.options == []
    assert s.view(0).pending.options == ["felix"]
