"""Battle for Biternia: a lane-pushing team battle with secret orders (rulebook rules,
content in data/*.toml)."""

from rules.biternia.game import GAME, BiterniaGame
from rules.biternia.state import BiterniaState

__all__ = ["GAME", "BiterniaGame", "BiterniaState"]
