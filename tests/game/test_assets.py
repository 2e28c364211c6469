"""Assets are found from source and from a pyinstaller bundle."""

from __future__ import annotations

import sys

from game.assets import FONT_FILES, asset_path, font


def test_fonts_and_their_licence_ship_in_assets():
    for name in FONT_FILES.values():
        assert asset_path("fonts", name).is_file()
    assert asset_path("fonts", "LICENSE-DejaVu.txt").is_file()


def test_asset_path_uses_the_bundle_folder_when_frozen(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert asset_path("fonts", "x.ttf") == tmp_path / "assets" / "fonts" / "x.ttf"


def test_our_font_renders_text():
    assert font(20, "bold").size("Tabletop Arena")[0] > 100
