"""ai/balance.py and ``launcher.py balance``: pieces' win rates from same-level play."""

from __future__ import annotations

import itertools
import json
import types

import pytest

import ai.levels
import launcher
from ai.balance import BalanceError, balance, markdown, wilson
from rules import registry
from rules.battlecon import GAME as BATTLECON
from tests.rules.core.dice_race import GAME as DICE_RACE


def test_wilson_interval_matches_the_textbook_values():
    lo, hi = wilson(5, 10)
    assert (round(lo, 3), round(hi, 3)) == (0.237, 0.763)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


def test_pairings_play_every_pair_of_choices_with_seats_alternating():
    fighters = next(o for o in BATTLECON.setup_options(2) if o.key == "fighter")
    report = balance(BATTLECON, "random", 2, seed=3, pairings="fighter", band=(0.35, 0.65))
    pairs = list(itertools.combinations(fighters.choices, 2))
    assert report["games"] == 2 * len(pairs) and report["errors"] == 0
    assert len(report["pairs"]) == len(pairs)
    assert all(row["games"] == 2 for row in report["pairs"].values())
    # Each fighter meets the nine others twice; two-player scores add up to one a match.
    assert {row["games"] for row in report["pieces"].values()} == {2 * (len(pairs) * 2 // 10)}
    assert sum(row["points"] for row in report["pieces"].values()) == report["games"]
    for row in report["pieces"].values():
        assert row["in_band"] == (0.35 <= row["win_rate"] <= 0.65)
    text = markdown(report)
    assert text.count("\n| ") >= 10 + len(pairs)


def test_balance_is_the_same_in_one_process_or_two():
    one = balance(BATTLECON, "random", 6, seed=5, players=2)
    two = balance(BATTLECON, "random", 6, seed=5, players=2, workers=2)
    assert {k: v for k, v in one.items() if k != "seconds"} == \
        {k: v for k, v in two.items() if k != "seconds"}


def test_the_games_hook_names_pieces_chosen_during_play(monkeypatch):
    hook = types.SimpleNamespace(balance_pieces=lambda state, seat: [f"runner {seat}"])
    monkeypatch.setattr(ai.levels, "game_module", lambda gid: hook)
    monkeypatch.setattr(registry, "get_game", lambda gid: DICE_RACE)
    report = balance(DICE_RACE, "random", 8, seed=1, players=2)
    assert set(report["pieces"]) == {"runner 0", "runner 1"}
    assert report["first_seat"]["points"] == report["pieces"]["runner 0"]["points"]


def test_a_game_without_pieces_is_refused_in_one_line(monkeypatch):
    monkeypatch.setattr(ai.levels, "game_module", lambda gid: None)
    with pytest.raises(BalanceError, match="no per-seat pieces"):
        balance(DICE_RACE, "random", 1, seed=1, players=2)


@pytest.mark.parametrize(("argv", "message"), [
    (["--pairings", "colour"], "'colour' is not a per-seat option"),
    (["--pairings", "fighter", "--players", "3"], "two-player matches"),
    (["--band", "65-35"], "not a band like 35-65"),
    (["--level", "genius"], "unknown agent 'genius'"),
])
def test_bad_balance_flags_get_one_line_and_exit_2(capsys, argv, message):
    code = launcher.run(["balance", "--game", "battlecon", "--games", "1", *argv])
    _, err = capsys.readouterr()
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_balance_json_shape(capsys):
    code = launcher.run(["balance", "--game", "battlecon", "--level", "random", "--games", "4",
                         "--players", "2", "--json"])
    out, _ = capsys.readouterr()
    report = json.loads(out)
    assert code == 0
    assert {"pieces", "pairs", "first_seat", "errors", "games", "seconds"} <= set(report)
    assert report["games"] == 4
