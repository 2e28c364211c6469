"""Battles between two characters, and the skills used at the end of a turn (their rolls,
and the wounds, conquests and pegs that follow, are in effects.py).

A battle is a frame on the state's stack: first the skills used before it (Evasive
Action, Berserker, Magic Resistance, Smoke Screen, Time Travel), then the two sides take
turns rolling a die for a weapon until one is conquered, or the side that did not miss
ends it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import rules.chaostle.cards as cards
from rules.chaostle.content import time_travel_weapons
from rules.chaostle.effects import Roll, can_cheat_death, conquer, land, say, within
from rules.chaostle.kinds import Act
from rules.core import CHANCE, Action, Event
from rules.core.pending import Pending, PendingStack

if TYPE_CHECKING:
    from rules.chaostle.state import ChaostleState as S

QUIET_ATTACKS_TO_STALEMATE = 4  # two full rounds in which nobody lost health


@dataclass(slots=True)
class Battle(Pending["S"]):
    """A battle between attacker ``a`` and defender ``d``."""

    TAG = "chaostle.battle"
    a: str = ""
    d: str = ""
    range: int = 0
    #: who rolls next
    next: str = ""
    step: str = "todo"
    #: the skills to use before the battle: [skill, character]
    todo: list[list[str]] = field(default_factory=list)
    smoke: bool = False
    berserk: dict[str, int] = field(default_factory=dict)
    resist: dict[str, bool] = field(default_factory=dict)
    time: dict[str, bool] = field(default_factory=dict)
    #: attacks made by each side
    count: dict[str, int] = field(default_factory=dict)
    #: attacks in a row that did no damage
    quiet: int = 0
    #: a fight for a space: the mover's path
    contest: list[str] | None = None
    #: after a miss: the side that may end the battle (set with step "continue")
    chooser: str = ""

    def decider(self, state: S) -> int:
        step = self.step
        if step == "todo" and self.todo[0][0] == "smoke_offer":
            return state.owner(self.todo[0][1])
        if step == "continue":
            return state.owner(self.chooser)
        return CHANCE

    def actions(self, state: S) -> list[Action]:
        step = self.step
        if step == "continue":
            who = state.name(self.chooser)
            return [Action(Act.FIGHT_ON, (), f"{who} fights on"),
                    Action(Act.END_BATTLE, (), f"{who} ends the battle")]
        if step == "todo" and self.todo[0][0] == "smoke_offer":
            cid = self.todo[0][1]
            need = state.skill(cid, "Smoke Screen")
            return [Action(Act.SMOKE, (cid,), f"{state.name(cid)}: blow a Smoke Screen "
                           f"(roll {need} or less: all ranges -1)"),
                    Action(Act.NO_SMOKE, (), "No Smoke Screen")]
        return [Action(Act.DIE, (f,), f"Rolled {f}") for f in range(1, 7)]

    def resolve(self, state: S, stack: PendingStack[S], action: Action) -> list[Event]:
        events: list[Event] = []
        if self.step == "continue":
            if action.kind == Act.END_BATTLE:
                say(events, "battle_end", f"{state.name(self.chooser)} ends the battle")
                finish(state, self, None, None, events)
            else:
                self.step = "attack"
        elif self.step == "todo":
            _apply_pre_battle(state, self, action, events)
        else:
            attack(state, self, action.args[0], events)
        return events


def _other(frame: Battle, cid: str) -> str:
    return frame.d if cid == frame.a else frame.a


# ---- starting a battle ---------------------------------------------------------------------
def start(s: S, attacker: str, defender: str, contest: list[str] | None,
          events: list[Event]) -> None:
    """Begin a battle; ``contest`` is the mover's path when it is a fight for a space."""
    rng = 0 if contest else s.range_between(attacker, defender)
    assert rng is not None
    s.turn.battled.append([attacker, defender])
    frame = Battle(a=attacker, d=defender, range=rng, next=attacker, step="todo",
                   todo=_pre_battle_todo(s, attacker, defender),
                   count={attacker: 0, defender: 0}, contest=contest)
    where = "for the space (a fight to the death)" if contest else f"at range {rng}"
    say(events, "battle", f"{s.name(attacker)} attacks {s.name(defender)} {where}",
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


def _next_step(s: S, frame: Battle) -> None:
    frame.step = "todo" if frame.todo else "attack"


# ---- who decides, and what ------------------------------------------------------------------
def _apply_pre_battle(s: S, frame: Battle, a: Action, events: list[Event]) -> None:
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
            say(events, "skill", f"{name} evades the first attack and strikes first ({face})")
        else:
            say(events, "skill", f"{name} fails to evade ({face})")
    elif what == "berserk":
        pts = s.skill(cid, "Berserker") or 0
        if face <= pts:
            frame.berserk[cid] = pts
            say(events, "skill", f"{name} goes berserk: +{pts} damage this battle ({face})")
    elif what == "resist":
        if face <= (s.skill(cid, "Magic Resistance") or 0):
            frame.resist[cid] = True
            say(events, "skill", f"{name} resists magic this battle ({face})")
    elif what == "time":
        if face <= (s.skill(cid, "Time Travel") or 0):
            frame.time[cid] = True
            say(events, "skill", f"{name} travels in time for a future weapon ({face})")
    elif what == "smoke":
        if face <= (s.skill(cid, "Smoke Screen") or 0):
            frame.smoke = True
            say(events, "skill", f"{name} blows a Smoke Screen: all ranges -1 ({face})")
        else:
            say(events, "skill", f"{name}'s Smoke Screen fails ({face})")
    _next_step(s, frame)


# ---- one attack -----------------------------------------------------------------------------
def weapon_for(s: S, frame: Battle, cid: str, face: int) -> tuple[str, int, int, bool]:
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


def attack(s: S, frame: Battle, face: int, events: list[Event]) -> None:
    x = frame.next
    y = _other(frame, x)
    name, dmg, rng, future = weapon_for(s, frame, x, face)
    frame.count[x] += 1
    frame.next = y
    if frame.range == 0 or rng >= frame.range:
        _hit(s, frame, x, y, face, name, dmg, future, events)
    else:
        _miss(s, frame, x, y, face, name, rng, events)


def _hit(s: S, frame: Battle, x: str, y: str, face: int, name: str, dmg: int,
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
    say(events, "hit", f"{s.name(x)} rolls {face}: {name} hits{note}; {s.name(y)} loses "
         f"{loss} (health {s.chars[y].hp})", char=x, target=y, roll=face, loss=loss)
    frame.quiet = 0 if loss > 0 else frame.quiet + 1
    if s.chars[y].hp < 1:
        _falls(s, frame, y, x, events)
    elif frame.quiet >= QUIET_ATTACKS_TO_STALEMATE:
        _stalemate(s, frame, events)
    else:
        frame.step = "attack"


def _miss(s: S, frame: Battle, x: str, y: str, face: int, name: str, rng: int,
          events: list[Event]) -> None:
    say(events, "miss", f"{s.name(x)} rolls {face}: {name} (range {rng}) misses",
         char=x, target=y, roll=face)
    agility = s.skill(y, "Agility")
    if agility:
        s.chars[x].hp -= agility
        frame.quiet = 0
        say(events, "skill", f"{s.name(y)}'s Agility punishes the miss: {s.name(x)} loses "
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


def _stalemate(s: S, frame: Battle, events: list[Event]) -> None:
    say(events, "battle_end", "Neither side can hurt the other: the battle ends")
    finish(s, frame, None, None, events)


def _falls(s: S, frame: Battle, loser: str, winner: str, events: list[Event]) -> None:
    if can_cheat_death(s, loser):
        frame.step = "attack" if frame.range == 0 else "continue"
        frame.chooser = loser
        frame.next = loser
        s.chars[loser].hp = 0  # held at 0 until the two dice give the new health
        s.queue.push(Roll(purpose="cheat", actor=loser, dice=2, by=winner, battle=True))
        return
    finish(s, frame, loser, winner, events)


def finish(s: S, frame: Battle, loser: str | None, winner: str | None,
           events: list[Event]) -> None:
    """End the battle: the loser leaves play, the winner takes the space it fought for and
    a peg; survivors with Spontaneous Healing heal."""
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
            land(s, mover, contest, events)
        elif s.chars[mover].at is None:
            s.chars[mover].status = "out"


def _spontaneous_healing(s: S, cid: str, events: list[Event]) -> None:
    pts = s.skill(cid, "Spontaneous Healing")
    ch = s.chars[cid]
    if pts and ch.status in ("play", "out") and ch.hp < s.max_hp(cid) and ch.hp >= 1:
        ch.hp = min(s.max_hp(cid), ch.hp + pts)
        say(events, "heal", f"{s.name(cid)} heals spontaneously to {ch.hp}", char=cid)


# ---- end-of-turn skills ----------------------------------------------------------------------
def end_of_turn_skill_actions(s: S, cid: str, used: set[str]) -> list[Action]:
    if not s.skills_on:
        return []
    name = s.name(cid)
    acts = []
    bolt = s.skill(cid, "Bolt of Terror")
    if bolt and f"bolt:{cid}" not in used:
        acts += [Action(Act.BOLT, (cid, t), f"{name}: Bolt of Terror at {s.name(t)} (one die "
                                          "of damage)") for t, _ in within(s, cid, bolt)]
    if s.skill(cid, "Arrow Dynamics") and f"arrows:{cid}" not in used:
        acts += [Action(Act.ARROWS, (cid, t, r), f"{name}: Arrow Dynamics at {s.name(t)} "
                        f"(range {r}: needs die + 3 >= {r})") for t, r in within(s, cid, 9, 6)]
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
        s.queue.push(Roll(purpose="bolt", actor=cid, dice=1, target=a.args[1]))
    elif a.kind == Act.ARROWS:
        s.turn.used.append(f"arrows:{cid}")
        s.queue.push(Roll(purpose="arrows", actor=cid, dice=1, target=a.args[1],
                          need=a.args[2]))
    elif a.kind == Act.HEAL:
        s.turn.used.append(f"heal:{cid}:{a.args[1]}")
        s.queue.push(Roll(purpose="heal", actor=cid, dice=1, target=a.args[1]))
    elif a.kind == Act.REJUVENATE:
        s.turn.used.append(f"rejuv:{cid}")
        s.queue.push(Roll(purpose="rejuv", actor=cid, dice=1))
