"""Team play, the rulebook's Multiplayer section: 2v1 with a Super fighter, 2v2, 3v1 with an
Ultra fighter on the 9-space board.

Each function here takes the state (``st``) and is used only when the state has ``teams``
(a duel never reaches them); who is on which team the state itself answers (``team_of``,
``seats``, ``members``, ``force``). What changes in team play: who "the Opponent" is
(the nearest enemy on either side, the one hit during Hit and Damage triggers, the
attacker for the one being hit), movement that hops every standup and may go either way
toward (or away from) an opponent, one Force pool per team capped at 20, Ante passing
between teams, priority without Clashes, attacks that pick their target, Guard against
the beat's total damage, elimination with Revenge, and the Super / Ultra reference cards.
The numbers and cards come from ``data/team.toml``."""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, Any

import rules.battlecon.conditions as conditions
import rules.battlecon.movement as movement
from rules.battlecon.frames import PickFoe, TiedOrder, ask, finish, push
from rules.battlecon.kinds import Act, Phase
from rules.core.actions import Action

if TYPE_CHECKING:
    from rules.battlecon.content import Content
    from rules.battlecon.state import BattleconState

#: Seats of each team for each player count and layout. Teams alternate around the table
#: (seat % 2, as in Battle for Biternia); a lone fighter is always seat 2 (index 1).
LAYOUTS: dict[int, dict[str, tuple[tuple[int, ...], tuple[int, ...]]]] = {
    3: {"2v1": ((0, 2), (1,))},
    4: {"2v2": ((0, 2), (1, 3)), "3v1": ((0, 2, 3), (1,))},
}
#: The reference card a lone fighter takes against two / three opponents.
LONE_ROLE = {2: "super", 3: "ultra"}


def team_fields(s: BattleconState, layout: str) -> None:
    """Turn a fresh duel into a team game: teams, roles and life, the team Force
    accounts, the bigger pool, and the standups on the team's starting spaces."""
    content = s.content
    n = len(s.players)
    teams = LAYOUTS[n][layout]
    team = content.team
    numbers = content.numbers
    s.teams = [0 if p in teams[0] else 1 for p in range(n)]
    s.layout = layout
    for side, seats in enumerate(teams):
        others = len(teams[1 - side])
        role = LONE_ROLE.get(others) if len(seats) == 1 else None
        for seat in seats:
            pl = s.players[seat]
            pl.role = role
            pl.max_life = team["roles"][role]["life"] if role else numbers["life"]
            pl.life = team["roles"][role]["life"] if role else numbers["life"]
            pl.force = 0
    start_force = numbers["starting_force"]
    s.team_force = [start_force * len(seats) for seats in teams]
    s.pool_start = numbers["force_pool"] + team["rules"]["extra_force_per_character"] * (n - 2)
    s.pool = s.pool_start - sum(s.team_force)
    s.order = []
    s.placing = None
    for side in (0, 1):
        place_team(s, side, teams[side])


def start_spaces(content: Content, side: int, count: int, width: int) -> list[int]:
    """The team's starting space, then the spaces behind it (away from the other team)."""
    start = content.team["board"]["start_spaces"][side] - 1
    step = -1 if side == 0 else 1
    return [start + step * i for i in range(count) if 0 <= start + step * i < width]


def place_team(s: BattleconState, side: int, order: tuple[int, ...]) -> None:
    spaces = start_spaces(s.content, side, len(order), s.width)
    for seat, space in zip(order, spaces, strict=True):
        s.players[seat].pos = space


#: Effect ops that act on "the Opponent" (push / pull offer their own target choice).
FOE_OPS = frozenset({
    "close", "stun_opponent", "chip", "teleport", "opponent_discards_style",
    "opponent_vulnerable", "push_up_to", "telekinetic_throw", "latent_unleash",
    "total_control_grip", "lucida_rend", "lucida_rend_all", "lucida_pounce", "paint",
})


# ---- who is "the Opponent", Force at Recycle ----------------------------------------
def team_foe(st: BattleconState, p: int) -> int:
    """The Opponent now: the locked one (the target during an attack, the attacker for
    the one being hit, the owner of an [Opponent] ante) or else the nearest."""
    opp = st.players[p].opp
    if opp is not None and not st.is_out(opp):
        return opp
    near = st.opponents(p)
    if near:
        return near[0]
    return next(q for q in range(len(st.players)) if st.team_of(q) != st.team_of(p))


