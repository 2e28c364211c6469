"""Best-of-three sets: the loser chooses who goes first; running gives 2 draws next game."""

from __future__ import annotations

from rules.core import Action


def test_loser_chooses_who_goes_first_and_a_runner_draws_two(table):
    """Run / Win Conditions: a player who ran draws 2 on their first turn of the next game
    of the set; the loser of a game chooses to go first or second."""
    s = table.started(fmt="best of three")
    table.act(s, 0, "run")
    assert s.outcome() is None and s.set_wins == [0, 1]
    assert s.decision().players == (0,)
    assert {a.kind for a in s.legal_actions(0)} == {"go_first", "go_second"}
    table.act(s, 0, "go_second")
    assert s.first == 1 and s.phase == "party" and s.game_no == 2
    assert all(len(s.zones["deck"][q]) == 30 for q in range(2))
    table.finish_setup(s)
    assert s.active == 1 and len(s.zones["hand"][1]) == 1
    table.act(s, 1, "end_turn")
    table.pass_all(s)
    assert s.active == 0 and len(s.zones["hand"][0]) == 2


def test_the_set_ends_when_a_side_has_won_two_games(table):
    """The Goal: win 2 out of 3 games to win the match."""
    s = table.started(first=1, fmt="best of three")
    table.act(s, 1, "run")
    s.apply(1, Action("go_first"))
    table.finish_setup(s)
    assert s.active == 1 and s.outcome() is None
    table.act(s, 1, "run")
    out = s.outcome()
    assert out is not None and out.scores == (1.0, 0.0) and "2-0" in out.reason
