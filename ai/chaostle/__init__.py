"""Chaostle AI: an evaluation that knows the race round the castle, the castle's health,
battle odds and health (evaluation.py), and an agent that looks ahead through the dice
(agent.py).

``make_agent`` returns the Chaostle agent for easy / normal / hard (the framework's sampled
lookahead with Chaostle's hooks); ``random`` falls back to the framework's random agent.
The hooks ``evaluate`` and ``quiet`` also reach the generic searches, which ``LEVELS``
tunes for anyone who builds them directly; ``balance_pieces`` names a seat's pieces for
``launcher.py balance``."""

from __future__ import annotations

from ai.chaostle.agent import (
    AGENT_LEVELS,
    LEVEL_WEIGHTS,
    LEVELS,
    ChaostleAgent,
    exact,
    make_agent,
    quiet,
)
from ai.chaostle.evaluation import (
    DEFAULT_WEIGHTS,
    HARD_WEIGHTS,
    Weights,
    battle_gain,
    battle_odds,
    castle_race,
    evaluate,
    fresh_battle,
    threats,
)
from rules.chaostle.state import ChaostleState
from rules.core.state import GameState

__all__ = ["AGENT_LEVELS", "DEFAULT_WEIGHTS", "HARD_WEIGHTS", "LEVELS", "LEVEL_WEIGHTS",
           "ChaostleAgent", "Weights", "balance_pieces", "battle_gain", "battle_odds",
           "castle_race", "evaluate", "exact", "fresh_battle", "make_agent", "quiet",
           "threats"]


def balance_pieces(state: GameState, player: int) -> list[str]:
    """The characters ``player`` chose (or drew) for its army, by name, for
    ``launcher.py balance`` (mercenaries hired during play are not counted)."""
    assert isinstance(state, ChaostleState)
    army = state.armies[player][: int(state.setup["army"])]
    return [state.name(cid) for cid in army]
