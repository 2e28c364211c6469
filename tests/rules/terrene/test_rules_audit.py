"""Rules-audit fixes (issue #12): only blocking causes Defense Decay, priority passes after
every player action, and decking out costs SP only in the Draw Phase."""

from __future__ import annotations

import pytest

from rules.core import Action
from rules.core.content import ContentError
from rules.terrene import content, stats
from rules.terrene.content import cards
from rules.terrene.kinds import Ask

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
    s = table.position(("sk_item_steal", "natural_power"), actions=9, party=[
        ["guntram_the_malefactor", "valorie_the_manipulator", "luminous",
         "sammy_the_agile"],  # Sammy: Wind, for Thunderclap
        ["peter_the_indurate", "olivia_the_graceless"]],  # Peter: DEF 10, 20 HP
        # room for the four characters that carry the redesigned abilities
        seats=[{"sp_limit": 6, "terrain": "thunder_storm"}])
    guntram, valorie, luminous, _ = table.units(s, 0)
    peter, olivia = table.units(s, 1)
    storm = s.active_terrain[0]
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
    assert all(s.units[u].decay == 0 for u in (peter, olivia))
    assert stats.has(s, guntram, "stab") and stats.has(s, valorie, "stab")
    assert "stun" in s.units[peter].status
    assert s.units[peter].dmg == 5 and s.units[olivia].dmg == 5  # Stab: DEF ignored


def test_nafarious_dread_deals_stab_damage_instead_of_decay(table):
    """Defense decay: Nafarious's Dread (on player damage) wounds every recruited enemy
    with 5 Stab damage and leaves their DEF as it was."""
    s = table.position(("the_fear", "natural_power"), party=[
        ["nafarious"],
        [{"character": "peter_the_indurate",
          "status": {"stun": "end_of_turn"}}]])  # it cannot block
    naf, peter = table.unit(s, 0, "nafarious"), table.unit(s, 1, "peter_the_indurate")
    table.act(s, 0, "attack", naf, -1)
    table.pass_all(s)
    assert s.hp[1] == 50 - stats.atk(s, naf)
    assert s.units[peter].dmg == 5 and stats.defense(s, peter) == 10


# ---- item 9: decking out costs SP only in the Draw Phase ------------------------------
def test_decking_out_costs_sp_only_in_the_draw_phase(table):
    """Decking Out: SP is lost in the Draw Phase when the deck is empty; a card effect's
    draw (Prophecy) from an empty deck draws nothing and costs no SP."""
    s = table.position(party=[[{"character": "inu_the_inferno", "card": "prophecy"}],
                              ["sade_the_rejuvenative"]],
                       seats=[{"deck": [], "rest": "discard"}])
    holder = table.unit(s, 0, "inu_the_inferno")
    hand = list(s.zones["hand"][0])
    table.use(s, 0, s.units[holder].card)
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
    s = table.position(party=[[{"character": "inu_the_inferno", "card": "prophecy"}],
                              ["sade_the_rejuvenative"]],
                       seats=[{"deck": ["healing_salve"], "rest": "discard"}])
    holder = table.unit(s, 0, "inu_the_inferno")
    last = s.zones["deck"][0][0]
    table.use(s, 0, s.units[holder].card)
    table.pass_all(s)
    assert s.zones["hand"][0][-1] == last and s.zones["deck"][0] == []
    assert s.sp_limit[0] == 4


# ---- item 8: priority passes after every player action ------------------------------
def _action_position(table, kind: str):
    """Seat 0 to act with Inu (holding Prophecy) and a face-down Pernicious (holding Haze
    Bomb); seat 1 holds Gerald the Silent, whose quick Hush can answer any player action."""
    given = {"recruit": "olivia_the_graceless", "hide": "olivia_the_graceless",
             "assign": "fire_bomb", "terrain": "firestorm"}.get(kind)
    inu = {"character": "inu_the_inferno", "card": "prophecy"}
    if kind == "assign":  # Inu's Prophecy was used: its place is free for the Fire Bomb
        inu = {"character": "inu_the_inferno"}
    s = table.position(party=[
        [inu, {"character": "pernicious", "face_up": False, "card": "haze_bomb"}],
        ["gerald_the_silent"]], hand=[[given] if given else [], []],
        seats=[{"discard": ["prophecy"]} if kind == "assign" else {}])
    inu, hidden = table.units(s, 0)
    gerald = table.unit(s, 1, "gerald_the_silent")
    args = {
        "recruit": lambda: (table.in_hand(s, 0, "olivia_the_graceless"),),
        "hide": lambda: (table.in_hand(s, 0, "olivia_the_graceless"),),
        "assign": lambda: (table.in_hand(s, 0, "fire_bomb"), inu),
        "terrain": lambda: (table.in_hand(s, 0, "firestorm"),),
        "trade": lambda: (inu, hidden),
        "dismiss": lambda: (hidden,),
        "dismiss_card": lambda: (inu,),
    }[kind]()
    return s, gerald, inu, args


def _effect_done(s, kind: str, args: tuple) -> bool:
    x = args[0]
    return {
        "recruit": lambda: x in s.units and s.units[x].up,
        "hide": lambda: x in s.units and not s.units[x].up,
        "assign": lambda: s.units[args[1]].card == x,
        "terrain": lambda: s.active_terrain[0] == x,
        "trade": lambda: s.cards[s.units[x].card] == "haze_bomb",
        "dismiss": lambda: x not in s.units,
        "dismiss_card": lambda: s.units[x].card is None,
    }[kind]()


