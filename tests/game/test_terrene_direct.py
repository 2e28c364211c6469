"""Direct play on Terrene Odyssey's table (issue #18): every legal choice but the few with
no place on the table (``UNPLACED``) is led to by a table element — a card in the hand or on
the table, an offered card or opening plan, a side's terrain, an enemy's plate, a draft
card, "Complete my deck", the fixed End button — so the action list can be hidden."""

from __future__ import annotations

import random

import pytest

from game.tables.terrene.table import TerreneTable
from rules.terrene.kinds import Act
from tests.game.test_terrene_table import click, game_of, legal, open_table, play_until, show

UNPLACED = set(TerreneTable.UNPLACED)


def unplaced(screen):
    """The legal actions of the viewer that no table element leads to (and that have a
    place on the table)."""
    placed = screen.table.placed()
    return [a for a in legal(screen) if a.kind not in UNPLACED and a not in placed]


def walk(screen, rng, decisions):
    """Random legal moves (never running away), the table shown to each person deciding;
    yields before each move with the table showing it."""
    session = screen.session
    for _ in range(decisions):
        seat = session.actor()
        if seat is None:
            return
        show(screen, seat)
        yield
        actions = [a for a in legal(screen) if a.kind != Act.RUN] or legal(screen)
        events = session.submit(seat, rng.choice(actions))
        screen.table.show_events(events, screen.viewer)


@pytest.mark.parametrize(("players", "setup", "seed"), [
    (2, {}, 11), (2, {"format": "best of three"}, 12), (4, {}, 13), (4, {"format": "draft"}, 14)])
def test_every_choice_with_a_place_is_led_to_by_a_table_element(app_dirs, players, setup,
                                                                 seed):
    app, screen, _ = open_table(app_dirs, players, seed, setup)
    kinds: set[str] = set()
    for _ in walk(screen, random.Random(seed), 400):
        assert unplaced(screen) == []
        kinds |= {a.kind for a in legal(screen)}
    assert len(kinds - UNPLACED) >= 5  # the walk saw a real spread of choices


def test_with_the_list_hidden_only_the_unplaced_choices_are_listed(app_dirs):
    app, screen, _ = open_table(app_dirs, 2, 15)
    for _ in walk(screen, random.Random(15), 200):
        table = screen.table
        table.list_hidden = True
        table.settle_strip()
        listed = {table.model.actions[i].kind for i in table.listed()}
        assert listed <= UNPLACED
        table.list_hidden = False


def test_an_opening_plan_is_a_card_that_plays_it(app_dirs):
    app, screen, chosen = open_table(app_dirs, 2, 16)
    play_until(screen, random.Random(16), lambda s: any(
        a.kind == Act.OPENING for a in s.legal_actions(s.decision().players[0])))
    plans = [o for o in screen.table.offers if o.name.startswith("plan.")]
    openings = [a for a in legal(screen) if a.kind == Act.OPENING]
    assert len(plans) == len(openings) > 0
    face = plans[0].zoom_face()
    assert face is not None and face.title in str(openings[0])
    assert [h for h, _ in face.sections] == ["Terrain", "Party"]
    click(screen, plans[0])
    assert chosen == [openings[0]]


def test_the_enemy_plate_offers_the_attacks_on_that_player(app_dirs):
    app, screen, chosen = open_table(app_dirs, 2, 4)
    table = screen.table
    play_until(screen, random.Random(4), lambda s: game_of(s).phase == "play" and any(
        a.kind == Act.ATTACK and a.args[1] == -1
        for a in s.legal_actions(s.decision().players[0])),
        prefer=("recruit", "end_turn"), limit=2000)
    hits = [a for a in legal(screen) if a.kind == Act.ATTACK and a.args[1] == -1]
    plate = table.spots[f"player.{1 - screen.viewer}"]
    assert plate.leads == tuple(hits)
    assert f"player.{screen.viewer}" not in table.spots  # never your own plate
    click(screen, plate)
    if len(hits) == 1:
        assert chosen == hits
    else:
        assert chosen == [] and table.menu is not None
        click(screen, table.menu.find("choice.0"))
        assert chosen == [hits[0]]


def test_a_block_is_a_click_on_the_blocker_and_no_block_the_end_button(app_dirs):
    app, screen, chosen = open_table(app_dirs, 2, 3)
    table = screen.table
    play_until(screen, random.Random(3), lambda s: any(
        a.kind == Act.BLOCK for a in s.legal_actions(s.decision().players[0])),
        prefer=("recruit", "attack", "end_turn", "pass"), limit=3000)
    block = next(a for a in legal(screen) if a.kind == Act.BLOCK)
    assert block in table.units[block.args[0]].leads
    no = next(a for a in legal(screen) if a.kind == Act.NO_BLOCK)
    assert table.end_button.visible and table.end_button.leads == (no,)
    assert table.end_button.label == "Take the hit"
    click(screen, table.end_button)
    assert chosen == [no]


