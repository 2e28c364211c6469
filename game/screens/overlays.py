"""Screens over the table or title: pause menu, load, rules help, settings, messages,
pass-the-device and the result."""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game import theme
from game.screens.base import Screen
from game.session import Session, SessionError
from game.settings import ANIMATION_SPEEDS, VOLUMES, display_path, window_sizes
from game.widgets import Button, Cycler, Widget
from game.winchance import draw_graph
from rules.core.howto import RulesSection

if TYPE_CHECKING:
    from game.app import App
    from game.scene import Affine
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


class SectionLink(Button):
    """One entry of How to play's contents: the section's title as a link."""

    def __init__(self, x: float, y: float, w: float, h: float, label: str, name: str,
                 on_activate: Callable[[], None], current: Callable[[], bool]) -> None:
        super().__init__(x, y, w, h, label, name=name, on_activate=on_activate, size=14)
        self.current = current

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        rect = self.box(world)
        lit = self.current()
        if self.focused or self.glow > 0.05:
            pygame.draw.rect(target, theme.blend((30, 26, 22), (62, 50, 34), self.glow), rect,
                             border_radius=6)
        if lit:
            pygame.draw.rect(target, theme.BRASS, (rect.x, rect.y + 3, 3, rect.h - 6))
        label = theme.ellipsize(self.label, rect.w - 14, self.size, "bold" if lit else "regular")
        theme.text(target, label, (rect.x + 10, rect.centery), self.size,
                   theme.BRASS_LIGHT if lit or self.focused else theme.PARCHMENT_DIM,
                   "bold" if lit else "regular", "midleft")


@dataclass(frozen=True, slots=True)
class Row:
    """One row of How to play's scrolling text: a section's ``title``, a ``text`` line, the
    first row of its ``diagram`` (``span`` rows tall) or a ``gap``."""

    kind: str
    section: str
    text: str = ""
    span: int = 1


BOX_H, BOX_GAP, ROW_GAP, LOOP_LANE, MARGIN = 40, 26, 22, 30, 16


def diagram_boxes(steps: tuple[str, ...], width: int, size: int = 14) -> list[pygame.Rect]:
    """Where a turn diagram's step boxes go inside ``width`` (from the diagram's top left):
    left to right with room for an arrow between them, a new row when one is full."""
    f = theme.font(size, "bold")
    boxes: list[pygame.Rect] = []
    x, y = MARGIN, 0
    for step in steps:
        w = min(width - MARGIN, f.size(step)[0] + 34)  # room for the step's number
        if boxes and x + w > width:
            x, y = MARGIN, y + BOX_H + ROW_GAP
        boxes.append(pygame.Rect(x, y, w, BOX_H))
        x += w + BOX_GAP
    return boxes


def diagram_height(steps: tuple[str, ...], width: int, loop: str) -> int:
    boxes = diagram_boxes(steps, width)
    return (boxes[-1].bottom if boxes else 0) + (LOOP_LANE if loop else 0) + 6


def arrow(target: pygame.Surface, points: list[tuple[int, int]],
          colour: tuple[int, int, int]) -> None:
    """A line through ``points`` with a head at the last one."""
    pygame.draw.lines(target, colour, False, points, 2)
    (x0, y0), (x1, y1) = points[-2], points[-1]
    dx, dy = (x1 > x0) - (x1 < x0), (y1 > y0) - (y1 < y0)
    head = [(x1, y1), (x1 - 7 * dx - 5 * dy, y1 - 7 * dy - 5 * dx),
            (x1 - 7 * dx + 5 * dy, y1 - 7 * dy + 5 * dx)]
    pygame.draw.polygon(target, colour, head)


