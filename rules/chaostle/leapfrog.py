"""Leap frog: a player's characters standing in a line (adjacent since the start of the
turn) advance as a group, the back one hopping over the others to the front once per
movement point. No battle-card movement (before or after), and no castle jumps (one hop
never covers one).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.chaostle.effects import land
from rules.chaostle.howto import event
from rules.chaostle.kinds import Act
from rules.core import Action, Event

if TYPE_CHECKING:
    from rules.chaostle.state import ChaostleState as S


def _steps(s: S, space: str) -> list[str]:
    return [b for b, cost in s.board.adjacent[space] if cost == 1]


def adjacent_pairs(s: S, seat: int) -> list[list[str]]:
    """Pairs of this player's characters on neighbouring spaces (noted at turn start)."""
    where = {s.space_of(c): c for c in s.on_board(seat)}
    pairs = []
    for space, cid in where.items():
        for nxt in _steps(s, space):
            other = where.get(nxt)
            if other is not None and cid < other:
                pairs.append([cid, other])
    return sorted(pairs)


def _lines(s: S, seat: int) -> list[tuple[str, ...]]:
    """Every line (back to front) of two or more characters adjacent since turn start that
    have not moved yet this turn (a character makes one move a turn)."""
    paired = {frozenset(p) for p in s.turn.frogs}
    moved = set(s.turn.mv)
    where = {s.space_of(c): c for c in s.on_board(seat) if c not in moved}
    out: list[tuple[str, ...]] = []

    def grow(line: tuple[str, ...]) -> None:
        if len(line) >= 2:
            out.append(line)
        front = s.space_of(line[-1])
        for nxt in _steps(s, front):
            other = where.get(nxt)
            if other and other not in line and frozenset((line[-1], other)) in paired:
                grow(line + (other,))

    for cid in where.values():
        grow((cid,))
    return out


def _open_for_all(s: S, line: tuple[str, ...], a: str, b: str) -> bool:
    return all(s.board.may_step(a, b, s.rules_for(c)) for c in line)


def _continuations(s: S, line: tuple[str, ...], hops: int) -> list[tuple[str, ...]]:
    occ = s.occupancy()
    used = {s.space_of(c) for c in line}
    out: list[tuple[str, ...]] = []

    def walk(node: str, path: tuple[str, ...]) -> None:
        if len(path) == hops:
            out.append(path)
            return
        for nxt in _steps(s, node):
            if nxt in used or nxt in path or nxt in occ or not _open_for_all(s, line, node, nxt):
                continue
            walk(nxt, path + (nxt,))

    walk(s.space_of(line[-1]), ())
    return out


def _line_open(s: S, line: tuple[str, ...]) -> bool:
    """Every hop passes along the whole line: no link in it may cross anyone's line."""
    spaces = [s.space_of(c) for c in line]
    return all(_open_for_all(s, line, a, b) for a, b in zip(spaces, spaces[1:], strict=False))


def actions(s: S, hops: int, fate: bool) -> list[Action]:
    """Leap frogs of ``hops``; on a five the player also names who meets the fate."""
    acts = []
    for line in _lines(s, s.current):
        if not _line_open(s, line):
            continue
        names = ", ".join(s.name(c) for c in line)
        for path in _continuations(s, line, hops):
            label = f"Leap frog {names} {hops} to {s.space_label(path[-1])}"
            if not fate:
                acts.append(Action(Act.FROG, (line, path, line[-1]), label))
                continue
            acts += [Action(Act.FROG, (line, path, c), f"{label}; {s.name(c)} meets the fate")
                     for c in line]
    return acts


def apply(s: S, line: tuple[str, ...], path: tuple[str, ...], events: list[Event]) -> None:
    spaces = [s.space_of(c) for c in line] + list(path)
    order = list(line)
    hops = len(path)
    order = order[hops % len(order):] + order[: hops % len(order)]
    for c in line:
        s.chars[c].at = None
    events.append(event("frog", f"{', '.join(s.name(c) for c in line)} leap frog {hops}",
                        {"line": list(line), "path": list(path)}))
    for j, c in enumerate(order):
        # it goes along the line and on over the path: every space from its own to its new
        land(s, c, tuple(spaces[line.index(c):hops + j + 1]), events)
