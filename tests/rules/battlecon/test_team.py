"""Team play: the rulebook's Multiplayer section (and the Super / Ultra / Revenge reference
cards named in its components list), one test per rule."""

from __future__ import annotations

import json
import random

import pytest

from rules.battlecon import GAME, team
from rules.battlecon.content import load
from rules.battlecon.frames import PickFoe
from rules.battlecon.kinds import Act, Phase
from rules.core import CHANCE, Action, IllegalAction
from tests.rules.battlecon.teams import play_beat, set_pairs, team_game, texts

W4 = ("wardlaw", "wardlaw", "wardlaw", "wardlaw")
# Teams alternate around the table: in 2v2 seats 0 and 2 against 1 and 3; a lone Super or
# Ultra fighter is seat 1. Names with a seat number read "Wardlaw (seat + 1)".


# ---- setup ------------------------------------------------------------------------------
def test_three_players_are_two_against_a_super_fighter():
    """Team Setup / 2-vs-1: Super Fighters — the lone seat takes the Super reference card."""
    st = team_game(("wardlaw", "hayden", "amon"))
    assert st.teams == [0, 1, 0] and st.width == 9
    assert [st.player(p).role for p in range(3)] == [None, "super", None]
    assert st.player(1).life == st.max_life(1) == load().team["roles"]["super"]["life"]


def test_four_players_choose_two_against_two_or_three_against_an_ultra():
    """Team Setup / 3-vs-1: Ultra Fighters — 2v2 has no reference card, 3v1 an Ultra."""
    two = team_game(W4, "2v2")
    assert two.teams == [0, 1, 0, 1]
    assert all(two.player(p).role is None and two.player(p).life == 20 for p in range(4))
    three = team_game(W4, "3v1")
    assert three.teams == [0, 1, 0, 0]
    assert three.player(1).role == "ultra"
    assert three.player(1).life == load().team["roles"]["ultra"]["life"]


def test_force_pool_starts_with_twenty_more_per_extra_character():
    """Team Setup — 65 Force in 2v1, 85 in 2v2 and 3v1; each fighter takes 2 to start."""
    for fighters, layout, pool in ((W4[:3], None, 65), (W4, "2v2", 85), (W4, "3v1", 85)):
        st = team_game(fighters, layout)
        assert st.pool_start == pool
        assert st.pool + sum(st.team_force) == pool
        assert st.team_force == [2 * len(st.members(0)), 2 * len(st.members(1))]


def test_setup_options_read_as_words_with_per_seat_defaults():
    """Team Setup — players select fighters as usual; the team layout is a setup option."""
    opts = {o.key: o for o in GAME.setup_options(4)}
    assert opts["teams"].choices == ("2v2", "3v1")
    assert "Ultra" in opts["teams"].label_of("3v1")
    defaults = [opts["fighter"].default_for(p) for p in range(4)]
    assert len(set(defaults)) == 4
    assert "teams" not in {o.key for o in GAME.setup_options(2)}
    assert {o.key for o in GAME.setup_options(3)} >= {"fighter", "teams"}


def test_active_team_places_first_on_its_start_space_and_behind():
    """Team Setup — one fighter on the team's starting space, teammates behind it in the
    order they choose; the team that begins Active places first."""
    st = GAME.new_state(GAME.validate_setup({"players": 4, "teams": "2v2"}), 1)
    st.apply(CHANCE, Action(Act.FIRST, (1,)))
    assert st.phase == Phase.PLACE and st.decision().players == (1,)
    assert [a.args for a in st.legal_actions(1)] == [(1, 3), (3, 1)]
    st.apply(1, Action(Act.PLACE, (3, 1)))
    assert (st.pos(3), st.pos(1)) == (5, 6)  # spaces 6 and 7: start space, then behind
    assert st.decision().players == (0,)
    st.apply(0, Action(Act.PLACE, (2, 0)))
    assert (st.pos(2), st.pos(0)) == (3, 2)  # spaces 4 and 3
    assert st.phase == Phase.SETUP


