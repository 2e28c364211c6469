"""The window: a 1280x720 logical canvas scaled (letterboxed) into a resizable window,
the screen stack, settings, and the main loop.

The loop is calm: it redraws only when an event came, a screen animates
(``Screen.animating``) or something was marked changed (a screen pushed or popped,
``Screen.mark_dirty``, a toast shown or gone, the window reopened); otherwise it still reads
input and runs timers ``IDLE_FPS`` times a second but draws nothing."""

from __future__ import annotations

import os
import random
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import pygame

from game import icons, sound, theme
from game.screens.base import MOUSE_EVENTS, ScreenStack
from game.screens.credits import CreditsScreen
from game.screens.menus import TitleScreen
from game.screens.overlays import (
    LoadScreen,
    MessageScreen,
    PositionsScreen,
    RulesScreen,
    SettingsScreen,
)
from game.screens.review import ReviewScreen
from game.screens.table import TableScreen
from game.session import Session, SessionError
from game.settings import (
    Settings,
    clamp_window,
    data_dir,
    load_settings,
    save_settings,
    settings_path,
)
from game.tutorial_screen import TutorialsScreen, open_tutorial

FPS = 60  # frames a second while something moves
IDLE_FPS = 30  # wake-ups a second while nothing does: input and timers, no drawing
TOAST_SECONDS = 3.2


@dataclass
class Toast:
    message: str
    left: float = TOAST_SECONDS


TOAST_WIDTH, TOAST_LINES = 1070, 3


def toast_lines(message: str) -> list[str]:
    """A toast's message in lines of at most TOAST_WIDTH pixels: whole up to TOAST_LINES
    lines (a long path included), the last one shortened beyond that."""
    lines = theme.wrap(message, TOAST_WIDTH, 16)
    if len(lines) > TOAST_LINES:
        rest = " ".join(lines[TOAST_LINES - 1:])
        lines = [*lines[: TOAST_LINES - 1], theme.ellipsize(rest, TOAST_WIDTH, 16)]
    return lines


def desktop_size() -> tuple[int, int] | None:
    """The size of the display the window opens on (the first); None without a real
    display (SDL's dummy driver reports an invented 1024x768)."""
    if pygame.display.get_driver() == "dummy":
        return None
    sizes = pygame.display.get_desktop_sizes()
    return sizes[0] if sizes else None


