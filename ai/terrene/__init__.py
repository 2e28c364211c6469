"""Terrene Odyssey AI: the evaluation, the search's hooks and per-level settings.

The generic search (``ai/levels.py``) plays Terrene through this package's hooks:
``evaluate`` (evaluation.py; the hard level judges settled leaves, quiet.py),
``candidates`` and ``search_view`` (search.py). ``make_agent`` builds that search for a
level and seats it at a draft (drafting.py: picks and decks by heuristic, tournament games
by the search).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from ai.levels import build_agent, level_settings, scaled_settings
from ai.search.common import Evaluator
from ai.terrene.drafting import DraftSeat, ai_deck, ai_pick
from ai.terrene.evaluation import DEFAULT_WEIGHTS, Weights, deck_danger, evaluate
from ai.terrene.inference import expect_plan, infer_opening, printed_plan
from ai.terrene.quiet import QuietEvaluator, quiet, settle
from ai.terrene.search import candidates, opening_for_turn, search_view, set_chance, worth_searching

#: Rollouts of uniformly random play (which concedes and dismisses at random) tell little
#: in this game, so the search evaluates its leaves directly (rollout_depth 0). Budgets are
#: iteration counts (the time caps only bound a heavily loaded machine); a game of normal
#: against normal is 150-350 decisions, so normal's budget is what makes a balance run of
#: 120 deck pairings affordable on two shared cores. The expert's search does not let the
#: other seat learn in worlds of its own (``seat_worlds``, ``ai.search.ismcts``): over 82
#: paired games it measured no stronger, and the expert without it is the one measured over
#: 200 games (docs/ai.md, "Strength curves", sessions 19-21).
LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 40, "rollout_depth": 0, "epsilon": 0.15, "time_cap": 0.3},
    "normal": {"iterations": 100, "rollout_depth": 0, "time_cap": 0.5},
    "hard": {"iterations": 300, "rollout_depth": 0, "exploration": 0.3, "time_cap": 3.0},
    "expert": {"iterations": 1200, "rollout_depth": 0, "exploration": 0.3, "time_cap": 2.6},
}
#: Levels whose search judges a leaf only after its pending chain has settled (see
#: ``settle``); with it, hard's search sees the battles it starts, and a lower exploration
#: lets its visits follow the small differences between a turn's options.
QUIET_LEVELS = frozenset({"hard", "expert"})
#: The expert's worlds give the other seats the party their printed opening plan places
#: (``inference.infer_opening``) in this share of the worlds; the rest are drawn uniformly,
#: as every other level draws them all.
EXPERT_EXPECT_PLAN = 0.75
#: With this on, the expert weighs at its own decision which of its characters takes a
#: defeat's XP (XP Ownership) instead of giving it to the defeater as the other levels do.
#: On since its tournament against hard: 129 of 200, 64.5 % (docs/ai.md, sessions 33-34).
EXPERT_WEIGHS_XP = True


def make_agent(level: str, seed: int, scale: float = 1.0) -> DraftSeat | None:
    """The generic search with this game's hooks and settings, seated so that it can also
    play a draft; None (the framework's own agent) for the random level. ``scale``
    multiplies the level's iterations and time cap (a budget scale, ``hard*4``)."""
    if level == "random":
        return None
    judge: Evaluator = (QuietEvaluator(DEFAULT_WEIGHTS, seed) if level in QUIET_LEVELS
                        else partial(evaluate, weights=DEFAULT_WEIGHTS))
    settings = scaled_settings(level_settings("terrene", level), scale)
    draw = infer_opening(EXPERT_EXPECT_PLAN) if level == "expert" and EXPERT_EXPECT_PLAN \
        else None
    pick = partial(candidates, weigh_xp=True) if level == "expert" and EXPERT_WEIGHS_XP \
        else candidates
    inner = build_agent(settings, seed, judge, candidates=pick, search_view=search_view,
                        determinize=draw)
    return DraftSeat(inner, seed)


__all__ = ["DEFAULT_WEIGHTS", "EXPERT_EXPECT_PLAN", "EXPERT_WEIGHS_XP", "LEVELS", "QUIET_LEVELS",
           "DraftSeat", "QuietEvaluator", "Weights", "ai_deck", "ai_pick", "candidates",
           "deck_danger", "evaluate", "expect_plan", "infer_opening", "make_agent",
           "opening_for_turn", "printed_plan", "quiet", "search_view", "set_chance", "settle",
           "worth_searching"]
