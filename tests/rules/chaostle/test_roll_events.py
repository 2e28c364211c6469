"""The movement roll's event carries the die face, so the table can throw that die."""

import random

from rules.core import Match
from rules.registry import get_game


def _first_movement_roll(two_dice: str):
    game = get_game("chaostle")
    setup = {**game.default_setup(2), "two_dice": two_dice}
    match = Match(game, setup, 4)
    rng = random.Random(4)
    while not match.over:
        events = match.advance_chance() if match.state.decision().is_chance else None
        if events is None:
            p = match.state.decision().players[0]
            events = match.submit(p, rng.choice(match.state.legal_actions(p)))
        for e in events:
            if e.kind == "roll":
                return e
    raise AssertionError("no movement roll in the whole match")


def test_single_die_movement_roll_names_its_face():
    """Movement roll (turn order, step 2): one die, shown as that face."""
    event = _first_movement_roll("off")
    assert event.data["faces"] == [event.data["roll"]]
    assert 1 <= event.data["roll"] <= 6


def test_two_dice_movement_sum_is_not_shown_as_one_face():
    """Faster play option 2: two dice are summed; no single face is claimed."""
    event = _first_movement_roll("on")
    assert "faces" not in event.data
