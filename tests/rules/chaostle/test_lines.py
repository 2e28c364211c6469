"""The coloured line holds under any circumstances: every move and placement, in directed
positions and in many seeded random games."""

from __future__ import annotations

import random

import pytest

from rules.chaostle import GAME
from rules.chaostle.board import board
from rules.chaostle.effects import LineCrossed, land
from rules.chaostle.state import ChaostleState
from rules.core import CHANCE, Match
from tests.rules.chaostle.helpers import position, roll

ARMIES = [["dwarf"], ["rogue"]]


def _progress(space: str, crown: str) -> float | None:
    """Degrees round the castle from the crown's line in its direction (None off the ring),
    worked out here from the board's geometry, apart from the engine's line test."""
    bd = board()
    sp, c = bd.spaces[space], bd.crowns[crown]
    if sp.kind == "inner":
        return None
    return ((sp.angle - c.line_angle) * c.direction) % 360.0


def _crosses(a: str, b: str, crown: str) -> bool:
    """Going straight from a to b crosses the line when the progress round the board jumps
    by more than half a lap (the shorter way between them runs across the line)."""
    pa, pb = _progress(a, crown), _progress(b, crown)
    return pa is not None and pb is not None and abs(pb - pa) > 180.0


def test_trap_escape_never_crosses_the_own_line() -> None:
    """Character Movement: no character crosses its own coloured line under any
    circumstances, movement from fates included. A King's character that falls into the
    Shark Attack just past its line cannot come out on the trap's exit just short of the
    line on the other side (skipping the lap): it comes out where it fell in."""
    s = position(ARMIES, ["south.king", "north.king"], phase="begin", characters={
        "dwarf": {"trap": "shark_attack", "fell_from": "south.wk11"}})
    assert _crosses("south.wk11", s.board.traps["shark_attack"].exit, "south.king")
    roll(s, 6)
    assert s.chars["dwarf"].status == "play" and s.chars["dwarf"].at == "south.wk11"


def test_trap_escape_on_the_own_side_uses_the_exit() -> None:
    """Character Movement: a trap exit that the character reaches without crossing its
    line is where it comes out (here the Queen's character, whose line lies the other way
    from the south walkway's exit)."""
    s = position(ARMIES, ["south.queen", "north.king"], phase="begin", characters={
        "dwarf": {"trap": "shark_attack", "fell_from": "east.wk03"}})
    roll(s, 6)
    assert s.chars["dwarf"].at == "south.wk03"


def test_landing_refuses_any_way_across_the_own_line() -> None:
    """Character Movement: the one check every move and placement passes (landing) refuses
    a way across the character's own line and leaves it where it was."""
    s = position(ARMIES, ["south.king", "north.king"], {"dwarf": "south.wk09"})
    with pytest.raises(LineCrossed):
        land(s, "dwarf", ("south.wk09", "south.wk08"), [])
    with pytest.raises(LineCrossed):
        land(s, "dwarf", ("south.wk07",), [], came_from="south.wk09")
    assert s.chars["dwarf"].at == "south.wk09"


def test_leap_frog_is_checked_along_the_way_it_hops() -> None:
    """Character Movement, leap frog: the line's hops go along the line and on over the
    path, so a leap frog over the Inner Square from one royal stairway down the opposite
    one is judged by the spaces each character passes (none of them across its line),
    not as one straight jump across the castle."""
    s = position([["dwarf", "mage"], ["rogue", "crusader"]], ["north.king", "south.king"],
                 {"dwarf": "east.in0", "mage": "east.iq0"}, phase="roll")
    roll(s, 3)
    frog = next(a for a in s.legal_actions(0) if a.kind == "frog"
                and a.args[1] == ("north.iq0", "west.iq0", "west.in0"))
    events = s.apply(0, frog)
    assert s.chars["dwarf"].at == "west.in0" and s.chars["mage"].at == "west.iq0"
    walk = next(e.data["path"] for e in events if e.kind == "move"
                and e.data["char"] == "dwarf")
    assert walk == ["east.in0", "east.iq0", "north.iq0", "west.iq0", "west.in0"]


class _Watch:
    """Follows every character through a random game: each step of every move, and every
    placement (from the space it last stood on), is checked against its own line."""

    def __init__(self, s: ChaostleState) -> None:
        self.last: dict[str, str] = {}
        self.steps = 0
        self.placements = 0
        self.see(s)

    def see(self, s: ChaostleState) -> None:
        for cid, ch in s.chars.items():
            if ch.status == "play":
                self.last[cid] = ch.at
            elif ch.status in ("out", "sanctuary"):
                self.last.pop(cid, None)

    def check(self, s: ChaostleState, events: list) -> None:
        moved: set[str] = set()
        for e in events:
            if e.kind != "move":
                continue
            cid, path = e.data["char"], e.data["path"]
            crown = s.crowns[s.owner(cid)]
            before = self.last.get(cid)
            if before is not None:
                assert path[0] == before, (cid, before, path)
            for a, b in zip(path, path[1:], strict=False):
                assert not _crosses(a, b, crown), (cid, crown, path)
                self.steps += 1
            self.last[cid] = path[-1]
            moved.add(cid)
        for cid, ch in s.chars.items():
            before = self.last.get(cid)
            if ch.status == "play" and cid not in moved and before is not None \
                    and ch.at != before:
                crown = s.crowns[s.owner(cid)]
                assert not _crosses(before, ch.at, crown), (cid, crown, before, ch.at)
                self.placements += 1
        self.see(s)


def _random_game(seed: int, decisions: int) -> _Watch:
    rng = random.Random(seed)
    setup = GAME.random_setup(rng, rng.choice((2, 2, 3, 4, 6, 8)))
    m = Match(GAME, setup, seed)
    watch = _Watch(m.state)
    while not m.over and m.decisions < decisions:
        d = m.state.decision()
        if d.is_chance:
            a = m.state.sample_chance(m.rng)
            p = CHANCE
        else:
            p = d.players[0]
            a = rng.choice(m.state.legal_actions(p))
        events = m.submit(p, a)
        watch.check(m.state, events)
    return watch


def test_random_play_never_crosses_a_line() -> None:
    """Character Movement: no character crosses its own coloured line under any
    circumstances (roll, battle-card move, leap frog, entering play, fates, trap escapes,
    fights for a space): 200 seeded random games of 100 decisions (every setup option
    drawn, 2 to 8 players), every step of every move and every placement checked."""
    steps = placements = 0
    for seed in range(200):
        w = _random_game(seed, 100)
        steps += w.steps
        placements += w.placements
    assert steps > 10_000 and placements > 0
