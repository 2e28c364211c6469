"""The special skills this package plays, by name, with when each one acts.

Only skills whose whole rule is implemented are listed; content naming any other skill is
rejected by the loader, so no character ships with a skill that does nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

#: What "<Word> Damage" and "<Word> Protection" skills can name (the rulebook's list).
DAMAGE_WORDS = ("Barbarian", "Chaos", "Dragon", "Equestrian", "Good", "Magic", "Neutral",
                "Oversized", "Paladin", "Wizard")
PROTECTION_WORDS = ("Barbarian", "Chaos", "Dragon", "Good", "Magic", "Neutral", "Paladin",
                    "Wizard")


@dataclass(frozen=True, slots=True)
class SkillRule:
    timing: str  # "battle", "prebattle", "movement", "end_of_turn", "conquered", "afterbattle"
    summary: str


SKILLS: dict[str, SkillRule] = {
    "Agility": SkillRule("battle", "each time the opponent misses, it takes these points "
                         "(no armour)"),
    "Berserker": SkillRule("prebattle", "roll at most the points to add the points to every "
                           "weapon for the whole battle"),
    "Evasive Action": SkillRule("prebattle", "when attacked, roll at most the points to strike "
                                "first"),
    "Magic Resistance": SkillRule("prebattle", "roll at most the points: a Magic opponent's "
                                  "weapons numbered up to the points do no damage"),
    "Smoke Screen": SkillRule("prebattle", "once per battle roll at most the points: every "
                              "weapon range in the battle drops by one"),
    "Time Travel": SkillRule("prebattle", "roll at most the points to use the future weapons "
                             "table for the first round"),
    "Cheat Death": SkillRule("conquered", "when health drops below 1 but no further than the "
                             "points below 0, roll two dice: that is the new health"),
    "Spontaneous Healing": SkillRule("afterbattle", "gain the points in health after "
                                     "surviving a battle"),
    "Fire Wall": SkillRule("movement", "after a move brings it within six of an opponent, roll "
                           "the exact range to burn the opponent for the points (no armour)"),
    "Arrow Dynamics": SkillRule("end_of_turn", "shoot an opponent 6-9 away: one die plus 3 at "
                                "least the range hits for the points (no armour)"),
    "Bolt of Terror": SkillRule("end_of_turn", "an opponent within the points takes one die "
                                "of damage (no armour)"),
    "Healing Powers": SkillRule("end_of_turn", "heal each other character within the points "
                                "by one die"),
    "Rejuvenated Healing": SkillRule("end_of_turn", "roll at most the points to gain the "
                                     "points in health"),
}


def passive_word(name: str) -> tuple[str, str] | None:
    """('damage' | 'protection', word) for a '<Word> Damage' / '<Word> Protection' skill."""
    word, _, kind = name.rpartition(" ")
    if kind == "Damage" and word in DAMAGE_WORDS:
        return "damage", word.lower()
    if kind == "Protection" and word in PROTECTION_WORDS:
        return "protection", word.lower()
    return None


def skill_is_known(name: str) -> bool:
    return name in SKILLS or passive_word(name) is not None


def skill_summary(name: str) -> str:
    """What the skill ``name`` does, in a player's words (Special Skills)."""
    rule = SKILLS.get(name)
    if rule is not None:
        return rule.summary
    kind, _ = passive_word(name) or ("", "")
    word = name.rpartition(" ")[0]
    if kind == "damage":
        return f"adds the points to every weapon's damage against {word} characters"
    return f"adds the points to armour against {word} characters"
