"""The beat as it runs: phases, trigger timings, attacks, damage, Recycle and time over.

A beat resolves as a stack of frames (phases, timings, attacks, effect ops) that stops
whenever a player must choose. Each function takes the state (``st``) it works on."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import rules.battlecon.team as team
from rules.battlecon.frames import (
    Attack,
    BeatFrame,
    OpStep,
    PhaseStep,
    PickFoe,
    TiedOrder,
    Timing,
    Unlock,
    ask,
    finish,
    push,
    question,
)
from rules.battlecon.kinds import Act, Phase
from rules.battlecon.kits import attack_origins
from rules.battlecon.model import BeatFlags
from rules.battlecon.ops import OPS
from rules.battlecon.stats import AttackStats, card_armor
from rules.core.actions import Action

if TYPE_CHECKING:
    from rules.battlecon.state import BattleconState


def fresh_beat() -> BeatFlags:
    """Per-beat flags of one fighter, cleared at the start of every beat."""
    return BeatFlags()


def begin_beat(st: BattleconState) -> None:
    s = st
    s.beat_no += 1
    s.phase = Phase.SET
    s.revealed = False
    if s.teams is not None:
        s.order = []
    for p in st.seats():
        pl = st.player(p)
        if s.teams is not None:
            pl.opp = None
        pl.beat = fresh_beat()
        pl.pair = None
        pl.pair_revealed = False
        pl.clash = None
        for _ in range(3):
            if st._hand_of(p, "style") and st._hand_of(p, "base"):
                break
            _rotate_discards(st, p, [])
            st.say("recycle", f"{st.name(p)} has no Style or no Base: discards recycle "
                   "again.", seat=p)
    st.say("beat", f"Beat {s.beat_no}{' (final beat)' if s.final_beat else ''}.",
           beat=s.beat_no)


def start_resolution(st: BattleconState) -> None:
    s = st
    s.phase = Phase.RESOLVE
    s.revealed = True
    for p in st.seats():  # the pairs turn face up: they leave the hand (model.py)
        pl = st.player(p)
        for cid in st.pair_ids(p):
            pl.held.remove(cid)
        pl.pair_revealed = True
    order = ["reveal", "priority", "start", "attacks", "end", "recycle", "rotate", "next"]
    s.stack.frames = [PhaseStep(name=n) for n in reversed(order)]


def run(st: BattleconState) -> None:
    """Run the beat's frames, top first, until one waits for a choice, the stack is
    empty or the phase changes (a Clash, the next beat, the end)."""
    while st.phase == Phase.RESOLVE and st.stack and question(st) is None:
        frame = st.stack.pop()
        assert isinstance(frame, BeatFrame)
        RUNS[type(frame)](st, frame)


def _run_phase(st: BattleconState, frame: PhaseStep) -> None:
    PHASE_STEPS[frame.name](st)


def _run_unlock(st: BattleconState, frame: Unlock) -> None:
    st.lock_foe(frame.who, None)


def _run_op(st: BattleconState, frame: OpStep) -> None:
    if st.is_out(frame.who):
        return  # a defeated fighter's effects left play with them
    options = OPS[frame.op["op"]](st, frame)
    if options:
        who = frame.who if frame.chooser is None else frame.chooser
        ask(st, frame, who, options, f"{st.src_name(frame)}: choose")


def _push_timing(st: BattleconState, timing: str, order: list[int]) -> None:
    """Queue a timing for the players in ``order`` (first in order resolves first)."""
    for p in reversed(order):
        push(st, Timing(who=p, timing=timing))


def _sources(st: BattleconState, p: int) -> list[str]:
    return [*st.pair_ids(p), f"ua:{st.player(p).fighter}", *st.persistent_ids(p)]


def _triggers_of(st: BattleconState, src: str) -> list[dict[str, Any]]:
    if src.startswith("ua:"):
        triggers: list[dict[str, Any]] = st.content.fighters[src[3:]].get("triggers", [])
    else:
        triggers = st.content.cards[src].get("triggers", [])
    return triggers


def _run_timing(st: BattleconState, frame: Timing) -> None:
    p, timing = frame.who, frame.timing
    if st.is_out(p):
        return  # a defeated fighter's cards left play with them
    if frame.left is None:
        frame.left = _timing_triggers(st, p, timing)
    choice, frame.choice = frame.choice, None
    if choice is not None:
        verb, src, i = choice
        _resolved(st, frame, p, [src, i])
        if verb == "use":
            push(st, frame)
            perform_trigger(st, p, src, i)
            return
        if verb == "skip":
            st.say("skip", f"{st.name(p)} skips {_trigger_label(st, src, i)}.", seat=p)
    if timing == "reveal":
        # a card that enters play during Reveal (a Finisher through Switch, a new Base
        # in a Clash) has its Reveal triggers performed too; none is performed twice
        frame.left = _timing_triggers(st, p, timing)
    live = set(_sources(st, p))
    frame.left = [e for e in frame.left if e[0] in live]
    eligible = [e for e in frame.left
                if st.conditions_hold(p, _triggers_of(st, e[0])[e[1]].get("when", []))]
    if not eligible:
        return
    options = [Action(Act.TRIGGER, ("use", src, i), f"Use {_trigger_label(st, src, i)}")
               for src, i in eligible]
    options += [Action(Act.TRIGGER, ("skip", src, i), f"Skip {_trigger_label(st, src, i)}")
                for src, i in eligible if _triggers_of(st, src)[i].get("optional")]
    if len(options) == 1:
        _resolved(st, frame, p, eligible[0])
        push(st, frame)
        perform_trigger(st, p, *eligible[0])
        return
    ask(st, frame, p, options, f"{timing.capitalize()}: choose the next trigger")


def _timing_triggers(st: BattleconState, p: int, timing: str) -> list[list[Any]]:
    """``p``'s triggers of ``timing`` on the cards in play now, as [source, index];
    at Reveal, without those already performed or declined this beat."""
    done = st.beat(p).reveal_done if timing == "reveal" else []
    return [[src, i] for src in _sources(st, p)
            for i, t in enumerate(_triggers_of(st, src))
            if t["timing"] == timing and [src, i] not in done]


def _resolved(st: BattleconState, frame: Timing, p: int, entry: list[Any]) -> None:
    """A trigger of this timing is used or skipped: it is not offered again."""
    assert frame.left is not None
    frame.left.remove(entry)
    if frame.timing == "reveal":
        st.beat(p).reveal_done.append(list(entry))


def _trigger_label(st: BattleconState, src: str, i: int) -> str:
    name = st.content.fighters[src[3:]]["ua_name"] if src.startswith("ua:") \
        else st.card_name(src)
    return f"{name}: {_triggers_of(st, src)[i]['text']}"


def perform_trigger(st: BattleconState, p: int, src: str, i: int) -> None:
    trig = _triggers_of(st, src)[i]
    st.say("trigger", f"{st.name(p)} — {_trigger_label(st, src, i)}.", seat=p,
           timing=trig["timing"])
    picks = st.teams is not None and team.needs_foe_pick(st, p, trig["do"])
    if picks:
        push(st, Unlock(who=p))
    for op in reversed(trig["do"]):
        push(st, OpStep(who=p, src=src, op=op))
    if picks:
        push(st, PickFoe(who=p, when=trig.get("when", [])))


def _order(st: BattleconState) -> list[int]:
    if st.teams is not None:
        return team.team_order(st)
    a = st.active_seat
    return [a, st.foe(a)]


# -- phases --
def shown_totals(stats: AttackStats) -> dict[str, Any]:
    """A pair's totals for an event's data (the table stages the reveal from them)."""
    return {"range": None if stats.range is None else list(stats.range), "power": stats.power,
            "priority": stats.priority, "guard": stats.guard, "tiebreaker": stats.tiebreaker,
            "stun_immune": stats.stun_immune}


def _phase_reveal(st: BattleconState) -> None:
    for p in _order(st):
        st.say("reveal", f"{st.name(p)} reveals {st.pair_name(p)} "
               f"({st.stats(p).text()}).", seat=p, cards=st.pair_ids(p),
               name=st.pair_name(p), totals=shown_totals(st.stats(p)))
    _push_timing(st, "reveal", _order(st))


def _phase_priority(st: BattleconState) -> None:
    if st.teams is not None:
        team.team_priority(st)  # no Clashes in team play
        return
    a, r = _order(st)
    sa, sr = st.stats(a), st.stats(r)
    finisher = {p: st.beat(p).finisher_beat for p in (a, r)}
    if sa.priority != sr.priority:
        winner = a if sa.priority > sr.priority else r
    elif sa.tiebreaker or sr.tiebreaker or finisher[a] or finisher[r]:
        tie_a = sa.tiebreaker or (finisher[a] and not sr.tiebreaker)
        tie_r = sr.tiebreaker or (finisher[r] and not sa.tiebreaker)
        winner = r if tie_r and not tie_a else a
    else:
        _begin_clash(st, sa.priority)
        return
    _end_clash(st)
    st.active = winner
    st.say("priority", f"Priority {sa.priority} to {sr.priority}: {st.name(winner)} is "
           "the Active Player.", active=winner, seats=[a, r],
           priorities=[sa.priority, sr.priority])


def _begin_clash(st: BattleconState, priority: int) -> None:
    if not st._hand_of(0, "base") or not st._hand_of(1, "base"):
        st.say("clash", f"Clash at priority {priority}, but a fighter has no Base left: "
               "the beat skips to Recycle.")
        _end_clash(st)
        st.stack.frames = [PhaseStep(name=n) for n in ("next", "rotate", "recycle")]
        return
    st.say("clash", f"Clash! Both attacks have priority {priority}: each sets a new Base.",
           priority=priority)
    st.phase = Phase.CLASH


def reveal_clash(st: BattleconState) -> None:
    s = st
    s.phase = Phase.RESOLVE
    s.revealed = True
    for p in _order(st):
        pl, pair, base = st.player(p), st.player(p).pair, st.player(p).clash
        assert pair is not None and pair.base is not None and base is not None
        pl.clash_bases.append(pair.base)
        pl.held.remove(base)
        pair.base = base
        pl.clash = None
        st.say("reveal", f"{st.name(p)} clashes with {st.card_name(base)}: "
               f"{st.pair_name(p)} ({st.stats(p).text()}).", seat=p, cards=st.pair_ids(p),
               name=st.pair_name(p), totals=shown_totals(st.stats(p)), clash=True)
    push(st, PhaseStep(name="priority"))
    # the new Base's Reveal triggers, and any not performed before (reveal_done)
    _push_timing(st, "reveal", _order(st))


def _end_clash(st: BattleconState) -> None:
    for p in (0, 1):
        pl = st.player(p)
        pl.held.extend(pl.clash_bases)
        pl.clash_bases = []


def _phase_start(st: BattleconState) -> None:
    _push_timing(st, "start", _order(st))


def _phase_attacks(st: BattleconState) -> None:
    for p in reversed(_order(st)):
        push(st, Attack(who=p))


def _phase_end(st: BattleconState) -> None:
    _push_timing(st, "end", _order(st))


def _phase_recycle(st: BattleconState) -> None:
    _push_timing(st, "recycle", _order(st))


def _run_attack(st: BattleconState, frame: Attack) -> None:
    if st.teams is not None:
        _run_team_attack(st, frame)
        return
    p, foe = frame.who, st.foe(frame.who)
    step = frame.step
    if step in ("begin", "after"):
        _shared_attack_step(st, frame, p)
    elif step == "range":
        stats = st.stats(p)
        reach = stats.range
        target = st.pos(foe)
        in_range = reach is not None and any(
            reach[0] <= abs(target - origin) <= reach[1]
            for origin in attack_origins(st, p))
        check = {"reach": None if reach is None else list(reach), "target": foe,
                 "origins": list(attack_origins(st, p)), "at": target}
        if in_range and not st.beat(foe).avoid:
            _hits(st, frame, p, foe, check)
        else:
            why = "is avoided" if in_range else "misses"
            st.say("miss", f"{st.name(p)}'s {st.pair_name(p)} {why}.", seat=p,
                   avoided=in_range, **check)
            frame.step = "after"
            push(st, frame)
    elif step == "damage":
        frame.step = "after"
        push(st, frame)
        if deal_damage(st, p, foe) > 0 and st.phase == Phase.RESOLVE:
            _push_timing(st, "damage", [p])


def _hits(st: BattleconState, frame: Attack, p: int, foe: int,
          check: dict[str, Any] | None = None) -> None:
    """``p``'s attack hits ``foe``: mark it, then damage once the When Hit and Hit
    triggers have run (they go on the stack above the damage step). ``check``: the range
    check's words for the table (reach, origins, where the target stood)."""
    st.beat(p).hit = True
    st.beat(foe).was_hit = True
    st.say("hit", f"{st.pair_name(p)} hits {st.name(foe)}!", seat=p,
           **{**(check or {}), "target": foe})
    frame.step = "damage"
    push(st, frame)
    _push_timing(st, "when_hit", [foe])
    _push_timing(st, "hit", [p])


