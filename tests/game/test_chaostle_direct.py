"""Direct play on Chaostle's table (issue #17): every legal action of every position has a
place on the table (a lit space, a standee, a card, a peg, the keep, the tray, a button on
the fate or duel card), no element leads to an illegal one, and clicking the narrowest
element that leads to an action (then the next, at most five clicks) plays exactly it."""

from __future__ import annotations

import random

import pytest

from game.selftest import MAX_CLICKS
from game.tables.chaostle.choice import end_space, move_path, mover, way
from rules.chaostle.kinds import Act
from tests.game.table_helpers import open_table as shared_open_table


def open_table(app_dirs, players=2, seed=1, setup=None):
    app, screen, chosen = shared_open_table(app_dirs, "chaostle",
                                            {"players": players, **(setup or {})}, seed)
    screen.table.list_hidden = True
    return app, screen, chosen


def show(screen, seat):
    """The table as the seat to act sees it, the strip settled as the table screen does."""
    screen.viewer = seat
    screen.refresh()


def click_to(table, chosen, action):
    """Click the narrowest table element leading to ``action`` until something is chosen;
    the clicks made, or None when no element leads to it."""
    for clicks in range(1, MAX_CLICKS + 1):
        offers = [w for w in table.table_widgets() if action in w.leads]
        if not offers:
            return None
        min(offers, key=lambda w: len(w.leads)).on_activate()
        if chosen:
            return clicks
    raise AssertionError(f"{MAX_CLICKS} clicks did not play {action}")


def play_until(screen, moving):
    """Random play (seeded) until the seat to act is moving and ``moving(state, seat)``;
    then the table shows it to that seat."""
    session, rng = screen.session, random.Random(2)
    for _ in range(3000):
        seat = session.actor()
        assert seat is not None, "the match ended first"
        state = session.state
        if state.phase == "move" and not state.queue and moving(state, seat):
            show(screen, seat)
            return
        session.submit(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("never happened")


def walk(app_dirs, players, seed, decisions, check):
    """Random play for ``decisions`` decisions; ``check(screen, chosen, seat, actions)`` at
    each one made by a seat (not chance)."""
    _, screen, chosen = open_table(app_dirs, players, seed)
    session, rng = screen.session, random.Random(seed)
    kinds = set()
    for _ in range(decisions):
        seat = session.actor()
        if seat is None:
            break
        actions = session.state.legal_actions(seat)
        show(screen, seat)
        check(screen, chosen, seat, actions)
        kinds |= {a.kind for a in actions}
        session.submit(seat, rng.choice(actions))
    return kinds


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (6, 3)])
def test_every_legal_action_has_a_place_on_the_table(app_dirs, players, seed):
    """Hidden, the action list lists nothing: the table leads to every legal action, and
    to nothing else."""
    def check(screen, chosen, seat, actions):
        table = screen.table
        assert table.UNPLACED == ()
        placed = table.placed()
        assert placed == set(actions), (set(actions) - placed, placed - set(actions))
        assert table.listed() == []

    kinds = walk(app_dirs, players, seed, 300, check)
    # the walk reached the draft, the crowns, entries, rolls, moves and battles
    assert {"pick", "crown", "enter", "roll", "move", "card", "battle"} <= kinds


@pytest.mark.parametrize("players,seed", [(2, 2), (6, 1)])
def test_clicking_the_table_plays_each_action_in_a_few_clicks(app_dirs, players, seed):
    """For every legal action in turn: click the narrowest element leading to it, then the
    next, until an action is chosen: it is exactly that one."""
    counts: dict[str, int] = {}

    def check(screen, chosen, seat, actions):
        table = screen.table
        for action in random.Random(len(actions)).sample(actions, min(6, len(actions))):
            chosen.clear()
            table.selected, table.way, table.choosing = None, None, ()
            table.mark_targets()
            clicks = click_to(table, chosen, action)
            assert clicks is not None, f"nothing on the table leads to {action}"
            assert chosen == [action]
            counts[str(action.kind)] = max(counts.get(str(action.kind), 0), clicks)
        chosen.clear()

    walk(app_dirs, players, seed, 300, check)
    assert counts.get("move", 0) >= 1 and counts.get("pick") == 1


