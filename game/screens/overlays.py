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
from game.settings import ANIMATION_SPEEDS, VOLUMES, display_path, window_sizes
from game.widgets import Button, Cycler, Widget
from game.winchance import draw_graph

if TYPE_CHECKING:
    from game.app import App
    from game.screens.table import TableScreen
    from rules.core import Game

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


SAVED_TOAST_SECONDS = 6.0  # long enough to read a whole path


def save_match(app: App, session: Session) -> Path | None:
    """Save ``session`` in the save folder under a dated name and say where the file went
    (a toast naming the whole path); a failure is a message instead. The path, or None."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = app.save_dir / f"{session.game.id}-{stamp}.json"
    try:
        session.save(path)
    except SessionError as exc:
        app.stack.push(MessageScreen(app, "Could not save", str(exc)))
        return None
    app.last_save = path
    app.toast(f"Saved to {display_path(path)}", SAVED_TOAST_SECONDS)
    return path


class ConfirmScreen(MessageScreen):
    """A second click for what cannot be taken back: what it costs, then a red button that
    does it and Cancel (focused first; Esc cancels too)."""

    size = (640, 270)

    def __init__(self, app: App, title: str, message: str, verb: str,
                 on_yes: Callable[[], None]) -> None:
        super().__init__(app, title, message)
        self.on_yes = on_yes
        self.root.clear()  # Cancel and the red button instead of OK
        y = self.card().bottom - 50
        yes = self.root.add(Button(CX - 130, y, 240, 46, verb, name="confirm.yes",
                                   on_activate=self.yes, danger=True))
        no = self.root.add(Button(CX + 130, y, 240, 46, "Cancel", name="confirm.no",
                                  on_activate=app.stack.pop, primary=True))
        self.focus.set([no, yes])

    def yes(self) -> None:
        self.app.stack.pop()
        self.on_yes()


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
        save_match(self.app, self.table.session)

    def load(self) -> None:
        self.app.open_load()

    def rules(self) -> None:
        self.app.open_rules(self.table.session.game.id)

    def settings(self) -> None:
        self.app.open_settings()

    def resign(self) -> None:
        if self.table.session.over:
            self.app.stack.pop()
            return

        def resign() -> None:
            self.app.stack.pop()
            self.table.resign()
        self.app.stack.push(ConfirmScreen(
            self.app, "Resign?", "You lose this match at once; it cannot be taken back.",
            "Resign the match", resign))

    def to_title(self) -> None:
        if self.table.session.over:
            self.app.show_title()
            return
        self.app.stack.push(ConfirmScreen(
            self.app, "Leave the match?", "The match ends here and is not saved: anything "
            "since your last save is lost. (Save game keeps it.)", "Leave without saving",
            self.app.show_title))

    def quit(self) -> None:
        if self.table.session.over:
            self.app.quit()
            return
        self.app.stack.push(ConfirmScreen(
            self.app, "Quit the game?", "The window closes. The match is kept as an "
            "autosave, which Load game opens.", "Quit", self.app.quit))


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


Span = tuple[int, int, int]  # (line, first column, column after the last)


def find_spans(lines: list[str], query: str) -> list[list[Span]]:
    """Every case-insensitive match of ``query`` in wrapped ``lines``, each as the spans it
    covers on one line or more (a match may run across a line break, where the wrapping
    took a space away)."""
    needle = " ".join(query.split()).lower()
    if not needle:
        return []
    starts, at = [], 0
    for line in lines:
        starts.append(at)
        at += len(line) + 1
    text = " ".join(lines).lower()
    out: list[list[Span]] = []
    found = text.find(needle)
    while found >= 0:
        end = found + len(needle)
        out.append([(i, max(0, found - first), min(len(line), end - first))
                    for i, (line, first) in enumerate(zip(lines, starts, strict=True))
                    if first < end and first + len(line) > found])
        found = text.find(needle, found + 1)
    return [spans for spans in out if spans]


class RulesScreen(Dialog):
    """How to play: each game's own rules text (``Game.rules_help``), from the title screen
    or the pause menu. Left/Right choose the game; the wheel, arrows and PgUp/PgDn scroll;
    typing searches (every match highlighted, Return / F3 the next, with Shift the one
    before, Esc clears the search)."""

    size = (900, 660)
    TEXT_SIZE = 16
    LINE_H = 22

    def __init__(self, app: App, game_id: str | None = None) -> None:
        super().__init__(app)
        self.games = rules_games()
        ids = list(self.games)
        self.game_id = game_id if game_id in self.games else next(iter(ids), "")
        card = self.card()
        self.picker = self.root.add(Cycler(
            CX, card.y + 92, 560, 40, "", ids or ["none"], self.game_id or "none",
            name="rules.game", on_change=self.choose,
            show=lambda g: self.games[g].title if g in self.games else "none"))
        back = self.root.add(Button(CX, card.bottom - 40, 180, 42, "Back", name="back",
                                    on_activate=app.stack.pop, primary=True))
        self.focus.set([self.picker, back], focus=back)
        self.query = ""
        self.matches: list[list[Span]] = []
        self.current = -1
        self.lines: list[str] = []
        self.scroll = 0
        self.choose(self.game_id)

    # -- content -------------------------------------------------------------------------------
    def text_rect(self) -> pygame.Rect:
        card = self.card()
        return pygame.Rect(card.x + 40, card.y + 178, card.w - 80, card.h - 178 - 76)

    def choose(self, game_id: str) -> None:
        """Show ``game_id``'s rules (the search carries over)."""
        game = self.games.get(game_id)
        self.game_id = game_id
        self.title = f"How to play {game.title}" if game else "How to play"
        text = (game.rules_help() or game.summary) if game else \
            "No game is playable in this build yet."
        self.lines = theme.wrap(text, self.text_rect().w, self.TEXT_SIZE)
        self.scroll = 0
        self.search(self.query)

    def search(self, query: str) -> None:
        """Find ``query`` and jump to its first match."""
        self.query = query
        self.matches = find_spans(self.lines, query)
        self.current = 0 if self.matches else -1
        self.show_current()

    def step_match(self, step: int) -> None:
        if self.matches:
            self.current = (self.current + step) % len(self.matches)
            self.show_current()

    def show_current(self) -> None:
        """Scroll so that the current match is in sight (a third of the way down)."""
        if self.current < 0:
            return
        line = self.matches[self.current][0][0]
        rows = self.visible_lines()
        if not self.scroll <= line < self.scroll + rows:
            self.scroll_to(line - rows // 3)

    def visible_lines(self) -> int:
        return self.text_rect().h // self.LINE_H

    def scroll_to(self, first: int) -> None:
        self.scroll = max(0, min(len(self.lines) - self.visible_lines(), first))

    # -- input ---------------------------------------------------------------------------------
    def on_wheel(self, dy: int) -> bool:
        self.scroll_to(self.scroll - dy * 3)
        return True

    def on_key(self, event: pygame.event.Event) -> bool:
        key, shift = event.key, bool(event.mod & pygame.KMOD_SHIFT)
        rows = self.visible_lines()
        scrolls = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_PAGEUP: 1 - rows,
                   pygame.K_PAGEDOWN: rows - 1, pygame.K_HOME: -len(self.lines),
                   pygame.K_END: len(self.lines)}
        if key in scrolls:
            self.scroll_to(self.scroll + scrolls[key])
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.picker.nudge(-1 if key == pygame.K_LEFT else 1)
        elif key == pygame.K_F3 or (key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.query):
            self.step_match(-1 if shift else 1)
        elif key == pygame.K_BACKSPACE:
            self.search(self.query[:-1])
        elif self.typed(event):
            self.search(self.query + event.unicode)
        else:
            return False
        return True

    def typed(self, event: pygame.event.Event) -> bool:
        """A character for the search (a space only once something is typed: before that,
        Space presses the focused button)."""
        char = getattr(event, "unicode", "")
        if len(char) != 1 or not char.isprintable() or \
                event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        return char != " " or bool(self.query)

    def on_escape(self) -> bool:
        if self.query:
            self.search("")
            return True
        return super().on_escape()

    # -- drawing -------------------------------------------------------------------------------
    def draw_overlay(self, target: pygame.Surface) -> None:
        self.draw_search(target)
        area, size = self.text_rect(), self.TEXT_SIZE
        marks: dict[int, list[tuple[int, int, bool]]] = {}
        for n, spans in enumerate(self.matches):
            for line, first, end in spans:
                marks.setdefault(line, []).append((first, end, n == self.current))
        f = theme.font(size)
        y = area.y
        for i in range(self.scroll, min(len(self.lines), self.scroll + self.visible_lines())):
            line = self.lines[i]
            theme.text(target, line, (area.x, y), size, theme.PARCHMENT)
            for first, end, current in marks.get(i, []):
                x = area.x + f.size(line[:first])[0]
                part = line[first:end]
                box = pygame.Rect(x - 1, y - 1, f.size(part)[0] + 2, self.LINE_H - 2)
                pygame.draw.rect(target, theme.BRASS_LIGHT if current else (120, 96, 40), box,
                                 border_radius=3)
                theme.text(target, part, (x, y), size, theme.INK if current else theme.CREAM)
            y += self.LINE_H
        if len(self.lines) > self.visible_lines():
            last = min(len(self.lines), self.scroll + self.visible_lines())
            theme.text(target, f"lines {self.scroll + 1}-{last} of {len(self.lines)}  ·  "
                       "wheel / arrows scroll", (self.card().right - 24,
                                                 self.card().bottom - 40),
                       14, theme.MUTED, anchor="midright")

    def draw_search(self, target: pygame.Surface) -> None:
        card = self.card()
        field = pygame.Rect(card.x + 40, card.y + 124, card.w - 80, 38)
        pygame.draw.rect(target, (24, 20, 17), field, border_radius=8)
        pygame.draw.rect(target, theme.BRASS if self.query else theme.WOOD, field, width=2,
                         border_radius=8)
        if not self.query:
            theme.text(target, "Type to search  ·  Left / Right: another game",
                       (field.x + 14, field.centery), 15, theme.MUTED, anchor="midleft")
            return
        shown = theme.text(target, f"Search: {self.query}", (field.x + 14, field.centery), 16,
                           theme.CREAM, anchor="midleft")
        pygame.draw.line(target, theme.BRASS_LIGHT, (shown.right + 2, shown.y + 2),
                         (shown.right + 2, shown.bottom - 2), 2)
        count = (f"{self.current + 1} of {len(self.matches)}  ·  Return: next  ·  Esc: clear"
                 if self.matches else "no match  ·  Esc: clear")
        theme.text(target, count, (field.right - 14, field.centery), 15,
                   theme.BRASS_LIGHT if self.matches else (255, 150, 130), anchor="midright")


