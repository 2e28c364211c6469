"""Where Terrene Odyssey's table puts things (logical 1280x720): two sides facing each other
across a middle band (the viewer's team at the bottom; 2v2 allies side by side), the hand
under them, the log and text panels in a right column, the action strip at the bottom."""

from __future__ import annotations

import pygame

BOARD = pygame.Rect(16, 60, 984, 500)
RIGHT_X = BOARD.right + 12
SIDE_LOG = pygame.Rect(RIGHT_X, 60, 1268 - RIGHT_X, 300)
SIDE_PANELS = pygame.Rect(RIGHT_X + 4, SIDE_LOG.bottom + 12, SIDE_LOG.w - 8,
                          BOARD.bottom - SIDE_LOG.bottom - 12)
TOP = pygame.Rect(BOARD.x, BOARD.y, BOARD.w, 156)
MIDDLE = pygame.Rect(BOARD.x, TOP.bottom + 4, BOARD.w, 58)
BOTTOM = pygame.Rect(BOARD.x, MIDDLE.bottom + 4, BOARD.w, 156)
CHAIN = pygame.Rect(MIDDLE.x + 228, MIDDLE.y + 4, 520, MIDDLE.h - 8)  # the chain's fan
HAND = pygame.Rect(BOARD.x, BOTTOM.bottom + 6, BOARD.w, BOARD.bottom - BOTTOM.bottom - 6)
STRIP = pygame.Rect(16, BOARD.bottom + 10, 1248, 708 - BOARD.bottom - 10)
STRIP_COLUMNS, STRIP_ROWS = 4, 2  # eight a page: keys 1-8 reach each one
BUTTON_H, BUTTON_GAP, PAGER_W = 40, 10, 130

CHAIN_W, CHAIN_H = 200, 48  # a link of the chain
CARD_W, CARD_H = 88, 122  # a character card at full size
HAND_W, HAND_H = 150, 92  # a card in the hand tray
PEEK = 28  # how far the assigned card shows under its character (its name on two lines)
SIDE_GAP = 10
TERRAIN_W = 220  # the terrain card of a 1v1 side
PLAN_COLOUR = (96, 84, 128)  # an opening plan offered in setup (cards.KINDS["plan"])
BAND_H = 24  # the seat's name band over its plate and piles


def chain_width(links: int) -> int:
    """A chain tile's width: wide while few links lie side by side, then fanned."""
    if links <= 1:
        return 2 * CHAIN_W - 40
    return max(CHAIN_W - 40, min(2 * CHAIN_W - 40, (CHAIN.w - 6 * (links - 1)) // links))


def side_rect(row: int, col: int, wide: bool) -> pygame.Rect:
    """A seat's side: row 0 is the far (top) side, 1 the near one; two seats share a row
    in 2v2 (``wide`` False)."""
    band = TOP if row == 0 else BOTTOM
    if wide:
        return band.copy()
    width = (band.w - SIDE_GAP) // 2
    return pygame.Rect(band.x + col * (width + SIDE_GAP), band.y, width, band.h)


def plate_width(wide: bool) -> int:
    return 150 if wide else 118


def zones_rect(side: pygame.Rect, wide: bool) -> pygame.Rect:
    """The terrain card and the deck and discard piles, right of the plate."""
    x = side.x + plate_width(wide) + 6
    return pygame.Rect(x, side.y + BAND_H + 4, 70 if wide else 60, side.h - BAND_H - 8)


def terrain_rect(side: pygame.Rect) -> pygame.Rect:
    """A 1v1 side's terrain card, lying at its right end with its words."""
    return pygame.Rect(side.right - 8 - TERRAIN_W, side.y + 8, TERRAIN_W, side.h - 16)


def row_rect(side: pygame.Rect, wide: bool) -> pygame.Rect:
    """Where the side's characters stand (left of the terrain card in 1v1)."""
    zones = zones_rect(side, wide)
    right = terrain_rect(side).x - 8 if wide else side.right - 6
    return pygame.Rect(zones.right + 8, side.y + 3, right - zones.right - 8, side.h - 5)


def card_scale(row: pygame.Rect, count: int) -> float:
    """The scale that fits ``count`` characters (and their peeking cards) in the row."""
    fit_h = (row.h - PEEK) / CARD_H
    if count <= 0:
        return min(1.0, fit_h)
    fit_w = (row.w - 8 * (count - 1)) / (count * CARD_W)
    return max(0.5, min(1.0, fit_h, fit_w))


def unit_spot(row: pygame.Rect, count: int, index: int) -> tuple[float, float, float]:
    """Centre (x, y) and scale of character ``index`` of ``count`` in the row; when even the
    smallest cards do not fit they overlap."""
    scale = card_scale(row, count)
    w = CARD_W * scale
    step = w + 8 if count <= 1 else min(w + 8, (row.w - w) / (count - 1))
    x = row.x + w / 2 + index * step
    y = row.y + (CARD_H * scale) / 2
    return x, y, scale


FAN_TILT = 6.0  # degrees the outermost cards of the fanned hand lean out
FAN_DROP = 6.0  # how far lower the outermost cards sit than the middle one
FAN_GAP = 10  # between two cards side by side (they overlap only when too many)


def fan_spot(count: int, index: int, area: pygame.Rect = HAND) -> tuple[float, float, float]:
    """Centre (x, y) and tilt (degrees, clockwise) of card ``index`` of the viewer's
    ``count`` in the fanned hand: centred in the tray on a shallow arc, the outer cards
    lower and leaning out; side by side while they fit, then overlapping."""
    width = area.w - 40
    step = HAND_W + FAN_GAP if count <= 1 else min(HAND_W + FAN_GAP,
                                                   (width - HAND_W) / (count - 1))
    mid = (count - 1) / 2
    off = (index - mid) / mid if mid else 0.0  # -1 (left end) .. 1 (right end)
    x = area.centerx + (index - mid) * step
    y = area.y + 18 + HAND_H / 2 + FAN_DROP * off * off
    return x, y, FAN_TILT * off


def hand_width(count: int, area: pygame.Rect = HAND) -> int:
    """Hand cards narrow (down to 110 px) before they overlap."""
    if count <= 1:
        return HAND_W
    return max(110, min(HAND_W, (area.w - 24 - 8 * (count - 1)) // count))


def hand_spot(count: int, index: int, area: pygame.Rect = HAND) -> tuple[float, float]:
    """Centre of hand card ``index`` of ``count``: side by side, overlapping when many."""
    w = hand_width(count, area)
    width = area.w - 24
    step = w + 8 if count <= 1 else min(w + 8, (width - w) / (count - 1))
    return area.x + 12 + w / 2 + index * step, area.y + 20 + HAND_H / 2


