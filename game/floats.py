"""Words that rise from a piece and fade ("-4", "Miss", "+2 gold", "Defeated"): one kind for
every table. ``rise_from`` adds one to a table, above any still rising from the same spot
(several results of one step stack instead of printing over each other) and inside the
screen."""

from __future__ import annotations

import pygame

from game import overlap, theme
from game.scene import Affine, Node, blit_transformed
from game.tween import ease_out_cubic

NEAR = (70, 34)  # floats closer than this (x, y) to a new one's start count as one spot
RISE = 34  # pixels a float rises
RISE_TIME, SHOWN, FADE = 1.1, 0.75, 0.45  # seconds it rises, stays whole, fades (from its delay)


def overlaps(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Whether two spans of columns (left, right) share any."""
    return a[0] < b[1] and b[0] < a[1]


class FloatText(Node):
    """A word or number that rises ``RISE`` pixels and fades, after ``delay`` seconds."""

    def __init__(self, x: float, y: float, words: str, colour: tuple[int, int, int],
                 size: int = 20, delay: float = 0.0) -> None:
        super().__init__(x, y, name="float")
        self.words, self.size, self.z = words, size, 60
        self.start = (x, y)
        ink = theme.rendered(words, size, colour, "bold")
        self.look = pygame.Surface((ink.get_width() + 2, ink.get_height() + 2), pygame.SRCALPHA)
        self.look.blit(theme.rendered(words, size, (0, 0, 0), "bold"), (2, 2))
        self.look.blit(ink, (0, 0))
        overlap.mark_transient(self.look)
        self.w, self.h = self.look.get_size()
        self.alpha = 0.0 if delay else 1.0
        if delay:
            self.tween("alpha", 1.0, 0.05, delay=delay)
        self.tween("y", y - RISE, RISE_TIME, ease_out_cubic, delay=delay)
        self.tween("alpha", 0.0, FADE, delay=delay + SHOWN, on_done=self.detach)

    def left(self) -> float:
        """Seconds until it is gone (its fade ends last)."""
        return max([0.0] + [t.delay + t.duration - t.elapsed for t in self.tweens.tweens])

    def band(self) -> tuple[float, float]:
        """The columns of the screen it takes (it rises straight up)."""
        return self.x - self.w / 2, self.x + self.w / 2

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        blit_transformed(target, self.look, world, alpha)


def rise_from(parent: Node, x: float, y: float, words: str, colour: tuple[int, int, int],
              size: int = 20, delay: float = 0.0, top: float = 0.0,
              stack: bool = True) -> FloatText:
    """Add a float at (x, y) of ``parent``: stacked above the floats still rising from
    near there, and moved in so that it stays on the screen, below ``top`` (a table's
    board edge: the words never rise over the seats or header above it). With ``stack``
    false it is not stacked: the caller has timed it (``delay``) to rise after them."""
    near = [c for c in parent.children if stack and isinstance(c, FloatText)
            and abs(c.start[0] - x) < NEAR[0] and abs(c.start[1] - y) < NEAR[1]]
    w, h = theme.rendered(words, size, colour, "bold").get_size()
    floor = top + h / 2 + RISE + 4  # the lowest start whose words stay below ``top``
    y = max(y, floor)
    if near:  # above the highest of them (they rise as fast as this one will) ...
        above = min(c.y - (c.h + h) / 2 - 2 for c in near)
        # ... or, with no room above, below the lowest
        y = above if above >= floor else max(c.y + (c.h + h) / 2 + 2 for c in near)
    x = min(max(x, w / 2 + 6), theme.LOGICAL_SIZE[0] - w / 2 - 6)
    float_ = FloatText(x, y, words, colour, size, delay)
    parent.add(float_)
    return float_
