"""Screens: the stack, keyboard paths, setup defaults, table flow, hot-seat, save/load."""

from __future__ import annotations

import json
import time
from dataclasses import replace

import pygame
import pytest

from game.app import App
from game.screens.base import Screen, ScreenStack
from game.screens.menus import GameSelectScreen, SetupScreen, TitleScreen
from game.screens.overlays import (
    ConfirmScreen,
    LoadScreen,
    MessageScreen,
    PassDeviceScreen,
    PauseScreen,
    ResultScreen,
)
from game.screens.table import TableScreen
from game.session import Seat, Session
from rules.core import Action


def press(app: App, key: int, frames: int = 2) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    for _ in range(frames):
        app.frame(1 / 20)


def run(app: App, frames: int) -> None:
    for _ in range(frames):
        app.frame(1 / 20)


def settle(app: App, most: int = 400) -> None:
    """Frames until no table is still showing a resolution step by step."""
    for _ in range(most):
        if not any(getattr(s, "staged", None) for s in app.stack.screens):
            return
        app.frame(1 / 20)
    raise AssertionError("the resolution never finished")


@pytest.fixture
def app(only_dice_race, app_dirs):
    config, saves = app_dirs
    return App(config_dir=config, save_dir=saves)


class Recorder(Screen):
    def __init__(self, app, name, consume, modal=True):
        super().__init__(app)
        self.name, self.consume, self.modal, self.seen = name, consume, modal, []

    def handle(self, event):
        self.seen.append(event.type)
        return self.consume


def test_stack_push_pop_replace_and_reset(app):
    stack = ScreenStack()
    a, b, c = Screen(app), Screen(app), Screen(app)
    stack.push(a)
    stack.push(b)
    assert stack.top is b
    stack.replace(c)
    assert stack.screens == [a, c]
    assert stack.pop() is c and stack.top is a
    stack.reset(b)
    assert stack.screens == [b]


def test_input_goes_down_the_stack_until_consumed_or_blocked(app):
    stack = ScreenStack()
    bottom = stack.push(Recorder(app, "bottom", True))
    middle = stack.push(Recorder(app, "middle", False, modal=False))
    top = stack.push(Recorder(app, "top", False, modal=False))
    assert stack.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    assert top.seen and middle.seen and bottom.seen
    middle.modal = True
    bottom.seen.clear()
    assert not stack.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    assert not bottom.seen


def test_return_three_times_starts_a_match_of_the_first_game(app):
    assert isinstance(app.stack.top, TitleScreen)
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, GameSelectScreen)
    press(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, SetupScreen)
    press(app, pygame.K_RETURN)
    table = app.stack.top
    assert isinstance(table, TableScreen) and table.session.game.id == "dicerace"
    assert [s.human for s in table.session.seats] == [True, False]


def test_coming_games_are_shown_but_not_focusable(app):
    select = app.stack.push(GameSelectScreen(app))
    tiles = [w for w in select.root.walk() if w.name.startswith("game.")]
    assert [t.name for t in tiles] == ["game.dicerace", "game.battlecon", "game.biternia",
                                       "game.chaostle", "game.terrene"]
    assert [t.enabled for t in tiles] == [True, False, False, False, False]
    assert all(w.enabled for w in select.focus.widgets)


def test_setup_offers_players_seats_and_per_seat_options(app):
    setup = app.stack.push(SetupScreen(app, "dicerace"))
    assert setup.focus.current.name == "start"  # Return starts with the defaults
    setup.widget("players").nudge(1)
    assert setup.players == 3
    assert setup.widget("token.2") is not None and setup.widget("seat2") is not None
    setup.widget("seat1").nudge(-1)
    assert setup.seat_choice[1] == "AI · easy"
    assert setup.setup() == {"players": 3, "track": "12", "variant": "plain",
                             "token.0": "Hare", "token.1": "Tortoise", "token.2": "Fox"}


def test_tab_and_arrows_move_focus_and_left_right_change_a_value(app):
    setup = app.stack.push(SetupScreen(app, "dicerace"))
    start = setup.focus.current
    press(app, pygame.K_TAB)
    assert setup.focus.current is not start
    setup.focus.focus(setup.widget("track"))
    press(app, pygame.K_RIGHT)
    assert setup.values["track"] == "20"


