"""Screens over the table or title: pause menu, load, rules help, settings, messages,
pass-the-device and the result."""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.screens.base import Screen
from game.session import Session, SessionError
from game.settings import ANIMATION_SPEEDS, VOLUMES, WINDOW_SIZES
from game.widgets import Button, Cycler, Widget

if TYPE_CHECKING:
    from game.app import App
    from game.screens.table import TableScreen

CX, CY = theme.LOGICAL_SIZE[0] // 2, theme.LOGICAL_SIZE[1] // 2


class Dialog(Screen):
    """A parchment card over a dimmed screen."""

    opaque = False
    size = (460, 520)

    def card(self) -> pygame.Rect:
        rect = pygame.Rect((0, 0), self.size)
        rect.center = (CX, CY)
        return rect

    def draw_background(self, target: pygame.Surface) -> None:
        dim = pygame.Surface(theme.LOGICAL_SIZE, pygame.SRCALPHA)
        dim.fill((0, 0, 0, 150))
        target.blit(dim, (0, 0))
        theme.shadowed_rect(target, self.card(), theme.INK, radius=18, shadow=14,
                            border=theme.BRASS, border_width=2)
        if self.title:
            theme.text(target, self.title, (CX, self.card().y + 22), 28, theme.BRASS_LIGHT,
                       "display", "midtop")

    def column(self, items: list[tuple[str, Callable[[], None], bool]], top: int,
               width: int = 300,
               step: int = 54, name_prefix: str = "") -> list[Widget]:
        buttons: list[Widget] = []
        for i, (label, action, primary) in enumerate(items):
            name = f"{name_prefix}{label.lower().replace(' ', '_')}"
            buttons.append(self.root.add(Button(CX, top + i * step, width, 44, label, name=name,
                                                on_activate=action,
                                                primary=primary)))
        return buttons


class MessageScreen(Dialog):
    """A sentence (often an error) and OK."""

    size = (640, 300)

    def __init__(self, app: App, title: str, message: str) -> None:
        super().__init__(app)
        self.title, self.message = title, message
        ok = self.root.add(Button(CX, self.card().bottom - 50, 180, 44, "OK", name="ok",
                                  on_activate=app.stack.pop, primary=True))
        self.focus.set([ok])

    def draw_overlay(self, target: pygame.Surface) -> None:
        y = self.card().y + 84
        for line in theme.wrap(self.message, self.size[0] - 60, 17)[:6]:
            theme.text(target, line, (CX, y), 17, theme.PARCHMENT, anchor="midtop")
            y += 24


class PauseScreen(Dialog):
    """Esc at the table: resume, save, load, rules, settings, resign, quit."""

    title = "Paused"
    size = (420, 570)

    def __init__(self, app: App, table: TableScreen) -> None:
        super().__init__(app)
        self.table = table
        items = [("Resume", app.stack.pop, True), ("Save game", self.save, False),
                 ("Load game", self.load, False), ("Rules", self.rules, False),
                 ("Settings", self.settings, False), ("Resign", self.resign, False),
                 ("Quit to title", self.to_title, False), ("Quit game", self.quit, False)]
        self.focus.set(self.column(items, CY - 188, step=56, name_prefix="pause."))

    def save(self) -> None:
        session = self.table.session
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.app.save_dir / f"{session.game.id}-{stamp}.json"
        try:
            session.save(path)
        except SessionError as exc:
            self.app.stack.push(MessageScreen(self.app, "Could not save", str(exc)))
            return
        self.app.last_save = path
        self.app.toast(f"Saved: {path.name}")

    def load(self) -> None:
        self.app.open_load()

    def rules(self) -> None:
        self.app.stack.push(RulesScreen(self.app, self.table.session))

    def settings(self) -> None:
        self.app.open_settings()

    def resign(self) -> None:
        self.app.stack.pop()
        self.table.resign()

    def to_title(self) -> None:
        self.app.show_title()

    def quit(self) -> None:
        self.app.quit()


def describe_save(path: Path) -> tuple[str, str]:
    """A save's game title and "date · moves" line for the load list."""
    from rules import registry
    from rules.core import SaveError, load_record

    when = time.strftime("%d %b %Y, %H:%M", time.localtime(path.stat().st_mtime))
    try:
        record = load_record(path)
    except SaveError:
        return path.stem, f"{when} · cannot be read"
    title = registry.GAMES.get(record.game, (record.game,))[0]
    moves = sum(1 for player, _ in record.steps if player >= 0)
    return title, f"{when} · {moves} move{'' if moves == 1 else 's'} · {path.name}"


