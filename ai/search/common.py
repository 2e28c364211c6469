"""Pieces every search shares: budgets, rewards, evaluation and random playouts.

Rewards are vectors with one entry per seat in [0, 1], on the scale of ``Outcome.scores``
(1 win, 0 loss, 0.5 shared draw). A game's ``evaluate(state, player)`` answers in [-1, 1]
and is mapped to ``(e + 1) / 2``; with no evaluation an unfinished game is worth 0.5.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from rules.core.actions import CHANCE, Action
from rules.core.state import DecisionKind, GameState

#: ``evaluate(state, player)``: how good ``state`` is for ``player``, in [-1, 1].
Evaluator = Callable[[GameState, int], float]

#: ``rollout_action(state, seat, legal, rng)``: a game's playout policy, picking one of
#: ``legal`` (never empty) for ``seat`` in a full state.
RolloutPolicy = Callable[[GameState, int, list[Action], random.Random], Action]

#: ``candidates(state, seat)``: the actions a search considers for ``seat`` — a game's
#: pruning of its legal actions (never empty when some action is legal; prompts and forced
#: answers are left whole). None considers every legal action.
Candidates = Callable[[GameState, int], list[Action]]

#: ``search_view(view)``: the copy of a view a search starts from — a game's automations
#: switched on for the search's own states (e.g. forced passes taken inside the rules), never
#: more than the view shows. None searches the view as it is.
SearchView = Callable[[GameState], GameState]

#: ``determinize(view, player, rng)``: one full state consistent with ``player``'s view —
#: a game's own sampling of the hidden cards (e.g. weighted by what the other seats would
#: likely have chosen), never reading more than the view shows. None uses the view's own
#: ``determinize`` (uniform over what is unseen).
Determinizer = Callable[[GameState, int, random.Random], GameState]


#: ``quiet(state)``: whether ``state`` may be judged as it stands — no exchange is half
#: played out (no dice in the air, no chain of responses waiting) that would swing its
#: evaluation as soon as it resolves. A search that would stop at a position that is not
#: quiet plays on (``settle``) or searches on (expectiminimax) until it is. None: every
#: position is quiet.
Quiet = Callable[[GameState], bool]

#: The most steps a search plays or searches past its horizon to reach a quiet position.
QUIESCENCE_LIMIT = 40


def no_chance_pending(state: GameState) -> bool:
    """The plainest quiet test: no chance decision is waiting (the dice that follow a
    choice have been rolled)."""
    return not state.decision().is_chance


def options(state: GameState, seat: int, candidates: Candidates | None) -> list[Action]:
    """The actions a search considers for ``seat``: the game's candidates, else all legal."""
    return candidates(state, seat) if candidates is not None else state.legal_actions(seat)


#: How often (in iterations) a search looks at the clock when it has a time cap.
CLOCK_EVERY = 8

#: Set one of these environment variables (to anything but "" or "0") to drop every time
#: cap: each agent then thinks to its fixed budget whatever the machine's load, so balance
#: runs and tournaments measure the levels and not the load. The second name is the one
#: BattleCON used first; recorded commands still use it.
FIXED_BUDGET_ENVS = ("ARENA_AI_FIXED_BUDGET", "BATTLECON_AI_FIXED_BUDGET")


def fixed_budget() -> bool:
    """Whether the environment asks for load-independent (uncapped) thinking."""
    return any(os.environ.get(name, "") not in ("", "0") for name in FIXED_BUDGET_ENVS)


@dataclass(frozen=True, slots=True)
class Budget:
    """How long a search may run: ``iterations`` (deterministic) and an optional wall-clock
    cap in seconds that stops it early (then the result depends on the machine's speed)."""

    iterations: int
    time_cap: float | None = None

    def __post_init__(self) -> None:
        if self.iterations < 1:
            raise ValueError(f"a search budget needs at least 1 iteration, not {self.iterations}")
        if self.time_cap is not None and self.time_cap <= 0:
            raise ValueError(f"a time cap must be positive, not {self.time_cap}")

    def ticks(self) -> Iterator[int]:
        """Iteration numbers until the budget is spent (at least one is always given)."""
        cap = self.time_cap
        deadline = time.perf_counter() + cap if cap is not None and not fixed_budget() else None
        for i in range(self.iterations):
            if deadline is not None and i and i % CLOCK_EVERY == 0:
                if time.perf_counter() >= deadline:
                    return
            yield i


