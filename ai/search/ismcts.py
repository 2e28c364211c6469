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

Opponents' decisions are searched in the same tree with their own rewards (max-n). Single
observer, every seat learns in the searching seat's worlds, so in the tree an opponent
decides as if it saw the searcher's hidden cards, and hiding them is worth nothing there.
With ``seat_worlds`` (a share of the iterations) another seat learns instead: its world is
drawn from what that seat sees of a searcher's world (the searcher's hidden cards drawn
again, its own kept), only its statistics are updated, and the searcher's decisions follow
the searcher's statistics as they stand (the walk is judged where they have tried nothing;
at a simultaneous decision, where the learner also decides, they pick at random instead).
The searcher learns in its own worlds against opponents whose statistics never saw its
hidden cards. Actions name places, not cards (a card in hand is its slot), so the tree is
shared across both kinds of world.
"""

from __future__ import annotations

import random

from ai.analysis import Analysis
from ai.search.common import position_chance
from ai.search.mcts import Node, TreeSearch, TreeSearchAgent, root_analysis
from rules.core.actions import Action
from rules.core.state import GameState


class ISMCTSAgent(TreeSearchAgent):
    """SO-ISMCTS with decoupled UCT at simultaneous decisions (other seats learning in
    worlds of their own with ``seat_worlds``); works on perfect-information games too
    (their ``determinize`` is a plain copy)."""

    name = "ismcts"

    def deliberate(self, view: GameState, player: int, legal: list[Action]) -> Analysis:
        root = self.search_tree(view, player)
        return root_analysis(root, player, legal, self.rng, self.config.mix_floor)

    def search_tree(self, view: GameState, player: int) -> Node:
        """The tree searched from ``player``'s view for the budget's iterations."""
        view = self.searched_view(view)
        draw = self.config.determinize

        def sample() -> GameState:
            if draw is not None:
                return draw(view, player, self.rng)
            return view.determinize(player, self.rng)

        share = self.config.seat_worlds
        rng = self.rng
        others = [seat for seat in range(view.num_players) if seat != player]

        def world() -> tuple[GameState, int]:
            state = sample()
            if not others or rng.random() >= share:
                return state, player
            learner = rng.choice(others)
            return state.view(learner).determinize(learner, rng), learner

        return TreeSearch(self.config, rng).run(sample, world if share else None)

    def position_value(self, view: GameState, player: int) -> float | None:
        """The evaluation of one world the seat cannot tell from ``view`` (a view may hide
        what the evaluation reads, such as a face-down card), drawn from a generator of its
        own so the agent's stream is left as it was."""
        world = view.determinize(player, random.Random(f"value:{self.seed}"))
        return position_chance(world, player, self.config.evaluate)
