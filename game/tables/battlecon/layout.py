"""Where BattleCON's table puts things (logical 1280x720), parametric in the number of
spaces (7 in a duel, 9 in team play) and of fighters (2 to 4)."""

from __future__ import annotations

import pygame

from game.tables.generic import LOG, PANELS

BOARD = pygame.Rect(PANELS.x, PANELS.y, PANELS.w, 134)
PLATES = pygame.Rect(PANELS.x, BOARD.bottom + 8, PANELS.w, 186)
HAND = pygame.Rect(PANELS.x, PLATES.bottom + 8, PANELS.w, 118)
STRIP = pygame.Rect(16, HAND.bottom + 10, 1248, 708 - HAND.bottom - 10)  # the action strip
SIDE_LOG = pygame.Rect(LOG.x, 62, LOG.w, 200)
SIDE_PANELS = pygame.Rect(LOG.x + 4, SIDE_LOG.bottom + 10, LOG.w - 8,
                          HAND.bottom - SIDE_LOG.bottom - 24)
CELL_GAP = 6
PLATE_GAP = 10
STRIP_COLUMNS, STRIP_ROWS = 4, 2  # eight a page: keys 1-8 reach each one
BUTTON_H, BUTTON_GAP = 40, 10
PAGER_W = 140


def cell(spaces: int, index: int) -> pygame.Rect:
    """Space ``index`` (0-based) of a board ``spaces`` wide."""
    gap = CELL_GAP if spaces <= 7 else 4
    width = (BOARD.w - 24 - gap * (spaces - 1)) / spaces
    x = BOARD.x + 12 + index * (width + gap)
    return pygame.Rect(round(x), BOARD.y + 28, round(width), BOARD.h - 36)


def plate(fighters: int, seat: int) -> pygame.Rect:
    """A fighter's plate: side by side across the plate row (compact with three or four)."""
    n = max(2, fighters)
    width = (PLATES.w - PLATE_GAP * (n - 1)) // n
    return pygame.Rect(PLATES.x + seat * (width + PLATE_GAP), PLATES.y, width, PLATES.h)


def compact(fighters: int) -> bool:
    return fighters > 2