def test_a_lone_fighter_stands_on_the_start_space_without_a_choice():
    """Team Setup — a team of one has only one way to stand."""
    st = GAME.new_state(GAME.validate_setup({"players": 3}), 1)
    st.apply(CHANCE, Action(Act.FIRST, (1,)))
    assert st.decision().players == (0,)  # the lone Active fighter is already placed
    assert st.pos(1) == 5


# ---- team movement ------------------------------------------------------------------------
def test_team_movement_hops_over_allies_and_enemies():
    """Team Movement — standups of either team are skipped, so one move can pass several."""
    st = team_game(W4, "2v2", spaces=(3, 5, 4, 8))
    # seat 0 on 3 advances 2 toward seat 1: spaces 4 (ally) and 5 (enemy) are hopped
    assert team.team_move_dest(st, 0, "advance", 2, direction=1) == (0, 6)  # space 7


def test_advance_may_go_either_way_toward_an_opponent():
    """Multiplayer Rules Summary: Team Movement — advance goes either way if it moves toward
    an opponent; with enemies on both sides, both directions are offered."""
    st = team_game(W4, "2v2", spaces=(5, 3, 1, 8))
    assert team.move_directions(st, 0, "advance") == [-1, 1]
    st2 = team_game(W4, "2v2", spaces=(3, 5, 1, 8))
    assert team.move_directions(st2, 0, "advance") == [1]


def test_retreat_may_go_either_way_away_from_an_opponent():
    """Multiplayer Rules Summary: Team Movement — retreat goes either way if it moves
    further from an opponent."""
    st = team_game(W4, "2v2", spaces=(5, 3, 1, 8))
    assert team.move_directions(st, 0, "retreat") == [-1, 1]
    st2 = team_game(W4, "2v2", spaces=(3, 5, 1, 8))
    assert team.move_directions(st2, 0, "retreat") == [-1]


def test_close_stops_before_the_opponent_counting_only_free_spaces():
    """Team Movement — standups between are hopped, so Close (advance without passing the
    Opponent) can move only as far as the free spaces between."""
    st = team_game(W4, "2v2", spaces=(1, 5, 2, 9))
    assert st.foe(0) == 1 and team.free_between(st, 0) == 2  # spaces 3 and 4; 2 is the ally's
    st.perform_move(0, "advance", team.free_between(st, 0), "test")
    assert st.pos(0) == 3 and not st.invariant_violations()


def test_drive_offers_an_advance_toward_each_side_with_an_opponent():
    """Team Movement — Drive's Before: Advance 1 or 2 offers both ways between two enemies."""
    st = team_game(W4, "2v2", spaces=(5, 3, 1, 8))
    set_pairs(st, {0: ("switch", "drive"), 1: ("switch", "dodge"), 2: ("switch", "dodge"),
                   3: ("switch", "dodge")})
    while st.phase == Phase.ANTE:
        st.apply(st.decision().players[0], Action(Act.PASS))
    while st.decision().players != (0,) or st.legal_actions(0)[0].kind != Act.MOVE:
        p = st.decision().players[0]
        st.apply(p, st.legal_actions(p)[0])
    labels = [a.label for a in st.legal_actions(0)]
    assert any("to space 6" in x for x in labels) and any("to space 4" in x for x in labels)
    assert any("to space 2" in x for x in labels)  # 2 left: space 3 (enemy) hopped


# ---- targeting --------------------------------------------------------------------------
def test_attack_hits_the_nearest_opponent_in_range():
    """Targeting Attacks — the attack hits the nearest enemy within its range."""
    st = team_game(W4, "2v2", spaces=(4, 6, 3, 7))
    events = play_beat(st, {0: ("switch", "shot"), 1: ("switch", "strike"),
                            2: ("switch", "strike"), 3: ("switch", "strike")})
    assert "Switch Shot hits Wardlaw (2)!" in texts(events)
    assert st.player(3).life == 20


