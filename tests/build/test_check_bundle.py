"""build/check_bundle.py: what a built executable must hold, from the source tree."""

from __future__ import annotations

from pathlib import Path

import pytest


def _touch(root: Path, *names: str) -> None:
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("")


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A small source tree: one playable game, one still without __init__.py."""
    _touch(tmp_path,
           "rules/__init__.py", "rules/registry.py",
           "rules/duel/__init__.py", "rules/duel/state.py", "rules/duel/data/cards.toml",
           "rules/draft/state.py", "rules/draft/data/units.toml",
           "ai/__init__.py", "ai/duel.py",
           "game/__init__.py", "game/tables/__init__.py", "game/tables/duel.py",
           "assets/fonts/Sans.ttf", "assets/fonts/LICENSE.txt")
    return tmp_path


def test_expected_modules_are_the_packages_modules(check_bundle, tree):
    assert check_bundle.expected_modules(tree) == {
        "rules", "rules.registry", "rules.duel", "rules.duel.state",
        "ai", "ai.duel", "game", "game.tables", "game.tables.duel"}


def test_expected_files_are_content_and_assets(check_bundle, tree):
    assert check_bundle.expected_files(tree) == {
        "rules/duel/data/cards.toml", "rules/draft/data/units.toml",
        "assets/fonts/Sans.ttf", "assets/fonts/LICENSE.txt"}


def test_complete_bundle_lacks_nothing(check_bundle, tree):
    contents = (check_bundle.expected_modules(tree) | check_bundle.expected_files(tree)
                | {"launcher", "pygame", "pyi_rth_pkgutil"})
    assert check_bundle.missing(contents, tree) == []


def test_bundle_without_a_game_module_or_card_file_is_caught(check_bundle, tree):
    contents = (check_bundle.expected_modules(tree) | check_bundle.expected_files(tree)) - {
        "ai.duel", "rules/duel/data/cards.toml"}
    assert check_bundle.missing(contents, tree) == ["ai.duel", "rules/duel/data/cards.toml"]


def test_file_that_is_no_executable_is_reported(check_bundle, tmp_path, capsys):
    not_a_bundle = tmp_path / "tabletop-arena"
    not_a_bundle.write_bytes(b"plain text, no archive")
    assert check_bundle.main([str(not_a_bundle)]) == 1
    assert "cannot read the bundle" in capsys.readouterr().err
