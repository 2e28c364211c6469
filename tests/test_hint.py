"""``launcher.py hint``: the AI's suggested move at a scenario's decision (issue #19)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import launcher
from ai.levels import make_analyst
from rules.core import Action, Scenario
from rules.registry import get_game

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "rules"


def _path(game: str, name: str) -> str:
    return str(SCENARIOS / game / "data" / "scenarios" / f"{name}.toml")


@pytest.fixture(autouse=True)
def _fixed_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_AI_FIXED_BUDGET", "1")


def _run(capsys: pytest.CaptureFixture[str], argv: list[str]) -> tuple[int, str, str]:
    code = launcher.run(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("game", "name"), [("chaostle", "fate-before-the-fight"),
                                            ("terrene", "hide-to-dodge"),
                                            ("biternia", "fallen_tower")])
def test_json_hint_is_the_agents_own_choice_and_estimate(capsys, game, name):
    code, out, err = _run(capsys, ["hint", "--scenario", _path(game, name), "--json",
                                   "--seed", "3"])
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["game"] == game and data["level"] == "normal" and data["fixed_budget"]
    analysis = data["analysis"]
    scenario = Scenario.read(_path(game, name))
    state = get_game(game).build_scenario(scenario)
    seat = data["seat"] - 1
    assert seat == state.decision().players[0]
    choice = Action.from_json(analysis["choice"])
    assert choice in state.legal_actions(seat)
    # the AI's own choice and value: the same agent from the same seed says the same
    again = make_analyst(game, "normal", 3).analyse(state.view(seat), seat)
    assert choice == again.choice
    assert analysis["value"] == pytest.approx(again.value)
    assert analysis["after"] == pytest.approx(again.after())
    assert 0.0 <= analysis["value"] <= 1.0 and 0.0 <= analysis["after"] <= 1.0
    alternatives = analysis["alternatives"]
    assert len(alternatives) == min(5, len(again.options) - 1) and analysis["considered"] > 1
    assert all(Action.from_json(o["action"]) != choice for o in alternatives)
    assert all(0.0 <= o["value"] <= 1.0 for o in alternatives)


def test_battlecon_set_hint_is_a_mixed_strategy(capsys):
    code, out, _ = _run(capsys, ["hint", "--scenario",
                                 _path("battlecon", "cards-come-back-later"), "--json",
                                 "--top", "3"])
    assert code == 0
    analysis = json.loads(out)["analysis"]
    assert analysis["mixed"] and "matrix game" in analysis["note"]
    assert len(analysis["alternatives"]) == 3
    shares = [o["share"] for o in analysis["alternatives"]]
    assert shares == sorted(shares, reverse=True)


def test_plain_hint_names_the_move_the_estimates_and_alternatives(capsys):
    code, out, err = _run(capsys, ["hint", "--scenario", _path("chaostle", "castle-breaker")])
    assert code == 0 and err == ""
    assert "the normal AI suggests:" in out
    assert "chance to win now:" in out and "after the suggested move:" in out
    assert "alternatives (1 of 1):" in out


def test_second_seat_of_a_simultaneous_choice(capsys):
    code, out, _ = _run(capsys, ["hint", "--scenario", _path("battlecon", "final-beat"),
                                 "--seat", "2", "--level", "easy", "--json"])
    assert code == 0 and json.loads(out)["seat"] == 2


def test_chance_to_move_is_said_not_advised(capsys):
    code, out, _ = _run(capsys, ["hint", "--scenario", _path("chaostle", "trap-escape"),
                                 "--json"])
    assert code == 0
    data = json.loads(out)
    assert data["seat"] is None and data["analysis"] is None and "chance" in data["why"]


@pytest.mark.parametrize(("argv", "message"), [
    (["hint", "--scenario", "/no/such/file.toml"], "no such scenario file"),
    (["hint"], "required: --scenario"),
    (["hint", "--scenario", _path("chaostle", "safe-start"), "--level", "genius"],
     "unknown level 'genius'"),
    (["hint", "--scenario", _path("chaostle", "safe-start"), "--seat", "2"],
     "--seat 2 does not decide here (deciding: 1)"),
    (["hint", "--scenario", _path("chaostle", "safe-start"), "--seat", "9"],
     "this position has"),
    (["hint", "--scenario", _path("chaostle", "safe-start"), "--seat", "0"],
     "must be at least 1"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    code, out, err = _run(capsys, argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_broken_scenario_file_is_one_line(tmp_path, capsys):
    path = tmp_path / "s.toml"
    path.write_text("game = \n")
    code, out, err = _run(capsys, ["hint", "--scenario", str(path)])
    assert code == 2 and out == "" and err.count("\n") == 1
