"""Arranging Chaostle positions for rule tests: positions built from a description
(rules/chaostle/scenario.py), and ways to play on through the rules."""

from __future__ import annotations

from typing import Any

from rules.chaostle import GAME
from rules.chaostle.state import ChaostleState
from rules.core import CHANCE, Action, Scenario


def position(armies: list[list[str]], crowns: list[str], where: dict[str, str] | None = None,
             *, setup: dict[str, Any] | None = None,
             characters: dict[str, dict[str, Any]] | None = None,
             **description: Any) -> ChaostleState:
    """The position a scenario's ``[position]`` describes, built and checked as a scenario
    file would be: each seat's army and crown (seat 0 first), characters standing on the
    spaces of ``where`` (others as ``characters`` says), seat 1 (``turn``) in its battles
    phase unless ``phase`` says otherwise. The setup's army size is the first army's."""
    full = {"players": len(armies), "army": str(len(armies[0])), **(setup or {})}
    chars: dict[str, dict[str, Any]] = {cid: {"space": sp} for cid, sp in (where or {}).items()}
    for cid, fields in (characters or {}).items():
        chars[cid] = {**chars.get(cid, {}), **fields}
    desc = {"seats": [{"army": a, "crown": c} for a, c in zip(armies, crowns, strict=True)],
            "characters": chars, "turn": 1, **description}
    if "roll" not in desc:
        desc.setdefault("phase", "battles")
    s = GAME.build_scenario(Scenario("chaostle", "test", setup=full, position=desc))
    assert isinstance(s, ChaostleState)
    return s


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


def act(s: ChaostleState, kind: str, *args: Any) -> list[Any]:
    """Apply the one legal action of this kind and arguments for whoever decides now."""
    who = s.decision().players[0]
    return s.apply(who, Action(kind, tuple(args)))


def roll(s: ChaostleState, *faces: int) -> None:
    for face in faces:
        kind = "dice" if any(a.kind == "dice" for a in s.legal_actions(CHANCE)) else "die"
        s.apply(CHANCE, Action(kind, (face,)))
