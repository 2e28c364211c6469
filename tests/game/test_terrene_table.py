"""Terrene Odyssey's own table: it draws seeded positions in 1v1, 2v2 and the draft; a click
on a lit card (in the hand, on the table, offered in setup or in a draft pile) plays exactly
the legal action it stands for, or opens a menu of them; cards hidden from the viewer are
drawn as backs and a spectator sees no hand; cards move between views and attacks lunge."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pygame
import pytest

from game.app import App
from game.screens.overlays import PRIORITY_STOPS, SettingsScreen
from game.settings import Settings, load_settings, save_settings, settings_path
from game.tables import table_for
from game.tables.terrene import nodes
from game.tables.terrene.nodes import CardWidget
from game.tables.terrene.read import actions_on
from game.tables.terrene.table import TerreneTable
from rules.core import Action
from rules.terrene.content import cards
from rules.terrene.draft_match import DraftMatch
from tests.game.table_helpers import open_table as shared_open_table


def open_table(app_dirs, players=2, seed=1, setup=None, record=True):
    return shared_open_table(app_dirs, "terrene", {"players": players, **(setup or {})}, seed,
                             record)


def game_of(state):
    return state.game if isinstance(state, DraftMatch) else state


def play_until(screen, rng, done, limit=800, prefer=()):
    """Random legal moves (``prefer``red kinds first, never running away) until
    ``done(state)`` holds with a person to act; then show the table to that seat."""
    session = screen.session
    for _ in range(limit):
        seat = session.actor()
        assert seat is not None, "the match ended first"
        if done(session.state):
            show(screen, seat)
            return
        legal = [a for a in session.state.legal_actions(seat) if a.kind != "run"]
        liked = [a for a in legal if a.kind in prefer]
        events = session.submit(seat, rng.choice(liked or legal))
        screen.table.show_events(events, screen.viewer)
    raise AssertionError("never happened")


def resolve_chain(screen):
    """Let the chain resolve with the viewer kept: forced passes through the table's own
    automatic pass (the screen's advance), other choices as an explicit Pass."""
    session = screen.session
    for _ in range(100):
        g = game_of(session.state)
        if not g.chain or g.prompt is not None:
            return
        seat = session.actor()
        if TerreneTable.automatic(session.state, seat, True, screen.app.settings):
            screen.advance()
        else:
            screen.table.show_events(session.submit(seat, Action("pass")), screen.viewer)
            screen.refresh()
    raise AssertionError("the chain never resolved")


def show(screen, seat):
    screen.viewer = seat
    screen.table.reset_log(screen.session.log, seat)
    screen.refresh()


def click(screen, node):
    """Press and release the left button on the node, through the screen's own input."""
    screen.root.update(1.0)  # let moving cards settle where they are drawn
    pos = node.to_world()
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        screen.handle(pygame.event.Event(kind, pos=pos, button=1))


def legal(screen):
    return screen.session.state.legal_actions(screen.viewer)


def playing(state):
    g = game_of(state)
    return g is not None and g.phase == "play"


def drawn_live(app, card):
    """What ``card`` blits when drawn as it stands: (surface, world matrix) pairs."""
    drawn = []
    real = nodes.blit_transformed

    def spy(target, surf, world, alpha):
        drawn.append((surf, world))
        return real(target, surf, world, alpha)

    nodes.blit_transformed = spy
    try:
        card.draw_live(app.canvas, card.world_matrix(), 1.0)
    finally:
        nodes.blit_transformed = real
    return drawn


def test_terrene_has_its_own_table():
    assert table_for("terrene") is TerreneTable


@pytest.mark.parametrize("players", [2, 4])
def test_the_table_draws_seeded_positions_at_each_player_count(app_dirs, players):
    for seed, decisions in ((1, 0), (2, 30), (3, 90)):
        app, screen, _ = open_table(app_dirs, players, seed, record=False)
        rng = random.Random(seed)
        for _ in range(decisions):
            seat = screen.session.actor()
            if seat is None:
                break
            screen.session.submit(seat, rng.choice(screen.session.state.legal_actions(seat)))
        show(screen, screen.session.actor() if screen.session.actor() is not None else 0)
        app.compose(app.canvas)
        table, g = screen.table, screen.session.state.view(screen.viewer)
        assert set(table.units) == {u for party in g.party for u in party}
        own_hand = {u for u in g.zones["hand"][screen.viewer]} if g.phase != "party" else set()
        assert set(table.hand) == own_hand


def test_the_draft_draws_and_a_click_on_a_pile_card_drafts_it(app_dirs):
    app, screen, chosen = open_table(app_dirs, 4, 5, {"format": "draft"})
    seat = screen.session.actor()
    show(screen, seat)
    app.compose(app.canvas)
    cards = screen.table.draft_cards
    assert cards and all(c.lit for c in cards)
    click(screen, cards[0])
    assert len(chosen) == 1 and chosen[0] in legal(screen)
    assert chosen[0].kind == "draft_pick" and chosen[0].args[0] == cards_id(cards[0])


def cards_id(node):
    from rules.terrene.content import cards

    return next(cid for cid, c in cards().items() if c.name == node.look.name)


def test_a_click_on_an_offered_card_picks_it_for_the_party(app_dirs):
    app, screen, chosen = open_table(app_dirs, 2, 2)
    play_until(screen, random.Random(2), lambda s: any(
        a.kind.startswith("pick_") for a in s.legal_actions(s.decision().players[0])))
    offer = screen.table.offers[0]
    click(screen, offer)
    uid = int(offer.name.split(".")[1])
    assert chosen == [next(a for a in legal(screen) if a.args[:1] == (uid,))]


def test_a_hand_card_with_one_action_plays_it_and_with_several_opens_a_menu(app_dirs):
    app, screen, chosen = open_table(app_dirs, 2, 3)
    table = screen.table
    one = several = None
    rng = random.Random(3)
    for _ in range(400):
        play_until(screen, rng, playing, prefer=("end_turn", "pass", "no_block"))
        for uid in table.hand:
            count = len(actions_on(table.model.actions, uid, table.holder_of))
            if count == 1 and one is None:
                one = uid
            if count > 1 and several is None:
                several = uid
        if one is not None or several is not None:
            break
        seat = screen.session.actor()
        screen.session.submit(seat, rng.choice(legal(screen)))
    assert one is not None or several is not None
    if one is not None:
        click(screen, table.hand[one])
        assert chosen == actions_on(table.model.actions, one, table.holder_of)
        chosen.clear()
    if several is not None:
        wanted = actions_on(table.model.actions, several, table.holder_of)
        click(screen, table.hand[several])
        assert chosen == [] and table.menu is not None
        click(screen, table.menu.find("choice.1"))
        assert chosen == [wanted[1]] and table.menu is None


def test_a_click_on_an_attacker_offers_its_attacks(app_dirs):
    app, screen, chosen = open_table(app_dirs, 2, 4)
    table = screen.table
    play_until(screen, random.Random(4), lambda s: playing(s) and any(
        a.kind == "attack" for a in s.legal_actions(s.decision().players[0])),
        prefer=("recruit", "end_turn"), limit=2000)
    attack = next(a for a in legal(screen) if a.kind == "attack")
    uid = attack.args[0]
    wanted = actions_on(table.model.actions, uid, table.holder_of)
    assert table.units[uid].lit and attack in wanted
    click(screen, table.units[uid])
    if len(wanted) == 1:
        assert chosen == [attack]
    else:
        k = wanted.index(attack)
        click(screen, table.menu.find(f"choice.{k}"))
        assert chosen == [attack]


def test_every_legal_action_stays_a_button(app_dirs):
    app, screen, _ = open_table(app_dirs, 2, 6)
    play_until(screen, random.Random(6), lambda s: playing(s) and len(
        s.legal_actions(s.decision().players[0])) > 8, prefer=("recruit",), limit=2000)
    table, actions = screen.table, legal(screen)
    seen = []
    for page in range(table.pages):
        table.page = page
        table.build_buttons()
        seen += [b.name for b in table.buttons]
    assert seen == [f"action.{i}" for i in range(len(actions))]


def test_hidden_cards_stay_hidden_and_a_spectator_sees_no_hand(app_dirs):
    app, screen, _ = open_table(app_dirs, 2, 7)
    play_until(screen, random.Random(7), playing)
    table, state = screen.table, screen.session.state
    viewer = screen.viewer
    enemy = 1 - viewer
    hidden = [u for u in state.party[enemy] if not state.units[u].up]
    assert hidden, "the enemy starts with face-down characters"
    for uid in hidden:
        assert table.units[uid].look.name == ""
        card = state.units[uid].card
        if card is not None:
            assert table.units[uid].held == ("", False)
    enemy_names = {state.name(u) for u in state.zones["hand"][enemy]}
    drawn = {n.look.name for n in table.hand.values()}
    assert not drawn & enemy_names - {state.name(u) for u in state.zones["hand"][viewer]}
    own = [u for u in state.party[viewer] if not state.units[u].up]
    assert all(table.units[u].look.name == state.name(u) and table.units[u].look.hidden
               for u in own)
    focusable = [w for w in table.widgets() if isinstance(w, CardWidget)]
    assert all(table.units[u] not in focusable for u in hidden)  # no enlarged preview
    assert all(w.cid == state.cards[int(w.name.split(".")[1])] for w in focusable)
    show(screen, None)
    app.compose(app.canvas)
    assert table.hand == {} and table.inner is None
    assert all(table.units[u].look.name == "" for u in hidden + own)


def test_a_recruit_from_hand_moves_the_card_from_the_hand_to_the_row(app_dirs):
    app, screen, _ = open_table(app_dirs, 2, 8, record=False)
    table = screen.table
    play_until(screen, random.Random(8), lambda s: playing(s) and any(
        a.kind == "recruit" and s.cards[a.args[0]] is not None
        and a.args[0] in s.zones["hand"][s.decision().players[0]]
        for a in s.legal_actions(s.decision().players[0])),
        prefer=("end_turn",), limit=3000)
    screen.root.update(2.0)
    seat = screen.viewer
    action = next(a for a in legal(screen) if a.kind == "recruit"
                  and a.args[0] in screen.session.state.zones["hand"][seat])
    uid = action.args[0]
    start = (table.hand[uid].x, table.hand[uid].y)
    screen.choose(action)
    resolve_chain(screen)
    node = table.units[uid]
    assert (node.x, node.y) == start and node.tweens.busy
    screen.root.update(2.0)
    assert (round(node.x), round(node.y)) == tuple(round(v) for v in node.home)
    assert node.home != start


def test_an_action_spent_leaves_its_token_for_the_link_it_paid_for(app_dirs):
    """The turn's actions are tokens on the plate: a recruit (one action) takes the last
    one, which flies to the recruit's link on the chain and fades there."""
    app, screen, _ = open_table(app_dirs, 2, 8, record=False)
    table = screen.table
    play_until(screen, random.Random(8), lambda s: playing(s) and any(
        a.kind == "recruit" and a.args[0] in s.zones["hand"][s.decision().players[0]]
        for a in s.legal_actions(s.decision().players[0])),
        prefer=("end_turn",), limit=3000)
    screen.root.update(2.0)
    seat = screen.viewer
    left = game_of(screen.session.state).actions[seat]
    action = next(a for a in legal(screen) if a.kind == "recruit"
                  and a.args[0] in screen.session.state.zones["hand"][seat])
    screen.choose(action)
    g = game_of(screen.session.state)
    assert g.actions[seat] == left - 1
    tokens = [n for n in table.children if n.name == "token"]
    assert len(tokens) == 1
    token, link = tokens[0], g.chain[-1]
    assert (token.x, token.y) == table.action_pip(seat, left - 1)  # from the plate ...
    ends = {t.attr: t.end for t in token.tweens.tweens if t.attr in ("x", "y")}
    assert (ends["x"], ends["y"]) == table.link_spots[link.id]  # ... to the link
    screen.root.update(2.0)
    assert token.parent is None  # faded there


def test_an_attack_lunges_and_damage_rises_as_a_number(app_dirs):
    app, screen, _ = open_table(app_dirs, 2, 9, record=False)
    table = screen.table
    rng = random.Random(9)
    play_until(screen, rng, lambda s: playing(s) and any(
        a.kind == "attack" for a in s.legal_actions(s.decision().players[0])),
        prefer=("recruit", "end_turn"), limit=3000)
    screen.root.update(2.0)
    attack = next(a for a in legal(screen) if a.kind == "attack")
    node = table.units[attack.args[0]]
    screen.choose(attack)
    assert any(t.attr == "y" for t in node.tweens.tweens)
    hp_before = list(screen.session.state.hp)
    for _ in range(60):  # everyone passes and nobody blocks: the attack lands
        seat = screen.session.actor()
        state = screen.session.state
        if seat is None or state.hp != hp_before or state.phase != "play":
            break
        acts = state.legal_actions(seat)
        pick = next((a for a in acts if a.kind in ("pass", "no_block")), None)
        if pick is None:
            break
        table.show_events(screen.session.submit(seat, pick), screen.viewer)
        screen.refresh()  # the same viewer keeps watching
    state = screen.session.state
    assert state.hp != hp_before or state.battle is None
    floats = [n for n in table.children if n.name == "float"]
    assert floats


def test_a_battle_resolving_is_staged_on_the_cards(app_dirs):
    """The battle link resolving, shown on the position before it: the attacker moves to
    what it hits and back, the damage rises from the card hit or the player's heart, and
    the change between the views does not tell the same numbers again."""
    for seed in range(1, 30):
        app, screen, _ = open_table(app_dirs, 2, seed, record=False)
        try:
            play_until(screen, random.Random(seed), lambda s: playing(s) and s.chain and
                       s.chain[-1].kind == "battle", prefer=("attack", "block", "no_block"),
                       limit=3000)
        except AssertionError:
            continue
        break
    else:
        pytest.fail("no seeded game reached a battle on the chain")
    table, session = screen.table, screen.session
    screen.root.update(2.0)
    link = game_of(session.state).chain[-1]
    attacker = table.units[link.attacker]
    home = attacker.home
    for _ in range(20):  # everyone passes: the battle resolves
        seat = session.actor()
        events = session.submit(seat, Action("pass"))
        if any(e.kind in ("damage", "player_damage") for e in events):
            break
    else:
        pytest.fail("the battle never resolved")
    table.show_events(events, screen.viewer)  # the steps, the position before still shown
    moves = [t for t in attacker.tweens.tweens if t.attr in ("x", "y")]
    away = [t for t in moves if abs(t.end - home[0 if t.attr == "x" else 1]) > 5]
    assert away  # most of the way to what it hits
    tile = table.links[link.id]
    assert any(t.attr == "y" and t.end < tile.y for t in tile.tweens.tweens)  # it resolves
    words = {n.words for n in table.children if n.name == "float"}
    hits = [e for e in events if e.kind in ("damage", "player_damage")]
    for hit in hits:
        amount = int(hit.data["amount"])
        assert (f"-{amount}" if amount else "No damage") in words or \
            f"-{amount} overkill" in words
    before = len([n for n in table.children if n.name == "float"])
    screen.refresh()  # the position after: the same numbers do not rise again
    after = [n.words for n in table.children if n.name == "float"][before:]
    told = {f"-{int(h.data['amount'])}" for h in hits}
    assert not told & set(after)


def test_pointing_at_a_hand_card_opens_its_whole_text_large(app_dirs):
    """Readable cards: resting the pointer on a hand card opens the shared zoom with the
    card's full text, beside the card; moving off closes it."""
    app, screen, _ = open_table(app_dirs, 2, 10)
    play_until(screen, random.Random(10), lambda s: playing(s) and s.zones["hand"][
        s.decision().players[0]])
    table = screen.table
    card = next(iter(table.hand.values()))
    for at in ((640, 30), card.to_world()):  # the pointer comes from elsewhere
        screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    table.update(0.1)
    assert table.zoom.showing is None  # not at once: only after a short rest
    for _ in range(5):
        table.update(0.1)
    face = table.zoom.showing
    assert face is not None and face.title == cards()[card.cid].name
    assert any(cards()[card.cid].text in words for _, words in face.sections)
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 30), rel=(0, 0),
                                     buttons=(0, 0, 0)))
    table.update(0.05)
    assert table.zoom.showing is None


