"""ai.levels: building agents per game and level, and the game hooks."""

import sys
import types

import pytest

from ai.agents import RandomAgent
from ai.levels import (
    BLIND_ROLLOUT_DEPTH,
    DEFAULT_LEVELS,
    LEVEL_NAMES,
    game_module,
    level_settings,
    make_agent,
)
from ai.search.expectiminimax import ExpectiminimaxAgent
from ai.search.ismcts import ISMCTSAgent
from ai.search.mcts import MCTSAgent
from rules.core import Match
from rules.registry import available_games, get_game
from tests.ai.fixtures.goofspiel import GAME as GOOFSPIEL
from tests.ai.fixtures.kuhn import GAME as KUHN
from tests.ai.fixtures.tictactoe import GAME as TICTACTOE

FAKE = "fixturegame"


@pytest.fixture
def hooks(monkeypatch):
    """Install a stand-in ``ai.fixturegame`` tuning module for one test."""
    module = types.ModuleType(f"ai.{FAKE}")
    monkeypatch.setitem(sys.modules, f"ai.{FAKE}", module)
    return module


def test_level_names_are_the_five_levels():
    assert LEVEL_NAMES == ("random", "easy", "normal", "hard", "expert")
    assert set(DEFAULT_LEVELS) == set(LEVEL_NAMES)


def test_unknown_level_lists_the_levels():
    with pytest.raises(ValueError,
                       match="unknown AI level 'master'.*random, easy, normal, hard, expert"):
        make_agent("tictactoe", "master", 1)


@pytest.mark.parametrize("level", LEVEL_NAMES)
def test_every_level_plays_legal_moves_in_a_game_without_hooks(level):
    state = KUHN.new_state({"players": 2}, 0)
    state.apply(-1, state.legal_actions(-1)[0])
    agent = make_agent("kuhn", level, 3)
    assert agent.choose(state.view(0), 0) in state.legal_actions(0)


def test_generic_levels_are_information_set_search():
    assert isinstance(make_agent("tictactoe", "random", 1), RandomAgent)
    for level in ("easy", "normal", "hard"):
        agent = make_agent("tictactoe", level, 1)
        assert isinstance(agent, ISMCTSAgent)
    assert make_agent("tictactoe", "easy", 1).epsilon > 0.0
    budgets = [make_agent("tictactoe", lv, 1).config.iterations for lv in LEVEL_NAMES[1:]]
    assert budgets == sorted(budgets) and len(set(budgets)) == 4


def test_without_evaluation_playouts_run_long(hooks):
    """No evaluate: a cut-off playout would score 1/2 and teach nothing."""
    assert level_settings(FAKE, "normal")["rollout_depth"] == BLIND_ROLLOUT_DEPTH
    hooks.evaluate = lambda state, player: 0.0
    assert level_settings(FAKE, "normal")["rollout_depth"] == DEFAULT_LEVELS["normal"][
        "rollout_depth"]


def test_levels_overrides_apply_per_level(hooks):
    hooks.LEVELS = {"hard": {"algorithm": "mcts", "iterations": 77, "noise": 0.1,
                             "simultaneous": "rm"}}
    agent = make_agent(FAKE, "hard", 2)
    assert isinstance(agent, MCTSAgent)
    assert agent.config.iterations == 77 and agent.epsilon == 0.1
    assert agent.config.simultaneous == "rm"
    assert make_agent(FAKE, "normal", 2).config.iterations == DEFAULT_LEVELS["normal"][
        "iterations"]


def test_expectiminimax_can_be_chosen(hooks):
    hooks.LEVELS = {"normal": {"algorithm": "expectiminimax", "max_depth": 3,
                               "determinizations": 2}}
    agent = make_agent(FAKE, "normal", 2)
    assert isinstance(agent, ExpectiminimaxAgent)
    assert agent.config.max_depth == 3 and agent.config.determinizations == 2


def test_evaluate_hook_reaches_the_search(hooks):
    def evaluate(state, player):
        return 0.25

    hooks.evaluate = evaluate
    assert make_agent(FAKE, "normal", 1).config.evaluate is evaluate


def test_rollout_policy_hook_reaches_the_search(hooks):
    def first(state, seat, legal, rng):
        return legal[0]

    hooks.rollout_action = first
    assert make_agent(FAKE, "hard", 1).config.rollout_policy is first
    assert make_agent("tictactoe", "hard", 1).config.rollout_policy is None


def test_custom_make_agent_overrides_and_may_decline(hooks):
    hooks.make_agent = lambda level, seed: RandomAgent(seed) if level == "hard" else None
    assert isinstance(make_agent(FAKE, "hard", 5), RandomAgent)
    assert isinstance(make_agent(FAKE, "normal", 5), ISMCTSAgent)


def test_bad_overrides_are_named(hooks):
    hooks.LEVELS = {"easy": {"iteratons": 5}}
    with pytest.raises(ValueError, match=r"ai.fixturegame.LEVELS\['easy'\].*iteratons"):
        make_agent(FAKE, "easy", 1)
    hooks.LEVELS = {"easy": {"algorithm": "alphazero"}}
    with pytest.raises(ValueError, match="unknown algorithm 'alphazero'"):
        make_agent(FAKE, "easy", 1)
    hooks.LEVELS = {"easy": {"simultaneous": "guess"}}
    with pytest.raises(ValueError, match="simultaneous must be one of duct, rm"):
        make_agent(FAKE, "easy", 1)


def test_framework_modules_are_not_game_hooks():
    assert game_module("search") is None and game_module("arena") is None
    assert game_module("no-such game") is None
    assert game_module("tictactoe") is None


def test_tictactoe_normal_level_never_loses_to_itself_at_random_level():
    """A smoke match through Match.play with agents from make_agent."""
    for seed in range(2):
        match = Match(TICTACTOE, {"players": 2}, seed)
        agents = {seed % 2: make_agent("tictactoe", "normal", seed),
                  1 - seed % 2: make_agent("tictactoe", "random", seed)}
        outcome = match.play(agents)
        assert outcome is not None and outcome.scores[seed % 2] > 0.0


@pytest.mark.parametrize("game_id", available_games())
def test_easy_level_decides_in_every_playable_game(game_id):
    """Each registered game: the easy agent (with the game's hooks) answers legally."""
    game = get_game(game_id)
    match = Match(game, game.default_setup(game.min_players), 1)
    match.advance_chance()
    seat = match.state.decision().players[0]
    agent = make_agent(game_id, "easy", 1)
    assert match.state.is_legal(seat, agent.choose(match.state.view(seat), seat))


@pytest.mark.parametrize("level", ["random", "easy", "normal"])
def test_same_seed_replays_the_same_match(level, monkeypatch):
    """Two Goofspiel matches between agents of the same seeds make the same moves. The time
    caps are dropped (ARENA_AI_FIXED_BUDGET), as for any measurement: on a loaded machine a
    capped search may stop early and pick another move, which says nothing about seeds."""
    monkeypatch.setenv("ARENA_AI_FIXED_BUDGET", "1")
    setup = {"players": 2, "cards": "4"}
    records = []
    for _ in range(2):
        match = Match(GOOFSPIEL, setup, 5)
        match.play({0: make_agent("goofspiel", level, 1), 1: make_agent("goofspiel", "random", 2)})
        records.append(match.record.to_json()["steps"])
    assert records[0] == records[1]
