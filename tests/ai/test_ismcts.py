"""Information-set MCTS: hidden cards (Kuhn poker), simultaneous bids (Goofspiel) and the
soundness of simultaneous decisions (Guess or Pass)."""

import random
from collections import Counter

import pytest

from ai.search.ismcts import ISMCTSAgent
from ai.search.mcts import SearchConfig, TreeSearch
from rules.core import CHANCE, Action
from tests.ai.fixtures.goofspiel import GAME as GOOFSPIEL
from tests.ai.fixtures.guess_or_pass import GAME as GUESS
from tests.ai.fixtures.guess_or_pass import HEADS, TAILS
from tests.ai.fixtures.kuhn import GAME as KUHN
from tests.ai.fixtures.tictactoe import GAME as TICTACTOE
from tests.ai.helpers import chance_threshold, scores_against_random


def test_ismcts_beats_random_at_kuhn_poker():
    """400 seeded hands, seats alternating. A best reply to random play wins 68.75% of
    hands (75% as first seat, 62.5% as second, found by enumerating pure strategies);
    the bar is what a no-better-than-random agent reaches only by luck."""
    games = 400
    scores = scores_against_random(
        KUHN, lambda i: ISMCTSAgent(i, SearchConfig(iterations=200)), games)
    assert sum(scores) / games > chance_threshold(games)


def test_ismcts_beats_random_at_goofspiel():
    """Four-card Goofspiel, 100 seeded games, seats alternating (draws count half)."""
    games = 100
    setup = {"players": 2, "cards": "4"}
    scores = scores_against_random(
        GOOFSPIEL, lambda i: ISMCTSAgent(i, SearchConfig(iterations=150)), games, setup)
    assert sum(scores) / games > chance_threshold(games)


def test_ismcts_plays_perfect_information_games_too():
    scores = scores_against_random(
        TICTACTOE, lambda i: ISMCTSAgent(i, SearchConfig(iterations=300)), 10)
    assert 0.0 not in scores


def test_first_submitter_does_not_assume_it_is_seen():
    """Guessing is worth 1/2 when the other seat cannot see the guess, passing 1/3. A
    search that let the later submitter react to the guess would value guessing at 0 and
    pass; decoupled selection guesses, heads and tails both."""
    state = GUESS.new_state({}, 0)
    picks = Counter(
        ISMCTSAgent(seed, SearchConfig(iterations=300)).choose(state.view(0), 0).kind
        for seed in range(24)
    )
    assert picks["pass"] <= 2, picks
    assert picks["heads"] >= 6 and picks["tails"] >= 6, picks


def test_later_submitter_cannot_learn_the_hidden_commitment():
    """Seat 2 chooses after seat 1 committed; its views are identical whether seat 1 said
    heads or tails, so with the same seed it makes the same choice either way."""
    choices = []
    for call in (HEADS, TAILS):
        state = GUESS.new_state({}, 0)
        state.apply(0, call)
        view = state.view(1)
        choices.append(ISMCTSAgent(9, SearchConfig(iterations=200)).choose(view, 1))
        assert view.to_json() == {"calls": ["hidden", None], "die": None}
    assert choices[0] == choices[1]


def test_goofspiel_bid_is_legal_mid_game():
    """A view after a revealed round and a committed hidden bid still searches soundly."""
    state = GOOFSPIEL.new_state({"players": 2, "cards": "5"}, 0)
    state.apply(CHANCE, Action("prize", (5,)))
    state.apply(0, Action("bid", (5,)))
    state.apply(1, Action("bid", (1,)))
    state.apply(CHANCE, Action("prize", (2,)))
    state.apply(0, Action("bid", (2,)))
    view = state.view(1)
    assert view.bids == [0, None] and 2 in view.hands[0]
    action = ISMCTSAgent(4, SearchConfig(iterations=100)).choose(view, 1)
    assert action in state.legal_actions(1)


