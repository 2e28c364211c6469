"""The generic table every game gets for free: the state's panels, the event log, the dice
tray, the seats, and every legal action as a button (paged, keyboard-navigable)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial

import pygame

from game import sound, theme
from game.cardface import CardFace, CardZoom, face_under, node_box
from game.dice import DiceTray
from game.hint import HintMarks
from game.scene import Affine, Node, SpriteNode
from game.tween import ease_out_back
from game.widgets import Button, Widget, page_size
from game.winchance import WinBar
from rules.core import Action, Event, GameState, Panel

W, H = theme.LOGICAL_SIZE
HEADER = pygame.Rect(0, 0, W, 52)
SEATS = pygame.Rect(16, 62, 784, 40)
PANELS = pygame.Rect(16, 112, 784, 388)
TRAY = pygame.Rect(824, 70, 440, 190)
LOG = pygame.Rect(816, 276, 456, 224)
LOG_TALL = pygame.Rect(816, 62, 456, 438)  # while no die has been thrown, the log takes it all
LOG_ROW = 17  # the height of a line of the log
ACTIONS = pygame.Rect(16, 512, 1248, 196)
END_BUTTON = pygame.Rect(W - 160 - 80 - 12 - 65, 8, 160, 36)  # left of the Menu button
UNDO_BUTTON = pygame.Rect(END_BUTTON.x - 12 - 104, 8, 104, 36)  # left of the End button
HINT_BUTTON = pygame.Rect(UNDO_BUTTON.x - 10 - 96, 8, 96, 36)  # left of Undo
#: the win-chance bar (Settings): under the status line, ending where it ends (at Hint)
WIN_BAR = pygame.Rect(HINT_BUTTON.x - 12 - 250, 32, 250, 16)
COLUMNS, ROWS = 3, 3  # nine a page: keys 1-9 reach each one
LINE = 19


@dataclass
class TableModel:
    """What the table shows now (set by the table screen)."""

    view: GameState | None = None
    viewer: int | None = None
    actions: tuple[Action, ...] = ()
    status: str = ""
    actor: int | None = None
    thinking: bool = False
    ending: str = ""  # once the match is over: who won and why
    secret: bool = False  # the viewer chooses face down (a simultaneous decision)
    continuing: bool = False  # the viewer decides on after their own action (no banner)


@dataclass(frozen=True)
class StripLayout:
    """Where a table's action buttons go: a grid of ``columns`` x ``rows`` a page in
    ``rect`` with Prev / Next at its right end. ``stretch``: a page of one row has taller
    buttons that fill the strip."""

    rect: pygame.Rect
    columns: int = COLUMNS
    rows: int = ROWS
    button_h: int = 46
    gap: int = 12  # between rows
    col_gap: int = 12
    pager_w: int = 140
    head: int = 39  # from the strip's top to the first row (the heading sits above)
    font: int = 15  # the buttons' words
    title: int = 17  # the heading's size
    stretch: bool = False

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    def button(self, k: int, shown: int) -> pygame.Rect:
        """The k-th of ``shown`` buttons on a page."""
        r = self.rect
        width = (r.w - 24 - self.pager_w - 12 - (self.columns - 1) * self.col_gap) // self.columns
        col, row = k % self.columns, k // self.columns
        x = r.x + 12 + col * (width + self.col_gap)
        if self.stretch and shown <= self.columns:
            return pygame.Rect(x, r.y + self.head, width, 2 * self.button_h + self.gap)
        return pygame.Rect(x, r.y + self.head + row * (self.button_h + self.gap), width,
                           self.button_h)

    def pager(self, k: int) -> pygame.Rect:
        """Prev (0) and Next (1) at the strip's right end."""
        r = self.rect
        return pygame.Rect(r.right - 12 - self.pager_w,
                           r.y + self.head + k * (self.button_h + self.gap), self.pager_w,
                           self.button_h)


def roll_faces(event: Event) -> list[object]:
    """The faces a "roll" event shows: ``data["faces"]`` (the contract), or a lone
    ``data["roll"]`` number."""
    if event.kind != "roll":
        return []
    faces = event.data.get("faces")
    if isinstance(faces, list):
        return faces
    single = event.data.get("roll")
    return [single] if isinstance(single, int) and not isinstance(single, bool) else []


