"""Saves: a Battle for Biternia state saved in an older format (version 1 or 2) still loads
and plays on.

The fixtures were written by the version-1 code (commit ec14f3d) from seeded random matches
(``Match(GAME, GAME.random_setup(Random(2026), n), 2026)``, random legal actions from
``Random(2027)``): the duel stopped after 216 decisions at a target choice inside an
Action-phase card, the 2 vs 2 game after 150 decisions in Orders with some orders face down
and learned powers not yet shown. Whatever the state's shape becomes, loading them must give
the same position: the same decision, the same legal actions and, played on the same way,
the same end."""

import json
from pathlib import Path

import pytest

from rules.biternia import GAME
from tests.rules.saved import assert_same_position, load_saved

FIXTURES = Path(__file__).parent / "fixtures"


def _load(name: str):
    return load_saved(GAME, FIXTURES / f"saved_v1_{name}.json")


#: name: (who decides, the legal actions' labels, winners, reason, decisions to the end),
#: measured on the version-1 code that wrote the fixtures.
SAVED = {
    "duel": ((0,), ["Strike: target Runika", "Strike: target Dolgolae"], (0,),
             "the blue team destroyed the enemy Elemental Bit", 3336),
    "team": ((1, 2, 3), ["Order Runika: Dash", "Order Runika: Parry", "Order Runika: Defend",
                         "Order Dolgolae: Dash", "Order Dolgolae: Parry",
                         "Order Dolgolae: Defend"], (0, 2),
             "the blue team destroyed the enemy Elemental Bit", 1969),
}


@pytest.mark.parametrize("name", sorted(SAVED))
def test_a_state_saved_in_the_version_1_format_loads_and_plays_on(name):
    """Saves keep loading: a version-1 save is the same position after loading."""
    assert_same_position(_load(name), SAVED[name], check=False)


#: Version-2 saves (the typed state, cards in resolution as plain dicts beside the pending
#: choice), written by the version-2 code (commit 3878990) from seeded random games
#: (``GAME.new_state`` with random teams, random legal actions and dice from ``Random(seed)``):
#: a 2 vs 2 game (seed 30) stopped at an Interrupt choice on an Interrupt (two cards in
#: resolution), a duel with the catapult (seed 1) at the catapult's choice. Measured there:
#: (who decides, the legal actions' labels, winners, reason, decisions to the end).
SAVED_V2 = {
    "interrupt": ((0,), ["Interrupt with Motley: Deflect", "No interrupt"], (1, 3),
                  "the red team destroyed the enemy Elemental Bit", 3216),
    "catapult": ((0,), ["Pay 1 gold: catapult attacks Red top Tower",
                        "Pay 1 gold: catapult attacks Red middle Tower",
                        "Do not fire the catapult"], (1,),
                 "the red team destroyed the enemy Elemental Bit", 2331),
}


@pytest.mark.parametrize("name", sorted(SAVED_V2))
def test_a_state_saved_in_the_version_2_format_loads_and_plays_on(name):
    """Saves keep loading: a version-2 save (cards in resolution as dicts) is the same
    position on the PendingStack of frames."""
    st = load_saved(GAME, FIXTURES / f"saved_v2_{name}.json")
    assert st.version == 3 and len(st.stack) == {"interrupt": 2, "catapult": 1}[name]
    assert_same_position(st, SAVED_V2[name], check=False)


def test_a_save_from_an_unknown_version_is_refused_with_a_clear_message():
    data = json.loads((FIXTURES / "saved_v1_duel.json").read_text())
    data["version"] = 99
    with pytest.raises(ValueError, match="Battle for Biternia state version 99"):
        GAME.state_from_json(data)
