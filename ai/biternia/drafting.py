"""The expert's draft: Heroes by how they measured in play, not by their printed numbers.

A draft pick's playout never reaches a fight, so the agent's search values every Hero
alike and the move ordering's ``hero_rating`` (HP and card power) decides; over 1000
measured games that rating is barely related to the win rates (rank correlation 0.15;
its first choice, Motley, won the fewest). The expert picks the Hero
left with the best measured win rate (``data/hero_strength.toml``, with its provenance)."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from ai.measured import measured_rates
from rules.biternia.kinds import Act
from rules.core import Action

STRENGTH_FILE = Path(__file__).with_name("data") / "hero_strength.toml"


@cache
def hero_strength() -> dict[str, float]:
    """Each Hero's measured win rate (its team's points over its games)."""
    return measured_rates(STRENGTH_FILE, "heroes")


def strongest_pick(legal: list[Action]) -> Action | None:
    """The draft pick of the Hero with the best measured win rate, or None when the
    choice is not a draft pick."""
    if not legal or any(a.kind != Act.DRAFT for a in legal):
        return None
    rates = hero_strength()
    return max(legal, key=lambda a: rates.get(a.args[0], 0.5))
