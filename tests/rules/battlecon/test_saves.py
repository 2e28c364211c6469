"""Saves: a BattleCON state saved in today's format (version 1) still loads and plays on.

The fixtures were written by the version-1 code (commit 9f6df27) from seeded random
matches (``Match(GAME, GAME.random_setup(Random(2026), n), 2026)``, random legal actions
from ``Random(2027)``), stopped after 40 decisions at the first Ante (the duel: both pairs
face down) or the first choice inside a beat (2 vs 2 team play). Whatever the state's
shape becomes, loading them must give the same position: the same decision, the same
legal actions and, played on the same way, the same end."""

from pathlib import Path

import pytest

from rules.battlecon import GAME
from tests.rules.saved import assert_same_position, load_saved

FIXTURES = Path(__file__).parent / "fixtures"

#: name: (who decides, how many legal actions, winners, reason, decisions to the end),
#: measured on the version-1 code that wrote the fixtures.
SAVED = {
    "duel": ((1,), 4, (0,), "Hayden is defeated", 30),
    "team": ((1,), 2, (1, 3), "the team of Hayden and Trias (4) is the last standing", 193),
}


def _load(name: str):
    return load_saved(GAME, FIXTURES / f"saved_v1_{name}.json")


@pytest.mark.parametrize("name", sorted(SAVED))
def test_a_state_saved_in_the_version_1_format_loads_and_plays_on(name):
    """Saves keep loading: a version-1 save is the same position after loading."""
    assert_same_position(_load(name), SAVED[name])
