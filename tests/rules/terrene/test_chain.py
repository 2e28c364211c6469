"""Ability Types: the chain, priority, LIFO resolution, trigger limit, negation, Silence."""

from __future__ import annotations

from rules.terrene import chain, stats
from rules.terrene.kinds import Ask


def test_chain_three_responses_deep_with_a_negation_in_the_middle(table):
    """The Chain worked example: an attack, a Tripwire response, a Zowie's Ingenuity negating
    the Tripwire, and Akos' Foresight on top; links resolve last in, first out."""
    s = table.position(actions=5, party=[
        ["inu_the_inferno", {"character": "deborah_the_direct", "card": "zowies_ingenuity"}],
        [{"character": "akos_the_perceptive", "card": "tripwire"}]])
    inu, akos = table.unit(s, 0, "inu_the_inferno"), table.unit(s, 1, "akos_the_perceptive")
    zowie = s.units[s.party[0][1]].card
    tripwire = s.units[akos].card
    table.act(s, 0, "attack", inu, -1)
    assert s.decision().players == (1,)
    table.use(s, 1, tripwire)
    assert s.decision().players == (0,)
    table.use(s, 0, zowie)
    assert s.decision().players == (1,)
    table.use(s, 1, akos)  # Foresight: -5 ATK to the attacker
    assert [link.kind for link in s.chain] == ["attack", "ability", "ability", "ability"]
    table.pass_all(s)
    assert "stun" not in s.units[inu].status  # Tripwire was negated
    assert stats.atk(s, inu) == 10  # Foresight resolved
    assert s.prompt is not None and s.prompt.kind == Ask.BLOCK  # the attack still stands
    assert tripwire in s.zones["discard"][1] and zowie in s.zones["discard"][0]


def test_trap_stuns_the_attacker_and_cancels_its_attack(table):
    """Stun: an attacking character that is Stunned has its attack cancelled (the action
    stays spent and it has attacked this turn)."""
    s = table.position(party=[["inu_the_inferno"],
                              [{"character": "akos_the_perceptive", "card": "tripwire"}]])
    inu, akos = table.unit(s, 0, "inu_the_inferno"), table.unit(s, 1, "akos_the_perceptive")
    table.act(s, 0, "attack", inu, -1)
    table.use(s, 1, s.units[akos].card)
    table.pass_all(s)
    assert s.battle is None and s.hp == [50, 50]
    assert s.actions[0] == 2 and s.units[inu].attacked


def test_trap_needs_a_recruited_tactician(table):
    """Traps can only be activated with a (recruited) Tactician in your party."""
    olivia = {"character": "olivia_the_graceless", "card": "tripwire"}
    s = table.position(party=[["inu_the_inferno"], [
        olivia, {"character": "zile_the_recruiter", "face_up": False}]])
    inu = table.unit(s, 0, "inu_the_inferno")
    table.act(s, 0, "attack", inu, -1)
    assert s.chain and chain.usable(s, 1, in_response=True) == []  # no recruited Tactician
    s2 = table.position(party=[["inu_the_inferno"], [olivia, "zile_the_recruiter"]])
    inu = table.unit(s2, 0, "inu_the_inferno")
    olivia, zile = table.units(s2, 1)
    table.act(s2, 0, "attack", inu, -1)
    uses = {a.args[0] for a in s2.legal_actions(1) if a.kind == "use"}
    assert uses == {s2.units[olivia].card} and zile in s2.units


def test_each_trigger_is_used_once_per_chain(table):
    """Trigger Limit: a trigger used on this chain cannot be used again until it is empty."""
    s = table.position(actions=6, party=[
        ["inu_the_inferno"],
        ["jake_and_lillith_the_unity",
         "akos_the_perceptive"]])  # Akos keeps a response open, so the chain waits
    inu, jl = table.unit(s, 0, "inu_the_inferno"), table.unit(s, 1, "jake_and_lillith_the_unity")
    table.act(s, 0, "attack", inu, -1)
    table.use(s, 1, jl, 0, jl)
    kindle = s.active_terrain[0]  # Emberstadt's Kindle: quick, Fire
    table.use(s, 0, kindle, 0, inu)
    assert s.chain and s.decision().players == (1,)
    assert not any(u[0] == kindle for u in chain.usable(s, 0, in_response=True))
    table.pass_all(s)
    table.act(s, 1, "no_block")
    assert any(u[0] == kindle for u in chain.usable(s, 0, in_response=True))


