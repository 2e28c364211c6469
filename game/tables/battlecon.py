"""BattleCON's own table: the generic table plus the duel board, a row of spaces on which
the two fighters stand as standees that hop when they move, and each fighter's attack pair
as a card that lies face down once set and turns over at the reveal."""

from __future__ import annotations

from typing import Any

import pygame

from game import theme
from game.scene import CardNode, StandeeNode
from game.tables.generic import PANELS, GenericTable, TableModel
from rules.core import Panel

BOARD = pygame.Rect(PANELS.x, PANELS.y, PANELS.w, 118)
CELL_GAP = 8
PAIRS_W = 236  # the right end of the board holds the two attack-pair cards


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
        self.pairs: dict[int, CardNode] = {}

    def cell(self, index: int) -> pygame.Rect:
        width = (BOARD.w - 24 - PAIRS_W - CELL_GAP * (self.spaces - 1)) / self.spaces
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
            self.lives[seat] = f"♥ {view.player(seat)['life']}"
            self.show_pair(seat, view)

    def place(self, seat: int, index: int, name: str) -> None:
        """Stand the fighter on its space; a fighter that moved hops there."""
        spot = self.cell(index)
        x, y = spot.centerx, spot.bottom - 32
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

    def show_pair(self, seat: int, view: Any) -> None:
        """The seat's attack pair: none, face down ("hidden" in this view) or face up; a
        face-down pair that is now known turns over."""
        pair = view.player(seat)["pair"]
        card = self.pairs.get(seat)
        if card is None:
            x = BOARD.right - 12 - PAIRS_W + 60 + seat * 116
            card = CardNode(x, BOARD.centery, "", w=104, h=BOARD.h - 20, name=f"pair.{seat}")
            card.accent, card.z = self.colour(seat), 4
            self.pairs[seat] = card
            self.add(card)
        card.visible = pair is not None
        if pair is None or pair == "hidden":
            card.face_up = False
            return
        card.title = view.pair_name(seat)
        card.lines = (view.stats(seat).text(),)
        if not card.face_up and not card.busy():
            card.flip()

    def draw_panels(self, target: pygame.Surface) -> None:
        self.draw_board(target)
        super().draw_panels(target)

    def draw_board(self, target: pygame.Surface) -> None:
        theme.shadowed_rect(target, BOARD, theme.WOOD, radius=12, shadow=6)
        for seat, card in self.pairs.items():
            if not card.visible:
                x, y = card.to_world()
                slot = pygame.Rect(0, 0, round(card.w), round(card.h))
                slot.center = (round(x), round(y))
                pygame.draw.rect(target, (96, 64, 44), slot, width=2, border_radius=10)
                theme.text(target, f"{self.seat_names[seat][:12]}: no pair", slot.center, 11,
                           theme.PARCHMENT_DIM, anchor="center")
        for index in range(self.spaces):
            rect = self.cell(index)
            shade = theme.PARCHMENT if index % 2 == 0 else theme.PARCHMENT_DIM
            pygame.draw.rect(target, shade, rect, border_radius=8)
            pygame.draw.rect(target, theme.INK, rect, width=1, border_radius=8)
            theme.text(target, str(index + 1), (rect.x + 6, rect.bottom - 3), 11, theme.WOOD,
                       "bold", "bottomleft")
        for seat, index in self.places.items():
            rect = self.cell(index)
            theme.text(target, self.lives.get(seat, ""), (rect.centerx, rect.y + 3), 12,
                       self.colour(seat), "bold", "midtop")
