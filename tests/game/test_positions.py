"""Positions: the title screen lists each game's shipped scenarios and opens one at the
table; a match begun there saves and loads back to the same position."""

from __future__ import annotations

import pytest

from game.app import App
from game.screens.menus import TitleScreen
from game.screens.overlays import LoadScreen, PositionsScreen
from game.screens.table import TableScreen
from game.session import Session, SessionError
from rules import registry
from rules.core import Scenario


@pytest.fixture
def app(app_dirs):
    config, saves = app_dirs
    return App(config_dir=config, save_dir=saves)


def test_the_title_screen_opens_the_positions_of_each_game(app):
    title = app.stack.top
    assert isinstance(title, TitleScreen)
    title.widget("Positions").on_activate()
    screen = app.stack.top
    assert isinstance(screen, PositionsScreen)
    shipped = {g: registry.shipped_scenarios(g) for g in registry.available_games()}
    assert set(screen.by_game) == {g for g, files in shipped.items() if files}
    first = next(iter(screen.by_game))
    names = [b.name for b in screen.buttons]
    assert names == [f"position.{p.stem}" for p in shipped[first][: screen.per_page]]
    screen.picker.nudge(1)
    if len(screen.by_game) > 1:
        assert screen.picker.value != first
        assert [b.name for b in screen.buttons] != names


@pytest.mark.parametrize("game_id", [g for g in registry.available_games()
                                     if registry.shipped_scenarios(g)])
def test_a_position_opens_at_the_table_and_saves_and_loads(app, game_id):
    path = registry.shipped_scenarios(game_id)[0]
    app.open_positions()
    screen = app.stack.top
    while screen.picker.value != game_id:
        screen.picker.nudge(1)
    screen.widget(f"position.{path.stem}").on_activate()
    table = app.stack.top
    assert isinstance(table, TableScreen)
    built = registry.get_game(game_id).build_scenario(Scenario.read(path))
    start = table.session.match.record
    assert start.scenario == Scenario.read(path).to_mapping()
    assert table.session.match.state.state_hash() == _after_chance(built, table)
    deciding = built_decider(game_id, path)
    assert [s.human for s in table.session.seats] == [
        seat == deciding for seat in range(len(table.session.seats))]
    assert table.session.log[0].kind == "scenario"
    assert table.session.log[0].text.startswith(Scenario.read(path).title)
    app.frame(1 / 20)
    table.session.save(app.save_dir / "p.json")
    loader = app.stack.push(LoadScreen(app))
    loader.open(app.save_dir / "p.json")
    loaded = app.stack.top
    assert isinstance(loaded, TableScreen)
    assert loaded.session.match.state.state_hash() == table.session.match.state.state_hash()
    assert loaded.session.log[0].text == table.session.log[0].text


def built_decider(game_id: str, path) -> int:
    """The seat a shipped position asks to decide first (0 when chance decides first)."""
    decision = registry.get_game(game_id).build_scenario(Scenario.read(path)).decision()
    return decision.players[0] if not decision.is_chance else 0


def _after_chance(built, table) -> str:
    """The built position's hash once the chance the match resolved is applied too."""
    for player, action in table.session.match.record.steps:
        built.apply(player, action)
    return built.state_hash()


def test_a_bad_scenario_file_is_one_readable_error(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('game = "battlecon"\n[position]\nphase = "dancing"\n')
    with pytest.raises(SessionError, match="bad.toml: position.phase"):
        Session.from_scenario(bad, None, 1)
