"""Biternia's own table: it draws for seeded positions at every player count, clicks on
spaces, Heroes, hand cards and the prompt play exactly the legal actions they show, hidden
cards stay hidden (enemy orders are backs, a spectator sees no hand) and pieces move and
turn over as the view changes."""

from __future__ import annotations

import math
import random

import pygame
import pytest

import game.tables.biternia.clicks as clicks
import game.tables.biternia.layout as lay
from game.app import App
from game.floats import RISE
from game.screens.table import TableScreen
from game.session import Seat, Session
from game.tables import table_for
from game.tables.biternia.board import space_rect
from game.tables.biternia.table import BiterniaTable
from rules.biternia.content import load
from rules.biternia.effects import card_name, card_of
from rules.biternia.kinds import Act, Ask, Phase
from rules.biternia.state import team_of_seat
from rules.biternia.text import step_text


def open_table(app_dirs, players=2, seed=3, heroes="first_game"):
    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    setup = {"players": players, "heroes": heroes}
    session = Session.new("biternia", setup, [Seat(True) for _ in range(players)], seed)
    screen = app.stack.push(TableScreen(app, session))
    return app, screen


def record_choices(screen):
    chosen = []
    screen.table.choose = chosen.append  # what a click plays, instead of playing it
    return chosen


def play_until(screen, rng, done, limit=600):
    """Random legal moves until ``done(state)``; then show the table to the seat to act."""
    session = screen.session
    for _ in range(limit):
        if done(session.state):
            break
        seat = session.actor()
        assert seat is not None, "the match ended first"
        events = session.submit(seat, rng.choice(session.state.legal_actions(seat)))
        screen.table.show_events(events, screen.viewer)
    else:
        raise AssertionError("never happened")
    screen.viewer = session.actor()
    screen.refresh()


def click(screen, node):
    """Press and release the left button on a node, through the screen's own input."""
    screen.root.update(1.0)  # let pieces and cards settle where they are drawn
    pos = node.to_world()
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        screen.handle(pygame.event.Event(kind, pos=pos, button=1))


def legal(screen):
    return screen.session.state.legal_actions(screen.session.actor())


def phase_is(*phases):
    return lambda s: s.phase in phases and not s.pending and s.winner is None


def test_biternia_finds_its_own_table():
    assert table_for("biternia") is BiterniaTable


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("decisions", [0, 30, 80])
def test_the_table_draws_seeded_positions(app_dirs, players, decisions):
    app, screen = open_table(app_dirs, players, seed=decisions + players, heroes="random")
    rng = random.Random(decisions)
    count = [0]

    def enough(state):
        count[0] += 1
        return count[0] > decisions or state.winner is not None

    play_until(screen, rng, enough)
    screen.root.update(0.5)
    app.compose(app.canvas)
    view = screen.table.model.view
    on_board = {h for h, v in view.heroes.items() if v.space is not None}
    assert set(screen.table.pieces) == on_board
    for hero in on_board:
        piece = screen.table.pieces[hero]
        assert piece.figure.hp == view.heroes[hero].hp
        assert piece.figure.level == view.heroes[hero].level


def test_clicking_a_card_gives_the_ringed_hero_its_order(app_dirs):
    app, screen = open_table(app_dirs)
    play_until(screen, random.Random(1), phase_is("orders"))
    chosen = record_choices(screen)
    table = screen.table
    hero = table.picked
    assert hero is not None and table.pieces[hero].mark == "picked"
    card = next(c for c in table.hand if c.enabled)
    click(screen, card)
    assert len(chosen) == 1
    order = chosen[0]
    assert order in legal(screen) and order.kind == "order" and order.args[0] == hero
    assert order.args[1].rstrip("0123456789") == card.cid.rstrip("0123456789")


def test_picking_another_hero_then_a_card_orders_that_hero(app_dirs):
    app, screen = open_table(app_dirs)
    play_until(screen, random.Random(1), phase_is("orders"))
    chosen = record_choices(screen)
    table = screen.table
    others = [h for h, p in table.pieces.items() if p.enabled and h != table.picked]
    click(screen, table.pieces[others[0]])
    assert chosen == [] and table.picked == others[0]
    click(screen, next(c for c in table.hand if c.enabled))
    assert chosen and chosen[0].kind == "order" and chosen[0].args[0] == others[0]


def test_a_lit_space_plays_the_picked_heros_move(app_dirs):
    app, screen = open_table(app_dirs)
    play_until(screen, random.Random(2), phase_is("movement"))
    chosen = record_choices(screen)
    table = screen.table
    lit = [s for s in table.spots.values() if s.enabled]
    assert lit, "the picked Hero's destinations are outlined"
    click(screen, lit[0])
    assert len(chosen) == 1 and chosen[0] in legal(screen)
    assert chosen[0].kind in ("move", "deploy") and chosen[0].args == (table.picked,
                                                                        lit[0].space)


def test_every_lit_space_matches_one_legal_action(app_dirs):
    app, screen = open_table(app_dirs, players=4, seed=5)
    rng = random.Random(5)
    seen = 0
    for _ in range(40):
        play_until(screen, rng, lambda s: True)
        table = screen.table
        actions = table.model.actions
        for spot in table.spots.values():
            if spot.enabled:
                seen += 1
                chosen = record_choices(screen)
                spot.activate()
                assert len(chosen) == 1 and chosen[0] in actions
                screen.table.choose = screen.choose
        seat = screen.session.actor()
        if seat is None:
            break
        screen.session.submit(seat, rng.choice(screen.session.state.legal_actions(seat)))
    assert seen > 0


def test_the_deploy_click_puts_the_hero_on_its_tower(app_dirs):
    app, screen = open_table(app_dirs)
    play_until(screen, random.Random(3), phase_is("deploy"))
    chosen = record_choices(screen)
    table = screen.table
    lit = [s for s in table.spots.values() if s.enabled]
    assert lit and all(s.space.startswith("tower_") for s in lit)
    click(screen, lit[0])
    assert chosen and chosen[0].kind == "deploy" and chosen[0].args[1] == lit[0].space