def test_attack_takes_a_further_opponent_when_the_nearer_is_out_of_range():
    """Targeting Attacks — you must hit an opponent in range if you can: the nearest one
    within range, not merely the nearest."""
    st = team_game(W4, "2v2", spaces=(4, 5, 1, 7))
    targets = team.attack_targets(st, 0, (3, 3), [st.pos(0)])
    assert targets == [3]


def test_attacker_chooses_between_opponents_on_both_sides():
    """Who is "The Opponent"? — enemies on both sides: the attacker chooses which one."""
    st = team_game(W4, "2v2", spaces=(5, 4, 1, 7))
    picked = []

    def choose(state, p, options):
        if options[0].kind == Act.TARGET:
            picked.append([a.args[0] for a in options])
            return next(a for a in options if a.args == (3,))
        return options[0]

    events = play_beat(st, {0: ("switch", "shot"), 1: ("switch", "burst"),
                            2: ("switch", "burst"), 3: ("switch", "burst")}, choose=choose)
    assert picked == [[1, 3]]  # seat 1 retreated to 3 (distance 2), seat 3 to 8 (3)
    assert "Switch Shot hits Wardlaw (4)!" in texts(events)


def test_hit_triggers_target_the_fighter_hit():
    """Who is "The Opponent"? — during Hit and Damage triggers the Opponent is the one just
    hit, and for the one hit it is the attacker."""
    st = team_game(W4, "2v2", spaces=(5, 4, 1, 6))
    seen = []

    def choose(state, p, options):
        if options[0].kind == Act.MOVE and p == 0:
            seen.append((state.foe(0), state.foe(1), {a.args[3] for a in options}))
        return options[0]

    # seat 3 on space 6 is as near to seat 0 as seat 1 on 4; Grasp (range 1) picks seat 1
    play_beat(st, {0: ("switch", "grasp"), 1: ("switch", "shot"), 2: ("switch", "shot"),
                   3: ("switch", "shot")},
              choose=lambda s, p, o: next((a for a in o if a.args == (1,)), choose(s, p, o)))
    assert seen and seen[0] == (1, 0, {1})


def test_an_effect_on_the_opponent_lets_its_owner_choose_between_the_nearest_on_each_side():
    """Who is "The Opponent"? — with an enemy nearest on each side the fighter chooses which
    one an effect on "the Opponent" uses (here Clothesline's Start: Close 2)."""
    st = team_game(W4, "2v2", active=0, spaces=(5, 2, 1, 8))
    offered = []

    def choose(state, p, options):
        if options[0].kind == Act.OPPONENT:
            offered.append((p, [a.args[0] for a in options]))
            return next(a for a in options if a.args == (3,))
        return options[0]

    events = play_beat(st, {0: ("switch", "clothesline"), 1: ("switch", "strike"),
                            2: ("switch", "burst"), 3: ("switch", "strike")}, choose=choose)
    assert offered == [(0, [1, 3])]
    closes = [e for e in events if e.kind == "move" and e.data["seat"] == 0]
    assert closes[0].data["to"] == 6  # two spaces toward seat 3 on space 8, not seat 1


def test_a_static_bonus_holds_when_either_nearest_enemy_fits_its_condition():
    """Who is "The Opponent"? — with an enemy nearest on each side the fighter chooses which
    one is the Opponent, so Wardlaw's Beatdown (+1 Power against a foe at an edge) counts
    while the farther of the two stands at the board's edge."""
    st = team_game(W4, "2v2", active=0, spaces=(5, 4, 2, 9))
    assert st.opponents(0) == [1, 3] and st.foe(0) == 1
    assert team.fitting_opponents(st, 0, ["opponent_at_edge"]) == [3]
    assert st.total_bonus(0)["power"] == 1
    st = team_game(W4, "2v2", active=0, spaces=(5, 4, 2, 7))  # neither enemy at an edge
    assert team.fitting_opponents(st, 0, ["opponent_at_edge"]) == []
    assert st.total_bonus(0)["power"] == 0


