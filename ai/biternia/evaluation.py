"""Battle for Biternia's evaluation: the Bits (the win condition), Towers, Heroes alive with
their HP and level, gold, and how far each team has pushed down its lanes."""

from __future__ import annotations

import math

from rules.biternia import board
from rules.biternia.content import load
from rules.biternia.state import BiterniaState
from rules.biternia.traits import max_hp
from rules.core.state import GameState

BIT_WEIGHT = 4.0
TOWER_WEIGHT = 1.2
HERO_WEIGHT = 0.9
LEVEL_WEIGHT = 0.35
GOLD_WEIGHT = 0.05
PUSH_WEIGHT = 0.08
SCALE = 3.0


def lane_x(space: str) -> float:
    """How far along the lanes a space lies (0: the blue Bit's end, 6: the red Bit's)."""
    return load().spaces[space].x


def team_worth(s: BiterniaState, team: int) -> float:
    """What a team has: its Bit and Towers, Heroes (HP and level), gold and lane progress."""
    c = load()
    hp = s.structures
    worth = BIT_WEIGHT * hp[board.bit_of(team)] / c.structures["bit"]["hp"]
    worth += TOWER_WEIGHT * sum(hp[t] / c.structures["tower"]["hp"]
                                for t in board.tower_spaces(team))
    for hero, v in s.heroes.items():
        if v.seat % 2 != team:
            continue
        worth += LEVEL_WEIGHT * v.level
        if v.space is not None:
            worth += HERO_WEIGHT * (0.5 + v.hp / max_hp(s, hero))
            ahead = lane_x(v.space) if team == 0 else 6 - lane_x(v.space)
            worth += PUSH_WEIGHT * ahead
            worth += 0.05 * (v.shield + v.attack) - 0.1 * v.stone
    return float(worth + GOLD_WEIGHT * s.gold[team])


def evaluate(state: GameState, player: int) -> float:
    """The value of a full (determinized) state for ``player``'s team, in [-1, 1]."""
    assert isinstance(state, BiterniaState)
    out = state.outcome()
    team = player % 2
    if out is not None:
        return 1.0 if out.scores[player] > 0.5 else -1.0
    return math.tanh((team_worth(state, team) - team_worth(state, 1 - team)) / SCALE)
