"""Effect ops: what a trigger's ``do`` list can say, one small function per op.

An op gets the state, the frame it runs in (``who`` acts, ``src`` is the card) and the
player's ``choice`` (None on the first call). It returns None when done, or the list of
actions the acting player may choose from; the engine asks (or picks the only one) and
calls the op again with ``frame.choice`` set to the chosen action's args."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import rules.battlecon.movement as movement
import rules.battlecon.team as team
from rules.battlecon.frames import OpStep
from rules.battlecon.kinds import Act
from rules.core.actions import Action

if TYPE_CHECKING:
    from rules.battlecon.state import BattleconState

Op = Callable[["BattleconState", OpStep], "list[Action] | None"]
#: The keywords' ops (the fighters' own are in kits.py; ops.py joins the two tables).
BASIC_OPS: dict[str, Op] = {}


def registrar(table: dict[str, Op]) -> Callable[[str], Callable[[Op], Op]]:
    """A decorator ``@name("op")`` that files the function in ``table`` under that op."""

    def named(name: str) -> Callable[[Op], Op]:
        def register(fn: Op) -> Op:
            if name in table:
                raise ValueError(f"op {name!r} is defined twice")
            table[name] = fn
            return fn

        return register

    return named


op = registrar(BASIC_OPS)


def _choose(frame: OpStep, options: list[Action]) -> list[Action] | None:
    """Offer the options (None if nothing is possible: the effect is ignored)."""
    return options if options else None


# ---- movement ---------------------------------------------------------------------------
MOVE_WORDS = {
    "advance": "Advance", "retreat": "Retreat", "push": "Push", "pull": "Pull",
}


def _move_options(st: BattleconState, frame: OpStep, kinds: tuple[str, ...]) -> list[Action]:
    who = frame.who
    if st.is_team:
        return _team_move_options(st, frame, kinds)
    me, foe = st.pos(who), st.pos(st.foe(who))
    width = st.width
    out: list[Action] = []
    for kind in kinds:
        for n in frame.op["n"]:
            dest = getattr(movement, kind)(me, foe, n, width)
            if dest is not None:
                label = f"{MOVE_WORDS[kind]} {n} ({st.src_name(frame)})"
                out.append(Action(Act.MOVE, (kind, n), label))
    return out


def _team_move_options(st: BattleconState, frame: OpStep, kinds: tuple[str, ...]
                       ) -> list[Action]:
    """Team movement: advance / retreat either way toward / away from an opponent; push
    and pull pick the Opponent (the one hit during Hit and Damage triggers)."""
    who = frame.who
    locked = st.player(who).opp is not None
    out: list[Action] = []
    for kind in kinds:
        for n in frame.op["n"]:
            for args, where in team.team_move_options(st, who, kind, n, locked):
                label = f"{MOVE_WORDS[kind]} {n}: {where} ({st.src_name(frame)})"
                out.append(Action(Act.MOVE, args, label))
    return out


def _do_move(st: BattleconState, frame: OpStep) -> None:
    assert frame.choice is not None
    if st.is_team:
        kind, n, direction, target = frame.choice
        st.perform_move(frame.who, kind, n, st.src_name(frame),
                        target=None if target < 0 else target, direction=direction)
        return
    kind, n = frame.choice
    st.perform_move(frame.who, kind, n, st.src_name(frame))


def _mover(kinds: tuple[str, ...]) -> Op:
    def run(st: BattleconState, frame: OpStep) -> list[Action] | None:
        if frame.choice is None:
            options = _move_options(st, frame, kinds)
            if not options:
                st.say("no_move", f"{st.name(frame.who)} cannot {'/'.join(kinds)} "
                       f"{'/'.join(map(str, frame.op['n']))}: the move is ignored.")
            return _choose(frame, options)
        _do_move(st, frame)
        return None

    return run


for _kind in ("advance", "retreat", "push", "pull"):
    BASIC_OPS[_kind] = _mover((_kind,))
BASIC_OPS["push_or_pull"] = _mover(("push", "pull"))
BASIC_OPS["move"] = _mover(("advance", "retreat"))


@op("close")
def close(st: BattleconState, frame: OpStep) -> list[Action] | None:
    who = frame.who
    n = movement.close_distance(st.pos(who), st.pos(st.foe(who)), frame.op["n"])
    if st.is_team:
        n = min(frame.op["n"], team.free_between(st, who))
    if n > 0:
        st.perform_move(who, "advance", n, st.src_name(frame))
    return None


@op("push_up_to")
def push_up_to(st: BattleconState, frame: OpStep) -> list[Action] | None:
    who = frame.who
    for n in range(frame.op["n"], 0, -1):
        if st.move_dest(who, "push", n) is not None:
            st.perform_move(who, "push", n, st.src_name(frame))
            break
    return None


# ---- stats and statuses -----------------------------------------------------------------
@op("mod")
def mod(st: BattleconState, frame: OpStep) -> list[Action] | None:
    stat, amount = frame.op["stat"], frame.op["amount"]
    st.add_bonus(frame.who, stat, amount)
    return None


@op("armor")
def armor(st: BattleconState, frame: OpStep) -> list[Action] | None:
    st.add_bonus(frame.who, "armor", frame.op["n"])
    return None


@op("avoid")
def avoid(st: BattleconState, frame: OpStep) -> list[Action] | None:
    st.beat(frame.who).avoid = True
    st.say("avoid", f"{st.name(frame.who)} will avoid attacks this beat ({st.src_name(frame)}).")
    return None


@op("stun_opponent")
def stun_opponent(st: BattleconState, frame: OpStep) -> list[Action] | None:
    st.stun(st.foe(frame.who), st.src_name(frame))
    return None


@op("chip")
def chip(st: BattleconState, frame: OpStep) -> list[Action] | None:
    st.chip(st.foe(frame.who), frame.op["n"])
    return None


@op("regain_life")
def regain_life(st: BattleconState, frame: OpStep) -> list[Action] | None:
    st.regain_life(frame.who, frame.op["n"])
    return None


@op("spend_force")
def spend_force(st: BattleconState, frame: OpStep) -> list[Action] | None:
    st.spend_force(frame.who, frame.op["n"])
    return None


@op("gain_force")
def gain_force(st: BattleconState, frame: OpStep) -> list[Action] | None:
    st.gain_force(frame.who, frame.op["n"])
    return None


def _flag(name: str, text: str, on_foe: bool = False) -> Op:
    def run(st: BattleconState, frame: OpStep) -> list[Action] | None:
        who = st.foe(frame.who) if on_foe else frame.who
        setattr(st.beat(who), name, True)
        st.say(name, f"{st.name(who)} {text} ({st.src_name(frame)}).", seat=who)
        return None

    return run


BASIC_OPS["ignore_armor"] = _flag("ignore_armor", "ignores Armor this beat")
BASIC_OPS["ignore_guard"] = _flag("ignore_guard", "ignores Guard this beat")
BASIC_OPS["stun_immunity"] = _flag("stun_immune", "cannot be stunned this beat")
BASIC_OPS["tiebreaker"] = _flag("tiebreaker", "gains a tiebreaker")
BASIC_OPS["opponent_vulnerable"] = _flag("vulnerable", "is Vulnerable this beat", on_foe=True)
BASIC_OPS["life_floor"] = _flag("cannot_fall_below_1", "cannot fall below 1 life this beat")


@op("damage_cap")
def damage_cap(st: BattleconState, frame: OpStep) -> list[Action] | None:
    beat = st.beat(frame.who)
    n = frame.op["n"]
    beat.damage_cap = n if beat.damage_cap is None else min(n, beat.damage_cap)
    st.say("cap", f"{st.name(frame.who)} cannot take more than {n} damage at a time.")
    return None


@op("stat_becomes")
def stat_becomes(st: BattleconState, frame: OpStep) -> list[Action] | None:
    stat, value = frame.op["stat"], frame.op["value"]
    st.beat(frame.who).become[stat] = value
    st.say("become", f"{st.name(frame.who)}'s {stat.capitalize()} becomes {value}.")
    return None


@op("become_active")
def become_active(st: BattleconState, frame: OpStep) -> list[Action] | None:
    st.active = frame.who
    st.say("active", f"{st.name(frame.who)} becomes the Active Player.", active=frame.who)
    return None


@op("teleport")
def teleport(st: BattleconState, frame: OpStep) -> list[Action] | None:
    """Teleport to a free space at the given distance from the foe (either side)."""
    who = frame.who
    foe = st.pos(st.foe(who))
    taken = st.occupied()
    spaces = [s for d in frame.op["ranges"] for s in (foe - d, foe + d)
              if 0 <= s < st.width and s not in taken]
    if frame.choice is None:
        return _choose(frame, [Action(Act.TELEPORT, (s,), f"Teleport to space {s + 1}")
                               for s in sorted(set(spaces))])
    st.place_fighter(who, frame.choice[0], st.src_name(frame))
    return None


@op("become_form")
def become_form(st: BattleconState, frame: OpStep) -> list[Action] | None:
    st.become_form(frame.who, frame.op["form"])
    return None


@op("gain_status")
def gain_status(st: BattleconState, frame: OpStep) -> list[Action] | None:
    pl = st.player(frame.who)
    if frame.op["status"] not in pl.statuses:
        pl.statuses.append(frame.op["status"])
        st.say("status", f"{st.name(frame.who)} gains {st.card_name(frame.op['status'])}.")
    return None


# ---- cards ------------------------------------------------------------------------------
@op("use_finisher")
def use_finisher(st: BattleconState, frame: OpStep) -> list[Action] | None:
    st.use_finisher(frame.who)
    return None


@op("flip_finisher")
def flip_finisher(st: BattleconState, frame: OpStep) -> list[Action] | None:
    st.flip_finisher(frame.who)
    return None


@op("opponent_discards_style")
def opponent_discards_style(st: BattleconState, frame: OpStep) -> list[Action] | None:
    """The opponent picks a Style from their hand; it goes out with their attack pair."""
    foe = st.foe(frame.who)
    styles = [c for c in st.player(foe).hand if st.card(c)["kind"] == "style"]
    if frame.choice is None:
        if not styles:
            return None
        frame.chooser = foe
        return [Action(Act.DISCARD, (c,), f"Discard {st.card_name(c)}") for c in styles]
    st.discard_from_hand(foe, frame.choice[0])
    return None


# ---- tokens and counters ----------------------------------------------------------------
@op("spend")
def spend(st: BattleconState, frame: OpStep) -> list[Action] | None:
    st.spend_tokens(frame.who, frame.op["token"], frame.op["n"])
    return None

