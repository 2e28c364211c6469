"""Agents: objects that pick an action for a seat from that seat's view of the state.

Every agent follows ``rules.core.match.Agent`` (``choose(view, player) -> Action``), sees
only ``state.view(player)`` and draws all its randomness from its own seeded generator, so
the same seed facing the same sequence of views makes the same choices.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from ai.search.common import random_legal
from rules.core.actions import Action
from rules.core.state import GameState


class SeededAgent(ABC):
    """Base for agents: holds the seed and the generator every choice draws from."""

    name = "agent"

    def __init__(self, seed: int) -> None:
        self.seed = int(seed)
        self.rng = random.Random(f"agent:{self.seed}")

    @abstractmethod
    def choose(self, view: GameState, player: int) -> Action:
        """The action ``player`` takes, seeing only ``view``."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"


class RandomAgent(SeededAgent):
    """Uniform over the legal actions."""

    name = "random"

    def choose(self, view: GameState, player: int) -> Action:
        return random_legal(view, player, self.rng)


class SearchAgent(SeededAgent):
    """Base for searching agents: a forced move is played at once, and with probability
    ``epsilon`` (the "noise" of the easy level) a uniformly random legal action is played
    instead of searching. Subclasses implement ``search``."""

    def __init__(self, seed: int, epsilon: float = 0.0) -> None:
        super().__init__(seed)
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon must be between 0 and 1, not {epsilon}")
        self.epsilon = epsilon

    def root_options(self, view: GameState, player: int) -> list[Action]:
        """The actions considered at the root (a searching agent may prune them)."""
        return view.legal_actions(player)

    def choose(self, view: GameState, player: int) -> Action:
        legal = self.root_options(view, player)
        if not legal:
            raise ValueError(f"seat {player + 1} has no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        if self.epsilon > 0.0 and self.rng.random() < self.epsilon:
            return self.rng.choice(legal)
        return self.search(view, player, legal)

    @abstractmethod
    def search(self, view: GameState, player: int, legal: list[Action]) -> Action:
        """Pick one of ``legal`` (at least two) for ``player`` by searching from ``view``."""
