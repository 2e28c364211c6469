"""Monte Carlo tree search (UCT) for every kind of decision in the rules.core contract.

One iteration walks down the tree from a fresh copy of the root state:

* a seat's decision: UCB1 over the legal actions, each scored by the mover's own mean
  reward (max-n: with several seats, every seat maximises its own entry of the reward
  vector ``Outcome.scores``); an action never tried is expanded first, chosen at random;
* a chance decision: the outcome is sampled with its probability, and the tree branches on
  it (one child per listed outcome; a seeded shuffle, whose outcomes are not listed, does
  not branch);
* a simultaneous decision: decoupled UCT. Every seat still to commit picks by UCB1 from
  its own statistics, which count only its own actions, before any of them is applied, so
  no seat's choice can depend on another's commitment. The child is keyed by the joint
  choice. (With ``simultaneous="rm"`` the seats pick by regret matching instead.)

At the first new node the iteration plays on at random for ``rollout_depth`` steps (and on,
with the game's ``quiet`` test, until the position is quiet) and scores the result: the
outcome, or else the game's ``evaluate`` (see ``common``). The reward vector is backed up
along the path.

Selection uses availability counts (how often an action was legal when its node was
visited) in place of the parent's visit count, as information-set search needs
(``ai.search.ismcts``); with perfect information the two are nearly the same.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass
from typing import Any

from ai.agents import SearchAgent
from ai.analysis import Analysis, Option, best_first
from ai.search.common import (
    QUIESCENCE_LIMIT,
    Budget,
    Candidates,
    Determinizer,
    Evaluator,
    Quiet,
    RolloutPolicy,
    SearchView,
    evaluate_rewards,
    options,
    position_chance,
    rollout,
    terminal_rewards,
)
from rules.core.actions import CHANCE, Action
from rules.core.state import DecisionKind, GameState

SIMULTANEOUS_MODES = ("duct", "rm")

#: At a regret-matching root, average-strategy shares below this are exploration noise.
RM_PURIFY = 0.05

#: The chance key for outcomes that are not among the listed ones (seeded shuffles).
UNLISTED = "unlisted chance"


class Edge:
    """Statistics of one action for the seat that takes it."""

    __slots__ = ("visits", "total", "avail")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 1

    def record(self, reward: float) -> None:
        self.visits += 1
        self.total += reward


class RegretTable:
    """Regret matching for one seat at one simultaneous decision (SM-MCTS with regret
    matching, Lanctot, Lisy and Winands 2013). The seat samples from its regret-matching
    mix blended with ``gamma`` uniform exploration; the reward it gets back updates every
    action's regret through an importance-weighted estimate. ``mass`` accumulates the
    mixes, the later ones weighted more (linear averaging, which forgets the noisy early
    rounds faster); normalised it is the average strategy, which approaches an
    equilibrium. ``edges`` keeps each sampled action's count and reward total (for
    ``analyse``; the regrets do not read them)."""

    __slots__ = ("regret", "mass", "rounds", "edges")

    def __init__(self) -> None:
        self.regret: dict[Action, float] = {}
        self.mass: dict[Action, float] = {}
        self.rounds = 0
        self.edges: dict[Action, Edge] = {}

    def pick(self, legal: list[Action], gamma: float, rng: random.Random) -> _RegretStep:
        positive = [max(0.0, self.regret.get(a, 0.0)) for a in legal]
        total = sum(positive)
        k = len(legal)
        sigma = [p / total for p in positive] if total > 0.0 else [1.0 / k] * k
        mixed = [(1.0 - gamma) * p + gamma / k for p in sigma]
        self.rounds += 1
        for action, p in zip(legal, sigma, strict=True):
            self.mass[action] = self.mass.get(action, 0.0) + self.rounds * p
        index = rng.choices(range(k), weights=mixed)[0]
        return _RegretStep(self, legal, mixed[index], index)

    def average(self, legal: list[Action]) -> list[float]:
        weights = [self.mass.get(a, 0.0) for a in legal]
        total = sum(weights)
        return [w / total for w in weights] if total > 0.0 else [1.0 / len(legal)] * len(legal)


class _RegretStep:
    """One pick from a ``RegretTable``, waiting for its reward."""

    __slots__ = ("table", "legal", "prob", "index")

    def __init__(self, table: RegretTable, legal: list[Action], prob: float, index: int):
        self.table, self.legal, self.prob, self.index = table, legal, prob, index

    @property
    def action(self) -> Action:
        return self.legal[self.index]

    def record(self, reward: float) -> None:
        self.table.edges.setdefault(self.action, Edge()).record(reward)
        estimate = reward / self.prob
        regret = self.table.regret
        for k, action in enumerate(self.legal):
            gain = estimate if k == self.index else 0.0
            regret[action] = regret.get(action, 0.0) + gain - reward


class Node(Edge):
    """A tree node; as an edge it holds the statistics of the action that leads here.

    At a simultaneous decision, ``seats`` holds each committing seat's own statistics
    (decoupled UCT) or ``tables`` its regret table (regret matching)."""

    __slots__ = ("children", "seats", "tables", "listed")

    def __init__(self) -> None:
        super().__init__()
        self.children: dict[Hashable, Node] = {}
        #: At a chance decision: whether its outcomes are listed (decided on first visit).
        self.listed: bool | None = None
        self.seats: dict[int, dict[Action, Edge]] | None = None
        self.tables: dict[int, RegretTable] | None = None


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """The knobs of a tree search."""

    iterations: int = 400
    time_cap: float | None = None
    exploration: float = 0.7
    rollout_depth: int = 40
    evaluate: Evaluator | None = None
    #: The game's playout policy (``rollout_action``); None plays uniformly at random.
    rollout_policy: RolloutPolicy | None = None
    #: The game's pruning (``candidates``): the actions searched at each decision, in the
    #: tree, in playouts and at the root. None searches every legal action.
    candidates: Candidates | None = None
    #: The game's copy of a view to search from (``search_view``); None uses the view.
    search_view: SearchView | None = None
    #: The game's sampling of a world from a view (``Determinizer``); None uses the view's
    #: own ``determinize``.
    determinize: Determinizer | None = None
    #: The game's quiet test (``quiet``): a playout that reaches its ``rollout_depth`` on a
    #: position that is not quiet plays on (at most ``quiescence`` more steps) until it is,
    #: so no leaf is judged half-way through an exchange. None judges every leaf at once.
    quiet: Quiet | None = None
    quiescence: int = QUIESCENCE_LIMIT
    #: At a simultaneous root, play a visit-weighted random choice (a mixed strategy, so
    #: that the choice cannot be read) among the actions visited at least ``mix_floor``
    #: times as often as the most visited one; 1.0 plays the most visited.
    mix_floor: float = 0.5
    #: How simultaneous decisions are searched: "duct" (decoupled UCT) or "rm" (regret
    #: matching, whose average strategy approaches an equilibrium; the root then plays
    #: a draw from that average, leaving out shares below ``RM_PURIFY``).
    simultaneous: str = "duct"
    #: The uniform exploration blended into regret matching's mix.
    rm_exploration: float = 0.2
    #: The share of iterations in which another seat learns (``ai.search.ismcts``): their
    #: world is drawn from that seat's own view, and only its decisions' statistics are
    #: updated. 0.0 is single-observer search, where every seat learns in the searching
    #: seat's worlds.
    seat_worlds: float = 0.0

    def __post_init__(self) -> None:
        if self.simultaneous not in SIMULTANEOUS_MODES:
            raise ValueError(
                f"simultaneous must be one of {', '.join(SIMULTANEOUS_MODES)}, "
                f"not {self.simultaneous!r}"
            )
        if not 0.0 <= self.seat_worlds < 1.0:
            raise ValueError(f"seat_worlds must be at least 0 and below 1, "
                             f"not {self.seat_worlds!r}")
        if self.seat_worlds and self.simultaneous != "duct":
            raise ValueError("seat_worlds needs simultaneous decisions searched by 'duct'")

    def budget(self) -> Budget:
        return Budget(self.iterations, self.time_cap)


def _follow_pick(
    stats: dict[Action, Edge] | dict[Hashable, Node],
    legal: list[Action],
    exploration: float,
) -> Action | None:
    """A seat that is not learning in this iteration plays as its statistics stand (UCB1
    over its tried actions, counting nothing); None where it has tried none (the tree's
    edge for this iteration: the position is judged there)."""
    tried = [a for a in legal if a in stats and stats[a].visits > 0]
    if not tried:
        return None
    return max(tried, key=lambda a: _ucb(stats[a], exploration))


def _ucb(edge: Edge, exploration: float) -> float:
    """UCB1 of a tried edge, exploring by its availability count."""
    return edge.total / edge.visits + exploration * math.sqrt(
        math.log(edge.avail) / edge.visits)


def _ucb_pick(
    stats: dict[Action, Edge] | dict[Hashable, Node],
    legal: list[Action],
    exploration: float,
    rng: random.Random,
) -> tuple[Action, bool]:
    """UCB1 with availability counts; an untried action first (one with no edge yet, or
    an edge only other seats' iterations walked through). Returns (action, is_new): new when
    the action had no edge."""
    untried = []
    for action in legal:
        edge = stats.get(action)
        if edge is None or edge.visits == 0:
            untried.append(action)
        if edge is not None:
            edge.avail += 1
    if untried:
        action = rng.choice(untried)
        return action, action not in stats
    best, best_score = legal[0], -math.inf
    for action in legal:
        score = _ucb(stats[action], exploration)
        if score > best_score:
            best, best_score = action, score
    return best, False


class TreeSearch:
    """UCT with chance and simultaneous nodes; ``make_state`` gives each iteration's
    starting state (a copy of a perfect-information state, or a fresh determinization)."""

    def __init__(self, config: SearchConfig, rng: random.Random) -> None:
        self.config = config
        self.rng = rng
        #: The seat learning in the current iteration (None: every seat).
        self.learner: int | None = None

    def run(self, make_state: Callable[[], GameState],
            make_world: Callable[[], tuple[GameState, int]] | None = None) -> Node:
        """The root after the budget's iterations. Each starts from ``make_state()``, or,
        given ``make_world``, from its (state, learner): only the learner's statistics are
        updated in that iteration, the other seats playing as theirs stand."""
        root = Node()
        for _ in self.config.budget().ticks():
            if make_world is None:
                self.iterate(root, make_state())
            else:
                self.iterate(root, *make_world())
        return root

    def iterate(self, root: Node, state: GameState, learner: int | None = None) -> None:
        self.learner = learner
        node = root
        path: list[tuple[Edge | _RegretStep, int]] = []
        while True:
            decision = state.decision()
            if decision.kind is DecisionKind.TERMINAL:
                rewards = terminal_rewards(state) or evaluate_rewards(state, None)
                break
            if decision.kind is DecisionKind.CHANCE:
                node = self._chance_step(node, state)
                continue
            if decision.kind is DecisionKind.SIMULTANEOUS:
                node, is_new = self._simultaneous_step(node, state, decision.players, path)
            else:
                node, is_new = self._player_step(node, state, decision.players[0], path)
            if is_new:
                config = self.config
                rewards = rollout(state, self.rng, config.rollout_depth, config.evaluate,
                                  config.rollout_policy, config.candidates, config.quiet,
                                  config.quiescence)
                break
        for step, seat in path:
            if self.learns(seat):
                step.record(rewards[seat])

    def learns(self, seat: int) -> bool:
        """Whether ``seat``'s statistics are updated in the current iteration."""
        return self.learner is None or seat == self.learner

    def _chance_step(self, node: Node, state: GameState) -> Node:
        action = state.sample_chance(self.rng)
        if node.listed is None:
            node.listed = any(a == action for a, _ in state.chance_outcomes())
        key: Hashable = action if node.listed else UNLISTED
        state.apply_unchecked(CHANCE, action)
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = Node()
        return child

    def _player_step(
        self, node: Node, state: GameState, seat: int, path: list[tuple[Edge | _RegretStep, int]]
    ) -> tuple[Node, bool]:
        legal = options(state, seat, self.config.candidates)
        if not legal:  # a broken position: score it where it stands
            return node, True
        if self.learns(seat):
            action, is_new = _ucb_pick(node.children, legal, self.config.exploration, self.rng)
        else:
            followed = _follow_pick(node.children, legal, self.config.exploration)
            if followed is None:  # beyond what this seat has learnt: judge it here
                return node, True
            action, is_new = followed, False
        child = node.children.get(action)
        if child is None:
            child = node.children[action] = Node()
        state.apply_unchecked(seat, action)
        path.append((child, seat))
        return child, is_new

    def _simultaneous_step(
        self,
        node: Node,
        state: GameState,
        seats: tuple[int, ...],
        path: list[tuple[Edge | _RegretStep, int]],
    ) -> tuple[Node, bool]:
        choices: list[tuple[int, Action]] = []
        per_seat = [options(state, seat, self.config.candidates) for seat in seats]
        if not all(per_seat):  # a broken position: score it where it stands
            return node, True
        for seat, legal in zip(seats, per_seat, strict=True):  # all pick, then all apply
            if not self.learns(seat):
                # a seat not learning plays as its statistics stand, or, having tried
                # nothing here, at random: stopping would leave the learner, who decides
                # at the same node, nothing to learn from
                stats = node.seats.get(seat, {}) if node.seats is not None else {}
                followed = _follow_pick(stats, legal, self.config.exploration)
                action = self.rng.choice(legal) if followed is None else followed
            elif self.config.simultaneous == "rm":
                action = self._regret_pick(node, seat, legal, path)
            else:
                action = self._decoupled_pick(node, seat, legal, path)
            choices.append((seat, action))
        for seat, action in choices:
            state.apply_unchecked(seat, action)
        key = tuple(choices)
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = Node()
            return child, True
        return child, False


    def _decoupled_pick(
        self, node: Node, seat: int, legal: list[Action], path: list[tuple[Edge | _RegretStep, int]]
    ) -> Action:
        if node.seats is None:
            node.seats = {}
        stats = node.seats.setdefault(seat, {})
        action, _ = _ucb_pick(stats, legal, self.config.exploration, self.rng)
        path.append((stats.setdefault(action, Edge()), seat))
        return action

    def _regret_pick(
        self, node: Node, seat: int, legal: list[Action], path: list[tuple[Edge | _RegretStep, int]]
    ) -> Action:
        if node.tables is None:
            node.tables = {}
        table = node.tables.setdefault(seat, RegretTable())
        step = table.pick(legal, self.config.rm_exploration, self.rng)
        path.append((step, seat))
        return step.action


def root_choice(
    root: Node, player: int, legal: list[Action], rng: random.Random, mix_floor: float
) -> Action:
    """The action to play (see ``root_analysis``)."""
    return root_analysis(root, player, legal, rng, mix_floor).choice


def root_analysis(
    root: Node, player: int, legal: list[Action], rng: random.Random, mix_floor: float
) -> Analysis:
    """The action to play, with the root's statistics as an ``Analysis``: the most visited
    action (ties: the better mean); at a simultaneous root a visit-weighted draw among the
    actions visited at least ``mix_floor`` times as often as the most visited one; at a
    regret-matching root a draw from the average strategy. Values are mean rewards (win
    chances); the position's value is the mean over all the player's root visits; shares
    are visit shares, or at a simultaneous root the probabilities the draw used."""
    if root.tables is not None and player in root.tables:
        table = root.tables[player]
        mix = table.average(legal)
        weights = [p if p >= RM_PURIFY else 0.0 for p in mix]
        played = weights if sum(weights) > 0.0 else mix
        choice = rng.choices(legal, weights=played)[0]
        return _analysis(choice, legal, table.edges, _normalised(played), True,
                         "regret matching's average strategy")
    simultaneous = root.seats is not None and player in root.seats
    stats: Mapping[Any, Edge] = (root.seats[player] if root.seats is not None and simultaneous
                                 else root.children)
    tried = [a for a in legal if a in stats and stats[a].visits > 0]
    if not tried:
        choice = rng.choice(legal)
        return _analysis(choice, legal, stats, [1.0 / len(legal)] * len(legal), simultaneous,
                         "no root action was searched: a uniform draw")
    if simultaneous and mix_floor < 1.0:
        floor = mix_floor * max(stats[a].visits for a in tried)
        pool = [a for a in tried if stats[a].visits >= floor]
        choice = rng.choices(pool, weights=[stats[a].visits for a in pool])[0]
        played = [float(stats[a].visits) if a in pool else 0.0 for a in legal]
        return _analysis(choice, legal, stats, _normalised(played), True,
                         "decoupled UCT: a visit-weighted mix of the most visited")
    choice = max(tried, key=lambda a: (stats[a].visits, stats[a].total / stats[a].visits))
    visits = [float(stats[a].visits) if a in stats else 0.0 for a in legal]
    return _analysis(choice, legal, stats, _normalised(visits), False,
                     "tree search: visit shares and mean results")


def _normalised(weights: list[float]) -> list[float]:
    total = sum(weights)
    return [w / total for w in weights] if total > 0.0 else [1.0 / len(weights)] * len(weights)


def _analysis(choice: Action, legal: list[Action], stats: Mapping[Any, Edge],
              shares: list[float], mixed: bool, note: str) -> Analysis:
    """Options from root edges: each action's mean reward (None if never tried) and share;
    the position's value is the mean reward over every visit of the root's actions."""
    options = []
    visits, total = 0, 0.0
    for action, share in zip(legal, shares, strict=True):
        edge = stats.get(action)
        tried = edge is not None and edge.visits > 0
        if edge is not None:
            visits += edge.visits
            total += edge.total
        options.append(Option(action, edge.total / edge.visits if tried and edge else None,
                              share))
    value = total / visits if visits else None
    return Analysis(choice, value, best_first(options), mixed, note)


class TreeSearchAgent(SearchAgent):
    """What the tree searches share: a ``SearchConfig``, the root's options from its
    ``candidates`` hook and the view searched through its ``search_view`` hook."""

    def __init__(self, seed: int, config: SearchConfig | None = None, epsilon: float = 0.0):
        super().__init__(seed, epsilon)
        self.config = config or SearchConfig()

    def root_options(self, view: GameState, player: int) -> list[Action]:
        return options(view, player, self.config.candidates)

    def searched_view(self, view: GameState) -> GameState:
        """The view the search starts from (``search_view``'s, if the game has one)."""
        hook = self.config.search_view
        return view if hook is None else hook(view)


class MCTSAgent(TreeSearchAgent):
    """UCT on a perfect-information state. On a game with hidden parts it searches one
    determinization of its view (sampled once per decision); prefer ``ISMCTSAgent`` there."""

    name = "mcts"

    def deliberate(self, view: GameState, player: int, legal: list[Action]) -> Analysis:
        state = self.searched_view(view).determinize(player, self.rng)
        root = TreeSearch(self.config, self.rng).run(state.clone)
        return root_analysis(root, player, legal, self.rng, self.config.mix_floor)

    def position_value(self, view: GameState, player: int) -> float | None:
        return position_chance(view, player, self.config.evaluate)
