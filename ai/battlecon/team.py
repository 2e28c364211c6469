"""The BattleCON team agent (3 and 4 players: 2v1, 2v2, 3v1).

Each seat plays its own fighter. At Set it solves a zero-sum matrix game against its
Opponent (the nearest enemy): rows are its own pairs, columns the Opponent's, and for each
column the other fighters' pairs (teammates and the remaining enemies) are sampled from
the cards they could have set; each cell is the beat played out (everyone passes at Ante,
in-beat choices greedy on the evaluation) and scored by ``evaluate_team``; the equilibrium
is sampled. At Ante and in the beat it tries each option in a few sampled worlds and plays
the beat out. The evaluation is the team's share of life left against the enemies' (worth
more as the Force pool runs down), fighters still standing, team Force, and each fighter
standing in its preferred range of its Opponent.

``SeatAgent`` is what ``ai.battlecon.make_agent`` returns: the duel's matrix agent, which
hands every decision of a team game to the team agent.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace
from typing import TypeVar

import rules.battlecon.team as team
from ai.agents import SearchAgent
from ai.analysis import Analysis, valued, win_chance
from ai.battlecon.agent import (
    UNJUDGED,
    BattleconAgent,
    Settings,
    _greedy_analysis,
    _matrix_analysis,
    _mixed_choice,
    best_of,
    setup_choice,
    world_means,
)
from ai.battlecon.agent import _greedy as _duel_greedy
from ai.search.common import fixed_budget, scaled_count
from ai.search.matrix import fill_by_columns, solve_zero_sum
from rules.battlecon.kinds import Act, Phase
from rules.battlecon.state import BattleconState
from rules.core.actions import Action
from rules.core.state import GameState

T = TypeVar("T")

BEAT_STEPS = 600  # safety stop for playing one beat out
GREEDY_WIDTH = 6  # options of one in-beat choice tried in a play-out
TRY_WIDTH = 10  # options of the agent's own Ante or in-beat choice tried

LIFE_WEIGHT = 2.0  # per whole team's life of difference, early
LIFE_URGENCY = 2.0  # extra as the Force pool empties (time over compares life shares)
STANDING_WEIGHT = 0.35  # per fighter still in the game
FORCE_WEIGHT = 0.25  # per 20 Force of difference (a full team pool)
RANGE_WEIGHT = 0.08  # per fighter standing in its preferred range of its Opponent


@dataclass(frozen=True)
class TeamSettings:
    """One level of the team agent."""

    max_rows: int = 8  # own pairs considered at Set
    max_cols: int = 6  # the Opponent's pairs considered
    worlds: int = 2  # sampled worlds for an Ante or in-beat choice
    epsilon: float = 0.0  # chance of a random legal action
    time_cap: float = 0.8  # seconds for filling one Set matrix

    def scaled(self, scale: float) -> TeamSettings:
        """About ``scale`` times the work (a budget scale, ``hard*4``): the Set matrix's
        cells (rows and columns by the square root), the sampled worlds and the cap."""
        if scale == 1:
            return self
        root = math.sqrt(scale)
        return replace(self, max_rows=scaled_count(self.max_rows, root),
                       max_cols=scaled_count(self.max_cols, root),
                       worlds=scaled_count(self.worlds, scale),
                       time_cap=self.time_cap * scale)


TEAM_LEVELS: dict[str, TeamSettings] = {
    "easy": TeamSettings(max_rows=4, max_cols=3, worlds=1, epsilon=0.25, time_cap=0.3),
    "normal": TeamSettings(max_rows=8, max_cols=5, worlds=2, time_cap=0.8),
    "hard": TeamSettings(max_rows=14, max_cols=8, worlds=3, time_cap=2.5),
    # more of the Opponent's pairs, the filling capped lower so that a Set stays within
    # 3 s (a cell starts only if it is expected to end by the cap; an Ante or in-beat
    # choice is not capped: hard's worlds)
    "expert": TeamSettings(max_rows=14, max_cols=12, worlds=3, time_cap=1.8),
}


# ---- the evaluation ------------------------------------------------------------------------
def _range_fit(st: BattleconState, p: int) -> float:
    lo, hi = st.fighter(p)["preferred_range"]
    return 1.0 if lo <= st.distance(p) <= hi else 0.0


def _team_side(st: BattleconState, side: int) -> float:
    """Everything but life for one team (the caller takes the difference)."""
    standing = st.members(side)
    value = STANDING_WEIGHT * len(standing)
    value += FORCE_WEIGHT * st.team_force[side] / 20
    if st.members(1 - side):  # an Opponent to stand against
        value += RANGE_WEIGHT * sum(_range_fit(st, p) for p in standing)
    return value


def evaluate_team(state: GameState, player: int) -> float:
    """The value of a team game for ``player``'s team in [-1, 1] (±1 once decided)."""
    out = state.outcome()
    if out is not None:
        return 2.0 * out.scores[player] - 1.0
    assert isinstance(state, BattleconState)
    st = state
    mine = st.team_of(player)
    spent = 1.0 - st.pool / max(1, st.pool_start)
    weight = LIFE_WEIGHT + LIFE_URGENCY * spent + (4.0 if st.final_beat else 0.0)
    life = team.team_life_share(st, mine) - team.team_life_share(st, 1 - mine)
    return math.tanh(weight * life + _team_side(st, mine) - _team_side(st, 1 - mine))


