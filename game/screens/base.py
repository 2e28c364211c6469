"""The screen stack: push/pop/replace; input goes to the top screen and down the stack until
a screen consumes it; ``draw`` never changes anything, ``update(dt)`` does.

Calm: the App redraws only when something changed or moves. A screen says it moves in
``animating()`` (its fade-in, a running tween, anything whose ``busy()`` is true) and asks
for one redraw after a change made outside input handling with ``mark_dirty()``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

import pygame

from game import theme
from game.scene import Node
from game.widgets import FocusRing, Widget

if TYPE_CHECKING:
    from game.app import App

FADE_IN = 0.18
MOUSE_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
DRAG_SLOP = 6  # pixels the pointer travels with the button held before a press is a drag

Point = tuple[float, float]


@runtime_checkable
class Draggable(Protocol):
    """A widget that can be picked up: pressed, moved past ``DRAG_SLOP`` and let go. A press
    released without moving that far stays a click."""

    def drag_start(self, pos: Point) -> None:
        """The pointer left the press point with the button held (``pos``: the press)."""

    def drag_move(self, pos: Point) -> None:
        """The pointer moved while dragging."""

    def drag_end(self, pos: Point) -> None:
        """The button was let go at ``pos`` (the widget decides what a drop there does)."""


class Screen:
    """One screen. ``opaque`` screens hide those below; ``modal`` ones keep input to
    themselves."""

    opaque = True
    modal = True
    title = ""

    def __init__(self, app: App) -> None:
        self.app = app
        self.root = Node(name=type(self).__name__)
        self.focus = FocusRing()
        self._pressed: Widget | None = None
        self._press_at: Point | None = None
        self._dragging = False
        self.age = 0.0  # seconds on screen (drives the fade-in)
        # where the pointer was first seen: it must really move before hovering takes the
        # keyboard focus (a window opening under a resting pointer must not steal Return)
        self._pointer_home: tuple[float, float] | None = None
        self._pointer_moved = False
        self.dirty = True  # a new screen has never been drawn

    # -- lifecycle -----------------------------------------------------------------------
    def on_enter(self) -> None:
        """Called when the screen is pushed or uncovered."""

    def on_exit(self) -> None:
        """Called when the screen is popped or replaced."""

    @property
    def is_top(self) -> bool:
        return self.app.stack.top is self

    # -- input -------------------------------------------------------------------------------
    def widget_at(self, pos: tuple[float, float]) -> Widget | None:
        node = self.root.pick(*pos)
        return node if isinstance(node, Widget) and node.enabled else None

    def handle(self, event: pygame.event.Event) -> bool:
        """Handle one event (mouse positions already in logical pixels); True = consumed."""
        if event.type == pygame.MOUSEMOTION:
            if not self._drag(event.pos):
                self.hover(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = self.widget_at(event.pos)
            self._press_at, self._dragging = event.pos, False
            if self._pressed is not None:
                self._pressed.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            if self._dragging:
                return self._drop(event.pos)
            return self._release(event.pos)
        if event.type == pygame.MOUSEWHEEL:
            return self.on_wheel(event.y)
        if event.type == pygame.KEYDOWN:
            if self.on_key(event) or self.focus.handle_key(event):
                return True
            if event.key == pygame.K_ESCAPE:
                return self.on_escape()
        return self.modal

    def hover(self, pos: tuple[float, float]) -> None:
        """Hovering focuses a widget, once the pointer has moved on this screen."""
        if self._pointer_home is None:
            self._pointer_home = pos
        if not self._pointer_moved:
            hx, hy = self._pointer_home
            self._pointer_moved = abs(pos[0] - hx) + abs(pos[1] - hy) > 4
        hovered = self.widget_at(pos)
        if hovered is not None and self._pointer_moved:
            self.focus.focus(hovered)

    def _drag(self, pos: Point) -> bool:
        """Route pointer motion to a pressed draggable widget; True while a drag is on."""
        pressed, start = self._pressed, self._press_at
        if pressed is None or start is None or not isinstance(pressed, Draggable):
            return False
        if not self._dragging:
            if abs(pos[0] - start[0]) + abs(pos[1] - start[1]) <= DRAG_SLOP:
                return False
            self._dragging = True
            pressed.pressed = False
            pressed.drag_start(start)
        pressed.drag_move(pos)
        return True

    def cancel_drag(self) -> None:
        """Another screen covers this one mid-drag: let go where the drag began (a drop
        there does nothing, so the piece goes back)."""
        if self._dragging and self._press_at is not None:
            self._drop(self._press_at)
        if self._pressed is not None:
            self._pressed.pressed = False
        self._pressed, self._dragging = None, False

    def _drop(self, pos: Point) -> bool:
        pressed, self._pressed, self._dragging = self._pressed, None, False
        if isinstance(pressed, Draggable):
            pressed.drag_end(pos)
        return True

    def _release(self, pos: tuple[float, float]) -> bool:
        pressed, self._pressed = self._pressed, None
        if pressed is None:
            return True
        pressed.pressed = False
        if self.widget_at(pos) is pressed:
            self.focus.focus(pressed)
            pressed.click(*pos)
        return True

    def on_key(self, event: pygame.event.Event) -> bool:
        """Screen-specific keys, before focus navigation."""
        return False

    def on_wheel(self, dy: int) -> bool:
        return True

    def on_escape(self) -> bool:
        """Esc: by default go back one screen."""
        if len(self.app.stack.screens) > 1:
            self.app.stack.pop()
        return True

    # -- frame -------------------------------------------------------------------------------
    def animating(self) -> bool:
        """Whether the screen looks different from one frame to the next without input
        (its fade-in, a tween, dice settling, a piece being dragged, which may ease after
        the pointer even while it rests): the App redraws every frame while it is."""
        return self.age < FADE_IN or self._dragging or self.root.busy()

    def mark_dirty(self) -> None:
        """Something this screen shows changed outside input handling (an AI move, a timer):
        redraw once."""
        self.dirty = True

    def update(self, dt: float) -> None:
        self.age += dt
        self.root.update(dt)

    def draw(self, target: pygame.Surface) -> None:
        self.draw_background(target)
        self.root.draw(target)
        self.draw_overlay(target)
        if self.age < FADE_IN:
            veil = pygame.Surface(target.get_size())
            veil.set_alpha(round(255 * (1 - self.age / FADE_IN) * (0.9 if self.opaque else 0.4)))
            target.blit(veil, (0, 0))

    def draw_background(self, target: pygame.Surface) -> None:
        target.blit(theme.felt_background(), (0, 0))

    def draw_overlay(self, target: pygame.Surface) -> None:
        """Drawn above the nodes (e.g. a status line)."""

    def widget(self, name: str) -> Widget | None:
        """A widget by name (the self-test finds buttons this way)."""
        node = self.root.find(name)
        return node if isinstance(node, Widget) else None


class ScreenStack:
    """Screens, the top one active."""

    def __init__(self) -> None:
        self.screens: list[Screen] = []
        self.dirty = True  # set by every push / pop; the App clears it once it has drawn

    @property
    def top(self) -> Screen | None:
        return self.screens[-1] if self.screens else None

    def push(self, screen: Screen) -> Screen:
        if self.top is not None:
            self.top.cancel_drag()
        self.dirty = True
        self.screens.append(screen)
        screen.on_enter()
        return screen

    def pop(self) -> Screen | None:
        if not self.screens:
            return None
        self.dirty = True
        screen = self.screens.pop()
        screen.on_exit()
        if self.top is not None:
            self.top.on_enter()
        return screen

    def replace(self, screen: Screen) -> Screen:
        self.dirty = True
        if self.screens:
            self.screens.pop().on_exit()
        return self.push(screen)

    def reset(self, screen: Screen) -> Screen:
        """Clear the stack down to nothing and show ``screen``."""
        self.dirty = True
        while self.screens:
            self.screens.pop().on_exit()
        return self.push(screen)

    def find(self, kind: type) -> Screen | None:
        return next((s for s in reversed(self.screens) if isinstance(s, kind)), None)

    def handle(self, event: pygame.event.Event) -> bool:
        for screen in reversed(list(self.screens)):
            if screen.handle(event):
                return True
            if screen.modal:
                return False
        return False

    def update(self, dt: float) -> None:
        for screen in list(self.screens):
            screen.update(dt)

    def visible(self) -> list[Screen]:
        """The screens drawn: the top opaque one and those above it."""
        start = 0
        for i in range(len(self.screens) - 1, -1, -1):
            if self.screens[i].opaque:
                start = i
                break
        return self.screens[start:]

    def animating(self) -> bool:
        """Whether a visible screen moves on its own."""
        return any(screen.animating() for screen in self.visible())

    def take_dirty(self) -> bool:
        """Whether the stack or a visible screen changed since the last call (clears it)."""
        dirty, self.dirty = self.dirty, False
        for screen in self.visible():
            dirty, screen.dirty = dirty or screen.dirty, False
        return dirty

    def draw(self, target: pygame.Surface) -> None:
        for screen in self.visible():
            screen.draw(target)
