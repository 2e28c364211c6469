"""How a Chaostle game runs: the opening (draft, crowns, first placement), the turn in the
printed order (movement roll, moves, fate, battles, end of turn) and the interruptions
(battles, pegs, skills) that queue up inside it.

Functions here take the state first and change it in place; the state's ``apply`` is the
only caller of the ``apply_*`` functions.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING

import rules.chaostle.battle as battle
import rules.chaostle.cards as cards
import rules.chaostle.fates as fates
import rules.chaostle.leapfrog as leapfrog
from rules.chaostle.board import Board, Rules
from rules.chaostle.effects import Roll, enter_sanctuary, land, say
from rules.chaostle.kinds import Act, Phase
from rules.chaostle.pieces import Turn
from rules.core import CHANCE, Action, Event

if TYPE_CHECKING:
    from rules.chaostle.state import ChaostleState as S

ROLL_KINDS_ONE_DIE = {1: "enter", 2: "enter", 3: "lucky", 4: "optional", 5: "fate", 6: "must"}


# ---- movement limits -----------------------------------------------------------------------
def rules_for(s: S, cid: str) -> Rules:
    seat = s.owner(cid)
    crown = s.crowns[seat]
    assert crown is not None
    half = s.setup.get("half_board") == "on" and s.n == 2
    return _rules(s.board, crown, s.setup.get("fast_stairs") == "on",
                  s.crowns[1 - seat] if half else None)


@cache
def _rules(bd: Board, crown: str, fast_stairs: bool, half_board_rival: str | None) -> Rules:
    """The movement limits of a crown's characters (fixed once the crowns are taken)."""
    side = bd.crowns[crown].side
    if half_board_rival is not None:
        opp_side = bd.crowns[half_board_rival].side
        limit = bd.progress(bd.gate(opp_side), crown)
        return Rules(crown, (opp_side,), limit)
    sides = [side]
    if fast_stairs:
        starts = bd.starting_positions(crown)
        sides += [bd.spaces[starts[2]].side, bd.spaces[starts[3]].side]
    return Rules(crown, tuple(sides))


def movement_dice(s: S) -> int:
    """Two dice in faster play option 2, or after a Double Dice fate; else one."""
    double = s.current in s.marks.get("double_dice", ())
    return 2 if s.setup.get("two_dice") == "on" or double else 1


def roll_kind(s: S, roll: int) -> str:
    """What a movement roll lets the player do (printed rules; option 2 for two dice)."""
    if s.setup.get("two_dice") != "on":
        return ROLL_KINDS_ONE_DIE[roll]
    if roll in (5, 6, 9):
        return "enter"
    if roll == 7:
        return "lucky"
    if roll <= 4:
        return "optional"
    if roll >= 10:
        return "fate"
    return "must"


# ---- deciders ------------------------------------------------------------------------------
def phase_decider(s: S) -> int:
    if s.phase in (Phase.FIRST, Phase.ROLL):
        return CHANCE
    if s.phase == Phase.DRAFT:
        return CHANCE if s.setup.get("draft") == "random" else picking_seat(s)
    return s.current


def picking_seat(s: S) -> int:
    """Who takes the next character: counter-clockwise from the first chooser."""
    return (s.first_picker - s.picks) % s.n


# ---- legal actions -------------------------------------------------------------------------
def phase_actions(s: S) -> list[Action]:
    p = s.phase
    if p == Phase.FIRST:
        return [Action(Act.FIRST, (k,), f"{s.player_name(k)} chooses characters first")
                for k in range(s.n)]
    if p == Phase.ROLL:
        if movement_dice(s) == 2:
            return [Action(Act.DICE, (t,), f"Rolled {t}") for t in range(2, 13)]
        return [Action(Act.DIE, (f,), f"Rolled {f}") for f in range(1, 7)]
    if p == Phase.DRAFT:
        return draft_actions(s)
    if p == Phase.CROWN:
        return crown_actions(s)
    if p == Phase.PLACE:
        return entry_actions(s, s.current)
    if p == Phase.BEGIN:
        return entry_actions(s, s.current) + [Action(Act.ROLL, (), "Roll for movement")]
    if p == Phase.MOVE:
        return move_actions(s)
    if p == Phase.BATTLES:
        return battle_actions(s) + [Action(Act.END_BATTLES, (), "Finish battling")]
    if p == Phase.END:
        return end_actions(s) + [Action(Act.END_TURN, (), "End turn")]
    return []


