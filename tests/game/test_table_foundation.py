"""The shared table foundation, on all four tables: the card zoom (every card readable
large), the fixed End button, and irreversible choices that ask first."""

from __future__ import annotations

import random

import pygame
import pytest

from game import theme
from game.cardface import (
    TEXT_SIZES,
    ZOOM_MOST_H,
    CardFace,
    card_picture,
    fit_text,
    node_box,
    zoom_spot,
)
from game.screens.overlays import ConfirmScreen
from game.session import Seat, Session
from game.tables import table_for
from tests.game.table_helpers import open_table

GAMES = ("battlecon", "biternia", "chaostle", "terrene")
SETUPS = {"battlecon": {"players": 2}, "biternia": {"players": 2},
          "chaostle": {"players": 2}, "terrene": {"players": 2}}


def play_until(screen, rng, done, limit=3000):
    """Random legal moves (never conceding) until ``done(screen)`` holds with a person to
    act, shown to that seat."""
    session = screen.session
    for _ in range(limit):
        seat = session.actor()
        if seat is None:
            if session.over:
                break
            session.match.resolve_chance()
            continue
        screen.viewer = seat
        screen.refresh()
        if done(screen):
            return seat
        legal = [a for a in session.state.legal_actions(seat) if a.kind != "run"]
        screen.table.show_events(session.submit(seat, rng.choice(legal)), seat)
    raise AssertionError("never happened")


def every_face(table) -> list[tuple[pygame.Rect, CardFace]]:
    """Every card the table offers to the zoom now: nodes' and drawn spots'."""
    out = list(table.zoom_spots())
    for node in table.walk():
        ask = getattr(node, "zoom_face", None)
        if node.visible and callable(ask) and isinstance(face := ask(), CardFace):
            out.append((node_box(node), face))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_every_table_opens_its_cards_large_on_a_rest_or_a_right_click(app_dirs, game_id):
    """Readable (the shared zoom): after a few turns each table has cards that answer the
    zoom; resting on one opens it after a short delay, a right-click at once, and moving
    the pointer off closes it."""
    app, screen, _ = open_table(app_dirs, game_id, SETUPS[game_id], 5, record=False)
    table = screen.table
    play_until(screen, random.Random(5), lambda s: bool(every_face(s.table)))
    rect, face = every_face(table)[0]
    pos = rect.center
    for at in ((2, 700), pos):  # the pointer comes from elsewhere, as a hand does
        screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    table.update(0.05)
    assert table.zoom.showing is None
    for _ in range(8):
        table.update(0.05)
    assert table.zoom.showing is not None
    app.compose(app.canvas)  # the picture draws (icons, badges, text)
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 700), rel=(0, 0),
                                     buttons=(0, 0, 0)))
    table.update(0.05)
    assert table.zoom.showing is None
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
    assert table.zoom.showing is not None  # right-click: at once


def faces_of(game_id: str) -> list[CardFace]:
    """Every card of a game's content as the zoom shows it."""
    if game_id == "battlecon":
        from game.tables.battlecon.faces import card_face
        from rules.battlecon.content import load
        return [card_face(card) for card in load().cards.values()]
    if game_id == "biternia":
        from game.tables.biternia.faces import card_face, hero_face
        from rules.biternia.content import load
        content = load()
        return ([f for cid in content.cards if (f := card_face(cid)) is not None]
                + [hero_face(h) for h in content.heroes])
    if game_id == "chaostle":
        from game.tables.chaostle.faces import printed_face
        from rules.chaostle.content import characters
        return [printed_face(card) for card in characters().values()]
    from game.tables.terrene.faces import card_face
    from rules.terrene.content import cards
    return [f for cid in cards() if (f := card_face(cid)) is not None]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_card_reads_whole_at_twelve_pixels_or_more(game_id):
    """Readable: every card of the game fits its whole text on the zoomed card with the
    body at 12 px or larger (none cut, none smaller)."""
    faces = faces_of(game_id)
    assert len(faces) > 10
    for face in faces:
        size, height, lines = fit_text(face, 360)
        assert size >= min(TEXT_SIZES) >= 12
        assert height <= ZOOM_MOST_H, f"{face.title} does not fit at {size} px"
        words = " ".join(line for line, _ in lines).split()
        assert words == " ".join(w for h, t in face.sections for w in (h, t) if w).split()


def test_a_table_opening_under_a_resting_pointer_opens_no_card(app_dirs):
    """The zoom follows a hand that moves: a pointer that rests where the window opens (or
    a menu closed) over a card opens nothing until it moves."""
    app, screen, _ = open_table(app_dirs, "terrene", SETUPS["terrene"], 5, record=False)
    play_until(screen, random.Random(5), lambda s: bool(every_face(s.table)))
    rect, _ = every_face(screen.table)[0]
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                     buttons=(0, 0, 0)))
    for _ in range(10):
        screen.table.update(0.1)
    assert screen.table.zoom.showing is None


