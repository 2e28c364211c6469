"""Saves: BattleCON states saved by older versions of the code still load and play on.

The version-1 fixtures were written by the version-1 code (commit 9f6df27) from seeded
random matches (``Match(GAME, GAME.random_setup(Random(2026), n), 2026)``, random legal
actions from ``Random(2027)``), stopped after 40 decisions at the first Ante (the duel: both
pairs face down) or the first choice inside a beat (2 vs 2 team play).

The version-2 fixtures (the typed state with the beat's frames as plain dicts and the
pending choice beside them) were written by the version-2 code (BattleCON's rules as of
commit 4cc49f1) the same way (``Match(GAME, GAME.random_setup(Random(s), n), s)``, actions
from ``Random(s + 1)``; the duel s = 2027, team play s = 2026), stopped at the first choice
inside a beat after 30 decisions with an effect op (the duel) or a tied order (team play)
on the frame stack.

Whatever the state's shape becomes, loading them must give the same position: the same
decision, the same legal actions and, played on the same way, the same end."""

import json
from pathlib import Path

import pytest

from rules.battlecon import GAME
from rules.battlecon.frames import Attack, OpStep, PhaseStep, TiedOrder, Timing
from tests.rules.saved import assert_same_position, load_saved

FIXTURES = Path(__file__).parent / "fixtures"

#: name: (who decides, the legal actions (how many, or their labels), winners, reason,
#: decisions to the end), measured on the code that wrote the fixtures.
SAVED = {
    "v1_duel": ((1,), 4, (0,), "Hayden is defeated", 30),
    "v1_team": ((1,), 2, (1, 3), "the team of Hayden and Trias (4) is the last standing", 193),
    "v2_duel": ((1,), ["Rend Courage", "Rend Pain", "Rend Valor"], (1,),
                "Burgundy is defeated", 54),
    "v2_team": ((1,), ["Hayden acts first", "Trias (4) acts first"], (1, 3),
                "the team of Hayden and Trias (4) is the last standing", 193),
}


def _load(name: str):
    return load_saved(GAME, FIXTURES / f"saved_{name}.json")


@pytest.mark.parametrize("name", sorted(SAVED))
def test_a_state_saved_in_an_older_format_loads_and_plays_on(name):
    """Saves keep loading: a version-1 or version-2 save is the same position after
    loading."""
    assert_same_position(_load(name), SAVED[name])


def test_a_version_2_frame_stack_becomes_typed_frames_with_the_question_on_top():
    """The plain frames of a version-2 save load as the frames of the PendingStack, in
    order, the pending choice the top frame's question."""
    duel = _load("v2_duel")
    kinds = [type(f) for f in duel.stack.frames]
    assert kinds == [PhaseStep] * 4 + [Attack, Attack, Timing, OpStep]
    top = duel.stack.top
    assert isinstance(top, OpStep) and top.question is not None and top.question.who == 1
    assert all(f.question is None for f in duel.stack.frames[:-1])
    team = _load("v2_team")
    assert isinstance(team.stack.top, TiedOrder) and team.question is not None
    assert team.question.prompt == "Tied teammates: who acts first?"


def test_a_save_with_an_unknown_frame_is_refused_with_a_message():
    data = json.loads((FIXTURES / "saved_v2_duel.json").read_text())
    data["stack"][0]["t"] = "dance"
    with pytest.raises(ValueError, match="unknown kind 'dance'"):
        GAME.state_from_json(data)