class Banner(SpriteNode):
    """A brass ribbon that pops up over the table ("Your turn") and fades away."""

    def __init__(self) -> None:
        super().__init__(PANELS.centerx + 200, 300, 520, 84, name="banner")
        self.words = ""
        self.alpha, self.z = 0.0, 50

    def show(self, words: str) -> None:
        self.words = words
        sound.play("chime", 0.7)
        self.tweens.tweens.clear()
        self.alpha, self.scale = 0.0, 0.7
        self.tween("alpha", 1.0, 0.2)
        self.tween("scale", 1.0, 0.35, ease_out_back)
        self.tween("alpha", 0.0, 0.35, delay=1.1)

    def hide(self) -> None:
        """Fade out at once (the turn is already over)."""
        if self.alpha > 0 or self.tweens.busy:
            self.tweens.tweens.clear()
            self.tween("alpha", 0.0, 0.12)

    def look_key(self) -> object:
        return (self.words,)

    def render(self) -> pygame.Surface:
        surf = super().render()
        rect = surf.get_rect().inflate(-8, -8)
        pygame.draw.rect(surf, (0, 0, 0, 110), rect.move(4, 6), border_radius=14)
        pygame.draw.rect(surf, theme.BRASS, rect, border_radius=14)
        pygame.draw.rect(surf, theme.BRASS_LIGHT, rect.inflate(-10, -10), 2, border_radius=10)
        theme.text(surf, self.words, rect.center, 30, theme.INK, "display", "center")
        return surf


def showing(node: Node) -> bool:
    """Whether ``node`` and every node above it are visible."""
    at: Node | None = node
    while at is not None:
        if not at.visible:
            return False
        at = at.parent
    return True


