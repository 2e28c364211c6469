"""Quiescence: settle the chain before judging a position (the hard level's leaves)."""

from __future__ import annotations

import math
import random

from ai.terrene.evaluation import DEFAULT_WEIGHTS, Weights, evaluate
from rules.core.state import GameState
from rules.terrene.kinds import Act, Phase
from rules.terrene.state import TerreneState

#: A battle takes several decisions to play out (responses to the attack, the defender's
#: block, responses to the battle), each a level of the search tree: a search of a few
#: hundred iterations judges most attacks before they resolve, where they look like no
#: attack at all. A quiet evaluation first plays the pending chain out: every response
#: window passes, and each prompt (block, XP, oversupply, Slow) is answered by its best
#: option one decision deep. At most this many decisions are played.
SETTLE_STEPS = 40


def quiet(s: TerreneState) -> bool:
    """Nothing is pending: no link on the chain and no prompt."""
    return not s.chain and s.prompt is None


def _settle_step(s: TerreneState, seat: int, rng: random.Random, w: Weights,
                 look: bool) -> None:
    legal = s.legal_actions(seat)
    if s.prompt is None:
        passing = [a for a in legal if a.kind == Act.PASS]
        s.apply_unchecked(seat, passing[0] if passing else legal[0])
        return
    if not look or len(legal) == 1:
        s.apply_unchecked(seat, legal[0])
        return
    best, best_value = legal[0], -math.inf
    for action in legal:
        trial = s.clone()
        trial.apply_unchecked(seat, action)
        settle(trial, rng, w, look=False)
        value = evaluate(trial, seat, w)
        if value > best_value:
            best, best_value = action, value
    s.apply_unchecked(seat, best)


def settle(s: TerreneState, rng: random.Random, w: Weights = DEFAULT_WEIGHTS,
           look: bool = True) -> None:
    """Play ``s`` (mutated) on until it is quiet, the game ends, or SETTLE_STEPS pass."""
    for _ in range(SETTLE_STEPS):
        if s.phase != Phase.PLAY or quiet(s):
            return
        d = s.decision()
        if d.is_terminal:
            return
        if d.is_chance:
            s.apply_unchecked(d.players[0], s.sample_chance(rng))
            continue
        _settle_step(s, d.players[0], rng, w, look)


class QuietEvaluator:
    """``evaluate`` on the position after the pending chain has settled (see ``settle``).
    The search asks once per seat about the same leaf; the settled copy is kept for that."""

    def __init__(self, weights: Weights, seed: int) -> None:
        self.weights = weights
        self.rng = random.Random(f"settle:{seed}")
        self._leaf: GameState | None = None
        self._settled: TerreneState | None = None

    def __call__(self, state: GameState, player: int) -> float:
        assert isinstance(state, TerreneState)
        if state.phase != Phase.PLAY or quiet(state):
            return evaluate(state, player, self.weights)
        settled = self._settled
        if state is not self._leaf or settled is None:
            settled = state.clone()
            settle(settled, self.rng, self.weights)
            self._leaf, self._settled = state, settled
        return evaluate(settled, player, self.weights)