class LoadScreen(Dialog):
    """The saved games in the save folder, newest first."""

    title = "Load game"
    size = (640, 600)
    per_page = 7

    def __init__(self, app: App) -> None:
        super().__init__(app)
        folder = app.save_dir
        files = sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True) \
            if folder.is_dir() else []
        self.files = files[: self.per_page]
        buttons: list[Widget] = []
        for i, path in enumerate(self.files):
            title, detail = describe_save(path)
            buttons.append(self.root.add(Button(
                CX, CY - 186 + i * 62, 540, 54, title, name=f"save.{path.stem.lower()}",
                on_activate=lambda p=path: self.open(p), size=16, subtitle=detail)))
        back = self.root.add(Button(CX, self.card().bottom - 44, 180, 42, "Back", name="back",
                                    on_activate=app.stack.pop))
        self.focus.set(buttons + [back])

    def open(self, path: Path) -> None:
        try:
            session = Session.load(path)
        except SessionError as exc:
            self.app.stack.push(MessageScreen(self.app, "Could not load", str(exc)))
            return
        except Exception as exc:  # noqa: BLE001 - a game failing to replay says so
            traceback.print_exception(exc)
            self.app.stack.push(MessageScreen(
                self.app, "Could not load", f"{path.name}: the game failed while replaying "
                f"it: {type(exc).__name__}: {exc}"))
            return
        self.app.open_table(session)
        self.app.toast(f"Loaded: {path.name}")

    def draw_overlay(self, target: pygame.Surface) -> None:
        if not self.files:
            theme.text(target, "No saved games yet.", (CX, CY - 40), 18, theme.PARCHMENT_DIM,
                       anchor="center")
            theme.text(target, f"Saves go to {self.app.save_dir}", (CX, CY), 13, theme.MUTED,
                       anchor="center")


class RulesScreen(Dialog):
    """The game's own how-to-play text, scrollable."""

    size = (860, 640)

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.title = f"How to play {session.game.title}"
        self.lines = theme.wrap(session.game.rules_help() or session.game.summary,
                                self.size[0] - 80, 16)
        self.scroll = 0
        back = self.root.add(Button(CX, self.card().bottom - 40, 180, 42, "Back", name="back",
                                    on_activate=app.stack.pop, primary=True))
        self.focus.set([back])

    def visible_lines(self) -> int:
        return (self.size[1] - 160) // 22

    def on_wheel(self, dy: int) -> bool:
        self.scroll = max(0, min(len(self.lines) - self.visible_lines(), self.scroll - dy * 3))
        return True

    def on_key(self, event: pygame.event.Event) -> bool:
        steps = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PAGEUP: 10, pygame.K_PAGEDOWN: -10}
        if event.key in steps:
            return self.on_wheel(steps[event.key])
        return False

    def draw_overlay(self, target: pygame.Surface) -> None:
        card = self.card()
        y = card.y + 76
        for line in self.lines[self.scroll: self.scroll + self.visible_lines()]:
            theme.text(target, line, (card.x + 40, y), 16, theme.PARCHMENT)
            y += 22
        if len(self.lines) > self.visible_lines():
            theme.text(target, "Wheel / arrows to scroll", (card.right - 24, card.bottom - 40),
                       12, theme.MUTED, anchor="midright")


def volume_name(volume: float) -> str:
    return "Off" if volume <= 0 else f"{round(volume * 100)}%"


SPEED_NAMES = {1.0: "Normal", 1.5: "Fast", 2.0: "Fastest", 0.5: "Slow", 0.0: "Off"}
PRIORITY_STOPS = ("Where I can respond", "Every priority")  # indexed by the setting


