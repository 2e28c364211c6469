"""Fit BattleCON's evaluation on recorded duels (ai/battlecon/data/fitted_evaluation.toml).

    python build/fit_battlecon_evaluation.py record OUT.jsonl --games N --seed S [--level L]
    python build/fit_battlecon_evaluation.py fit OUT.toml IN.jsonl ... --recorded-by CMD
        [--reg R] [--td L]

``record`` plays N duels of the level against itself (random fighters, setups drawn from
``fit:<seed>``, at the fixed budget so a run repeats) on two processes and writes one line
per finished duel: its number, the final scores and the ``summarize``d position at the
start of every beat. ``record`` appends and skips duel numbers already in the file, so a
stopped run resumes.

``fit`` fits a logistic model of ``features`` (ai/battlecon/evaluation.py) to who won, by
fitted TD(lambda): first on the outcomes, then each round on targets that blend the model's
chance at the next beat with the target after it (lambda ``--td``; 1 is the outcome alone),
which lowers the noise of the later play in the label. The L2 penalty ``--reg`` keeps the
per-card weights small where the data says little. It prints the held-out log loss of the
model and of the hand-set evaluation (one fitted scale), duels split 3:1, then fits on all
the duels and writes the weights. numpy serves the fit (``pip install numpy``): it is a
tool of this script only, not a dependency of the game.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import sys
from pathlib import Path
from typing import Any

os.environ.setdefault("ARENA_AI_FIXED_BUDGET", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ai.arena import make_setup  # noqa: E402
from ai.battlecon.evaluation import evaluate, features, summarize  # noqa: E402
from rules.battlecon.kinds import Phase  # noqa: E402
from rules.battlecon.state import BattleconState  # noqa: E402

Duel = dict[str, Any]


def play(job: tuple[int, str, int]) -> Duel | None:
    """One recorded duel (None if it did not end)."""
    from ai.levels import make_agent
    from rules.core.match import Match
    from rules.registry import get_game

    index, level, seed = job
    game = get_game("battlecon")
    rng = random.Random(f"gen:{seed}:{index}")
    setup = make_setup(game, rng, 2, {})
    match_seed = rng.getrandbits(31)
    match = Match(game, setup, match_seed)
    agents = {s: make_agent("battlecon", level, match_seed * 131 + s) for s in range(2)}
    positions: list[dict[str, Any]] = []
    beats: set[int] = set()

    def on_step(m: Match, *_: Any) -> None:
        st = m.state
        assert isinstance(st, BattleconState)
        if st.phase == Phase.SET and st.beat_no not in beats:
            beats.add(st.beat_no)
            # the hand-set evaluation's value beside it, to compare the two on the same duels
            positions.append({**summarize(st), "heuristic": evaluate(st, 0)})

    outcome = match.play(agents, max_decisions=game.decision_cap, on_step=on_step)
    if outcome is None:
        return None
    return {"idx": index, "level": level, "scores": outcome.scores, "snaps": positions}


def record(out: Path, games: int, seed: int, level: str) -> int:
    import multiprocessing

    done = set()
    if out.exists():
        done = {json.loads(line)["idx"] for line in out.open() if line.strip()}
    jobs = [(i, level, seed) for i in range(games) if i not in done]
    with multiprocessing.Pool(2) as pool, out.open("a") as f:
        for duel in pool.imap_unordered(play, jobs):
            if duel is not None:
                f.write(json.dumps(duel) + "\n")
                f.flush()
    return 0


def load(paths: list[Path]) -> list[Duel]:
    return [json.loads(line) for p in paths for line in p.open() if line.strip()]


def labelled(duels: list[Duel]) -> tuple[list[dict[str, float]], list[float], list[int]]:
    """Every position's features (for the first seat), who won, and where each duel ends."""
    rows, wins, ends = [], [], []
    for duel in duels:
        won = 1.0 if duel["scores"][0] > duel["scores"][1] else 0.0
        for snap in duel["snaps"]:
            rows.append(features(snap, 0))
            wins.append(won)
        ends.append(len(rows))
    return rows, wins, ends


def fit(rows: list[dict[str, float]], wins: list[float], ends: list[int], reg: float,
        td: float, rounds: int = 3) -> dict[str, float]:
    import numpy as np

    names = sorted({k for r in rows for k in r})
    index = {k: i for i, k in enumerate(names)}
    x = np.zeros((len(rows), len(names)))
    for i, r in enumerate(rows):
        for k, v in r.items():
            x[i, index[k]] = v
    y = np.array(wins)

    def newton(target: Any) -> Any:
        w = np.zeros(len(names))
        for _ in range(25):
            p = 1 / (1 + np.exp(-(x @ w)))
            grad = x.T @ (p - target) + reg * w
            hess = (x * (p * (1 - p))[:, None]).T @ x + reg * np.eye(len(names))
            step = np.linalg.solve(hess, grad)
            w -= step
            if float(np.abs(step).max()) < 1e-7:
                break
        return w

    w = newton(y)
    for _ in range(rounds if td < 1 else 0):
        p = 1 / (1 + np.exp(-(x @ w)))
        target = np.empty_like(y)
        start = 0
        for end in ends:
            later = y[start] if end > start else 0.0
            for i in range(end - 1, start - 1, -1):
                later = y[i] if i == end - 1 else (1 - td) * p[i + 1] + td * later
                target[i] = later
            start = end
        w = newton(target)
    return {k: float(w[i]) for k, i in index.items()}


