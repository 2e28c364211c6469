"""Per-game tables. Every game gets the generic table; a game registers its own here."""

from __future__ import annotations

from game.tables.battlecon import BattleconTable
from game.tables.generic import GenericTable

#: game id -> table class (a subclass of GenericTable). Missing ids use GenericTable.
TABLES: dict[str, type[GenericTable]] = {"battlecon": BattleconTable}


def register_table(game_id: str, table: type[GenericTable]) -> None:
    TABLES[game_id] = table


def table_for(game_id: str) -> type[GenericTable]:
    """The table class that draws ``game_id``."""
    return TABLES.get(game_id, GenericTable)
