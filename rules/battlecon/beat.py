"""The beat as it runs: phases, trigger timings, attacks, damage, Recycle and time over.

A beat resolves as a stack of frames (phases, timings, attacks, effect ops) that stops
whenever a player must choose; ``BattleconState`` mixes this in (see state.py)."""

from __future__ import annotations

from typing import Any

from rules.battlecon import kits
from rules.battlecon.effects import OPS
from rules.battlecon.kinds import Act, Phase
from rules.battlecon.stats import card_armor
from rules.core.actions import Action

STAT_BONUS = ("range_min", "range_max", "power", "priority", "guard", "armor")


def fresh_beat() -> dict[str, Any]:
    """Per-beat flags of one fighter, cleared at the start of every beat."""
    return {
        "bonus": dict.fromkeys(STAT_BONUS, 0), "armor_used": 0,
        "avoid": False, "stunned": False, "stun_immune": False, "tiebreaker": False,
        "was_hit": False, "hit": False, "damage_taken": 0, "moved": False,
        "become": {}, "overloads": [], "discarded": [], "finisher_beat": False,
        "ignore_armor": False, "ignore_guard": False, "vulnerable": False,
        "damage_cap": None, "cannot_fall_below_1": False, "antes": [], "took_damage": False,
        "reveal_done": [],
    }