def fitting_opponents(st: BattleconState, p: int, when: list[str]) -> list[int]:
    """The enemies ``p`` may name as "the Opponent" of an effect whose conditions are
    ``when`` so that they hold. With none locked and an enemy nearest on each side the
    owner chooses, so a condition that fits either one holds (Who is "The Opponent"?)."""
    locked = st.players[p].opp
    near = st.opponents(p) if locked is None else []
    if len(near) < 2:
        return [st.foe(p)] if conditions.all_hold(st, p, when) else []
    fit = []
    try:
        for q in near:
            st.lock_foe(p, q)
            if conditions.all_hold(st, p, when):
                fit.append(q)
    finally:
        st.lock_foe(p, None)
    return fit


def needs_foe_pick(st: BattleconState, p: int, ops: list[dict[str, Any]]) -> bool:
    """A trigger acting on the Opponent, outside an attack, with an enemy nearest on
    each side: its owner first chooses which one is the Opponent."""
    return (st.players[p].opp is None and len(st.opponents(p)) > 1
            and any(op["op"] in FOE_OPS for op in ops))


def run_pick_foe(st: BattleconState, frame: PickFoe) -> None:
    p = frame.who
    if st.is_out(p):
        return
    if frame.choice is None:
        fit = fitting_opponents(st, p, frame.when) or st.opponents(p)
        options = [Action(Act.OPPONENT, (q,), f"{st.name(q)} is the Opponent") for q in fit]
        ask(st, frame, p, options, "Which nearest enemy is the Opponent?")
        return
    st.lock_foe(p, frame.choice[0])


def team_recycle_gain(st: BattleconState, p: int) -> int:
    """A member's Force at Recycle: 1 (2 at low life), plus their reference card's
    extra, plus 2 for each defeated teammate shared among the survivors (the first
    survivor in seat order collects it, so it is counted once)."""
    numbers = st.content.numbers
    gain: int = numbers["force_per_beat"]
    if st.player(p).life <= numbers["low_life"]:
        gain += numbers["low_life_bonus"]
    role = st.player(p).role
    if role:
        gain += st.content.team["roles"][role]["force_per_beat"]
    side = st.team_of(p)
    if st.members(side)[0] == p:
        fallen = len(st.members(side, alive=False)) - len(st.members(side))
        gain += fallen * st.content.team["rules"]["defeated_force"]
    return gain


# ---- statics from the reference cards ------------------------------------------------
def team_statics(st: BattleconState, p: int) -> list[dict[str, Any]]:
    pl = st.players[p]
    out: list[dict[str, Any]] = []
    if pl.role:
        out += st.content.team["roles"][pl.role]["statics"]
    out += st.content.team["revenge"]["statics"] * pl.revenge
    return out


# ---- team movement -----------------------------------------------------------------
def team_move_dest(st: BattleconState, who: int, kind: str, n: int, target: int | None = None,
                   direction: int = 0) -> tuple[int, int | None]:
    """(mover, landing space or None) for a movement in team play: every standup is
    hopped; advance / retreat take ``direction`` (default: toward / away from the
    Opponent); push / pull move ``target`` (default: the Opponent)."""
    foe = st.foe(who) if target is None else target
    me, them = st.pos(who), st.pos(foe)
    if kind in ("push", "pull"):
        d = movement.toward(me, them) if kind == "push" else movement.toward(them, me)
        return foe, movement.slide(them, d, n, st.occupied(but=foe), st.width)
    if not direction:
        direction = movement.toward(me, them) * (1 if kind == "advance" else -1)
    return who, movement.slide(me, direction, n, st.occupied(but=who), st.width)


def move_directions(st: BattleconState, who: int, kind: str) -> list[int]:
    """Advance may go either way toward some opponent, retreat either way away."""
    me = st.pos(who)
    toward = {movement.toward(me, st.pos(q)) for q in st.enemies(who)}
    return sorted(toward if kind == "advance" else {-d for d in toward})


def team_move_options(st: BattleconState, who: int, kind: str, n: int, locked: bool) -> list[
        tuple[tuple[Any, ...], str]]:
    """(action args, label) for one movement: a direction for advance / retreat, a
    target among the Opponent candidates for push / pull."""
    out = []
    if kind in ("advance", "retreat"):
        for d in move_directions(st, who, kind):
            _, dest = team_move_dest(st, who, kind, n, direction=d)
            if dest is not None:
                out.append(((kind, n, d, -1), f"to space {dest + 1}"))
        return out
    targets = [st.foe(who)] if locked else st.opponents(who)
    for q in targets:
        _, dest = team_move_dest(st, who, kind, n, target=q)
        if dest is not None:
            out.append(((kind, n, 0, q), f"{st.name(q)} to space {dest + 1}"))
    return out


def free_between(st: BattleconState, who: int) -> int:
    """Close: the free spaces between a fighter and the Opponent."""
    a, b = sorted((st.pos(who), st.pos(st.foe(who))))
    taken = st.occupied()
    return sum(1 for space in range(a + 1, b) if space not in taken)


