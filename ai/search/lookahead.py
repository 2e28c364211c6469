"""Sampled one-ply lookahead: every candidate action is tried, the position that follows is
played on until it is quiet, and the action with the best expected evaluation is played.

For games where most of what happens after a choice is dice, and a good evaluation judges
the settled position well (Chaostle: a move, then the rolls of the battles and fates it
starts). One iteration of an action:

* copy the root state and apply the action;
* ``settle`` it: while the game's ``quiet`` test says the position is not quiet, play on —
  chance by its odds, a seat by the game's ``rollout_policy`` (else at random) among its
  ``candidates``; by default a position is quiet once no chance decision is waiting, so
  the dice that follow the choice are rolled and the next choice is somebody's;
* value it: the outcome if the game is over (``2 * score - 1``), else the game's
  ``evaluate`` in [-1, 1] (0 without one); with ``depth``, a following choice of the same
  seat is searched the same way (its best action, half the samples).

An action's value is the mean over ``samples`` such iterations; the first sample stands
alone when nothing random followed it, or when the game's ``exact`` hook says the dice
that followed were not the action's doing. With ``common`` every action meets the same
dice (common random numbers), which compares actions more fairly with few samples. Ties go
to a random one of the best. ``refine`` is the place for a game to look more deeply at the
best few (its default keeps the values).

With ``plan`` the lookahead plans the rest of its turn on each of ``samples`` dice streams
(perfect-information Monte Carlo over the turn's dice): stream ``k`` is one sequence of
dice for the whole turn, the same for every action compared. An action is applied and
settled on it, and each following choice of the same seat (up to ``depth`` of them) is
searched on the rest of that stream, every alternative meeting the same next dice, so the
value of an action on a stream is that of its best plan knowing those dice; its value is
the mean over the streams. A plan that rolls no die is worth the same on every stream and
is played once, as is an action the ``exact`` hook vouches for with no choice of its own
after it. With ``shared`` a following choice is one for every stream that reaches the
same position (chosen by its mean over them) rather than each stream's best: a plan
cannot choose what to do on dice it has not yet seen, only on what the dice before the
choice showed. With ``time_cap`` (seconds) a stream is begun only if it is expected to
end within the cap (at least one always is), so under load the agent judges on fewer
streams rather than overrun; the fixed budget (``ARENA_AI_FIXED_BUDGET``) drops the cap.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from ai.agents import SearchAgent
from ai.analysis import Analysis, valued, win_chance
from ai.search.common import (
    QUIESCENCE_LIMIT,
    Candidates,
    Evaluator,
    Quiet,
    RolloutPolicy,
    clamp_unit,
    fits,
    fixed_budget,
    no_chance_pending,
    options,
    settle,
)
from rules.core.actions import Action
from rules.core.state import GameState

#: With ``depth``: the most actions of a following choice that are searched.
FOLLOW_UP_WIDTH = 24

#: ``exact(state, action)``: whether one sample values ``action`` (taken in ``state``)
#: well enough even though dice followed it — they were not the action's own doing (the
#: next player's movement roll after "end turn"), so averaging them only costs time.
Exact = Callable[[GameState, Action], bool]


@dataclass(frozen=True, slots=True)
class LookaheadConfig:
    """The knobs of the sampled lookahead and the game's hooks."""

    samples: int = 4
    #: Following choices of the same seat searched through (0: value the settled position).
    depth: int = 0
    #: Every action meets the same dice (common random numbers).
    common: bool = False
    evaluate: Evaluator | None = None
    #: The game's quiet test; None: quiet once no chance decision is waiting.
    quiet: Quiet | None = None
    #: The most steps played to reach a quiet position.
    quiescence: int = QUIESCENCE_LIMIT
    rollout_policy: RolloutPolicy | None = None
    candidates: Candidates | None = None
    #: The game's ``exact`` hook (see ``Exact``); None: the dice always count.
    exact: Exact | None = None
    #: Plan the rest of the turn on each of ``samples`` dice streams (see the module).
    plan: bool = False
    #: With ``plan``: seconds within which the streams are played (None: all of them).
    time_cap: float | None = None
    #: With ``plan``: a following choice is one for all the streams that reach the same
    #: position, chosen by its mean over them (not the best on each stream).
    shared: bool = False
    #: With ``plan``: the most positions a decision's plans may visit (None: no bound).
    #: The first stream is planned ``depth`` deep on at most its share of them (this over
    #: ``samples``); where it needs more, the whole decision is planned a choice shallower,
    #: tried the same way (one step, no following choice, is never bounded). A count, not
    #: a clock: the same choice on any machine, deep plans only where they are cheap.
    plan_nodes: int | None = None

    def __post_init__(self) -> None:
        if self.samples < 1 or self.depth < 0 or self.quiescence < 0:
            raise ValueError("samples must be at least 1, depth and quiescence not negative")
        if self.time_cap is not None and self.time_cap <= 0:
            raise ValueError(f"a time cap must be positive, not {self.time_cap}")
        if self.plan_nodes is not None and self.plan_nodes < self.samples:
            raise ValueError(f"plan_nodes must be at least samples, not {self.plan_nodes}")


