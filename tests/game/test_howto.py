"""How to play in sections: it opens at a section (scrolled there, highlighted), the search
narrows the sections (typing, Backspace, Esc), the turn diagram is laid out inside the
page, and a click on a line of the table's log opens How to play at the section of the
event behind that line; Esc comes back to the table as it was."""

from __future__ import annotations

import pygame
import pytest

from ai.agents import RandomAgent
from game import theme
from game.app import App
from game.screens.overlays import PauseScreen, RulesScreen, diagram_boxes, diagram_height
from game.screens.table import TableScreen
from game.session import Seat, Session
from rules.core import Match
from rules.registry import get_game
from tests.game.test_calm import calm, key, type_text

GAMES = ["battlecon", "biternia", "chaostle", "terrene"]


@pytest.fixture
def real_app(app_dirs):
    config, saves = app_dirs
    return App(config_dir=config, save_dir=saves)


def played(game_id: str, moves: int, seed: int = 4) -> Session:
    """A match ``moves`` seeded random decisions in, you at seat 1 (the AI at random)."""
    game = get_game(game_id)
    match = Match(game, game.default_setup(game.min_players), seed)
    agent = RandomAgent(seed)
    while match.decisions < moves and not match.over:
        if match.state.decision().is_chance:
            match.resolve_chance()
            continue
        seat = match.state.decision().players[0]
        match.submit(seat, agent.choose(match.state.view(seat), seat))
    seats = [Seat(True)] + [Seat(False, "random")] * (match.state.num_players - 1)
    return Session.from_match(match, seats)


def click(pos: tuple[int, int]) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=1))


@pytest.mark.parametrize("game_id", GAMES)
def test_how_to_play_opens_at_a_section_scrolled_there_and_highlighted(real_app, game_id):
    game = get_game(game_id)
    last = game.rules_sections()[-1].id  # the farthest down: the page must scroll to it
    rules = real_app.stack.push(RulesScreen(real_app, game_id, last))
    assert rules.highlight == last
    row = rules.section_row(last)
    assert row > 0 and rules.scroll > 0
    assert rules.scroll <= row < rules.scroll + rules.visible_lines()  # its title in sight
    assert rules.section_at_top() == last or rules.scroll == len(rules.lines) - \
        rules.visible_lines()
    calm(real_app)  # it draws (diagram, band and all) without error
    rules.open_section("__no_such_section__")  # an unknown id changes nothing
    assert rules.highlight == last
    top = real_app.stack.push(RulesScreen(real_app, game_id))
    assert top.highlight == "" and top.scroll == 0
    assert top.rows[1].kind == "diagram"  # the turn, drawn first


def test_the_search_narrows_the_sections_and_backspace_and_esc_widen_them(real_app):
    rules = real_app.stack.push(RulesScreen(real_app, "terrene"))
    everything = [s.id for s in rules.shown]
    type_text("decay")
    calm(real_app)
    assert rules.query == "decay"
    narrowed = [s.id for s in rules.shown]
    assert "decay" in narrowed and len(narrowed) < len(everything)
    assert all("decay" in s.plain().lower() for s in rules.shown)
    assert [link.name for link in rules.links] == [f"rules.section.{i}" for i in narrowed]
    type_text(" xyzzy")  # every word must be there: nothing is left
    calm(real_app)
    assert rules.shown == [] and rules.rows == []
    for _ in " xyzzy":
        key(pygame.K_BACKSPACE)
    calm(real_app)
    assert [s.id for s in rules.shown] == narrowed
    key(pygame.K_ESCAPE)  # Esc clears the search...
    calm(real_app)
    assert [s.id for s in rules.shown] == everything and real_app.stack.top is rules
    key(pygame.K_ESCAPE)  # ... then closes
    calm(real_app)
    assert real_app.stack.top is not rules


def test_a_section_link_jumps_to_its_section(real_app):
    rules = real_app.stack.push(RulesScreen(real_app, "battlecon"))
    link = next(w for w in rules.links if w.name == "rules.section.stun")
    link.activate()
    assert rules.highlight == "stun"
    assert rules.scroll <= rules.section_row("stun") < rules.scroll + rules.visible_lines()


