"""The typed state (issue #13, step 3) plays and shows exactly what the version-1 state did.

Each digest covers the saved state and every seat's view after every decision of a random
game (the setup and the actions from ``Random(seed)``); they were measured on the
version-1 code (commit 0f69aa0), before any of the state moved onto models. A card change
that reaches a traced game changes its digest: "2:3" (Rainstorm OTK v Traps Thieves) was
measured again when Knife in the Shadows' Unblockable became Shadow Step (balance run 12),
and again when Rainstorm OTK's going-first opening started Ashen the Unseemly and Tripwire
where it started Knife and Blinding Bomb (balance run 14), each time the only change."""

import hashlib
import json
import random

import pytest

from rules.core import CHANCE
from rules.terrene import GAME
from rules.terrene.model import Unit

#: "players:seed" -> digest, measured on the version-1 code
TRACES = {
    "2:0": "8830abe7ea8a0a0e", "2:1": "c45cb7934ebaeba2", "2:2": "a4dd7e3150a721d0",
    "2:3": "01a902f7ca7b92d2", "2:4": "e8e1cc5f8284990e", "2:5": "7813154b37fa06af",
    "4:0": "4d1523bc57f07d58", "4:1": "d56ca932bfea82c8", "4:2": "9947705ff44be1ce",
    "4:3": "321c7e669daffa7d", "4:4": "dcc2dd7e94b4847e", "4:5": "b00291e6b13b96be",
}


def _trace(players: int, seed: int) -> str:
    rng = random.Random(seed)
    st = GAME.new_state(GAME.random_setup(random.Random(seed), players), seed)
    h = hashlib.sha256()
    while st.outcome() is None:
        d = st.decision()
        if d.is_chance:
            st.apply(CHANCE, st.sample_chance(rng))
        else:
            p = d.players[0]
            st.apply(p, rng.choice(st.legal_actions(p)))
        h.update(json.dumps(st.to_v1(), sort_keys=True).encode())
        for q in range(st.num_players):
            h.update(json.dumps(st.view(q).to_v1(), sort_keys=True).encode())
    return h.hexdigest()[:16]


@pytest.mark.parametrize("key", sorted(TRACES))
def test_every_state_and_view_of_a_random_game_is_as_before(key):
    players, seed = map(int, key.split(":"))
    assert _trace(players, seed) == TRACES[key]


def test_a_unit_saves_in_the_version_1_shape_and_back():
    """The version-1 keys (def, known only once set, borrowed maybe missing)."""
    old = {"ctrl": 1, "up": False, "dmg": 3, "xp": 5, "lv": 2, "atk": 1, "def": -2,
           "mods": [["atk", 2, "end_of_turn", 4]], "status": {"slow": ["permanent", 3]},
           "gained": {}, "decay": 1, "attacked": True, "card": 17, "card_up": False,
           "resourceful_used": False, "counters": 0}
    u = Unit.from_v1(old)
    assert (u.def_, u.borrowed, u.known) == (-2, None, False)
    assert u.mods == [("atk", 2, "end_of_turn", 4)]
    assert u.to_v1() == {**old, "borrowed": None}
    u.known = True
    assert Unit.from_v1(u.to_v1()).known
    c = u.clone()
    c.status["stun"] = ("end_of_turn", 4)
    c.mods.append(("crit", 1, "end_of_turn", 4))
    assert "stun" not in u.status and len(u.mods) == 1


def test_a_save_loads_in_this_version_and_an_unknown_version_is_refused_by_name():
    """Version 3 round-trips; a version neither 1, 2 nor 3 gets a message naming them."""
    st = GAME.new_state(GAME.random_setup(random.Random(3), 2), 3)
    data = st.to_json()
    assert data["version"] == 3
    assert GAME.state_from_json(json.loads(json.dumps(data))).state_hash() == st.state_hash()
    with pytest.raises(ValueError, match="version 3 or 2 or 1"):
        GAME.state_from_json({**data, "version": 7})
