"""Battles between two characters, blows from skills, conquests and upgrades.

A battle is a queue frame: first the skills used before it (Evasive Action, Berserker,
Magic Resistance, Smoke Screen, Time Travel), then the two sides take turns rolling a die
for a weapon until one is conquered, or the side that did not miss ends it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.chaostle import cards, frames
from rules.chaostle.content import time_travel_weapons
from rules.chaostle.kinds import Act
from rules.core import CHANCE, Action, Event

if TYPE_CHECKING:
    from rules.chaostle.state import ChaostleState as S

QUIET_ATTACKS_TO_STALEMATE = 4  # two full rounds in which nobody lost health


def _say(events: list[Event], kind: str, text: str, **data: Any) -> None:
    events.append(Event(kind, text, data))


def _other(frame: frames.Battle, cid: str) -> str:
    return frame.d if cid == frame.a else frame.a


# ---- starting a battle ---------------------------------------------------------------------
def start(s: S, attacker: str, defender: str, contest: list[str] | None,
          events: list[Event]) -> None:
    """Begin a battle; ``contest`` is the mover's path when it is a fight for a space."""
    rng = 0 if contest else s.range_between(attacker, defender)
    assert rng is not None
    s.turn.battled.append([attacker, defender])
    frame = frames.Battle(a=attacker, d=defender, range=rng, next=attacker, step="todo",
                          todo=_pre_battle_todo(s, attacker, defender),
                          count={attacker: 0, defender: 0}, contest=contest)
    where = "for the space (a fight to the death)" if contest else f"at range {rng}"
    _say(events, "battle", f"{s.name(attacker)} attacks {s.name(defender)} {where}",
         a=attacker, d=defender, range=rng)
    s.queue.push(frame)
    _next_step(s, frame)


def _pre_battle_todo(s: S, a: str, d: str) -> list[list[str]]:
    todo: list[list[str]] = []
    if s.skill(d, "Evasive Action") is not None:
        todo.append(["evade", d])
    for me, foe in ((a, d), (d, a)):
        if s.skill(me, "Berserker") is not None:
            todo.append(["berserk", me])
        if s.skill(me, "Magic Resistance") is not None and s.cards[foe].category == "Magic":
            todo.append(["resist", me])
        if s.skill(me, "Time Travel") is not None:
            todo.append(["time", me])
        if s.skill(me, "Smoke Screen") is not None:
            todo.append(["smoke_offer", me])
    return todo


def _next_step(s: S, frame: frames.Battle) -> None:
    frame.step = "todo" if frame.todo else "attack"


# ---- who decides, and what ------------------------------------------------------------------
def decider(s: S, frame: frames.Battle) -> int:
    step = frame.step
    if step == "todo" and frame.todo[0][0] == "smoke_offer":
        return s.owner(frame.todo[0][1])
    if step == "continue":
        return s.owner(frame.chooser)
    return CHANCE


def actions(s: S, frame: frames.Battle) -> list[Action]:
    step = frame.step
    if step == "continue":
        who = s.name(frame.chooser)
        return [Action(Act.FIGHT_ON, (), f"{who} fights on"),
                Action(Act.END_BATTLE, (), f"{who} ends the battle")]
    if step == "todo" and frame.todo[0][0] == "smoke_offer":
        cid = frame.todo[0][1]
        need = s.skill(cid, "Smoke Screen")
        return [Action(Act.SMOKE, (cid,), f"{s.name(cid)}: blow a Smoke Screen (roll {need} "
                                        "or less: all ranges -1)"),
                Action(Act.NO_SMOKE, (), "No Smoke Screen")]
    return [Action(Act.DIE, (f,), f"Rolled {f}") for f in range(1, 7)]


def apply(s: S, frame: frames.Battle, a: Action, events: list[Event]) -> None:
    step = frame.step
    if step == "continue":
        if a.kind == Act.END_BATTLE:
            _say(events, "battle_end", f"{s.name(frame.chooser)} ends the battle")
            finish(s, frame, None, None, events)
        else:
            frame.step = "attack"
        return
    if step == "todo":
        _apply_pre_battle(s, frame, a, events)
        return
    attack(s, frame, a.args[0], events)


