"""Chaostle's own table: it draws seeded positions at every player count, a click on a lit
space, crown, draft card, standee, peg hole or the fate card plays exactly the legal action
it shows, standees hop along the path a character took, and a spectator is offered
nothing to click."""

from __future__ import annotations

import itertools
import random

import pygame
import pytest

from game.app import App
from game.screens.table import TableScreen
from game.tables import table_for
from game.tables.chaostle.parts import HOP_TIME, Figure
from game.tables.chaostle.table import ChaostleTable
from rules.chaostle.frames import Battle, Fate, Upgrade
from tests.game.table_helpers import open_table as shared_open_table
from tests.game.table_helpers import record_sizes


def open_table(app_dirs, players=2, seed=1, setup=None, record=True):
    return shared_open_table(app_dirs, "chaostle", {"players": players, **(setup or {})}, seed,
                             record)


def play_until(screen, rng, done, limit=600):
    """Random legal moves until ``done(state)``; then show the table to the seat to act."""
    session = screen.session
    for _ in range(limit):
        if session.actor() is not None and done(session.state):
            screen.viewer = session.actor()
            screen.table.reset_log(session.log, screen.viewer)
            screen.refresh()
            return
        seat = session.actor()
        assert seat is not None, "the match ended first"
        events = session.submit(seat, rng.choice(session.state.legal_actions(seat)))
        screen.table.show_events(events, screen.viewer)
    raise AssertionError("never happened")


def click(screen, node):
    """Press and release the left button on the node, through the screen's own input."""
    pos = node.to_world()
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        screen.handle(pygame.event.Event(kind, pos=pos, button=1))


def named(table, prefix):
    return [t for t in table.targets if t.name.startswith(prefix)]


def legal(screen):
    return screen.session.state.legal_actions(screen.viewer)


def in_phase(phase):
    return lambda s: s.phase == phase and not s.queue


def test_chaostle_has_its_own_table():
    assert table_for("chaostle") is ChaostleTable


@pytest.mark.parametrize("players", [2, 3, 4, 6, 8])
def test_the_table_draws_seeded_positions_at_every_player_count(app_dirs, players):
    for seed, decisions in ((1, 0), (2, 12), (3, 40)):
        app, screen, _ = open_table(app_dirs, players, seed)
        rng = random.Random(seed)
        for _ in range(decisions):
            seat = screen.session.actor()
            if seat is None:
                break
            screen.session.submit(seat, rng.choice(legal_for(screen, seat)))
        screen.viewer = screen.session.actor()
        screen.refresh()
        screen.root.update(5.0)
        app.compose(app.canvas)
        state = screen.session.state
        on_board = {c for c, ch in state.chars.items() if ch.status == "play"}
        assert set(screen.table.figures) == on_board
        box = screen.table.frame.board
        board = app.canvas.subsurface(box)
        assert len({board.get_at((x, y))[:3] for x in range(0, box.w, 40)
                    for y in range(0, box.h, 40)}) > 5  # the castle, not a blank square


def legal_for(screen, seat):
    return screen.session.state.legal_actions(seat)


def test_a_click_on_a_draft_card_chooses_that_character(app_dirs):
    _, screen, chosen = open_table(app_dirs)
    play_until(screen, random.Random(1), in_phase("draft"))
    cards = named(screen.table, "draft.")
    picks = {a.args[0]: a for a in legal(screen) if a.kind == "pick"}
    assert cards and {c.name.split(".", 1)[1] for c in cards if c.enabled} == set(picks)
    card = next(c for c in cards if c.enabled)
    click(screen, card)
    assert chosen == [picks[card.name.split(".", 1)[1]]]


def test_a_draft_card_keeps_its_place_while_the_others_are_taken(app_dirs):
    """During the draft a character taken leaves its gap: every card still free lies
    where it lay, so none moves under the pointer between two picks."""
    _, screen, _ = open_table(app_dirs, players=3)
    play_until(screen, random.Random(2), in_phase("draft"))
    session, table = screen.session, screen.table

    def places():
        return {c.name: tuple(c.to_world()) for c in named(table, "draft.")}

    before = places()
    for _ in range(3):  # three picks, whoever makes them
        seat = session.actor()
        pick = next(a for a in session.state.legal_actions(seat) if a.kind == "pick")
        table.show_events(session.submit(seat, pick), screen.viewer)
        screen.viewer = session.actor()
        screen.refresh()
        after = places()
        assert len(after) == len(before) - 1 and f"draft.{pick.args[0]}" not in after
        assert all(before[name] == at for name, at in after.items())
        before = after


def test_the_end_button_says_each_of_its_actions_whole(app_dirs):
    """Every kind of action the End button plays is written whole on it at its 15 pixels
    ("No Smoke Screen" does not fit: "No Smoke")."""
    from game import theme
    from game.tables.generic import END_BUTTON
    from rules.core import Action

    _, screen, _ = open_table(app_dirs)
    table = screen.table
    labels = {"end_turn": "End turn", "done": "End movement", "end_battles": "Finish battling",
              "no_firewall": "No Fire Wall", "no_smoke": "No Smoke Screen"}
    assert set(labels) == {str(k) for k in table.END_KINDS}
    for kind, label in labels.items():
        words = table.end_words(Action(kind, (), label))
        assert theme.font(15, "bold").size(words)[0] <= END_BUTTON.w - 16, words
    assert table.end_words(Action("no_smoke", (), "No Smoke Screen")) == "No Smoke"
    assert table.end_words(Action("end_turn", (), "End turn")) == "End turn"


