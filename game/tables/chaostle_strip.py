"""Chaostle's action strip: the generic action buttons (three by three, keys 1-9, paged)
in the strip under the castle and the roster, its heading, the game's end and the
waiting ring. Mixed into ``ChaostleTable``."""

from __future__ import annotations

import math

import pygame

from game import theme
from game.tables import chaostle_layout as lay
from game.tables.generic import GenericTable
from game.widgets import Button


class ActionStrip(GenericTable):
    """The action buttons below the board."""

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

    def draw_actions(self, target: pygame.Surface) -> None:
        strip = lay.STRIP
        theme.shadowed_rect(target, strip, (16, 44, 37), radius=12, shadow=6, border=theme.WOOD)
        m = self.model
        if m.actions:
            focused = next((b for b in self.buttons if b.focused), None)
            head = "Choose an action, or click a lit space, standee, card or peg"
            if focused is not None:
                head = f"Choose an action:  {focused.label.split('. ', 1)[-1]}"
        else:
            head = "Your actions appear here on your turn" if m.viewer is not None else ""
        theme.text(target, theme.ellipsize(head, strip.w - 260, 15, "bold"),
                   (strip.x + 14, strip.y + 17), 15, theme.BRASS_LIGHT, "bold", "midleft")
        if m.ending:
            head, _, reason = m.ending.partition("\n")
            theme.text(target, theme.ellipsize(head, strip.w - 60, 24, "display"),
                       (strip.centerx, strip.centery), 24, theme.BRASS_LIGHT, "display",
                       "center")
            theme.text(target, theme.ellipsize(reason, strip.w - 60, 15),
                       (strip.centerx, strip.centery + 32), 15, theme.PARCHMENT_DIM,
                       anchor="center")
        if self.pages > 1:
            theme.text(target, f"page {self.page + 1} of {self.pages}  (PgUp/PgDn)",
                       (strip.right - 14, strip.y + 17), 12, theme.PARCHMENT_DIM,
                       anchor="midright")

    def draw_waiting(self, target: pygame.Surface) -> None:
        m = self.model
        if m.actor is None or not 0 <= m.actor < len(self.seat_names) or m.ending:
            return
        view = m.view
        name = view.player_name(m.actor) if view is not None else self.seat_names[m.actor]
        words = f"{name} is thinking" if m.thinking else f"Waiting for {name}"
        centre = (lay.STRIP.centerx, lay.STRIP.centery + 4)
        theme.text(target, words, centre, 20, theme.PARCHMENT_DIM, "bold", "center")
        seat = self.colour(m.actor)
        for k in range(8):
            angle = k * math.tau / 8
            lit = (k - int(self.clock * 10)) % 8
            colour = theme.blend((16, 44, 37), seat, 0.25 + 0.75 * (1 - lit / 8))
            pygame.draw.circle(target, colour, (centre[0] + 14 * math.cos(angle),
                                                centre[1] + 38 + 14 * math.sin(angle)), 4)
