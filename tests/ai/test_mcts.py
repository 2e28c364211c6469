"""UCT MCTS on perfect-information fixtures: tic-tac-toe and a dice game."""

import random
from collections import Counter

import pytest

from ai.search.common import FIXED_BUDGET_ENVS, Budget, rollout
from ai.search.mcts import UNLISTED, MCTSAgent, SearchConfig, TreeSearch
from rules.core import Action
from tests.ai.fixtures.dice_duel import GAME as DICE_DUEL
from tests.ai.fixtures.kingmaker import GAME as KINGMAKER
from tests.ai.fixtures.tictactoe import GAME as TICTACTOE
from tests.ai.fixtures.tictactoe import StuckTicTacToeState
from tests.ai.helpers import scores_against_random
from tests.rules.core.dice_race import GAME as DICE_RACE

X, NOUGHT, _ = 0, 1, None


def _board(cells, to_move):
    return TICTACTOE.state_from_json({"cells": cells, "to_move": to_move})


def test_mcts_never_loses_tictactoe_to_random():
    """Twenty seeded games, ten in each seat: no loss."""
    scores = scores_against_random(
        TICTACTOE, lambda i: MCTSAgent(i, SearchConfig(iterations=300)), 20)
    assert 0.0 not in scores
    assert sum(scores) / len(scores) > 0.8


def test_mcts_takes_an_immediate_win():
    state = _board([X, X, _, NOUGHT, NOUGHT, _, _, _, _], X)
    assert MCTSAgent(1, SearchConfig(iterations=200)).choose(state, X) == Action("mark", (2,))


def test_mcts_blocks_the_opponents_line():
    state = _board([X, X, _, _, NOUGHT, _, _, _, _], NOUGHT)
    assert MCTSAgent(1, SearchConfig(iterations=300)).choose(state, NOUGHT) == Action("mark", (2,))


def test_mcts_averages_chance_with_its_odds():
    """Dice Duel (see test_expectiminimax): taking the cobalt die is worth 5/9, the others
    4/9 once the second seat answers; MCTS, sampling the faces with their odds, finds it."""
    state = DICE_DUEL.new_state({}, 0)
    picks = Counter(
        MCTSAgent(seed, SearchConfig(iterations=1500)).choose(state, 0).args[0]
        for seed in range(5)
    )
    assert picks.most_common(1)[0][0] == "cobalt" and picks["cobalt"] >= 4


def test_budget_rejects_nonsense():
    with pytest.raises(ValueError, match="at least 1 iteration"):
        Budget(0)
    with pytest.raises(ValueError, match="positive"):
        Budget(10, 0.0)


def test_fixed_budget_environment_ignores_the_time_cap(monkeypatch):
    """Measurements set ARENA_AI_FIXED_BUDGET: a capped budget then runs every iteration,
    so a loaded machine cannot weaken the level being measured."""
    for name in FIXED_BUDGET_ENVS:
        monkeypatch.delenv(name, raising=False)
    assert len(list(Budget(100, 1e-9).ticks())) < 100
    monkeypatch.setenv("ARENA_AI_FIXED_BUDGET", "1")
    assert len(list(Budget(100, 1e-9).ticks())) == 100


def test_time_cap_still_gives_a_legal_move():
    """A tiny wall-clock cap stops the search early; the agent still answers legally."""
    state = TICTACTOE.new_state({"players": 2}, 0)
    agent = MCTSAgent(1, SearchConfig(iterations=10**6, time_cap=0.01))
    assert agent.choose(state, 0) in state.legal_actions(0)


def test_mcts_backs_up_each_seats_own_reward_max_n():
    """Kingmaker, three seats: after "a" seat 2 prefers "y" (1/2 beats 0), leaving seat 1
    nothing; after "b" seat 3 prefers "x" (1/2), giving seat 1 a half. Max-n therefore says
    "b" (worth 1/2 against 0). Treating the others as random would prefer "a" (1/2 against
    1/4), and treating them as hostile would see a tie."""
    state = KINGMAKER.new_state({"players": 3}, 0)
    picks = Counter(
        MCTSAgent(seed, SearchConfig(iterations=400)).choose(state, 0).kind
        for seed in range(5)
    )
    assert picks["b"] == 5, picks


