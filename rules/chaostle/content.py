"""Chaostle content: characters, the castle board template and the printed tables, loaded
once from data/*.toml and validated (errors name file, entry and field)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rules.chaostle.skills import SKILLS, skill_is_known
from rules.core.content import ContentError, Field, load_entries, read_toml, validate_entry

DATA = Path(__file__).parent / "data"
CATEGORIES = ("Chaos", "Good", "Magic", "Neutral")


def _point(value: Any) -> str | None:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
    ):
        return "must be [x, y] in layout units"
    return None


def _pair(value: Any) -> str | None:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return "must be [printed, upgraded] whole numbers"
    if value[1] < value[0]:
        return "the upgraded value must not be below the printed one"
    return None


def _skills(value: Any) -> str | None:
    if not isinstance(value, list) or len(value) != 3:
        return "a battle card has exactly three special skills"
    for s in value:
        if not isinstance(s, dict) or set(s) != {"name", "points"}:
            return "each skill is { name, points }"
        if not skill_is_known(s["name"]):
            return f"unknown skill {s['name']!r}"
        complaint = _pair(s["points"])
        if complaint:
            return f"{s['name']}: points {complaint}"
    return None


def _weapons(value: Any) -> str | None:
    if not isinstance(value, list) or len(value) != 6:
        return "a battle card has exactly six weapons (one per die face)"
    for w in value:
        if not isinstance(w, dict) or set(w) != {"name", "damage", "range"}:
            return "each weapon is { name, damage, range }"
        for key in ("damage", "range"):
            complaint = _pair(w[key])
            if complaint:
                return f"{w['name']}: {key} {complaint}"
    return None


CHARACTER_SCHEMA = {
    "name": Field(str),
    "type": Field(str),
    "category": Field(str, choices=CATEGORIES),
    "level": Field(int, min=1, max=3),
    "tags": Field(list),
    "health": Field(list, check=_pair),
    "movement": Field(list, check=_pair),
    "armor": Field(list, check=_pair),
    "skills": Field(list, check=_skills),
    "weapons": Field(list, check=_weapons),
}


@dataclass(frozen=True, slots=True)
class Weapon:
    name: str
    damage: tuple[int, int]
    range: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Skill:
    name: str
    points: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Character:
    """One battle card as printed (values are [printed, upgraded] pairs)."""

    id: str
    name: str
    type: str
    category: str
    level: int
    tags: tuple[str, ...]
    health: tuple[int, int]
    movement: tuple[int, int]
    armor: tuple[int, int]
    skills: tuple[Skill, ...]
    weapons: tuple[Weapon, ...]
    source: str
    reason: str

    @property
    def title(self) -> str:
        return f"{self.type} (level {self.level} {self.category})"

    def recognised_as(self) -> frozenset[str]:
        """The words that 'X Damage' / 'X Protection' skills match against this character."""
        return frozenset({self.category.lower(), *self.tags})

    def skill_index(self, name: str) -> int | None:
        for i, s in enumerate(self.skills):
            if s.name == name:
                return i
        return None


@cache
def characters() -> dict[str, Character]:
    entries = load_entries(DATA / "characters.toml", "character", CHARACTER_SCHEMA)
    out: dict[str, Character] = {}
    for cid, e in entries.items():
        out[cid] = Character(
            id=cid,
            name=e["name"],
            type=e["type"],
            category=e["category"],
            level=e["level"],
            tags=tuple(e["tags"]),
            health=tuple(e["health"]),
            movement=tuple(e["movement"]),
            armor=tuple(e["armor"]),
            skills=tuple(Skill(s["name"], tuple(s["points"])) for s in e["skills"]),
            weapons=tuple(
                Weapon(w["name"], tuple(w["damage"]), tuple(w["range"])) for w in e["weapons"]
            ),
            source=e["source"],
            reason=e.get("reason", ""),
        )
    return out


@dataclass(frozen=True, slots=True)
class TimeTravelWeapon:
    roll: int
    name: str
    damage: int
    range: int


@cache
def time_travel_weapons() -> tuple[TimeTravelWeapon, ...]:
    schema = {
        "roll": Field(int, min=1, max=6),
        "name": Field(str),
        "damage": Field(int, min=0),
        "range": Field(int, min=0),
    }
    entries = load_entries(DATA / "tables.toml", "time_travel", schema)
    rows = sorted(
        (TimeTravelWeapon(e["roll"], e["name"], e["damage"], e["range"]) for e in entries.values()),
        key=lambda w: w.roll,
    )
    if [w.roll for w in rows] != [1, 2, 3, 4, 5, 6]:
        raise ContentError("tables.toml [time_travel]: needs exactly one weapon per roll 1-6")
    return tuple(rows)


@dataclass(frozen=True, slots=True)
class CastleCard:
    health_default: int
    armor: int


@cache
def castle_card() -> CastleCard:
    schema = {"name": Field(str), "health_default": Field(int, min=1), "armor": Field(int, min=0)}
    e = load_entries(DATA / "tables.toml", "castle", schema)["castle"]
    return CastleCard(e["health_default"], e["armor"])


SPACE_SCHEMA = {
    "kind": Field(str, choices=("walkway", "plus", "wall", "stair", "royal_stair", "inner")),
    "level": Field(float, min=1, max=3),
    "x": Field(float),
    "y": Field(float),
    "drawn": Field(list, required=False, check=_point),  # where the table draws its tile
}


@cache
def board_template() -> dict[str, Any]:
    """The raw, validated board template (one side, its links, crowns, colours, traps)."""
    path = DATA / "board.toml"
    doc = read_toml(path)
    space = load_entries(path, "space", SPACE_SCHEMA)
    link = load_entries(path, "link", {
        "a": Field(str),
        "b": Field(str),
        "kind": Field(str, choices=("step", "jump")),
        "over": Field(list, required=False),
        "blocked_on": Field(list, required=False),
    })
    crown = load_entries(path, "crown", {
        "title": Field(str, choices=("King", "Queen")),
        "direction": Field(str, choices=("clockwise", "counter-clockwise")),
        "start": Field(str),
        "line": Field(list),
    })
    colour = load_entries(path, "colour", {"king": Field(str), "queen": Field(str)})
    trap = load_entries(path, "trap", {
        "name": Field(str), "level": Field(float), "x": Field(float), "y": Field(float),
        "side": Field(str), "exit": Field(str),
    })
    board = doc.get("board", {})
    sides = validate_entry(f"{path.name} [board.sides]", board.get("sides"),
                           {"names": Field(list)})
    toads = validate_entry(f"{path.name} [board.lucky_toads]", board.get("lucky_toads"),
                           {"spaces": Field(list)})
    for lid, e in link.items():
        for end in (e["a"], e["b"]):
            if end.removeprefix("next.") not in space:
                raise ContentError(f"{path.name} [link.{lid}]: field 'a'/'b': no space {end!r}")
    return {
        "space": space, "link": link, "crown": crown, "colour": colour, "trap": trap,
        "sides": list(sides["names"]), "toads": list(toads["spaces"]),
    }


def all_skill_names() -> tuple[str, ...]:
    return tuple(sorted(SKILLS))


@dataclass(frozen=True, slots=True)
class TrapRule:
    """A trap's escape roll (that or more gets out) and its bite at a failed escape."""

    escape: int
    bite: int


@cache
def trap_rules() -> dict[str, TrapRule]:
    entries = load_entries(DATA / "fates.toml", "trap_rule",
                           {"escape": Field(int, min=1, max=6), "bite": Field(int, min=0)})
    return {k: TrapRule(e["escape"], e["bite"]) for k, e in entries.items()}
