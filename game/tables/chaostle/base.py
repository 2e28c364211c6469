"""The root of Chaostle's table parts: the model's view read as the game's own state."""

from __future__ import annotations

from typing import cast

from game.tables.generic import GenericTable
from rules.chaostle.state import ChaostleState


class ChaostleBase(GenericTable):
    """Every part of Chaostle's table (the table and its mixins) derives from this one, so the
    view is narrowed from ``GameState`` once, here."""

    @property
    def view(self) -> ChaostleState:
        """The view on show, typed as Chaostle's state. A table draws only once a view is in
        place; the few places that may run before check ``self.model.view is None`` first."""
        return cast(ChaostleState, self.model.view)