def log_loss(chances: list[float], wins: list[float]) -> float:
    eps = 1e-6
    return -sum(y * math.log(max(eps, p)) + (1 - y) * math.log(max(eps, 1 - p))
                for p, y in zip(chances, wins, strict=True)) / len(wins)


def chance(weights: dict[str, float], row: dict[str, float]) -> float:
    z = sum(weights.get(k, 0.0) * v for k, v in row.items())
    return 1 / (1 + math.exp(-z))


def heuristic_mask(duels: list[Duel]) -> list[bool]:
    return [("heuristic" in snap) for duel in duels for snap in duel["snaps"]]


def heuristic_logits(duels: list[Duel]) -> tuple[list[float], list[float]]:
    """The hand-set evaluation's logit at every position recorded with it, and who won."""
    logits, wins = [], []
    for duel in duels:
        won = 1.0 if duel["scores"][0] > duel["scores"][1] else 0.0
        for snap in duel["snaps"]:
            if "heuristic" in snap:
                logits.append(math.atanh(max(-1 + 1e-9, min(1 - 1e-9, snap["heuristic"]))))
                wins.append(won)
    return logits, wins


HEADER = """\
# BattleCON's fitted evaluation (ai/battlecon/evaluation.py, ``fitted_evaluate``): the weight
# of each feature (``features``) in a logistic model of the chance that a fighter wins from
# a beat's start, fitted by build/fit_battlecon_evaluation.py on duels recorded by its
# ``record`` (the level against itself, random fighters, at the fixed budget) and written by
# its ``fit``; the held-out figures compare it with the hand-set evaluation on the same
# duels. A level sets ``Settings.evaluation = "fitted"`` to use it (docs/battlecon.md, "AI").
"""


def fit_command(out: Path, paths: list[Path], reg: float, td: float, recorded_by: str
                ) -> int:
    duels = load(paths)
    shuffled = duels[:]
    random.Random(0).shuffle(shuffled)
    cut = len(shuffled) * 3 // 4
    train, test = shuffled[:cut], shuffled[cut:]
    rows, wins, ends = labelled(train)
    weights = fit(rows, wins, ends, reg, td)
    test_rows, test_wins, _ = labelled(test)
    fitted = log_loss([chance(weights, r) for r in test_rows], test_wins)
    base = sum(wins) / len(wins)
    print(f"{len(duels)} duels, {len(rows) + len(test_rows)} positions; held-out log loss "
          f"(a quarter of the duels): fitted {fitted:.4f}, "
          f"constant {log_loss([base] * len(test_wins), test_wins):.4f}")
    # the hand-set evaluation on the same held-out duels, its logit (tanh undone) scaled
    # by one factor fitted on the training duels
    h_train, y_train = heuristic_logits(train)
    h_test, y_test = heuristic_logits(test)
    if h_train and h_test:
        scale = fit([{"h": h} for h in h_train], y_train, [len(h_train)], 1e-3, 1.0)
        hand = log_loss([chance(scale, {"h": h}) for h in h_test], y_test)
        fitted_same = log_loss([chance(weights, r) for r, has in zip(
            test_rows, heuristic_mask(test), strict=True) if has],
            [y for y, has in zip(test_wins, heuristic_mask(test), strict=True) if has])
        print(f"on the {len(h_test)} held-out positions recorded with the hand-set value: "
              f"fitted {fitted_same:.4f}, hand-set {hand:.4f} (scale {scale['h']:.2f})")
        held_out = (f"held-out log loss {fitted_same:.4f} against the hand-set evaluation's "
                    f"{hand:.4f} on {len(h_test)} positions of a quarter of the duels")
    else:
        held_out = f"held-out log loss {fitted:.4f} on a quarter of the duels"
    rows, wins, ends = labelled(duels)
    weights = fit(rows, wins, ends, reg, td)
    lines = [f"{json.dumps(k)} = {v:.4f}" for k, v in sorted(weights.items())
             if abs(v) >= 5e-5]
    fit_args = " ".join(["fit", str(out), *map(str, paths), "--reg", str(reg), "--td", str(td)])
    meta = {"source": "fitted",
            "reason": f"a logistic model of who wins, fitted by TD(lambda {td}) on "
                      f"{len(rows)} beat-start positions; {held_out}",
            "duels": len(duels), "positions": len(rows),
            "command": f"{recorded_by}; python build/fit_battlecon_evaluation.py {fit_args}"}
    head = "\n".join(f"{k} = {json.dumps(v)}" for k, v in meta.items())
    out.write_text(HEADER + head + "\n\n[weights]\n" + "\n".join(lines) + "\n")
    print(f"wrote {len(lines)} weights to {out}; held-out figures above")
    return 0


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("out", type=Path)
    rec.add_argument("--games", type=int, required=True)
    rec.add_argument("--seed", type=int, required=True)
    rec.add_argument("--level", default="normal")
    fitp = sub.add_parser("fit")
    fitp.add_argument("out", type=Path)
    fitp.add_argument("inputs", type=Path, nargs="+")
    fitp.add_argument("--reg", type=float, default=3.0)
    fitp.add_argument("--td", type=float, default=0.7)
    fitp.add_argument("--recorded-by", required=True,
                      help="the record command that made the inputs (kept as provenance)")
    args = parser.parse_args(argv)
    if args.command == "record":
        return record(args.out, args.games, args.seed, args.level)
    return fit_command(args.out, args.inputs, args.reg, args.td, args.recorded_by)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
