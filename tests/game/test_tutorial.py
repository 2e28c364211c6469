"""Tutorials (issue #19): every shipped script replays through the rules with each step's
action legal and the only one its matcher picks; the table offers only the taught move and
refuses any other; explanations wait for Next; Leave asks first; after the script the match
is free play against the easy AI."""

from __future__ import annotations

import tomllib

import pytest

from game.tutorial import (
    Tutorial,
    TutorialError,
    available,
    current_step,
    replay,
    step_action,
    tutorial_path,
)
from rules import registry

SHIPPED = [g for g in registry.GAMES if available(g)]


def raw(game_id: str) -> dict:
    return tomllib.loads(tutorial_path(game_id).read_text(encoding="utf-8"))


def test_battlecon_ships_a_tutorial():
    assert "battlecon" in SHIPPED


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_step_replays_legal_and_unique_through_the_rules(game_id):
    tutorial = Tutorial.load(game_id)
    match = replay(tutorial)  # raises TutorialError naming the step that no longer fits
    assert not match.over, "the script ends the game: nothing is left for free play"
    person = [s for s in tutorial.steps if s.do == "teach"]
    assert person and all(tutorial.who(s, match.state.num_players) == tutorial.seat
                          for s in person)


@pytest.mark.parametrize("game_id", SHIPPED)
def test_every_step_names_a_section_of_the_game_and_says_why(game_id):
    """Each taught step and explanation names its rulebook section, one of the sections the
    tutorial lists (the rules help has no section ids yet: the list is the check), and every
    callout is one or two sentences of our own words."""
    tutorial = Tutorial.load(game_id)
    assert raw(game_id)["own_words"] is True
    for step in tutorial.steps:
        if step.do != "reply":
            assert step.rule in tutorial.sections, step
        sentences = [s for s in step.say.replace("!", ".").replace("?", ".").split(". ") if s]
        assert 1 <= len(sentences) <= 3, step.say
    assert set(tutorial.sections) == {s.rule for s in tutorial.steps if s.rule}


def test_a_rule_outside_the_sections_is_refused():
    data = raw("battlecon")
    data["steps"][0]["rule"] = "No Such Section"
    with pytest.raises(TutorialError, match="not in this tutorial's sections"):
        Tutorial.from_mapping(data, "battlecon.toml")


def test_a_script_the_rules_do_not_follow_fails_naming_the_step():
    data = raw("battlecon")
    third = next(i for i, s in enumerate(data["steps"]) if s.get("teach") == "set")
    data["steps"][third]["args"] = ["ashen", "no_such_base"]
    with pytest.raises(TutorialError, match=f"step {third + 1}: no legal action"):
        replay(Tutorial.from_mapping(data, "battlecon.toml"))


def test_a_matcher_that_picks_two_actions_is_refused():
    data = raw("battlecon")
    third = next(i for i, s in enumerate(data["steps"]) if s.get("teach") == "set")
    del data["steps"][third]["args"]  # every pair is a "set"
    with pytest.raises(TutorialError, match="legal actions have kind 'set'"):
        replay(Tutorial.from_mapping(data, "battlecon.toml"))


def test_explanations_wait_in_their_place():
    tutorial = Tutorial.load("battlecon")
    explain = next(s for s in tutorial.steps if s.do == "explain")
    before = sum(1 for s in tutorial.steps[: explain.index] if s.acts)
    assert current_step(tutorial, before, set()) is explain
    assert current_step(tutorial, before, {explain.index}) is not explain
    assert current_step(tutorial, len(tutorial.acting), set(range(99))) is None


# -- at the table ---------------------------------------------------------------------------
@pytest.fixture
def tutorial_screen(app_dirs):
    from game.app import App

    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, window=False)
    app.settings.animation_speed = 0
    app.open_tutorial("battlecon")
    screen = app.stack.top
    return app, screen


