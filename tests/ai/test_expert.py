"""The expert level (issue #20) and the budget scale of an agent spec (``hard*4``)."""

import pytest

from ai.battlecon import AGENT_LEVELS as BATTLECON_LEVELS
from ai.battlecon.team import TEAM_LEVELS
from ai.biternia import AGENT_LEVELS as BITERNIA_LEVELS
from ai.chaostle import AGENT_LEVELS as CHAOSTLE_LEVELS
from ai.chaostle import LEVEL_WEIGHTS as CHAOSTLE_WEIGHTS
from ai.levels import (
    LEVEL_DESCRIPTIONS,
    LEVEL_NAMES,
    level_settings,
    make_agent,
    parse_agent,
    scaled_settings,
)
from ai.search.ismcts import ISMCTSAgent
from ai.search.lookahead import LookaheadAgent

GAMES = ("battlecon", "biternia", "chaostle", "terrene")
#: The bench's target for a decision at expert (docs/performance.md): 3 s at p95.
EXPERT_SECONDS = 3.0


def _budget(game_id: str, spec: str) -> dict[str, object]:
    """What sets the amount of search of ``spec``'s agent in ``game_id``."""
    agent = make_agent(game_id, spec, 1)
    if game_id == "battlecon":
        s = agent.settings
        return {"cells": s.max_rows * s.max_cols, "ante": s.ante_samples,
                "deepen": s.deepen, "next": s.next_size, "rounds": s.refine_rounds,
                "cap": s.time_cap, "set_cap": s.deepen_cap,
                "team_worlds": agent.team.settings.worlds,
                "team_cells": agent.team.settings.max_rows * agent.team.settings.max_cols,
                "team_cap": agent.team.settings.time_cap}
    if game_id == "biternia":
        return {"worlds": agent.settings.worlds, "cap": agent.settings.time_cap,
                "candidates": agent.settings.candidates}
    if game_id == "chaostle":
        assert isinstance(agent, LookaheadAgent)
        return {"samples": agent.config.samples, "reply": agent.reply,
                "weights": agent.weights, "depth": agent.config.depth,
                "plan": agent.config.plan, "cap": agent.config.time_cap,
                "nodes": agent.config.plan_nodes}
    inner = agent.inner
    assert isinstance(inner, ISMCTSAgent)
    return {"iterations": inner.config.iterations, "cap": inner.config.time_cap}


def test_every_level_has_a_one_line_description():
    assert set(LEVEL_DESCRIPTIONS) == set(LEVEL_NAMES)
    assert LEVEL_DESCRIPTIONS["expert"] == "thinks up to 3 s a move"
    assert all(line and "\n" not in line for line in LEVEL_DESCRIPTIONS.values())


@pytest.mark.parametrize("game_id", GAMES)
def test_expert_exists_validates_and_searches_more_than_hard(game_id, monkeypatch):
    monkeypatch.delenv("ARENA_AI_FIXED_BUDGET", raising=False)
    monkeypatch.delenv("BATTLECON_AI_FIXED_BUDGET", raising=False)
    settings = level_settings(game_id, "expert")  # the generic overrides validate
    assert settings["iterations"] > level_settings(game_id, "hard")["iterations"]
    assert 0 < settings["time_cap"] <= EXPERT_SECONDS
    hard, expert = _budget(game_id, "hard"), _budget(game_id, "expert")
    assert type(make_agent(game_id, "expert", 1)) is type(make_agent(game_id, "hard", 1))
    if game_id == "battlecon":
        assert expert["cells"] >= hard["cells"] and expert["ante"] > hard["ante"]
        assert expert["next"] > hard["next"] and expert["deepen"] > hard["deepen"]
        assert expert["set_cap"] <= EXPERT_SECONDS and expert["cap"] <= expert["set_cap"]
        assert expert["team_cells"] > hard["team_cells"]
        assert expert["team_cap"] <= EXPERT_SECONDS
    elif game_id == "biternia":
        assert expert["worlds"] > hard["worlds"] and 0 < expert["cap"] <= EXPERT_SECONDS
        assert expert["candidates"] > hard["candidates"]
    elif game_id == "chaostle":  # plans its turn on dice streams, its evaluation tuned
        assert expert["plan"] and not hard["plan"] and expert["depth"] > hard["depth"]
        assert expert["weights"] != hard["weights"]
        assert hard["cap"] is None and 0 < expert["cap"] <= EXPERT_SECONDS
    else:
        assert expert["iterations"] > hard["iterations"]
        assert 0 < expert["cap"] <= EXPERT_SECONDS


