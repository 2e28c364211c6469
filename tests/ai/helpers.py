"""Shared helpers for the AI tests: seeded matches against a random opponent."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ai.agents import RandomAgent
from rules.core import Game, Match
from rules.core.match import Agent


def scores_against_random(
    game: Game, make: Callable[[int], Agent], games: int, setup: dict[str, Any] | None = None
) -> list[float]:
    """The tested agent's score in each of ``games`` seeded matches; it takes seat 1 in the
    even-numbered matches and seat 2 in the odd ones."""
    scores = []
    for i in range(games):
        seat = i % 2
        agents = {seat: make(i), 1 - seat: RandomAgent(10_000 + i)}
        match = Match(game, setup or game.default_setup(2), i)
        outcome = match.play(agents)
        assert outcome is not None, "a test match must finish"
        scores.append(outcome.scores[seat])
    return scores


def chance_threshold(games: int, sigmas: float = 3.5) -> float:
    """A mean score that an agent no better than random (mean score at most 1/2; scores
    in [0, 1] have variance at most 1/4) reaches only by luck: ``sigmas`` standard errors
    above 1/2. At 3.5 that is about 2 in 10,000 by the normal approximation, and below
    1 in 450 by Hoeffding's bound exp(-2 n t^2) whatever the game count."""
    return 0.5 + sigmas * 0.5 / math.sqrt(games)
