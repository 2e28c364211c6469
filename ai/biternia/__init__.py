"""Battle for Biternia AI: an evaluation, a move ordering and a determinized rollout agent.

* ``evaluate`` (evaluation.py) weighs the Bits (the win condition), Towers, Heroes alive
  with their HP and level, gold, and how far each team has pushed down its lanes.
* ``action_score`` (ordering.py) is the move ordering; ``rollout_action`` the playout policy
  built on it (the framework's hook).
* ``BiterniaAgent`` (agent.py) is a ``SearchAgent``: it samples worlds consistent with its
  view, tries the best-ordered actions in each, plays on with the ordering policy for a
  bounded number of decisions and keeps the action with the best average evaluation. Easy
  plays the ordering policy with noise.
"""

from __future__ import annotations

from typing import Any

from ai.biternia.agent import BiterniaAgent, Settings
from ai.biternia.evaluation import DEFAULT_WEIGHTS, Weights, evaluate, team_worth
from ai.biternia.ordering import (
    action_score,
    card_power,
    hero_rating,
    policy_choice,
    ranked,
    rollout_action,
    score_target,
)
from rules.biternia.content import load
from rules.biternia.state import BiterniaState
from rules.core.state import GameState

#: The expert's best-ordered candidates (hard tries four, where three in four of the
#: choices have five or more legal actions and two in five ten or more) and the worlds it
#: samples (hard's six twice), as many as its time cap allows. Hard's four in 24 worlds
#: measured no stronger than hard; these 53.3 % over 300 games (docs/ai.md, "Strength
#: curves", session 12), and with the inferred orders and the measured draft below 63.7 %
#: (session 13).
EXPERT_CANDIDATES = 10
EXPERT_WORLDS = 12
#: The expert's worlds give the other team the orders it would likely have chosen: in
#: three worlds of four the hidden card the ordering rates best for each Hero
#: (``agent.infer_orders``), else one at random, so a person's odd choice stays possible.
EXPERT_INFER_ORDERS = 0.75

#: The custom agent's levels: candidates tried, worlds sampled, rollout depth in decisions,
#: noise of the ordering policy. Measured with ``launcher.py bench``.
AGENT_LEVELS: dict[str, Settings] = {
    "easy": Settings(candidates=1, worlds=0, depth=0, noise=0.35),
    "normal": Settings(candidates=3, worlds=2, depth=30, noise=0.1),
    "hard": Settings(candidates=4, worlds=6, depth=30, noise=0.1),
    "expert": Settings(candidates=EXPERT_CANDIDATES, worlds=EXPERT_WORLDS, depth=30,
                       noise=0.1, time_cap=2.5, infer_orders=EXPERT_INFER_ORDERS,
                       measured_draft=True),
}

#: Settings for the generic IS-MCTS should a caller ask for it (leaf evaluation, no random
#: rollouts: random play in this game wanders for a hundred rounds).
LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 40, "rollout_depth": 0, "epsilon": 0.2, "time_cap": 0.3},
    "normal": {"iterations": 150, "rollout_depth": 0, "time_cap": 0.8},
    "hard": {"iterations": 600, "rollout_depth": 0, "time_cap": 2.5},
    "expert": {"iterations": 2400, "rollout_depth": 0, "time_cap": 2.7},
}


def make_agent(level: str, seed: int, scale: float = 1.0) -> BiterniaAgent | None:
    """The custom agent for easy / normal / hard / expert (random stays the generic one);
    ``scale`` multiplies the level's budget (``Settings.scaled``, ``hard*4``)."""
    settings = AGENT_LEVELS.get(level)
    return None if settings is None else BiterniaAgent(settings, seed, level, scale)


def balance_pieces(state: GameState, player: int) -> list[str]:
    """The Heroes ``player``'s team played (for ``launcher.py balance``), by full name."""
    assert isinstance(state, BiterniaState)
    team = player % 2
    heroes = load().heroes
    return [heroes[h].full_name for h in state.hero_order
            if state.heroes[h].seat % 2 == team]


__all__ = ["AGENT_LEVELS", "DEFAULT_WEIGHTS", "LEVELS", "BiterniaAgent", "Settings", "Weights",
           "action_score",
           "balance_pieces", "card_power", "evaluate", "hero_rating", "make_agent",
           "policy_choice", "ranked", "rollout_action", "score_target", "team_worth"]