# ---- playing a beat out --------------------------------------------------------------------
def _greedy(world: BattleconState, who: int, options: list[Action]) -> Action:
    """The option whose immediate result is best for ``who``'s team."""
    return _duel_greedy(world, who, options, evaluate_team, GREEDY_WIDTH)


def finish_team_beat(world: BattleconState) -> BattleconState:
    """Play the current beat to its end (the next Set or the end of the game), in place:
    everyone passes at Ante, in-beat choices are greedy on the evaluation."""
    for _ in range(BEAT_STEPS):
        d = world.decision()
        phase = world.phase
        if d.is_terminal or phase == Phase.SET:
            break
        who = d.players[0]
        options = world.legal_actions(who)
        if phase == Phase.ANTE:
            world.apply_unchecked(who, Action(Act.PASS))
        elif len(options) == 1:
            world.apply_unchecked(who, options[0])
        else:
            world.apply_unchecked(who, _greedy(world, who, options))
    return world


def _sample(rng: random.Random, items: list[T], k: int) -> list[T]:
    return items if len(items) <= k else rng.sample(items, k)


class TeamAgent(SearchAgent):
    """Plays one seat of a BattleCON team game (see the module docstring); the
    framework's ``SearchAgent.choose`` plays forced moves and the ``epsilon`` noise."""

    name = "battlecon-team"

    def __init__(self, seed: int, settings: TeamSettings) -> None:
        super().__init__(seed, settings.epsilon)
        self.rng = random.Random(f"battlecon-team:{seed}")
        self.settings = settings

    def deliberate(self, view: GameState, player: int, legal: list[Action]) -> Analysis:
        assert isinstance(view, BattleconState)
        phase = view.phase
        if phase == Phase.SET:
            return self._set(view, player, legal)
        if phase in (Phase.ANTE, Phase.RESOLVE):
            return self._try_each(view, player, legal)
        if phase == Phase.PLACE:
            return _greedy_analysis(view, player, legal, evaluate_team, GREEDY_WIDTH)
        return setup_choice(view, player, legal, self.rng)

    def position_value(self, view: GameState, player: int) -> float | None:
        assert isinstance(view, BattleconState)
        if view.phase in UNJUDGED:
            return None
        return win_chance(evaluate_team(view, player))

    # ---- Set: a matrix game against the Opponent, the others sampled ------------------
    def _unset(self, view: BattleconState) -> BattleconState:
        """The view with every face-down pair taken back (its cards are in the hand)."""
        world = view.clone()
        for q in world.seats():
            pair = world.player(q).pair
            if pair is not None and pair.hidden:
                world.player(q).pair = None
        return world

    def _set(self, view: BattleconState, player: int, legal: list[Action]) -> Analysis:
        base = self._unset(view)
        foe = base.foe(player)
        others = [q for q in base.seats() if q not in (player, foe)]
        rows = _sample(self.rng, legal, self.settings.max_rows)
        cols = _sample(self.rng, base._set_actions(foe), self.settings.max_cols)
        rest: dict[int, Action] = {}

        def cell(i: int, j: int) -> float:
            if i == 0:  # the others' pairs of this column, drawn as it starts
                rest.clear()
                rest.update({q: self.rng.choice(base._set_actions(q)) for q in others})
            world = base.clone()
            world.apply_unchecked(player, rows[i])
            world.apply_unchecked(foe, cols[j])
            for q, act in rest.items():
                world.apply_unchecked(q, act)
            return evaluate_team(finish_team_beat(world), player)

        deadline = None if fixed_budget() else time.perf_counter() + self.settings.time_cap
        payoff = fill_by_columns(len(rows), len(cols), cell, deadline)
        rows, cols = rows[:len(payoff)], cols[:len(payoff[0])]
        row_mix, col_mix, value = solve_zero_sum(payoff)
        choice = _mixed_choice(self.rng, rows, row_mix)
        return _matrix_analysis(choice, rows, payoff, row_mix, col_mix, value,
                                f"the beat's matrix game against the Opponent "
                                f"({len(rows)} x {len(cols)} pairs)")

    # ---- Ante and in-beat choices: each option in a few sampled worlds ------------------
    def _try_each(self, view: BattleconState, player: int, legal: list[Action]) -> Analysis:
        worlds = [view.determinize(player, self.rng) for _ in range(self.settings.worlds)]
        tried = legal
        if len(legal) > TRY_WIDTH:  # e.g. Hayden's "spend any": an even spread, and Pass
            step = (len(legal) - 1) / (TRY_WIDTH - 1)
            tried = [legal[round(i * step)] for i in range(TRY_WIDTH)]

        def value(world: BattleconState, action: Action) -> float:
            trial = world.clone()
            trial.apply_unchecked(player, action)
            return evaluate_team(finish_team_beat(trial), player)

        deadline = None if fixed_budget() else time.perf_counter() + self.settings.time_cap
        values, played = world_means(worlds, tried, value, deadline)
        # compared by their totals over the worlds (the last tried option is the last
        # legal one, kept when no total beats -2)
        best = best_of(tried, {a: v * played for a, v in values.items()}, -2.0)
        chances: dict[Action, float | None] = {a: win_chance(v) for a, v in values.items()}
        return valued(best, chances,
                      f"each option played to the end of the beat in {played} worlds")


class SeatAgent(BattleconAgent):
    """The duel's matrix agent; in a team game each decision goes to the team agent's
    ``search`` (forced moves and the level's noise are handled once, by ``choose``: the
    duel's and the team's settings of a level have the same ``epsilon``)."""

    def __init__(self, seed: int, settings: Settings, level: str, scale: float = 1.0) -> None:
        super().__init__(seed, settings.scaled(scale))
        self.team = TeamAgent(seed, TEAM_LEVELS.get(level, TEAM_LEVELS["normal"]).scaled(scale))

    def deliberate(self, view: GameState, player: int, legal: list[Action]) -> Analysis:
        if view.num_players > 2:
            return self.team.deliberate(view, player, legal)
        return super().deliberate(view, player, legal)

    def position_value(self, view: GameState, player: int) -> float | None:
        if view.num_players > 2:
            return self.team.position_value(view, player)
        return super().position_value(view, player)
