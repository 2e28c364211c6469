"""Credits: the fonts' and the icons' licences, and every icon with its artist."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game import icons, theme
from game.screens.overlays import CX, Dialog
from game.widgets import Button

if TYPE_CHECKING:
    from game.app import App

ROW = 30  # pixels per row of the scrolled list
COLUMNS = 3
TEXT = 16
SMALL = 14
ICON = 24


@dataclass(frozen=True)
class Line:
    """One row of the list: a heading, a sentence, or up to COLUMNS icons with their names."""

    text: str = ""
    kind: str = "text"  # heading | text | icons | gap
    icons: tuple[str, ...] = ()


def credit_lines(width: int) -> list[Line]:
    """Everything the screen lists, as rows that fit ``width`` pixels."""
    lines: list[Line] = []

    def para(text: str, size: int = TEXT) -> None:
        lines.extend(Line(part) for part in theme.wrap(text, width, size))

    lines.append(Line("Fonts", "heading"))
    para("DejaVu Sans, DejaVu Sans Bold, DejaVu Sans Condensed (and Bold) and DejaVu Serif "
         "Bold, by the DejaVu fonts team (after Bitstream Vera): the DejaVu fonts licence, a "
         "free licence that lets them be shipped with any program. Full text: "
         "assets/fonts/LICENSE-DejaVu.txt.")
    lines.append(Line(kind="gap"))
    credits = icons.credits()
    total = sum(len(names) for _, names in credits)
    lines.append(Line("Icons", "heading"))
    para(f"{total} icons from game-icons.net by {len(credits)} artists, under the Creative "
         "Commons Attribution 3.0 licence (CC BY 3.0, creativecommons.org/licenses/by/3.0). "
         "The program recolours them; the drawings are the artists' own. "
         "Full list: assets/icons/LICENSE.")
    for artist, names in credits:
        lines.append(Line(kind="gap"))
        lines.append(Line(f"{artist} ({len(names)} icon{'' if len(names) == 1 else 's'})",
                          "heading"))
        for i in range(0, len(names), COLUMNS):
            lines.append(Line(kind="icons", icons=tuple(names[i:i + COLUMNS])))
    return lines


class CreditsScreen(Dialog):
    """Who made the fonts and the pictures, scrollable with the wheel or the keys."""

    title = "Credits"
    size = (980, 660)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.lines = credit_lines(self.size[0] - 90)
        self.scroll = 0
        back = self.root.add(Button(CX, self.card().bottom - 40, 180, 42, "Back", name="back",
                                    on_activate=app.stack.pop, primary=True))
        self.focus.set([back])

    def area(self) -> pygame.Rect:
        """Where the list is drawn (inside the card, under the title, above Back)."""
        card = self.card()
        return pygame.Rect(card.x + 40, card.y + 72, card.w - 80, card.h - 72 - 78)

    def visible_rows(self) -> int:
        return self.area().h // ROW

    def max_scroll(self) -> int:
        return max(0, len(self.lines) - self.visible_rows())

    def on_wheel(self, dy: int) -> bool:
        self.scroll = max(0, min(self.max_scroll(), self.scroll - dy * 3))
        return True

    def on_key(self, event: pygame.event.Event) -> bool:
        page = self.visible_rows() - 1
        steps = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PAGEUP: page,
                 pygame.K_PAGEDOWN: -page}
        if event.key in steps:
            return self.on_wheel(steps[event.key])
        if event.key in (pygame.K_HOME, pygame.K_END):
            self.scroll = 0 if event.key == pygame.K_HOME else self.max_scroll()
            return True
        return False

    def draw_overlay(self, target: pygame.Surface) -> None:
        area = self.area()
        clip = target.get_clip()
        target.set_clip(area)
        y = area.y
        column = area.w // COLUMNS
        for line in self.lines[self.scroll: self.scroll + self.visible_rows()]:
            if line.kind == "heading":
                theme.text(target, line.text, (area.x, y + ROW // 2), 18, theme.BRASS_LIGHT,
                           "bold", "midleft")
            elif line.kind == "text":
                theme.text(target, line.text, (area.x, y + ROW // 2), TEXT, theme.PARCHMENT,
                           anchor="midleft")
            elif line.kind == "icons":
                for i, name in enumerate(line.icons):
                    x = area.x + i * column
                    art = icons.picture(name, ICON, theme.PARCHMENT)
                    target.blit(art, art.get_rect(midleft=(x, y + ROW // 2)))
                    label = theme.ellipsize(name, column - ICON - 18, SMALL)
                    theme.text(target, label, (x + ICON + 8, y + ROW // 2), SMALL,
                               theme.PARCHMENT_DIM, anchor="midleft")
            y += ROW
        target.set_clip(clip)
        if self.max_scroll():
            card = self.card()
            last = min(len(self.lines), self.scroll + self.visible_rows())
            theme.text(target, "Wheel, arrows or Page keys to scroll",
                       (card.x + 24, card.bottom - 40), SMALL, theme.MUTED, anchor="midleft")
            theme.text(target, f"Rows {self.scroll + 1}–{last} of {len(self.lines)}",
                       (card.right - 24, card.bottom - 40), SMALL, theme.MUTED,
                       anchor="midright")