def test_a_target_hero_is_ringed_and_a_click_targets_it(app_dirs):
    app, screen = open_table(app_dirs, seed=7)
    rng = random.Random(7)

    def hero_target(state):
        pending = state.pending
        return bool(pending) and pending.type == Ask.TARGET and any(
            o in state.heroes for o in pending.options)

    play_until(screen, rng, hero_target, limit=3000)
    chosen = record_choices(screen)
    table = screen.table
    ringed = [h for h, p in table.pieces.items() if p.mark == "target"]
    assert ringed
    click(screen, table.pieces[ringed[0]])
    assert chosen == [next(a for a in legal(screen) if a.args == (ringed[0],))]


def test_the_prompt_near_the_acting_hero_plays_its_answers(app_dirs):
    app, screen = open_table(app_dirs, seed=4)
    play_until(screen, random.Random(4), phase_is("action"))
    chosen = record_choices(screen)
    table = screen.table
    assert table.prompt is not None and table.prompt.buttons
    piece = table.pieces[table.picked]
    assert abs(table.prompt.x - piece.x) < 200  # it grows from the acting Hero
    click(screen, table.prompt.buttons[-1])
    assert len(chosen) == 1 and chosen[0] in legal(screen)
    assert chosen[0].kind == "activate" and chosen[0].args[0] == table.picked


def test_cleanup_discards_by_clicking_a_card(app_dirs):
    app, screen = open_table(app_dirs, seed=6)
    play_until(screen, random.Random(6), lambda s: phase_is("cleanup")(s)
               and s.seats[s.queue[0]].hand, limit=2000)
    chosen = record_choices(screen)
    card = next(c for c in screen.table.hand if c.enabled)
    click(screen, card)
    assert chosen and chosen[0].kind == "discard"
    assert chosen[0].args[0].rstrip("0123456789") == card.cid.rstrip("0123456789")


def test_enemy_orders_are_backs_and_own_orders_show_their_face(app_dirs):
    app, screen = open_table(app_dirs)
    play_until(screen, random.Random(1), phase_is("movement"))
    table, view = screen.table, screen.table.model.view
    mine = screen.viewer % 2
    for hero, piece in table.pieces.items():
        v = view.heroes[hero]
        if v.down is None:
            continue
        if v.seat % 2 == mine:
            assert piece.order.card == screen.session.state.heroes[hero].down
            assert piece.order.showing_face
        else:
            assert piece.order.card == "?" and not piece.order.showing_face


def test_the_hand_shows_only_the_viewers_team(app_dirs):
    app, screen = open_table(app_dirs, players=4)
    play_until(screen, random.Random(1), phase_is("orders"))
    state = screen.session.state
    viewer = screen.viewer
    shown = {(c.cid, c.mine) for c in screen.table.hand}
    team = [s for s in range(4) if team_of_seat(s, 4) == team_of_seat(viewer, 4)]
    expected = {(c, s == viewer) for s in team for c in state.seats[s].hand}
    assert shown == expected
    assert not any(c.enabled for c in screen.table.hand if not c.mine)


def test_a_spectator_sees_no_hand_and_no_order_faces(app_dirs):
    app, screen = open_table(app_dirs)
    play_until(screen, random.Random(1), phase_is("movement"))
    screen.viewer = None
    screen.refresh()
    app.compose(app.canvas)
    assert screen.table.hand == []
    for piece in screen.table.pieces.values():
        if piece.order.visible:
            assert piece.order.card == "?" and not piece.order.showing_face


def _off_road(point, a, b):
    """How far ``point`` lies from the road from ``a`` to ``b`` (a straight segment)."""
    (px, py), (ax, ay), (bx, by) = point, a, b
    length = (bx - ax) ** 2 + (by - ay) ** 2
    t = max(0.0, min(1.0, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / length))
    return math.dist((px, py), (ax + t * (bx - ax), ay + t * (by - ay)))


def test_a_moving_hero_walks_along_the_road_to_its_new_space(app_dirs):
    """A move walks the standee along the road between the two spaces (a small step up,
    not a jump across the board), then it stands in the new space."""
    from game.tables.biternia.board import crossing
    from game.tables.biternia.pieces import STEP_UP

    app, screen = open_table(app_dirs)
    play_until(screen, random.Random(2), lambda s: phase_is("movement")(s) and any(
        a.kind == Act.MOVE for a in s.legal_actions(s.decision().players[0])))
    table = screen.table
    screen.root.update(1.0)
    move = next(a for a in legal(screen) if a.kind == Act.MOVE)
    hero, dest = move.args
    start = screen.session.state.heroes[hero].space
    piece = table.pieces[hero]
    before = (piece.x, piece.y)
    screen.choose(move)
    assert piece.tweens.busy and (piece.x, piece.y) == before
    screen.root.update(0.21)  # half way along
    assert -STEP_UP <= piece.lift() < 0  # a step up, not a hop
    assert _off_road((piece.x, piece.y), crossing(start), crossing(dest)) < 2
    assert (piece.x, piece.y) != before
    screen.root.update(1.0)
    assert not piece.route
    assert table.spots[dest].contains(*piece.to_world())


def test_a_hero_further_away_walks_there_space_by_space(app_dirs):
    """A Hero shown two spaces from where it stood (a view after several moves) walks
    the roads through the space between, not straight across the board."""
    from game.tables.biternia.board import crossing, lanes

    app, screen = open_table(app_dirs)
    play_until(screen, random.Random(2), phase_is("movement"))
    table = screen.table
    screen.root.update(1.0)
    state = screen.session.state
    hero = next(h for h in table.pieces if state.heroes[h].space is not None)
    start = state.heroes[hero].space
    far = next(s for s in load().spaces if len(lanes(start, s)) == 3
               and _off_road(crossing(lanes(start, s)[1]), crossing(start), crossing(s)) > 20)
    middle = lanes(start, far)[1]  # off the straight line: a glide would miss it
    assert middle in load().spaces[start].links and far in load().spaces[middle].links
    state.heroes[hero].space = far
    screen.refresh()
    piece = table.pieces[hero]
    seen = []
    for _ in range(60):
        screen.root.update(0.02)
        seen.append((piece.x, piece.y))
    assert min(math.dist(p, crossing(middle)) for p in seen) < 3  # through the middle
    screen.root.update(2.0)
    assert table.spots[far].contains(*piece.to_world())


