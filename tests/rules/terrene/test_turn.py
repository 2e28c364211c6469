"""Turn phases, supply, decking out, statuses, gained abilities and the player actions."""

from __future__ import annotations

from rules.core import Action
from rules.terrene import GAME, stats
from rules.terrene.kinds import Ask

SADE_HIDDEN = {"character": "sade_the_rejuvenative", "face_up": False}


def test_setup_party_is_four_unique_low_sp_characters_each_with_an_assignable(table):
    """Setup: a non-Storm terrain, four unique 0-1 SP characters face-down, four unique
    assignables behind them; no cards in hand; terrains flipped; 50 HP each."""
    s = table.started(opening=False)
    for seat in range(2):
        party = s.party[seat]
        assert len(party) == 4 and len({s.cards[u] for u in party}) == 4
        assert all(not s.units[u].up and s.card(u).sp <= 1 for u in party)
        held = [s.units[u].card for u in party]
        assert None not in held and len({s.cards[c] for c in held}) == 4
        assert not s.card(s.active_terrain[seat]).storm
    assert s.hp == [50, 50] and s.phase == "play"
    assert len(s.zones["hand"][0]) == 1 and len(s.zones["hand"][1]) == 0  # turn 1 draw


def test_opening_plans_place_the_printed_party(table):
    """Deck Lists: each preset's opening plans are legal starting parties."""
    s = table.started()
    names = sorted(s.card(u).name for u in s.party[0])
    assert names == ["Inu the Inferno", "Jace the Saboteur", "Just a Traveler",
                     "Olivia the Graceless"]


def test_restock_loses_unspent_actions_and_gains_the_terrains(table):
    """Restock Phase: unspent actions are lost, then the terrain's actions are gained."""
    s = table.position(turn=4, actions=9,  # seat 1 kept 9 unspent actions
                       party=[["inu_the_inferno"], ["olivia_the_graceless"]])
    table.act(s, 1, "end_turn")
    assert s.active == 0 and s.actions[0] == 3


def test_start_of_turn_abilities_resolve_in_the_command_phase(table):
    """Command Phase: 'start of turn' abilities resolve before the draw."""
    s = table.position(party=[["inu_the_inferno"], ["sade_the_rejuvenative"]], hp=[50, 40])
    table.act(s, 0, "end_turn")
    assert s.chain and s.chain[0].label.startswith("Sade")
    table.pass_all(s)
    assert s.active == 1 and s.hp[1] == 45


def test_oversupply_forces_dismissal_before_anyone_acts(table):
    """Oversupply worked example: recruiting past 4 SP forces a dismissal at once; nobody
    else may act; the dismissed card's damage is taken as HP loss."""
    s = table.position(party=[
        [{"character": "inu_the_inferno", "face_up": False, "damage": 6},
         *({"character": cid, "face_up": False}
           for cid in ("jace_the_saboteur", "olivia_the_graceless", "pernicious"))],
        ["sade_the_rejuvenative"]], hand=[["greggory_the_hoarder"], []])
    hurt = table.unit(s, 0, "inu_the_inferno")
    greg = table.in_hand(s, 0, "greggory_the_hoarder")
    table.act(s, 0, "recruit", greg)
    table.pass_all(s)  # the action waits on the chain until every player passes
    assert stats.sp_used(s, 0) == 6
    assert s.decision().players == (0,)
    assert {a.kind for a in s.legal_actions(0)} == {"dismiss"}
    table.act(s, 0, "dismiss", hurt)
    assert stats.sp_used(s, 0) == 5 and s.prompt is not None
    table.act(s, 0, "dismiss", s.party[0][0])
    assert stats.sp_used(s, 0) == 4 and s.prompt is None
    assert s.hp[0] == 44