def test_the_opponent_locked_by_an_attack_is_the_only_one_a_condition_reads():
    """Hit and Damage effects read the fighter just hit: once the Opponent is locked the
    condition is checked for that fighter alone, as in a duel."""
    st = team_game(W4, "2v2", active=0, spaces=(5, 4, 2, 9))
    st.lock_foe(0, 1)
    assert team.fitting_opponents(st, 0, ["opponent_at_edge"]) == []
    assert st.total_bonus(0)["power"] == 0
    st.lock_foe(0, 3)
    assert st.total_bonus(0)["power"] == 1


def test_the_owner_may_only_name_an_opponent_that_fits_the_effect():
    """Who is "The Opponent"? — an effect on the Opponent whose condition fits only one of
    the two nearest enemies offers only that one."""
    st = team_game(W4, "2v2", active=0, spaces=(5, 4, 2, 9))
    frame = PickFoe(who=0, when=["opponent_at_edge"])
    team.run_pick_foe(st, frame)
    assert frame.choice == [3]  # the only fitting enemy: named without a question
    both = PickFoe(who=0)
    team.run_pick_foe(st, both)
    assert st.question is not None
    assert [Action.from_json(a).args for a in st.question.options] == [(1,), (3,)]


def test_avoiding_fighters_cannot_be_targeted():
    """Targeting Attacks — a fighter who avoids attacks is not an opponent you can hit."""
    st = team_game(W4, "2v2", spaces=(4, 5, 1, 6))
    st.beat(1).avoid = True
    assert team.attack_targets(st, 0, (1, 2), [st.pos(0)]) == [3]


# ---- priority --------------------------------------------------------------------------
def test_priority_orders_every_fighter_and_the_fastest_team_becomes_active():
    """Team Reveal + Priority — Active status to the team of the single fastest fighter,
    then order by descending priority."""
    st = team_game(W4, "2v2", active=0, spaces=(1, 8, 2, 9))
    play_beat(st, {0: ("switch", "burst"), 2: ("switch", "strike"), 1: ("switch", "grasp"),
                   3: ("switch", "shot")})
    assert st.active == 1
    assert st.team_of(st.active) == 1


def test_no_clash_in_team_play_the_active_team_wins_ties():
    """Team Reveal + Priority — no Clashes; a tie with no tiebreaker goes to the team holding
    the Active status."""
    st = team_game(W4, "2v2", active=1, spaces=(1, 8, 2, 9))
    events = play_beat(st, {0: ("switch", "strike"), 2: ("switch", "burst"),
                            1: ("switch", "strike"), 3: ("switch", "burst")})
    assert not any("Clash" in t for t in texts(events))
    assert st.phase == Phase.SET and st.team_of(st.active) == 1


def test_a_tiebreaker_beats_the_active_team_in_a_tie():
    """Other Effects: Tiebreaker — the fighter with the tiebreaker wins the tie."""
    st = team_game(W4, "2v2", active=1, spaces=(1, 8, 2, 9))
    set_pairs(st, {0: ("switch", "strike"), 2: ("switch", "burst"), 1: ("switch", "strike"),
                   3: ("switch", "burst")})
    # tied: the Active team's fighter first
    assert team.priority_key(st, 0, 1) < team.priority_key(st, 1, 1)
    st.beat(0).tiebreaker = True
    assert team.priority_key(st, 0, 1) > team.priority_key(st, 1, 1)