def test_a_click_on_a_crown_takes_it(app_dirs):
    _, screen, chosen = open_table(app_dirs)
    play_until(screen, random.Random(1), in_phase("crown"))
    crowns = named(screen.table, "crown.")
    assert len(crowns) == len([a for a in legal(screen) if a.kind == "crown"])
    click(screen, crowns[2])
    assert chosen == [a for a in legal(screen) if a.args == (crowns[2].name[6:],)]


def test_a_click_on_a_lit_space_plays_the_move_that_ends_there(app_dirs):
    _, screen, chosen = open_table(app_dirs, seed=2)
    play_until(screen, random.Random(2), lambda s: s.phase == "move" and not s.queue and any(
        a.kind == "move" for a in s.legal_actions(s.current)))
    spaces = named(screen.table, "space.")
    assert spaces
    for target in spaces:
        chosen.clear()
        click(screen, target)
        assert len(chosen) == 1
        action = chosen[0]
        assert action in legal(screen) and action.args[1] == target.name[6:]


def test_selecting_a_standee_shows_only_its_moves(app_dirs):
    _, screen, chosen = open_table(app_dirs, players=2, seed=5, setup={"army": "3"})
    rng = random.Random(5)
    play_until(screen, rng, lambda s: s.phase == "move" and not s.queue and len({
        a.args[0] for a in s.legal_actions(s.current) if a.kind in ("move", "card")}) > 1,
        limit=3000)
    table = screen.table
    pick = named(table, "select.")[0]
    cid = pick.name[7:]
    click(screen, pick)
    assert chosen == [] and table.selected == cid
    spaces = named(table, "space.")
    assert spaces
    for target in spaces:
        chosen.clear()
        click(screen, target)
        assert chosen[0].args[0] == cid
    click(screen, named(table, f"select.{cid}")[0])  # again: everyone's moves
    assert table.selected is None


def test_a_click_on_an_opponent_in_range_attacks_it(app_dirs):
    _, screen, chosen = open_table(app_dirs, seed=3)
    play_until(screen, random.Random(3), lambda s: s.phase == "battles" and not s.queue
               and any(a.kind == "battle" for a in s.legal_actions(s.current)), limit=3000)
    attacks = named(screen.table, "attack.")
    assert attacks
    click(screen, attacks[0])
    assert chosen[0].kind == "battle" and chosen[0].args[1] == attacks[0].name[7:]
    assert chosen[0] in legal(screen)


def test_a_click_on_a_peg_hole_upgrades_that_item(app_dirs):
    _, screen, chosen = open_table(app_dirs, seed=2)
    play_until(screen, random.Random(2), lambda s: bool(s.queue)
               and isinstance(s.queue.top, Upgrade), limit=3000)
    pegs = named(screen.table, "peg.")
    upgrades = [a for a in legal(screen) if a.kind == "upgrade"]
    assert len(pegs) == len(upgrades)
    click(screen, pegs[-1])
    _, cid, item = pegs[-1].name.split(".")
    assert chosen == [a for a in upgrades if a.args == (cid, item)]


def test_the_fate_card_shows_the_rolled_cell_and_takes_accept_or_decline(app_dirs):
    _, screen, chosen = open_table(app_dirs, seed=1)
    play_until(screen, random.Random(1), lambda s: bool(s.queue)
               and isinstance(s.queue.top, Fate) and s.queue.top.step == "accept", limit=3000)
    table = screen.table
    frame = screen.session.state.queue.top
    assert table.fate.alpha == 1.0 and table.fate.fate == frame.fate
    assert table.fate.column == frame.column and 2 <= table.fate.row <= 12
    last = next(e for e in reversed(screen.session.log) if e.kind == "fate"
                and e.data.get("fate"))
    assert f"column {table.fate.column}, row {table.fate.row}" in last.text
    click(screen, table.find("fate.decline"))
    assert [a.kind for a in chosen] == ["decline"]


def test_the_fate_card_lights_its_cell_only_once_the_dice_land(app_dirs):
    """A happiness fate waiting for Accept / Decline: while its red and white dice still
    roll the card is up with nothing lit; its column and row light as they land."""
    _, screen, _ = open_table(app_dirs, seed=1)
    play_until(screen, random.Random(1), lambda s: bool(s.queue)
               and isinstance(s.queue.top, Fate) and s.queue.top.step == "accept", limit=3000)
    table = screen.table
    frame = screen.session.state.queue.top
    rolled = next(e for e in reversed(screen.session.log) if e.kind == "fate"
                  and e.data.get("fate"))
    table.fate.fate, table.fate.column, table.fate.row = None, None, None  # not yet rolled
    table.show_events([rolled], screen.viewer)  # the fate's dice thrown, as it was rolled
    screen.refresh()
    assert table.tray.rolling
    assert table.fate.alpha == 1.0 and table.fate.column is None and table.fate.row is None
    for _ in range(60 * 6):
        if not table.tray.rolling:
            break
        table.update(1 / 60)
    assert table.fate.column == frame.column and 2 <= table.fate.row <= 12
    assert f"column {table.fate.column}, row {table.fate.row}" in rolled.text