class SettingsScreen(Dialog):
    """Window size, fullscreen and animation speed; saved as soon as they change."""

    title = "Settings"
    size = (560, 500)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        s = app.settings
        sizes = [f"{w} x {h}" for w, h in WINDOW_SIZES]
        current = f"{s.window_w} x {s.window_h}"
        if current not in sizes:
            sizes.insert(0, current)
        speed = SPEED_NAMES.get(s.animation_speed, "Normal")
        top = self.card().y + 110
        widgets = [
            Cycler(CX, top, 460, 46, "Window", sizes, current, name="window",
                   on_change=self.set_window),
            Cycler(CX, top + 62, 460, 46, "Fullscreen (F11)", ["Off", "On"],
                   "On" if s.fullscreen else "Off", name="fullscreen",
                   on_change=self.set_fullscreen),
            Cycler(CX, top + 124, 460, 46, "Animations", [SPEED_NAMES[v] for v in
                                                          ANIMATION_SPEEDS], speed,
                   name="animations", on_change=self.set_speed),
            Cycler(CX, top + 186, 460, 46, "Sound volume", [volume_name(v) for v in VOLUMES],
                   volume_name(s.volume), name="volume", on_change=self.set_volume),
            Cycler(CX, top + 248, 460, 46, "Priority stops", list(PRIORITY_STOPS),
                   PRIORITY_STOPS[s.stop_at_every_priority], name="priority",
                   on_change=self.set_priority_stops),
        ]
        for w in widgets:
            self.root.add(w)
        back = self.root.add(Button(CX, self.card().bottom - 50, 180, 44, "Done", name="done",
                                    on_activate=app.stack.pop, primary=True))
        self.focus.set([*widgets, back])

    def _change(self, **changes: Any) -> None:
        self.app.change_settings(replace(self.app.settings, **changes))

    def set_window(self, value: str) -> None:
        w, h = (int(v) for v in value.split(" x "))
        self._change(window_w=w, window_h=h)

    def set_fullscreen(self, value: str) -> None:
        self._change(fullscreen=value == "On")

    def set_speed(self, value: str) -> None:
        speed = next(k for k, v in SPEED_NAMES.items() if v == value)
        self._change(animation_speed=speed)

    def set_volume(self, value: str) -> None:
        self._change(volume=next(v for v in VOLUMES if volume_name(v) == value))

    def set_priority_stops(self, value: str) -> None:
        self._change(stop_at_every_priority=value == PRIORITY_STOPS[1])

    def draw_overlay(self, target: pygame.Surface) -> None:
        theme.text(target, f"Saved to {self.app.settings_file}", (CX, self.card().bottom - 96),
                   12, theme.MUTED, anchor="center")


class PassDeviceScreen(Screen):
    """Hot-seat: hides the table until the next person has the device."""

    def __init__(self, app: App, seat: int, name: str) -> None:
        super().__init__(app)
        self.seat, self.name = seat, name
        ready = self.root.add(Button(CX, CY + 90, 360, 56, f"I am {name} — show my table",
                                     name="ready", on_activate=app.stack.pop, primary=True))
        self.focus.set([ready])

    def on_escape(self) -> bool:
        return True

    def draw_overlay(self, target: pygame.Surface) -> None:
        pygame.draw.circle(target, theme.seat_colour(self.seat, self.name), (CX, CY - 120), 34)
        pygame.draw.circle(target, theme.CREAM, (CX, CY - 120), 34, 3)
        theme.text(target, f"Pass the device to {self.name}", (CX, CY - 40), 40,
                   theme.BRASS_LIGHT, "display", "center", shadow=True)
        theme.text(target, "Everyone else, look away: secrets are about to be shown.",
                   (CX, CY + 14), 18, theme.PARCHMENT_DIM, anchor="center")


class ResultScreen(Dialog):
    """Who won and why, over the final table."""

    size = (620, 460)

    def __init__(self, app: App, table: TableScreen) -> None:
        super().__init__(app)
        self.table = table
        session = table.session
        self.outcome = session.outcome()
        humans = session.human_seats()
        winners = self.outcome.winners if self.outcome else ()
        if self.outcome is None or not winners:
            self.title = "A draw"
        elif len(humans) == 1:
            self.title = "Victory!" if humans[0] in winners else "Defeat"
        else:
            self.title = " & ".join(session.name(w) for w in winners) + " wins"
        items = [("Play again", self.again, True), ("Save replay", self.save, False),
                 ("Back to title", self.to_title, False)]
        self.focus.set(self.column(items, self.card().bottom - 170, width=280, step=52,
                                   name_prefix="result."))

    def again(self) -> None:
        s = self.table.session
        fresh = Session.new(s.game.id, dict(s.match.setup), s.seats, self.app.new_seed())
        self.app.open_table(fresh)

    def save(self) -> None:
        session = self.table.session
        path = self.app.save_dir / f"{session.game.id}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        try:
            session.save(path)
        except SessionError as exc:
            self.app.stack.push(MessageScreen(self.app, "Could not save", str(exc)))
            return
        self.app.toast(f"Saved: {path.name}")

    def to_title(self) -> None:
        self.app.show_title()

    def on_escape(self) -> bool:
        self.to_title()
        return True

    def draw_overlay(self, target: pygame.Surface) -> None:
        card = self.card()
        session = self.table.session
        if self.outcome and self.outcome.reason:
            theme.text(target, theme.ellipsize(self.outcome.reason, card.w - 40, 17),
                       (CX, card.y + 74), 17, theme.PARCHMENT_DIM, anchor="center")
        y = card.y + 110
        for seat in range(session.state.num_players):
            score = self.outcome.scores[seat] if self.outcome else 0.5
            colour = theme.seat_colour(seat, session.name(seat))
            pygame.draw.circle(target, colour, (card.x + 150, y + 10), 8)
            theme.text(target, f"{session.name(seat)}  ({session.seats[seat].describe()})",
                       (card.x + 170, y), 17, theme.PARCHMENT)
            mark = {1.0: "won", 0.0: "lost"}.get(score, f"{score:g}")
            theme.text(target, mark, (card.right - 130, y), 17, theme.BRASS_LIGHT, "bold")
            y += 30


