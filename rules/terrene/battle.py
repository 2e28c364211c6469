"""The battle step: declare, block, resolve damage, overkill, defeat, Defense Decay."""

from __future__ import annotations

from typing import TYPE_CHECKING

import rules.terrene.chain as chain
import rules.terrene.effects as effects
import rules.terrene.stats as stats
from rules.core import Event
from rules.terrene.howto import event
from rules.terrene.model import Battle, Block, Link, Slow

if TYPE_CHECKING:
    from rules.terrene.state import TerreneState


SPIKES_DAMAGE = 5


def attack_cost(s: TerreneState, uid: int) -> int:
    """1 action (0 with Haste); Slow adds one more."""
    base = 0 if stats.has(s, uid, "haste") else 1
    return base + (1 if "slow" in s.units[uid].status else 0)


def can_block(s: TerreneState, uid: int) -> bool:
    u = s.units[uid]
    return u.up and "stun" not in u.status


def declare(s: TerreneState, seat: int, attacker: int, target: int | None,
            events: list[Event]) -> None:
    """Pay for the attack, mark the character as having attacked, put the attack on the chain."""
    s.actions[seat] -= attack_cost(s, attacker)
    s.units[attacker].attacked = True
    defender = s.enemies(seat)[0] if target is None else s.units[target].ctrl
    s.battle = Battle(attacker=attacker, seat=seat, target=target, defender=defender,
                      slow_paid="slow" in s.units[attacker].status)
    aim = s.player_name(defender) if target is None else s.name(target)
    link = chain.new_link(s, "attack", seat, f"{s.name(attacker)} attacks {aim}",
                          attacker=attacker, target=target)
    chain.push(s, link, events, adder=seat)


def _cancel(s: TerreneState, why: str, events: list[Event]) -> None:
    events.append(event("attack_cancelled", f"The attack is cancelled ({why})."))
    s.battle = None
    s.prompt = None


def _attacker_gone(s: TerreneState, attacker: int) -> str | None:
    if not effects.in_play(s, attacker) or not s.units[attacker].up:
        return "the attacker left play"
    if "stun" in s.units[attacker].status:
        return "the attacker is stunned"
    return None


def attack_resolves(s: TerreneState, link: Link, events: list[Event]) -> None:
    """The declared attack stands: the defenders may now choose a blocker."""
    attacker = link.attacker
    assert attacker is not None, "an attack's link names its attacker"
    why = "it was negated" if link.negated else _attacker_gone(s, attacker)
    if why or s.battle is None:
        _cancel(s, why or "no battle", events)
        return
    _spikes(s, link, events)
    if not effects.in_play(s, attacker):
        _cancel(s, "the attacker fell to Spikes", events)
        return
    if link.target is not None or stats.has(s, attacker, "unblockable"):
        _start_damage(s, None, events)
        return
    taunt = s.battle.taunt
    if taunt is not None and effects.in_play(s, taunt) and can_block(s, taunt):
        events.append(event("block", f"{s.name(taunt)} must block {s.name(attacker)}.",
                            {"uid": taunt}))
        _start_damage(s, taunt, events, adder=s.units[taunt].ctrl)
        return
    seats = [q for q in s.seat_order(s.next_seat(link.seat)) if q in s.enemies(link.seat)]
    seats = [q for q in seats if any(can_block(s, u) for u in s.party[q])]
    if not seats:
        _start_damage(s, None, events)
        return
    s.prompt = Block(seats[0], others=tuple(seats[1:]))


def _spikes(s: TerreneState, link: Link, events: list[Event]) -> None:
    """Each face-up Spikes the defenders hold deals 5 damage to the attacker."""
    attacker = link.attacker
    assert attacker is not None, "an attack's link names its attacker"
    for q in s.enemies(link.seat):
        for uid in list(s.party[q]):
            if "spikes" in stats.ongoing_statics(s, uid) and effects.in_play(s, attacker):
                events.append(event("spikes", f"{s.name(attacker)} runs into Spikes."))
                effects.damage_character(s, attacker, SPIKES_DAMAGE, events, stab=False,
                                         battle=False, by=uid)