# ---- setup: placing the teams ------------------------------------------------------
def place_actions(st: BattleconState, side: int) -> list[Action]:
    seats = st.members(side)
    spaces = start_spaces(st.content, side, len(seats), st.width)
    out = []
    for order in permutations(seats):
        where = ", ".join(f"{st.name(q)} on {s + 1}" for q, s in zip(order, spaces,
                                                                     strict=True))
        out.append(Action(Act.PLACE, tuple(order), f"Place {where}"))
    return out


def placer(st: BattleconState) -> int:
    assert st.placing is not None
    return st.members(st.placing)[0]


def begin_placing(st: BattleconState) -> None:
    """The team with the Active status places first; a lone fighter needs no choice."""
    st.phase = Phase.PLACE
    st.placing = st.team_of(st.active_seat)
    _skip_single_placements(st)


def _skip_single_placements(st: BattleconState) -> None:
    s = st
    while s.phase == Phase.PLACE and s.placing is not None and len(st.members(s.placing)) == 1:
        _placed(st)


def on_place(st: BattleconState, action: Action) -> None:
    assert st.placing is not None
    place_team(st, st.placing, tuple(action.args))
    names = ", ".join(f"{st.name(q)} on space {st.pos(q) + 1}" for q in action.args)
    st.say("place", f"The team places {names}.", team=st.placing)
    _placed(st)
    _skip_single_placements(st)


def _placed(st: BattleconState) -> None:
    s = st
    first = st.team_of(s.active_seat)
    if s.placing == first:
        s.placing = 1 - first
    else:
        s.placing = None
        s.phase = Phase.SETUP


# ---- ante passes between teams ----------------------------------------------------
def team_ante_next(st: BattleconState, player: int, passed: bool) -> None:
    """After ``player`` antes, the other team's turn; after a pass, the next teammate
    who has not passed (the team passes when all have); each team passing in
    succession ends the Ante."""
    ante = st.ante
    assert ante is not None
    side = st.team_of(player)
    if not passed:
        ante.passes = 0
        ante.asked = []
        ante.turn = st.members(1 - side)[0]
        return
    ante.asked.append(player)
    left = [q for q in st.members(side) if q not in ante.asked]
    if left:
        ante.turn = left[0]
        return
    ante.passes += 1
    ante.asked = []
    ante.turn = st.members(1 - side)[0]


def team_foe_antes(st: BattleconState, p: int) -> list[tuple[str, int, dict[str, Any], int]]:
    """[Opponent] antes offered to ``p`` by each enemy that is ``p``'s nearest on a
    side, unless ``p``'s team used that one this beat."""
    used = st.ante.team_used[st.team_of(p)] if st.ante and st.ante.team_used else []
    out = []
    for e in st.opponents(p):
        fighter = st.content.fighters[st.player(e).fighter]
        for i, ante in enumerate(fighter.get("opponent_antes", ())):
            if f"{e}:{i}" not in used:
                out.append(("foe", i, ante, e))
    return out


# ---- priority without clashes -------------------------------------------------------
def priority_key(st: BattleconState, p: int, active_team: int) -> list[int]:
    """Priority, then a tiebreaker (a Finisher counts below a printed one), then the
    team holding the Active status."""
    stats = st.stats(p)
    tie = 2 if stats.tiebreaker else 1 if st.beat(p).finisher_beat else 0
    return [stats.priority, tie, int(st.team_of(p) == active_team)]


def team_priority(st: BattleconState) -> None:
    """Order by descending priority; the first fighter's team takes the Active status;
    teammates still tied choose their order (an ``order`` frame)."""
    active_team = st.team_of(st.active_seat)
    seats = st.seats()
    keys = {p: priority_key(st, p, active_team) for p in seats}
    order = sorted(seats, key=lambda p: [-k for k in keys[p]] + [p])
    st.order = order
    st.active = order[0]
    text = ", ".join(f"{st.name(p)} {keys[p][0]}" for p in order)
    st.say("priority", f"Priority order: {text}. {st.name(order[0])}'s team is Active.",
           active=order[0], order=order)
    push(st, TiedOrder(keys=[keys[p] for p in order]))