class OverBudget(Exception):
    """A stream's plans would visit more positions than ``plan_nodes`` allows."""


class LookaheadAgent(SearchAgent):
    """Plays the candidate with the best expected evaluation after the dice that follow it
    (see the module's text)."""

    name = "lookahead"

    def __init__(self, seed: int, config: LookaheadConfig | None = None,
                 epsilon: float = 0.0) -> None:
        super().__init__(seed, epsilon)
        self.config = config or LookaheadConfig()
        #: The seed of this decision's common dice (with ``common`` or ``plan``).
        self.dice_seed = 0
        #: With ``plan``: the dice streams the last decision was judged on, and how many
        #: of its own choices deep its plans went (``depth``, or less with ``plan_nodes``).
        self.streams = 0
        self.plan_depth = self.config.depth
        #: The positions the plans have visited, and the most allowed (None: no bound).
        self.nodes = 0
        self.node_limit: int | None = None

    def root_options(self, view: GameState, player: int) -> list[Action]:
        return options(view, player, self.config.candidates)

    def deliberate(self, view: GameState, player: int, legal: list[Action]) -> Analysis:
        config = self.config
        if config.common or config.plan:
            self.dice_seed = self.rng.getrandbits(32)
        if config.plan:
            scored = list(zip(self.planned_values(view, player, legal), range(len(legal)),
                              strict=True))
            d = self.plan_depth
            deep = "one step" if d == 0 else f"{d} choice{'' if d == 1 else 's'} deep"
            note = f"turn plans {deep} on {self.streams} of {config.samples} dice streams"
        else:
            scored = [(self.action_value(view, player, a, config.depth), i)
                      for i, a in enumerate(legal)]
            note = f"sampled lookahead ({config.samples} dice samples a move)"
        scored = self.refine(view, player, legal, scored)
        best = max(scored)[0]
        ties = self.break_ties(view, [i for v, i in scored if v >= best - 1e-9], legal)
        choice = legal[self.rng.choice(ties)]
        values = {legal[i]: win_chance(v) for v, i in scored}
        return valued(choice, values, note, [legal[i] for i in ties])

    def position_value(self, view: GameState, player: int) -> float | None:
        out = view.outcome()
        if out is None and self.config.evaluate is None:
            return None
        return win_chance(self.leaf(view, player))

    def refine(self, view: GameState, player: int, legal: list[Action],
               scored: list[tuple[float, int]]) -> list[tuple[float, int]]:
        """A game's second look at the scored actions ((value, index into ``legal``));
        the default keeps them."""
        return scored

    def break_ties(self, view: GameState, ties: list[int], legal: list[Action]) -> list[int]:
        """Which of the equally best actions (indices into ``legal``) the choice is drawn
        from: a game may prefer some where its evaluation cannot tell them apart; the
        default keeps them all."""
        return ties

    def dice(self, k: int) -> random.Random:
        """The generator for a lookahead's ``k``-th sample: the shared dice with
        ``common``, else the agent's own."""
        return random.Random(self.dice_seed * 64 + k) if self.config.common else self.rng

    # ---- planning the turn on dice streams (``plan``) ------------------------------------------
    def planned_values(self, view: GameState, player: int, legal: list[Action]) -> list[float]:
        """Each action's mean over the dice streams of its plan's value (the best plan on
        each stream, or with ``shared`` one plan for the streams that reach the same
        position); the streams that fit the time cap, ``self.streams`` says how many."""
        config = self.config
        cap = None if fixed_budget() else config.time_cap
        began = time.perf_counter()
        plans: list[list[Plan]] = [[] for _ in legal]
        once: set[int] = set()  # the actions whose plans roll no die of their own
        depth, streams = config.depth, 0
        if config.plan_nodes is not None:
            share = config.plan_nodes // config.samples
            while depth > 0 and not streams:
                try:
                    self.plan_stream(view, player, legal, 0, depth, plans, once, share)
                    streams = 1
                except OverBudget:
                    plans, once, depth = [[] for _ in legal], set(), depth - 1
        self.plan_depth = depth
        for k in range(streams, config.samples):
            if cap is not None and streams and not fits(began, streams, began + cap):
                break
            self.plan_stream(view, player, legal, k, depth, plans, once, None)
            streams += 1
        self.streams = streams
        judge = shared_values if config.shared else best_values
        return [sum(values) / len(values) for values in map(judge, plans)]

    def plan_stream(self, view: GameState, player: int, legal: list[Action], k: int,
                    depth: int, plans: list[list[Plan]], once: set[int],
                    limit: int | None) -> None:
        """Add each action's plan on the ``k``-th dice stream to ``plans`` (once only for
        an action in ``once``, whose plan rolls no die of its own); ``OverBudget`` if the
        plans would visit more than ``limit`` positions."""
        self.nodes, self.node_limit = 0, limit
        try:
            for i, action in enumerate(legal):
                if i in once:
                    continue
                dice = StreamDice(self.dice_seed * 64 + k)
                plan, alone = self.plan_tree(view, player, action, dice, depth)
                if not dice.rolled or alone:
                    once.add(i)
                    plans[i] = [plan]  # worth the same on every stream
                else:
                    plans[i].append(plan)
        finally:
            self.node_limit = None

    def plan_value(self, state: GameState, player: int, action: Action, dice: StreamDice,
                   depth: int) -> tuple[float, bool]:
        """The value for ``player`` of ``action`` and its best plan on ``dice`` (see
        ``plan_tree``), and whether it stands alone."""
        plan, alone = self.plan_tree(state, player, action, dice, depth)
        return best_values([plan])[0], alone

    def plan_tree(self, state: GameState, player: int, action: Action, dice: StreamDice,
                  depth: int) -> tuple[Plan, bool]:
        """``action`` and its plans on ``dice``: the following choices of the same seat, up
        to ``depth``, each alternative meeting the same dice (a leaf's value, or a
        ``Choice``); and whether it stands alone: the game's ``exact`` hook says the dice
        after the action were not its doing and no choice of its own followed."""
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise OverBudget
        s = state.clone()
        s.apply_unchecked(player, action)
        self.settle(s, dice)
        follow = self.follow_ups(s, player, depth)
        if follow:
            mark, draws = dice.getstate(), dice.draws
            options: list[Plan] = []
            for b in follow:
                dice.setstate(mark)
                dice.draws = draws
                options.append(self.plan_tree(s, player, b, dice, depth - 1)[0])
            key = s.state_hash() if draws and self.config.shared else ""
            return Choice(key, options), False
        return self.leaf(s, player), no_chance_pending(s) and self.exact(state, action)

    def action_value(self, state: GameState, player: int, action: Action, depth: int
                     ) -> float:
        """The mean value for ``player`` of taking ``action`` in ``state``."""
        config = self.config
        samples = config.samples if depth == config.depth else max(1, config.samples // 2)
        total = 0.0
        for k in range(samples):
            s = state.clone()
            s.apply_unchecked(player, action)
            rolled = self.settle(s, self.dice(k)) > 0
            total += self.value(s, player, depth)
            if not rolled or (no_chance_pending(s) and self.exact(state, action)):
                return total  # nothing random followed (or nothing of its own): exact
        return total / samples

    def settle(self, state: GameState, dice: random.Random) -> int:
        """Play ``state`` on until it is quiet; the number of steps played."""
        config = self.config
        quiet = config.quiet or no_chance_pending
        return settle(state, dice, quiet, config.quiescence, config.rollout_policy,
                      config.candidates)

    def exact(self, state: GameState, action: Action) -> bool:
        hook = self.config.exact
        return hook is not None and hook(state, action)

    def value(self, state: GameState, player: int, depth: int) -> float:
        """A settled position's value for ``player``; with ``depth``, through its own next
        choice."""
        follow = self.follow_ups(state, player, depth)
        if follow:
            return max(self.action_value(state, player, a, depth - 1) for a in follow)
        return self.leaf(state, player)

    def follow_ups(self, state: GameState, player: int, depth: int) -> list[Action]:
        """The actions of a following choice of ``player``'s searched with ``depth`` left
        (at most ``FOLLOW_UP_WIDTH``); none when no depth is left, the choice is somebody
        else's or the game is over, or there is no choice to make (one action)."""
        d = state.decision()
        if depth <= 0 or d.is_terminal or d.players != (player,):
            return []
        legal = options(state, player, self.config.candidates)
        return legal[:FOLLOW_UP_WIDTH] if len(legal) > 1 else []

    def leaf(self, state: GameState, player: int) -> float:
        """The outcome (``2 * score - 1``) or the evaluation in [-1, 1] (0 without one)."""
        out = state.outcome()
        if out is not None:
            return 2.0 * out.scores[player] - 1.0
        evaluate = self.config.evaluate
        return 0.0 if evaluate is None else clamp_unit(evaluate(state, player))


@dataclass(frozen=True, slots=True)
class Choice:
    """A following choice in a turn plan: the position it is made in (``key``: "" when no
    die has been drawn on the way, so every stream reaches the same position) and each
    alternative's plan."""

    key: str
    options: list[Plan]


#: A turn plan on one stream: a leaf's value, or a following choice.
Plan = float | Choice


def best_values(plans: list[Plan]) -> list[float]:
    """Each stream's value of its plan when every choice is that stream's best."""
    return [plan if isinstance(plan, float) else max(best_values(plan.options))
            for plan in plans]


def shared_values(plans: list[Plan]) -> list[float]:
    """Each stream's value of its plan when a choice is one for all the streams that reach
    the same position: the alternative with the best mean over them."""
    values = [plan if isinstance(plan, float) else 0.0 for plan in plans]
    groups: dict[str, list[int]] = {}
    for k, plan in enumerate(plans):
        if isinstance(plan, Choice):
            groups.setdefault(plan.key, []).append(k)
    for members in groups.values():
        first = plans[members[0]]
        assert isinstance(first, Choice)
        best: list[float] = []
        for b in range(len(first.options)):
            option = [plans[k].options[b] for k in members]  # type: ignore[union-attr]
            got = shared_values(option)
            if not best or sum(got) > sum(best):
                best = got
        for k, value in zip(members, best, strict=True):
            values[k] = value
    return values


class StreamDice(random.Random):
    """One dice stream of a turn plan: the numbers of ``random.Random(seed)``, remembering
    whether any was drawn (a plan that rolled none is worth the same on every stream) and
    how many (``draws``, which a plan puts back with the stream's state)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.rolled = False
        self.draws = 0

    def random(self) -> float:
        self.rolled = True
        self.draws += 1
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        self.rolled = True
        self.draws += 1
        return super().getrandbits(k)