class PositionsScreen(Dialog):
    """The positions each game ships (``rules/<game>/data/scenarios``): pick a game, then a
    position to play from it — you at seat 1, the AI at normal elsewhere."""

    title = "Positions"
    size = (760, 620)
    per_page = 6

    def __init__(self, app: App) -> None:
        from rules import registry

        super().__init__(app)
        self.by_game = {g: registry.shipped_scenarios(g) for g in registry.available_games()}
        self.by_game = {g: files for g, files in self.by_game.items() if files}
        self.titles = {g: registry.GAMES[g][0] for g in self.by_game}
        self.abouts: dict[Path, tuple[str, str]] = {}
        top = self.card().y + 96
        self.picker = self.root.add(Cycler(
            CX, top, 660, 44, "Game", list(self.by_game) or ["none"],
            next(iter(self.by_game), "none"), name="positions.game",
            on_change=lambda _: self.lay_out(), show=lambda g: self.titles.get(g, "none")))
        self.back = self.root.add(Button(CX, self.card().bottom - 40, 180, 42, "Back",
                                         name="back", on_activate=app.stack.pop))
        self.buttons: list[Widget] = []
        self.lay_out()

    def about(self, path: Path) -> tuple[str, str]:
        """A scenario's title and about line (read once; a broken file says so)."""
        if path not in self.abouts:
            from rules.core import Scenario, ScenarioError

            try:
                s = Scenario.read(path)
                self.abouts[path] = (s.title or path.stem, s.about)
            except ScenarioError as exc:
                self.abouts[path] = (path.stem, f"cannot be read: {exc}")
        return self.abouts[path]

    def lay_out(self) -> None:
        for b in self.buttons:
            self.root.remove(b)
        files = self.by_game.get(str(self.picker.value), [])[: self.per_page]
        top = self.card().y + 162
        self.buttons = []
        for i, path in enumerate(files):
            title, about = self.about(path)
            self.buttons.append(self.root.add(Button(
                CX, top + i * 62, 660, 54, title, name=f"position.{path.stem}",
                on_activate=lambda p=path: self.open(p), size=16,
                subtitle=theme.ellipsize(about, 620, 13))))
        self.focus.set([self.picker, *self.buttons, self.back],
                       focus=self.buttons[0] if self.buttons else self.back)

    def open(self, path: Path) -> None:
        try:
            session = Session.from_scenario(path, None, self.app.new_seed())
        except SessionError as exc:
            self.app.stack.push(MessageScreen(self.app, "Could not open", str(exc)))
            return
        self.app.open_table(session)

    def draw_overlay(self, target: pygame.Surface) -> None:
        if not self.by_game:
            theme.text(target, "No game ships a position yet.", (CX, CY), 18,
                       theme.PARCHMENT_DIM, anchor="center")
            return
        focused = next((b for b in self.buttons if b.focused or b.glow > 0.5), None)
        if focused is None:
            return
        path = next(p for p in self.by_game[str(self.picker.value)]
                    if f"position.{p.stem}" == focused.name)
        y = self.card().y + 162 + len(self.buttons) * 62 - 8
        for line in theme.wrap(self.about(path)[1], self.size[0] - 80, 14)[:3]:
            theme.text(target, line, (CX, y), 14, theme.PARCHMENT, anchor="midtop")
            y += 19