def _run_team_attack(st: BattleconState, frame: Attack) -> None:
    """An attack in team play: as in the duel, but the attacker picks its target among
    the nearest enemies in range on each side, who is then "the Opponent" for both
    until the attack ends."""
    p = frame.who
    if st.is_out(p):
        return
    step = frame.step
    if step == "range":
        reach, origins = st.stats(p).range, list(attack_origins(st, p))
        targets = team.attack_targets(st, p, reach, origins)
        choice, frame.choice = frame.choice, None
        if choice is None and len(targets) > 1:
            options = [Action(Act.TARGET, (q,), f"Attack {st.name(q)}") for q in targets]
            ask(st, frame, p, options, "Which opponent does the attack hit?")
            return
        # the range check's words for the table, as the duel's events carry them
        check: dict[str, Any] = {"reach": None if reach is None else list(reach),
                                 "origins": origins}
        if not targets:
            st.say("miss", f"{st.name(p)}'s {st.pair_name(p)} finds no target.",
                   seat=p, avoided=team.avoided_in_reach(st, p, reach, origins), **check)
            frame.step = "after"
            push(st, frame)
            return
        foe = choice[0] if choice is not None else targets[0]
        frame.target = foe
        st.lock_foe(p, foe)
        st.lock_foe(foe, p)
        _hits(st, frame, p, foe, {**check, "at": st.pos(foe)})
    elif step == "damage":
        foe = frame.target
        assert foe is not None
        frame.step = "after"
        push(st, frame)
        if not st.is_out(foe) and deal_damage(st, p, foe) > 0 \
                and st.phase == Phase.RESOLVE:
            _push_timing(st, "damage", [p])
    elif step == "done":
        target = frame.target
        st.lock_foe(p, None)
        if target is not None and not st.is_out(target) \
                and st.player(target).opp == p:
            st.lock_foe(target, None)
    else:
        _shared_attack_step(st, frame, p)