def draw_diagram(target: pygame.Surface, steps: tuple[str, ...], loop: str,
                 origin: tuple[int, int], width: int) -> None:
    """A turn's steps as numbered boxes joined by arrows, in reading order; ``loop`` labels
    the arrow from the last step back round to the first."""
    ox, oy = origin
    boxes = [b.move(ox, oy) for b in diagram_boxes(steps, width)]
    for i, (box, step) in enumerate(zip(boxes, steps, strict=True)):
        if i:
            prev = boxes[i - 1]
            if prev.y == box.y:
                arrow(target, [(prev.right + 3, prev.centery), (box.x - 3, box.centery)],
                      theme.BRASS)
            else:  # on to the next row: down, back to the left, down into the box
                mid = prev.bottom + ROW_GAP // 2
                arrow(target, [(prev.centerx, prev.bottom + 2), (prev.centerx, mid),
                               (box.centerx, mid), (box.centerx, box.y - 3)], theme.BRASS)
        theme.shadowed_rect(target, box, (58, 46, 32), radius=8, shadow=3, border=theme.BRASS,
                            border_width=2)
        theme.text(target, step, (box.centerx + 4, box.centery), 14, theme.CREAM, "bold",
                   "center")
        theme.text(target, str(i + 1), (box.x + 6, box.y + 4), 10, theme.BRASS_LIGHT, "bold")
    if loop and boxes:
        first, last = boxes[0], boxes[-1]
        lane = max(b.bottom for b in boxes) + LOOP_LANE // 2
        left = ox + 4
        arrow(target, [(last.centerx, last.bottom + 2), (last.centerx, lane), (left, lane),
                       (left, first.centery), (first.x - 3, first.centery)], theme.BRASS_LIGHT)
        label = f"↺ {loop}"  # beside the arrow's start, where the eye leaves the last step
        at = (last.centerx + 10, lane)
        theme.text(target, label, at, 13, theme.BRASS_LIGHT, "bold", "midleft")


def section_matches(section: RulesSection, words: list[str]) -> bool:
    """Whether every one of ``words`` is in the section (title, diagram or text)."""
    plain = section.plain().lower()
    return all(w in plain for w in words)