def test_expert_settings_are_those_of_the_tables():
    assert BATTLECON_LEVELS["expert"].max_rows == 40 and TEAM_LEVELS["expert"].max_cols == 12
    expert, hard = BATTLECON_LEVELS["expert"], BATTLECON_LEVELS["hard"]
    assert (expert.beat_ahead, expert.beat_ahead_options, expert.cell_foresee) == (40, 3, True)
    assert not hard.beat_ahead and not hard.cell_foresee
    assert BITERNIA_LEVELS["expert"].worlds > BITERNIA_LEVELS["hard"].worlds
    assert BITERNIA_LEVELS["expert"].candidates == 10
    assert CHAOSTLE_LEVELS["expert"]["plan"] == 1 and CHAOSTLE_LEVELS["expert"]["depth"] == 4
    assert CHAOSTLE_LEVELS["expert"]["plan_nodes"] == 8000
    assert CHAOSTLE_LEVELS["expert"]["samples"] == 4
    assert CHAOSTLE_LEVELS["expert"]["draft_by_level"] == 1
    assert not CHAOSTLE_LEVELS["hard"].get("draft_by_level")
    assert CHAOSTLE_LEVELS["expert"]["accept_ties"] == 1
    assert not CHAOSTLE_LEVELS["hard"].get("accept_ties")
    assert CHAOSTLE_WEIGHTS["expert"].rest == 0.5 and CHAOSTLE_WEIGHTS["hard"].rest == 1.0


def test_an_agent_spec_parses_into_a_level_and_a_scale():
    assert parse_agent("hard") == ("hard", 1.0)
    assert parse_agent("hard*4") == ("hard", 4.0)
    assert parse_agent(" normal * 0.5 ") == ("normal", 0.5)
    for bad, words in (("hard*x", "must be a number"), ("hard*0", "positive"),
                       ("hard*-2", "positive"), ("hard*inf", "positive"),
                       ("random*4", "no search budget"), ("master*4", "unknown AI level")):
        with pytest.raises(ValueError, match=words):
            parse_agent(bad)


def test_a_budget_scale_multiplies_the_budget_and_the_cap_only():
    hard = level_settings("tictactoe", "hard")
    four = level_settings("tictactoe", "hard*4")
    assert four["iterations"] == 4 * hard["iterations"]
    assert four["time_cap"] == pytest.approx(4 * hard["time_cap"])
    assert {k: v for k, v in four.items() if k not in ("iterations", "time_cap")} == \
        {k: v for k, v in hard.items() if k not in ("iterations", "time_cap")}
    look = scaled_settings({"algorithm": "lookahead", "samples": 3, "time_cap": None}, 2.5)
    assert look == {"algorithm": "lookahead", "samples": 8, "time_cap": None}
    assert scaled_settings({"algorithm": "lookahead"}, 4)["samples"] == 16
    emm = scaled_settings({"algorithm": "expectiminimax", "determinizations": 2}, 0.1)
    assert emm["determinizations"] == 1  # never below one


@pytest.mark.parametrize("game_id", GAMES)
def test_a_scaled_spec_scales_each_game_s_own_agent(game_id, monkeypatch):
    monkeypatch.delenv("ARENA_AI_FIXED_BUDGET", raising=False)
    monkeypatch.delenv("BATTLECON_AI_FIXED_BUDGET", raising=False)
    hard, four, sixteen = (_budget(game_id, s) for s in ("hard", "hard*4", "hard*16"))
    if game_id == "battlecon":
        assert four["cells"] == 4 * hard["cells"] and four["ante"] == 4 * hard["ante"]
        assert four["cap"] == 4 * hard["cap"] and four["set_cap"] == 4 * hard["set_cap"]
        # the second beat: the refined support and the sampled game's side by the fourth
        # root each (cells times cells: about the same factor of work)
        assert (sixteen["deepen"], sixteen["next"]) == (2 * hard["deepen"], 2 * hard["next"])
        assert four["rounds"] == hard["rounds"]
        assert four["team_worlds"] == 4 * hard["team_worlds"]
    elif game_id == "biternia":
        assert four["worlds"] == 4 * hard["worlds"] and sixteen["worlds"] == 16 * hard["worlds"]
        assert four["candidates"] == hard["candidates"]
    elif game_id == "chaostle":
        assert four["samples"] == 4 * hard["samples"]
        expert, expert4 = _budget(game_id, "expert"), _budget(game_id, "expert*4")
        assert expert4["samples"] == 4 * expert["samples"]
        assert expert4["cap"] == pytest.approx(4 * expert["cap"])
        assert expert4["depth"] == expert["depth"]
        assert expert4["nodes"] == 4 * expert["nodes"] and hard["nodes"] is None
    else:
        assert four["iterations"] == 4 * hard["iterations"]
        assert four["cap"] == pytest.approx(4 * hard["cap"])


