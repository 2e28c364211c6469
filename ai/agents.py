"""Agents: objects that pick an action for a seat from that seat's view of the state.

Every agent follows ``rules.core.match.Agent`` (``choose(view, player) -> Action``), sees
only ``state.view(player)`` and draws all its randomness from its own seeded generator, so
the same seed facing the same sequence of views makes the same choices.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from ai.analysis import Analysis, Option, single
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

    def analyse(self, view: GameState, player: int) -> Analysis:
        """A uniform draw: every legal action an equal share, no estimate."""
        legal = view.legal_actions(player)
        choice = random_legal(view, player, self.rng)
        share = 1.0 / len(legal)
        return Analysis(choice, None, tuple(Option(a, None, share) for a in legal), False,
                        "random: a uniform draw, no estimate")


class SearchAgent(SeededAgent):
    """Base for searching agents: a forced move is played at once, and with probability
    ``epsilon`` (the "noise" of the easy level) a uniformly random legal action is played
    instead of searching. Subclasses implement ``deliberate``: the search, answering with
    an ``Analysis`` whose ``choice`` is the move to play; ``choose`` plays that choice and
    ``analyse`` shows the whole of it (the same code and the same random draws)."""

    def __init__(self, seed: int, epsilon: float = 0.0) -> None:
        super().__init__(seed)
        if not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon must be between 0 and 1, not {epsilon}")
        self.epsilon = epsilon

    def root_options(self, view: GameState, player: int) -> list[Action]:
        """The actions considered at the root (a searching agent may prune them)."""
        return view.legal_actions(player)

    def _root(self, view: GameState, player: int) -> list[Action]:
        legal = self.root_options(view, player)
        if not legal:
            raise ValueError(f"seat {player + 1} has no legal action to choose from")
        return legal

    def choose(self, view: GameState, player: int) -> Action:
        legal = self._root(view, player)
        if len(legal) == 1:
            return legal[0]
        if self.epsilon > 0.0 and self.rng.random() < self.epsilon:
            return self.rng.choice(legal)
        return self.search(view, player, legal)

    def analyse(self, view: GameState, player: int) -> Analysis:
        """What the agent makes of ``player``'s decision in ``view``: the search ``choose``
        runs, shown whole. The level's ``epsilon`` noise is left out (a hint shows the
        search's move), so at a level without noise ``choice`` is what ``choose`` plays
        from the same seed. A forced move has one option, valued by the agent's evaluation
        of the position where it has one. Analysing draws from the agent's generator like
        a choice does: a hint should ask an agent of its own, not a seat's."""
        legal = self._root(view, player)
        if len(legal) == 1:
            pruned = len(view.legal_actions(player)) > 1
            return single(legal[0], self.position_value(view, player),
                          "the only move the AI considers here" if pruned
                          else "forced: the only move")
        return self.deliberate(view, player, legal)

    def search(self, view: GameState, player: int, legal: list[Action]) -> Action:
        """Pick one of ``legal`` (at least two) for ``player`` by searching from ``view``."""
        return self.deliberate(view, player, legal).choice

    @abstractmethod
    def deliberate(self, view: GameState, player: int, legal: list[Action]) -> Analysis:
        """Search from ``view`` for ``player`` among ``legal`` (at least two): the analysis,
        whose ``choice`` is the move to play."""

    def position_value(self, view: GameState, player: int) -> float | None:
        """The agent's win chance for ``player`` in ``view`` as it stands, by its
        evaluation (None without one); used for forced moves."""
        return None