def test_a_movement_roll_lights_its_spaces_only_once_the_die_lands(app_dirs):
    """The movement die thrown at a turn's start: while it tumbles nothing tells the roll
    (no space lit, no action button, no key 1-9 plays one); as it lands the spaces it
    reaches light and the buttons come back."""
    _, screen, _ = open_table(app_dirs, seed=3, record=False)
    play_until(screen, random.Random(3), lambda s: s.phase == "move" and not s.queue and any(
        a.kind == "move" for a in s.legal_actions(s.current)))
    table = screen.table
    rolled = next(e for e in reversed(screen.session.log) if e.kind == "roll")
    table.show_events([rolled], screen.viewer)  # the die thrown, as it was rolled
    screen.refresh()
    assert table.tray.rolling
    moves = [t for t in table.targets if getattr(t, "action", None) is not None
             and t.action.kind == "move"]
    assert moves and table.buttons
    table.update(1 / 60)
    assert not any(t.visible for t in table.targets)
    assert not any(b.visible for b in table.buttons)
    assert table.strip_heading() == "The dice are rolling…"
    before = screen.session.state
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_1, mod=0, unicode="1"))
    assert screen.session.state is before  # the key waited for the die
    for _ in range(60 * 6):
        if not table.tray.rolling:
            break
        table.update(1 / 60)
    table.update(0.0)
    assert any(t.visible for t in table.targets if getattr(t, "action", None) is not None
               and t.action.kind == "move")
    assert all(b.visible for b in table.buttons)
    assert table.strip_heading() != "The dice are rolling…"


def test_standees_hop_along_the_path_they_took(app_dirs):
    _, screen, _ = open_table(app_dirs, seed=2, record=False)
    session = screen.session
    play_until(screen, random.Random(2), lambda s: s.phase == "move" and not s.queue and any(
        a.kind == "move" and a.args[2] >= 3 for a in s.legal_actions(s.current)))
    action = next(a for a in legal(screen) if a.kind == "move" and a.args[2] >= 3)
    cid, dest = action.args[0], action.args[1]
    figure = screen.table.figures[cid]
    screen.table.choose(action)
    path = next(e.data["path"] for e in reversed(session.log) if e.kind == "move"
                and e.data.get("char") == cid)
    assert len(path) >= 3
    board = session.state.board
    stand = screen.table.stand_point
    for space in path[1:]:  # one hop per space: after each hop it stands on the next one
        for _ in range(8):
            screen.root.update(HOP_TIME / 8)
        x, y = stand(session.state, space)
        assert abs(figure.x - x) < 1.5 and abs(figure.y - y) < 1.5
    x, y = stand(session.state, dest)
    assert (round(figure.x), round(figure.y)) == (round(x), round(y))
    assert board.spaces[dest]
    assert dest == path[-1]


def test_a_new_table_for_a_game_under_way_stands_everyone_still(app_dirs):
    config, saves = app_dirs
    _, screen, _ = open_table(app_dirs, seed=4, record=False)
    play_until(screen, random.Random(4), lambda s: len(s.on_board()) >= 2, limit=3000)
    app = App(config_dir=config, save_dir=saves, start=False)
    loaded = TableScreen(app, screen.session)  # as after a load: no events, only the view
    figures = loaded.table.figures
    assert set(figures) == set(screen.session.state.on_board())
    assert not any(isinstance(f, Figure) and f.busy() for f in figures.values())


def test_a_spectator_sees_the_castle_but_nothing_to_click(app_dirs):
    app, screen, _ = open_table(app_dirs, seed=2)
    play_until(screen, random.Random(2), in_phase("move"))
    screen.viewer = None
    screen.table.reset_log(screen.session.log, None)
    screen.refresh()
    assert screen.table.model.actions == () and screen.table.targets == []
    assert set(screen.table.figures) == set(screen.session.state.on_board())
    app.compose(app.canvas)


def test_a_battle_shows_the_duel_card_with_its_dice_and_the_tray_throws_them(app_dirs):
    _, screen, _ = open_table(app_dirs, seed=2, record=False)
    session = screen.session
    play_until(screen, random.Random(2), lambda s: bool(s.queue)
               and isinstance(s.queue.top, Battle) and s.queue.top.step == "continue",
               limit=3000)
    duel = screen.table.duel
    frame = session.state.queue.top
    screen.table.tray.skip()  # the dice thrown so far land
    assert duel.alpha == 1.0 and {duel.frame.a, duel.frame.d} == {frame.a, frame.d}
    last = next(e for e in reversed(session.log) if e.kind in ("hit", "miss"))
    assert duel.faces[last.data["char"]] == last.data["roll"]
    fight_on = next(a for a in legal(screen) if a.kind == "fight_on")
    before = len(session.log)
    screen.table.choose(fight_on)
    blow = next(e for e in reversed(session.log) if e.kind in ("hit", "miss"))
    assert blow is not last
    screen.table.tray.skip()
    thrown = [e for e in session.log[before:] if screen.table.dice_of(e) is not None]
    assert screen.table.tray.shown_faces() == screen.table.dice_of(thrown[-1]).faces
    assert duel.faces[blow.data["char"]] == blow.data["roll"]
    if blow.kind == "hit":
        assert duel.hurt == (blow.data["target"], blow.data["loss"])


def test_the_blows_of_a_battle_are_thrown_one_after_another(app_dirs):
    _, screen, _ = open_table(app_dirs, seed=3, record=False)
    session = screen.session
    play_until(screen, random.Random(3), lambda s: s.phase == "battles" and not s.queue
               and any(a.kind == "battle" for a in s.legal_actions(s.current)), limit=3000)
    attack = next(a for a in legal(screen) if a.kind == "battle")
    before = len(session.log)
    screen.table.choose(attack)
    blows = [e.data["roll"] for e in session.log[before:] if e.kind in ("hit", "miss")]
    assert blows, "the battle opened with a blow"
    tray, duel = screen.table.tray, screen.table.duel
    assert duel.alpha == 1.0 and set(attack.args) == {duel.frame.a, duel.frame.d}
    thrown, current = [], None
    for _ in range(2000):
        if tray.throw_ is not current and tray.throw_ is not None:
            current = tray.throw_
            thrown.append([d.result for d in current.dice])
        if not tray.rolling:
            break
        screen.root.update(1 / 30)
    assert [faces[0] for faces in thrown[-len(blows):]] == blows
    assert duel.faces  # the duel card shows the dice that landed



