"""Zero-sum matrix games: the exact solver and regret matching."""

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ai.search.matrix import (
    expected_payoff,
    fill_by_columns,
    regret_matching,
    solve_zero_sum,
)

PENNIES = [[1.0, -1.0], [-1.0, 1.0]]
RPS = [[0.0, -1.0, 1.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]]


def _close(strategy, expected, tol=0.05):
    return all(abs(a - b) <= tol for a, b in zip(strategy, expected, strict=True))


def test_matching_pennies_solves_to_even_mix():
    """Matching pennies has the unique equilibrium (1/2, 1/2) for both and value 0."""
    row, col, value = solve_zero_sum(PENNIES)
    assert _close(row, [0.5, 0.5], 1e-9) and _close(col, [0.5, 0.5], 1e-9)
    assert value == pytest.approx(0.0, abs=1e-9)


def test_rock_paper_scissors_solves_to_thirds():
    row, col, value = solve_zero_sum(RPS)
    assert _close(row, [1 / 3] * 3, 1e-9) and _close(col, [1 / 3] * 3, 1e-9)
    assert value == pytest.approx(0.0, abs=1e-9)


def test_biased_rock_paper_scissors_has_known_equilibrium():
    """Rock beating scissors pays 2. By hand: the row mix (r, p, s) = (1/4, 5/12, 1/3) earns
    p - s = s - r = 2r - p = 1/12 against each column, so the value is 1/12; the column
    mix (1/3, 5/12, 1/4) holds every row to 1/12 the same way."""
    game = [[0.0, -1.0, 2.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]]
    row, col, value = solve_zero_sum(game)
    assert _close(row, [1 / 4, 5 / 12, 1 / 3], 1e-9)
    assert _close(col, [1 / 3, 5 / 12, 1 / 4], 1e-9)
    assert value == pytest.approx(1 / 12, abs=1e-9)


def test_saddle_point_gives_pure_strategies():
    row, col, value = solve_zero_sum([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
    assert row == pytest.approx([0.0, 1.0]) and col == pytest.approx([1.0, 0.0, 0.0])
    assert value == pytest.approx(4.0)


def test_solver_strategies_are_mutual_best_responses_on_random_games():
    """On seeded random matrices neither side can gain by deviating to any pure strategy."""
    rng = random.Random(7)
    for _ in range(150):
        rows, cols = rng.randint(1, 8), rng.randint(1, 8)
        game = [[rng.choice([rng.uniform(-5, 5), float(rng.randint(-2, 2))]) for _ in range(cols)]
                for _ in range(rows)]
        row, col, value = solve_zero_sum(game)
        assert sum(row) == pytest.approx(1.0) and min(row) >= 0.0
        assert sum(col) == pytest.approx(1.0) and min(col) >= 0.0
        best_row = max(expected_payoff(game, [float(i == k) for i in range(rows)], col)
                       for k in range(rows))
        best_col = min(expected_payoff(game, row, [float(j == k) for j in range(cols)])
                       for k in range(cols))
        assert best_row == pytest.approx(value, abs=1e-7)
        assert best_col == pytest.approx(value, abs=1e-7)


def test_solver_rejects_empty_and_ragged_matrices():
    with pytest.raises(ValueError, match="at least one row"):
        solve_zero_sum([])
    with pytest.raises(ValueError, match="same length"):
        solve_zero_sum([[1.0, 2.0], [3.0]])


@pytest.mark.parametrize("plus", [True, False])
def test_regret_matching_approaches_pennies_equilibrium(plus):
    row, col, value = regret_matching(PENNIES, iterations=2000, plus=plus)
    assert _close(row, [0.5, 0.5]) and _close(col, [0.5, 0.5])
    assert abs(value) < 0.05


@pytest.mark.parametrize("plus", [True, False])
def test_regret_matching_approaches_rps_equilibrium(plus):
    row, col, _ = regret_matching(RPS, iterations=2000, plus=plus)
    assert _close(row, [1 / 3] * 3) and _close(col, [1 / 3] * 3)


def test_regret_matching_approaches_biased_rps_equilibrium():
    game = [[0.0, -1.0, 2.0], [1.0, 0.0, -1.0], [-1.0, 1.0, 0.0]]
    row, col, value = regret_matching(game, iterations=3000)
    assert _close(row, [1 / 4, 5 / 12, 1 / 3]) and _close(col, [1 / 3, 5 / 12, 1 / 4])
    assert value == pytest.approx(1 / 12, abs=0.05)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.lists(st.integers(-1000, 1000), min_size=1, max_size=7), min_size=1,
                max_size=7).filter(lambda m: len({len(r) for r in m}) == 1))
