"""Fates: the red die picks a column (1-3 the Card of Happiness, 4-6 the Card of Doom), two
white dice the row; happiness fates are optional. Also the traps a doom fate sends a
character into, and the lasting fates (Bad Vibes, Burden, Double Dice, Stumble)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from rules.chaostle import frames
from rules.chaostle.content import DATA
from rules.chaostle.kinds import Act
from rules.core import CHANCE, Action, Event
from rules.core.content import ContentError, Field, load_entries, read_toml, validate_entry

if TYPE_CHECKING:
    from rules.chaostle.state import ChaostleState as S

EFFECTS = ("win", "mercenary", "heal_roll", "double_dice", "full_heal", "upgrade",
           "extra_turn", "lift", "bad_vibes", "burden", "trap", "to_one", "damage",
           "castle_repair", "lose_turn", "control")
OPTION2_AS_GROOVY = ("double_dice", "full_heal", "upgrade")  # faster play option 2


@dataclass(frozen=True, slots=True)
class Fate:
    id: str
    name: str
    card: str
    effect: str
    amount: int
    source: str = "rulebook"
    reason: str = ""


@dataclass(frozen=True, slots=True)
class TrapRule:
    escape: int
    bite: int


@cache
def fate_table() -> tuple[dict[str, Fate], tuple[tuple[str, ...], ...]]:
    """(fates by id, the six columns of eleven fate ids each, rows 2-12)."""
    path = DATA / "fates.toml"
    entries = load_entries(path, "fate", {
        "name": Field(str), "card": Field(str, choices=("happiness", "doom")),
        "effect": Field(str, choices=EFFECTS), "amount": Field(int, min=0),
    })
    fates = {k: Fate(k, e["name"], e["card"], e["effect"], e["amount"], e["source"],
                     e.get("reason", "")) for k, e in entries.items()}
    doc = read_toml(path)
    columns: list[tuple[str, ...]] = []
    for card in ("happiness", "doom"):
        e = validate_entry(f"{path.name} [card.{card}]", doc.get("card", {}).get(card),
                           {"columns": Field(list)})
        if len(e["columns"]) != 3:
            raise ContentError(f"{path.name} [card.{card}]: field 'columns': needs three")
        for col in e["columns"]:
            if len(col) != 11 or any(f not in fates or fates[f].card != card for f in col):
                raise ContentError(f"{path.name} [card.{card}]: field 'columns': each column "
                                   f"is eleven {card} fates (rows 2-12)")
            columns.append(tuple(col))
    return fates, tuple(columns)


@cache
def trap_rules() -> dict[str, TrapRule]:
    entries = load_entries(DATA / "fates.toml", "trap_rule",
                           {"escape": Field(int, min=1, max=6), "bite": Field(int, min=0)})
    return {k: TrapRule(e["escape"], e["bite"]) for k, e in entries.items()}


def _say(events: list[Event], kind: str, text: str, **data: Any) -> None:
    events.append(Event(kind, text, data))


def fate_at(s: S, column: int, row: int) -> Fate:
    fates, columns = fate_table()
    fate = fates[columns[column - 1][row - 2]]
    if s.setup.get("two_dice") == "on" and fate.effect in OPTION2_AS_GROOVY:
        return fates["groovy"]
    return fate


# ---- the fate frame ------------------------------------------------------------------------
def begin(s: S, chosen: str, events: list[Event]) -> None:
    _say(events, "fate", f"Fate five: {s.name(chosen)} must face a fate", char=chosen)
    s.queue.later(frames.Fate(char=chosen, step="column", column=0, fate=""))


def decider(s: S, frame: frames.Fate) -> int:
    if frame.step in ("column", "row"):
        return CHANCE
    return s.owner(frame.char)


def actions(s: S, frame: frames.Fate) -> list[Action]:
    step = frame.step
    if step == "column":
        return [Action(Act.DIE, (f,), f"Red die {f}") for f in range(1, 7)]
    if step == "row":
        return [Action(Act.DICE, (t,), f"White dice {t}") for t in range(2, 13)]
    if step == "mercenary":
        return [Action(Act.MERCENARY, (c,), f"Hire the {s.name(c)}")
                for c, ch in s.chars.items() if ch.status == "pool"]
    fate = fate_table()[0][frame.fate]
    if step == "control":
        return control_actions(s, frame.char, fate) + [
            Action(Act.RELEASE, (), f"{fate.name}: leave them where they are")]
    return [Action(Act.ACCEPT, (), f"Accept {fate.name}"),
            Action(Act.DECLINE, (), f"Decline {fate.name}")]


def apply(s: S, frame: frames.Fate, a: Action, events: list[Event]) -> None:
    step = frame.step
    if step == "column":
        frame.column = a.args[0]
        frame.step = "row"
        return
    if step == "row":
        fate = fate_at(s, frame.column, a.args[0])
        frame.fate = fate.id
        card = "Card of Happiness" if fate.card == "happiness" else "Card of Doom"
        _say(events, "fate", f"{card}, column {frame.column}, row {a.args[0]}: {fate.name}",
             fate=fate.id)
        if fate.card == "happiness":
            frame.step = "accept"
            return
        s.queue.frames.remove(frame)
        _effect(s, frame.char, fate, events)
        return
    s.queue.frames.remove(frame)
    if a.kind == Act.MERCENARY:
        _hire(s, s.owner(frame.char), a.args[0], events)
    elif a.kind == Act.CONTROL:
        _take_control(s, fate_table()[0][frame.fate], a.args[0], a.args[1], events)
    elif a.kind == Act.RELEASE:
        _say(events, "fate", f"{s.player_name(s.owner(frame.char))} lets them be")
    elif a.kind == Act.ACCEPT:
        _effect(s, frame.char, fate_table()[0][frame.fate], events)
    else:
        _say(events, "fate", f"{s.player_name(s.owner(frame.char))} declines the fate")


def _hire(s: S, seat: int, cid: str, events: list[Event]) -> None:
    ch = s.chars[cid]
    ch.owner, ch.status, ch.hp = seat, "out", s.cards[cid].health[0]
    s.armies[seat].append(cid)
    _say(events, "mercenary", f"The {s.name(cid)} joins {s.player_name(seat)} as a mercenary",
         char=cid, seat=seat)


def _effect(s: S, cid: str, fate: Fate, events: list[Event]) -> None:
    from rules.chaostle import battle, flow

    seat = s.owner(cid)
    ch = s.chars[cid]
    e = fate.effect
    if e == "win":
        flow.win(s, seat, f"{s.player_name(seat)} wins by the fate of Happiness", events)
    elif e == "mercenary":
        if any(c.status == "pool" for c in s.chars.values()):
            s.queue.push(frames.Fate(char=cid, step="mercenary", column=0,
                               fate=fate.id))
        else:
            _say(events, "fate", "No mercenaries are left to hire")
    elif e == "heal_roll":
        dice = 2 if s.setup.get("two_dice") == "on" else 1
        s.queue.push(frames.Roll(purpose="luck", actor=cid, dice=dice))
    elif e == "double_dice":
        s.marks.setdefault("double_dice", []).append(seat)
        _say(events, "fate", f"{s.player_name(seat)}'s next movement roll is two dice")
    elif e == "full_heal":
        ch.hp = s.max_hp(cid)
        _say(events, "heal", f"Fairy Dust heals {s.name(cid)} to full health", char=cid)
    elif e == "upgrade":
        if any(i not in ch.up for i in _items()):
            s.queue.push(frames.Upgrade(char=cid))
    elif e == "extra_turn":
        s.turn.extra = True
        _say(events, "fate", f"{s.player_name(seat)} will take another turn")
    elif e == "lift":
        _lift(s, seat, events)
    elif e in ("bad_vibes", "burden"):
        setattr(ch, e, True)
        _say(events, "fate", f"{fate.name} falls on {s.name(cid)} until a six is rolled",
             char=cid)
    elif e == "trap":
        send_to_trap(s, cid, fate.id, events)
    elif e == "to_one":
        ch.hp = min(ch.hp, fate.amount)
        _say(events, "fate", f"{s.name(cid)} deteriorates to {ch.hp} health", char=cid)
    elif e == "damage":
        battle.wound(s, cid, fate.amount, None, fate.name, events)
    elif e == "castle_repair":
        s.castle_hp = min(int(s.setup["castle_hp"]), s.castle_hp + fate.amount) \
            if not s.castle_down else s.castle_hp
        _say(events, "castle", f"The castle is repaired to {s.castle_hp} health")
    elif e == "lose_turn":
        s.marks.setdefault("stumble", []).append(seat)
        _say(events, "fate", f"{s.player_name(seat)} will skip their next turn")
    elif e == "control":
        if control_actions(s, cid, fate):
            s.queue.push(frames.Fate(char=cid, step="control", column=0,
                               fate=fate.id))
        else:
            _say(events, "fate", f"No opposing character within {fate.amount} of "
                 f"{s.name(cid)} can be moved")


# ---- taking control of an opposing character ----------------------------------------------
def control_targets(s: S, cid: str, reach: int) -> list[str]:
    """Opposing characters in play within ``reach`` of the chosen character (counted as
    battle range, along movement paths), except those on their original starting position,
    which is safe."""
    seat = s.owner(cid)
    out = []
    for other in s.on_board():
        if s.owner(other) == seat or s.chars[other].at == s.original_start(other):
            continue
        r = s.range_between(cid, other)
        if r is not None and r <= reach:
            out.append(other)
    return out


def control_actions(s: S, cid: str, fate: Fate) -> list[Action]:
    """Every move of exactly the fate's amount the current player may make with an opposing
    character in reach: along that character's own ways (never across its own coloured
    line), never landing twice, onto an empty space."""
    occ = s.occupancy()
    acts = []
    for target in control_targets(s, cid, fate.amount):
        at = s.space_of(target)
        for dest in s.board.destinations(at, fate.amount, s.rules_for(target)):
            if dest not in occ:
                acts.append(Action(Act.CONTROL, (target, dest),
                                   f"{fate.name}: move {s.name(target)} "
                                   f"({s.player_name(s.owner(target))}) {fate.amount} to "
                                   f"{s.space_label(dest)}"))
    return acts


def _take_control(s: S, fate: Fate, target: str, dest: str, events: list[Event]) -> None:
    from rules.chaostle import flow

    path = s.board.destinations(s.space_of(target), fate.amount, s.rules_for(target))[dest]
    _say(events, "fate", f"{fate.name}: {s.player_name(s.current)} moves "
         f"{s.name(target)}", char=target)
    flow.land(s, target, path, events)


def _items() -> tuple[str, ...]:
    from rules.chaostle.cards import UPGRADE_ITEMS

    return UPGRADE_ITEMS


def _lift(s: S, seat: int, events: list[Event]) -> None:
    lifted = False
    for c in s.armies[seat]:
        ch = s.chars[c]
        if ch.bad_vibes or ch.burden:
            ch.bad_vibes = ch.burden = False
            lifted = True
    if lifted:
        _say(events, "fate", f"Bad Vibes and Burden lift from {s.player_name(seat)}'s army")


def lift_on_roll(s: S, roll: int, events: list[Event]) -> None:
    """A movement roll of six (six or seven in option 2) lifts Bad Vibes and Burden."""
    lifting = (6, 7) if s.setup.get("two_dice") == "on" else (6,)
    if roll in lifting:
        _lift(s, s.current, events)


# ---- traps ---------------------------------------------------------------------------------
def send_to_trap(s: S, cid: str, trap: str, events: list[Event]) -> None:
    ch = s.chars[cid]
    ch.fell_from = ch.at  # its way out must not cross its line from here
    ch.status, ch.at, ch.trap = "trap", None, trap
    _say(events, "trap", f"{s.name(cid)} falls into the {s.board.traps[trap].name}",
         char=cid, trap=trap)


def queue_escapes(s: S) -> None:
    """At the start of a turn each trapped character of the player rolls to escape."""
    for c in s.armies[s.current]:
        if s.chars[c].status == "trap":
            s.queue.later(frames.Roll(purpose="escape", actor=c, dice=1))


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


def resolve_roll(s: S, frame: frames.Roll, face: int, events: list[Event]) -> None:
    from rules.chaostle import battle

    cid = frame.actor
    ch = s.chars[cid]
    if frame.purpose == "luck":
        ch.hp = min(s.max_hp(cid), ch.hp + face)
        _say(events, "heal", f"Luck heals {s.name(cid)} to {ch.hp} ({face})", char=cid)
        return
    assert ch.trap is not None, f"{cid} rolls to escape no trap"
    trap = s.board.traps[ch.trap]
    rule = trap_rules()[trap.id]
    exit_space = _exit_for(s, cid, trap.exit)
    if face >= rule.escape:
        if s.occupant(exit_space) is not None:
            _say(events, "trap", f"{s.name(cid)} finds the way out of the {trap.name} "
                 "blocked and waits", char=cid)
            return
        from rules.chaostle import flow

        _say(events, "escape", f"{s.name(cid)} escapes the {trap.name} ({face}) to "
             f"{s.space_label(exit_space)}", char=cid)
        flow.land(s, cid, (exit_space,), events, came_from=ch.fell_from)
        ch.trap = None
        return
    _say(events, "trap", f"{s.name(cid)} fails to escape the {trap.name} ({face})", char=cid)
    if rule.bite:
        battle.wound(s, cid, rule.bite, None, f"the {trap.name}", events)
        if ch.status == "out":
            ch.trap = None
            ch.fell_from = None
