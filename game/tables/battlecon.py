"""BattleCON's own table: the generic table plus the duel board, a row of spaces on which
the two fighters stand as standees that hop when they move."""

from __future__ import annotations

from typing import Any

import pygame

from game import theme
from game.scene import StandeeNode
from game.tables.generic import PANELS, GenericTable, TableModel
from rules.core import Panel

BOARD = pygame.Rect(PANELS.x, PANELS.y, PANELS.w, 118)
CELL_GAP = 8


class BattleconTable(GenericTable):
    """Draws the board row above the text panels (which then leave out "Board")."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.panels_area = pygame.Rect(PANELS.x, BOARD.bottom + 12, PANELS.w,
                                       PANELS.bottom - BOARD.bottom - 12)
        self.spaces = 7
        self.places: dict[int, int] = {}
        self.standees: dict[int, StandeeNode] = {}
        self.lives: dict[int, str] = {}

    def cell(self, index: int) -> pygame.Rect:
        width = (BOARD.w - 24 - CELL_GAP * (self.spaces - 1)) / self.spaces
        x = BOARD.x + 12 + index * (width + CELL_GAP)
        return pygame.Rect(round(x), BOARD.y + 12, round(width), BOARD.h - 24)

    def refresh(self, model: TableModel, panels: list[Panel]) -> None:
        super().refresh(model, [p for p in panels if p.title != "Board"])
        view = model.view
        if view is None:
            return
        self.spaces = int(view.width)
        for seat in range(view.num_players):
            self.place(seat, int(view.pos(seat)), view.name(seat))
            self.lives[seat] = f"Life {view.player(seat)['life']}"

    def place(self, seat: int, index: int, name: str) -> None:
        """Stand the fighter on its space; a fighter that moved hops there."""
        spot = self.cell(index)
        x, y = spot.centerx, spot.bottom - 34
        standee = self.standees.get(seat)
        if standee is None:
            standee = StandeeNode(x, y, f"{name[:1]}{seat + 1}", self.colour(seat),
                                  name=f"standee.{seat}")
            standee.z = 5
            self.standees[seat] = standee
            self.add(standee)
        elif self.places.get(seat) != index:
            standee.hop_to(x, y, duration=0.45, height=30)
        self.places[seat] = index

    def draw_panels(self, target: pygame.Surface) -> None:
        self.draw_board(target)
        super().draw_panels(target)

    def draw_board(self, target: pygame.Surface) -> None:
        theme.shadowed_rect(target, BOARD, theme.WOOD, radius=12, shadow=6)
        for index in range(self.spaces):
            rect = self.cell(index)
            shade = theme.PARCHMENT if index % 2 == 0 else theme.PARCHMENT_DIM
            pygame.draw.rect(target, shade, rect, border_radius=8)
            pygame.draw.rect(target, theme.INK, rect, width=1, border_radius=8)
            theme.text(target, str(index + 1), (rect.x + 8, rect.y + 4), 12, theme.WOOD, "bold")
        for seat, index in self.places.items():
            rect = self.cell(index)
            theme.text(target, self.lives.get(seat, ""), (rect.right - 8, rect.y + 4), 12,
                       theme.INK, "bold", "topright")
