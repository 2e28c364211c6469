"""Battle for Biternia's evaluation: the Bits (the win condition), Towers, Heroes alive with
their HP and level, gold, and how far each team has pushed down its lanes, counted with a
set of ``Weights``."""

from __future__ import annotations

import math
from dataclasses import dataclass

from rules.biternia import board
from rules.biternia.content import load
from rules.biternia.state import BiterniaState
from rules.biternia.traits import max_hp
from rules.core.state import GameState


@dataclass(frozen=True)
class Weights:
    """What each part of a team's worth counts for. The defaults are the hand-set values
    every level has used since the agent was written."""

    bit: float = 4.0  # the team's Bit at full health
    tower: float = 1.2  # each Tower at full health
    hero: float = 0.9  # a Hero on the board (half of it for being there, half by HP)
    level: float = 0.35  # each Hero level
    gold: float = 0.05  # each gold
    push: float = 0.08  # each step a Hero stands down its lanes
    tokens: float = 0.05  # each shield or attack token on a Hero
    stone: float = 0.1  # each stone token on a Hero (counted against it)
    scale: float = 3.0  # the worth difference that counts as clearly winning


DEFAULT_WEIGHTS = Weights()


def lane_x(space: str) -> float:
    """How far along the lanes a space lies (0: the blue Bit's end, 6: the red Bit's)."""
    return load().spaces[space].x


def team_worth(s: BiterniaState, team: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """What a team has: its Bit and Towers, Heroes (HP and level), gold and lane progress."""
    c = load()
    hp = s.structures
    worth = w.bit * hp[board.bit_of(team)] / c.structures["bit"]["hp"]
    worth += w.tower * sum(hp[t] / c.structures["tower"]["hp"]
                           for t in board.tower_spaces(team))
    for hero, v in s.heroes.items():
        if v.seat % 2 != team:
            continue
        worth += w.level * v.level
        if v.space is not None:
            worth += w.hero * (0.5 + v.hp / max_hp(s, hero))
            ahead = lane_x(v.space) if team == 0 else 6 - lane_x(v.space)
            worth += w.push * ahead
            worth += w.tokens * (v.shield + v.attack) - w.stone * v.stone
    return float(worth + w.gold * s.gold[team])


def evaluate(state: GameState, player: int, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """The value of a full (determinized) state for ``player``'s team, in [-1, 1]."""
    assert isinstance(state, BiterniaState)
    out = state.outcome()
    team = player % 2
    if out is not None:
        return 1.0 if out.scores[player] > 0.5 else -1.0
    return math.tanh((team_worth(state, team, weights) - team_worth(state, 1 - team, weights))
                     / weights.scale)
