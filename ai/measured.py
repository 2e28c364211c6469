"""Measured tables: choices no search can judge (a Biternia Hero to draft, a BattleCON
Finisher to set), ranked by how they played in measured games. Each table is a TOML file
beside the agent that reads it, with its provenance (``source = "measured"``, the command)
and one row per piece: ``games`` and ``points``."""

from __future__ import annotations

import tomllib
from pathlib import Path


def measured_rates(path: Path, table: str) -> dict[str, float]:
    """Each row's measured share of wins in ``table`` of the TOML file at ``path``: its
    points over its games."""
    with path.open("rb") as f:
        data = tomllib.load(f)
    return {key: row["points"] / row["games"] for key, row in data[table].items()}
