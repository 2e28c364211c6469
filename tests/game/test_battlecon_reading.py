"""Reading BattleCON's cards on the table: a hand card under the pointer rises with its whole
text (the zoom stays for a right-click), discard piles list whole names, each Unique
Ability piece opens in the zoom, and no text the table draws is under 12 px."""

from __future__ import annotations

import random

import pygame
import pytest

from game.assets import font
from game.tables.battlecon.faces import card_face
from game.tables.battlecon.parts import READ_BOUNDS, pile_name_rows
from game.tables.battlecon.reading import OFFER_W, READ_W, read_picture
from rules.battlecon.content import load
from rules.battlecon.kinds import Phase
from tests.game.table_helpers import record_sizes
from tests.game.test_battlecon_table import open_table, play_until

CONTENT = load()


def hover(screen, pos, seconds=0.6):
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0),
                                     buttons=(0, 0, 0)))
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                     buttons=(0, 0, 0)))
    for _ in range(round(seconds / 0.05)):
        screen.update(0.05)


def test_the_hand_card_under_the_pointer_rises_and_the_hover_zoom_stays_shut(app_dirs):
    screen, _ = open_table(app_dirs)
    play_until(screen, random.Random(1), lambda: screen.session.state.phase == Phase.SET)
    table = screen.table
    card = table.hand[2]
    hover(screen, card.to_world())
    assert card.read > 0.99
    assert all(c.read == 0 for c in table.hand if c is not card)
    assert table.zoom.showing is None  # the card reads itself: no second, larger copy
    assert table.zoom_now(card.to_world())  # a right-click still opens the zoom
    assert table.zoom.showing == card_face(card.card)
    hover(screen, (640, 700))  # the pointer leaves: the card sinks back
    assert card.read < 0.01


def test_the_keyboard_focus_reads_a_card_too(app_dirs):
    screen, _ = open_table(app_dirs)
    play_until(screen, random.Random(1), lambda: screen.session.state.phase == Phase.SET)
    table = screen.table
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t"))
    table.keyboard = True
    screen.focus.focus(table.hand[0])
    for _ in range(6):
        screen.update(0.05)
    assert table.hand[0].read > 0.99


@pytest.mark.parametrize("fighter", sorted(CONTENT.fighters))
def test_every_card_read_in_place_shows_its_whole_text(fighter):
    """Each style, base and Finisher of the kit (and the standard bases) fits the room it
    rises into, the Finisher at the setup's width: nothing of its text is left out."""
    ids = [cid for cid, card in CONTENT.cards.items()
           if card.get("fighter") in (fighter, None, "")
           and card.get("kind") in ("style", "base", "finisher")]
    assert ids
    for cid in ids:
        card = CONTENT.cards[cid]
        width = OFFER_W if card["kind"] == "finisher" else READ_W
        picture = read_picture(card_face(card), "", width)
        assert picture.get_height() <= READ_BOUNDS.h, card["name"]


def test_a_greyed_card_read_in_place_says_why():
    face = card_face(next(c for c in CONTENT.cards.values() if c.get("kind") == "base"))
    plain = read_picture(face, "", READ_W)
    greyed = read_picture(face, "A clash: only a new base can be set.", READ_W)
    assert greyed.get_height() > plain.get_height()


def test_discard_piles_list_every_name_whole(app_dirs):
    screen, _ = open_table(app_dirs)
    play_until(screen, random.Random(2), lambda: screen.session.state.beat_no >= 3
               and screen.session.state.phase == Phase.SET)
    table, view = screen.table, screen.table.view
    names = {c["name"] for c in CONTENT.cards.values() if c.get("kind") in ("style", "base")}
    for seat in range(2):
        for pile in (1, 2):
            rows = pile_name_rows(table.pile_rect(seat, pile), 2)
            assert len(rows) == 2
            assert max(font(12).size(n)[0] for n in names) <= rows[0].w
    spots = {r.topleft: f.title for r, f in table.zoom_spots()}
    for seat in range(2):
        pl = view.player(seat)
        rows = pile_name_rows(table.pile_rect(seat, 1), len(pl.discard1))
        assert [spots[r.topleft] for r in rows] == [view.card_name(c) for c in pl.discard1]


@pytest.mark.parametrize(("players", "teams"), [(4, "2v2"), (3, "2v1")])
def test_compact_discard_piles_show_each_name_whole_and_open_it(app_dirs, players, teams):
    from game.tables.battlecon.parts import pile_row_layout
    from tests.game.test_battlecon_team import open_team_table

    screen, _ = open_team_table(app_dirs, players, teams, seed=2)
    play_until(screen, random.Random(2), lambda: screen.session.state.beat_no >= 3
               and screen.session.state.phase == Phase.SET)
    table, view = screen.table, screen.table.view
    names = [c["name"] for c in CONTENT.cards.values() if c.get("kind") in ("style", "base")]
    widest = max(names, key=lambda n: font(12).size(n)[0])  # any pair of a style and a base
    base = max((c["name"] for c in CONTENT.cards.values() if c.get("kind") == "base"),
               key=lambda n: font(12).size(n)[0])
    spots = {r.topleft: f.title for r, f in table.zoom_spots()}
    seen = 0
    for seat in range(players):
        if view.player(seat).out:
            continue
        for pile in (1, 2):
            rect = table.pile_rect(seat, pile)
            assert rect.right <= table.plate(seat).right and rect.y > table.pair_rect(seat).bottom
            _, shown, more = pile_row_layout(rect, pile, [widest, base])
            assert more == 0 and [n for _, n in shown] == [widest, base]  # whole names
            ids = view.player(seat).discard1 if pile == 1 else view.player(seat).discard2
            _, laid, _ = pile_row_layout(rect, pile, [view.card_name(c) for c in ids])
            for (spot, name), cid in zip(laid, ids, strict=False):
                assert spot.right <= rect.right and spots[spot.topleft] == name \
                    == view.card_name(cid)  # each name opens its card
                seen += 1
        assert table.ua_area(seat).y >= table.pile_rect(seat, 2).bottom
    assert seen >= 4