def test_focusing_an_action_button_lights_its_space_on_the_board(app_dirs):
    _, screen, _ = open_table(app_dirs, seed=2)
    play_until(screen, random.Random(2), lambda s: s.phase == "move" and not s.queue and any(
        a.kind == "move" for a in s.legal_actions(s.current)))
    table = screen.table
    target = named(table, "space.")[0]
    index = table.model.actions.index(target.action)
    while table.page != table.page_of(index):
        table.turn_page(1)
    button = next(b for b in table.buttons if b.name == f"action.{index}")
    screen.focus.set(table.widgets(), focus=button)
    screen.root.update(0.1)
    assert target.linked
    assert not any(t.linked for t in table.targets if t is not target
                   and getattr(t, "action", None) != target.action)


def test_the_duel_card_counts_health_down_blow_by_blow(app_dirs):
    _, screen, _ = open_table(app_dirs, seed=3, record=False)
    session = screen.session
    play_until(screen, random.Random(3), lambda s: s.phase == "battles" and not s.queue
               and any(a.kind == "battle" for a in s.legal_actions(s.current)), limit=3000)
    attack = next(a for a in legal(screen) if a.kind == "battle")
    health = {c: session.state.chars[c].hp for c in attack.args}
    before = len(session.log)
    screen.table.tray.skip()
    screen.table.choose(attack)
    duel, tray = screen.table.duel, screen.table.tray
    hits = [e for e in session.log[before:] if e.kind == "hit"]
    seen = [dict(duel.health)]
    for _ in range(2000):
        if not tray.rolling:
            break
        screen.root.update(1 / 30)
        if duel.health and duel.health != seen[-1]:
            seen.append(dict(duel.health))
    assert seen[0] == health  # before the first blow lands: health before the battle
    for hit in hits:  # then after each hit the target's health as that hit left it
        left = int(hit.text.rsplit("(health ", 1)[1].rstrip(")"))
        assert any(h.get(hit.data["target"]) == left for h in seen)
    assert duel.health == {}  # all landed: the view's health again


def test_a_hot_seat_hand_over_keeps_the_log_and_stands_everyone_still(app_dirs):
    _, screen, _ = open_table(app_dirs, seed=4, record=False)
    session = screen.session
    play_until(screen, random.Random(4), lambda s: len(s.on_board()) >= 2, limit=3000)
    table = screen.table
    screen.root.update(5.0)  # every hop finished
    places = {c: (f.x, f.y) for c, f in table.figures.items()}
    log = list(table.log)
    other = (screen.viewer + 1) % session.state.num_players
    screen.hand_over(other)
    assert table.log == log and table.model.viewer == other
    assert {c: (f.x, f.y) for c, f in table.figures.items()} == places
    assert not any(f.busy() for f in table.figures.values())


def test_a_click_on_a_lit_starting_space_puts_a_character_in_play(app_dirs):
    _, screen, chosen = open_table(app_dirs, seed=1)
    play_until(screen, random.Random(1), in_phase("place"))
    table = screen.table
    cards = named(table, "select.")  # several characters wait: choose one by its card
    assert len(cards) == len({a.args[0] for a in legal(screen) if a.kind == "enter"}) > 1
    click(screen, cards[0])
    spaces = named(table, "space.")
    assert spaces and chosen == []
    click(screen, spaces[0])
    assert len(chosen) == 1 and chosen[0].kind == "enter" and chosen[0] in legal(screen)
    assert chosen[0].args == (cards[0].name[7:], spaces[0].name[6:])


def test_a_foe_two_of_yours_can_reach_waits_for_the_attacker_to_be_chosen(app_dirs):
    def shared_foe(s):
        if s.phase != "battles" or s.queue:
            return False
        foes = [a.args[1] for a in s.legal_actions(s.current) if a.kind == "battle"]
        return any(foes.count(f) > 1 for f in foes)

    for seed in (4, 7, 3, 1):  # seeded games in which it happens early
        _, screen, chosen = open_table(app_dirs, players=2, seed=seed, setup={"army": "3"})
        try:
            play_until(screen, random.Random(seed), shared_foe, limit=300)
            break
        except AssertionError:
            continue
    else:
        raise AssertionError("no seeded game had a foe in reach of two characters")
    table = screen.table
    battles = [a for a in legal(screen) if a.kind == "battle"]
    foe = next(f for f in {a.args[1] for a in battles}
               if sum(a.args[1] == f for a in battles) > 1)
    assert not named(table, f"attack.{foe}")  # who attacks it is not yet known
    pick = next(t for t in named(table, "select.")
                if any(a.args == (t.name[7:], foe) for a in battles))
    click(screen, pick)
    click(screen, named(table, f"attack.{foe}")[0])
    assert chosen == [next(a for a in battles if a.args == (pick.name[7:], foe))]


def test_a_conquered_standee_stays_until_the_blows_have_landed(app_dirs):
    for seed in range(4, 64):  # seeded games: the first whose first battle
        # conquers after two blows
        _, screen, _ = open_table(app_dirs, seed=seed, record=False)
        session = screen.session
        try:
            play_until(screen, random.Random(seed), lambda s: s.phase == "battles"
                       and not s.queue and any(a.kind == "battle"
                                               for a in s.legal_actions(s.current)),
                       limit=1500)
        except AssertionError:
            continue
        table = screen.table
        before = len(session.log)
        attack = next(a for a in legal(screen) if a.kind == "battle")
        table.tray.skip()
        table.choose(attack)
        fallen = [e.data["char"] for e in session.log[before:] if e.kind == "conquered"]
        blows = [e for e in session.log[before:] if e.kind in ("hit", "miss")]
        if not fallen or len(blows) < 2:
            continue
        figure = table.figures.get(fallen[0])
        assert figure is not None and figure.alpha == 1.0  # the dice are still to land
        table.tray.skip()
        screen.root.update(2.0)
        assert fallen[0] not in table.figures and figure.parent is None
        return
    raise AssertionError("no seeded battle conquered anyone after two blows")


