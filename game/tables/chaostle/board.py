"""The castle drawn once: the moat and lawn, the level 1 walkway with its gate bays, the
level 3 wall ring (crenellated, with the bridge jump over each gate), the level 2 courtyard
with its plus path, Sanctuary's keep, the stairways, the eight crowns with their coloured
lines, the Lucky Toads and the four traps. Everything comes from the rules' board
(``view.board``); nothing here knows a space by name."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

import pygame

from game import icons, theme
from game.cardface import CardFace
from game.tables.chaostle.layout import EXTENT, KEEP_RADIUS, LIFT, Camera
from rules.chaostle.content import trap_rules
from rules.chaostle.state import ChaostleState

MOAT, LAWN = (30, 70, 84), (58, 92, 52)
FLOOR = (92, 84, 70)  # the castle floor inside the walls: ground level, no one walks on it
# Each level has its own stone, as on the rulebook's board diagram: the level 1 cobblestone
# walkway greenish grey, the level 2 plus path and Inner Square yellow, the level 3 wall path
# blue. STONE is a terrace's top, FACE its wall face (its height below it), TILE_FILL a space on
# it and RIM the coloured line along the terrace's top edge.
STONE = {1.0: (128, 136, 116), 2.0: (206, 172, 96), 3.0: (112, 132, 166)}
FACE = {1.0: (70, 74, 62), 2.0: (116, 90, 48), 3.0: (58, 68, 92)}
TILE_FILL = {1.0: (176, 184, 160), 2.0: (242, 216, 146), 3.0: (190, 208, 234)}
RIM = {1.0: (104, 150, 84), 2.0: (236, 196, 84), 3.0: (96, 150, 222)}
SHADOW = (0, 0, 0, 90)  # a higher terrace's shadow on what lies below it
PATH = (96, 82, 66)


class Paper:
    """The castle's own surface while it is drawn: its camera (layout units to the
    surface's pixels) and the scale of its strokes (1 at 31.6 pixels a unit)."""

    cam = Camera(pygame.Rect(0, 0, 480, 480))

    @classmethod
    def use(cls, size: int) -> None:
        cls.cam = Camera(pygame.Rect(0, 0, size, size))

    @classmethod
    def px(cls, n: float) -> int:
        """``n`` pixels at the old 480-pixel scale, at this scale (at least one)."""
        return max(1, round(n * cls.cam.unit / (480 / (2 * EXTENT))))


def to_local(x: float, y: float, level: float = 1.0) -> tuple[float, float]:
    """A layout point in the board surface's own pixels."""
    return Paper.cam.to_px(x, y, level)


def _rot(x: float, y: float, quarter: int) -> tuple[float, float]:
    for _ in range(quarter):
        x, y = -y, x
    return x, y


def _square(r: float, level: float) -> list[tuple[float, float]]:
    return [to_local(x, y, level) for x, y in ((-r, -r), (r, -r), (r, r), (-r, r))]


def _rect(x0: float, y0: float, x1: float, y1: float, quarter: int, level: float
          ) -> list[tuple[float, float]]:
    return [to_local(*_rot(x, y, quarter), level)
            for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]


def _turned(points: list[tuple[float, float]], quarter: int, level: float
            ) -> list[tuple[float, float]]:
    return [to_local(*_rot(x, y, quarter), level) for x, y in points]


def _ring(side: list[tuple[float, float]], level: float) -> list[tuple[float, float]]:
    """A closed outline made of one side's points (the south side, east to west) and the
    same turned to the other three sides."""
    return [p for q in range(4) for p in _turned(side, q, level)]


def _terrace(surf: pygame.Surface, pieces: list[list[tuple[float, float]]], level: float,
             fill: tuple[int, int, int] | None = None) -> None:
    """Raised slabs of one level: the shadow they cast on what lies lower (to the lower
    right), their dark wall face (the footprint below the lifted top), the top in the
    level's stone and the level's coloured line along the top's edge, with a dark line
    outside it where the wall drops."""
    lift = (level - 1.0) * LIFT * Paper.cam.unit
    if lift > 0:
        shade = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        off = lift * 0.35 + Paper.px(1)
        for points in pieces:
            pygame.draw.polygon(shade, SHADOW, [(x + off, y + lift + off * 0.5)
                                                for x, y in points])
        surf.blit(shade, (0, 0))
        for points in pieces:
            foot = [(x, y + lift) for x, y in points]
            pygame.draw.polygon(surf, FACE[level], foot)
            for (ax, ay), (bx, by) in zip(points, foot, strict=True):
                pygame.draw.line(surf, FACE[level], (ax, ay), (bx, by), Paper.px(2))
    for points in pieces:
        pygame.draw.polygon(surf, fill or STONE[level], points)
    for points in pieces:
        pygame.draw.lines(surf, theme.blend(FACE[level], (0, 0, 0), 0.4), True, points,
                          Paper.px(3))
        pygame.draw.lines(surf, RIM[level], True, points, Paper.px(1.5))


