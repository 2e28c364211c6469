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
STONE = {1.0: (138, 124, 104), 2.0: (190, 168, 128), 3.0: (214, 204, 186)}
FACE = {1.0: (84, 72, 58), 2.0: (118, 100, 72), 3.0: (128, 118, 104)}
TILE_FILL = {1.0: (168, 152, 128), 2.0: (226, 204, 160), 3.0: (236, 228, 212)}
STAIR = (120, 96, 70)
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


def _terrace(surf: pygame.Surface, points: list[tuple[float, float]], level: float,
             fill: tuple[int, int, int] | None = None) -> None:
    """A raised slab: its dark face (the footprint) and its top lifted above it."""
    lift = (level - 1.0) * LIFT * Paper.cam.unit
    if lift > 0:
        foot = [(x, y + lift) for x, y in points]
        pygame.draw.polygon(surf, FACE[level], foot)
        for (ax, ay), (bx, by) in zip(points, foot, strict=True):
            pygame.draw.line(surf, FACE[level], (ax, ay), (bx, by), Paper.px(2))
    pygame.draw.polygon(surf, fill or STONE[level], points)


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
    _draw_walls(surf)
    _draw_courtyard(surf)
    _draw_links(surf, board)
    _draw_tiles(surf, board)
    _draw_crowns(surf, board)
    _draw_toads(surf, board)
    _draw_keep(surf)
    _draw_side_names(surf, board)
    pygame.draw.rect(surf, theme.WOOD, rect, width=4, border_radius=14)
    return surf


def _draw_walkway(surf: pygame.Surface) -> None:
    pygame.draw.polygon(surf, STONE[1.0], _square(6.55, 1.0))
    pygame.draw.polygon(surf, LAWN, _square(5.45, 1.0))
    for q in range(4):
        pygame.draw.polygon(surf, STONE[1.0], _rect(-1.55, 3.45, 1.55, 6.0, q, 1.0))
    pygame.draw.polygon(surf, theme.blend(STONE[1.0], (0, 0, 0), 0.25), _square(6.55, 1.0), 2)


def _draw_walls(surf: pygame.Surface) -> None:
    """The wall ring on level 3, broken over each gate bay, with crenellations."""
    for q in range(4):
        for x0, x1 in ((-4.5, -1.55), (1.55, 4.5)):
            _terrace(surf, _rect(x0, 3.5, x1, 4.5, q, 3.0), 3.0)
        _terrace(surf, _rect(3.5, -3.5, 4.5, 3.5, q, 3.0), 3.0)
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
    """The level 2 courtyard inside the walls and its plus-shaped path."""
    _terrace(surf, _square(3.45, 2.0), 2.0, theme.blend(STONE[2.0], LAWN, 0.45))
    for q in range(4):
        _terrace(surf, _rect(-1.45, 0.5, 1.45, 3.45, q, 2.0), 2.0)
    _terrace(surf, _square(1.45, 2.0), 2.0)


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


def _draw_tiles(surf: pygame.Surface, board: Any) -> None:
    for sid, space in board.spaces.items():
        rect = Paper.cam.space_rect(space)
        level = float(space.level)
        if space.kind in ("stair", "royal_stair"):
            pygame.draw.rect(surf, (60, 44, 32), rect.move(0, 3), border_radius=4)
            pygame.draw.rect(surf, STAIR, rect, border_radius=4)
            for k in range(1, 4):  # treads
                y = rect.y + k * rect.h // 4
                pygame.draw.line(surf, theme.blend(STAIR, theme.CREAM, 0.35),
                                 (rect.x + 3, y), (rect.right - 4, y), 2)
            if space.kind == "royal_stair":
                pygame.draw.rect(surf, theme.BRASS, rect, 2, border_radius=4)
            continue
        fill = TILE_FILL.get(level, TILE_FILL[1.0])
        if space.kind == "inner":
            fill = (232, 214, 150)
        pygame.draw.rect(surf, theme.blend(fill, (0, 0, 0), 0.45), rect.move(0, 3),
                         border_radius=4)
        pygame.draw.rect(surf, fill, rect, border_radius=4)
        pygame.draw.rect(surf, theme.blend(fill, (0, 0, 0), 0.3), rect, 1, border_radius=4)
        del sid


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
