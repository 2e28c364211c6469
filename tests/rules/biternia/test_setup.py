"""Setup rules: initiative, the draft, hero mats, starting powers, decks and deployment."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from rules.biternia import GAME
from rules.biternia.content import load
from rules.biternia.kinds import Act, Phase
from rules.biternia.traits import max_hp
from rules.core import CHANCE, Action, IllegalAction

from .conftest import BLUE, RED, act, deployed, opening


def _draft_seats(players: int, initiative: int) -> list[int]:
    s = opening(players, heroes="draft", initiative=initiative)
    seats = []
    while s.phase == Phase.DRAFT:
        p = s.decision().players[0]
        seats.append(p)
        s.apply(p, s.legal_actions(p)[0])
    return seats


def test_initiative_is_a_chance_decision_with_two_outcomes():
    """Draft Your Heroes, step 1: who goes first is chosen at random."""
    s = GAME.new_state({"players": 2}, 1)
    assert s.decision().is_chance
    outcomes = s.chance_outcomes()
    assert sorted(a.args for a, _ in outcomes) == [(0,), (1,)]
    assert all(p == 0.5 for _, p in outcomes)


def test_draft_order_is_one_two_two_two_one_from_the_initiative_player():
    """Draft Your Heroes: worked order 1-2-2-2-1, the initiative player first and last."""
    assert _draft_seats(2, initiative=1) == [1, 0, 0, 1, 1, 0, 0, 1]
    assert _draft_seats(2, initiative=0) == [0, 1, 1, 0, 0, 1, 1, 0]


def test_team_draft_gives_each_teammate_two_heroes():
    """3-4 Player Rules: each player of a two-player team controls two Heroes."""
    s = opening(4, heroes="draft")
    while s.phase == Phase.DRAFT:
        p = s.decision().players[0]
        s.apply(p, s.legal_actions(p)[0])
    assert Counter(v.seat for v in s.heroes.values()) == {0: 2, 1: 2, 2: 2, 3: 2}


def test_drafted_hero_leaves_the_pool():
    """Draft Your Heroes: each Hero can be drafted once."""
    s = opening(heroes="draft")
    act(s, "draft", "sterling")
    assert ("draft", ("sterling",)) not in [(a.kind, a.args) for a in s.legal_actions(1)]
    with pytest.raises(IllegalAction):
        s.apply(1, Action(Act.DRAFT, ("sterling",)))


def test_hero_starts_at_level_one_with_base_hp_plus_level():
    """Prepare the Hero Mats: level 1, maximum HP = base HP + level."""
    s = deployed()
    for hero, v in s.heroes.items():
        assert v.level == 1
        assert v.hp == max_hp(s, hero) == load().heroes[hero].hp + 1


def test_starting_power_is_secret_and_never_the_ultimate():
    """Learn Your Starting Powers: one power per Hero, chosen in secret; no Z before level 4."""
    s = opening(heroes="draft")
    while s.phase == Phase.DRAFT:
        p = s.decision().players[0]
        s.apply(p, s.legal_actions(p)[0])
    assert s.phase == Phase.LEARN
    assert s.decision().kind.value == "simultaneous"
    offered = {a.args[1] for p in (0, 1) for a in s.legal_actions(p)}
    assert offered and not any(load().cards[c].ultimate for c in offered)
    p = s.decision().players[0]
    first = s.legal_actions(p)[0]
    s.apply(p, first)
    other = 1 - p
    assert first.args[1] not in s.view(other).seats[p].hand
    assert first.args[1] in s.view(p).seats[p].hand


def test_two_player_deck_is_twelve_basics_and_hand_is_eight():
    """Learn Your Starting Powers: 12 basics (Parry 4, Strike 4, Dash 2, Defend 2), shuffled
    once, draw 4 beside the 4 starting powers."""
    s = deployed()
    for seat in (0, 1):
        data = s.seats[seat]
        cards = data.deck + data.hand
        designs = Counter(c.rstrip("0123456789") for c in cards if c not in load().cards
                          or load().cards[c].is_basic)
        assert designs == {"parry": 4, "strike": 4, "dash": 2, "defend": 2}
        assert len(data.hand) == 8 and len(data.deck) == 8
    assert s.shuffles == 2


def test_team_players_get_six_card_decks_and_hand_of_four():
    """3-4 Player Rules, Initial Setup: 6 basics each (Strike 2, Parry 2, Dash, Defend),
    two Heroes, draw 2 for a hand of 4."""
    s = deployed(players=4)
    for seat in range(4):
        data = s.seats[seat]
        designs = Counter(c.rstrip("0123456789") for c in data.deck + data.hand)
        powers = [h.learned[0] for h in s.heroes.values() if h.seat == seat]
        assert designs - Counter(powers) == {"strike": 2, "parry": 2, "dash": 1, "defend": 1}
        assert len(data.hand) == 4


def test_three_player_lone_player_follows_standard_setup():
    """3-4 Player Rules: in a three-player game the lone player uses the two-player setup."""
    s = deployed(players=3)
    assert len(s.seats[1].hand) == 8 and len(s.seats[1].deck) == 8
    assert len(s.seats[0].hand) == 4 and len(s.seats[2].hand) == 4
    assert sum(1 for v in s.heroes.values() if v.seat == 1) == 4


def test_first_game_preset_uses_the_printed_teams_and_powers():
    """Appendix, Your First Game: Archer/Fighter/Cleric/Duelist against
    Wizard/Barbarian/Paladin/Hunter with Snap Shot, Charge, Cure, Lunge / Pulse, Smash,
    Guardian, Bolas."""
    s = deployed()
    assert tuple(h for h in s.hero_order if s.heroes[h].seat == 0) == BLUE
    assert tuple(h for h in s.hero_order if s.heroes[h].seat == 1) == RED
    learned = [s.heroes[h].learned for h in BLUE + RED]
    assert learned == [["snap_shot"], ["charge"], ["cure"], ["lunge"], ["pulse"], ["smash"],
                       ["guardian"], ["bolas"]]


def test_shuffle_is_one_chance_outcome_carrying_a_seed():
    """Chance is explicit: each deck is shuffled by one seeded chance outcome."""
    a, b = opening(), opening()
    a.apply(CHANCE, Action(Act.SHUFFLE, (5,)))
    b.apply(CHANCE, Action(Act.SHUFFLE, (5,)))
    assert a.state_hash() == b.state_hash()
    c = opening()
    c.apply(CHANCE, Action(Act.SHUFFLE, (6,)))
    assert c.seats[0].deck != a.seats[0].deck


def test_deployment_alternates_on_own_towers_at_most_two_per_space():
    """Deploy Your Heroes: alternate from the initiative player, own Tower spaces only, at
    most two Heroes per space."""
    s = opening()
    for p in (0, 1):
        s.apply(CHANCE, Action(Act.SHUFFLE, (p,)))
    assert s.phase == Phase.DEPLOY and s.decision().players == (0,)
    assert {a.args[1] for a in s.legal_actions(0)} == {"tower_0_top", "tower_0_mid",
                                                        "tower_0_bot"}
    act(s, "deploy", "sterling", "tower_0_top")
    assert s.decision().players == (1,)
    act(s, "deploy", "kerrick", "tower_1_top")
    act(s, "deploy", "ceralin", "tower_0_top")
    act(s, "deploy", "vladiator", "tower_1_mid")
    assert all(a.args[1] != "tower_0_top" for a in s.legal_actions(0))


def test_random_teams_deal_eight_heroes_split_as_the_draft_would():
    """Setup option of ours (not the rulebook's): random teams deal eight distinct Heroes by
    chance, in the draft's 1-2-2-2-1 order, then every seat picks its starting powers."""
    for players in (2, 4):
        s = GAME.new_state({"players": players, "heroes": "random"}, 5)
        s.apply(CHANCE, Action(Act.INITIATIVE, (1,)))
        assert s.decision().is_chance and s.phase == Phase.DEAL
        s.apply(CHANCE, s.sample_chance(random.Random(9)))
        assert s.phase == Phase.LEARN and len(s.heroes) == 8
        per_seat = Counter(v.seat for v in s.heroes.values())
        assert set(per_seat.values()) == {8 // players}
        assert set(s.decision().players) == set(range(players))
        assert not s.invariant_violations()
