"""BattleCON's own table: ``table`` is the table itself; the other modules are its
layout, pieces and helpers. ``game.tables.table_for("battlecon")`` takes ``TABLE``."""

from game.tables.battlecon.table import TABLE, BattleconTable

__all__ = ["TABLE", "BattleconTable"]
