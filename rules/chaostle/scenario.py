"""Chaostle positions from a description: the ``[position]`` table of a scenario file
(rules/core/scenario.py), read field by field with ``Description`` (every fault names its
field) and built through the game's own moves.

The builder plays the opening through the rules (seat 1 chooses characters first, each
seat takes the characters its army names, then its crown), stands the characters where
the description says, starts the turn of the seat whose turn it is and plays on to the
phase asked for. Seats are numbered from 1, as people count them; characters, crowns,
spaces, traps and pegs go by their ids in data/*.toml (``"dwarf"``, ``"south.king"``,
``"west.wk03"``, ``"spider_lair"``, ``"armor"``). Every field is optional: what is not
given keeps the value the game has at that point.

``[position]``

* ``seats``: one table per seat, seat 1 first (fewer tables leave the later seats as the
  opening gives them; TOML counts the list from 0, so ``seats[1]`` in an error is seat 2):

  - ``army``: the seat's characters in the order chosen; as many as the setup's army size
    are chosen in the draft (they must fit the six-point draft when it is played), any
    more were hired as mercenaries. Default: the first characters the draft offers that
    no army names. Characters in no army are left over (mercenaries to hire);
  - ``crown``: its King or Queen (default: the first one still free, in turn order);
  - ``stumble``: the seat misses its next turn (Stumble);
  - ``double_dice``: its next movement roll is two dice (Double Dice).

* ``characters``: one table per character (named by id; it must be in an army). Where it
  is: ``space`` (in play there), ``trap`` (in that trap; ``fell_from``, the space it fell
  in from, decides where it may come out), ``sanctuary = true``; none of these: off the
  board, waiting to be put in play. Then ``health`` (in play or trapped; default full),
  ``pegs`` (its upgrades), ``start`` (the space of its current starting position; default
  the furthest one it has reached, going by where it stands) and the lasting fates
  ``bad_vibes`` and ``burden``.
* ``castle``: the castle's health (default the setup's). At 0 the castle has fallen, and
  the character that conquered it is in Sanctuary.
* ``turn``: the seat whose turn it is (default the seat that takes the first turn).
* ``phase``: where that turn stands: ``"begin"`` (its start: trapped characters roll to
  escape, then with nobody on the board a character may be put in play instead of
  rolling), ``"roll"`` (the movement roll is due), ``"move"`` (after the roll),
  ``"battles"`` or ``"end"`` (the end-of-turn choices: the castle, Sanctuary, skills).
  Default ``"move"`` when a ``roll`` is given, else ``"begin"``.
* ``roll``: the movement roll (the move phase only): 1 to 6, or 2 to 12 with two dice.
* ``play``: actions played on from the built position by whoever decides (chance
  included), each ``"kind arg arg"`` as ``launcher.py scenario --json`` lists them (a
  list argument joined by commas): the way to a battle, a fate or another pending choice.

Example::

    [setup]
    players = 2
    army = "2"
    [position]
    turn = 1
    phase = "battles"
    seats = [
      { army = ["dragon_slayer", "mage"], crown = "west.king" },
      { army = ["dragon", "rogue"], crown = "east.king" },
    ]
    [position.characters]
    dragon_slayer = { space = "south.wk03" }
    dragon = { space = "south.wk04", health = 30, pegs = ["damage0"] }
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import rules.chaostle.flow as flow
from rules.chaostle.cards import UPGRADE_ITEMS
from rules.chaostle.kinds import Act, Phase
from rules.core import CHANCE, Action
from rules.core.scenario import Description, ScenarioError

if TYPE_CHECKING:
    from rules.chaostle.state import ChaostleState

PHASES = (Phase.BEGIN, Phase.ROLL, Phase.MOVE, Phase.BATTLES, Phase.END)


def build(game: Any, setup: dict[str, Any], position: Description) -> ChaostleState:
    """The state ``position`` describes for a validated ``setup`` (see the module doc)."""
    s: ChaostleState = game.new_state(setup, 0)
    n = s.num_players
    seats = position.tables("seats")
    if len(seats) > n:
        raise ScenarioError(f"{position.where('seats')}: {len(seats)} seats at a table of {n}")
    armies = [_read_army(s, d) for d in seats] + [None] * (n - len(seats))
    _no_character_twice(seats, armies)
    _opening(s, seats, armies)
    chars = position.table("characters")
    castle = position.whole("castle", s.castle_hp, lo=0, hi=s.castle_hp)
    s.castle_hp, s.castle_down = castle, castle == 0
    for cid, desc in chars.items():
        _set_character(s, cid, desc)
    _check_places(s, chars, position)
    turn = position.whole("turn", s.opener + 1, lo=1, hi=n) - 1
    flow.new_turn(s, turn, [])
    for seat, d in enumerate(seats):
        for mark in ("stumble", "double_dice"):
            if d.flag(mark, False):
                s.marks.setdefault(mark, []).append(seat)
        d.done()
    roll = position.has("roll")
    phase = Phase(position.choice("phase", PHASES, Phase.MOVE if roll else Phase.BEGIN))
    _phase(s, position, phase)
    moves = position.texts("play", [])
    position.done()
    _play(s, moves)
    return s


# ---- the opening: the draft and the crowns ---------------------------------------------------
def _read_army(s: ChaostleState, d: Description) -> list[str] | None:
    army: list[str] | None = d.texts("army", None, choices=s.cards)
    if army is None:
        return None
    size = int(s.setup["army"])
    if len(army) < size:
        raise ScenarioError(f"{d.where('army')}: armies of {size} characters (setup), not "
                            f"{len(army)}")
    return army


def _no_character_twice(seats: list[Description], armies: list[list[str] | None]) -> None:
    seen: set[str] = set()
    for d, army in zip(seats, armies, strict=False):
        for i, cid in enumerate(army or ()):
            if cid in seen:
                raise ScenarioError(f"{d.where('army')}[{i}]: {cid!r} is in an army already")
            seen.add(cid)


def _opening(s: ChaostleState, seats: list[Description],
             armies: list[list[str] | None]) -> None:
    """Seat 1 chooses first; each pick is the seat's next named character (or the first
    one offered that no army names); then the crowns, through the rules."""
    size = int(s.setup["army"])
    named = {c for army in armies for c in army or ()}
    s.apply(CHANCE, Action(Act.FIRST, (0,)))
    while s.phase == Phase.DRAFT:
        who = s.decision().players[0]
        seat = flow.picking_seat(s)
        k = len(s.armies[seat])
        army = armies[seat]
        offered = s.legal_actions(who)
        pick: Action | None
        if army is not None:
            pick = Action(Act.PICK, (army[k],))
            if pick not in offered:
                raise ScenarioError(f"{seats[seat].where('army')}[{k}]: the six-point draft "
                                    f"does not allow {army[k]!r} here (an army's levels add "
                                    "up to six at most)")
        else:
            pick = next((a for a in offered if a.args[0] not in named), None)
            if pick is None:
                raise ScenarioError(f"position.seats: no character is left to choose for "
                                    f"seat {seat + 1}")
        s.apply(who, pick)
    for seat, army in enumerate(armies):
        for cid in (army or [])[size:]:  # hired as mercenaries
            ch = s.chars[cid]
            ch.owner, ch.status, ch.hp = seat, "out", s.cards[cid].health[0]
            s.armies[seat].append(cid)
    while s.phase == Phase.CROWN:
        seat = s.current
        d = seats[seat] if seat < len(seats) else None
        crown = d.choice("crown", s.board.crowns, None) if d is not None else None
        offered = s.legal_actions(seat)
        take = offered[0] if crown is None else Action(Act.CROWN, (crown,))
        if take not in offered:
            why = "taken by another seat" if crown in s.crowns else \
                "not facing the other crown (the half board)"
            raise ScenarioError(f"{d.where('crown') if d else 'position'}: {crown!r} is {why}")
        s.apply(seat, take)


# ---- the characters -----------------------------------------------------------------------------
def _set_character(s: ChaostleState, cid: str, d: Description) -> None:
    if cid not in s.cards:
        raise ScenarioError(f"{d.path}: unknown character {cid!r}")
    ch = s.chars[cid]
    if ch.owner is None:
        raise ScenarioError(f"{d.path}: {cid!r} is in no army (position.seats[].army)")
    pegs = d.texts("pegs", [], choices=UPGRADE_ITEMS)
    if len(set(pegs)) != len(pegs):
        raise ScenarioError(f"{d.where('pegs')}: a peg is listed twice")
    ch.up = sorted(pegs)
    space = d.choice("space", s.board.spaces, None)
    trap = d.choice("trap", s.board.traps, None)
    sanctuary = d.flag("sanctuary", False)
    where = [k for k, v in (("space", space), ("trap", trap), ("sanctuary", sanctuary)) if v]
    if len(where) > 1:
        raise ScenarioError(f"{d.where(where[1])}: a character is in one place; {cid} has "
                            f"a {where[0]} too")
    fell = d.choice("fell_from", s.board.spaces, None)
    if fell is not None and trap is None:
        raise ScenarioError(f"{d.where('fell_from')}: only for a character in a trap")
    top = s.max_hp(cid)
    health = d.whole("health", top, lo=1, hi=top)
    if d.has("health") and not (space or trap):
        raise ScenarioError(f"{d.where('health')}: only for a character in play or in a "
                            "trap (the others come back at full health)")
    ch.hp = health
    if space is not None:
        ch.status, ch.at = "play", space
        _check_reach(s, cid, space, d)
    elif trap is not None:
        ch.status, ch.at, ch.trap = "trap", None, trap
        if fell is not None:
            ch.fell_from = fell
    elif sanctuary:
        ch.status, ch.at = "sanctuary", None
    for fate in ("bad_vibes", "burden"):
        if d.flag(fate, False):
            setattr(ch, fate, True)
    _set_start(s, cid, d, space or fell)
    d.done()


def _check_reach(s: ChaostleState, cid: str, space: str, d: Description) -> None:
    """The half board: nobody goes beyond the opponent's stairway."""
    rules = s.rules_for(cid)
    progress = s.board.progress(space, rules.crown)
    if rules.limit is not None and progress is not None and progress > rules.limit + 1e-6:
        raise ScenarioError(f"{d.where('space')}: beyond the opponent's stairway, where "
                            f"{cid} may not go on the half board")


