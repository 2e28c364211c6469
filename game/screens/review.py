"""Review (the result screen's button): the match replayed decision by decision on the
game's own table, as the person saw it then; for each of their decisions the Hint's view
of it — the AI's suggestion ringed on the table with its line of why — and under it the
move made, the estimate before and after it and how much it moved. Left / Right step,
Home / End jump to the ends, M to the next of the biggest mistakes, Esc leaves. The
analyses run in a worker thread (game/review.py), the progress shown as they come."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import theme
from game.hint import percent, ringed, short
from game.review import ReviewRun, ReviewStep, biggest_mistakes, mistakes, review_steps
from game.scene import Affine, Node
from game.screens.base import Screen
from game.tables import table_for
from game.tables.generic import GenericTable, TableModel
from game.widgets import Button, Widget
from rules.core import DecisionKind, Event

if TYPE_CHECKING:
    from game.app import App
    from game.session import Session

ROW = 34  # the height of the panel's hint line and of its buttons


def signed(change: float | None) -> str:
    """A change of estimate in points ("+4", "−7", "±0")."""
    if change is None:
        return "?"
    points = round(100 * change)
    return "±0" if points == 0 else (f"+{points}" if points > 0 else f"−{-points}")


class ReviewPanel(Node):
    """The review's words over the table's action strip: under the hint line, the move
    made and what the estimate made of it; the progress of the analyses by the buttons."""

    def __init__(self, screen: ReviewScreen, rect: pygame.Rect) -> None:
        super().__init__(name="review.panel")
        self.screen, self.rect = screen, rect
        self.z = 70  # over the table's strip, under the hint's line (80)

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        rect, screen = self.rect, self.screen
        theme.shadowed_rect(target, rect, (16, 44, 37), radius=12, shadow=6,
                            border=theme.BRASS)
        width = rect.w - 32
        words = screen.verdict()
        y = rect.y + ROW + 10
        theme.text(target, theme.ellipsize(words, width, 15, "bold"), (rect.x + 16, y), 15,
                   theme.CREAM, "bold")
        progress = screen.progress()
        room = rect.right - 16 - screen.buttons_right - 16
        if progress and room > 40:
            theme.text(target, theme.ellipsize(progress, room, 13), (rect.right - 16,
                       rect.bottom - 8 - ROW // 2), 13, theme.PARCHMENT_DIM,
                       anchor="midright")


class ReviewScreen(Screen):
    """The match's decisions one by one, with the AI's view of each of the people's."""

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        game = session.game
        self.events: list[Event] = []
        self.steps: list[ReviewStep] = review_steps(game, session.match.record,
                                                    set(session.human_seats()), self.events)
        n = session.state.num_players
        self.table: GenericTable = table_for(game.id)(
            f"Review: {game.title}", [session.name(i) for i in range(n)],
            [s.describe() for s in session.seats], lambda action: None, self.leave)
        self.table.menu_button.label = "Leave  Esc"
        self.root.add(self.table)
        strip = self.table.strip_rect()
        self.panel = ReviewPanel(self, strip)
        self.table.add(self.panel)
        self.buttons: list[Widget] = []
        x = strip.x + 12
        for label, name, act, w in (("◀ Previous", "review.prev", lambda: self.go(-1), 140),
                                    ("Next ▶", "review.next", lambda: self.go(1), 120),
                                    ("Biggest mistake  M", "review.mistake", self.mistake, 190),
                                    ("Leave  Esc", "review.leave", self.leave, 140)):
            button = Button(x + w / 2, strip.bottom - 8 - ROW / 2, w, ROW, label, name=name,
                            on_activate=act, size=14, primary=name == "review.next")
            button.z = 75
            self.table.add(button)
            self.buttons.append(button)
            x += w + 10
        self.buttons_right = x - 10
        self.focus.set(self.buttons, focus=self.buttons[1])
        self.run = ReviewRun(game.id, session.match.seed, self.steps, session.win) \
            if self.steps else None
        self.index = 0
        self.seen = -1  # analyses done when last drawn
        self.shown: tuple[int, bool] = (-1, False)  # (index, with its analysis) on the table
        self.mistakes: list[int] = []
        self.show()

    # -- what is shown -----------------------------------------------------------------------
    def current(self) -> ReviewStep | None:
        return self.steps[self.index] if self.steps else None

    def show(self) -> None:
        """Lay the table out at the current decision, as its seat saw it, with the hint's
        ring and line once its analysis is there."""
        st = self.current()
        table = self.table
        where = pygame.Rect(self.panel.rect.x + 8, self.panel.rect.y + 4,
                            self.panel.rect.w - 16, ROW - 4)
        if st is None:
            table.refresh(TableModel(self.session.state.view(None), None, (), "Review",
                                     None, False, "", False), [])
            self.shown = (0, True)
            return
        who = "Your" if len(self.session.human_seats()) == 1 else \
            f"{self.session.name(st.seat)}'s"
        status = f"{who} decision {self.index + 1} of {len(self.steps)}"
        secret = st.state.decision().kind is DecisionKind.SIMULTANEOUS
        table.refresh(TableModel(st.view, st.seat, st.actions, status, st.seat, False, "",
                                 secret), st.state.panels(st.seat))
        table.settle_strip()
        for button in (table.end_button, table.undo_button, table.hint_button):
            button.visible = False  # nothing is played here
        table.reset_log(self.events[:st.log], st.seat)
        table.tray.skip()
        table.banner.hide()  # no "your turn" here
        self.root.finish_animations()
        marks = table.hint_marks
        if st.analysis is not None:
            choice = ringed(st.analysis)
            marks.show(choice, table.hint_targets(choice), st.analysis, where, st.actions)
        else:
            marks.wait(where, st.actions)
            marks.line = marks.short = st.error or "The AI is looking at this decision…"
        self.shown = (self.index, st.analysis is not None or st.error is not None)
        self.mark_dirty()

    def verdict(self) -> str:
        """The move made and what the estimate made of it."""
        st = self.current()
        if st is None:
            return "No decision of yours to review: the match had none with a choice."
        made = f"You played {short(st.made)}"
        if st.analysis is None:
            return made
        agree = st.made == st.analysis.choice or st.loss == 0 and st.analysis.mixed
        head = f"{made} (the AI's move too)" if agree else \
            f"{made}; the AI would play {short(st.analysis.choice)}"
        if st.before is None:
            return head
        after = f"{percent(st.after)}" if st.after is not None else "not weighed"
        line = f"{head} — your chance {percent(st.before)} before, {after} after " \
            f"({signed(st.moved)})"
        return line

    def progress(self) -> str:
        run = self.run
        if run is None:
            return ""
        if not run.finished:
            return f"Analysing: {run.done} of {len(self.steps)} decisions"
        found = len(mistakes(self.steps))
        return f"All {len(self.steps)} analysed · {found} mistake{'s' if found != 1 else ''}"

    # -- moving through it ----------------------------------------------------------------------
    def go(self, step: int) -> None:
        if self.steps:
            self.index = max(0, min(len(self.steps) - 1, self.index + step))
            self.show()

    def jump(self, index: int) -> None:
        if self.steps:
            self.index = max(0, min(len(self.steps) - 1, index))
            self.show()

    def mistake(self) -> None:
        """The next of the biggest mistakes analysed so far (biggest first, round again)."""
        ranked = biggest_mistakes(self.steps)
        if not ranked:
            self.app.toast("No mistake found yet" if self.run and not self.run.finished
                           else "No mistake: every move was as good as the AI's")
            return
        after = [i for i in ranked if i not in self.mistakes]
        if not after:
            self.mistakes, after = [], ranked
        self.mistakes.append(after[0])
        self.jump(after[0])

    def leave(self) -> None:
        if self.run is not None:
            self.run.stop()
        if self.is_top:
            self.app.stack.pop()

    # -- input and time --------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """The pointer resting on a card opens it large, as at the table."""
        handled = super().handle(event)
        if event.type == pygame.MOUSEMOTION and self._pointer_moved:
            self.table.point_at(event.pos)
        elif event.type == pygame.WINDOWLEAVE:
            self.table.point_at(None)
        return handled

    def on_key(self, event: pygame.event.Event) -> bool:
        moves = {pygame.K_LEFT: -1, pygame.K_RIGHT: 1, pygame.K_UP: -1, pygame.K_DOWN: 1}
        if event.key in moves:
            self.go(moves[event.key])
        elif event.key == pygame.K_HOME:
            self.jump(0)
        elif event.key == pygame.K_END:
            self.jump(len(self.steps) - 1)
        elif event.key == pygame.K_m:
            self.mistake()
        else:
            return False
        return True

    def on_escape(self) -> bool:
        self.leave()
        return True

    def draw_background(self, target: pygame.Surface) -> None:
        """Nothing: the table covers the whole screen."""

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.run is not None and self.run.done != self.seen:
            self.seen = self.run.done
            self.mark_dirty()
        st = self.current()
        if st is not None and self.shown == (self.index, False) and \
                (st.analysis is not None or st.error is not None):
            self.show()
