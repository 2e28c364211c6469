"""BattleCON content: cards, fighters, Overloads and the duel's numbers, loaded once from
``data/*.toml`` and validated (errors name file, entry and field)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from rules.battlecon.ops import OPS
from rules.core.content import ContentError, Field, load_entries, read_toml

DATA = Path(__file__).parent / "data"
TIMINGS = ("reveal", "start", "before", "hit", "when_hit", "damage", "after", "end", "recycle")
STATS = ("range", "power", "priority", "guard", "armor")
FIGHTER_FILES = ("amon", "burgundy", "cindra", "dareios", "dravil", "hayden", "kimbhe", "lucida",
                 "trias", "wardlaw")


def _check_range(value: Any) -> str | None:
    if value == "na":
        return None
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return None
    return "must be [min, max] or \"na\""


def _check_power(value: Any) -> str | None:
    return None if value == "na" or isinstance(value, int) else "must be a whole number or \"na\""


def _check_triggers(value: Any) -> str | None:
    for i, trig in enumerate(value):
        if not isinstance(trig, dict):
            return f"trigger {i} must be a table"
        if trig.get("timing") not in TIMINGS:
            return f"trigger {i} timing {trig.get('timing')!r} is not one of {list(TIMINGS)}"
        if not isinstance(trig.get("text"), str):
            return f"trigger {i} needs a text"
        ops = trig.get("do")
        if not isinstance(ops, list) or not ops or not all(isinstance(o, dict) for o in ops):
            return f"trigger {i} needs a non-empty list 'do' of ops"
        for op in ops:
            if op.get("op") not in OPS:
                return f"trigger {i} uses unknown op {op.get('op')!r}"
    return None


def _check_statics(value: Any) -> str | None:
    for i, st in enumerate(value):
        if not isinstance(st, dict) or st.get("stat") not in STATS:
            return f"static {i} needs a stat in {list(STATS)}"
    return None


CARD = {
    "name": Field(str),
    "fighter": Field(str, required=False),
    "range": Field((list, str), check=_check_range),
    "power": Field((int, str), check=_check_power),
    "priority": Field(int),
    "guard": Field(int),
    "armor": Field(int, required=False, min=0),
    "tiebreaker": Field(bool, required=False),
    "stun_immune": Field(bool, required=False),
    "fixed": Field(list, required=False),
    "side": Field(str, required=False, choices=("alpha", "beta")),
    "triggers": Field(list, required=False, check=_check_triggers),
    "statics": Field(list, required=False, check=_check_statics),
}

FIGHTER = {
    "name": Field(str),
    "title": Field(str),
    "fighter_class": Field(str),
    "complexity": Field(str, choices=("Novice", "Intermediate", "Advanced")),
    "ua_name": Field(str),
    "ua_text": Field(str),
    "styles": Field(list),
    "base": Field(str),
    "finishers": Field(list),
    "discard1": Field(list),
    "discard2": Field(list),
    "preferred_range": Field(list),
    "setup_choices": Field(list, required=False),
    "triggers": Field(list, required=False, check=_check_triggers),
    "statics": Field(list, required=False, check=_check_statics),
    "foe_statics": Field(list, required=False, check=_check_statics),
    "start_form": Field(str, required=False),
    "form_styles": Field(dict, required=False),
    "antes": Field(list, required=False, check=lambda v: _check_antes(v)),
    "opponent_antes": Field(list, required=False, check=lambda v: _check_antes(v)),
}

#: Antes resolve on the spot, so they may only use ops that never ask a question.
ANTE_OPS = ("mod", "armor", "gain_force", "spend", "stun_immunity", "tiebreaker", "damage_cap",
            "regain_life", "use_token", "ignore_armor", "ignore_guard", "life_floor",
            "embellish", "drink", "spend_force", "spill_drink")


def _check_antes(value: Any) -> str | None:
    for i, ante in enumerate(value):
        if not isinstance(ante, dict) or not isinstance(ante.get("text"), str):
            return f"ante {i} needs a text"
        for o in ante.get("do", []):
            if o.get("op") not in ANTE_OPS:
                return f"ante {i} uses op {o.get('op')!r}, which is not allowed in an ante"
    return None


PERSISTENT = {
    "name": Field(str),
    "fighter": Field(str),
    "text": Field(str),
    "statics": Field(list, required=False, check=_check_statics),
    "triggers": Field(list, required=False, check=_check_triggers),
}

OVERLOAD = {
    "name": Field(str),
    "stat": Field(str, choices=("power", "guard", "priority")),
    "amount": Field(int),
    "cost": Field(int, min=1),
}

NUMBERS = {
    "name": Field(str),
    "life": Field(int, min=1),
    "force_pool": Field(int, min=0),
    "starting_force": Field(int, min=0),
    "force_per_beat": Field(int, min=0),
    "low_life": Field(int, min=0),
    "low_life_bonus": Field(int, min=0),
    "force_cap": Field(int, min=1),
    "board": Field(int, min=3),
    "team_board": Field(int, min=3),
    "start_spaces": Field(list),
}


TEAM_RULES = {
    "name": Field(str),
    "extra_force_per_character": Field(int, min=0),
    "team_force_cap": Field(int, min=1),
    "defeated_force": Field(int, min=0),
}

TEAM_BOARD = {
    "name": Field(str),
    "start_spaces": Field(list),
}

ROLE = {
    "name": Field(str),
    "text": Field(str),
    "life": Field(int, min=1),
    "force_per_beat": Field(int, min=0),
    "statics": Field(list, check=_check_statics),
}

REVENGE = {
    "name": Field(str),
    "text": Field(str),
    "statics": Field(list, check=_check_statics),
}


@dataclass(frozen=True)
class Content:
    """Every card (styles, bases, finishers by id), fighter, Overload, the duel numbers and
    the team-play material (``team``: rules, board, roles, revenge)."""

    cards: dict[str, dict[str, Any]]
    fighters: dict[str, dict[str, Any]]
    overloads: dict[str, dict[str, Any]]
    numbers: dict[str, Any]
    team: dict[str, Any] = field(default_factory=dict)

    def card(self, card_id: str) -> dict[str, Any]:
        return self.cards[card_id]

    def name(self, card_id: str) -> str:
        name: str = self.cards[card_id]["name"]
        return name


KINDS = {"styles": "style", "bases": "base", "finishers": "finisher", "forms": "form",
         "statuses": "status", "specials": "special"}


def _cards_from(path: Path, kind: str, out: dict[str, dict[str, Any]]) -> None:
    if kind not in read_toml(path):
        return
    schema = PERSISTENT if kind in ("forms", "statuses", "specials") else CARD
    for cid, entry in load_entries(path, kind, schema).items():
        if cid in out:
            raise ContentError(f"{path.name} [{kind}.{cid}]: card id used twice")
        out[cid] = {**entry, "id": cid, "kind": KINDS[kind]}


@cache
def load() -> Content:
    """Load and cross-check all BattleCON content (cached: content is immutable)."""
    cards: dict[str, dict[str, Any]] = {}
    common = DATA / "common.toml"
    for kind in ("styles", "bases"):
        _cards_from(common, kind, cards)
    overloads = load_entries(common, "overloads", OVERLOAD)
    numbers = next(iter(load_entries(common, "rules", NUMBERS).values()))
    fighters: dict[str, dict[str, Any]] = {}
    for fname in FIGHTER_FILES:
        path = DATA / f"{fname}.toml"
        for kind in ("styles", "bases", "finishers", "forms", "statuses", "specials"):
            _cards_from(path, kind, cards)
        for fid, entry in load_entries(path, "fighters", FIGHTER).items():
            fighters[fid] = {**entry, "id": fid}
    for fid, f in fighters.items():
        _check_kit(fid, f, cards)
    return Content(cards, fighters, overloads, numbers, load_team())


def load_team() -> dict[str, Any]:
    """Team play: the rulebook's numbers, the starting spaces, Super / Ultra and Revenge."""
    path = DATA / "team.toml"
    rules = next(iter(load_entries(path, "team_rules", TEAM_RULES).values()))
    board = next(iter(load_entries(path, "team_board", TEAM_BOARD).values()))
    spaces = board["start_spaces"]
    if len(spaces) != 2 or not all(isinstance(s, int) for s in spaces):
        raise ContentError(f"{path.name} [team_board]: field 'start_spaces' needs two spaces")
    return {"rules": rules, "board": board,
            "roles": load_entries(path, "roles", ROLE),
            "revenge": next(iter(load_entries(path, "revenge", REVENGE).values()))}


