"""Test helpers: a duel set up past the opening choices, and a beat driven by scripts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.battlecon import GAME
from rules.battlecon.content import load
from rules.battlecon.kinds import Act, Phase
from rules.battlecon.state import BattleconState
from rules.core import Action, Scenario


def duel(f0: str = "wardlaw", f1: str = "wardlaw", active: int = 0,
         finishers: tuple[int, int] = (0, 0), extra: tuple[str, str] = ("fury", "fury"),
         one: dict[str, Any] | None = None, two: dict[str, Any] | None = None,
         **position: Any) -> BattleconState:
    """A duel built from a scenario description (rules/battlecon/scenario.py): seat
    ``active`` (0-based) is Active, Finishers chosen by index, ``extra`` the setup choice
    of a fighter who makes one; ``one`` / ``two`` are seat 1's / seat 2's fighter fields
    (``space``, ``life``, ``force``, ``hand``, ``pair``...) and ``position`` the other
    fields (``pool``, ``beat``, ``phase``...). Without them: the first Set."""
    fighters = []
    for p, (fid, fields) in enumerate(zip((f0, f1), (one, two), strict=True)):
        fighter = load().fighters[fid]
        table = {"finisher": fighter["finishers"][finishers[p]], **(fields or {})}
        if fighter.get("setup_choices"):
            table["extra"] = extra[p]
        fighters.append(table)
    scenario = Scenario("battlecon", "test", setup={"fighter.0": f0, "fighter.1": f1},
                        position={"active": active + 1, "fighters": fighters, **position})
    return GAME.build_scenario(scenario)


def give(st: BattleconState, p: int, *cards: str) -> None:
    """Move ``cards`` into seat ``p``'s hand from wherever they are (test set-up only)."""
    pl = st.player(p)
    for c in cards:
        for pile in (pl.discard1, pl.discard2):
            if c in pile:
                pile.remove(c)
                pl.held.append(c)
        assert c in pl.hand, c


Chooser = Callable[[BattleconState, list[Action]], Action]


def first(st: BattleconState, options: list[Action]) -> Action:
    return options[0]


def play_beat(st: BattleconState, pairs: tuple[tuple[str, str], tuple[str, str]],
              antes: tuple[list[str], list[str]] = ([], []), choose: Chooser = first) -> list:
    """Set both pairs, ante the listed Overloads, then pass and resolve with ``choose``."""
    for p in (0, 1):
        give(st, p, *pairs[p])
        st.apply(p, Action(Act.SET, pairs[p]))
    events = []
    todo = [list(antes[0]), list(antes[1])]
    while st.phase == Phase.ANTE:
        p = st.decision().players[0]
        act = Action(Act.OVERLOAD, (todo[p].pop(0),)) if todo[p] else Action(Act.PASS)
        events += st.apply(p, act)
    while st.phase == Phase.RESOLVE:
        p = st.decision().players[0]
        events += st.apply(p, choose(st, st.legal_actions(p)))
    return events


def texts(events: list) -> list[str]:
    return [e.text for e in events]
