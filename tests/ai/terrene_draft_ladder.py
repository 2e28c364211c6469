"""Terrene's draft AI against random picking (a benchmark, not a test).

    ARENA_AI_FIXED_BUDGET=1 .venv/bin/python -m tests.ai.terrene_draft_ladder 16

Four-seat drafts (``Match(GAME, {"players": 4, "format": "draft"}, 9000 + d)``): two seats
are the draft AI (``ai.terrene.make_agent("normal", ...)``: picks by the drafting heuristic,
an automatic deck, its games played by the normal search), two pick at random from the pile
in front of them and are otherwise the same (automatic deck, normal search); the kinds sit
on seats 0 and 2 or 1 and 3 in turn. One JSON line per draft: the tournament points and, for
each game between the two kinds, 1 (the AI drafter won), 0 (lost) or 0.5 (both won).
"""

from __future__ import annotations

import json
import sys

from ai.levels import make_agent
from ai.terrene import DraftSeat
from rules.core import Action, GameState, Match
from rules.terrene import GAME
from rules.terrene.draft_match import DraftMatch
from rules.terrene.kinds import Act, Stage


class RandomPicker(DraftSeat):
    """A drafter that picks at random, and is the draft AI in all else."""

    def choose(self, view: GameState, player: int) -> Action:
        if isinstance(view, DraftMatch) and view.stage == Stage.PICK:
            pile = sorted(view.draft.pile_of(player))
            return Action(Act.DRAFT_PICK, (self.rng.choice(pile),), "")
        return super().choose(view, player)


def one_draft(d: int) -> dict[str, object]:
    heuristic = {0, 2} if d % 2 == 0 else {1, 3}
    agents = {}
    for p in range(4):
        seat = make_agent("terrene", "normal", 1000 * d + p)
        assert isinstance(seat, DraftSeat)
        agents[p] = (DraftSeat if p in heuristic else RandomPicker)(seat.inner, 1000 * d + p)
    match = Match(GAME, {"players": 4, "format": "draft"}, 9000 + d)
    cross: list[float] = []
    seen = {"played": 0, "points": [0] * 4}

    def on_step(m: Match, *_: object) -> None:
        st = m.state
        if not isinstance(st, DraftMatch):
            return
        if len(st.tour.played) > seen["played"]:
            a, b = st.tour.played[-1]
            won = [q for q in (a, b) if st.tour.points[q] > seen["points"][q]]
            if (a in heuristic) != (b in heuristic):
                ai = a if a in heuristic else b
                cross.append(0.5 if len(won) == 2 else 1.0 if won == [ai] else 0.0)
            seen["played"] = len(st.tour.played)
        seen["points"] = list(st.tour.points)

    match.play(agents, max_decisions=200_000, on_step=on_step)
    st = match.state
    assert isinstance(st, DraftMatch)
    return {"draft": d, "ai_seats": sorted(heuristic), "points": st.tour.points,
            "cross": cross, "over": st.outcome() is not None}


if __name__ == "__main__":
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 16
    start = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    for d in range(start, start + count):
        print(json.dumps(one_draft(d)), flush=True)
