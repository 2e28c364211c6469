"""BattleCON: Trials of Indines — the duel's rules (see docs/battlecon.md)."""

from rules.battlecon.game import GAME, BattleconGame
from rules.battlecon.state import BattleconState

__all__ = ["GAME", "BattleconGame", "BattleconState"]
