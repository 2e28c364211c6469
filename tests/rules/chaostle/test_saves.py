"""Saves: a Chaostle state saved in today's format still loads and plays on.

Today's state carries no version number: a save is the ``to_json`` dict of the
attribute-based state (commit d15986a). The fixtures were written by that code from seeded
random matches (``GAME.new_state(GAME.random_setup(Random(2029), n), 2029)``, random legal
actions and dice from ``Random(2030)``), stopped at the first decision with an interruption
queued after 300 seat decisions: the duel waits on a fate to accept, the four-player game
inside a battle. They are written as the app writes saves (``json.dump(..., indent=1)``,
keys in the state's own order: the order of the characters orders the legal actions, so a
save with sorted keys would play on differently). Whatever the state's shape becomes,
loading them must give the same position: the same decision, the same legal actions and,
played on the same way, the same end."""

import json
from pathlib import Path

import pytest

from rules.chaostle import GAME
from tests.rules.saved import assert_same_position, load_saved, play_out

FIXTURES = Path(__file__).parent / "fixtures"

#: name: (who decides, how many legal actions, winners, reason, decisions to the end),
#: measured on the code that wrote the fixtures.
SAVED = {
    "duel": ((0,), 2, (0,), "Blue King seized Sanctuary", 8948),
    "four": ((1,), 2, (1,), "Purple Queen wins by the fate of Happiness", 631),
}


def _load(name: str):
    return load_saved(GAME, FIXTURES / f"saved_today_{name}.json")


@pytest.mark.parametrize("name", sorted(SAVED))
def test_a_state_saved_in_todays_format_loads_and_plays_on(name):
    """Saves keep loading: a save of today's format is the same position after loading."""
    assert_same_position(_load(name), SAVED[name])


@pytest.mark.parametrize("name", sorted(SAVED))
def test_a_loaded_save_saves_again_and_reloads_to_the_same_play(name):
    """A loaded old save, saved again in the current format, plays on the same way."""
    decider, n_actions, winner, reason, steps = SAVED[name]
    st = GAME.state_from_json(json.loads(json.dumps(_load(name).to_json())))
    assert st.decision().players == decider
    assert play_out(st, 5) == (winner, reason, steps)


def test_a_save_from_a_newer_version_is_refused_with_a_clear_message():
    """A save of a format newer than this code reads names its format instead of loading
    as something else."""
    data = json.loads((FIXTURES / "saved_today_duel.json").read_text())
    data["version"] = 99
    with pytest.raises(ValueError, match="newer"):
        GAME.state_from_json(data)


def test_a_save_is_now_written_with_its_format_version():
    """New saves carry the typed state's format number (old ones had none)."""
    data = _load("four").to_json()
    assert data["version"] == 3
    assert "version" not in json.loads((FIXTURES / "saved_today_four.json").read_text())


def test_a_version_2_save_with_plain_frames_loads_and_plays_on():
    """Version 2 (typed characters and turn, the interruptions still dicts with a "k"
    kind, front first) converts its queue the same way as an unversioned save."""
    decider, n_actions, winner, reason, steps = SAVED["four"]
    data = json.loads((FIXTURES / "saved_today_four.json").read_text())
    st = GAME.state_from_json({**data, "version": 2})
    assert st.decision().players == decider
    assert play_out(st, 5) == (winner, reason, steps)