def test_solver_equilibrium_property_on_integer_games(game):
    """Whatever the integer matrix (ties and dominated rows included), neither side gains
    by any pure deviation, and the value lies between the pure maximin and minimax."""
    row, col, value = solve_zero_sum(game)
    rows, cols = len(game), len(game[0])
    best_row = max(sum(col[j] * game[i][j] for j in range(cols)) for i in range(rows))
    best_col = min(sum(row[i] * game[i][j] for i in range(rows)) for j in range(cols))
    scale = 1e-7 * max(1, max(abs(x) for r in game for x in r))
    assert best_row == pytest.approx(value, abs=scale)
    assert best_col == pytest.approx(value, abs=scale)
    assert max(min(r) for r in game) - scale <= value <= min(
        max(game[i][j] for i in range(rows)) for j in range(cols)) + scale


BADLY_SCALED = [
    [[71729.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0],
     [71729.0, 8.813221852843303e-06, -942662.0, 0.0]],
    [[0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0, 0.0, -1.0],
     [0.0, 0.0, 1.0, 0.0, 0.0, 0.0], [2.0, 0.0, -30967.0, 0.0, 0.0, 0.0],
     [0.0, 241.0, 0.0, 0.0, 0.0, 0.0]],
    [[0.0, 0.0, 0.0, 0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0, 1.0, -14.0],
     [0.0, 0.0, 1.0, 0.0, 0.0, 0.0], [1.0, 0.0, -1.0, 0.0, -1.0, 0.0],
     [0.0, 237852.0, 0.0, -4135.0, 5.960464477539063e-08, 0.0]],
]


@pytest.mark.parametrize("game", BADLY_SCALED)
def test_solver_survives_badly_scaled_games(game):
    """Matrices (found by property testing) mixing huge and tiny payoffs, on which plain
    float simplex pivots went wrong (deviations gaining 0.06 to 1); each has value 0 (an
    all-zero row and column). The solver promises gains below 1e-9 of the spread."""
    row, col, value = solve_zero_sum(game)
    rows, cols = len(game), len(game[0])
    tol = 1e-9 * (max(max(r) for r in game) - min(min(r) for r in game))
    assert value == pytest.approx(0.0, abs=tol)
    assert max(sum(col[j] * game[i][j] for j in range(cols)) for i in range(rows)) <= tol
    assert min(sum(row[i] * game[i][j] for i in range(rows)) for j in range(cols)) >= -tol


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.data())
def test_solver_equilibrium_property_on_wide_float_games(rows, cols, data):
    cell = st.floats(-1e6, 1e6, allow_nan=False)
    game = [[data.draw(cell) for _ in range(cols)] for _ in range(rows)]
    row, col, value = solve_zero_sum(game)
    tol = 1e-6 * max(1.0, max(abs(x) for r in game for x in r))
    assert max(sum(col[j] * game[i][j] for j in range(cols)) for i in range(rows)) <= value + tol
    assert min(sum(row[i] * game[i][j] for i in range(rows)) for j in range(cols)) >= value - tol


class _Clock:
    """A fake ``time.perf_counter``: only the cells move it, each by its own cost."""

    def __init__(self, costs):
        self.now, self.costs, self.calls = 0.0, costs, []

    def __call__(self):
        return self.now

    def cell(self, i, j):
        self.calls.append((i, j))
        self.now += self.costs.get((i, j), 1.0)
        return 10.0 * i + j


def _filled(monkeypatch, rows, cols, deadline, costs=None):
    clock = _Clock(costs or {})
    monkeypatch.setattr(time, "perf_counter", clock)
    return fill_by_columns(rows, cols, clock.cell, deadline), clock.calls


def test_fill_by_columns_without_a_deadline_fills_everything_column_by_column(monkeypatch):
    payoff, calls = _filled(monkeypatch, 3, 2, None)
    assert payoff == [[0.0, 1.0], [10.0, 11.0], [20.0, 21.0]]
    assert calls == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]


def test_fill_by_columns_starts_no_column_that_cannot_end_by_the_deadline(monkeypatch):
    """Cells of 1 s, deadline 7.5 s: two columns of three end at 6 s, a third would end
    at 9 s, so it is never started."""
    payoff, calls = _filled(monkeypatch, 3, 4, 7.5)
    assert payoff == [[0.0, 1.0], [10.0, 11.0], [20.0, 21.0]] and len(calls) == 6


def test_fill_by_columns_leaves_out_a_column_cut_short(monkeypatch):
    """The second column's second cell takes 5 s: its third cell would end past the
    deadline, so the column is left out and the matrix is the first column whole."""
    payoff, calls = _filled(monkeypatch, 3, 4, 7.5, {(1, 1): 5.0})
    assert payoff == [[0.0], [10.0], [20.0]]
    assert calls == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1)]


def test_fill_by_columns_keeps_the_first_rows_when_the_first_column_is_cut(monkeypatch):
    """The first cell is always filled; then the first column stops at the deadline and
    the matrix keeps the rows filled so far (a whole, smaller game)."""
    payoff, calls = _filled(monkeypatch, 4, 3, 2.5)
    assert payoff == [[0.0], [10.0]] and calls == [(0, 0), (1, 0)]
    payoff, _ = _filled(monkeypatch, 4, 3, 0.0)
    assert payoff == [[0.0]]