def test_the_order_turns_over_at_the_reveal(app_dirs):
    app, screen = open_table(app_dirs, seed=4)
    play_until(screen, random.Random(4), phase_is("action"))
    screen.root.update(1.0)
    table = screen.table
    activations = [a for a in legal(screen) if a.kind == Act.ACTIVATE]
    use = next((a for a in activations if a.args[1] == "use"), activations[0])
    hero = use.args[0]
    card = screen.session.state.heroes[hero].down
    screen.choose(use)
    screen.finish_stage()
    order = table.pieces[hero].order
    assert order.visible and order.busy() and order.card == card and not order.showing_face
    screen.root.update(0.3)
    assert order.showing_face  # past edge-on: the face shows
    screen.root.update(2.0)
    assert not order.visible
    state_up = screen.session.state.heroes[hero].up
    assert table.pieces[hero].up.card == state_up


def test_damage_rises_from_the_hurt_piece(app_dirs):
    app, screen = open_table(app_dirs, seed=8)
    rng = random.Random(8)
    session = screen.session
    for _ in range(3000):
        seat = session.actor()
        if seat is None:
            break
        events = session.submit(seat, rng.choice(session.state.legal_actions(seat)))
        hits = [e for e in events if e.kind == "damage" and e.data.get("amount")
                and e.data.get("target") in screen.table.pieces]
        screen.table.show_events(events, screen.viewer)
        if hits:
            floats = [n for n in screen.table.children if n.name == "float"]
            assert any(f.words == f"-{hits[0].data['amount']}" for f in floats)
            return
        screen.refresh()
    raise AssertionError("no Hero was hit")


def test_a_draft_tile_drafts_that_hero(app_dirs):
    app, screen = open_table(app_dirs, heroes="draft")
    play_until(screen, random.Random(1), lambda s: s.phase == Phase.DRAFT)
    chosen = record_choices(screen)
    tiles = screen.table.offers
    drafts = [a for a in legal(screen) if a.kind == Act.DRAFT]
    assert [t.hero for t in tiles] == [a.args[0] for a in drafts]
    click(screen, tiles[-1])
    assert chosen == [drafts[-1]]


def test_the_draft_lies_over_the_board_and_a_pick_moves_no_other_card(app_dirs):
    """Every Hero of the draft is a card over the board; after picks each card keeps its
    place, the drafted ones show their team's colour and take no click, the others still
    draft their Hero."""
    app, screen = open_table(app_dirs, heroes="draft")
    play_until(screen, random.Random(1), lambda s: s.phase == Phase.DRAFT)
    before = {t.hero: (t.x, t.y) for t in screen.table.offers}
    assert len(before) == len(load().heroes)
    assert all(lay.BOARD.collidepoint(x, y) for x, y in before.values())
    play_until(screen, random.Random(2), lambda s: s.phase == Phase.DRAFT and s.draft_step >= 3)
    state, table = screen.session.state, screen.table
    tiles = {t.hero: t for t in table.offers}
    assert {h: (t.x, t.y) for h, t in tiles.items()} == before
    drafted = [h for h in tiles if h in state.heroes]
    assert len(drafted) == 3
    for hero in drafted:
        seat = state.heroes[hero].seat
        assert tiles[hero].team == (("Blue", "Red")[seat % 2], table.colour(seat))
        assert not tiles[hero].enabled and not tiles[hero].leads
    free = next(t for h, t in tiles.items() if h not in state.heroes)
    chosen = record_choices(screen)
    click(screen, free)
    assert chosen == [a for a in legal(screen) if a.kind == Act.DRAFT
                      and a.args[0] == free.hero]
    app.compose(app.canvas)


def test_a_power_card_teaches_the_picked_hero_and_a_plate_picks_another(app_dirs):
    app, screen = open_table(app_dirs, heroes="random")
    play_until(screen, random.Random(1), lambda s: s.phase == Phase.LEARN)
    chosen = record_choices(screen)
    table = screen.table
    first = table.picked
    learns = [a for a in legal(screen) if a.kind == Act.LEARN and a.args[0] == first]
    assert [c.cid for c in table.offers] == [a.args[1] for a in learns]
    others = sorted({a.args[0] for a in legal(screen) if a.kind == Act.LEARN} - {first})
    click(screen, table.plates[others[0]])
    assert chosen == [] and table.picked == others[0]
    assert {c.cid for c in table.offers} == {a.args[1] for a in legal(screen)
                                             if a.kind == Act.LEARN and a.args[0] == others[0]}
    power = table.offers[0].cid
    click(screen, table.offers[0])
    assert len(chosen) == 1 and chosen[0] in legal(screen)
    assert chosen[0].kind == "learn" and chosen[0].args == (others[0], power)


def test_the_interrupt_prompt_asks_near_the_interrupted_hero(app_dirs):
    app, screen = open_table(app_dirs, players=4, seed=26, heroes="random")
    rng = random.Random(26)

    def interrupt(state):
        pending = state.pending
        return bool(pending) and pending.type == Ask.INTERRUPT

    play_until(screen, rng, interrupt, limit=400)
    chosen = record_choices(screen)
    table = screen.table
    acting = screen.session.state.resolving.hero
    assert table.prompt is not None and "interrupt?" in table.prompt.title
    assert abs(table.prompt.x - table.pieces[acting].x) < 200
    answers = legal(screen)
    assert len(table.prompt.buttons) == len(answers)
    state = screen.session.state
    for button, answer in zip(table.prompt.buttons, answers, strict=True):
        if answer.kind == Act.INTERRUPT:  # what it would do, whole, under its words
            card = card_of(state.heroes[answer.args[0]].down)
            said = " ".join(button.lines)
            assert said and all(step_text(st).split()[-1] in said for st in card.steps)
            assert not any("…" in line for line in button.lines)
        else:
            assert not button.lines
    click(screen, table.prompt.buttons[-1])
    assert chosen == [answers[-1]]
    interrupt = next(a for a in answers if a.kind == Act.INTERRUPT)
    interrupter = table.pieces[interrupt.args[0]]
    assert interrupter.mark == "ready" and interrupter.enabled
    assert interrupter.offering and interrupter.order.visible  # the card glows
    others = [p for h, p in table.pieces.items() if h != interrupt.args[0]]
    assert not any(p.offering for p in others)
    click(screen, interrupter)  # a click on the Hero holding the Interrupt reveals it
    assert chosen[-1] == interrupt
    card = interrupter.order_rect()  # and so does a click on the glowing card itself
    at = interrupter.world_matrix().apply(card.centerx, card.bottom - 4)
    assert not interrupter.standee_rect().collidepoint(at)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        screen.handle(pygame.event.Event(kind, pos=at, button=1))
    assert len(chosen) == 3 and chosen[-1] == interrupt