def start_table(app: App, seats: list[Seat], setup: dict | None = None, seed: int = 5):
    session = Session.new("dicerace", setup or {"players": len(seats)}, seats, seed)
    table = app.stack.push(TableScreen(app, session))
    run(app, 1)
    if isinstance(app.stack.top, PassDeviceScreen):
        press(app, pygame.K_RETURN)
    return table


def test_generic_table_lists_every_legal_action_and_pages_when_many(app):
    table = start_table(app, [Seat(True), Seat(True)], {"players": 2, "variant": "many"})
    session = table.session
    session.submit(0, session.state.legal_actions(0)[0])
    session.submit(1, session.state.legal_actions(1)[0])
    table.refresh()
    actions = session.state.legal_actions(0)
    assert len(actions) > 12 and table.table.pages == -(-len(actions) // 9)
    assert [b.name for b in table.table.buttons] == [f"action.{i}" for i in range(9)]
    press(app, pygame.K_PAGEDOWN)
    names = [b.name for b in table.table.buttons]
    assert names == [f"action.{i}" for i in range(9, min(18, len(actions)))]


def test_number_keys_play_the_action_on_that_button(app):
    table = start_table(app, [Seat(True), Seat(False, "random")])
    press(app, pygame.K_2)
    assert table.session.match.record.steps[0][1].args == (2,)


def test_ai_thinks_in_a_worker_and_chance_is_resolved(app):
    table = start_table(app, [Seat(True), Seat(False, "random")])
    press(app, pygame.K_1)
    deadline = time.monotonic() + 20  # the worker thread's pace is the machine's
    while 1 not in [p for p, _ in table.session.match.record.steps] \
            and time.monotonic() < deadline:
        run(app, 1)
        time.sleep(0.01)
    run(app, 20)
    settle(app)
    kinds = [p for p, _ in table.session.match.record.steps]
    assert 1 in kinds and -1 in kinds  # the AI pledged and a die was rolled
    assert any(text.startswith("Hare 1 rolled") for text, _ in table.table.log)


def test_dice_events_are_thrown_in_the_tray(app):
    table = start_table(app, [Seat(True), Seat(True)])
    table.choose(table.table.model.actions[0])
    settle(app)
    run(app, 1)
    press(app, pygame.K_RETURN)  # pass the device
    table.choose(table.table.model.actions[0])
    settle(app)  # the pledges and the reveal, step by step; then the die is rolled
    run(app, 2)
    assert table.table.tray.throw_ is not None
    run(app, 80)
    roll = table.session.state.d["roll"]
    assert table.table.tray.shown_faces() == [roll]


def test_hot_seat_starts_behind_the_pass_screen(app):
    session = Session.new("dicerace", {"players": 2}, [Seat(True), Seat(True)], 1)
    table = app.stack.push(TableScreen(app, session))
    assert table.viewer is None and not table.table.model.actions
    run(app, 1)
    assert isinstance(app.stack.top, PassDeviceScreen) and table.viewer == 0
    press(app, pygame.K_RETURN)
    assert app.stack.top is table and table.my_turn()


def test_hot_seat_hides_the_table_between_human_seats(app):
    table = start_table(app, [Seat(True), Seat(True)])
    table.choose(table.table.model.actions[2])  # Hare 1 pledges 3 in secret
    settle(app)
    run(app, 1)
    assert isinstance(app.stack.top, PassDeviceScreen) and table.viewer == 1
    assert app.stack.top.opaque
    texts = [t for t, _ in table.table.log]
    assert "Hare 1 pledged 3" not in texts and "Hare 1 has pledged in secret" in texts
    panels = {p.title: p.lines for p in table.table.panels}
    assert panels["Your pledge"][0] == "not yet made"


def test_simultaneous_choices_are_gathered_seat_by_seat(app):
    table = start_table(app, [Seat(False, "random"), Seat(True)])
    run(app, 10)
    assert table.session.actor() == 1 and table.my_turn()
    table.choose(table.table.model.actions[0])
    assert table.session.state.d["phase"] != "pledge"


def test_esc_opens_pause_and_resign_shows_the_result(app):
    table = start_table(app, [Seat(True), Seat(False, "random")])
    press(app, pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScreen) and not pause.opaque
    pause.resign()
    confirm = app.stack.top
    assert isinstance(confirm, ConfirmScreen), "resigning asks before it acts"
    assert not table.session.over
    confirm.yes()
    run(app, 3)
    result = app.stack.top
    assert isinstance(result, ResultScreen) and result.title == "Defeat"
    assert table.session.outcome().scores == (0.0, 1.0)


def test_every_way_out_of_a_match_asks_first_and_cancel_loses_nothing(app):
    """Safe actions: resign, quit to title and quit game each confirm; Cancel (the focused
    button, and Esc) leaves the match as it was."""
    table = start_table(app, [Seat(True), Seat(False, "random")])
    steps = list(table.session.match.record.steps)
    for name in ("resign", "to_title", "quit"):
        press(app, pygame.K_ESCAPE)
        pause = app.stack.top
        assert isinstance(pause, PauseScreen)
        getattr(pause, name)()
        confirm = app.stack.top
        assert isinstance(confirm, ConfirmScreen), name
        assert confirm.focus.current is not None and confirm.focus.current.name == "confirm.no"
        press(app, pygame.K_RETURN)  # Return on the focused Cancel
        assert app.stack.top is pause and app.running
        press(app, pygame.K_ESCAPE)  # back to the table
        assert app.stack.top is table
    assert not table.session.over and table.session.match.record.steps == steps


def test_save_then_load_replays_the_record(app):
    table = start_table(app, [Seat(True), Seat(False, "random")])
    press(app, pygame.K_1)
    run(app, 20)
    pause = app.stack.push(PauseScreen(app, table))
    pause.save()
    saved = app.last_save
    data = json.loads(saved.read_text())
    assert data["format"] == "tabletop-arena-match" and data["meta"]["seats"][1]["human"] is False
    loader = app.stack.push(LoadScreen(app))
    loader.open(saved)
    loaded = app.stack.top
    assert isinstance(loaded, TableScreen) and loaded is not table
    steps = table.session.match.record.steps
    assert loaded.session.match.record.steps[: len(steps)] == steps
    assert loaded.session.log[: len(table.session.log)] == table.session.log


@pytest.mark.parametrize("content", ["not json{", json.dumps({"format": "other"}),
                                     json.dumps({"format": "tabletop-arena-match", "version": 1,
                                                 "game": "dicerace", "setup": {"players": 2},
                                                 "seed": 1,
                                                 "steps": [[0, {"kind": "fly", "args": []}]]})])
def test_a_bad_save_shows_a_readable_message(app, app_dirs, content):
    saves = app_dirs[1]
    saves.mkdir(parents=True, exist_ok=True)
    bad = saves / "bad.json"
    bad.write_text(content)
    loader = app.stack.push(LoadScreen(app))
    loader.open(bad)
    message = app.stack.top
    assert isinstance(message, MessageScreen) and "bad.json" in message.message
    assert "Traceback" not in message.message


def test_window_scaling_is_letterboxed(app):
    app.window = pygame.display.set_mode((1000, 1000))
    vp = app.viewport()
    assert vp.w == 1000 and vp.h == round(720 * 1000 / 1280) and vp.y > 0
    x, y = app.to_logical(app.to_window((640, 360)))
    assert (round(x), round(y)) == (640, 360)


def test_drawing_the_table_changes_nothing_and_update_clamps_scrolling(app):
    table = start_table(app, [Seat(True), Seat(False, "random")])
    generic = table.table
    generic.panel_scroll, generic.log_scroll = 10_000, 10_000
    before = (generic.panel_scroll, generic.log_scroll, generic.page, len(generic.log),
              table.session.state.state_hash())
    app.compose(app.canvas)
    after = (generic.panel_scroll, generic.log_scroll, generic.page, len(generic.log),
             table.session.state.state_hash())
    assert after == before
    generic.update(0.0)
    assert generic.panel_scroll == 0 and generic.log_scroll == 0


def test_a_resting_pointer_does_not_steal_the_keyboard_focus(app):
    title = app.stack.top
    load = title.widget("Load game")
    x, y = load.to_world()
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))
    title.handle(motion)  # the window opened under the pointer
    assert title.focus.current.name == "Play"
    moved = pygame.event.Event(pygame.MOUSEMOTION, pos=(x + 30, y), rel=(30, 0),
                               buttons=(0, 0, 0))
    title.handle(moved)
    assert title.focus.current is load


