"""``analyse(view, player)``: the AI's own view of a decision (issue #19's hint).

Every search family answers from the search ``choose`` runs: the analysis's choice is the
move ``choose`` plays from the same seed, its values are the search's own (exact ones on
the fixtures), and every shipped scenario with a seat to decide gets an analysis."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from ai.agents import RandomAgent
from ai.analysis import Analysis, Analyst, Option, best_first, win_chance
from ai.levels import make_agent, make_analyst
from ai.search.expectiminimax import ExpectiminimaxAgent, ExpectiminimaxConfig
from ai.search.ismcts import ISMCTSAgent
from ai.search.lookahead import LookaheadAgent, LookaheadConfig
from ai.search.mcts import MCTSAgent, SearchConfig
from rules.battlecon.kinds import Phase
from rules.core import CHANCE, Action, Scenario
from rules.core.state import DecisionKind, GameState
from rules.registry import get_game
from tests.ai.fixtures.dice_duel import GAME as DICE_DUEL
from tests.ai.fixtures.guess_or_pass import GAME as GUESS
from tests.ai.fixtures.guess_or_pass import HEADS, PASS, TAILS
from tests.ai.fixtures.tictactoe import GAME as TICTACTOE
from tests.rules.battlecon.teams import team_game

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = sorted(ROOT.glob("rules/*/data/scenarios/*.toml"))
X, NOUGHT, _ = 0, 1, None


@pytest.fixture(autouse=True)
def _fixed_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """No time caps: the same seed makes the same search whatever the machine's load."""
    monkeypatch.setenv("ARENA_AI_FIXED_BUDGET", "1")


def _board(cells: list[int | None], to_move: int) -> GameState:
    return TICTACTOE.state_from_json({"cells": cells, "to_move": to_move})


def check_shape(analysis: Analysis, legal: list[Action]) -> None:
    """What every analysis promises: a legal choice among its options, options best first
    (by share, then value), shares summing to 1, every value a win chance."""
    assert isinstance(analysis, Analysis)
    assert analysis.choice in legal
    assert analysis.option(analysis.choice) is not None
    assert all(o.action in legal for o in analysis.options)
    assert len({o.action for o in analysis.options}) == len(analysis.options)
    assert list(analysis.options) == list(best_first(analysis.options))
    assert sum(o.share for o in analysis.options) == pytest.approx(1.0)
    values = [analysis.value] + [o.value for o in analysis.options]
    assert all(v is None or 0.0 <= v <= 1.0 for v in values)
    chosen = analysis.option(analysis.choice)
    assert chosen is not None
    if not analysis.mixed:  # what it plays is what it likes best
        assert chosen.share == analysis.options[0].share


# ---- the shipped scenarios, every game's own agent ------------------------------------------
def _scenario(path: Path) -> tuple[str, GameState, int | None]:
    scenario = Scenario.read(path)
    state = get_game(scenario.game).build_scenario(scenario)
    seats = [p for p in state.decision().players if p != CHANCE]
    return scenario.game, state, (seats[0] if seats else None)


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.parent.parent.name}-"
                                                          f"{p.stem}")
def test_every_scenario_gets_the_agents_real_choice(path: Path) -> None:
    game_id, state, seat = _scenario(path)
    if seat is None:  # chance moves next (the launcher says so): nothing to advise
        assert state.decision().is_chance
        return
    view = state.view(seat)
    analysis = make_analyst(game_id, "normal", 7).analyse(view, seat)
    check_shape(analysis, state.legal_actions(seat))
    assert analysis.value is not None  # every game's normal level has an estimate
    assert analysis.choice == make_agent(game_id, "normal", 7).choose(view, seat)
    if game_id == "battlecon" and state.decision().kind is DecisionKind.SIMULTANEOUS:
        assert analysis.mixed  # the set: the AI's mixed strategy over its pairs
        assert len(analysis.options) > 1