def test_hidden_characters_always_occupy_one_sp(table):
    """Hidden Cards: a face-down character is 1 SP whatever its printed SP."""
    hidden = {"character": "greggory_the_hoarder", "face_up": False}
    s = table.position(party=[[hidden, {"character": "just_a_traveler", "face_up": False}],
                              ["olivia_the_graceless"]])
    greg, trav = table.units(s, 0)
    assert stats.sp_cost(s, greg) == 1 and stats.sp_cost(s, trav) == 1
    s = table.position(party=[[hidden, "just_a_traveler"], ["olivia_the_graceless"]])
    trav = table.unit(s, 0, "just_a_traveler")
    assert stats.sp_cost(s, trav) == 0


def test_deck_out_costs_one_sp_per_draw_phase_and_zero_sp_loses(table):
    """Decking Out worked example: an empty deck costs 1 SP at the draw; 0 SP loses."""
    s = table.position(party=[["inu_the_inferno"], ["sade_the_rejuvenative"]],
                       seats=[{"deck": [], "rest": "discard"}])
    for _ in range(2):
        table.act(s, 0, "end_turn")
        table.pass_all(s)
        table.act(s, 1, "end_turn")
        table.pass_all(s)
        assert s.outcome() is None
    assert s.sp_limit[0] == 2
    s.sp_limit[0] = 1
    table.act(s, 0, "end_turn")
    table.pass_all(s)
    table.act(s, 1, "end_turn")
    out = s.outcome()
    assert out is not None and out.scores == (0.0, 1.0) and "0 SP" in out.reason


def test_a_player_with_no_characters_loses(table):
    """The Goal: defeat all the opponent's characters."""
    s = table.position(party=[["inu_the_inferno"], ["sade_the_rejuvenative"]])
    victim = table.unit(s, 1, "sade_the_rejuvenative")
    table.act(s, 0, "end_turn")
    table.pass_all(s)
    table.act(s, 1, "dismiss", victim)
    table.pass_all(s)  # the action waits on the chain until every player passes
    assert s.outcome() is not None and s.outcome().scores == (1.0, 0.0)
    loser = s.player_name(1)  # one deck's name: singular
    assert f"{loser} has no characters left" in s.outcome().reason


def test_a_team_with_no_characters_left_is_named_in_the_plural(table):
    from rules.terrene.turn import _loss_reason

    s = table.started(decks=("greggory_beatdown", "sk_item_steal") * 2)
    for seat in (1, 3):
        s.party[seat] = []
    team = s.team(1)
    names = f"{s.player_name(1)} and {s.player_name(3)}"
    assert _loss_reason(s, team) == f"{names} have no characters left"


def test_slow_makes_an_attack_cost_two_actions(table):
    """Slow: declaring an attack costs 2 actions."""
    s = table.position(party=[[{"character": "inu_the_inferno", "status": {"slow": "end_of_turn"}}],
                              [SADE_HIDDEN]])
    inu = table.unit(s, 0, "inu_the_inferno")
    table.act(s, 0, "attack", inu, -1)
    table.pass_all(s)
    assert s.actions[0] == 1 and s.hp[1] == 35


def test_attacker_slowed_mid_attack_pays_one_more_or_is_cancelled(table):
    """Slow: an attacker that gains Slow must pay an extra action or its attack is cancelled
    (no refund). Ashen slows the attacker when it blocks."""
    for pay, hp_dmg in ((True, 5), (False, 0)):
        s = table.position(party=[["inu_the_inferno"], ["ashen_the_unseemly"]])
        inu, ashen = table.unit(s, 0, "inu_the_inferno"), table.unit(s, 1, "ashen_the_unseemly")
        table.act(s, 0, "attack", inu, -1)
        table.pass_all(s)
        table.act(s, 1, "block", ashen)
        table.pass_to(s, 1)
        table.use(s, 1, ashen)
        table.pass_all(s)
        assert s.prompt is not None and s.prompt.kind == Ask.SLOW
        table.act(s, 0, "slow_pay" if pay else "slow_cancel")
        assert s.units[ashen].dmg == hp_dmg
        assert s.actions[0] == (1 if pay else 2)