def draft_actions(s: S) -> list[Action]:
    """The characters the seat may choose (with armies drawn at random, each equally likely
    to be drawn for it)."""
    seat = picking_seat(s)
    pool = [cid for cid, ch in s.chars.items() if ch.status == "pool"]
    allowed = [cid for cid in pool if _fits_six_points(s, seat, cid, pool)]
    if not allowed:  # the others took the cheap characters: the limit cannot be kept
        low = min(s.cards[c].level for c in pool)
        allowed = [c for c in pool if s.cards[c].level == low]
    acts = []
    for cid in allowed:
        card = s.cards[cid]
        verb = "Draw" if s.setup.get("draft") == "random" else "Choose"
        acts.append(Action(Act.PICK, (cid,), f"{verb} {card.type} ({card.name}, level "
                                           f"{card.level} {card.category})"))
    return acts


def _fits_six_points(s: S, seat: int, cid: str, pool: list[str]) -> bool:
    """Optional draft: an army's levels add up to six at most (still completable)."""
    if s.setup.get("draft") != "six points":
        return True
    army = s.armies[seat]
    still = int(s.setup["army"]) - len(army) - 1
    cheapest = sorted(s.cards[c].level for c in pool if c != cid)[:still]
    spent = sum(s.cards[c].level for c in army)
    return spent + s.cards[cid].level + sum(cheapest) <= 6


def crown_actions(s: S) -> list[Action]:
    taken = {c for c in s.crowns if c}
    allowed = [cid for cid in s.board.crowns if cid not in taken]
    if s.setup.get("half_board") == "on" and s.n == 2 and taken:
        first = s.board.crowns[next(iter(taken))]
        allowed = [cid for cid in allowed if _opposite_partner(s, first.id, cid)]
    return [Action(Act.CROWN, (cid,), f"Take the {s.board.crowns[cid].label}") for cid in allowed]


def _opposite_partner(s: S, a: str, b: str) -> bool:
    """Half-board game: the other crown sits on the opposite side and travels the other way,
    so the two armies meet on the side between them."""
    ca, cb = s.board.crowns[a], s.board.crowns[b]
    sides = s.board.sides
    opposite = sides[(sides.index(ca.side) + 2) % len(sides)]
    return cb.side == opposite and cb.direction != ca.direction


def _landing_ok(s: S, cid: str, space: str, occ: dict[str, str]) -> bool:
    """A move may end on an empty space, or on an opponent (a fight to the death) unless
    that opponent stands on its own original starting position, or another of the
    player's characters already waits to fight for that space."""
    other = occ.get(space)
    if other is None:
        return True
    if any(c[2][-1] == space for c in s.turn.contests):
        return False
    if s.owner(other) == s.owner(cid):
        return False
    return s.original_start(other) != space


def _landing_label(s: S, space: str, occ: dict[str, str]) -> str:
    other = occ.get(space)
    where = s.space_label(space)
    return f"{where} and fight {s.name(other)} there" if other else where


def entry_actions(s: S, seat: int) -> list[Action]:
    acts: list[Action] = []
    occ = s.occupancy()
    for cid in s.armies[seat]:
        if s.chars[cid].status != "out":
            continue
        start = s.start_space(cid)
        if not _landing_ok(s, cid, start, occ):
            continue
        acts.append(Action(Act.ENTER, (cid, start),
                           f"Put {s.name(cid)} in play at {_landing_label(s, start, occ)}"))
        mv = free_movement(s, cid)
        if mv > 0 and start not in occ:
            for dest in s.board.destinations(start, mv, s.rules_for(cid)):
                if _landing_ok(s, cid, dest, occ):
                    acts.append(Action(Act.ENTER, (cid, dest),
                                       f"Put {s.name(cid)} in play and move {mv} to "
                                       f"{_landing_label(s, dest, occ)}"))
    return acts


def roll_move_actions(s: S) -> list[Action]:
    return list(_roll_moves(s))


