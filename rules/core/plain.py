"""Helpers for states kept as plain JSON data (dicts, lists, scalars)."""

from __future__ import annotations

from typing import Any


def copy_plain(value: Any) -> Any:
    """A deep copy of plain JSON-like data, several times faster than ``copy.deepcopy``
    (search clones states thousands of times per decision)."""
    if isinstance(value, dict):
        return {k: copy_plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [copy_plain(v) for v in value]
    return value