def test_the_log_tells_a_blow_only_once_its_die_has_landed(app_dirs):
    for seed in range(4, 64):  # the first seeded game whose first battle
        # takes two blows or more
        _, screen, _ = open_table(app_dirs, seed=seed, record=False)
        session = screen.session
        play_until(screen, random.Random(seed), lambda s: s.phase == "battles"
                   and not s.queue and any(a.kind == "battle"
                                           for a in s.legal_actions(s.current)), limit=1500)
        table = screen.table
        table.tray.skip()
        before, lines = len(session.log), len(table.log)
        table.choose(next(a for a in legal(screen) if a.kind == "battle"))
        blows = [e.text for e in session.log[before:] if e.kind in ("hit", "miss")]
        if len(blows) < 2:
            continue
        written = [t for t, _ in table.log[lines:]]
        assert blows[-1] not in written  # still to be thrown
        assert table.tray.caption in ("", "Rolling…") or table.tray.caption.endswith("rolls…")
        table.tray.skip()
        assert [t for t, _ in table.log[lines:]] == [e.text for e in session.log[before:]]
        return
    raise AssertionError("no seeded first battle took two blows")


def test_a_refresh_that_changes_nothing_keeps_the_still_layer(app_dirs):
    _, screen, _ = open_table(app_dirs, seed=2, record=False)
    play_until(screen, random.Random(2), in_phase("move"))
    table = screen.table
    layer = table.static_layer()
    screen.refresh()  # as when the AI starts thinking: the same position
    assert table.static_layer() is layer
    table.choose(legal(screen)[0])
    table.tray.skip()
    assert table.static_layer() is not layer


def test_the_half_board_shades_what_neither_army_may_reach(app_dirs):
    from game.tables.chaostle.board import draw_castle

    _, screen, _ = open_table(app_dirs, seed=2, setup={"half_board": "on"}, record=False)
    play_until(screen, random.Random(2), in_phase("move"))
    view = screen.session.state.view(screen.viewer)
    cam = screen.table.cam
    layer, castle = screen.table.static_layer(), draw_castle(view, cam)
    left, top = castle.get_rect(center=(round(cam.centre[0]), round(cam.centre[1]))).topleft
    shaded = set()
    for sid, space in view.board.spaces.items():
        x, y = cam.space_rect(space).center
        here, bare = layer.get_at((x, y))[:3], castle.get_at((x - left, y - top))[:3]
        if sum(here) < sum(bare) - 60:
            shaded.add(sid)
    reach = [view.rules_for(army[0]) for army in view.armies]
    for sid in view.board.spaces:
        ahead = [view.board.progress(sid, r.crown) for r in reach]
        open_ = any(p is None or p <= r.limit + 1e-6 for p, r in zip(ahead, reach, strict=True))
        assert (sid in shaded) == (not open_), sid
    assert shaded


@pytest.mark.parametrize("frame", ["LISTED", "OPEN"])
def test_no_space_tile_is_drawn_over_another(frame):
    """Every space's tile (the stairways' included, on all four sides) clears every other
    tile at the fitted zoom of both frames and zoomed all the way in: nothing is drawn over
    anything else on the castle."""
    from game.tables.chaostle import layout
    from rules.chaostle.board import board

    spaces = board().spaces
    for zoom in (1.0, layout.ZOOMS[-1]):
        cam = layout.Camera(getattr(layout, frame).board, zoom=zoom)
        rects = {sid: cam.space_rect(space) for sid, space in spaces.items()}
        for (a, ra), (b, rb) in itertools.combinations(rects.items(), 2):
            assert not ra.colliderect(rb), (zoom, a, b, ra.clip(rb).size)


@pytest.mark.parametrize("players", [2, 4, 6, 8])
def test_every_word_on_the_army_rows_and_draft_cards_is_12_pixels_or_more(app_dirs, players,
                                                                       monkeypatch):
    """The roster (names, seats, Sanctuary counts, character cards) and the draft's battle
    cards, in both frames: no text under 12 pixels."""
    from game.tables.chaostle import cards, parts

    setup = {"army": "2"} if players > 4 else {}
    _, screen, _ = open_table(app_dirs, players=players, seed=3, setup=setup)
    play_until(screen, random.Random(3), in_phase("move"), limit=2000)
    table, view = screen.table, screen.table.view
    surface = pygame.Surface((1280, 720))
    sizes = record_sizes(monkeypatch)
    for hidden in (False, True):
        table.list_hidden = hidden
        cards._CARDS.clear()
        parts._FACES.clear()
        table.draw_roster(surface, view)
        for cid in list(view.cards)[:4]:
            parts.draw_card_face(view.cards[cid], 108, 101)
            parts.draw_card_face(view.cards[cid], 151, 140)
    words = [content for _, content in sizes]
    assert any(view.player_name(seat) in " ".join(words) for seat in range(players))
    small = [(size, content) for size, content in sizes if size < 12]
    assert not small, small[:5]


