"""BattleCON team agent: the evaluation, the beat play-out and legal play at every level."""

import random
from dataclasses import replace

import pytest

from ai.agents import SearchAgent
from ai.battlecon import AGENT_LEVELS, BattleconAgent, make_agent
from ai.battlecon.team import TEAM_LEVELS, SeatAgent, TeamAgent, evaluate_team, finish_team_beat
from rules.battlecon import GAME, beat, team
from rules.battlecon.kinds import Phase
from rules.core import Match
from tests.rules.battlecon.teams import set_pairs, team_game

W4 = ("wardlaw", "hayden", "amon", "lucida")


def test_team_evaluation_is_bounded_and_favours_the_life_lead():
    st = team_game(W4, "2v2")
    before = evaluate_team(st, 0)
    assert -0.5 < before < 0.5
    assert evaluate_team(st, 0) == pytest.approx(-evaluate_team(st, 1))
    st = team_game(W4, "2v2", seats={1: {"life": 8}})
    assert before < evaluate_team(st, 0) <= 1 and evaluate_team(st, 2) > before
    assert -1 <= evaluate_team(st, 3) < 0


def test_team_evaluation_of_a_finished_game_is_the_result():
    st = team_game(W4[:3])
    team.eliminate(st, 1)
    beat.finish(st, 0, "test")
    assert evaluate_team(st, 2) == 1.0 and evaluate_team(st, 1) == -1.0


def test_finish_team_beat_stops_at_the_next_set():
    st = team_game(W4, "3v1")
    set_pairs(st, {0: ("switch", "strike"), 1: ("switch", "shot"), 2: ("switch", "burst"),
                   3: ("switch", "drive")})
    world = finish_team_beat(st.clone())
    assert world.phase in (Phase.SET, Phase.OVER)
    assert world.beat_no == 2 or world.outcome() is not None


CASES = [("easy", 3, "2v1"), ("easy", 4, "3v1"), ("normal", 4, "2v2"), ("hard", 4, "2v2")]


@pytest.mark.parametrize(("level", "players", "layout"), CASES)
def test_make_agent_plays_team_games_legally(level: str, players: int, layout: str):
    """Seat 0 is the agent (Set, Ante, in-beat choices); the others play at random."""
    agent = make_agent(level, 5)
    assert isinstance(agent, SeatAgent)
    rng = random.Random(5)
    st = team_game(W4[:players], layout if players == 4 else None)
    while st.beat_no == 1 and st.outcome() is None:
        seat = st.decision().players[0]
        if seat == 0:
            action = agent.choose(st.view(0), 0)
            assert action in st.legal_actions(0)
        else:
            action = rng.choice(st.legal_actions(seat))
        st.apply(seat, action)
    assert st.phase == Phase.SET or st.outcome() is not None


def test_easy_team_agents_play_a_whole_two_against_one():
    setup = GAME.random_setup(random.Random(3), 3)
    agents = {p: make_agent("easy", 10 + p) for p in range(3)}
    match = Match(GAME, setup, 3)
    out = match.play(agents)
    assert out is not None and sorted(out.scores) in ([0.0, 1.0, 1.0], [0.0, 0.0, 1.0])


def test_the_agents_play_through_the_framework_choose():
    """AI on the framework: forced moves and the level's noise are the framework's
    (``SearchAgent.choose``); the BattleCON agents only supply ``search``."""
    for cls in (BattleconAgent, TeamAgent, SeatAgent):
        assert issubclass(cls, SearchAgent) and cls.choose is SearchAgent.choose
    assert make_agent("easy", 1).epsilon == AGENT_LEVELS["easy"].epsilon > 0


def test_a_level_has_one_noise_for_duels_and_team_games():
    """A seat agent applies its level's epsilon once, before a team game's decision goes
    to the team agent's search: the duel's and the team's settings must agree on it."""
    for level, settings in AGENT_LEVELS.items():
        assert TEAM_LEVELS[level].epsilon == settings.epsilon


def test_a_capped_team_set_never_fills_more_than_fits(monkeypatch):
    """A team Set whose cap is over at once plays out one cell (a 1 x 1 game), not two
    whole columns as before, and still sets a legal pair."""
    monkeypatch.delenv("ARENA_AI_FIXED_BUDGET", raising=False)
    monkeypatch.delenv("BATTLECON_AI_FIXED_BUDGET", raising=False)
    st = team_game(W4, "2v2")
    seat = st.decision().players[0]
    assert st.phase == Phase.SET
    view, legal = st.view(seat), st.legal_actions(seat)
    capped = TeamAgent(3, replace(TEAM_LEVELS["hard"], time_cap=1e-9))
    analysis = capped.analyse(view, seat)
    assert analysis.choice in legal and "(1 x 1 pairs)" in analysis.note
    assert len(analysis.options) == 1
