"""The win-chance bar and graph (issue #19): the AI's estimate of the person's chance to
win, read from the same analysis the Hint shows (``HintTurn``, worked out in a worker
thread at each of the person's decisions from their own view only), kept per decision in
a ``WinSeries`` that an undo cuts back, drawn as a bar in the table's header and, after
the match, as a small graph on the result screen. See docs/gui.md, "Win chance and review".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

from game import theme
from game.scene import Affine, Node

if TYPE_CHECKING:
    from ai.analysis import Analysis
    from rules.core import Action


def analysis_seed(match_seed: int, step: int) -> int:
    """The seed of the analyst asked about the decision after ``step`` record steps: the
    hint, the bar and the review ask the same one, so they tell the same story."""
    return match_seed * 97 + step


@dataclass
class Estimate:
    """The AI's view of one of a person's decisions: ``step`` record steps had been
    played, it was the match's ``decision``-th decision (the graph's x), ``seat``
    decided; ``made`` is what they played, once they have."""

    step: int
    decision: int
    seat: int
    analysis: Analysis
    made: Action | None = None

    @property
    def before(self) -> float | None:
        """The seat's chance to win as the decision stood."""
        return self.analysis.value

    @property
    def after(self) -> float | None:
        """The chance after the move made (the search's value of it; None: not made, or
        a move the search did not weigh)."""
        if self.made is None:
            return None
        option = self.analysis.option(self.made)
        return None if option is None else option.value

    @property
    def latest(self) -> float | None:
        """What the bar shows: the chance after the move once made, else before it."""
        after = self.after
        return after if after is not None else self.before


@dataclass
class WinSeries:
    """The estimates of a match, one per person's decision (by record step), and the
    decisions an undo went back to (the graph marks them)."""

    estimates: dict[int, Estimate] = field(default_factory=dict)
    undos: list[int] = field(default_factory=list)
    #: bumped by every undo: an estimate asked for before it belongs to a dropped line
    generation: int = 0

    def add(self, estimate: Estimate) -> None:
        self.estimates[estimate.step] = estimate

    def get(self, step: int, seat: int) -> Estimate | None:
        found = self.estimates.get(step)
        return found if found is not None and found.seat == seat else None

    def made(self, step: int, seat: int, action: Action) -> None:
        """``seat`` played ``action`` at ``step``: its estimate gets the after value."""
        found = self.get(step, seat)
        if found is not None:
            found.made = action

    def undo(self, steps: int, decision: int) -> None:
        """The match went back to ``steps`` record steps (its ``decision``-th decision):
        the estimates of the decisions taken back are dropped."""
        self.estimates = {s: e for s, e in self.estimates.items() if s < steps}
        self.undos = [d for d in self.undos if d < decision] + [decision]
        self.generation += 1

    def points(self, seat: int) -> list[tuple[int, float]]:
        """(decision, chance before it) of ``seat``'s estimated decisions, in order."""
        return [(e.decision, e.before) for _, e in sorted(self.estimates.items())
                if e.seat == seat and e.before is not None]

    def latest(self, seat: int) -> float | None:
        """The newest estimate of ``seat``'s chance (after its move, once made)."""
        mine = [e for _, e in sorted(self.estimates.items()) if e.seat == seat
                and e.latest is not None]
        return mine[-1].latest if mine else None


class WinBar(Node):
    """The bar in the header: the viewer's chance to win (left, in their colour) against
    the other side's (right), as the AI estimates it from the viewer's own view."""

    def __init__(self, rect: pygame.Rect) -> None:
        super().__init__(name="winchance")
        self.rect = rect
        self.visible = False
        self.value: float | None = None
        self.looking = False  # an estimate is being worked out
        self.colours: tuple[tuple[int, int, int], tuple[int, int, int]] = (theme.BRASS,
                                                                           theme.WOOD)

    def show(self, value: float | None, mine: tuple[int, int, int],
             theirs: tuple[int, int, int], looking: bool = False) -> None:
        self.visible, self.value, self.colours = True, value, (mine, theirs)
        self.looking = looking

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        box = self.rect
        if self.value is None:
            words = "the AI is looking…" if self.looking else "no estimate yet"
            theme.text(target, f"Win chance: {words}", (box.right, box.centery), 12,
                       theme.PARCHMENT_DIM, "bold", "midright")
            return
        shown = round(100 * max(0.0, min(1.0, self.value)))
        theme.text(target, f"You {shown} %", (box.x, box.centery), 12, theme.CREAM, "bold",
                   "midleft")
        theme.text(target, f"{100 - shown} %", (box.right, box.centery), 12, theme.CREAM,
                   "bold", "midright")
        bar = pygame.Rect(box.x + 72, box.centery - 5, box.w - 72 - 42, 10)
        mine, theirs = self.colours
        split = bar.x + round(bar.w * shown / 100)
        pygame.draw.rect(target, theirs, bar, border_radius=5)
        if split > bar.x:
            pygame.draw.rect(target, mine, pygame.Rect(bar.x, bar.y, split - bar.x, bar.h),
                             border_radius=5)
        pygame.draw.rect(target, theme.BRASS_LIGHT, bar, 1, border_radius=5)
        pygame.draw.line(target, theme.CREAM, (bar.centerx, bar.y - 3),
                         (bar.centerx, bar.bottom + 2), 1)  # even chances


Line = tuple[tuple[int, int, int], list[tuple[int, float]]]


def draw_graph(target: pygame.Surface, rect: pygame.Rect, lines: list[Line],
               undos: list[int], last: int) -> None:
    """The estimates over a match: x the decision number (0 .. ``last``), y the chance
    (0 .. 100 %), a line per seat in its colour, a dashed mark where an undo went back."""
    pygame.draw.rect(target, (24, 20, 17), rect, border_radius=8)
    pygame.draw.rect(target, theme.WOOD, rect, 1, border_radius=8)
    label_w = 44
    plot = pygame.Rect(rect.x + label_w, rect.y + 10, rect.w - label_w - 14, rect.h - 34)
    for value, words in ((1.0, "100 %"), (0.5, "50 %"), (0.0, "0 %")):
        y = plot.bottom - round(value * plot.h)
        colour = (70, 62, 50) if value != 0.5 else (110, 96, 70)
        pygame.draw.line(target, colour, (plot.x, y), (plot.right, y), 1)
        theme.text(target, words, (plot.x - 6, y), 11, theme.MUTED, anchor="midright")
    span = max(1, last)

    def x_of(decision: int) -> int:
        return plot.x + round(plot.w * min(decision, span) / span)

    for decision in undos:
        x = x_of(decision)
        for y in range(plot.y, plot.bottom, 8):
            pygame.draw.line(target, theme.BRASS, (x, y), (x, min(plot.bottom, y + 4)), 1)
    for colour, points in lines:
        coords = [(x_of(d), plot.bottom - round(v * plot.h)) for d, v in points]
        if len(coords) > 1:
            pygame.draw.lines(target, colour, False, coords, 2)
        for c in coords:
            pygame.draw.circle(target, colour, c, 3)
    theme.text(target, "decision 0", (plot.x, plot.bottom + 4), 11, theme.MUTED,
               anchor="midtop")
    theme.text(target, str(span), (plot.right, plot.bottom + 4), 11, theme.MUTED,
               anchor="midtop")
    if undos:
        theme.text(target, "dashed: undo", (plot.centerx, plot.bottom + 4), 11, theme.BRASS,
                   anchor="midtop")