class BeatFlow:
    """The beat's procedure, for ``BattleconState`` (``self`` is the state)."""

    s: dict[str, Any]

    def _begin_beat(self) -> None:
        s = self.s
        s["beat"] += 1
        s["phase"] = Phase.SET
        s["revealed"] = False
        if "teams" in s:
            s["order"] = []
        for p in self.seats():
            pl = self.player(p)
            if "teams" in s:
                pl["opp"] = None
            pl["beat"] = fresh_beat()
            pl["pair"] = None
            pl["clash"] = None
            for _ in range(3):
                if self._hand_of(p, "style") and self._hand_of(p, "base"):
                    break
                self._rotate_discards(p, [])
                self.say("recycle", f"{self.name(p)} has no Style or no Base: discards recycle "
                         "again.", seat=p)
        self.say("beat", f"Beat {s['beat']}{' (final beat)' if s['final_beat'] else ''}.",
                 beat=s["beat"])

    def _start_resolution(self) -> None:
        s = self.s
        s["phase"] = Phase.RESOLVE
        s["revealed"] = True
        order = ["reveal", "priority", "start", "attacks", "end", "recycle", "rotate", "next"]
        s["stack"] = [{"t": "phase", "name": n} for n in reversed(order)]

    def _run(self) -> None:
        s = self.s
        while s["phase"] == Phase.RESOLVE and s["pending"] is None and s["stack"]:
            frame = s["stack"].pop()
            kind = frame["t"]
            if kind == "phase":
                getattr(self, f"_phase_{frame['name']}")()
            elif kind == "timing":
                self._run_timing(frame)
            elif kind == "attack":
                self._run_attack(frame)
            elif kind == "order":
                self.run_order(frame)
            elif kind == "pick_foe":
                self.run_pick_foe(frame)
            elif kind == "unlock":
                self.lock_foe(frame["who"], None)
            elif not self.is_out(frame["who"]):
                self._run_op(frame)

    def _ask(self, frame: dict[str, Any], who: int, options: list[Action], prompt: str) -> None:
        self.s["stack"].append(frame)
        if len(options) == 1:
            frame["choice"] = list(options[0].args)
            return
        self.s["pending"] = {"who": who, "prompt": prompt,
                             "options": [a.to_json() for a in options]}

    def _run_op(self, frame: dict[str, Any]) -> None:
        options = OPS[frame["op"]["op"]](self, frame)
        if options:
            who = frame.get("chooser", frame["who"])
            self._ask(frame, who, options, f"{self.src_name(frame)}: choose")

    def _push(self, frame: dict[str, Any]) -> None:
        self.s["stack"].append(frame)

    def _push_timing(self, timing: str, order: list[int]) -> None:
        """Queue a timing for the players in ``order`` (first in order resolves first)."""
        for p in reversed(order):
            self._push({"t": "timing", "who": p, "timing": timing, "left": None})

    def _sources(self, p: int) -> list[str]:
        return [*self.pair_ids(p), f"ua:{self.player(p)['fighter']}", *self.persistent_ids(p)]

    def _triggers_of(self, src: str) -> list[dict[str, Any]]:
        if src.startswith("ua:"):
            return self.content.fighters[src[3:]].get("triggers", [])
        return self.content.cards[src].get("triggers", [])

    def _run_timing(self, frame: dict[str, Any]) -> None:
        p, timing = frame["who"], frame["timing"]
        if self.is_out(p):
            return  # a defeated fighter's cards left play with them
        if frame["left"] is None:
            frame["left"] = self._timing_triggers(p, timing)
        choice = frame.pop("choice", None)
        if choice is not None:
            verb, src, i = choice
            self._resolved(frame, p, [src, i])
            if verb == "use":
                self._push(frame)
                self._perform_trigger(p, src, i)
                return
            if verb == "skip":
                self.say("skip", f"{self.name(p)} skips {self._trigger_label(src, i)}.", seat=p)
        if timing == "reveal":
            # a card that enters play during Reveal (a Finisher through Switch, a new Base
            # in a Clash) has its Reveal triggers performed too; none is performed twice
            frame["left"] = self._timing_triggers(p, timing)
        live = set(self._sources(p))
        frame["left"] = [e for e in frame["left"] if e[0] in live]
        eligible = [e for e in frame["left"]
                    if self.conditions_hold(p, self._triggers_of(e[0])[e[1]].get("when", []))]
        if not eligible:
            return
        options = [Action(Act.TRIGGER, ("use", src, i), f"Use {self._trigger_label(src, i)}")
                   for src, i in eligible]
        options += [Action(Act.TRIGGER, ("skip", src, i), f"Skip {self._trigger_label(src, i)}")
                    for src, i in eligible if self._triggers_of(src)[i].get("optional")]
        if len(options) == 1:
            self._resolved(frame, p, eligible[0])
            self._push(frame)
            self._perform_trigger(p, *eligible[0])
            return
        self._ask(frame, p, options, f"{timing.capitalize()}: choose the next trigger")

    def _timing_triggers(self, p: int, timing: str) -> list[list[Any]]:
        """``p``'s triggers of ``timing`` on the cards in play now, as [source, index];
        at Reveal, without those already performed or declined this beat."""
        done = self.beat(p)["reveal_done"] if timing == "reveal" else []
        return [[src, i] for src in self._sources(p)
                for i, t in enumerate(self._triggers_of(src))
                if t["timing"] == timing and [src, i] not in done]

    def _resolved(self, frame: dict[str, Any], p: int, entry: list[Any]) -> None:
        """A trigger of this timing is used or skipped: it is not offered again."""
        frame["left"].remove(entry)
        if frame["timing"] == "reveal":
            self.beat(p)["reveal_done"].append(list(entry))

    def _trigger_label(self, src: str, i: int) -> str:
        name = self.content.fighters[src[3:]]["ua_name"] if src.startswith("ua:") \
            else self.card_name(src)
        return f"{name}: {self._triggers_of(src)[i]['text']}"

    def _perform_trigger(self, p: int, src: str, i: int) -> None:
        trig = self._triggers_of(src)[i]
        self.say("trigger", f"{self.name(p)} — {self._trigger_label(src, i)}.", seat=p,
                 timing=trig["timing"])
        picks = "teams" in self.s and self.needs_foe_pick(p, trig["do"])
        if picks:
            self._push({"t": "unlock", "who": p})
        for op in reversed(trig["do"]):
            self._push({"t": "op", "who": p, "src": src, "op": op, "choice": None})
        if picks:
            self._push({"t": "pick_foe", "who": p, "choice": None, "when": trig.get("when", [])})

    def _order(self) -> list[int]:
        if "teams" in self.s:
            return self.team_order()
        a = self.s["active"]
        return [a, self.foe(a)]

    # -- phases --
    def _phase_reveal(self) -> None:
        for p in self._order():
            self.say("reveal", f"{self.name(p)} reveals {self.pair_name(p)} "
                     f"({self.stats(p).text()}).", seat=p, cards=self.pair_ids(p))
        self._push_timing("reveal", self._order())

    def _phase_priority(self) -> None:
        if "teams" in self.s:
            self.team_priority()  # no Clashes in team play
            return
        a, r = self._order()
        sa, sr = self.stats(a), self.stats(r)
        finisher = {p: self.beat(p)["finisher_beat"] for p in (a, r)}
        if sa.priority != sr.priority:
            winner = a if sa.priority > sr.priority else r
        elif sa.tiebreaker or sr.tiebreaker or finisher[a] or finisher[r]:
            tie_a = sa.tiebreaker or (finisher[a] and not sr.tiebreaker)
            tie_r = sr.tiebreaker or (finisher[r] and not sa.tiebreaker)
            winner = r if tie_r and not tie_a else a
        else:
            self._begin_clash(sa.priority)
            return
        self._end_clash()
        self.s["active"] = winner
        self.say("priority", f"Priority {sa.priority} to {sr.priority}: {self.name(winner)} is "
                 "the Active Player.", active=winner)

    def _begin_clash(self, priority: int) -> None:
        if not self._hand_of(0, "base") or not self._hand_of(1, "base"):
            self.say("clash", f"Clash at priority {priority}, but a fighter has no Base left: "
                     "the beat skips to Recycle.")
            self._end_clash()
            self.s["stack"] = [{"t": "phase", "name": n} for n in ("next", "rotate", "recycle")]
            return
        self.say("clash", f"Clash! Both attacks have priority {priority}: each sets a new Base.")
        self.s["phase"] = Phase.CLASH

    def _reveal_clash(self) -> None:
        s = self.s
        s["phase"] = Phase.RESOLVE
        s["revealed"] = True
        for p in self._order():
            pl = self.player(p)
            pl["clash_bases"].append(pl["pair"]["base"])
            pl["pair"]["base"] = pl["clash"]
            pl["clash"] = None
            self.say("reveal", f"{self.name(p)} clashes with {self.card_name(pl['pair']['base'])}: "
                     f"{self.pair_name(p)} ({self.stats(p).text()}).", seat=p)
        self._push({"t": "phase", "name": "priority"})
        # the new Base's Reveal triggers, and any not performed before (reveal_done)
        self._push_timing("reveal", self._order())

    def _end_clash(self) -> None:
        for p in (0, 1):
            pl = self.player(p)
            pl["hand"].extend(pl["clash_bases"])
            pl["clash_bases"] = []

    def _phase_start(self) -> None:
        self._push_timing("start", self._order())

    def _phase_attacks(self) -> None:
        for p in reversed(self._order()):
            self._push({"t": "attack", "who": p, "step": "begin"})

    def _phase_end(self) -> None:
        self._push_timing("end", self._order())

    def _phase_recycle(self) -> None:
        self._push_timing("recycle", self._order())

    def _run_attack(self, frame: dict[str, Any]) -> None:
        if "teams" in self.s:
            self._run_team_attack(frame)
            return
        p, foe = frame["who"], self.foe(frame["who"])
        step = frame["step"]
        if step in ("begin", "after"):
            self._shared_attack_step(frame, p)
        elif step == "range":
            stats = self.stats(p)
            reach = stats.range
            target = self.pos(foe)
            in_range = reach is not None and any(
                reach[0] <= abs(target - origin) <= reach[1]
                for origin in kits.attack_origins(self, p))
            if in_range and not self.beat(foe)["avoid"]:
                self._hits(frame, p, foe)
            else:
                why = "is avoided" if in_range else "misses"
                self.say("miss", f"{self.name(p)}'s {self.pair_name(p)} {why}.", seat=p)
                frame["step"] = "after"
                self._push(frame)
        elif step == "damage":
            frame["step"] = "after"
            self._push(frame)
            if self._deal_damage(p, foe) > 0 and self.s["phase"] == Phase.RESOLVE:
                self._push_timing("damage", [p])

    def _hits(self, frame: dict[str, Any], p: int, foe: int) -> None:
        """``p``'s attack hits ``foe``: mark it, then damage once the When Hit and Hit
        triggers have run (they go on the stack above the damage step)."""
        self.beat(p)["hit"] = True
        self.beat(foe)["was_hit"] = True
        self.say("hit", f"{self.pair_name(p)} hits {self.name(foe)}!", seat=p, target=foe)
        frame["step"] = "damage"
        self._push(frame)
        self._push_timing("when_hit", [foe])
        self._push_timing("hit", [p])

    def _run_team_attack(self, frame: dict[str, Any]) -> None:
        """An attack in team play: as in the duel, but the attacker picks its target among
        the nearest enemies in range on each side, who is then "the Opponent" for both
        until the attack ends."""
        p = frame["who"]
        if self.is_out(p):
            return
        step = frame["step"]
        if step == "range":
            targets = self.attack_targets(p, self.stats(p).range, kits.attack_origins(self, p))
            choice = frame.pop("choice", None)
            if choice is None and len(targets) > 1:
                options = [Action(Act.TARGET, (q,), f"Attack {self.name(q)}") for q in targets]
                self._ask(frame, p, options, "Which opponent does the attack hit?")
                return
            if not targets:
                self.say("miss", f"{self.name(p)}'s {self.pair_name(p)} finds no target.",
                         seat=p)
                frame["step"] = "after"
                self._push(frame)
                return
            foe = choice[0] if choice is not None else targets[0]
            frame["target"] = foe
            self.lock_foe(p, foe)
            self.lock_foe(foe, p)
            self._hits(frame, p, foe)
        elif step == "damage":
            foe = frame["target"]
            frame["step"] = "after"
            self._push(frame)
            if not self.is_out(foe) and self._deal_damage(p, foe) > 0 \
                    and self.s["phase"] == Phase.RESOLVE:
                self._push_timing("damage", [p])
        elif step == "done":
            target = frame.get("target")
            self.lock_foe(p, None)
            if target is not None and not self.is_out(target) \
                    and self.player(target)["opp"] == p:
                self.lock_foe(target, None)
        else:
            self._shared_attack_step(frame, p)

    def _shared_attack_step(self, frame: dict[str, Any], p: int) -> None:
        """The steps the duel and team play share: begin (a stunned fighter does not
        attack; else Before) and After."""
        if frame["step"] == "begin":
            if self.beat(p)["stunned"]:
                self.say("stunned", f"{self.name(p)} is stunned and cannot attack.", seat=p)
                return
            frame["step"] = "range"
            self._push(frame)
            self._push_timing("before", [p])
        elif frame["step"] == "after":
            frame["step"] = "done"
            self._push(frame)
            self._push_timing("after", [p])

    def _deal_damage(self, p: int, foe: int) -> int:
        """Damage from ``p``'s hit on ``foe``: Armor soaks first, then stun and defeat."""
        power = self.stats(p).power
        if power is None:
            self.say("damage", f"{self.name(foe)} takes no damage (Power N/A).", seat=foe)
            return 0
        beat = self.beat(foe)
        mine = self.beat(p)
        armor = card_armor(self, foe) + self.total_bonus(foe)["armor"] - beat["armor_used"]
        if mine["ignore_armor"] or beat["vulnerable"]:
            armor = 0  # ignored, so not used up either
        soaked = min(max(0, armor), power)
        beat["armor_used"] += soaked
        damage = power - soaked
        if beat["damage_cap"] is not None:
            damage = min(damage, beat["damage_cap"])
        floor = 1 if beat["cannot_fall_below_1"] else 0
        damage = max(0, min(damage, self.player(foe)["life"] - floor))
        self.player(foe)["life"] -= damage
        beat["damage_taken"] += damage
        beat["took_damage"] = beat["took_damage"] or damage > 0
        armor_note = f" ({soaked} absorbed by Armor)" if soaked else ""
        self.say("damage", f"{self.name(foe)} takes {damage} damage{armor_note}.", seat=foe,
                 amount=damage)
        if self.player(foe)["life"] <= 0 and "teams" in self.s:
            self.eliminate(foe)
            side = self.team_left_standing()
            if side is not None:
                self._finish(self.members(side)[0], f"the team of {self.team_names(side)} "
                             "is the last standing")
            return damage
        if self.player(foe)["life"] <= 0:
            self._finish(p, f"{self.name(foe)} is defeated")
            return damage
        guard = 0 if mine["ignore_guard"] or beat["vulnerable"] else self.stats(foe).guard
        if damage > 0 and beat["damage_taken"] > guard:
            self.stun(foe, f"damage exceeds Guard {guard}")
        return damage

    def _phase_rotate(self) -> None:
        """Recycle: pick up pile 2, pile 1 becomes pile 2, the pair becomes pile 1; Force."""
        for p in self._order():
            pl = self.player(p)
            beat = pl["beat"]
            if beat["finisher_beat"]:
                pl["trashed"].append(pl["pair"]["finisher"])
                pl["discard1"].extend(beat["discarded"])
                self.say("recycle", f"{self.name(p)}'s Finisher leaves the game; discards stay.",
                         seat=p)
            else:
                self._rotate_discards(p, self.pair_ids(p) + beat["discarded"])
            pl["pair"] = None
            beat["discarded"] = []
        numbers = self.content.numbers
        if "teams" in self.s:
            for p in self._order():
                self.gain_force(p, self.team_recycle_gain(p), from_box=True)
            return
        for p in self._order():
            gain = numbers["force_per_beat"]
            if self.player(p)["life"] <= numbers["low_life"]:
                gain += numbers["low_life_bonus"]
            # a pool too small to pay everyone means time over: the box makes up the rest
            self.gain_force(p, gain, from_box=True)

    def _rotate_discards(self, p: int, new_pile: list[str]) -> None:
        pl = self.player(p)
        pl["hand"].extend(pl["discard2"])
        pl["discard2"] = pl["discard1"]
        pl["discard1"] = list(new_pile)

    def _phase_next(self) -> None:
        s = self.s
        if s["final_beat"] and "teams" in s:
            self.team_time_over()
            return
        if s["final_beat"]:
            a, r = self._order()
            la, lr = self.player(a)["life"], self.player(r)["life"]
            winner = a if la > lr else r
            self._finish(winner, f"time over: {self.name(winner)} has more life" if la != lr
                         else f"time over with equal life: the Reactive Player "
                              f"{self.name(winner)} wins")
            return
        if s["pool"] == 0:
            s["final_beat"] = True
            self.say("time", "The Force pool is empty: one final beat.")
        self._begin_beat()

    def _finish(self, winner: int, reason: str) -> None:
        s = self.s
        s["phase"] = Phase.OVER
        s["winner"] = winner
        s["reason"] = reason
        s["stack"] = []
        s["pending"] = None
        self.say("over", f"{self.name(winner)} wins: {reason}.", winner=winner)
