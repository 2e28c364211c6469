"""What happens to characters, whoever causes it: standing on a space (the coloured line
held, starting positions moved up, the Lucky Toad, Fire Walls set off), harm outside the
weapon rolls (wounds, conquest, Cheat Death, pegs), the castle and Sanctuary, and the dice
rolled for a purpose (the ``Roll`` frame) with what each purpose does.

This is the low layer of the rules: battle.py, fates.py, leapfrog.py and flow.py build on
it, and nothing here imports them. The frames pushed from here (``Roll``, ``Upgrade``,
``FireWall``) are defined here; frames.py gathers every frame kind.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rules.chaostle.cards import UPGRADE_ITEMS, item_label, weapon
from rules.chaostle.content import castle_card, trap_rules
from rules.chaostle.howto import event
from rules.chaostle.kinds import Act, Phase
from rules.core import CHANCE, Action, Event
from rules.core.pending import Pending, PendingStack

if TYPE_CHECKING:
    from rules.chaostle.state import ChaostleState as S


def say(events: list[Event], kind: str, text: str, **data: Any) -> None:
    events.append(event(kind, text, data))


def dice_actions(dice: int) -> list[Action]:
    """A roll of one die, or of two dice added together."""
    if dice == 2:
        return [Action(Act.DICE, (t,), f"Rolled {t}") for t in range(2, 13)]
    return [Action(Act.DIE, (f,), f"Rolled {f}") for f in range(1, 7)]


# ---- the frames pushed from here -----------------------------------------------------------
@dataclass(slots=True)
class Roll(Pending["S"]):
    """A die (or two) to roll for ``purpose`` (a castle strike, an escape, a skill, Cheat
    Death, ...; ``ROLLS`` says what each does)."""

    TAG = "chaostle.roll"
    purpose: str = ""
    actor: str = ""
    dice: int = 1
    target: str = ""
    need: int = 0
    #: Cheat Death: who brought the character down, and whether in a battle
    by: str | None = None
    battle: bool = False

    def decider(self, state: S) -> int:
        return CHANCE

    def actions(self, state: S) -> list[Action]:
        return dice_actions(self.dice)

    def resolve(self, state: S, stack: PendingStack[S], action: Action) -> list[Event]:
        stack.pop()
        events: list[Event] = []
        ROLLS[self.purpose](state, self, action.args[0], events)
        return events


@dataclass(slots=True)
class Upgrade(Pending["S"]):
    """A peg for ``char``'s battle card, placed by its owner."""

    TAG = "chaostle.upgrade"
    char: str = ""

    def decider(self, state: S) -> int:
        return state.owner(self.char)

    def actions(self, state: S) -> list[Action]:
        cid = self.char
        card = state.cards[cid]
        return [Action(Act.UPGRADE, (cid, item), f"Upgrade {state.name(cid)}: "
                       f"{item_label(card, item)}")
                for item in UPGRADE_ITEMS if item not in state.chars[cid].up]

    def resolve(self, state: S, stack: PendingStack[S], action: Action) -> list[Event]:
        stack.pop()
        events: list[Event] = []
        upgrade(state, action.args[0], action.args[1], events)
        return events


@dataclass(slots=True)
class FireWall(Pending["S"]):
    """``char``'s owner may set off a Fire Wall at one of ``targets`` ([target, need])."""

    TAG = "chaostle.firewall"
    char: str = ""
    targets: list[Any] = field(default_factory=list)

    def decider(self, state: S) -> int:
        return state.owner(self.char)

    def actions(self, state: S) -> list[Action]:
        holder = self.char
        acts = [Action(Act.FIREWALL, (holder, t, r),
                       f"{state.name(holder)}: Fire Wall at {state.name(t)} "
                       f"(needs exactly {r})")
                for t, r in self.targets]
        return acts + [Action(Act.NO_FIREWALL, (), "No Fire Wall")]

    def resolve(self, state: S, stack: PendingStack[S], action: Action) -> list[Event]:
        stack.pop()
        if action.kind == Act.FIREWALL:
            holder, target, need = action.args
            stack.push(Roll("firewall", holder, target=target, need=need))
        return []