class App:
    """Owns the window, the canvas and the screen stack."""

    def __init__(self, config_dir: Path | None = None, save_dir: Path | None = None,
                 window: bool = True, start: bool = True) -> None:
        sys.setswitchinterval(0.001)  # the AI thread must not hold up a frame for long
        pygame.display.init()  # the mixer is started by game.sound (silent without a device)
        pygame.font.init()
        pygame.display.set_caption("Tabletop Arena")
        pygame.display.set_icon(icons.app_icon(64))
        self.canvas = pygame.Surface(theme.LOGICAL_SIZE)
        self.settings_file = settings_path(config_dir)
        self.settings, warning = load_settings(self.settings_file)
        self.desktop = desktop_size()
        # a size saved on a bigger display is shrunk to fit this one (the file keeps it)
        self.settings = clamp_window(self.settings, self.desktop)
        self.save_dir = save_dir or data_dir() / "saves"
        self.stack = ScreenStack()
        self.running = True
        self.toasts: list[Toast] = []
        self.last_save: Path | None = None
        self.window: pygame.Surface | None = None
        self.clock = pygame.time.Clock()
        self.seeds = random.Random()
        self.moving = True  # something animated in the last frame
        self.dirty = True  # something changed that the last frame did not show
        self.draws = 0  # frames drawn (the calm loop skips the rest)
        self.pondering: Session | None = None  # the match whose AI may ponder (ai.ponder)
        if window:
            self.apply_display()
            sound.start(self.settings.volume)
        if warning:
            self.toast(warning)
        if start:
            self.stack.push(TitleScreen(self))

    # -- navigation: screens go through these, so no screen imports another's module ------
    def show_title(self) -> None:
        """Back to the title screen (everything above it closes)."""
        self.stack.reset(TitleScreen(self))

    def open_table(self, session: Session) -> None:
        """Play ``session``, with the title screen under its table."""
        self.show_title()
        self.stack.push(TableScreen(self, session))

    def open_load(self) -> None:
        self.stack.push(LoadScreen(self))

    def open_positions(self) -> None:
        self.stack.push(PositionsScreen(self))

    def open_settings(self) -> None:
        self.stack.push(SettingsScreen(self))

    def open_rules(self, game_id: str | None = None, section: str = "") -> None:
        """How to play ``game_id`` (the first game when None; the others a key away), at
        ``section`` (highlighted) when one is named."""
        self.stack.push(RulesScreen(self, game_id, section))

    def open_review(self, session: Session) -> None:
        """Review the match of ``session`` decision by decision (from its result)."""
        self.stack.push(ReviewScreen(self, session))

    def open_credits(self) -> None:
        self.stack.push(CreditsScreen(self))

    def open_tutorials(self) -> None:
        """Learn to play: the games with a tutorial."""
        self.stack.push(TutorialsScreen(self))

    def open_tutorial(self, game_id: str) -> None:
        """Start ``game_id``'s tutorial (the title screen under its table)."""
        open_tutorial(self, game_id)

    # -- display -----------------------------------------------------------------------
    def apply_display(self) -> None:
        """(Re)open the window from the settings."""
        s = self.settings
        flags = pygame.FULLSCREEN if s.fullscreen else pygame.RESIZABLE
        size = (0, 0) if s.fullscreen else (s.window_w, s.window_h)
        try:
            self.window = pygame.display.set_mode(size, flags)
        except pygame.error:
            self.window = pygame.display.set_mode(theme.LOGICAL_SIZE, pygame.RESIZABLE)
        self.dirty = True

    def change_settings(self, settings: Settings) -> None:
        resized = (settings.window_w, settings.window_h, settings.fullscreen) != (
            self.settings.window_w, self.settings.window_h, self.settings.fullscreen)
        self.settings = settings
        sound.set_volume(settings.volume)
        problem = save_settings(self.settings_file, settings)
        if problem:
            self.toast(problem)
        if resized and self.window is not None:
            self.apply_display()

    def remember_size(self, w: int, h: int) -> None:
        """A window resized by hand keeps its size next time."""
        self.window = pygame.display.get_surface() or self.window
        s = self.settings
        if s.fullscreen or (w, h) == (s.window_w, s.window_h) or w < 320 or h < 240:
            return
        self.settings = replace(s, window_w=w, window_h=h)
        problem = save_settings(self.settings_file, self.settings)
        if problem:
            self.toast(problem)

    def toggle_fullscreen(self) -> None:
        s = self.settings
        self.change_settings(replace(s, fullscreen=not s.fullscreen))

    def viewport(self) -> pygame.Rect:
        """Where the canvas lands in the window (scaled, letterboxed)."""
        if self.window is None:
            return pygame.Rect((0, 0), theme.LOGICAL_SIZE)
        ww, wh = self.window.get_size()
        lw, lh = theme.LOGICAL_SIZE
        scale = min(ww / lw, wh / lh)
        w, h = max(1, round(lw * scale)), max(1, round(lh * scale))
        return pygame.Rect((ww - w) // 2, (wh - h) // 2, w, h)

    def to_logical(self, pos: tuple[float, float]) -> tuple[float, float]:
        vp = self.viewport()
        lw, lh = theme.LOGICAL_SIZE
        return (pos[0] - vp.x) * lw / vp.w, (pos[1] - vp.y) * lh / vp.h

    def to_window(self, pos: tuple[float, float]) -> tuple[int, int]:
        vp = self.viewport()
        lw, lh = theme.LOGICAL_SIZE
        return round(vp.x + pos[0] * vp.w / lw), round(vp.y + pos[1] * vp.h / lh)

    def new_seed(self) -> int:
        """A fresh match seed."""
        return self.seeds.randrange(1, 2**31)

    # -- messages -----------------------------------------------------------------------
    def toast(self, message: str, seconds: float = TOAST_SECONDS) -> None:
        self.toasts.append(Toast(message, seconds))
        self.dirty = True

    @property
    def animation_speed(self) -> float:
        return self.settings.animation_speed

    def quit(self) -> None:
        """Close the program; a match in progress is kept as an autosave first."""
        table = self.stack.find(TableScreen)
        if isinstance(table, TableScreen) and not table.session.over:
            path = self.save_dir / f"autosave-{table.session.game.id}.json"
            try:
                table.session.save(path)
            except SessionError as exc:
                print(f"autosave failed: {exc}", file=sys.stderr)
            else:
                self.last_save = path
        self.running = False
        self.ponder(stop=True)

    # -- loop -----------------------------------------------------------------------------
    def dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if event.type == pygame.VIDEORESIZE:
            self.remember_size(event.w, event.h)
            return
        if event.type in MOUSE_EVENTS:
            event = pygame.event.Event(event.type, {**event.dict,
                                                    "pos": self.to_logical(event.pos)})
        self.stack.handle(event)

    def frame(self, dt: float, calm: bool = False) -> bool:
        """One frame: input, update, draw. ``calm`` (the real loop) skips the drawing when
        no event came, nothing moved in this frame or the last, and nothing was marked
        changed. True when it drew."""
        events = pygame.event.get()
        for event in events:
            self.dispatch(event)
        moved = self.moving
        self.update(dt)
        self.moving = self.animating()
        changed = self.take_dirty()
        if calm and not (events or moved or self.moving or changed):
            return False
        self.draw()
        return True

    def animating(self) -> bool:
        """Whether the next frame looks different from this one without any input."""
        return self.stack.animating()

    def take_dirty(self) -> bool:
        """Whether something changed since the last frame drawn (and forget it)."""
        dirty, self.dirty = self.dirty, False
        return self.stack.take_dirty() or dirty

    def update(self, dt: float) -> None:
        self.stack.update(dt * (self.animation_speed or 1.0))
        self.ponder()
        for toast in self.toasts:
            toast.left -= dt
        shown = len(self.toasts)
        self.toasts = [t for t in self.toasts if t.left > 0]
        if len(self.toasts) != shown:
            self.dirty = True
        if not self.stack.screens:
            self.running = False

    def ponder(self, stop: bool = False) -> None:
        """Pondering follows the match on the table (Settings' "AI thinks on your time"):
        the worker of a match that left the table (a new game, a load, the title) stops,
        and everything stops with ``stop`` (quitting)."""
        table = None if stop else self.stack.find(TableScreen)
        session = table.session if isinstance(table, TableScreen) else None
        if self.pondering is not None and self.pondering is not session:
            self.pondering.close(wait=stop)
        self.pondering = session
        if session is not None:
            session.think_ahead(self.settings.ai_ponder)

    def draw(self) -> None:
        self.draws += 1
        self.compose(self.canvas)
        if self.window is None:
            return
        vp = self.viewport()
        if vp.size != self.window.get_size():
            self.window.fill((0, 0, 0))  # the letterbox bars
        if vp.size == theme.LOGICAL_SIZE:
            self.window.blit(self.canvas, vp)
        else:
            self.window.blit(pygame.transform.smoothscale(self.canvas, vp.size), vp)
        pygame.display.flip()

    def compose(self, target: pygame.Surface) -> None:
        """Draw the visible screens and toasts onto the logical canvas."""
        self.stack.draw(target)
        y = theme.LOGICAL_SIZE[1] - 40
        for toast in reversed(self.toasts[-3:]):
            lines = toast_lines(toast.message)
            width = max(theme.font(16).size(line)[0] for line in lines) + 40
            rect = pygame.Rect(0, 0, width, 14 + 20 * len(lines))
            rect.midbottom = (theme.LOGICAL_SIZE[0] // 2, y)
            theme.shadowed_rect(target, rect, theme.INK, radius=17, shadow=6, alpha=235,
                                border=theme.BRASS)
            for i, line in enumerate(lines):
                theme.text(target, line, (rect.centerx, rect.y + 17 + 20 * i), 16,
                           theme.CREAM, anchor="center")
            y -= rect.h + 8

    def step(self) -> bool:
        """One pass of the real loop: wait for the next frame (1/FPS while something moves,
        1/IDLE_FPS while nothing does), then a calm frame. True when it drew."""
        dt = self.clock.tick(FPS if self.moving else IDLE_FPS) / 1000.0
        return self.frame(min(dt, 0.1), calm=True)

    def run(self) -> int:
        try:
            while self.running:
                self.step()
        finally:
            self.ponder(stop=True)
        pygame.quit()
        return 0


def run_gui(scenario: Path | None = None) -> int:
    """Open the window and play until the player quits; with ``scenario``, start at the
    table from that position (a bad file is a message over the title screen)."""
    os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
    app = App()
    if scenario is not None:
        try:
            app.open_table(Session.from_scenario(scenario, None, app.new_seed()))
        except SessionError as exc:
            app.stack.push(MessageScreen(app, "Could not open", str(exc)))
    return app.run()