@pytest.mark.parametrize("game_id", ["battlecon", "biternia"])
def test_the_fixed_budget_drops_a_scaled_agent_s_caps(game_id, monkeypatch):
    """The games' own agents drop their caps when built (the generic searches' budgets
    ignore theirs while searching, ``Budget.ticks``)."""
    monkeypatch.setenv("ARENA_AI_FIXED_BUDGET", "1")
    for spec in ("hard*4", "expert"):
        budget = _budget(game_id, spec)
        assert all(budget.get(k) is None for k in ("cap", "set_cap")), (spec, budget)


def test_the_launcher_takes_expert_and_scaled_specs(capsys):
    import launcher

    args = launcher.build_parser().parse_args(
        ["tournament", "--game", "chaostle", "--agents", "hard*4,hard,expert"])
    assert args.agents == ["hard*4", "hard", "expert"]
    args = launcher.build_parser().parse_args(["bench", "--levels", "expert,hard*16"])
    assert args.levels == ["expert", "hard*16"]
    assert "expert" in launcher.HINT_LEVELS
    for spec, words in (("hard*x", "must be a number"), ("random*2", "no search budget"),
                        ("wizard*2", "unknown AI level 'wizard'")):
        code = launcher.run(["tournament", "--game", "chaostle", "--agents", f"{spec},hard"])
        err = capsys.readouterr().err
        assert code == 2 and words in err and err.count("\n") == 1, err


def test_a_scaled_tournament_plays_and_is_reported_under_its_spec(capsys, monkeypatch):
    import json

    import launcher

    monkeypatch.setenv("ARENA_AI_FIXED_BUDGET", "1")
    code = launcher.run(["tournament", "--game", "chaostle", "--agents", "normal*0.5,normal",
                         "--games", "1", "--seed", "3", "--json"])
    result = json.loads(capsys.readouterr().out)
    assert code == 0 and result["agents"] == ["normal*0.5", "normal"]
    assert result["pairs"][0]["a"] == "normal*0.5" and result["pairs"][0]["errors"] == 0


def test_a_step_is_started_only_if_it_is_expected_to_end_by_the_deadline(monkeypatch):
    import ai.search.common as common

    monkeypatch.setattr(common.time, "perf_counter", lambda: 10.0)
    assert not common.fits(9.0, 2, 10.4)  # steps of 0.5 s: the next would end at 10.5
    assert common.fits(9.0, 4, 10.4)  # steps of 0.25 s: it ends at 10.25
    assert common.fits(9.0, 0, 10.0) and not common.fits(9.0, 0, 9.9)


def test_biternia_s_capped_agent_judges_by_the_worlds_it_played(monkeypatch):
    """With a cap the agent stops before a world that would end past it (at least one
    world is always played); without one (or under the fixed budget) it plays them all."""
    from dataclasses import replace

    from ai.biternia import AGENT_LEVELS, BiterniaAgent
    from tests.ai.test_biternia_ai import _table

    monkeypatch.delenv("ARENA_AI_FIXED_BUDGET", raising=False)
    monkeypatch.delenv("BATTLECON_AI_FIXED_BUDGET", raising=False)
    s = _table()
    seat = s.decision().players[0]
    view, legal = s.view(seat), s.legal_actions(seat)
    capped = BiterniaAgent(replace(AGENT_LEVELS["hard"], time_cap=1e-6), 5, "hard")
    assert "in 1 worlds" in capped.analyse(view, seat).note
    full = BiterniaAgent(AGENT_LEVELS["hard"], 5, "hard")
    assert f"in {AGENT_LEVELS['hard'].worlds} worlds" in full.analyse(view, seat).note
    monkeypatch.setenv("ARENA_AI_FIXED_BUDGET", "1")
    uncapped = BiterniaAgent(replace(AGENT_LEVELS["hard"], time_cap=1e-6), 5, "hard")
    fresh = BiterniaAgent(AGENT_LEVELS["hard"], 5, "hard")
    assert uncapped.analyse(view, seat) == fresh.analyse(view, seat)
    assert len(legal) > 1