STANDARD_BASES = ("strike", "shot", "drive", "burst", "grasp", "dodge")


def _check_kit(fid: str, fighter: dict[str, Any], cards: dict[str, dict[str, Any]]) -> None:
    where = f"{fid}.toml [fighters.{fid}]"
    swapped = [c for swap in fighter.get("form_styles", {}).values() for c in swap.values()]
    kit = [*fighter["styles"], fighter["base"], *fighter["finishers"], *swapped]
    if fighter.get("start_form"):
        kit.append(fighter["start_form"])
    for cid in kit:
        if cid not in cards:
            raise ContentError(f"{where}: card {cid!r} is not defined")
    owned = set(fighter["styles"]) | {"switch"}
    bases = set(STANDARD_BASES) | {fighter["base"]}
    for pile in ("discard1", "discard2"):
        style, base = fighter[pile]
        if style not in owned or base not in bases:
            raise ContentError(f"{where}: field '{pile}' must name one of its styles and a base")
    if len(fighter["styles"]) != 5 or len(fighter["finishers"]) != 2:
        raise ContentError(f"{where}: a kit has 5 styles and a two-sided Finisher")


def kit_styles(fighter: dict[str, Any]) -> list[str]:
    return [*fighter["styles"], "switch"]


def kit_bases(fighter: dict[str, Any]) -> list[str]:
    return [*STANDARD_BASES, fighter["base"]]
