"""The duel's state and the beat: Set, Ante, Reveal, Clash, Start, attacks, End, Recycle.

The state is a typed model (``rules.core.model``): the fields below, with one ``Fighter``
per seat (rules/battlecon/model.py); ``clone``, ``to_json``, ``from_json`` and each
seat's ``view`` come from the fields and their declared secrets. Content is shared and
immutable. The beat runs as a stack of frames (phases, trigger timings, attacks, effect
ops) that stops whenever a player must choose something."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import rules.battlecon.beat as beat
import rules.battlecon.conditions as conditions
import rules.battlecon.kits as kits
import rules.battlecon.movement as movement
import rules.battlecon.team as team
from rules.battlecon.content import Content, kit_bases, kit_styles, load
from rules.battlecon.frames import OpStep, Question, frames_from_v2, question
from rules.battlecon.howto import event
from rules.battlecon.kinds import Act, Phase
from rules.battlecon.model import HIDDEN, AnteTurn, BeatFlags, Fighter, Pair, from_v1
from rules.battlecon.ops import OPS
from rules.battlecon.panels import panels
from rules.battlecon.stats import AttackStats, attack_stats
from rules.battlecon.team import team_fields
from rules.core.actions import Action, Event
from rules.core.model import SHARED, TRANSIENT, Model, upgraded
from rules.core.pending import PendingStack
from rules.core.state import Decision, GameState, Outcome, Panel

#: The version of the saved state: 3 keeps the beat's frames on a ``PendingStack``; 2 (the
#: frames as plain dicts, the pending choice beside them) and 1 (the plain dict of the
#: first releases) are still read.
STATE_VERSION = 3


def from_v2(data: dict[str, Any]) -> dict[str, Any]:
    """A version-2 save as this version's JSON: the plain frames and the pending choice
    become the tagged frames of the ``PendingStack`` (frames.py)."""
    out = {k: v for k, v in data.items() if k != "pending"}
    out.update(version=STATE_VERSION,
               stack=frames_from_v2(data.get("stack", []), data.get("pending")))
    return out


@dataclass(slots=True, eq=False)
class BattleconState(Model, GameState):
    """A duel, or team play when ``teams`` is set."""

    game_id = "battlecon"
    version: int = STATE_VERSION
    phase: Phase = Phase.FIRST
    #: the beat's number (0 before the first)
    beat_no: int = 0
    active: int | None = None
    width: int = 7
    pool: int = 0
    pool_start: int = 0
    #: Force spent or over a cap (it leaves the game)
    trashed: int = 0
    #: Force taken from the box after the pool ran dry (time over)
    from_box: int = 0
    final_beat: bool = False
    revealed: bool = False
    players: list[Fighter] = field(default_factory=list)
    #: the beat's frames (phases, timings, attacks, effect ops; frames.py), last on top;
    #: during the beat the top one may be waiting for a choice (its ``question``)
    stack: PendingStack[BattleconState] = field(default_factory=PendingStack)
    ante: AnteTurn | None = None
    winner: int | None = None
    reason: str = ""
    # team play (see team.py)
    teams: list[int] | None = None
    layout: str | None = None
    team_force: list[int] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    placing: int | None = None
    content: Content = field(default_factory=load, metadata=SHARED, repr=False)
    _events: list[Event] = field(default_factory=list, metadata=TRANSIENT, repr=False)

    # ---- small accessors used by ops and conditions --------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.players)

    @property
    def active_seat(self) -> int:
        """The Active Player (the game must have one: after the first decision)."""
        assert self.active is not None, "nobody is Active before the first decision"
        return self.active

    def player(self, p: int) -> Fighter:
        return self.players[p]

    def foe(self, p: int) -> int:
        """"The Opponent" of ``p`` (in team play see ``team.team_foe``)."""
        if self.teams is not None:
            return team.team_foe(self, p)
        return 1 - p

    def pos(self, p: int) -> int:
        pos = self.players[p].pos
        assert pos is not None, "a defeated fighter has no standup"
        return pos

    def distance(self, p: int = 0) -> int:
        """How far ``p`` stands from the Opponent (in a duel: the distance)."""
        return abs(self.pos(p) - self.pos(self.foe(p)))

    def beat(self, p: int) -> BeatFlags:
        return self.players[p].beat

    def ua(self, p: int) -> dict[str, Any]:
        return self.players[p].ua

    def card(self, cid: str) -> dict[str, Any]:
        return self.content.cards[cid]

    def card_name(self, cid: str) -> str:
        name: str = self.content.cards[cid]["name"]
        return name

    def fighter(self, p: int) -> dict[str, Any]:
        return self.content.fighters[self.player(p).fighter]

    def name(self, p: int) -> str:
        return self.player_name(p)

    def src_name(self, frame: OpStep) -> str:
        src = frame.src
        if src.startswith("ua:"):
            name: str = self.content.fighters[src[3:]]["ua_name"]
            return name
        return self.card_name(src) if src in self.content.cards else src

    @property
    def question(self) -> Question | None:
        """The choice the beat waits for (who answers, the prompt, the options), or None."""
        return question(self)

    def say(self, kind: str, text: str, **data: Any) -> None:
        self._events.append(event(kind, text, data))

    # ---- who is who (team play: teams, defeated fighters, "the Opponent") ---------------
    @property
    def is_team(self) -> bool:
        return self.teams is not None

    def team_of(self, p: int) -> int:
        return self.teams[p] if self.teams is not None else p

    def is_out(self, p: int) -> bool:
        return self.players[p].out

    def seats(self) -> list[int]:
        """The fighters still in the game, by seat."""
        return [p for p in range(len(self.players)) if not self.is_out(p)]

    def members(self, side: int, alive: bool = True) -> list[int]:
        return [p for p in range(len(self.players))
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

    def lock_foe(self, p: int, q: int | None) -> None:
        self.players[p].opp = q

    def conditions_hold(self, p: int, when: list[str]) -> bool:
        """Whether the conditions of ``p``'s effect hold (in team play: for some Opponent
        ``p`` may choose)."""
        if self.teams is not None:
            return bool(team.fitting_opponents(self, p, when))
        return conditions.all_hold(self, p, when)

    def occupied(self, but: int | None = None) -> set[int]:
        return {self.pos(q) for q in self.seats() if q != but}

    def max_life(self, p: int) -> int:
        life = self.players[p].max_life
        return self.content.numbers["life"] if life is None else life

    # ---- Force: one account per team ----------------------------------------------------
    def force(self, p: int) -> int:
        if self.teams is not None:
            return self.team_force[self.team_of(p)]
        return self.players[p].force

    def _change_force(self, p: int, delta: int) -> None:
        if self.teams is not None:
            self.team_force[self.team_of(p)] += delta
        else:
            self.players[p].force += delta

    def force_cap(self) -> int:
        cap: int = (self.content.team["rules"]["team_force_cap"] if self.teams is not None
                    else self.content.numbers["force_cap"])
        return cap

    # ---- pairs and stats -------------------------------------------------------------
    def pair_ids(self, p: int) -> list[str]:
        pair = self.player(p).pair
        return [] if pair is None else pair.ids()

    def pair_cards(self, p: int) -> list[dict[str, Any]]:
        return [self.content.cards[c] for c in self.pair_ids(p)]

    def pair_name(self, p: int) -> str:
        ids = self.pair_ids(p)
        return " ".join(self.card_name(c) for c in ids) if ids else "no attack"

    def persistent_ids(self, p: int) -> list[str]:
        """The fighter's active Form and Status cards (they apply to every attack)."""
        pl = self.player(p)
        drinking: list[str] = pl.ua.get("active", [])  # Dareios's drinks in effect
        return ([pl.form] if pl.form else []) + pl.statuses + drinking

    def _statics(self, p: int) -> list[tuple[int, dict[str, Any]]]:
        """(whose conditions, static) pairs that modify ``p``'s attack right now."""
        own = list(self.fighter(p).get("statics", ()))
        for cid in self.persistent_ids(p):
            own += self.content.cards[cid].get("statics", [])
        out = [(p, st) for st in own]
        foe = self.foe(p)
        out += [(foe, st) for st in self.fighter(foe).get("foe_statics", ())]
        if self.teams is not None:
            out += [(p, st) for st in team.team_statics(self, p)]
        return out

    def total_bonus(self, p: int) -> dict[str, int]:
        bonus = dict(self.beat(p).bonus)
        for owner, static in self._statics(p):
            if self.conditions_hold(owner, static.get("when", [])):
                self._add_to(bonus, static["stat"], static["amount"])
        return bonus

    @staticmethod
    def _add_to(bonus: dict[str, int], stat: str, amount: Any) -> None:
        if stat == "range":
            lo, hi = amount if isinstance(amount, list) else (amount, amount)
            bonus["range_min"] += lo
            bonus["range_max"] += hi
        else:
            bonus[stat] += amount

    def add_bonus(self, p: int, stat: str, amount: Any) -> None:
        self._add_to(self.beat(p).bonus, stat, amount)
        shown = f"+{amount[0]}~{amount[1]}" if isinstance(amount, list) else f"{amount:+d}"
        self.say("bonus", f"{self.name(p)}: {shown} {stat.capitalize()}.", seat=p, stat=stat)

    def stats(self, p: int) -> AttackStats:
        return attack_stats(self, p)

    # ---- actions on fighters ---------------------------------------------------------
    def move_dest(self, who: int, kind: str, n: int) -> int | None:
        """Where a movement of ``who`` (or of the Opponent for push / pull) would land,
        None if it cannot be made."""
        if self.teams is not None:
            return team.team_move_dest(self, who, kind, n)[1]
        dest: int | None = getattr(movement, kind)(self.pos(who), self.pos(self.foe(who)), n,
                                                   self.width)
        return dest

    def perform_move(self, who: int, kind: str, n: int, why: str, target: int | None = None,
                     direction: int = 0) -> None:
        """Carry out a movement the caller checked to be possible (team play: toward
        ``direction`` or moving ``target``, see ``team.team_move_dest``)."""
        if self.teams is not None:
            mover, dest = team.team_move_dest(self, who, kind, n, target, direction)
            foe = mover if mover != who else self.foe(who)
        else:
            foe = self.foe(who)
            mover = foe if kind in ("push", "pull") else who
            dest = getattr(movement, kind)(self.pos(who), self.pos(foe), n, self.width)
        if dest is None:
            return
        start = self.pos(mover)
        self.player(mover).pos = dest
        self.beat(mover).moved = True
        verb = {"advance": "advances", "retreat": "retreats", "push": "pushes", "pull": "pulls"}
        whom = f" {self.name(foe)}" if mover == foe else ""
        self.say("move", f"{self.name(who)} {verb[kind]}{whom} {n} ({why}).",
                 seat=mover, start=start, to=dest, how=kind)

    def place_fighter(self, p: int, space: int, why: str) -> None:
        """Teleport: straight to ``space`` without passing the ones between."""
        start = self.pos(p)
        self.player(p).pos = space
        self.beat(p).moved = True
        self.say("move", f"{self.name(p)} teleports to space {space + 1} ({why}).", seat=p,
                 start=start, to=space, how="teleport")

    def become_form(self, p: int, form: str) -> None:
        pl = self.player(p)
        if pl.form == form:
            return  # you cannot become the form you are already in
        pl.form = form
        self.say("form", f"{self.name(p)} becomes {self.card_name(form)}.", seat=p, form=form)
        swap = self.fighter(p).get("form_styles", {}).get(form)
        if swap:
            self._swap_styles(p, swap)

    def _swap_styles(self, p: int, swap: dict[str, str]) -> None:
        """Replace each Style by its counterpart wherever it lies (hand, piles, pair)."""
        pl = self.player(p)
        pl.held = [swap.get(c, c) for c in pl.held]
        pl.discard1 = [swap.get(c, c) for c in pl.discard1]
        pl.discard2 = [swap.get(c, c) for c in pl.discard2]
        pl.trashed = [swap.get(c, c) for c in pl.trashed]
        pl.beat.discarded = [swap.get(c, c) for c in pl.beat.discarded]
        if pl.pair is not None and pl.pair.style is not None:
            pl.pair.style = swap.get(pl.pair.style, pl.pair.style)

    def stun(self, p: int, why: str) -> None:
        beat = self.beat(p)
        if beat.stunned or self.stats(p).stun_immune:
            return
        beat.stunned = True
        self.say("stun", f"{self.name(p)} is stunned ({why}).", seat=p)

    def chip(self, p: int, n: int) -> None:
        pl = self.player(p)
        lost = max(0, min(n, pl.life - 1))
        pl.life -= lost
        self.say("chip", f"{self.name(p)} loses {lost} life to chip.", seat=p, amount=lost)

    def regain_life(self, p: int, n: int) -> None:
        pl = self.player(p)
        gained = max(0, min(n, self.max_life(p) - pl.life))
        pl.life += gained
        self.say("life", f"{self.name(p)} regains {gained} life.", seat=p, amount=gained)

    def gain_force(self, p: int, n: int, from_box: bool = False) -> None:
        """Take Force from the pool (the box after time over); excess over the cap is trashed."""
        s = self
        taken = min(n, s.pool)
        s.pool -= taken
        if from_box and taken < n:
            s.from_box += n - taken
            taken = n
        self._change_force(p, taken)
        cap = self.force_cap()
        if self.force(p) > cap:
            s.trashed += self.force(p) - cap
            self._change_force(p, cap - self.force(p))
        if taken:
            self.say("force", f"{self.name(p)} gains {taken} Force.", seat=p, amount=taken)

    def spend_force(self, p: int, n: int) -> None:
        self._change_force(p, -n)
        self.trashed += n

    def spend_tokens(self, p: int, token: str, n: int) -> None:
        spent = kits.spend_counters(self.ua(p), token, n)
        if spent:
            what = kits.TOKEN_NAMES.get(token, token)
            self.say("spend", f"{self.name(p)} spends {spent} {what}.",
                     seat=p, token=token, amount=spent)

    def can_afford_finisher(self, p: int) -> bool:
        pl = self.player(p)
        return not pl.finisher_used and self.force(p) >= pl.life

    def use_finisher(self, p: int) -> None:
        pl = self.player(p)
        self.spend_force(p, pl.life)
        pair, finisher_id = pl.pair, pl.finisher
        assert pair is not None and pair.base is not None and finisher_id is not None
        pl.held.append(pair.base)
        pl.trashed.append("switch")
        pl.pair = Pair(finisher=finisher_id)
        pl.finisher_used = True
        self.beat(p).finisher_beat = True
        finisher = self.card_name(finisher_id)
        self.say("finisher", f"{self.name(p)} unleashes the Finisher {finisher}!",
                 seat=p, card=finisher_id)

    def flip_finisher(self, p: int) -> None:
        pl = self.player(p)
        a, b = self.fighter(p)["finishers"]
        pl.finisher = b if pl.finisher == a else a
        finisher = self.card_name(pl.finisher)
        self.say("flip", f"{self.name(p)} flips their Finisher to {finisher}.",
                 seat=p)

    def discard_from_hand(self, p: int, cid: str) -> None:
        pl = self.player(p)
        pl.held.remove(cid)
        self.beat(p).discarded.append(cid)
        self.say("discard", f"{self.name(p)} discards {self.card_name(cid)}.", seat=p, card=cid)

    # ---- who decides -----------------------------------------------------------------
    def decision(self) -> Decision:
        s = self
        phase = s.phase
        if phase == Phase.OVER:
            return Decision.terminal()
        if phase == Phase.FIRST:
            return Decision.chance()
        seats = self.seats()
        if phase == Phase.PLACE:
            return Decision.player(team.placer(self))
        if phase == Phase.SETUP:
            return Decision.simultaneous([p for p in seats if not self.player(p).setup_done])
        if phase == Phase.SET:
            return Decision.simultaneous([p for p in seats if self.player(p).pair is None])
        if phase == Phase.DISCARDS:
            return Decision.simultaneous([p for p in seats if self.player(p).discards_left])
        if phase == Phase.ANTE:
            assert s.ante is not None
            return Decision.player(s.ante.turn)
        if phase == Phase.CLASH:
            return Decision.simultaneous([p for p in seats if self.player(p).clash is None])
        return self.stack.decision(self)

    def legal_actions(self, player: int) -> list[Action]:
        d = self.decision()
        if d.is_terminal or player not in d.players:
            return []
        phase = self.phase
        if phase == Phase.FIRST:
            if self.teams is not None:
                return [Action(Act.FIRST, (self.members(side)[0],),
                               f"The team of {self.team_names(side)} starts Active")
                        for side in (0, 1)]
            return [Action(Act.FIRST, (p,), f"{self.name(p)} starts as Active Player")
                    for p in (0, 1)]
        if phase == Phase.PLACE:
            assert self.placing is not None
            return team.place_actions(self, self.placing)
        if phase == Phase.SETUP:
            return self._setup_actions(player)
        if phase == Phase.SET:
            return self._set_actions(player)
        if phase == Phase.DISCARDS:
            pile = self.player(player).discards_left
            return [Action(Act.DISCARD_PAIR, a.args, f"Discard pile {pile}: {a.label[4:]}")
                    for a in self._set_actions(player)]
        if phase == Phase.ANTE:
            return self._ante_actions(player)
        if phase == Phase.CLASH:
            return [Action(Act.CLASH, (b,), f"Clash with {self.card_name(b)}")
                    for b in self._hand_of(player, "base")]
        return self.stack.actions(self, player)

    def _hand_of(self, p: int, kind: str) -> list[str]:
        return [c for c in self.player(p).hand if self.content.cards[c]["kind"] == kind]

    def _setup_actions(self, p: int) -> list[Action]:
        fighter = self.fighter(p)
        choices = fighter.get("setup_choices") or [""]
        out = []
        for fid in fighter["finishers"]:
            for choice in choices:
                extra = f"; one more {choice.capitalize()}" if choice else ""
                out.append(Action(Act.SETUP, (fid, choice),
                                  f"Finisher {self.card_name(fid)}{extra}"))
        return out

    def _set_actions(self, p: int) -> list[Action]:
        return [
            Action(Act.SET, (style, base), f"Set {self.card_name(style)} {self.card_name(base)}")
            for style in self._hand_of(p, "style")
            for base in self._hand_of(p, "base")
        ]

    def _ante_actions(self, p: int) -> list[Action]:
        out = []
        for oid, ov in self.content.overloads.items():
            if oid not in self.beat(p).overloads and self.force(p) >= ov["cost"]:
                out.append(Action(Act.OVERLOAD, (oid,),
                                  f"{ov['name']} (+{ov['amount']} {ov['stat'].capitalize()}, "
                                  f"{ov['cost']} Force)"))
        out += self._ua_ante_actions(p)
        out.append(Action(Act.PASS, (), "Pass"))
        return out

    def _antes_for(self, p: int) -> list[tuple[str, int, dict[str, Any]]]:
        """(whose, index, ante) for the UA antes ``p`` may use: their own fighter's, and
        the [Opponent] antes the foe's fighter offers to them."""
        own = [("own", i, a) for i, a in enumerate(self.fighter(p).get("antes", ()))]
        foe = self.fighter(self.foe(p)).get("opponent_antes", ())
        return own + [("foe", i, a) for i, a in enumerate(foe)]

    def _ua_ante_actions(self, p: int) -> list[Action]:
        used = self.beat(p).antes
        out = []
        if self.teams is not None:
            own = [("own", i, a, p) for i, a in enumerate(self.fighter(p).get("antes", ()))]
            locked = self.player(p).opp
            for whose, i, ante, owner in own + team.team_foe_antes(self, p):
                if ante.get("limited") and f"{whose}:{i}" in used and whose == "own":
                    continue
                self.lock_foe(p, owner if whose == "foe" else locked)  # whose Opponent
                if conditions.all_hold(self, p, ante.get("when", [])):
                    args = (whose, i) if whose == "own" else (whose, i, owner)
                    out.append(Action(Act.UA_ANTE, args, ante["text"]))
            self.lock_foe(p, locked)
            return out
        for whose, i, ante in self._antes_for(p):
            key = f"{whose}:{i}"
            if ante.get("limited") and key in used:
                continue
            if conditions.all_hold(self, p, ante.get("when", [])):
                out.append(Action(Act.UA_ANTE, (whose, i), ante["text"]))
        return out

    # ---- applying --------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> list[Event]:
        self._events = []
        handler = getattr(self, f"_on_{self.phase}")
        handler(player, action)
        beat.run(self)
        events, self._events = self._events, []
        return events

    def _on_first(self, player: int, action: Action) -> None:
        self.active = action.args[0]
        self.phase = Phase.SETUP
        self.say("active", f"{self.name(action.args[0])} starts as the Active Player.")
        if self.teams is not None:
            team.begin_placing(self)

    def _on_place(self, player: int, action: Action) -> None:
        team.on_place(self, action)

    def _on_setup(self, player: int, action: Action) -> None:
        pl = self.player(player)
        pl.finisher, pl.setup_choice = action.args
        pl.setup_done = True
        self.say("commit", f"{self.name(player)} has chosen a Finisher.", seat=player)
        if all(self.player(p).setup_done for p in self.seats()):
            for p in self.seats():
                q = self.player(p)
                if q.fighter in kits.UA_SETUP:
                    q.ua = kits.UA_SETUP[q.fighter](q.setup_choice or "")
                if q.fighter in kits.SEAT_SETUP:
                    q.ua = kits.SEAT_SETUP[q.fighter](self, p)
                q.finisher_revealed = True
                self.say("reveal", f"{self.name(p)} reveals the Finisher "
                         f"{self.card_name(q.finisher or '')}.", seat=p)
            if any(self.player(p).discards_left for p in self.seats()):
                self.phase = Phase.DISCARDS
            else:
                beat.begin_beat(self)

    def _on_discards(self, player: int, action: Action) -> None:
        """Setup 4: pile 2 first (it comes back first), then pile 1."""
        pl = self.player(player)
        pile = f"discard{pl.discards_left}"
        for cid in action.args:
            pl.held.remove(cid)
        if pl.discards_left == 2:
            pl.discard2 = list(action.args)
        else:
            pl.discard1 = list(action.args)
        pl.discards_left -= 1
        self.say("discard", f"{self.name(player)} puts {self.card_name(action.args[0])} "
                 f"{self.card_name(action.args[1])} in discard pile {pile[-1]}.", seat=player)
        if not any(self.player(p).discards_left for p in self.seats()):
            beat.begin_beat(self)

    def _on_set(self, player: int, action: Action) -> None:
        style, base = action.args
        pl = self.player(player)
        pl.pair = Pair(style=style, base=base)  # still held, face down (model.py)
        self.say("set", f"{self.name(player)} sets an attack pair face down.", seat=player)
        if all(self.player(p).pair is not None for p in self.seats()):
            self.phase = Phase.ANTE
            self.ante = AnteTurn(turn=self.active_seat)
            if self.teams is not None:
                self.ante.asked, self.ante.team_used = [], [[], []]

    def _on_ante(self, player: int, action: Action) -> None:
        ante = self.ante
        assert ante is not None
        if action.kind == Act.PASS:
            if self.teams is None:
                ante.passes += 1  # team play counts a team's passes (team_ante_next)
            self.say("pass", f"{self.name(player)} passes.", seat=player)
        elif action.kind == Act.UA_ANTE:
            self._use_ua_ante(player, *action.args)
            ante.passes = 0
        else:
            ov = self.content.overloads[action.args[0]]
            self.spend_force(player, ov["cost"])
            self.beat(player).overloads.append(action.args[0])
            self._add_to(self.beat(player).bonus, ov["stat"], ov["amount"])
            ante.passes = 0
            self.say("ante", f"{self.name(player)} antes {ov['name']} "
                     f"(+{ov['amount']} {ov['stat'].capitalize()}).", seat=player)
        if self.teams is not None:
            team.team_ante_next(self, player, passed=action.kind == Act.PASS)
            if ante.passes >= 2:
                beat.start_resolution(self)
        elif ante.passes >= 2:
            beat.start_resolution(self)
        else:
            ante.turn = self.foe(player)

    def _use_ua_ante(self, p: int, whose: str, i: int, owner: int | None = None) -> None:
        if owner is None:
            owner = p if whose == "own" else self.foe(p)
        ante = self.fighter(owner)["antes" if whose == "own" else "opponent_antes"][i]
        self.beat(p).antes.append(f"{whose}:{i}")
        if self.teams is not None and whose == "foe":
            assert self.ante is not None and self.ante.team_used is not None
            self.ante.team_used[self.team_of(p)].append(f"{owner}:{i}")
        self.say("ante", f"{self.name(p)} antes: {ante['text']}.", seat=p)
        src = f"ua:{self.player(owner).fighter}"
        locked = self.player(p).opp
        if whose == "foe" and self.teams is not None:
            self.lock_foe(p, owner)  # the ante's "Opponent" is the fighter who offers it
        for op in ante.get("do", []):
            OPS[op["op"]](self, OpStep(who=p, src=src, op=op))
        if whose == "foe" and self.teams is not None:
            self.lock_foe(p, locked)

    def _on_clash(self, player: int, action: Action) -> None:
        pl = self.player(player)
        pl.clash = action.args[0]  # still held, face down (model.py)
        self.say("commit", f"{self.name(player)} sets a new base face down.", seat=player)
        if all(self.player(p).clash is not None for p in (0, 1)):
            beat.reveal_clash(self)

    def _on_resolve(self, player: int, action: Action) -> None:
        self.stack.apply(self, action)

    # ---- ending ----------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if self.phase != Phase.OVER:
            return None
        assert self.winner is not None
        side = self.team_of(self.winner)
        return Outcome(tuple(1.0 if self.team_of(p) == side else 0.0
                             for p in range(self.num_players)), self.reason)

    def invariant_violations(self) -> list[str]:
        """Standups apart, life and Force in bounds, Force conserved, every card in one zone."""
        s, n = self, self.content.numbers
        out = []
        spaces = [self.pos(p) for p in self.seats()]
        if len(set(spaces)) != len(spaces) or not all(0 <= x < self.width for x in spaces):
            out.append("two standups share a space (or one is off the board)")
        held = 0
        for p in range(self.num_players):
            pl = self.player(p)
            if not 0 <= pl.life <= self.max_life(p):
                out.append(f"{self.name(p)} has life {pl.life}")
            if not 0 <= pl.force <= n["force_cap"]:
                out.append(f"{self.name(p)} has Force {pl.force}")
            held += pl.force
            out.extend(self._zone_violations(p))
        if s.teams is not None:
            for side, force in enumerate(s.team_force):
                if not 0 <= force <= self.force_cap():
                    out.append(f"team {side + 1} has Force {force}")
                held += force
            if any(self.player(p).force for p in range(self.num_players)):
                out.append("a team member holds Force outside the team's pool")
        if s.pool + held + s.trashed != s.pool_start + s.from_box:
            out.append(f"Force not conserved: pool {s.pool} + held {held} + trashed "
                       f"{s.trashed} != {s.pool_start} + {s.from_box} from the box")
        return out

    def _zone_violations(self, p: int) -> list[str]:
        pl = self.player(p)
        fighter = self.fighter(p)
        finishers = set(fighter["finishers"])
        kit = sorted([*kit_styles(fighter), *kit_bases(fighter), "<finisher>"])
        back = {new: old for swap in fighter.get("form_styles", {}).values()
                for old, new in swap.items()}
        zones = (pl.hand + pl.discard1 + pl.discard2 + self.pair_ids(p)
                 + pl.clash_bases + pl.trashed + pl.beat.discarded
                 + pl.removed
                 + ([pl.clash] if pl.clash not in (None, "hidden") else []))
        zones = ["<finisher>" if c in finishers else back.get(c, c) for c in zones]
        if not pl.finisher_used:
            zones.append("<finisher>")  # set aside beside the board until used
        if sorted(zones) != kit:
            return [f"{self.name(p)}'s cards are not each in exactly one zone: {sorted(zones)}"]
        return []

    # ---- hidden information ----------------------------------------------------------
    def view(self, player: int | None) -> BattleconState:
        """What ``player`` may see, built from the fields' declared secrets (model.py).

        Another seat's held cards are listed sorted by card id while some of them are set
        face down (a pair, a Clash base): the view's order is then canonical, whatever
        order they are held in, and the search breaks equal options the same way."""
        v = self.view_for(player)
        for q in range(v.num_players):
            pl = v.player(q)
            if q != player and ((pl.pair is not None and pl.pair.hidden) or pl.clash == HIDDEN):
                pl.held.sort()
        return v

    def determinize(self, player: int, rng: random.Random) -> BattleconState:
        d = self.clone()
        for q in range(self.num_players):
            if q == player:
                continue
            pl = d.player(q)
            if pl.pair is not None and pl.pair.hidden:
                style = rng.choice(d._hand_of(q, "style"))
                base = rng.choice(d._hand_of(q, "base"))
                pl.pair = Pair(style=style, base=base)
            if pl.clash == HIDDEN:
                pl.clash = rng.choice(d._hand_of(q, "base"))
            if pl.setup_done and pl.finisher is None:
                action = rng.choice(d._setup_actions(q))
                pl.finisher, pl.setup_choice = action.args
        return d

    # ---- copying and serialising --------------------------------------------------
    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BattleconState:
        """A saved state: this version's, or one of version 2 or 1 (converted)."""
        data = upgraded(data, "BattleCON", STATE_VERSION,
                        {2: from_v2, 1: lambda old: from_v2(from_v1(old))})
        st: BattleconState = Model.from_json.__func__(cls, data)  # type: ignore[attr-defined]
        return st

    # ---- presentation ----------------------------------------------------------------
    def player_name(self, player: int) -> str:
        names = [pl.fighter.capitalize() for pl in self.players]
        name = names[player]
        return f"{name} ({player + 1})" if names.count(name) > 1 else name

    def team_names(self, side: int) -> str:
        names = [self.name(q) for q in self.members(side, alive=False)]
        return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]

    def panels(self, viewer: int | None) -> list[Panel]:
        return panels(self.view(viewer), viewer)


