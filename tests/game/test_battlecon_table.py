"""BattleCON's own table: the hand pairs by clicking onto the legal "set" / "discard_pair" /
"clash" actions, the counters and piles follow the view, and the table draws for every
pairing of fighters."""

from __future__ import annotations

import itertools
import random

import pygame
import pytest

from game.app import App
from game.screens.table import TableScreen
from game.session import Seat, Session
from game.tables.battlecon.hand import FAN
from rules.battlecon.content import load
from rules.battlecon.kinds import Phase

FIGHTERS = list(load().fighters)


def open_table(app_dirs, fighters=None, seed=4):
    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    setup = {"players": 2}
    if fighters:
        setup.update({"fighter.0": fighters[0], "fighter.1": fighters[1]})
    session = Session.new("battlecon", setup, [Seat(True), Seat(True)], seed)
    screen = app.stack.push(TableScreen(app, session))
    chosen = []
    screen.table.choose = chosen.append  # record what a click plays instead of playing it
    return screen, chosen


def play_until(screen, rng, done, limit=400):
    """Random legal moves until ``done()``; then show the table to the seat to act."""
    session = screen.session
    for _ in range(limit):
        if done():
            screen.viewer = session.actor()
            screen.refresh()
            return
        seat = session.actor()
        assert seat is not None, "the duel ended first"
        session.submit(seat, rng.choice(session.state.legal_actions(seat)))
    raise AssertionError("never happened")


def card_named(table, cid):
    return next(c for c in table.hand if c.cid == cid)


def mouse_click(screen, card):
    """Press and release the left button on the card, through the screen's own input."""
    screen.root.update(0.5)  # let a lifted card settle where it is drawn
    pos = card.to_world()
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        screen.handle(pygame.event.Event(kind, pos=pos, button=1))


def test_clicking_a_style_then_a_base_plays_that_set(app_dirs):
    screen, chosen = open_table(app_dirs)
    rng = random.Random(1)
    play_until(screen, rng, lambda: screen.session.state.phase == Phase.SET
               and screen.session.actor() is not None)
    table = screen.table
    seat = screen.viewer
    legal = screen.session.state.legal_actions(seat)
    target = next(a for a in legal if a.kind == "set")
    style, base = target.args
    mouse_click(screen, card_named(table, style))
    assert chosen == [] and card_named(table, style).selected
    mouse_click(screen, card_named(table, base))
    assert chosen == [target]
    assert table.selected == {}


def test_clicking_a_picked_card_again_puts_it_back(app_dirs):
    screen, chosen = open_table(app_dirs)
    play_until(screen, random.Random(2), lambda: screen.session.state.phase == Phase.SET
               and screen.session.actor() is not None)
    table = screen.table
    target = next(a for a in screen.session.state.legal_actions(screen.viewer)
                  if a.kind == "set")
    style = card_named(table, target.args[0])
    style.click(0, 0)
    style.click(0, 0)
    assert not style.selected and table.selected == {}
    card_named(table, target.args[1]).click(0, 0)
    assert chosen == []  # a base alone is not a pair


def test_a_base_then_a_style_pairs_as_well(app_dirs):
    screen, chosen = open_table(app_dirs)
    play_until(screen, random.Random(3), lambda: screen.session.state.phase == Phase.SET
               and screen.session.actor() is not None)
    table = screen.table
    target = next(a for a in reversed(screen.session.state.legal_actions(screen.viewer))
                  if a.kind == "set")
    card_named(table, target.args[1]).click(0, 0)
    card_named(table, target.args[0]).click(0, 0)
    assert chosen == [target]


def test_chosen_discards_pair_from_the_hand_too(app_dirs):
    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    session = Session.new("battlecon", {"players": 2, "discards": "chosen"},
                          [Seat(True), Seat(True)], 6)
    screen = app.stack.push(TableScreen(app, session))
    chosen = []
    screen.table.choose = chosen.append
    play_until(screen, random.Random(6), lambda: session.state.phase == Phase.DISCARDS
               and session.actor() is not None)
    target = next(a for a in session.state.legal_actions(screen.viewer)
                  if a.kind == "discard_pair")
    card_named(screen.table, target.args[0]).click(0, 0)
    card_named(screen.table, target.args[1]).click(0, 0)
    assert chosen == [target]