def test_a_way_button_lights_the_spaces_that_way_reaches(app_dirs):
    """With the roll and the battle card both able to move, the way buttons show; 'Roll +
    card' lights only moves with battle-card movement added, each playing at a click (or
    asking which when one space is reached by several)."""
    _, screen, chosen = open_table(app_dirs, seed=2)
    session = screen.session
    play_until(screen, lambda s, seat: len({way(s, a) for a in s.legal_actions(seat)}
                                           - {""}) >= 2)
    table = screen.table
    buttons = {t.name: t for t in table.targets if t.name.startswith("way.")}
    assert len(buttons) >= 2
    name, button = next((n, b) for n, b in buttons.items())
    button.on_activate()
    assert table.way == name[4:] and chosen == []
    spaces = [t for t in table.targets if t.name.startswith("space.")]
    assert spaces
    for target in spaces:
        assert all(way(session.state, a) == table.way for a in target.leads)
        assert all(end_space(a) == target.name[6:] for a in target.leads)
    assert table.log_rect().top > table.ways_rect().bottom  # the log makes room


def test_hovering_a_space_shows_the_path_the_move_takes(app_dirs):
    _, screen, _ = open_table(app_dirs, seed=2)
    session = screen.session
    play_until(screen, lambda s, seat: any(a.kind == Act.MOVE for a in s.legal_actions(seat)))
    target = next(t for t in screen.table.targets if t.name.startswith("space.")
                  and t.leads[0].kind == Act.MOVE)
    action = target.leads[0]
    path = move_path(session.state, action)
    assert path[0] == session.state.space_of(mover(action)) and path[-1] == end_space(action)
    assert len(path) >= 2 and len(target.path) == len(path)


def test_a_battle_after_a_miss_asks_on_the_duel_card(app_dirs):
    """Fight on / End the battle are buttons on the duel card itself."""
    for seed in range(1, 40):
        _, screen, chosen = open_table(app_dirs, seed=seed)
        session, rng = screen.session, random.Random(seed)
        for _ in range(2500):
            seat = session.actor()
            if seat is None:
                break
            actions = session.state.legal_actions(seat)
            if any(a.kind == Act.FIGHT_ON for a in actions):
                show(screen, seat)
                table = screen.table
                buttons = {t.name: t for t in table.targets if t.name.startswith("duel.")}
                assert set(buttons) == {"duel.fight_on", "duel.end_battle"}
                assert table.duel.alpha > 0
                card = table.duel
                for button in buttons.values():
                    assert abs(button.x - card.x) < card.w / 2
                    assert abs(button.y - card.y) < card.h / 2
                buttons["duel.end_battle"].on_activate()
                assert chosen == [a for a in actions if a.kind == Act.END_BATTLE]
                return
            session.submit(seat, rng.choice(actions))
    raise AssertionError("no seeded game reached a miss")


def test_the_tray_keeps_its_words_above_the_dice_and_in_full(app_dirs):
    """What a roll did is written whole in a band the dice never roll over."""
    from game.tables.chaostle.layout import CAPTION_H
    from game.tables.chaostle.tray import Roll

    _, screen, _ = open_table(app_dirs, seed=2)
    tray, frame = screen.table.tray, screen.table.frame
    top = tray.to_world(0, -tray.h / 2)[1]
    assert top == frame.tray.y + CAPTION_H and tray.h == frame.tray.h - CAPTION_H
    words = "Purple Queen rolled 6 for movement (must) and it is a long line of words"
    screen.table.throw(Roll([6], [(200, 200, 200)], ()), words)
    screen.table.tray.skip()
    assert tray.caption == words


def test_each_trap_opens_its_name_and_rule_on_hover(app_dirs):
    _, screen, _ = open_table(app_dirs, seed=2)
    play_until(screen, lambda s, seat: True)
    spots = screen.table.zoom_spots()
    names = {face.title for _, face in spots if face.kind == "Trap"}
    assert names == {t.name for t in screen.session.state.board.traps.values()}
    assert all("rolls a die" in face.sections[0][1] for _, face in spots if face.kind == "Trap")