def _apply_pre_battle(s: S, frame: frames.Battle, a: Action, events: list[Event]) -> None:
    what, cid = frame.todo.pop(0)
    if what == "smoke_offer":
        if a.kind == Act.SMOKE:
            frame.todo.insert(0, ["smoke", cid])
        _next_step(s, frame)
        return
    face = a.args[0]
    name = s.name(cid)
    if what == "evade":
        if face <= (s.skill(cid, "Evasive Action") or 0):
            frame.next = cid
            _say(events, "skill", f"{name} evades the first attack and strikes first ({face})")
        else:
            _say(events, "skill", f"{name} fails to evade ({face})")
    elif what == "berserk":
        pts = s.skill(cid, "Berserker") or 0
        if face <= pts:
            frame.berserk[cid] = pts
            _say(events, "skill", f"{name} goes berserk: +{pts} damage this battle ({face})")
    elif what == "resist":
        if face <= (s.skill(cid, "Magic Resistance") or 0):
            frame.resist[cid] = True
            _say(events, "skill", f"{name} resists magic this battle ({face})")
    elif what == "time":
        if face <= (s.skill(cid, "Time Travel") or 0):
            frame.time[cid] = True
            _say(events, "skill", f"{name} travels in time for a future weapon ({face})")
    elif what == "smoke":
        if face <= (s.skill(cid, "Smoke Screen") or 0):
            frame.smoke = True
            _say(events, "skill", f"{name} blows a Smoke Screen: all ranges -1 ({face})")
        else:
            _say(events, "skill", f"{name}'s Smoke Screen fails ({face})")
    _next_step(s, frame)


# ---- one attack -----------------------------------------------------------------------------
def weapon_for(s: S, frame: frames.Battle, cid: str, face: int) -> tuple[str, int, int, bool]:
    """(name, damage, range, from the future) of the weapon a roll picks in this battle."""
    if frame.time.get(cid) and frame.count[cid] == 0:
        w = time_travel_weapons()[face - 1]
        name, dmg, rng, future = w.name, w.damage, w.range, True
    else:
        name, dmg, rng = cards.weapon(s.cards[cid], s.up(cid), face)
        future = False
    if frame.smoke:
        rng = max(0, rng - 1)
    return name, dmg, rng, future


def attack(s: S, frame: frames.Battle, face: int, events: list[Event]) -> None:
    x = frame.next
    y = _other(frame, x)
    name, dmg, rng, future = weapon_for(s, frame, x, face)
    frame.count[x] += 1
    frame.next = y
    if frame.range == 0 or rng >= frame.range:
        _hit(s, frame, x, y, face, name, dmg, future, events)
    else:
        _miss(s, frame, x, y, face, name, rng, events)


def _hit(s: S, frame: frames.Battle, x: str, y: str, face: int, name: str, dmg: int,
         future: bool, events: list[Event]) -> None:
    resist = s.skill(y, "Magic Resistance") or 0
    if frame.resist.get(y) and s.cards[x].category == "Magic" and not future \
            and face <= resist:
        loss = 0
        note = " but it is resisted"
    else:
        loss = cards.hit_damage(s.cards[x], s.up(x), s.cards[y], s.up(y), dmg,
                                frame.berserk.get(x, 0), s.skills_on)
        note = ""
    s.chars[y].hp -= loss
    _say(events, "hit", f"{s.name(x)} rolls {face}: {name} hits{note}; {s.name(y)} loses "
         f"{loss} (health {s.chars[y].hp})", char=x, target=y, roll=face, loss=loss)
    frame.quiet = 0 if loss > 0 else frame.quiet + 1
    if s.chars[y].hp < 1:
        _falls(s, frame, y, x, events)
    elif frame.quiet >= QUIET_ATTACKS_TO_STALEMATE:
        _stalemate(s, frame, events)
    else:
        frame.step = "attack"