def test_the_action_list_writes_every_choice_whole(app_dirs, monkeypatch):
    """The listed strip's buttons (keys 1-9) hold a long move ("Elven Archer: move 5 to
    north walkway 13 (with battle-card movement)") whole, on two lines where one is too
    short, at 12 pixels or more and in one size for the page: never cut with "…"."""
    _, screen, _ = open_table(app_dirs, seed=3, record=False)
    play_until(screen, random.Random(3), lambda s: s.phase == "move" and not s.queue
               and len(s.legal_actions(s.current)) >= 9, limit=2000)
    table = screen.table
    table.tray.skip()
    table.update(0.0)
    assert len(table.buttons) == 9
    surface = pygame.Surface((1280, 720))
    sizes = record_sizes(monkeypatch)
    for button in table.buttons:
        button.draw_self(surface, button.world_matrix(), 1.0)
    drawn = [content for _, content in sizes]
    lines = drawn + [f"{a} {b}" for a, b in zip(drawn, drawn[1:], strict=False)]
    assert any(len(b.label) > 45 for b in table.buttons)  # some need two lines
    for button in table.buttons:
        assert button.label in lines, (button.label, drawn)
    assert min(size for size, _ in sizes) >= 12
    assert len({size for size, _ in sizes}) == 1


def test_names_seat_kinds_and_the_turn_are_written_whole_at_eight_armies(app_dirs,
                                                                          monkeypatch):
    """No "…" where the words matter: every character's name on its draft card at both
    frames' card sizes (on two lines when one is too short), its type and weapons on its
    side of the duel card, the seat kind of a slim row at eight armies (the widest: "AI
    (random)"), every type on an army card of every size and the castle plaque's turn."""
    from game import theme
    from game.tables.chaostle import cards, parts
    from game.tables.chaostle import layout as lay
    from game.tables.chaostle.popups import DUEL_SIDE

    _, screen, _ = open_table(app_dirs, players=8, seed=3, setup={"army": "2"})
    play_until(screen, random.Random(3), in_phase("move"), limit=2000)
    table, view = screen.table, screen.table.view
    table.seat_kinds = ["AI (random)"] * 8
    written: list[str] = []
    original = theme.rendered

    def recording(content, size, *args, **kwargs):
        written.append(content)
        return original(content, size, *args, **kwargs)

    surface = pygame.Surface((1280, 720))
    monkeypatch.setattr(theme, "rendered", recording)
    for cid, card in view.cards.items():
        for w, h in ((108, 101), (151, 140)):
            written.clear()
            parts.draw_card_face(card, w, h)
            assert " ".join(written).count(card.name.split()[-1]) >= 1, (cid, w, written)
            assert not [t for t in written if "…" in t], (cid, w, written)
        written.clear()  # its side of the duel card: every weapon's name whole
        cards.duel_side(surface, pygame.Rect(0, 0, DUEL_SIDE, 206), view, cid, (200, 60, 60),
                        None, False, 1, True)
        assert {w.name for w in card.weapons} <= set(written), (cid, written)
        assert card.type in written and not [t for t in written if "…" in t], written
    for hidden in (False, True):
        table.list_hidden = hidden
        cards._CARDS.clear()
        written.clear()
        table.draw_roster(surface, view)
        table.draw_castle_plaque(surface, view)
        assert sum("AI (random)" in t for t in written) == 8, written
        assert not [t for t in written if "…" in t], written
        assert any(t.startswith(f"Turn {view.turns}") for t in written), written
        for armies in (2, 3, 4, 5, 6, 7, 8):  # every type on an army card of every size
            rect = lay.card_rect(table.frame.roster, armies, 0, 0, 3 if armies < 5 else 2)
            for cid, card in view.cards.items():
                cards._CARDS.clear()
                written.clear()
                cards.character_card(surface, rect, view, cid, (200, 60, 60), False)
                assert card.type in written, (armies, rect, written)


def test_a_fate_is_thrown_as_the_red_die_and_two_white_dice_with_what_they_came_to(app_dirs):
    """The red die lands on the column, the two white dice on faces adding up to the row;
    beside them, never under a die, the column and the row once the dice are at rest."""
    from game.tables.chaostle.tray import SIDE
    from rules.core import Event

    _, screen, _ = open_table(app_dirs, seed=2)
    table = screen.table
    table.tray.skip()
    event = Event("fate", "Card of Doom, column 4, row 9: Shark Attack", {"fate": "shark"})
    roll = table.dice_of(event)
    assert roll.faces[0] == 4 and sum(roll.faces[1:]) == 9 and len(roll.faces) == 3
    assert roll.colours[1] == roll.colours[2] != roll.colours[0]
    tray = table.tray
    table.throw(roll, event.text)
    for _ in range(400):
        rolling = tray.throw_ is not None and not all(d.settled for d in tray.throw_.dice)
        if not rolling and not tray.waiting and tray.landing is None:
            break
        assert tray.tally == ()  # nothing said before the dice show it
        for die in tray.throw_.dice:
            assert die.body.position.x < tray.w - SIDE  # no die in the tally's column
        tray.update(1 / 60)
    assert tray.shown_faces() == roll.faces
    assert tray.tally == (("column", 4), ("row", 9))


def test_the_fate_cards_write_every_fate_whole_at_12_pixels_or_more(monkeypatch):
    """The Card of Happiness and the Card of Doom as the pop-up draws them: every fate's
    name whole ("Torture Chamber" too), no word under 12 pixels."""
    from game.tables.chaostle.popups import FatePopup
    from rules.chaostle.fates import fate_table

    fates, _ = fate_table()
    written = record_sizes(monkeypatch)
    popup = FatePopup()
    for card in ("happiness", "doom"):
        fate = next(k for k, f in fates.items() if f.card == card)
        popup.show(fate, 1 if card == "happiness" else 4, 7)
        popup.render()
    words = {content for _, content in written}
    assert {f.name for f in fates.values()} <= words
    assert not [w for w in words if "…" in w]
    assert not [(size, w) for size, w in written if size < 12]