def test_the_table_offers_only_the_taught_move_and_refuses_others(tutorial_screen):
    app, screen = tutorial_screen
    from game.tutorial_screen import TutorialScreen

    assert isinstance(screen, TutorialScreen)
    step = screen.script_step()
    assert step.do == "teach"
    seat, taught = step_action(screen.tutorial, step, screen.session.state)
    assert screen.table.model.actions == (taught,)
    others = [a for a in screen.session.state.legal_actions(seat) if a != taught]
    assert others, "the first step has something else it could refuse"
    steps = screen.session.match.record.steps
    before = len(steps)
    screen.choose(others[0])
    assert len(steps) == before, "another legal move was played at a taught step"
    # the callout points at the table element that plays the move, beside it, not over it
    callout = screen.callout
    assert callout.visible and callout.targets and taught in callout.targets[0].leads
    from game.cardface import node_box

    assert not callout.box.colliderect(node_box(callout.targets[0]))
    screen.choose(taught)
    assert steps[before] == (seat, taught)


def test_an_explanation_offers_nothing_until_next(tutorial_screen):
    app, screen = tutorial_screen
    explain = next(s for s in screen.tutorial.steps if s.do == "explain")
    screen.skip_to(explain.index)
    assert screen.script_step() is explain
    assert screen.table.model.actions == ()
    assert screen.callout.next_button.visible
    screen.callout.next_button.activate()
    assert screen.script_step() is not explain


@pytest.mark.parametrize("game_id", SHIPPED)
def test_the_callout_covers_nothing_it_must_not_at_any_step(app_dirs, game_id):
    """At every step: a taught move's callout covers neither its target, the log, the
    table's pieces nor the listed action, whose words are read whole; an explanation's or a
    reply's box stays inside the strip (off the hand above it)."""
    from game import theme
    from game.app import App
    from game.cardface import node_box
    from game.tables.generic import showing
    from game.widgets import Widget

    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, window=False)
    app.settings.animation_speed = 0
    app.open_tutorial(game_id)
    screen = app.stack.top
    table = screen.table
    for index in range(len(screen.tutorial.steps)):
        screen.skip_to(index)
        step, box = screen.script_step(), screen.callout.box
        where = f"{game_id} step {index + 1}"
        if step.do != "teach":
            assert table.strip_rect().contains(box), where
            continue
        assert not box.colliderect(table.log_rect()), where
        assert all(not box.colliderect(rect) for rect, _ in table.zoom_spots()), where
        for node in table.walk():
            if isinstance(node, Widget) and showing(node) and node.leads:
                assert not box.colliderect(node_box(node)), f"{where}: over {node.name}"
        for button in table.buttons:
            words = theme.font(button.size, "bold").size(button.label)[0]
            assert words <= node_box(button).w - 20 or node_box(button).h >= 40, where


def test_leave_asks_first_then_goes_to_the_title(tutorial_screen):
    app, screen = tutorial_screen
    from game.screens.menus import TitleScreen
    from game.screens.overlays import ConfirmScreen

    screen.callout.leave.activate()
    assert isinstance(app.stack.top, ConfirmScreen)
    app.stack.top.yes()
    assert isinstance(app.stack.top, TitleScreen)


def test_after_the_script_it_is_free_play_against_easy(tutorial_screen):
    app, screen = tutorial_screen
    screen.skip_to(len(screen.tutorial.steps))
    assert screen.script_step() is None
    assert not screen.callout.visible
    seat = screen.tutorial.seat
    assert [s.level for i, s in enumerate(screen.session.seats) if i != seat] == ["easy"]
    legal = screen.session.state.legal_actions(screen.session.actor())
    assert len(screen.table.model.actions) == len(legal) > 1


def test_title_and_setup_screens_lead_to_the_tutorial(app_dirs):
    from game.app import App
    from game.screens.menus import SetupScreen, TitleScreen
    from game.tutorial_screen import TutorialScreen, TutorialsScreen

    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, window=False)
    title = app.stack.top
    assert isinstance(title, TitleScreen)
    title.widget("Learn to play").activate()
    assert isinstance(app.stack.top, TutorialsScreen)
    assert app.stack.top.widget("tutorial.battlecon").enabled
    app.stack.push(SetupScreen(app, "battlecon"))
    app.stack.top.widget("tutorial").activate()
    assert isinstance(app.stack.top, TutorialScreen)
