"""Card mechanics the rulebook names: hiding to dodge, Flare into oversupply, Critical,
Rika's static immunity, the Revenant errata, storms, taunts and conditional counters."""

from __future__ import annotations

import random

from rules.core import Action
from rules.terrene import chain, stats

NP = ("natural_power", "traps_thieves")


def test_hiding_in_response_negates_a_fire_bomb(table):
    """Hiding Characters to Dodge Effects: a character hidden in response to a Fire Bomb is
    not affected when the Fire Bomb resolves; it keeps its damage."""
    s = table.position(NP, party=[
        [{"character": "chogan_the_scrounger", "card": "fire_bomb"}, "scout"],
        [{"character": "olivia_the_graceless", "damage": 3}, "skylar_the_determined",
         {"character": "chogan_the_scrounger", "card": "smoke_bomb"}]])
    fire = s.units[table.unit(s, 0, "chogan_the_scrounger")].card
    target = table.unit(s, 1, "olivia_the_graceless")
    smoke_holder = table.unit(s, 1, "chogan_the_scrounger")
    table.use(s, 0, fire, 0, target)
    table.use(s, 1, s.units[smoke_holder].card, 0, target)
    table.pass_all(s)
    assert not s.units[target].up and s.units[target].dmg == 3


def test_flare_forces_the_opponent_into_oversupply(table):
    """Oversupply: forced into oversupply (by a Flare), the player must dismiss at once."""
    s = table.position(NP, party=[
        [{"character": "chogan_the_scrounger", "card": "flare"}],
        [{"character": cid, "face_up": False} for cid in (
            "skylar_the_determined",  # 2 SP once face-up
            "olivia_the_graceless", "bran_the_pilferer", "hooks_in_the_zephyr")]])
    flare_holder = table.unit(s, 0, "chogan_the_scrounger")
    sky = s.party[1][0]
    table.use(s, 0, s.units[flare_holder].card, 0, sky)
    table.pass_all(s)
    assert s.units[sky].up and stats.sp_used(s, 1) == 5
    assert s.decision().players == (1,)
    assert {a.kind for a in s.legal_actions(1)} == {"dismiss"}


def test_two_criticals_multiply_overkill_by_four(table):
    """Rainstorm OTK strategy: two Criticals multiply overkill damage by 4."""
    s = table.position(NP, actions=6, party=[
        [{"character": "asu_the_flame_hellion", "card": "critical"}],  # ATK 20
        ["scout"]], hand=[["critical"], []])  # Scout: HP 10, DEF 5
    asu, scout = table.unit(s, 0, "asu_the_flame_hellion"), table.unit(s, 1, "scout")
    first = s.units[asu].card
    table.use(s, 0, first)
    table.pass_all(s)
    table.act(s, 0, "assign", table.in_hand(s, 0, "critical"), asu)  # free
    table.pass_all(s)
    table.use(s, 0, s.units[asu].card)
    table.pass_all(s)
    table.act(s, 0, "attack", asu, -1)
    table.pass_all(s)
    table.act(s, 1, "block", scout)
    table.pass_all(s)
    assert scout not in s.units
    assert s.hp[1] == 50 - 4 * (20 - 5 - 10)


def test_rika_is_immune_to_stun(table):
    """Static Abilities: Rika the Voltaic is immune to Stun."""
    s = table.position(("adapting_gameplay", "greggory_beatdown"), party=[
        ["rika_the_voltaic"], [{"character": "jace_the_saboteur", "card": "haze_bomb"}]])
    rika, haze = table.unit(s, 0, "rika_the_voltaic"), table.unit(s, 1, "jace_the_saboteur")
    table.act(s, 0, "end_turn")
    table.pass_all(s)
    table.use(s, 1, s.units[haze].card, 0, rika)
    table.pass_all(s)
    assert "stun" not in s.units[rika].status