def _set_start(s: ChaostleState, cid: str, d: Description, at: str | None) -> None:
    """The starting position only moves up, and every landing moves it up to the gates the
    character has reached: standing at ``at`` it is at least that far."""
    crown = s.crowns[s.owner(cid)]
    assert crown is not None
    starts = s.board.starting_positions(crown)
    top = 1 if s.setup.get("half_board") == "on" and s.n == 2 else 3
    least = 0
    if at is not None and s.board.spaces[at].kind == "inner":
        sides = s.rules_for(cid).entry_sides
        least = next((j for j in range(1, top + 1)
                      if s.board.spaces[starts[j]].side in sides), top)
    elif at is not None:
        here = s.board.progress(at, crown) or 0.0
        for j in range(1, top + 1):
            if (s.board.progress(starts[j], crown) or 0.0) <= here + 1e-6:
                least = j
    start = d.choice("start", starts[: top + 1], None)
    if start is None:
        s.chars[cid].start = least
        return
    j = starts.index(start)
    if j < least:
        raise ScenarioError(f"{d.where('start')}: standing at {at} it has reached "
                            f"{starts[least]} already, so its starting position is that or "
                            "a later one")
    s.chars[cid].start = j


def _check_places(s: ChaostleState, chars: Description, position: Description) -> None:
    """One character per space; Sanctuary only after the castle fell (its conqueror is
    there) and never enough of one army there to have won."""
    taken: dict[str, str] = {}
    for cid in chars.raw:
        at = s.chars[cid].at
        if at is None:
            continue
        if at in taken:
            raise ScenarioError(f"{chars.where(cid)}.space: {taken[at]} stands there already")
        taken[at] = cid
    inside = [cid for cid in chars.raw if s.chars[cid].status == "sanctuary"]
    if inside and not s.castle_down:
        raise ScenarioError(f"{chars.where(inside[0])}.sanctuary: only once the castle has "
                            "fallen (position.castle = 0)")
    if s.castle_down and not inside:
        raise ScenarioError(f"{position.where('castle')}: whoever conquered the castle "
                            "entered Sanctuary; name that character (sanctuary = true)")
    for cid in inside:
        seat = s.owner(cid)
        if s.sanctuary_count(seat) >= s.sanctuary_needed():
            raise ScenarioError(f"{chars.where(cid)}.sanctuary: with "
                                f"{s.sanctuary_count(seat)} in Sanctuary seat {seat + 1} "
                                "has won already")