def _roll_moves(s: S, only: str | None = None) -> Iterator[Action]:
    """The roll's moves, one at a time (so a check for any can stop at the first); with
    ``only``, just that character's plain moves."""
    t = s.turn
    if t.done or t.roll is None:
        return
    roll = t.roll
    if only is None:
        if t.kind == "enter":
            yield from entry_actions(s, s.current)
        yield from leapfrog.actions(s, roll, t.kind == "fate")
    occ = s.occupancy()
    for cid in s.on_board(s.current) if only is None else (only,):
        if cid in t.mv:
            continue  # it made its battle-card move: the roll cannot start a second move
        mv = free_movement(s, cid)
        totals = [roll] + ([roll + mv] if mv > 0 else [])
        if s.chars[cid].bad_vibes:
            totals = [1]
        name, at, rules = s.name(cid), s.space_of(cid), s.rules_for(cid)
        for total in totals:
            extra = " (with battle-card movement)" if total != roll else ""
            for dest in s.board.destinations(at, total, rules):
                if _landing_ok(s, cid, dest, occ):
                    yield Action(Act.MOVE, (cid, dest, total), f"{name}: move {total} to "
                                 f"{_landing_label(s, dest, occ)}{extra}")


def card_move_actions(s: S) -> list[Action]:
    return list(_card_moves(s))


def _card_moves(s: S, only: str | None = None) -> Iterator[Action]:
    occ = s.occupancy()
    for cid in s.on_board(s.current) if only is None else (only,):
        mv = free_movement(s, cid)
        if mv <= 0 or cid in s.turn.mv:
            continue
        for dest in s.board.destinations(s.space_of(cid), mv, s.rules_for(cid)):
            if _landing_ok(s, cid, dest, occ):
                yield Action(Act.CARD, (cid, dest), f"{s.name(cid)}: battle-card move {mv} to "
                                                  f"{_landing_label(s, dest, occ)}")


def free_movement(s: S, cid: str) -> int:
    """Battle-card movement this character may add now (none under Bad Vibes or Burden)."""
    ch = s.chars[cid]
    if ch.bad_vibes or ch.burden:
        return 0
    return cards.movement(s.cards[cid], s.up(cid))


def move_actions(s: S) -> list[Action]:
    rolled = roll_move_actions(s)
    acts = rolled + card_move_actions(s)
    must = bool(rolled) and s.turn.kind != "optional"
    if not must:
        acts.append(Action(Act.DONE, (), "End movement"))
    return acts


def battle_actions(s: S) -> list[Action]:
    return list(_battles(s))


def _battles(s: S) -> Iterator[Action]:
    battled = {tuple(sorted(p)) for p in s.turn.battled}
    for a in s.on_board(s.current):
        reach = cards.max_range(s.cards[a], s.up(a))
        for d in s.on_board():
            if s.owner(d) == s.current or tuple(sorted((a, d))) in battled:
                continue
            if s.chars[d].at == s.original_start(d):
                continue
            r = s.range_between(a, d)
            if r is not None and r <= reach:
                yield Action(Act.BATTLE, (a, d), f"{s.name(a)} attacks {s.name(d)} "
                                               f"({s.player_name(s.owner(d))}) at range {r}")


def end_actions(s: S) -> list[Action]:
    return list(_end_choices(s))


def _end_choices(s: S) -> Iterator[Action]:
    used = set(s.turn.used)
    for c in s.on_board(s.current):
        on_inner = s.board.spaces[s.space_of(c)].kind == "inner"
        if on_inner and s.castle_down and c not in s.turn.arrived:
            yield Action(Act.SANCTUARY, (c,), f"{s.name(c)} enters Sanctuary")
        elif on_inner and not s.castle_down and f"castle:{c}" not in used:
            yield Action(Act.CASTLE, (c,), f"{s.name(c)} strikes the castle")
        yield from battle.end_of_turn_skill_actions(s, c, used)