def test_a_clash_takes_the_clicked_base_at_once(app_dirs):
    screen, chosen = open_table(app_dirs, seed=1)
    play_until(screen, random.Random(1), lambda: screen.session.state.phase == Phase.CLASH
               and screen.session.actor() is not None, limit=3000)
    table = screen.table
    legal = screen.session.state.legal_actions(screen.viewer)
    target = legal[-1]
    assert target.kind == "clash"
    card_named(table, target.args[0]).click(0, 0)
    assert chosen == [target]


def test_only_cards_some_legal_action_uses_can_be_clicked(app_dirs):
    screen, _ = open_table(app_dirs)
    play_until(screen, random.Random(4), lambda: screen.session.state.phase == Phase.ANTE
               and screen.session.actor() is not None)
    table = screen.table
    assert table.hand, "the viewer holds cards"
    assert not any(c.enabled for c in table.hand)  # an ante takes no card from the hand
    play_until(screen, random.Random(4), lambda: screen.session.state.phase == Phase.SET
               and screen.session.actor() is not None)
    assert all(c.enabled for c in screen.table.hand)


def test_hand_cards_follow_the_viewers_hand_and_a_spectator_sees_none(app_dirs):
    screen, _ = open_table(app_dirs)
    play_until(screen, random.Random(5), lambda: screen.session.state.phase == Phase.SET
               and screen.session.actor() is not None)
    hand = screen.session.state.player(screen.viewer).hand
    assert sorted(c.cid for c in screen.table.hand) == sorted(hand)
    screen.viewer = None
    screen.refresh()
    assert screen.table.hand == []


def test_the_hand_is_keyboard_reachable_after_the_action_buttons(app_dirs):
    screen, _ = open_table(app_dirs)
    play_until(screen, random.Random(5), lambda: screen.session.state.phase == Phase.SET
               and screen.session.actor() is not None)
    widgets = screen.table.widgets()
    buttons, hand = screen.table.buttons, screen.table.hand
    assert widgets[:len(buttons)] == buttons
    assert all(card in widgets for card in hand)
    assert widgets[-1] is screen.table.menu_button


@pytest.mark.parametrize("pairing", list(itertools.combinations_with_replacement(FIGHTERS, 2)))
def test_the_table_draws_for_every_pairing(app_dirs, pairing):
    screen, _ = open_table(app_dirs, pairing, seed=len(pairing[0]))
    session, target = screen.session, pygame.Surface((1280, 720))
    rng = random.Random(7)
    for step in range(36):
        seat = session.actor()
        if seat is None:
            break
        if step % 6 == 0:
            screen.viewer = seat
            screen.refresh()
            screen.root.update(0.3)
            screen.root.draw(target)
            view = session.state.view(seat)
            for p in (0, 1):
                assert screen.table.standees[p].name == f"standee.{p}"
                assert screen.table.pairs[p].visible == (view.player(p).pair is not None)
        session.submit(seat, rng.choice(session.state.legal_actions(seat)))


def test_own_set_pair_lies_face_down_with_its_name_until_the_reveal(app_dirs):
    screen, _ = open_table(app_dirs)
    session = screen.session
    rng = random.Random(8)
    play_until(screen, rng, lambda: session.state.phase == Phase.ANTE
               and session.actor() is not None)
    seat = screen.viewer
    card = screen.table.pairs[seat]
    assert not card.face_up and card.peek == session.state.pair_name(seat)
    play_until(screen, rng, lambda: session.state.phase not in (Phase.SET, Phase.ANTE))
    for p in (0, 1):  # both pairs turn over together
        assert screen.table.pairs[p].busy()
    screen.root.update(1.0)
    assert all(screen.table.pairs[p].face_up for p in (0, 1))


