"""Where Chaostle's table puts things (logical 1280x720) and how the castle's layout units
(rules/chaostle/data/board.toml: x right, y down, centre 0,0, walkway at 6) become pixels.

Two frames: with Settings' action list shown (``LISTED``) the action buttons fill a strip
under a 480-pixel castle; with only what the table lacks listed (``OPEN``) the castle takes
the whole height on the left and a slim strip is left under the roster. A ``Camera`` maps
layout units to the screen inside the frame's board: fitted, or zoomed and panned with the
wheel and a drag. Higher levels are drawn raised: a terrace of level L sits (L - 1) * LIFT
units higher."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

CAPTION_H = 36  # the tray's top band: what the last roll did, in two lines the dice never hide
EXTENT = 7.6  # layout units from the centre to the board's edge
LIFT = 0.2  # layout units a level raises a terrace
TILE = 0.78  # a space's tile, in units
INNER_RADIUS = 0.8  # the Inner Square drawn a little wider round Sanctuary than its data
KEEP_RADIUS = 0.5  # Sanctuary's keep in the middle
ZOOMS = (1.0, 1.25, 1.5, 2.0, 2.5)  # the wheel's steps
BUTTON_H, BUTTON_GAP = 40, 5  # 40: a long choice wraps to two lines (game/widgets.py)
PAGER_W = 140


@dataclass(frozen=True)
class Frame:
    """The table's areas: the castle, the army rows, the dice tray (its caption band
    included), the castle plaque, the log and the action strip with its grid."""

    board: pygame.Rect
    roster: pygame.Rect
    tray: pygame.Rect
    castle: pygame.Rect
    log: pygame.Rect
    strip: pygame.Rect
    columns: int = 3
    rows: int = 3
    button_h: int = BUTTON_H
    head: int = 32  # from the strip's top to its first row of buttons

    @property
    def dice(self) -> pygame.Rect:
        """Where dice roll: the tray below its caption band."""
        t = self.tray
        return pygame.Rect(t.x, t.y + CAPTION_H, t.w, t.h - CAPTION_H)

    @property
    def slim(self) -> bool:
        """A one-row strip (no room for its heading over buttons)."""
        return self.rows == 1


LISTED = Frame(board=pygame.Rect(10, 58, 480, 480), roster=pygame.Rect(500, 58, 500, 480),
               tray=pygame.Rect(1018, 66, 244, 104), castle=pygame.Rect(1010, 186, 260, 46),
               log=pygame.Rect(1010, 240, 260, 298), strip=pygame.Rect(10, 546, 1260, 166))
OPEN = Frame(board=pygame.Rect(10, 58, 654, 654), roster=pygame.Rect(674, 58, 596, 384),
             tray=pygame.Rect(682, 458, 240, 140), castle=pygame.Rect(674, 616, 256, 46),
             log=pygame.Rect(938, 450, 332, 212), strip=pygame.Rect(674, 670, 596, 42),
             columns=3, rows=1, button_h=32, head=5)


class Camera:
    """Layout units to pixels for one board: its box on the screen (``view``), how far it is
    zoomed (1: the castle fits) and panned (pixels the castle's centre moved)."""

    def __init__(self, view: pygame.Rect, zoom: float = 1.0,
                 pan: tuple[float, float] = (0.0, 0.0)) -> None:
        self.view = pygame.Rect(view)
        self.zoom = zoom
        self.pan = pan

    @property
    def fit(self) -> float:
        """Pixels a layout unit takes with the castle fitted in the view."""
        return min(self.view.w, self.view.h) / (2 * EXTENT)

    @property
    def unit(self) -> float:
        return self.fit * self.zoom

    @property
    def centre(self) -> tuple[float, float]:
        return self.view.centerx + self.pan[0], self.view.centery + self.pan[1]

    @property
    def zoomed(self) -> bool:
        return self.zoom != 1.0 or self.pan != (0.0, 0.0)

    def key(self) -> tuple[object, ...]:
        return (tuple(self.view), self.zoom, self.pan)

    def to_px(self, x: float, y: float, level: float = 1.0) -> tuple[float, float]:
        """A layout point on a terrace of ``level`` as a point on the screen."""
        cx, cy = self.centre
        return cx + x * self.unit, cy + (y - (level - 1.0) * LIFT) * self.unit

    def space_xy(self, space: object) -> tuple[float, float]:
        """Where a space's tile is drawn: its ``drawn`` point (a few stairways and wall
        tiles are drawn away from their place, clear of their neighbours), the Inner Square
        spread round Sanctuary."""
        x, y = (float(v) for v in space.drawn)  # type: ignore[attr-defined]
        if getattr(space, "kind", "") == "inner":
            length = max(1e-6, (x * x + y * y) ** 0.5)
            x, y = x / length * INNER_RADIUS, y / length * INNER_RADIUS
        return self.to_px(x, y, float(space.level))  # type: ignore[attr-defined]

    def tile_size(self, space: object) -> int:
        scale = 0.62 if getattr(space, "kind", "") == "inner" else TILE
        return round(scale * self.unit)

    def space_rect(self, space: object) -> pygame.Rect:
        cx, cy = self.space_xy(space)
        size = self.tile_size(space)
        rect = pygame.Rect(0, 0, size, size)
        rect.center = (round(cx), round(cy))
        return rect

    def shows(self, point: tuple[float, float], margin: int = 0) -> bool:
        """Whether a point lies inside the view (``margin`` pixels in from its edge)."""
        return self.view.inflate(-2 * margin, -2 * margin).collidepoint(point)

    def zoom_at(self, point: tuple[float, float], zoom: float) -> None:
        """Zoom to ``zoom`` keeping the layout point under ``point`` where it is."""
        zoom = max(ZOOMS[0], min(ZOOMS[-1], zoom))
        cx, cy = self.centre
        ux, uy = (point[0] - cx) / self.unit, (point[1] - cy) / self.unit
        self.zoom = zoom
        if zoom == 1.0:
            self.pan = (0.0, 0.0)
            return
        self.move_to(point[0] - ux * self.unit - self.view.centerx,
                     point[1] - uy * self.unit - self.view.centery)

    def step(self, point: tuple[float, float], steps: int) -> None:
        """The wheel: ``steps`` zoom steps in (out if negative) round ``point``."""
        k = min(range(len(ZOOMS)), key=lambda i: abs(ZOOMS[i] - self.zoom))
        self.zoom_at(point, ZOOMS[max(0, min(len(ZOOMS) - 1, k + steps))])

    def move_to(self, px: float, py: float) -> None:
        """Pan so that the castle's centre sits (px, py) from the view's centre, never so
        far that the castle's edge leaves the view's."""
        half = EXTENT * self.unit
        room_x = max(0.0, half - self.view.w / 2)
        room_y = max(0.0, half - self.view.h / 2)
        self.pan = (max(-room_x, min(room_x, px)), max(-room_y, min(room_y, py)))

    def reset(self) -> None:
        self.zoom, self.pan = 1.0, (0.0, 0.0)


ABBREVIATIONS = {"Warlord": "Wd", "Warlock": "Wk", "Wizard": "Wz", "Dragon": "Dr",
                 "Dragon Slayer": "DS", "Skeleton Archer": "SA", "Elven Archer": "EA",
                 "Sorceress": "So", "Minotaur": "Mi", "Mage": "Ma"}


def abbreviation(kind: str) -> str:
    """Two letters for a character's standee ("DS" for the Dragon Slayer)."""
    if kind in ABBREVIATIONS:
        return ABBREVIATIONS[kind]
    words = kind.split()
    return "".join(w[0] for w in words[:2]) if len(words) > 1 else kind[:2]


def army_row(roster: pygame.Rect, armies: int, seat: int) -> pygame.Rect:
    """One army's row in the roster."""
    n = max(2, armies)
    gap = 6 if n < 7 else 4
    height = (roster.h - gap * (n - 1)) // n
    return pygame.Rect(roster.x, roster.y + seat * (height + gap), roster.w, height)


COMPACT_HEAD = 206  # a slim row keeps its name on the left and its cards beside it


def compact(roster: pygame.Rect, armies: int) -> bool:
    """Whether army rows are slim: the name at the left and the cards beside it (a row
    too low for a heading over cards of 80 pixels)."""
    return army_row(roster, armies, 0).h < 110


def card_rect(roster: pygame.Rect, armies: int, seat: int, index: int, count: int
              ) -> pygame.Rect:
    """A character card in its army's row (``count`` cards share the row)."""
    row = army_row(roster, armies, seat)
    gap = 6
    if compact(roster, armies):
        count = max(2, count)
        left = row.x + COMPACT_HEAD
        width = (row.right - 8 - left - gap * (count - 1)) // count
        return pygame.Rect(left + index * (width + gap), row.y + 3, width, row.h - 6)
    head = 24
    count = max(3, count)
    width = (row.w - 16 - gap * (count - 1)) // count
    return pygame.Rect(row.x + 8 + index * (width + gap), row.y + head,
                       width, row.h - head - 6)