# ---- standing on a space ---------------------------------------------------------------------
class LineCrossed(RuntimeError):
    """A move or placement would take a character across its own coloured line (a fault in
    the engine: the legal choices never offer one)."""


def land(s: S, cid: str, path: tuple[str, ...] | list[str], events: list[Event],
         came_from: str | None = None) -> None:
    """Stand a character at the end of ``path`` (its moves from the first space, or a
    placement: a single space, ``came_from`` where it was before). Every movement and
    placement ends here, and here the coloured line is held: no step of the path, nor the
    way from ``came_from`` to it, may cross the character's own line."""
    crown = s.crowns[s.owner(cid)]
    assert crown is not None
    way = (came_from, *path) if came_from is not None else tuple(path)
    if s.board.path_crosses_line(way, crown):
        raise LineCrossed(f"{s.name(cid)} would cross its own coloured line: {way}")
    ch = s.chars[cid]
    ch.status, ch.at = "play", path[-1]
    ch.fell_from = None
    if s.board.spaces[path[-1]].kind == "inner" and s.castle_down:
        s.turn.arrived.append(cid)  # drops into Sanctuary on a later turn
    if len(path) > 1:
        say(events, "move", f"{s.name(cid)} moves to {s.space_label(path[-1])}",
            char=cid, path=list(path))
    _upgrade_start(s, cid, path, events)
    if path[-1] in s.board.toads and ch.hp < s.max_hp(cid):
        ch.hp = s.max_hp(cid)
        say(events, "toad", f"The Lucky Toad heals {s.name(cid)} to full health", char=cid)
    fire_wall_triggers(s, cid, events)


def _upgrade_start(s: S, cid: str, path: tuple[str, ...] | list[str], events: list[Event]
                   ) -> None:
    """Reaching or passing the next opponent's stairway (any level) moves the starting
    position up to the gate in front of it."""
    crown = s.crowns[s.owner(cid)]
    assert crown is not None
    progress = [s.board.progress(sp, crown) for sp in path]
    peak = max((p for p in progress if p is not None), default=None)
    if peak is None:
        return
    starts = s.board.starting_positions(crown)
    top = 1 if s.setup.get("half_board") == "on" and s.n == 2 else 3
    best = s.chars[cid].start
    for j in range(1, top + 1):
        if (s.board.progress(starts[j], crown) or 0.0) <= peak + 1e-6:
            best = max(best, j)
    if best > s.chars[cid].start:
        s.chars[cid].start = best
        say(events, "start", f"{s.name(cid)}'s starting position moves up to "
            f"{s.space_label(starts[best])}", char=cid, start=best)


# ---- movement skill: Fire Wall -------------------------------------------------------------
def fire_wall_triggers(s: S, mover: str, events: list[Event]) -> None:
    """After a move: a Fire Wall holder may burn an opponent now within six spaces (the
    holder moved, or the opponent moved near it), once per move."""
    if not s.skills_on:
        return
    waiting: list[FireWall] = []
    if s.skill(mover, "Fire Wall"):
        targets = within(s, mover, 6)
        if targets:
            waiting.append(FireWall(char=mover, targets=targets))
    for holder in s.on_board():
        if holder == mover or s.owner(holder) == s.owner(mover) \
                or not s.skill(holder, "Fire Wall"):
            continue
        r = s.range_between(holder, mover)
        if r is not None and 1 <= r <= 6:
            waiting.append(FireWall(char=holder, targets=[[mover, r]]))
    for frame in waiting:
        s.queue.later(frame)


def within(s: S, cid: str, reach: int, low: int = 1) -> list[list[Any]]:
    """[opponent in play, range] for every opponent ``low`` to ``reach`` away."""
    out = []
    for other in s.on_board():
        if s.owner(other) == s.owner(cid):
            continue
        r = s.range_between(cid, other)
        if r is not None and low <= r <= reach:
            out.append([other, r])
    return out


