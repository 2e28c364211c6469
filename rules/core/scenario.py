"""Positions from a description: a scenario file names a game, its setup and a short
description of the position (who stands where, life, hands, decks, phase, whose decision),
and the game builds the state from it, checked (``Game.build_scenario``).

A scenario file is TOML::

    game = "chaostle"
    title = "A five on the roll"
    about = "One or two sentences on what the position shows."
    [setup]                 # the game's setup options, as on the setup screen
    players = 2
    [position]              # the game's own description (see rules/<game>/scenario.py)
    ...

Each game reads its ``[position]`` table with a ``Description`` reader, which names the
exact field in every error ("position.fighters[1].life: a whole number from 0 to 20, not
'x'") and refuses fields it does not know, so a typo never passes silently. The built
state's invariants are checked before anyone sees it. Tests build positions this way
instead of editing a state's insides; tutorials and puzzles start from scenario files.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")


class ScenarioError(ValueError):
    """A scenario that cannot be built: one sentence naming the file or field at fault."""


@dataclass(frozen=True)
class Scenario:
    """A parsed scenario file: which game, what it is called, the setup and the position."""

    game: str
    title: str
    about: str = ""
    setup: Mapping[str, Any] = field(default_factory=dict)
    position: Mapping[str, Any] = field(default_factory=dict)
    source: str = "<scenario>"

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str = "<scenario>") -> Scenario:
        top = Description(data, source)
        scenario = cls(
            game=top.text("game"), title=top.text("title", default=""),
            about=top.text("about", default=""), setup=top.table("setup").raw,
            position=top.table("position").raw, source=source,
        )
        top.done()
        return scenario

    def to_mapping(self) -> dict[str, Any]:
        """The scenario as plain data (``from_mapping`` reads it back)."""
        return {"game": self.game, "title": self.title, "about": self.about,
                "setup": dict(self.setup), "position": _plain(self.position)}

    @classmethod
    def read(cls, path: str | Path) -> Scenario:
        """Parse a scenario file; a missing file or bad TOML is a ScenarioError."""
        p = Path(path)
        try:
            data = tomllib.loads(p.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ScenarioError(f"{p}: no such scenario file") from None
        except OSError as exc:
            raise ScenarioError(f"{p}: cannot read it ({exc.strerror or exc})") from None
        except UnicodeDecodeError:
            raise ScenarioError(f"{p}: not a text file") from None
        except tomllib.TOMLDecodeError as exc:
            raise ScenarioError(f"{p}: not valid TOML ({exc})") from None
        return cls.from_mapping(data, str(p))


class Description:
    """Reads one table of a description: typed getters that name the field in errors, and
    ``done()`` to refuse whatever was not read."""

    def __init__(self, data: Any, path: str) -> None:
        if not isinstance(data, Mapping):
            raise ScenarioError(f"{path}: a table, not {_show(data)}")
        self.raw: Mapping[str, Any] = data
        self.path = path
        self.read: set[str] = set()

    def has(self, key: str) -> bool:
        return key in self.raw

    def where(self, key: str) -> str:
        return f"{self.path}.{key}"

    def _get(self, key: str, default: Any) -> Any:
        self.read.add(key)
        if key in self.raw:
            return self.raw[key]
        if default is _REQUIRED:
            raise ScenarioError(f"{self.where(key)}: missing")
        return default

    def whole(self, key: str, default: Any = ..., lo: int | None = None,
              hi: int | None = None) -> Any:
        """A whole number in ``lo``-``hi`` (either bound may be open)."""
        value = self._get(key, _REQUIRED if default is ... else default)
        if key not in self.raw:
            return value
        if type(value) is not int or (lo is not None and value < lo) or (
                hi is not None and value > hi):
            span = ("" if lo is None and hi is None else f" from {lo} to {hi}" if
                    lo is not None and hi is not None else f" of at least {lo}" if
                    lo is not None else f" of at most {hi}")
            raise ScenarioError(f"{self.where(key)}: a whole number{span}, not {_show(value)}")
        return value

    def text(self, key: str, default: Any = ...) -> Any:
        value = self._get(key, _REQUIRED if default is ... else default)
        if key in self.raw and not isinstance(value, str):
            raise ScenarioError(f"{self.where(key)}: a text, not {_show(value)}")
        return value

    def flag(self, key: str, default: Any = ...) -> Any:
        value = self._get(key, _REQUIRED if default is ... else default)
        if key in self.raw and not isinstance(value, bool):
            raise ScenarioError(f"{self.where(key)}: true or false, not {_show(value)}")
        return value

    def choice(self, key: str, choices: Sequence[T] | Mapping[T, Any],
               default: Any = ...) -> Any:
        """One of ``choices`` (for a mapping: one of its keys)."""
        value = self._get(key, _REQUIRED if default is ... else default)
        if key in self.raw and value not in choices:
            names = ", ".join(str(c) for c in choices)
            raise ScenarioError(f"{self.where(key)}: one of {names}; not {_show(value)}")
        return value

    def texts(self, key: str, default: Any = ..., choices: Sequence[str] | Mapping[str, Any]
              | None = None) -> Any:
        """A list of texts, each (if ``choices`` is given) one of them."""
        value = self._get(key, _REQUIRED if default is ... else default)
        if key not in self.raw:
            return value
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ScenarioError(f"{self.where(key)}: a list of texts, not {_show(value)}")
        for i, v in enumerate(value):
            if choices is not None and v not in choices:
                raise ScenarioError(f"{self.where(key)}[{i}]: unknown {_show(v)}")
        return list(value)

    def wholes(self, key: str, default: Any = ..., lo: int | None = None,
               hi: int | None = None) -> Any:
        """A list of whole numbers, each in ``lo``-``hi`` (either bound may be open)."""
        value = self._get(key, _REQUIRED if default is ... else default)
        if key not in self.raw:
            return value
        if not isinstance(value, list):
            raise ScenarioError(f"{self.where(key)}: a list of whole numbers, not "
                                f"{_show(value)}")
        for i, v in enumerate(value):
            item = Description({f"{key}[{i}]": v}, self.path)
            item.whole(f"{key}[{i}]", lo=lo, hi=hi)
        return list(value)

    def table(self, key: str, required: bool = False) -> Description:
        """A nested table (an empty one when it is absent and not required)."""
        value = self._get(key, _REQUIRED if required else {})
        return Description(value, self.where(key))

    def tables(self, key: str, required: bool = False) -> list[Description]:
        """An array of tables (``[[position.fighters]]``)."""
        value = self._get(key, _REQUIRED if required else [])
        if not isinstance(value, list):
            raise ScenarioError(f"{self.where(key)}: a list of tables, not {_show(value)}")
        return [Description(v, f"{self.where(key)}[{i}]") for i, v in enumerate(value)]

    def items(self) -> Iterator[tuple[str, Description]]:
        """Every key of this table whose value is a table, as (key, reader) (all read)."""
        for key in self.raw:
            yield key, self.table(key, required=True)

    def done(self) -> None:
        """Refuse any field that was not read (a typo, or a field this game has not)."""
        extra = [k for k in self.raw if k not in self.read]
        if extra:
            raise ScenarioError(f"{self.path}: unknown field {extra[0]!r}")


_REQUIRED = object()


def _show(value: Any) -> str:
    if isinstance(value, Mapping):
        return "a table"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def _plain(value: Any) -> Any:
    """TOML's tables and arrays as plain dicts and lists (JSON-able)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
