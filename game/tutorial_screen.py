"""A tutorial at the table (data and script: game/tutorial.py).

``TutorialScreen`` is the table screen with a script on top: at a taught step the table is
offered only the taught action (every other element is greyed or ignored, the action list
shows only it) and a callout, drawn next to the element that leads to it (the table's own
``lead_widget``, the finder the direct self-test clicks by), rings it and says what and why
with the rulebook section; a scripted reply is played for the other seat after a short
caption; an explanation waits for Next. Leave (asking first) goes back to the title. When the
script ends the match goes on as free play against the easy AI.

``TutorialsScreen`` lists the games that have a tutorial (the title screen's "Learn to
play"); a setup screen opens its game's tutorial directly (``App.open_tutorial``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game import theme
from game.cardface import node_box
from game.hint import ring_widgets
from game.scene import Affine, Node
from game.screens.base import Screen
from game.screens.overlays import ConfirmScreen, MessageScreen
from game.screens.table import TableScreen
from game.session import Seat, Session, scenario_event
from game.tables.generic import showing
from game.tutorial import (
    FREE_PLAY_LEVEL,
    Step,
    Tutorial,
    TutorialError,
    available,
    current_step,
    decisions_since,
    step_action,
)
from game.widgets import Button, Widget
from rules import registry
from rules.core import Action

if TYPE_CHECKING:
    from game.app import App

W, H = theme.LOGICAL_SIZE
BOX_W = 380  # the callout's width
TEXT = 16  # its words' size
GAP = 26  # between the callout and what it points at
TOP = 58  # below the header
WIDE_HEAD = 34  # a wide callout's heading row (its buttons at the right end), to the words
WIDE_LINE = 19  # ... the height of each of its lines
WIDE_MIN = 360  # the narrowest free place a wide callout goes in
REPLY_SECONDS = 1.6  # a scripted reply's caption shows this long before it is played


def start_session(tutorial: Tutorial) -> Session:
    """The match a tutorial starts: the person at its seat, the easy AI elsewhere (it takes
    over once the script ends)."""
    match = tutorial.new_match()
    n = match.state.num_players
    seats = [Seat(True) if s == tutorial.seat else Seat(False, FREE_PLAY_LEVEL)
             for s in range(n)]
    session = Session(match.game, match.setup, seats, tutorial.seed, match)
    session.match.record.meta["tutorial"] = tutorial.game
    if tutorial.scenario is not None:
        session.log.append(scenario_event(match.game, tutorial.scenario))
    session.log.extend(match.advance_chance())
    return session


def place_box(size: tuple[int, int], around: pygame.Rect | None,
              avoid: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a callout of ``size`` goes beside ``around`` (right, left, above or below it,
    kept on the screen): never over it, and over as little of ``avoid`` (the other elements
    on the way to the move) as can be; with nothing to point at, over the table's middle."""
    box = pygame.Rect((0, 0), size)
    screen = pygame.Rect(8, TOP, W - 16, H - TOP - 8)
    if around is None:
        box.center = (W // 2 - 120, 300)
        return box.clamp(screen)
    near = around.inflate(12, 12)
    tries = []
    sides = {"right": ("midleft", (near.right + GAP, near.centery)),
             "above": ("midbottom", (near.centerx, near.top - GAP)),
             "left": ("midright", (near.left - GAP, near.centery)),
             "below": ("midtop", (near.centerx, near.bottom + GAP)),
             "below right": ("topleft", (near.right + GAP // 2, near.bottom + GAP // 2)),
             "below left": ("topright", (near.left - GAP // 2, near.bottom + GAP // 2)),
             "above right": ("bottomleft", (near.right + GAP // 2, near.top - GAP // 2)),
             "above left": ("bottomright", (near.left - GAP // 2, near.top - GAP // 2))}
    for order, (anchor, point) in enumerate(sides.values()):
        spot = box.copy()
        setattr(spot, anchor, point)
        spot = spot.clamp(screen)
        cut = spot.clip(near)
        covered = sum(spot.clip(r).w * spot.clip(r).h for r in avoid)
        tries.append((cut.w * cut.h, covered, order, spot))
    return min(tries, key=lambda t: t[:3])[3]


class Callout(Node):
    """The tutorial's words at the table: a box next to the element it points at, an arrow
    and a pulsing ring to it, Next for an explanation and Leave at every step."""

    def __init__(self, leave: Button, next_button: Button) -> None:
        super().__init__(name="tutorial")
        self.z = 90  # over the table and the hint's rings
        self.interactive = True  # a click on the box is the box's, not the table's below it
        self.leave, self.next_button = leave, next_button
        self.add(leave)
        self.add(next_button)
        self.head = ""
        self.words = ""
        self.targets: list[Widget] = []
        self.spot: pygame.Rect | None = None  # what it points at (a widget's box, the log)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.avoid: list[Widget] = []
        self.scenery: list[pygame.Rect] = []  # more of the table not to cover (the log...)
        self.home: pygame.Rect | None = None
        self.free: pygame.Rect | None = None  # an empty place for a wide box (in the strip)
        self.wide = False  # the words in a wide box, its buttons in the heading row
        self.clock = 0.0

    def show(self, head: str, words: str, targets: list[Widget],
             spot: pygame.Rect | None, explains: bool, avoid: Sequence[Widget] = (),
             home: pygame.Rect | None = None, free: pygame.Rect | None = None,
             scenery: Sequence[pygame.Rect] = ()) -> None:
        """Say ``words`` pointing at ``targets`` (else the ``spot``): in the ``free`` place
        when the words fit there and it covers none of the ``avoid`` elements and the
        ``scenery``, else beside the target and off them; or (pointing at the log) inside
        ``home``."""
        self.head, self.words, self.targets = head, words, targets
        self.spot, self.avoid, self.home = spot, list(avoid), home
        self.free, self.scenery = free, list(scenery)
        self.next_button.visible = self.next_button.enabled = explains
        self.visible = True
        self.layout()

    def hide(self) -> None:
        self.visible = False
        self.targets = []

    def lines(self, width: int | None = None, wide: bool | None = None) -> list[str]:
        """The words wrapped for a box ``width`` wide (default: the box as it is)."""
        width = self.box.w if width is None else width
        wide = self.wide if wide is None else wide
        return theme.wrap(self.words, width - 28, TEXT)[:5 if wide else 7]

    def wide_height(self, width: int) -> int:
        return WIDE_HEAD + len(self.lines(width, True)) * WIDE_LINE + 8

    def layout(self) -> None:
        """Place the box (a wide one in the strip when the words fit there, else beside its
        target, which may have moved) and its buttons in it."""
        if self.targets and self.targets[0].visible:
            self.spot = node_box(self.targets[0])
        screen = pygame.Rect(8, TOP, W - 16, H - TOP - 8)
        if self.home is not None and not self.targets:  # the whole strip: nothing to play
            box = self.home.inflate(-8, -8)
            box.h = max(box.h, self.wide_height(box.w))
            self.place(box.clamp(screen), wide=True)
            return
        avoid = [node_box(w) for w in self.avoid if w.visible and w not in self.targets]
        avoid += self.scenery
        free = self.free
        if free is not None and free.w >= WIDE_MIN and self.wide_height(free.w) <= free.h:
            box = pygame.Rect(free.x, free.y, free.w, self.wide_height(free.w))
            box.centery = free.centery
            near = self.spot.inflate(12, 12) if self.spot is not None else pygame.Rect(0, 0, 0, 0)
            if not box.colliderect(near) and box.collidelist(avoid) < 0:
                self.place(box, wide=True)
                return
        height = 14 + 20 + len(self.lines(BOX_W, False)) * 21 + 12 + 38 + 12
        self.place(place_box((BOX_W, height), self.spot, avoid), wide=False)

    def place(self, box: pygame.Rect, wide: bool) -> None:
        """The box at ``box``: a tall one has its buttons at the bottom, a wide one at the
        right end of its heading row (smaller, so that the words keep the width)."""
        self.box, self.wide = box, wide
        self.x, self.y = box.center
        self.w, self.h = box.size
        buttons = [b for b in (self.next_button, self.leave) if b.visible or b is self.leave]
        if wide:
            right = box.w / 2 - 10
            for button in buttons:
                button.w, button.h = 96, 26
                button.x, button.y = right - 48, -box.h / 2 + 5 + 13
                right -= 104
            return
        bottom = box.h / 2 - 12 - 19
        for button in buttons:
            button.w, button.h = 120, 38
        self.leave.x, self.leave.y = -box.w / 2 + 14 + 60, bottom
        self.next_button.x, self.next_button.y = box.w / 2 - 14 - 60, bottom

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        if self.visible:
            self.layout()

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        if not self.words:
            return
        ring_widgets(target, self.targets, self.clock)
        box = self.box
        if self.spot is not None and not self.targets:
            pygame.draw.rect(target, theme.BRASS_LIGHT, self.spot.inflate(6, 6), 3,
                             border_radius=10)
        if self.spot is not None:
            self.draw_arrow(target, box, self.spot.inflate(16, 16))
        theme.shadowed_rect(target, box, (44, 34, 22), radius=12, shadow=6,
                            border=theme.BRASS_LIGHT)
        buttons = sum(104 for b in (self.next_button, self.leave) if b.visible)
        room = box.w - 28 - (buttons if self.wide else 0)
        theme.text(target, theme.ellipsize(self.head, room, 13, "bold"),
                   (box.x + 14, box.y + (10 if self.wide else 12)), 13, theme.BRASS_LIGHT,
                   "bold")
        y = box.y + (WIDE_HEAD if self.wide else 34)
        for line in self.lines():
            theme.text(target, line, (box.x + 14, y), TEXT, theme.CREAM)
            y += WIDE_LINE if self.wide else 21

    @staticmethod
    def draw_arrow(target: pygame.Surface, box: pygame.Rect, spot: pygame.Rect) -> None:
        """A brass arrow from the box's nearest edge to the element."""
        cx = min(max(spot.centerx, box.left), box.right)
        cy = min(max(spot.centery, box.top), box.bottom)
        ex = min(max(cx, spot.left), spot.right)
        ey = min(max(cy, spot.top), spot.bottom)
        start = pygame.Vector2(cx, cy)
        end = pygame.Vector2(ex, ey)
        if start.distance_to(end) < 4:
            return
        pygame.draw.line(target, theme.BRASS_LIGHT, start, end, 4)
        way = (end - start).normalize()
        side = pygame.Vector2(-way.y, way.x)
        head = [end, end - way * 14 + side * 8, end - way * 14 - side * 8]
        pygame.draw.polygon(target, theme.BRASS_LIGHT, head)


class TutorialScreen(TableScreen):
    """A match that follows a tutorial's script, then goes on as free play."""

    def __init__(self, app: App, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        self.read: set[int] = set()  # explanations acknowledged (Next)
        self.reply_left = REPLY_SECONDS
        self.clicked: list[str] = []  # table elements clicked for the taught step
        self.clicked_for: int | None = None  # ... the step they were clicked for
        self.failure = ""  # why the script cannot go on (shown once)
        self.finished = False
        self.callout = Callout(
            Button(0, 0, 120, 38, "Leave", name="tutorial.leave", size=15,
                   on_activate=self.ask_leave),
            Button(0, 0, 120, 38, "Next ▶", name="tutorial.next", size=15, primary=True,
                   on_activate=self.next_page))
        session = start_session(tutorial)
        self.start = len(session.match.record.steps)
        super().__init__(app, session)
        self.root.add(self.callout)
        self.refresh()

    # -- where the script is ---------------------------------------------------------------
    def script_step(self) -> Step | None:
        """The current step; None once the script is over (free play)."""
        done = decisions_since(self.session.match, self.start)
        return current_step(self.tutorial, done, self.read)

    def number(self, step: Step) -> str:
        return f"Step {step.index + 1} of {len(self.tutorial.steps)}"

    def taught(self) -> Action | None:
        """The action the current step teaches or plays (None at an explanation or free
        play); a position the script does not fit stops the tutorial with a message."""
        step = self.script_step()
        if step is None or not step.acts or self.session.over:
            return None
        if self.session.state.decision().is_chance:
            return None
        try:
            return step_action(self.tutorial, step, self.session.state)[1]
        except TutorialError as exc:
            self.fail(str(exc))
            return None

    def fail(self, why: str) -> None:
        if self.failure:
            return
        self.failure = why
        self.stuck = True
        self.app.stack.push(MessageScreen(self.app, "The tutorial cannot go on", why))

    # -- the table offers only the taught action ------------------------------------------
    def offered(self, actor: int) -> tuple[Action, ...]:
        step = self.script_step()
        if step is None:
            return super().offered(actor)
        if not step.acts:
            return ()  # an explanation: Next first
        action = self.taught()
        return (action,) if action is not None else ()

    def choose(self, action: Action) -> None:
        step = self.script_step()
        if step is not None and (step.do != "teach" or action != self.taught()):
            self.app.toast("The tutorial teaches one move here: the one it points at")
            return
        super().choose(action)

    def hint(self) -> None:
        if self.script_step() is not None:
            self.app.toast("The tutorial shows the move here; hints come in free play")
            return
        super().hint()

    def refresh(self) -> None:
        super().refresh()
        if not hasattr(self, "start"):
            return  # the table screen's first refresh, before the script is set up
        self.place_callout()

    def place_callout(self) -> None:
        """Say the current step: its words next to what leads to it (teach), by the log
        (reply, explain)."""
        step = self.script_step()
        callout = self.callout
        if step is None or self.session.over:
            callout.hide()
            if step is None and not self.finished:
                self.finished = True
                self.app.toast(f"Tutorial complete: play on against the {FREE_PLAY_LEVEL} AI")
            self.focus_callout()
            return
        head = self.number(step) + (f" · {step.rule}" if step.rule else "")
        log = self.table.log_rect()
        if step.do == "teach":
            action = self.taught() if self.my_turn() else None
            targets = self.targets(action) if action is not None else []
            others = [n for n in self.table.walk() if isinstance(n, Widget) and showing(n)
                      and n.w * n.h < W * H / 4]  # every piece shown, not a whole board
            self.fit_taught_button()
            scenery = [log, *(rect for rect, _ in self.table.zoom_spots())]
            callout.show(head, step.say, targets, node_box(targets[0]) if targets else None,
                         explains=False, avoid=others, free=self.free_strip(),
                         scenery=scenery)
        elif step.do == "reply":
            who = self.session.name(self.tutorial.who(step, self.session.state.num_players))
            callout.show(f"{self.number(step)} · {who} replies", step.say, [], log,
                         explains=False, home=self.table.strip_rect())
        else:
            callout.show(head, step.say, [], log, explains=True,
                         home=self.table.strip_rect())
        self.focus_callout()

    def fit_taught_button(self) -> None:
        """The one action the strip lists (the taught move) as wide as its words need, so
        that they are read whole."""
        table = self.table
        if len(table.buttons) != 1 or table.pager:
            return
        button, strip = table.buttons[0], table.strip_rect()
        box = node_box(button)
        need = theme.font(button.size, "bold").size(button.label)[0] + 32
        if need > box.w:
            button.w = min(need, strip.right - 12 - box.left - table.STRIP.pager_w - 12)
            button.x = box.left + button.w / 2

    def free_strip(self) -> pygame.Rect:
        """The strip's empty part: right of its prompt and of the buttons it shows (the
        focused button's words, which the heading repeats after the prompt, may go under)."""
        table = self.table
        strip = table.strip_rect()
        size = table.STRIP.title
        left = strip.x + 16 + theme.font(size, "bold").size(table.strip_prompt())[0]
        for button in (*table.buttons, *table.pager):
            if button.visible and strip.colliderect(node_box(button)):
                left = max(left, node_box(button).right)
        return pygame.Rect(left + 16, strip.y + 3, strip.right - 8 - left - 16, strip.h - 6)

    def targets(self, action: Action) -> list[Widget]:
        """What the callout points at for ``action``: the table element to click next
        (``lead_widget``), else its button in the action list."""
        step = self.script_step()
        if step is None or self.clicked_for != step.index:
            self.clicked, self.clicked_for = [], step.index if step else None
        widget = self.table.lead_widget(action, self.clicked)
        if widget is not None:
            return [widget]
        return self.table.hint_targets(action)

    def focus_callout(self) -> None:
        """The callout's buttons join the keyboard focus (Next first when it shows)."""
        extra = [b for b in (self.callout.next_button, self.callout.leave)
                 if self.callout.visible and b.visible]
        if not extra:
            return
        current = self.focus.current
        first = self.callout.next_button if self.callout.next_button.visible else None
        self.focus.set([*extra, *self.focus.widgets], focus=first or current)

    def skip_to(self, index: int) -> None:
        """Follow the script at once up to its step ``index`` (a picture of that step, a
        test): each move played as its step says, each explanation read."""
        while (step := self.script_step()) is not None and step.index < index:
            if step.acts:
                seat, action = step_action(self.tutorial, step, self.session.state)
                self.show(self.session.submit(seat, action, chosen=step.do == "teach"))
                self.finish_stage()
            else:
                self.read.add(step.index)
        self.refresh()

    # -- acting --------------------------------------------------------------------------------
    def next_page(self) -> None:
        step = self.script_step()
        if step is not None and not step.acts:
            self.read.add(step.index)
            self.refresh()

    def ask_leave(self) -> None:
        self.app.stack.push(ConfirmScreen(
            self.app, "Leave the tutorial?",
            "The match ends here. The tutorial can be started again from the title screen's "
            "Learn to play.", "Leave", self.app.show_title))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            widget = self.widget_at(event.pos)
            if widget is not None and widget.leads and widget.name not in self.clicked:
                self.clicked.append(widget.name)  # the callout moves on to the next click
        handled = super().handle(event)
        if event.type == pygame.MOUSEBUTTONUP and self.script_step() is not None:
            self.place_callout()
        return handled

    def advance(self) -> None:
        """During the script: scripted replies are played (after their caption), nothing
        else moves by itself; after it, the match as ever."""
        step = self.script_step()
        if step is None or self.session.over:
            super().advance()
            return
        if not step.acts or self.stuck:
            return
        actor = self.session.actor()
        if actor is None:
            return
        action = self.taught()
        if action is None:
            return
        if step.do == "teach":
            if actor != self.viewer:
                self.fail(f"{self.tutorial.source}, step {step.index + 1}: teaches a move of "
                          f"{self.session.name(actor)}, who is not the person's seat")
            return
        self.reply_left -= self.last_dt
        if self.reply_left > 0 and self.app.animation_speed:
            return
        self.reply_left = REPLY_SECONDS
        self.show(self.session.submit(actor, action))

    last_dt = 0.0

    def update(self, dt: float) -> None:
        self.last_dt = dt
        super().update(dt)

    def animating(self) -> bool:
        return super().animating() or (self.callout.visible and bool(self.callout.targets))

    def on_key(self, event: pygame.event.Event) -> bool:
        step = self.script_step()
        if step is not None and not step.acts and event.key in (pygame.K_RETURN,
                                                                  pygame.K_SPACE) \
                and not self.staged:
            self.next_page()
            return True
        return super().on_key(event)


class TutorialsScreen(Screen):
    """Learn to play: a button per game with a tutorial."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        buttons: list[Widget] = []
        cx = W // 2
        for i, game_id in enumerate(registry.GAMES):
            title = registry.GAMES[game_id][0]
            ready = available(game_id)
            b = Button(cx, 220 + i * 70, 460, 54, title, name=f"tutorial.{game_id}",
                       on_activate=lambda g=game_id: app.open_tutorial(g), enabled=ready,
                       size=20, subtitle="" if ready else "no tutorial in this build")
            buttons.append(self.root.add(b))
        back = self.root.add(Button(cx, 600, 200, 46, "Back", name="back",
                                    on_activate=app.stack.pop))
        self.focus.set([*buttons, back])

    def draw_overlay(self, target: pygame.Surface) -> None:
        theme.text(target, "Learn to play", (W // 2, 80), 40, theme.BRASS_LIGHT, "display",
                   "center", shadow=True)
        theme.text(target, "A guided first turn: the table shows each move and why, then you "
                   "play on against the easy AI.", (W // 2, 140), 16, theme.PARCHMENT_DIM,
                   anchor="center")


def open_tutorial(app: App, game_id: str) -> None:
    """Start ``game_id``'s tutorial (a bad tutorial file is one readable message)."""
    try:
        tutorial = Tutorial.load(game_id)
        screen = TutorialScreen(app, tutorial)
    except TutorialError as exc:
        app.stack.push(MessageScreen(app, "No tutorial", str(exc)))
        return
    app.show_title()
    app.stack.push(screen)