def _shared_attack_step(st: BattleconState, frame: Attack, p: int) -> None:
    """The steps the duel and team play share: begin (a stunned fighter does not
    attack; else Before) and After."""
    if frame.step == "begin":
        if st.beat(p).stunned:
            st.say("stunned", f"{st.name(p)} is stunned and cannot attack.", seat=p)
            return
        frame.step = "range"
        push(st, frame)
        _push_timing(st, "before", [p])
    elif frame.step == "after":
        frame.step = "done"
        push(st, frame)
        _push_timing(st, "after", [p])


def deal_damage(st: BattleconState, p: int, foe: int) -> int:
    """Damage from ``p``'s hit on ``foe``: Armor soaks first, then stun and defeat."""
    power = st.stats(p).power
    if power is None:
        st.say("damage", f"{st.name(foe)} takes no damage (Power N/A).", seat=foe)
        return 0
    beat = st.beat(foe)
    mine = st.beat(p)
    armor = card_armor(st, foe) + st.total_bonus(foe)["armor"] - beat.armor_used
    if mine.ignore_armor or beat.vulnerable:
        armor = 0  # ignored, so not used up either
    soaked = min(max(0, armor), power)
    beat.armor_used += soaked
    damage = power - soaked
    if beat.damage_cap is not None:
        damage = min(damage, beat.damage_cap)
    floor = 1 if beat.cannot_fall_below_1 else 0
    damage = max(0, min(damage, st.player(foe).life - floor))
    st.player(foe).life -= damage
    beat.damage_taken += damage
    beat.took_damage = beat.took_damage or damage > 0
    armor_note = f" ({soaked} absorbed by Armor)" if soaked else ""
    shown_guard = 0 if mine.ignore_guard or beat.vulnerable else st.stats(foe).guard
    st.say("damage", f"{st.name(foe)} takes {damage} damage{armor_note}.", seat=foe,
           amount=damage, power=power, absorbed=soaked, guard=shown_guard, attacker=p)
    if st.player(foe).life <= 0 and st.teams is not None:
        team.eliminate(st, foe)
        side = team.team_left_standing(st)
        if side is not None:
            finish(st, st.members(side)[0], f"the team of {st.team_names(side)} "
                   "is the last standing")
        return damage
    if st.player(foe).life <= 0:
        finish(st, p, f"{st.name(foe)} is defeated")
        return damage
    guard = 0 if mine.ignore_guard or beat.vulnerable else st.stats(foe).guard
    if damage > 0 and beat.damage_taken > guard:
        st.stun(foe, f"damage exceeds Guard {guard}")
    return damage


