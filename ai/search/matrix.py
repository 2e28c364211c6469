"""Zero-sum matrix games: an exact equilibrium by linear programming, and regret matching.

``payoff[i][j]`` is what the row player wins (and the column player loses) when row ``i``
meets column ``j``. Pure Python, no numpy: the matrices met in play are small.

The solver shifts the payoffs so that every entry is at least 1 (the value then is
positive), and solves the column player's program

    maximise  sum(y)   subject to   B y <= 1,  y >= 0

with the simplex method (Bland's rule, so it cannot cycle). With ``t = sum(y)`` the game
value is ``1 / t``, the column strategy is ``y / t``, and the row strategy comes from the
dual solution, read off the objective row under the slack columns.
"""

from __future__ import annotations

from collections.abc import Sequence

Matrix = Sequence[Sequence[float]]

_EPS = 1e-12


def _check(payoff: Matrix) -> tuple[int, int]:
    rows = len(payoff)
    cols = len(payoff[0]) if rows else 0
    if rows == 0 or cols == 0:
        raise ValueError("a matrix game needs at least one row and one column")
    if any(len(r) != cols for r in payoff):
        raise ValueError("every row of the payoff matrix must have the same length")
    return rows, cols


def _pivot(tab: list[list[float]], row: int, col: int) -> None:
    pivot_row = tab[row]
    inv = 1.0 / pivot_row[col]
    for k in range(len(pivot_row)):
        pivot_row[k] *= inv
    for r, other in enumerate(tab):
        if r == row:
            continue
        factor = other[col]
        if factor != 0.0:
            for k in range(len(other)):
                other[k] -= factor * pivot_row[k]


def _entering(objective: list[float], width: int) -> int | None:
    """Bland's rule: the lowest-numbered column with a negative reduced cost."""
    for k in range(width):
        if objective[k] < -_EPS:
            return k
    return None


def _leaving(tab: list[list[float]], basis: list[int], col: int) -> int:
    """The ratio test, ties broken by the lowest basic variable (Bland)."""
    best: int | None = None
    best_ratio = 0.0
    for r in range(len(basis)):
        a = tab[r][col]
        if a > _EPS:
            ratio = tab[r][-1] / a
            if best is None or ratio < best_ratio - _EPS or (
                abs(ratio - best_ratio) <= _EPS and basis[r] < basis[best]
            ):
                best, best_ratio = r, ratio
    if best is None:  # cannot happen: every entry of B is at least 1
        raise ArithmeticError("the matrix-game program is unbounded")
    return best


def _normalise(weights: list[float]) -> list[float]:
    clipped = [max(0.0, w) for w in weights]
    total = sum(clipped)
    return [w / total for w in clipped]


def solve_zero_sum(payoff: Matrix) -> tuple[list[float], list[float], float]:
    """An exact mixed equilibrium: (row strategy, column strategy, value for the row player)."""
    rows, cols = _check(payoff)
    shift = 1.0 - min(min(r) for r in payoff)
    width = cols + rows  # y variables then slack variables
    tab = [
        [float(payoff[i][j]) + shift for j in range(cols)]
        + [1.0 if k == i else 0.0 for k in range(rows)]
        + [1.0]
        for i in range(rows)
    ]
    objective = [-1.0] * cols + [0.0] * rows + [0.0]
    tab.append(objective)
    basis = [cols + i for i in range(rows)]
    constraints = tab[:-1]
    while (col := _entering(tab[-1], width)) is not None:
        row = _leaving(constraints, basis, col)
        _pivot(tab, row, col)
        basis[row] = col
    y = [0.0] * cols
    for r, var in enumerate(basis):
        if var < cols:
            y[var] = tab[r][-1]
    x = [tab[-1][cols + i] for i in range(rows)]
    total = tab[-1][-1]
    value = 1.0 / total - shift
    return _normalise(x), _normalise(y), value


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


class RegretMatcher:
    """Online regret matching for one seat at one simultaneous decision (used by search).

    ``strategy()`` gives the current mix; ``update(values)`` feeds the (estimated) value of
    every action this round; ``average()`` is the average strategy, which converges.
    """

    __slots__ = ("regrets", "totals")

    def __init__(self, n: int) -> None:
        self.regrets = [0.0] * n
        self.totals = [0.0] * n

    def strategy(self) -> list[float]:
        return _rm_strategy(self.regrets)

    def update(self, values: Sequence[float], strategy: Sequence[float] | None = None) -> None:
        sigma = list(strategy) if strategy is not None else self.strategy()
        now = sum(s * v for s, v in zip(sigma, values, strict=True))
        for k, v in enumerate(values):
            self.regrets[k] += v - now
            self.totals[k] += sigma[k]

    def average(self) -> list[float]:
        if sum(self.totals) <= 0.0:
            return [1.0 / len(self.totals)] * len(self.totals)
        return _normalise(self.totals)
