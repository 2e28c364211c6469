"""The root of Chaostle's table parts: the model's view read as the game's own state."""

from __future__ import annotations

from functools import cache
from typing import cast

from game import theme
from game.tables.chaostle.layout import Camera, Frame
from game.tables.generic import GenericTable
from rules.chaostle.state import ChaostleState
from rules.core import GameState

#: the armies' colours before they take a crown: the usual seat colours first (as every
#: table gives them), then the other crowns' colours, so eight armies start in eight
PALETTE = ("red", "blue", "yellow", "green", "orange", "purple", "white", "black")


@cache
def army_colours(crowned: tuple[str | None, ...]) -> tuple[tuple[int, int, int], ...]:
    """Each army's colour, given the colour of the crown each has taken (None: none yet).
    A crowned army wears its crown's colour; one without a crown keeps its seat's colour
    until another army takes the crown of that colour, then wears the first colour no
    crown and no other army has, so no two armies ever share a colour."""
    names: list[str | None] = [c.lower() if c else None for c in crowned]
    taken = {c for c in names if c}
    for seat, name in enumerate(names):
        own = PALETTE[seat % len(PALETTE)]
        if name is None and own not in taken:
            names[seat] = own
            taken.add(own)
    for seat, name in enumerate(names):
        if name is None:
            spare = next((c for c in PALETTE if c not in taken), PALETTE[seat % len(PALETTE)])
            names[seat] = spare
            taken.add(spare)
    return tuple(theme.NAMED_COLOURS.get(str(c), theme.BRASS) for c in names)


def crown_colours(view: ChaostleState) -> tuple[str | None, ...]:
    """The colour of the crown each seat has taken (None: none yet)."""
    crowns = list(getattr(view, "crowns", None) or [None] * view.num_players)
    return tuple(str(view.board.crowns[c].colour) if c else None for c in crowns)


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
        """An army's colour: its crown's once taken, else the seat's (``army_colours``)."""
        view = self.model.view
        if not isinstance(view, ChaostleState) or not 0 <= seat < view.num_players:
            return super().colour(seat)
        return army_colours(crown_colours(view))[seat]

    @classmethod
    def setup_colour(cls, state: GameState, seat: int) -> tuple[int, int, int]:
        """The setup screen's seat dot: the colour the army starts the game in."""
        if isinstance(state, ChaostleState) and 0 <= seat < state.num_players:
            return army_colours(crown_colours(state))[seat]
        return super().setup_colour(state, seat)

    def char_colour(self, view: ChaostleState, cid: str) -> tuple[int, int, int]:
        owner = view.chars[cid].owner
        return self.colour(int(owner)) if owner is not None else theme.MUTED
