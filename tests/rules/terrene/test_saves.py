"""Saves: a Terrene Odyssey state saved in today's format (version 1) still loads and plays on.

The fixtures were written by the version-1 code (commit 0194a0c) from seeded random matches
(``Match(GAME, GAME.random_setup(Random(2026), n), 2026)`` for the duel and the 2 vs 2
best-of-three, ``Match(GAME, {"players": 5, "format": "draft"}, 2026)`` for the draft;
random legal actions from ``Random(2027)``), stopped at the first decision after 30
decisions with a link on the chain or a battle (the duel), after 40 with a link or a prompt
(2 vs 2), and after 30 picks and games (the draft). Whatever the state's shape becomes,
loading them must give the same position: the same decision, the same legal actions and,
played on the same way, the same end."""

import json
from pathlib import Path

import pytest

from rules.terrene import GAME
from tests.rules.saved import assert_same_position, load_saved

FIXTURES = Path(__file__).parent / "fixtures"

#: name: (who decides, how many legal actions, winners, reason, decisions to the end),
#: measured on the version-1 code that wrote the fixtures.
SAVED = {
    "duel": ((0,), 1, (0,), "Player 2: Spellcaster Control ran from the battle", 53),
    "team": ((3,), 1, (1, 3), "Player 2 (team B): Spellcaster Control and Player 4 (team B): "
             "Rainstorm OTK won the set 2-0", 118),
    "draft": ((0,), 7, (0,), "draft won by Player 1 with 3 points", 520),
}


def _load(name: str):
    return load_saved(GAME, FIXTURES / f"saved_v1_{name}.json")


@pytest.mark.parametrize("name", sorted(SAVED))
def test_a_state_saved_in_the_version_1_format_loads_and_plays_on(name):
    """Saves keep loading: a version-1 save is the same position after loading."""
    assert_same_position(_load(name), SAVED[name])


@pytest.mark.parametrize("name", sorted(SAVED))
def test_a_loaded_save_writes_back_what_it_read(name):
    """Loading and saving again loses nothing: the re-saved state loads to the same hash."""
    st = _load(name)
    again = GAME.state_from_json(json.loads(json.dumps(st.to_json())))
    assert again.state_hash() == st.state_hash()


#: Version-2 saves (the chain and the prompt in fields of their own), written by the
#: version-2 code (commit 4cc49f1) from ``Match(GAME, GAME.random_setup(Random(seed), n),
#: seed)`` with random legal actions from ``Random(seed + 1)``, stopped at the first decision
#: after 20 with a prompt above a link (seed 2030, 1v1: an oversupply) or with two links on
#: the chain (seed 2028, 2v2). Measured on that code as ``SAVED`` above.
SAVED_V2 = {
    "prompt": ((0,), 3, (1,), "Player 2: Tsue the Balanced won the set 2-0", 13),
    "chain": ((0,), 1, (0, 2), "Player 1 (team A): Direct Damage and Player 3 (team A): "
              "Greggory Beatdown won the set 2-1", 59),
}


@pytest.mark.parametrize("name", sorted(SAVED_V2))
def test_a_state_saved_in_the_version_2_format_loads_and_plays_on(name):
    """Saves keep loading: a version-2 save's chain and prompt become frames of the one
    pending stack (the links first, the prompt on top), and the position is the same."""
    path = FIXTURES / f"saved_v2_{name}.json"
    old = json.loads(path.read_text())
    st = load_saved(GAME, path)
    assert [link.to_json() for link in st.chain] == [
        {"@": "terrene.link", **link} for link in old["chain"]]
    if old["prompt"] is None:
        assert st.prompt is None
    else:
        assert st.pending.top is st.prompt and st.prompt.to_v1() == {
            k: v for k, v in old["prompt"].items() if v is not None}
    assert_same_position(st, SAVED_V2[name])
