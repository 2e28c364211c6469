"""Drag-to-pair on BattleCON's table, driven by mouse events posted into pygame's queue:
a card follows the pointer, the legal drop targets glow, a drop on a partner card or on the
pair slot plays the legal action, anywhere else the card springs back. The screen's drag
hook itself (game/screens/base.py) keeps a press without motion a click."""

from __future__ import annotations

import random

import pygame

from game.screens.base import DRAG_SLOP, Screen
from game.widgets import Widget
from rules.battlecon.kinds import Act
from tests.game.test_battlecon_table import card_named, open_table, play_until

DT = 1 / 30


def post(app, kind, pos, **extra):
    window = app.to_window(pos)
    if kind == pygame.MOUSEMOTION:
        extra.setdefault("rel", (0, 0))
        extra.setdefault("buttons", (1, 0, 0))
    else:
        extra.setdefault("button", 1)
    pygame.event.post(pygame.event.Event(kind, pos=window, **extra))


def frames(app, n=1):
    for _ in range(n):
        app.frame(DT)


def drag(screen, start, end, steps=6, release=True):
    """Press at ``start``, move in steps to ``end`` (a frame after each), release there."""
    app = screen.app
    post(app, pygame.MOUSEMOTION, start, buttons=(0, 0, 0))
    post(app, pygame.MOUSEBUTTONDOWN, start)
    frames(app)
    for k in range(1, steps + 1):
        t = k / steps
        post(app, pygame.MOUSEMOTION, (start[0] + (end[0] - start[0]) * t,
                                       start[1] + (end[1] - start[1]) * t))
        frames(app)
    if release:
        post(app, pygame.MOUSEBUTTONUP, end)
        frames(app)


def at_set(app_dirs, seed):
    screen, chosen = open_table_at(app_dirs, "set", seed)
    return screen, chosen, screen.session.state.legal_actions(screen.viewer)


def open_table_at(app_dirs, phase, seed, limit=400):
    screen, chosen = open_table(app_dirs, seed=seed)
    session = screen.session
    play_until(screen, random.Random(seed), lambda: session.state.phase == phase
               and session.actor() is not None, limit=limit)
    screen.root.update(1.0)  # let the dealt hand settle
    return screen, chosen


def centre(node):
    return node.to_world()


def test_dragging_a_style_onto_a_base_plays_that_set(app_dirs):
    screen, chosen, legal = at_set(app_dirs, 1)
    table = screen.table
    target = next(a for a in legal if a.kind == "set")
    style, base = card_named(table, target.args[0]), card_named(table, target.args[1])
    drag(screen, centre(style), centre(base), release=False)
    partners = {a.args[1] for a in legal if a.kind == "set" and a.args[0] == style.cid}
    assert style.dragging and style.z > base.z
    assert {c.cid for c in table.hand if c.target} == partners  # the legal targets glow
    assert base.hot and table.slot.lit
    pointer = centre(base)
    assert abs(style.x - style.grab[0] - pointer[0]) < 1  # the card follows the pointer
    assert chosen == []
    post(screen.app, pygame.MOUSEBUTTONUP, pointer)
    frames(screen.app)
    assert chosen == [target]
    assert not any(c.target for c in table.hand) and not table.slot.lit


def test_dragging_a_base_onto_a_style_pairs_as_well(app_dirs):
    screen, chosen, legal = at_set(app_dirs, 2)
    target = [a for a in legal if a.kind == "set"][-1]
    style, base = (card_named(screen.table, c) for c in target.args)
    drag(screen, centre(base), centre(style))
    assert chosen == [target]


def test_a_card_dropped_on_the_pair_slot_rests_there_until_the_other_half_joins(app_dirs):
    screen, chosen, legal = at_set(app_dirs, 3)
    table = screen.table
    target = next(a for a in legal if a.kind == "set")
    style, base = (card_named(table, c) for c in target.args)
    slot = (table.slot.x, table.slot.y)
    drag(screen, centre(style), slot)
    assert chosen == [] and table.slotted == style.cid and style.selected
    screen.root.update(1.0)
    assert abs(style.x - slot[0]) < 1 and abs(style.y - slot[1]) < 1  # it lies on the slot
    drag(screen, centre(base), slot)
    assert chosen == [target]


def test_an_illegal_drop_springs_the_card_back(app_dirs):
    screen, chosen, legal = at_set(app_dirs, 4)
    table = screen.table
    style = card_named(table, next(a for a in legal if a.kind == "set").args[0])
    home = (style.x, style.y)
    other_style = next(c for c in table.hand if c.card["kind"] == "style" and c is not style)
    drag(screen, centre(style), centre(other_style))  # two styles make no pair
    assert chosen == [] and not style.dragging
    assert style.busy()  # springing back
    screen.root.update(1.0)
    assert (round(style.x), round(style.y)) == (round(home[0]), round(home[1]))
    drag(screen, centre(style), (640, 150))  # the board is no drop target
    screen.root.update(1.0)
    assert chosen == [] and (round(style.x), round(style.y)) == tuple(map(round, home))


