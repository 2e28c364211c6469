"""The Hint (key H): the AI, in a worker thread, analyses the decision in front of the
person from their own view only; the table rings the element that plays its suggestion and
says in one line why (the AI's estimate of the person's chance to win now and after the
move, and the best alternative), or, at a choice made in secret, the mix the AI would play.
"""

from __future__ import annotations

import math
import threading
from typing import TYPE_CHECKING

import pygame

from ai.levels import make_analyst
from game import theme
from game.cardface import node_box
from game.scene import Affine, Node

if TYPE_CHECKING:
    from ai.analysis import Analysis
    from game.widgets import Widget
    from rules.core import Action, GameState

#: The level whose search answers a hint, the win-chance bar and the review: normal, as
#: hard is slower and not wiser there; Biternia's expert, which is measured wiser (it beat
#: hard in 191 of 300 games, mostly by drafting the Heroes measured strongest, and a hint
#: at the draft should say so) and still quick (bench p95 228 ms).
HINT_LEVELS = {"biternia": "expert"}


def hint_level(game_id: str) -> str:
    """The level that answers hints and estimates in ``game_id``."""
    return HINT_LEVELS.get(game_id, "normal")

MIXED_SHOWN = 3  # the top choices of a mixed strategy named in the line


class HintTurn:
    """One analysis computed in a worker thread, so the table keeps animating."""

    def __init__(self, game_id: str, seed: int, view: GameState, seat: int,
                 actions: tuple[Action, ...]) -> None:
        self.seat, self.actions = seat, actions  # the decision it answers
        self.analysis: Analysis | None = None
        self.error: str | None = None
        self.thread = threading.Thread(target=self._think, args=(game_id, seed, view),
                                       daemon=True)
        self.thread.start()

    def _think(self, game_id: str, seed: int, view: GameState) -> None:
        try:
            analyst = make_analyst(game_id, hint_level(game_id), seed)
            self.analysis = analyst.analyse(view, self.seat)
        except Exception as exc:  # noqa: BLE001 - the table says so instead of crashing
            self.error = f"no hint here: {exc}"

    @property
    def ready(self) -> bool:
        return not self.thread.is_alive()


def percent(value: float | None) -> str:
    return "?" if value is None else f"{round(100 * max(0.0, min(1.0, value)))} %"


def short(action: Action) -> str:
    """An action's words up to any bracket of details ("Recruit Inu the Inferno")."""
    return str(action).split(" (", 1)[0]


def ringed(analysis: Analysis) -> Action:
    """The move the table rings: the suggestion, or at a choice made in secret the mix's
    most played choice (the one the line names first), not the one the AI happened to draw
    from its mix this time."""
    if analysis.mixed and analysis.options:
        return analysis.options[0].action
    return analysis.choice


def hint_parts(analysis: Analysis) -> tuple[str, str]:
    """What the AI suggests and why, in its own estimates: (the move with the chance to
    win now and after it, the next best with its estimate, or for a pick that weighed no
    alternative the agent's reason); at a choice made in secret, (the mix it would play,
    the chance to win)."""
    options = analysis.options
    if analysis.mixed and len(options) > 1:
        # the choices it would ever play: a share that rounds to 0 % is not part of the mix
        played = [o for o in options[:MIXED_SHOWN] if percent(o.share) != "0 %"] \
            or list(options[:1])
        now = "" if analysis.value is None else f"your chance to win {percent(analysis.value)}"
        if len(played) == 1:
            return f"The AI would play {short(played[0].action)} every time", now
        shown = ", ".join(f"{short(o.action)} {percent(o.share)}" for o in played)
        return f"The AI would mix: {shown}", now
    main = f"Hint: {short(analysis.choice)}"
    after = analysis.after()
    if analysis.value is not None and after is not None:
        main += f" — your chance to win {percent(analysis.value)} now, {percent(after)} after it"
    others = analysis.alternatives(1)
    extra = ""
    if len(options) == 1:  # a pick that weighed no alternative: the line says why instead
        extra = analysis.note
    elif others:
        extra = f"next best: {short(others[0].action)}"
        extra += f" ({percent(others[0].value)})" if others[0].value is not None else ""
    return main, extra


def hint_line(analysis: Analysis) -> str:
    """The hint's whole line."""
    main, extra = hint_parts(analysis)
    if not extra:
        return main
    return f"{main}; {extra}" if not analysis.mixed else f"{main} ({extra})"


def ring_widgets(target: pygame.Surface, widgets: list[Widget], clock: float) -> None:
    """The pulsing brass frame round each visible widget (a hint's suggestion, a tutorial's
    callout target)."""
    glow = 0.5 + 0.5 * math.sin(clock * 5)
    ring = theme.blend(theme.BRASS, theme.CREAM, glow)
    for widget in widgets:
        if widget.visible:
            pygame.draw.rect(target, ring, node_box(widget).inflate(10, 10), 4,
                             border_radius=10)


class HintMarks(Node):
    """The hint on the table: a brass ring pulsing round each element that plays the
    suggestion (or the list button for it) and the line of why over the action strip."""

    def __init__(self) -> None:
        super().__init__(name="hint")
        self.z = 80  # over the table's pieces, under the card zoom
        self.targets: list[Widget] = []
        self.line = ""
        self.short = ""  # the line without the next best, when the whole does not fit
        self.where = pygame.Rect(0, 0, 0, 0)
        self.actions: tuple[Action, ...] = ()  # the decision the hint answers
        self.choice: Action | None = None
        self.clock = 0.0

    def show(self, choice: Action, targets: list[Widget], analysis: Analysis,
             where: pygame.Rect, actions: tuple[Action, ...]) -> None:
        """Ring ``targets`` (what plays ``choice``) with the analysis's line in ``where``,
        while ``actions`` are the decision's choices."""
        self.choice, self.targets = choice, targets
        self.line, self.short = hint_line(analysis), hint_parts(analysis)[0]
        self.where, self.actions = where, actions

    def wait(self, where: pygame.Rect, actions: tuple[Action, ...]) -> None:
        """The line while the AI works the hint out (nothing ringed yet)."""
        self.choice, self.targets, self.line = None, [], "Thinking about a hint…"
        self.short, self.where, self.actions = self.line, where, actions

    def clear(self) -> None:
        self.choice, self.targets, self.line, self.actions = None, [], "", ()

    @property
    def active(self) -> bool:
        return bool(self.line)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        if not self.line:
            return
        ring_widgets(target, self.targets, self.clock)
        box = self.where
        theme.shadowed_rect(target, box, (40, 30, 18), radius=10, shadow=4,
                            border=theme.BRASS_LIGHT)
        width = box.w - 24
        for line in (self.line, self.short):  # the whole line, else without the next best
            size = next((z for z in (14, 13, 12) if theme.font(z, "bold").size(line)[0]
                         <= width), 0)
            if size:
                break
        else:
            line, size = theme.ellipsize(self.short, width, 12, "bold"), 12
        theme.text(target, line, (box.x + 12, box.centery), size, theme.CREAM, "bold",
                   "midleft")
