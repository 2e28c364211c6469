"""Hero traits: each a small rule that is always in effect (data in data/traits.toml)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.biternia.content import load

if TYPE_CHECKING:
    from rules.biternia.state import BiterniaState


ARTIFACTS = ("battle_fist", "auto_deflector", "shield_amulet")  # Runika's, in breaking order
ARTIFACT_BREAK = 3  # damage from one attack that breaks an artifact
PLUNDER_GOLD = 2
PYROMANCY_BONUS = 1  # was 2 before balance run 1 (docs/biternia-balance.md)


def trait(hero: str) -> str:
    return load().heroes[hero].trait


def friends_here(s: BiterniaState, hero: str) -> list[str]:
    """Other living friendly Heroes in ``hero``'s space."""
    heroes = s.heroes
    me = heroes[hero]
    team = me.seat % 2
    return [h for h, v in heroes.items() if h != hero and v.space is not None
            and v.space == me.space and v.seat % 2 == team]


def attack_bonus(s: BiterniaState, hero: str, target: str) -> int:
    """Eagle-eyed archers aside, traits that add to attack strength."""
    name = trait(hero)
    me = s.heroes[hero]
    if name == "lone_blade" and not friends_here(s, hero):
        return 1
    if name == "bloodrage" and me.hp < max_hp(s, hero):
        return 1
    if name == "favored_hunter" and s.favored == target:
        return 2
    if name == "momentum" and me.moved:
        return 1
    if name == "hungry" and target in s.heroes and \
            s.heroes[target].hp == max_hp(s, target):
        return 2
    if name == "death_mark" and target in s.heroes and s.heroes[target].mark:
        return 2
    return rousing(s, hero) + (1 if "battle_fist" in me.artifacts else 0)


def rousing(s: BiterniaState, hero: str) -> int:
    """Baldwin's Rousing Song: +1 for each other friendly Hero here whose trait it is."""
    return sum(1 for h in friends_here(s, hero) if trait(h) == "rousing_song")


def channel_bonus(hero: str) -> int:
    return PYROMANCY_BONUS if trait(hero) == "pyromancy" else 0


def chills(hero: str) -> bool:
    return trait(hero) == "frostbite"


def level_discount(s: BiterniaState, seat: int) -> int:
    """Ken Obi's Mentor: 1 gold off each level-up of his team while he is on the board."""
    team = seat % 2
    return 1 if any(trait(h) == "mentor" and v.space is not None and v.seat % 2 == team
                    for h, v in s.heroes.items()) else 0


def pierce_bonus(hero: str, step: dict[str, Any]) -> int:
    return 1 if trait(hero) == "spellweave" and step.get("type") == "magic" else 0


def defense_bonus(s: BiterniaState, hero: str) -> int:
    name = trait(hero)
    if name == "vanguard" and friends_here(s, hero):
        return 1
    if name == "iron_body" and s.heroes[hero].up is not None:
        return 1
    return 1 if "auto_deflector" in s.heroes[hero].artifacts else 0


def shield_bonus(s: BiterniaState, giver: str) -> int:
    return 1 if "shield_amulet" in s.heroes[giver].artifacts else 0


def starting_artifacts(hero: str) -> list[str]:
    return list(ARTIFACTS) if trait(hero) == "artifice" else []


def repair(s: BiterniaState, hero: str) -> str | None:
    """Regain the first missing artifact (Runika's Tinker and Overclock); return it."""
    have = s.heroes[hero].artifacts
    missing = [a for a in starting_artifacts(hero) if a not in have]
    if not missing:
        return None
    have.append(missing[0])
    have.sort(key=ARTIFACTS.index)
    return missing[0]


def plunder_gold(hero: str) -> int:
    """Longshanks's Plunder: more gold when his attack defeats a Hero."""
    return PLUNDER_GOLD if trait(hero) == "plunder" else 0


def heal_bonus(hero: str) -> int:
    return 1 if trait(hero) == "conduit" else 0


def always_ranged(hero: str) -> bool:
    return trait(hero) == "eagle_eye"


def shield_echo(giver: str, recipient: str) -> int:
    """Shield tokens the giver gains for shielding someone else (Cyrus's Oath)."""
    return 1 if trait(giver) == "oath" and recipient != giver else 0


def max_hp(s: BiterniaState, hero: str) -> int:
    """Base HP plus level (rulebook: Prepare the Hero Mats)."""
    return load().heroes[hero].hp + s.heroes[hero].level