def test_seeded_shuffle_does_not_branch_the_tree():
    """Dice Race deals with one seeded shuffle outcome; every sample carries a different
    seed, so the tree keeps them under one child instead of a child per seed, while the
    listed die rolls below do branch."""
    state = DICE_RACE.new_state(DICE_RACE.default_setup(2), 0)
    root = TreeSearch(SearchConfig(iterations=60), random.Random(2)).run(state.clone)
    assert list(root.children) == [UNLISTED]
    assert root.listed is False


def test_search_scores_a_seat_without_legal_actions_instead_of_crashing():
    """Defensive: a position where the seat to act has nothing legal is scored as it
    stands (here 1/2 each), so a broken game cannot crash the opponent's search."""
    state = StuckTicTacToeState()
    agent = MCTSAgent(1, SearchConfig(iterations=100))
    assert agent.choose(state, 0) in state.legal_actions(0)


def test_playout_follows_the_games_policy():
    """Lowest-free-cell play from the empty board: X takes 0, 2, 4, 6 and O takes 1, 3, 5;
    X completes the 2-4-6 diagonal, so the playout ends (1, 0)."""

    def lowest_cell(state, seat, legal, rng):
        return min(legal, key=lambda a: a.args[0])

    state = TICTACTOE.new_state({"players": 2}, 0)
    assert rollout(state, random.Random(1), 50, None, lowest_cell) == [1.0, 0.0]
    assert state.cells[:7] == [X, NOUGHT, X, NOUGHT, X, NOUGHT, X]


def test_playout_cut_off_without_evaluation_is_even():
    state = TICTACTOE.new_state({"players": 2}, 0)
    assert rollout(state, random.Random(1), 2, None) == [0.5, 0.5]
    assert sum(c is not None for c in state.cells) == 2


def test_leaf_evaluation_replaces_playouts_at_depth_zero():
    """With rollout_depth 0 each new leaf is scored by the game's evaluate: three
    iterations expand the three dice once each, and the evaluation's favourite wins."""
    calls = []

    def likes_birch(state, player):
        calls.append(player)
        mine = state.picks[0] == "birch"
        return 1.0 if mine == (player == 0) else -1.0

    state = DICE_DUEL.new_state({}, 0)
    agent = MCTSAgent(1, SearchConfig(iterations=3, rollout_depth=0, evaluate=likes_birch))
    assert agent.choose(state, 0).args == ("birch",)
    assert calls.count(0) == 3 and calls.count(1) == 3


def test_a_games_candidates_prune_the_root_the_tree_and_the_playouts():
    """The ``candidates`` hook: the search considers only the game's chosen actions — at the
    root, at every node and in the random playouts — while the rules' list stays whole."""
    corners_first = (0, 2, 6, 8, 4)
    asked: list[int] = []

    def candidates(state, seat):
        legal = state.legal_actions(seat)
        kept = [a for a in legal if a.args[0] in corners_first]
        asked.append(len(kept))
        return kept or legal

    played = []
    for seed in range(4):
        agent = MCTSAgent(seed, SearchConfig(iterations=60, candidates=candidates))
        state = TICTACTOE.new_state({}, 0)
        assert len(agent.root_options(state, 0)) == 5 and len(state.legal_actions(0)) == 9
        played.append(agent.choose(state.view(0), 0).args[0])
    assert set(played) <= set(corners_first) and len(asked) > 4 * 60

    state = _board([X, None, None, None, NOUGHT, None, None, None, None], X)
    offered: list[set[int]] = []

    def policy(s, seat, legal, rng):
        offered.append({a.args[0] for a in legal})
        return rng.choice(legal)

    rollout(state.clone(), random.Random(3), 9, None, policy, candidates)
    assert offered and offered[0] == {2, 6, 8}
    assert all(cells <= set(corners_first) for cells in offered if cells & {2, 6, 8})
