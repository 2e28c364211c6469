"""Terrene Odyssey's own table: ``table`` is the table itself; the other modules are its
layout, pieces and helpers. ``game.tables.table_for("terrene")`` takes ``TABLE``."""

from game.tables.terrene.table import TABLE, TerreneTable

__all__ = ["TABLE", "TerreneTable"]