def test_tied_teammates_choose_their_order():
    """Team Reveal + Priority — teammates tied on priority decide who acts first."""
    st = team_game(W4, "2v2", active=0, spaces=(1, 8, 2, 9))
    asked = []

    def choose(state, p, options):
        if options[0].kind == Act.ORDER:
            asked.append((p, [a.args[0] for a in options]))
            return next((a for a in options if a.args == (2,)), options[0])
        return options[0]

    play_beat(st, {0: ("switch", "strike"), 2: ("switch", "strike"), 1: ("switch", "burst"),
                   3: ("switch", "burst")}, choose=choose)
    assert asked == [(0, [0, 2]), (1, [1, 3])]
    assert st.active == 2


# ---- ante ---------------------------------------------------------------------------------
def test_ante_passes_between_teams_and_ends_when_each_team_passes_in_succession():
    """Team Ante — any one member of the team on turn antes, then the other team; the Ante
    ends when each team has passed in succession."""
    st = team_game(W4, "2v2", active=0, spaces=(1, 8, 2, 9),
                   teams=[{"force": 6}, {"force": 2}])  # 8 in all, as at the start
    set_pairs(st, {p: ("switch", "strike") for p in range(4)})
    seq = []
    script = {0: ["pass", "pass"], 2: ["power_up", "pass"], 1: ["pass"], 3: ["pass"]}
    while st.phase == Phase.ANTE:
        p = st.decision().players[0]
        move = script[p].pop(0)
        seq.append((p, move))
        st.apply(p, Action(Act.PASS) if move == "pass" else Action(Act.OVERLOAD, (move,)))
    assert seq[:3] == [(0, "pass"), (2, "power_up"), (1, "pass")]
    assert seq[3:] == [(3, "pass"), (0, "pass"), (2, "pass")]
    assert st.team_force[0] == 4


def test_each_member_may_use_each_overload_from_the_shared_force():
    """Team Ante / Team Force — each member may use each Overload; all pay from the team."""
    st = team_game(W4, "2v2", active=0, spaces=(1, 8, 2, 9),
                   teams=[{"force": 6}, {"force": 2}])  # 8 in all, as at the start
    set_pairs(st, {p: ("switch", "strike") for p in range(4)})
    power_up = Action(Act.OVERLOAD, ("power_up",))
    st.apply(0, power_up)
    st.apply(1, Action(Act.PASS))
    st.apply(3, Action(Act.PASS))
    assert power_up not in st.legal_actions(0)  # once per beat for that fighter
    st.apply(0, Action(Act.PASS))
    assert power_up in st.legal_actions(2)  # but the teammate has their own
    st.apply(2, power_up)
    assert st.team_force[0] == 2
    st.apply(1, Action(Act.PASS))
    st.apply(3, Action(Act.PASS))
    assert Action(Act.OVERLOAD, ("speed_up",)) in st.legal_actions(0)
    st.apply(0, Action(Act.OVERLOAD, ("speed_up",)))
    assert st.team_force[0] == 0
    st.apply(1, Action(Act.PASS))
    st.apply(3, Action(Act.PASS))
    st.apply(0, Action(Act.PASS))
    assert [a.kind for a in st.legal_actions(2)] == ["pass"]  # the shared Force is spent
    with pytest.raises(IllegalAction):
        st.apply(2, Action(Act.OVERLOAD, ("defense_up",)))
    assert not st.invariant_violations()


def test_opponent_antes_are_used_once_per_team_per_beat():
    """Who is "The Opponent"? — an [Opponent] ante serves every enemy who sees its owner as
    the Opponent, but the enemy team uses it once per beat."""
    st = team_game(("wardlaw", "dareios", "wardlaw", "wardlaw"), "2v2", active=0,
                   spaces=(4, 5, 1, 9), teams=[{"force": 6}, {"force": 2}])
    set_pairs(st, {p: ("switch", "strike") for p in range(4)})
    spill = Action(Act.UA_ANTE, ("foe", 0, 1))
    assert spill in st.legal_actions(0)
    st.apply(0, spill)
    assert st.team_force[0] == 5
    st.apply(1, Action(Act.PASS))
    st.apply(3, Action(Act.PASS))
    assert spill not in st.legal_actions(0)
    st.apply(0, Action(Act.PASS))
    st.player(2).pos = 5  # seat 2 on space 6 also has Dareios as its nearest enemy
    assert spill not in st.legal_actions(2)