def test_a_failing_game_shows_a_message_and_stops_instead_of_crashing(app, monkeypatch, capsys):
    table = start_table(app, [Seat(True), Seat(False, "random")])
    state = table.session.state

    def broken(player, action):
        raise KeyError("pledge_box")

    monkeypatch.setattr(state, "_apply", broken)
    table.choose(table.table.model.actions[0])
    message = app.stack.top
    assert isinstance(message, MessageScreen) and table.stuck
    assert "KeyError" in message.message and "save" in message.message
    assert table.session.match.record.steps == []
    press(app, pygame.K_RETURN)
    press(app, pygame.K_ESCAPE)
    assert isinstance(app.stack.top, PauseScreen)
    assert "Traceback" in capsys.readouterr().err


def test_quitting_mid_match_keeps_an_autosave_that_loads(app, app_dirs):
    table = start_table(app, [Seat(True), Seat(False, "random")])
    press(app, pygame.K_1)
    run(app, 10)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    run(app, 1)
    assert not app.running
    autosave = app_dirs[1] / "autosave-dicerace.json"
    assert autosave.exists() and app.last_save == autosave
    steps = table.session.match.record.steps
    assert Session.load(autosave).match.record.steps[: len(steps)] == steps


def test_a_game_that_cannot_start_says_why_on_the_setup_screen(app, monkeypatch, dice_race):
    setup = app.stack.push(SetupScreen(app, "dicerace"))

    def broken(setup_, seed):
        raise ValueError("track.toml is missing")

    monkeypatch.setattr(dice_race, "new_state", broken)
    setup.start()
    assert app.stack.top is setup
    assert setup.error == "Dice Race could not start: ValueError: track.toml is missing"