def test_a_hot_seat_hand_over_turns_the_orders_around(app_dirs):
    app, screen = open_table(app_dirs)
    play_until(screen, random.Random(1), phase_is("movement"))
    table, state = screen.table, screen.session.state
    ordered = [h for h, v in state.heroes.items() if v.down is not None]
    for viewer in (0, 1, 0):
        screen.viewer = viewer
        screen.refresh()
        for hero in ordered:
            order = table.pieces[hero].order
            own = state.heroes[hero].seat % 2 == viewer % 2
            assert order.showing_face == own
            assert order.card == (state.heroes[hero].down if own else "?")
        assert {c.cid for c in table.hand} == set(state.seats[viewer].hand)


def test_tokens_ride_on_the_standee(app_dirs):
    app, screen = open_table(app_dirs, seed=9)
    rng = random.Random(9)
    play_until(screen, rng, lambda s: any(v.shield and v.space is not None
                                          for v in s.heroes.values()), limit=5000)
    state = screen.session.state
    hero = next(h for h, v in state.heroes.items() if v.shield and v.space)
    tokens = screen.table.pieces[hero].figure.tokens
    assert any(t.name == "Shield" and t.count == state.heroes[hero].shield for t in tokens)


def test_gold_won_rises_inside_the_teams_bit(app_dirs):
    """The "+N gold" float rises within its team's Bit, below the Bit's name band, from
    start to end of its rise: never over the Hero panels beside the Bit."""
    app, screen = open_table(app_dirs, seed=2)
    rng = random.Random(2)
    session = screen.session
    for _ in range(400):
        before = list(session.state.gold)
        seat = session.actor()
        session.submit(seat, rng.choice(session.state.legal_actions(seat)))
        screen.refresh()
        after = session.state.gold
        if after != before:
            team = 0 if after[0] != before[0] else 1
            words = f"{after[team] - before[team]:+d} gold"
            floats = [n for n in screen.table.children if n.name == "float"]
            gold = next(f for f in floats if f.words == words)
            bit = space_rect(f"bit_{team}")
            inside = bit.copy()
            inside.y, inside.h = bit.y + lay.TILE_HEAD, bit.h - lay.TILE_HEAD
            for top_y in (gold.y, gold.y - RISE):  # where it starts and where it stops
                box = pygame.Rect(0, 0, gold.w, gold.h)
                box.center = (round(gold.x), round(top_y))
                assert inside.contains(box), (box, inside)
            return
    raise AssertionError("no gold changed hands")


def test_a_focused_hero_shows_its_tip_and_hidden_orders_stay_hidden(app_dirs):
    app, screen = open_table(app_dirs)
    play_until(screen, random.Random(1), phase_is("movement"))
    table, state = screen.table, screen.session.state
    enemy = next(h for h, v in state.heroes.items()
                 if v.seat % 2 != screen.viewer % 2 and v.down is not None)
    screen.focus.focus(table.pieces[enemy])
    table.keyboard = True  # focused from the keyboard (a hover is checked below)
    piece, lines = table.tip_for()
    assert piece is table.pieces[enemy]
    assert lines[0].startswith(load().heroes[enemy].full_name)
    assert "Order: face down" in lines
    secret = card_name(state.heroes[enemy].down)
    assert not any(secret in line for line in lines if line.startswith("Order"))
    app.compose(app.canvas)


def test_a_hero_without_a_choice_passes_the_click_to_its_space(app_dirs):
    app, screen = open_table(app_dirs)
    rng = random.Random(2)
    session = screen.session
    for _ in range(600):
        screen.viewer = session.actor()
        screen.refresh()
        table = screen.table
        on_space = clicks.space_choices(table.model.actions, table.picked)
        able = set(clicks.heroes_with_choices(table.model.actions))
        bystander = next((h for h, (space, _) in table.where.items()
                          if space in on_space and h not in able), None)
        if bystander is not None:
            chosen = record_choices(screen)
            click(screen, table.pieces[bystander])
            assert chosen == [on_space[table.where[bystander][0]]]
            return
        seat = session.actor()
        session.submit(seat, rng.choice(session.state.legal_actions(seat)))
    raise AssertionError("no Hero without choices stood on a lit space")


def test_a_structure_that_lost_hp_flashes(app_dirs):
    app, screen = open_table(app_dirs, players=4, seed=11, heroes="random")
    rng = random.Random(11)
    session = screen.session
    start = dict(session.state.structures)
    for _ in range(3000):
        seat = session.actor()
        session.submit(seat, rng.choice(session.state.legal_actions(seat)))
        hit = [s for s, hp in session.state.structures.items() if hp < start[s]]
        if hit:
            screen.refresh()
            flashes = [n for n in screen.table.children if n.name == "flash"]
            assert len(flashes) == len(hit)
            return
    raise AssertionError("no Structure was hit")


def test_a_hero_tip_shows_only_while_the_pointer_is_on_the_standee(app_dirs):
    """The tip follows the pointer: it opens over a standee and closes once the pointer
    leaves, even though the standee keeps the focus the hover gave it."""
    app, screen = open_table(app_dirs)
    play_until(screen, random.Random(1), phase_is("movement"))
    table = screen.table
    screen.root.update(1.0)
    hero, piece = next(iter(table.pieces.items()))
    over = piece.to_world()
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(over[0] + 30, over[1] + 30),
                                     rel=(0, 0), buttons=(0, 0, 0)))
    for pos in ((over[0] + 1, over[1]), over):
        screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
        table.point_at(pos)
    shown = table.tip_for()
    assert shown is not None and shown[0] is piece
    away = (lay.HAND.centerx, lay.HAND.centery)
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0),
                                     buttons=(0, 0, 0)))
    table.point_at(away)
    assert table.tip_for() is None