def _miss(s: S, frame: frames.Battle, x: str, y: str, face: int, name: str, rng: int,
          events: list[Event]) -> None:
    _say(events, "miss", f"{s.name(x)} rolls {face}: {name} (range {rng}) misses",
         char=x, target=y, roll=face)
    agility = s.skill(y, "Agility")
    if agility:
        s.chars[x].hp -= agility
        frame.quiet = 0
        _say(events, "skill", f"{s.name(y)}'s Agility punishes the miss: {s.name(x)} loses "
             f"{agility} (health {s.chars[x].hp})", char=y, target=x)
        if s.chars[x].hp < 1:
            _falls(s, frame, x, y, events)
            return
    else:
        frame.quiet += 1
    if frame.quiet >= QUIET_ATTACKS_TO_STALEMATE:
        _stalemate(s, frame, events)
        return
    frame.step = "continue"
    frame.chooser = y


def _stalemate(s: S, frame: frames.Battle, events: list[Event]) -> None:
    _say(events, "battle_end", "Neither side can hurt the other: the battle ends")
    finish(s, frame, None, None, events)


def _falls(s: S, frame: frames.Battle, loser: str, winner: str, events: list[Event]) -> None:
    if can_cheat_death(s, loser):
        frame.step = "attack" if frame.range == 0 else "continue"
        frame.chooser = loser
        frame.next = loser
        s.chars[loser].hp = 0  # held at 0 until the two dice give the new health
        s.queue.push(frames.Roll(purpose="cheat", actor=loser, dice=2,
                           by=winner, battle=True))
        return
    finish(s, frame, loser, winner, events)


def can_cheat_death(s: S, cid: str) -> bool:
    pts = s.skill(cid, "Cheat Death")
    return pts is not None and s.chars[cid].hp >= -pts


def finish(s: S, frame: frames.Battle, loser: str | None, winner: str | None,
           events: list[Event]) -> None:
    """End the battle: the loser leaves play, the winner takes the space it fought for and
    a peg; survivors with Spontaneous Healing heal."""
    from rules.chaostle import flow

    s.queue.frames.remove(frame)
    survivors = [c for c in (frame.a, frame.d) if c != loser]
    if loser is not None and winner is not None:
        conquer(s, loser, winner, events)
    contest = frame.contest
    mover = frame.a
    for c in survivors:
        _spontaneous_healing(s, c, events)
    if contest and mover in survivors:
        if loser is not None:
            flow.land(s, mover, contest, events)
        elif s.chars[mover].at is None:
            s.chars[mover].status = "out"


def _spontaneous_healing(s: S, cid: str, events: list[Event]) -> None:
    pts = s.skill(cid, "Spontaneous Healing")
    ch = s.chars[cid]
    if pts and ch.status in ("play", "out") and ch.hp < s.max_hp(cid) and ch.hp >= 1:
        ch.hp = min(s.max_hp(cid), ch.hp + pts)
        _say(events, "heal", f"{s.name(cid)} heals spontaneously to {ch.hp}", char=cid)


def conquer(s: S, cid: str, by: str | None, events: list[Event]) -> None:
    """A character below 1 health leaves play (keeping its pegs); the conqueror gains a peg."""
    ch = s.chars[cid]
    ch.status, ch.at = "out", None
    ch.hp = s.max_hp(cid)
    who = f" by {s.name(by)}" if by else ""
    _say(events, "conquered", f"{s.name(cid)} is conquered{who} and leaves play", char=cid)
    if by is not None and any(i not in s.chars[by].up for i in cards.UPGRADE_ITEMS):
        s.queue.push(frames.Upgrade(char=by))


def upgrade(s: S, cid: str, item: str, events: list[Event]) -> None:
    ch = s.chars[cid]
    before = s.max_hp(cid)
    ch.up = sorted([*ch.up, item])
    if item == "health":
        ch.hp += s.max_hp(cid) - before
    _say(events, "upgrade", f"{s.name(cid)} upgrades: "
         f"{cards.item_label(s.cards[cid], item)}", char=cid, item=item)


