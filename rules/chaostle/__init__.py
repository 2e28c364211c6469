"""Chaostle: race round a three-level castle, battle with dice, break into Sanctuary."""

from rules.chaostle.game import ChaostleGame

GAME = ChaostleGame()

__all__ = ["GAME", "ChaostleGame"]