class RulesScreen(Dialog):
    """How to play: each game's sections (``Game.rules_sections``; the first draws the turn
    as a diagram), from the title screen, the pause menu or a click on a log line, which
    opens it at the event's section, highlighted. Left/Right choose the game; the wheel,
    arrows and PgUp/PgDn scroll; the contents on the left jump to a section; typing
    filters the sections to those holding every word typed (each found word highlighted,
    Return / F3 the next, with Shift the one before; Backspace takes a letter back, Esc
    clears the search, then closes)."""

    size = (1000, 680)
    TEXT_SIZE = 16
    TITLE_SIZE = 19
    LINE_H = 22
    CONTENTS_W = 230

    def __init__(self, app: App, game_id: str | None = None, section: str = "") -> None:
        super().__init__(app)
        self.games = rules_games()
        ids = list(self.games)
        self.game_id = game_id if game_id in self.games else next(iter(ids), "")
        card = self.card()
        self.picker = self.root.add(Cycler(
            CX, card.y + 92, 560, 40, "", ids or ["none"], self.game_id or "none",
            name="rules.game", on_change=self.choose,
            show=lambda g: self.games[g].title if g in self.games else "none"))
        self.back = self.root.add(Button(CX, card.bottom - 36, 180, 40, "Back", name="back",
                                         on_activate=app.stack.pop, primary=True))
        self.links: list[Widget] = []
        self.query = ""
        self.matches: list[list[Span]] = []
        self.current = -1
        self.sections: list[RulesSection] = []
        self.shown: list[RulesSection] = []
        self.rows: list[Row] = []
        self.lines: list[str] = []
        self.scroll = 0
        self.highlight = ""  # the section a log line opened
        self.choose(self.game_id)
        self.focus.set([self.picker, *self.links, self.back], focus=self.back)
        if section:
            self.open_section(section)

    # -- content -------------------------------------------------------------------------------
    def text_rect(self) -> pygame.Rect:
        card = self.card()
        left = card.x + 32 + self.CONTENTS_W + 16
        return pygame.Rect(left, card.y + 178, card.right - 36 - left, card.h - 178 - 70)

    def contents_rect(self) -> pygame.Rect:
        card = self.card()
        return pygame.Rect(card.x + 32, card.y + 178, self.CONTENTS_W, card.h - 178 - 70)

    def choose(self, game_id: str) -> None:
        """Show ``game_id``'s sections (the search carries over)."""
        game = self.games.get(game_id)
        self.game_id = game_id
        self.title = f"How to play {game.title}" if game else "How to play"
        self.sections = game.rules_sections() if game else [RulesSection(
            "none", "How to play", "No game is playable in this build yet.")]
        self.highlight = ""
        self.scroll = 0
        self.search(self.query)

    def lay_out(self) -> None:
        """The rows of the sections the search leaves, and a link to each."""
        words = self.query.lower().split()
        self.shown = [s for s in self.sections if section_matches(s, words)]
        width = self.text_rect().w
        rows: list[Row] = []
        for section in self.shown:
            if rows:
                rows.append(Row("gap", section.id))
            rows.append(Row("title", section.id, section.title))
            if section.diagram:
                high = diagram_height(section.diagram, width, section.loop)
                span = -(-high // self.LINE_H)
                rows.append(Row("diagram", section.id, span=span))
                rows.extend(Row("gap", section.id) for _ in range(span - 1))
            for n, paragraph in enumerate(p for p in section.text.split("\n") if p.strip()):
                if n:
                    rows.append(Row("gap", section.id))
                rows.extend(Row("text", section.id, line)
                            for line in theme.wrap(paragraph, width, self.TEXT_SIZE))
        self.rows = rows
        self.lines = [r.text if r.kind in ("title", "text") else "" for r in rows]
        self.lay_out_links()

    def lay_out_links(self) -> None:
        for link in self.links:
            self.root.remove(link)
        area = self.contents_rect()
        step = min(28, area.h // max(1, len(self.shown)))
        self.links = [self.root.add(SectionLink(
            area.centerx, area.y + step * i + step // 2, area.w, step - 2, s.title,
            f"rules.section.{s.id}", on_activate=lambda sid=s.id: self.open_section(sid),
            current=lambda sid=s.id: sid == self.section_at_top()))
            for i, s in enumerate(self.shown)]
        focused = self.focus.current
        self.focus.set([self.picker, *self.links, self.back],
                       focus=focused if focused in (self.picker, self.back) else self.back)

    def section_row(self, section_id: str) -> int:
        """The row of ``section_id``'s title (-1 when the search hides it)."""
        return next((i for i, r in enumerate(self.rows)
                     if r.kind == "title" and r.section == section_id), -1)

    def section_at_top(self) -> str:
        """The section the first visible row belongs to."""
        if not self.rows:
            return ""
        row = self.rows[min(self.scroll, len(self.rows) - 1)]
        # a section whose title is just below the gap at the top counts as the one shown
        return self.rows[min(self.scroll + 1, len(self.rows) - 1)].section \
            if row.kind == "gap" and self.scroll + 1 < len(self.rows) and \
            self.rows[self.scroll + 1].kind == "title" else row.section

    def open_section(self, section_id: str) -> None:
        """Scroll to ``section_id`` and highlight it (a search hiding it is cleared)."""
        if all(s.id != section_id for s in self.sections):
            return
        if self.section_row(section_id) < 0:
            self.search("")
        self.highlight = section_id
        self.scroll_to(self.section_row(section_id))

    def search(self, query: str) -> None:
        """Keep the sections holding every word of ``query`` and jump to the first match."""
        if query != self.query:
            self.scroll = 0  # other sections: from the top (then to the first match)
        self.query = query
        self.lay_out()
        spans: list[list[Span]] = []
        for word in dict.fromkeys(query.lower().split()):
            spans.extend(find_spans(self.lines, word))
        self.matches = sorted(spans, key=lambda m: (m[0][0], m[0][1]))
        self.current = 0 if self.matches else -1
        self.scroll_to(self.scroll)
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
        first, last = self.scroll, min(len(self.rows), self.scroll + self.visible_lines())
        target.set_clip(area.inflate(12, 0))
        self.draw_highlight(target, first, last)
        for i in range(len(self.rows)):
            row = self.rows[i]
            y = area.y + (i - first) * self.LINE_H
            if row.kind == "diagram" and i < last and i + row.span > first:
                section = next(s for s in self.shown if s.id == row.section)
                draw_diagram(target, section.diagram, section.loop, (area.x, y + 4), area.w)
            if not first <= i < last:
                continue
            if row.kind == "title":
                self.draw_line(target, row.text, (area.x, y), self.TITLE_SIZE,
                               marks.get(i, []), "bold", theme.BRASS_LIGHT)
            elif row.kind == "text":
                self.draw_line(target, row.text, (area.x, y), size, marks.get(i, []))
        target.set_clip(None)
        if not self.rows:
            theme.text(target, f"No section mentions every word of \"{self.query}\".",
                       area.midtop, 16, theme.PARCHMENT_DIM, anchor="midtop")
        self.draw_contents_frame(target)
        if len(self.lines) > self.visible_lines():
            theme.text(target, f"rows {first + 1}-{last} of {len(self.lines)}  ·  "
                       "wheel / arrows scroll", (self.card().right - 24,
                                                 self.card().bottom - 36),
                       13, theme.MUTED, anchor="midright")

    def draw_line(self, target: pygame.Surface, line: str, at: tuple[int, int], size: int,
                  marks: list[tuple[int, int, bool]], style: str = "regular",
                  colour: tuple[int, int, int] = theme.PARCHMENT) -> None:
        """One row of text with the search's matches on it lit (the current one brighter)."""
        theme.text(target, line, at, size, colour, style)
        f = theme.font(size, style)
        for first, end, current in marks:
            x = at[0] + f.size(line[:first])[0]
            part = line[first:end]
            box = pygame.Rect(x - 1, at[1] - 1, f.size(part)[0] + 2, self.LINE_H - 2)
            pygame.draw.rect(target, theme.BRASS_LIGHT if current else (120, 96, 40), box,
                             border_radius=3)
            theme.text(target, part, (x, at[1]), size, theme.INK if current else theme.CREAM,
                       style)

    def draw_highlight(self, target: pygame.Surface, first: int, last: int) -> None:
        """The section a log line opened: a lit band behind it and a brass bar beside it."""
        rows = [i for i, r in enumerate(self.rows)
                if r.section == self.highlight and r.kind != "gap" or
                r.kind == "gap" and r.section == self.highlight and
                0 < i and self.rows[i - 1].section == self.highlight]
        if not self.highlight or not rows or rows[-1] < first or rows[0] >= last:
            return
        area = self.text_rect()
        top = area.y + (rows[0] - first) * self.LINE_H - 4
        bottom = area.y + (rows[-1] + 1 - first) * self.LINE_H + 2
        band = pygame.Rect(area.x - 10, top, area.w + 16, bottom - top)
        glow = pygame.Surface(band.size, pygame.SRCALPHA)
        glow.fill((*theme.BRASS, 34))
        target.blit(glow, band)
        pygame.draw.rect(target, theme.BRASS, (band.x, band.y, 4, band.h), border_radius=2)

    def draw_contents_frame(self, target: pygame.Surface) -> None:
        area = self.contents_rect()
        pygame.draw.line(target, theme.WOOD, (area.right + 8, area.y),
                         (area.right + 8, area.bottom), 2)

    def draw_search(self, target: pygame.Surface) -> None:
        card = self.card()
        field = pygame.Rect(card.x + 32, card.y + 124, card.w - 68, 38)
        pygame.draw.rect(target, (24, 20, 17), field, border_radius=8)
        pygame.draw.rect(target, theme.BRASS if self.query else theme.WOOD, field, width=2,
                         border_radius=8)
        if not self.query:
            theme.text(target, "Type to search the sections  ·  Left / Right: another game",
                       (field.x + 14, field.centery), 15, theme.MUTED, anchor="midleft")
            return
        shown = theme.text(target, f"Search: {self.query}", (field.x + 14, field.centery), 16,
                           theme.CREAM, anchor="midleft")
        pygame.draw.line(target, theme.BRASS_LIGHT, (shown.right + 2, shown.y + 2),
                         (shown.right + 2, shown.bottom - 2), 2)
        n = len(self.shown)
        count = (f"{n} section{'' if n == 1 else 's'}  ·  {self.current + 1} of "
                 f"{len(self.matches)}  ·  Return: next  ·  Esc: clear"
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
    size = (560, 688)

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
            Cycler(CX, top + 434, 460, 46, "AI thinks on your time", ["Off", "On"],
                   "On" if s.ai_ponder else "Off", name="ai_ponder",
                   on_change=self.set_ai_ponder),
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

    def set_ai_ponder(self, value: str) -> None:
        self._change(ai_ponder=value == "On")

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