def test_hovering_a_greyed_card_says_why_it_cannot_be_played(app_dirs):
    """Four players giving orders: the teammate's cards are greyed in the viewer's tray;
    the pointer on one says whose card it is, on one of the viewer's own says nothing."""
    app, screen = open_table(app_dirs, players=4, seed=4, heroes="random")
    play_until(screen, random.Random(4), phase_is("orders"))
    table = screen.table
    screen.root.update(1.0)
    mate = next(c for c in table.hand if not c.mine)
    own = next(c for c in table.hand if c.mine)
    assert mate.dim and not own.dim
    table.point_at(mate.to_world())
    shown = table.dim_reason()
    assert shown is not None and shown[1].endswith("'s card: only they can play it")
    table.point_at(own.to_world())
    assert table.dim_reason() is None
    app.compose(app.canvas)


def test_an_attack_is_drawn_from_the_attacker_to_its_target(app_dirs):
    """A Hero's hit draws a line from the attacker's standee to the target's, with the
    attack's kind and strength on it; a move earlier in the same resolution has already
    taken the attacker's standee to its new space."""
    from game.tables.biternia.pieces import AttackLine

    app, screen = open_table(app_dirs, seed=8)
    rng = random.Random(8)
    session = screen.session
    table = screen.table
    for _ in range(3000):
        seat = session.actor()
        if seat is None:
            break
        events = session.submit(seat, rng.choice(session.state.legal_actions(seat)))
        hits = [e for e in events if e.kind == "damage" and e.data.get("target") in table.pieces
                and e.text.split("'s ")[0] in {load().heroes[h].name for h in table.pieces}]
        table.show_events(events, screen.viewer)
        if hits:
            hit = hits[0]
            attacker = next(h for h in table.pieces if load().heroes[h].name ==
                            hit.text.split("'s ")[0])
            lines = [n for n in table.children if isinstance(n, AttackLine)]
            assert lines, "no attack line"
            line = lines[0]
            assert line.end == table.pieces[hit.data["target"]].standee_rect().center
            assert line.start == table.pieces[attacker].standee_rect().center
            moved = [e for e in events[:events.index(hit)] if e.kind == "move"
                     and e.data.get("hero") == attacker]
            if moved:
                assert table.where[attacker][0] == moved[-1].data["to"]
            app.compose(app.canvas)
            return
        screen.refresh()
    raise AssertionError("no Hero hit another")


def test_a_shield_that_stops_damage_says_so_where_it_lands(app_dirs):
    """A hit partly stopped by Shield tokens rises as the damage dealt and, stacked with
    it, what the Shield stopped (no attack line for a hit whose attacker is not named)."""
    from rules.core import Event

    app, screen = open_table(app_dirs)
    play_until(screen, random.Random(1), phase_is("movement"))
    table = screen.table
    hero = next(iter(table.pieces))
    who = load().heroes[hero].name
    table.show_events([Event("damage", f"The Bear Trap's Physical Attack 4 deals 1 damage to "
                             f"{who} (3 stopped by Shield)", {"target": hero, "amount": 1})],
                      screen.viewer)
    words = {n.words for n in table.children if n.name == "float"}
    assert {"-1", "Shield stops 3"} <= words
    app.compose(app.canvas)


def test_a_card_dragged_onto_a_hero_gives_that_hero_its_order(app_dirs):
    """Orders by dragging: a hand card picked up rings the Heroes that may take it; let go
    on one of them (not the picked one), that Hero gets it; let go elsewhere, it goes back."""
    app, screen = open_table(app_dirs)
    play_until(screen, random.Random(1), phase_is("orders"))
    chosen = record_choices(screen)
    table = screen.table
    screen.root.update(1.0)
    card = next(c for c in table.hand if c.enabled)
    takers = clicks.heroes_for_card(table.model.actions, card.cid)
    hero = next(h for h in takers if h != table.picked and h in table.pieces)
    home = (card.x, card.y)

    def drag(to):
        start = card.to_world()
        screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        for pos in ((start[0] + 20, start[1] - 20), to):
            screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(1, 0, 0)))
        assert card.dragging and table.picked_card == card.cid
        assert table.pieces[hero].leads == (clicks.order_for(table.model.actions, hero,
                                                             card.cid),)
        screen.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to, button=1))

    drag((lay.LOG.centerx, lay.LOG.centery))  # nowhere: back to the hand
    assert chosen == [] and not card.dragging and table.picked_card is None
    screen.root.update(1.0)
    assert (card.x, card.y) == home
    drag(table.pieces[hero].to_world())
    assert chosen == [clicks.order_for(table.model.actions, hero, card.cid)]


def test_farmed_gold_flies_to_the_teams_purse(app_dirs):
    """A Farm's gold flies coin by coin from the Hero to its own team's Bit."""
    from game.tables.biternia.board import space_rect
    from game.tables.biternia.pieces import CoinFlight
    from rules.core import Event

    app, screen = open_table(app_dirs)
    play_until(screen, random.Random(1), phase_is("movement"))
    table, state = screen.table, screen.session.state
    hero = next(iter(table.pieces))
    table.show_events([Event("farm", "x farms 3 gold", {"hero": hero, "amount": 3})],
                      screen.viewer)
    coins = [n for n in table.children if isinstance(n, CoinFlight)]
    assert len(coins) == 3
    bit = space_rect(f"bit_{state.heroes[hero].seat % 2}")
    assert all(bit.collidepoint(c.end) for c in coins)
    assert all(c.start == table.pieces[hero].standee_rect().center for c in coins)
    screen.root.update(2.0)
    assert not [n for n in table.children if isinstance(n, CoinFlight)]  # landed and gone


