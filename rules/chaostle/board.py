"""The castle board as a graph: spaces on three levels, steps, stairways and jumps,
coloured lines, starting positions and the stairways that upgrade them.

Movement and battle range are both counted along this graph (never by line of sight).
"""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass
from functools import cache

from rules.chaostle.content import board_template

KIND_WORDS = {"walkway": "walkway", "plus": "plus path", "wall": "wall", "stair": "stairway",
              "royal_stair": "royal stairway", "inner": "Inner Square"}


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    side: str
    kind: str
    level: float
    x: float
    y: float
    angle: float  # degrees clockwise on screen from the +x axis
    drawn: tuple[float, float]  # where the table draws its tile (layout units)

    @property
    def label(self) -> str:
        tid = self.id.split(".", 1)[1]
        if tid == "wk08":
            return f"{self.side} gate"
        if self.kind == "inner":
            return f"Inner Square ({self.side})"
        if self.kind == "royal_stair":
            return f"{self.side} royal stairway"
        number = int(tid[2:]) if tid[2:].isdigit() else tid[2:]
        return f"{self.side} {KIND_WORDS[self.kind]} {number}"


@dataclass(frozen=True, slots=True)
class Link:
    a: str
    b: str
    cost: int
    kind: str  # "step" or "jump"
    over: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Crown:
    """A King or Queen position: its starting space, direction and coloured line."""

    id: str
    side: str
    title: str
    colour: str
    direction: int  # +1 clockwise, -1 counter-clockwise
    start: str
    gate: str  # the space in front of this side's stairway to the Inner Square
    line_angle: float

    @property
    def label(self) -> str:
        way = "clockwise" if self.direction > 0 else "counter-clockwise"
        return f"{self.colour} {self.title} of the {self.side} ({way})"


@dataclass(frozen=True, slots=True)
class Trap:
    id: str
    name: str
    level: float
    x: float
    y: float
    exit: str


@dataclass(frozen=True, slots=True)
class Rules:
    """What limits one character's movement: its crown's line, the stairways to the Inner
    Square it may climb, and (half-board game) how far round it may go."""

    crown: str
    entry_sides: tuple[str, ...]
    limit: float | None = None


def _rotate(x: float, y: float, quarter_turns: int) -> tuple[float, float]:
    for _ in range(quarter_turns):
        x, y = -y, x
    return x, y


def _angle(x: float, y: float) -> float:
    return math.degrees(math.atan2(y, x)) % 360.0


