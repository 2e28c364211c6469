"""How good a BattleCON position is for one fighter, in [-1, 1].

What decides a duel: life (worth more as the Force pool, the clock, runs down: at time
over the higher life wins), Force in hand (Overloads and the Finisher), standing at a
distance that suits you and not the foe, not being cornered, and each fighter's Unique
Ability resources (counters, tokens, markers, forms, drinks, tales)."""

from __future__ import annotations

import math

from rules.battlecon.conditions import tide
from rules.battlecon.state import BattleconState
from rules.core.state import GameState

LIFE_WEIGHT = 2.0  # per 20 life of difference, early in the duel
LIFE_URGENCY = 2.0  # extra life weight as the pool empties (time over decides on life)
FORCE_WEIGHT = 0.25  # per 10 Force of difference
RANGE_WEIGHT = 0.08  # standing in your preferred range / out of the foe's
CORNER_WEIGHT = 0.06  # standing on an edge space
FINISHER_WEIGHT = 0.12  # an affordable Finisher in reserve
UA_WEIGHT = 1.0


def _ua_worth(st: BattleconState, p: int) -> float:
    """A small value for the fighter's Unique Ability resources."""
    pl = st.player(p)
    ua = pl.ua
    fid = pl.fighter
    if fid == "amon":
        return 0.03 * ("code_white", "code_green", "code_yellow", "code_red").index(pl.form)
    if fid == "cindra":
        return 0.1 * (pl.form == "phoenix_form") + 0.05 * bool(pl.statuses)
    if fid == "kimbhe":
        return {"held": 0.05, "board": 0.04, "stolen": -0.08}[ua["staff"]]
    if fid == "lucida":
        return 0.05 * len(ua["supply"]) + 0.02 * len(ua["spent"])
    if fid == "dareios":
        return 0.03 * len(ua["drinks"])
    if fid == "trias":
        return 0.015 * len(ua["ready"])
    if fid == "burgundy":
        return 0.02 * len(ua["paint"])
    if fid == "dravil":
        return 0.0 if tide(st, p) == "ice" else 0.01
    if fid == "hayden":
        return 0.01 * float(ua["fury"] + ua["control"])
    return 0.0


def _range_fit(st: BattleconState, p: int) -> float:
    lo, hi = st.fighter(p)["preferred_range"]
    return 1.0 if lo <= st.distance() <= hi else 0.0


def _side(st: BattleconState, p: int) -> float:
    """Everything but life for one fighter (the caller takes the difference)."""
    pl = st.player(p)
    value = FORCE_WEIGHT * pl.force / 10
    value += RANGE_WEIGHT * _range_fit(st, p)
    if st.pos(p) in (0, st.width - 1):
        value -= CORNER_WEIGHT
    if not pl.finisher_used and pl.force + 2 >= pl.life:
        value += FINISHER_WEIGHT
    return value + UA_WEIGHT * _ua_worth(st, p)


def evaluate(state: GameState, player: int) -> float:
    """The heuristic value of ``state`` for ``player`` in [-1, 1] (±1 once decided)."""
    out = state.outcome()
    if out is not None:
        return 2.0 * out.scores[player] - 1.0
    assert isinstance(state, BattleconState)
    st = state
    s = st
    foe = 1 - player
    spent = 1.0 - s.pool / max(1, s.pool_start)
    weight = LIFE_WEIGHT + LIFE_URGENCY * spent + (4.0 if s.final_beat else 0.0)
    life = (st.player(player).life - st.player(foe).life) / 20
    total = weight * life + _side(st, player) - _side(st, foe)
    return math.tanh(total)