def test_a_hit_shows_attack_defense_pierce_and_shield_where_it_lands(app_dirs):
    """Every damage event of an attack tells its strength, the defense, Pierce and what
    Shield stopped, and they add up to the damage dealt; the table writes them under the
    target (a level-up or a respawn spreads a ring from the Hero)."""
    from game.tables.biternia.pieces import Burst, HitNote

    app, screen = open_table(app_dirs, seed=8)
    rng = random.Random(8)
    session = screen.session
    table = screen.table
    checked, shown, bursts = 0, None, 0
    for _ in range(3000):
        seat = session.actor()
        if seat is None or (shown is not None and checked >= 20 and bursts):
            break
        events = session.submit(seat, rng.choice(session.state.legal_actions(seat)))
        table.show_events(events, screen.viewer)
        for e in events:
            if e.kind != "damage" or "power" not in e.data:
                continue
            d = e.data
            dealt = max(0, d["power"] - max(0, d["defense"] - d["pierce"]))
            assert e.data["amount"] == dealt - d.get("shield", 0) or \
                (e.data["target"] not in session.state.heroes and e.data["amount"] <= dealt)
            checked += 1
            notes = [n for n in table.children if isinstance(n, HitNote)
                     and n.target == d["target"]]
            if d["target"] in table.pieces or d["target"] in load().spaces:
                assert notes, "no note where the hit landed"
                shown = shown or notes[0]
        bursts += sum(isinstance(n, Burst) for n in table.children)
        screen.refresh()
    assert checked >= 20 and shown is not None and bursts
    box = pygame.Rect(0, 0, shown.w, shown.h)
    box.center = (round(shown.x), round(shown.y))
    assert lay.BOARD.contains(box) and shown.w > 100  # "Attack N vs Defense M" at least
    app.compose(app.canvas)


def test_with_four_players_the_prompt_names_the_heros_seat(app_dirs):
    """3-4 players: the prompt over a Hero says whose Hero it is ("Kerrick · seat 3"), and
    the plates of the seat acting now are outlined (drawn without fault)."""
    app, screen = open_table(app_dirs, players=4, seed=11, heroes="random")
    play_until(screen, random.Random(11), lambda s: phase_is("action")(s) and any(
        a.kind == Act.ACTIVATE for a in s.legal_actions(s.decision().players[0])))
    table = screen.table
    prompt = table.prompt
    assert prompt is not None and table.picked is not None
    seat = screen.session.state.heroes[table.picked].seat
    assert prompt.title == f"{load().heroes[table.picked].name} · seat {seat + 1}"
    app.compose(app.canvas)


def test_a_digit_key_leaves_no_tip_on_a_standee_it_never_chose(app_dirs):
    """Playing by digit keys while the focus sits on a standee (an AI Hero's, when the
    action buttons are gone) opens no tip over the board; Tab onto a standee does."""
    app, screen = open_table(app_dirs)
    play_until(screen, random.Random(1), phase_is("movement"))
    table = screen.table
    enemy = next(h for h, v in screen.session.state.heroes.items()
                 if v.seat % 2 != screen.viewer % 2 and h in table.pieces)
    screen.focus.focus(table.pieces[enemy])  # where a refresh may leave the focus
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0,
                                     unicode=""))
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1"))
    screen.focus.focus(table.pieces[enemy])
    assert table.keyboard and table.tip_for() is None
    widgets = screen.table.widgets()
    start = widgets.index(table.pieces[enemy]) - 1
    screen.focus.focus(widgets[start])
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
    shown = table.tip_for()
    assert shown is not None and shown[0].focused


@pytest.mark.parametrize("width", [104, 84, 78, 72, 65])
def test_hand_cards_say_their_owner_and_name_without_cuts(app_dirs, monkeypatch, width):
    """Every card of the game drawn as a hand card as wide as a full tray of eight (four
    players: the viewer's and the teammate's hands) says its owner and name with no "…":
    a shorter way (the Hero's first name, regular weight), else the Hero's picture and
    its skill's letter; the name whole, a long word split with a hyphen; no word of its
    steps or keywords cut off without a hyphen (down to ten cards in a tray)."""
    from game import theme
    from game.tables.biternia.cards import HandCard, face

    app, screen = open_table(app_dirs)
    said: list[str] = []
    real = theme.text

    def text(target, words, *args, **kwargs):
        said.append(str(words))
        return real(target, words, *args, **kwargs)

    monkeypatch.setattr(theme, "text", text)
    for cid, design in load().cards.items():
        said.clear()
        card = HandCard(0, 0, cid, lambda c: None, width, lay.CARD_H)
        card.render((width, lay.CARD_H))
        assert said and not [w for w in said if "…" in w], cid
        whole = "".join(said).replace("-", "").replace(" ", "")
        assert design.name.replace("-", "").replace(" ", "") in whole, (cid, said)
        look = face(cid)
        words = {w for line in (*look.steps, *look.keywords, look.name, look.owner)
                 for w in line.split()}
        joined = " ".join(said).replace("- ", "")  # a word split with a hyphen, joined again
        cut = [w for w in joined.split() if w not in words and not w.endswith("-")
               and any(x.startswith(w) for x in words)]
        assert not cut, (cid, said)  # no word is cut off without a hyphen


# -- a crowded space opens under the pointer ------------------------------------------------
def crowded_space(screen, seed=1, players=4):
    """Random moves until three Heroes or more share a space in the Movement phase; that
    space, the table shown to the seat to act."""
    def crowded(s):
        spaces = [v.space for v in s.heroes.values() if v.space is not None]
        return phase_is("movement")(s) and any(spaces.count(sp) >= lay.CROWD
                                               for sp in set(spaces))
    play_until(screen, random.Random(seed), crowded)
    screen.root.finish_animations()
    table = screen.table
    return max(table.crowded, key=lambda sp: len(table.crowded[sp]))


def move_to(screen, pos, frames=10):
    """The pointer moves there (from elsewhere) and rests while the table updates."""
    for at in ((2.0, 2.0), pos):
        screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    for _ in range(frames):
        screen.root.update(0.05)
    screen.root.finish_animations()


def test_a_crowded_space_opens_under_the_pointer_with_every_hero_at_full_size(app_dirs):
    """The pointer on a tile of three Heroes or more opens it larger over the board: each
    Hero full size with its name, no standee over another, all inside the opened tile,
    every Hero a click target where it stands; the pointer leaving closes it (smaller
    again, in their cells)."""
    app, screen = open_table(app_dirs, players=4, seed=1)
    space = crowded_space(screen)
    table = screen.table
    heroes = table.crowded[space]
    small = lay.crowd_scale(len(heroes))
    assert small < 1.0 and all(table.pieces[h].scale == small for h in heroes)
    tile = table.spots[space].tile
    move_to(screen, (tile.x + 20, tile.y + 8))
    assert table.opened == space
    spot = table.spots[space]
    assert spot.opened is not None and spot.opened.w > tile.w
    assert lay.BOARD.contains(spot.opened)
    boxes = []
    for hero in heroes:
        piece = table.pieces[hero]
        assert piece.scale == 1.0 and piece.caption == load().heroes[hero].name
        standee = piece.standee_rect()
        assert spot.opened.contains(standee)
        assert screen.widget_at(standee.center) is piece
        boxes.append(standee)
    assert not any(a.colliderect(b) for k, a in enumerate(boxes) for b in boxes[k + 1:])
    move_to(screen, (lay.HAND.centerx, lay.HAND.centery))
    assert table.opened is None and spot.opened is None
    assert all(table.pieces[h].scale == small and not table.pieces[h].caption for h in heroes)


