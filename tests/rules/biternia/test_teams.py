"""3-4 player games: who of two teammates takes the team's shared turns (rules/biternia/
turns.py). Each person plays their own Heroes; the team's turn rotates between teammates
and may be handed over, so the team need not alternate; a lone player takes every turn."""

from __future__ import annotations

from rules.biternia import GAME
from rules.biternia.kinds import Act, Ask, Phase
from rules.biternia.traits import max_hp

from .conftest import act, arena, deployed

SEAT_HEROES = {0: {"sterling", "ceralin"}, 2: {"caligar", "felix"},
               1: {"kerrick", "vladiator"}, 3: {"cyrus", "boreas"}}


def _to_movement(players: int = 4):
    s = deployed(players=players)
    while s.phase == Phase.ORDERS:
        p = s.decision().players[0]
        s.apply(p, s.legal_actions(p)[0])
    assert s.phase == Phase.MOVEMENT and s.turn == 0
    return s


def _pass(s, hero: str) -> None:
    act(s, "pass", hero)


def _heroes_offered(s, seat: int) -> set[str]:
    return {a.args[0] for a in s.legal_actions(seat) if a.kind != Act.HAND_OVER}


def test_a_teammate_moves_only_their_own_heroes():
    """3-4 Player Rules: each player controls their own two Heroes, so a Hero's move is
    offered to the player who controls it and to no one else."""
    s = _to_movement()
    assert s.decision().players == (0,)
    assert _heroes_offered(s, 0) == SEAT_HEROES[0]
    assert s.legal_actions(2) == []


def test_the_team_turn_passes_to_the_teammate_after_each_turn():
    """3-4 Player Rules, The Game Round: after one teammate moves a Hero, the team's next
    turn is offered to the other teammate first (our rotation of the shared choice)."""
    s = _to_movement()
    _pass(s, "sterling")
    assert s.decision().players == (1,)
    _pass(s, "kerrick")
    assert s.decision().players == (2,)
    assert _heroes_offered(s, 2) == SEAT_HEROES[2]
    _pass(s, "caligar")
    assert s.decision().players == (3,)


def test_teammates_need_not_alternate_the_offered_seat_may_hand_over():
    """3-4 Player Rules, The Game Round: teammates choose which Hero acts and need not
    alternate; the seat offered the turn may let its teammate act instead (twice running
    here), and a handed turn cannot be handed back."""
    s = _to_movement()
    act(s, "hand_over", 2)
    assert s.decision().players == (2,)
    assert all(a.kind != Act.HAND_OVER for a in s.legal_actions(2))
    _pass(s, "caligar")
    _pass(s, "kerrick")
    assert s.decision().players == (0,)
    act(s, "hand_over", 2)
    _pass(s, "felix")
    assert s.done == ["caligar", "kerrick", "felix"]


def test_a_seat_with_no_hero_ready_leaves_the_turn_to_its_teammate():
    """3-4 Player Rules: once a player's Heroes have all moved, the team's remaining turns
    go to the teammate, who cannot hand them back."""
    s = _to_movement()
    _pass(s, "sterling")
    _pass(s, "kerrick")
    act(s, "hand_over", 0)
    _pass(s, "ceralin")
    _pass(s, "cyrus")
    _pass(s, "caligar")
    _pass(s, "vladiator")
    assert s.lead[0] == 0
    assert s.decision().players == (2,) and _heroes_offered(s, 2) == {"felix"}
    assert all(a.kind != Act.HAND_OVER for a in s.legal_actions(2))


def test_a_heros_activation_and_its_targets_belong_to_its_controller():
    """3-4 Player Rules, The Game Round: in the Action Phase a Hero is activated by its own
    player, who also chooses its targets."""
    s = arena({"felix": {"space": "gold_mid", "down": "lunge"}, "boreas": {"space": "gold_mid"},
               "sterling": {"space": "gold_mid", "down": "strike"}},
              {"players": 4}, phase=Phase.ACTION, lead={"blue": 3})
    assert s.decision().players == (2,) and _heroes_offered(s, 2) == {"felix"}
    act(s, "activate", "felix", "use")
    assert s.pending.type == Ask.TARGET and s.decision().players == (2,)


def test_the_structure_order_goes_to_the_lead_seat_and_rotates():
    """Base Defenses in a team game: choosing which Structure attacks first is a team choice
    with no Hero of its own; it goes to the team's lead seat, then the lead rotates."""
    s = arena({"kerrick": {"space": "tower_0_top"}, "vladiator": {"space": "tower_0_bot"}},
              {"players": 4}, phase=Phase.BASE, lead={"blue": 3})
    assert s.decision().players == (2,)
    act(s, "structure", "tower_0_top")
    assert s.lead[0] == 0
    assert s.heroes["kerrick"].hp < max_hp(s, "kerrick")


def _interrupt_table():
    """Vladiator's Smash on Felix, with Ceralin (seat 1) and Felix (seat 3) each holding an
    Interrupt: the window is open."""
    return arena({"ceralin": {"space": "gold_mid", "down": "challenge"},
                  "felix": {"space": "gold_mid", "down": "riposte"},
                  "vladiator": {"space": "gold_mid", "down": "smash"}},
                 {"players": 4}, initiative="red", phase=Phase.ACTION,
                 play=["activate vladiator use", "target felix"])


def test_an_interrupt_is_offered_to_the_controller_of_the_interrupting_hero():
    """Interrupts in a team game: each player reveals Interrupts of their own Heroes only;
    the window opens for the team's lead seat first."""
    s = _interrupt_table()
    pending = s.pending
    assert pending.type == Ask.INTERRUPT and s.decision().players == (0,)
    assert pending.options == ["ceralin"]


def test_when_one_teammate_declines_the_other_may_still_interrupt():
    """Interrupts in a team game: a teammate's 'no' does not speak for the other player,
    whose own Hero may still interrupt."""
    s = _interrupt_table()
    act(s, "no_interrupt")
    assert s.decision().players == (2,) and s.pending.options == ["felix"]
    act(s, "interrupt", "felix")
    assert s.heroes["felix"].up == "riposte"
    assert s.heroes["ceralin"].down == "challenge"


def test_the_lone_player_of_a_three_player_game_takes_every_turn_of_their_team():
    """3-4 Player Rules: the one-player team plays as in the two-player game; its seat takes
    every turn of its team and has nobody to hand over to."""
    s = _to_movement(players=3)
    lone = {h for h, v in s.heroes.items() if v.seat == 1}
    for _ in range(4):
        while s.turn == 0:
            p = s.decision().players[0]
            act(s, "pass", next(iter(_heroes_offered(s, p))))
        if s.phase != Phase.MOVEMENT:
            break
        assert s.decision().players == (1,)
        assert _heroes_offered(s, 1) == lone - set(s.done)
        assert all(a.kind != Act.HAND_OVER for a in s.legal_actions(1))
        act(s, "pass", sorted(_heroes_offered(s, 1))[0])
    assert lone <= set(s.done)


def test_a_save_from_before_the_turn_rotation_loads():
    """Saves: a version-1 state without the teammates' rotation loads with the team's first
    seats leading."""
    s = deployed(players=4)
    data = s.to_json()
    del data["lead"], data["handed"]
    loaded = GAME.state_from_json(data)
    assert loaded.lead == [0, 1] and loaded.handed is False
    assert loaded.decision() == s.decision()