def test_damage_rises_from_the_fighter_and_fades(app_dirs):
    from rules.core import Event

    screen, _ = open_table(app_dirs)
    table = screen.table
    table.animate(Event("damage", "Wardlaw takes 4 damage.", {"seat": 1, "amount": 4}))
    floats = [n for n in table.children if n.name == "float"]
    assert len(floats) == 1 and floats[0].words == "-4"
    start = floats[0].y
    table.update(0.5)
    assert floats[0].y < start
    table.update(1.0)
    assert floats[0] not in table.children


def test_the_ante_choices_are_tiles_that_play_their_action(app_dirs):
    from game.tables.battlecon.parts import AnteTile

    screen, chosen = open_table(app_dirs)
    play_until(screen, random.Random(4), lambda: screen.session.state.phase == Phase.ANTE
               and screen.session.actor() is not None)
    legal = screen.session.state.legal_actions(screen.viewer)
    tiles = screen.table.buttons
    assert [t.name for t in tiles] == [f"action.{i}" for i in range(len(legal))]
    assert all(isinstance(t, AnteTile) for t in tiles)
    assert tiles[-1].head == "Pass"
    for tile in tiles:
        mouse_click(screen, tile)
    assert chosen == legal


def test_a_space_a_move_reaches_plays_that_move_when_clicked(app_dirs):
    from rules.battlecon import movement

    screen, chosen = open_table(app_dirs, seed=1)
    session = screen.session
    play_until(screen, random.Random(1), lambda: session.actor() is not None and any(
        a.kind == "move" for a in session.state.legal_actions(session.actor())), limit=3000)
    seat, view = screen.viewer, session.state
    moves = [a for a in view.legal_actions(seat) if a.kind == "move"]
    targets = screen.table.targets
    assert targets
    for target in targets:
        mouse_click(screen, target)
    assert chosen and all(a in moves for a in chosen)
    for action, target in zip(chosen, targets, strict=True):
        kind, n = action.args
        dest = getattr(movement, kind)(view.pos(seat), view.pos(1 - seat), n, view.width)
        assert target.name.startswith(f"space.{dest}.")


def test_board_materials_are_drawn_on_their_spaces(app_dirs):
    screen, _ = open_table(app_dirs, ("burgundy", "wardlaw"))
    table, view = screen.table, screen.session.state.view(0)
    ua = view.player(0).ua
    ua.update({"paint": [0, 6], "staff": "board", "staff_pos": 2, "ice": -1})
    target = pygame.Surface((1280, 720))
    table.draw_board(target, view)
    for space in (0, 6):
        rect = table.cell(space)
        assert target.get_at((rect.right - 12, rect.bottom - 22))[:3] == table.colour(0)
    staff = table.cell(2)
    assert target.get_at((staff.x + 26, staff.y + 22))[:3] == table.colour(0)
    bare = table.cell(4)
    assert target.get_at((bare.right - 12, bare.bottom - 22))[:3] != table.colour(0)


def test_a_set_pair_slides_from_the_hand_onto_the_plate(app_dirs):
    screen, _ = open_table(app_dirs)
    session = screen.session
    play_until(screen, random.Random(9), lambda: session.state.phase == Phase.SET
               and session.actor() is not None)
    screen.root.update(1.0)
    table, seat = screen.table, screen.viewer
    action = next(a for a in session.state.legal_actions(seat) if a.kind == "set")
    cards = [card_named(table, c) for c in action.args]
    middle = (sum(c.x for c in cards) / 2, sum(c.y for c in cards) / 2)
    session.submit(seat, action)
    screen.refresh()
    pair = table.pairs[seat]
    assert (pair.x, pair.y) == middle and pair.busy()
    screen.root.update(1.0)
    slot = table.pair_rect(seat)
    assert (round(pair.x), round(pair.y)) == slot.center


