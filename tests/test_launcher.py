"""launcher.py: the command contract and its bad-input behaviour (one line, exit 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import launcher
from rules import registry
from tests.rules.core.dice_race import GAME as DICE_RACE

ROOT = Path(__file__).resolve().parent.parent


def _run(capsys, argv):
    code = launcher.run(argv)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["frobnicate"], "invalid choice: 'frobnicate'"),
        (["simulate"], "the following arguments are required: --game"),
        (["simulate", "--game", "chess"], "unknown game 'chess'"),
        (["simulate", "--game", "battlecon", "--p1", "genius"], "unknown agent 'genius'"),
        (["simulate", "--game", "battlecon", "--games", "0"], "must be at least 1"),
        (["simulate", "--game", "battlecon", "--games", "lots"], "not a whole number"),
        (["tournament", "--game", "chaostle", "--agents", "normal"], "at least two agents"),
        (["tournament", "--game", "chaostle", "--agents", "hard,hard"], "name each agent once"),
        (["tournament", "--game", "chaostle", "--agents", "hard,easy", "--workers", "0"],
         "must be at least 1"),
        (["replay", "/no/such/file.json"], "no such file"),
        (["scenario", "/no/such/file.toml"], "no such scenario file"),
        (["render", "--game", "terrene"], "required: --out"),
        (["bench", "--levels", "easy,wizard"], "unknown agent 'wizard'"),
    ],
)
def test_bad_input_gets_one_clear_line_and_exit_2(capsys, argv, message):
    code, out, err = _run(capsys, argv)
    assert code == 2
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert out == ""


def test_corrupt_replay_file_is_one_line(tmp_path, capsys):
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "tabletop-arena-match", "version": 1, "game": "x"}')
    code, _, err = _run(capsys, ["replay", str(bad)])
    assert code == 2 and "damaged" in err and err.count("\n") == 1


def test_a_scenario_for_an_unknown_game_is_one_line(tmp_path, capsys):
    path = tmp_path / "s.toml"
    path.write_text('game = "chess"\n[position]\nking = "e1"\n')
    code, out, err = _run(capsys, ["scenario", str(path)])
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "unknown game 'chess'" in err


def test_binary_entry_point_never_prints_a_traceback():
    proc = subprocess.run([sys.executable, str(ROOT / "launcher.py"), "replay", "--json",
                           "/no/file.json"], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2
    assert proc.stderr.strip() == "tabletop-arena: error: /no/file.json: no such file"


@pytest.fixture
def dice_race(monkeypatch):
    """Route the launcher to the Dice Race fixture under the id 'dice_race'."""
    monkeypatch.setattr(launcher, "GAME_IDS", (*launcher.GAME_IDS, "dice_race"))
    real = registry.get_game
    monkeypatch.setattr(registry, "get_game",
                        lambda gid: DICE_RACE if gid == "dice_race" else real(gid))
    return DICE_RACE


def test_simulate_json_shape_and_replay_of_every_log(dice_race, tmp_path, capsys):
    code, out, _ = _run(capsys, ["simulate", "--game", "dice_race", "--games", "6",
                                 "--seed", "4", "--json", "--log", str(tmp_path)])
    assert code == 0
    summary = json.loads(out)
    assert set(summary) == {"game", "games", "seed", "wins", "draws", "errors",
                            "avg_decisions", "seconds"}
    assert summary["games"] == 6 and summary["errors"] == 0
    assert sum(summary["wins"]) + summary["draws"] == 6
    logs = sorted(tmp_path.iterdir())
    assert len(logs) == 6
    for log in logs:
        code, out, err = _run(capsys, ["replay", str(log), "--json"])
        assert code == 0, err
        result = json.loads(out)
        assert set(result) == {"final_hash", "decisions", "outcome"}
        assert result["final_hash"] == json.loads(log.read_text())["final_hash"]


def test_replay_detects_a_tampered_hash(dice_race, tmp_path, capsys):
    _run(capsys, ["simulate", "--game", "dice_race", "--games", "1", "--log", str(tmp_path)])
    log = next(tmp_path.iterdir())
    data = json.loads(log.read_text())
    data["final_hash"] = "0" * 16
    log.write_text(json.dumps(data))
    code, _, err = _run(capsys, ["replay", str(log)])
    assert code == 1 and "diverged" in err


def test_simulate_is_deterministic_under_a_seed(dice_race, capsys):
    runs = []
    for _ in range(2):
        _, out, _ = _run(capsys, ["simulate", "--game", "dice_race", "--games", "5",
                                  "--seed", "9", "--json"])
        runs.append({k: v for k, v in json.loads(out).items() if k != "seconds"})
    assert runs[0] == runs[1]


def test_tournament_json_shape(dice_race, capsys):
    code, out, _ = _run(capsys, ["tournament", "--game", "dice_race", "--agents",
                                 "random,easy", "--games", "4", "--json"])
    assert code == 0
    result = json.loads(out)
    assert result["agents"] == ["random", "easy"]
    (pair,) = result["pairs"]
    assert pair["a_wins"] + pair["b_wins"] + pair["draws"] + pair["errors"] == 4
    lo, hi = pair["a_interval"]
    assert 0 <= lo <= pair["a_win_rate"] <= hi <= 1


def test_a_tournament_in_two_processes_plays_the_same_matches(dice_race, capsys):
    """--workers: the matches are drawn before any is played, so two processes give the
    result one gives."""
    results = []
    for workers in ("1", "2"):
        code, out, _ = _run(capsys, ["tournament", "--game", "dice_race", "--agents",
                                     "random,easy,normal", "--games", "5", "--seed", "4",
                                     "--workers", workers, "--json"])
        assert code == 0
        results.append(json.loads(out))
    assert results[0] == results[1]


def test_a_tournament_log_resumes_a_stopped_tournament(dice_race, tmp_path, capsys,
                                                       monkeypatch):
    """--log: each match's record is appended as it ends; run again with the same log,
    the matches it holds are not played again and the result is the one of a run
    through."""
    import ai.arena

    argv = ["tournament", "--game", "dice_race", "--agents", "random,easy", "--games", "6",
            "--seed", "8", "--json"]
    code, out, _ = _run(capsys, argv)
    whole = json.loads(out)
    log = tmp_path / "games.jsonl"
    code, out, _ = _run(capsys, [*argv, "--log", str(log)])
    assert code == 0 and json.loads(out) == whole
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert sorted(r["g"] for r in records) == list(range(6))
    assert {r["winner"] for r in records} <= {"a", "b", "draw"}
    log.write_text("".join(line + "\n" for line in log.read_text().splitlines()[:2]))
    played = []
    real = ai.arena.play_scheduled
    monkeypatch.setattr(ai.arena, "play_scheduled",
                        lambda gid, match: played.append(match.g) or real(gid, match))
    code, out, _ = _run(capsys, [*argv, "--log", str(log)])
    assert code == 0 and json.loads(out) == whole
    assert sorted(played) == sorted(set(range(6)) - {r["g"] for r in records[:2]})
    assert len(log.read_text().splitlines()) == 6


def test_another_tournaments_log_or_a_damaged_one_is_one_line(dice_race, tmp_path, capsys):
    log = tmp_path / "games.jsonl"
    argv = ["tournament", "--game", "dice_race", "--agents", "random,easy", "--games", "2",
            "--log", str(log)]
    assert _run(capsys, [*argv, "--seed", "1"])[0] == 0
    code, out, err = _run(capsys, [*argv, "--seed", "2"])
    assert code == 2 and out == "" and "another tournament's" in err
    assert err.count("\n") == 1
    log.write_text('{"a": "random", "b": "easy", "g": 0\n')
    code, out, err = _run(capsys, [*argv, "--seed", "1"])
    assert code == 2 and "damaged at line 1" in err and err.count("\n") == 1


def test_bench_json_is_the_only_thing_on_stdout():
    """pygame's import banner must not spoil the JSON a benchmark script reads."""
    proc = subprocess.run(
        [sys.executable, str(ROOT / "launcher.py"), "bench", "--game", "battlecon",
         "--seconds", "0.2", "--ai-decisions", "1", "--levels", "easy", "--idle-seconds",
         "0.3", "--json"],
        capture_output=True, text=True, cwd=ROOT,
        env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    entry = report["games"]["battlecon"]
    assert entry["engine"]["decisions_per_s"] > 0
    assert entry["ai"]["easy"]["decisions"] == 1
    assert set(entry["gui"]) == {"animating", "ai_thinking"}
    for idle in (report["title_idle"], entry["idle"]):
        assert set(idle) == {"cpu_percent", "frames_drawn", "wall_s", "settle_s"}


def test_render_draws_a_spectator_with_viewer_0_and_refuses_other_seats(tmp_path, capsys):
    out = tmp_path / "spectator.png"
    code, _, err = _run(capsys, ["render", "--game", "battlecon", "--decisions", "5",
                                 "--viewer", "0", "--out", str(out)])
    assert code == 0, err
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    code, _, err = _run(capsys, ["render", "--game", "battlecon", "--viewer", "3",
                                 "--out", str(tmp_path / "x.png")])
    assert code == 2 and "or 0 for a spectator" in err
