"""Where the icons show outside the tables: the Credits screen (from the title screen), the
game tiles and the window icon."""

from __future__ import annotations

import pygame
import pytest

from game import icons, theme
from game.app import App
from game.screens.credits import CreditsScreen, credit_lines
from game.screens.menus import GameSelectScreen, GameTile, TitleScreen


@pytest.fixture
def app(app_dirs):
    config, saves = app_dirs
    return App(config_dir=config, save_dir=saves)


def click(app: App, pos: tuple[int, int]) -> None:
    window_pos = app.to_window(pos)
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        data = {"pos": window_pos, "button": 1, "rel": (0, 0), "buttons": (0, 0, 0)}
        pygame.event.post(pygame.event.Event(kind, data))
    for _ in range(3):
        app.frame(1 / 20)


def test_the_title_screen_opens_the_credits_and_back_returns(app):
    title = app.stack.top
    assert isinstance(title, TitleScreen)
    button = title.widget("credits")
    assert button is not None
    click(app, button.box(button.world_matrix()).center)
    assert isinstance(app.stack.top, CreditsScreen)
    app.stack.top.widget("back").activate()
    assert app.stack.top is title


def test_credits_list_every_artist_and_every_icon_readably(app):
    lines = credit_lines(880)
    headings = {line.text for line in lines if line.kind == "heading"}
    for artist, names in icons.credits():
        assert any(h.startswith(f"{artist} ({len(names)} icon") for h in headings)
    listed = [name for line in lines for name in line.icons]
    assert sorted(listed) == sorted(icons.used_ids())
    assert any("DejaVu" in line.text for line in lines)
    assert any("CC BY 3.0" in line.text for line in lines)


def test_credits_scroll_within_the_list_and_draw_without_changing_it(app):
    app.open_credits()
    screen = app.stack.top
    assert isinstance(screen, CreditsScreen)
    screen.on_wheel(-1000)
    assert screen.scroll == screen.max_scroll() > 0
    screen.on_wheel(1000)
    assert screen.scroll == 0
    for key in (pygame.K_END, pygame.K_PAGEUP, pygame.K_HOME, pygame.K_PAGEDOWN):
        screen.on_key(pygame.event.Event(pygame.KEYDOWN, key=key))
        assert 0 <= screen.scroll <= screen.max_scroll()
    before = screen.scroll
    canvas = pygame.Surface((1280, 720))
    app.compose(canvas)
    assert screen.scroll == before


def test_game_tiles_show_each_game_as_its_picture(app):
    select = app.stack.push(GameSelectScreen(app))
    tiles = [w for w in select.root.walk() if isinstance(w, GameTile)]
    assert {t.game_id for t in tiles} == {"battlecon", "biternia", "chaostle", "terrene"}
    pictures = {icons.game_picture(t.game_id) for t in tiles}
    assert len(pictures) == 4 and all(icons.svg_path(p).is_file() for p in pictures)
    for _ in range(10):  # past the fade-in
        app.frame(1 / 20)
    canvas = pygame.Surface((1280, 720))
    app.compose(canvas)
    tile = tiles[1]  # not focused: not lifted
    box = tile.box(tile.world_matrix())
    band = pygame.Rect(box.topleft, (box.w, tile.BAND))
    # the picture is drawn in light brass inside the band (the medallion's rims are
    # darker brass, the band walnut)
    art = [(x, y) for x in range(band.x, band.right, 3) for y in range(band.y, band.bottom, 3)
           if canvas.get_at((x, y))[:3] == theme.BRASS_LIGHT]
    assert len(art) > 50


def test_each_game_tile_shows_whole_sentences_focused_or_not(app, monkeypatch):
    """The select screen's tiles: the summary's first whole sentences, never one cut with
    '…', also when a tile is focused and its "Return to play" line takes the bottom
    (BattleCON's ended "Knock the foe to …" there)."""
    from rules import registry
    from tests.game.table_helpers import record_sizes

    select = app.stack.push(GameSelectScreen(app))
    tiles = [w for w in select.root.walk() if isinstance(w, GameTile)]
    for _ in range(10):  # past the fade-in
        app.frame(1 / 20)
    sizes = record_sizes(monkeypatch)
    canvas = pygame.Surface((1280, 720))
    for tile in tiles:
        select.focus.focus(tile)
        for _ in range(6):
            app.frame(1 / 20)
        sizes.clear()
        app.compose(canvas)
        written = [content for size, content in sizes  # the summary's size
                   if size == 14 and "Return to play" not in content]
        summary = registry.get_game(tile.game_id).summary
        shown = [w for w in written if w in summary]
        assert shown, tile.game_id
        assert not [w for w in written if "…" in w], tile.game_id
        text = " ".join(shown)
        assert summary.startswith(text) and text.endswith("."), (tile.game_id, text)
