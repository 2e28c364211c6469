"""Saves are atomic, versioned JSON; content files are validated with named errors."""

from __future__ import annotations

import json

import pytest

from rules.core import ContentError, Field, SaveError, load_entries, load_record, save_record
from rules.core.match import Match
from rules.core.saves import write_json_atomic
from rules.registry import GAMES, UnknownGame, get_game
from tests.rules.core.dice_race import GAME


def test_save_and_load_round_trip(tmp_path):
    match = Match(GAME, GAME.default_setup(2), 11)
    match.advance_chance()
    match.finish_record()
    path = tmp_path / "saves" / "game.json"
    save_record(path, match.record)
    loaded = load_record(path)
    assert loaded.to_json() == match.record.to_json()


def test_failed_save_leaves_the_old_file_whole(tmp_path):
    path = tmp_path / "game.json"
    write_json_atomic(path, {"ok": True})
    with pytest.raises(SaveError, match="cannot write"):
        write_json_atomic(path, {"bad": object()})
    assert json.loads(path.read_text()) == {"ok": True}
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]  # no temp file left


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "no such file"),
        ("{not json", "not valid JSON"),
        ('{"format": "something-else"}', "not a Tabletop Arena"),
        ('{"format": "tabletop-arena-match", "version": 7}', "unsupported file version 7"),
    ],
)
def test_bad_save_files_get_one_readable_error(tmp_path, content, message):
    path = tmp_path / "save.json"
    if content is not None:
        path.write_text(content)
    with pytest.raises(SaveError, match=message):
        load_record(path)


SCHEMA = {"name": Field(str), "life": Field(int, min=1, max=20),
          "kind": Field(str, choices=("base", "style"), required=False)}


def _write(tmp_path, text):
    path = tmp_path / "cards.toml"
    path.write_text(text)
    return path


def test_content_loads_valid_entries(tmp_path):
    path = _write(tmp_path, '[card.strike]\nname = "Strike"\nlife = 5\nsource = "rulebook"\n'
                            '[card.dodge]\nname = "Dodge"\nlife = 3\nsource = "reconstructed"\n'
                            'reason = "designed as the evasive base"\n')
    entries = load_entries(path, "card", SCHEMA)
    assert set(entries) == {"strike", "dodge"}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('name = "X"\nlife = 5\n', r"cards.toml \[card.x\]: field 'source' is missing"),
        ('name = "X"\nlife = "5"\nsource = "rulebook"\n', "field 'life' must be int"),
        ('name = "X"\nlife = 50\nsource = "rulebook"\n', "field 'life' = 50 is above 20"),
        ('name = "X"\nlife = 5\nsource = "guess"\n', "field 'source' = 'guess' is not one of"),
        ('name = "X"\nlife = 5\nsource = "reconstructed"\n', "field 'reason' is required"),
        ('name = "X"\nlife = 5\nsource = "rulebook"\ncolour = 1\n', "unknown field 'colour'"),
        ('name = "X"\nlife = true\nsource = "rulebook"\n', "field 'life' must be int"),
    ],
)
def test_content_errors_name_file_entry_and_field(tmp_path, body, message):
    path = _write(tmp_path, "[card.x]\n" + body)
    with pytest.raises(ContentError, match=message):
        load_entries(path, "card", SCHEMA)


def test_content_file_that_is_not_toml(tmp_path):
    with pytest.raises(ContentError, match="not valid TOML"):
        load_entries(_write(tmp_path, "[card.x\n"), "card", SCHEMA)


def test_registry_knows_the_four_games_and_names_unknown_ones():
    assert list(GAMES) == ["battlecon", "biternia", "chaostle", "terrene"]
    with pytest.raises(UnknownGame, match="unknown game 'chess'"):
        get_game("chess")
