"""Depth-limited expectiminimax with alpha-beta pruning and simple move ordering.

Values are from the searching seat's side, in [-1, 1]: a finished game is worth
``2 * score - 1`` (win 1, loss -1, shared draw 0); at the depth cut-off the game's
``evaluate(state, player)`` is used (0 without one). Every step (a seat's decision, a
chance outcome, a whole simultaneous round) is one ply.

* The searching seat maximises; every other seat minimises (the "paranoid" view, which
  for two players is plain minimax).
* Chance: the average of the outcomes weighted by their probabilities; an outcome space
  that is not listed (a seeded shuffle) or is too large is replaced by a fixed number of
  sampled outcomes of equal weight.
* Simultaneous round: a zero-sum matrix game (searching seat's choices by the others' joint
  choices), solved exactly by ``ai.search.matrix.solve_zero_sum``; nobody sees anybody's
  commitment. At the root the agent plays a draw from the equilibrium mix.
* Move ordering: with an evaluation and at least two plies to go, children are tried best
  first by their static evaluation, so alpha-beta cuts more.
* Iterative deepening from depth 1 also orders the root moves; an optional time cap stops
  the deepening and keeps the deepest finished answer.
* Quiescence: with the game's ``quiet`` test, a position at the depth limit that is not
  quiet (dice still to roll after a choice, an exchange half done) is searched on, at most
  ``quiescence`` plies further, so the evaluation judges settled positions only.

For a game with hidden parts the agent averages the root values over ``determinizations``
sampled full states (perfect-information Monte Carlo).
"""

from __future__ import annotations

import itertools
import math
import random
import time
from dataclasses import dataclass

from ai.agents import SearchAgent
from ai.analysis import Analysis, strategy, valued, win_chance
from ai.search.common import Evaluator, Quiet, clamp_unit, fixed_budget
from ai.search.matrix import solve_zero_sum
from rules.core.actions import CHANCE, Action
from rules.core.state import DecisionKind, GameState

#: How often (in nodes) the search looks at the clock when it has a time cap.
NODES_PER_CLOCK = 256

#: With a quiet test: the most plies searched past the depth limit (each can multiply the
#: tree, so far fewer than a playout's steps).
QUIESCENCE_PLIES = 4


@dataclass(frozen=True, slots=True)
class ExpectiminimaxConfig:
    max_depth: int = 4
    evaluate: Evaluator | None = None
    determinizations: int = 1
    #: A chance decision with more listed outcomes than this is sampled instead.
    max_chance_outcomes: int = 36
    #: Outcomes drawn at a sampled chance decision.
    chance_samples: int = 6
    time_cap: float | None = None
    #: The game's quiet test: a position at the depth limit that is not quiet is searched
    #: on, at most ``quiescence`` plies past the limit, before it is evaluated (quiescence
    #: search). None evaluates every position at the limit.
    quiet: Quiet | None = None
    quiescence: int = QUIESCENCE_PLIES

    def __post_init__(self) -> None:
        if self.max_depth < 1 or self.determinizations < 1 or self.chance_samples < 1:
            raise ValueError("max_depth, determinizations and chance_samples must be at least 1")
        if self.quiescence < 0:
            raise ValueError(f"quiescence must not be negative, not {self.quiescence}")


class _OutOfTime(Exception):
    """Raised inside the search when the time cap is reached."""


def _after(state: GameState, moves: list[tuple[int, Action]]) -> GameState:
    child = state.clone()
    for seat, action in moves:
        child.apply_unchecked(seat, action)
    return child