@pytest.mark.parametrize("seed", range(8))
def test_the_dice_tumble_over_in_the_air_and_land_on_the_rules_faces(seed):
    """A throw: the dice leave the felt and fall back bouncing, roll over a quarter turn at a
    time (the face coming up always one beside the face going down, never its opposite)
    and come to rest on the faces the rules drew; the tally only once they rest."""
    from game.tables.chaostle.tray import QueuedTray, Roll

    tray = QueuedTray(120, 70, 240, 104, seed=seed)
    faces = [seed % 6 + 1, (seed * 5 + 2) % 6 + 1, 6 - seed % 6]
    tray.throw_roll(Roll(faces, [(206, 70, 60)] * 3, (("total", sum(faces)),)), "",
                    lambda: None)
    tumbles = [tray.air[id(d)] for d in tray.throw_.dice]
    heights, turning, tops = set(), 0, [[t.top] for t in tumbles]
    frames = 0
    while tray.rolling:
        frames += 1
        assert frames < 60 * 4, "still rolling after four seconds"
        tray.update(1 / 60)
        for t, seen in zip(tumbles, tops, strict=True):
            heights.add(round(t.z))
            turning += t.part > 0
            if t.part > 0:  # the face coming up: one beside the top
                assert t.coming not in (t.top, 7 - t.top)
            if t.top != seen[-1]:
                assert t.top not in (seen[-1], 7 - seen[-1])
                seen.append(t.top)
        if tray._dice_moving():
            assert tray.tally == ()
    assert max(heights) > 20 and 0 in heights  # in the air, then down on the felt
    assert turning > 30 and all(len(seen) > 2 for seen in tops)  # rolled over, and again
    assert tray.shown_faces() == faces and all(t.done for t in tumbles)
    assert tray.tally == (("total", sum(faces)),)


def test_skipping_shows_the_dice_at_rest_on_their_faces_at_once():
    from game.tables.chaostle.tray import QueuedTray, Roll

    tray = QueuedTray(120, 70, 240, 104, seed=3)
    tray.throw_roll(Roll([2, 5], [(238, 232, 218)] * 2, ()), "", lambda: None)
    tray.throw_roll(Roll([6], [(238, 232, 218)], ()), "", lambda: None)
    for _ in range(5):
        tray.update(1 / 60)
    tray.skip()
    assert not tray.rolling and tray.shown_faces() == [6]
    assert all(t.done for t in tray.air.values())


def test_every_fate_row_splits_into_two_dice_faces():
    from game.tables.chaostle.motion import fate_roll

    for row in range(2, 13):
        faces = fate_roll(1, row).faces
        assert len(faces) == 3 and all(1 <= f <= 6 for f in faces[1:]) and sum(faces[1:]) == row


def test_two_movement_dice_are_thrown_as_two_dice_adding_up_to_the_roll(app_dirs):
    """Faster play 2 (or Double Dice): the rules give the movement roll as a sum only; the
    tray throws two dice that add up to it, the total beside them; a single die's roll is
    that die."""
    from rules.core import Event

    _, screen, _ = open_table(app_dirs, seed=2)
    table = screen.table
    for total in range(2, 13):
        roll = table.dice_of(Event("roll", f"Player 1 rolled {total} for movement (must)",
                                   {"roll": total, "player": 0}))
        assert len(roll.faces) == 2 and all(1 <= f <= 6 for f in roll.faces)
        assert sum(roll.faces) == total and roll.tally == (("total", total),)
    one = table.dice_of(Event("roll", "Player 1 rolled 4 for movement (must)",
                              {"roll": 4, "faces": [4], "player": 0}))
    assert one.faces == [4] and one.tally == ()


@pytest.mark.parametrize("players", [2, 3, 4, 6, 8])
def test_the_thinking_dot_turns_clear_of_the_names_and_the_cards(app_dirs, players):
    """The generic table's thinking dot (8 pixels round a point 118 in from the seat box's
    right) turns in the army's row past the longest name with its "TO PLAY" and clear of
    its cards and its Sanctuary words, in both frames; the waiting line names the player
    as the rules do."""
    from game import theme
    from game.tables.chaostle import layout as lay

    setup = {"army": "2"} if players > 4 else {}
    _, screen, _ = open_table(app_dirs, players=players, seed=3, setup=setup)
    play_until(screen, random.Random(3), in_phase("move"), limit=2000)
    table, view = screen.table, screen.table.view
    assert table.seat_names == [view.player_name(s) for s in range(players)]
    name = theme.font(14, "bold").size("Orange Queen")[0]
    tag = theme.font(12, "bold").size("TO PLAY")[0] + 10
    for hidden in (False, True):
        table.list_hidden = hidden
        for seat in range(players):
            box = table.seat_rect(seat)
            spot = pygame.Rect(0, 0, 24, 24)  # the dot (4) on its circle (8)
            spot.center = (box.right - 118, box.centery)
            row = lay.army_row(table.frame.roster, players, seat)
            assert row.contains(spot)
            slim = lay.compact(table.frame.roster, players)
            assert spot.left > row.x + 32 + name + (0 if slim else 10 + tag)
            for i in range(table.army_slots(view, seat)):
                assert not spot.colliderect(lay.card_rect(table.frame.roster, players, seat,
                                                          i, table.army_slots(view, seat)))
            if not slim:  # the Sanctuary count and the seat at the row's right
                words = theme.font(12).size("Sanctuary 0/1 · AI (random)")[0]
                assert spot.right < row.right - 10 - words


