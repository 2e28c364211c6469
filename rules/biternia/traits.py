"""Hero traits: each a small rule that is always in effect (data in data/traits.toml)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.biternia.content import load

if TYPE_CHECKING:
    from rules.biternia.state import BiterniaState


def trait(hero: str) -> str:
    return load().heroes[hero].trait


def friends_here(s: BiterniaState, hero: str) -> list[str]:
    """Other living friendly Heroes in ``hero``'s space."""
    heroes = s.d["heroes"]
    me = heroes[hero]
    team = me["seat"] % 2
    return [h for h, v in heroes.items() if h != hero and v["space"] is not None
            and v["space"] == me["space"] and v["seat"] % 2 == team]


def attack_bonus(s: BiterniaState, hero: str, target: str) -> int:
    """Eagle-eyed archers aside, traits that add to attack strength."""
    name = trait(hero)
    me = s.d["heroes"][hero]
    if name == "lone_blade" and not friends_here(s, hero):
        return 1
    if name == "bloodrage" and me["hp"] < max_hp(s, hero):
        return 1
    if name == "favored_hunter" and s.d["favored"] == target:
        return 2
    return 0


def pierce_bonus(hero: str, step: dict[str, Any]) -> int:
    return 1 if trait(hero) == "spellweave" and step.get("type") == "magic" else 0


def defense_bonus(s: BiterniaState, hero: str) -> int:
    return 1 if trait(hero) == "vanguard" and friends_here(s, hero) else 0


def heal_bonus(hero: str) -> int:
    return 1 if trait(hero) == "conduit" else 0


def always_ranged(hero: str) -> bool:
    return trait(hero) == "eagle_eye"


def shield_echo(giver: str, recipient: str) -> int:
    """Shield tokens the giver gains for shielding someone else (Cyrus's Oath)."""
    return 1 if trait(giver) == "oath" and recipient != giver else 0


def max_hp(s: BiterniaState, hero: str) -> int:
    """Base HP plus level (rulebook: Prepare the Hero Mats)."""
    return load().heroes[hero].hp + s.d["heroes"][hero]["level"]