class Expectiminimax:
    """One search from ``player``'s side; ``nodes`` counts the states it visited."""

    def __init__(self, player: int, config: ExpectiminimaxConfig, rng: random.Random) -> None:
        self.player = player
        self.config = config
        self.rng = rng
        self.nodes = 0
        self.deadline: float | None = None

    # ---- values --------------------------------------------------------------------
    def static_value(self, state: GameState) -> float:
        out = state.outcome()
        if out is not None:
            return 2.0 * out.scores[self.player] - 1.0
        if self.config.evaluate is None:
            return 0.0
        return clamp_unit(self.config.evaluate(state, self.player))

    def value(self, state: GameState, depth: int, alpha: float, beta: float) -> float:
        self._tick()
        decision = state.decision()
        if decision.kind is DecisionKind.TERMINAL or (depth <= 0 and self._settled(state, depth)):
            return self.static_value(state)
        if decision.kind is DecisionKind.CHANCE:
            return self._chance_value(state, depth)
        if decision.kind is DecisionKind.SIMULTANEOUS:
            return self.simultaneous_matrix(state, decision.players, depth)[2]
        return self._turn_value(state, decision.players[0], depth, alpha, beta)

    def _settled(self, state: GameState, depth: int) -> bool:
        """Whether a position at or past the depth limit is evaluated here: it is quiet,
        or there is no quiet test, or the quiescence plies are spent (``depth`` counts
        them below 0)."""
        quiet = self.config.quiet
        return quiet is None or depth <= -self.config.quiescence or quiet(state)

    def _tick(self) -> None:
        self.nodes += 1
        if self.deadline is not None and self.nodes % NODES_PER_CLOCK == 0:
            if time.perf_counter() >= self.deadline:
                raise _OutOfTime

    def chance_outcomes(self, state: GameState) -> list[tuple[Action, float]]:
        """The outcomes to average: all listed ones, or a fixed sample of equal weight."""
        listed = state.chance_outcomes()
        unlisted = state.seeded_chance() is not None
        if listed and not unlisted and len(listed) <= self.config.max_chance_outcomes:
            return listed
        k = self.config.chance_samples
        return [(state.sample_chance(self.rng), 1.0 / k) for _ in range(k)]

    def _chance_value(self, state: GameState, depth: int) -> float:
        total = 0.0
        for action, p in self.chance_outcomes(state):
            child = _after(state, [(CHANCE, action)])
            total += p * self.value(child, depth - 1, -math.inf, math.inf)
        return total

    def ordered_children(
        self, state: GameState, seat: int, depth: int
    ) -> list[tuple[Action, GameState]]:
        children = [(a, _after(state, [(seat, a)])) for a in state.legal_actions(seat)]
        if depth >= 2 and self.config.evaluate is not None:
            maximise = seat == self.player
            children.sort(key=lambda c: self.static_value(c[1]), reverse=maximise)
        return children

    def _turn_value(
        self, state: GameState, seat: int, depth: int, alpha: float, beta: float
    ) -> float:
        children = self.ordered_children(state, seat, depth)
        if not children:  # a broken position: score it where it stands
            return self.static_value(state)
        maximise = seat == self.player
        best = -math.inf if maximise else math.inf
        for _, child in children:
            v = self.value(child, depth - 1, alpha, beta)
            if maximise:
                best = max(best, v)
                alpha = max(alpha, v)
            else:
                best = min(best, v)
                beta = min(beta, v)
            if alpha >= beta:
                break
        return best

    def simultaneous_matrix(
        self, state: GameState, seats: tuple[int, ...], depth: int
    ) -> tuple[list[Action | None], list[float], float]:
        """Solve a simultaneous round: (the searching seat's choices, its equilibrium mix,
        the round's value). Rows are its choices (one empty row if it is not committing),
        columns the other committing seats' joint choices."""
        rows, mix, value, _ = self.simultaneous_solution(state, seats, depth)
        return rows, mix, value

    def simultaneous_solution(
        self, state: GameState, seats: tuple[int, ...], depth: int
    ) -> tuple[list[Action | None], list[float], float, list[float]]:
        """``simultaneous_matrix`` and each row's value against the others' equilibrium
        mix."""
        rows: list[Action | None] = (
            list(state.legal_actions(self.player)) if self.player in seats else [None]
        )
        others = [s for s in seats if s != self.player]
        columns = list(itertools.product(*(state.legal_actions(s) for s in others)))
        if not rows or not columns:  # a broken position: score it where it stands
            even = [1.0 / len(rows)] * len(rows) if rows else []
            here = self.static_value(state)
            return rows, even, here, [here] * len(rows)
        payoff = []
        for row in rows:
            line = []
            for column in columns:
                moves = [(self.player, row)] if row is not None else []
                moves += list(zip(others, column, strict=True))
                ordered = sorted(moves, key=lambda m: seats.index(m[0]))
                child = _after(state, ordered)
                line.append(self.value(child, depth - 1, -math.inf, math.inf))
            payoff.append(line)
        mix, against, value = solve_zero_sum(payoff)
        row_values = [sum(q * v for q, v in zip(against, line, strict=True)) for line in payoff]
        return rows, mix, value, row_values

    # ---- the root ------------------------------------------------------------------
    def root_values(self, state: GameState, depth: int, order: list[Action]) -> dict[Action, float]:
        """Exact values of the searching seat's actions at a turn of its own."""
        values: dict[Action, float] = {}
        for action in order:
            values[action] = self.value(_after(state, [(self.player, action)]), depth - 1,
                                        -math.inf, math.inf)
        return values