def test_the_zoom_picture_is_drawn_once_and_stays_on_the_screen():
    face = faces_of("terrene")[0]
    assert card_picture(face) is card_picture(face)
    w, h = card_picture(face).get_size()
    rng = random.Random(3)
    for _ in range(200):
        anchor = pygame.Rect(rng.randrange(0, 1240), rng.randrange(0, 700), 40, 20)
        spot = zoom_spot(anchor, (w, h))
        assert pygame.Rect(0, 0, 1280, 720).contains(spot)
        assert not spot.colliderect(anchor) or spot.w + anchor.w > 1280 - 24


@pytest.mark.parametrize("game_id", GAMES)
def test_the_end_button_sits_in_one_place_and_plays_the_end_action(app_dirs, game_id):
    """Direct play: whenever the viewer may end their turn or step, the End button at the
    same spot on every table plays it (key E too)."""
    app, screen, chosen = open_table(app_dirs, game_id, SETUPS[game_id], 7)
    table = screen.table
    play_until(screen, random.Random(7), lambda s: s.table.end_action() is not None)
    end = table.end_action()
    assert table.end_button.visible and table.end_button.label
    assert table.end_button in screen.focus.widgets
    table.end_button.activate()
    assert chosen == [end]


def test_the_end_button_is_at_the_same_spot_on_every_table():
    spots = set()
    for game_id in GAMES:
        table = table_for(game_id)("T", ["A", "B"], ["Human", "AI"], lambda a: None,
                                   lambda: None)
        spots.add((table.end_button.x, table.end_button.y, table.end_button.w))
    assert len(spots) == 1


def test_running_asks_first_sits_last_and_cancel_keeps_the_match(app_dirs):
    """Safe actions (Terrene): Run concedes, so it is red, after every routine choice, and
    asks; Cancel leaves the match untouched, the red button plays it."""
    config, saves = app_dirs
    from game.app import App
    from game.screens.table import TableScreen

    app = App(config_dir=config, save_dir=saves, start=False)
    session = Session.new("terrene", {"players": 2}, [Seat(True), Seat(True)], 4)
    screen = app.stack.push(TableScreen(app, session))
    table = screen.table
    play_until(screen, random.Random(4),
               lambda s: any(a.kind == "run" for a in s.table.model.actions)
               and len(s.table.model.actions) > 2)
    actions = table.model.actions
    run = next(i for i, a in enumerate(actions) if a.kind == "run")
    asking = [i for i in table.order if table.caution(actions[i]) is not None]
    assert run in asking and table.order[-len(asking):] == asking  # after the routine ones
    while table.page != table.page_of(run):
        table.turn_page(1)
    button = next(b for b in table.buttons if b.name == f"action.{run}")
    assert button.danger
    steps = list(session.match.record.steps)
    button.activate()
    assert isinstance(app.stack.top, ConfirmScreen)
    app.stack.top.focus.current.activate()  # Cancel has the focus
    assert app.stack.top is screen and session.match.record.steps == steps
    button.activate()
    app.stack.top.yes()
    assert session.match.record.steps[len(steps)][1].kind == "run"


def test_results_rising_from_one_spot_stack_and_stay_on_the_screen():
    """Staged resolution: several results of one step at one piece ("-8", "Stunned!") rise
    one above the other, never printed over each other, and never off the screen."""
    from game.floats import FloatText, rise_from
    from game.scene import Node

    parent = Node()
    first = rise_from(parent, 2, 300, "Conquered!", (255, 255, 255))
    second = rise_from(parent, 10, 304, "+1 peg", (255, 255, 255))
    boxes = [pygame.Rect(0, 0, f.w, f.h) for f in (first, second)]
    boxes[0].center, boxes[1].center = (first.x, first.y), (second.x, second.y)
    assert not boxes[0].colliderect(boxes[1])
    assert all(pygame.Rect(0, 0, 1280, 720).contains(b) for b in boxes)
    far = rise_from(parent, 900, 300, "-3", (255, 255, 255))
    assert far.y == 300 and isinstance(far, FloatText)  # another spot: not stacked


def test_a_long_stat_on_a_zoomed_card_stays_clear_of_its_badge_ends(monkeypatch):
    """A zoomed card's stat badge holds a long value (a character's "20/20" life) with room
    at both ends: its icon and then its figures shrink before they would touch the badge's
    edges, and stay readable (15 pixels or more)."""
    from game.cardface import ZOOM_W, Stat, _stat_icon
    from tests.game.table_helpers import record_sizes

    face = CardFace("Greggory the Hoarder", "Character · Warrior · Fire", (170, 70, 50),
                    stats=(Stat("hp", "life", "20/20"), Stat("atk", "attack", "10"),
                           Stat("def", "defence", "0"), Stat("sp", "SP", "2")))
    sizes = record_sizes(monkeypatch)
    card_picture.cache_clear()
    card_picture(face)
    size = [s for s, words in sizes if words == "20/20"][-1]  # the size it was drawn at
    step = (ZOOM_W - 12) // 4
    room = min(step - 8, 84) - 12  # the badge less six pixels at each end
    figures = theme.rendered("20/20", size, theme.CREAM, "bold").get_width()
    assert _stat_icon("hp", 18).get_width() + 4 + figures <= room
    assert size >= 15
    assert next(s for s, words in sizes if words == "10") == 19  # a short value as it was