def test_revenant_gains_xp_when_another_interdimensional_is_recruited(table):
    """Errata, The Revenant: whenever another Interdimensional character is recruited, it
    gains 1 XP."""
    s = table.position(NP, party=[["the_revenant"], ["olivia_the_graceless"]],
                       hand=[["lovox_the_displaced"], []])
    rev, lovox = table.unit(s, 0, "the_revenant"), table.in_hand(s, 0, "lovox_the_displaced")
    table.act(s, 0, "recruit", lovox)
    table.pass_all(s)
    assert s.units[rev].xp == 1
    assert stats.atk(s, rev) == 10 + 5  # Terreria XP 1: +5 ATK


def test_storm_effect_applies_only_with_a_storm_active(table):
    """Storms: Prague's Tempest needs a Storm; Snow Storm gives +5 DEF to your characters."""
    s = table.position(NP, party=[["prague_the_last_of_them"], ["bran_the_pilferer"]],
                       hand=[["snow_storm"], []])
    prague, foe = table.unit(s, 0, "prague_the_last_of_them"), table.unit(s, 1, "bran_the_pilferer")
    # Bran: DEF 0
    table.use(s, 0, prague)
    table.pass_all(s)
    assert s.units[foe].dmg == 0
    s.used_turn = []
    storm = table.in_hand(s, 0, "snow_storm")
    table.act(s, 0, "terrain", storm)
    table.pass_all(s)  # the action waits on the chain until every player passes
    assert stats.defense(s, prague) == 10
    table.use(s, 0, prague)
    table.pass_all(s)
    assert s.units[foe].dmg == 10
    assert stats.defense(s, foe) == 0  # the storm helps only its controller's characters


def test_taunt_makes_the_holder_block(table):
    """Taunt (designed): the holder blocks the declared attack."""
    s = table.position(NP, party=[
        ["insidious"], ["scout", {"character": "bellicose_the_insightful", "card": "taunt"}]])
    inu, bell = table.unit(s, 0, "insidious"), table.unit(s, 1, "bellicose_the_insightful")
    table.act(s, 0, "attack", inu, -1)
    table.use(s, 1, s.units[bell].card)
    table.pass_all(s)
    assert bell not in s.units  # Bellicose (HP 15, DEF 0) blocked Insidious (ATK 20)
    assert s.hp[1] == 50 - (20 - 15)


def test_lethal_counter_attack_needs_low_hp(table):
    """Lethal Counter Attack (designed): usable only at 35 HP or less; defeats the attacker."""
    party = [["insidious"], [{"character": "bran_the_pilferer", "card": "lethal_counter_attack"}]]
    s = table.position(NP, party=party)
    inu, holder = table.unit(s, 0, "insidious"), table.unit(s, 1, "bran_the_pilferer")
    lethal = s.units[holder].card
    table.act(s, 0, "attack", inu, -1)
    assert not any(a.args[0] == lethal for a in s.legal_actions(1) if a.kind == "use")
    s2 = table.position(NP, party=party, hp=[50, 30])
    inu, holder = table.unit(s2, 0, "insidious"), table.unit(s2, 1, "bran_the_pilferer")
    table.act(s2, 0, "attack", inu, -1)
    table.use(s2, 1, s2.units[holder].card)
    table.pass_all(s2)
    assert inu not in s2.units and s2.hp[1] == 30
    assert s2.units[holder].xp == 1


def test_insidious_recoils_from_a_blockers_defense_unless_silenced(table):
    """Insidious (designed draw-back): blocked, it takes Stab damage equal to the blocker's
    DEF; Silence removes the draw-back."""
    s = table.position(NP, party=[["insidious"], ["olivia_the_graceless"]])
    ins, olivia = table.unit(s, 0, "insidious"), table.unit(s, 1, "olivia_the_graceless")
    table.act(s, 0, "attack", ins, -1)
    table.pass_all(s)
    table.act(s, 1, "block", olivia)
    table.pass_all(s)
    assert s.units[ins].dmg == 10 and s.units[olivia].dmg == 10


