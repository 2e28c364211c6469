"""Battle for Biternia's own table: ``table`` is the table itself; the other modules are its
layout, pieces and helpers. ``game.tables.table_for("biternia")`` takes ``TABLE``."""

from game.tables.biternia.table import TABLE, BiterniaTable

__all__ = ["TABLE", "BiterniaTable"]