def _phase_rotate(st: BattleconState) -> None:
    """Recycle: pick up pile 2, pile 1 becomes pile 2, the pair becomes pile 1; Force."""
    for p in _order(st):
        pl = st.player(p)
        beat = pl.beat
        if beat.finisher_beat:
            pl.trashed.extend(st.pair_ids(p))  # the Finisher
            pl.discard1.extend(beat.discarded)
            st.say("recycle", f"{st.name(p)}'s Finisher leaves the game; discards stay.",
                   seat=p)
        else:
            _rotate_discards(st, p, st.pair_ids(p) + beat.discarded)
        pl.pair = None
        beat.discarded = []
    numbers = st.content.numbers
    if st.teams is not None:
        for p in _order(st):
            st.gain_force(p, team.team_recycle_gain(st, p), from_box=True)
        return
    for p in _order(st):
        gain = numbers["force_per_beat"]
        if st.player(p).life <= numbers["low_life"]:
            gain += numbers["low_life_bonus"]
        # a pool too small to pay everyone means time over: the box makes up the rest
        st.gain_force(p, gain, from_box=True)


def _rotate_discards(st: BattleconState, p: int, new_pile: list[str]) -> None:
    pl = st.player(p)
    pl.held.extend(pl.discard2)
    pl.discard2 = pl.discard1
    pl.discard1 = list(new_pile)


