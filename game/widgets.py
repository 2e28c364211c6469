"""Buttons, option cyclers and the focus ring that makes every screen keyboard-navigable."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game import sound, theme
from game.assets import font
from game.scene import Affine, Node
from game.tween import ease_out_cubic

if TYPE_CHECKING:
    from rules.core import Action


class Widget(Node):
    """A focusable, clickable node. ``glow`` eases towards 1 while hovered or focused."""

    def __init__(self, x: float, y: float, w: float, h: float, name: str = "",
                 on_activate: Callable[[], None] | None = None, enabled: bool = True) -> None:
        super().__init__(x, y, w, h, name=name)
        self.interactive = True
        self.enabled = enabled
        self.focused = False
        self.pressed = False
        self.glow = 0.0
        self.on_activate = on_activate
        #: the legal actions a click here plays (one) or opens the way to (a selection with
        #: several): a table's direct play declares them, so the table knows which choices
        #: have a place on it and the self-test can play by clicking the table (docs/gui.md)
        self.leads: tuple[Action, ...] = ()

    def set_focus(self, focused: bool) -> None:
        if focused != self.focused:
            self.focused = focused
            self.tweens.tweens = [t for t in self.tweens.tweens if t.attr != "glow"]
            self.tween("glow", 1.0 if focused else 0.0, 0.15, ease_out_cubic)

    def activate(self) -> None:
        if self.enabled and self.on_activate:
            sound.play("click")
            self.on_activate()

    def nudge(self, step: int) -> bool:
        """Left/right on a focused widget; True when the widget used the key."""
        return False

    def click(self, x: float, y: float) -> None:
        self.activate()

    def box(self, world: Affine) -> pygame.Rect:
        left, top = world.apply(-self.w / 2, -self.h / 2)
        return pygame.Rect(round(left), round(top), int(self.w * world.scale),
                           int(self.h * world.scale))


LEAST_SIZE = 12  # no button's words are smaller


def label_fits(label: str, w: float, h: float, size: int) -> bool:
    """Whether a button ``w`` by ``h`` holds ``label`` whole at ``size``: in one line, or in
    as many as its height holds."""
    room = int(w) - 20
    if theme.font(size, "bold").size(label)[0] <= room:
        return True
    return len(theme.wrap(label, room, size, "bold")) <= lines_held(h, size)


def lines_held(h: float, size: int) -> int:
    """How many lines of words at ``size`` a button ``h`` tall holds (with its margins)."""
    return max(1, int((h - 6) // (size + 2)))


def page_size(labels: list[str], rects: list[pygame.Rect], base: int) -> int:
    """One size for a grid of buttons (``labels`` in ``rects``): the largest from ``base``
    down to ``LEAST_SIZE`` at which every label is whole (a page of choices in one size)."""
    for size in range(base, LEAST_SIZE - 1, -1):
        if all(label_fits(label, r.w, r.h, size) for label, r in zip(labels, rects,
                                                                      strict=True)):
            return size
    return LEAST_SIZE


class Button(Widget):
    """A labelled button; ``primary`` buttons are brass, others parchment. With ``wrap`` a
    label too long for one line takes as many as its height holds, at its own size (a grid
    sized by ``page_size``)."""

    def __init__(self, x: float, y: float, w: float, h: float, label: str, name: str = "",
                 on_activate: Callable[[], None] | None = None, primary: bool = False,
                 enabled: bool = True, size: int = 18, subtitle: str = "",
                 danger: bool = False, wrap: bool = False) -> None:
        super().__init__(x, y, w, h, name or label, on_activate, enabled)
        self.label, self.primary, self.size, self.subtitle = label, primary, size, subtitle
        self.danger = danger  # an irreversible choice: red, and it asks before it acts
        self.wrap = wrap

    def colours(self) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        if not self.enabled:
            return (92, 104, 98), (160, 168, 162)
        if self.danger:
            return theme.blend(theme.DANGER, theme.lighten(theme.DANGER, 40), self.glow), \
                theme.CREAM
        base = theme.BRASS if self.primary else theme.PARCHMENT
        hot = theme.BRASS_LIGHT if self.primary else theme.CREAM
        return theme.blend(base, hot, self.glow), theme.INK

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        rect = self.box(world)
        if self.pressed:
            rect = rect.move(0, 2)
        fill, ink = self.colours()
        border = theme.BRASS_LIGHT if self.focused else (theme.WOOD if self.enabled else None)
        theme.shadowed_rect(target, rect, fill, radius=10, shadow=0 if self.pressed else 5,
                            border=border, border_width=3 if self.focused else 1)
        if self.focused:
            pygame.draw.rect(target, theme.CREAM, rect.inflate(8, 8), width=2, border_radius=14)
        label = theme.ellipsize(self.label, rect.w - 20, self.size, "bold")
        long = label != self.label and not self.subtitle
        held = lines_held(rect.h, self.size)
        snug = next((size for size in (self.size - 1, self.size - 2) if size >= LEAST_SIZE
                     and theme.font(size, "bold").size(self.label)[0] <= rect.w - 20), None)
        if long and self.wrap and held >= 2:  # a grid's choice: lines at its page's size
            self.draw_lines(target, rect, ink, self.size, held)
        elif long and not self.wrap and snug is not None:  # a little long: a size smaller
            theme.text(target, self.label, rect.center, snug, ink, "bold", "center")
        elif long and rect.h >= 40:
            self.draw_lines(target, rect, ink, self.size - 3, 2)
        elif self.subtitle:
            theme.text(target, label, (rect.centerx, rect.centery - 10), self.size, ink, "bold",
                       "center")
            sub = theme.ellipsize(self.subtitle, rect.w - 20, 13)
            theme.text(target, sub, (rect.centerx, rect.centery + 14), 13, ink, anchor="center")
        else:
            theme.text(target, label, rect.center, self.size, ink, "bold", "center")


    def draw_lines(self, target: pygame.Surface, rect: pygame.Rect,
                   ink: tuple[int, int, int], size: int, most: int) -> None:
        """A long label in at most ``most`` lines at ``size`` (the last shortened if it
        must be)."""
        lines = theme.wrap(self.label, rect.w - 20, size, "bold")
        if 1 < len(lines) <= most:  # whole: as even as the lines can be
            lines = list(theme.balanced(self.label, rect.w - 20, size, "bold"))
        if len(lines) > most:
            lines = [*lines[:most - 1],
                     theme.ellipsize(" ".join(lines[most - 1:]), rect.w - 20, size, "bold")]
        middle = (len(lines) - 1) / 2
        for i, line in enumerate(lines):
            theme.text(target, line, (rect.centerx, rect.centery + (i - middle) * (size + 2)),
                       size, ink, "bold", "center")


class Cycler(Widget):
    """``label: value`` with arrows; Left/Right (or a click on either half) change it."""

    def __init__(self, x: float, y: float, w: float, h: float, label: str,
                 choices: Sequence[str], value: str, name: str = "",
                 on_change: Callable[[str], None] | None = None, size: int = 16,
                 show: Callable[[str], str] = str,
                 picture: Callable[[str, int], pygame.Surface] | None = None) -> None:
        super().__init__(x, y, w, h, name or label)
        self.label, self.choices, self.size, self.show = label, list(choices), size, show
        self.picture = picture  # a portrait of the value (value, size -> picture), if any
        self.value = value if value in self.choices else self.choices[0]
        self.on_change = on_change
        self.on_activate = lambda: self.nudge(1)

    def nudge(self, step: int) -> bool:
        if not self.enabled or len(self.choices) < 2:
            return False
        sound.play("click", 0.6)
        i = (self.choices.index(self.value) + step) % len(self.choices)
        self.value = self.choices[i]
        if self.on_change:
            self.on_change(self.value)
        return True

    def click(self, x: float, y: float) -> None:
        lx, _ = self.to_local(x, y)
        self.nudge(-1 if lx < -self.w / 2 + 40 else 1)

    def value_space(self) -> int:
        """How wide the value may be drawn: from the label's end (16 px after it) to the
        right arrow, or between the arrows when there is no label."""
        if not self.label:
            return int(self.w) - 80
        label = font(self.size - 2, "regular").size(self.label)[0]
        return int(self.w) - 44 - label - 16 - 40

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        rect = self.box(world)
        fill = theme.blend(theme.PARCHMENT_DIM, theme.CREAM, self.glow)
        theme.shadowed_rect(target, rect, fill, radius=9, shadow=4,
                            border=theme.BRASS_LIGHT if self.focused else theme.WOOD,
                            border_width=3 if self.focused else 1)
        ink = theme.INK if self.enabled else theme.MUTED
        if self.label:
            theme.text(target, self.label, (rect.x + 44, rect.centery), self.size - 2, ink,
                       anchor="midleft")
        arrows = len(self.choices) > 1 and self.enabled
        for sign, cx in ((-1, rect.x + 20), (1, rect.right - 20)):
            if arrows:
                pts = [(cx - 6 * sign, rect.centery - 8), (cx + 6 * sign, rect.centery),
                       (cx - 6 * sign, rect.centery + 8)]
                pygame.draw.polygon(target, theme.WOOD, pts)
        value_x = rect.right - 40 if self.label else rect.centerx
        anchor = "midright" if self.label else "center"
        space = self.value_space()
        if self.picture is not None and not self.label:  # a portrait, then the name
            side = min(rect.h - 8, 30)
            portrait = self.picture(self.value, side)
            words = theme.ellipsize(self.show(self.value), space - side - 8, self.size, "bold")
            span = side + 8 + theme.rendered(words, self.size, ink, "bold").get_width()
            left = rect.centerx - span // 2
            target.blit(portrait, portrait.get_rect(midleft=(left, rect.centery)))
            theme.text(target, words, (left + side + 8, rect.centery), self.size, ink, "bold",
                       "midleft")
            return
        theme.text(target, theme.ellipsize(self.show(self.value), space, self.size, "bold"),
                   (value_x, rect.centery), self.size, ink, "bold", anchor)


class FocusRing:
    """The keyboard focus over a screen's widgets: Tab/arrows move it, Return activates."""

    def __init__(self) -> None:
        self.widgets: list[Widget] = []
        self.index = -1

    def set(self, widgets: Sequence[Widget], focus: Widget | None = None) -> None:
        for w in self.widgets:
            w.set_focus(False)
        self.widgets = [w for w in widgets if w.enabled]
        self.index = -1
        target = focus if focus in self.widgets else (self.widgets[0] if self.widgets else None)
        if target is not None:
            self.focus(target)

    @property
    def current(self) -> Widget | None:
        return self.widgets[self.index] if 0 <= self.index < len(self.widgets) else None

    def focus(self, widget: Widget) -> None:
        if widget not in self.widgets:
            return
        if self.current is not None:
            self.current.set_focus(False)
        self.index = self.widgets.index(widget)
        widget.set_focus(True)

    def move(self, step: int) -> None:
        if self.widgets:
            self.focus(self.widgets[(self.index + step) % len(self.widgets)])

    def move_spatial(self, dx: int, dy: int) -> None:
        """Focus the nearest widget in a direction (for grids of buttons)."""
        cur = self.current
        if cur is None:
            self.move(1)
            return
        cx, cy = cur.to_world()
        best, best_score = None, float("inf")
        for w in self.widgets:
            if w is cur:
                continue
            wx, wy = w.to_world()
            ax, ay = wx - cx, wy - cy
            along = ax * dx + ay * dy
            if along <= 4:
                continue
            score = along + 2.5 * abs(ax * dy + ay * dx)
            if score < best_score:
                best, best_score = w, score
        if best is not None:
            self.focus(best)
        else:
            self.move(1 if dx + dy > 0 else -1)

    def handle_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        cur = self.current
        if key == pygame.K_TAB:
            self.move(-1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and cur is not None:
            cur.activate()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            step = -1 if key == pygame.K_LEFT else 1
            if cur is None or not cur.nudge(step):
                self.move_spatial(step, 0)
        elif key in (pygame.K_UP, pygame.K_DOWN):
            self.move_spatial(0, -1 if key == pygame.K_UP else 1)
        else:
            return False
        return True
