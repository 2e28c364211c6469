"""Team play, the rulebook's Multiplayer section: 2v1 with a Super fighter, 2v2, 3v1 with an
Ultra fighter on the 9-space board.

``TeamRules`` is mixed into ``BattleconState`` beside the beat; every method here is used
only when the state has ``teams`` (a duel never reaches them). What changes in team play:
who "the Opponent" is (the nearest enemy on either side, the one hit during Hit and Damage
triggers, the attacker for the one being hit), movement that hops every standup and may
go either way toward (or away from) an opponent, one Force pool per team capped at 20,
Ante passing between teams, priority without Clashes, attacks that pick their target,
Guard against the beat's total damage, elimination with Revenge, and the Super / Ultra
reference cards. The numbers and cards come from ``data/team.toml``."""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, Any

from rules.battlecon import conditions, movement
from rules.battlecon.kinds import Act, Phase
from rules.core.actions import Action

if TYPE_CHECKING:
    from rules.battlecon.content import Content

#: Seats of each team for each player count and layout. Teams alternate around the table
#: (seat % 2, as in Battle for Biternia); a lone fighter is always seat 2 (index 1).
LAYOUTS: dict[int, dict[str, tuple[tuple[int, ...], tuple[int, ...]]]] = {
    3: {"2v1": ((0, 2), (1,))},
    4: {"2v2": ((0, 2), (1, 3)), "3v1": ((0, 2, 3), (1,))},
}
#: The reference card a lone fighter takes against two / three opponents.
LONE_ROLE = {2: "super", 3: "ultra"}


def team_fields(content: Content, s: dict[str, Any], layout: str) -> None:
    """Turn a fresh duel dict into a team game: teams, roles and life, the team Force
    accounts, the bigger pool, and the standups on the team's starting spaces."""
    n = len(s["players"])
    teams = LAYOUTS[n][layout]
    team = content.team
    numbers = content.numbers
    s["teams"] = [0 if p in teams[0] else 1 for p in range(n)]
    s["layout"] = layout
    for side, seats in enumerate(teams):
        others = len(teams[1 - side])
        role = LONE_ROLE.get(others) if len(seats) == 1 else None
        for seat in seats:
            pl = s["players"][seat]
            pl["role"] = role
            pl["max_life"] = team["roles"][role]["life"] if role else numbers["life"]
            pl["life"] = pl["max_life"]
            pl["force"] = 0
            pl.update(out=False, removed=[], revenge=0, opp=None)
    start_force = numbers["starting_force"]
    s["team_force"] = [start_force * len(seats) for seats in teams]
    s["pool_start"] = numbers["force_pool"] + team["rules"]["extra_force_per_character"] * (n - 2)
    s["pool"] = s["pool_start"] - sum(s["team_force"])
    s["order"] = []
    s["placing"] = None
    for side in (0, 1):
        place_team(s, content, side, teams[side])


def start_spaces(content: Content, side: int, count: int, width: int) -> list[int]:
    """The team's starting space, then the spaces behind it (away from the other team)."""
    start = content.team["board"]["start_spaces"][side] - 1
    step = -1 if side == 0 else 1
    return [start + step * i for i in range(count) if 0 <= start + step * i < width]


def place_team(s: dict[str, Any], content: Content, side: int, order: tuple[int, ...]) -> None:
    spaces = start_spaces(content, side, len(order), s["width"])
    for seat, space in zip(order, spaces, strict=True):
        s["players"][seat]["pos"] = space


#: Effect ops that act on "the Opponent" (push / pull offer their own target choice).
FOE_OPS = frozenset({
    "close", "stun_opponent", "chip", "teleport", "opponent_discards_style",
    "opponent_vulnerable", "push_up_to", "telekinetic_throw", "latent_unleash",
    "total_control_grip", "lucida_rend", "lucida_rend_all", "lucida_pounce", "paint",
})


