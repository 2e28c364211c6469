"""Information-set MCTS, single observer (SO-ISMCTS; Cowling, Powley and Whitehouse 2012).

The searching seat sees only its view. Each iteration samples a full state consistent
with that view (``view.determinize(player, rng)``) and walks one shared tree with it, so
the tree's statistics average over the hidden cards the seat cannot know. Because the legal
actions differ between samples, UCB uses availability counts: an action's exploration term
grows with how often it was *legal* at its node, not with the node's visits.

Chance decisions are sampled with their probabilities and branch the tree; simultaneous
decisions use decoupled UCT (or regret matching with ``simultaneous="rm"``), so a seat
that submits after another never treats the earlier commitment as known (see
``ai.search.mcts`` for both). When the searching seat is itself
the later submitter, the earlier seat's face-down choice is hidden in the view and is
sampled by ``determinize`` like any other hidden card.

Opponents' decisions are searched in the same tree with their own rewards (max-n); the
observer does not model what the opponents cannot see (the "single observer" limitation).
"""

from __future__ import annotations

import random

from ai.analysis import Analysis
from ai.search.common import position_chance
from ai.search.mcts import TreeSearch, TreeSearchAgent, root_analysis
from rules.core.actions import Action
from rules.core.state import GameState


class ISMCTSAgent(TreeSearchAgent):
    """SO-ISMCTS with decoupled UCT at simultaneous decisions; works on perfect-information
    games too (their ``determinize`` is a plain copy)."""

    name = "ismcts"

    def deliberate(self, view: GameState, player: int, legal: list[Action]) -> Analysis:
        view = self.searched_view(view)
        draw = self.config.determinize

        def sample() -> GameState:
            if draw is not None:
                return draw(view, player, self.rng)
            return view.determinize(player, self.rng)

        root = TreeSearch(self.config, self.rng).run(sample)
        return root_analysis(root, player, legal, self.rng, self.config.mix_floor)

    def position_value(self, view: GameState, player: int) -> float | None:
        """The evaluation of one world the seat cannot tell from ``view`` (a view may hide
        what the evaluation reads, such as a face-down card), drawn from a generator of its
        own so the agent's stream is left as it was."""
        world = view.determinize(player, random.Random(f"value:{self.seed}"))
        return position_chance(world, player, self.config.evaluate)
