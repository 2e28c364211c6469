"""Chaostle's own table: ``table`` is the table itself; the other modules are its
layout, pieces and helpers. ``game.tables.table_for("chaostle")`` takes ``TABLE``."""

from game.tables.chaostle.table import TABLE, ChaostleTable

__all__ = ["TABLE", "ChaostleTable"]
