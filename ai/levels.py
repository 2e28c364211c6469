"""AI levels: ``make_agent(game_id, level, seed)`` builds the agent for a seat.

A game tunes its AI in ``ai/<game_id>.py`` (or a package ``ai/<game_id>/``) with any of:

* ``make_agent(level, seed)``: a fully custom agent for that level (return None to fall
  back to the generic one);
* ``LEVELS``: ``{level: {key: value}}`` overrides of the generic settings (keys below);
* ``evaluate(state, player) -> float`` in [-1, 1]: used at the search's cut-offs;
* ``rollout_action(state, seat, legal, rng) -> Action``: the playout policy of MCTS and
  IS-MCTS (default: uniformly random);
* ``candidates(state, seat) -> list[Action]``: the actions the search considers — a
  pruning of the legal actions, used at the root, in the tree and in playouts (default:
  every legal action). The rules' own legal list is never changed;
* ``search_view(view) -> GameState``: the copy of a view the search starts from (the
  game's automations switched on for the search's own states; default: the view);
* ``quiet(state) -> bool``: whether a position may be judged as it stands (no dice in the
  air, no exchange half done); the searches play or search on past their horizon until it
  is (default: every position is quiet).

Without a module a game gets the generic agents: information-set MCTS, which works for
every game on the rules.core contract (perfect-information ones included).
"""

from __future__ import annotations

import importlib
import math
from collections.abc import Mapping
from types import ModuleType
from typing import Any

from ai.agents import RandomAgent, SeededAgent
from ai.analysis import Analyst
from ai.search.common import (
    QUIESCENCE_LIMIT,
    Candidates,
    Determinizer,
    Evaluator,
    Quiet,
    RolloutPolicy,
    SearchView,
    scaled_cap,
    scaled_count,
)
from ai.search.expectiminimax import (
    QUIESCENCE_PLIES,
    ExpectiminimaxAgent,
    ExpectiminimaxConfig,
)
from ai.search.ismcts import ISMCTSAgent
from ai.search.lookahead import LookaheadAgent, LookaheadConfig
from ai.search.mcts import MCTSAgent, SearchConfig
from rules.core.match import Agent

LEVEL_NAMES: tuple[str, ...] = ("random", "easy", "normal", "hard", "expert")

#: One line per level, for the setup screen (what each level is).
LEVEL_DESCRIPTIONS: dict[str, str] = {
    "random": "plays any legal move at random",
    "easy": "a short search that sometimes plays a random move",
    "normal": "a quick search, well under a second a move",
    "hard": "a deeper search, about a second a move",
    "expert": "thinks up to 3 s a move",
}

#: The scalable settings: those that set how much a search does (its budget). A budget
#: scale multiplies them (rounded, at least 1) and the time caps by the same factor; under
#: the fixed budget (``ARENA_AI_FIXED_BUDGET``) the caps are dropped as for every level.
BUDGET_KEYS: tuple[str, ...] = ("iterations", "samples", "determinizations")
ALGORITHMS: tuple[str, ...] = ("random", "ismcts", "mcts", "expectiminimax", "lookahead")

#: The documented per-level settings and what each means (see docs/ai.md).
SETTING_KEYS: dict[str, str] = {
    "algorithm": "one of " + ", ".join(ALGORITHMS),
    "iterations": "search iterations per decision (MCTS / IS-MCTS)",
    "time_cap": "wall-clock cap per decision in seconds, or None",
    "exploration": "UCB exploration constant (MCTS / IS-MCTS)",
    "rollout_depth": "random playout steps before evaluating (MCTS / IS-MCTS)",
    "epsilon": "chance of playing a random legal action instead of searching",
    "noise": "another name for epsilon",
    "mix_floor": "at a simultaneous root, mix among actions this close to the best",
    "simultaneous": "simultaneous decisions by 'duct' (decoupled UCT) or 'rm' (regret matching)",
    "rm_exploration": "uniform exploration blended into regret matching ('rm' only)",
    "seat_worlds": "share of iterations in which another seat learns in worlds drawn from "
                   "its own view (IS-MCTS)",
    "max_depth": "plies searched (expectiminimax)",
    "determinizations": "sampled worlds averaged for hidden information (expectiminimax)",
    "chance_samples": "outcomes sampled at a large chance decision (expectiminimax)",
    "samples": "sampled continuations per action (lookahead)",
    "quiescence": "most steps (MCTS, lookahead) or plies (expectiminimax) searched past the "
                  "horizon to reach a quiet position (with the game's quiet hook)",
}

