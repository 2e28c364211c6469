"""Chaostle's action strip: the generic action buttons (three by three, keys 1-9, paged)
in the strip under the castle and the roster, its heading, the game's end and the
waiting ring. Mixed into ``ChaostleTable``."""

from __future__ import annotations

import pygame

from game.tables import chaostle_layout as lay
from game.tables.generic import GenericTable
from game.widgets import Button


class ActionStrip(GenericTable):
    """The action buttons below the board."""

    STRIP_FONT = 15

    def strip_rect(self) -> pygame.Rect:
        return lay.STRIP

    def strip_prompt(self) -> str:
        return "Choose an action, or click a lit space, standee, card or peg"

    def build_buttons(self) -> None:
        for b in self.buttons + self.pager:
            self.remove(b)
        self.buttons, self.pager = [], []
        per_page = lay.COLUMNS * lay.ROWS
        first = self.page * per_page
        for k, action in enumerate(self.model.actions[first: first + per_page]):
            rect = lay.strip_button(k)
            button = Button(rect.centerx, rect.centery, rect.w, rect.h, f"{k + 1}. {action}",
                            name=f"action.{first + k}",
                            on_activate=lambda a=action: self.choose(a), size=14)
            self.buttons.append(button)
            self.add(button)
        if self.pages > 1:
            for k, (label, name, step) in enumerate((("◀ Prev", "page.prev", -1),
                                                     ("Next ▶", "page.next", 1))):
                rect = lay.pager_button(k)
                button = Button(rect.centerx, rect.centery, rect.w, rect.h, label, name=name,
                                on_activate=lambda s=step: self.turn_page(s), size=14)
                self.pager.append(button)
                self.add(button)

    def on_wheel(self, dy: int, pos: tuple[float, float]) -> None:
        if lay.STRIP.collidepoint(pos) and self.pages > 1:
            self.turn_page(-1 if dy > 0 else 1)
        elif self.log_rect().collidepoint(pos):
            self.log_scroll = max(0, self.log_scroll + dy * 2)

