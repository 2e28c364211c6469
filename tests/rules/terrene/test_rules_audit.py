"""Rules-audit fixes (issue #12): only blocking causes Defense Decay, priority passes after
every player action, and decking out costs SP only in the Draw Phase."""

from __future__ import annotations

import pytest

from rules.core.content import ContentError
from rules.terrene import content, stats
from rules.terrene.content import cards

NP = ("natural_power", "traps_thieves")


# ---- item 7: only blocking causes Defense Decay -------------------------------------
def _lowers_def(effect: dict) -> bool:
    return effect["op"] == "decay" or (effect["op"] == "buff" and effect.get("def", 0) < 0)


def test_only_blocking_causes_defense_decay_no_card_lowers_def():
    """Battle Step (Defense decay) and the Quick Reference: blocking is the only thing that
    lowers a character's DEF; no character, item, command or terrain effect may."""
    offenders = [
        f"{card.id}: {ability.name}"
        for card in cards().values()
        for ability in card.abilities
        for effect in ability.effects
        if _lowers_def(effect)
    ]
    offenders += [f"{card.id}: storm" for card in cards().values()
                  for effect in card.storm_effect if _lowers_def(effect)]
    assert offenders == []


def test_only_blocking_causes_defense_decay_content_rejects_a_def_loss():
    """Battle Step (Defense decay): the content loader refuses an effect that lowers DEF."""
    with pytest.raises(ContentError, match="only blocking lowers DEF"):
        content._effect("test", {"op": "buff", "def": -5})
    with pytest.raises(ContentError):
        content._effect("test", {"op": "decay", "amount": 1})
    assert content._effect("test", {"op": "buff", "def": 5})["def"] == 5


def test_only_blocking_causes_defense_decay_redesigned_cards_leave_def_alone(table):
    """Defense decay: Guntram's Malefaction, Valorie's Manipulate, Luminous's Radiance and
    Thunder Storm's Thunderclap resolve without lowering any enemy's DEF."""
    s = table.bare(("sk_item_steal", "natural_power"), actions=9)
    s.sp_limit[0] = 6  # room for the four characters that carry the redesigned abilities
    peter = table.place(s, 1, "peter_the_indurate")  # DEF 10, 20 HP
    olivia = table.place(s, 1, "olivia_the_graceless")
    guntram = table.place(s, 0, "guntram_the_malefactor")
    valorie = table.place(s, 0, "valorie_the_manipulator")
    luminous = table.place(s, 0, "luminous")
    table.place(s, 0, "sammy_the_agile")  # Wind, for Thunderclap
    storm = table.find(s, 0, "thunder_storm")
    s.zones["terrains"][0].append(storm)
    s.active_terrain[0] = storm
    before = {u: stats.defense(s, u) for u in (peter, olivia)}
    table.use(s, 0, guntram, 0)
    table.pass_all(s)
    table.use(s, 0, valorie, 0, guntram)
    table.pass_all(s)
    table.use(s, 0, luminous, 0, peter)
    table.pass_all(s)
    table.use(s, 0, storm, 1)
    table.pass_all(s)
    assert {u: stats.defense(s, u) for u in (peter, olivia)} == before
    assert all(s.units[u]["decay"] == 0 for u in (peter, olivia))
    assert stats.has(s, guntram, "stab") and stats.has(s, valorie, "stab")
    assert "stun" in s.units[peter]["status"]
    assert s.units[peter]["dmg"] == 5 and s.units[olivia]["dmg"] == 5  # Stab: DEF ignored


def test_nafarious_dread_deals_stab_damage_instead_of_decay(table):
    """Defense decay: Nafarious's Dread (on player damage) wounds every recruited enemy
    with 5 Stab damage and leaves their DEF as it was."""
    s = table.bare(("the_fear", "natural_power"))
    naf = table.place(s, 0, "nafarious")
    peter = table.place(s, 1, "peter_the_indurate")
    s.units[peter]["status"]["stun"] = ["end_of_turn", s.turn]  # it cannot block
    table.act(s, 0, "attack", naf, -1)
    table.pass_all(s)
    assert s.hp[1] == 50 - stats.atk(s, naf)
    assert s.units[peter]["dmg"] == 5 and stats.defense(s, peter) == 10


# ---- item 9: decking out costs SP only in the Draw Phase ------------------------------
def test_decking_out_costs_sp_only_in_the_draw_phase(table):
    """Decking Out: SP is lost in the Draw Phase when the deck is empty; a card effect's
    draw (Prophecy) from an empty deck draws nothing and costs no SP."""
    s = table.bare()
    holder = table.place(s, 0, "inu_the_inferno", holding="prophecy")
    table.place(s, 1, "sade_the_rejuvenative")
    s.zones["discard"][0].extend(s.zones["deck"][0])
    s.zones["deck"][0] = []
    hand = list(s.zones["hand"][0])
    table.use(s, 0, s.units[holder]["card"])
    table.pass_all(s)
    assert s.sp_limit[0] == 4 and s.zones["hand"][0] == hand
    assert s.outcome() is None
    table.act(s, 0, "end_turn")
    table.pass_all(s)
    table.act(s, 1, "end_turn")
    table.pass_all(s)
    assert s.active == 0 and s.sp_limit[0] == 3  # the Draw Phase still costs 1 SP


def test_decking_out_an_effect_drawing_past_the_last_card_costs_nothing(table):
    """Decking Out: Prophecy with one card left draws that card; the second draw finds the
    deck empty and costs no SP."""
    s = table.bare()
    holder = table.place(s, 0, "inu_the_inferno", holding="prophecy")
    table.place(s, 1, "sade_the_rejuvenative")
    last = s.zones["deck"][0][0]
    s.zones["discard"][0].extend(s.zones["deck"][0][1:])
    s.zones["deck"][0] = [last]
    table.use(s, 0, s.units[holder]["card"])
    table.pass_all(s)
    assert s.zones["hand"][0][-1] == last and s.zones["deck"][0] == []
    assert s.sp_limit[0] == 4
