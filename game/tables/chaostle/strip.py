"""Chaostle's action strip: the generic action buttons (three by three, keys 1-9, paged)
in the strip under the castle and the roster, its heading, the game's end and the
waiting ring. Mixed into ``ChaostleTable``."""

from __future__ import annotations

import game.tables.chaostle.layout as lay
from game.tables.chaostle.base import ChaostleBase
from game.tables.generic import StripLayout


class ActionStrip(ChaostleBase):
    """The action buttons below the board."""

    STRIP = StripLayout(lay.STRIP, lay.COLUMNS, lay.ROWS, lay.BUTTON_H, lay.BUTTON_GAP,
                        col_gap=10, pager_w=lay.PAGER_W, head=34, font=14, title=15)

    def strip_prompt(self) -> str:
        if self.list_hidden:  # Settings: the action list only lists what the table lacks
            return "Play on the table: click a lit space, standee, card, peg or the dice tray"
        return "Choose an action, or click a lit space, standee, card or peg"

    def on_wheel(self, dy: int, pos: tuple[float, float]) -> None:
        if lay.STRIP.collidepoint(pos) and self.pages > 1:
            self.turn_page(-1 if dy > 0 else 1)
        elif self.log_rect().collidepoint(pos):
            self.log_scroll = max(0, self.log_scroll + dy * 2)

