"""Actions (what a seat decides) and events (what happened), both small and JSON-serialisable."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: A JSON-able, hashable argument value: primitives and (nested) tuples of them.
ArgValue = Any

CHANCE = -1
"""The pseudo-player that resolves chance decisions (dice, shuffles, draws)."""


class IllegalAction(ValueError):
    """Raised by ``apply`` for an action that is not legal now; the state is left untouched."""


def _freeze(value: Any) -> ArgValue:
    """Turn lists (from JSON) back into tuples so that actions stay hashable."""
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        raise TypeError("action arguments must not be dicts (they are not hashable)")
    return value


def _thaw(value: ArgValue) -> Any:
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Action:
    """One decision at the table: ``kind`` names it, ``args`` pin it down.

    ``label`` is the human text shown on a button; it is not part of the action's identity.
    """

    kind: str
    args: tuple[ArgValue, ...] = ()
    label: str = field(default="", compare=False, hash=False)

    def __post_init__(self) -> None:
        if not isinstance(self.args, tuple):
            object.__setattr__(self, "args", _freeze(self.args))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": _thaw(self.args), "label": self.label}

    @classmethod
    def from_json(cls, data: Any) -> Action:
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError(f"not an action: {data!r}")
        return cls(data["kind"], _freeze(data.get("args", [])), str(data.get("label", "")))

    def __str__(self) -> str:
        return self.label or f"{self.kind}{list(self.args) if self.args else ''}"


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened: ``text`` for the log, ``kind`` + ``data`` for animation.

    ``data`` holds JSON-able values only (ints, strings, lists, dicts). ``visible_to`` is None
    when every seat may read it, else the tuple of seats that may (e.g. a private draw).
    ``section`` names the How to play section (``Game.rules_sections``) behind it, filled by
    the rules where the event is made ("" when the game has no sections).
    """

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict)
    visible_to: tuple[int, ...] | None = None
    section: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind, "text": self.text, "data": self.data}
        if self.visible_to is not None:
            out["visible_to"] = list(self.visible_to)
        if self.section:
            out["section"] = self.section
        return out

    def visible(self, player: int | None) -> bool:
        """Whether ``player`` (None = a spectator) may see this event."""
        return self.visible_to is None or (player is not None and player in self.visible_to)
