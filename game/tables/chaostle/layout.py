"""Where Chaostle's table puts things (logical 1280x720) and how the castle's layout units
(rules/chaostle/data/board.toml: x right, y down, centre 0,0, walkway at 6) become pixels.
Higher levels are drawn raised: a terrace of level L sits (L - 1) * LIFT pixels higher."""

from __future__ import annotations

import pygame

BOARD = pygame.Rect(10, 58, 480, 480)
ROSTER = pygame.Rect(500, 58, 500, 480)
TRAY = pygame.Rect(1018, 66, 244, 104)  # its wooden rim reaches 8 pixels further out
CAPTION_H = 36  # the tray's top band: what the last roll did, in two lines the dice never hide
DICE = pygame.Rect(TRAY.x, TRAY.y + CAPTION_H, TRAY.w, TRAY.h - CAPTION_H)  # where dice roll
CASTLE = pygame.Rect(1010, 186, 260, 46)
LOG = pygame.Rect(1010, 240, 260, 298)
STRIP = pygame.Rect(10, 546, 1260, 166)
EXTENT = 7.6  # layout units from the centre to the board's edge
UNIT = BOARD.w / (2 * EXTENT)
LIFT = 5.0  # pixels a level raises a terrace
TILE = 0.78  # a space's tile, in units
INNER_RADIUS = 0.8  # the Inner Square drawn a little wider round Sanctuary than its data
KEEP_RADIUS = 0.5  # Sanctuary's keep in the middle
COLUMNS, ROWS = 3, 3  # nine action buttons a page: keys 1-9
BUTTON_H, BUTTON_GAP = 36, 8
PAGER_W = 140

ABBREVIATIONS = {"Warlord": "Wd", "Warlock": "Wk", "Wizard": "Wz", "Dragon": "Dr",
                 "Dragon Slayer": "DS", "Skeleton Archer": "SA", "Elven Archer": "EA",
                 "Sorceress": "So", "Minotaur": "Mi", "Mage": "Ma"}


def abbreviation(kind: str) -> str:
    """Two letters for a character's standee ("DS" for the Dragon Slayer)."""
    if kind in ABBREVIATIONS:
        return ABBREVIATIONS[kind]
    words = kind.split()
    return "".join(w[0] for w in words[:2]) if len(words) > 1 else kind[:2]


def to_px(x: float, y: float, level: float = 1.0) -> tuple[float, float]:
    """A layout point on a terrace of ``level`` as a point on the screen."""
    return (BOARD.centerx + x * UNIT, BOARD.centery + y * UNIT - (level - 1.0) * LIFT)


def space_xy(space: object) -> tuple[float, float]:
    """Where a space's tile is drawn (the Inner Square spread round Sanctuary)."""
    x, y = float(space.x), float(space.y)  # type: ignore[attr-defined]
    if getattr(space, "kind", "") == "inner":
        length = max(1e-6, (x * x + y * y) ** 0.5)
        x, y = x / length * INNER_RADIUS, y / length * INNER_RADIUS
    return to_px(x, y, float(space.level))  # type: ignore[attr-defined]


def tile_size(space: object) -> int:
    scale = 0.62 if getattr(space, "kind", "") == "inner" else TILE
    return round(scale * UNIT)


def space_rect(space: object) -> pygame.Rect:
    cx, cy = space_xy(space)
    size = tile_size(space)
    rect = pygame.Rect(0, 0, size, size)
    rect.center = (round(cx), round(cy))
    return rect


def army_row(armies: int, seat: int) -> pygame.Rect:
    """One army's row in the roster."""
    n = max(2, armies)
    gap = 6
    height = (ROSTER.h - gap * (n - 1)) // n
    return pygame.Rect(ROSTER.x, ROSTER.y + seat * (height + gap), ROSTER.w, height)


COMPACT_HEAD = 190  # a slim row keeps its name on the left and its cards beside it


def compact(armies: int) -> bool:
    """Whether army rows are slim (five armies or more)."""
    return army_row(armies, 0).h < 90


def card_rect(armies: int, seat: int, index: int, count: int) -> pygame.Rect:
    """A character card in its army's row (``count`` cards share the row)."""
    row = army_row(armies, seat)
    gap = 6
    if compact(armies):
        count = max(2, count)
        left = row.x + COMPACT_HEAD
        width = (row.right - 8 - left - gap * (count - 1)) // count
        return pygame.Rect(left + index * (width + gap), row.y + 4, width, row.h - 8)
    head = 24
    count = max(3, count)
    width = (row.w - 16 - gap * (count - 1)) // count
    return pygame.Rect(row.x + 8 + index * (width + gap), row.y + head,
                       width, row.h - head - 6)