# ---- harm, conquest and pegs -----------------------------------------------------------------
def can_cheat_death(s: S, cid: str) -> bool:
    pts = s.skill(cid, "Cheat Death")
    return pts is not None and s.chars[cid].hp >= -pts


def conquer(s: S, cid: str, by: str | None, events: list[Event]) -> None:
    """A character below 1 health leaves play (keeping its pegs); the conqueror gains a peg."""
    ch = s.chars[cid]
    ch.status, ch.at = "out", None
    ch.hp = s.max_hp(cid)
    who = f" by {s.name(by)}" if by else ""
    say(events, "conquered", f"{s.name(cid)} is conquered{who} and leaves play", char=cid)
    if by is not None and any(i not in s.chars[by].up for i in UPGRADE_ITEMS):
        s.queue.push(Upgrade(char=by))


def upgrade(s: S, cid: str, item: str, events: list[Event]) -> None:
    ch = s.chars[cid]
    before = s.max_hp(cid)
    ch.up = sorted([*ch.up, item])
    if item == "health":
        ch.hp += s.max_hp(cid) - before
    say(events, "upgrade", f"{s.name(cid)} upgrades: "
        f"{item_label(s.cards[cid], item)}", char=cid, item=item)


def wound(s: S, cid: str, amount: int, by: str | None, why: str, events: list[Event]) -> None:
    """Damage outside battle (skills, fates): no armour; may conquer (or cheat death)."""
    ch = s.chars[cid]
    ch.hp -= amount
    say(events, "wound", f"{s.name(cid)} loses {amount} to {why} (health {ch.hp})",
        char=cid, loss=amount)
    if ch.hp < 1:
        if can_cheat_death(s, cid):
            ch.hp = 0  # held at 0 until the two dice give the new health
            s.queue.push(Roll(purpose="cheat", actor=cid, dice=2, by=by, battle=False))
        else:
            conquer(s, cid, by, events)


# ---- the end: Sanctuary and winning ---------------------------------------------------------
def enter_sanctuary(s: S, cid: str, events: list[Event]) -> None:
    ch = s.chars[cid]
    ch.status, ch.at = "sanctuary", None
    seat = s.owner(cid)
    say(events, "sanctuary", f"{s.name(cid)} enters Sanctuary", char=cid)
    if s.sanctuary_count(seat) >= s.sanctuary_needed():
        win(s, seat, f"{s.player_name(seat)} seized Sanctuary", events)


def win(s: S, seat: int, reason: str, events: list[Event]) -> None:
    s.phase = Phase.OVER
    s.winner = seat
    s.end_reason = reason
    s.queue.frames.clear()
    say(events, "win", reason, seat=seat)


# ---- what each roll does ---------------------------------------------------------------------
def _cheat(s: S, frame: Roll, face: int, events: list[Event]) -> None:
    cid = frame.actor
    s.chars[cid].hp = face
    say(events, "skill", f"{s.name(cid)} cheats death and rises with {face} health", char=cid)


def _strike_castle(s: S, frame: Roll, face: int, events: list[Event]) -> None:
    cid = frame.actor
    name, dmg, _ = weapon(s.cards[cid], s.up(cid), face)
    loss = max(0, dmg - castle_card().armor)
    s.castle_hp = max(0, s.castle_hp - loss)
    say(events, "castle", f"{s.name(cid)} rolls {face}: {name} strikes the castle for "
        f"{loss} (castle health {s.castle_hp})", char=cid, loss=loss)
    if s.castle_hp == 0 and not s.castle_down:
        s.castle_down = True
        say(events, "castle_down", f"{s.name(cid)} conquers the castle!", char=cid)
        enter_sanctuary(s, cid, events)


def _fire_wall(s: S, frame: Roll, face: int, events: list[Event]) -> None:
    cid, need = frame.actor, frame.need
    if face == need:
        wound(s, frame.target, s.skill(cid, "Fire Wall") or 0, cid, "the Fire Wall", events)
    else:
        say(events, "skill", f"{s.name(cid)}'s Fire Wall misses ({face}, needed {need})")


def _bolt(s: S, frame: Roll, face: int, events: list[Event]) -> None:
    if s.in_play(frame.target):
        wound(s, frame.target, face, frame.actor, "a Bolt of Terror", events)