# ---- applying ------------------------------------------------------------------------------
def apply_phase(s: S, a: Action, events: list[Event]) -> None:
    p = s.phase
    if p == Phase.FIRST:
        s.first_picker = a.args[0]
        s.phase = Phase.DRAFT
        say(events, "first", f"{s.player_name(a.args[0])} chooses characters first")
    elif p == Phase.DRAFT:
        _pick(s, a.args[0], events)
    elif p == Phase.CROWN:
        _take_crown(s, a.args[0], events)
    elif p == Phase.PLACE:
        enter(s, a.args[0], a.args[1], events)
        s.turn.placed = s.turn.placed + 1
        if s.turn.placed >= s.n:
            new_turn(s, s.opener, events)
        else:
            s.current = (s.current + 1) % s.n
    elif p == Phase.BEGIN:
        if a.kind == Act.ROLL:
            s.phase = Phase.ROLL
        else:
            s.turn.kind = "skip"
            s.turn.done = True
            s.phase = Phase.MOVE
            enter(s, a.args[0], a.args[1], events)
    elif p == Phase.ROLL:
        roll = a.args[0]
        s.turn.roll = roll
        doubles = s.marks.get("double_dice", [])
        one_die = s.current not in doubles and s.setup.get("two_dice") != "on"
        if s.current in doubles and s.setup.get("two_dice") != "on":
            doubles.remove(s.current)
            s.turn.kind = "must"  # Double Dice: the sum is simply spaces to move
        else:
            s.turn.kind = roll_kind(s, roll)
            fates.lift_on_roll(s, roll, events)
        s.phase = Phase.MOVE
        # a single die is thrown on the table as that face; a two-dice sum only in words
        faces = {"faces": [roll]} if one_die else {}
        say(events, "roll", f"{s.player_name(s.current)} rolled {roll} for movement "
            f"({s.turn.kind})", roll=roll, **faces)
    elif p == Phase.MOVE:
        _apply_move(s, a, events)
    elif p == Phase.BATTLES:
        if a.kind == Act.BATTLE:
            battle.start(s, a.args[0], a.args[1], None, events)
        else:
            s.phase = Phase.END
    elif p == Phase.END:
        _apply_end(s, a, events)


def _pick(s: S, cid: str, events: list[Event]) -> None:
    seat = picking_seat(s)
    ch = s.chars[cid]
    ch.owner, ch.status, ch.hp = seat, "out", s.cards[cid].health[0]
    s.armies[seat].append(cid)
    s.picks += 1
    say(events, "pick", f"{s.player_name(seat)} chooses the {s.name(cid)}", seat=seat, char=cid)
    if s.picks >= s.n * int(s.setup["army"]):
        s.opener = seat
        s.current = seat
        s.phase = Phase.CROWN


def _take_crown(s: S, crown: str, events: list[Event]) -> None:
    seat = s.current
    s.crowns[seat] = crown
    say(events, "crown", f"Player {seat + 1} takes the {s.board.crowns[crown].label}",
        seat=seat, crown=crown)
    s.current = (seat + 1) % s.n
    if all(s.crowns):
        s.current = s.opener
        s.phase = Phase.PLACE
        s.turn = Turn()


def new_turn(s: S, seat: int, events: list[Event]) -> None:
    stumbled = s.marks.get("stumble", [])
    while seat in stumbled:
        stumbled.remove(seat)
        say(events, "stumble", f"{s.player_name(seat)} stumbles and misses this turn")
        seat = (seat + 1) % s.n
    s.current = seat
    s.turns += 1
    s.turn = Turn(frogs=leapfrog.adjacent_pairs(s, seat))
    s.phase = Phase.BEGIN
    say(events, "turn", f"{s.player_name(seat)}'s turn", seat=seat)
    fates.queue_escapes(s)


def may_skip_roll(s: S) -> bool:
    """With no character in play (trapped ones aside) a player may put one in play instead
    of rolling."""
    return not s.on_board(s.current) and bool(entry_actions(s, s.current))


def enter(s: S, cid: str, dest: str, events: list[Event]) -> None:
    """Put a character in play at its starting position (then on by its card movement);
    an opponent standing there must be fought to the death for it."""
    ch = s.chars[cid]
    start = s.start_space(cid)
    ch.hp = s.max_hp(cid)
    s.turn.chosen = cid
    s.turn.mv.append(cid)  # its one move this turn (see _apply_move)
    say(events, "enter", f"{s.name(cid)} comes into play at {s.space_label(start)}",
        char=cid, space=start)
    if dest == start:
        move_along(s, cid, (start,), events)
        return
    ch.status, ch.at = "play", start
    move_along(s, cid, s.board.destinations(start, free_movement(s, cid),
                                             s.rules_for(cid))[dest], events)