def test_regret_matching_mode_approaches_the_equilibrium():
    """With simultaneous="rm" each seat's average strategy at Guess or Pass approaches the
    equilibrium: seat 1 guesses heads and tails half the time each and never passes,
    seat 2 says heads and tails half the time each."""
    state = GUESS.new_state({}, 0)
    config = SearchConfig(iterations=2000, simultaneous="rm")
    for seed in range(5):
        root = TreeSearch(config, random.Random(seed)).run(state.clone)
        assert root.tables is not None
        heads, tails, passes = root.tables[0].average(state.legal_actions(0))
        assert passes < 0.05 and abs(heads - 0.5) < 0.1 and abs(tails - 0.5) < 0.1
        second = root.tables[1].average(state.legal_actions(1))
        assert all(abs(p - 0.5) < 0.2 for p in second)


def test_regret_matching_agent_guesses():
    state = GUESS.new_state({}, 0)
    config = SearchConfig(iterations=1000, simultaneous="rm")
    picks = Counter(ISMCTSAgent(s, config).choose(state.view(0), 0).kind for s in range(12))
    assert picks["pass"] <= 2 and picks["heads"] >= 3 and picks["tails"] >= 3, picks


def _kuhn_tree(seat_worlds: float, seed: int = 3):
    """The tree of the first seat holding the King, searched from its view."""
    state = KUHN.new_state({}, 0)
    state.apply(CHANCE, Action("deal", (3, 1)))
    agent = ISMCTSAgent(seed, SearchConfig(iterations=600, seat_worlds=seat_worlds))
    return agent.search_tree(state.view(0), 0)


def test_single_observer_opponent_decides_knowing_the_searchers_card():
    """Single-observer search (the default): in every world the searcher holds its King,
    so the other seat's answer to a bet, call or fold, never wins in the tree; this is the
    limitation ``seat_worlds`` lifts."""
    answers = _kuhn_tree(0.0).children[Action("bet", ())].children
    assert sum(edge.visits for edge in answers.values()) > 0
    assert all(edge.total == 0.0 for edge in answers.values())


def test_seat_worlds_opponent_learns_without_the_searchers_card():
    """With ``seat_worlds`` the other seat learns in worlds drawn from its own view, where
    the searcher's card is drawn again: holding the Queen it wins a called bet against a
    Jack, so its call has won in the tree, and its statistics come only from its worlds."""
    root = _kuhn_tree(0.5)
    answers = root.children[Action("bet", ())].children
    call = answers[Action("bet", ())]
    assert call.visits > 0 and call.total > 0.0
    own = sum(child.visits for child in root.children.values())
    assert 0.3 * 600 < own < 0.7 * 600, own


def test_seat_worlds_searcher_learns_only_in_its_own_worlds():
    """Holding the King a bet always wins the pot (called: the showdown; folded: uncalled),
    so the searcher's bet is worth exactly 1 when only its own worlds update it; a world
    where another seat learns (the searcher's card drawn again) must not reach it."""
    bet = _kuhn_tree(0.5).children[Action("bet", ())]
    assert bet.visits > 0 and bet.total == bet.visits


def test_seat_worlds_plays_simultaneous_bids():
    """Goofspiel's bids are simultaneous: with half the iterations the other seat's, the
    search still picks legal bids and beats random play (the setting of the test above)."""
    games = 100
    setup = {"players": 2, "cards": "4"}
    scores = scores_against_random(
        GOOFSPIEL, lambda i: ISMCTSAgent(i, SearchConfig(iterations=150, seat_worlds=0.5)),
        games, setup)
    assert sum(scores) / games > chance_threshold(games)


def test_seat_worlds_is_a_share_below_one():
    """A share outside [0, 1) and a share with regret matching are refused."""
    for bad in ({"seat_worlds": 1.0}, {"seat_worlds": -0.1},
                {"seat_worlds": 0.5, "simultaneous": "rm"}):
        with pytest.raises(ValueError, match="seat_worlds"):
            SearchConfig(**bad)