#: The generic levels. Budgets were measured with ``launcher.py bench`` (docs/ai.md).
DEFAULT_LEVELS: dict[str, dict[str, Any]] = {
    "random": {"algorithm": "random"},
    "easy": {"algorithm": "ismcts", "iterations": 50, "rollout_depth": 10,
             "exploration": 1.0, "epsilon": 0.2, "time_cap": 0.3},
    "normal": {"algorithm": "ismcts", "iterations": 200, "rollout_depth": 20,
               "time_cap": 0.6},
    "hard": {"algorithm": "ismcts", "iterations": 1000, "rollout_depth": 40,
             "time_cap": 2.5},
    "expert": {"algorithm": "ismcts", "iterations": 4000, "rollout_depth": 40,
               "time_cap": 2.7},
}

#: Without an ``evaluate`` a cut-off playout learns nothing (it scores 1/2), so playouts
#: run this far (to the end in most games) unless the game's ``LEVELS`` says otherwise.
BLIND_ROLLOUT_DEPTH = 200

#: Names under ``ai`` that are framework modules, never a game's tuning module.
_FRAMEWORK = {"agents", "levels", "search", "arena"}


def _check_level(level: str) -> None:
    if level not in LEVEL_NAMES:
        raise ValueError(f"unknown AI level {level!r} (choose from: {', '.join(LEVEL_NAMES)})")


def parse_agent(spec: str) -> tuple[str, float]:
    """An agent spec as ``(level, scale)``: a level name, or ``LEVEL*K`` for that level's
    settings with its search budget multiplied by ``K`` (``hard*4``: hard with four times
    the iterations, samples or worlds; see each game's ``scaled``). ``K`` is a positive
    number; the random level has no budget to scale."""
    level, star, factor = spec.strip().partition("*")
    level = level.strip()
    _check_level(level)
    if not star:
        return level, 1.0
    try:
        scale = float(factor)
    except ValueError:
        raise ValueError(f"{spec!r}: the budget scale after '*' must be a number, "
                         f"not {factor.strip()!r}") from None
    if not math.isfinite(scale) or scale <= 0:
        raise ValueError(f"{spec!r}: the budget scale must be a positive number")
    if level == "random":
        raise ValueError(f"{spec!r}: the random level has no search budget to scale")
    return level, scale


def scaled_settings(settings: Mapping[str, Any], scale: float) -> dict[str, Any]:
    """Generic settings (``SETTING_KEYS``) with the budget (``BUDGET_KEYS``) and the time
    cap multiplied by ``scale``; everything else as it was."""
    out = dict(settings)
    if scale == 1:
        return out
    for key in BUDGET_KEYS:
        if key in out:
            out[key] = scaled_count(int(out[key]), scale)
    if out.get("algorithm") == "lookahead" and "samples" not in out:
        out["samples"] = scaled_count(LookaheadConfig().samples, scale)
    out["time_cap"] = scaled_cap(out.get("time_cap"), scale)
    return out


def game_module(game_id: str) -> ModuleType | None:
    """``ai.<game_id>`` if the game has one, else None."""
    if not game_id.isidentifier() or game_id in _FRAMEWORK:
        return None
    name = f"ai.{game_id}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise


def _validated(settings: Mapping[str, Any], where: str) -> dict[str, Any]:
    unknown = sorted(set(settings) - set(SETTING_KEYS))
    if unknown:
        raise ValueError(
            f"{where}: unknown AI setting(s) {', '.join(unknown)} "
            f"(known: {', '.join(SETTING_KEYS)})"
        )
    out = dict(settings)
    if "noise" in out:
        out["epsilon"] = out.pop("noise")
    if out.get("algorithm", "ismcts") not in ALGORITHMS:
        raise ValueError(
            f"{where}: unknown algorithm {out['algorithm']!r} "
            f"(choose from: {', '.join(ALGORITHMS)})"
        )
    return out


def level_settings(game_id: str, level: str) -> dict[str, Any]:
    """The generic settings for ``level`` with the game's ``LEVELS`` overrides applied;
    ``level`` may be a scaled spec (``hard*4``, see ``parse_agent``)."""
    level, scale = parse_agent(level)
    if scale != 1:
        return scaled_settings(level_settings(game_id, level), scale)
    settings = _validated(DEFAULT_LEVELS[level], f"default level {level}")
    module = game_module(game_id)
    if module is None or getattr(module, "evaluate", None) is None:
        settings["rollout_depth"] = BLIND_ROLLOUT_DEPTH
    overrides = getattr(module, "LEVELS", {}) if module else {}
    if level in overrides:
        settings.update(_validated(overrides[level], f"ai.{game_id}.LEVELS[{level!r}]"))
    return settings


