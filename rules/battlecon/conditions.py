"""Trigger conditions ("Hit, range 1-2:", "Before, if you were hit:", "3+ Fury") as short
strings in the data, checked here."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from rules.battlecon import movement

if TYPE_CHECKING:
    from rules.battlecon.state import BattleconState

_RANGE = re.compile(r"^range (\d+)-(\d+)$")
_AT_LEAST = re.compile(r"^(\w+)>=(\d+)$")
_MORE = re.compile(r"^(\w+)>(\w+)$")
_LIFE = re.compile(r"^life<=(\d+)$")


def holds(st: BattleconState, who: int, condition: str) -> bool:
    """Whether ``condition`` holds for ``who`` now (this beat's events, held components)."""
    beat = st.beat(who)
    simple = {
        "was_hit": lambda: beat["was_hit"],
        "hit": lambda: beat["hit"],
        "moved": lambda: beat["moved"],
        "finisher_unused": lambda: not st.player(who)["finisher_used"],
        "can_afford_finisher": lambda: st.can_afford_finisher(who),
        "opponent_at_edge": lambda: movement.at_edge(st.pos(st.foe(who)), st.width),
    }
    if condition in simple:
        return bool(simple[condition]())
    if condition.startswith("form:"):
        return st.player(who)["form"] == condition[5:]
    if condition.startswith("staff:"):
        return st.ua(who).get("staff") == condition[6:]
    if condition.startswith("token:"):
        return condition[6:] in st.ua(who).get("supply", ())
    if condition.startswith("tide:"):
        return tide(st, who) == condition[5:]
    if condition == "foe_on_paint":
        return st.pos(st.foe(who)) in st.ua(who).get("paint", ())
    if condition == "paint_free":
        return any(s not in (st.pos(0), st.pos(1)) for s in st.ua(who).get("paint", ()))
    ua = st.ua(who)
    tale = {
        "fresh_beat": lambda: ua.get("last_beat") != st.s["beat"],
        "embellished": lambda: ua.get("last_beat") == st.s["beat"],
        "tale_told": lambda: "ready" in ua and not ua["ready"],
        "any_told": lambda: bool(ua.get("told")),
        "drinking": lambda: bool(ua.get("active")),
        "foe_drinks": lambda: bool(st.ua(st.foe(who)).get("drinks")),
    }
    if condition in tale:
        return bool(tale[condition]())
    if condition.startswith("ready:"):
        return condition[6:] in ua.get("ready", ())
    if condition.startswith("drink:"):
        return condition[6:] in ua.get("drinks", ())
    if condition == "foe_has_tokens":
        return bool(st.ua(who).get("foe"))
    if m := _RANGE.match(condition):
        return int(m[1]) <= st.distance() <= int(m[2])
    if m := _LIFE.match(condition):
        return st.player(who)["life"] <= int(m[1])
    if m := _AT_LEAST.match(condition):
        held = st.player(who)["force"] if m[1] == "force" else st.ua(who).get(m[1], 0)
        return held >= int(m[2])
    if m := _MORE.match(condition):
        ua = st.ua(who)
        return ua.get(m[1], 0) > ua.get(m[2], 0)
    raise ValueError(f"unknown trigger condition {condition!r}")


def tide(st: BattleconState, who: int) -> str:
    """Dravil's Ebbing Tide: "ice" when he stands between the foe and the Ice marker."""
    ice = st.ua(who)["ice"]
    me, foe = st.pos(who), st.pos(st.foe(who))
    return "ice" if (me - foe) * (ice - foe) > 0 and abs(ice - me) < abs(ice - foe) else "steam"


def all_hold(st: BattleconState, who: int, conditions: list[str]) -> bool:
    return all(holds(st, who, c) for c in conditions)