def _sides(view: ChaostleState) -> tuple[str, ...]:
    return tuple(view.board.sides)


def castle_size(cam: Camera) -> int:
    """The castle surface's side at a camera's scale."""
    return round(2 * EXTENT * cam.unit)


def draw_castle(view: ChaostleState, cam: Camera) -> pygame.Surface:
    """The whole board at the camera's scale, a square of ``castle_size`` (cached per board
    and scale) to be drawn centred on the camera's centre."""
    return _castle(view.board, castle_size(cam))


@lru_cache(maxsize=4)
def _castle(board: Any, size: int) -> pygame.Surface:
    Paper.use(size)
    surf = pygame.Surface((size, size))  # opaque: a quick blit (its corners are the frame's)
    rect = surf.get_rect()
    surf.fill(theme.WOOD)
    pygame.draw.rect(surf, MOAT, rect, border_radius=14)
    for k in range(6):  # ripples on the moat
        pygame.draw.rect(surf, theme.blend(MOAT, (60, 110, 124), k / 8), rect.inflate(-6 * k,
                         -6 * k), width=1, border_radius=14)
    pygame.draw.polygon(surf, LAWN, _square(7.05, 1.0))
    _draw_walkway(surf)
    _draw_courtyard(surf)
    _draw_walls(surf)
    _draw_links(surf, board)
    _draw_tiles(surf, board)
    _draw_crowns(surf, board)
    _draw_toads(surf, board)
    _draw_keep(surf)
    _draw_side_names(surf, board)
    pygame.draw.rect(surf, theme.WOOD, rect, width=4, border_radius=14)
    return surf


# The outline of each level (layout units, the south side from east to west; the other
# sides are the same turned): the walkway's inner edge with its gate bay, a corner of the
# wall ring (broken over each gate), the plus path with the Inner Square in its middle.
WALKWAY_INNER = [(5.45, 5.45), (1.55, 5.45), (1.55, 3.45), (-1.55, 3.45), (-1.55, 5.45)]
WALL_CORNER = [(1.55, 3.5), (3.5, 3.5), (3.5, 1.55), (4.5, 1.55), (4.5, 4.5), (1.55, 4.5)]
PLUS = [(1.45, 1.45), (1.45, 3.45), (-1.45, 3.45), (-1.45, 1.45)]
INNER_SQUARE = 1.2  # the Inner Square's paving round the keep (a radius, in units)


def _draw_walkway(surf: pygame.Surface) -> None:
    """Level 1: the cobblestone walkway round the castle and into each gate bay, its edges
    in the level's coloured line; the lawn outside the walls and the castle floor (where
    no one walks) inside them."""
    outer = _square(6.55, 1.0)
    inner = _ring(WALKWAY_INNER, 1.0)
    pygame.draw.polygon(surf, STONE[1.0], outer)
    pygame.draw.polygon(surf, LAWN, inner)
    pygame.draw.polygon(surf, FLOOR, _square(3.5, 1.0))
    for x, y in ((0.5 + k, 0.0) for k in range(-4, 3)):  # the floor's flagstones
        for q in range(2):
            a, b = _rot(x, -3.5, q), _rot(x, 3.5, q)
            pygame.draw.line(surf, theme.blend(FLOOR, (0, 0, 0), 0.18), to_local(*a),
                             to_local(*b), 1)
        del y
    for points in (outer, inner):
        pygame.draw.lines(surf, theme.blend(FACE[1.0], (0, 0, 0), 0.3), True, points,
                          Paper.px(3))
        pygame.draw.lines(surf, RIM[1.0], True, points, Paper.px(1.5))


def _draw_walls(surf: pygame.Surface) -> None:
    """Level 3: the wall ring, broken over each gate, standing highest (its face the
    tallest, its shadow the longest), with merlons along its outer edge."""
    _terrace(surf, [_turned(WALL_CORNER, q, 3.0) for q in range(4)], 3.0)
    for q in range(4):  # merlons along the outer edge
        for k in range(18):
            t = -4.4 + k * 0.5
            if -1.6 < t < 1.6:
                continue
            x, y = to_local(*_rot(t, 4.5, q), 3.0)
            block = pygame.Rect(0, 0, Paper.px(6), Paper.px(6))
            block.center = (round(x), round(y))
            pygame.draw.rect(surf, FACE[3.0], block)