def test_the_hand_is_fanned_and_a_pointed_at_card_rises_upright_above_the_others(app_dirs):
    """The hand as a fan: the outer cards lean out and sit lower; pointing at a card (lit
    or greyed) puts it above its neighbours, risen and upright, and pointing at another
    lets it settle back into the fan."""
    app, screen, _ = open_table(app_dirs, 2, 10)
    play_until(screen, random.Random(10), lambda s: playing(s) and len(s.zones["hand"][
        s.decision().players[0]]) >= 3)
    table = screen.table
    table.update(1.0)
    cards_ = sorted(table.hand.values(), key=lambda c: c.x)
    first, last = cards_[0], cards_[-1]
    assert first.rotation < 0 < last.rotation  # leaning out at both ends
    assert first.y > min(c.y for c in cards_) and last.y > min(c.y for c in cards_)
    card = cards_[1]
    for at in ((640, 30), card.to_world()):  # the pointer comes from elsewhere
        screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    table.update(0.5)
    assert card.focused and card.z > max(c.z for c in cards_ if c is not card)
    _, world = drawn_live(app, card)[0]
    assert abs(world.rotation) < 0.5 and world.apply(0, 0)[1] <= card.y - nodes.FAN_LIFT + 1
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=last.to_world(), rel=(0, 0),
                                     buttons=(0, 0, 0)))
    table.update(0.5)
    assert not card.focused and card.z == card.rest_z and card.glow < 0.01
    assert last.focused and last.z > card.z