# ---- the turn -----------------------------------------------------------------------------------
def _phase(s: ChaostleState, position: Description, phase: Phase) -> None:
    if phase != Phase.BEGIN:
        s.queue.frames.clear()  # the escape rolls are behind us
        s.phase = Phase.ROLL
    if position.has("roll") and phase != Phase.MOVE:
        raise ScenarioError(f"{position.where('roll')}: only in the move phase")
    if phase == Phase.BEGIN:
        flow.settle(s, [])  # nobody to put in play instead: the roll is due
    elif phase == Phase.MOVE:
        _roll(s, position)
    elif phase in (Phase.BATTLES, Phase.END):
        s.phase = phase


def _roll(s: ChaostleState, position: Description) -> None:
    two = flow.movement_dice(s) == 2
    roll = position.whole("roll", lo=2 if two else 1, hi=12 if two else 6)
    kind = Act.DICE if two else Act.DIE
    s.apply(CHANCE, Action(kind, (roll,)))
    if s.phase != Phase.MOVE or s.queue:
        raise ScenarioError(f"{position.where('roll')}: with {roll} seat {s.current + 1} has "
                            "nothing to move, so the turn goes on by itself")


def _play(s: ChaostleState, moves: list[str]) -> None:
    """Apply each "kind arg ..." for whoever decides now (chance included)."""
    for i, move in enumerate(moves):
        kind, *words = move.split() or [""]
        action = Action(kind, tuple(_arg(w) for w in words))
        d = s.decision()
        who = next((p for p in d.players if s.is_legal(p, action)), None)
        if who is None:
            legal = "; ".join(" ".join([a.kind, *map(_word, a.args)]) for p in d.players
                              for a in s.legal_actions(p)) or "nothing"
            raise ScenarioError(f"position.play[{i}]: {move!r} is not legal here "
                                f"(legal: {legal})")
        s.apply(who, action)


def _arg(word: str) -> Any:
    if "," in word:
        return tuple(_arg(w) for w in word.split(",") if w)
    return int(word) if word.lstrip("-").isdigit() else word


def _word(arg: Any) -> str:
    return ",".join(map(str, arg)) if isinstance(arg, tuple) else str(arg)