def test_haste_attacks_for_no_action(table):
    """Haste: declaring an attack costs 0 actions."""
    s = table.position(party=[["sammy_the_agile"], [SADE_HIDDEN]])
    sammy = table.unit(s, 0, "sammy_the_agile")
    table.act(s, 0, "attack", sammy, -1)
    table.pass_all(s)
    assert s.actions[0] == 3 and s.hp[1] == 35


def test_each_character_attacks_once_per_turn(table):
    """Declare an Attack: once per character per turn."""
    s = table.position(party=[["inu_the_inferno"], [SADE_HIDDEN]])
    inu = table.unit(s, 0, "inu_the_inferno")
    table.act(s, 0, "attack", inu, -1)
    table.pass_all(s)
    assert not any(a.kind == "attack" for a in s.legal_actions(0))


def test_resourceful_makes_one_assignable_per_turn_free(table):
    """Resourceful (publisher's clarification): once per turn one item or command costs no
    action; other requirements still apply."""
    s = table.position(party=[[{"character": "s_k_the_art_historian", "card": "prophecy"}],
                              [SADE_HIDDEN]], hand=[["fire_bomb"], []])
    sk = table.unit(s, 0, "s_k_the_art_historian")
    table.use(s, 0, s.units[sk].card)
    table.pass_all(s)
    assert s.actions[0] == 3 and s.units[sk].resourceful_used
    table.act(s, 0, "assign", table.in_hand(s, 0, "fire_bomb"), sk)  # free
    table.pass_all(s)
    assert all(a.label.endswith("(1 action)") for a in s.legal_actions(0)
               if a.kind == "use" and a.args[0] == s.units[sk].card)


def test_commands_need_their_class(table):
    """Commands have class requirements."""
    s = table.position(party=[
        [{"character": "olivia_the_graceless", "card": "aggressively_engaged"},
         {"character": "inu_the_inferno", "card": "intimidate"}], [SADE_HIDDEN]])
    olivia, inu = table.units(s, 0)
    used = {a.args[0] for a in s.legal_actions(0) if a.kind == "use"}
    assert s.units[olivia].card not in used
    s = table.position(party=[
        ["olivia_the_graceless", {"character": "inu_the_inferno", "card": "aggressively_engaged"}],
        [SADE_HIDDEN]], hand=[["intimidate"], []])
    inu = table.unit(s, 0, "inu_the_inferno")
    used = {a.args[0] for a in s.legal_actions(0) if a.kind == "use"}
    assert s.units[inu].card in used


def test_ongoing_cards_stay_face_up_after_use(table):
    """Ongoing cards stay in play; other assignables go to the discard once resolved."""
    s = table.position(party=[[{"character": "jace_the_saboteur", "card": "item_expertise"}],
                              [SADE_HIDDEN]])
    jace = table.unit(s, 0, "jace_the_saboteur")
    table.use(s, 0, s.units[jace].card)
    table.pass_all(s)
    assert s.units[jace].card_up and stats.has(s, jace, "resourceful")


def test_unique_name_rule(table):
    """Unique Character Rule: you cannot recruit or hide a second character of the same name."""
    s = table.position(party=[["pernicious"], ["olivia_the_graceless"]], hand=[["pernicious"], []])
    second = table.in_hand(s, 0, "pernicious")
    assert not any(a.args and a.args[0] == second for a in s.legal_actions(0)
                   if a.kind in ("recruit", "hide"))


def test_dismiss_takes_the_damage_on_the_card(table):
    """Dismiss a Card: take the damage on the dismissed card to your HP."""
    s = table.position(party=[[{"character": "inu_the_inferno", "damage": 7}, "pernicious"],
                              ["sade_the_rejuvenative"]])
    inu = table.unit(s, 0, "inu_the_inferno")
    table.act(s, 0, "dismiss", inu)
    table.pass_all(s)  # the action waits on the chain until every player passes
    assert s.hp[0] == 43 and inu in s.zones["discard"][0]