def fits(began: float, done: int, deadline: float, ahead: int = 1) -> bool:
    """Whether ``ahead`` more steps, each expected to take as long as the mean of the
    ``done`` steps since ``began`` (``time.perf_counter``), end by ``deadline``: a search
    whose steps are never cut off half way (a world, a matrix cell) checks this before each
    step, so that a step started just before its cap does not overrun it by a whole step."""
    now = time.perf_counter()
    mean = (now - began) / done if done else 0.0
    return now + mean * ahead <= deadline


def scaled_count(value: int, scale: float) -> int:
    """A budget count (iterations, samples, worlds) times ``scale`` (a budget scale such
    as ``hard*4``, ``ai.levels.parse_agent``), rounded, at least 1."""
    return max(1, round(value * scale))


def scaled_cap(cap: float | None, scale: float) -> float | None:
    """A time cap times ``scale`` (None stays None: no cap)."""
    return None if cap is None else cap * scale


def clamp_unit(value: float) -> float:
    return -1.0 if value < -1.0 else 1.0 if value > 1.0 else value


def terminal_rewards(state: GameState) -> list[float] | None:
    """The outcome's scores once the game is over, else None."""
    out = state.outcome()
    return None if out is None else [float(s) for s in out.scores]


def evaluate_rewards(state: GameState, evaluate: Evaluator | None) -> list[float]:
    """Rewards for a state where search stops: the outcome if over, else the evaluation."""
    done = terminal_rewards(state)
    if done is not None:
        return done
    n = state.num_players
    if evaluate is None:
        return [0.5] * n
    return [(clamp_unit(evaluate(state, p)) + 1.0) / 2.0 for p in range(n)]


def position_chance(state: GameState, player: int, evaluate: Evaluator | None) -> float | None:
    """``player``'s win chance in ``state`` as it stands: the outcome's score once the game
    is over, else the evaluation mapped to [0, 1]; None without an evaluation."""
    done = terminal_rewards(state)
    if done is not None:
        return done[player]
    if evaluate is None:
        return None
    return (clamp_unit(evaluate(state, player)) + 1.0) / 2.0


def acting_seat(state: GameState) -> int | None:
    """The seat (or CHANCE) that acts next in ``state``; None when the game is over."""
    d = state.decision()
    if d.kind is DecisionKind.TERMINAL or not d.players:
        return None
    return d.players[0]


def random_step(
    state: GameState, rng: random.Random, policy: RolloutPolicy | None = None,
    candidates: Candidates | None = None,
) -> bool:
    """Apply one legal step: chance by its odds, a seat uniformly at random (or by the
    game's ``policy``). False if the game is over (or, defensively, if the seat to act has
    no legal action: play stops there).

    A simultaneous decision is played one seat at a time: a random choice cannot use the
    seats that committed earlier, so this is sound (a policy is trusted to look only at
    what the seat could see).
    """
    seat = acting_seat(state)
    if seat is None:
        return False
    action: Action
    if seat == CHANCE:
        action = state.sample_chance(rng)
    else:
        legal = options(state, seat, candidates)
        if not legal:
            return False
        action = rng.choice(legal) if policy is None else policy(state, seat, legal, rng)
    state.apply_unchecked(seat, action)
    return True


def settle(
    state: GameState,
    rng: random.Random,
    quiet: Quiet,
    limit: int = QUIESCENCE_LIMIT,
    policy: RolloutPolicy | None = None,
    candidates: Candidates | None = None,
) -> int:
    """Play ``state`` (mutated) on while it is not ``quiet``: chance by its odds, a seat at
    random or by ``policy`` among the ``candidates``, at most ``limit`` steps or until the
    game ends. Returns the number of steps played (0: it was quiet already)."""
    steps = 0
    while steps < limit and not quiet(state) and random_step(state, rng, policy, candidates):
        steps += 1
    return steps


def rollout(
    state: GameState,
    rng: random.Random,
    depth: int,
    evaluate: Evaluator | None,
    policy: RolloutPolicy | None = None,
    candidates: Candidates | None = None,
    quiet: Quiet | None = None,
    quiescence: int = QUIESCENCE_LIMIT,
) -> list[float]:
    """Play ``state`` (mutated) at random, or by ``policy``, among the ``candidates``, for at
    most ``depth`` steps, then score it; with ``quiet``, first play on past ``depth`` (at
    most ``quiescence`` more steps) until the position is quiet."""
    steps = 0
    while steps < depth and random_step(state, rng, policy, candidates):
        steps += 1
    if quiet is not None:
        settle(state, rng, quiet, quiescence, policy, candidates)
    return evaluate_rewards(state, evaluate)


def random_legal(view: GameState, player: int, rng: random.Random) -> Action:
    legal = view.legal_actions(player)
    if not legal:
        raise ValueError(f"seat {player + 1} has no legal action to choose from")
    return rng.choice(legal)
