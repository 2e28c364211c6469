"""Chaostle's agent: the framework's sampled lookahead (``ai.search.lookahead``) with
Chaostle's hooks — its evaluation (evaluation.py), its quiet positions (no die waiting)
and the actions whose dice count — and the settings of each level."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from ai.chaostle.evaluation import (
    DEFAULT_WEIGHTS,
    EXPERT_WEIGHTS,
    HARD_WEIGHTS,
    Weights,
    evaluate,
)
from ai.search.common import scaled_cap, scaled_count, settle
from ai.search.lookahead import (
    Choice,
    LookaheadAgent,
    LookaheadConfig,
    Plan,
    StreamDice,
    best_values,
)
from rules.chaostle.frames import Battle
from rules.chaostle.kinds import Act, Phase
from rules.chaostle.state import ChaostleState
from rules.core import CHANCE, Action
from rules.core.state import GameState

LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 40, "rollout_depth": 0, "epsilon": 0.25, "time_cap": 0.3},
    "normal": {"iterations": 150, "rollout_depth": 0, "time_cap": 0.8},
    "hard": {"iterations": 600, "rollout_depth": 0, "time_cap": 2.5},
    "expert": {"iterations": 2400, "rollout_depth": 0, "time_cap": 2.7},
}

#: The custom agent's settings per level: dice samples per action, own-choice lookahead,
#: chance of a random action, the castle race, common dice, battle odds, how many best
#: moves are valued through the next player's reply (``reply``, default 0), whether
#: the turn is planned on dice streams (``plan``) within a time cap (``time_cap``, seconds),
#: whether a plan's following choice is one for every stream that reaches it
#: (``shared``, default 0), whether plans stop before a battle's choices and a new
#: turn's movement (``short_plans``, default 0), the most positions a decision's plans
#: may visit before it plans a choice shallower (``plan_nodes``, default none),
#: whether a draft pick is among the highest level on offer (``draft_by_level``, default 0),
#: and whether a happiness fate the search values no higher declined is accepted
#: (``accept_ties``, default 0).
AGENT_LEVELS: dict[str, dict[str, float]] = {
    "easy": {"samples": 2, "depth": 0, "epsilon": 0.3, "castle_race": 0, "common": 0,
             "battle_odds": 0},
    "normal": {"samples": 4, "depth": 0, "epsilon": 0.0, "castle_race": 0, "common": 0,
               "battle_odds": 0},
    "hard": {"samples": 8, "depth": 0, "epsilon": 0.0, "castle_race": 1, "common": 0,
             "battle_odds": 0},
    # plans the rest of its turn (its next four choices) on each of 4 dice streams of its
    # own, with the evaluation tuned again (``EXPERT_WEIGHTS``): more dice samples, a look
    # through its next choice on fresh dice, or the reply search did not beat hard; the
    # whole-turn plans did (docs/ai.md, "Strength curves"). Valuing a battle by its odds
    # as soon as it begins (``battle_odds``) cut its plans short and lost (session 26).
    # Its plans stop before a battle's choices and a new turn's move (``short_plans``):
    # 227 of 400 against hard where the full plans won 204 of the same 400 (session 37).
    # Three choices deep instead of two: 227 of 400 where two won 217 (session 39). Four
    # deep where the first stream's plans visit at most 2000 positions, else shallower
    # (``plan_nodes``): 230 of 400 where three deep won 223 (session 40). Its draft picks
    # among the highest level on offer (``draft_by_level``): 231 of 400 where the
    # evaluation's card strength alone won 227 (session 41); it takes a happiness fate the
    # search values no higher declined (``accept_ties``): 229 of 400 where 228 (session 41)
    "expert": {"samples": 4, "depth": 4, "epsilon": 0.0, "castle_race": 1, "common": 1,
               "battle_odds": 0, "plan": 1, "time_cap": 2.5, "short_plans": 1,
               "plan_nodes": 8000, "draft_by_level": 1, "accept_ties": 1},
}

#: The weights per level (the others use ``DEFAULT_WEIGHTS``). The expert's are the tuned
#: ``EXPERT_WEIGHTS`` with the characters beyond the Sanctuary need at half their worth
#: (``rest``): 241 of 400 against hard where the whole worths won 229 (session 41).
LEVEL_WEIGHTS: dict[str, Weights] = {"hard": HARD_WEIGHTS,
                                     "expert": replace(EXPERT_WEIGHTS, rest=0.5)}


def quiet(state: GameState) -> bool:
    """Chaostle's quiet positions (the framework's ``quiet`` hook): no die is waiting to be
    rolled, so the next decision is a seat's or the game is over. A choice inside a battle
    (fight on, a Smoke Screen) is quiet too: the evaluation weighs a battle under way by its
    exact odds."""
    return not state.decision().is_chance


def quiet_or_battling(state: GameState) -> bool:
    """Quiet, or a battle is under way: with ``odds`` a battle is valued by its exact odds
    at once instead of by sampled blows."""
    return quiet(state) or _battle_on(state)


#: The actions that throw dice of their own (a movement roll, a battle and its blows, a
#: strike at the castle, the skills that roll).
DICE_ACTIONS = frozenset((Act.ROLL, Act.BATTLE, Act.FIGHT_ON, Act.CASTLE, Act.BOLT,
                          Act.ARROWS, Act.HEAL, Act.REJUVENATE, Act.FIREWALL, Act.SMOKE))


def exact(state: GameState, action: Action) -> bool:
    """The lookahead's ``exact`` hook: one sample values an action that throws no dice of
    its own — the dice after it (the next player's movement roll after "End turn", the
    escapes at the start of a turn) are not its doing, and the levels were measured
    without averaging them."""
    return action.kind not in DICE_ACTIONS


class ChaostleAgent(LookaheadAgent):
    """The framework's sampled lookahead (``ai.search.lookahead``) with Chaostle's hooks:
    each legal action is scored by its expected evaluation (``evaluate`` with this agent's
    weights, the castle race and threats as set) once the dice that follow it are rolled
    (``quiet``), and with ``depth`` through its own following choices (with ``plan`` on
    dice streams of the whole turn, within ``time_cap`` and ``plan_nodes``; with
    ``shared`` a following choice is one for all the streams that reach it). ``reply`` is
    the one thing of its own: that many best moves of a two-player movement choice are valued
    again through the next player's answer to each of its movement rolls (``refine``;
    with ``plan``, after the rest of the turn played as planned on each stream)."""

    name = "chaostle"

    def __init__(self, seed: int, samples: int = 4, depth: int = 0, epsilon: float = 0.0,
                 castle_race: bool = False, common: bool = False, odds: bool = False,
                 threat: float = 0.0, reply: int = 0, weights: Weights = DEFAULT_WEIGHTS,
                 plan: bool = False, time_cap: float | None = None,
                 shared: bool = False, short_plans: bool = False,
                 plan_nodes: int | None = None, draft_by_level: bool = False,
                 accept_ties: bool = False) -> None:
        judge = partial(evaluate, race=castle_race, threat=threat, weights=weights)
        config = LookaheadConfig(samples=samples, depth=depth, common=common, evaluate=judge,
                                 quiet=quiet_or_battling if odds else quiet, exact=exact,
                                 plan=plan, time_cap=time_cap, shared=shared,
                                 plan_nodes=plan_nodes)
        super().__init__(seed, config, epsilon)
        self.weights = weights
        self.threat = threat
        self.reply = reply  # this many best moves are valued through the next player's reply
        self.castle_race = castle_race
        self.odds = odds  # a battle is valued by its exact odds, not by sampled blows
        self.short_plans = short_plans  # plans stop before battles and a new turn's move
        self.draft_by_level = draft_by_level  # a draft pick among the highest level on offer
        self.accept_ties = accept_ties  # a happiness fate valued as high as declining is taken

    def root_options(self, view: GameState, player: int) -> list[Action]:
        """The framework's candidates; with ``draft_by_level`` a draft pick is searched
        among the characters of the highest level on offer only (``highest_levels``)."""
        legal = super().root_options(view, player)
        return highest_levels(view, legal) if self.draft_by_level else legal

    def break_ties(self, view: GameState, ties: list[int], legal: list[Action]) -> list[int]:
        """With ``accept_ties``, a happiness fate the search values as high declined as
        accepted is accepted (``accepted_if_tied``); any other tie is drawn as before."""
        return accepted_if_tied(ties, legal) if self.accept_ties else ties

    def follow_ups(self, state: GameState, player: int, depth: int) -> list[Action]:
        """The framework's following choice, except that with ``short_plans`` a plan
        stops (its leaf is valued) before a battle's choices and before the movement
        choice of a new turn (the extra turn a three brings): ``plan_stops_before``."""
        legal = super().follow_ups(state, player, depth)
        if self.short_plans and legal and plan_stops_before(state, legal):
            return []
        return legal

    def refine(self, view: GameState, player: int, legal: list[Action],
               scored: list[tuple[float, int]]) -> list[tuple[float, int]]:
        if self.reply and _plans_a_move(view):  # the best few, looked at more deeply
            return [(self._reply_value(view, player, legal[i]), i)
                    for _, i in sorted(scored, reverse=True)[: self.reply]]
        return scored

    # ---- looking at the reply: the rest of my turn, then every roll of the next player --------
    def _reply_value(self, state: GameState, player: int, action: Action) -> float:
        """The value of a move once the rest of this turn is played by the one-step policy
        and the next player has answered each of its movement rolls the same way: an
        expectation over that roll (battles on the way are played out with sampled dice,
        the same dice for every move compared). With ``plan``, see ``_planned_reply``."""
        if self.config.plan:
            return self._planned_reply(state, player, action)
        runs = max(1, self.config.samples // 4)
        total = 0.0
        for k in range(runs):
            s = state.clone()
            s.apply_unchecked(player, action)
            dice = StreamDice(self.dice_seed * 64 + k)
            if self._play_until(s, dice, lambda x: _next_roll(x, player)):
                total += self._over_the_roll(s, player, dice)
            else:
                total += self.leaf(s, player)
            if not dice.rolled:
                return total  # nothing random before the reply: one run is exact
        return total / runs

    def _over_the_roll(self, s: GameState, player: int, dice: random.Random,
                       fresh: int | None = None) -> float:
        """The expectation over the next player's movement roll of the position once it has
        answered by the one-step policy; with ``fresh``, each roll's answer is played on
        dice of its own seeded from it (the same for every move compared)."""
        total = 0.0
        for j, (outcome, p) in enumerate(s.chance_outcomes()):
            t = s.clone()
            t.apply_unchecked(CHANCE, outcome)
            assert isinstance(t, ChaostleState)
            seat = t.current
            answer = dice if fresh is None else random.Random(fresh * 16 + j)
            self._play_until(t, answer, partial(_answered, seat=seat))
            total += p * self.leaf(t, player)
        return total

    # ---- the reply after a planned turn (``plan`` with ``reply``) ------------------------------
    def _planned_reply(self, state: GameState, player: int, action: Action) -> float:
        """The mean over the decision's dice streams of a move's worth once this seat has
        played the rest of its turn as its best plan on that stream chooses (then by the
        one-step policy) and the next player has answered each of its movement rolls by the
        one-step policy, on dice of each stream and roll shared by every move compared."""
        streams = max(1, self.streams)
        depth = self.plan_depth
        total = 0.0
        for k in range(streams):
            seed = self.dice_seed * 64 + k
            plan, _ = self.plan_tree(state, player, action, StreamDice(seed), depth)
            dice = StreamDice(seed)
            s = state.clone()
            s.apply_unchecked(player, action)
            self._settle_turn(s, player, dice)
            self._follow_plan(s, player, dice, plan, depth)
            if self._play_until(s, dice, lambda x: _next_roll(x, player)):
                total += self._over_the_roll(s, player, dice, seed)
            else:
                total += self.leaf(s, player)
        return total / streams

    def _follow_plan(self, s: GameState, player: int, dice: random.Random, plan: Plan,
                     depth: int) -> None:
        """Play ``player``'s following choices as ``plan`` (the action's ``plan_tree`` on
        these dice, ``depth`` deep) chooses them at its best: the same choices, on the same
        dice, as the plan judged. It stops where the next player's roll is due, even if the
        plan went on past it (a skipped turn brings the seat's next choice into the plan)."""
        while isinstance(plan, Choice):
            follow = self.follow_ups(s, player, depth)
            if not follow:
                return
            values = best_values(plan.options)
            best = values.index(max(values))
            s.apply_unchecked(player, follow[best])
            self._settle_turn(s, player, dice)
            plan, depth = plan.options[best], depth - 1

    def _settle_turn(self, s: GameState, player: int, dice: random.Random) -> None:
        """Roll the dice that follow as the plan's ``settle`` does, but stop where the next
        player's movement roll is due (the reply enumerates that roll): every move compared
        is answered from the same point, whether its turn ends by itself or by a choice."""
        config = self.config
        settle(s, dice, lambda x: (config.quiet or quiet)(x) or _next_roll(x, player),
               config.quiescence, config.rollout_policy, config.candidates)

    def _play_until(self, s: GameState, dice: random.Random,
                    stop: Callable[[GameState], bool]) -> bool:
        """Play on with the one-step policy and the given dice until ``stop(s)``; False
        if the game ended first (or it went on too long)."""
        for _ in range(120):
            d = s.decision()
            if d.is_terminal:
                return False
            if stop(s):
                return True
            if d.is_chance:
                s.apply_unchecked(CHANCE, s.sample_chance(dice))
            else:
                who = d.players[0]
                s.apply_unchecked(who, self._one_step(s, who, dice))
        return False

    def _one_step(self, s: GameState, who: int, dice: random.Random) -> Action:
        """The action with the best value after the dice that follow it (one sample)."""
        legal = s.legal_actions(who)
        if len(legal) == 1:
            return legal[0]
        seed = dice.getrandbits(32)
        best, choice = -math.inf, legal[0]
        for a in legal:
            t = s.clone()
            t.apply_unchecked(who, a)
            self.settle(t, random.Random(seed))
            v = self.leaf(t, who)
            if v > best:
                best, choice = v, a
        return choice


#: The choices of a battle: start one, end the turn's battles, fight on or stop.
BATTLE_CHOICES = frozenset((Act.BATTLE, Act.END_BATTLES, Act.FIGHT_ON, Act.END_BATTLE))
#: The choices of a movement roll: move a character, add the card's movement, enter play,
#: leap frog.
MOVE_CHOICES = frozenset((Act.MOVE, Act.CARD, Act.ENTER, Act.FROG))


def plan_stops_before(s: GameState, legal: list[Action]) -> bool:
    """Where a short plan (``short_plans``) stops: a battle's choices, or a movement
    choice before any character has moved this turn, which inside a plan is a new turn's
    (a lucky three's extra turn; the root's own movement choice is never a following
    one). In need-one games the plans that searched these lost to the one-step search,
    and stopping before them measured better at every need (docs/ai.md, session 37)."""
    assert isinstance(s, ChaostleState)
    kinds = {a.kind for a in legal}
    return bool(kinds & BATTLE_CHOICES) or (bool(kinds & MOVE_CHOICES) and not s.turn.mv)


def highest_levels(s: GameState, legal: list[Action]) -> list[Action]:
    """At a pick of a draft the seats choose (free or six points): only the characters of
    the highest level on offer (``draft_by_level``). The evaluation's card strength ranks
    some level-two characters above a level-three one, so the second to pick took the
    Unicorn where the Barbarian was left and lost the level (docs/ai.md, session 41).
    Any other choice is left as it is."""
    if not legal or any(a.kind != Act.PICK for a in legal):
        return legal
    assert isinstance(s, ChaostleState)
    top = max(s.cards[a.args[0]].level for a in legal)
    return [a for a in legal if s.cards[a.args[0]].level == top]


def accepted_if_tied(ties: list[int], legal: list[Action]) -> list[int]:
    """Of equally valued actions (indices into ``legal``), Accept where it ties with
    Decline. Every happiness fate helps its taker (a win, a mercenary, a healing roll,
    double dice, full health, an upgrade, another turn, lifted vibes:
    ``rules.chaostle.fates``), but the evaluation cannot see another turn, double dice or
    lifted vibes, so both levels drew between accepting and declining them (docs/ai.md,
    session 41). Where the search does see a difference, it decides as before."""
    accept = [i for i in ties if legal[i].kind == Act.ACCEPT]
    return accept if accept else ties


def _battle_on(s: GameState) -> bool:
    """A battle is being fought."""
    return isinstance(s, ChaostleState) and any(isinstance(f, Battle) for f in s.queue.frames)


def _plans_a_move(s: GameState) -> bool:
    """A movement choice in a two-player game (where looking at the reply pays)."""
    return isinstance(s, ChaostleState) and s.n == 2 and s.phase == Phase.MOVE and not s.queue


def _next_roll(s: GameState, player: int) -> bool:
    """The next player's movement roll is due."""
    assert isinstance(s, ChaostleState)
    return s.phase == Phase.ROLL and not s.queue and s.current != player


def _answered(s: GameState, *, seat: int) -> bool:
    """``seat`` has moved and fought this turn (or its turn is over)."""
    assert isinstance(s, ChaostleState)
    return s.current != seat or s.phase == Phase.END


def make_agent(level: str, seed: int, scale: float = 1.0) -> ChaostleAgent | None:
    """The Chaostle agent for easy / normal / hard / expert (random uses the generic one);
    ``scale`` multiplies the level's dice samples, time cap and plan bound (a budget
    scale, ``hard*4``)."""
    settings = AGENT_LEVELS.get(level)
    if settings is None:
        return None
    samples = scaled_count(int(settings["samples"]), scale)
    cap, nodes = settings.get("time_cap"), settings.get("plan_nodes")
    return ChaostleAgent(seed, samples, int(settings["depth"]),
                         float(settings["epsilon"]), bool(settings["castle_race"]),
                         bool(settings["common"]), bool(settings["battle_odds"]),
                         reply=int(settings.get("reply", 0)),
                         weights=LEVEL_WEIGHTS.get(level, DEFAULT_WEIGHTS),
                         plan=bool(settings.get("plan", 0)),
                         time_cap=scaled_cap(None if cap is None else float(cap), scale),
                         shared=bool(settings.get("shared", 0)),
                         short_plans=bool(settings.get("short_plans", 0)),
                         plan_nodes=None if nodes is None else scaled_count(int(nodes), scale),
                         draft_by_level=bool(settings.get("draft_by_level", 0)),
                         accept_ties=bool(settings.get("accept_ties", 0)))