@pytest.mark.parametrize("fighters", [("hayden", "lucida"), ("dareios", "trias"),
                                      ("amon", "cindra"), ("kimbhe", "dravil")])
def test_each_unique_ability_piece_opens_in_the_zoom(app_dirs, fighters):
    screen, _ = open_table(app_dirs, fighters)
    play_until(screen, random.Random(3), lambda: screen.session.state.phase == Phase.SET)
    table, view = screen.table, screen.table.view
    for seat in range(2):
        spots = table.material_spots(view, seat)
        ability = str(view.fighter(seat)["ua_name"])
        assert spots[0][1].title == ability
        pieces = [p for g in table.plate_pieces(view, seat) for p in g.pieces]
        assert len(spots) - 1 == len(pieces) or len(spots) > 1
        for _, face in spots[1:]:
            assert face.sections and all(words for _, words in face.sections)


@pytest.mark.parametrize("players,teams", [(2, None), (3, "2v1"), (4, "2v2")])
def test_no_text_on_the_table_is_under_12_px(app_dirs, monkeypatch, players, teams):
    from game.app import App
    from game.screens.table import TableScreen
    from game.session import Seat, Session

    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    setup: dict[str, object] = {"players": players}
    if teams:
        setup["teams"] = teams
    for k, fighter in enumerate(("trias", "dareios", "amon", "cindra")[:players]):
        setup[f"fighter.{k}"] = fighter
    session = Session.new("battlecon", setup, [Seat(True)] * players, 5)
    screen = app.stack.push(TableScreen(app, session))
    rng = random.Random(5)
    sizes = record_sizes(monkeypatch)
    surface = pygame.Surface((1280, 720))
    for _ in range(120):
        seat = session.actor()
        if seat is None:
            break
        screen.viewer = seat
        screen.refresh()
        screen.root.finish_animations()
        screen.table.draw_panels(surface)
        session.submit(seat, rng.choice(session.state.legal_actions(seat)))
    assert len(sizes) > 1000  # the table was drawn
    small = sorted({(s, w) for s, w in sizes if s < 12})
    assert not small, small[:10]


def test_each_plate_band_opens_the_fighters_kit_in_the_zoom(app_dirs):
    from game.cardface import ZOOM_MOST_H, ZOOM_W, fit_text
    from game.tables.battlecon.faces import kit_face

    screen, _ = open_table(app_dirs, ("cindra", "hayden"))
    play_until(screen, random.Random(2), lambda: screen.session.state.beat_no >= 3
               and screen.session.state.phase == Phase.SET)
    table, view = screen.table, screen.table.view
    for seat in range(2):
        plate = table.plate(seat)
        found = table.card_at((plate.x + 40, plate.y + 12))
        assert found is not None and found[1] == kit_face(view, seat)
        heads = [head for head, _ in found[1].sections]
        fighter = view.fighter(seat)
        assert len(heads) == len(fighter["styles"]) + 2  # the styles, Switch, the base
        pl = view.player(seat)
        own = set(fighter["styles"]) | {"switch", fighter["base"]}
        for cid in (c for c in pl.discard1 if c in own):
            assert any(h.startswith(view.card_name(cid)) and h.endswith("discard 1")
                       for h in heads)
    for fighter in sorted(CONTENT.fighters):  # every kit fits the zoom at 12 px or more
        screen, _ = open_table(app_dirs, (fighter, "wardlaw"))
        size, height, _ = fit_text(kit_face(screen.session.state, 0), ZOOM_W)
        assert size >= 12 and height <= ZOOM_MOST_H, fighter


def test_a_full_hand_names_every_card_whole(app_dirs):
    """Nine cards (the hand after the initial discards): the widest name of every kit
    (Impenetrable) fits the card's name room at 12 px."""
    screen, _ = open_table(app_dirs)
    play_until(screen, random.Random(1), lambda: screen.session.state.phase == Phase.SET)
    table = screen.table
    assert len(table.hand) == 9
    names = [c["name"] for c in CONTENT.cards.values() if c.get("kind") in ("style", "base")]
    widest = max(font(12).size(word)[0] for n in names for word in n.split())
    assert all(card.w - 2 >= widest for card in table.hand)
    from game.tables.battlecon.layout import HAND

    assert HAND.x < table.hand[0].home_x - table.hand[0].w / 2
    assert table.hand[-1].home_x + table.hand[-1].w / 2 < HAND.right  # inside the tray