def new_duel(content: Content, fighters: list[str], width: int,
             discards: str = "suggested", layout: str | None = None) -> BattleconState:
    """The opening position: hands, initial discards (the suggested pairs, or none yet
    when the players choose them), Force, standups; with a team ``layout`` ("2v1", "2v2",
    "3v1") the team fields too (see ``team.team_fields``)."""
    numbers = content.numbers
    players = []
    for seat, fid in enumerate(fighters):
        fighter = content.fighters[fid]
        d1, d2 = list(fighter["discard1"]), list(fighter["discard2"])
        if discards == "chosen":
            d1, d2 = [], []
        hand = [c for c in kit_styles(fighter) + kit_bases(fighter) if c not in d1 + d2]
        players.append(Fighter(
            seat=seat, fighter=fid, life=numbers["life"], force=numbers["starting_force"],
            pos=numbers["start_spaces"][seat % 2] - 1, held=hand, discard1=d1, discard2=d2,
            form=fighter.get("start_form"), discards_left=2 if discards == "chosen" else 0))
    start_force = numbers["starting_force"] * len(fighters)
    st = BattleconState(width=width, pool=numbers["force_pool"] - start_force,
                        pool_start=numbers["force_pool"], players=players, content=content)
    if layout is not None:
        team_fields(st, layout)
    return st