def test_the_chain_is_a_fan_of_tiles_that_come_and_go(app_dirs):
    app, screen, _ = open_table(app_dirs, 2, 11, record=False)
    table = screen.table
    play_until(screen, random.Random(11), lambda s: playing(s) and bool(s.chain),
               prefer=("recruit", "attack", "use"), limit=3000)
    state = screen.session.state
    assert set(table.links) == {link.id for link in state.chain}
    screen.root.update(1.0)
    xs = [table.links[link.id].x for link in state.chain]
    assert xs == sorted(xs)  # oldest on the left, the next to resolve on the right
    for _ in range(40):
        seat = screen.session.actor()
        if seat is None or not screen.session.state.chain:
            break
        acts = screen.session.state.legal_actions(seat)
        pick = next((a for a in acts if a.kind in ("pass", "no_block")), acts[0])
        table.show_events(screen.session.submit(seat, pick), screen.viewer)
        screen.refresh()
    assert not screen.session.state.chain and table.links == {}
    screen.root.update(1.0)
    assert not [n for n in table.children if n.name.startswith("link.")]


def test_a_hot_seat_hand_over_snaps_instead_of_replaying(app_dirs):
    app, screen, _ = open_table(app_dirs, 2, 12, record=False)
    table = screen.table
    play_until(screen, random.Random(12), lambda s: playing(s) and s.turn >= 3,
               prefer=("recruit", "attack", "end_turn"), limit=3000)
    screen.root.update(2.0)
    other = 1 - screen.viewer
    show(screen, other)
    moving = [n for n in [*table.units.values(), *table.hand.values()]
              if any(t.attr in ("x", "y") for t in n.tweens.tweens)]
    assert moving == [] and not [n for n in table.children if n.name == "float"]
    assert set(table.hand) == set(screen.session.state.zones["hand"][other])