def choose_block(s: TerreneState, seat: int, blocker: int | None, events: list[Event]) -> None:
    """A defender blocks with one recruited character, or lets the next defender decide."""
    assert isinstance(s.prompt, Block) and s.battle is not None
    if blocker is None:
        others = s.prompt.others
        events.append(event("no_block", f"{s.player_name(seat)} does not block."))
        if others:
            s.prompt = Block(others[0], others=others[1:])
            return
        s.prompt = None
        _start_damage(s, None, events)
        return
    s.prompt = None
    events.append(event("block", f"{s.name(blocker)} blocks {s.name(s.battle.attacker)}.",
                        {"uid": blocker}))
    _start_damage(s, blocker, events, adder=seat)


def _start_damage(s: TerreneState, blocker: int | None, events: list[Event],
                  adder: int | None = None) -> None:
    assert s.battle is not None
    s.battle.blocker = blocker
    attacker = s.battle.attacker
    label = f"Battle: {s.name(attacker)} vs " + (
        s.name(blocker) if blocker is not None else
        s.name(s.battle.target) if s.battle.target is not None else
        s.player_name(s.battle.defender)
    )
    link = chain.new_link(s, "battle", s.battle.seat, label, attacker=attacker,
                          blocker=blocker, target=s.battle.target)
    chain.push(s, link, events, adder=adder if adder is not None else s.battle.seat)


def battle_resolves(s: TerreneState, link: Link, events: list[Event]) -> None:
    attacker = link.attacker
    assert attacker is not None, "a battle's link names its attacker"
    why = "it was negated" if link.negated else _attacker_gone(s, attacker)
    if why or s.battle is None:
        _cancel(s, why or "no battle", events)
        return
    if "slow" in s.units[attacker].status and not s.battle.slow_paid:
        s.prompt = Slow(s.battle.seat)
        return
    resolve_damage(s, events)


def pay_for_slow(s: TerreneState, pay: bool, events: list[Event]) -> None:
    """An attacker slowed mid-attack pays one more action or its attack is cancelled."""
    assert s.battle is not None
    s.prompt = None
    if not pay:
        _cancel(s, "Slow was not paid for", events)
        return
    s.actions[s.battle.seat] -= 1
    s.battle.slow_paid = True
    resolve_damage(s, events)


def resolve_damage(s: TerreneState, events: list[Event]) -> None:
    """ATK - DEF on the blocker (Stab ignores DEF), overkill, Retaliate, Defense Decay."""
    assert s.battle is not None
    b, s.battle = s.battle, None
    attacker, blocker, target = b.attacker, b.blocker, b.target
    power = stats.atk(s, attacker)
    stab = stats.has(s, attacker, "stab")
    if blocker is not None:
        if not effects.in_play(s, blocker):
            events.append(event("blocked", "The blocker is gone: no damage is dealt."))
            return
        retaliate = stats.has(s, blocker, "retaliate")
        strike_back = stats.defense(s, blocker)
        recoil = "recoil" in stats.card_statics(s, attacker)
        effects.damage_character(s, blocker, power, events, stab=stab, battle=True, by=attacker)
        if effects.in_play(s, blocker):
            s.units[blocker].decay += 1
            events.append(event("decay", f"{s.name(blocker)} suffers Defense Decay "
                                f"(DEF {stats.defense(s, blocker)}).", {"uid": blocker}))
        if retaliate and effects.in_play(s, attacker):
            by = blocker if effects.in_play(s, blocker) else None
            events.append(event("retaliate", f"{s.name(blocker)} retaliates for {strike_back}."))
            effects.damage_character(s, attacker, strike_back, events, stab=True, battle=True,
                                     by=by)
        if recoil and effects.in_play(s, attacker) and strike_back > 0:
            events.append(event("recoil", f"{s.name(attacker)} takes recoil from the block."))
            effects.damage_character(s, attacker, strike_back, events, stab=True, battle=True,
                                     by=None)
        return
    if target is not None:
        if effects.in_play(s, target) and s.units[target].up:
            effects.damage_character(s, target, power, events, stab=False, battle=True,
                                     by=attacker)  # Stab ignores only a blocker's DEF
        return
    effects.damage_team(s, b.defender, power, events, f"attack by {s.name(attacker)}")
    chain.fire_auto(s, attacker, "on_player_damage", events)