def _draw_courtyard(surf: pygame.Surface) -> None:
    """Level 2: the plus-shaped path raised over the castle floor, and the Inner Square's
    paving round Sanctuary in its middle (reached only by the royal stairways)."""
    _terrace(surf, [_ring(PLUS, 2.0)], 2.0)
    cx, cy = to_local(0.0, 0.0, 2.0)
    r = INNER_SQUARE * Paper.cam.unit
    pygame.draw.circle(surf, theme.blend(STONE[2.0], (255, 255, 255), 0.25), (cx, cy), r)
    pygame.draw.circle(surf, theme.blend(FACE[2.0], (0, 0, 0), 0.2), (cx, cy), r,
                       Paper.px(2))


def _draw_keep(surf: pygame.Surface) -> None:
    """Sanctuary: a round keep in the middle of the Inner Square."""
    cx, cy = to_local(0.0, 0.0, 2.0)
    r = KEEP_RADIUS * Paper.cam.unit
    pygame.draw.circle(surf, (60, 50, 42), (cx + 2, cy + Paper.px(4)), r + 2)
    pygame.draw.circle(surf, (112, 92, 70), (cx, cy), r)
    pygame.draw.circle(surf, theme.BRASS, (cx, cy), r, 2)


def _centre(board: Any, sid: str) -> tuple[float, float]:
    return Paper.cam.space_xy(board.spaces[sid])


def _draw_links(surf: pygame.Surface, board: Any) -> None:
    """Steps as worn paths between tiles, jumps as dashed arcs, blocked jumps as railings."""
    for link in board.links:
        a, b = _centre(board, link.a), _centre(board, link.b)
        if link.kind == "jump":
            _dashes(surf, a, b, theme.BRASS_LIGHT)
        else:
            pygame.draw.line(surf, PATH, a, b, Paper.px(6))
    for link in board.blocked_jumps:
        a, b = _centre(board, link.a), _centre(board, link.b)
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = max(1e-6, math.hypot(dx, dy))
        nx, ny = -dy / length * Paper.px(10), dx / length * Paper.px(10)
        ends = ((mid[0] - nx, mid[1] - ny), (mid[0] + nx, mid[1] + ny))
        pygame.draw.line(surf, theme.WOOD, *ends, Paper.px(4))
        for end in (*ends, mid):
            pygame.draw.circle(surf, (52, 32, 20), end, Paper.px(3))


