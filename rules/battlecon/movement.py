"""Where movement is decided: advance, retreat, push, pull, close and plain moves.

A fighter moves one space at a time, hops over other standups without counting their
spaces, never leaves the board and never ends on another standup. A movement that cannot
be made in full is ignored (the caller offers only the ones that can)."""

from __future__ import annotations


def toward(mover: int, target: int) -> int:
    """The direction (+1 / -1) from ``mover`` toward ``target``."""
    return 1 if target > mover else -1


def slide(start: int, direction: int, spaces: int, occupied: set[int], width: int) -> int | None:
    """The space reached moving ``spaces`` steps from ``start``; occupied spaces are hopped
    over and not counted. None if the move would leave the board."""
    pos = start
    moved = 0
    while moved < spaces:
        pos += direction
        if pos < 0 or pos >= width:
            return None
        if pos not in occupied:
            moved += 1
    return pos


def advance(mover: int, foe: int, spaces: int, width: int) -> int | None:
    """Advance ``spaces`` toward the foe (past them if the advance is long enough)."""
    return slide(mover, toward(mover, foe), spaces, {foe}, width)


def retreat(mover: int, foe: int, spaces: int, width: int) -> int | None:
    """Retreat ``spaces`` away from the foe."""
    return slide(mover, -toward(mover, foe), spaces, {foe}, width)


def push(pusher: int, foe: int, spaces: int, width: int) -> int | None:
    """Where the foe lands when pushed ``spaces`` away from ``pusher``."""
    return slide(foe, toward(pusher, foe), spaces, {pusher}, width)


def pull(puller: int, foe: int, spaces: int, width: int) -> int | None:
    """Where the foe lands when pulled ``spaces`` toward (and possibly past) ``puller``."""
    return slide(foe, toward(foe, puller), spaces, {puller}, width)


def close_distance(mover: int, foe: int, spaces: int) -> int:
    """How far a Close ``spaces`` advances: as far as possible without passing the foe."""
    return max(0, min(spaces, abs(foe - mover) - 1))


def passed(before: int, after: int, foe: int) -> bool:
    """Whether a move from ``before`` to ``after`` crossed the foe's space."""
    return (before - foe) * (after - foe) < 0


def at_edge(pos: int, width: int) -> bool:
    return pos == 0 or pos == width - 1
