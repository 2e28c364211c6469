"""A calm window: the real loop redraws only when something changes or moves; window sizes
fit the display; saving names the file; How to play shows each game's rules, searchable."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from game import app as app_module
from game import theme
from game.app import App
from game.screens.menus import SWAY_SECONDS, TitleScreen
from game.screens.overlays import (
    PauseScreen,
    ResultScreen,
    RulesScreen,
    SettingsScreen,
    find_spans,
)
from game.screens.table import TableScreen
from game.session import Seat, Session
from game.settings import (
    WINDOW_SIZES,
    Settings,
    clamp_window,
    display_path,
    save_settings,
    settings_path,
    window_sizes,
)
from game.widgets import Widget
from rules import registry

DT = 1 / 20


def calm(app: App, frames: int = 1) -> int:
    """Run calm frames (as the real loop does); how many of them drew."""
    before = app.draws
    for _ in range(frames):
        app.frame(DT, calm=True)
    return app.draws - before


def key(k: int, unicode: str = "", mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode,
                                         scancode=0))


def type_text(text: str) -> None:
    for char in text:
        key(pygame.key.key_code(char) if char.isalnum() else pygame.K_SPACE, char)


@pytest.fixture
def app(only_dice_race, app_dirs):
    config, saves = app_dirs
    return App(config_dir=config, save_dir=saves)


@pytest.fixture
def real_app(app_dirs):
    """An App over the real four games."""
    config, saves = app_dirs
    return App(config_dir=config, save_dir=saves)


def settle(app: App) -> None:
    """Let the title's opening sway and fade run out."""
    calm(app, int(SWAY_SECONDS / DT) + 10)
    pygame.event.clear()


# -- the calm loop -----------------------------------------------------------------------------
def test_the_title_draws_while_it_sways_then_not_at_all(app):
    assert isinstance(app.stack.top, TitleScreen)
    assert calm(app, 10) == 10  # fading in and swaying: every frame
    settle(app)
    assert not app.animating()
    assert calm(app, 40) == 0
    assert app.frame(DT) is True  # without calm (tests, self-test, bench) it always draws


def test_an_event_redraws_and_a_focus_glow_animates_until_it_settles(app):
    settle(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    assert calm(app) == 1
    assert calm(app, 5) == 0
    key(pygame.K_TAB)  # the focus moves: the two buttons' glows ease for 0.15 s
    drawn = calm(app, 10)
    assert 2 <= drawn <= 6
    assert calm(app, 10) == 0


def test_a_toast_is_drawn_when_it_comes_and_when_it_goes(app):
    settle(app)
    app.toast("Hello", seconds=1.0)
    assert calm(app) == 1
    assert calm(app, int(0.8 / DT)) == 0
    assert calm(app, int(0.4 / DT)) == 1 and not app.toasts
    assert calm(app, 5) == 0


def test_a_pushed_screen_and_a_marked_change_redraw(app):
    settle(app)
    app.open_settings()
    assert calm(app) == 1
    calm(app, 20)
    assert calm(app, 5) == 0
    app.stack.top.mark_dirty()
    assert calm(app, 3) == 1


def test_the_table_redraws_while_the_ai_thinks_and_when_its_move_lands(app, monkeypatch):
    session = Session.new("dicerace", {"players": 2}, [Seat(True), Seat(False, "random")], 5)
    app.open_table(session)
    table = app.stack.top
    assert isinstance(table, TableScreen)
    # the AI's answer is held back until released, so the test sees it thinking
    release = {"ready": False}
    poll = Session.poll_ai
    monkeypatch.setattr(Session, "poll_ai",
                        lambda self: poll(self) if release["ready"] else None)
    deadline = time.monotonic() + 30
    while not table.my_turn():  # the AI's turn, if it opens
        release["ready"] = True
        calm(app)
        assert time.monotonic() < deadline
    release["ready"] = False
    calm(app, 40)
    assert calm(app, 5) == 0  # a person to play, nothing moving: nothing drawn
    key(pygame.K_1)  # the pledge; the AI then pledges in its worker thread
    calm(app)
    while not session.thinking:
        calm(app)
        assert time.monotonic() < deadline
    assert calm(app, 10) == 10  # its indicator turns every frame
    release["ready"] = True
    moves = len(session.log)
    drew = False
    while session.thinking:
        drew = app.frame(DT, calm=True)
        assert time.monotonic() < deadline
    assert len(session.log) > moves and drew  # the frame its move landed in was drawn


def test_the_pause_menu_over_a_thinking_table_rests(app, monkeypatch):
    monkeypatch.setattr(Session, "poll_ai", lambda self: None)  # an AI that never answers
    session = Session.new("dicerace", {"players": 2}, [Seat(True), Seat(False, "random")], 5)
    app.open_table(session)
    table = app.stack.top
    key(pygame.K_1)
    deadline = time.monotonic() + 30
    while not session.thinking:
        calm(app)
        assert time.monotonic() < deadline
    assert calm(app, 5) == 5
    table.open_menu()
    calm(app, 20)
    assert session.thinking and calm(app, 5) == 0


def test_a_refreshed_table_redraws_then_rests(app):
    session = Session.new("dicerace", {"players": 2}, [Seat(True), Seat(True)], 5)
    app.open_table(session)
    calm(app, 40)
    while app.stack.top is not None and not isinstance(app.stack.top, TableScreen):
        app.stack.pop()  # the hot-seat hand-over screen
    calm(app, 40)
    assert calm(app, 5) == 0
    app.stack.top.refresh()
    assert calm(app, 5) >= 1
    assert calm(app, 5) == 0


class Piece(Widget):
    """A draggable widget that only records what happens to it."""

    def __init__(self):
        super().__init__(640, 360, 80, 80, name="piece")
        self.seen = []

    def drag_start(self, pos):
        self.seen.append("start")

    def drag_move(self, pos):
        self.seen.append("move")

    def drag_end(self, pos):
        self.seen.append("end")


def test_a_drag_in_progress_keeps_drawing_while_the_pointer_rests(app):
    settle(app)
    screen = app.stack.top
    piece = screen.root.add(Piece())
    calm(app, 10)
    for kind, extra in ((pygame.MOUSEBUTTONDOWN, {"button": 1}),
                        (pygame.MOUSEMOTION, {"rel": (40, 0), "buttons": (1, 0, 0)})):
        pos = app.to_window((640, 360) if kind == pygame.MOUSEBUTTONDOWN else (680, 360))
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
    calm(app)
    assert piece.seen == ["start", "move"]
    assert calm(app, 5) == 5  # held still mid-drag: the piece may still be easing
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=app.to_window((680, 360)),
                                         button=1))
    calm(app, 2)
    assert piece.seen[-1] == "end" and calm(app, 5) == 0