def test_cards_coming_back_to_the_hand_come_from_discard_pile_two(app_dirs):
    screen, _ = open_table(app_dirs)
    session = screen.session
    rng = random.Random(10)
    play_until(screen, rng, lambda: session.state.phase == Phase.SET
               and session.actor() == 0)
    table = screen.table
    assert all(not c.busy() for c in table.hand)  # the first deal lies there at once
    before, beat = {c.cid for c in table.hand}, session.state.beat_no
    play_until(screen, rng, lambda: session.state.phase == Phase.SET
               and session.state.beat_no > beat and session.actor() == 0, limit=3000)
    arrived = [c for c in table.hand if c.cid not in before]
    assert arrived, "the recycle gave cards back"
    pile = table.pile_rect(0, 2).center
    # from the pile, fanned out (each one in reach of a click while it flies home)
    assert [(c.x - pile[0], c.y - pile[1]) for c in arrived] == \
        [(FAN * k, 0) for k in range(len(arrived))]
    assert all(c.busy() for c in arrived)
    screen.root.update(1.0)
    assert all((round(c.x), round(c.y)) == (round(c.home_x), round(c.home_y)) for c in arrived)


def test_the_strip_names_what_the_rules_ask_in_the_middle_of_a_beat(app_dirs):
    screen, _ = open_table(app_dirs, seed=1)
    session = screen.session
    play_until(screen, random.Random(1), lambda: session.actor() is not None
               and session.state.phase == Phase.RESOLVE, limit=3000)
    asked = session.state.question
    assert asked is not None and asked.who == screen.viewer
    # the rules' question, in a player's words (battlecon/strip.py, choice_prompt)
    from game.tables.battlecon.strip import choice_prompt

    legal = session.state.legal_actions(screen.viewer)
    assert screen.table.strip_prompt() == choice_prompt(asked.prompt, legal) != asked.prompt
    play_until(screen, random.Random(1), lambda: session.state.phase == Phase.SET
               and session.actor() is not None)
    assert screen.table.strip_prompt() == "Choose an action"


def test_a_choice_of_triggers_is_drawn_as_tiles_that_play_their_action(app_dirs):
    from game.tables.battlecon.parts import AnteTile

    screen, chosen = open_table(app_dirs, ("amon", "cindra"), seed=3)
    session = screen.session

    def choosing_triggers():
        seat = session.actor()
        return seat is not None and all(a.kind == "trigger"
                                        for a in session.state.legal_actions(seat))

    play_until(screen, random.Random(3), choosing_triggers, limit=3000)
    legal = session.state.legal_actions(screen.viewer)
    tiles = screen.table.buttons
    assert sorted(t.name for t in tiles) == sorted(f"action.{i}" for i in range(len(legal)))
    assert all(isinstance(t, AnteTile) for t in tiles)
    for tile in tiles:
        action = legal[int(tile.name.split(".")[1])]
        assert tile.leads == (action,)
        optional = any(a.args == ("skip", *action.args[1:]) for a in legal)
        if action.args[0] == "skip":  # No sits beside the tile of the trigger it skips
            assert tile.kind == "pass" and tile.head == "No"
            use = next(t for t in tiles if t.leads[0].args == ("use", *action.args[1:]))
            assert use.x < tile.x and abs(use.x - tile.x) < use.w / 2 + tile.w
            assert tile.body == f"skip {use.head}"
        elif optional:  # asked as a question about that one effect: Yes here, No beside
            assert f"Use {tile.head}: {tile.body}" == f"{str(action).rstrip('.')}?"
            assert tile.footer == "Yes: use it"
        else:
            assert f"Use {tile.head}: {tile.body}" == str(action)
            assert tile.kind == "ua_ante" and tile.footer
            assert tile.zoom_face().title == tile.head  # the card (or ability) it comes from
    for tile in tiles:
        mouse_click(screen, tile)
    assert sorted(map(str, chosen)) == sorted(map(str, legal))


def table_asking(app_dirs, fighters, kind, seeds=range(1, 30), limit=1500):
    """A table (fresh duel per seed) at the first point where the seat to act may play a
    ``kind`` action."""
    for seed in seeds:
        screen, chosen = open_table(app_dirs, fighters, seed=seed)
        session = screen.session

        def asked(session=session):
            seat = session.actor()
            return seat is not None and any(a.kind == kind
                                            for a in session.state.legal_actions(seat))

        try:
            play_until(screen, random.Random(seed), asked, limit=limit)
        except AssertionError:
            continue  # this duel never asked (or ended first): the next seed
        return screen, chosen
    raise AssertionError(f"no {kind} choice came up")


