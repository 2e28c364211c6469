"""Direct play on BattleCON's table (issue #15): every legal choice has a place on the table
(a hand card, a Finisher offered in the tray, a space or a piece, an ante or trigger tile,
the End button), each element declares the actions it leads to (``Widget.leads``), and
clicking the narrowest element that leads to an action plays it."""

from __future__ import annotations

import random

import pygame
import pytest

from game.app import App
from game.screens.table import TableScreen
from game.session import Seat, Session
from game.tables.generic import TableModel
from rules.battlecon.content import load
from rules.battlecon.kinds import Act, Phase
from rules.core import Action

FIGHTERS = sorted(load().fighters)


def open_table(app_dirs, setup, seed):
    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    players = setup["players"]
    session = Session.new("battlecon", setup, [Seat(True)] * players, seed)
    screen = app.stack.push(TableScreen(app, session))
    chosen: list[Action] = []
    screen.table.choose = chosen.append  # record what a click plays instead of playing it
    return screen, chosen


def show_to_actor(screen):
    seat = screen.session.actor()
    screen.viewer = seat
    screen.refresh()
    return seat


def unplaced(screen, seat):
    """The legal actions of ``seat`` no table element leads to (and not declared as
    having no place on the table)."""
    table = screen.table
    legal = screen.session.state.legal_actions(seat)
    placed = table.placed()
    return [a for a in legal if a not in placed and a.kind not in table.UNPLACED]


def play_through(app_dirs, setup, seed, decisions):
    """Random legal moves; at each decision the table, shown to the seat to act, offers
    every legal action on itself. Returns the kinds of choice seen."""
    screen, _ = open_table(app_dirs, setup, seed)
    session, rng = screen.session, random.Random(seed)
    kinds: set[str] = set()
    for _ in range(decisions):
        seat = session.actor()
        if seat is None:
            break
        show_to_actor(screen)
        missing = unplaced(screen, seat)
        assert not missing, f"no place on the table for {missing[:3]} ({session.state.phase})"
        legal = session.state.legal_actions(seat)
        kinds.update(a.kind for a in legal)
        session.submit(seat, rng.choice(legal))
    return kinds


@pytest.mark.parametrize("pairing", [FIGHTERS[k:k + 2] for k in range(0, len(FIGHTERS), 2)])
def test_every_choice_of_a_duel_has_a_place_on_the_table(app_dirs, pairing):
    if len(pairing) < 2:
        pairing = [pairing[0], FIGHTERS[0]]
    setup = {"players": 2, "fighter.0": pairing[0], "fighter.1": pairing[1]}
    kinds = play_through(app_dirs, setup, seed=len(pairing[0]), decisions=260)
    assert {Act.SETUP, Act.SET, Act.PASS} <= kinds


@pytest.mark.parametrize(("players", "teams"), [(3, "2v1"), (4, "2v2"), (4, "3v1")])
def test_every_choice_in_team_play_has_a_place_on_the_table(app_dirs, players, teams):
    rng = random.Random(players)
    setup = {"players": players, "teams": teams,
             **{f"fighter.{p}": rng.choice(FIGHTERS) for p in range(players)}}
    kinds = play_through(app_dirs, setup, seed=players, decisions=300)
    assert Act.PLACE in kinds and Act.SET in kinds


def reach(screen, phase, seed):
    """Random legal moves until ``phase`` with a seat to act; the table shown to it."""
    session, rng = screen.session, random.Random(seed)
    while not (session.state.phase == phase and session.actor() is not None):
        seat = session.actor()
        session.submit(seat, rng.choice(session.state.legal_actions(seat)))
    return show_to_actor(screen)


def click(table, widget):
    assert widget in table.table_widgets()
    widget.activate()


def narrowest(table, action):
    offers = [w for w in table.table_widgets() if action in w.leads]
    assert offers, f"nothing on the table leads to {action}"
    return min(offers, key=lambda w: len(w.leads))


def test_a_pair_is_set_by_a_card_that_leads_to_all_its_pairs_then_its_partner(app_dirs):
    screen, chosen = open_table(app_dirs, {"players": 2}, seed=5)
    session = screen.session
    seat = reach(screen, Phase.SET, seed=5)
    table = screen.table
    legal = session.state.legal_actions(seat)
    target = legal[-1]
    style, base = target.args
    card = next(c for c in table.hand if c.cid == style)
    assert set(card.leads) == {a for a in legal if style in a.args}  # a selector
    click(table, card)
    assert chosen == []
    partner = narrowest(table, target)
    assert partner.cid == base and partner.leads == (target,)  # now one click plays it
    click(table, partner)
    assert chosen == [target]


def test_the_finishers_are_cards_in_the_tray(app_dirs):
    screen, chosen = open_table(app_dirs, {"players": 2, "fighter.0": "hayden",
                                           "fighter.1": "wardlaw"}, seed=2)
    session = screen.session
    while session.state.phase != Phase.SETUP:
        seat = session.actor()
        session.submit(seat, session.state.legal_actions(seat)[0])
    seat = show_to_actor(screen)
    table = screen.table
    legal = session.state.legal_actions(seat)
    assert [c.leads for c in table.offers] == [(a,) for a in legal]
    assert table.hand == []  # the tray shows the choice, not the hand
    click(table, table.offers[-1])
    assert chosen == [legal[-1]]