def test_landing_dice_keep_the_tray_busy_until_they_lie_square(app):
    session = Session.new("dicerace", {"players": 2}, [Seat(True), Seat(True)], 5)
    table = TableScreen(app, session)
    tray = table.table.tray
    tray.throw([3, 5], 6)
    assert tray.busy()
    for _ in range(400):
        tray.update(1 / 120)
        if not tray.rolling:
            break
    assert not tray.rolling and tray.busy()  # landed, still turning square
    tray.update(0.2)
    assert not tray.busy()


def test_the_real_loop_step_draws_nothing_while_idle(app):
    settle(app)
    assert not app.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    assert app.step()


# -- window sizes ------------------------------------------------------------------------------
def test_window_sizes_offered_fit_the_display():
    assert window_sizes(None) == list(WINDOW_SIZES)
    assert window_sizes((1366, 768)) == [(1280, 720), (960, 540)]
    assert window_sizes((1920, 1080)) == list(WINDOW_SIZES)


def test_a_saved_window_too_big_for_the_display_is_shrunk_keeping_its_shape():
    big = Settings(1920, 1080)
    assert clamp_window(big, (1366, 768)) == Settings(1365, 768)
    assert clamp_window(Settings(1600, 1200), (1280, 800)) == Settings(1066, 800)
    assert clamp_window(big, (2560, 1440)) == big
    assert clamp_window(big, None) == big


def test_the_app_clamps_a_big_saved_size_at_start_and_offers_only_fitting_sizes(
        only_dice_race, app_dirs, monkeypatch):
    config, saves = app_dirs
    save_settings(settings_path(config), Settings(1920, 1080))
    monkeypatch.setattr(app_module, "desktop_size", lambda: (1366, 768))
    app = App(config_dir=config, save_dir=saves)
    assert (app.settings.window_w, app.settings.window_h) == (1365, 768)
    assert app.window is not None and app.window.get_size() == (1365, 768)
    screen = SettingsScreen(app)
    offered = screen.widget("window").choices
    assert offered == ["1365 x 768", "1280 x 720", "960 x 540"]
    for choice in offered:
        w, h = (int(v) for v in choice.split(" x "))
        assert w <= 1366 and h <= 768


def test_the_dummy_driver_has_no_display_to_fit():
    assert app_module.desktop_size() is None


# -- saving says where ---------------------------------------------------------------------------
def test_saving_names_the_whole_path_in_the_toast(app, app_dirs):
    saves = app_dirs[1]
    session = Session.new("dicerace", {"players": 2}, [Seat(True), Seat(False, "random")], 5)
    app.open_table(session)
    table = app.stack.top
    PauseScreen(app, table).save()
    path = app.last_save
    assert path is not None and path.exists() and path.parent == saves
    message = app.toasts[-1].message
    assert message == f"Saved to {display_path(path)}"
    assert Path(message.removeprefix("Saved to ")).expanduser().resolve() == path.resolve()
    ResultScreen(app, table).save()
    assert app.toasts[-1].message.startswith(f"Saved to {display_path(saves)}")


def test_a_path_in_the_home_folder_is_shown_from_there():
    inside = Path.home() / "saves" / "x.json"
    assert display_path(inside) == str(Path("~") / "saves" / "x.json")
    outside = Path("/nowhere-near-home/x.json")
    assert display_path(outside) == str(outside)