def _apply_move(s: S, a: Action, events: list[Event]) -> None:
    if a.kind == Act.DONE:
        after_movement(s, events)
        return
    if a.kind == Act.ENTER:
        s.turn.done = True
        enter(s, a.args[0], a.args[1], events)
        return
    if a.kind == Act.FROG:
        s.turn.done = True
        s.turn.chosen = a.args[2]
        s.turn.mv.extend(a.args[0])  # leap froggers cannot add battle-card movement
        leapfrog.apply(s, a.args[0], a.args[1], events)
        return
    cid, dest = a.args[0], a.args[1]
    total = a.args[2] if a.kind == Act.MOVE else free_movement(s, cid)
    if a.kind == Act.MOVE:
        s.turn.done = True
        s.turn.chosen = cid
    # One move a turn for each character: the roll (with or without the battle-card
    # points added in the same direction) or the battle-card points alone. Either way its
    # battle-card movement is spent (unused points are lost).
    s.turn.mv.append(cid)
    path = s.board.destinations(s.space_of(cid), total, s.rules_for(cid))[dest]
    move_along(s, cid, path, events)


def move_along(s: S, cid: str, path: tuple[str, ...], events: list[Event]) -> None:
    """Move a character along a path; landing on an opponent starts the fight to the death
    for that space before the character can stand there. On a fate five the fight waits
    until the chosen character has met its fate (Fate Five: the fate comes even before a
    battle can be fought); the mover stands where it came from until then."""
    dest = path[-1]
    occ = s.occupant(dest)
    if occ is not None and occ != cid:
        if s.turn.kind == "fate":
            s.turn.contests.append([cid, occ, list(path)])
            say(events, "contest", f"{s.name(cid)} will fight {s.name(occ)} for "
                f"{s.space_label(dest)} after the fate", char=cid, target=occ)
            return
        battle.start(s, cid, occ, list(path), events)
        return
    land(s, cid, path, events)


def fight_waiting_contest(s: S, events: list[Event]) -> None:
    """Start the next fight for a space that waited for the fate. If the fate took the mover
    away it is off; if it moved the defender away the mover simply lands."""
    cid, _, path = s.turn.contests.pop(0)
    dest = path[-1]
    if not s.in_play(cid) or s.chars[cid].at != path[0]:
        say(events, "contest", f"{s.name(cid)} no longer fights for {s.space_label(dest)}",
            char=cid)
        return
    occ = s.occupancy()
    other = occ.get(dest)
    if other is None:
        land(s, cid, path, events)
    elif other != cid and _landing_ok(s, cid, dest, occ):
        battle.start(s, cid, other, list(path), events)
    else:
        say(events, "contest", f"{s.name(cid)} no longer fights for {s.space_label(dest)}",
            char=cid)


def after_movement(s: S, events: list[Event]) -> None:
    chosen = s.turn.chosen
    if s.turn.kind == "fate" and chosen and s.in_play(chosen):
        fates.begin(s, chosen, events)
    s.phase = Phase.BATTLES


def _apply_end(s: S, a: Action, events: list[Event]) -> None:
    if a.kind == Act.END_TURN:
        again = s.turn.kind == "lucky" or s.turn.extra
        nxt = s.current if again else (s.current + 1) % s.n
        if again:
            say(events, "lucky", f"{s.player_name(s.current)} takes another turn")
        new_turn(s, nxt, events)
    elif a.kind == Act.SANCTUARY:
        enter_sanctuary(s, a.args[0], events)
    elif a.kind == Act.CASTLE:
        s.turn.used.append(f"castle:{a.args[0]}")
        s.queue.push(Roll("castle", a.args[0]))
    else:
        battle.apply_end_of_turn_skill(s, a, events)


# ---- moving on when nothing is left to choose --------------------------------------------
def settle(s: S, events: list[Event]) -> None:
    while s.phase != Phase.OVER and not s.queue:
        if s.phase == Phase.BEGIN and not may_skip_roll(s):
            s.phase = Phase.ROLL
        elif s.phase == Phase.MOVE and not _any(_roll_moves(s)) and not _any(_card_moves(s)):
            after_movement(s, events)
        elif s.phase == Phase.BATTLES and s.turn.contests:
            fight_waiting_contest(s, events)
        elif s.phase == Phase.BATTLES and not _any(_battles(s)):
            s.phase = Phase.END
        elif s.phase == Phase.END and not _any(_end_choices(s)):
            _apply_end(s, Action(Act.END_TURN), events)
        else:
            return


def _any(choices: Iterator[Action]) -> bool:
    """Whether there is at least one choice (without listing them all)."""
    return next(choices, None) is not None
