"""Generic AI levels against each other on the fixture games (a benchmark, not a test).

    .venv/bin/python -m tests.ai.level_ladder goofspiel 60
    .venv/bin/python -m tests.ai.level_ladder kuhn 200

Prints each pair's mean score for the stronger level (seats alternating, seeded; draws
count half) and the seconds it took.
"""

from __future__ import annotations

import sys
import time

from ai.levels import make_agent
from rules.core import Game, Match
from tests.ai.fixtures.goofspiel import GAME as GOOFSPIEL
from tests.ai.fixtures.kuhn import GAME as KUHN

GAMES: dict[str, tuple[Game, dict]] = {
    "goofspiel": (GOOFSPIEL, {"players": 2, "cards": "5"}),
    "kuhn": (KUHN, {"players": 2}),
}
PAIRS = [("easy", "random"), ("normal", "easy"), ("hard", "normal")]


def ladder_pair(game: Game, setup: dict, stronger: str, weaker: str, games: int) -> float:
    total = 0.0
    for i in range(games):
        seat = i % 2
        agents = {seat: make_agent(game.id, stronger, i),
                  1 - seat: make_agent(game.id, weaker, 500 + i)}
        outcome = Match(game, setup, i).play(agents)
        total += outcome.scores[seat] if outcome else 0.5
    return total / games


def main(argv: list[str]) -> int:
    name = argv[0] if argv else "goofspiel"
    games = int(argv[1]) if len(argv) > 1 else 60
    game, setup = GAMES[name]
    for stronger, weaker in PAIRS:
        start = time.perf_counter()
        score = ladder_pair(game, setup, stronger, weaker, games)
        print(f"{name}: {stronger} vs {weaker}: {score:.3f} "
              f"({time.perf_counter() - start:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