def test_the_load_list_names_game_moves_and_damaged_files(app, app_dirs):
    from game.screens.overlays import describe_save

    table = start_table(app, [Seat(True), Seat(False, "random")])
    press(app, pygame.K_1)
    pause = app.stack.push(PauseScreen(app, table))
    pause.save()
    title, detail = describe_save(app.last_save)
    moves = sum(1 for player, _ in table.session.match.record.steps if player >= 0)
    word = "move" if moves == 1 else "moves"
    assert title == "Dice Race" and f" · {moves} {word} · {app.last_save.name}" in detail
    bad = app_dirs[1] / "broken.json"
    bad.write_text("{")
    assert describe_save(bad)[1].endswith("cannot be read")
    loader = app.stack.push(LoadScreen(app))
    assert loader.widget(f"save.{app.last_save.stem.lower()}") is not None


def test_play_again_starts_a_fresh_match_with_the_same_seats(app):
    table = start_table(app, [Seat(True), Seat(False, "random")], {"players": 2, "track": "20"})
    table.resign()
    run(app, 2)
    result = app.stack.top
    assert isinstance(result, ResultScreen)
    result.again()
    fresh = app.stack.top
    assert isinstance(fresh, TableScreen) and fresh.session is not table.session
    assert fresh.session.seats == table.session.seats
    assert fresh.session.match.setup["track"] == "20" and not fresh.session.over


def test_a_game_whose_package_fails_shows_as_broken(app, monkeypatch, dice_race, capsys):
    from rules import registry

    def load(game_id):
        if game_id == "chaostle":
            raise ValueError("castle.toml: field 'hp' is missing")
        return dice_race if game_id == "dicerace" else None

    monkeypatch.setattr(registry, "_load", load)
    select = app.stack.push(GameSelectScreen(app))
    tile = select.widget("game.chaostle")
    assert tile.stamp == "BROKEN" and not tile.enabled
    assert select.widget("game.biternia").stamp == "COMING"
    assert "castle.toml" in capsys.readouterr().err


def test_setup_cycler_shows_the_option_label_not_its_id():
    """A per-seat choice reads as a name (BattleCON's fighter ids show as fighter names)."""
    from game.widgets import Cycler
    from rules.registry import get_game

    game = get_game("battlecon")
    opt = next(o for o in game.setup_options(2) if o.key == "fighter")
    cycler = Cycler(0, 0, 200, 40, "", opt.choices, opt.choices[0], show=opt.label_of)
    assert cycler.show(cycler.value) != cycler.value
    assert cycler.show("amon") == "Amon Elcela"


