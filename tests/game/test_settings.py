"""Settings persist as JSON in the config folder; a bad file falls back to the defaults."""

from __future__ import annotations

import json

from game.app import App
from game.settings import Settings, load_settings, save_settings, settings_path


def test_settings_round_trip(tmp_path):
    path = settings_path(tmp_path)
    wanted = Settings(1600, 900, True, 1.5, 0.25)
    assert save_settings(path, wanted) is None
    assert load_settings(path) == (wanted, None)
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]  # no temp file left


def test_missing_settings_are_the_defaults_without_complaint(tmp_path):
    assert load_settings(tmp_path / "settings.json") == (Settings(), None)


def test_bad_settings_file_falls_back_with_a_sentence(tmp_path):
    path = settings_path(tmp_path)
    for content in ("{not json", json.dumps([1, 2]), json.dumps({"window_w": "big"}),
                    json.dumps({"fullscreen": 1}), json.dumps({"animation_speed": 99}),
                    json.dumps({"volume": -1})):
        path.write_text(content)
        settings, warning = load_settings(path)
        assert settings == Settings()
        assert warning and warning.startswith("Settings were reset to defaults")


def test_app_saves_settings_when_they_change(only_dice_race, app_dirs):
    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves)
    app.change_settings(Settings(960, 540, False, 0.0))
    assert App(config_dir=config, save_dir=saves).settings == Settings(960, 540, False, 0.0)


def test_app_shows_a_toast_for_a_bad_settings_file(only_dice_race, app_dirs):
    config, saves = app_dirs
    config.mkdir(parents=True)
    (config / "settings.json").write_text("oops")
    app = App(config_dir=config, save_dir=saves)
    assert app.settings == Settings() and "reset to defaults" in app.toasts[0].message


def test_fullscreen_toggle_is_remembered(only_dice_race, app_dirs):
    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves)
    app.toggle_fullscreen()
    assert App(config_dir=config, save_dir=saves, window=False).settings.fullscreen
    app.toggle_fullscreen()
    assert not App(config_dir=config, save_dir=saves, window=False).settings.fullscreen


def test_a_resized_window_keeps_its_size(only_dice_race, app_dirs):
    import pygame

    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves)
    app.dispatch(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=600, size=(1000, 600)))
    settings = App(config_dir=config, save_dir=saves, window=False).settings
    assert (settings.window_w, settings.window_h) == (1000, 600)