def forced_pass(state):
    g = game_of(state)
    if g is None or g.phase != "play" or not g.chain:
        return False
    return [a.kind for a in state.legal_actions(state.decision().players[0])] == ["pass"]


def test_a_person_with_nothing_but_pass_is_passed_for_unless_they_stop_at_every_priority(
        app_dirs):
    """Priority (issue #12): the rules give every player each priority; the table passes at
    once for a person whose only action is Pass, unless their settings say "stop at every
    priority", and always for an AI seat."""
    app, screen, _ = open_table(app_dirs, 2, 11, record=False)
    play_until(screen, random.Random(11), forced_pass, prefer=("recruit", "attack"),
               limit=3000)
    session = screen.session
    seat, steps = session.actor(), len(session.match.record.steps)
    assert screen.viewer == seat and not app.settings.stop_at_every_priority  # the default
    app.change_settings(replace(app.settings, stop_at_every_priority=True))
    screen.advance()
    assert len(session.match.record.steps) == steps and session.actor() == seat
    assert [a.kind for a in screen.table.model.actions] == ["pass"]  # the stop is shown
    assert TerreneTable.automatic(session.state, seat, False, app.settings).kind == "pass"
    app.change_settings(replace(app.settings, stop_at_every_priority=False))
    screen.advance()
    assert len(session.match.record.steps) == steps + 1
    assert session.match.record.steps[-1] == (seat, Action("pass"))