def test_yume_consumes_an_ally_and_gains_its_xp(table):
    """Yume the Infected (designed): feed an allied character that earned XP to Yume."""
    s = table.position(("critical_hit", "greggory_beatdown"), party=[
        ["yume_the_infected", {"character": "insidious", "xp": 1}], ["olivia_the_graceless"]])
    yume, fed = table.units(s, 0)
    table.use(s, 0, yume, 0, fed)
    table.pass_all(s)
    assert fed not in s.units and fed in s.zones["discard"][0]
    assert s.units[yume].xp == 2 and s.units[yume].lv == 3  # Terreria XP 2: +1 LV


def test_tokens_are_characters_and_cease_when_they_leave_play(table):
    """Token Characters: treated as characters; they take no SP slot beyond their own (0)."""
    s = table.position(("rainstorm_otk", "greggory_beatdown"), party=[
        ["sally_the_candescent"], ["olivia_the_graceless"]])
    sally = table.unit(s, 0, "sally_the_candescent")
    table.use(s, 0, sally)
    table.pass_all(s)
    token = s.party[0][-1]
    assert s.cards[token] == "energy_token" and stats.sp_cost(s, token) == 0
    table.act(s, 0, "dismiss", token)
    table.pass_all(s)  # the action waits on the chain until every player passes
    assert token in s.ceased and token not in s.zones["discard"][0]


def test_blaze_takes_on_the_abilities_of_the_character_it_defeats(table):
    """Blaze in the Psyche (designed): a defeat lends Blaze the defeated card's abilities."""
    s = table.position(("ability_steal", "greggory_beatdown"), party=[
        ["blaze_in_the_psyche"],  # ATK 15
        [{"character": "jace_the_saboteur", "damage": 10},  # HP 20, DEF 0
         {"character": "olivia_the_graceless", "card": "haze_bomb"}]])
    blaze, jace = table.unit(s, 0, "blaze_in_the_psyche"), table.unit(s, 1, "jace_the_saboteur")
    table.act(s, 0, "attack", blaze, -1)
    table.pass_all(s)
    table.act(s, 1, "block", jace)
    table.pass_all(s)
    assert jace not in s.units and s.units[blaze].borrowed == "jace_the_saboteur"
    olivia = s.party[1][0]
    sabotage = [a for a in s.legal_actions(0) if a.kind == "use" and a.args[:2] == (blaze, 100)]
    assert [a.args[2] for a in sabotage] == [olivia]
    table.use(s, 0, blaze, 100, olivia)
    table.pass_all(s)
    assert s.units[olivia].card is None


def test_a_borrowed_ability_resolves_after_its_user_left_play(table):
    """The chain: an ability resolves even when the character that used it has left play;
    Blaze's borrowed Sabotage still strips Olivia's card after Lovox displaces Blaze."""
    s = table.position(("ability_steal", "greggory_beatdown"), party=[
        [{"character": "blaze_in_the_psyche", "borrowed": "jace_the_saboteur"}, "scout"],
        [{"character": "olivia_the_graceless", "card": "haze_bomb"}, "lovox_the_displaced"]])
    blaze = table.unit(s, 0, "blaze_in_the_psyche")
    olivia, lovox = table.units(s, 1)
    table.use(s, 0, blaze, 100, olivia)
    table.pass_to(s, 1)
    table.use(s, 1, lovox, 0, blaze)
    assert blaze not in s.units
    table.pass_all(s)
    assert s.units[olivia].card is None


def test_machines_and_their_tokens(table):
    """Token Characters: Wanderer from a Previous World brings a Wanderer Alpha; Avis
    strengthens only Machines."""
    s = table.position(("machine_revolution", "greggory_beatdown"),
                       party=[["avis_the_predecessor", "luminous"], ["olivia_the_graceless"]],
                       hand=[["wanderer_from_a_previous_world"], []])
    wanderer = table.in_hand(s, 0, "wanderer_from_a_previous_world")
    avis, luminous = table.units(s, 0)
    table.act(s, 0, "recruit", wanderer)
    table.pass_all(s)
    alpha = s.party[0][-1]
    assert s.cards[alpha] == "wanderer_alpha"
    table.use(s, 0, avis)
    table.pass_all(s)
    printed = {uid: s.card(uid).atk for uid in (alpha, wanderer, luminous)}
    assert stats.atk(s, alpha) == printed[alpha] + 5
    assert stats.atk(s, wanderer) == printed[wanderer] + 5
    assert stats.atk(s, luminous) == printed[luminous]