def test_every_scenario_with_a_choice_is_covered() -> None:
    """Each game ships scenarios, and all but a chance step have a seat to advise."""
    games = {p.parent.parent.parent.name for p in SCENARIOS}
    assert games == {"battlecon", "biternia", "chaostle", "terrene"}
    deciding = [p for p in SCENARIOS if _scenario(p)[2] is not None]
    assert len(deciding) >= len(SCENARIOS) - 1


def test_battlecon_team_set_is_the_team_agents_mixed_strategy() -> None:
    """A 2v2 game's first Set: the team agent's matrix game against the Opponent."""
    state = team_game(("wardlaw", "hayden", "amon", "lucida"), "2v2")
    assert state.phase == Phase.SET
    seat = state.decision().players[0]
    analysis = make_analyst("battlecon", "normal", 3).analyse(state.view(seat), seat)
    check_shape(analysis, state.legal_actions(seat))
    assert analysis.mixed and "Opponent" in analysis.note
    assert analysis.choice == make_agent("battlecon", "normal", 3).choose(state.view(seat), seat)


# ---- each search family, on fixtures with known values --------------------------------------
def test_mcts_finds_the_winning_move_worth_a_win() -> None:
    state = _board([X, X, _, NOUGHT, NOUGHT, _, _, _, _], X)
    analysis = MCTSAgent(1, SearchConfig(iterations=200)).analyse(state, X)
    check_shape(analysis, state.legal_actions(X))
    assert analysis.choice == Action("mark", (2,))
    assert analysis.after() == pytest.approx(1.0)
    assert analysis.options[0].action == Action("mark", (2,))
    assert analysis.options[0].share > 0.5  # the visits went to the win
    assert analysis.value is not None and 0.5 < analysis.value < 1.0  # the root mean
    assert not analysis.mixed and "visit" in analysis.note


@pytest.mark.parametrize("agent_class", [MCTSAgent, ISMCTSAgent])
def test_tree_search_analysis_is_the_choice_from_the_same_seed(agent_class: type) -> None:
    state = TICTACTOE.new_state({"players": 2}, 0)
    for seed in range(3):
        config = SearchConfig(iterations=120)
        analysis = agent_class(seed, config).analyse(state, 0)
        check_shape(analysis, state.legal_actions(0))
        assert analysis.choice == agent_class(seed, config).choose(state, 0)


def test_expectiminimax_values_are_the_exact_win_chances() -> None:
    """Dice Duel (test_expectiminimax): cobalt is worth 5/9 to the first seat, the other
    dice 4/9; the position is worth its best die."""
    state = DICE_DUEL.new_state({}, 0)
    analysis = ExpectiminimaxAgent(1, ExpectiminimaxConfig(max_depth=4)).analyse(state, 0)
    check_shape(analysis, state.legal_actions(0))
    values = {o.action.args[0]: o.value for o in analysis.options}
    assert values["cobalt"] == pytest.approx(float(Fraction(5, 9)))
    assert values["amber"] == pytest.approx(float(Fraction(4, 9)))
    assert analysis.choice.args == ("cobalt",)
    assert analysis.value == pytest.approx(float(Fraction(5, 9)))
    assert analysis.options[0].share == 1.0


def test_expectiminimax_tictactoe_win_is_worth_one() -> None:
    state = _board([X, X, _, NOUGHT, NOUGHT, _, _, _, _], X)
    analysis = ExpectiminimaxAgent(1, ExpectiminimaxConfig(max_depth=3)).analyse(state, X)
    assert analysis.choice == Action("mark", (2,))
    assert analysis.value == pytest.approx(1.0)
    blocked = analysis.option(Action("mark", (5,)))  # not the win: O blocks, then threatens
    assert blocked is not None and blocked.value is not None and blocked.value < 1.0