def test_silence_negates_a_trigger_in_use_and_removes_printed_abilities(table):
    """Silence: no ability text, gained abilities stay; Silenced while using a trigger
    negates it."""
    s = table.position(party=[
        ["ike_the_aggressive", {"character": "pernicious", "status": {"silence": "end_of_turn"},
                                "gained": {"haste": "end_of_turn"}}],
        [{"character": "jace_the_saboteur", "card": "silence_orb"}]])
    ike, pern = table.units(s, 0)
    orb_card = s.units[table.unit(s, 1, "jace_the_saboteur")].card
    hand = len(s.zones["hand"][0])
    table.use(s, 0, ike)  # Reckless Study: 5 damage to Ike, draw a card
    table.use(s, 1, orb_card, 0, ike)
    table.pass_all(s)
    assert s.units[ike].dmg == 0 and len(s.zones["hand"][0]) == hand
    assert not stats.has(s, pern, "stab") and stats.has(s, pern, "haste")


def test_interdimensional_trigger_resolves_as_soon_as_it_is_added(table):
    """Interdimensional triggers resolve immediately after being added to the chain."""
    s = table.position(party=[["just_a_traveler", "inu_the_inferno"], ["olivia_the_graceless"]])
    trav = table.unit(s, 0, "just_a_traveler")
    hand = len(s.zones["hand"][0])
    table.use(s, 0, trav)
    assert trav in s.zones["hand"][0] and len(s.zones["hand"][0]) == hand + 2
    assert s.chain == []


def test_normal_triggers_cannot_respond(table):
    """Normal trigger abilities: your turn only, never in response."""
    s = table.position(party=[["inu_the_inferno"], ["jace_the_saboteur", "akos_the_perceptive"]])
    jace, akos = table.units(s, 1)
    table.act(s, 0, "attack", s.party[0][0], -1)
    responses = {a.args[0] for a in s.legal_actions(1) if a.kind == "use"}
    assert akos in responses and jace not in responses


def test_effect_on_a_target_that_left_play_does_nothing(table):
    """Hiding Characters to Dodge Effects: an effect whose target is gone is negated."""
    s = table.position(party=[[{"character": "jace_the_saboteur", "card": "fire_bomb"}],
                              ["just_a_traveler"]])
    bomb, trav = table.unit(s, 0, "jace_the_saboteur"), table.unit(s, 1, "just_a_traveler")
    table.use(s, 0, s.units[bomb].card, 0, trav)
    table.use(s, 1, trav)  # Slip Away in response: back to hand
    table.pass_all(s)
    assert trav in s.zones["hand"][1] and s.hp == [50, 50]


def test_the_chain_and_a_question_wait_on_one_pending_stack(table):
    """Issue #13: the chain's links and the question put to a seat are frames of the
    state's one PendingStack — the question above the links — and the decision and the
    legal actions come from the top frame."""
    from rules.terrene.model import Block, Link

    s = table.position(party=[["inu_the_inferno"], ["olivia_the_graceless"]])
    inu = table.unit(s, 0, "inu_the_inferno")
    table.act(s, 0, "attack", inu, -1)
    assert [type(f) for f in s.pending.frames] == [Link]
    assert s.decision().players == (s.pending.top.decider(s),) == (1,)
    assert s.legal_actions(1) == s.pending.top.actions(s)
    table.pass_all(s)
    top = s.pending.top
    assert isinstance(top, Block) and s.prompt is top and top.seat == 1
    assert s.decision().players == (1,)
    assert s.legal_actions(1) == top.actions(s)
    assert {a.kind for a in top.actions(s)} == {"block", "no_block"}
    table.act(s, 1, "no_block")
    assert s.prompt is None and [f.kind for f in s.pending.frames] == ["battle"]