def test_tsue_discounts_interdimensional_supply(table):
    """Tsue the Balanced (designed): recruited Interdimensional characters cost 1 SP less."""
    s = table.position(("tsue_the_balanced", "greggory_beatdown"), party=[
        ["tsue_the_balanced", "lovox_the_displaced", "the_revenant"], ["olivia_the_graceless"]])
    _, lovox, rev = table.units(s, 0)
    assert stats.sp_cost(s, lovox) == 2 and stats.sp_cost(s, rev) == 0


def test_spikes_hurt_every_attacker_and_shadow_veil_negates_the_attack(table):
    """Spikes (designed): 5 damage to each attacker; Shadow Veil (designed): negate it."""
    s = table.position(("direct_damage", "greggory_beatdown"), actions=4, party=[
        [{"character": "ashen_the_unseemly", "card": "spikes"},
         {"character": "alexie_the_studious", "card": "shadow_veil"}],
        ["inu_the_inferno"]])
    inu = table.unit(s, 1, "inu_the_inferno")
    ashen, alexie = table.units(s, 0)
    table.use(s, 0, s.units[ashen].card)
    table.pass_all(s)
    table.act(s, 0, "end_turn")
    table.pass_all(s)
    s.actions[1] = 3
    table.act(s, 1, "attack", inu, -1)
    table.use(s, 0, s.units[alexie].card)
    table.pass_all(s)
    assert s.battle is None and s.hp == [50, 50] and s.units[inu].dmg == 0
    s.units[inu].attacked = False
    table.act(s, 1, "attack", inu, -1)
    table.pass_all(s)
    assert s.units[inu].dmg == 5  # Spikes, as the attack resolved


def test_spells_need_a_spellcaster_and_grow_with_level(table):
    """Spells can only be activated by a Spellcaster; Fireball (designed) adds 5 per LV
    above 1."""
    decks = ("spellcaster_control", "greggory_beatdown")
    s = table.position(decks, party=[
        [{"character": "ivan_the_organic", "card": "fireball"}, "candace_the_catalyst"],
        ["greggory_the_hoarder"]])  # HP 25, DEF 0
    ivan = table.unit(s, 0, "ivan_the_organic")
    assert not any(a.kind == "use" and a.args[0] == s.units[ivan].card
                   for a in s.legal_actions(0))
    s = table.position(decks, party=[
        ["ivan_the_organic", {"character": "candace_the_catalyst", "card": "fireball",
                              "level": 3}],
        ["greggory_the_hoarder"]])
    candace = table.unit(s, 0, "candace_the_catalyst")
    foe = table.unit(s, 1, "greggory_the_hoarder")
    table.use(s, 0, s.units[candace].card, 0, foe)
    table.pass_all(s)
    assert s.units[foe].dmg == 10 + 5 * 2
    assert s.actions[0] == 3  # Candace is Resourceful


def resolved_samples(table, s, viewer: int, uid: int, card_id: str) -> list:
    """``viewer``'s view shows ``uid`` as ``card_id``; five search samples of that view keep
    it, and each is played on until its chain has resolved."""
    view = s.view(viewer)
    assert view.cards[uid] == card_id
    samples = [view.determinize(viewer, random.Random(seed)) for seed in range(5)]
    for sample in samples:
        assert sample.cards[uid] == card_id
        table.pass_all(sample)
    return samples