def test_opening_a_section_the_search_hides_clears_the_search(real_app):
    rules = real_app.stack.push(RulesScreen(real_app, "chaostle"))
    rules.search("sanctuary")
    assert "setup" not in [s.id for s in rules.shown]
    rules.open_section("setup")
    assert rules.query == "" and rules.highlight == "setup"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_turn_diagram_fits_the_page(game_id):
    first = get_game(game_id).rules_sections()[0]
    for width in (560, 300):
        boxes = diagram_boxes(first.diagram, width)
        assert len(boxes) == len(first.diagram)
        assert all(0 <= b.x and b.right <= width for b in boxes)
        assert diagram_height(first.diagram, width, first.loop) > boxes[-1].bottom
    assert len({b.y for b in diagram_boxes(first.diagram, 300)}) > 1  # it wraps to rows


@pytest.mark.parametrize(("game_id", "moves", "seed"), [
    ("battlecon", 12, 4), ("biternia", 30, 4), ("chaostle", 20, 4), ("terrene", 20, 5)])
def test_a_click_on_a_log_line_opens_how_to_play_at_its_section(real_app, game_id, moves,
                                                                 seed):
    session = played(game_id, moves, seed)
    assert not session.over  # the table is in play, not under the result
    real_app.open_table(session)
    table_screen = real_app.stack.top
    assert isinstance(table_screen, TableScreen)
    calm(real_app, 3)
    table = table_screen.table
    rows = table.log_rows()
    assert rows, "the log shows lines"
    rect, text, _, entry = rows[-1]
    event = table_screen.log_event(entry)
    assert event is not None and event.text == table.log[entry][0] and event.section
    log_before = list(table.log)
    click(rect.center)
    calm(real_app)
    rules = real_app.stack.top
    assert isinstance(rules, RulesScreen)
    assert rules.game_id == game_id and rules.highlight == event.section
    assert rules.scroll <= rules.section_row(event.section) < rules.scroll + \
        rules.visible_lines() or rules.scroll == len(rules.lines) - rules.visible_lines()
    key(pygame.K_ESCAPE)
    calm(real_app)
    assert real_app.stack.top is table_screen and table.log == log_before  # nothing lost


def test_each_log_line_maps_to_its_own_event_even_when_texts_repeat(real_app):
    session = played("battlecon", 30)
    real_app.open_table(session)
    screen = real_app.stack.top
    seen = [e for e in session.log if e.visible(screen.viewer)]
    assert [t for t, _ in screen.table.log] == [e.text for e in seen]
    assert len({e.text for e in seen}) < len(seen)  # some texts repeat ("... passes.")
    for entry, event in enumerate(seen):
        assert screen.log_event(entry) is event
    assert screen.log_event(len(seen)) is None


def test_hovering_a_log_line_outlines_it_and_a_click_beside_the_log_does_nothing(real_app):
    session = played("chaostle", 10)
    real_app.open_table(session)
    screen = real_app.stack.top
    calm(real_app, 2)
    rect, _, _, entry = screen.table.log_rows()[0]
    assert screen.table.log_entry_at(rect.center) == entry
    assert screen.table.log_entry_at((rect.x - 20, rect.centery)) is None
    edge = (rect.x - 1, rect.centery)
    surface = pygame.Surface((1280, 720))
    screen.table.point_at(None)
    screen.table.draw_self(surface, None, 1.0)  # type: ignore[arg-type]
    assert surface.get_at(edge)[:3] != theme.BRASS
    screen.table.point_at(rect.center)
    screen.table.draw_self(surface, None, 1.0)  # type: ignore[arg-type]
    assert surface.get_at(edge)[:3] == theme.BRASS  # outlined
    click((rect.x - 20, rect.centery))
    calm(real_app)
    assert real_app.stack.top is screen


def test_the_pause_menu_reaches_how_to_play_and_its_search(real_app):
    session = played("biternia", 5)
    real_app.open_table(session)
    PauseScreen(real_app, real_app.stack.top).rules()
    rules = real_app.stack.top
    assert isinstance(rules, RulesScreen) and rules.game_id == "biternia"
    type_text("gold")
    calm(real_app)
    assert rules.query == "gold" and 0 < len(rules.shown) < len(rules.sections)


def test_a_save_holds_no_events_and_its_loaded_log_names_the_sections(tmp_path):
    session = played("terrene", 8, 5)
    path = tmp_path / "match.json"
    session.save(path)
    assert '"section"' not in path.read_text()  # actions only: an older save is the same
    loaded = Session.load(path)
    assert [e.text for e in loaded.log] == [e.text for e in session.log]
    assert all(e.section and e.section == loaded.game.event_section(e.kind)
               for e in loaded.log)
