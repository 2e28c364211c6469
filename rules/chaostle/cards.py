"""A character's battle card as it stands now: printed values plus the pegs (upgrades).

Upgrade items are named "health", "movement", "armor", "skill0".."skill2",
"damage0".."damage5" and "range0".."range5" (one peg hole each)."""

from __future__ import annotations

from rules.chaostle.content import Character
from rules.chaostle.skills import passive_word

UPGRADE_ITEMS: tuple[str, ...] = (
    "health", "movement", "armor", "skill0", "skill1", "skill2",
    *(f"damage{i}" for i in range(6)), *(f"range{i}" for i in range(6)),
)


def item_label(card: Character, item: str) -> str:
    """A person's name for a peg hole, with the values it changes between."""
    if item in ("health", "movement", "armor"):
        lo, hi = getattr(card, item)
        return f"{item.capitalize()} {lo} -> {hi}"
    if item.startswith("skill"):
        s = card.skills[int(item[5:])]
        return f"{s.name} {s.points[0]} -> {s.points[1]}"
    i = int(item[-1])
    w = card.weapons[i]
    if item.startswith("damage"):
        return f"{w.name} damage {w.damage[0]} -> {w.damage[1]}"
    return f"{w.name} range {w.range[0]} -> {w.range[1]}"


def value(pair: tuple[int, int], upgraded: bool) -> int:
    return pair[1] if upgraded else pair[0]


def max_health(card: Character, up: tuple[str, ...]) -> int:
    return value(card.health, "health" in up)


def movement(card: Character, up: tuple[str, ...]) -> int:
    return value(card.movement, "movement" in up)


def armor(card: Character, up: tuple[str, ...]) -> int:
    return value(card.armor, "armor" in up)


def skill_points(card: Character, up: tuple[str, ...], name: str) -> int | None:
    i = card.skill_index(name)
    if i is None:
        return None
    return value(card.skills[i].points, f"skill{i}" in up)


def weapon(card: Character, up: tuple[str, ...], roll: int) -> tuple[str, int, int]:
    """(name, damage, range) of the weapon a die roll of ``roll`` picks."""
    i = roll - 1
    w = card.weapons[i]
    return w.name, value(w.damage, f"damage{i}" in up), value(w.range, f"range{i}" in up)


def max_range(card: Character, up: tuple[str, ...]) -> int:
    return max(weapon(card, up, r)[2] for r in range(1, 7))


def passive_bonus(card: Character, up: tuple[str, ...], kind: str, foe: Character) -> int:
    """Sum of this card's '<Word> Damage' (kind "damage") or '<Word> Protection' skills
    that apply against ``foe``."""
    words = foe.recognised_as()
    total = 0
    for i, s in enumerate(card.skills):
        pw = passive_word(s.name)
        if pw and pw[0] == kind and pw[1] in words:
            total += value(s.points, f"skill{i}" in up)
    return total


def hit_damage(attacker: Character, a_up: tuple[str, ...], defender: Character,
               d_up: tuple[str, ...], weapon_damage: int, extra: int, skills: bool) -> int:
    """Health the defender loses from one hit: weapon damage plus bonuses, less armour and
    protection, never below zero."""
    bonus = passive_bonus(attacker, a_up, "damage", defender) if skills else 0
    guard = armor(defender, d_up)
    if skills:
        guard += passive_bonus(defender, d_up, "protection", attacker)
    return max(0, weapon_damage + bonus + extra - guard)