def test_a_character_hidden_before_the_eyes_of_all_stays_known(table):
    """Hidden Cards: a recruited character flipped face-down by an effect (Smoke Bomb in
    response to its own start-of-turn heal) is hidden, yet every player watched which card
    it was: the opponent's view keeps its identity, a search's sample of that view resolves
    the heal on the chain, and the heal does nothing (hidden characters are unaffected)."""
    s = table.position(NP, party=[
        [{"character": "ethan_the_resilient", "damage": 10},
         {"character": "chogan_the_scrounger", "card": "smoke_bomb"}],
        ["olivia_the_graceless"]])
    ethan, holder = table.units(s, 0)
    chain.fire_auto(s, ethan, "start_of_turn", [])
    table.use(s, 0, s.units[holder].card, 0, ethan)
    while len(s.chain) > 1:  # the Smoke Bomb resolves; the heal waits on the chain
        s.apply(s.decision().players[0], Action("pass"))
    assert not s.units[ethan].up and s.chain[0].card == ethan
    for sample in resolved_samples(table, s, 1, ethan, "ethan_the_resilient"):
        assert sample.units[ethan].dmg == 10
    table.pass_all(s)
    assert s.units[ethan].dmg == 10 and not s.units[ethan].up


def test_a_card_whose_ability_waits_on_the_chain_stays_known(table):
    """The chain: an ability on the chain names its card, so the card stays known to every
    player while the link waits, even after the card left play for its owner's hand (Lovox
    displacing Ethan in response to Ethan's start-of-turn heal); a search's sample of the
    opponent's view then resolves the link, and the heal has no one left to heal."""
    s = table.position(NP, turn=4, party=[
        ["lovox_the_displaced",
         {"character": "chogan_the_scrounger", "card": "smoke_bomb"}],  # a response in hand
        [{"character": "ethan_the_resilient", "damage": 10}, "olivia_the_graceless"]])
    lovox, ethan = table.unit(s, 0, "lovox_the_displaced"), table.unit(s, 1, "ethan_the_resilient")
    chain.fire_auto(s, ethan, "start_of_turn", [])
    table.pass_to(s, 0)
    table.use(s, 0, lovox, 0, ethan)  # interdimensional: resolves as it is added
    assert ethan in s.zones["hand"][1] and s.chain[0].card == ethan
    for sample in resolved_samples(table, s, 0, ethan, "ethan_the_resilient"):
        assert ethan in sample.zones["hand"][1] and not sample.chain
    table.pass_all(s)
    assert s.view(0).cards[ethan] is None  # back to an ordinary card in hand


def test_knife_in_the_shadows_is_unblockable_only_after_shadow_step(table):
    """Battle Definitions, Unblockable (direct attacks choose a player or character): Knife
    in the Shadows (designed, balance run 12) is Unblockable only once it pays 1 action for
    Shadow Step, until end of turn; otherwise its attack may be blocked."""
    s = table.position(("ability_steal", "greggory_beatdown"), actions=3,
                       party=[["knife_in_the_shadows"], ["olivia_the_graceless"]])
    knife = table.unit(s, 0, "knife_in_the_shadows")
    olivia = table.unit(s, 1, "olivia_the_graceless")
    assert not stats.has(s, knife, "unblockable")
    assert {a.args[1] for a in s.legal_actions(0)
            if a.kind == "attack" and a.args[0] == knife} == {-1}
    table.use(s, 0, knife, 0)
    table.pass_all(s)
    assert s.actions[0] == 2 and stats.has(s, knife, "unblockable")
    assert {a.args[1] for a in s.legal_actions(0)
            if a.kind == "attack" and a.args[0] == knife} == {-1, olivia}
    assert not any(a.kind == "use" and a.args[0] == knife for a in s.legal_actions(0))
    table.act(s, 0, "attack", knife, -1)
    table.pass_all(s)
    assert s.prompt is None and s.hp[1] == 50 - 10  # a direct attack: nobody was asked
    table.act(s, 0, "end_turn")
    table.pass_all(s)
    assert not stats.has(s, knife, "unblockable")
