"""Test helpers for team play: a team game at its first Set with chosen spaces, and a beat
driven by scripts (pairs per seat, Overloads per seat, a chooser for in-beat choices)."""

from __future__ import annotations

from collections.abc import Callable

from rules.battlecon import GAME
from rules.battlecon.state import BattleconState
from rules.core import CHANCE, Action
from tests.rules.battlecon.duel import give


def team_game(fighters: tuple[str, ...], layout: str | None = None, active: int = 0,
              spaces: tuple[int, ...] | None = None) -> BattleconState:
    """A team game at the first Set: seat ``active`` starts Active, each team placed by its
    first option, Finishers by index 0; ``spaces`` (1-based) then moves the standups."""
    setup = {"players": len(fighters), **{f"fighter.{p}": f for p, f in enumerate(fighters)}}
    if layout:
        setup["teams"] = layout
    st = GAME.new_state(GAME.validate_setup(setup), 1)
    st.apply(CHANCE, Action("first", (active,)))
    while st.s["phase"] == "place":
        p = st.decision().players[0]
        st.apply(p, st.legal_actions(p)[0])
    for p in range(st.num_players):
        fid = st.fighter(p)["finishers"][0]
        choice = "fury" if st.fighter(p).get("setup_choices") else ""
        st.apply(p, Action("setup", (fid, choice)))
    if spaces:
        for p, space in enumerate(spaces):
            st.player(p)["pos"] = space - 1
    return st


Chooser = Callable[[BattleconState, int, list[Action]], Action]


def first(st: BattleconState, p: int, options: list[Action]) -> Action:
    return options[0]


def set_pairs(st: BattleconState, pairs: dict[int, tuple[str, str]]) -> None:
    for p, pair in pairs.items():
        give(st, p, *pair)
        st.apply(p, Action("set", pair))


def play_beat(st: BattleconState, pairs: dict[int, tuple[str, str]],
              antes: dict[int, list[str]] | None = None, choose: Chooser = first) -> list:
    """Set every seat's pair, ante the listed Overloads when offered, then resolve."""
    set_pairs(st, pairs)
    todo = {p: list(v) for p, v in (antes or {}).items()}
    events = []
    while st.s["phase"] == "ante":
        p = st.decision().players[0]
        wanted = todo.get(p)
        act = Action("overload", (wanted.pop(0),)) if wanted else Action("pass")
        events += st.apply(p, act)
    while st.s["phase"] == "resolve":
        p = st.decision().players[0]
        events += st.apply(p, choose(st, p, st.legal_actions(p)))
    return events


def texts(events: list) -> list[str]:
    return [e.text for e in events]