@pytest.mark.parametrize(("game_id", "key"), [("battlecon", "fighter"), ("terrene", "deck")])
def test_setup_says_what_each_fighter_or_deck_is(app_dirs, game_id, key):
    """Setup shows what is being chosen: every fighter and deck has a line of its own, and
    the focused choice's picture, name and line are drawn under the seats."""
    from rules.registry import get_game

    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    opt = next(o for o in get_game(game_id).setup_options(2) if o.key == key)
    notes = [opt.note_of(c) for c in opt.choices]
    assert all(notes) and len(set(notes)) == len(notes)
    setup = app.stack.push(SetupScreen(app, game_id))
    cycler = setup.widget(f"{key}.0")
    setup.focus.focus(cycler)
    cycler.nudge(1)
    drawn = pygame.Surface(app.canvas.get_size())
    setup.draw_about(drawn)
    assert drawn.get_bounding_rect().h > 20  # the picture and the line were drawn
    assert cycler.picture is not None and cycler.picture(cycler.value, 30).get_size() == (30, 30)


def test_a_resolution_is_shown_step_by_step_and_nobody_acts_meanwhile(app):
    """Pacing (staged resolution): what one action causes shows one step at a time, each
    step in the strip and fresh in the log, the table keeping its position until the last
    step; no one may act (nor the AI move) until it has been shown."""
    table = start_table(app, [Seat(True), Seat(True)])
    table.choose(table.table.model.actions[0])
    settle(app)
    run(app, 1)
    press(app, pygame.K_RETURN)  # pass the device to the second pledger
    logged = len(table.table.log)
    table.choose(table.table.model.actions[0])  # both have pledged: the reveal follows
    steps = len(table.session.match.record.steps)
    assert len(table.staged) >= 2, "the reveal is several steps"
    assert table.table.model.actions == () and not table.my_turn()
    run(app, 1)
    assert len(table.table.log) == logged + 1  # the first step only
    first = table.table.log[-1][0]
    assert table.table.stage_text == first
    table.choose(Action("pledge", (1,)))  # ignored while the steps show
    assert len(table.session.match.record.steps) == steps
    run(app, 4)
    assert len(table.table.log) == logged + 1  # a step stays a moment
    settle(app)
    assert table.table.stage_text == "" and not table.staged
    assert len(table.table.log) > logged + 1


def test_space_skips_a_resolution_and_instant_speed_never_stages(app):
    table = start_table(app, [Seat(True), Seat(True)])
    table.choose(table.table.model.actions[0])
    assert table.staged
    press(app, pygame.K_SPACE)
    assert not table.staged and table.table.stage_text == ""
    app.settings = replace(app.settings, animation_speed=0.0)
    run(app, 1)
    press(app, pygame.K_RETURN)
    table.choose(table.table.model.actions[0])
    assert not table.staged


def test_a_second_space_as_the_choices_appear_plays_nothing(app):
    """Safe actions: Space skips a resolution; a second press that arrives as the new
    choices appear (meant for the resolution) plays none of them, not even the focused
    one; once the choices have stood ``KEY_CALM`` seconds, Space acts on the focus again."""
    from game.screens.table import KEY_CALM

    table = start_table(app, [Seat(True), Seat(True)])
    table.choose(table.table.model.actions[0])
    assert table.staged
    press(app, pygame.K_SPACE, frames=0)
    app.frame(0.0)  # the press lands at once, no time passing
    assert not table.staged
    if isinstance(app.stack.top, PassDeviceScreen):  # hot seat: the next pledger sits down
        press(app, pygame.K_RETURN, frames=0)
        app.frame(0.0)
    assert table.table.model.actions and table.focus.current is not None
    steps = len(table.session.match.record.steps)
    press(app, pygame.K_SPACE, frames=0)
    app.frame(0.0)
    assert len(table.session.match.record.steps) == steps and table.key_calm > 0
    run(app, int(KEY_CALM * 20) + 2)
    assert table.key_calm == 0
    table.focus.focus(next(b for b in table.table.buttons if b.name == "action.0"))
    press(app, pygame.K_SPACE)
    assert len(table.session.match.record.steps) > steps