def _phase_next(st: BattleconState) -> None:
    s = st
    if s.final_beat and s.teams is not None:
        team.team_time_over(st)
        return
    if s.final_beat:
        a, r = _order(st)
        la, lr = st.player(a).life, st.player(r).life
        winner = a if la > lr else r
        finish(st, winner, f"time over: {st.name(winner)} has more life" if la != lr
               else f"time over with equal life: the Reactive Player "
               f"{st.name(winner)} wins")
        return
    if s.pool == 0:
        s.final_beat = True
        st.say("time", "The Force pool is empty: one final beat.")
    begin_beat(st)


#: The beat's steps after Ante, by the names ``start_resolution`` stacks.
PHASE_STEPS: dict[str, Callable[[BattleconState], None]] = {
    "reveal": _phase_reveal, "priority": _phase_priority, "start": _phase_start,
    "attacks": _phase_attacks, "end": _phase_end, "recycle": _phase_recycle,
    "rotate": _phase_rotate, "next": _phase_next,
}

#: What each kind of frame does when the beat runs it: the one dispatch table, filled here.
RUNS: dict[type[BeatFrame], Callable[[BattleconState, Any], None]] = {
    PhaseStep: _run_phase, Timing: _run_timing, Attack: _run_attack, OpStep: _run_op,
    TiedOrder: team.run_order, PickFoe: team.run_pick_foe, Unlock: _run_unlock,
}
