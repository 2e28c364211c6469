"""The root of Chaostle's table parts: the model's view read as the game's own state."""

from __future__ import annotations

from typing import cast

from game import theme
from game.tables.chaostle.layout import Camera, Frame
from game.tables.generic import GenericTable
from rules.chaostle.state import ChaostleState


class ChaostleBase(GenericTable):
    """Every part of Chaostle's table (the table and its mixins) derives from this one, so the
    view is narrowed from ``GameState`` once, here, with the colours read from it.
    ``frame`` is where its areas are now and ``cam`` how the castle is zoomed in it."""

    frame: Frame
    cam: Camera

    @property
    def view(self) -> ChaostleState:
        """The view on show, typed as Chaostle's state. A table draws only once a view is in
        place; the few places that may run before check ``self.model.view is None`` first."""
        return cast(ChaostleState, self.model.view)

    def colour(self, seat: int) -> tuple[int, int, int]:
        """An army's colour: its crown's once taken, else the seat's."""
        view = self.view
        crowns = getattr(view, "crowns", None)
        if crowns and 0 <= seat < len(crowns) and crowns[seat]:
            crown = view.board.crowns[crowns[seat]]
            return theme.NAMED_COLOURS.get(str(crown.colour).lower(), theme.BRASS)
        return super().colour(seat)

    def char_colour(self, view: ChaostleState, cid: str) -> tuple[int, int, int]:
        owner = view.chars[cid].owner
        return self.colour(int(owner)) if owner is not None else theme.MUTED
