"""The dice tray: physics moves the dice, the rules' faces are what they show at rest."""

from __future__ import annotations

import pytest

from game.dice import DiceTray, render_die_face


def settle(tray: DiceTray, seconds: float = 4.0) -> None:
    for _ in range(int(seconds / (1 / 60))):
        tray.update(1 / 60)


@pytest.mark.parametrize("seed", range(6))
def test_dice_settle_on_the_faces_the_rules_rolled(seed):
    tray = DiceTray(200, 100, 400, 200, seed=seed)
    faces = [(seed + k) % 6 + 1 for k in range(3)]
    tray.throw(faces)
    assert tray.rolling
    settle(tray)
    assert not tray.rolling
    assert tray.shown_faces() == faces


def test_dice_tumble_while_rolling():
    tray = DiceTray(200, 100, 400, 200, seed=4)
    tray.throw([6, 6])
    seen = set()
    for _ in range(60):
        tray.update(1 / 60)
        seen.update(tray.shown_faces())
    assert len(seen) > 1


def test_dice_move_under_physics_and_stay_in_the_tray():
    tray = DiceTray(200, 100, 400, 200, seed=1)
    tray.throw([2])
    start = tuple(tray.throw_.dice[0].body.position)
    settle(tray)
    x, y = tray.throw_.dice[0].body.position
    assert (x, y) != start
    assert 0 <= x <= 400 and 0 <= y <= 200


def test_non_numeric_faces_settle_too():
    tray = DiceTray(200, 100, 400, 200)
    tray.throw(["hit", "miss"], sides=0)
    settle(tray)
    assert tray.shown_faces() == ["hit", "miss"]


def test_skip_brings_dice_to_rest_at_once():
    tray = DiceTray(200, 100, 400, 200)
    tray.throw([1, 5])
    tray.skip()
    assert not tray.busy() and tray.shown_faces() == [1, 5]


def test_a_new_throw_replaces_the_old_dice():
    tray = DiceTray(200, 100, 400, 200)
    tray.throw([1, 2, 3])
    tray.throw([4])
    assert len(tray.throw_.dice) == 1 and len(tray.space.bodies) == 1


def _marked(face) -> int:
    """Pixels of the face's middle that differ from its plain colour (pips or a label)."""
    surface = render_die_face(face, (250, 250, 250))
    return sum(1 for x in range(10, 36) for y in range(10, 36)
               if surface.get_at((x, y))[:3] != (250, 250, 250))


def test_die_faces_render_pips_and_labels():
    assert render_die_face(3, (250, 250, 250)).get_size() == (46, 46)
    assert _marked(3) > 30 and _marked("x2") > 30
    assert _marked(1) < _marked(6)
    assert render_die_face(3, (250, 250, 250)).get_at((23, 23))[:3] != (250, 250, 250)


def test_roll_events_give_their_faces_to_the_tray():
    from game.tables.generic import roll_faces
    from rules.core import Event

    assert roll_faces(Event("roll", "two dice", {"faces": [3, 5]})) == [3, 5]
    assert roll_faces(Event("roll", "one die", {"roll": 4})) == [4]
    assert roll_faces(Event("move", "moved", {"faces": [1]})) == []