@pytest.mark.parametrize("kind", ["recruit", "hide", "assign", "terrain", "trade", "dismiss",
                                  "dismiss_card"])
def test_priority_passes_to_the_opponent_after_every_player_action(table, kind):
    """Priority and The Chain: once the active player takes an action, priority passes to
    the closest opponent, who may answer it with a quick ability; the action resolves
    after the answer, once every player has passed."""
    s, gerald, inu, args = _action_position(table, kind)
    table.act(s, 0, kind, *args)
    assert s.decision().players == (1,)
    assert s.chain and s.chain[-1].kind == "action"
    assert not _effect_done(s, kind, args)
    hush = next(a for a in s.legal_actions(1) if a.kind == "use" and a.args[2] == inu)
    s.apply(1, hush)
    table.pass_all(s)
    assert not s.chain and _effect_done(s, kind, args)
    assert "silence" in s.units[inu].status  # the answer resolved too
    assert s.units[gerald].up and s.actions[1] == 2


def test_priority_an_answered_action_that_can_no_longer_happen_does_nothing(table):
    """The Chain: answers resolve first; dismissing Inu's card, then activating that same
    card (Silence Orb, quick) in answer, leaves the dismissal nothing to do."""
    s = table.position(party=[[{"character": "inu_the_inferno", "card": "silence_orb"}],
                              ["peter_the_indurate"]])
    inu, target = table.unit(s, 0, "inu_the_inferno"), table.unit(s, 1, "peter_the_indurate")
    orb = s.units[inu].card
    table.act(s, 0, "dismiss_card", inu)
    table.pass_to(s, 0)
    table.use(s, 0, orb, 0, target)
    events = []
    while s.chain:
        events += s.apply(s.decision().players[0], Action("pass"))
    assert "silence" in s.units[target].status and orb in s.zones["discard"][0]
    assert s.units[inu].card is None and any(e.kind == "fizzle" for e in events)


def test_priority_oversupply_dismissal_cannot_be_answered(table):
    """Supply Details, Oversupply: the forced dismissal is a gameplay rule, not a player
    action, so nobody may respond to it (the recruit before it could be answered)."""
    s = table.position(party=[
        ["inu_the_inferno", "pernicious", "peter_the_indurate", "sade_the_rejuvenative"],
        ["gerald_the_silent"]], hand=[["olivia_the_graceless"], []])
    extra = table.in_hand(s, 0, "olivia_the_graceless")
    table.act(s, 0, "recruit", extra)
    assert s.decision().players == (1,)  # the recruit itself can be answered
    table.pass_all(s)
    assert s.prompt is not None and s.prompt.kind == Ask.OVERSUPPLY
    table.act(s, 0, "dismiss", extra)
    assert not s.chain and extra not in s.units and s.decision().players == (0,)
    assert stats.sp_used(s, 0) == 4


def test_priority_a_negation_cannot_answer_a_player_action(table):
    """Reveal, Activate, Resolve, Negate: negation stops a card's effect or an attack; a
    player action is neither, so Zowie's Ingenuity is not offered against one."""
    s = table.position(party=[
        ["inu_the_inferno"], [{"character": "gerald_the_silent", "card": "zowies_ingenuity"}]],
        hand=[["olivia_the_graceless"], []])
    table.act(s, 0, "recruit", table.in_hand(s, 0, "olivia_the_graceless"))
    assert s.decision().players == (1,)  # Hush may answer; the negation may not
    assert not any(a.args[0] != a.args[2] and s.cards[a.args[0]] == "zowies_ingenuity"
                   for a in s.legal_actions(1) if a.kind == "use")


def test_priority_every_player_gets_each_priority_even_with_nothing_but_pass(table):
    """Priority: after an action priority goes round every player, one who cannot respond
    included (their Pass is a decision of the match's record; the table and the AI take
    it at once). A search's own copy (``autopass``) takes such forced passes itself."""
    s = table.position(  # after the recruit neither seat has an action to respond with
        party=[["inu_the_inferno"], ["gerald_the_silent"]],
        hand=[["olivia_the_graceless", "pernicious"], []],
        seats=[{"actions": 1}, {"actions": 0}])
    olivia = table.in_hand(s, 0, "olivia_the_graceless")
    table.act(s, 0, "recruit", olivia)
    assert s.decision().players == (1,)
    assert [a.kind for a in s.legal_actions(1)] == ["pass"]
    table.act(s, 1, "pass")
    assert s.decision().players == (0,) and [a.kind for a in s.legal_actions(0)] == ["pass"]
    table.act(s, 0, "pass")
    assert not s.chain and s.units[olivia].up
    s.autopass = True
    hidden = table.in_hand(s, 0, "pernicious")
    table.act(s, 0, "hide", hidden)
    assert not s.chain and hidden in s.units and s.decision().players == (0,)


def test_priority_autopass_survives_a_save(table):
    """The search-copy flag is saved with the state; older saves load without it."""
    s = table.position(party=[["inu_the_inferno"], ["gerald_the_silent"]])
    s.autopass = True
    data = s.to_json()
    assert type(s).from_json(data).autopass is True
    del data["autopass"]
    assert type(s).from_json(data).autopass is False
