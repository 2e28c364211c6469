"""The base agents: random play, determinism under a seed, forced moves and noise."""

from collections import Counter

import pytest

from ai.agents import RandomAgent
from ai.search.ismcts import ISMCTSAgent
from ai.search.mcts import SearchConfig
from rules.core import Action
from tests.ai.fixtures.goofspiel import GAME as GOOFSPIEL
from tests.ai.fixtures.tictactoe import GAME as TICTACTOE


def test_random_agent_is_uniform_over_legal_actions():
    state = TICTACTOE.new_state({"players": 2}, 0)
    agent = RandomAgent(3)
    counts = Counter(agent.choose(state.view(0), 0).args[0] for _ in range(9000))
    assert set(counts) == set(range(9))
    assert all(800 <= n <= 1200 for n in counts.values()), counts


def test_random_agent_repeats_itself_under_the_same_seed():
    state = TICTACTOE.new_state({"players": 2}, 0)
    a, b, c = RandomAgent(5), RandomAgent(5), RandomAgent(6)
    first = [a.choose(state, 0) for _ in range(20)]
    assert first == [b.choose(state, 0) for _ in range(20)]
    assert first != [c.choose(state, 0) for _ in range(20)]


def test_search_agent_repeats_itself_under_the_same_seed():
    state = GOOFSPIEL.new_state(GOOFSPIEL.default_setup(2), 0)
    state.apply(-1, Action("prize", (3,)))
    config = SearchConfig(iterations=80)
    picks = [ISMCTSAgent(11, config).choose(state.view(0), 0) for _ in range(3)]
    assert picks[0] == picks[1] == picks[2]


def test_agent_with_no_legal_action_says_so():
    state = TICTACTOE.new_state({"players": 2}, 0)
    with pytest.raises(ValueError, match="no legal action"):
        RandomAgent(1).choose(state, 1)
    with pytest.raises(ValueError, match="no legal action"):
        ISMCTSAgent(1).choose(state, 1)


def test_forced_move_is_played_without_search():
    """With one empty cell left the agent plays it even with a budget it could not use."""
    state = TICTACTOE.state_from_json(
        {"cells": [0, 1, 0, 0, 1, 1, 1, 0, None], "to_move": 0})
    assert ISMCTSAgent(1).choose(state, 0) == Action("mark", (8,))


def test_full_noise_plays_uniformly_at_random():
    state = TICTACTOE.new_state({"players": 2}, 0)
    agent = ISMCTSAgent(2, SearchConfig(iterations=1), epsilon=1.0)
    counts = Counter(agent.choose(state, 0).args[0] for _ in range(900))
    assert set(counts) == set(range(9))


def test_noise_must_be_a_probability():
    with pytest.raises(ValueError, match="epsilon"):
        ISMCTSAgent(1, epsilon=1.5)