def _arrows(s: S, frame: Roll, face: int, events: list[Event]) -> None:
    cid, target = frame.actor, frame.target
    if face + 3 >= frame.need and s.in_play(target):
        wound(s, target, s.skill(cid, "Arrow Dynamics") or 0, cid, "Arrow Dynamics", events)
    else:
        say(events, "skill", f"{s.name(cid)}'s long shot falls short ({face} + 3)")


def heal(s: S, cid: str, amount: int) -> int:
    """Heal a character by ``amount``, up to its full health; its health after."""
    ch = s.chars[cid]
    ch.hp = min(s.max_hp(cid), ch.hp + amount)
    return ch.hp


def _heal(s: S, frame: Roll, face: int, events: list[Event]) -> None:
    target = frame.target
    hp = heal(s, target, face)
    say(events, "heal", f"{s.name(frame.actor)} heals {s.name(target)} to {hp}", char=target)


def _rejuvenate(s: S, frame: Roll, face: int, events: list[Event]) -> None:
    cid = frame.actor
    pts = s.skill(cid, "Rejuvenated Healing") or 0
    if face <= pts:
        say(events, "heal", f"{s.name(cid)} rejuvenates to {heal(s, cid, pts)}", char=cid)
    else:
        say(events, "skill", f"{s.name(cid)} fails to rejuvenate ({face})")


def _luck(s: S, frame: Roll, face: int, events: list[Event]) -> None:
    cid = frame.actor
    say(events, "heal", f"Luck heals {s.name(cid)} to {heal(s, cid, face)} ({face})", char=cid)


def _exit_for(s: S, cid: str, exit_space: str) -> str:
    """The trap's exit, unless it lies beyond where this character may go (the far half in
    the two-player half-board game): then its starting position. And if coming out there
    from where it fell in would cross its own coloured line (Character Movement: never,
    not even by a fate), it comes out where it fell in."""
    rules = s.rules_for(cid)
    progress = s.board.progress(exit_space, rules.crown)
    if rules.limit is not None and progress is not None and progress > rules.limit:
        exit_space = s.start_space(cid)
    fell = s.chars[cid].fell_from
    if fell is not None and s.board.crosses_line(fell, exit_space, rules.crown):
        return fell
    return exit_space


def _escape(s: S, frame: Roll, face: int, events: list[Event]) -> None:
    cid = frame.actor
    ch = s.chars[cid]
    assert ch.trap is not None, f"{cid} rolls to escape no trap"
    trap = s.board.traps[ch.trap]
    rule = trap_rules()[trap.id]
    exit_space = _exit_for(s, cid, trap.exit)
    if face >= rule.escape:
        if s.occupant(exit_space) is not None:
            say(events, "trap", f"{s.name(cid)} finds the way out of the {trap.name} "
                "blocked and waits", char=cid)
            return
        say(events, "escape", f"{s.name(cid)} escapes the {trap.name} ({face}) to "
            f"{s.space_label(exit_space)}", char=cid)
        land(s, cid, (exit_space,), events, came_from=ch.fell_from)
        ch.trap = None
        return
    say(events, "trap", f"{s.name(cid)} fails to escape the {trap.name} ({face})", char=cid)
    if rule.bite:
        wound(s, cid, rule.bite, None, f"the {trap.name}", events)
        if ch.status == "out":
            ch.trap = None
            ch.fell_from = None


#: What a ``Roll`` does, by its purpose: Cheat Death's new health, a strike at the castle,
#: a Fire Wall, the end-of-turn skills (Bolt of Terror, Arrow Dynamics, Healing Powers,
#: Rejuvenated Healing), the luck of a fate and a trapped character's escape.
ROLLS: dict[str, Callable[[S, Roll, int, list[Event]], None]] = {
    "cheat": _cheat, "castle": _strike_castle, "firewall": _fire_wall, "bolt": _bolt,
    "arrows": _arrows, "heal": _heal, "rejuv": _rejuvenate, "luck": _luck, "escape": _escape,
}