def build_agent(
    settings: Mapping[str, Any],
    seed: int,
    evaluate: Evaluator | None,
    rollout_policy: RolloutPolicy | None = None,
    candidates: Candidates | None = None,
    search_view: SearchView | None = None,
    quiet: Quiet | None = None,
    determinize: Determinizer | None = None,
) -> SeededAgent:
    """An agent from resolved settings (see ``SETTING_KEYS``) and the game's hooks."""
    algorithm = settings.get("algorithm", "ismcts")
    if algorithm == "random":
        return RandomAgent(seed)
    epsilon = float(settings.get("epsilon", 0.0))
    #: how far past the horizon to a quiet position (with a ``quiet`` hook)
    quiescence = settings.get("quiescence")
    if algorithm == "expectiminimax":
        emm = ExpectiminimaxConfig(
            max_depth=int(settings.get("max_depth", 4)),
            evaluate=evaluate,
            determinizations=int(settings.get("determinizations", 1)),
            chance_samples=int(settings.get("chance_samples", 6)),
            time_cap=settings.get("time_cap"),
            quiet=quiet,
            quiescence=QUIESCENCE_PLIES if quiescence is None else int(quiescence),
        )
        return ExpectiminimaxAgent(seed, emm, epsilon)
    if algorithm == "lookahead":
        look = LookaheadConfig(samples=int(settings.get("samples", 4)), evaluate=evaluate,
                               quiet=quiet, rollout_policy=rollout_policy,
                               candidates=candidates,
                               quiescence=QUIESCENCE_LIMIT if quiescence is None
                               else int(quiescence))
        return LookaheadAgent(seed, look, epsilon)
    config = SearchConfig(
        iterations=int(settings.get("iterations", 300)),
        time_cap=settings.get("time_cap"),
        exploration=float(settings.get("exploration", 0.7)),
        rollout_depth=int(settings.get("rollout_depth", 30)),
        evaluate=evaluate,
        rollout_policy=rollout_policy,
        candidates=candidates,
        search_view=search_view,
        determinize=determinize,
        mix_floor=float(settings.get("mix_floor", 0.5)),
        simultaneous=str(settings.get("simultaneous", "duct")),
        rm_exploration=float(settings.get("rm_exploration", 0.2)),
        seat_worlds=float(settings.get("seat_worlds", 0.0)),
        quiet=quiet,
        quiescence=QUIESCENCE_LIMIT if quiescence is None else int(quiescence),
    )
    if algorithm == "mcts":
        return MCTSAgent(seed, config, epsilon)
    return ISMCTSAgent(seed, config, epsilon)


def make_analyst(game_id: str, level: str, seed: int) -> Analyst:
    """``make_agent``'s agent, typed as one that answers ``analyse`` (every level's does;
    a hint asks an agent of its own, see docs/ai.md)."""
    agent = make_agent(game_id, level, seed)
    if not isinstance(agent, Analyst):
        raise TypeError(f"the {level} agent of {game_id} cannot analyse a decision")
    return agent


def make_agent(game_id: str, level: str, seed: int) -> Agent:
    """The agent for ``game_id`` at ``level`` (random / easy / normal / hard / expert), or
    at a scaled spec such as ``hard*4`` (``parse_agent``). A game's own ``make_agent``
    is called as ``make_agent(level, seed)``, and with ``scale=K`` for a scaled spec."""
    name, scale = parse_agent(level)
    module = game_module(game_id)
    custom = getattr(module, "make_agent", None) if module else None
    if custom is not None:
        agent: Agent | None = (custom(name, seed) if scale == 1
                               else custom(name, seed, scale=scale))
        if agent is not None:
            return agent
    evaluate = getattr(module, "evaluate", None) if module else None
    policy = getattr(module, "rollout_action", None) if module else None
    candidates = getattr(module, "candidates", None) if module else None
    view_hook = getattr(module, "search_view", None) if module else None
    quiet = getattr(module, "quiet", None) if module else None
    return build_agent(level_settings(game_id, level), seed, evaluate, policy, candidates,
                       view_hook, quiet)
