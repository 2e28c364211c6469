"""Fates: the red die picks a column (1-3 the Card of Happiness, 4-6 the Card of Doom), two
white dice the row; happiness fates are optional. Also the traps a doom fate sends a
character into, and the lasting fates (Bad Vibes, Burden, Double Dice, Stumble)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from rules.chaostle.cards import UPGRADE_ITEMS
from rules.chaostle.content import DATA
from rules.chaostle.effects import Roll, Upgrade, land, win, wound
from rules.chaostle.howto import event
from rules.chaostle.kinds import Act
from rules.core import CHANCE, Action, Event
from rules.core.content import ContentError, Field, load_entries, read_toml, validate_entry
from rules.core.pending import Pending, PendingStack

if TYPE_CHECKING:
    from rules.chaostle.state import ChaostleState as S

EFFECTS = ("win", "mercenary", "heal_roll", "double_dice", "full_heal", "upgrade",
           "extra_turn", "lift", "bad_vibes", "burden", "trap", "to_one", "damage",
           "castle_repair", "lose_turn", "control")
OPTION2_AS_GROOVY = ("double_dice", "full_heal", "upgrade")  # faster play option 2


@dataclass(frozen=True, slots=True)
class FateRule:
    """One fate of the two cards: what its ``effect`` does, by ``amount``."""

    id: str
    name: str
    card: str
    effect: str
    amount: int
    source: str = "rulebook"
    reason: str = ""


@cache
def fate_table() -> tuple[dict[str, FateRule], tuple[tuple[str, ...], ...]]:
    """(fates by id, the six columns of eleven fate ids each, rows 2-12)."""
    path = DATA / "fates.toml"
    entries = load_entries(path, "fate", {
        "name": Field(str), "card": Field(str, choices=("happiness", "doom")),
        "effect": Field(str, choices=EFFECTS), "amount": Field(int, min=0),
    })
    fates = {k: FateRule(k, e["name"], e["card"], e["effect"], e["amount"], e["source"],
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


def _say(events: list[Event], kind: str, text: str, **data: Any) -> None:
    events.append(event(kind, text, data))


def fate_at(s: S, column: int, row: int) -> FateRule:
    fates, columns = fate_table()
    fate = fates[columns[column - 1][row - 2]]
    if s.setup.get("two_dice") == "on" and fate.effect in OPTION2_AS_GROOVY:
        return fates["groovy"]
    return fate


# ---- the fate frame ------------------------------------------------------------------------
@dataclass(slots=True)
class Fate(Pending["S"]):
    """A character meeting a fate, step by step: the red die's column, the white dice's
    row, then the owner's choice where the fate asks for one."""

    TAG = "chaostle.fate"
    char: str = ""
    step: str = "column"
    column: int = 0
    fate: str = ""

    def decider(self, state: S) -> int:
        if self.step in ("column", "row"):
            return CHANCE
        return state.owner(self.char)

    def actions(self, state: S) -> list[Action]:
        step = self.step
        if step == "column":
            return [Action(Act.DIE, (f,), f"Red die {f}") for f in range(1, 7)]
        if step == "row":
            return [Action(Act.DICE, (t,), f"White dice {t}") for t in range(2, 13)]
        if step == "mercenary":
            return [Action(Act.MERCENARY, (c,), f"Hire the {state.name(c)}")
                    for c, ch in state.chars.items() if ch.status == "pool"]
        fate = fate_table()[0][self.fate]
        if step == "control":
            return control_actions(state, self.char, fate) + [
                Action(Act.RELEASE, (), f"{fate.name}: leave them where they are")]
        return [Action(Act.ACCEPT, (), f"Accept {fate.name}"),
                Action(Act.DECLINE, (), f"Decline {fate.name}")]

    def resolve(self, state: S, stack: PendingStack[S], action: Action) -> list[Event]:
        events: list[Event] = []
        self._apply(state, action, events)
        return events

    def _apply(self, state: S, action: Action, events: list[Event]) -> None:
        step = self.step
        if step == "column":
            self.column = action.args[0]
            self.step = "row"
            return
        if step == "row":
            fate = fate_at(state, self.column, action.args[0])
            self.fate = fate.id
            card = "Card of Happiness" if fate.card == "happiness" else "Card of Doom"
            _say(events, "fate", f"{card}, column {self.column}, row {action.args[0]}: "
                 f"{fate.name}", fate=fate.id)
            if fate.card == "happiness":
                self.step = "accept"
                return
            state.queue.frames.remove(self)
            _effect(state, self.char, fate, events)
            return
        state.queue.frames.remove(self)
        if action.kind == Act.MERCENARY:
            _hire(state, state.owner(self.char), action.args[0], events)
        elif action.kind == Act.CONTROL:
            _take_control(state, fate_table()[0][self.fate], action.args[0], action.args[1],
                          events)
        elif action.kind == Act.RELEASE:
            _say(events, "fate", f"{state.player_name(state.owner(self.char))} lets them be")
        elif action.kind == Act.ACCEPT:
            _effect(state, self.char, fate_table()[0][self.fate], events)
        else:
            _say(events, "fate",
                 f"{state.player_name(state.owner(self.char))} declines the fate")