def test_trade_face_down_cards_once_per_turn(table):
    """Trade: once per turn two allied characters swap face-down assigned cards."""
    s = table.position(party=[
        [{"character": "inu_the_inferno", "card": "prophecy"},
         {"character": "pernicious", "face_up": False, "card": "haze_bomb"}],
        ["sade_the_rejuvenative"]])
    a, b = table.units(s, 0)
    ca, cb = s.units[a].card, s.units[b].card
    table.act(s, 0, "trade", a, b)
    table.pass_all(s)  # the action waits on the chain until every player passes
    assert (s.units[a].card, s.units[b].card) == (cb, ca)
    assert not any(x.kind == "trade" for x in s.legal_actions(0))


def test_terrain_switch_once_per_turn_keeps_the_old_terrain(table):
    """Terrain Switch: once per turn play or switch terrain; the old one is kept."""
    s = table.position(party=[["inu_the_inferno"], ["sade_the_rejuvenative"]],
                       hand=[["firestorm"], []])
    old = s.active_terrain[0]
    storm = table.in_hand(s, 0, "firestorm")
    table.act(s, 0, "terrain", storm)
    table.pass_all(s)  # the action waits on the chain until every player passes
    assert s.active_terrain[0] == storm and old in s.zones["terrains"][0]
    assert not any(a.kind == "terrain" for a in s.legal_actions(0))
    assert stats.atk(s, s.party[0][0]) == 20  # Firestorm: +5 ATK to your recruited characters


def test_hide_from_hand_and_recruit_costs_one_action(table):
    """Recruit (1 action, from hidden or hand) and Hide (free, face-down from hand)."""
    s = table.position(party=[["pernicious"], ["sade_the_rejuvenative"]],
                       hand=[["inu_the_inferno"], []])
    inu = table.in_hand(s, 0, "inu_the_inferno")
    table.act(s, 0, "hide", inu)
    table.pass_all(s)  # the action waits on the chain until every player passes
    assert not s.units[inu].up and s.actions[0] == 3
    table.act(s, 0, "recruit", inu)
    table.pass_all(s)  # the action waits on the chain until every player passes
    assert s.units[inu].up and s.actions[0] == 2


def test_run_concedes_the_game(table):
    """Run: forfeit the game."""
    s = table.position(party=[["pernicious"], ["sade_the_rejuvenative"]])
    table.act(s, 0, "run")
    assert s.outcome().scores == (0.0, 1.0)


def test_two_v_two_shares_hp_has_three_sp_and_team_b_attacks_first(table):
    """2v2 Format: a team shares 50 HP, 3 SP each, turns alternate teams, and the first
    player of team B declares the first attack."""
    s = table.started(decks=("greggory_beatdown", "sk_item_steal") * 2)
    assert len(s.hp) == 2 and s.sp_limit == [3, 3, 3, 3]
    assert all(len(p) == 3 for p in s.party)
    assert s.active == 0 and not any(a.kind == "attack" for a in s.legal_actions(0))
    table.act(s, 0, "end_turn")
    table.pass_all(s)
    assert s.active == 1 and s.team(1) != s.team(0) and s.actions[1] == 3
    s.actions[1] = 3
    table.act(s, 1, "recruit", s.party[1][0])
    table.pass_all(s)  # the action waits on the chain until every player passes
    assert any(a.kind == "attack" for a in s.legal_actions(1))


def test_table_games_are_one_v_one_or_two_v_two():
    """2v2 Format: a table game is 1v1 or 2v2; three players can only draft."""
    import pytest

    from rules.core import SetupError

    with pytest.raises(SetupError):
        GAME.validate_setup({"players": 3, "format": "single game"})
    assert GAME.validate_setup({"players": 3})["format"] == "draft"
    assert Action("end_turn") == Action("end_turn", (), "End turn")
