"""Where Biternia's table puts things (logical 1280x720): a track bar (seats, round, phase,
initiative), the battlefield across the whole width (seven columns from the blue Bit to the
red Bit, five rows, the Heroes' plates in the corners beside their Bit), and under it the
hand tray, the action strip and the log."""

from __future__ import annotations

import pygame

TRACK = pygame.Rect(16, 58, 1248, 38)
SEAT_STRIP = pygame.Rect(TRACK.x + 6, TRACK.y + 4, 560, TRACK.h - 8)
BOARD = pygame.Rect(16, 102, 1248, 368)
HAND = pygame.Rect(16, BOARD.bottom + 8, 880, 114)
STRIP = pygame.Rect(16, HAND.bottom + 8, 880, 708 - HAND.bottom - 8)
LOG = pygame.Rect(HAND.right + 10, BOARD.bottom + 8, 1264 - HAND.right - 10,
                  708 - BOARD.bottom - 8)

COLUMNS, ROWS = 7, 5  # the board's layout grid (board.toml's x 0..6, y 0..4)
TILE_W, TILE_H = 160, 112
INSET = 8  # board edge to the first tile
ROW_STEP = (BOARD.h - 2 * INSET - TILE_H) / (ROWS - 1)
COL_STEP = (BOARD.w - 2 * INSET) / COLUMNS
TILE_HEAD = 20  # a tile's name band; Heroes stand below it

PLATE_W, PLATE_H = TILE_W, 52  # a Hero's plate in the corner beside its Bit
STRIP_COLUMNS, STRIP_ROWS = 3, 2  # six a page: keys 1-6 reach each one
BUTTON_H, BUTTON_GAP, PAGER_W = 34, 8, 112
STRIP_HEAD = 26
CARD_W, CARD_H = 104, 88  # a hand card


def centre(x: float, y: float) -> tuple[float, float]:
    """The screen centre of layout point (x, y) of board.toml."""
    return (BOARD.x + INSET + COL_STEP * (x + 0.5),
            BOARD.y + INSET + TILE_H / 2 + ROW_STEP * y)


def tile(x: float, y: float) -> pygame.Rect:
    """The tile of the space at layout point (x, y)."""
    cx, cy = centre(x, y)
    rect = pygame.Rect(0, 0, TILE_W, TILE_H)
    rect.center = (round(cx), round(cy))
    return rect


def slots(rect: pygame.Rect, count: int) -> list[tuple[float, float]]:
    """Where ``count`` Heroes stand in a tile: two a row, three a row when crowded."""
    per_row = 2 if count <= 4 else 3
    rows = max(1, -(-count // per_row))
    body = pygame.Rect(rect.x, rect.y + TILE_HEAD, rect.w, rect.h - TILE_HEAD)
    out = []
    for k in range(count):
        row, col = divmod(k, per_row)
        in_row = min(per_row, count - row * per_row)
        x = body.x + body.w * (col + 0.5) / in_row
        y = body.y + body.h * (row + 0.5) / rows
        out.append((x, y))
    return out


def crowd_scale(count: int) -> float:
    """How large the Heroes of a tile stand: full size up to two, smaller when more share
    it, so that each standee and its cards keep a cell of their own (nothing drawn over a
    neighbour); the tip and the card zoom show them large."""
    return 1.0 if count < CROWD else 0.8 if count <= 4 else 0.6


CROWD = 3  # from this many Heroes on a space they stand smaller (crowd_scale) and the
#: tile opens under the pointer (``opened``)
OPEN_CELL_W, OPEN_CELL_H = 96, 80  # a Hero's cell in an opened tile: standee, cards, name
OPEN_PER_ROW = 4


def opened(rect: pygame.Rect, count: int) -> tuple[pygame.Rect, list[tuple[float, float]]]:
    """A crowded tile opened under the pointer: the larger tile (centred on ``rect``, inside
    the board) where ``count`` Heroes stand at full size, each in a cell with its cards and
    its name under it, four a row; and where each stands."""
    per_row = min(count, OPEN_PER_ROW)
    rows = -(-count // per_row)
    panel = pygame.Rect(0, 0, max(rect.w, per_row * OPEN_CELL_W + 12),
                        max(rect.h, TILE_HEAD + 6 + rows * OPEN_CELL_H))
    panel.center = rect.center
    panel.clamp_ip(BOARD.inflate(-8, -8))
    top = panel.y + TILE_HEAD + 4
    out = []
    for k in range(count):
        row, col = divmod(k, per_row)
        in_row = min(per_row, count - row * per_row)
        x = panel.centerx + (col - (in_row - 1) / 2) * OPEN_CELL_W
        out.append((x, top + row * OPEN_CELL_H + 32.0))
    return panel, out


def plate(team: int, index: int) -> pygame.Rect:
    """Hero ``index`` (0-3) of ``team``: two plates above the team's Bit, two below."""
    bit = tile(0.0 if team == 0 else COLUMNS - 1.0, 2.0)
    above = (BOARD.y + INSET, bit.y - 4)
    below = (bit.bottom + 4, BOARD.bottom - INSET)
    top, bottom = above if index < 2 else below
    gap = (bottom - top - 2 * PLATE_H) / 3
    y = top + gap + (index % 2) * (PLATE_H + gap)
    return pygame.Rect(bit.x, round(y), PLATE_W, PLATE_H)