def wound(s: S, cid: str, amount: int, by: str | None, why: str, events: list[Event]) -> None:
    """Damage outside battle (skills, fates): no armour; may conquer (or cheat death)."""
    ch = s.chars[cid]
    ch.hp -= amount
    _say(events, "wound", f"{s.name(cid)} loses {amount} to {why} (health {ch.hp})",
         char=cid, loss=amount)
    if ch.hp < 1:
        if can_cheat_death(s, cid):
            ch.hp = 0  # held at 0 until the two dice give the new health
            s.queue.push(frames.Roll(purpose="cheat", actor=cid, dice=2,
                               by=by, battle=False))
        else:
            conquer(s, cid, by, events)


# ---- dice rolled outside the weapon rolls -------------------------------------------------
def resolve_roll(s: S, frame: frames.Roll, face: int, events: list[Event]) -> None:
    from rules.chaostle import fates, flow

    purpose = frame.purpose
    cid = frame.actor
    if purpose == "cheat":
        s.chars[cid].hp = face
        _say(events, "skill", f"{s.name(cid)} cheats death and rises with {face} health",
             char=cid)
    elif purpose == "castle":
        _strike_castle(s, cid, face, events, flow)
    elif purpose == "firewall":
        need = frame.need
        if face == need:
            wound(s, frame.target, s.skill(cid, "Fire Wall") or 0, cid, "the Fire Wall",
                  events)
        else:
            _say(events, "skill", f"{s.name(cid)}'s Fire Wall misses ({face}, needed {need})")
    elif purpose in END_SKILL_ROLLS:
        END_SKILL_ROLLS[purpose](s, frame, face, events)
    else:
        fates.resolve_roll(s, frame, face, events)


def _strike_castle(s: S, cid: str, face: int, events: list[Event], flow: Any) -> None:
    from rules.chaostle.content import castle_card

    name, dmg, _ = cards.weapon(s.cards[cid], s.up(cid), face)
    loss = max(0, dmg - castle_card().armor)
    s.castle_hp = max(0, s.castle_hp - loss)
    _say(events, "castle", f"{s.name(cid)} rolls {face}: {name} strikes the castle for "
         f"{loss} (castle health {s.castle_hp})", char=cid, loss=loss)
    if s.castle_hp == 0 and not s.castle_down:
        s.castle_down = True
        _say(events, "castle_down", f"{s.name(cid)} conquers the castle!", char=cid)
        flow.enter_sanctuary(s, cid, events)


# ---- movement skill: Fire Wall -------------------------------------------------------------
def fire_wall_triggers(s: S, mover: str, events: list[Event]) -> None:
    """After a move: a Fire Wall holder may burn an opponent now within six spaces (the
    holder moved, or the opponent moved near it), once per move."""
    if not s.skills_on:
        return
    waiting: list[frames.FireWall] = []
    if s.skill(mover, "Fire Wall"):
        targets = _within(s, mover, 6)
        if targets:
            waiting.append(frames.FireWall(char=mover, targets=targets))
    for holder in s.on_board():
        if holder == mover or s.owner(holder) == s.owner(mover) \
                or not s.skill(holder, "Fire Wall"):
            continue
        r = s.range_between(holder, mover)
        if r is not None and 1 <= r <= 6:
            waiting.append(frames.FireWall(char=holder, targets=[[mover, r]]))
    for frame in waiting:
        s.queue.later(frame)


def _within(s: S, cid: str, reach: int, low: int = 1) -> list[list[Any]]:
    out = []
    for other in s.on_board():
        if s.owner(other) == s.owner(cid):
            continue
        r = s.range_between(cid, other)
        if r is not None and low <= r <= reach:
            out.append([other, r])
    return out


