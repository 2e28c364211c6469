"""The chain: trigger abilities and attacks wait on it, priority passes around the table,
and links resolve last-in-first-out once every player has passed."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import rules.terrene.stats as stats
from rules.core import Event
from rules.terrene.content import Ability, Card
from rules.terrene.howto import event
from rules.terrene.model import Link

if TYPE_CHECKING:
    from rules.terrene.state import TerreneState

AUTO_WHENS = (
    "start_of_turn", "on_recruit", "on_player_damage", "on_defeat", "interdimensional_recruited",
)


def new_link(s: TerreneState, kind: str, seat: int, label: str, **fields: Any) -> Link:
    s.link_serial += 1
    link = Link(id=s.link_serial, kind=kind, seat=seat, label=label, **fields)
    index, card = link.index, link.card
    if kind == "ability" and index is not None and card is not None and index >= stats.BORROWED:
        # the lent card is written on the link: the ability resolves even if its user
        # has left play by then
        link.borrowed = s.units[card].borrowed
    return link


def push(s: TerreneState, link: Link, events: list[Event], adder: int | None) -> None:
    """Put a link on the chain; priority goes to the next player after the one who added it."""
    s.add_link(link)
    events.append(event("chain", f"On the chain: {link.label}.", {"id": link.id}))
    if adder is None:
        s.last_adder, s.priority, s.passes = None, s.active, 0
    else:
        s.last_adder, s.priority, s.passes = adder, s.next_seat(adder), 0


def pass_priority(s: TerreneState, events: list[Event]) -> None:
    """The priority holder passes; once every player has passed in turn (the one who added
    the last link included), the top link resolves."""
    s.passes += 1
    if s.passes >= s.n:
        resolve_top(s, events)
    else:
        s.priority = s.next_seat(s.priority if s.priority is not None else s.active)


#: How each kind of link resolves ("ability", "attack", "battle", "action"), filled in
#: one place by the modules above the chain (``rules/terrene/flow.py``), so the chain
#: needs none of them.
RESOLVERS: dict[str, Callable[[TerreneState, Link, list[Event]], None]] = {}


def resolve_top(s: TerreneState, events: list[Event]) -> None:
    link = s.pop_link()
    s.last_adder, s.priority, s.passes = None, s.active, 0
    if not s.chain:
        s.used_chain = []
    RESOLVERS[link.kind](s, link, events)


# ---- what may be used now ----------------------------------------------------------
def ability_key(card_uid: int, index: int) -> str:
    return f"{card_uid}:{index}"


def condition_context(s: TerreneState, seat: int, ability: Ability, source: int | None
                      ) -> dict[str, Any] | None:
    """None if the trigger condition is not met; else the attacker/blocker it refers to."""
    if ability.when == "activated":
        ctx: dict[str, Any] = {}
        if s.battle is not None:
            ctx = {"attacker": s.battle.attacker, "blocker": s.battle.blocker}
        return ctx
    if ability.when == "response":  # a negation: it needs a card effect or attack below
        return {} if any(link.kind != "action" for link in s.chain) else None
    for link in reversed(s.chain):
        if ability.when == "enemy_attack" and link.kind == "attack":
            if s.team(link.seat) != s.team(seat):
                return {"attacker": link.attacker, "blocker": None}
        if link.kind != "battle" or source is None:
            continue
        if ability.when == "holder_blocks" and link.blocker == source:
            return {"attacker": link.attacker, "blocker": source}
        blocked = link.blocker is not None
        if ability.when == "holder_blocked" and link.attacker == source and blocked:
            return {"attacker": source, "blocker": link.blocker}
        if (ability.when == "holder_unblocked" and link.attacker == source
                and link.blocker is None and link.target is None):
            return {"attacker": source, "blocker": None}
    return None


def may_activate_assignable(s: TerreneState, seat: int, card: Card, holder: int) -> bool:
    """Class requirements: commands by their classes, spells by Spellcasters, traps with a
    recruited Tactician in the party."""
    cls = s.card(holder).cls
    if card.requires and cls not in card.requires:
        return False
    if card.subtype == "spell" and cls != "Spellcaster":
        return False
    if card.subtype == "trap":
        return any(s.card(u).cls == "Tactician" for u in stats.team_units(s, seat))
    return True


def cost_of(s: TerreneState, seat: int, card: Card, ability: Ability, source: int | None) -> int:
    """Action cost; Resourceful makes one assignable per turn free."""
    if card.is_assignable and source is not None and ability.cost > 0:
        if stats.has(s, source, "resourceful") and not s.units[source].resourceful_used:
            return 0
    return ability.cost


def usable(s: TerreneState, seat: int, in_response: bool) -> list[tuple[int, int, int | None]]:
    """Every (card uid, ability index, source character) the seat may use now."""
    out: list[tuple[int, int, int | None]] = []
    for uid in stats.recruited(s, seat):
        if not stats.silenced(s, uid):
            out.extend((uid, i, uid) for i, _ in stats.indexed_abilities(s, uid))
        held = s.units[uid].card
        if held is not None and not s.units[uid].card_up:
            held_card = s.card(held)
            if may_activate_assignable(s, seat, held_card, uid):
                out.extend((held, i, uid) for i in range(len(held_card.abilities)))
    terrain = s.active_terrain[seat]
    if terrain is not None:
        t_card = s.card(terrain)
        have = stats.elements(s, seat)
        out.extend(
            (terrain, i, None) for i, a in enumerate(t_card.abilities)
            if set(a.requires_elements) <= have
        )
    return [u for u in out if _ready(s, seat, u, in_response)]


def _ready(s: TerreneState, seat: int, use: tuple[int, int, int | None], in_response: bool
           ) -> bool:
    card_uid, index, source = use
    card = s.card(card_uid)
    ability = stats.ability_at(s, card_uid, index)
    if ability.when in AUTO_WHENS:
        return False
    if in_response and ability.speed == "normal":
        return False
    key = ability_key(card_uid, index)
    if key in s.used_chain or (ability.once_per_turn and key in s.used_turn):
        return False
    if s.actions[seat] < cost_of(s, seat, card, ability, source):
        return False
    if ability.max_hp and s.hp[s.team(seat)] > ability.max_hp:
        return False
    return condition_context(s, seat, ability, source) is not None


def fire_recruited(s: TerreneState, uid: int, events: list[Event]) -> None:
    """A character was recruited (flipped face-up): its own and its watchers' triggers."""
    fire_auto(s, uid, "on_recruit", events)
    if s.card(uid).cls == "Interdimensional":
        for other in list(s.units):
            if other != uid:
                fire_auto(s, other, "interdimensional_recruited", events)


def fire_auto(s: TerreneState, uid: int, when: str, events: list[Event],
              **extra: Any) -> None:
    """Automatic triggers of a recruited, unsilenced character go on the chain."""
    if uid not in s.units or not s.units[uid].up or stats.silenced(s, uid):
        return
    card = s.card(uid)
    seat = s.units[uid].ctrl
    for i, ability in stats.indexed_abilities(s, uid):
        if ability.when == when:
            link = new_link(s, "ability", seat, f"{card.name}: {ability.name}", source=uid,
                            card=uid, index=i, **extra)
            push(s, link, events, adder=None)