def test_a_click_on_a_hero_in_an_opened_space_plays_what_its_standee_does(app_dirs):
    """In the opened tile each Hero takes its click: a click there plays what a click on
    its standee plays (or picks it); an empty part of the tile plays its space's action, or
    nothing (never a piece hidden under the opened tile)."""
    app, screen = open_table(app_dirs, players=4, seed=1)
    space = crowded_space(screen)
    table = screen.table
    tile = table.spots[space].tile
    move_to(screen, (tile.x + 20, tile.y + 8))
    spot = table.spots[space]
    for hero in table.crowded[space]:
        assert table.opened == space
        piece = table.pieces[hero]
        seen = []
        piece.on_activate = lambda seen=seen, hero=hero: seen.append(hero)
        at = piece.standee_rect().center
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            screen.handle(pygame.event.Event(kind, pos=at, button=1))
        assert seen == [hero]
    corner = (spot.opened.x + 6, spot.opened.bottom - 6)
    assert screen.widget_at(corner) in (None, spot)
    assert screen.root.pick(*corner) is spot


def test_no_space_opens_under_a_pointer_that_clicked_until_it_moves(app_dirs):
    """A click made as the pointer arrives (before the tile opened) leaves the tile
    closed while the pointer rests, so the next click lands where it was aimed; a move of
    the pointer opens it."""
    app, screen = open_table(app_dirs, players=4, seed=1)
    space = crowded_space(screen)
    table = screen.table
    hero = table.crowded[space][0]
    at = table.pieces[hero].standee_rect().center
    for event in (pygame.event.Event(pygame.MOUSEMOTION, pos=(2, 2), rel=(0, 0),
                                     buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)):
        screen.handle(event)
    for _ in range(10):
        screen.root.update(0.05)
    assert table.opened is None
    nudge = (at[0] + 1, at[1])
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=nudge, rel=(0, 0),
                                     buttons=(0, 0, 0)))
    screen.root.update(0.05)
    assert table.opened == table.where[hero][0]


@pytest.mark.parametrize("count", range(3, 9))
def test_an_opened_space_gives_each_hero_a_cell_of_its_own(count):
    """Three to eight Heroes: the opened tile lies inside the board, holds every Hero with
    its cards and name, and no two cells meet (whatever tile it opens from)."""
    for sid in load().spaces:
        rect = lay.tile(load().spaces[sid].x, load().spaces[sid].y)
        panel, points = lay.opened(rect, count)
        assert lay.BOARD.contains(panel) and len(points) == count
        cells = []
        for x, y in points:  # the standee with its cards (-42..41), its name under it
            cell = pygame.Rect(round(x) - 44, round(y) - 30, 88, 78)
            assert panel.contains(cell), (sid, count)
            assert cell.y >= panel.y + lay.TILE_HEAD
            cells.append(cell)
        assert not any(a.colliderect(b) for k, a in enumerate(cells) for b in cells[k + 1:])


def test_an_opened_space_has_no_text_over_another(app_dirs):
    """The overlap check on the whole screen with a crowded tile opened."""
    from game import overlap

    app, screen = open_table(app_dirs, players=4, seed=1)
    space = crowded_space(screen)
    table = screen.table
    tile = table.spots[space].tile
    overlap.start()
    try:
        move_to(screen, (tile.x + 20, tile.y + 8))
        assert table.opened == space
        canvas = pygame.Surface((1280, 720))
        screen.age = 1.0  # no fade-in veil
        screen.draw(canvas)
        shown = [words for words, _, _ in overlap.texts_on(canvas)]
        problems = overlap.problems(canvas)
    finally:
        overlap.stop()
    assert all(load().heroes[h].name in shown for h in table.crowded[space]), shown
    assert problems == []


def test_the_catapults_stone_flies_from_the_catapult_onto_its_tower(app_dirs):
    """A catapult shot: a stone flies from the catapult where its hirer stands to the
    Tower it attacks (no attack line); the hit (the damage rising, the note of attack
    against defense, the Tower's flash) shows only as the stone lands, with a puff of dust."""
    from game.tables.biternia.board import catapult_spot, space_rect
    from game.tables.biternia.pieces import STONE_FLIGHT, StoneFlight

    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    setup = {"players": 2, "heroes": "first_game", "catapult": "on"}
    session = Session.new("biternia", setup, [Seat(True), Seat(True)], 1)
    screen = app.stack.push(TableScreen(app, session))
    rng = random.Random(1)
    for _ in range(3000):
        seat = session.actor()
        fire = [a for a in session.state.legal_actions(seat)
                if a.kind == Act.CATAPULT and a.args[0]]
        if fire:
            break
        session.submit(seat, rng.choice(session.state.legal_actions(seat)))
    else:
        raise AssertionError("the catapult was never fired")
    screen.viewer = seat
    screen.refresh()
    table = screen.table
    screen.root.finish_animations()
    hirer = session.state.pending.hero
    tower = fire[0].args[0]
    events = session.submit(seat, fire[0])
    assert any(e.kind == "damage" and e.data.get("target") == tower for e in events)
    table.show_events(events, screen.viewer)
    screen.refresh()
    stones = [n for n in table.children if isinstance(n, StoneFlight)]
    assert len(stones) == 1 and stones[0].target == tower
    x, y = catapult_spot(space_rect(table.where[hirer][0]))
    assert math.dist(stones[0].start, (x + 9, y - 8)) < 1
    assert stones[0].end == space_rect(tower).center
    assert not [n for n in table.children if n.name == "attack"]
    near = space_rect(tower).inflate(40, 40)
    waiting = [n for n in table.children if n.name in ("float", "hit", "flash")
               and near.collidepoint(n.x, n.y)]  # (not the gold paid, rising at the Bit)
    assert {n.name for n in waiting} >= {"float", "hit", "flash"}
    assert all(n.alpha == 0 for n in waiting)  # nothing shows before the stone lands
    screen.root.update(STONE_FLIGHT / 2)
    assert stones[0].parent is table and all(n.alpha == 0 for n in waiting)
    screen.root.update(STONE_FLIGHT / 2 + 0.1)
    assert stones[0].parent is None
    assert any(n.name == "burst" for n in table.children)
    assert all(n.alpha > 0 for n in waiting if n.name != "flash") and \
        any(n.alpha > 0 for n in waiting if n.name == "flash")


