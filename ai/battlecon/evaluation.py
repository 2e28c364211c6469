"""How good a BattleCON position is for one fighter, in [-1, 1].

What decides a duel: life (worth more as the Force pool, the clock, runs down: at time
over the higher life wins), Force in hand (Overloads and the Finisher), standing at a
distance that suits you and not the foe, not being cornered, and each fighter's Unique
Ability resources (counters, tokens, markers, forms, drinks, tales)."""

from __future__ import annotations

import math
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

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


# ---- the fitted evaluation ------------------------------------------------------------
#: The fitted evaluation's weights, with their provenance (build/fit_battlecon_evaluation.py).
FITTED_FILE = Path(__file__).with_name("data") / "fitted_evaluation.toml"
#: Below this much life a fighter is in reach of a good beat or two (the ``low`` feature).
LOW_LIFE = 10


def summarize(state: BattleconState) -> dict[str, Any]:
    """What the fitted evaluation reads of a duel, as plain data (positions are recorded
    in this form to fit it): the clock, and each fighter's life, Force, space, cards in
    hand and in the second discard pile (back in hand after this beat), Form, preferred
    range, whether the Finisher is spent and the Unique Ability's hand-set worth."""
    fighters = []
    for p in range(2):
        pl = state.player(p)
        fighters.append({"f": pl.fighter, "life": pl.life, "force": pl.force, "pos": pl.pos,
                         "held": pl.hand, "d2": list(pl.discard2),
                         "fin_used": pl.finisher_used, "ua": _ua_worth(state, p),
                         "form": pl.form, "pref": list(state.fighter(p)["preferred_range"])})
    return {"pool": state.pool, "pool_start": state.pool_start, "final": state.final_beat,
            "width": state.width, "pl": fighters}


def features(summary: dict[str, Any], player: int) -> dict[str, float]:
    """The fitted evaluation's features of a summarized duel for ``player``: each is
    ``player``'s side less the foe's, so the value for one fighter is minus the other's.
    Life counts more as the clock runs down (``life*spent``) and on the final beat;
    ``low`` is how far a fighter is below ``LOW_LIFE``; the current evaluation's terms
    (Force, range, edge, Finisher, Unique Ability) stand as they are; and one feature per
    card of a fighter in hand (``H:``) or coming back after this beat (``D2:``), per
    distance between the fighters (``R:``) and per Form (``FORM:``)."""
    me, foe = summary["pl"][player], summary["pl"][1 - player]
    spent = 1.0 - summary["pool"] / max(1, summary["pool_start"])
    life = (me["life"] - foe["life"]) / 20
    out: dict[str, float] = {"life": life, "life*spent": life * spent,
                             "life*final": life if summary["final"] else 0.0}
    distance = abs(me["pos"] - foe["pos"])
    for sign, side in ((1.0, me), (-1.0, foe)):
        lo, hi = side["pref"]
        fid = side["f"]
        terms = {"force": side["force"] / 10, "fit": float(lo <= distance <= hi),
                 "corner": float(side["pos"] in (0, summary["width"] - 1)),
                 "fin": float(not side["fin_used"] and side["force"] + 2 >= side["life"]),
                 "ua": side["ua"], "low": max(0, LOW_LIFE - side["life"]) / LOW_LIFE,
                 f"R:{fid}:{distance}": 1.0}
        if side["form"]:
            terms[f"FORM:{fid}:{side['form']}"] = 1.0
        for card in side["held"]:
            terms[f"H:{fid}:{card}"] = 1.0
        for card in side["d2"]:
            terms[f"D2:{fid}:{card}"] = 1.0
        for key, value in terms.items():
            if value:
                out[key] = out.get(key, 0.0) + sign * value
    return out


@cache
def fitted_weights() -> dict[str, float]:
    """The fitted evaluation's weight of each feature (``features``; absent: 0)."""
    with FITTED_FILE.open("rb") as f:
        data = tomllib.load(f)
    return {str(k): float(v) for k, v in data["weights"].items()}


class _FighterWeights:
    """One fighter's share of the fitted weights, looked up without building names."""

    def __init__(self) -> None:
        self.held: dict[str, float] = {}
        self.d2: dict[str, float] = {}
        self.distance: dict[int, float] = {}
        self.form: dict[str, float] = {}


@cache
def _by_fighter() -> dict[str, _FighterWeights]:
    tables: dict[str, _FighterWeights] = {}
    for key, weight in fitted_weights().items():
        kind, _, rest = key.partition(":")
        if not rest:
            continue
        fid, _, what = rest.partition(":")
        table = tables.setdefault(fid, _FighterWeights())
        if kind == "H":
            table.held[what] = weight
        elif kind == "D2":
            table.d2[what] = weight
        elif kind == "R":
            table.distance[int(what)] = weight
        elif kind == "FORM":
            table.form[what] = weight
    return tables


def _fitted_side(st: BattleconState, p: int, distance: int, w: dict[str, float]) -> float:
    """One fighter's share of the fitted logit (``features``' terms for its side)."""
    pl = st.player(p)
    table = _by_fighter().get(pl.fighter) or _FighterWeights()
    lo, hi = st.fighter(p)["preferred_range"]
    value = w.get("force", 0.0) * pl.force / 10 + w.get("ua", 0.0) * _ua_worth(st, p)
    if lo <= distance <= hi:
        value += w.get("fit", 0.0)
    if pl.pos in (0, st.width - 1):
        value += w.get("corner", 0.0)
    if not pl.finisher_used and pl.force + 2 >= pl.life:
        value += w.get("fin", 0.0)
    if pl.life < LOW_LIFE:
        value += w.get("low", 0.0) * (LOW_LIFE - pl.life) / LOW_LIFE
    value += table.distance.get(distance, 0.0)
    if pl.form:
        value += table.form.get(pl.form, 0.0)
    held, d2 = table.held, table.d2
    return (value + sum(held.get(c, 0.0) for c in pl.hand)
            + sum(d2.get(c, 0.0) for c in pl.discard2))


def fitted_evaluate(state: GameState, player: int) -> float:
    """The fitted value of ``state`` for ``player`` in [-1, 1] (±1 once decided): twice
    the chance of winning less one, the chance a logistic model of ``features`` fitted
    on the outcomes of recorded duels (FITTED_FILE says which). It sums the weights of
    ``features(summarize(state), player)`` without building either (a test holds the
    two equal): it runs in every cell of the Set's matrix."""
    out = state.outcome()
    if out is not None:
        return 2.0 * out.scores[player] - 1.0
    assert isinstance(state, BattleconState)
    w = fitted_weights()
    foe = 1 - player
    spent = 1.0 - state.pool / max(1, state.pool_start)
    life = (state.player(player).life - state.player(foe).life) / 20
    z = life * (w.get("life", 0.0) + w.get("life*spent", 0.0) * spent
                + (w.get("life*final", 0.0) if state.final_beat else 0.0))
    distance = state.distance()
    z += _fitted_side(state, player, distance, w) - _fitted_side(state, foe, distance, w)
    return math.tanh(z / 2)


#: The evaluations a level can choose (``Settings.evaluation``).
EVALUATIONS = {"heuristic": evaluate, "fitted": fitted_evaluate}
