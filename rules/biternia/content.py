"""Battle for Biternia content: the board, heroes, traits, cards, tokens and presets.

Loaded once from ``data/*.toml`` and validated (errors name file, entry and field). The
returned objects are shared by every state and never mutated.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rules.core.content import ContentError, Field, load_entries

DATA = Path(__file__).parent / "data"

STEP_KINDS = (
    "attack", "move", "heal", "shield", "attack_token", "stun", "immobilize", "confuse",
    "favored_enemy", "bear_trap", "redirect", "gold", "death_mark", "stone", "pay_gold",
    "repair", "ice_wall",
)
HIT_KINDS = ("stun", "immobilize", "confuse", "death_mark", "stone")
STEP_FIELDS = {
    "do", "type", "power", "pierce", "ranged", "area", "hit", "repeat", "target", "amount", "who",
}
WHO = ("self", "other", "any", "all")
KEYWORDS = ("channeled", "interrupt", "taunt", "stealth")
SKILLS = ("A", "B", "C", "Z")


def _check_step(step: Any, allowed: tuple[str, ...] = STEP_KINDS) -> str | None:
    if not isinstance(step, dict):
        return f"a step must be a table, not {step!r}"
    extra = set(step) - STEP_FIELDS
    if extra:
        return f"unknown step field {sorted(extra)[0]!r}"
    kind = step.get("do")
    if kind not in allowed:
        return f"step 'do' = {kind!r} is not one of {list(allowed)}"
    if kind == "attack":
        if step.get("type") not in ("physical", "magic"):
            return "an attack step needs type = 'physical' or 'magic'"
        if not isinstance(step.get("power"), int) or step["power"] < 0:
            return "an attack step needs a whole power >= 0"
        if step.get("target", "enemy") not in ("enemy", "same", "interrupted"):
            return f"attack target {step['target']!r} is not enemy, same or interrupted"
        if step.get("repeat", "") not in ("", "friendly_heroes_here"):
            return f"unknown repeat {step['repeat']!r}"
        for sub in step.get("hit", []):
            complaint = _check_step(sub, HIT_KINDS)
            if complaint:
                return f"hit effect: {complaint}"
    amount = step.get("amount")
    if kind in ("gold", "pay_gold") and (not isinstance(amount, int) or amount < 1):
        return f"a {kind} step needs a whole amount >= 1"
    if kind in ("heal", "shield", "attack_token"):
        if not isinstance(step.get("amount"), int) or step["amount"] < 1:
            return f"a {kind} step needs a whole amount >= 1"
        if step.get("who") not in WHO:
            return f"a {kind} step needs who = one of {list(WHO)}"
    return None


def _check_steps(steps: Any) -> str | None:
    if not isinstance(steps, list):
        return "steps must be a list"
    for i, step in enumerate(steps):
        complaint = _check_step(step)
        if complaint:
            return f"step {i + 1}: {complaint}"
    return None


def _check_keywords(words: Any) -> str | None:
    bad = [w for w in words if w not in KEYWORDS]
    return f"unknown keyword {bad[0]!r}" if bad else None


CARD_SCHEMA = {
    "name": Field(str),
    "defense": Field(int, min=0, max=9),
    "steps": Field(list, check=_check_steps),
    "keywords": Field(list, required=False, check=_check_keywords),
}
POWER_SCHEMA = {**CARD_SCHEMA, "hero": Field(str), "skill": Field(str, choices=SKILLS)}
BASIC_SCHEMA = {**CARD_SCHEMA, "deck_2p": Field(int, min=0), "deck_team": Field(int, min=0)}
HERO_SCHEMA = {
    "name": Field(str), "title": Field(str), "hero_class": Field(str), "hero_type": Field(str),
    "hp": Field(int, min=1), "trait": Field(str),
}
TRAIT_SCHEMA = {"name": Field(str), "text": Field(str)}
SPACE_SCHEMA = {
    "name": Field(str), "kind": Field(str, choices=("bit", "tower", "gold", "jungle")),
    "team": Field(int, min=-1, max=1), "lane": Field(str), "x": Field(float), "y": Field(float),
    "links": Field(list),
}
STRUCTURE_SCHEMA = {
    "hp": Field(int, min=1), "defense": Field(int, min=0), "area_attack": Field(int, min=0),
    "kill_gold": Field(int, min=0), "bit_damage": Field(int, min=0),
}
TOKEN_SCHEMA = {
    "name": Field(str), "used_by": Field(list), "text": Field(str),
    "damage": Field(int, required=False, min=0), "count": Field(int, required=False, min=1),
    "limit": Field(int, required=False, min=1),
}
PRESET_SCHEMA = {
    "name": Field(str), "team_0": Field(list), "powers_0": Field(list),
    "team_1": Field(list), "powers_1": Field(list),
}


@dataclass(frozen=True)
class Card:
    """One action card design (basic or power). ``hero`` is "" for basic cards."""

    id: str
    name: str
    defense: int
    steps: tuple[dict[str, Any], ...]
    keywords: frozenset[str]
    hero: str = ""
    skill: str = ""
    source: str = ""
    reason: str = ""

    @property
    def is_basic(self) -> bool:
        return not self.hero

    @property
    def channeled(self) -> bool:
        return "channeled" in self.keywords

    @property
    def interrupt(self) -> bool:
        return "interrupt" in self.keywords

    @property
    def taunt(self) -> bool:
        return "taunt" in self.keywords

    @property
    def stealth(self) -> bool:
        return "stealth" in self.keywords

    @property
    def ultimate(self) -> bool:
        return self.skill == "Z"


@dataclass(frozen=True)
class Hero:
    id: str
    name: str
    title: str
    hero_class: str
    hero_type: str
    hp: int
    trait: str
    powers: tuple[str, ...]  # card ids in skill-button order A, B, C, Z

    @property
    def full_name(self) -> str:
        return f"{self.name}, {self.title}"


@dataclass(frozen=True)
class Space:
    id: str
    name: str
    kind: str
    team: int
    lane: str
    x: float
    y: float
    links: tuple[str, ...]


@dataclass(frozen=True)
class Content:
    spaces: dict[str, Space]
    structures: dict[str, dict[str, Any]]
    start_gold: int
    catapult: dict[str, Any]
    heroes: dict[str, Hero]
    traits: dict[str, dict[str, Any]]
    cards: dict[str, Card]  # basics and powers by card-design id
    basics: dict[str, dict[str, Any]]
    tokens: dict[str, dict[str, Any]]
    presets: dict[str, dict[str, Any]]
    raw: dict[str, dict[str, dict[str, Any]]]  # every table as loaded, for the content list


def _card(cid: str, entry: dict[str, Any]) -> Card:
    return Card(
        id=cid, name=entry["name"], defense=entry["defense"], steps=tuple(entry["steps"]),
        keywords=frozenset(entry.get("keywords", [])), hero=entry.get("hero", ""),
        skill=entry.get("skill", ""), source=entry["source"], reason=entry.get("reason", ""),
    )


Entries = dict[str, dict[str, Any]]  # a TOML file's [table.<id>] entries, by id


def _load_board() -> tuple[dict[str, Space], Entries, Entries, Entries, Entries]:
    path = DATA / "board.toml"
    raw = load_entries(path, "space", SPACE_SCHEMA)
    spaces = {
        sid: Space(sid, e["name"], e["kind"], e["team"], e["lane"], e["x"], e["y"],
                   tuple(e["links"]))
        for sid, e in raw.items()
    }
    for sid, space in spaces.items():
        for other in space.links:
            if other not in spaces or sid not in spaces[other].links:
                raise ContentError(f"{path.name} [space.{sid}]: field 'links': {other!r} "
                                   "must be a space that links back")
    structures = load_entries(path, "structure", STRUCTURE_SCHEMA)
    gold = load_entries(path, "gold_space", {"gold": Field(int, min=0)})
    catapult = load_entries(path, "catapult", {
        "spaces": Field(list), "gold_cost": Field(int, min=0), "power": Field(int, min=0)})
    return spaces, structures, gold, catapult, raw


def _load_cards() -> tuple[dict[str, Card], dict[str, Any], dict[str, Any]]:
    basics = load_entries(DATA / "basics.toml", "basic", BASIC_SCHEMA)
    powers = load_entries(DATA / "powers.toml", "power", POWER_SCHEMA)
    cards = {cid: _card(cid, e) for cid, e in basics.items()}
    for cid, e in powers.items():
        if cid in cards:
            raise ContentError(f"powers.toml [power.{cid}]: id clashes with a basic card")
        cards[cid] = _card(cid, e)
    return cards, basics, powers


def _load_heroes(cards: dict[str, Card]) -> tuple[dict[str, Hero], dict[str, Any], Entries]:
    raw = load_entries(DATA / "heroes.toml", "hero", HERO_SCHEMA)
    traits = load_entries(DATA / "traits.toml", "trait", TRAIT_SCHEMA)
    heroes = {}
    for hid, e in raw.items():
        if e["trait"] not in traits:
            raise ContentError(f"heroes.toml [hero.{hid}]: field 'trait': unknown {e['trait']!r}")
        mine = sorted((c for c in cards.values() if c.hero == hid), key=lambda c: c.skill)
        if [c.skill for c in mine] != list(SKILLS):
            raise ContentError(f"heroes.toml [hero.{hid}]: needs one power card per skill "
                               f"button A, B, C, Z (has {[c.skill for c in mine]})")
        heroes[hid] = Hero(hid, e["name"], e["title"], e["hero_class"], e["hero_type"], e["hp"],
                           e["trait"], tuple(c.id for c in mine))
    for card in cards.values():
        if card.hero and card.hero not in heroes:
            raise ContentError(f"powers.toml [power.{card.id}]: field 'hero': unknown "
                               f"{card.hero!r}")
    return heroes, traits, raw


def basic_deck(team_size: int) -> list[str]:
    """The unshuffled basic action deck: 12 cards alone, 6 per player in a two-player team."""
    key = "deck_2p" if team_size == 1 else "deck_team"
    deck = []
    for cid, entry in load().basics.items():
        deck += [f"{cid}{k + 1}" for k in range(entry[key])]
    return deck


@cache
def load() -> Content:
    """The game's content, loaded and checked once."""
    spaces, structures, gold, catapult, raw_spaces = _load_board()
    cards, basics, powers = _load_cards()
    heroes, traits, raw_heroes = _load_heroes(cards)
    tokens = load_entries(DATA / "tokens.toml", "token", TOKEN_SCHEMA)
    presets = load_entries(DATA / "presets.toml", "preset", PRESET_SCHEMA)
    for pid, preset in presets.items():
        for team in (0, 1):
            for hid, cid in zip(preset[f"team_{team}"], preset[f"powers_{team}"], strict=True):
                if hid not in heroes or cards.get(cid) is None or cards[cid].hero != hid:
                    raise ContentError(f"presets.toml [preset.{pid}]: {cid!r} is not a power "
                                       f"of hero {hid!r}")
    raw = {"space": raw_spaces, "hero": raw_heroes,
           "trait": traits, "basic": basics, "power": powers, "token": tokens,
           "preset": presets, "structure": structures, "catapult": catapult}
    return Content(spaces, structures, gold["start"]["gold"], catapult["catapult"], heroes,
                   traits, cards, basics, tokens, presets, raw)
