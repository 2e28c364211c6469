"""The table screen: runs the match (AI in a worker thread, chance by the driver,
simultaneous choices seat by seat, hot-seat hand-overs) and shows it through the game's
table (game/tables)."""

from __future__ import annotations

import traceback
from typing import TYPE_CHECKING

import pygame

from game.hint import HintTurn, ringed
from game.screens.base import Screen
from game.screens.overlays import (
    ConfirmScreen,
    MessageScreen,
    PassDeviceScreen,
    PauseScreen,
    ResultScreen,
)
from game.session import Session, SessionError
from game.tables import table_for
from game.tables.generic import GenericTable, TableModel
from game.winchance import Estimate, analysis_seed
from rules.core import CHANCE, Action, DecisionKind, Event, IllegalAction

if TYPE_CHECKING:
    from game.app import App

STEP = 0.7  # seconds a step of a resolution stays before the next (at normal speed)
#: seconds after new choices appear in which Space and Return act on nothing: a second
#: press meant for the resolution that just ended must not play the focused choice
KEY_CALM = 0.45


class TableScreen(Screen):
    """A match in progress."""

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        humans = session.human_seats()
        # hot-seat: nobody's secrets show until the first person has taken the device
        self.viewer: int | None = humans[0] if len(humans) == 1 else None
        n = session.state.num_players
        table_cls = table_for(session.game.id)
        self.table: GenericTable = table_cls(
            session.game.title, [session.name(i) for i in range(n)],
            [s.describe() for s in session.seats], self.choose, self.open_menu)
        self.root.add(self.table)
        self.table.undo_button.on_activate = self.undo
        self.table.hint_button.on_activate = self.hint
        self.hinting: HintTurn | None = None  # a hint being worked out
        #: the win-chance estimate being worked out (the same analysis a hint there shows):
        #: (the worker, its record step, the match's decision number, the series' generation)
        self.estimating: tuple[HintTurn, int, int, int] | None = None
        self.unestimated: tuple[int, int] | None = None  # (step, generation) that failed
        self.table.list_hidden = not app.settings.action_list
        self.table.reset_log(session.log, self.viewer)
        self.result_shown = False
        self.stuck = False
        self.pointer = (0.0, 0.0)
        self.staged: list[Event] = []  # what happened, still to be shown step by step
        self.step_left = 0.0  # seconds until the next step shows
        self.acted_from: int | None = None  # record steps before the viewer's last action
        self.key_calm = 0.0  # seconds Space and Return still act on nothing (``KEY_CALM``)
        self.refresh()

    # -- what the table shows ------------------------------------------------------------
    def my_turn(self) -> bool:
        if self.staged:
            return False  # a resolution is still being shown
        actor = self.session.actor()
        return actor is not None and self.session.is_human(actor) and actor == self.viewer

    def status(self) -> str:
        s = self.session
        if self.stuck:
            return "Stopped by an error"
        if s.over:
            return "Game over"
        actor = s.actor()
        if actor is None:
            return "Resolving chance"
        name = s.name(actor)
        if self.my_turn():
            secret = s.state.decision().kind is DecisionKind.SIMULTANEOUS
            return f"{name}: choose in secret" if secret else f"Your turn, {name}"
        if s.is_human(actor):
            return f"Waiting for {name}"
        return f"{name} is thinking" if s.thinking else f"{name} to play"

    def ending(self) -> str:
        """Who won and why, once the match is over."""
        outcome = self.session.outcome() if self.session.over else None
        if outcome is None:
            return ""
        winners = " & ".join(self.session.name(w) for w in outcome.winners)
        head = f"{winners} won" if winners else "A draw"
        return f"{head}\n{outcome.reason}" if outcome.reason else head

    def refresh(self) -> None:
        s = self.session
        actor = s.actor()
        actions = self.offered(actor) if self.my_turn() and actor is not None else ()
        view = s.state.view(self.viewer)
        secret = s.state.decision().kind is DecisionKind.SIMULTANEOUS
        if actions and not self.table.model.actions:
            self.key_calm = KEY_CALM  # new choices: a stray Space does not play one
        model = TableModel(view, self.viewer, actions, self.status(), actor, s.thinking,
                           self.ending(), secret, self.continuing())
        current = self.focus.current.name if self.focus.current else ""
        try:
            panels = s.state.panels(self.viewer)
        except Exception as exc:  # noqa: BLE001 - a game's fault is shown, not a crash
            self.fault("drawing the table", exc)
            panels = []
        self.table.refresh(model, panels)
        self.table.settle_strip()
        widgets = self.table.widgets()
        self.table.undo_button.visible = self.can_undo() and not s.over
        self.table.hint_button.visible = len(actions) > 1
        marks = self.table.hint_marks
        if marks.active and marks.actions != actions:  # the position moved on
            marks.clear()
        elif marks.active and marks.choice is not None:  # the same decision, built afresh
            marks.targets = self.table.hint_targets(marks.choice)
        self.show_win_bar()
        widgets = [*widgets, *(b for b in (self.table.end_button, self.table.undo_button,
                                           self.table.hint_button) if b.visible)]
        keep = next((w for w in widgets if w.name == current and current != "menu"), None)
        self.focus.set(widgets, focus=keep)
        self.mark_dirty()

    def continuing(self) -> bool:
        """Whether the viewer decides on after their own last action (nobody else has
        decided since, only chance): the turn did not pass, so no "Your turn" banner."""
        if self.acted_from is None:
            return False
        steps = self.session.match.record.steps[self.acted_from:]
        return all(p in (self.viewer, CHANCE) for p, _ in steps)

    def offered(self, actor: int) -> tuple[Action, ...]:
        """The choices the table offers ``actor`` now: every legal action (a tutorial
        offers only the one it teaches)."""
        return tuple(self.session.state.legal_actions(actor))

    def animating(self) -> bool:
        """Redrawn every frame while a resolution is being shown step by step or the AI
        thinks (its turning indicator), besides tweens and rolling dice
        (``Screen.animating``); the AI not under the pause menu, where the match waits (an
        answer ready there is only taken once the table is back)."""
        return super().animating() or bool(self.staged) or (self.session.thinking and
                                                             self.is_top) \
            or self.hinting is not None or self.table.hint_marks.active

    # -- acting ----------------------------------------------------------------------------
    def choose(self, action: Action) -> None:
        """A person picked an action (on the table, a button or the End button); one that
        cannot be taken back asks first."""
        if not self.my_turn() or not self.is_top or self.stuck or self.staged:
            return
        warning = self.table.caution(action)
        if warning is not None:
            self.app.stack.push(ConfirmScreen(self.app, f"{self.table.end_words(action)}?", warning,
                                              self.table.end_words(action),
                                              lambda: self.play(action)))
            return
        self.play(action)

    def play(self, action: Action) -> None:
        """Submit the viewer's ``action`` (after any confirmation)."""
        actor = self.session.actor()
        if not self.my_turn() or actor is None or self.stuck:
            return
        self.acted_from = len(self.session.match.record.steps)
        try:
            events = self.session.submit(actor, action, chosen=True)
        except IllegalAction as exc:
            self.app.toast(f"Not allowed: {exc}")
            return
        except Exception as exc:  # noqa: BLE001 - a game's fault is shown, not a crash
            self.fault(f"playing {action}", exc)
            return
        self.show(events)

    # -- staged resolution: what an action caused, one step at a time ---------------------
    def show(self, events: list[Event]) -> None:
        """Show what ``events`` tell: at once when animations are off or there is one step;
        else one step at a time (``STEP`` seconds each, after any dice have landed), the
        step shown in the action strip and fresh in the log, the table keeping the position
        before until the last step, and no one acting meanwhile. Space skips to the end."""
        if self.staged:
            self.finish_stage()  # what an earlier action caused shows at once first
        steps = [e for e in events if e.visible(self.viewer)]
        if self.app.animation_speed == 0 or len(steps) <= 1 or self.table.STAGES_ITSELF:
            self.table.show_events(events, self.viewer)
            self.refresh()
            return
        self.staged, self.step_left = steps, 0.0
        m = self.table.model
        self.table.refresh(TableModel(m.view, self.viewer, (), "Resolving", None, False, "",
                                      False), self.table.panels)
        self.focus.set(self.table.widgets())

    def step(self) -> None:
        """The next step of the resolution (the last one shows the position after)."""
        event = self.staged.pop(0)
        self.table.stage_text = event.text
        self.table.show_events([event], self.viewer)
        self.step_left = STEP
        if not self.staged:
            self.finish_stage()

    def finish_stage(self) -> None:
        """Everything left at once, then the position as it is now."""
        rest, self.staged = self.staged, []
        if rest:
            self.table.show_events(rest, self.viewer)
        self.table.stage_text = ""
        self.refresh()

    def fault(self, doing: str, exc: Exception) -> None:
        """The game's code failed: stop the match, say so, keep saving possible."""
        traceback.print_exception(exc)
        self.stuck = True
        self.table.model.status = "Stopped by an error"
        self.app.stack.push(MessageScreen(
            self.app, "Something went wrong",
            f"The game failed while {doing}: {type(exc).__name__}: {exc}. "
            "The match is paused; Esc opens the menu, where you can still save it."))

    # -- the hint -------------------------------------------------------------------------------
    def hint(self) -> None:
        """Key H or the Hint button: the AI analyses this decision from the person's view
        (in a worker thread); the answer rings the move on the table with a line of why."""
        actor = self.session.actor()
        if not self.my_turn() or actor is None or not self.is_top:
            self.app.toast("A hint is for your own decision")
            return
        if self.hinting is not None:
            return
        actions = tuple(self.session.state.legal_actions(actor))
        step = len(self.session.match.record.steps)
        known = self.session.win.get(step, actor)
        if known is not None:  # the bar's estimate here is this very analysis
            choice = ringed(known.analysis)
            self.table.hint_marks.show(choice, self.table.hint_targets(choice),
                                       known.analysis, self.table.hint_box(), actions)
            self.mark_dirty()
            return
        flight = self.estimating
        if flight is not None and flight[1] == step and flight[0].actions == actions:
            self.hinting = flight[0]  # the bar's analysis of this decision is on its way
        else:
            self.hinting = HintTurn(self.session.game.id,
                                    analysis_seed(self.session.match.seed, step),
                                    self.session.state.view(actor), actor, actions)
        self.table.hint_marks.wait(self.table.hint_box(), actions)
        self.mark_dirty()

    def poll_hint(self) -> None:
        turn = self.hinting
        if turn is None or not turn.ready:
            return
        self.hinting = None
        actor = self.session.actor()
        current = tuple(self.session.state.legal_actions(actor)) if self.my_turn() and \
            actor is not None else ()
        if turn.actions != current:
            return  # the decision has passed (the move was made meanwhile)
        if turn.error or turn.analysis is None:
            self.table.hint_marks.clear()
            self.app.toast(turn.error or "No hint here")
            return
        table = self.table
        choice = ringed(turn.analysis)
        table.hint_marks.show(choice, table.hint_targets(choice), turn.analysis,
                              table.hint_box(), current)
        self.mark_dirty()

    # -- the win-chance bar ----------------------------------------------------------------------
    def win_seat(self) -> int | None:
        """Whose chance the bar shows: the person at the device (from their view only)."""
        v = self.viewer
        return v if v is not None and self.session.is_human(v) else None

    def show_win_bar(self) -> None:
        """The bar in the header while Settings asks for it: the viewer's newest estimate."""
        bar, seat = self.table.win_bar, self.win_seat()
        if not self.app.settings.win_chance or seat is None:
            bar.visible = False
            return
        n = self.session.state.num_players
        theirs = self.table.colour(1 - seat) if n == 2 else (96, 84, 70)
        bar.show(self.session.win.latest(seat), self.table.colour(seat), theirs,
                 looking=self.estimating is not None)

    def estimate(self) -> None:
        """At the viewer's own decision (two choices or more), ask the analyst about it in
        a worker thread, unless it is known or on its way. The AI never thinks meanwhile
        (``advance`` waits), so the estimate does not take from its time."""
        if not self.app.settings.win_chance or self.estimating is not None or self.stuck:
            return
        actor = self.session.actor()
        if not self.my_turn() or actor is None:
            return
        s = self.session
        actions = self.table.model.actions  # the legal actions, as the refresh found them
        step = len(s.match.record.steps)
        if len(actions) < 2 or s.win.get(step, actor) is not None or \
                self.unestimated == (step, s.win.generation):
            return
        turn = self.hinting if self.hinting is not None and self.hinting.actions == actions \
            else HintTurn(s.game.id, analysis_seed(s.match.seed, step), s.state.view(actor),
                          actor, actions)
        self.estimating = (turn, step, s.match.decisions, s.win.generation)
        self.show_win_bar()

    def poll_estimate(self) -> None:
        """Keep a finished estimate if its decision still stands in the match (made or
        not); one whose decision an undo took back is dropped."""
        flight = self.estimating
        if flight is None or not flight[0].ready:
            return
        self.estimating = None
        turn, step, decision, generation = flight
        s = self.session
        steps = s.match.record.steps
        if turn.analysis is None or turn.analysis.value is None:
            # no estimate here (a failed search, or a choice the AI makes by a rule of thumb
            # without valuing it): not asked again at this decision, nothing to chart
            self.unestimated = (step, generation)
            self.show_win_bar()
            return
        if generation != s.win.generation or step > len(steps):
            return
        estimate = Estimate(step, decision, turn.seat, turn.analysis)
        if step < len(steps):  # the move was made meanwhile: what was it?
            player, made = steps[step]
            if player != turn.seat:
                return
            estimate.made = made
        elif s.actor() != turn.seat:
            return
        s.win.add(estimate)
        self.show_win_bar()
        self.mark_dirty()

    # -- taking a move back ------------------------------------------------------------------
    def undo_seat(self) -> int | None:
        """The person whose last choice Undo takes back: the one at the device."""
        if self.viewer is not None and self.session.is_human(self.viewer):
            return self.viewer
        humans = self.session.human_seats()
        return humans[0] if len(humans) == 1 else None

    def can_undo(self) -> bool:
        seat = self.undo_seat()
        return seat is not None and not self.stuck and self.session.undo_point(seat) is not None

    def undo(self) -> None:
        """Ctrl+Z or the Undo button: back to the viewer's previous choice, the replies
        since undone. Taking back past a revealed secret asks first (the match then counts
        as practice); in hot-seat the other player is asked to agree."""
        seat = self.undo_seat()
        if seat is None or not self.is_top:
            return
        if not self.can_undo():
            self.app.toast("Nothing of yours to take back")
            return
        name = self.session.name(seat)
        others = [self.session.name(h) for h in self.session.human_seats() if h != seat]
        reveals = self.session.undo_reveals(seat) and not self.session.practice
        if not others and not reveals:
            self.take_back(seat)
            return
        lines = []
        if others:
            lines.append(f"{name} asks to take back their last move. "
                         f"{' and '.join(others)}: do you agree?")
        if reveals:
            lines.append("Something hidden has been shown since (a die, a card, a secret "
                         "choice): the match will count as practice.")
        self.app.stack.push(ConfirmScreen(self.app, "Take the move back?", " ".join(lines),
                                          "Agree" if others else "Take back",
                                          lambda: self.take_back(seat)))

    def take_back(self, seat: int) -> None:
        self.staged = []
        self.table.stage_text = ""
        if not self.session.undo(seat):
            return
        self.table.tray.skip()
        self.table.reset_log(self.session.log, self.viewer)
        self.result_shown = False
        self.refresh()
        self.app.toast(f"{self.session.name(seat)}'s move taken back"
                       + (" (practice match)" if self.session.practice else ""))

    def resign(self) -> None:
        humans = self.session.human_seats()
        seat = self.viewer if self.viewer is not None else (humans[0] if humans else 0)
        self.session.ai_turn = None
        self.session.resign(seat)
        self.table.show_events([], self.viewer)
        self.refresh()

    def open_menu(self) -> None:
        self.app.stack.push(PauseScreen(self.app, self))

    def draw_background(self, target: pygame.Surface) -> None:
        """Nothing: the table's still layer covers the whole screen."""

    # -- input -------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            handled = super().handle(event)
            if self._pointer_moved:  # a window opening under a resting pointer opens nothing
                self.table.point_at(event.pos)
            return handled
        if event.type == pygame.WINDOWLEAVE:
            self.table.point_at(None)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.table.zoom_now(event.pos)  # right-click: the card under it, large
            return True
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.widget_at(event.pos) is None:
            entry = self.table.log_entry_at(event.pos)
            if entry is not None:  # a log line: How to play at the rules behind it
                self.open_log_rules(entry)
                return True
        return super().handle(event)

    def log_event(self, entry: int) -> Event | None:
        """The event behind entry ``entry`` of the table's log: the one with its text, the
        same number of times seen before it as in the log (the log holds texts only)."""
        if not 0 <= entry < len(self.table.log):
            return None
        text = self.table.log[entry][0]
        before = sum(1 for t, _ in self.table.log[:entry] if t == text)
        same = [e for e in self.session.log if e.text == text and e.visible(self.viewer)]
        return same[min(before, len(same) - 1)] if same else None

    def open_log_rules(self, entry: int) -> None:
        """How to play this game, at the section of the log entry's event (highlighted);
        Esc comes back to the table as it was."""
        event = self.log_event(entry)
        self.table.point_at(None)  # the line's outline goes with the pointer
        self.app.open_rules(self.session.game.id, event.section if event else "")

    def on_exit(self) -> None:
        self.table.point_at(None)

    def on_enter(self) -> None:
        self.table.zoom.close()
        hidden = not self.app.settings.action_list
        if hidden != self.table.list_hidden:  # changed in Settings from the pause menu
            self.table.list_hidden = hidden
            self.refresh()
        self.show_win_bar()  # the bar may have been turned on or off there

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
            return True
        if event.key == pygame.K_h and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            self.hint()
            return True
        if self.staged and event.key in (pygame.K_SPACE, pygame.K_RETURN):
            self.table.tray.skip()
            self.finish_stage()  # skip to the end of the resolution
            return True
        self.table.keyboard = True
        if self.key_calm > 0 and event.key in (pygame.K_SPACE, pygame.K_RETURN,
                                               pygame.K_KP_ENTER):
            self.table.on_key(event)  # the table hears the key (no table acts on it)...
            return True  # ...but the choices just appeared: it was meant for what ended
        return self.table.on_key(event)

    def on_wheel(self, dy: int) -> bool:
        self.table.on_wheel(dy, self.pointer)
        self.focus.set(self.table.widgets(), focus=self.focus.current)
        return True

    def on_escape(self) -> bool:
        self.open_menu()
        return True

    # -- flow ----------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.key_calm = max(0.0, self.key_calm - dt)
        if self.app.animation_speed == 0:
            self.table.tray.skip()
            self.root.finish_animations()
        if self.staged:
            self.step_left -= dt
            if self.step_left <= 0 and not self.table.tray.rolling:
                self.step()
            return
        self.poll_hint()
        self.poll_estimate()
        if self.is_top and not self.stuck:
            self.estimate()
            self.advance()

    def advance(self) -> None:
        """Move the match on: show the result, hand over the device, or run the AI."""
        s = self.session
        if s.over:
            if not self.result_shown and not self.table.tray.rolling:
                self.result_shown = True
                self.app.stack.push(ResultScreen(self.app, self))
            return
        actor = s.actor()
        if actor is None:
            return
        forced = getattr(self.table, "automatic", None)  # a table may take forced moves
        action = forced(s.state, actor, s.is_human(actor), self.app.settings) if forced \
            else None
        if action is not None and not self.table.tray.rolling:
            self.show(s.submit(actor, action))
            return
        if s.is_human(actor):
            if actor != self.viewer:
                self.hand_over(actor)
            return
        if self.table.tray.rolling:
            return  # let the dice land before the AI moves on
        if not s.thinking:
            if self.estimating is not None:
                return  # the estimate first: the AI's thinking time is its own
            s.start_ai()
            self.refresh()
            return
        try:
            events = s.poll_ai()
        except SessionError as exc:
            self.stuck = True
            self.app.stack.push(MessageScreen(self.app, "The AI stopped", str(exc)))
            return
        except Exception as exc:  # noqa: BLE001 - a game's fault is shown, not a crash
            self.fault("playing the AI's move", exc)
            return
        if events is not None:
            self.show(events)

    def hand_over(self, seat: int) -> None:
        """The next human seat takes the device; the table shows only their view."""
        self.viewer = seat
        self.table.reset_log(self.session.log, seat)
        self.refresh()
        if len(self.session.human_seats()) >= 2:
            self.app.stack.push(PassDeviceScreen(self.app, seat, self.session.name(seat)))