def test_the_two_standees_of_a_battle_face_off_on_the_castle(app_dirs):
    """While the duel card shows a battle its two standees are marked on the castle and
    drawn larger, in sight (the card stands over the roster, not over them); once the card
    has gone they are as before."""
    _, screen, _ = open_table(app_dirs, seed=3, record=False)
    play_until(screen, random.Random(3), lambda s: s.phase == "battles" and not s.queue
               and any(a.kind == "battle" for a in s.legal_actions(s.current)), limit=3000)
    attack = next(a for a in legal(screen) if a.kind == "battle")
    table = screen.table
    table.choose(attack)
    screen.root.update(0.1)
    screen.root.update(0.4)  # the two grow as the card pops up
    a, d = (table.figures[c] for c in attack.args)
    assert table.faceoff.fighters == (a, d) or table.faceoff.fighters == (d, a)
    assert a.scale > 1.1 and d.scale > 1.1
    others = [f for c, f in table.figures.items() if c not in attack.args]
    assert all(f.scale == 1.0 for f in others)
    card = table.duel.to_world()
    box = pygame.Rect(0, 0, table.duel.w, table.duel.h)
    box.center = (round(card[0]), round(card[1]))
    assert not any(box.collidepoint(f.x, f.y) for f in (a, d))  # the card hides neither
    session = screen.session
    while session.state.queue.find(Battle) is not None:  # the battle is ended or fought out
        seat = session.actor()
        actions = session.state.legal_actions(seat)
        end = [x for x in actions if x.kind in ("end_battle", "no_smoke")]
        events = session.submit(seat, end[0] if end else actions[0])
        table.show_events(events, screen.viewer)
        screen.refresh()
    for _ in range(600):  # its dice land, the card goes
        if table.duel.alpha == 0.0:
            break
        screen.root.update(1 / 10)
    else:
        raise AssertionError("the duel card never went")
    screen.root.update(1.0)
    assert table.faceoff.fighters is None
    assert all(f.scale == 1.0 for f in table.figures.values())


def test_a_doom_fate_is_read_then_acted_out_on_the_board(app_dirs):
    """A doom fate's card shows once its dice land and stays while it is read; only then
    does it go and what it does show on the castle (health, marks, a fall into a trap):
    until then the table holds the health and marks from before."""
    from game.tables.chaostle.motion import READ_TIME
    from rules.chaostle.fates import fate_table

    fates = fate_table()[0]
    for seed in range(1, 40):
        _, screen, _ = open_table(app_dirs, seed=seed, record=False)
        session, rng, table = screen.session, random.Random(seed), screen.table
        for _ in range(1500):
            seat = session.actor()
            if seat is None:
                break
            table.tray.skip()
            events = session.submit(seat, rng.choice(session.state.legal_actions(seat)))
            doom = [e for e in events if e.kind == "fate" and e.data.get("fate") in fates
                    and fates[e.data["fate"]].card == "doom"]
            screen.viewer = seat
            table.show_events(events, seat)
            screen.refresh()
            if not doom:
                continue
            shown = None  # seconds since the card popped up
            clock = 0.0
            while table.tray.rolling and clock < 30:
                if shown is None and table.fate.alpha == 1.0 and table.fate.fate == \
                        doom[0].data["fate"]:
                    shown = clock
                if shown is not None and clock - shown < READ_TIME - 0.1:
                    assert table.held  # what the fate does waits for the card to be read
                    assert table.fate.alpha == 1.0
                screen.root.update(1 / 20)
                clock += 1 / 20
            assert shown is not None and clock - shown >= READ_TIME - 0.1
            screen.root.update(0.5)
            assert table.fate.alpha < 0.5 and not table.held
            return
    raise AssertionError("no seeded game met a doom fate")


def test_no_two_armies_ever_share_a_colour():
    """Before the crowns are taken the armies wear their seats' colours (eight armies:
    eight colours); an army whose colour another takes with its crown moves to a free
    one, and a crowned army wears its crown's colour."""
    from game import theme
    from game.tables.chaostle.base import army_colours

    for players in range(2, 9):
        start = army_colours((None,) * players)
        assert len(set(start)) == players
        assert start[:4] == tuple(theme.SEAT_COLOURS[:players])
    after = army_colours((None, "Red", None, "Blue"))  # seats 1 and 3 took seat 0's and 1's
    assert after[1] == theme.NAMED_COLOURS["red"] and after[3] == theme.NAMED_COLOURS["blue"]
    assert len(set(after)) == 4 and after[2] == theme.NAMED_COLOURS["yellow"]
    assert army_colours(tuple(c.title() for c in ("black", "white", "purple", "orange", "green",
                                                  "yellow", "blue", "red"))) == \
        tuple(theme.NAMED_COLOURS[c] for c in ("black", "white", "purple", "orange", "green",
                                               "yellow", "blue", "red"))


def test_an_army_whose_colour_is_crowned_by_another_changes_colour(app_dirs):
    """On the table: the second player takes the crown of the first player's seat colour
    while the first has none yet; the two armies' colours differ at once."""
    from game import theme

    _, screen, _ = open_table(app_dirs, seed=1, record=False)
    play_until(screen, random.Random(1), in_phase("crown"))
    session, table = screen.session, screen.table
    seat = session.actor()
    other = 1 - seat
    worn = table.colour(other)
    assert worn == ChaostleTable.setup_colour(session.state, other)
    state = session.state
    same = next(a for a in state.legal_actions(seat)
                if theme.NAMED_COLOURS[state.board.crowns[a.args[0]].colour.lower()] == worn)
    session.submit(seat, same)
    screen.refresh()
    assert table.colour(seat) == worn and table.colour(other) != worn