class ExpectiminimaxAgent(SearchAgent):
    name = "expectiminimax"

    def __init__(
        self, seed: int, config: ExpectiminimaxConfig | None = None, epsilon: float = 0.0
    ) -> None:
        super().__init__(seed, epsilon)
        self.config = config or ExpectiminimaxConfig()
        #: After a choice: the root actions' values, or at a simultaneous root their
        #: equilibrium probabilities; and the deepest depth finished.
        self.last_values: dict[Action, float] = {}
        self.last_depth = 0

    def deliberate(self, view: GameState, player: int, legal: list[Action]) -> Analysis:
        engine = Expectiminimax(player, self.config, self.rng)
        worlds = [view.determinize(player, self.rng) for _ in range(self.config.determinizations)]
        simultaneous = view.decision().kind is DecisionKind.SIMULTANEOUS
        if self.config.time_cap is not None and not fixed_budget():
            engine.deadline = time.perf_counter() + self.config.time_cap
        order = list(legal)
        best: dict[Action, float] = {}
        #: at a simultaneous root: each action's value against the others' mix, the value
        row_values: dict[Action, float] = {}
        game_value = 0.0
        for depth in range(1, self.config.max_depth + 1):
            try:
                if simultaneous:
                    found, row_values, game_value = self._equilibrium_mix(
                        engine, worlds, depth, legal)
                else:
                    found = self._deepen(engine, worlds, depth, order)
            except _OutOfTime:
                break
            best, self.last_depth = found, depth
            order.sort(key=lambda a: -found[a])
        if not best:  # not even depth 1 finished in time: finish it without the clock
            engine.deadline = None
            self.last_depth = 1
            if simultaneous:
                best, row_values, game_value = self._equilibrium_mix(engine, worlds, 1, legal)
            else:
                best = self._deepen(engine, worlds, 1, order)
        self.last_values = best
        note = f"expectiminimax to depth {self.last_depth}"
        if simultaneous:
            choice = self._draw(legal, best)
            return strategy(choice, [(a, best[a], win_chance(row_values[a])) for a in legal],
                            win_chance(game_value), note + ": the equilibrium mix")
        choice = max(legal, key=lambda a: best[a])
        return valued(choice, {a: win_chance(best[a]) for a in legal}, note)

    def position_value(self, view: GameState, player: int) -> float | None:
        out = view.outcome()
        if out is not None:
            return out.scores[player]
        evaluate = self.config.evaluate
        return None if evaluate is None else win_chance(evaluate(view, player))

    @staticmethod
    def _deepen(
        engine: Expectiminimax, worlds: list[GameState], depth: int, order: list[Action]
    ) -> dict[Action, float]:
        """The root actions' values at ``depth``, averaged over the sampled worlds."""
        totals = dict.fromkeys(order, 0.0)
        for world in worlds:
            for action, v in engine.root_values(world, depth, order).items():
                totals[action] += v / len(worlds)
        return totals

    @staticmethod
    def _equilibrium_mix(
        engine: Expectiminimax, worlds: list[GameState], depth: int, legal: list[Action]
    ) -> tuple[dict[Action, float], dict[Action, float], float]:
        """At a simultaneous root: each action's equilibrium probability at ``depth``, its
        value against the others' mix and the round's value, averaged over the sampled
        worlds."""
        weights = dict.fromkeys(legal, 0.0)
        values = dict.fromkeys(legal, 0.0)
        game = 0.0
        for world in worlds:
            rows, mix, value, row_values = engine.simultaneous_solution(
                world, world.decision().players, depth)
            game += value / len(worlds)
            for row, p, v in zip(rows, mix, row_values, strict=True):
                if row is not None and row in weights:
                    weights[row] += p / len(worlds)
                    values[row] += v / len(worlds)
        return weights, values, game

    def _draw(self, legal: list[Action], weights: dict[Action, float]) -> Action:
        if sum(weights.values()) <= 0.0:
            return self.rng.choice(legal)
        return self.rng.choices(legal, weights=[weights[a] for a in legal])[0]
