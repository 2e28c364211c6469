"""Arranging Chaostle positions for rule tests."""

from __future__ import annotations

from typing import Any

from rules.chaostle import GAME
from rules.chaostle.flow import new_turn
from rules.chaostle.state import ChaostleState
from rules.core import CHANCE, Action


def opening(armies: list[list[str]], crowns: list[str], **setup: Any) -> ChaostleState:
    """Play the draft and crown choice through ``apply`` (seat 0 picks first), then stop
    before anyone places a character."""
    n = len(armies)
    full = GAME.validate_setup({"players": n, "army": str(len(armies[0])), **setup})
    s = GAME.new_state(full, 1)
    assert isinstance(s, ChaostleState)
    s.apply(CHANCE, Action("first", (0,)))
    todo = [list(a) for a in armies]
    while s.phase == "draft":
        seat = s.decision().players[0]
        s.apply(seat, Action("pick", (todo[seat].pop(0),)))
    while s.phase == "crown":
        seat = s.decision().players[0]
        s.apply(seat, Action("crown", (crowns[seat],)))
    return s


def put(s: ChaostleState, cid: str, space: str) -> None:
    """Stand a character on a space (arranging a position for a test)."""
    ch = s.chars[cid]
    ch["status"], ch["at"], ch["hp"] = "play", space, s.max_hp(cid)


def turn_of(s: ChaostleState, seat: int, phase: str = "battles") -> None:
    """Start ``seat``'s turn and jump to ``phase`` (arranging a position for a test)."""
    new_turn(s, seat, [])
    s.queue.clear()
    s.phase = phase


def act(s: ChaostleState, kind: str, *args: Any) -> list[Any]:
    """Apply the one legal action of this kind and arguments for whoever decides now."""
    who = s.decision().players[0]
    return s.apply(who, Action(kind, tuple(args)))


def roll(s: ChaostleState, *faces: int) -> None:
    for face in faces:
        kind = "dice" if any(a.kind == "dice" for a in s.legal_actions(CHANCE)) else "die"
        s.apply(CHANCE, Action(kind, (face,)))
