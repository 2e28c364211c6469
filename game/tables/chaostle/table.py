"""Chaostle's own table: the three-level castle drawn as stepped stone terraces with a
standee per character that hops space by space along the path it took; each army's
character cards (health, movement, armour, pegs) with the player to move lit; the Card of
Happiness / Card of Doom when a fate is rolled; a duel card while a battle is fought; the
castle's health; the dice in the tray. A click on a lit space, standee, card or peg hole
plays that action; every legal action also stays on the generic action buttons."""

from __future__ import annotations

import json
import math
from functools import partial
from typing import Any

import pygame

import game.tables.chaostle.layout as lay
from game import theme
from game.cardface import CardFace
from game.tables.chaostle.board import (
    draw_castle,
    draw_crown_glyph,
    draw_traps,
    trap_faces,
    trap_rect,
)
from game.tables.chaostle.cards import army_head, character_card, view_armour, view_movement, where
from game.tables.chaostle.clicks import MOVES, BoardClicks, draft_places, draft_slot
from game.tables.chaostle.faces import character_face
from game.tables.chaostle.motion import TableMotion
from game.tables.chaostle.parts import (
    BoardPan,
    ChoiceButton,
    DraftCard,
    FaceOff,
    Figure,
    Target,
    draft_face,
)
from game.tables.chaostle.popups import DuelPopup, FatePopup, place_popups
from game.tables.chaostle.strip import ActionStrip
from game.tables.chaostle.tray import QueuedTray, Roll
from game.tables.generic import END_BUTTON, StripLayout, TableModel
from game.widgets import Widget
from rules.chaostle.frames import Battle
from rules.chaostle.kinds import Act, Phase
from rules.chaostle.state import ChaostleState
from rules.core import Action, Panel


