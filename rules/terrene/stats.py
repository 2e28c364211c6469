"""Derived numbers: ATK, DEF, abilities in force, supply in use. One rule, one place."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.terrene.content import Ability, Card, cards
from rules.terrene.model import Unit

if TYPE_CHECKING:
    from rules.terrene.state import TerreneState

DECAY_STEP = 5  # Defense Decay: -5 DEF per stack until the owner's next turn
BORROWED = 100  # ability indices from this up are a borrowed card's (Blaze in the Psyche)


def new_unit(seat: int, face_up: bool, lv: int) -> Unit:
    """The in-play record of a character (damage, XP, statuses, its assigned card)."""
    return Unit(ctrl=seat, up=face_up, lv=lv)


def silenced(s: TerreneState, uid: int) -> bool:
    return "silence" in s.units[uid].status


def _printed(s: TerreneState, uid: int) -> tuple[Card, ...]:
    """The character's card and any borrowed card: their statics are in force unless the
    character is Silenced or hidden."""
    u = s.units[uid]
    if not u.up or silenced(s, uid):
        return ()
    return (s.card(uid), cards()[u.borrowed]) if u.borrowed else (s.card(uid),)


def _ongoing(s: TerreneState, uid: int) -> tuple[Card, ...]:
    """The face-up ongoing card the character holds (its statics are gained abilities)."""
    u = s.units[uid]
    if u.card is None or not u.card_up or s.cards[u.card] is None:
        return ()
    return (s.card(u.card),)


def card_statics(s: TerreneState, uid: int) -> tuple[str, ...]:
    """The static abilities printed on the character (none while Silenced or hidden)."""
    return tuple(st for card in _printed(s, uid) for st in card.statics)


def indexed_abilities(s: TerreneState, uid: int) -> list[tuple[int, Ability]]:
    """A character's own abilities, then any borrowed card's (indices from BORROWED)."""
    out = list(enumerate(s.card(uid).abilities))
    borrowed = s.units[uid].borrowed if uid in s.units else None
    if borrowed:
        out += [(BORROWED + i, a) for i, a in enumerate(cards()[borrowed].abilities)]
    return out


def ability_at(s: TerreneState, card_uid: int, index: int) -> Ability:
    if index >= BORROWED:
        borrowed = s.units[card_uid].borrowed
        assert borrowed is not None, "a borrowed ability's index on a unit that borrowed none"
        return cards()[borrowed].abilities[index - BORROWED]
    return s.card(card_uid).abilities[index]


def ongoing_statics(s: TerreneState, uid: int) -> tuple[str, ...]:
    """Statics granted by the face-up ongoing card the character holds (a gained ability)."""
    return tuple(st for card in _ongoing(s, uid) for st in card.statics)


def per_card_bonus(s: TerreneState, uid: int, stat: str) -> int:
    """The character's counting bonuses to ``stat`` (card data ``per_card``), in force as
    its statics are: ``amount`` for each card of the kind in its controller's zone."""
    seat = s.units[uid].ctrl
    total = 0
    for card in _printed(s, uid) + _ongoing(s, uid):
        for bonus in card.per_card:
            if bonus.stat == stat:
                total += bonus.amount * sum(
                    1 for c in s.zones[bonus.zone][seat]
                    if (cid := s.cards[c]) is not None and cards()[cid].kind == bonus.kind
                )
    return total


def has(s: TerreneState, uid: int, ability: str) -> bool:
    """Whether the character has ``ability`` now: printed (unless Silenced) or gained."""
    u = s.units[uid]
    if ability in u.gained:
        return True
    if ability in ongoing_statics(s, uid):
        return True
    if ability in card_statics(s, uid):
        return True
    terrain = active_terrain_card(s, u.ctrl)
    return bool(
        terrain is not None and u.up and any(
            e["op"] == "gain" and e.get("ability") == ability for e in terrain.storm_effect
        )
    )


def active_terrain_card(s: TerreneState, seat: int) -> Card | None:
    uid = s.active_terrain[seat]
    cid = None if uid is None else s.cards[uid]
    return None if cid is None else cards()[cid]


def _storm_buff(s: TerreneState, uid: int, stat: str) -> int:
    terrain = active_terrain_card(s, s.units[uid].ctrl)
    if terrain is None:
        return 0
    return sum(e.get(stat, 0) for e in terrain.storm_effect if e["op"] == "buff")


def atk(s: TerreneState, uid: int) -> int:
    """Attack: printed + XP + temporary changes + Storm + counting bonuses; hidden: none."""
    u = s.units[uid]
    if not u.up:
        return 0
    value = s.card(uid).atk + u.atk + sum(m[1] for m in u.mods if m[0] == "atk")
    value += _storm_buff(s, uid, "atk") + per_card_bonus(s, uid, "atk")
    return max(0, value)


def defense(s: TerreneState, uid: int) -> int:
    """Defence after Defense Decay; never below 0; hidden characters have none."""
    u = s.units[uid]
    if not u.up:
        return 0
    value = s.card(uid).defense + u.def_ + sum(m[1] for m in u.mods if m[0] == "def")
    value += _storm_buff(s, uid, "def") + per_card_bonus(s, uid, "def")
    value -= DECAY_STEP * u.decay
    return max(0, value)


def criticals(s: TerreneState, uid: int) -> int:
    """Critical stacks: each doubles the overkill damage of the character's attacks."""
    return sum(m[1] for m in s.units[uid].mods if m[0] == "crit")


def hp(s: TerreneState, uid: int) -> int:
    return s.card(uid).hp


def sp_cost(s: TerreneState, uid: int) -> int:
    """Supply a character occupies: hidden always 1; Beasts 1 with a Deborah in the party."""
    u = s.units[uid]
    if not u.up:
        return 1
    card = s.card(uid)
    party = s.party[u.ctrl]
    if card.cls == "Beast" and card.sp > 1 and any(
        "beasts_cost_one" in card_statics(s, other) for other in party
    ):
        return 1
    if card.cls == "Interdimensional" and card.sp > 0 and any(
        "interdimensional_discount" in card_statics(s, other) for other in party
    ):
        return card.sp - 1
    return card.sp


def sp_used(s: TerreneState, seat: int) -> int:
    return sum(sp_cost(s, uid) for uid in s.party[seat])


def oversupplied(s: TerreneState, seat: int) -> bool:
    return sp_used(s, seat) > s.sp_limit[seat]


def elements(s: TerreneState, seat: int) -> set[str]:
    """Affiliations among the seat's recruited characters (hidden ones have none)."""
    return {s.card(uid).element for uid in s.party[seat] if s.units[uid].up}


def recruited(s: TerreneState, seat: int) -> list[int]:
    return [uid for uid in s.party[seat] if s.units[uid].up]


def team_units(s: TerreneState, seat: int, face_up: bool = True) -> list[int]:
    out: list[int] = []
    for q in s.allies(seat):
        out.extend(uid for uid in s.party[q] if s.units[uid].up or not face_up)
    return out


def enemy_units(s: TerreneState, seat: int) -> list[int]:
    out = []
    for q in s.enemies(seat):
        out.extend(recruited(s, q))
    return out