def test_a_person_with_a_response_is_never_passed_for(app_dirs):
    """Priority: where a response is possible the person always chooses."""
    app, screen, _ = open_table(app_dirs, 2, 12, record=False)
    play_until(screen, random.Random(12), lambda s: playing(s) and game_of(s).chain and len(
        s.legal_actions(s.decision().players[0])) > 1, prefer=("recruit", "attack"),
               limit=3000)
    steps = len(screen.session.match.record.steps)
    assert TerreneTable.automatic(screen.session.state, screen.viewer, True,
                                  app.settings) is None
    screen.advance()
    assert len(screen.session.match.record.steps) == steps


def test_the_priority_setting_is_saved_and_checked(tmp_path):
    """The "stop at every priority" setting: off by default, saved, and type-checked."""
    path = settings_path(tmp_path)
    assert Settings().stop_at_every_priority is False
    wanted = replace(Settings(), stop_at_every_priority=True)
    assert save_settings(path, wanted) is None
    assert load_settings(path) == (wanted, None)
    path.write_text(json.dumps({"stop_at_every_priority": "yes"}))
    settings, warning = load_settings(path)
    assert settings == Settings() and "stop_at_every_priority" in warning


def test_the_settings_screen_switches_priority_stops(app_dirs):
    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    dialog = app.stack.push(SettingsScreen(app))
    dialog.set_priority_stops(PRIORITY_STOPS[1])
    assert app.settings.stop_at_every_priority
    dialog.set_priority_stops(PRIORITY_STOPS[0])
    assert not app.settings.stop_at_every_priority


