"""Phase 4, Cleanup: gold, leveling up, discarding, drawing without shuffling, respawning
and passing the initiative; and the 3-4 player team rules."""

from __future__ import annotations

from rules.biternia import flow
from rules.biternia.kinds import Act, Ask, Phase
from rules.biternia.traits import max_hp

from .conftest import act, deployed, position


def _to_cleanup(s):
    """Finish the round with everyone farming."""
    for p in (0, 1):
        while p in s.decision().players:
            s.apply(p, s.legal_actions(p)[0])
    while s.phase == Phase.MOVEMENT:
        p = s.decision().players[0]
        s.apply(p, next(a for a in s.legal_actions(p) if a.kind == Act.PASS))
    while s.phase == Phase.ACTION:
        p = s.decision().players[0]
        s.apply(p, next(a for a in s.legal_actions(p) if a.args[1] == "farm"))
    assert s.phase == Phase.CLEANUP


def test_each_team_gains_two_gold_in_cleanup(table):
    """Phase 4, Cleanup, step 1: each team gains 2 gold."""
    s = table
    _to_cleanup(s)
    assert s.gold == [4 + 2, 4 + 2]  # 4 farms of 1 gold each, then 2


def test_level_up_costs_current_level_plus_one_worked_example():
    """Leveling Up, worked example: level 1 to 2 costs 2 gold, then 2 to 3 costs 3; each
    level adds 1 HP and teaches a power."""
    s = position(phase=Phase.CLEANUP, gold={"blue": 5})
    hp = s.heroes["sterling"].hp
    costs = {a.label for a in s.legal_actions(0) if a.kind == Act.LEVEL and a.args[0] == "sterling"}
    assert all("for 2 gold" in c for c in costs)
    act(s, "level", "sterling", "fall_back")
    assert s.gold[0] == 3 and s.heroes["sterling"].level == 2
    assert s.heroes["sterling"].hp == hp + 1 == max_hp(s, "sterling")
    act(s, "level", "sterling", "pinning_arrow")
    assert s.gold[0] == 0 and s.heroes["sterling"].level == 3
    assert {"fall_back", "pinning_arrow"} <= set(s.seats[0].hand)


def test_ultimate_is_learned_only_on_reaching_level_four():
    """Leveling Up: the Ultimate (Z) can be learned when the Hero reaches level 4, the
    maximum level."""
    s = position(phase=Phase.CLEANUP, gold={"blue": 50})
    act(s, "level", "sterling", "fall_back")
    act(s, "level", "sterling", "pinning_arrow")
    offered = {a.args[1] for a in s.legal_actions(0) if a.args[:1] == ("sterling",)
               and a.kind == Act.LEVEL}
    assert offered == {"rain_of_arrows"}
    act(s, "level", "sterling", "rain_of_arrows")
    assert not any(a.kind == Act.LEVEL and a.args[0] == "sterling" for a in s.legal_actions(0))


def test_learned_power_is_secret_from_the_other_team():
    """Leveling Up: the new power is chosen secretly."""
    s = position(phase=Phase.CLEANUP, gold={"blue": 2})
    act(s, "level", "sterling", "fall_back")
    assert "fall_back" not in s.view(1).heroes["sterling"].learned
    assert "fall_back" in s.view(0).heroes["sterling"].learned


def test_cleanup_discards_any_cards_then_draws_to_eight(table):
    """Cleanup, steps 3-4: discard any number of cards, then draw back to 8."""
    s = table
    _to_cleanup(s)
    card = s.seats[0].hand[0]
    act(s, "discard", card)
    assert s.seats[0].discard[-1] == card
    act(s, "done")
    act(s, "done")
    assert s.phase == Phase.ORDERS and s.round == 2
    assert len(s.seats[0].hand) == 8 and len(s.seats[1].hand) == 8


def test_empty_deck_turns_the_discard_pile_over_without_shuffling():
    """Shuffle-Free Zone: an empty deck is replaced by the discard pile turned over as it
    is: the first card discarded is the first drawn."""
    s = position(seats={"1": {"deck": []}})  # what the deck held lies on the discard pile
    seat = s.seats[0]
    pile = list(seat.discard)
    assert len(pile) == 8
    events: list = []
    drawn = flow.draw_card(s, 0, events)
    assert drawn == pile[0] and seat.deck == pile[1:] and not seat.deck_secret
    assert s.shuffles == 2


def test_drawing_a_hero_card_respawns_that_hero_at_full_hp():
    """Respawning: a drawn Hero card goes to its mat; the Hero returns at full HP on an own
    standing Tower's space or the Bit."""
    s = position(defeated=["sterling"], structures={"tower_0_top": 0},
                 seats={"1": {"deck": ["sterling", "strike", "parry"]}})
    flow.draw_card(s, 0, [])
    assert s.pending.type == Ask.RESPAWN
    assert set(s.pending.options) == {"tower_0_mid", "tower_0_bot", "bit_0"}
    act(s, "respawn", "sterling", "bit_0")
    v = s.heroes["sterling"]
    assert v.space == "bit_0" and v.hp == max_hp(s, "sterling")


def test_initiative_passes_each_round(table):
    """Cleanup, step 5: the initiative marker passes to the opponent."""
    s = table
    _to_cleanup(s)
    act(s, "done")
    act(s, "done")
    assert s.initiative == 1 and s.round == 2


def test_team_gold_is_shared_and_teammates_see_each_others_cards():
    """3-4 Player Rules: gold is shared per team; teammates may see each other's hands and
    face-down cards; hand size 4."""
    s = deployed(players=4)
    assert len(s.gold) == 2
    seen = s.view(0)
    assert None not in seen.seats[2].hand
    assert set(seen.seats[1].hand) == {None}
    assert s.seats[2].hand_size == 4


def test_team_members_each_order_their_own_heroes():
    """3-4 Player Rules: each player controls and orders their own two Heroes."""
    s = deployed(players=4)
    assert set(s.decision().players) == {0, 1, 2, 3}
    for seat in range(4):
        mine = {h for h, v in s.heroes.items() if v.seat == seat}
        assert {a.args[0] for a in s.legal_actions(seat)} == mine and len(mine) == 2


def test_three_player_cleanup_has_every_seat_discard_in_initiative_team_order():
    """3-4 Player Rules, Cleanup: the team with the initiative goes first."""
    s = deployed(players=3)
    assert flow.cleanup_order(s) == [0, 2, 1]


def test_each_team_gains_two_gold_not_each_player():
    """3-4 Player Rules, Cleanup: each team, not each player, receives two gold."""
    s = position({"players": 4}, phase=Phase.ACTION, heroes={"sterling": {"down": "strike"}})
    act(s, "activate", "sterling", "rest")  # the round's last activation: on to Cleanup
    assert s.phase == Phase.CLEANUP and s.gold == [2, 2]