# ---- Force ------------------------------------------------------------------------------
def test_each_member_takes_force_for_the_team_at_recycle():
    """Team Force — each member takes 1 Force (2 at 7 life or less) into the team's total."""
    st = team_game(W4, "2v2", spaces=(1, 8, 2, 9), seats={2: {"life": 7}})
    before = list(st.team_force)
    play_beat(st, {p: ("switch", "strike") for p in range(4)})
    # Switch's End regains 1 Force per fighter, Recycle gives 1 (+1 at low life) each
    assert st.team_force[0] == before[0] + 2 + 3
    assert st.team_force[1] == before[1] + 2 + 2


def test_team_force_is_capped_at_twenty():
    """Team Force — a team's total cannot exceed 20; the excess is trashed."""
    st = team_game(W4, "2v2", spaces=(1, 8, 2, 9), teams=[{"force": 19}])
    trashed = st.trashed
    st.gain_force(0, 3)
    assert st.team_force[0] == 20 and st.trashed == trashed + 2
    assert not st.invariant_violations()


def test_defeated_members_add_two_force_each_beat():
    """Team Force — a defeated team member still generates 2 extra Force each beat."""
    st = team_game(W4, "2v2", spaces=(1, 8, 2, 9))
    team.eliminate(st, 2)
    assert team.team_recycle_gain(st, 0) == 1 + 2
    assert team.team_recycle_gain(st, 1) == 1 and team.team_recycle_gain(st, 3) == 1


# ---- damage, stun and defeat ------------------------------------------------------------
def test_guard_counts_the_total_damage_of_the_beat():
    """Targeting Attacks — hit twice, a fighter is stunned once the beat's summed damage
    exceeds its Guard, even if no single hit does."""
    st = team_game(W4, "2v2", spaces=(2, 4, 6, 9))
    # seat 1's Strike (Guard 5) misses; seats 0 and 2 both Shoot it for 3 each
    events = play_beat(st, {0: ("switch", "shot"), 2: ("switch", "shot"),
                            1: ("switch", "strike"), 3: ("switch", "burst")})
    said = texts(events)
    hits = [i for i, t in enumerate(said) if t == "Wardlaw (2) takes 3 damage."]
    stuns = [i for i, t in enumerate(said) if t.startswith("Wardlaw (2) is stunned")]
    assert len(hits) == 2 and len(stuns) == 1 and hits[0] < hits[1] < stuns[0]


def test_defeated_fighter_leaves_with_all_components():
    """Defeat in Multiplayer — the standup, markers, statuses and all cards leave play."""
    st = team_game(("wardlaw", "burgundy", "wardlaw", "wardlaw"), "2v2", spaces=(1, 8, 2, 9),
                   seats={1: {"paint": [4, 5]}})
    team.eliminate(st, 1)
    pl = st.player(1)
    assert pl.out and pl.pos is None and pl.ua == {}
    assert pl.hand == pl.discard1 == pl.discard2 == []
    assert 1 not in st.seats() and not st.invariant_violations()


def test_survivors_share_cumulative_revenge_cards():
    """Defeat in Multiplayer — surviving teammates take a Revenge card; in 3v1 two copies
    add up."""
    st = team_game(W4, "3v1", spaces=(1, 9, 2, 3))
    set_pairs(st, {3: ("switch", "strike"), 1: ("switch", "strike")})
    base = st.stats(3).power
    bonus = sum(s["amount"] for s in load().team["revenge"]["statics"] if s["stat"] == "power")
    team.eliminate(st, 0)
    assert st.player(3).revenge == 1 and st.stats(3).power == base + bonus
    team.eliminate(st, 2)
    assert st.player(3).revenge == 2 and st.stats(3).power == base + 2 * bonus
    assert st.player(1).revenge == 0