def test_a_hand_card_pointed_at_rises_as_tall_as_its_whole_text(app_dirs):
    """A card whose text is cut in the fan rises, pointed at, to a picture as tall as its
    whole text, its foot where the risen card's foot is; the pointer may rest on its text
    (above the card's place in the fan) without it sinking."""
    from game.tables.terrene.cards import hand_height
    from game.tables.terrene.read import card_look

    app, screen, _ = open_table(app_dirs, 2, 11)
    play_until(screen, random.Random(11), lambda s: playing(s) and any(
        hand_height(card_look(c)) > 92 for c in (
            game_of(s).cards[u] for u in game_of(s).zones["hand"][s.decision().players[0]])))
    table = screen.table
    table.update(1.0)
    card = next(c for c in table.hand.values() if c.cut())
    for at in ((640, 30), card.to_world()):
        screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    table.update(0.5)
    assert card.risen() and card.glow > 0.99
    surf, world = drawn_live(app, card)[0]
    height, centre = surf.get_height(), world.apply(0, 0)[1]
    assert height == card.whole_height() + 6  # the whole text (and the card's frame)
    foot = centre + height / 2
    assert abs(foot - (card.y + card.h / 2 + 3 - nodes.FAN_LIFT)) <= 2
    near_top = (card.x, foot - height + 10)  # on its text, far above its place in the fan
    assert card.contains(*near_top)
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=near_top, rel=(0, 0),
                                     buttons=(0, 0, 0)))
    table.update(0.2)
    assert card.focused and card.risen()


