"""The framework's quiet-position hook and the sampled lookahead: a search that would judge a
position half-way through its dice plays (or searches) on until the position is quiet, and
the evaluation hook judges what it reaches."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ai.levels import make_agent
from ai.search.common import no_chance_pending, rollout, settle
from ai.search.expectiminimax import ExpectiminimaxAgent, ExpectiminimaxConfig
from ai.search.lookahead import LookaheadAgent, LookaheadConfig
from ai.search.mcts import MCTSAgent, SearchConfig
from rules.core import CHANCE, Action, Decision, Event, GameState, Outcome
from tests.ai.fixtures.dice_duel import GAME as DICE_DUEL
from tests.ai.test_levels import FAKE, hooks  # noqa: F401 (the fixture)

SAFE = Action("safe")
GAMBLE = Action("gamble")
FACES = [Action("die", (f,)) for f in range(1, 7)]


class GambleState(GameState):
    """Seat 1 plays safe (a draw) or gambles: a die is rolled, and any face but those in
    ``losing`` wins for seat 1; the others lose."""

    game_id = "gamble"

    def __init__(self, losing: tuple[int, ...] = (1,)) -> None:
        self.losing = losing
        self.choice: str | None = None
        self.face: int | None = None

    @property
    def num_players(self) -> int:
        return 2

    def decision(self) -> Decision:
        rolling = self.choice == "gamble" and self.face is None
        return (Decision.player(0) if self.choice is None
                else Decision.chance() if rolling else Decision.terminal())

    def legal_actions(self, player: int) -> list[Action]:
        d = self.decision()
        return [] if player not in d.players else FACES if d.is_chance else [SAFE, GAMBLE]

    def _apply(self, player: int, action: Action) -> list[Event]:
        if player == CHANCE:
            self.face = action.args[0]
        else:
            self.choice = action.kind
        return []

    def outcome(self) -> Outcome | None:
        if self.choice == "safe":
            return Outcome((0.5, 0.5), "safe")
        if self.face is None:
            return None
        won = self.face not in self.losing
        return Outcome((1.0, 0.0) if won else (0.0, 1.0), "the die")

    def clone(self) -> GambleState:
        s = GambleState(self.losing)
        s.choice, s.face = self.choice, self.face
        return s

    def to_json(self) -> dict[str, Any]:
        return {"choice": self.choice, "face": self.face}


def pessimist(state: GameState, player: int) -> float:
    """Judges a gamble whose die is still in the air as bad for the gambler."""
    return -0.5 if player == 0 else 0.5


def always_quiet(state: GameState) -> bool:
    return True


def test_settle_plays_until_quiet_and_no_further():
    """``settle`` rolls the pending die (one step) and stops at the quiet end; a position
    that is quiet already is left alone; ``limit`` bounds the steps."""
    state = GambleState()
    state.apply(0, GAMBLE)
    assert not no_chance_pending(state)
    assert settle(state.clone(), random.Random(1), always_quiet) == 0
    assert settle(state.clone(), random.Random(1), no_chance_pending, limit=0) == 0
    done = state.clone()
    assert settle(done, random.Random(1), no_chance_pending) == 1
    assert done.outcome() is not None and settle(done, random.Random(1), no_chance_pending) == 0


def test_a_playout_cut_off_in_the_dice_plays_on_until_quiet():
    """A playout of depth 0 judges the gamble before its die (the pessimist's 0.25 for
    seat 1); with the quiet hook it rolls the die first and scores the outcome."""
    state = GambleState(losing=())
    state.apply(0, GAMBLE)
    assert rollout(state.clone(), random.Random(2), 0, pessimist) == [0.25, 0.75]
    assert rollout(state.clone(), random.Random(2), 0, pessimist,
                   quiet=no_chance_pending) == [1.0, 0.0]


def test_mcts_judges_its_leaves_after_the_dice_with_the_quiet_hook():
    """Two iterations, leaves evaluated at once (rollout depth 0): the gamble's leaf is
    judged before its die (0.25 against safe's 0.5) unless the quiet hook rolls it first
    (a sure win here), so the choice flips."""
    base = SearchConfig(iterations=2, rollout_depth=0, evaluate=pessimist)
    assert MCTSAgent(1, base).choose(GambleState(losing=()), 0) == SAFE
    quiet = SearchConfig(iterations=2, rollout_depth=0, evaluate=pessimist,
                         quiet=no_chance_pending)
    assert MCTSAgent(1, quiet).choose(GambleState(losing=()), 0) == GAMBLE


def test_expectiminimax_searches_past_its_horizon_until_quiet():
    """Dice Duel at depth 2: the rolls lie beyond the horizon and every pick evaluates to 0
    (tests/ai/test_expectiminimax.py); with the quiet hook the search goes on through the
    two rolls and finds the exact values (cobalt 1/9, the others -1/9). Allowed a single
    ply past the horizon it stops after the first roll, where nothing is known yet."""
    state = DICE_DUEL.new_state({}, 0)
    agent = ExpectiminimaxAgent(1, ExpectiminimaxConfig(max_depth=2, quiet=no_chance_pending))
    assert agent.choose(state, 0).args == ("cobalt",)
    values = {a.args[0]: v for a, v in agent.last_values.items()}
    assert values["cobalt"] == pytest.approx(1 / 9)
    assert values["amber"] == pytest.approx(-1 / 9) and values["birch"] == pytest.approx(-1 / 9)
    short = ExpectiminimaxAgent(1, ExpectiminimaxConfig(max_depth=2, quiet=no_chance_pending,
                                                        quiescence=1))
    short.choose(state, 0)
    assert set(short.last_values.values()) == {0.0}


def test_the_lookahead_values_an_action_after_its_dice():
    """The sampled lookahead settles each action's dice before judging it: the gamble
    (five faces in six win) beats the safe draw. Told that every position is quiet, it
    judges the gamble before the die with the evaluation hook (the pessimist's -1/2) and
    plays safe."""
    agent = LookaheadAgent(3, LookaheadConfig(samples=20, evaluate=pessimist))
    assert agent.choose(GambleState(), 0) == GAMBLE
    assert agent.action_value(GambleState(), 0, SAFE, 0) == 0.0
    assert 0.3 < agent.action_value(GambleState(), 0, GAMBLE, 0) < 1.0
    blind = LookaheadAgent(3, LookaheadConfig(samples=20, evaluate=pessimist,
                                              quiet=always_quiet))
    assert blind.action_value(GambleState(), 0, GAMBLE, 0) == -0.5
    assert blind.choose(GambleState(), 0) == SAFE


class CountedGamble(GambleState):
    """A gamble that counts the dice rolled in it and its copies."""

    rolled: list[int] = []

    def clone(self) -> CountedGamble:
        s = CountedGamble(self.losing)
        s.choice, s.face = self.choice, self.face
        return s

    def _apply(self, player: int, action: Action) -> list[Event]:
        if player == CHANCE:
            CountedGamble.rolled.append(action.args[0])
        return super()._apply(player, action)


def test_the_lookahead_takes_one_sample_when_nothing_random_follows_or_it_is_exact():
    """Playing safe throws no die: one sample is its value. A gamble is averaged over its
    five samples (five dice), unless the ``exact`` hook says the dice that follow it are
    not its own: then its first sample stands (one die)."""
    CountedGamble.rolled = []
    inexact = LookaheadAgent(1, LookaheadConfig(samples=5))
    assert inexact.action_value(CountedGamble(), 0, SAFE, 0) == 0.0
    assert CountedGamble.rolled == []
    inexact.action_value(CountedGamble(), 0, GAMBLE, 0)
    assert len(CountedGamble.rolled) == 5
    CountedGamble.rolled = []
    exact = LookaheadAgent(1, LookaheadConfig(samples=5, exact=lambda s, a: a == GAMBLE))
    assert exact.action_value(CountedGamble(), 0, GAMBLE, 0) in (-1.0, 1.0)
    assert len(CountedGamble.rolled) == 1


def test_the_quiet_hook_and_the_lookahead_reach_a_games_levels(hooks):  # noqa: F811
    """ai.levels passes a game's ``quiet`` to every search, and ``lookahead`` is one of the
    algorithms a game's LEVELS may pick (with its ``samples``)."""
    hooks.quiet = no_chance_pending
    hooks.evaluate = pessimist
    assert make_agent(FAKE, "normal", 1).config.quiet is no_chance_pending
    hooks.LEVELS = {"hard": {"algorithm": "expectiminimax", "quiescence": 2},
                    "normal": {"algorithm": "lookahead", "samples": 7}}
    hard = make_agent(FAKE, "hard", 1)
    assert isinstance(hard, ExpectiminimaxAgent)
    assert hard.config.quiet is no_chance_pending and hard.config.quiescence == 2
    normal = make_agent(FAKE, "normal", 1)
    assert isinstance(normal, LookaheadAgent)
    assert normal.config.samples == 7 and normal.config.evaluate is pessimist
    assert normal.choose(GambleState(), 0) == GAMBLE
