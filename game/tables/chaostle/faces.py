"""Chaostle's battle cards as ``CardFace``s for the shared zoom: a character with its health,
movement and armour as they stand, its six weapons by die face (upgrades counted) and its
special skills with what each does."""

from __future__ import annotations

from typing import Any

from game.cardface import CardFace, Stat
from game.tables.chaostle.cards import CATEGORY_COLOURS
from rules.chaostle.skills import skill_summary


def printed_face(card: Any) -> CardFace:
    """A battle card as printed (in the draft: nothing upgraded yet)."""
    return character_face(card, str(card.health[0]), card.movement[0], card.armor[0], (), "")


def character_face(card: Any, health: str, movement: int, armour: int, up: tuple[str, ...],
                   where: str) -> CardFace:
    """A character's battle card: ``health``, ``movement`` and ``armour`` as they stand,
    ``up`` its upgrade pegs, ``where`` it is (the footer)."""
    stats = (Stat("life", "Health", health), Stat("movement", "Movement", f"+{movement}"),
             Stat("armour", "Armour", str(armour)))
    weapons = []
    for k, weapon in enumerate(card.weapons):
        dmg = weapon.damage[1] if f"damage{k}" in up else weapon.damage[0]
        rng = weapon.range[1] if f"range{k}" in up else weapon.range[0]
        weapons.append(f"{k + 1}: {weapon.name} — damage {dmg}, range {rng}")
    sections: list[tuple[str, str]] = [("Weapons (by the battle die)", "\n".join(weapons))]
    for k, skill in enumerate(card.skills):
        pts = skill.points[1] if f"skill{k}" in up else skill.points[0]
        sections.append((f"★ {skill.name} {pts}", skill_summary(skill.name).capitalize() + "."))
    level = "★" * card.level
    kind = f"{card.category} · level {card.level} {level}"
    if card.tags:
        kind += " · " + ", ".join(card.tags)
    colour = CATEGORY_COLOURS.get(card.category, (110, 100, 80))
    return CardFace(f"{card.type} — {card.name}", kind, colour, stats, tuple(sections),
                    ("chaostle", "character", f"{card.type} ({card.name})"), where)