class TeamRules:
    """Team-play rules for ``BattleconState`` (``self`` is the state)."""

    s: dict[str, Any]

    # ---- who is who --------------------------------------------------------------------
    @property
    def is_team(self) -> bool:
        return "teams" in self.s

    def team_of(self, p: int) -> int:
        return self.s["teams"][p] if "teams" in self.s else p

    def is_out(self, p: int) -> bool:
        return bool(self.s["players"][p].get("out"))

    def seats(self) -> list[int]:
        """The fighters still in the game, by seat."""
        return [p for p in range(len(self.s["players"])) if not self.is_out(p)]

    def members(self, side: int, alive: bool = True) -> list[int]:
        return [p for p in range(len(self.s["players"]))
                if self.team_of(p) == side and not (alive and self.is_out(p))]

    def enemies(self, p: int) -> list[int]:
        return [q for q in self.seats() if self.team_of(q) != self.team_of(p)]

    def opponents(self, p: int) -> list[int]:
        """"The Opponent" candidates: the nearest enemy on each side, nearest first
        (equal distance: the lower seat first)."""
        me = self.pos(p)
        out = []
        for side in (-1, 1):
            near = [q for q in self.enemies(p) if (self.pos(q) - me) * side > 0]
            if near:
                out.append(min(near, key=lambda q: (abs(self.pos(q) - me), q)))
        return sorted(out, key=lambda q: (abs(self.pos(q) - me), q))

    def team_foe(self, p: int) -> int:
        """The Opponent now: the locked one (the target during an attack, the attacker for
        the one being hit, the owner of an [Opponent] ante) or else the nearest."""
        opp = self.s["players"][p].get("opp")
        if opp is not None and not self.is_out(opp):
            return opp
        near = self.opponents(p)
        if near:
            return near[0]
        return next(q for q in range(len(self.s["players"])) if self.team_of(q) != self.team_of(p))

    def lock_foe(self, p: int, q: int | None) -> None:
        self.s["players"][p]["opp"] = q

    def fitting_opponents(self, p: int, when: list[str]) -> list[int]:
        """The enemies ``p`` may name as "the Opponent" of an effect whose conditions are
        ``when`` so that they hold. With none locked and an enemy nearest on each side the
        owner chooses, so a condition that fits either one holds (Who is "The Opponent"?)."""
        locked = self.s["players"][p].get("opp")
        near = self.opponents(p) if locked is None else []
        if len(near) < 2:
            return [self.foe(p)] if conditions.all_hold(self, p, when) else []
        fit = []
        try:
            for q in near:
                self.lock_foe(p, q)
                if conditions.all_hold(self, p, when):
                    fit.append(q)
        finally:
            self.lock_foe(p, None)
        return fit

    def conditions_hold(self, p: int, when: list[str]) -> bool:
        """Whether the conditions of ``p``'s effect hold (in team play: for some Opponent
        ``p`` may choose)."""
        if "teams" in self.s:
            return bool(self.fitting_opponents(p, when))
        return conditions.all_hold(self, p, when)

    def needs_foe_pick(self, p: int, ops: list[dict[str, Any]]) -> bool:
        """A trigger acting on the Opponent, outside an attack, with an enemy nearest on
        each side: its owner first chooses which one is the Opponent."""
        return (self.s["players"][p].get("opp") is None and len(self.opponents(p)) > 1
                and any(op["op"] in FOE_OPS for op in ops))

    def run_pick_foe(self, frame: dict[str, Any]) -> None:
        p = frame["who"]
        if self.is_out(p):
            return
        if frame.get("choice") is None:
            fit = self.fitting_opponents(p, frame.get("when", [])) or self.opponents(p)
            options = [Action(Act.OPPONENT, (q,), f"{self.name(q)} is the Opponent") for q in fit]
            self._ask(frame, p, options, "Which nearest enemy is the Opponent?")
            return
        self.lock_foe(p, frame["choice"][0])

    def occupied(self, but: int | None = None) -> set[int]:
        return {self.pos(q) for q in self.seats() if q != but}

    def max_life(self, p: int) -> int:
        return self.s["players"][p].get("max_life", self.content.numbers["life"])

    # ---- Force: one account per team ----------------------------------------------------
    def force(self, p: int) -> int:
        if "teams" in self.s:
            return self.s["team_force"][self.team_of(p)]
        return self.s["players"][p]["force"]

    def _change_force(self, p: int, delta: int) -> None:
        if "teams" in self.s:
            self.s["team_force"][self.team_of(p)] += delta
        else:
            self.s["players"][p]["force"] += delta

    def force_cap(self) -> int:
        if "teams" in self.s:
            return self.content.team["rules"]["team_force_cap"]
        return self.content.numbers["force_cap"]

    def team_recycle_gain(self, p: int) -> int:
        """A member's Force at Recycle: 1 (2 at low life), plus their reference card's
        extra, plus 2 for each defeated teammate shared among the survivors (the first
        survivor in seat order collects it, so it is counted once)."""
        numbers = self.content.numbers
        gain = numbers["force_per_beat"]
        if self.player(p)["life"] <= numbers["low_life"]:
            gain += numbers["low_life_bonus"]
        role = self.player(p).get("role")
        if role:
            gain += self.content.team["roles"][role]["force_per_beat"]
        side = self.team_of(p)
        if self.members(side)[0] == p:
            fallen = len(self.members(side, alive=False)) - len(self.members(side))
            gain += fallen * self.content.team["rules"]["defeated_force"]
        return gain

    # ---- statics from the reference cards ------------------------------------------------
    def team_statics(self, p: int) -> list[dict[str, Any]]:
        pl = self.s["players"][p]
        out: list[dict[str, Any]] = []
        if pl.get("role"):
            out += self.content.team["roles"][pl["role"]]["statics"]
        out += self.content.team["revenge"]["statics"] * pl.get("revenge", 0)
        return out

    # ---- team movement -----------------------------------------------------------------
    def team_move_dest(self, who: int, kind: str, n: int, target: int | None = None,
                       direction: int = 0) -> tuple[int, int | None]:
        """(mover, landing space or None) for a movement in team play: every standup is
        hopped; advance / retreat take ``direction`` (default: toward / away from the
        Opponent); push / pull move ``target`` (default: the Opponent)."""
        foe = self.foe(who) if target is None else target
        me, them = self.pos(who), self.pos(foe)
        if kind in ("push", "pull"):
            d = movement.toward(me, them) if kind == "push" else movement.toward(them, me)
            return foe, movement.slide(them, d, n, self.occupied(but=foe), self.width)
        if not direction:
            direction = movement.toward(me, them) * (1 if kind == "advance" else -1)
        return who, movement.slide(me, direction, n, self.occupied(but=who), self.width)

    def move_directions(self, who: int, kind: str) -> list[int]:
        """Advance may go either way toward some opponent, retreat either way away."""
        me = self.pos(who)
        toward = {movement.toward(me, self.pos(q)) for q in self.enemies(who)}
        return sorted(toward if kind == "advance" else {-d for d in toward})

    def team_move_options(self, who: int, kind: str, n: int, locked: bool) -> list[
            tuple[tuple[Any, ...], str]]:
        """(action args, label) for one movement: a direction for advance / retreat, a
        target among the Opponent candidates for push / pull."""
        out = []
        if kind in ("advance", "retreat"):
            for d in self.move_directions(who, kind):
                _, dest = self.team_move_dest(who, kind, n, direction=d)
                if dest is not None:
                    out.append(((kind, n, d, -1), f"to space {dest + 1}"))
            return out
        targets = [self.foe(who)] if locked else self.opponents(who)
        for q in targets:
            _, dest = self.team_move_dest(who, kind, n, target=q)
            if dest is not None:
                out.append(((kind, n, 0, q), f"{self.name(q)} to space {dest + 1}"))
        return out

    def free_between(self, who: int) -> int:
        """Close: the free spaces between a fighter and the Opponent."""
        a, b = sorted((self.pos(who), self.pos(self.foe(who))))
        taken = self.occupied()
        return sum(1 for space in range(a + 1, b) if space not in taken)

    # ---- setup: placing the teams ------------------------------------------------------
    def place_actions(self, side: int) -> list[Action]:
        seats = self.members(side)
        spaces = start_spaces(self.content, side, len(seats), self.width)
        out = []
        for order in permutations(seats):
            where = ", ".join(f"{self.name(q)} on {s + 1}" for q, s in zip(order, spaces,
                                                                             strict=True))
            out.append(Action(Act.PLACE, tuple(order), f"Place {where}"))
        return out

    def placer(self) -> int:
        return self.members(self.s["placing"])[0]

    def begin_placing(self) -> None:
        """The team with the Active status places first; a lone fighter needs no choice."""
        self.s["phase"] = Phase.PLACE
        self.s["placing"] = self.team_of(self.s["active"])
        self._skip_single_placements()

    def _skip_single_placements(self) -> None:
        s = self.s
        while s["phase"] == Phase.PLACE and len(self.members(s["placing"])) == 1:
            self._placed()

    def on_place(self, action: Action) -> None:
        place_team(self.s, self.content, self.s["placing"], tuple(action.args))
        names = ", ".join(f"{self.name(q)} on space {self.pos(q) + 1}" for q in action.args)
        self.say("place", f"The team places {names}.", team=self.s["placing"])
        self._placed()
        self._skip_single_placements()

    def _placed(self) -> None:
        s = self.s
        first = self.team_of(s["active"])
        if s["placing"] == first:
            s["placing"] = 1 - first
        else:
            s["placing"] = None
            s["phase"] = Phase.SETUP

    # ---- ante passes between teams ----------------------------------------------------
    def team_ante_next(self, player: int, passed: bool) -> None:
        """After ``player`` antes, the other team's turn; after a pass, the next teammate
        who has not passed (the team passes when all have); each team passing in
        succession ends the Ante."""
        ante = self.s["ante"]
        side = self.team_of(player)
        if not passed:
            ante["passes"] = 0
            ante["asked"] = []
            ante["turn"] = self.members(1 - side)[0]
            return
        ante["asked"].append(player)
        left = [q for q in self.members(side) if q not in ante["asked"]]
        if left:
            ante["turn"] = left[0]
            return
        ante["passes"] += 1
        ante["asked"] = []
        ante["turn"] = self.members(1 - side)[0]

    def team_foe_antes(self, p: int) -> list[tuple[str, int, dict[str, Any], int]]:
        """[Opponent] antes offered to ``p`` by each enemy that is ``p``'s nearest on a
        side, unless ``p``'s team used that one this beat."""
        used = self.s["ante"]["team_used"][self.team_of(p)] if self.s["ante"] else []
        out = []
        for e in self.opponents(p):
            fighter = self.content.fighters[self.player(e)["fighter"]]
            for i, ante in enumerate(fighter.get("opponent_antes", ())):
                if f"{e}:{i}" not in used:
                    out.append(("foe", i, ante, e))
        return out

    # ---- priority without clashes -------------------------------------------------------
    def priority_key(self, p: int, active_team: int) -> list[int]:
        """Priority, then a tiebreaker (a Finisher counts below a printed one), then the
        team holding the Active status."""
        stats = self.stats(p)
        tie = 2 if stats.tiebreaker else 1 if self.beat(p)["finisher_beat"] else 0
        return [stats.priority, tie, int(self.team_of(p) == active_team)]

    def team_priority(self) -> None:
        """Order by descending priority; the first fighter's team takes the Active status;
        teammates still tied choose their order (an ``order`` frame)."""
        active_team = self.team_of(self.s["active"])
        seats = self.seats()
        keys = {p: self.priority_key(p, active_team) for p in seats}
        order = sorted(seats, key=lambda p: [-k for k in keys[p]] + [p])
        self.s["order"] = order
        self.s["active"] = order[0]
        text = ", ".join(f"{self.name(p)} {keys[p][0]}" for p in order)
        self.say("priority", f"Priority order: {text}. {self.name(order[0])}'s team is Active.",
                 active=order[0], order=order)
        self._push({"t": "order", "at": 0, "keys": [keys[p] for p in order], "choice": None})

    def run_order(self, frame: dict[str, Any]) -> None:
        """Let tied teammates choose who of them acts first, one slot at a time."""
        order, keys = self.s["order"], frame["keys"]
        if frame.get("choice") is not None:
            at, chosen = frame["at"], frame["choice"][0]
            i = order.index(chosen)
            order.insert(at, order.pop(i))
            keys.insert(at, keys.pop(i))
            self.say("order", f"{self.name(chosen)} acts before the tied teammates.",
                     seat=chosen)
            self.s["active"] = order[0]
            frame["at"] += 1
            frame["choice"] = None
        at = frame["at"]
        while at < len(order) - 1:
            tied = [q for j, q in enumerate(order[at:], at)
                    if keys[j] == keys[at] and self.team_of(q) == self.team_of(order[at])]
            if len(tied) > 1 and tied == order[at:at + len(tied)]:
                frame["at"] = at
                options = [Action(Act.ORDER, (q,), f"{self.name(q)} acts first") for q in tied]
                self._ask(frame, min(tied), options, "Tied teammates: who acts first?")
                return
            at += 1

    def team_order(self) -> list[int]:
        """This beat's acting order (alive fighters); before priority, the Active fighter
        then the rest by seat."""
        order = [p for p in self.s["order"] if not self.is_out(p)]
        if len(order) == len(self.seats()):
            return order
        a = self.s["active"]
        return [a, *[p for p in self.seats() if p != a]]

    # ---- attacks pick their target ------------------------------------------------------
    def attack_targets(self, p: int, reach: tuple[int, int] | None, origins: list[int]
                       ) -> list[int]:
        """Enemies the attack can hit: on each side the nearest enemy in range that does
        not avoid attacks (the attacker chooses when there are two)."""
        if reach is None:
            return []
        me = self.pos(p)
        out = []
        for side in (-1, 1):
            hit = [q for q in self.enemies(p) if (self.pos(q) - me) * side > 0
                   and not self.beat(q)["avoid"]
                   and any(reach[0] <= abs(self.pos(q) - o) <= reach[1] for o in origins)]
            if hit:
                out.append(min(hit, key=lambda q: (abs(self.pos(q) - me), q)))
        return sorted(out, key=lambda q: (abs(self.pos(q) - me), q))

    # ---- defeat and Revenge -------------------------------------------------------------
    def eliminate(self, p: int) -> None:
        """All of the fighter's components and cards leave play; each surviving teammate
        takes a Revenge card; nobody's Opponent is the fallen fighter any more."""
        pl = self.player(p)
        cards = (pl["hand"] + pl["discard1"] + pl["discard2"] + self.pair_ids(p)
                 + pl["clash_bases"] + pl["trashed"] + pl["beat"]["discarded"])
        if not pl["finisher_used"]:
            cards.append(pl["finisher"])
        pl["removed"] = sorted(cards)
        for zone in ("hand", "discard1", "discard2", "clash_bases", "trashed", "statuses"):
            pl[zone] = []
        pl["beat"]["discarded"] = []
        pl["pair"] = None
        pl["finisher_used"] = True
        pl["form"] = None
        pl["ua"] = {}
        pl["out"] = True
        pl["pos"] = None
        pl["opp"] = None
        for q in range(self.num_players):
            if self.player(q).get("opp") == p:
                self.player(q)["opp"] = None
        survivors = self.members(self.team_of(p))
        if self.s["active"] == p and survivors:
            self.s["active"] = survivors[0]  # the Active status stays with the team
        for q in survivors:
            self.player(q)["revenge"] += 1
        self.say("defeat", f"{self.name(p)} is defeated and leaves the board"
                 + (f"; {', '.join(self.name(q) for q in survivors)} take a Revenge card."
                    if survivors else "."), seat=p)

    def team_left_standing(self) -> int | None:
        """The winning team once the other has no fighter left, else None."""
        for side in (0, 1):
            if not self.members(side):
                return 1 - side
        return None

    # ---- time over ---------------------------------------------------------------------
    def team_life_share(self, side: int) -> float:
        """A team's life as a share of its starting life (a Super fighter's 35 against two
        fighters' 40 compare fairly)."""
        seats = self.members(side, alive=False)
        return sum(self.player(p)["life"] for p in seats) / sum(self.max_life(p) for p in seats)

    def team_time_over(self) -> None:
        active_team = self.team_of(self.s["active"])
        shares = [self.team_life_share(side) for side in (0, 1)]
        if shares[0] != shares[1]:
            side = 0 if shares[0] > shares[1] else 1
            reason = "time over: the team with more of its life left wins"
        else:
            side = 1 - active_team
            reason = "time over with equal life: the Reactive team wins"
        self._finish(self.members(side, alive=False)[0], reason)
