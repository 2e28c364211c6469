"""BattleCON AI: a heuristic evaluation and a matrix-game agent for each level.

``make_agent`` returns the matrix-game agent (see ``agent.py``) for easy / normal / hard;
``random`` falls back to the framework's random agent. ``LEVELS`` tunes the generic search
for anyone who builds it directly (e.g. to pit IS-MCTS against the matrix agent)."""

from __future__ import annotations

from typing import Any

from ai.battlecon.agent import BattleconAgent, Settings, finish_beat
from ai.battlecon.evaluation import evaluate
from ai.battlecon.team import SeatAgent

#: Matrix-agent settings per level (budgets measured with ``launcher.py bench``).
AGENT_LEVELS: dict[str, Settings] = {
    "easy": Settings(max_rows=6, max_cols=6, ante_samples=2, lookahead=False, epsilon=0.25,
                     time_cap=0.3),
    "normal": Settings(max_rows=12, max_cols=10, ante_samples=3, lookahead=False,
                       time_cap=0.6),
    "hard": Settings(max_rows=40, max_cols=40, ante_samples=8, lookahead=True, time_cap=2.5,
                     deepen=3, next_size=5, refine_rounds=2, deepen_cap=4.0),
    # hard's full matrix, a wider and deeper second beat (a 4 x 4 support, 8 x 8 next-beat
    # games, three rounds) and twice the ante samples; the Set is capped at 2.3 s in all;
    # its 3 best in-beat options judged by the next beat's game over 40 pairs a side, and
    # the cells playing every in-beat choice to the beat's end (session 50: 245 of 400 v hard)
    "expert": Settings(max_rows=40, max_cols=40, ante_samples=16, lookahead=True,
                       time_cap=1.4, deepen=4, next_size=8, refine_rounds=3, deepen_cap=2.3,
                       beat_ahead=40, beat_ahead_options=3, cell_foresee=True),
}

#: Generic-search overrides: the evaluation replaces long random playouts.
LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 60, "rollout_depth": 10, "epsilon": 0.2, "time_cap": 0.3},
    "normal": {"iterations": 250, "rollout_depth": 15, "time_cap": 0.8},
    "hard": {"iterations": 1000, "rollout_depth": 25, "time_cap": 4.0},
    "expert": {"iterations": 3000, "rollout_depth": 25, "time_cap": 2.7},
}


def make_agent(level: str, seed: int, scale: float = 1.0) -> BattleconAgent | None:
    """The matrix-game agent for ``level`` (None for "random": the generic one serves);
    in a team game (3-4 players) it hands each decision to the team agent (team.py).
    ``scale`` multiplies the level's budget (``Settings.scaled``, ``hard*4``)."""
    settings = AGENT_LEVELS.get(level)
    return None if settings is None else SeatAgent(seed, settings, level, scale)


__all__ = ["AGENT_LEVELS", "LEVELS", "BattleconAgent", "Settings", "evaluate", "finish_beat",
           "make_agent"]