def test_the_your_turn_banner_pops_only_when_the_turn_comes_to_the_viewer(app):
    """The banner says a turn has come to the viewer: not when the viewer decides on after
    their own action (only chance between), as when a Biternia Hero's move raises the
    catapult question."""
    table = start_table(app, [Seat(True), Seat(False)])
    assert table.table.banner.words == "Choose in secret"
    assert not table.continuing()  # nobody has acted: the turn is new
    table.acted_from = len(table.session.match.record.steps)
    assert table.continuing()  # nothing since the viewer's own action
    banner = table.table.banner
    banner.words, banner.alpha = "", 0.0
    model = table.table.model
    table.table.refresh(replace(model, actions=()), table.table.panels)
    table.table.refresh(replace(model, continuing=True), table.table.panels)
    assert banner.words == ""  # never shown
    table.table.refresh(replace(model, actions=()), table.table.panels)
    table.table.refresh(replace(model, continuing=False), table.table.panels)
    assert banner.words == "Choose in secret"
    table.session.match.record.steps.append((1, Action("pledge", (2,))))
    assert not table.continuing()  # another seat decided since


@pytest.mark.parametrize("game_id, players", [("biternia", 4), ("chaostle", 3), ("chaostle", 8),
                                               ("terrene", 2), ("battlecon", 4),
                                               ("battlecon", 2)])
def test_setup_seat_dots_have_the_colours_the_table_gives_the_seats(app_dirs, game_id, players):
    """A seat keeps its colour from setup to table: the setup screen's dots are the
    table's colours for the opening position (Biternia's seat 1 is on the blue team,
    BattleCON's teams in their shades, Chaostle's armies by their names)."""
    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves)
    setup = app.stack.push(SetupScreen(app, game_id))
    while setup.players < players:
        setup.set_players(str(setup.players + 1))
    session = Session.new(game_id, setup.setup(), [Seat(True)] * players, 3)
    table = TableScreen(app, session).table
    assert setup.seat_colours() == [table.colour(s) for s in range(players)]


@pytest.mark.parametrize("game_id", ["battlecon", "biternia", "chaostle", "terrene"])
def test_every_setup_choice_reads_whole_on_its_cycler(app_dirs, game_id):
    """Setup says what is chosen: every value of every option (BattleCON's '2 vs 2
    (seats 1 and 3 against 2 and 4)' among them) fits its cycler at every player count,
    never cut with '…'."""
    from game.assets import font
    from game.screens.menus import SetupScreen
    from game.widgets import Cycler
    from rules import registry

    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves)
    game = registry.get_game(game_id)
    setup = app.stack.push(SetupScreen(app, game_id))
    cut = []
    for players in range(game.min_players, game.max_players + 1):
        setup.set_players(str(players))
        for w in setup.focus.widgets:
            if not isinstance(w, Cycler) or w.name == "players":
                continue
            room = w.value_space()
            if w.picture is not None and not w.label:  # a portrait beside the name
                room -= min(int(w.h) - 8, 30) + 8
            for choice in w.choices:
                words = w.show(choice)
                if font(w.size, "bold").size(words)[0] > room:
                    cut.append((players, w.name, words))
    assert not cut


@pytest.mark.parametrize("game_id", ["battlecon", "biternia", "chaostle", "terrene"])
def test_the_setup_summary_is_whole_sentences_in_two_lines(app_dirs, game_id):
    """The setup screen's summary under the title: at most two lines that fit, the
    summary's first whole sentences (BattleCON's ended '… With …' before)."""
    from game import theme
    from game.screens.menus import summary_lines
    from rules import registry

    config, saves = app_dirs
    App(config_dir=config, save_dir=saves)  # the display and fonts
    summary = registry.get_game(game_id).summary
    lines = summary_lines(summary)
    assert 1 <= len(lines) <= 2 and not any("…" in line for line in lines)
    assert all(theme.rendered(line, 15, theme.INK, "regular").get_width() <= 1100
               for line in lines)
    shown = " ".join(lines)
    assert summary.startswith(shown) and shown.endswith(".")


def test_a_player_count_without_room_for_a_value_leaves_it_as_it_was_on_return(app_dirs):
    """Chaostle's armies: eight players have room for at most two characters each, so
    going to eight shows two; back at two players the army is three again (the default),
    and a size the person chose comes back with the count that has room for it."""
    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves)
    setup = app.stack.push(SetupScreen(app, "chaostle"))
    assert setup.values["army"] == "3"
    setup.set_players("8")
    assert setup.values["army"] == "2"
    setup.set_players("2")
    assert setup.values["army"] == "3"
    setup.widget("army").nudge(1)  # the person chooses four
    assert setup.values["army"] == "4"
    setup.set_players("8")
    assert setup.values["army"] == "2" and setup.setup()["army"] == "2"
    setup.set_players("2")
    assert setup.values["army"] == "4" and setup.setup()["army"] == "4"
