"""Battle for Biternia's own table: the battlefield as a map (the Bits with their team's
gold, three lanes of Towers with HP shields, gold spaces with their coins, the jungle with
its catapults), a standee per Hero in its team colour with level, HP and tokens, its face-up
card and its face-down order beside it (turned over at the reveal), the Heroes' plates
beside their Bit, round and phase as a track, the viewer's hand as cards, and a prompt near
the acting Hero. Clicks on spaces, Heroes and cards play the legal actions; the action
buttons below keep every legal action one click (or digit key) away."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

import game.tables.biternia.clicks as clicks
import game.tables.biternia.layout as lay
from game import theme
from game.floats import rise_from
from game.tables.biternia.board import (
    catapult_spot,
    crossing,
    draw_board,
    draw_plate,
    draw_space,
    draw_track,
    lanes,
    markers_on,
    seat_disc,
    space_rect,
    team_colour,
)
from game.tables.biternia.cards import HandCard, HeroTile, fitting
from game.tables.biternia.pieces import (
    OPENED_Z,
    ORDER_AT,
    STONE_FLIGHT,
    AttackLine,
    Burst,
    CoinFlight,
    Flash,
    HeroPiece,
    HitNote,
    Prompt,
    SpaceSpot,
    StoneFlight,
    Tip,
    hero_tip,
    hit_parts,
    tokens_of,
)
from game.tables.biternia.tray import HandTray
from game.tables.generic import StripLayout, TableModel
from game.widgets import Widget
from rules.biternia.content import load
from rules.biternia.effects import card_name, card_of
from rules.biternia.effects import name as display_name
from rules.biternia.kinds import Act, Ask, Phase
from rules.biternia.state import BiterniaState
from rules.biternia.text import step_text
from rules.core import Action, Event, GameState, Panel

GAIN, LOSS = (120, 210, 120), (240, 90, 74)
SHIELDED = re.compile(r"\((\d+) stopped by Shield\)")  # in a damage event's words
#: the keys that move the focus: a standee they reach shows its tip (Space, Return and the
#: hotkeys act, and leave no tip on the standee the focus lands on)
NAVIGATION = (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT)
PROMPT_ROWS = 8  # answers the prompt near the acting Hero offers (the most a choice has)
FLOATS = {"damage": ("-{amount}", LOSS), "heal": ("+{amount}", GAIN),
          "stun": ("Stunned!", LOSS),
          "immobilize": ("Pinned", LOSS), "confuse": ("Confused", LOSS),
          "defeated": ("Defeated", LOSS), "tower_destroyed": ("Destroyed!", LOSS),
          "bit_destroyed": ("Destroyed!", LOSS), "level": ("Level up!", theme.BRASS_LIGHT),
          "respawn": ("Back!", GAIN)}



def seat_colour(seat: int) -> tuple[int, int, int]:
    """A seat's colour: its team's, a lighter shade for the second seat of a team."""
    if seat < 0:
        return theme.MUTED
    base = team_colour(seat % 2)
    return theme.lighten(base, 45) if seat >= 2 else base

class BiterniaTable(HandTray):
    """The battlefield across the table; hand, action strip and log below it."""

    END_KINDS = (Act.DONE, Act.NO_INTERRUPT)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.panels_area = pygame.Rect(lay.BOARD.x, lay.BOARD.y, 0, 0)  # no text panels
        self.pieces: dict[str, HeroPiece] = {}
        self.where: dict[str, tuple[str, int]] = {}  # Hero -> (space, slot) shown
        self.orders: dict[str, tuple[str | None, str | None]] = {}  # Hero -> (down, up)
        self.spots = {sid: SpaceSpot(sid, space_rect(sid), self.pick_space)
                      for sid in load().spaces}
        for spot in self.spots.values():
            self.add(spot)
        self.plates: dict[str, Widget] = {}
        self.hand: list[HandCard] = []
        self.offers: list[HandCard | HeroTile] = []
        self.picked: str | None = None  # the Hero whose choices are shown
        self.picked_card: str | None = None
        self.prompt: Prompt | None = None
        self._prompt_key: object = None
        self.hint = ""  # what to click, when the prompt has no buttons
        self.anchor_tile: pygame.Rect | None = None  # the tile of the Hero the prompt asks
        self.revealed: dict[str, str] = {}  # Hero -> the card its reveal event named
        self.known: set[str] = set()  # Heroes seen at the last refresh (fresh ones fade in)
        self.gold: tuple[int, ...] | None = None  # each team's gold in the last view
        self.structures: dict[str, int] | None = None  # Structure HP in the last view
        self.navigated = True  # the last key moved the focus (not a digit or hotkey)
        self.crowded: dict[str, list[str]] = {}  # spaces with CROWD or more Heroes -> them
        self.opened: str | None = None  # the crowded space opened under the pointer
        #: where the pointer rested when a click or a new position left the tiles closed:
        #: none opens under it until it moves (so a click never lands on a tile that opened
        #: in between, and the board is never covered under a resting pointer)
        self.hold: tuple[float, float] | None = None
        self.landing: dict[str, float] = {}  # a target -> when the catapult's stone lands
        self.tip = Tip(self.tip_for, self.dim_reason)
        self.add(self.tip)
        self.seat_chips: list[Widget] = []
        for seat in range(len(self.seat_names)):
            rect = self.seat_rect(seat)
            chip = Widget(rect.centerx, rect.centery, rect.w, rect.h, name=f"seat.{seat}",
                          on_activate=partial(self.pick_seat, seat), enabled=False)
            chip.interactive = False
            self.seat_chips.append(chip)
            self.add(chip)

    # -- colours and names ---------------------------------------------------------------
    def colour(self, seat: int) -> tuple[int, int, int]:
        return seat_colour(seat)

    @classmethod
    def setup_colour(cls, state: GameState, seat: int) -> tuple[int, int, int]:
        return seat_colour(seat)

    def hero_colour(self, view: BiterniaState, hero: str) -> tuple[int, int, int]:
        return self.colour(int(view.heroes[hero].seat))

    def tip_for(self) -> tuple[HeroPiece, tuple[str, ...]] | None:
        """The focused (hovered) Hero and what its tip says, if a Hero is focused."""
        pointer = self.pointer
        if self.keyboard and self.navigated:  # the standee the keyboard focused (Tab)
            focused = next((p for p in self.pieces.values() if p.focused), None)
        elif pointer is not None:  # the standee under the pointer, only while it is there
            focused = next((p for p in self.pieces.values() if p.visible and p.alpha > 0
                            and p.contains(*pointer)), None)
        else:
            focused = None
        if focused is None or self.model.view is None:
            return None
        return focused, hero_tip(self.view, focused.hero)

    def on_key(self, event: pygame.event.Event) -> bool:
        """Keys the table takes (digits, E, PgUp/PgDn) play or turn pages: the focus they
        leave on a standee (an AI Hero's, often) opens no tip; keys it leaves to the focus
        (Tab, arrows) move the focus, and a standee reached so shows its tip."""
        taken = super().on_key(event)
        self.navigated = not taken and event.key in NAVIGATION
        return taken

    def dim_reason(self) -> tuple[pygame.Rect, str] | None:
        """The greyed hand card under the pointer and why it cannot be played now."""
        card = self.hovered_dim()
        if card is None:
            return None
        return card.box(card.world_matrix()), card.why

    def log_rect(self) -> pygame.Rect:
        return lay.LOG

    # -- model -> nodes -------------------------------------------------------------------
    def refresh(self, model: TableModel, panels: list[Panel]) -> None:
        if model.actions != self.model.actions:
            self.picked_card = None
            self.keep_closed()
        super().refresh(model, [])
        view = model.view
        if not isinstance(view, BiterniaState):
            return
        self.picked = clicks.default_pick(model.actions, self.picked)
        self.count_gold(view)
        self.flash_hits(view)
        self.place_heroes(view)
        if self.opened is not None and (self.opened not in self.crowded
                                        or view.phase == Phase.DRAFT):
            self.open_tile(None)
        self.place_plates(view)
        self.deal_hand(view, model.viewer)
        self.mark_choices(view)

    def count_gold(self, view: BiterniaState) -> None:
        """A team whose gold changed since the last view sees "+N" / "-N" rise inside its
        Bit, below the Bit's name band (never over the Hero panels beside it)."""
        gold = tuple(int(g) for g in view.gold)
        before, self.gold = self.gold, gold
        if before is None:
            return
        for team, (old, new) in enumerate(zip(before, gold, strict=True)):
            if new != old:
                rect = space_rect(f"bit_{team}")
                words = f"{new - old:+d} gold"
                rise_from(self, rect.centerx, rect.bottom - 14, words, theme.BRASS_LIGHT, 18,
                          top=rect.y + lay.TILE_HEAD)

    def flash_hits(self, view: BiterniaState) -> None:
        """A Structure that lost HP since the last view flashes red."""
        hp = {sid: int(v) for sid, v in view.structures.items()}
        before, self.structures = self.structures, hp
        for sid, now in hp.items():
            if before is not None and now < before.get(sid, now):
                self.add(Flash(space_rect(sid), theme.DANGER, self.late(sid)))

    def place_heroes(self, view: BiterniaState) -> None:
        """Stand every Hero on its space; a Hero whose space changed hops there, one whose
        place in the space changed slides; a Hero gone from the board fades away."""
        by_space: dict[str, list[str]] = {}
        for hero in view.hero_order:
            space = view.heroes[hero].space
            if space is not None:
                by_space.setdefault(space, []).append(hero)
        self.crowded = {sp: heroes for sp, heroes in by_space.items() if len(heroes) >= lay.CROWD}
        shown = set()
        for space, heroes in by_space.items():
            for k, (hero, (x, y)) in enumerate(zip(heroes, self.tile_layout(space, heroes),
                                                   strict=True)):
                shown.add(hero)
                self.stand(view, hero, space, k, x, y)
                self.dress(space, hero)
        for hero in [h for h in self.pieces if h not in shown]:
            self.retire(hero)
        self.known = set(view.hero_order)

    def tile_layout(self, space: str, heroes: list[str]) -> list[tuple[float, float]]:
        """Where the Heroes of a space stand: in their cells of the tile, or, the space
        opened, at full size in the larger tile."""
        if space == self.opened:
            return lay.opened(space_rect(space), len(heroes))[1]
        return lay.slots(space_rect(space), len(heroes))

    def dress(self, space: str, hero: str) -> None:
        """A standee's size, layer and name for its tile: smaller when crowded; opened,
        full size over the board's other pieces with its name under it."""
        piece = self.pieces[hero]
        opened = space == self.opened
        self.resize(piece, 1.0 if opened else lay.crowd_scale(len(self.crowded.get(space, ()))))
        piece.z = OPENED_Z + 1 if opened else 5
        piece.caption = load().heroes[hero].name if opened else ""

    # -- a crowded tile opens under the pointer --------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        want = self.tile_to_open()
        if want != self.opened:
            self.open_tile(want)

    def tile_to_open(self) -> str | None:
        """The crowded space the pointer rests on (the one open stays open while the
        pointer is anywhere on its larger tile); none under a held pointer."""
        pointer = self.pointer
        if pointer is None or self.model.view is None or self.view.phase == Phase.DRAFT:
            return None
        if pointer == self.hold:
            return self.opened
        self.hold = None
        spot = self.spots.get(self.opened) if self.opened is not None else None
        if spot is not None and spot.opened is not None and spot.opened.collidepoint(pointer):
            return self.opened
        return next((sp for sp in self.crowded if space_rect(sp).collidepoint(pointer)), None)

    def keep_closed(self) -> None:
        """A click or a new position: with no tile open, none opens under the pointer
        before it moves."""
        if self.opened is None:
            self.hold = self.pointer

    def open_tile(self, space: str | None) -> None:
        """Open ``space`` (its Heroes glide out to full size in the larger tile) and close
        the one open before (its Heroes glide back into their cells)."""
        before, self.opened = self.opened, space
        for sp in (before, space):
            if sp is None or sp not in self.spots:
                continue
            heroes = self.crowded.get(sp, [])
            if sp == space:
                rect = lay.opened(space_rect(sp), len(heroes))[0]
                self.spots[sp].open(rect, partial(self.paint_opened, sp))
            else:
                self.spots[sp].open(None)
            for hero, (x, y) in zip(heroes, self.tile_layout(sp, heroes), strict=True):
                if hero in self.pieces:
                    self.pieces[hero].settle(x, y)
                    self.dress(sp, hero)

    def paint_opened(self, space: str, target: pygame.Surface, rect: pygame.Rect) -> None:
        """The opened space's tile, larger: its look, its name with the markers on it."""
        if self.model.view is None:
            return
        markers = markers_on(space, self.view)
        note = "".join(f" · {m}" for m in markers) if not self.spots[space].words else ""
        draw_space(target, rect, space, self.view, note, opened=True)

    def stand(self, view: BiterniaState, hero: str, space: str, slot: int, x: float,
              y: float) -> None:
        piece = self.pieces.get(hero)
        if piece is None:
            spec = load().heroes[hero]
            piece = HeroPiece(hero, self.hero_colour(view, hero), spec.name[:2], self.pick_hero,
                              spec.name)
            piece.x, piece.y, piece.z = x, y, 5
            if hero in self.known:  # deployed or respawned since the last view: it arrives
                piece.alpha, piece.scale = 0.0, 1.3
                piece.tween("alpha", 1.0, 0.3)
                piece.tween("scale", 1.0, 0.35)
            self.pieces[hero] = piece
            self.add(piece)
        elif self.where.get(hero) != (space, slot) or math.dist(piece.home(), (x, y)) > 0.5:
            # (its place changes too when another Hero comes to its space or leaves it)
            was = self.where.get(hero, (space, 0))
            if was[0] != space:  # it walks there along the roads
                piece.travel(self.roads(was[0], space, (x, y)))
            else:  # a slide inside its space (or the end of a walk a move event began)
                piece.settle(x, y)
        self.where[hero] = (space, slot)
        v = view.heroes[hero]
        fig = piece.figure
        fig.level, fig.hp = int(v.level), int(v.hp)
        fig.max_hp = load().heroes[hero].hp + fig.level
        fig.tokens = tokens_of(v, view.favored == hero)
        self.show_cards(view, hero, piece)

    @staticmethod
    def resize(piece: HeroPiece, size: float) -> None:
        """Grow or shrink a standee to the size its tile's crowd allows."""
        if piece.size == size:
            return
        piece.size = size
        piece.tweens.tweens = [t for t in piece.tweens.tweens if t.attr != "scale"]
        piece.tween("scale", size, 0.25)

    def show_cards(self, view: BiterniaState, hero: str, piece: HeroPiece) -> None:
        """The face-up card and the order beside the standee. The order lies face down (its
        own team sees its face, with a dark corner); when it is revealed it turns over and
        slides onto the face-up card's place."""
        v = view.heroes[hero]
        down, up = v.down, v.up
        before = self.orders.get(hero)
        self.orders[hero] = (down, up)
        own = view.viewer is not None and \
            int(view.viewer) % 2 == int(v.seat) % 2
        piece.up.visible = up is not None
        piece.up.card = up
        shown = self.revealed.pop(hero, None)
        if down is None and before is not None and before[0] is not None:
            card = up if up is not None and up != before[1] else shown
            if card is not None:  # revealed: used (it stays face up) or discarded at once
                self.turn_over(piece, card, stays=up == card)
                return
        if piece.order.busy():
            return
        piece.order.visible = down is not None
        piece.order.x, piece.order.y = ORDER_AT
        piece.order.card = down
        piece.order.secret = own and down not in (None, "?")
        piece.order.face_up = piece.order.secret

    @staticmethod
    def turn_over(piece: HeroPiece, card: str, stays: bool) -> None:
        """The order turns over where it lies, then slides onto the face-up card's place
        (or, discarded for a universal action, fades away)."""
        order = piece.order
        order.visible, order.alpha = True, 1.0
        order.tweens.tweens.clear()
        order.x, order.y = ORDER_AT
        order.reveal(card)

        def settle() -> None:
            order.visible, order.alpha = False, 1.0
            order.x, order.y = ORDER_AT
        if stays:
            order.tween("x", piece.up.x, 0.25, delay=0.7)
            order.tween("y", piece.up.y, 0.25, delay=0.7, on_done=settle)
        else:
            order.tween("y", -20, 0.4, delay=0.8)
            order.tween("alpha", 0.0, 0.4, delay=0.8, on_done=settle)

    def retire(self, hero: str) -> None:
        piece = self.pieces.pop(hero)
        self.where.pop(hero, None)
        self.orders.pop(hero, None)
        piece.set_enabled(False)
        piece.tween("alpha", 0.0, 0.5, on_done=lambda: self.remove(piece)
                    if piece.parent is self else None)

    def place_plates(self, view: BiterniaState) -> None:
        """A click target over each Hero's plate (picking a Hero not on the board)."""
        counts = [0, 0]
        for hero in view.hero_order:
            team = int(view.heroes[hero].seat) % 2
            rect = lay.plate(team, counts[team])
            counts[team] += 1
            plate = self.plates.get(hero)
            if plate is None:
                plate = Widget(rect.centerx, rect.centery, rect.w, rect.h, name=f"plate.{hero}",
                               on_activate=partial(self.pick_hero, hero))
                self.plates[hero] = plate
                self.add(plate)
            plate.x, plate.y = rect.centerx, rect.centery

    def plate_rects(self, view: BiterniaState) -> dict[str, pygame.Rect]:
        out, counts = {}, [0, 0]
        for hero in view.hero_order:
            team = int(view.heroes[hero].seat) % 2
            out[hero] = lay.plate(team, min(counts[team], 3))
            counts[team] += 1
        return out

    # -- what a click does --------------------------------------------------------------------
    def mark_choices(self, view: BiterniaState) -> None:
        """Light the spaces a click plays on, ring the Heroes that can act or be targeted,
        and pop the prompt up near the acting Hero."""
        actions = self.model.actions
        on_space = clicks.space_choices(actions, self.picked)
        for sid, spot in self.spots.items():
            action = on_space.get(sid)
            colour = self.colour(self.model.actor) if self.model.actor is not None \
                else theme.BRASS_LIGHT
            spot.light(clicks.space_words(action) if action else "", theme.lighten(colour, 40))
        targets = {t for a in actions if (t := clicks.hero_target(a)) is not None}
        interrupters = {clicks.hero_of(a) for a in actions if a.kind == Act.INTERRUPT}
        able: set[str | None] = set(clicks.heroes_with_choices(actions))
        if self.picked_card is not None:
            able = set(clicks.heroes_for_card(actions, self.picked_card))
        able |= interrupters  # a click on a Hero holding an Interrupt reveals it
        for sid, spot in self.spots.items():
            action = on_space.get(sid)
            spot.leads = (action,) if action is not None else ()
        for hero, piece in self.pieces.items():
            piece.set_enabled(True)  # hovering shows its tip; a click without a choice of
            # its own plays its space's action
            piece.mark = ("target" if hero in targets else "picked" if hero == self.picked
                          else "ready" if hero in able else "")
            piece.offering = hero in interrupters
            piece.leads = clicks.hero_leads(actions, hero, self.picked, self.picked_card,
                                            self.where[hero][0] if hero in self.where else None)
        for hero, plate in self.plates.items():
            plate.enabled = plate.interactive = plate.visible = \
                hero in able and hero not in self.pieces
            plate.leads = clicks.hero_leads(actions, hero, self.picked, self.picked_card,
                                            None) if plate.enabled else ()
        self.mark_seats()
        self.build_prompt(view)

    def mark_seats(self) -> None:
        """A teammate's seat chip takes a click while the team's turn may be handed over."""
        offers = {int(a.args[0]): a for a in self.model.actions if a.kind == Act.HAND_OVER}
        for seat, chip in enumerate(self.seat_chips):
            action = offers.get(seat)
            chip.enabled = chip.interactive = action is not None
            chip.leads = (action,) if action is not None else ()

    def hero_at(self, pos: tuple[float, float]) -> str | None:
        """The Hero whose standee is under ``pos`` (a card dropped there)."""
        return next((h for h, p in self.pieces.items() if p.visible and p.contains(*pos)),
                    None)

    def pick_seat(self, seat: int) -> None:
        action = next((a for a in self.model.actions if a.kind == Act.HAND_OVER
                       and int(a.args[0]) == seat), None)
        if action is not None:
            self.choose(action)

    def build_prompt(self, view: BiterniaState) -> None:
        answers = clicks.prompt_answers(self.model.actions, self.picked)
        title, anchor = self.prompt_head(view, answers)
        key = (title, tuple(answers), anchor)
        if key == self._prompt_key:
            return
        self._prompt_key = key
        if self.prompt is not None:
            self.remove(self.prompt)
            self.prompt = None
        self.hint = title if not answers else ""
        if anchor is None or not answers:
            return
        shown = answers[:PROMPT_ROWS]
        rows: list[tuple[str, Callable[[], None]]] = [
            (self.answer_words(a), partial(self.take, a)) for a in shown]
        x, top, bottom = anchor
        self.prompt = Prompt(x, (top, bottom), title, rows, lay.BOARD.inflate(-12, -12),
                             pop=self.clock > 0, avoid=self.keep_clear(view),
                             tile=self.anchor_tile, notes=[self.answer_note(view, a)
                                                           for a in shown])
        for button, action in zip(self.prompt.buttons, shown, strict=True):
            button.leads = (action,)
        self.add(self.prompt)

    def prompt_head(self, view: BiterniaState,
                    answers: list[Action]) -> tuple[str, tuple[float, float, float] | None]:
        """The prompt's question and the point it grows from (the acting Hero)."""
        pending = view.pending
        hero = self.picked
        title = ""
        if pending is not None and view.resolving is not None:
            hero = view.resolving.hero
            card = card_name(view.resolving.card)
            title = {Ask.INTERRUPT: f"{display_name(hero)} plays {card}: interrupt?",
                     Ask.PAY: f"{display_name(hero)}'s {card}: pay gold?",
                     Ask.TARGET: f"{display_name(hero)}'s {card}: click a target"
                     }.get(pending.type, "")
        elif pending is not None and pending.type == Ask.CATAPULT:
            hero = pending.hero or hero
            title = "Fire the catapult?"
        elif any(a.kind == Act.ORDER for a in self.model.actions) and hero is not None:
            title = f"{display_name(hero)}'s order: click a card"
        elif self.learnable() and hero is not None:
            title = f"{display_name(hero)}: click a power to learn (or a Hero's plate)"
        elif answers and hero is not None and hero in view.heroes:
            seat = int(view.heroes[hero].seat)  # with 3-4 players: whose Hero it is
            title = display_name(hero) + (f" · seat {seat + 1}" if view.num_players > 2 else "")
        else:
            title = self.board_hint(hero)
        if hero is None or hero not in view.heroes:
            return title, None
        return title, self.anchor(view, hero)

    def board_hint(self, hero: str | None) -> str:
        """What to click when the choice is on the board (shown in the strip's head)."""
        kinds = {a.kind for a in self.model.actions}
        who = display_name(hero) if hero else ""
        if Act.RESPAWN in kinds:
            return f"{who} respawns: click a lit space"
        if Act.DEPLOY in kinds:
            return f"Deploy {who}: click a lit Tower (or another Hero's plate)"
        if Act.STRUCTURE in kinds:
            return "Base defenses: click a Structure to fire"
        return ""

    def keep_clear(self, view: BiterniaState) -> list[tuple[pygame.Rect, float]]:
        """What the prompt should not cover, with how much it matters: the other Heroes
        (most, those that can be clicked), their cards, the lit spaces and plates, and
        every space's name."""
        out: list[tuple[pygame.Rect, float]] = []
        for hero, piece in self.pieces.items():
            if hero != self.picked:
                standee = piece.standee_rect()
                out.append((standee, 8.0 if piece.leads else 4.0))
                out.append((pygame.Rect(standee.right, standee.y, 36, standee.h), 1.0))
        for sid, spot in self.spots.items():
            rect = space_rect(sid)
            out.append((pygame.Rect(rect.x, rect.y, rect.w, lay.TILE_HEAD), 3.0))
            if spot.enabled:
                out.append((rect, 1.0))
        out += [(self.plate_rects(view)[h], 3.0 if p.enabled else 2.0)
                for h, p in self.plates.items() if h in view.heroes]
        return out

    def anchor(self, view: BiterniaState, hero: str) -> tuple[float, float, float] | None:
        """Where the prompt points: the Hero's standee (x, top, bottom), else its plate."""
        piece = self.pieces.get(hero)
        self.anchor_tile = space_rect(self.where[hero][0]) if hero in self.where else None
        if piece is not None:
            standee = piece.standee_rect()
            return standee.centerx, standee.y, standee.bottom
        self.anchor_tile = None
        rect = self.plate_rects(view).get(hero)
        return None if rect is None else (rect.centerx, rect.y, rect.bottom)

    @staticmethod
    def answer_note(view: BiterniaState, action: Action) -> str:
        """What an Interrupt would do, under its answer: the card's steps in the rules'
        words (the card is the Hero's face-down order, which its own team sees)."""
        if action.kind != Act.INTERRUPT:
            return ""
        hero = view.heroes.get(str(action.args[0]))
        card = card_of(hero.down) if hero is not None and hero.down else None
        return ". ".join(step_text(s) for s in card.steps) + "." if card is not None else ""

    @staticmethod
    def answer_words(action: Action) -> str:
        words = str(action)
        hero = clicks.hero_of(action)
        if hero is not None and action.kind != Act.INTERRUPT:
            prefix = f"{display_name(hero)}: "
            words = words[len(prefix):] if words.startswith(prefix) else words
            if action.kind == Act.ACTIVATE and action.args[1] == "use":
                words = f"Use {words}"
        return words[:1].upper() + words[1:]

    def pick_space(self, space: str) -> None:
        self.keep_closed()
        action = clicks.space_choices(self.model.actions, self.picked).get(space)
        if action is not None:
            self.choose(action)

    def pick_hero(self, hero: str) -> None:
        self.keep_closed()
        actions = self.model.actions
        target = next((a for a in actions if clicks.hero_target(a) == hero
                       or (a.kind == Act.INTERRUPT and clicks.hero_of(a) == hero)), None)
        if target is not None:
            self.choose(target)
            return
        if self.picked_card is not None:
            order = clicks.order_for(actions, hero, self.picked_card)
            if order is not None:
                self.picked_card = None
                self.choose(order)
                return
        if hero in clicks.heroes_with_choices(actions):
            self.picked = hero
            self.picked_card = None
            self.refresh_marks()
            return
        if hero in self.where:
            self.pick_space(self.where[hero][0])

    def refresh_marks(self) -> None:
        view = self.view
        if view is None:
            return
        self.keep_closed()
        self.deal_hand(view, self.model.viewer)
        self.mark_choices(view)
        self.version += 1

    # -- events -> motion ---------------------------------------------------------------------
    def animate(self, event: Event) -> None:
        """Damage, healing, gold and the big moments rise from the piece or the space."""
        super().animate(event)
        if event.kind == "reveal" and isinstance(event.data.get("card"), str):
            self.revealed[str(event.data.get("hero"))] = event.data["card"]
        if event.kind == "damage" and not self.throw_stone(event):
            self.draw_attack(event)
        if event.kind == "move":
            self.step_to(event.data.get("hero"), event.data.get("to"))
        if event.kind == "farm":
            self.fly_gold(event.data.get("hero"), event.data.get("amount"))
        look = FLOATS.get(event.kind)
        if look is None:
            return
        where = self.event_point(event)
        if where is None:
            return
        words = look[0].format(amount=event.data.get("amount", ""))
        if "{amount}" in look[0] and not isinstance(event.data.get("amount"), int):
            return
        if event.kind == "damage" and event.data.get("amount") == 0:
            words = "No damage"
        late = self.late(event.data.get("target"))  # a stone still flying there: on landing
        rise_from(self, where[0], where[1], words, look[1], 18, late, top=lay.BOARD.y)
        if event.kind in ("level", "respawn"):
            self.add(Burst(where[0], where[1] + 20, look[1]))
        noted = event.kind == "damage" and self.note_hit(event, late)
        stopped = SHIELDED.search(event.text) if event.kind == "damage" else None
        if stopped and not noted:  # a Shield token took some of it: said where it landed
            rise_from(self, where[0], where[1], f"Shield stops {stopped.group(1)}",
                      (150, 180, 220), 16, late, top=lay.BOARD.y)

    def throw_stone(self, event: Event) -> bool:
        """The catapult's shot: a stone flies from the catapult onto the Tower it attacks
        (the hit shows there as it lands); whether the event was one."""
        target = event.data.get("target")
        what, _, _ = event.text.partition(" deals ")
        if not what.startswith("The catapult") or not isinstance(target, str) \
                or target not in load().spaces:
            return False
        tile = space_rect(self.catapult_of(target))
        x, y = catapult_spot(tile)
        end = space_rect(target).center
        attack = what.partition("'s ")[2]
        self.add(StoneFlight((x + 9, y - 8), end, f"Catapult · {attack}" if attack
                             else "Catapult", target))
        self.landing[target] = self.clock + STONE_FLIGHT
        return True

    def catapult_of(self, target: str) -> str:
        """The catapult that fired: the one where the Hero who hired it stands (the view
        before the shot asks that Hero), else the one nearer the target."""
        spaces = list(load().catapult["spaces"])
        pending = self.view.pending if self.model.view is not None else None
        hirer = pending.hero if pending is not None and pending.type == Ask.CATAPULT else None
        here = self.where[hirer][0] if isinstance(hirer, str) and hirer in self.where else ""
        if here in spaces:
            return here
        return min(spaces, key=lambda sp: math.dist(crossing(sp), crossing(target)))

    def late(self, subject: object) -> float:
        """Seconds until the catapult's stone in flight lands on ``subject`` (0: none)."""
        if not isinstance(subject, str):
            return 0.0
        return max(0.0, self.landing.get(subject, 0.0) - self.clock)

    def note_hit(self, event: Event, late: float = 0.0) -> bool:
        """Under the target of a hit: the attack against its defense, with Pierce and what
        Shield tokens stopped (from the damage event); whether there was one to show."""
        parts = hit_parts(event.data)
        target = event.data.get("target")
        if not parts or not isinstance(target, str):
            return False
        piece = self.pieces.get(target)
        if piece is not None:
            standee = piece.standee_rect()
            x, y = standee.centerx, standee.bottom + 4
        elif target in load().spaces:
            rect = space_rect(target)
            x, y = rect.centerx, rect.bottom - 30
        else:
            return False
        for old in [c for c in self.children if isinstance(c, HitNote) and c.target == target]:
            old.detach()  # the next hit on the same piece replaces the last one's note
        self.add(HitNote(x, y, parts, lay.BOARD.inflate(-8, -8), target, late))
        return True

    def step_to(self, hero: object, space: object) -> None:
        """A move (in the Movement phase or a card's move step) starts the standee walking
        to its new space along the road at once, so what follows in the same resolution (an
        attack) starts from there, and several moves walk one road after the other; the
        next refresh settles it into its slot."""
        piece = self.pieces.get(hero) if isinstance(hero, str) else None
        if piece is None or not isinstance(space, str) or space not in load().spaces:
            return
        was = self.where.get(piece.hero, ("", 0))[0]
        if was == space or was not in load().spaces:
            return
        rect = space_rect(space)
        stop = (rect.centerx, rect.y + lay.TILE_HEAD + (rect.h - lay.TILE_HEAD) / 2)
        piece.travel(self.roads(was, space, stop))
        self.where[piece.hero] = (space, -1)

    @staticmethod
    def roads(start: str, end: str, stop: tuple[float, float]) -> list[list[tuple[float, float]]]:
        """The roads a standee walks from space ``start`` to space ``end`` (one a space,
        from crossing to crossing), ending at ``stop`` in the last space."""
        points = [crossing(s) for s in lanes(start, end)]
        out = [[points[k], points[k + 1]] for k in range(len(points) - 1)]
        out[0].insert(0, points[0])  # (the first starts where the standee stands)
        out[-1].append(stop)
        return out

    def fly_gold(self, hero: object, amount: object) -> None:
        """Gold farmed flies coin by coin from the Hero to its team's purse on the Bit."""
        if not isinstance(hero, str) or not isinstance(amount, int) or amount <= 0 \
                or self.model.view is None or hero not in self.view.heroes:
            return
        start = self.point_of(hero)
        if start is None:
            return
        bit = space_rect(f"bit_{int(self.view.heroes[hero].seat) % 2}")
        for k in range(min(amount, 6)):
            self.add(CoinFlight(start, (bit.right - 70, bit.y + 10), 0.1 * k))

    def draw_attack(self, event: Event) -> None:
        """A hit drawn from the Hero or Structure that struck to what it struck, with the
        attack's kind and strength at the line's middle (the damage rises at the target)."""
        text, target = event.text, event.data.get("target")
        what, _, _ = text.partition(" deals ")
        attacker, _, attack = what.partition("'s ")
        source = next((k for k in (*self.pieces, *load().spaces)
                       if display_name(k) == attacker), None)
        if not isinstance(target, str) or source is None or not attack:
            return
        start, end = self.point_of(source), self.point_of(target)
        if start is None or end is None:
            return
        hero = source if source in self.pieces else None
        colour = self.hero_colour(self.view, hero) if hero is not None and \
            self.model.view is not None and hero in self.view.heroes else theme.DANGER
        self.add(AttackLine(start, end, attack, theme.lighten(colour, 30)))

    def point_of(self, subject: str) -> tuple[float, float] | None:
        """A Hero's standee centre, else a space's tile centre."""
        piece = self.pieces.get(subject)
        if piece is not None:
            return piece.standee_rect().center
        if subject in load().spaces:
            return space_rect(subject).center
        return None

    def event_point(self, event: Event) -> tuple[float, float] | None:
        subject = event.data.get("target") or event.data.get("hero")
        if not isinstance(subject, str):
            return None
        piece = self.pieces.get(subject)
        if piece is not None:
            return piece.x - 13, piece.y - 34
        if subject in load().spaces:
            rect = space_rect(subject)
            return rect.centerx, rect.centery
        if event.kind == "respawn" and isinstance(event.data.get("to"), str):
            rect = space_rect(event.data["to"])
            return rect.centerx, rect.centery
        return None

    # -- the action strip ---------------------------------------------------------------------
    STRIP = StripLayout(lay.STRIP, lay.STRIP_COLUMNS, lay.STRIP_ROWS, lay.BUTTON_H,
                        lay.BUTTON_GAP, col_gap=10, pager_w=lay.PAGER_W, head=lay.STRIP_HEAD,
                        font=13, title=14)

    def widgets(self) -> list[Widget]:
        """Focus order: the action buttons (the keyboard path), the prompt, the hand, the
        lit spaces, the Heroes that can be clicked, the menu."""
        prompt = self.prompt.buttons if self.prompt is not None else []
        spots = [s for s in self.spots.values() if s.enabled]
        heroes = [p for p in self.pieces.values() if p.enabled]
        return [*self.buttons, *self.pager, *prompt, *self.hand, *self.offers, *spots, *heroes,
                self.menu_button]

    def on_wheel(self, dy: int, pos: tuple[float, float]) -> None:
        if lay.STRIP.collidepoint(pos):
            if self.pages > 1:
                self.turn_page(-1 if dy > 0 else 1)
            return
        if self.log_rect().collidepoint(pos):
            self.log_scroll = max(0, self.log_scroll + dy * 2)

    # -- drawing -------------------------------------------------------------------------------
    def draw_panels(self, target: pygame.Surface) -> None:
        """The board, the plates, the track and the hand tray instead of text panels."""
        view = self.view
        if not isinstance(view, BiterniaState):
            return
        draw_track(target, view)
        draw_board(target, view)
        if view.phase == Phase.DRAFT:  # the Heroes' cards lie over the board
            veil = pygame.Surface(lay.BOARD.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (12, 30, 26, 235), veil.get_rect(), border_radius=16)
            target.blit(veil, lay.BOARD.topleft)
            self.draw_hand_tray(target, view)
            return
        for hero, rect in self.plate_rects(view).items():
            seat = int(view.heroes[hero].seat)
            draw_plate(target, rect, view, hero, self.hero_colour(view, hero),
                       seat if view.num_players > 2 else None)
            if view.num_players > 2 and seat == self.model.actor:  # the seat acting now
                pygame.draw.rect(target, theme.BRASS_LIGHT, rect.inflate(2, 2), 2,
                                 border_radius=9)
            if hero == self.picked and self.model.actions:
                pygame.draw.rect(target, theme.CREAM, rect.inflate(6, 6), 2, border_radius=10)
        self.draw_hand_tray(target, view)

    def draw_seats(self, target: pygame.Surface) -> None:
        """Each seat as a chip: its number on a disc in its colour (as on its Heroes'
        plates), its name, its team and who plays it; the seat to act lit, a teammate who
        may take the team's turn outlined with "let them act"."""
        for seat, name in enumerate(self.seat_names):
            rect = self.seat_rect(seat)
            active = seat == self.model.actor
            fill = theme.PARCHMENT if active else (48, 74, 64)
            theme.shadowed_rect(target, rect, fill, radius=14, shadow=3,
                                border=theme.BRASS_LIGHT if active else None, border_width=2)
            seat_disc(target, (rect.x + 15, rect.centery), seat, self.colour(seat))
            ink = theme.INK if active else theme.PARCHMENT
            you = " (you)" if seat == self.model.viewer else ""
            main, _, rest = name.partition(" (")
            room = rect.w - 34
            label = fitting((f"{main}{you}", main), room, 12, "bold")
            theme.text(target, label, (rect.x + 28, rect.centery - 7), 12, ink, "bold",
                       "midleft")
            team = rest.rstrip(")").replace(" team", "")
            kind = self.seat_kinds[seat]
            options = [" · ".join(w for w in (team, kind) if w), " · ".join(
                w for w in (team, kind.split(" (")[0]) if w), kind, kind.split(" (")[0]]
            if seat < len(self.seat_chips) and self.seat_chips[seat].enabled:
                # the teammate may take the team's turn: the chip is a button
                pygame.draw.rect(target, theme.BRASS_LIGHT, rect, 2, border_radius=14)
                options = ["▶ let them act", "▶ let act"]
            theme.text(target, fitting(options, room, 12), (rect.x + 28, rect.centery + 7), 12,
                       theme.WOOD if active else theme.PARCHMENT_DIM, anchor="midleft")

    def seat_rect(self, seat: int) -> pygame.Rect:
        n = max(1, len(self.seat_names))
        width = (lay.SEAT_STRIP.w - (n - 1) * 6) // n
        return pygame.Rect(lay.SEAT_STRIP.x + seat * (width + 6), lay.SEAT_STRIP.y, width,
                           lay.SEAT_STRIP.h)

    def strip_prompt(self) -> str:
        return self.hint or "Choose an action (or click the board)"

    def draw_motion(self, target: pygame.Surface) -> None:
        """What moves every frame: the status dots, the thinking ring."""
        self.draw_status(target)  # the generic header line, clear of Undo and End

        if not self.model.ending and not self.model.actions:
            self.draw_waiting(target)

TABLE = BiterniaTable