def test_deck_building_completes_the_deck_with_a_button(app_dirs):
    app, screen, chosen = open_table(app_dirs, 4, 17, {"format": "draft"})
    play_until(screen, random.Random(17), lambda s: any(
        a.kind == Act.DECK_AUTO for a in s.legal_actions(s.decision().players[0])),
        prefer=("draft_pick",), limit=3000)
    button = screen.table.auto_button
    auto = next(a for a in legal(screen) if a.kind == Act.DECK_AUTO)
    assert button.visible and button.leads == (auto,)
    assert all(c.leads and c.leads[0].kind == Act.DECK_ADD and c.zoom_face() is not None
               for c in screen.table.draft_cards)
    click(screen, button)
    assert chosen == [auto]


def test_the_terrain_leads_to_its_abilities_and_the_terrains_to_switch_to(app_dirs):
    """Some seeded game reaches a terrain ability or a switch: the viewer's terrain spot
    leads to exactly those, and shows the terrain in the zoom."""
    for seed in range(20, 40):
        app, screen, _ = open_table(app_dirs, 2, seed, record=False)
        for _ in walk(screen, random.Random(seed), 300):
            g, me = game_of(screen.session.state.view(screen.viewer)), screen.viewer
            if g is None or g.phase != "play" or g.active_terrain[me] is None:
                continue
            mine = g.active_terrain[me]
            wanted = [a for a in legal(screen) if (a.kind == Act.USE and a.args[0] == mine)
                      or (a.kind == Act.TERRAIN and a.args[0] in g.zones["terrains"][me])]
            if wanted:
                spot = screen.table.spots[f"terrain.{me}"]
                assert list(spot.leads) == wanted
                assert spot.zoom_face() is not None
                return
    pytest.fail("no seeded game reached a terrain's ability or a switch")


def test_dismissing_asks_first_unless_the_oversupply_forces_it(app_dirs):
    """Dismiss and dismissing a character's card cannot be taken back: they ask first (the
    last character says the game is lost); a dismissal the oversupply forces does not."""
    asked = {}
    for seed in range(40, 60):
        app, screen, _ = open_table(app_dirs, 2, seed, record=False)
        for _ in walk(screen, random.Random(seed), 300):
            table = screen.table
            g = table.shown
            for action in legal(screen):
                if action.kind not in (Act.DISMISS, Act.DISMISS_CARD):
                    continue
                forced = g.prompt is not None and g.prompt.kind == "oversupply"
                warning = table.caution(action)
                asked[(action.kind, forced)] = warning
                if forced:
                    assert warning is None
                else:
                    assert warning is not None
                    assert "cannot be undone" in warning or "lose the game" in warning
        if {(Act.DISMISS, False), (Act.DISMISS_CARD, False)} <= set(asked):
            return
    pytest.fail(f"the seeded games never offered both dismissals: {sorted(asked)}")


def test_a_greyed_hand_card_says_why_on_its_zoom(app_dirs):
    """While the viewer decides, a hand card with no legal play is greyed and its zoom says
    why, whole (a section of its own, not a foot line that would end in "…"); a lit card
    has no reason."""
    for seed in range(60, 80):
        app, screen, _ = open_table(app_dirs, 2, seed, record=False)
        for _ in walk(screen, random.Random(seed), 300):
            hand = screen.table.hand.values()
            for card in hand:
                assert bool(card.why) == (not card.lit and bool(legal(screen)))
            grey = [c for c in hand if c.why]
            if grey:
                face = grey[0].zoom_face()
                assert face is not None
                assert face.sections[-1] == ("Cannot be played now", grey[0].why)
                return
    pytest.fail("no seeded game greyed a hand card")


def drag(screen, node, to):
    """Press on ``node``, move with the button held to ``to`` and let go there."""
    import pygame

    screen.root.update(1.0)
    start = node.to_world()
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0),
                                     buttons=(0, 0, 0)))
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for t in (0.3, 0.7, 1.0):
        pos = (start[0] + (to[0] - start[0]) * t, start[1] + (to[1] - start[1]) * t)
        screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(1, 0, 0)))
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to, button=1))


def reach(app_dirs, done, prefer, seeds=range(1, 30)):
    """The table of the first seeded game where ``done`` comes (random play, ``prefer``red
    kinds first), shown to the seat deciding then; clicks and drops are recorded."""
    for seed in seeds:
        app, screen, chosen = open_table(app_dirs, 2, seed)
        try:
            play_until(screen, random.Random(seed), done, prefer=prefer, limit=3000)
        except AssertionError:
            continue
        return screen, chosen
    pytest.fail("no seeded game reached the position")