def test_a_clash_base_dragged_onto_the_pair_slot_clashes(app_dirs):
    screen, chosen = open_table_at(app_dirs, "clash", 1, limit=3000)
    table = screen.table
    target = screen.session.state.legal_actions(screen.viewer)[0]
    assert target.kind == "clash"
    base = card_named(table, target.args[0])
    drag(screen, centre(base), (table.slot.x, table.slot.y), release=False)
    assert table.slot.lit and table.slot.hot and table.slot.words == "Clash with this base"
    post(screen.app, pygame.MOUSEBUTTONUP, (table.slot.x, table.slot.y))
    frames(screen.app)
    assert chosen == [target]


def test_a_dimmed_card_cannot_be_dragged(app_dirs):
    screen, chosen = open_table_at(app_dirs, "ante", 4)
    card = screen.table.hand[0]
    assert not card.enabled
    home = (card.x, card.y)
    drag(screen, centre(card), (400, 300), release=False)
    assert not card.dragging and (card.x, card.y) == home
    post(screen.app, pygame.MOUSEBUTTONUP, (400, 300))
    frames(screen.app)
    assert chosen == []


class Tile(Widget):
    def __init__(self):
        super().__init__(100, 100, 60, 60, name="tile", on_activate=self.clicked)
        self.log = []

    def clicked(self):
        self.log.append("click")

    def drag_start(self, pos):
        self.log.append(("start", pos))

    def drag_move(self, pos):
        self.log.append("move")

    def drag_end(self, pos):
        self.log.append(("end", pos))


def test_the_screen_routes_a_drag_to_a_draggable_and_a_still_press_stays_a_click(app_dirs):
    from game.app import App

    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    screen = app.stack.push(Screen(app))
    tile = Tile()
    screen.root.add(tile)

    def send(kind, pos):
        screen.handle(pygame.event.Event(kind, pos=pos, button=1, rel=(0, 0),
                                         buttons=(1, 0, 0)))

    send(pygame.MOUSEBUTTONDOWN, (100, 100))
    send(pygame.MOUSEMOTION, (100 + DRAG_SLOP - 2, 100))  # within the slop: no drag yet
    send(pygame.MOUSEBUTTONUP, (100 + DRAG_SLOP - 2, 100))
    assert tile.log == ["click"]
    tile.log.clear()
    send(pygame.MOUSEBUTTONDOWN, (100, 100))
    send(pygame.MOUSEMOTION, (130, 100))
    send(pygame.MOUSEMOTION, (300, 200))
    send(pygame.MOUSEBUTTONUP, (300, 200))
    assert tile.log == [("start", (100, 100)), "move", "move", ("end", (300, 200))]
    assert not tile.pressed


def test_a_screen_opening_mid_drag_sends_the_card_back(app_dirs):
    from game.screens.overlays import PauseScreen

    screen, chosen, legal = at_set(app_dirs, 5)
    table = screen.table
    style = card_named(table, next(a for a in legal if a.kind == "set").args[0])
    home = (round(style.x), round(style.y))
    drag(screen, centre(style), (table.slot.x, table.slot.y), release=False)
    assert style.dragging
    screen.app.stack.push(PauseScreen(screen.app, screen))  # e.g. Esc with the button held
    assert not style.dragging and not table.slot.lit and chosen == []
    screen.root.update(1.0)
    assert (round(style.x), round(style.y)) == home


def test_a_dragged_card_leans_into_the_motion_and_rights_itself(app_dirs):
    screen, _, legal = at_set(app_dirs, 6)
    style = card_named(screen.table, next(a for a in legal if a.kind == "set").args[0])
    start = centre(style)
    drag(screen, start, (start[0] + 240, start[1] - 60), release=False)
    assert style.lean > 1  # moving right: leaning right
    post(screen.app, pygame.MOUSEBUTTONUP, (start[0] + 240, start[1] - 60))
    frames(screen.app, 30)
    assert abs(style.lean) < 0.5


def test_the_slot_says_what_a_drop_does():
    from game.tables.battlecon.hand import slot_words
    from rules.core import Action

    assert slot_words("rest") == "Drop here: half a pair"
    assert slot_words(Action(Act.SET, ("a", "b"))) == "Drop to set"
    assert slot_words(Action(Act.DISCARD_PAIR, ("a", "b"))) == "Drop to discard the pair"
    assert slot_words(Action(Act.CLASH, ("b",))) == "Clash with this base"