class GenericTable(Node):
    """Draws any game from its text panels; subclasses add a board (see docs/gui.md)."""

    def __init__(self, title: str, seat_names: list[str], seat_kinds: list[str],
                 choose: Callable[[Action], None], menu: Callable[[], None]) -> None:
        super().__init__(name="table")
        self.title, self.seat_names, self.seat_kinds = title, seat_names, seat_kinds
        self.choose, self.model = choose, TableModel()
        self.panels: list[Panel] = []
        self.log: list[tuple[str, int]] = []  # (text, batch)
        self.batch = 0
        self.page, self.panel_scroll, self.log_scroll = 0, 0, 0
        self.panels_area = PANELS.copy()  # a game's own table may take part of it for a board
        self.clock = 0.0
        self.tray = DiceTray(TRAY.centerx, TRAY.centery, TRAY.w, TRAY.h)
        self.tray.visible = False  # shown from the first roll on
        self.add(self.tray)
        self.menu_button = Button(W - 80, 26, 130, 36, "Menu  Esc", name="menu",
                                  on_activate=menu, size=15)
        self.add(self.menu_button)
        # the one fixed place for End turn / Pass / Done, on every table (key E)
        self.end_button = Button(END_BUTTON.centerx, END_BUTTON.centery, END_BUTTON.w,
                                 END_BUTTON.h, "End turn", name="end", primary=True, size=15,
                                 on_activate=self.play_end)
        self.end_button.visible = False
        self.add(self.end_button)
        # Undo (Ctrl+Z): the table screen wires it and shows it while there is a move of
        # the person's own to take back
        self.undo_button = Button(UNDO_BUTTON.centerx, UNDO_BUTTON.centery, UNDO_BUTTON.w,
                                  UNDO_BUTTON.h, "↶ Undo", name="undo", size=15)
        self.undo_button.visible = False
        self.add(self.undo_button)
        # Hint (key H): the table screen wires it; shown while the person decides
        self.hint_button = Button(HINT_BUTTON.centerx, HINT_BUTTON.centery, HINT_BUTTON.w,
                                  HINT_BUTTON.h, "? Hint", name="hint", size=15)
        self.hint_button.visible = False
        self.add(self.hint_button)
        self.hint_marks = HintMarks()
        self.add(self.hint_marks)
        # the win-chance bar (Settings): the table screen fills and shows it
        self.win_bar = WinBar(WIN_BAR)
        self.add(self.win_bar)
        self.buttons: list[Button] = []
        self.pager: list[Button] = []
        self.banner = Banner()
        self.add(self.banner)
        self.zoom = CardZoom()
        self.add(self.zoom)
        self.pointer: tuple[float, float] | None = None
        self.keyboard = False  # the last input was a key: the focused card opens large
        self._layout: list[tuple[Panel, pygame.Rect, list[str]]] | None = None
        self._static: tuple[tuple[object, ...], pygame.Surface] | None = None
        self.version = 0  # bumped whenever the position shown changes
        self._log_lines: tuple[object, list[tuple[str, bool]]] = (None, [])
        self._log_owners: list[int] = []  # the log entry of each wrapped line
        self.order: list[int] = []  # the strip's order of the actions (see display_order)
        #: Settings' "Action list": hidden, the strip lists only the choices no table
        #: element plays (``settle_strip``); everything else is played on the table
        self.list_hidden = False
        self.stage_text = ""  # the step of a resolution being shown (the table screen sets it)

    # -- model -> nodes -------------------------------------------------------------------
    def refresh(self, model: TableModel, panels: list[Panel]) -> None:
        """Show a new position: panels, status and the legal actions as buttons."""
        same_actions = model.actions == self.model.actions
        if model.actions and not self.model.actions and not model.continuing:
            self.announce(model)
        elif not model.actions:
            self.banner.hide()
        self.model, self.panels = model, panels
        self.version += 1
        self._layout = self._masonry()
        if not same_actions:
            self.page = 0
        self.order = self.display_order()
        self.build_buttons()
        end = self.end_action()
        self.end_button.visible = end is not None
        self.end_button.leads = (end,) if end is not None else ()
        if end is not None:
            self.end_button.label = theme.ellipsize(self.end_words(end), END_BUTTON.w - 16,
                                                    15, "bold")

    def announce(self, model: TableModel) -> None:
        """Pop the banner when the viewer's turn begins."""
        self.banner.show("Choose in secret" if model.secret else "Your turn")

    STRIP = StripLayout(ACTIONS)

    @property
    def pages(self) -> int:
        return max(1, math.ceil(len(self.listed()) / self.STRIP.per_page))

    def listed(self) -> list[int]:
        """The indices (into ``model.actions``) the strip lists, in its order."""
        if self.list_hidden or len(self.order) == len(self.model.actions):
            return self.order
        return list(range(len(self.model.actions)))

    def page_of(self, index: int) -> int:
        """The page of the strip showing action ``index`` (of ``model.actions``)."""
        return self.listed().index(index) // self.STRIP.per_page

    # -- the fixed End button and the choices that ask first ---------------------------
    #: True for a table that paces a batch of events itself (Chaostle's dice queue throws a
    #: battle's blows one after another and writes each line once its die lands)
    STAGES_ITSELF = False

    #: action kinds that have no place on this table (a yes/no question, a number to
    #: name): with the action list hidden they are still listed, and direct play may use it
    UNPLACED: tuple[str, ...] = ()

    #: action kinds that end the viewer's turn or step: the fixed End button plays them
    END_KINDS: tuple[str, ...] = ()

    def end_action(self) -> Action | None:
        """The legal action the End button plays now (None: it is hidden)."""
        return next((a for a in self.model.actions if a.kind in self.END_KINDS), None)

    def end_words(self, action: Action) -> str:
        """The End button's words for ``action`` (its label up to any bracket)."""
        return str(action).split(" (", 1)[0]

    def take(self, action: Action) -> None:
        """Play ``action`` through ``choose``, looked up when a click fires (a button's
        callback, ``partial(self.take, action)``, sees ``choose`` as it is then)."""
        self.choose(action)

    def play_end(self) -> None:
        action = self.end_action()
        if action is not None:
            self.choose(action)

    def caution(self, action: Action) -> str | None:
        """Why ``action`` asks before it is played: it cannot be taken back and costs the
        viewer something (a concession, the last of their characters, an action they could
        still take). None for a routine choice."""
        return None

    def display_order(self) -> list[int]:
        """The strip's order of ``model.actions``: routine choices first, those that ask
        before they act last (never among the routine ones). With the list hidden, only the
        choices no table element plays are listed."""
        actions = self.model.actions
        listed: list[int] | range = range(len(actions))
        if self.list_hidden:
            placed = self.placed()
            listed = [i for i in listed if actions[i] not in placed]
        return sorted(listed, key=lambda i: self.caution(actions[i]) is not None)

    # -- the hint: where it points ----------------------------------------------------------
    def hint_targets(self, action: Action) -> list[Widget]:
        """What a hint for ``action`` rings: the table's narrowest elements that lead to it,
        else its button in the action list (paged to)."""
        offers = [w for w in self.table_widgets() if action in w.leads]
        if offers:
            narrowest = min(len(w.leads) for w in offers)
            return [w for w in offers if len(w.leads) == narrowest]
        if action in self.model.actions:
            index = self.model.actions.index(action)
            if index in self.listed():
                if self.page != self.page_of(index):
                    self.page = self.page_of(index)
                    self.build_buttons()
                return [b for b in self.buttons if b.name == f"action.{index}"]
        return []

    def lead_widget(self, action: Action, clicked: Sequence[str] = ()) -> Widget | None:
        """The table element to click next towards ``action``: the narrowest one leading to
        it (one that plays it before a selector that opens the way), an element of a name in
        ``clicked`` (already clicked for this move) last; None when none leads to it. The
        direct self-test clicks it and a tutorial's callout points at it."""
        offers = [w for w in self.table_widgets() if action in w.leads]
        if not offers:
            return None
        return min(offers, key=lambda w: (w.name in clicked, len(w.leads)))

    def hint_box(self) -> pygame.Rect:
        """Where the hint's line shows: over the action strip's heading."""
        strip = self.strip_rect()
        return pygame.Rect(strip.x + 8, strip.y + 3, strip.w - 16, self.STRIP.head - 6)

    # -- direct play: the table's own click targets ---------------------------------------
    def table_widgets(self) -> list[Widget]:
        """The table's own click targets showing now (not the action list, its pager or
        the menu): visible, enabled widgets that lead to legal actions (``Widget.leads``)."""
        listing = {id(w) for w in (*self.buttons, *self.pager, self.menu_button,
                                   self.undo_button, self.hint_button)}
        return [n for n in self.walk() if isinstance(n, Widget) and id(n) not in listing
                and n.leads and n.enabled and showing(n)]

    def placed(self) -> set[Action]:
        """The legal actions some table element plays or leads to."""
        return {a for w in self.table_widgets() for a in w.leads}

    def settle_strip(self) -> None:
        """Once a refresh has built the table's targets: with the list hidden, list only
        what none of them plays (the table screen calls this after ``refresh``)."""
        if self.list_hidden:
            self.order = self.display_order()
            self.page = min(self.page, self.pages - 1)
            self.build_buttons()

    def clear_buttons(self) -> None:
        for b in self.buttons + self.pager:
            self.remove(b)
        self.buttons, self.pager = [], []

    def build_buttons(self) -> None:
        """The current page of action buttons (keys 1-9) and, with several pages, Prev/Next."""
        self.clear_buttons()
        strip, per_page = self.STRIP, self.STRIP.per_page
        first = self.page * per_page
        page = self.listed()[first: first + per_page]
        rects = [strip.button(k, len(page) if self.pages == 1 else per_page)
                 for k in range(len(page))]
        labels = [(f"{k + 1}. " if k < 9 else "") + str(self.model.actions[index])
                  for k, index in enumerate(page)]
        # one size for the page: the largest at which every choice reads whole
        size = page_size(labels, rects, strip.font)
        for index, rect, label in zip(page, rects, labels, strict=True):
            action = self.model.actions[index]
            self.buttons.append(Button(rect.centerx, rect.centery, rect.w, rect.h,
                                       label, name=f"action.{index}",
                                       on_activate=partial(self.take, action), size=size,
                                       danger=self.caution(action) is not None, wrap=True))
        if self.pages > 1:
            for k, (label, name, step) in enumerate((("◀ Prev", "page.prev", -1),
                                                     ("Next ▶", "page.next", 1))):
                rect = strip.pager(k)
                self.pager.append(Button(rect.centerx, rect.centery, rect.w, rect.h, label,
                                         name=name, size=strip.font,
                                         on_activate=partial(self.turn_page, step)))
        for b in self.buttons + self.pager:
            self.add(b)

    def turn_page(self, step: int) -> None:
        self.page = (self.page + step) % self.pages
        self.build_buttons()

    def widgets(self) -> list[Widget]:
        """Focus order: the actions, then paging, then the menu."""
        return [*self.buttons, *self.pager, self.menu_button]

    # -- events -> animations -------------------------------------------------------------
    def show_events(self, events: list[Event], viewer: int | None) -> None:
        """Log what this seat may see and animate it (dice go in the tray)."""
        self.batch += 1
        for event in events:
            if not event.visible(viewer):
                continue
            self.log.append((event.text, self.batch))
            self.animate(event)
        self.log_scroll = 0
        self.wrap_log()

    def animate(self, event: Event) -> None:
        """Turn one event into motion; subclasses add their own kinds."""
        faces = roll_faces(event)
        if faces:
            player = event.data.get("player")
            colour = theme.CREAM
            if isinstance(player, int) and player >= 0:
                colour = theme.lighten(self.colour(player))
            self.tray.visible = True
            self.tray.throw(faces, int(event.data.get("sides", 6)), colour, event.text)

    def reset_log(self, events: list[Event], viewer: int | None) -> None:
        """Rebuild the log for another viewer (hot-seat) without animating."""
        self.log = [(e.text, 0) for e in events if e.visible(viewer)]
        self.batch = 0
        rolls = [e for e in events if e.visible(viewer) and e.kind == "roll"]
        if rolls:  # the last dice thrown lie in the tray, at rest
            self.animate(rolls[-1])
            self.tray.skip()
        self.wrap_log()

    def log_rect(self) -> pygame.Rect:
        return LOG if self.tray.visible else LOG_TALL

    def colour(self, seat: int) -> tuple[int, int, int]:
        name = self.seat_names[seat] if 0 <= seat < len(self.seat_names) else ""
        return theme.seat_colour(seat, name)

    @classmethod
    def setup_colour(cls, state: GameState, seat: int) -> tuple[int, int, int]:
        """The colour this table gives ``seat`` in the opening position ``state`` (the
        setup screen's seat dots, so a seat keeps its colour from setup to table)."""
        return theme.seat_colour(seat, state.player_name(seat))

    # -- input -------------------------------------------------------------------------
    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_e and self.end_button.visible:
            self.end_button.activate()
            return True
        if event.key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) and self.pages > 1:
            self.turn_page(1 if event.key == pygame.K_PAGEDOWN else -1)
            return True
        digit = event.key - pygame.K_1
        if 0 <= digit < min(9, len(self.buttons)) and not event.mod & pygame.KMOD_CTRL:
            if self.buttons[digit].visible:  # a hidden button (dice still rolling) waits
                self.buttons[digit].activate()
            return True
        return False

    def on_wheel(self, dy: int, pos: tuple[float, float]) -> None:
        if self.log_rect().collidepoint(pos):
            self.log_scroll = max(0, self.log_scroll + dy * 2)
        elif self.panels_area.collidepoint(pos):
            self.panel_scroll = max(0, self.panel_scroll - dy * 40)
        elif self.strip_rect().collidepoint(pos) and self.pages > 1:
            self.turn_page(-1 if dy > 0 else 1)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        self.clamp_scrolls()
        found = self.card_at(self.pointer) if self.pointer is not None else None
        if found is None and self.keyboard:
            found = self.focused_card()
        if found is None and self.zoom.pinned:
            self.zoom.close()
        anchor, face = found if found is not None else (None, None)
        self.zoom.point(anchor, face, dt)

    # -- the card zoom: every card anywhere opens large on a pause or a right-click ------
    def zoom_spots(self) -> list[tuple[pygame.Rect, CardFace]]:
        """Cards the table draws without a node of their own (piles, panels): their
        screen boxes and faces. Nodes answer ``zoom_face()`` themselves."""
        return []

    def card_at(self, pos: tuple[float, float]) -> tuple[pygame.Rect, CardFace] | None:
        """The card under ``pos``: a node's, else one of ``zoom_spots``."""
        found = face_under(self, pos)
        if found is not None:
            return found
        return next(((r, f) for r, f in self.zoom_spots() if r.collidepoint(pos)), None)

    def focused_card(self) -> tuple[pygame.Rect, CardFace] | None:
        """The card of the widget holding the keyboard focus, if it is one."""
        for widget in self.widgets():
            ask = getattr(widget, "zoom_face", None)
            if widget.focused and widget.visible and callable(ask):
                face = ask()
                if isinstance(face, CardFace):
                    return node_box(widget), face
        return None

    def point_at(self, pos: tuple[float, float] | None) -> None:
        """The pointer moved (None: it left the window)."""
        self.pointer = pos
        self.keyboard = False

    def zoom_now(self, pos: tuple[float, float]) -> bool:
        """Right-click: open the card under ``pos`` at once; True if there is one."""
        found = self.card_at(pos)
        if found is None:
            self.zoom.close()
            return False
        self.zoom.now(*found)
        return True

    def clamp_scrolls(self) -> None:
        """Keep the panel and log scroll inside what there is to show."""
        layout = self.panel_layout()
        bottom = max((r.bottom for _, r, _ in layout), default=self.panels_area.y)
        self.panel_scroll = max(0, min(self.panel_scroll, bottom - self.panels_area.bottom))
        log = self.log_rect()
        rows = (log.h - 40) // LOG_ROW
        lines = len(self.log_lines(log.w - 30))
        self.log_scroll = max(0, min(self.log_scroll, lines - rows))

    # -- drawing -------------------------------------------------------------------------
    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        target.blit(self.static_layer(), (0, 0))
        self.draw_motion(target)
        self.draw_log_hover(target)

    def static_key(self) -> tuple[object, ...]:
        """Everything the still part of the table depends on."""
        focused = next((b.label for b in self.buttons if b.focused), "")
        return (self.version, len(self.log), self.batch, self.panel_scroll, self.log_scroll,
                self.page, self.tray.visible, focused)

    def static_layer(self) -> pygame.Surface:
        """The table without what moves, drawn once per change (one blit a frame instead of
        hundreds keeps frames short while the AI thread holds the interpreter)."""
        key = self.static_key()
        if self._static is None or self._static[0] != key:
            layer = theme.felt_background().copy()
            self.draw_header(layer)
            self.draw_seats(layer)
            self.draw_panels(layer)
            self.draw_log(layer)
            self.draw_actions(layer)
            self._static = (key, layer)
        return self._static[1]

    def draw_motion(self, target: pygame.Surface) -> None:
        """What moves every frame: the status dots, the thinking spinner, the waiting ring."""
        self.draw_status(target)
        actor = self.model.actor
        if actor is not None and self.model.thinking and 0 <= actor < len(self.seat_names):
            rect = self.seat_rect(actor)
            angle = self.clock * 5
            c = (rect.right - 118 + 8 * math.cos(angle), rect.centery + 8 * math.sin(angle))
            pygame.draw.circle(target, theme.WOOD, c, 4)
        if not self.model.ending and not self.model.actions:
            self.draw_waiting(target)

    def draw_header(self, target: pygame.Surface) -> None:
        pygame.draw.rect(target, theme.WOOD, HEADER)
        pygame.draw.line(target, theme.BRASS, HEADER.bottomleft, HEADER.bottomright, 2)
        theme.text(target, self.title, (20, HEADER.centery), 22, theme.BRASS_LIGHT, "display",
                   "midleft")

    def status_rect(self) -> pygame.Rect:
        """The header's room for whose turn it is: between the title and the Hint button
        (or the win-chance bar, while it shows)."""
        left = 20 + theme.font(22, "display").size(self.title)[0] + 24
        if self.win_bar.visible:  # the upper line, the bar under it
            return pygame.Rect(left, HEADER.y + 2, HINT_BUTTON.x - 12 - left, 30)
        return pygame.Rect(left, HEADER.y, HINT_BUTTON.x - 12 - left, HEADER.h)

    def draw_status(self, target: pygame.Surface) -> None:
        """Whose turn it is (dots turning while the AI thinks), in the header."""
        status = self.model.status
        if self.model.thinking:
            status += "." * (1 + int(self.clock * 3) % 3)
        room = self.status_rect()
        size = 16 if self.win_bar.visible else 18
        theme.text(target, theme.ellipsize(status, room.w, size, "bold"), room.center, size,
                   theme.CREAM, "bold", "center")

    def seat_rect(self, seat: int) -> pygame.Rect:
        n = len(self.seat_names)
        width = (SEATS.w - (n - 1) * 10) // max(1, n)
        return pygame.Rect(SEATS.x + seat * (width + 10), SEATS.y, width, SEATS.h)

    def draw_seats(self, target: pygame.Surface) -> None:
        for seat, name in enumerate(self.seat_names):
            rect = self.seat_rect(seat)
            width = rect.w
            active = seat == self.model.actor
            fill = theme.PARCHMENT if active else (48, 74, 64)
            theme.shadowed_rect(target, rect, fill, radius=20, shadow=4,
                                border=theme.BRASS_LIGHT if active else None, border_width=2)
            pygame.draw.circle(target, self.colour(seat), (rect.x + 22, rect.centery), 10)
            ink = theme.INK if active else theme.PARCHMENT
            tone = theme.WOOD if active else theme.MUTED
            you = "  (you)" if seat == self.model.viewer else ""
            kind = self.seat_kinds[seat]
            label = f"{name}{you}"
            room = width - 54 - theme.rendered(kind, 13, tone, "regular").get_width() - 12
            if theme.rendered(label, 15, ink, "bold").get_width() <= room:  # one line
                theme.text(target, label, (rect.x + 40, rect.centery), 15, ink, "bold",
                           "midleft")
                theme.text(target, kind, (rect.right - 14, rect.centery), 13, tone,
                           anchor="midright")
                continue
            # a narrow seat (three or four players): the name over what sits there
            theme.text(target, theme.ellipsize(label, width - 54, 14, "bold"),
                       (rect.x + 40, rect.centery - 7), 14, ink, "bold", "midleft")
            theme.text(target, theme.ellipsize(kind, width - 54, 11), (rect.x + 40,
                       rect.centery + 10), 11, tone, anchor="midleft")

    def panel_layout(self) -> list[tuple[Panel, pygame.Rect, list[str]]]:
        """Masonry: each panel goes to the shorter of two columns (laid out at refresh)."""
        return self._layout or []

    PANEL_COLUMNS = 2  # text panels are laid out in this many columns, shortest first

    def _masonry(self) -> list[tuple[Panel, pygame.Rect, list[str]]]:
        area, columns = self.panels_area, self.PANEL_COLUMNS
        col_w = (area.w - 12 * (columns - 1)) // columns
        heights = [0] * columns
        out = []
        for panel in self.panels:
            lines: list[str] = []
            for line in panel.lines:
                lines.extend(theme.wrap(line, col_w - 28, 14))
            h = 40 + LINE * len(lines) + 10
            col = heights.index(min(heights))
            rect = pygame.Rect(area.x + col * (col_w + 12), area.y + heights[col], col_w, h)
            heights[col] += h + 12
            out.append((panel, rect, lines))
        return out

    def draw_panels(self, target: pygame.Surface) -> None:
        area = self.panels_area
        layout = self.panel_layout()
        bottom = max((r.bottom for _, r, _ in layout), default=area.y)
        target.set_clip(area.inflate(12, 0))
        for panel, rect, lines in layout:
            rect = rect.move(0, -self.panel_scroll)
            if rect.bottom < area.y or rect.y > area.bottom:
                continue
            theme.shadowed_rect(target, rect, theme.PARCHMENT, radius=10, shadow=5)
            band = pygame.Rect(rect.x, rect.y, rect.w, 32)
            pygame.draw.rect(target, theme.INK, band, border_top_left_radius=10,
                             border_top_right_radius=10)
            theme.text(target, theme.ellipsize(panel.title, rect.w - 24, 15, "bold"),
                       (rect.x + 14, band.centery), 15, theme.BRASS_LIGHT, "bold", "midleft")
            y = band.bottom + 8
            for line in lines:
                theme.text(target, line, (rect.x + 14, y), 14, theme.INK)
                y += LINE
        target.set_clip(None)
        if bottom > area.bottom:
            theme.text(target, "scroll for more ▾", (area.right, area.bottom + 2), 12,
                       theme.PARCHMENT_DIM, anchor="topright")

    def draw_log(self, target: pygame.Surface) -> None:
        box = self.log_rect()
        theme.shadowed_rect(target, box, (30, 26, 22), radius=10, shadow=5, border=theme.WOOD)
        theme.text(target, "Log", (box.x + 14, box.y + 8), 15, theme.BRASS_LIGHT, "bold")
        rows = self.log_rows()
        for row, part, fresh, _ in rows:
            theme.text(target, part, (box.x + 14, row.y + 1), 13,
                       theme.CREAM if fresh else theme.PARCHMENT_DIM)
        if rows:
            theme.text(target, "click a line: its rules", (box.right - 12, box.y + 10), 11,
                       theme.MUTED, anchor="topright")
        else:
            theme.text(target, "Nothing has happened yet.", (box.x + 14, box.y + 34), 13,
                       theme.MUTED)

    def log_rows(self) -> list[tuple[pygame.Rect, str, bool, int]]:
        """The log lines in sight now: (the line's box, its text, whether it is of the
        newest batch, the index in ``log`` of the entry it belongs to)."""
        box = self.log_rect()
        lines = self.log_lines(box.w - 30)
        owners = self._log_owners if len(self._log_owners) == len(lines) else []
        rows = (box.h - 40) // LOG_ROW
        end = len(lines) - self.log_scroll
        out = []
        for n, i in enumerate(range(max(0, end - rows), end)):
            rect = pygame.Rect(box.x + 8, box.y + 33 + n * LOG_ROW, box.w - 16, LOG_ROW)
            out.append((rect, lines[i][0], lines[i][1], owners[i] if owners else -1))
        return out

    def log_entry_at(self, pos: tuple[float, float] | None) -> int | None:
        """The index in ``log`` of the entry whose line is under ``pos`` (None: none is)."""
        if pos is None:
            return None
        return next((n for rect, _, _, n in self.log_rows()
                     if n >= 0 and rect.collidepoint(pos)), None)

    def draw_log_hover(self, target: pygame.Surface) -> None:
        """The log entry under the pointer, outlined: a click opens its rules."""
        entry = self.log_entry_at(self.pointer)
        rects = [r for r, _, _, n in self.log_rows() if n == entry] if entry is not None else []
        if not rects:
            return
        band = rects[0].unionall(rects[1:])
        pygame.draw.rect(target, theme.BRASS, band.inflate(2, 2), width=1, border_radius=4)
        tag = theme.rendered("rules ›", 11, theme.INK, "bold")
        at = tag.get_rect(midright=(band.right - 6, rects[-1].centery))
        pygame.draw.rect(target, theme.BRASS_LIGHT, at.inflate(10, 2), border_radius=4)
        target.blit(tag, at)

    def log_lines(self, width: int) -> list[tuple[str, bool]]:
        """The log wrapped to ``width``; True marks the newest batch (wrapped by
        ``wrap_log`` whenever the log changes)."""
        return self._log_lines[1] if self._log_lines[0] == width else []

    def wrap_log(self) -> None:
        width = self.log_rect().w - 30
        lines: list[tuple[str, bool]] = []
        owners: list[int] = []
        for n, (text, batch) in enumerate(self.log):
            fresh = batch == self.batch and batch > 0
            parts = theme.wrap(text, width, 13)
            lines.extend((part, fresh) for part in parts)
            owners.extend(n for _ in parts)
        self._log_lines = (width, lines)
        self._log_owners = owners

    # -- the action strip: its place and words (own tables change these, not the drawing) --
    def strip_rect(self) -> pygame.Rect:
        """Where the action buttons and their heading are."""
        return self.STRIP.rect

    def strip_prompt(self) -> str:
        """The strip's heading while the viewer chooses and no button has the focus."""
        return "Choose an action"

    def strip_heading(self) -> str:
        """The strip's heading: the prompt, or the focused button's action."""
        m = self.model
        if self.stage_text:
            return "What happens, step by step"
        if not m.actions:
            return "Your actions appear here on your turn" if m.viewer is not None else ""
        focused = next((b for b in self.buttons if b.focused), None)
        if focused is None:
            return self.strip_prompt()
        return f"Choose an action:  {focused.label.split('. ', 1)[-1]}"

    def draw_actions(self, target: pygame.Surface) -> None:
        strip, size = self.strip_rect(), self.STRIP.title
        theme.shadowed_rect(target, strip, (16, 44, 37), radius=12, shadow=6,
                            border=theme.WOOD)
        m = self.model
        if m.ending:
            head, _, reason = m.ending.partition("\n")
            theme.text(target, theme.ellipsize(head, strip.w - 60, 24, "display"),
                       (strip.centerx, strip.centery - 4), 24, theme.BRASS_LIGHT, "display",
                       "center")
            theme.text(target, theme.ellipsize(reason, strip.w - 60, 16),
                       (strip.centerx, strip.centery + 28), 16, theme.PARCHMENT_DIM,
                       anchor="center")
            return
        top = strip.y + 8 + size // 2 + 2
        theme.text(target, theme.ellipsize(self.strip_heading(), strip.w - 260, size, "bold"),
                   (strip.x + 16, top), size, theme.BRASS_LIGHT, "bold", "midleft")
        if self.pages > 1:
            theme.text(target, f"page {self.page + 1} of {self.pages}  (PgUp/PgDn)",
                       (strip.right - 16, top), 13, theme.PARCHMENT_DIM, anchor="midright")

    def draw_waiting(self, target: pygame.Surface) -> None:
        """The action strip while someone else decides: who, with a turning ring of dots."""
        m = self.model
        if self.stage_text:
            self.draw_step(target)
            return
        if m.ending or m.actor is None or not 0 <= m.actor < len(self.seat_names):
            return
        name = self.seat_names[m.actor]
        words = f"{name} is thinking" if m.thinking else f"Waiting for {name}"
        strip = self.strip_rect()
        shown = theme.text(target, words, (strip.centerx - 20, strip.centery + 8), 20,
                           theme.PARCHMENT_DIM, "bold", "center")
        seat = self.colour(m.actor)
        centre = (shown.right + 30, shown.centery)
        for k in range(8):  # a ring of dots, the brightest one turning
            angle = k * math.tau / 8
            lit = (k - int(self.clock * 10)) % 8
            colour = theme.blend((16, 44, 37), seat, 0.25 + 0.75 * (1 - lit / 8))
            pygame.draw.circle(target, colour, (centre[0] + 15 * math.cos(angle),
                                                centre[1] + 15 * math.sin(angle)), 4)

    def draw_step(self, target: pygame.Surface) -> None:
        """The action strip while a resolution plays: the step being shown, large."""
        strip = self.strip_rect()
        lines = theme.wrap(self.stage_text, strip.w - 80, 20, "bold")[:2]
        y = strip.centery - 12 * len(lines)
        for line in lines:
            theme.text(target, line, (strip.centerx, y), 20, theme.CREAM, "bold", "midtop")
            y += 26
        theme.text(target, "Space: skip to the end", (strip.right - 16, strip.bottom - 10),
                   13, theme.PARCHMENT_DIM, anchor="bottomright")