@pytest.mark.parametrize("players", [2, 4])
def test_no_text_on_the_table_is_under_12_px(app_dirs, monkeypatch, players):
    """Every word the table draws (plates, standees, their small cards and tokens, the
    hand and its piles, the prompt, an opened crowded tile) is 12 px or more."""
    from tests.game.table_helpers import record_sizes

    app, screen = open_table(app_dirs, players=players, seed=5, heroes="random")
    sizes = record_sizes(monkeypatch)
    rng = random.Random(5)
    session = screen.session
    surface = pygame.Surface((1280, 720))
    opened = 0
    for _ in range(160):
        seat = session.actor()
        if seat is None:
            break
        screen.viewer = seat
        screen.refresh()
        table = screen.table
        if table.crowded:  # the pointer on a crowded space: it opens
            tile = table.spots[next(iter(table.crowded))].tile
            move_to(screen, (tile.x + 20, tile.y + 8))
            opened += table.opened is not None
        screen.root.finish_animations()
        screen.age = 1.0
        screen.draw(surface)
        events = session.submit(seat, rng.choice(session.state.legal_actions(seat)))
        table.show_events(events, seat)
    assert len(sizes) > 1000 and opened  # the table was drawn, a crowded space opened
    shared = {"click a line: its rules"}  # the generic table's log hint (not this table's)
    small = sorted({(s, w) for s, w in sizes if s < 12 and w not in shared})
    assert not small, small[:10]


def test_a_long_word_is_hyphenated_only_when_asked():
    """The shared wrap cuts a word too long for a line; asked to hyphenate (Biternia's
    card names), it splits it with a hyphen, two letters at least going on, every line in
    the width."""
    from game import theme

    word, width = "Assassinate", 46
    cut = theme.wrap(word, width, 12, "bold")
    split = theme.wrap(word, width, 12, "bold", hyphenate=True)
    assert "".join(cut) == word and not any(line.endswith("-") for line in cut)
    assert all(line.endswith("-") for line in split[:-1]) and len(split) > 1
    assert "".join(line.removesuffix("-") for line in split) == word
    assert len(split[-1]) >= 2
    assert all(theme.font(12, "bold").size(line)[0] <= width for line in split)
    assert theme.wrap("Rain of Arrows", 46, 12, "bold", hyphenate=True)[-2:] == ["Arro-", "ws"]


@pytest.mark.parametrize("players", [2, 4])
def test_no_standee_stands_over_another_as_heroes_come_and_go(app_dirs, players):
    """Heroes deployed one by one onto a Tower, walking in and out of spaces: once the
    table settles, every standee stands in a place of its own (a Hero alone in the middle
    of its tile moves aside when a second one comes)."""
    app, screen = open_table(app_dirs, players=players, seed=3)
    rng = random.Random(3)
    session = screen.session
    screen.viewer = 0
    checked = 0
    for _ in range(220):
        seat = session.actor()
        if seat is None:
            break
        events = session.submit(seat, rng.choice(session.state.legal_actions(seat)))
        screen.table.show_events(events, screen.viewer)
        screen.refresh()
        screen.root.update(0.05)  # moving, not yet settled: the next view comes meanwhile
        if len(screen.table.pieces) < 2:
            continue
        screen.root.finish_animations()
        boxes = [(h, p.standee_rect()) for h, p in screen.table.pieces.items()]
        for k, (hero, box) in enumerate(boxes):
            for other, second in boxes[k + 1:]:
                assert not box.colliderect(second), (hero, other)
        checked += 1
    assert checked > 100


def test_space_or_return_leaves_no_tip_on_the_standee_the_focus_lands_on(app_dirs):
    """Space or Return act (a focused button, a skip); the focus a move leaves on a
    standee opens no tip over the board: only Tab or the arrows reaching it do."""
    app, screen = open_table(app_dirs)
    play_until(screen, random.Random(1), phase_is("movement"))
    table = screen.table
    enemy = next(h for h, v in screen.session.state.heroes.items()
                 if v.seat % 2 != screen.viewer % 2 and h in table.pieces)
    for key in (pygame.K_SPACE, pygame.K_RETURN):
        screen.focus.focus(table.pieces[enemy])
        table.navigated = True  # as the last Tab left it
        screen.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=" "))
        if enemy not in table.pieces:
            break
        screen.focus.focus(table.pieces[enemy])
        assert table.keyboard and table.tip_for() is None, key
    screen.focus.focus(table.pieces[enemy])
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    focused = next((p for p in table.pieces.values() if p.focused), None)
    assert focused is None or table.tip_for() is not None


@pytest.mark.parametrize("players", [2, 4])
def test_the_prompts_answers_are_never_cut(app_dirs, players):
    """Every answer the prompt near the acting Hero offers (firing the catapult at a
    Tower by name, an Interrupt, a card's use) reads whole on its button: the prompt
    grows for its words."""
    from game import theme

    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    setup = {"players": players, "heroes": "random", "catapult": "on"}
    session = Session.new("biternia", setup, [Seat(True)] * players, 7)
    screen = app.stack.push(TableScreen(app, session))
    rng = random.Random(7)
    seen: set[str] = set()
    for _ in range(1500):
        seat = session.actor()
        if seat is None:
            break
        screen.viewer = seat
        screen.refresh()
        prompt = screen.table.prompt
        for button in prompt.buttons if prompt is not None else ():
            seen.add(button.label)
            room = button.w - 20
            assert theme.font(13, "bold").size(button.label)[0] <= room, button.label
        legal = session.state.legal_actions(seat)
        fire = [a for a in legal if a.kind == Act.CATAPULT and a.args[0]]
        session.submit(seat, fire[0] if fire else rng.choice(legal))
    assert any(label.startswith("Pay 1 gold: catapult attacks") for label in seen), seen
