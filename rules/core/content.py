"""TOML content loading with validation errors that name the file, the entry and the field.

Every entry carries provenance: ``source`` is "rulebook" (printed in the rulebook),
"published" (an outside fact we hold, e.g. from the publisher; ``reason`` says which) or
"reconstructed" (designed by us; ``reason`` says from what).
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SOURCES = ("rulebook", "published", "reconstructed")


class ContentError(ValueError):
    """A malformed content file; the message names file, entry and field."""


@dataclass(frozen=True, slots=True)
class Field:
    """What one field of an entry must be."""

    type: type | tuple[type, ...]
    required: bool = True
    choices: tuple[Any, ...] | None = None
    min: float | None = None
    max: float | None = None
    check: Callable[[Any], str | None] | None = None  # returns a complaint or None


PROVENANCE = {"source": Field(str, choices=SOURCES), "reason": Field(str, required=False)}


def read_toml(path: str | Path) -> dict[str, Any]:
    p = Path(path)
    try:
        with open(p, "rb") as fh:
            return tomllib.load(fh)
    except FileNotFoundError:
        raise ContentError(f"{p}: content file is missing") from None
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(f"{p}: not valid TOML ({exc})") from None


def _type_name(t: type | tuple[type, ...]) -> str:
    if isinstance(t, tuple):
        return " or ".join(x.__name__ for x in t)
    return t.__name__


def validate_entry(
    where: str, entry: Any, schema: Mapping[str, Field], allow_extra: bool = False
) -> dict[str, Any]:
    """Check one entry (a TOML table) against ``schema`` plus the provenance fields."""
    if not isinstance(entry, dict):
        raise ContentError(f"{where}: expected a table, got {type(entry).__name__}")
    full = {**PROVENANCE, **schema}
    for name, spec in full.items():
        if name not in entry:
            if spec.required:
                raise ContentError(f"{where}: field '{name}' is missing")
            continue
        value = entry[name]
        ok_type = isinstance(value, spec.type) and not (
            isinstance(value, bool) and spec.type in (int, float, (int, float))
        )
        if not ok_type:
            raise ContentError(
                f"{where}: field '{name}' must be {_type_name(spec.type)}, "
                f"got {type(value).__name__} {value!r}"
            )
        if spec.choices is not None and value not in spec.choices:
            raise ContentError(
                f"{where}: field '{name}' = {value!r} is not one of {list(spec.choices)}"
            )
        if spec.min is not None and value < spec.min:
            raise ContentError(f"{where}: field '{name}' = {value!r} is below {spec.min}")
        if spec.max is not None and value > spec.max:
            raise ContentError(f"{where}: field '{name}' = {value!r} is above {spec.max}")
        if spec.check is not None:
            complaint = spec.check(value)
            if complaint:
                raise ContentError(f"{where}: field '{name}': {complaint}")
    if entry.get("source") in ("published", "reconstructed") and not entry.get("reason"):
        raise ContentError(
            f"{where}: field 'reason' is required when source is {entry['source']!r}"
        )
    if not allow_extra:
        extra = sorted(set(entry) - set(full))
        if extra:
            raise ContentError(f"{where}: unknown field '{extra[0]}'")
    return entry


def load_entries(
    path: str | Path, table: str, schema: Mapping[str, Field], allow_extra: bool = False
) -> dict[str, dict[str, Any]]:
    """Load ``[table.<id>]`` entries from a TOML file, each validated against ``schema``.

    Returns {entry id: entry}. Raises ContentError naming file, entry and field."""
    p = Path(path)
    doc = read_toml(p)
    if table not in doc:
        raise ContentError(f"{p}: no [{table}] entries")
    entries = doc[table]
    if not isinstance(entries, dict):
        raise ContentError(f"{p}: [{table}] must be a table of entries")
    return {
        key: validate_entry(f"{p.name} [{table}.{key}]", value, schema, allow_extra)
        for key, value in entries.items()
    }