def run_order(st: BattleconState, frame: TiedOrder) -> None:
    """Let tied teammates choose who of them acts first, one slot at a time."""
    order, keys = st.order, frame.keys
    if frame.choice is not None:
        at, chosen = frame.at, frame.choice[0]
        i = order.index(chosen)
        order.insert(at, order.pop(i))
        keys.insert(at, keys.pop(i))
        st.say("order", f"{st.name(chosen)} acts before the tied teammates.",
               seat=chosen, order=list(order))
        st.active = order[0]
        frame.at += 1
        frame.choice = None
    at = frame.at
    while at < len(order) - 1:
        tied = [q for j, q in enumerate(order[at:], at)
                if keys[j] == keys[at] and st.team_of(q) == st.team_of(order[at])]
        if len(tied) > 1 and tied == order[at:at + len(tied)]:
            frame.at = at
            options = [Action(Act.ORDER, (q,), f"{st.name(q)} acts first") for q in tied]
            ask(st, frame, min(tied), options, "Tied teammates: who acts first?")
            return
        at += 1


def team_order(st: BattleconState) -> list[int]:
    """This beat's acting order (alive fighters); before priority, the Active fighter
    then the rest by seat."""
    order = [p for p in st.order if not st.is_out(p)]
    if len(order) == len(st.seats()):
        return order
    a = st.active_seat
    return [a, *[p for p in st.seats() if p != a]]


# ---- attacks pick their target ------------------------------------------------------
def attack_targets(st: BattleconState, p: int, reach: tuple[int, int] | None, origins: list[int]
                   ) -> list[int]:
    """Enemies the attack can hit: on each side the nearest enemy in range that does
    not avoid attacks (the attacker chooses when there are two)."""
    if reach is None:
        return []
    me = st.pos(p)
    out = []
    for side in (-1, 1):
        hit = [q for q in st.enemies(p) if (st.pos(q) - me) * side > 0
               and not st.beat(q).avoid
               and any(reach[0] <= abs(st.pos(q) - o) <= reach[1] for o in origins)]
        if hit:
            out.append(min(hit, key=lambda q: (abs(st.pos(q) - me), q)))
    return sorted(out, key=lambda q: (abs(st.pos(q) - me), q))


def avoided_in_reach(st: BattleconState, p: int, reach: tuple[int, int] | None,
                     origins: list[int]) -> bool:
    """Whether an enemy the attack reaches avoids it (the table's words for a miss)."""
    return reach is not None and any(
        st.beat(q).avoid and any(reach[0] <= abs(st.pos(q) - o) <= reach[1] for o in origins)
        for q in st.enemies(p))


# ---- defeat and Revenge -------------------------------------------------------------
def eliminate(st: BattleconState, p: int) -> None:
    """All of the fighter's components and cards leave play; each surviving teammate
    takes a Revenge card; nobody's Opponent is the fallen fighter any more."""
    pl = st.player(p)
    cards = (pl.hand + pl.discard1 + pl.discard2 + st.pair_ids(p)
             + pl.clash_bases + pl.trashed + pl.beat.discarded)
    if not pl.finisher_used and pl.finisher is not None:
        cards.append(pl.finisher)
    pl.removed = sorted(cards)
    pl.held, pl.discard1, pl.discard2 = [], [], []
    pl.clash_bases, pl.trashed, pl.statuses = [], [], []
    pl.beat.discarded = []
    pl.pair = None
    pl.clash = None
    pl.finisher_used = True
    pl.form = None
    pl.ua = {}
    pl.out = True
    pl.pos = None
    pl.opp = None
    for q in range(st.num_players):
        if st.player(q).opp == p:
            st.player(q).opp = None
    survivors = st.members(st.team_of(p))
    if st.active == p and survivors:
        st.active = survivors[0]  # the Active status stays with the team
    for q in survivors:
        st.player(q).revenge += 1
    st.say("defeat", f"{st.name(p)} is defeated and leaves the board"
           + (f"; {', '.join(st.name(q) for q in survivors)} take a Revenge card."
              if survivors else "."), seat=p)


def team_left_standing(st: BattleconState) -> int | None:
    """The winning team once the other has no fighter left, else None."""
    for side in (0, 1):
        if not st.members(side):
            return 1 - side
    return None


# ---- time over ---------------------------------------------------------------------
def team_life_share(st: BattleconState, side: int) -> float:
    """A team's life as a share of its starting life (a Super fighter's 35 against two
    fighters' 40 compare fairly)."""
    seats = st.members(side, alive=False)
    return sum(st.player(p).life for p in seats) / sum(st.max_life(p) for p in seats)


def team_time_over(st: BattleconState) -> None:
    active_team = st.team_of(st.active_seat)
    shares = [team_life_share(st, side) for side in (0, 1)]
    if shares[0] != shares[1]:
        side = 0 if shares[0] > shares[1] else 1
        reason = "time over: the team with more of its life left wins"
    else:
        side = 1 - active_team
        reason = "time over with equal life: the Reactive team wins"
    finish(st, st.members(side, alive=False)[0], reason)
