"""How to play as sections, and which section each event kind belongs to.

A game keeps its How to play in ``rules/<game>/data/howto.toml`` (our own words, following
the rulebook's structure)::

    [[section]]
    id = "turn"                      # what events and links name
    title = "A turn at a glance"
    text = \"\"\"...\"\"\"              # a blank line starts a new paragraph
    diagram = ["Roll", "Move", "Battle", "End"]   # optional: the steps, drawn as boxes
    loop = "next player"             # optional: the arrow from the last step to the first

    [events]
    roll = "roll"                    # event kind = section id

``load_howto`` checks it (ids unique, every event names a section that exists) and raises a
ContentError naming the file and the field. ``HowTo.event`` makes an Event with its section
filled in: the one place a game's events are made.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rules.core.actions import Event
from rules.core.content import ContentError, read_toml


@dataclass(frozen=True, slots=True)
class RulesSection:
    """One section of How to play. ``diagram`` lists the steps of a turn (a beat, a round)
    that the How to play screen draws as boxes joined by arrows; ``loop`` labels the arrow
    from the last step back to the first ("" for none)."""

    id: str
    title: str
    text: str
    diagram: tuple[str, ...] = ()
    loop: str = ""

    def plain(self) -> str:
        """The section as plain text (its title, its diagram as a line, its text)."""
        steps = " -> ".join(self.diagram)
        if steps and self.loop:
            steps += f" -> ({self.loop})"
        return "\n".join(part for part in (self.title, steps, self.text) if part)


@dataclass(frozen=True, slots=True)
class HowTo:
    """A game's How to play sections and its table from event kind to section id."""

    sections: tuple[RulesSection, ...]
    events: Mapping[str, str] = field(default_factory=dict)

    def section_of(self, kind: str) -> str:
        """The section an event of ``kind`` belongs to ("" when the table lacks it)."""
        return self.events.get(kind, "")

    def event(self, kind: str, text: str, data: dict[str, Any] | None = None,
              visible_to: tuple[int, ...] | None = None) -> Event:
        """An event with its section filled in from the table."""
        return Event(kind, text, {} if data is None else data, visible_to,
                     self.events.get(kind, ""))

    def text(self) -> str:
        """Every section as plain text, one after another."""
        return "\n\n".join(s.plain() for s in self.sections)


def _strings(where: str, value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
        raise ContentError(f"{where}: must be a list of non-empty strings")
    return tuple(value)


def load_howto(path: str | Path) -> HowTo:
    """Read and check a ``howto.toml`` (see the module's docstring)."""
    p = Path(path)
    doc = read_toml(p)
    raw = doc.get("section")
    if not isinstance(raw, list) or not raw:
        raise ContentError(f"{p.name}: no [[section]] entries")
    known = {"id", "title", "text", "diagram", "loop"}
    sections: list[RulesSection] = []
    for n, entry in enumerate(raw, 1):
        where = f"{p.name} section {n}"
        if not isinstance(entry, dict):
            raise ContentError(f"{where}: must be a table")
        extra = sorted(set(entry) - known)
        if extra:
            raise ContentError(f"{where}: unknown field '{extra[0]}'")
        for key in ("id", "title", "text"):
            if not isinstance(entry.get(key), str) or not entry[key].strip():
                raise ContentError(f"{where}: field '{key}' must be a non-empty string")
        if any(s.id == entry["id"] for s in sections):
            raise ContentError(f"{where}: field 'id': {entry['id']!r} is used twice")
        loop = entry.get("loop", "")
        if not isinstance(loop, str):
            raise ContentError(f"{where}: field 'loop' must be a string")
        diagram = _strings(f"{where}: field 'diagram'", entry.get("diagram", []))
        if loop and not diagram:
            raise ContentError(f"{where}: field 'loop' needs a diagram")
        paragraphs = (" ".join(part.split()) for part in entry["text"].split("\n\n"))
        sections.append(RulesSection(entry["id"], entry["title"].strip(),
                                     "\n".join(p for p in paragraphs if p), diagram, loop))
    events = doc.get("events", {})
    if not isinstance(events, dict):
        raise ContentError(f"{p.name}: [events] must be a table")
    ids = {s.id for s in sections}
    for kind, section in events.items():
        if section not in ids:
            raise ContentError(f"{p.name} [events]: field '{kind}' = {section!r} names no "
                               "section")
    return HowTo(tuple(sections), dict(events))
