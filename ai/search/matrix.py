"""Zero-sum matrix games: an exact equilibrium by linear programming, and regret matching.

``payoff[i][j]`` is what the row player wins (and the column player loses) when row ``i``
meets column ``j``. Pure Python, no numpy: the matrices met in play are small.

The solver rescales the payoffs into [1, 2] (so the value is positive and the tolerances
are relative to the matrix's own spread), and solves the column player's program

    maximise  sum(y)   subject to   B y <= 1,  y >= 0

with the simplex method (Dantzig's rule, falling back to Bland's rule, which cannot cycle,
when pivots stop making progress). With ``t = sum(y)`` the game value is ``1 / t``
(rescaled back), the column strategy is ``y / t`` and the row strategy comes from the dual
solution. The answer is checked; where rounding spoilt it (badly scaled payoffs) the
solver falls back as ``solve_zero_sum`` says, down to exact fractions.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ai.search.common import fits

Matrix = Sequence[Sequence[float]]
Number = Any  # float, or Fraction in the exact pass


@dataclass(frozen=True, slots=True)
class _Arithmetic:
    """Tolerances of one simplex pass: floats with small tolerances, or exact fractions."""

    zero: float  # a reduced cost or a ratio difference below this counts as none
    pivot: float  # the smallest pivot element preferred by the ratio test
    exact: bool


_FLOAT = _Arithmetic(zero=1e-12, pivot=1e-9, exact=False)
_EXACT = _Arithmetic(zero=0.0, pivot=0.0, exact=True)

#: Pivots without progress after which a pass switches from Dantzig's rule (fast) to
#: Bland's rule (slow, but it cannot cycle), so it always terminates.
_STALL_LIMIT = 50

#: A float answer is kept when no pure deviation gains more than this share of the
#: matrix's spread; otherwise ``solve_zero_sum`` falls back (see there).
_CHECK = 1e-9


def _check(payoff: Matrix) -> tuple[int, int]:
    rows = len(payoff)
    cols = len(payoff[0]) if rows else 0
    if rows == 0 or cols == 0:
        raise ValueError("a matrix game needs at least one row and one column")
    if any(len(r) != cols for r in payoff):
        raise ValueError("every row of the payoff matrix must have the same length")
    return rows, cols


def _pivot(tab: list[list[Number]], row: int, col: int) -> None:
    pivot_row = tab[row]
    pivot = pivot_row[col]
    for k in range(len(pivot_row)):
        pivot_row[k] /= pivot
    nonzero = [(k, v) for k, v in enumerate(pivot_row) if v != 0]
    for r, other in enumerate(tab):
        if r == row:
            continue
        factor = other[col]
        if factor != 0:
            for k, v in nonzero:
                other[k] -= factor * v


def _entering(objective: list[Number], width: int, bland: bool, zero: float) -> int | None:
    """The entering column: the most negative reduced cost (Dantzig), or with ``bland``
    the lowest-numbered negative one (Bland's rule, which cannot cycle)."""
    best, best_cost = None, -zero
    for k in range(width):
        cost = objective[k]
        if cost < best_cost:
            if bland:
                return k
            best, best_cost = k, cost
    return best


def _leaving(
    tab: list[list[Number]], basis: list[int], col: int, bland: bool, arith: _Arithmetic
) -> int:
    """The ratio test. Ties go to the largest pivot element (numerically steadiest), or
    with ``bland`` to the lowest basic variable (Bland's rule). Pivot elements below
    ``arith.pivot`` are used only when there is no larger one."""
    for floor in (arith.pivot, arith.zero):
        best: int | None = None
        best_ratio: Number = 0
        for r in range(len(basis)):
            a = tab[r][col]
            if a <= floor:
                continue
            ratio = max(tab[r][-1], 0) / a  # rounding may leave -1e-17
            if best is None or ratio < best_ratio - arith.zero:
                best, best_ratio = r, ratio
            elif abs(ratio - best_ratio) <= arith.zero and (
                basis[r] < basis[best] if bland else a > tab[best][col]
            ):
                best, best_ratio = r, ratio
        if best is not None:
            return best
    raise ArithmeticError("the matrix-game program is unbounded")  # B > 0 rules this out


def _normalise(weights: list[Number]) -> list[float]:
    clipped = [max(0.0, float(w)) for w in weights]
    total = sum(clipped)
    if total <= 0.0:
        return [1.0 / len(clipped)] * len(clipped)
    return [w / total for w in clipped]


def _column_strategy(
    payoff: Matrix, rows: int, cols: int, arith: _Arithmetic
) -> tuple[list[float], list[float], float]:
    """By the simplex method: the column player's optimal mix, the row player's read from
    the dual solution (the objective row under the slack columns), and the game value."""
    one: Number = Fraction(1) if arith.exact else 1.0
    cells = [[Fraction(x) if arith.exact else float(x) for x in r] for r in payoff]
    low = min(min(r) for r in cells)
    spread = (max(max(r) for r in cells) - low) or one
    width = cols + rows  # y variables then slack variables
    tab = [
        [(cells[i][j] - low) / spread + one for j in range(cols)]
        + [one if k == i else 0 * one for k in range(rows)]
        + [one]
        for i in range(rows)
    ]
    tab.append([-one] * cols + [0 * one] * (rows + 1))  # the objective row
    basis = [cols + i for i in range(rows)]
    constraints = tab[:-1]
    stalled, bland = 0, False
    while (col := _entering(tab[-1], width, bland, arith.zero)) is not None:
        row = _leaving(constraints, basis, col, bland, arith)
        before = tab[-1][-1]
        _pivot(tab, row, col)
        basis[row] = col
        stalled = stalled + 1 if tab[-1][-1] <= before + arith.zero else 0
        bland = bland or stalled > _STALL_LIMIT
    y = [0 * one] * cols
    for r, var in enumerate(basis):
        if var < cols:
            y[var] = tab[r][-1]
    dual = tab[-1][cols:width]
    return _normalise(y), _normalise(dual), float((one / tab[-1][-1] - one) * spread + low)


def _deviation_gain(payoff: Matrix, row: list[float], col: list[float], value: float) -> float:
    """How much the better side could gain by a pure deviation from (row, col)."""
    rows, cols = len(row), len(col)
    best_row = max(sum(col[j] * payoff[i][j] for j in range(cols)) for i in range(rows))
    best_col = min(sum(row[i] * payoff[i][j] for i in range(rows)) for j in range(cols))
    return max(best_row - value, value - best_col)


def solve_zero_sum(payoff: Matrix) -> tuple[list[float], list[float], float]:
    """An exact mixed equilibrium: (row strategy, column strategy, value for the row player).

    One float simplex pass gives both mixes (the row player's from the dual solution). The
    answer is checked: if a pure deviation would gain more than a ``_CHECK`` share of the
    payoffs' spread, the row mix is recomputed from the primal solution of the negated
    transpose (more accurate on badly scaled matrices), and if that still fails, both
    are recomputed in exact rational arithmetic."""
    rows, cols = _check(payoff)
    low = min(min(r) for r in payoff)
    tolerance = _CHECK * ((max(max(r) for r in payoff) - low) or 1.0)
    column, row, value = _column_strategy(payoff, rows, cols, _FLOAT)
    if _deviation_gain(payoff, row, column, value) <= tolerance:
        return row, column, value
    transposed = [[-payoff[i][j] for i in range(rows)] for j in range(cols)]
    row, _, _ = _column_strategy(transposed, cols, rows, _FLOAT)
    if _deviation_gain(payoff, row, column, value) <= tolerance:
        return row, column, value
    column, _, value = _column_strategy(payoff, rows, cols, _EXACT)
    row, _, _ = _column_strategy(transposed, cols, rows, _EXACT)
    return row, column, value


def fill_by_columns(
    rows: int, cols: int, cell: Callable[[int, int], float], deadline: float | None
) -> list[list[float]]:
    """A payoff matrix of ``cell(i, j)`` filled column by column (row ``i``, column ``j``;
    a cell may be slow, e.g. a beat played out). With a ``deadline`` (``time.perf_counter``)
    a column is started only if all its cells are expected to end by it and a cell only if
    it is (``fits``, from the mean cell so far); the first cell is always filled. What
    stops the filling keeps a whole matrix: a column cut short is left out, and if the
    first column is cut short the matrix keeps the rows filled so far. So the answer has
    ``len(payoff)`` rows (the first ones) and ``len(payoff[0])`` columns (the first
    ones), at least one of each."""
    began = time.perf_counter()
    payoff: list[list[float]] = [[] for _ in range(rows)]
    done = 0
    for j in range(cols):
        if deadline is not None and j and not fits(began, done, deadline, rows):
            return payoff
        for i in range(rows):
            if deadline is not None and done and not fits(began, done, deadline):
                if j == 0:
                    return payoff[:i]
                for filled in payoff[:i]:
                    filled.pop()  # the column cut short is left out
                return payoff
            payoff[i].append(cell(i, j))
            done += 1
    return payoff


def expected_payoff(payoff: Matrix, row: Sequence[float], col: Sequence[float]) -> float:
    """The row player's expected payoff when both sides mix as given."""
    return sum(
        row[i] * sum(col[j] * payoff[i][j] for j in range(len(col))) for i in range(len(row))
    )


def _rm_strategy(regrets: list[float]) -> list[float]:
    positive = [max(0.0, r) for r in regrets]
    total = sum(positive)
    if total <= 0.0:
        return [1.0 / len(regrets)] * len(regrets)
    return [p / total for p in positive]


def regret_matching(
    payoff: Matrix, iterations: int = 1000, plus: bool = True
) -> tuple[list[float], list[float], float]:
    """Approximate equilibrium by self-play regret matching: (row, column, value).

    Both sides update at once from the full expected payoffs, so the run is deterministic.
    ``plus`` uses regret matching+ (negative regrets clipped to zero, later iterations
    weighted more in the average), which converges much faster than plain regret matching.
    The average strategies converge to an equilibrium; the value is their expected payoff.
    """
    rows, cols = _check(payoff)
    if iterations < 1:
        raise ValueError("regret matching needs at least one iteration")
    row_regret, col_regret = [0.0] * rows, [0.0] * cols
    row_sum, col_sum = [0.0] * rows, [0.0] * cols
    for t in range(1, iterations + 1):
        sigma, tau = _rm_strategy(row_regret), _rm_strategy(col_regret)
        row_values = [sum(tau[j] * payoff[i][j] for j in range(cols)) for i in range(rows)]
        col_values = [-sum(sigma[i] * payoff[i][j] for i in range(rows)) for j in range(cols)]
        row_now = sum(sigma[i] * row_values[i] for i in range(rows))
        col_now = sum(tau[j] * col_values[j] for j in range(cols))
        weight = float(t) if plus else 1.0
        for i in range(rows):
            row_regret[i] += row_values[i] - row_now
            row_sum[i] += weight * sigma[i]
        for j in range(cols):
            col_regret[j] += col_values[j] - col_now
            col_sum[j] += weight * tau[j]
        if plus:
            row_regret = [max(0.0, r) for r in row_regret]
            col_regret = [max(0.0, r) for r in col_regret]
    row_avg, col_avg = _normalise(row_sum), _normalise(col_sum)
    return row_avg, col_avg, expected_payoff(payoff, row_avg, col_avg)