def test_a_long_toast_is_drawn_whole_on_several_lines(app):
    long_path = "/" + "/".join(["a-rather-long-folder-name"] * 8) + "/battlecon-20261201.json"
    message = f"Saved to {long_path}"
    lines = app_module.toast_lines(message)
    assert 1 < len(lines) <= app_module.TOAST_LINES
    assert "".join(lines).replace(" ", "") == message.replace(" ", "")  # nothing cut
    assert all(theme.font(16).size(line)[0] <= app_module.TOAST_WIDTH for line in lines)
    app.toast(message)
    app.compose(pygame.Surface((1280, 720)))  # drawn taller than one line, without error


# -- how to play ---------------------------------------------------------------------------------
def test_find_spans_is_case_blind_and_runs_across_line_breaks():
    lines = ["The quick", "brown fox jumps over the", "lazy Brown dog"]
    assert find_spans(lines, "brown") == [[(1, 0, 5)], [(2, 5, 10)]]
    assert find_spans(lines, "QUICK  brown") == [[(0, 4, 9), (1, 0, 5)]]
    assert find_spans(lines, "cat") == [] and find_spans(lines, "  ") == []


def test_how_to_play_is_on_the_title_screen(real_app):
    title = real_app.stack.top
    labels = [b.label for b in title.focus.widgets]
    assert labels[:2] == ["Play", "How to play"]
    key(pygame.K_TAB)
    key(pygame.K_RETURN)
    calm(real_app, 2)
    rules = real_app.stack.top
    assert isinstance(rules, RulesScreen)
    assert set(rules.games) == set(registry.available_games()) == set(registry.GAMES)


@pytest.mark.parametrize("game_id, word", [("battlecon", "Force"), ("biternia", "Tower"),
                                           ("chaostle", "crown"), ("terrene", "Restock")])
def test_each_games_rules_are_searchable(real_app, game_id, word):
    rules = real_app.stack.push(RulesScreen(real_app, game_id))
    game = registry.get_game(game_id)
    assert rules.title == f"How to play {game.title}"
    assert rules.shown == rules.sections == game.rules_sections()  # every section
    assert " ".join(rules.lines).split() == [  # each title and its text, in order
        word for s in rules.sections for word in f"{s.title} {s.text}".split()]
    type_text(word.lower())
    calm(real_app)
    assert rules.query == word.lower() and rules.matches and rules.current == 0
    line = rules.matches[0][0][0]
    assert word.lower() in rules.lines[line].lower()
    assert rules.scroll <= line < rules.scroll + rules.visible_lines()
    if len(rules.matches) > 1:
        key(pygame.K_RETURN)
        calm(real_app)
        assert rules.current == 1
        key(pygame.K_RETURN, mod=pygame.KMOD_SHIFT)
        calm(real_app)
        assert rules.current == 0
    key(pygame.K_ESCAPE)  # Esc clears the search first...
    calm(real_app)
    assert rules.query == "" and not rules.matches and real_app.stack.top is rules
    key(pygame.K_ESCAPE)  # ... then goes back
    calm(real_app)
    assert real_app.stack.top is not rules


def test_a_match_far_down_scrolls_into_sight(real_app):
    rules = real_app.stack.push(RulesScreen(real_app, "terrene"))
    assert len(rules.lines) > rules.visible_lines()  # the text does not fit: it scrolls
    rules.search("turn")  # in the first section and in many after it
    assert rules.scroll == 0 and len(rules.shown) > 3
    assert len(rules.lines) > rules.visible_lines()
    rules.step_match(-1)  # back round to the last match, far down
    spans = rules.matches[rules.current]
    assert rules.scroll > 0 and rules.scroll <= spans[0][0] < rules.scroll + \
        rules.visible_lines()
    rules.search("no such words anywhere")
    assert rules.matches == [] and rules.current == -1 and rules.shown == []


def test_the_rules_scroll_with_wheel_and_keys_and_left_right_change_the_game(real_app):
    rules = real_app.stack.push(RulesScreen(real_app, "terrene"))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False))
    calm(real_app)
    assert rules.scroll == 3
    key(pygame.K_PAGEDOWN)
    key(pygame.K_HOME)
    key(pygame.K_DOWN)
    calm(real_app)
    assert rules.scroll == 1
    key(pygame.K_RIGHT)
    calm(real_app)
    ids = list(rules.games)
    assert rules.game_id == ids[(ids.index("terrene") + 1) % len(ids)]
    assert rules.scroll == 0


def test_the_pause_menu_opens_the_same_rules_screen_on_its_game(app):
    session = Session.new("dicerace", {"players": 2}, [Seat(True), Seat(False, "random")], 5)
    app.open_table(session)
    PauseScreen(app, app.stack.top).rules()
    rules = app.stack.top
    assert isinstance(rules, RulesScreen) and rules.game_id == "dicerace"
    assert [s.id for s in rules.sections] == ["rules"]  # one section: the rules_help text
    assert " ".join(rules.lines[1:]).split() == session.game.rules_help().split()
