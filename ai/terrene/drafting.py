"""Drafting and deck building for AI seats, and the seat that plays a whole draft."""

from __future__ import annotations

import random
from dataclasses import replace

from ai.analysis import Analysis, single
from ai.terrene.search import set_chance
from rules.core import Action
from rules.core.match import Agent
from rules.core.state import GameState
from rules.terrene.content import cards
from rules.terrene.draft import auto_deck, draft_value
from rules.terrene.draft_match import DraftMatch
from rules.terrene.kinds import Act, Stage
from rules.terrene.state import TerreneState


class DraftSeat:
    """A seat of a draft (or of a plain game): in a draft it picks with the drafting
    heuristic and completes its deck automatically, and hands each tournament game to
    ``inner`` with that game's view and its seat there; any other view goes to ``inner``."""

    def __init__(self, inner: Agent, seed: int = 0) -> None:
        self.inner = inner
        self.rng = random.Random(f"draft-picks:{seed}")  # ties between equal draft picks

    def choose(self, view: GameState, player: int) -> Action:
        if not isinstance(view, DraftMatch):
            return self.inner.choose(view, player)
        if view.stage == Stage.PICK:
            pick = ai_pick(view.draft.pile_of(player), view.draft.picks[player], self.rng)
            return Action(Act.DRAFT_PICK, (pick,), "")
        if view.stage == Stage.BUILD:
            return Action(Act.DECK_AUTO, (), "")
        assert view.game is not None
        return self.inner.choose(view.game, view.table.index(player))

    def analyse(self, view: GameState, player: int) -> Analysis:
        """The inner agent's analysis of a game (a draft's tournament game: of that game,
        from the seat's place at its table); a draft pick or deck is the drafting
        heuristic's, with no win estimate."""
        if not isinstance(view, DraftMatch):
            return self._inner_analysis(view, player)
        if view.stage in (Stage.PICK, Stage.BUILD):
            return single(self.choose(view, player), None,
                          "the drafting heuristic: no win estimate")
        assert view.game is not None
        return self._inner_analysis(view.game, view.table.index(player))

    def _inner_analysis(self, view: GameState, player: int) -> Analysis:
        analyse = getattr(self.inner, "analyse", None)
        if analyse is None:
            raise TypeError(f"{type(self.inner).__name__} cannot analyse a decision")
        result: Analysis = analyse(view, player)
        if not isinstance(view, TerreneState) or not view.set_mode:
            return result

        def chance(game: float | None) -> float | None:  # the set's, not the game's
            return None if game is None else set_chance(view, player, game)

        return replace(result, value=chance(result.value), options=tuple(
            replace(o, value=chance(o.value)) for o in result.options))


def ai_pick(pile: list[str], taken: list[str], rng: random.Random) -> str:
    """The pick with the best drafting value (ties drawn from ``rng``)."""
    best = max(draft_value(cards()[c], taken) for c in pile)
    return rng.choice(sorted({c for c in pile if draft_value(cards()[c], taken) == best}))


def ai_deck(picks: list[str]) -> list[str]:
    """The AI's 20-card deck: the rules' deck completion from nothing."""
    return auto_deck(picks, [])
