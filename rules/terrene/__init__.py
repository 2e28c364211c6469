"""Terrene Odyssey: the rules package (1v1 and 2v2 with the preset decks)."""

from rules.terrene.game import TerreneGame

GAME = TerreneGame()

__all__ = ["GAME", "TerreneGame"]