def test_a_card_dragged_onto_a_character_is_assigned_to_it(app_dirs):
    screen, chosen = reach(app_dirs, lambda s: game_of(s).phase == "play" and any(
        a.kind == Act.ASSIGN for a in s.legal_actions(s.decision().players[0])),
        ("recruit", "hide"))
    table = screen.table
    assign = next(a for a in legal(screen) if a.kind == Act.ASSIGN)
    card, holder = table.hand[assign.args[0]], table.units[assign.args[1]]
    drag(screen, card, holder.to_world())
    both = [a for a in card.leads if a in holder.leads]
    assert assign in both
    if len(both) == 1:
        assert chosen == [assign]
    else:
        assert chosen == [] and table.menu is not None
    assert not any(getattr(n, "target", False) for n in table.table_widgets())


def test_an_attacker_dragged_onto_the_enemy_plate_attacks_the_player(app_dirs):
    screen, chosen = reach(app_dirs, lambda s: game_of(s).phase == "play" and any(
        a.kind == Act.ATTACK and a.args[1] == -1
        for a in s.legal_actions(s.decision().players[0])), ("recruit", "end_turn"))
    table = screen.table
    attack = next(a for a in legal(screen) if a.kind == Act.ATTACK and a.args[1] == -1)
    attacker = table.units[attack.args[0]]
    plate = table.spots[f"player.{1 - screen.viewer}"]
    table.dragged(attacker, "start", attacker.to_world())
    assert plate.target  # lit as a place to drop it
    table.dragged(attacker, "end", attacker.to_world())
    chosen.clear()
    drag(screen, attacker, plate.to_world())
    assert chosen == [attack]


def recruit_from_hand(app_dirs):
    """A table where the viewer may recruit a character from their hand, and that
    recruit."""
    screen, chosen = reach(app_dirs, lambda s: game_of(s).phase == "play" and any(
        a.kind == Act.RECRUIT and a.args[0] in game_of(s).zones["hand"][
            s.decision().players[0]] for a in s.legal_actions(s.decision().players[0])),
        ("end_turn", "pass", "no_block"))
    recruit = next(a for a in legal(screen) if a.kind == Act.RECRUIT
                   and a.args[0] in screen.table.hand)
    return screen, chosen, recruit


def test_a_hand_character_dropped_on_your_side_offers_recruit_and_hide(app_dirs):
    screen, chosen, recruit = recruit_from_hand(app_dirs)
    table = screen.table
    card = table.hand[recruit.args[0]]
    side = table.side(screen.viewer)
    spot = (side.right - 260, side.bottom - 10)  # empty felt of your side
    drag(screen, card, spot)
    wanted = [a for a in card.leads if a.kind in (Act.RECRUIT, Act.HIDE, Act.TERRAIN)]
    assert recruit in wanted
    if len(wanted) == 1:
        assert chosen == wanted
    else:
        assert chosen == [] and table.menu is not None
        assert [b.leads for b in table.menu.children if b.leads] == [(a,) for a in wanted]
    chosen.clear()
    table.close_menu()
    drag(screen, card, (BOARD_OFF[0], BOARD_OFF[1]))  # dropped off the table: nothing
    assert chosen == [] and table.menu is None


BOARD_OFF = (1100, 700)


def test_defense_decay_is_marked_on_the_blocker_until_it_wears_off(app_dirs):
    from game.tables.terrene.read import unit_look

    screen, _ = reach(app_dirs, lambda s: game_of(s).phase == "play" and any(
        u.up for u in game_of(s).units.values()), ("recruit",))
    g = screen.table.shown  # the viewer's own copy of the position
    uid = next(u for party in g.party for u in party if g.units[u].up)
    assert "decay" not in unit_look(g, uid).badges
    g.units[uid].decay = 1
    look = unit_look(g, uid)
    assert "decay" in look.badges and look.decay == 1


def test_an_action_token_dragged_onto_a_card_spends_it_there_and_a_card_onto_a_token(
        app_dirs):
    """The viewer's action tokens are pieces: one dragged onto a hand character recruits it
    (the free hide is not what a token buys), a card dragged onto a token does the same;
    while a token moves, the cards that spend it are ringed; a token leads to nothing of
    its own, so the direct-play finder still points at the card."""
    from game.tables.terrene.read import action_cost

    screen, chosen, recruit = recruit_from_hand(app_dirs)
    table = screen.table
    g = table.shown
    assert len(table.tokens) == min(g.actions[screen.viewer], 8) > 0
    token, card = table.tokens[0], table.hand[recruit.args[0]]
    assert not token.leads and recruit in token.spends
    assert all(action_cost(g, screen.viewer, a) > 0 for a in token.spends)
    assert table.lead_widget(recruit) is not token
    table.dragged(token, "start", token.to_world())
    assert card.target and not any(t.target for t in table.tokens)
    table.dragged(token, "end", (1100, 700))
    assert chosen == [] and not card.target
    drag(screen, token, card.to_world())
    assert chosen == [recruit]
    chosen.clear()
    drag(screen, card, table.tokens[-1].to_world())
    assert chosen == [recruit]
