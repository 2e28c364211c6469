"""Terrene's draft AI against another way of drafting (a benchmark, not a test).

    ARENA_AI_FIXED_BUDGET=1 .venv/bin/python -m tests.ai.terrene_draft_ladder 16 [START]
        [--opponent random|greedy]

Four-seat drafts (``Match(GAME, {"players": 4, "format": "draft"}, 9000 + d)`` for d from
START): two seats are the draft AI (``ai.terrene.make_agent("normal", ...)``: picks by the
drafting heuristic, an automatic deck, its games played by the normal search), two are the
opponent kind and the same in all else (automatic deck, normal search); the kinds sit on
seats 0 and 2 or 1 and 3 in turn. Every level above random drafts with the same heuristic
(``ai.terrene.drafting.DraftSeat``), so the opponents are the ways of drafting short of it:

- ``random`` picks at random from the pile in front of it;
- ``greedy`` picks the card the rules' deck completion ranks first (``draft_value`` with
  nothing held: the order ``auto_deck`` sorts a pool by), blind to what it has drafted.

One JSON line per draft: the tournament points and, for each game between the two kinds,
1 (the AI drafter won), 0 (lost) or 0.5 (both won).
"""

from __future__ import annotations

import argparse
import json

from ai.levels import make_agent
from ai.terrene import DraftSeat
from rules.core import Action, GameState, Match
from rules.terrene import GAME
from rules.terrene.content import cards
from rules.terrene.draft import draft_value
from rules.terrene.draft_match import DraftMatch
from rules.terrene.kinds import Act, Stage


class RandomPicker(DraftSeat):
    """A drafter that picks at random, and is the draft AI in all else."""

    def pick(self, pile: list[str]) -> str:
        return self.rng.choice(pile)

    def choose(self, view: GameState, player: int) -> Action:
        if isinstance(view, DraftMatch) and view.stage == Stage.PICK:
            pile = sorted(view.draft.pile_of(player))
            return Action(Act.DRAFT_PICK, (self.pick(pile),), "")
        return super().choose(view, player)


class GreedyPicker(RandomPicker):
    """A drafter that takes the card the rules' deck completion ranks first (ties drawn at
    random), whatever it holds; the draft AI in all else."""

    def pick(self, pile: list[str]) -> str:
        best = max(draft_value(cards()[c], []) for c in pile)
        return self.rng.choice([c for c in pile if draft_value(cards()[c], []) == best])


OPPONENTS: dict[str, type[RandomPicker]] = {"random": RandomPicker, "greedy": GreedyPicker}


def one_draft(d: int, opponent: str = "random") -> dict[str, object]:
    heuristic = {0, 2} if d % 2 == 0 else {1, 3}
    agents = {}
    for p in range(4):
        seat = make_agent("terrene", "normal", 1000 * d + p)
        assert isinstance(seat, DraftSeat)
        agents[p] = (DraftSeat if p in heuristic else OPPONENTS[opponent])(seat.inner, 1000 * d + p)
    match = Match(GAME, {"players": 4, "format": "draft"}, 9000 + d)
    cross: list[float] = []
    played = [0]  # games recorded so far
    points = [0] * 4  # the points before the last game

    def on_step(m: Match, *_: object) -> None:
        st = m.state
        if not isinstance(st, DraftMatch):
            return
        if len(st.tour.played) > played[0]:
            a, b = st.tour.played[-1]
            won = [q for q in (a, b) if st.tour.points[q] > points[q]]
            if (a in heuristic) != (b in heuristic):
                ai = a if a in heuristic else b
                cross.append(0.5 if len(won) == 2 else 1.0 if won == [ai] else 0.0)
            played[0] = len(st.tour.played)
        points[:] = st.tour.points

    match.play(agents, max_decisions=200_000, on_step=on_step)
    st = match.state
    assert isinstance(st, DraftMatch)
    return {"draft": d, "opponent": opponent, "ai_seats": sorted(heuristic),
            "points": st.tour.points, "cross": cross, "over": st.outcome() is not None}


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("count", type=int, nargs="?", default=16)
    parser.add_argument("start", type=int, nargs="?", default=0)
    parser.add_argument("--opponent", choices=sorted(OPPONENTS), default="random")
    args = parser.parse_args()
    for d in range(args.start, args.start + args.count):
        print(json.dumps(one_draft(d, args.opponent)), flush=True)
