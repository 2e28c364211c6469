"""Depth-limited expectiminimax: chance averaged with its odds, simultaneous rounds solved
as matrix games."""

import random
from collections import Counter
from fractions import Fraction

import pytest

from ai.search.expectiminimax import Expectiminimax, ExpectiminimaxAgent, ExpectiminimaxConfig
from tests.ai.fixtures.dice_duel import GAME as DICE_DUEL
from tests.ai.fixtures.guess_or_pass import GAME as GUESS
from tests.ai.fixtures.tictactoe import GAME as TICTACTOE
from tests.ai.fixtures.tictactoe import StuckTicTacToeState
from tests.rules.core.dice_race import GAME as DICE_RACE


def test_expectiminimax_finds_the_best_die():
    """Dice Duel, by hand. Amber 0,0,4,4,5,5; birch 0,0,2,5,5,5; cobalt 1,1,1,1,6,6.
    Worth to the first seat (win 1, draw 1/2) against the die the second seat takes:
    cobalt vs amber: a 6 (1/3) always wins, a 1 (2/3) beats amber's 0 (1/3): 1/3 + 2/9 = 5/9;
    cobalt vs birch: the same, 5/9;
    amber vs birch: 0 ties birch's 0 (1/3 * 1/3 * 1/2 = 1/18), 4 beats 0 and 2
    (1/3 * 1/2 = 1/6), 5 beats 0 and 2 and ties 5 (1/3 * (1/2 + 1/4) = 1/4): 17/36;
    amber vs cobalt: 1 - 5/9 = 4/9, so amber is held to 4/9;
    birch vs amber: 19/36, birch vs cobalt: 4/9, so birch is held to 4/9.
    Best: cobalt (the lowest average face), worth 5/9, i.e. 2 * 5/9 - 1 = 1/9 on the
    search's [-1, 1] scale, the others -1/9."""
    agent = ExpectiminimaxAgent(1, ExpectiminimaxConfig(max_depth=4))
    state = DICE_DUEL.new_state({}, 0)
    assert agent.choose(state, 0).args == ("cobalt",)
    values = {a.args[0]: v for a, v in agent.last_values.items()}
    assert values["cobalt"] == pytest.approx(float(Fraction(1, 9)))
    assert values["amber"] == pytest.approx(float(Fraction(-1, 9)))
    assert values["birch"] == pytest.approx(float(Fraction(-1, 9)))


def test_expectiminimax_second_seat_answers_with_the_beating_die():
    """After the first seat takes amber, cobalt is worth 5/9 to the second seat and birch
    19/36 (the sums above), so it takes cobalt."""
    state = DICE_DUEL.new_state({}, 0)
    state.apply(0, next(a for a in state.legal_actions(0) if a.args == ("amber",)))
    agent = ExpectiminimaxAgent(1, ExpectiminimaxConfig(max_depth=3))
    assert agent.choose(state, 1).args == ("cobalt",)


def test_cut_off_below_the_rolls_uses_the_evaluation():
    """At depth 2 the rolls are beyond the horizon: every choice evaluates to 0 (no
    evaluation given), so the tie goes to the first listed die."""
    agent = ExpectiminimaxAgent(1, ExpectiminimaxConfig(max_depth=2))
    state = DICE_DUEL.new_state({}, 0)
    agent.choose(state, 0)
    assert set(agent.last_values.values()) == {0.0}


def test_simultaneous_root_mixes_by_the_equilibrium():
    """Guess or Pass solved exactly: guess heads or tails half the time each, never pass."""
    state = GUESS.new_state({}, 0)
    picks = Counter(
        ExpectiminimaxAgent(s, ExpectiminimaxConfig(max_depth=3)).choose(state.view(0), 0).kind
        for s in range(40)
    )
    assert picks["pass"] == 0 and picks["heads"] >= 10 and picks["tails"] >= 10


def test_expectiminimax_plays_tictactoe_perfectly_from_a_trap():
    """X threatens two lines (cells 2 and 6); O to move loses whatever it does, while X
    to move wins at once. Full-depth search sees both."""
    state = TICTACTOE.state_from_json(
        {"cells": [0, 0, None, 0, 1, None, None, None, 1], "to_move": 1})
    agent = ExpectiminimaxAgent(1, ExpectiminimaxConfig(max_depth=9))
    agent.choose(state, 1)
    assert max(agent.last_values.values()) == -1.0


def test_time_cap_keeps_the_deepest_finished_answer():
    state = TICTACTOE.new_state({"players": 2}, 0)
    agent = ExpectiminimaxAgent(1, ExpectiminimaxConfig(max_depth=9, time_cap=0.02))
    assert agent.choose(state, 0) in state.legal_actions(0)
    assert 1 <= agent.last_depth <= 9
    guess = GUESS.new_state({}, 0)
    agent = ExpectiminimaxAgent(1, ExpectiminimaxConfig(max_depth=3, time_cap=0.02))
    assert agent.choose(guess.view(0), 0) in guess.legal_actions(0)
    assert 1 <= agent.last_depth <= 3
    assert sum(agent.last_values.values()) == pytest.approx(1.0)


def test_listed_chance_keeps_its_odds():
    """Dice Duel's cobalt die lists faces 1 (4 in 6) and 6 (2 in 6)."""
    state = DICE_DUEL.new_state({}, 0)
    for seat, die in ((0, "cobalt"), (1, "amber")):
        state.apply(seat, next(a for a in state.legal_actions(seat) if a.args == (die,)))
    engine = Expectiminimax(0, ExpectiminimaxConfig(), random.Random(1))
    odds = {a.args[0]: p for a, p in engine.chance_outcomes(state)}
    assert odds == pytest.approx({1: 4 / 6, 6: 2 / 6})


def test_seeded_shuffle_is_sampled_with_equal_weights():
    """Dice Race's deal is one seeded outcome, not a list: expectiminimax averages a fixed
    number of sampled deals instead."""
    state = DICE_RACE.new_state(DICE_RACE.default_setup(2), 0)
    engine = Expectiminimax(0, ExpectiminimaxConfig(chance_samples=5), random.Random(1))
    outcomes = engine.chance_outcomes(state)
    assert len(outcomes) == 5 and all(p == pytest.approx(0.2) for _, p in outcomes)
    assert len({a.args for a, _ in outcomes}) == 5


def test_seat_without_legal_actions_is_scored_where_it_stands():
    """Defensive: a broken position (nothing legal for the seat to act) gets its static
    value instead of an infinite one."""
    state = StuckTicTacToeState()
    agent = ExpectiminimaxAgent(1, ExpectiminimaxConfig(max_depth=4))
    assert agent.choose(state, 0) in state.legal_actions(0)
    assert set(agent.last_values.values()) == {0.0}