def rules_games() -> dict[str, Game]:
    """The games this build can play, by id (a package that fails to load is left out:
    the game select screen says why)."""
    from rules import registry

    out: dict[str, Game] = {}
    for game_id in registry.GAMES:
        try:
            if registry.is_available(game_id):
                out[game_id] = registry.get_game(game_id)
        except Exception:  # noqa: BLE001, S112 - one broken game must not hide the others
            continue
    return out


def volume_name(volume: float) -> str:
    return "Off" if volume <= 0 else f"{round(volume * 100)}%"


SPEED_NAMES = {1.0: "Normal", 1.5: "Fast", 2.0: "Fastest", 0.5: "Slow", 0.0: "Off"}
PRIORITY_STOPS = ("Where I can respond", "Every priority")  # indexed by the setting
ACTION_LISTS = ("Only what the table lacks", "Every action")  # indexed by the setting


class SettingsScreen(Dialog):
    """Window size, fullscreen and animation speed; saved as soon as they change. Only
    window sizes that fit the display are offered."""

    title = "Settings"
    size = (560, 626)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        s = app.settings
        sizes = [f"{w} x {h}" for w, h in window_sizes(app.desktop)]
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
            Cycler(CX, top + 310, 460, 46, "Action list", list(ACTION_LISTS),
                   ACTION_LISTS[s.action_list], name="action_list",
                   on_change=self.set_action_list),
            Cycler(CX, top + 372, 460, 46, "Win-chance bar", ["Off", "On"],
                   "On" if s.win_chance else "Off", name="win_chance",
                   on_change=self.set_win_chance),
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

    def set_action_list(self, value: str) -> None:
        self._change(action_list=value == ACTION_LISTS[1])

    def set_win_chance(self, value: str) -> None:
        self._change(win_chance=value == "On")

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
    """Who won and why over the final table, the AI's estimate of each person's chance
    over the match as a small graph (when the win-chance bar recorded one), and Review."""

    size = (640, 640)

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
        if session.practice:  # a move was taken back after a secret was shown
            self.title += " (practice)"
        card = self.card()
        items = [("Play again", self.again, True), ("Review", self.review, False),
                 ("Save replay", self.save, False), ("Back to title", self.to_title, False)]
        buttons: list[Widget] = []
        for i, (label, action, primary) in enumerate(items):  # two by two
            x = CX + (-150 if i % 2 == 0 else 150)
            y = card.bottom - 118 + (i // 2) * 56
            name = f"result.{label.lower().replace(' ', '_')}"
            buttons.append(self.root.add(Button(x, y, 280, 46, label, name=name,
                                                on_activate=action, primary=primary)))
        if not humans:
            buttons[1].enabled = buttons[1].visible = False
        self.focus.set([b for b in buttons if b.visible])

    def again(self) -> None:
        s = self.table.session
        fresh = Session.new(s.game.id, dict(s.match.setup), s.seats, self.app.new_seed())
        self.app.open_table(fresh)

    def review(self) -> None:
        self.app.open_review(self.table.session)

    def save(self) -> None:
        save_match(self.app, self.table.session)

    def to_title(self) -> None:
        self.app.show_title()

    def on_escape(self) -> bool:
        self.to_title()
        return True

    def graph_rect(self) -> pygame.Rect:
        card = self.card()
        return pygame.Rect(card.x + 30, card.y + 262, card.w - 60, 196)

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
            pygame.draw.circle(target, colour, (card.x + 40, y + 10), 8)
            mark = {1.0: "won", 0.0: "lost"}.get(score, f"{score:g}")
            shown = theme.text(target, mark, (card.right - 40, y), 17, theme.BRASS_LIGHT,
                               "bold", "topright")
            who = f"{session.name(seat)}  ({session.seats[seat].describe()})"
            theme.text(target, theme.ellipsize(who, shown.x - 16 - (card.x + 60), 17),
                       (card.x + 60, y), 17, theme.PARCHMENT)
            y += 30
        self.draw_chances(target)

    def draw_chances(self, target: pygame.Surface) -> None:
        """The graph of the estimates over the match, ending at the result; without any,
        where to find them."""
        session, rect = self.table.session, self.graph_rect()
        lines = []
        for seat in session.human_seats():
            points = session.win.points(seat)
            if points and self.outcome is not None:
                points.append((session.match.decisions, self.outcome.scores[seat]))
            if points:
                lines.append((theme.seat_colour(seat, session.name(seat)), points))
        heading = "Your chance to win, as the AI saw it at each of your decisions"
        theme.text(target, theme.ellipsize(heading, rect.w, 14, "bold"), (rect.x, rect.y - 22),
                   14, theme.BRASS_LIGHT, "bold")
        if not lines:
            pygame.draw.rect(target, (24, 20, 17), rect, border_radius=8)
            for i, line in enumerate(theme.wrap(
                    "No estimates were made: turn the win-chance bar on in Settings to follow "
                    "them during a match. Review works them out for each of your decisions.",
                    rect.w - 40, 15)[:4]):
                theme.text(target, line, (rect.centerx, rect.y + 50 + 22 * i), 15,
                           theme.PARCHMENT_DIM, anchor="midtop")
            return
        draw_graph(target, rect, lines, session.win.undos, session.match.decisions)


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
