"""Battle Step, Battle Definitions, Defense Decay, overkill, XP from defeats."""

from __future__ import annotations

from rules.terrene import stats
from rules.terrene.kinds import Ask


def test_battle_damage_is_attack_minus_defense_and_the_blocker_deals_none_back(table):
    """Battle Step: the blocker takes ATK - DEF; the blocker does not damage the attacker."""
    s = table.position(party=[["inu_the_inferno"], ["olivia_the_graceless"]])
    inu, olivia = table.unit(s, 0, "inu_the_inferno"), table.unit(s, 1, "olivia_the_graceless")
    table.act(s, 0, "attack", inu, -1)
    table.pass_all(s)
    table.act(s, 1, "block", olivia)
    table.pass_all(s)
    assert s.units[olivia].dmg == 15 - 10
    assert s.units[inu].dmg == 0
    assert s.hp == [50, 50]


def test_unblocked_attack_damages_the_player(table):
    """Battle Step: the defender may take the attack directly to their HP."""
    s = table.position(party=[["inu_the_inferno"], ["olivia_the_graceless"]])
    inu = table.unit(s, 0, "inu_the_inferno")
    table.act(s, 0, "attack", inu, -1)
    table.pass_all(s)
    table.act(s, 1, "no_block")
    table.pass_all(s)
    assert s.hp[1] == 35
    assert stats.atk(s, inu) == 20  # Inu's own trigger: +5 ATK after hitting a player


def test_overkill_worked_example(table):
    """Resolve overkill: a character defeated by battle damage passes the excess to its player;
    the defeater gains XP equal to the defeated LV and climbs the terrain's XP tree."""
    s = table.position(party=[["inu_the_inferno"],  # ATK 15, terrain Emberstadt
                              [{"character": "pernicious", "damage": 2}]])  # HP 10, DEF 0, LV 1
    inu, pern = table.unit(s, 0, "inu_the_inferno"), table.unit(s, 1, "pernicious")
    table.act(s, 0, "attack", inu, -1)
    table.pass_all(s)
    table.act(s, 1, "block", pern)
    table.pass_all(s)
    assert pern not in s.units and pern in s.zones["discard"][1]
    assert s.hp[1] == 50 - (2 + 15 - 10)
    assert s.units[inu].xp == 1
    assert stats.atk(s, inu) == 20  # Emberstadt XP 1: +5 ATK


def test_defense_decay_stacks_and_never_drops_below_zero(table):
    """Defense decay worked example: each block -5 DEF, stacking, floor 0; a third block on the
    same turn meets DEF 0 and the defeat overkills."""
    s = table.position(actions=5, party=[
        ["inu_the_inferno", "bellicose_the_insightful", "ike_the_aggressive"],
        ["olivia_the_graceless", "sade_the_rejuvenative"]])  # Olivia: HP 20, DEF 10
    attackers = table.units(s, 0)
    olivia = table.unit(s, 1, "olivia_the_graceless")
    expected = [(5, 5), (15, 0)]
    for attacker, (dmg, def_after) in zip(attackers, expected, strict=False):
        table.act(s, 0, "attack", attacker, -1)
        table.pass_all(s)
        table.act(s, 1, "block", olivia)
        table.pass_all(s)
        assert s.units[olivia].dmg == dmg
        assert stats.defense(s, olivia) == def_after
    table.act(s, 0, "attack", attackers[2], -1)
    table.pass_all(s)
    table.act(s, 1, "block", olivia)
    table.pass_all(s)
    assert olivia not in s.units
    assert s.hp[1] == 50 - (15 + 15 - 20)


def test_defense_decay_lasts_until_the_owners_next_turn(table):
    """Defense decay: it ends at the start of the blocker's controller's next turn."""
    s = table.position(party=[["inu_the_inferno"], ["peter_the_indurate"]])
    inu, peter = table.unit(s, 0, "inu_the_inferno"), table.unit(s, 1, "peter_the_indurate")
    table.act(s, 0, "attack", inu, -1)
    table.pass_all(s)
    table.act(s, 1, "block", peter)
    table.pass_all(s)
    assert stats.defense(s, peter) == 5
    table.act(s, 0, "end_turn")
    assert s.active == 1 and stats.defense(s, peter) == 10


def test_stab_ignores_the_blockers_defense(table):
    """Gained abilities, Stab: the blocker's DEF is ignored."""
    s = table.position(party=[["pernicious"], ["olivia_the_graceless"]])  # Pernicious: Stab, ATK 15
    pern, olivia = table.unit(s, 0, "pernicious"), table.unit(s, 1, "olivia_the_graceless")
    table.act(s, 0, "attack", pern, -1)
    table.pass_all(s)
    table.act(s, 1, "block", olivia)
    table.pass_all(s)
    assert s.units[olivia].dmg == 15


def test_retaliate_strikes_back_with_its_defense_as_stab(table):
    """Gained abilities, Retaliate: the blocker deals Stab battle damage equal to its DEF."""
    s = table.position(party=[["inu_the_inferno"], ["peter_the_indurate"]])  # Retaliate, DEF 10
    inu, peter = table.unit(s, 0, "inu_the_inferno"), table.unit(s, 1, "peter_the_indurate")
    table.act(s, 0, "attack", inu, -1)
    table.pass_all(s)
    table.act(s, 1, "block", peter)
    table.pass_all(s)
    assert s.units[inu].dmg == 10
    assert s.units[peter].dmg == 5