def _dashes(surf: pygame.Surface, a: tuple[float, float], b: tuple[float, float],
            colour: tuple[int, int, int]) -> None:
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    steps = max(2, int(length / Paper.px(7)))
    for k in range(0, steps, 2):
        t0, t1 = k / steps, min(1.0, (k + 1) / steps)
        pygame.draw.line(surf, colour, (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                         (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), Paper.px(2))


def _climbs(board: Any) -> dict[str, tuple[float, float, float, float]]:
    """Each stairway's foot and head: the centre of the space it leads down to and of the one
    it leads up to (screen pixels of the board surface)."""
    ends: dict[str, dict[str, tuple[float, float]]] = {}
    for link in board.links:
        for here, there in ((link.a, link.b), (link.b, link.a)):
            space = board.spaces[here]
            if space.kind not in ("stair", "royal_stair"):
                continue
            other = board.spaces[there]
            end = "foot" if other.level < space.level else "head"
            ends.setdefault(here, {})[end] = _centre(board, there)
    return {sid: (*e["foot"], *e["head"]) for sid, e in ends.items()
            if "foot" in e and "head" in e}


def _level_below(level: float) -> float:
    return float(math.floor(level))


def _draw_stair(surf: pygame.Surface, rect: pygame.Rect, level: float, royal: bool,
                climb: tuple[float, float, float, float] | None) -> None:
    """A stairway: treads climbing from the lower level's stone to the upper one's, turned
    the way the stairs go up, with a chevron pointing up them; a royal stairway (to the
    Inner Square) rimmed in brass."""
    low, high = _level_below(level), _level_below(level) + 1.0
    big = round(rect.w * 1.5)
    steps = pygame.Surface((big, big), pygame.SRCALPHA)
    treads = 4
    for k in range(treads):  # from the foot (bottom) to the head (top)
        tone = theme.blend(TILE_FILL[low], TILE_FILL[high], k / (treads - 1))
        tone = theme.blend(tone, (90, 66, 44), 0.15)
        band = pygame.Rect(0, big - (k + 1) * big // treads, big, big // treads + 1)
        pygame.draw.rect(steps, tone, band)
        pygame.draw.line(steps, theme.blend(tone, (0, 0, 0), 0.55), band.topleft,
                         band.topright, Paper.px(2))
    mid, s = big / 2, rect.w * 0.2  # an arrow up the stairs: a head on a short stem
    arrow = [(mid - s * 0.45, mid + s * 1.1), (mid - s * 0.45, mid), (mid - s, mid),
             (mid, mid - s * 1.1), (mid + s, mid), (mid + s * 0.45, mid),
             (mid + s * 0.45, mid + s * 1.1)]
    pygame.draw.polygon(steps, theme.CREAM, arrow)
    pygame.draw.polygon(steps, (52, 36, 26), arrow, 1)
    if climb is not None:
        fx, fy, hx, hy = climb
        angle = math.degrees(math.atan2(-(hy - fy), hx - fx)) - 90
        steps = pygame.transform.rotate(steps, angle)
    tile = pygame.Surface(rect.size, pygame.SRCALPHA)
    tile.blit(steps, steps.get_rect(center=tile.get_rect().center))
    mask = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=4)
    tile.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    pygame.draw.rect(surf, (40, 30, 22), rect.move(0, 3), border_radius=4)
    surf.blit(tile, rect)
    edge = theme.BRASS if royal else (52, 36, 26)
    pygame.draw.rect(surf, edge, rect, 2, border_radius=4)


def _draw_tiles(surf: pygame.Surface, board: Any) -> None:
    climbs = _climbs(board)
    for sid, space in board.spaces.items():
        rect = Paper.cam.space_rect(space)
        level = float(space.level)
        if space.kind in ("stair", "royal_stair"):
            _draw_stair(surf, rect, level, space.kind == "royal_stair", climbs.get(sid))
            continue
        fill = TILE_FILL.get(level, TILE_FILL[1.0])
        if space.kind == "inner":
            fill = (250, 232, 170)
        pygame.draw.rect(surf, theme.blend(fill, (0, 0, 0), 0.45), rect.move(0, 3),
                         border_radius=4)
        pygame.draw.rect(surf, fill, rect, border_radius=4)
        pygame.draw.rect(surf, theme.blend(fill, (0, 0, 0), 0.3), rect, 1, border_radius=4)


def _crown_colour(crown: Any) -> tuple[int, int, int]:
    return theme.NAMED_COLOURS.get(str(crown.colour).lower(), theme.BRASS)


def _draw_crowns(surf: pygame.Surface, board: Any) -> None:
    """Each crown's starting tile in its colour with a crown on it, and its coloured line
    across the walkway between that tile and the gate."""
    for crown in board.crowns.values():
        colour = _crown_colour(crown)
        start = board.spaces[crown.start]
        rect = Paper.cam.space_rect(start)
        pygame.draw.rect(surf, colour, rect.inflate(-4, -4), border_radius=4)
        draw_crown_glyph(surf, rect.center, rect.w * 0.34, theme.BRASS_LIGHT)
        a, b = _centre(board, crown.start), _centre(board, crown.gate)
        mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = max(1e-6, math.hypot(dx, dy))
        nx, ny = -dy / length * rect.w * 0.62, dx / length * rect.w * 0.62
        pygame.draw.line(surf, (20, 16, 12), (mid[0] - nx, mid[1] - ny + 1),
                         (mid[0] + nx, mid[1] + ny + 1), Paper.px(6))
        pygame.draw.line(surf, colour, (mid[0] - nx, mid[1] - ny), (mid[0] + nx, mid[1] + ny),
                         Paper.px(4))


def draw_crown_glyph(surf: pygame.Surface, centre: tuple[float, float], size: float,
                     colour: tuple[int, int, int]) -> None:
    """A small three-pointed crown."""
    cx, cy = centre
    s = size
    points = [(cx - s, cy + s * 0.6), (cx - s, cy - s * 0.4), (cx - s * 0.5, cy + s * 0.05),
              (cx, cy - s * 0.7), (cx + s * 0.5, cy + s * 0.05), (cx + s, cy - s * 0.4),
              (cx + s, cy + s * 0.6)]
    pygame.draw.polygon(surf, colour, points)
    pygame.draw.polygon(surf, (60, 40, 20), points, 1)


def _draw_toads(surf: pygame.Surface, board: Any) -> None:
    for sid in board.toads:
        if sid not in board.spaces:
            continue
        x, y = _centre(board, sid)
        draw_toad(surf, (x, y), Paper.cam.unit * 0.3)


def draw_toad(surf: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    """A Lucky Toad: a green body with two eyes."""
    x, y = centre
    pygame.draw.ellipse(surf, (40, 110, 50), (x - r, y - r * 0.6, 2 * r, 1.4 * r))
    pygame.draw.ellipse(surf, (120, 190, 90), (x - r * 0.7, y - r * 0.3, 1.4 * r, 0.8 * r))
    for ex in (x - r * 0.55, x + r * 0.55):
        pygame.draw.circle(surf, (40, 110, 50), (ex, y - r * 0.55), r * 0.32)
        pygame.draw.circle(surf, theme.CREAM, (ex, y - r * 0.58), r * 0.18)
        pygame.draw.circle(surf, theme.INK, (ex, y - r * 0.58), r * 0.08)


def trap_rect(trap: Any, cam: Camera) -> pygame.Rect:
    """A trap's pit on the board (screen pixels; kept inside the board while it fits)."""
    x, y = cam.to_px(float(trap.x), float(trap.y), float(trap.level))
    rect = pygame.Rect(0, 0, round(cam.unit * 1.5), round(cam.unit * 0.9))
    rect.center = (round(x), round(y))
    if cam.zoomed:
        return rect
    return rect.clamp(cam.view.inflate(-8, -8))


def draw_traps(target: pygame.Surface, view: ChaostleState, prisoners: dict[str, list[str]],
               colours: dict[str, tuple[int, int, int]], cam: Camera) -> None:
    """Each trap as a dark pit with its picture and its prisoners as coloured tokens (its
    name and rule open on hover: ``trap_faces``)."""
    for tid, trap in view.board.traps.items():
        rect = trap_rect(trap, cam)
        pygame.draw.rect(target, (20, 16, 14), rect.move(0, 3), border_radius=8)
        pygame.draw.rect(target, (44, 32, 30), rect, border_radius=8)
        pygame.draw.rect(target, theme.DANGER, rect, 2, border_radius=8)
        picture = icons.icon("chaostle", "fate", trap.name, rect.h - 8, theme.CREAM)
        held = prisoners.get(tid, [])
        spot = rect.center if not held else (rect.right - picture.get_width() // 2 - 5,
                                              rect.centery)
        target.blit(picture, picture.get_rect(center=spot))
        for k, cid in enumerate(held):
            at = (rect.x + 10 + k * 14, rect.centery)
            pygame.draw.circle(target, colours.get(cid, theme.MUTED), at, 6)
            pygame.draw.circle(target, theme.CREAM, at, 6, 1)


def trap_faces(view: ChaostleState, cam: Camera) -> list[tuple[pygame.Rect, CardFace]]:
    """Each trap's pit with its card for the zoom: its name, how a prisoner gets out and
    where it comes out."""
    rules = trap_rules()
    out = []
    for tid, trap in view.board.traps.items():
        rule = rules.get(tid)
        if rule is None:
            continue
        words = (f"A character sent here is held in it. At the start of its owner's turn "
                 f"it rolls a die: on {rule.escape} or more it escapes back onto the board "
                 "(once its way out is free)")
        words += f"; below that the {trap.name} costs it {rule.bite} health." if rule.bite \
            else "; below that it stays."
        face = CardFace(trap.name, "Trap", (120, 40, 36),
                        sections=(("", words),), icon=("chaostle", "fate", trap.name))
        rect = trap_rect(trap, cam)
        if cam.view.contains(rect):
            out.append((rect, face))
    return out


def _draw_side_names(surf: pygame.Surface, board: Any) -> None:
    for q, side in enumerate(_sides_of(board)):
        x, y = to_local(*_rot(-3.5, 7.25, q))
        size = max(12, Paper.px(10))
        words = theme.rendered(side.upper(), size, theme.PARCHMENT_DIM, "bold")
        if q % 2:  # west and east read along their side
            words = pygame.transform.rotate(words, 90 if q == 1 else -90)
        surf.blit(words, words.get_rect(center=(round(x), round(y))))


def _sides_of(board: Any) -> tuple[str, ...]:
    return tuple(board.sides)
