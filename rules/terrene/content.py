"""Terrene Odyssey content: characters, assignables, terrains, tokens, aliases and preset decks.

Everything is read once from ``data/*.toml`` and validated; errors name file, entry and field.
Card numbers are data; odd behaviour is a named effect op (see ``effects.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from rules.core.content import ContentError, Field, load_entries, read_toml

DATA = Path(__file__).parent / "data"

CLASSES = (
    "Warrior", "Beast", "Guardian", "Golem", "Spellcaster", "Tactician", "Engineer",
    "Machine", "Assassin", "Thief", "Interdimensional", "Energy",
)
ELEMENTS = ("Earth", "Fire", "Water", "Wind", "Light", "Dark")
TAGS = ("none", "hero", "villain")
#: When an ability can be used or fires.
WHENS = (
    "activated",  # paid for by its controller (normal: own turn, empty chain; quick: any time)
    "enemy_attack",  # a response while an enemy attack is on the chain
    "holder_blocks",  # a response while the source character's block is on the chain
    "holder_unblocked",  # a response while the source character's unblocked attack is on the chain
    "holder_blocked",  # a response while the source character's blocked attack is on the chain
    "response",  # a negation: a response to a card effect or attack on the chain
    "start_of_turn", "on_recruit", "on_player_damage", "on_defeat",  # automatic
    "interdimensional_recruited",  # automatic: another Interdimensional character is recruited
)
SPEEDS = ("normal", "quick", "interdimensional")
TARGETS = (
    "none", "enemy_char", "ally_char", "any_char", "hand_item", "discard_item", "hidden_enemy",
)
OPS = (
    "damage", "player_damage", "heal", "heal_player", "status", "gain", "buff", "draw",
    "actions", "negate", "steal_assigned", "discard_assigned", "discard_hand_item",
    "recover_item", "fetch_character", "return_to_hand", "xp", "token", "critical", "hide",
    "taunt", "reveal", "reveal_all", "defeat", "consume", "borrow", "fetch_spell",
)
STATICS = (
    "haste", "stab", "retaliate", "resourceful", "unblockable", "immune_stun",
    "beasts_cost_one", "draw_on_steal", "recoil", "spikes", "interdimensional_discount",
)
ABILITIES = ("haste", "resourceful", "retaliate", "stab", "unblockable", "immune_stun")
STATUSES = ("slow", "stun", "silence")
UNTILS = ("end_of_turn", "start_of_next_turn", "end_of_next_turn", "permanent")
#: A static bonus that counts cards: the stat it raises, the controller's zone it counts in,
#: and the kind of card it counts (``per_card`` in the TOML).
BONUS_STATS = ("atk", "def")
BONUS_ZONES = ("discard", "hand")
BONUS_KINDS = ("item", "command", "character", "terrain")


@dataclass(frozen=True, slots=True)
class PerCard:
    """A static bonus in force like a static ability: ``amount`` to ``stat`` for each card
    of ``kind`` in its controller's ``zone`` (Greggory the Hoarder: +2 ATK per item in your
    discard)."""

    stat: str
    amount: int
    zone: str
    kind: str


@dataclass(frozen=True, slots=True)
class Ability:
    """One trigger ability of a character, assignable or terrain."""

    name: str
    text: str
    when: str
    speed: str
    cost: int
    target: str
    effects: tuple[dict[str, Any], ...]
    once_per_turn: bool = False
    requires_elements: tuple[str, ...] = ()
    max_hp: int = 0  # usable only while your team's HP is at most this (0: always)


@dataclass(frozen=True, slots=True)
class Card:
    """A card definition (shared, immutable): character, item, command or terrain."""

    id: str
    name: str
    kind: str  # character / item / command / terrain
    text: str
    source: str
    reason: str
    # characters
    cls: str = ""
    tag: str = "none"
    hp: int = 0
    atk: int = 0
    defense: int = 0
    element: str = ""
    lv: int = 0
    sp: int = 0
    token: bool = False
    statics: tuple[str, ...] = ()
    per_card: tuple[PerCard, ...] = ()  # counting bonuses, in force as the statics are
    # assignables
    subtype: str = "none"  # none / ongoing / spell / trap
    requires: tuple[str, ...] = ()  # classes allowed to activate a command
    # terrains
    storm: bool = False
    actions: int = 0
    xp_tree: tuple[dict[str, Any], ...] = ()
    storm_effect: tuple[dict[str, Any], ...] = ()
    abilities: tuple[Ability, ...] = ()

    @property
    def is_character(self) -> bool:
        return self.kind == "character"

    @property
    def is_assignable(self) -> bool:
        return self.kind in ("item", "command")


def _check_in(where: str, name: str, value: Any, choices: tuple[str, ...]) -> None:
    if value not in choices:
        raise ContentError(f"{where}: field '{name}' = {value!r} is not one of {list(choices)}")


def _effect(where: str, raw: Any) -> dict[str, Any]:
    if not isinstance(raw, dict) or "op" not in raw:
        raise ContentError(f"{where}: every effect needs an 'op'")
    _check_in(where, "op", raw["op"], OPS)
    if raw["op"] == "buff" and raw.get("def", 0) < 0:
        # Defense Decay: blocking is the only thing that lowers a character's DEF
        raise ContentError(f"{where}: only blocking lowers DEF; no effect may give 'def' < 0")
    if "status" in raw:
        _check_in(where, "status", raw["status"], STATUSES)
    if "ability" in raw:
        _check_in(where, "ability", raw["ability"], ABILITIES)
    if "until" in raw:
        _check_in(where, "until", raw["until"], UNTILS)
    return dict(raw)


def _ability(where: str, raw: Any) -> Ability:
    if not isinstance(raw, dict):
        raise ContentError(f"{where}: an ability must be a table")
    for key in ("name", "text", "when", "effects"):
        if key not in raw:
            raise ContentError(f"{where}: ability field '{key}' is missing")
    _check_in(where, "when", raw["when"], WHENS)
    speed = raw.get("speed", "normal")
    _check_in(where, "speed", speed, SPEEDS)
    target = raw.get("target", "none")
    _check_in(where, "target", target, TARGETS)
    for e in raw.get("requires_elements", []):
        _check_in(where, "requires_elements", e, ELEMENTS)
    cost = raw.get("cost", 0)
    if not isinstance(cost, int) or cost < 0:
        raise ContentError(f"{where}: ability field 'cost' must be a whole number >= 0")
    effects = tuple(_effect(f"{where} effect {i + 1}", e) for i, e in enumerate(raw["effects"]))
    return Ability(
        name=str(raw["name"]), text=str(raw["text"]), when=raw["when"], speed=speed, cost=cost,
        target=target, effects=effects, once_per_turn=bool(raw.get("once_per_turn", False)),
        requires_elements=tuple(raw.get("requires_elements", [])),
        max_hp=int(raw.get("max_hp", 0)),
    )


def _abilities(where: str, raw: list[Any]) -> tuple[Ability, ...]:
    return tuple(_ability(f"{where} ability {i + 1}", a) for i, a in enumerate(raw))


CHARACTER_SCHEMA = {
    "name": Field(str), "class": Field(str, choices=CLASSES), "tag": Field(str, choices=TAGS),
    "hp": Field(int, min=1), "atk": Field(int, min=0), "def": Field(int, min=0),
    "element": Field(str, choices=ELEMENTS), "lv": Field(int, min=1, max=5),
    "sp": Field(int, min=0, max=3), "text": Field(str), "token": Field(bool, required=False),
    "statics": Field(list, required=False), "per_card": Field(list, required=False),
    "abilities": Field(list, required=False),
}
ASSIGNABLE_SCHEMA = {
    "name": Field(str), "type": Field(str, choices=("item", "command")),
    "subtype": Field(str, choices=("none", "ongoing", "spell", "trap")), "text": Field(str),
    "requires": Field(list, required=False), "statics": Field(list, required=False),
    "per_card": Field(list, required=False), "abilities": Field(list),
}
TERRAIN_SCHEMA = {
    "name": Field(str), "storm": Field(bool), "actions": Field(int, min=1, max=6),
    "xp_tree": Field(list), "text": Field(str), "abilities": Field(list),
    "storm_effect": Field(list, required=False),
}
XP_GAINS = ("atk", "def", "heal", "draw", "actions", "ability", "level")


def _statics(where: str, raw: list[Any]) -> tuple[str, ...]:
    for s in raw:
        _check_in(where, "statics", s, STATICS)
    return tuple(raw)


def _per_card(where: str, raw: list[Any]) -> tuple[PerCard, ...]:
    out = []
    for i, b in enumerate(raw):
        w = f"{where} per_card {i + 1}"
        if not isinstance(b, dict) or set(b) != {"stat", "amount", "zone", "kind"}:
            raise ContentError(f"{w}: needs exactly 'stat', 'amount', 'zone' and 'kind'")
        _check_in(w, "stat", b["stat"], BONUS_STATS)
        _check_in(w, "zone", b["zone"], BONUS_ZONES)
        _check_in(w, "kind", b["kind"], BONUS_KINDS)
        if not isinstance(b["amount"], int) or isinstance(b["amount"], bool) or b["amount"] < 1:
            # a bonus only: blocking is the only thing that lowers DEF
            raise ContentError(f"{w}: field 'amount' must be a whole number >= 1")
        out.append(PerCard(b["stat"], b["amount"], b["zone"], b["kind"]))
    return tuple(out)


def _xp_tree(where: str, raw: list[Any]) -> tuple[dict[str, Any], ...]:
    steps = []
    for i, step in enumerate(raw):
        w = f"{where} xp_tree step {i + 1}"
        if not isinstance(step, dict) or not step:
            raise ContentError(f"{w}: must be a table of gains")
        for key in step:
            _check_in(w, "gain", key, XP_GAINS)
        if "ability" in step:
            _check_in(w, "ability", step["ability"], ABILITIES)
        steps.append(dict(step))
    return tuple(steps)


@cache
def cards() -> dict[str, Card]:
    """Every card definition by id (characters incl. tokens, assignables, terrains)."""
    out: dict[str, Card] = {}
    path = DATA / "characters.toml"
    for cid, e in load_entries(path, "character", CHARACTER_SCHEMA).items():
        where = f"{path.name} [character.{cid}]"
        out[cid] = Card(
            id=cid, name=e["name"], kind="character", text=e["text"], source=e["source"],
            reason=e.get("reason", ""), cls=e["class"], tag=e["tag"], hp=e["hp"], atk=e["atk"],
            defense=e["def"], element=e["element"], lv=e["lv"], sp=e["sp"],
            token=e.get("token", False), statics=_statics(where, e.get("statics", [])),
            per_card=_per_card(where, e.get("per_card", [])),
            abilities=_abilities(where, e.get("abilities", [])),
        )
    path = DATA / "assignables.toml"
    for cid, e in load_entries(path, "assignable", ASSIGNABLE_SCHEMA).items():
        where = f"{path.name} [assignable.{cid}]"
        for cls in e.get("requires", []):
            _check_in(where, "requires", cls, CLASSES)
        out[cid] = Card(
            id=cid, name=e["name"], kind=e["type"], text=e["text"], source=e["source"],
            reason=e.get("reason", ""), subtype=e["subtype"],
            requires=tuple(e.get("requires", [])), statics=_statics(where, e.get("statics", [])),
            per_card=_per_card(where, e.get("per_card", [])),
            abilities=_abilities(where, e["abilities"]),
        )
    path = DATA / "terrains.toml"
    for cid, e in load_entries(path, "terrain", TERRAIN_SCHEMA).items():
        where = f"{path.name} [terrain.{cid}]"
        out[cid] = Card(
            id=cid, name=e["name"], kind="terrain", text=e["text"], source=e["source"],
            reason=e.get("reason", ""), storm=e["storm"], actions=e["actions"],
            xp_tree=_xp_tree(where, e["xp_tree"]),
            storm_effect=tuple(_effect(where, x) for x in e.get("storm_effect", [])),
            abilities=_abilities(where, e["abilities"]),
        )
    return out


@dataclass(frozen=True, slots=True)
class Opening:
    """A printed opening plan made concrete: terrain, four characters, their assignables."""

    name: str
    turn: str  # "first" (1st turn player, on defense) or "second" (first attack)
    terrain: str
    party: tuple[tuple[str, str], ...]  # (character id, assignable id)


@dataclass(frozen=True, slots=True)
class Deck:
    """A preset deck list: card ids (repeats for copies) and its opening plans."""

    id: str
    name: str
    cards: tuple[str, ...]
    strategy: str
    openings: tuple[Opening, ...]
    source: str
    reason: str


DECK_SCHEMA = {
    "name": Field(str), "cards": Field(list), "strategy": Field(str), "openings": Field(list),
}


@cache
def decks() -> dict[str, Deck]:
    """The preset deck lists whose every card is in the content."""
    path = DATA / "decks.toml"
    known = cards()
    out: dict[str, Deck] = {}
    for did, e in load_entries(path, "deck", DECK_SCHEMA).items():
        where = f"{path.name} [deck.{did}]"
        listed: list[str] = []
        for line in e["cards"]:
            cid, _, count = str(line).partition(" x")
            cid = resolve(cid)
            if cid not in known:
                raise ContentError(f"{where}: field 'cards': unknown card {line!r}")
            listed.extend([cid] * (int(count) if count else 1))
        openings = []
        for i, raw in enumerate(e["openings"]):
            ow = f"{where} opening {i + 1}"
            try:
                party = tuple((resolve(c), resolve(a)) for c, a in raw["party"])
                openings.append(Opening(raw["name"], raw["turn"], resolve(raw["terrain"]), party))
            except (KeyError, TypeError, ValueError) as exc:
                raise ContentError(f"{ow}: malformed ({exc})") from None
            for cid in [openings[-1].terrain, *(c for pair in party for c in pair)]:
                if cid not in listed:
                    raise ContentError(f"{ow}: {cid!r} is not in the deck")
        out[did] = Deck(did, e["name"], tuple(listed), e["strategy"], tuple(openings),
                        e["source"], e.get("reason", ""))
    return out


@cache
def aliases() -> dict[str, str]:
    """Every printed spelling (lower case) -> card id."""
    doc = read_toml(DATA / "aliases.toml")
    table = doc.get("alias", {})
    out: dict[str, str] = {}
    for cid, entry in table.items():
        for spelling in entry.get("spellings", []):
            out[spelling.lower()] = cid
    return out


def resolve(name_or_id: str) -> str:
    """A card id from an id or any printed spelling of its name."""
    key = name_or_id.strip()
    if key in cards():
        return key
    found = aliases().get(key.lower())
    if found is None:
        for cid, card in cards().items():
            if card.name.lower() == key.lower():
                return cid
        raise ContentError(f"no card is called {name_or_id!r}")
    return found
