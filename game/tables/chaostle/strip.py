"""Chaostle's action strip: the generic action buttons (three by three, keys 1-9, paged)
in the strip under the castle and the roster, or, with the list hidden, a slim strip under
the roster (its words, the waiting ring, a row of buttons for what the table lacks); its
heading, the game's end and the waiting ring. The wheel over the castle zooms it. Mixed
into ``ChaostleTable``."""

from __future__ import annotations

import pygame

import game.tables.chaostle.layout as lay
from game import theme
from game.tables.chaostle.base import ChaostleBase
from game.tables.generic import StripLayout


class ActionStrip(ChaostleBase):
    """The action buttons below the board."""

    STRIP = StripLayout(lay.LISTED.strip, lay.LISTED.columns, lay.LISTED.rows, lay.BUTTON_H,
                        lay.BUTTON_GAP, col_gap=10, pager_w=lay.PAGER_W, head=lay.LISTED.head,
                        font=15, title=15)

    def strip_prompt(self) -> str:
        if self.list_hidden:  # Settings: the action list only lists what the table lacks
            return "Play on the table: click a lit space, standee, card, peg or the tray"
        return "Choose an action, or click a lit space, standee, card or peg"

    def on_wheel(self, dy: int, pos: tuple[float, float]) -> None:
        if self.frame.board.collidepoint(pos) and dy:
            self.cam.step(pos, 1 if dy > 0 else -1)
            self.camera_moved()
        elif self.strip_rect().collidepoint(pos) and self.pages > 1:
            self.turn_page(-1 if dy > 0 else 1)
        elif self.log_rect().collidepoint(pos):
            self.log_scroll = max(0, self.log_scroll + dy * 2)

    def camera_moved(self) -> None:
        """The castle was zoomed or panned (the table moves what stands on it)."""

    def hint_box(self) -> pygame.Rect:
        if not self.frame.slim:
            return super().hint_box()
        strip = self.strip_rect()
        return pygame.Rect(strip.x + 8, strip.y + 4, strip.w - 16, strip.h - 8)

    def draw_actions(self, target: pygame.Surface) -> None:
        """The slim strip: the game's end in one line, or the heading alone (its buttons,
        when the table lacks a place for some choice, take the whole strip)."""
        if not self.frame.slim:
            super().draw_actions(target)
            return
        strip = self.strip_rect()
        theme.shadowed_rect(target, strip, (16, 44, 37), radius=10, shadow=5,
                            border=theme.WOOD)
        m = self.model
        if m.ending:
            head, _, reason = m.ending.partition("\n")
            shown = theme.text(target, theme.ellipsize(head, strip.w // 2, 20, "display"),
                               (strip.x + 14, strip.centery), 20, theme.BRASS_LIGHT, "display",
                               "midleft")
            theme.text(target, theme.ellipsize(reason, strip.right - shown.right - 30, 13),
                       (shown.right + 14, strip.centery), 13, theme.PARCHMENT_DIM,
                       anchor="midleft")
            return
        if self.buttons or not m.actions:
            return  # the buttons speak for themselves; while others decide, the ring shows
        theme.text(target, theme.ellipsize(self.strip_heading(), strip.w - 28, 14, "bold"),
                   (strip.x + 14, strip.centery), 14, theme.BRASS_LIGHT, "bold", "midleft")