def test_a_dimmed_draft_card_says_why_it_cannot_be_chosen(app_dirs):
    """In a six-point draft the characters that would break the limit lie dimmed; resting
    on one, its zoomed card says why."""
    _, screen, _ = open_table(app_dirs, seed=3, setup={"draft": "six points"})
    session, rng = screen.session, random.Random(3)
    for _ in range(200):
        seat = session.actor()
        state = session.state
        if state.phase == "draft":
            show(screen, seat)
            dimmed = [t for t in screen.table.targets
                      if t.name.startswith("draft.") and not t.enabled]
            if dimmed:
                footer = dimmed[0].zoom_face().footer
                assert "six" in footer and footer.startswith("Not now")
                lit = next(t for t in screen.table.targets
                           if t.name.startswith("draft.") and t.enabled)
                assert lit.zoom_face().footer == ""
                return
        session.submit(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no dimmed card in the draft")


def test_the_roster_and_standees_keep_a_battles_outcome_until_its_dice_land(app_dirs):
    """The view knows at once how a battle ends; the army cards and the standees show the
    health before it until the blows land, then the view's."""
    for seed in range(3, 40):  # the first seeded game whose first battle draws blood at once
        _, screen, _ = shared_open_table(app_dirs, "chaostle", {"players": 2}, seed, False)
        session, rng = screen.session, random.Random(seed)
        for _ in range(3000):
            seat = session.actor()
            state = session.state
            if state.phase == "battles" and not state.queue and any(
                    a.kind == Act.BATTLE for a in state.legal_actions(seat)):
                break
            events = session.submit(seat, rng.choice(state.legal_actions(seat)))
            screen.table.show_events(events, screen.viewer)
        else:
            continue
        show(screen, seat)
        table = screen.table
        attack = next(a for a in session.state.legal_actions(seat) if a.kind == Act.BATTLE)
        before = {c: session.state.chars[c].hp for c in attack.args}
        table.tray.skip()
        table.choose(attack)
        after = {c: session.state.chars[c].hp for c in attack.args}
        if after != before and table.tray.rolling:
            break
    else:
        raise AssertionError("no seeded battle drew blood")
    view = table.view
    assert {c: table.shown_hp(view, c) for c in attack.args} == before
    table.update(0.0)
    for cid in attack.args:
        if cid in table.figures:
            assert table.figures[cid].health == before[cid] / view.max_hp(cid)
    table.tray.skip()
    table.update(0.0)
    assert {c: table.shown_hp(table.view, c) for c in attack.args} == \
        {c: max(0, hp) for c, hp in after.items()}


def test_with_the_list_hidden_the_castle_takes_the_whole_height(app_dirs):
    """The open frame: the castle square on the table's whole height, the roster, tray,
    log and slim strip beside it, none overlapping; the listed frame keeps the strip."""
    from game.tables.chaostle.layout import LISTED, OPEN

    _, screen, _ = open_table(app_dirs)
    table = screen.table
    assert table.frame is OPEN and table.STRIP.rect == OPEN.strip
    assert OPEN.board.h >= 650 and OPEN.board.w == OPEN.board.h
    parts = [OPEN.board, OPEN.roster, OPEN.tray.inflate(16, 16), OPEN.castle, OPEN.log,
             OPEN.strip]
    for k, a in enumerate(parts):
        assert a.clipline((0, 0), (0, 0)) == () and 0 <= a.x and a.right <= 1280
        assert a.bottom <= 720 and a.y >= 56
        for b in parts[k + 1:]:
            assert not a.colliderect(b), (a, b)
    table.list_hidden = False
    assert table.frame is LISTED and table.STRIP.rect == LISTED.strip


def test_the_wheel_zooms_the_castle_and_a_drag_pans_it(app_dirs):
    """Zoomed in round the pointer the standees stand on their spaces at the new scale, the
    targets zoomed out of sight hide (their moves then listed), a drag pans and Fit castle
    brings the whole castle back."""
    _, screen, _ = open_table(app_dirs, seed=2)
    play_until(screen, lambda state, seat: True)
    table, view = screen.table, screen.table.view
    fitted = table.cam.unit
    box = table.frame.board
    lit = next(t for t in table.targets if t.name.startswith("space."))
    corner = (box.x + 60 if lit.x > box.centerx else box.right - 60,
              box.y + 60 if lit.y > box.centery else box.bottom - 60)  # away from a lit space
    for _ in range(4):
        table.on_wheel(1, corner)
    assert table.cam.unit > fitted * 2.4 and table.fit_button.visible
    for cid, figure in table.figures.items():
        at = table.places[cid]
        assert (figure.x, figure.y) == pytest.approx(table.stand_point(view, at), abs=1)
        assert figure.visible == table.cam.shows((figure.x, figure.y))
    spaces = [t for t in table.targets if t.name.startswith("space.")]
    assert spaces and all(t.visible == table.cam.shows((t.x, t.y)) for t in spaces)
    assert any(not t.visible for t in spaces)  # the far side of the castle is out of sight
    hidden = {a for t in spaces if not t.visible for a in t.leads}
    assert not hidden & {a for w in table.table_widgets() if w.name.startswith("space.")
                         for a in w.leads}  # no space out of sight can be clicked
    before = table.cam.pan
    table.pan.drag_start(corner)
    table.pan.drag_move((corner[0] + 40, corner[1] + 30))
    table.pan.drag_end((corner[0] + 40, corner[1] + 30))
    assert table.cam.pan != before
    table.fit_button.activate()
    assert table.cam.unit == fitted and not table.cam.zoomed
    assert not table.fit_button.visible
    assert all(t.visible for t in table.targets if t.name.startswith("space."))
