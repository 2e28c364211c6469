"""Per-game tables. Every game gets the generic table; a game that has its own table puts it
in the package ``game/tables/<game_id>/``, which exports ``TABLE`` (a GenericTable subclass),
and ``table_for`` finds it by name (the binary bundles every module of ``game``)."""

from __future__ import annotations

import importlib

from game.tables.generic import GenericTable

#: game id -> table class (a subclass of GenericTable), filled in as games are looked up.
TABLES: dict[str, type[GenericTable]] = {}


def register_table(game_id: str, table: type[GenericTable]) -> None:
    TABLES[game_id] = table


def table_for(game_id: str) -> type[GenericTable]:
    """The table class that draws ``game_id``: its own, else the generic one."""
    if game_id not in TABLES:
        table: type[GenericTable] = GenericTable
        name = f"{__name__}.{game_id}"
        if game_id.isidentifier() and game_id != "generic":
            try:
                table = getattr(importlib.import_module(name), "TABLE", GenericTable)
            except ModuleNotFoundError as exc:
                if exc.name != name:
                    raise
        TABLES[game_id] = table
    return TABLES[game_id]