def test_expectiminimax_simultaneous_root_is_the_solved_mix() -> None:
    """Guess or Pass: the equilibrium guesses heads and tails half the time each and never
    passes; the round is worth 1/2 (matching pennies), passing 1/3 (the die)."""
    state = GUESS.new_state({}, 0)
    analysis = ExpectiminimaxAgent(3, ExpectiminimaxConfig(max_depth=3)).analyse(
        state.view(0), 0)
    check_shape(analysis, state.legal_actions(0))
    assert analysis.mixed
    shares = {o.action: o.share for o in analysis.options}
    values = {o.action: o.value for o in analysis.options}
    assert shares[HEADS] == pytest.approx(0.5) and shares[TAILS] == pytest.approx(0.5)
    assert shares[PASS] == pytest.approx(0.0)
    assert analysis.value == pytest.approx(0.5)
    assert values[HEADS] == pytest.approx(0.5) and values[PASS] == pytest.approx(1 / 3)
    again = ExpectiminimaxAgent(3, ExpectiminimaxConfig(max_depth=3))
    assert analysis.choice == again.choose(state.view(0), 0)


@pytest.mark.parametrize("mode", ["duct", "rm"])
def test_tree_search_simultaneous_root_is_mixed(mode: str) -> None:
    state = GUESS.new_state({}, 0)
    config = SearchConfig(iterations=400, simultaneous=mode)
    analysis = ISMCTSAgent(5, config).analyse(state.view(0), 0)
    check_shape(analysis, state.legal_actions(0))
    assert analysis.mixed
    assert analysis.choice in (HEADS, TAILS)
    assert analysis.choice == ISMCTSAgent(5, config).choose(state.view(0), 0)
    passing = analysis.option(PASS)
    assert passing is not None and passing.value is not None and passing.value < 0.45


def test_lookahead_values_each_action_by_its_settled_result() -> None:
    state = _board([X, X, _, NOUGHT, NOUGHT, _, _, _, _], X)
    config = LookaheadConfig(samples=2)
    analysis = LookaheadAgent(4, config).analyse(state, X)
    check_shape(analysis, state.legal_actions(X))
    assert analysis.choice == Action("mark", (2,)) and analysis.value == 1.0
    # no evaluation: an unfinished board is even, 1/2
    assert {o.value for o in analysis.alternatives(9)} == {0.5}
    assert analysis.choice == LookaheadAgent(4, config).choose(state, X)


def test_a_forced_move_is_one_option_with_the_positions_estimate() -> None:
    state = _board([X, NOUGHT, X, X, NOUGHT, NOUGHT, NOUGHT, X, _], X)
    plain = MCTSAgent(1, SearchConfig(iterations=10)).analyse(state, X)
    assert plain.options == (Option(Action("mark", (8,)), None, 1.0),)
    assert plain.choice == Action("mark", (8,)) and plain.value is None  # no evaluation
    judged = MCTSAgent(1, SearchConfig(iterations=10, evaluate=lambda s, p: 0.5))
    assert judged.analyse(state, X).value == pytest.approx(win_chance(0.5))


def test_random_agent_spreads_its_shares_evenly() -> None:
    state = TICTACTOE.new_state({"players": 2}, 0)
    analysis = RandomAgent(2).analyse(state, 0)
    check_shape(analysis, state.legal_actions(0))
    assert [o.share for o in analysis.options] == pytest.approx([1 / 9] * 9)
    assert analysis.choice == RandomAgent(2).choose(state, 0)


@pytest.mark.parametrize("game_id", ["battlecon", "biternia", "chaostle", "terrene"])
@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard"])
def test_every_level_of_every_game_can_analyse(game_id: str, level: str) -> None:
    assert isinstance(make_analyst(game_id, level, 1), Analyst)


def test_win_chance_maps_the_value_scale() -> None:
    assert (win_chance(-1.0), win_chance(0.0), win_chance(1.0)) == (0.0, 0.5, 1.0)
    assert win_chance(3.0) == 1.0 and win_chance(-3.0) == 0.0