def test_simultaneous_party_wipe_is_a_tie_that_both_players_win(table):
    """Ties: if both sides fall at once (e.g. Retaliate), both players get a win."""
    s = table.position(party=[["pernicious"],  # HP 10, ATK 15, Stab
                              [{"character": "peter_the_indurate", "damage": 10}]])
    pern, peter = table.unit(s, 0, "pernicious"), table.unit(s, 1, "peter_the_indurate")
    # Peter: HP 20, DEF 10, Retaliate
    table.act(s, 0, "attack", pern, -1)
    table.pass_all(s)
    table.act(s, 1, "block", peter)
    table.pass_all(s)
    out = s.outcome()
    assert out is not None and out.scores == (1.0, 1.0)


def test_blocker_accepts_damage_even_if_stunned_after_blocking(table):
    """Battle Step: a declared blocker takes the damage even if it becomes Stunned."""
    s = table.position(party=[["inu_the_inferno"], ["olivia_the_graceless"]])
    inu, olivia = table.unit(s, 0, "inu_the_inferno"), table.unit(s, 1, "olivia_the_graceless")
    table.act(s, 0, "attack", inu, -1)
    table.pass_all(s)
    table.act(s, 1, "block", olivia)
    s.units[olivia].status["stun"] = ("end_of_turn", s.turn)
    table.pass_all(s)
    assert s.units[olivia].dmg == 5


def test_hidden_characters_cannot_attack_or_block(table):
    """Hidden Cards: face-down characters neither attack nor block."""
    s = table.position(party=[
        [{"character": "inu_the_inferno", "face_up": False}, "bellicose_the_insightful"],
        [{"character": "olivia_the_graceless", "face_up": False}]])
    hidden = table.unit(s, 0, "inu_the_inferno")
    assert not any(a.kind == "attack" and a.args[0] == hidden for a in s.legal_actions(0))
    bell = s.party[0][1]
    table.act(s, 0, "attack", bell, -1)
    table.pass_all(s)
    assert s.prompt is None and s.hp[1] == 35  # nobody could block


def test_unblockable_attacks_are_direct_and_choose_their_target(table):
    """Battle Definitions: unblockable attacks are direct attacks at a player or character."""
    s = table.position(party=[[{"character": "pernicious", "card": "blinding_bomb"}],
                              ["olivia_the_graceless"]])
    pern, olivia = table.unit(s, 0, "pernicious"), table.unit(s, 1, "olivia_the_graceless")
    table.use(s, 0, s.units[pern].card)
    table.pass_all(s)
    targets = {a.args[1] for a in s.legal_actions(0) if a.kind == "attack"}
    assert targets == {-1, olivia}
    table.act(s, 0, "attack", pern, olivia)
    table.pass_all(s)
    assert s.units[olivia].dmg == 15 - 10


def test_first_player_cannot_attack_on_the_first_turn_and_second_gets_an_extra_action(table):
    """Setup / 2nd Turn Player Rule: no attacks on the game's first turn; the 2nd player's
    first turn has one extra action."""
    s = table.started(first=0)
    assert s.turn == 1 and s.active == 0
    assert not any(a.kind == "attack" for a in s.legal_actions(0))
    s.actions[0] = 3
    table.act(s, 0, "recruit", s.party[0][0])
    table.pass_all(s)  # the action waits on the chain until every player passes
    assert not any(a.kind == "attack" for a in s.legal_actions(0))
    table.act(s, 0, "end_turn")
    table.pass_all(s)
    assert s.active == 1 and s.actions[1] == 3 + 1


def test_wasted_xp_when_no_character_defeats(table):
    """Wasted XP: a defeat with no character behind it (a terrain's effect) gives no XP."""
    s = table.position(party=[["pernicious"],  # Dark: enables Emberstadt's Cinders
                              [{"character": "sade_the_rejuvenative", "damage": 8}]])
    victim = table.unit(s, 1, "sade_the_rejuvenative")
    terrain = s.active_terrain[0]
    assert s.cards[terrain] == "emberstadt"
    table.use(s, 0, terrain, 1, victim)
    table.pass_all(s)
    assert victim not in s.units
    assert all(u.xp == 0 for u in s.units.values())


def test_the_player_assigns_xp_from_a_defeat(table):
    """XP Ownership: the player chooses which of their characters gets the XP of a defeat
    (the defeater is offered first)."""
    s = table.position(party=[
        ["inu_the_inferno", "bellicose_the_insightful"],
        ["pernicious", {"character": "sade_the_rejuvenative", "face_up": False}]])
    inu, bell = table.units(s, 0)
    pern = table.unit(s, 1, "pernicious")
    table.act(s, 0, "attack", inu, -1)
    table.pass_all(s)
    table.act(s, 1, "block", pern)
    table.pass_all(s)
    assert s.prompt is not None and s.prompt.kind == Ask.XP_ASSIGN
    choices = [a.args[0] for a in s.legal_actions(0)]
    assert choices == [inu, bell]
    table.act(s, 0, "assign_xp", bell)
    assert s.units[bell].xp == 1 and s.units[inu].xp == 0