def test_the_last_team_standing_wins():
    """Defeat in Multiplayer — the game ends when one team has no fighter left."""
    st = team_game(W4, "2v2", spaces=(3, 4, 1, 9), seats={1: {"life": 1}})
    team.eliminate(st, 3)
    play_beat(st, {0: ("switch", "strike"), 2: ("switch", "burst"), 1: ("switch", "shot")})
    out = st.outcome()
    assert out is not None and out.scores == (1.0, 0.0, 1.0, 0.0)


def test_a_defeated_fighter_does_not_attack_later_in_the_beat():
    """Defeat in Multiplayer — everything of the fighter leaves play at once, its pair too."""
    st = team_game(W4, "2v2", spaces=(3, 4, 1, 9), seats={1: {"life": 1}})
    events = play_beat(st, {0: ("switch", "strike"), 2: ("switch", "burst"),
                            1: ("switch", "shot"), 3: ("switch", "burst")})
    assert st.is_out(1) and "Wardlaw (2) is defeated" in " ".join(texts(events))
    assert not any(t.startswith("Switch Shot hits") for t in texts(events))


# ---- Super / Ultra / time over --------------------------------------------------------------
def test_super_fighter_card_adds_power_and_guard_to_every_attack():
    """Super/Ultra Reference — the lone fighter's card adds to every attack (reconstructed)."""
    st = team_game(("wardlaw", "wardlaw", "wardlaw"), spaces=(3, 7, 4))
    set_pairs(st, {p: ("switch", "strike") for p in range(3)})
    card = load().team["roles"]["super"]
    extra = {s["stat"]: s["amount"] for s in card["statics"]}
    assert st.stats(1).power == st.stats(0).power + extra["power"]
    assert st.stats(1).guard == st.stats(0).guard + extra["guard"]
    assert team.team_recycle_gain(st, 1) == 1 + card["force_per_beat"]


def test_time_over_compares_the_share_of_life_left():
    """Team Setup / Time over (our reading): the team keeping the larger share of its
    starting life wins; equal shares go to the Reactive team."""
    even = team_game(("wardlaw", "wardlaw", "wardlaw"), spaces=(1, 9, 2))
    # 20 of the Super's 45 against 30 of 40
    st = team_game(("wardlaw", "wardlaw", "wardlaw"), spaces=(1, 9, 2),
                   seats={1: {"life": 20}, 0: {"life": 10}})
    team.team_time_over(st)
    assert st.outcome().scores == (1.0, 0.0, 1.0)
    assert even.team_of(even.active) == 0
    team.team_time_over(even)  # all at full life: the Reactive team wins
    assert even.outcome().scores == (0.0, 1.0, 0.0)


# ---- the contract in team games -----------------------------------------------------------
@pytest.mark.parametrize("players", [3, 4])
def test_random_team_playouts_keep_the_invariants(players: int):
    """Multiplayer — seeded random games: standups apart, life 0..maximum, team Force
    0..20, Force conserved, every card in exactly one zone, after every decision; views,
    determinized worlds and JSON round trips stay consistent."""
    for g in range(12):
        rng = random.Random(100 * players + g)
        st = GAME.new_state(GAME.random_setup(rng, players), g)
        steps = 0
        while not st.decision().is_terminal:
            d = st.decision()
            p = CHANCE if d.is_chance else rng.choice(d.players)
            st.apply(p, rng.choice(st.legal_actions(p)))
            assert not st.invariant_violations(), st.invariant_violations()
            steps += 1
            if steps % 7 == 0:
                data = json.loads(json.dumps(st.to_json()))
                assert GAME.state_from_json(data).state_hash() == st.state_hash()
                assert st.clone().state_hash() == st.state_hash()
                seat = rng.randrange(players)
                world = st.view(seat).determinize(seat, rng)
                assert world.decision().kind == st.decision().kind
                assert not world.invariant_violations()
        assert st.outcome() is not None