# ---- end-of-turn skills ----------------------------------------------------------------------
def end_of_turn_skill_actions(s: S, cid: str, used: set[str]) -> list[Action]:
    if not s.skills_on:
        return []
    name = s.name(cid)
    acts = []
    bolt = s.skill(cid, "Bolt of Terror")
    if bolt and f"bolt:{cid}" not in used:
        acts += [Action(Act.BOLT, (cid, t), f"{name}: Bolt of Terror at {s.name(t)} (one die "
                                          "of damage)") for t, _ in _within(s, cid, bolt)]
    if s.skill(cid, "Arrow Dynamics") and f"arrows:{cid}" not in used:
        acts += [Action(Act.ARROWS, (cid, t, r), f"{name}: Arrow Dynamics at {s.name(t)} "
                        f"(range {r}: needs die + 3 >= {r})") for t, r in _within(s, cid, 9, 6)]
    heal = s.skill(cid, "Healing Powers")
    if heal:
        for other in s.on_board():
            r = s.range_between(cid, other)
            if other != cid and f"heal:{cid}:{other}" not in used and r is not None \
                    and r <= heal and s.chars[other].hp < s.max_hp(other):
                acts.append(Action(Act.HEAL, (cid, other), f"{name}: Healing Powers on "
                                   f"{s.name(other)} (one die of health)"))
    rejuv = s.skill(cid, "Rejuvenated Healing")
    if rejuv and f"rejuv:{cid}" not in used and s.chars[cid].hp < s.max_hp(cid):
        acts.append(Action(Act.REJUVENATE, (cid,), f"{name}: Rejuvenated Healing (roll "
                                                 f"{rejuv} or less: +{rejuv} health)"))
    return acts


def apply_end_of_turn_skill(s: S, a: Action, events: list[Event]) -> None:
    cid = a.args[0]
    if a.kind == Act.BOLT:
        s.turn.used.append(f"bolt:{cid}")
        s.queue.push(frames.Roll(purpose="bolt", actor=cid, dice=1,
                           target=a.args[1]))
    elif a.kind == Act.ARROWS:
        s.turn.used.append(f"arrows:{cid}")
        s.queue.push(frames.Roll(purpose="arrows", actor=cid, dice=1,
                           target=a.args[1], need=a.args[2]))
    elif a.kind == Act.HEAL:
        s.turn.used.append(f"heal:{cid}:{a.args[1]}")
        s.queue.push(frames.Roll(purpose="heal", actor=cid, dice=1,
                           target=a.args[1]))
    elif a.kind == Act.REJUVENATE:
        s.turn.used.append(f"rejuv:{cid}")
        s.queue.push(frames.Roll(purpose="rejuv", actor=cid, dice=1))


def _bolt(s: S, frame: frames.Roll, face: int, events: list[Event]) -> None:
    if s.in_play(frame.target):
        wound(s, frame.target, face, frame.actor, "a Bolt of Terror", events)


def _arrows(s: S, frame: frames.Roll, face: int, events: list[Event]) -> None:
    cid, target = frame.actor, frame.target
    if face + 3 >= frame.need and s.in_play(target):
        wound(s, target, s.skill(cid, "Arrow Dynamics") or 0, cid, "Arrow Dynamics", events)
    else:
        _say(events, "skill", f"{s.name(cid)}'s long shot falls short ({face} + 3)")


def _heal(s: S, frame: frames.Roll, face: int, events: list[Event]) -> None:
    target = frame.target
    ch = s.chars[target]
    ch.hp = min(s.max_hp(target), ch.hp + face)
    _say(events, "heal", f"{s.name(frame.actor)} heals {s.name(target)} to {ch.hp}",
         char=target)


def _rejuvenate(s: S, frame: frames.Roll, face: int, events: list[Event]) -> None:
    cid = frame.actor
    pts = s.skill(cid, "Rejuvenated Healing") or 0
    if face <= pts:
        s.chars[cid].hp = min(s.max_hp(cid), s.chars[cid].hp + pts)
        _say(events, "heal", f"{s.name(cid)} rejuvenates to {s.chars[cid].hp}", char=cid)
    else:
        _say(events, "skill", f"{s.name(cid)} fails to rejuvenate ({face})")


END_SKILL_ROLLS = {"bolt": _bolt, "arrows": _arrows, "heal": _heal, "rejuv": _rejuvenate}