class ChaostleTable(BoardClicks, TableMotion, ActionStrip):
    """The castle as a board game; the action buttons stay in the strip below."""

    STAGES_ITSELF = True  # the dice queue paces a batch (game/tables/chaostle/motion.py)
    END_KINDS = (Act.END_TURN, Act.DONE, Act.END_BATTLES, Act.NO_FIREWALL, Act.NO_SMOKE)

    def end_words(self, action: Action) -> str:
        """The End button's words, whole: "No Smoke Screen" is too wide for it at its
        15 pixels, so it says "No Smoke" (the duel card's "Blow a Smoke Screen" beside)."""
        words = super().end_words(action)
        if theme.font(15, "bold").size(words)[0] > END_BUTTON.w - 16:
            return END_SHORT.get(str(action.kind), words)
        return words

    def caution(self, action: Action) -> str | None:
        """Ending the turn before the movement roll gives up this turn's move."""
        if action.kind == Act.END_TURN and any(a.kind == Act.ROLL for a in self.model.actions):
            return ("You have not rolled for movement yet: ending the turn now gives up "
                    "this turn's move.")
        return None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.frame = lay.LISTED
        self.cam = lay.Camera(self.frame.board)
        self._hidden = False
        super().__init__(*args, **kwargs)
        self.remove(self.tray)
        dice = self.frame.dice
        self.tray = QueuedTray(dice.centerx, dice.centery, dice.w, dice.h)
        self.add(self.tray)
        self.panels_area = pygame.Rect(self.frame.board.x, self.frame.board.y, 0, 0)
        self.pan = BoardPan(self)
        self.add(self.pan)
        self.fit_button = ChoiceButton(0, 0, 92, 28, "Fit castle", name="board.fit",
                                       on_activate=self.fit_board, size=13)
        self.fit_button.visible = False
        self.add(self.fit_button)
        self.look: tuple[object, ...] = ()  # what the still layer shows (see static_key)
        self.figures: dict[str, Figure] = {}
        self.places: dict[str, str] = {}
        self.trapped: dict[str, str] = {}
        self.paths: dict[str, list[str]] = {}  # the last path each character moved along
        self.pending: dict[str, int] = {}  # walks waiting in the tray's queue, by character
        self.heading: dict[str, str] = {}  # where a standee is already hopping to
        self.leaving: set[str] = set()  # standees that fade once the dice before have landed
        #: health and marks as they stood before the batch being shown (until its dice and
        #: its fate's card have been shown: the view already knows how they end)
        self.held: dict[str, tuple[int, tuple[str, ...]]] = {}
        self.facing: str | None = None  # the character the last fate fell on
        self.targets: list[Widget] = []
        self.selected: str | None = None
        self.way: str | None = None
        self.choosing: tuple[Action, ...] = ()
        self.choosing_at = pygame.Rect(0, 0, 0, 0)
        self.fate = FatePopup()
        self.duel = DuelPopup()
        self.add(self.fate)
        self.add(self.duel)
        self.faceoff = FaceOff()
        self.add(self.faceoff)
        self.arrange()

    # -- the frame: the castle on the whole height while the action list is hidden --------
    @property
    def list_hidden(self) -> bool:
        return self._hidden

    @list_hidden.setter
    def list_hidden(self, hidden: bool) -> None:
        self._hidden = hidden
        if hasattr(self, "fate"):  # set by the generic table before the parts exist
            self.arrange()

    def arrange(self) -> None:
        """Lay the table out in the frame the action list asks for: the castle fitted, the
        tray, pop-ups and strip where that frame has them."""
        frame = lay.OPEN if self._hidden else lay.LISTED
        changed = frame != self.frame
        self.frame = frame
        self.STRIP = StripLayout(frame.strip, frame.columns, frame.rows, frame.button_h,
                                 lay.BUTTON_GAP, col_gap=10,
                                 pager_w=lay.PAGER_W if frame.rows > 1 else 110,
                                 head=frame.head, font=15 if frame.rows > 1 else 13, title=15)
        self.panels_area = pygame.Rect(frame.board.x, frame.board.y, 0, 0)
        place_popups(frame, self.fate, self.duel)
        if changed:
            self.tray.skip()
            old, dice = self.tray, frame.dice
            self.remove(old)
            self.tray = QueuedTray(dice.centerx, dice.centery, dice.w, dice.h)
            if old.throw_ is not None:  # the last roll stays in sight, at rest
                dice_ = old.throw_.dice
                self.tray.throw_roll(Roll([d.result for d in dice_], [d.colour for d in dice_],
                                          old.tally), old.caption)
                self.tray.skip()
            self.tray.caption = old.caption
            self.add(self.tray)
        self.cam = lay.Camera(frame.board)
        self.wrap_log()  # the log's width is the frame's
        self.pan.place()
        self.camera_moved()
        self.build_buttons()

    def fit_board(self) -> None:
        """Back to the whole castle."""
        self.cam.reset()
        self.camera_moved()

    def camera_moved(self) -> None:
        """The castle was zoomed or panned: standees to their spaces, targets rebuilt."""
        view = self.model.view
        box = self.frame.board
        self.fit_button.visible = self.cam.zoomed
        self.fit_button.x, self.fit_button.y = box.right - 56, box.y + 24
        if not isinstance(view, ChaostleState):
            return
        for cid, figure in self.figures.items():
            at = self.heading.get(cid) or self.places.get(cid)
            if at in view.board.spaces:
                figure.tweens.tweens = [t for t in figure.tweens.tweens
                                        if t.attr not in ("x", "y", "hop")]
                figure.hop = 0.0
                figure.x, figure.y = self.stand_point(view, at)
                figure.z = 10 + figure.y / 1000
        for cid, trap in self.trapped.items():
            held = self.figures.get(cid)
            if held is not None and trap in view.board.traps:
                held.x, held.y = trap_rect(view.board.traps[trap], self.cam).center
        self.mark_targets()
        self.show_within()

    def show_within(self) -> None:
        """Only what stands inside the castle's box shows (zoomed in, the rest is off it)."""
        cam = self.cam
        for figure in self.figures.values():
            figure.visible = cam.shows((figure.x, figure.y))

    # -- geometry ------------------------------------------------------------------------
    def log_rect(self) -> pygame.Rect:
        """The log, below the way buttons while they show."""
        if not self.showing_ways():
            return self.frame.log
        top = self.ways_rect().bottom + 6
        log = self.frame.log
        return pygame.Rect(log.x, top, log.w, log.bottom - top)

    def seat_rect(self, seat: int) -> pygame.Rect:
        """Where the generic table turns its thinking dot (118 pixels in from this box's
        right, in its middle): in the army's row past its name (and its "TO PLAY"), before
        its cards (a slim row) or its Sanctuary count and seat; never over words or cards."""
        n = len(self.seat_names)
        row = lay.army_row(self.frame.roster, n, seat)
        spot = 190 if lay.compact(self.frame.roster, n) else 265
        return pygame.Rect(row.x, row.y, spot + 118, 24)

    def _masonry(self) -> list[tuple[Panel, pygame.Rect, list[str]]]:
        return []  # everything the panels say is drawn

    # -- model -> nodes ----------------------------------------------------------------------
    def refresh(self, model: TableModel, panels: list[Panel]) -> None:
        if model.actions != self.model.actions:
            self.selected, self.way, self.choosing = None, None, ()
        super().refresh(model, panels)
        view = model.view
        if not isinstance(view, ChaostleState):
            return
        draw_castle(view, self.cam)  # drawn once per board: here rather than in a timed frame
        # the players as the rules name them ("Yellow King" once a crown is taken), so that
        # the waiting line says what the heading and the roster say
        self.seat_names = [view.player_name(s) for s in range(view.num_players)]
        position = json.dumps(view.to_json(), sort_keys=True, default=str)
        self.look = (position, model.actions, model.actor, model.ending, model.viewer)
        self.place_figures(view)
        self.fate.follow(view, self.tray.rolling)
        self.duel.follow(view, self)
        self.mark_targets()

    def place_figures(self, view: ChaostleState) -> None:
        """A standee per character in play; one whose space changed hops there along the
        path it took (or straight there after a load) unless its walk waits its turn
        behind the dice; one that left play fades away once the dice before have landed."""
        seen = set()
        for cid, ch in view.chars.items():
            at = ch.at
            if ch.status != "play" or at is None or at not in view.board.spaces:
                continue
            seen.add(cid)
            figure = self.figures.get(cid)
            if figure is None:
                figure = self.new_figure(view, cid, at, self.paths.get(cid))
            elif self.places.get(cid) != at and self.heading.get(cid) != at \
                    and not self.pending.get(cid):
                self.walk_figure(view, figure, self.paths.pop(cid, None), at)
                self.heading[cid] = at
            figure.health = self.shown_hp(view, cid) / max(1, view.max_hp(cid))
            figure.marks = self.shown_marks(view, cid)
            figure.colour = self.char_colour(view, cid)
            self.places[cid] = at
        for cid in [c for c in self.figures if c not in seen and c not in self.leaving]:
            self.leaving.add(cid)
            self.tray.then(partial(self.retire, cid))
        self.trapped = {c: ch.trap for c, ch in view.chars.items()
                        if ch.status == "trap" and ch.trap}

    def face_off(self) -> None:
        """While the duel card shows a battle, its two standees face off on the castle:
        marked and drawn a size larger, in front of the others."""
        frame = self.duel.frame
        pair = (frame.a, frame.d) if frame is not None and self.duel.alpha > 0.05 else ()
        fighters = [self.figures[c] for c in pair if c in self.figures]
        self.faceoff.fighters = (fighters[0], fighters[1]) if len(fighters) == 2 else None
        for figure in self.figures.values():
            size = 1.25 if figure in fighters else 1.0
            if figure.scale != size and not any(t.attr == "scale" for t in figure.tweens.tweens):
                figure.tween("scale", size, 0.25)
            figure.z = (30 if figure in fighters else 10) + figure.y / 1000

    def shown_hp(self, view: ChaostleState, cid: str) -> int:
        """A character's health as the table shows it: blow by blow while a battle's dice
        land (the duel card's count), else the view's."""
        held = self.held.get(cid)
        return max(0, self.duel.health.get(cid, view.chars[cid].hp if held is None
                                            else held[0]))

    def shown_marks(self, view: ChaostleState, cid: str) -> tuple[str, ...]:
        """Bad Vibes and Burden on a standee as the table shows them (held like health)."""
        held = self.held.get(cid)
        if held is not None:
            return held[1]
        ch = view.chars[cid]
        return tuple(m for m in ("bad_vibes", "burden") if getattr(ch, m))

    def start_walk(self, cid: str, path: list[str]) -> None:
        """A move event's turn in the tray's queue: the standee hops along its path."""
        self.pending[cid] = max(0, self.pending.get(cid, 0) - 1)
        figure, view = self.figures.get(cid), self.view
        if figure is None or view is None or cid in self.leaving or not path:
            return  # not standing yet: it is stood at the path's start and walks then
        self.paths.pop(cid, None)
        self.heading[cid] = path[-1]
        self.walk_figure(view, figure, path, path[-1])

    def stand_point(self, view: ChaostleState, space: str) -> tuple[float, float]:
        x, y = self.cam.space_xy(view.board.spaces[space])
        return x, y - round(0.3 * self.cam.unit)

    def new_figure(self, view: ChaostleState, cid: str, at: str,
                   path: list[str] | None) -> Figure:
        card = view.cards[cid]
        start = path[0] if path else at
        x, y = self.stand_point(view, start)
        if cid in self.trapped and self.trapped[cid] in view.board.traps:
            x, y = trap_rect(view.board.traps[self.trapped[cid]], self.cam).center
        figure = Figure(x, y, lay.abbreviation(card.type), self.char_colour(view, cid),
                        int(card.level), name=f"figure.{cid}",
                        character=f"{card.type} ({card.name})")
        figure.z = 10 + y / 1000
        self.figures[cid] = figure
        self.add(figure)
        if self.pending.get(cid):
            return figure  # its walk comes in the tray's queue
        self.paths.pop(cid, None)
        if path and len(path) > 1 or (x, y) != self.stand_point(view, at):
            self.walk_figure(view, figure, path, at)
            self.heading[cid] = at
        return figure

    def walk_figure(self, view: ChaostleState, figure: Figure, path: list[str] | None,
                    at: str) -> None:
        """Hop along the path (when the last move event gave one ending here), else hop
        straight to the space."""
        if path and path[-1] == at:
            steps = [sp for sp in path[1:] if sp in view.board.spaces]
        else:
            steps = [at]
        points = [self.stand_point(view, sp) for sp in steps]
        figure.z = 10 + points[-1][1] / 1000  # nearer the bottom edge stands in front
        figure.hop_along(points)

    def retire(self, cid: str) -> None:
        self.leaving.discard(cid)
        figure = self.figures.get(cid)
        view = self.view
        if figure is None or (view is not None and view.chars[cid].status == "play"):
            return  # back in play meanwhile
        del self.figures[cid]
        self.places.pop(cid, None)
        self.heading.pop(cid, None)
        trap = view.chars[cid].trap if view is not None else None
        delay = 0.3
        if view is not None and view.chars[cid].status == "trap" and trap in view.board.traps:
            pit = trap_rect(view.board.traps[trap], self.cam).center  # it falls into the pit
            figure.hop_along([pit])
            figure.tween("scale", 0.6, 0.4, delay=0.1)
            delay = 0.5
        figure.tween("alpha", 0.0, 0.5, delay=delay, on_done=lambda: self.remove(figure)
                     if figure.parent is self else None)

    # -- every frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.tray.rolling:
            self.duel.settle()
            self.duel.fade()
        self.hold_choices(self.tray.rolling)
        view = self.view
        if view is not None and self.figures:
            for cid, figure in self.figures.items():
                if cid in view.chars:
                    figure.health = self.shown_hp(view, cid) / max(1, view.max_hp(cid))
        self.face_off()
        focused = self.focused_action()
        mover = focused.args[0] if focused is not None and focused.kind in MOVES else None
        for target in self.targets:
            if isinstance(target, Target | DraftCard):
                target.linked = focused is not None and target.action == focused
            elif isinstance(target, ChoiceButton):
                target.linked = focused is not None and target.leads == (focused,)
            if isinstance(target, Target) and target.name.startswith("select."):
                target.linked = mover == target.name[7:]  # its ring lit, the space's words
                target.marks_only = True

    def hold_choices(self, rolling: bool) -> None:
        """While dice roll, what they decide stays unlit: the table's targets (the spaces
        a movement roll reaches, the fate card's buttons, the tray) and the action buttons
        show once the dice have landed, so neither tells a roll before the tray does."""
        for target in self.targets:
            on_board = isinstance(target, Target) and target.inside is not None
            target.visible = not rolling and (not on_board or self.cam.shows((target.x, target.y)))
        for button in self.buttons:
            button.visible = not rolling

    def strip_heading(self) -> str:
        if self.tray.rolling and self.model.actions:
            return "The dice are rolling…"  # what to choose shows once they land
        return super().strip_heading()

    # -- drawing ------------------------------------------------------------------------------
    def static_key(self) -> tuple[object, ...]:
        """What the still layer shows: the position itself (not how often it was
        refreshed: a refresh that changes nothing, as when the AI starts thinking, keeps
        the layer), the choices, the log, the page, the focus and the selection."""
        focused = next((b.label for b in self.buttons if b.focused), "")
        return (self.look, len(self.log), self.batch, self.log_scroll, self.page, focused,
                self.selected, self.tray.rolling, tuple(sorted(self.duel.health.items())),
                tuple(sorted(self.held.items())),
                self.frame, self.cam.key())

    def draw_seats(self, target: pygame.Surface) -> None:
        """The seats are the armies' rows of the roster (drawn with the panels)."""

    def draw_panels(self, target: pygame.Surface) -> None:
        view = self.view
        box = self.frame.board
        theme.shadowed_rect(target, box, theme.WOOD, radius=14, shadow=6)
        if view is None:
            return
        castle = draw_castle(view, self.cam)
        cx, cy = self.cam.centre
        clip = target.get_clip()
        target.set_clip(box)
        target.blit(castle, castle.get_rect(center=(round(cx), round(cy))))
        self.draw_half_board(target, view)
        self.draw_keep(target, view)
        drafting = view.phase == Phase.DRAFT or \
            any(a.kind == Act.MERCENARY for a in self.model.actions)
        if not drafting:
            prisoners: dict[str, list[str]] = {}
            for cid, trap in self.trapped.items():
                prisoners.setdefault(trap, []).append(cid)
            draw_traps(target, view, prisoners,
                       {c: self.char_colour(view, c) for c in view.chars}, self.cam)
        if self.cam.zoomed:
            pygame.draw.rect(target, theme.WOOD, box, 4, border_radius=14)
        target.set_clip(clip)
        if drafting:
            self.draw_draft_cloth(target, view)
        self.draw_roster(target, view)
        self.draw_castle_plaque(target, view)
        if self.showing_ways() and not self.tray.rolling:  # its buttons wait for the dice
            area = self.ways_rect()
            theme.text(target, "Move with:", (area.x + 2, area.y + 8), 12, theme.BRASS_LIGHT,
                       "bold", "midleft")

    def draw_half_board(self, target: pygame.Surface, view: ChaostleState) -> None:
        """The two-player half board: the spaces neither army may reach are shaded."""
        if view.setup.get("half_board") != "on" or view.num_players != 2:
            return
        limits = []
        for army in view.armies:
            if army and all(view.crowns):
                rules = view.rules_for(army[0])
                if rules.limit is not None:
                    limits.append((rules.crown, rules.limit))
        if not limits:
            return
        shade = pygame.Surface((self.cam.tile_size(next(iter(view.board.spaces.values()))),) * 2,
                               pygame.SRCALPHA)
        shade.fill((10, 14, 12, 150))
        for sid, space in view.board.spaces.items():
            ahead = [view.board.progress(sid, crown) for crown, _ in limits]
            if any(p is None or p <= limit + 1e-6 for p, (_, limit) in zip(ahead, limits,
                                                                          strict=True)):
                continue
            rect = self.cam.space_rect(space)
            target.blit(pygame.transform.scale(shade, rect.size), rect)

    def draw_keep(self, target: pygame.Surface, view: ChaostleState) -> None:
        """The castle's health as a brass ring round Sanctuary's keep (red once broken)."""
        x, y = self.cam.to_px(0.0, 0.0, 2.0)
        r = lay.KEEP_RADIUS * self.cam.unit + 3
        start = max(1, int(view.setup.get("castle_hp", 100)))
        share = max(0.0, min(1.0, view.castle_hp / start))
        box = pygame.Rect(0, 0, 2 * r, 2 * r)
        box.center = (round(x), round(y))
        if share > 0:
            pygame.draw.arc(target, theme.BRASS_LIGHT, box, math.pi / 2,
                            math.pi / 2 + share * math.tau, 3)
        if view.castle_down:
            pygame.draw.circle(target, theme.DANGER, box.center, r, 3)
        inside = [c for c, ch in view.chars.items() if ch.status == "sanctuary"]
        for k, cid in enumerate(inside[:6]):
            angle = k * 1.05
            spot = (x + 6 * math.cos(angle), y + 6 * math.sin(angle))
            pygame.draw.circle(target, self.char_colour(view, cid), spot, 4)
        if not inside:
            draw_crown_glyph(target, (x, y), 6, theme.BRASS_LIGHT)

    def draw_draft_cloth(self, target: pygame.Surface, view: ChaostleState) -> None:
        box = self.frame.board
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (10, 20, 16, 200), veil.get_rect(), border_radius=14)
        target.blit(veil, box.topleft)
        words = "Choose a character" if view.phase == Phase.DRAFT else "Hire a mercenary"
        theme.text(target, words, (box.centerx, box.y + 18), 18, theme.BRASS_LIGHT,
                   "display", "center")
        takes = {a.args[0] for a in self.model.actions if a.kind in (Act.PICK, Act.MERCENARY)}
        for cid, (k, count) in draft_places(view).items():  # lying still (one lifts when
            rect = draft_slot(box, k, count)  # pointed at), each in its place all the draft
            usable = not takes or cid in takes
            target.blit(draft_face(view.cards[cid], rect.w, rect.h, usable), rect)

    def draw_roster(self, target: pygame.Surface, view: ChaostleState) -> None:
        n = view.num_players
        battle = view.queue.find(Battle)
        fighting = {battle.a, battle.d} if battle else set()
        for seat in range(n):
            row = lay.army_row(self.frame.roster, n, seat)
            actor = self.model.actor
            current = seat == (view.current if actor is None else actor) \
                and view.phase not in (Phase.FIRST, Phase.OVER)
            won = view.phase == Phase.OVER and getattr(view, "winner", None) == seat
            need = view.sanctuary_needed()
            extra = f"Sanctuary {view.sanctuary_count(seat)}/{need}" if view.armies[seat] \
                else ""
            kind = self.seat_kinds[seat] if seat < len(self.seat_kinds) else ""
            army_head(target, row, view.player_name(seat), kind, self.colour(seat),
                      current or won, seat == self.model.viewer, extra,
                      lay.compact(self.frame.roster, n),
                      "WINNER" if won else "TO PLAY")
            slots = self.army_slots(view, seat)
            for i, cid in enumerate(view.armies[seat]):
                rect = lay.card_rect(self.frame.roster, n, seat, i, slots)
                lit = cid in fighting or cid == self.selected
                shown = cid in self.duel.health or cid in self.held
                character_card(target, rect, view, cid, self.colour(seat), lit,
                               self.shown_hp(view, cid) if shown else None)
            if not view.armies[seat]:
                theme.text(target, "No characters yet", (row.x + 32, row.y + 40), 12,
                           theme.MUTED)

    def zoom_spots(self) -> list[tuple[pygame.Rect, CardFace]]:
        """Every character card in the army rows, as it stands now."""
        view = self.view
        if view is None or view.phase == Phase.FIRST:
            return []
        out: list[tuple[pygame.Rect, CardFace]] = []
        if view.phase != Phase.DRAFT:
            out += trap_faces(view, self.cam)  # each trap's name and rule
        for seat in range(view.num_players):
            slots = self.army_slots(view, seat)
            for i, cid in enumerate(view.armies[seat]):
                up = tuple(view.chars[cid].up)
                face = character_face(view.cards[cid], f"{view.chars[cid].hp}/"
                                      f"{view.max_hp(cid)}", view_movement(view, cid, up),
                                      view_armour(view, cid, up), up, where(view, cid))
                out.append((lay.card_rect(self.frame.roster, view.num_players, seat, i,
                                          slots), face))
        return out

    def draw_castle_plaque(self, target: pygame.Surface, view: ChaostleState) -> None:
        box = self.frame.castle
        theme.shadowed_rect(target, box, (52, 40, 32), radius=9, shadow=4, border=theme.WOOD)
        start = max(1, int(view.setup.get("castle_hp", 100)))
        words = "Castle down: Sanctuary is open" if view.castle_down else \
            f"Castle {view.castle_hp} / {start}"
        number, turn = turn_words(view, self.tray.rolling)
        right = box.right - 10
        if number:  # the turn's number at the right of the castle's line
            right = theme.text(target, number, (right, box.y + 12), 12, theme.PARCHMENT_DIM,
                               "bold", "midright").x - 8
        theme.text(target, theme.ellipsize(words, right - box.x - 10, 13, "bold"),
                   (box.x + 10, box.y + 12), 13, theme.BRASS_LIGHT, "bold", "midleft")
        bar = pygame.Rect(box.x + 10, box.y + 22, box.w - 20, 6)
        pygame.draw.rect(target, (30, 24, 20), bar, border_radius=3)
        fill = bar.copy()
        fill.w = round(bar.w * max(0.0, min(1.0, view.castle_hp / start)))
        pygame.draw.rect(target, theme.BRASS, fill, border_radius=3)
        theme.text(target, theme.ellipsize(turn, box.w - 20, 12),
                   (box.x + 10, box.bottom - 9), 12, theme.PARCHMENT_DIM, anchor="midleft")

    # -- input ---------------------------------------------------------------------------------
    def widgets(self) -> list[Widget]:
        """Focus order: the action buttons (the keyboard path), paging, then the board's
        targets, then the menu."""
        return [*self.buttons, *self.pager, *self.targets, self.menu_button]

END_SHORT: dict[str, str] = {Act.NO_SMOKE: "No Smoke"}  # End words too wide in full


def turn_words(view: ChaostleState, rolling: bool = False) -> tuple[str, str]:
    """The turn in a few words: its number ("Turn 39", none before play starts), and whose
    it is and what the movement roll allows (once the dice showing it have landed)."""
    words = {Phase.FIRST: "Rolling to choose first", Phase.DRAFT: "Choosing characters",
             Phase.CROWN: "Choosing King and Queen positions",
             Phase.PLACE: "Placing characters", Phase.OVER: "Game over"}
    if view.phase in words:
        return "", words[view.phase]
    roll = view.turn.roll
    base = view.player_name(view.current)
    if roll is not None and not rolling:
        base += f" rolled {roll} ({view.turn.kind})"
    return f"Turn {view.turns}", base


TABLE = ChaostleTable