def test_setup_offers_are_a_fanned_hand_picked_by_a_click_or_a_drag(app_dirs):
    """The opening plans and the cards offered at setup lie fanned like the hand (the
    outer ones leaning out); one dragged onto your side is picked, as a click picks it;
    your side is ringed while the drag lasts; dropped off the board, nothing happens."""
    from tests.game.test_terrene_direct import drag

    app, screen, chosen = open_table(app_dirs, 2, 4)
    play_until(screen, random.Random(4), lambda s: game_of(s).phase == "party")
    table = screen.table
    offers = sorted(table.offers, key=lambda c: c.x)
    assert len(offers) >= 2 and all(c.fanned for c in offers)
    assert offers[0].rotation < 0 < offers[-1].rotation
    card = offers[0]
    table.dragged(card, "start", card.to_world())
    assert table.side_ring
    table.dragged(card, "end", (1100, 700))
    assert not table.side_ring and chosen == []
    side = table.side(screen.viewer)
    drag(screen, card, (side.centerx, side.centery))
    assert chosen == list(card.leads) and len(chosen) == 1


def test_the_zoom_stays_shut_over_the_open_menu_and_while_a_card_is_dragged(app_dirs):
    """A card's zoom would cover the menu it opened (the pointer rests on the menu, over
    the card) or the places a dragged card can go: it stays shut then, and opens again
    on the card once the menu is closed."""
    app, screen, _ = open_table(app_dirs, 2, 3)
    rng = random.Random(3)
    play_until(screen, rng, lambda s: playing(s) and any(
        len(actions_on(tuple(s.legal_actions(s.decision().players[0])), u, {})) > 1
        for u in game_of(s).zones["hand"][s.decision().players[0]]),
        prefer=("end_turn", "pass", "no_block"))
    table = screen.table
    card = next(c for c in table.hand.values() if len(c.leads) > 1)
    at = card.to_world()
    assert table.card_at(at) is not None
    table.open_menu_for(at[0], at[1], list(card.leads))
    over = table.menu.box.center
    assert table.card_at(over) is None
    table.close_menu()
    table.dragged(card, "start", at)
    assert table.card_at(at) is None
    table.dragged(card, "end", (1100, 700))
    assert table.card_at(at) is not None


def test_ending_the_turn_early_asks_in_words_that_agree_with_the_number(app_dirs):
    app, screen, _ = open_table(app_dirs, 2, 3)
    play_until(screen, random.Random(3), lambda s: playing(s) and game_of(s).actions[
        s.decision().players[0]] > 0 and any(a.kind == "end_turn" for a in s.legal_actions(
            s.decision().players[0])), prefer=("end_turn", "pass", "no_block"))
    table = screen.table
    g, end = table.shown, Action("end_turn")
    for left, said in ((1, "1 action this turn; ending it gives it up"),
                       (3, "3 actions this turn; ending it gives them up")):
        g.actions[screen.viewer] = left
        assert said in table.caution(end)
