"""Trigger conditions ("Hit, range 1-2:", "Before, if you were hit:", "3+ Fury") as short
strings in the data, checked here. Plain names look up ``FLAGS``; ``prefix:value`` names
look up ``KEYED``; the rest are small comparisons (``range 1-2``, ``life<=7``,
``fury>=2``, ``fury>control``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import rules.battlecon.movement as movement

if TYPE_CHECKING:
    from rules.battlecon.state import BattleconState

Check = Callable[["BattleconState", int], Any]

_RANGE = re.compile(r"^range (\d+)-(\d+)$")
_AT_LEAST = re.compile(r"^(\w+)>=(\d+)$")
_MORE = re.compile(r"^(\w+)>(\w+)$")
_LIFE = re.compile(r"^life<=(\d+)$")


def tide(st: BattleconState, who: int) -> str:
    """Dravil's Ebbing Tide: "ice" when he stands between the foe and the Ice marker."""
    ice = st.ua(who)["ice"]
    me, foe = st.pos(who), st.pos(st.foe(who))
    return "ice" if (me - foe) * (ice - foe) > 0 and abs(ice - me) < abs(ice - foe) else "steam"


def _paint_free(st: BattleconState, who: int) -> bool:
    taken = st.occupied()
    return any(s not in taken for s in st.ua(who).get("paint", ()))


FLAGS: dict[str, Check] = {
    # this beat's events
    "was_hit": lambda st, p: st.beat(p).was_hit,
    "hit": lambda st, p: st.beat(p).hit,
    "moved": lambda st, p: st.beat(p).moved,
    # Switch and the Finisher
    "finisher_unused": lambda st, p: not st.player(p).finisher_used,
    "can_afford_finisher": lambda st, p: st.can_afford_finisher(p),
    # the board
    "opponent_at_edge": lambda st, p: movement.at_edge(st.pos(st.foe(p)), st.width),
    "foe_on_paint": lambda st, p: st.pos(st.foe(p)) in st.ua(p).get("paint", ()),
    "paint_free": _paint_free,
    # held components
    "foe_has_tokens": lambda st, p: st.ua(p).get("foe"),
    "fresh_beat": lambda st, p: st.ua(p).get("last_beat") != st.beat_no,
    "embellished": lambda st, p: st.ua(p).get("last_beat") == st.beat_no,
    "tale_told": lambda st, p: "ready" in st.ua(p) and not st.ua(p)["ready"],
    "any_told": lambda st, p: st.ua(p).get("told"),
    "drinking": lambda st, p: st.ua(p).get("active"),
    "foe_drinks": lambda st, p: st.ua(st.foe(p)).get("drinks"),
}

KEYED: dict[str, Callable[[BattleconState, int, str], Any]] = {
    "form": lambda st, p, v: st.player(p).form == v,
    "staff": lambda st, p, v: st.ua(p).get("staff") == v,
    "token": lambda st, p, v: v in st.ua(p).get("supply", ()),
    "tide": lambda st, p, v: tide(st, p) == v,
    "ready": lambda st, p, v: v in st.ua(p).get("ready", ()),
    "drink": lambda st, p, v: v in st.ua(p).get("drinks", ()),
}


def _compare(st: BattleconState, who: int, condition: str) -> bool:
    if m := _RANGE.match(condition):
        return int(m[1]) <= st.distance(who) <= int(m[2])
    if m := _LIFE.match(condition):
        return st.player(who).life <= int(m[1])
    if m := _AT_LEAST.match(condition):
        held = st.force(who) if m[1] == "force" else st.ua(who).get(m[1], 0)
        return held >= int(m[2])
    if m := _MORE.match(condition):
        ua = st.ua(who)
        more: bool = ua.get(m[1], 0) > ua.get(m[2], 0)
        return more
    raise ValueError(f"unknown trigger condition {condition!r}")


def holds(st: BattleconState, who: int, condition: str) -> bool:
    """Whether ``condition`` holds for ``who`` now (this beat's events, held components)."""
    flag = FLAGS.get(condition)
    if flag is not None:
        return bool(flag(st, who))
    key, sep, value = condition.partition(":")
    if sep and key in KEYED:
        return bool(KEYED[key](st, who, value))
    return _compare(st, who, condition)


def all_hold(st: BattleconState, who: int, conditions: list[str]) -> bool:
    return all(holds(st, who, c) for c in conditions)
