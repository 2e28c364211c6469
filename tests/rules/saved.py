"""Shared by each game's test_saves.py: load a save written by an older version of the
code, and play it on the same seeded way to its end."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from rules.core import CHANCE, Game


def load_saved(game: Game, path: Path) -> Any:
    """The state a fixture file holds, loaded as the app loads a save."""
    return game.state_from_json(json.loads(path.read_text()))


def play_out(st: Any, seed: int, check: bool = True) -> tuple[tuple[int, ...], str, int]:
    """Play ``st`` on with random legal actions and dice from ``Random(seed)`` (checking the
    invariants after every decision when ``check``) to its end: (winners, reason, the
    decisions it took)."""
    rng = random.Random(seed)
    steps = 0
    while st.outcome() is None:
        d = st.decision()
        if d.is_chance:
            st.apply(CHANCE, st.sample_chance(rng))
            continue
        p = d.players[0]
        st.apply(p, rng.choice(st.legal_actions(p)))
        if check:
            assert not st.invariant_violations(), st.invariant_violations()
        steps += 1
    out = st.outcome()
    return out.winners, out.reason, steps


def assert_same_position(st: Any, expected: tuple[Any, ...], check: bool = True) -> None:
    """``st`` (a loaded old save) is the position the old code saved: ``expected`` is (who
    decides, the decider's legal actions — their count, or their labels —, winners, reason,
    decisions to the end when played on by ``play_out(st, 5)``)."""
    decider, legal, winner, reason, steps = expected
    assert not st.invariant_violations()
    assert st.decision().players == decider
    actions = st.legal_actions(decider[0])
    if isinstance(legal, int):
        assert len(actions) == legal
    else:
        assert [a.label for a in actions] == legal
    assert play_out(st, 5, check) == (winner, reason, steps)