def test_a_style_the_rules_ask_to_discard_is_picked_from_the_hand(app_dirs):
    screen, chosen = table_asking(app_dirs, ("hayden", "wardlaw"), "discard")
    legal = screen.session.state.legal_actions(screen.viewer)
    discards = [a for a in legal if a.kind == "discard"]
    table = screen.table
    usable = {c.cid for c in table.hand if c.enabled}
    assert {a.args[0] for a in discards} <= usable
    card_named(table, discards[-1].args[0]).click(0, 0)
    assert chosen == [discards[-1]]


def test_paint_is_placed_by_clicking_its_space(app_dirs):
    screen, chosen = table_asking(app_dirs, ("burgundy", "wardlaw"), "paint")
    state, seat = screen.session.state, screen.viewer
    paints = [a for a in state.legal_actions(seat) if a.kind == "paint"]
    spaces = [a.args[0] for a in paints]
    unique = [a for a in paints if spaces.count(a.args[0]) == 1]
    targets = [t for t in screen.table.targets if t.name.startswith("space.")]
    assert len(targets) == len(unique) >= 1
    for target in targets:
        target.click(0, 0)
    assert sorted(chosen, key=lambda a: a.args[0]) == sorted(unique, key=lambda a: a.args[0])
    for action in chosen:
        assert any(t.name == f"space.{action.args[0]}.{seat}" for t in targets)


@pytest.mark.parametrize("fighters", [("trias", "wardlaw"), ("wardlaw", "dareios")])
def test_a_unique_ability_ante_tile_names_whose_ability_it_is(app_dirs, fighters):
    screen, _ = table_asking(app_dirs, fighters, "ua_ante")
    state, seat = screen.session.state, screen.viewer
    tiles = {t.name: t for t in screen.table.buttons}
    antes = [(i, a) for i, a in enumerate(state.legal_actions(seat)) if a.kind == "ua_ante"]
    assert antes
    for i, action in antes:
        owner = seat if action.args[0] == "own" else 1 - seat
        assert tiles[f"action.{i}"].head == state.fighter(owner)["ua_name"]
        assert f"{tiles[f'action.{i}'].head}: {tiles[f'action.{i}'].body}" == str(action) \
            or tiles[f"action.{i}"].body == str(action)


@pytest.mark.parametrize("fighters", [("amon", "dareios"), ("wardlaw", "hayden")])
def test_a_hand_of_thirteen_shows_every_name_whole_in_two_rows(app_dirs, fighters):
    """The initial discards chosen: the whole hand (13 cards) lies in the tray in two rows,
    styles over bases, every name whole at 12 px (Amon's Impenetrable), no card over
    another, and a click on each still picks it."""
    import game.tables.battlecon.layout as layout
    from game.tables.battlecon.parts import SHORT_H

    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    setup = {"players": 2, "discards": "chosen", "fighter.0": fighters[0],
             "fighter.1": fighters[1]}
    session = Session.new("battlecon", setup, [Seat(True), Seat(True)], 6)
    screen = app.stack.push(TableScreen(app, session))
    screen.table.choose = lambda action: None
    play_until(screen, random.Random(6), lambda: session.state.phase == Phase.DISCARDS
               and session.actor() is not None)
    table = screen.table
    screen.root.finish_animations()
    hand = table.hand
    assert len(hand) >= 12
    boxes = [pygame.Rect(round(c.x - c.w / 2), round(c.y - c.h / 2), round(c.w), round(c.h))
             for c in hand]
    assert all(layout.HAND.contains(b) for b in boxes)
    assert not any(a.colliderect(b) for k, a in enumerate(boxes) for b in boxes[k + 1:])
    kinds = [c.card["kind"] for c in hand]
    tops = {kind: {b.y for b, k in zip(boxes, kinds, strict=True) if k == kind}
            for kind in ("style", "base")}
    assert len(tops["style"]) == len(tops["base"]) == 1 and tops["style"] != tops["base"]
    for card in hand:
        assert card.h == SHORT_H
        words, _ = card.band_name(card.w)
        assert words == card.card["name"]
    picked = hand[0]
    picked.click(0, 0)
    assert picked.selected
