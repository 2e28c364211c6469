"""Battle for Biternia's cards as ``CardFace``s for the shared zoom: action cards (basics and
Hero powers) with their whole rules text, and Heroes with their trait and four powers."""

from __future__ import annotations

from game.cardface import CardFace, Stat
from rules.biternia.content import load
from rules.biternia.effects import card_of
from rules.biternia.text import card_text

BASIC_INK = (78, 64, 52)
PHYSICAL = (156, 66, 50)
MAGIC = (82, 84, 170)
SKILL_NAMES = {"A": "A", "B": "B", "C": "C", "Z": "Ultimate"}
HERO_INK = (62, 92, 70)


def card_face(card_id: str) -> CardFace | None:
    """An action card large (None for a hidden card)."""
    card = card_of(card_id) if card_id and card_id != "?" else None
    if card is None:
        return None
    attacks = [s for s in card.steps if s["do"] == "attack"]
    ink = BASIC_INK if not attacks else PHYSICAL if attacks[0]["type"] == "physical" else MAGIC
    if card.hero:
        hero = load().heroes[card.hero]
        kind = f"Power · {hero.name} {SKILL_NAMES.get(card.skill, card.skill)}"
    else:
        kind = "Basic action"
    stats = [Stat("defense", "Defense", str(card.defense))]
    for step in attacks[:2]:
        key = "power" if step["type"] == "physical" else "magic"
        stats.append(Stat(key, step["type"].capitalize(), str(step["power"])))
    return CardFace(card.name, kind, ink, tuple(stats), (("", card_text(card)),),
                    ("biternia", "power" if card.hero else "basic", card.name))


def hero_face(hero_id: str) -> CardFace:
    """A Hero large: class and type, HP, its trait and each of its four powers."""
    content = load()
    hero = content.heroes[hero_id]
    trait = content.traits[hero.trait]
    sections: list[tuple[str, str]] = [(f"Trait: {trait['name']}", str(trait["text"]))]
    for cid in hero.powers:
        card = content.cards[cid]
        skill = SKILL_NAMES.get(card.skill, card.skill)
        sections.append((f"{skill}: {card.name} (defense {card.defense})", card_text(card)))
    return CardFace(f"{hero.name}, {hero.title}", f"Hero · {hero.hero_class} · "
                    f"{hero.hero_type}", HERO_INK, (Stat("hp", "HP", str(hero.hp)),),
                    tuple(sections), ("biternia", "hero", hero.name))
