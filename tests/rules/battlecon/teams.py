"""Test helpers for team play: a team game at its first Set with chosen spaces, and a beat
driven by scripts (pairs per seat, Overloads per seat, a chooser for in-beat choices)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.battlecon import GAME
from rules.battlecon.content import load
from rules.battlecon.kinds import Act, Phase
from rules.battlecon.state import BattleconState
from rules.core import Action, Scenario
from tests.rules.battlecon.duel import give


def team_game(fighters: tuple[str, ...], layout: str | None = None, active: int = 0,
              spaces: tuple[int, ...] | None = None, seats: dict[int, dict[str, Any]] | None
              = None, **position: Any) -> BattleconState:
    """A team game built from a scenario description (rules/battlecon/scenario.py): seat
    ``active`` (0-based) starts Active, each team placed by its first option, Finishers by
    index 0; ``spaces`` (1-based) then moves the standups, ``seats`` gives more fighter
    fields by (0-based) seat and ``position`` the other fields (``teams``, ``pool``...)."""
    setup: dict[str, Any] = {"players": len(fighters),
                             **{f"fighter.{p}": f for p, f in enumerate(fighters)}}
    if layout:
        setup["teams"] = layout
    tables: list[dict[str, Any]] = [dict((seats or {}).get(p, {})) for p in range(len(fighters))]
    for p, table in enumerate(tables):
        if spaces:
            table["space"] = spaces[p]
        if load().fighters[fighters[p]].get("setup_choices"):
            table["extra"] = "fury"
    scenario = Scenario("battlecon", "test", setup=setup,
                        position={"active": active + 1, "fighters": tables, **position})
    return GAME.build_scenario(scenario)


Chooser = Callable[[BattleconState, int, list[Action]], Action]


def first(st: BattleconState, p: int, options: list[Action]) -> Action:
    return options[0]


def set_pairs(st: BattleconState, pairs: dict[int, tuple[str, str]]) -> None:
    for p, pair in pairs.items():
        give(st, p, *pair)
        st.apply(p, Action(Act.SET, pair))


def play_beat(st: BattleconState, pairs: dict[int, tuple[str, str]],
              antes: dict[int, list[str]] | None = None, choose: Chooser = first) -> list:
    """Set every seat's pair, ante the listed Overloads when offered, then resolve."""
    set_pairs(st, pairs)
    todo = {p: list(v) for p, v in (antes or {}).items()}
    events = []
    while st.phase == Phase.ANTE:
        p = st.decision().players[0]
        wanted = todo.get(p)
        act = Action(Act.OVERLOAD, (wanted.pop(0),)) if wanted else Action(Act.PASS)
        events += st.apply(p, act)
    while st.phase == Phase.RESOLVE:
        p = st.decision().players[0]
        events += st.apply(p, choose(st, p, st.legal_actions(p)))
    return events


def texts(events: list) -> list[str]:
    return [e.text for e in events]