def begin(s: S, chosen: str, events: list[Event]) -> None:
    _say(events, "fate", f"Fate five: {s.name(chosen)} must face a fate", char=chosen)
    s.queue.later(Fate(char=chosen, step="column", column=0, fate=""))


def _hire(s: S, seat: int, cid: str, events: list[Event]) -> None:
    ch = s.chars[cid]
    ch.owner, ch.status, ch.hp = seat, "out", s.cards[cid].health[0]
    s.armies[seat].append(cid)
    _say(events, "mercenary", f"The {s.name(cid)} joins {s.player_name(seat)} as a mercenary",
         char=cid, seat=seat)


def _effect(s: S, cid: str, fate: FateRule, events: list[Event]) -> None:
    seat = s.owner(cid)
    ch = s.chars[cid]
    e = fate.effect
    if e == "win":
        win(s, seat, f"{s.player_name(seat)} wins by the fate of Happiness", events)
    elif e == "mercenary":
        if any(c.status == "pool" for c in s.chars.values()):
            s.queue.push(Fate(char=cid, step="mercenary", column=0, fate=fate.id))
        else:
            _say(events, "fate", "No mercenaries are left to hire")
    elif e == "heal_roll":
        dice = 2 if s.setup.get("two_dice") == "on" else 1
        s.queue.push(Roll(purpose="luck", actor=cid, dice=dice))
    elif e == "double_dice":
        s.marks.setdefault("double_dice", []).append(seat)
        _say(events, "fate", f"{s.player_name(seat)}'s next movement roll is two dice")
    elif e == "full_heal":
        ch.hp = s.max_hp(cid)
        _say(events, "heal", f"Fairy Dust heals {s.name(cid)} to full health", char=cid)
    elif e == "upgrade":
        if any(i not in ch.up for i in UPGRADE_ITEMS):
            s.queue.push(Upgrade(char=cid))
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
        wound(s, cid, fate.amount, None, fate.name, events)
    elif e == "castle_repair":
        s.castle_hp = min(int(s.setup["castle_hp"]), s.castle_hp + fate.amount) \
            if not s.castle_down else s.castle_hp
        _say(events, "castle", f"The castle is repaired to {s.castle_hp} health")
    elif e == "lose_turn":
        s.marks.setdefault("stumble", []).append(seat)
        _say(events, "fate", f"{s.player_name(seat)} will skip their next turn")
    elif e == "control":
        if control_actions(s, cid, fate):
            s.queue.push(Fate(char=cid, step="control", column=0, fate=fate.id))
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


def control_actions(s: S, cid: str, fate: FateRule) -> list[Action]:
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


def _take_control(s: S, fate: FateRule, target: str, dest: str, events: list[Event]) -> None:
    path = s.board.destinations(s.space_of(target), fate.amount, s.rules_for(target))[dest]
    _say(events, "fate", f"{fate.name}: {s.player_name(s.current)} moves "
         f"{s.name(target)}", char=target)
    land(s, target, path, events)


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
            s.queue.later(Roll(purpose="escape", actor=c, dice=1))