class Board:
    """The whole castle, built from one side's template turned four times."""

    def __init__(self) -> None:
        tpl = board_template()
        self.sides: tuple[str, ...] = tuple(tpl["sides"])
        self.spaces: dict[str, Space] = {}
        self.links: list[Link] = []
        self.blocked_jumps: list[Link] = []
        self.adjacent: dict[str, list[tuple[str, int]]] = {}
        for i, side in enumerate(self.sides):
            for tid, e in tpl["space"].items():
                x, y = _rotate(e["x"], e["y"], i)
                sid = f"{side}.{tid}"
                dx, dy = e.get("drawn", (e["x"], e["y"]))
                drawn = _rotate(dx, dy, i)
                self.spaces[sid] = Space(sid, side, e["kind"], e["level"], x, y, _angle(x, y),
                                         drawn)
        for i, side in enumerate(self.sides):
            nxt = self.sides[(i + 1) % len(self.sides)]
            for e in tpl["link"].values():
                a = f"{side}.{e['a']}"
                b = e["b"]
                b = f"{nxt}.{b[5:]}" if b.startswith("next.") else f"{side}.{b}"
                over = tuple(f"{side}.{o}" for o in e.get("over", ()))
                cost = len(over) + 1 if e["kind"] == "jump" else 1
                link = Link(a, b, cost, e["kind"], over)
                if side in e.get("blocked_on", ()):
                    self.blocked_jumps.append(link)
                    continue
                self.links.append(link)
        for sid in self.spaces:
            self.adjacent[sid] = []
        for link in self.links:
            self.adjacent[link.a].append((link.b, link.cost))
            self.adjacent[link.b].append((link.a, link.cost))
        self.crowns: dict[str, Crown] = {}
        for side in self.sides:
            for cid, c in tpl["crown"].items():
                l1, l2 = (self.spaces[f"{side}.{t}"] for t in c["line"])
                mid = _angle((l1.x + l2.x) / 2, (l1.y + l2.y) / 2)
                colour = tpl["colour"][side][cid]
                direction = 1 if c["direction"] == "clockwise" else -1
                self.crowns[f"{side}.{cid}"] = Crown(
                    f"{side}.{cid}", side, c["title"], colour, direction,
                    f"{side}.{c['start']}", f"{side}.wk08", mid)
        self.labels: dict[str, str] = {sid: sp.label for sid, sp in self.spaces.items()}
        self.toads = frozenset(tpl["toads"])
        self.traps: dict[str, Trap] = {}
        for tid, t in tpl["trap"].items():
            x, y = _rotate(t["x"], t["y"], self.sides.index(t["side"]))
            self.traps[tid] = Trap(tid, t["name"], t["level"], x, y, f"{t['side']}.{t['exit']}")
        self.line_links: dict[str, frozenset[frozenset[str]]] = {
            cid: frozenset(frozenset((lk.a, lk.b)) for lk in self.links
                           if self.crosses_line(lk.a, lk.b, cid))
            for cid in self.crowns
        }
        # fixed per crown, looked up on every move: worked out once here
        self._progress: dict[str, dict[str, float | None]] = {
            cid: {sid: self._progress_of(sid, cid) for sid in self.spaces} for cid in self.crowns}
        self._starts: dict[str, tuple[str, ...]] = {
            cid: self._starting_positions(cid) for cid in self.crowns}

    # ---- geometry -------------------------------------------------------------------
    def _on_ring(self, sid: str) -> bool:
        return self.spaces[sid].kind != "inner"

    def crosses_line(self, a: str, b: str, crown_id: str) -> bool:
        """Whether going straight from space a to space b crosses the coloured line of crown
        ``crown_id``: both lie on the ring round the castle (the Inner Square does not) and
        the shorter way round between them passes across the line, that is, how far round
        the board they are (measured from the line) differs by more than half a lap (at
        exactly half a lap either way round is as short, and one of them does not cross).
        The one test of the line: for a step or jump of a move (``line_links``) and for a
        placement alike."""
        pa, pb = self._progress_of(a, crown_id), self._progress_of(b, crown_id)
        return pa is not None and pb is not None and abs(pb - pa) > 180.0

    def path_crosses_line(self, path: tuple[str, ...] | list[str], crown_id: str) -> bool:
        """Whether any step of ``path`` (consecutive spaces) crosses the crown's line."""
        return any(self.crosses_line(a, b, crown_id)
                   for a, b in zip(path, path[1:], strict=False))

    def gate(self, side: str) -> str:
        return f"{side}.wk08"

    def _progress_of(self, sid: str, crown_id: str) -> float | None:
        if not self._on_ring(sid):
            return None
        c = self.crowns[crown_id]
        return ((self.spaces[sid].angle - c.line_angle) * c.direction) % 360.0

    def progress(self, sid: str, crown_id: str) -> float | None:
        """How far round the board (degrees from its coloured line, in its direction) a
        space is for a crown's characters; None on the Inner Square."""
        return self._progress[crown_id][sid]

    def starting_positions(self, crown_id: str) -> tuple[str, ...]:
        """The original starting position, then the gates of the next three stairways."""
        return self._starts[crown_id]

    def _starting_positions(self, crown_id: str) -> tuple[str, ...]:
        c = self.crowns[crown_id]
        others = [self.gate(s) for s in self.sides if s != c.side]
        others.sort(key=lambda g: self.progress(g, crown_id) or 0.0)
        return (c.start, *others)

    # ---- movement -----------------------------------------------------------------------
    def may_step(self, a: str, b: str, rules: Rules) -> bool:
        """Whether a character moving under ``rules`` may go from a to b."""
        if frozenset((a, b)) in self.line_links[rules.crown]:
            return False
        sb = self.spaces[b]
        if sb.kind == "royal_stair" and self.spaces[a].kind == "walkway":
            if sb.side not in rules.entry_sides:
                return False
        if rules.limit is not None:
            p = self.progress(b, rules.crown)
            if p is not None and p > rules.limit + 1e-6:
                return False
        return True

    def destinations(self, origin: str, steps: int, rules: Rules) -> dict[str, tuple[str, ...]]:
        """Every space reachable by a move of exactly ``steps`` that never lands on the same
        space twice, with the path that goes furthest round the board (ties: first found)."""
        return _destinations(self, origin, steps, rules)

    def distances(self, origin: str, rules: Rules, also_forbidden: str | None = None
                  ) -> dict[str, int]:
        """Shortest movement-path length from ``origin`` to every space (battle range),
        also respecting the coloured line of crown ``also_forbidden``."""
        return _distances(self, origin, rules, also_forbidden)

    def range_between(self, a: str, b: str, rules: Rules, other_crown: str | None) -> int | None:
        return self.distances(a, rules, other_crown).get(b)


@cache
def board() -> Board:
    return Board()


@cache
def _open_links(bd: Board, rules: Rules, also_forbidden: str | None
                ) -> dict[str, tuple[tuple[str, int], ...]]:
    """The links a character under ``rules`` may use (also never crossing the coloured line
    of crown ``also_forbidden``), from each space."""
    extra = bd.line_links[also_forbidden] if also_forbidden else frozenset()
    return {
        a: tuple((b, c) for b, c in nbrs
                 if bd.may_step(a, b, rules) and frozenset((a, b)) not in extra)
        for a, nbrs in bd.adjacent.items()
    }


@cache
def _progress_table(bd: Board, crown: str) -> dict[str, float]:
    return {sid: bd.progress(sid, crown) or 0.0 for sid in bd.spaces}


@cache
def _destinations(bd: Board, origin: str, steps: int, rules: Rules
                  ) -> dict[str, tuple[str, ...]]:
    best: dict[str, tuple[float, tuple[str, ...]]] = {}
    links = _open_links(bd, rules, None)
    progress = _progress_table(bd, rules.crown)

    def walk(node: str, left: int, path: tuple[str, ...], peak: float) -> None:
        if left == 0:
            if node not in best or peak > best[node][0]:
                best[node] = (peak, path)
            return
        for nxt, cost in links[node]:
            if cost <= left and nxt not in path:
                walk(nxt, left - cost, path + (nxt,), max(peak, progress[nxt]))

    if steps > 0:
        walk(origin, steps, (origin,), progress[origin])
    return {dest: p for dest, (_, p) in best.items()}


@cache
def _distances(bd: Board, origin: str, rules: Rules, also_forbidden: str | None
               ) -> dict[str, int]:
    links = _open_links(bd, rules, also_forbidden)
    dist = {origin: 0}
    heap = [(0, origin)]
    while heap:
        d, node = heapq.heappop(heap)
        if d > dist[node]:
            continue
        for nxt, cost in links[node]:
            nd = d + cost
            if nd < dist.get(nxt, 1 << 30):
                dist[nxt] = nd
                heapq.heappush(heap, (nd, nxt))
    return dist