def test_several_choices_on_one_space_open_a_chooser_there(app_dirs):
    """A teleport and a Paint on the same space: the space leads to both; a click opens a
    chooser on it with one button per choice, each playing its own."""
    screen, chosen = open_table(app_dirs, {"players": 2}, seed=1)
    session = screen.session
    while session.state.phase != Phase.SET:
        seat = session.actor()
        session.submit(seat, session.state.legal_actions(seat)[0])
    seat = show_to_actor(screen)
    view = session.state.view(seat)
    free = next(s for s in range(7) if s not in (view.pos(0), view.pos(1)))
    both = (Action(Act.TELEPORT, (free,), f"Teleport to space {free + 1}"),
            Action(Act.PAINT, (free, None), f"Paint space {free + 1}"))
    table = screen.table
    table.refresh(TableModel(view, seat, both, "", seat, False, "", False), [])
    space = narrowest(table, both[0])
    assert set(space.leads) == set(both) and table.chooser is None
    click(table, space)
    assert chosen == [] and table.chooser is not None
    for action in both:
        button = narrowest(table, action)
        assert button in table.chooser.options and button.leads == (action,)
        click(table, button)
    assert chosen == list(both)
    click(table, space)  # the same space again closes it
    assert table.chooser is None


def test_a_greyed_hand_card_says_why_in_its_zoom(app_dirs):
    screen, _ = open_table(app_dirs, {"players": 2}, seed=3)
    reach(screen, Phase.ANTE, seed=3)
    cards = screen.table.hand
    assert cards and not any(c.enabled for c in cards)
    face = cards[0].zoom_face()
    assert face.sections[0][0] == "Not playable now" and "pair is set" in face.sections[0][1]


def test_the_turn_banner_and_rising_words_leave_the_plates_and_the_board_head_clear(
        app_dirs):
    import game.tables.battlecon.layout as layout
    from game.floats import RISE, FloatText

    screen, _ = open_table(app_dirs, {"players": 2}, seed=1)
    show_to_actor(screen)
    table = screen.table
    banner = pygame.Rect(0, 0, table.banner.w, table.banner.h)
    banner.center = (round(table.banner.x), round(table.banner.y))
    assert not banner.colliderect(layout.PLATES) and not banner.colliderect(layout.BOARD)
    from rules.core import Event

    seat = next(iter(table.standees))
    table.animate(Event("stun", "Stunned!", {"seat": seat}))
    words = [c for c in table.children if isinstance(c, FloatText)]
    # at the top of its rise a word still stays under the board's head (Distance, Force)
    assert words and all(w.start[1] - RISE - w.h / 2 >= layout.BOARD.y + 25 for w in words)


def test_the_pair_being_built_is_previewed_with_the_rules_totals_and_its_reach(app_dirs):
    """A style picked and the pointer (focus) on a base: the preview's totals are those
    the rules give the pair once set, and the board lights the spaces at those ranges."""
    from game.tables.battlecon.preview import reach_spaces

    screen, _ = open_table(app_dirs, {"players": 2, "fighter.0": "wardlaw",
                                      "fighter.1": "hayden"}, seed=7)
    session = screen.session
    seat = reach(screen, Phase.SET, seed=7)
    table = screen.table
    assert table.building() is None and table.preview() is None
    target = next(a for a in session.state.legal_actions(seat)
                  if a.kind == Act.SET and table.view.card(a.args[1])["range"] != "na")
    style, base = target.args
    cards = {c.cid: c for c in table.hand}
    cards[style].activate()
    assert table.building() is None  # half a pair: nothing to total yet
    screen.focus.focus(cards[base])
    assert table.building() == (style, base)
    name, stats = table.preview()
    real = session.state.clone()
    real.apply(seat, target)
    assert stats == real.stats(seat)  # every standing bonus counted as the rules count it
    lo, hi = stats.range
    here = table.view.pos(seat)
    assert reach_spaces(table.view, seat, stats) == sorted(
        s for s in range(7) if max(1, lo) <= abs(s - here) <= hi)
    assert table.reading() == [style, base]


def test_with_the_list_hidden_the_strip_shows_the_words_of_the_cards_read(app_dirs):
    screen, _ = open_table(app_dirs, {"players": 2}, seed=5)
    reach(screen, Phase.SET, seed=5)
    table = screen.table
    table.list_hidden = True
    screen.refresh()
    assert table.buttons == []  # every Set is made in the hand
    card = table.hand[0]
    screen.focus.focus(card)
    assert table.reading() == [card.cid]
    from game import overlap

    overlap.start()
    try:
        surface = pygame.Surface((1280, 720))
        table.draw_actions(surface)
        shown = [text[0] for text in overlap.texts_on(surface)]
    finally:
        overlap.stop()
    assert card.card["name"] in shown


def test_the_board_head_in_a_final_team_beat_has_no_overlap(app_dirs):
    """"Beat 15 · final beat" and each team's Force side by side, not over each other."""
    from game import overlap

    screen, _ = open_table(app_dirs, {"players": 4, "teams": "2v2"}, seed=4)
    seat = reach(screen, Phase.SET, seed=4)
    view = screen.session.state.view(seat)
    view.final_beat, view.beat_no = True, 15
    overlap.start()
    try:
        canvas = pygame.Surface((1280, 720))
        screen.table.draw_board(canvas, view)
        assert overlap.problems(canvas) == []
    finally:
        overlap.stop()
