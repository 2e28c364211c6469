"""Battle for Biternia's custom agent: determinized flat Monte Carlo over the best-ordered
candidate actions, on the search framework's ``SearchAgent``.

The framework's ``choose`` plays a forced move at once and, with chance ``epsilon`` (the
easy level's noise), a random legal action. Otherwise ``search``: with no worlds to sample
(easy) the ordering policy's best action; else the best ``candidates`` actions by the
ordering (``root_options``) are each tried in ``worlds`` worlds consistent with the view
(``determinize``: hands, deck order and face-down orders), played on with the ordering
policy for ``depth`` decisions (``ai.search.common.random_step`` with the policy; chance
steps, the setup's shuffles, do not count) and scored with the evaluation; the best
average wins.

Two expert options: ``infer_orders`` gives the other team, in each sampled world, the
face-down orders it would likely have chosen from its hand, and ``measured_draft`` drafts
the Hero with the best measured win rate (``drafting.py``), a choice the playouts cannot
judge (they end before the first fight).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace

from ai.agents import SearchAgent
from ai.analysis import Analysis, single, valued, win_chance
from ai.biternia.drafting import hero_strength, strongest_pick
from ai.biternia.evaluation import DEFAULT_WEIGHTS, Weights, evaluate
from ai.biternia.ordering import action_score, policy_choice, ranked
from ai.search.common import (
    RolloutPolicy,
    acting_seat,
    fits,
    fixed_budget,
    random_step,
    scaled_cap,
    scaled_count,
)
from rules.biternia.kinds import Act
from rules.biternia.state import BiterniaState
from rules.core import CHANCE, Action
from rules.core.state import GameState


@dataclass(frozen=True, slots=True)
class Settings:
    """One level of the custom agent (measured with ``launcher.py bench``)."""

    #: the best-ordered actions tried at the root
    candidates: int
    #: worlds sampled per decision (0: play the ordering policy's choice)
    worlds: int
    #: decisions played on in each world before evaluating
    depth: int
    #: chance of a random action: at the root (easy only) and in the playouts
    noise: float
    #: seconds after which no further world is played (at least one always is); None: no
    #: cap. Dropped under the fixed budget (``ARENA_AI_FIXED_BUDGET``).
    time_cap: float | None = None
    #: in each sampled world, the chance that another team's face-down order is the card
    #: of its hidden ones the ordering rates best for that Hero (else one of them at
    #: random); 0: the orders are dealt at random with the rest of the hidden cards
    infer_orders: float = 0.0
    #: draft the Hero left with the best measured win rate (``drafting.py``) instead of
    #: searching a pick the playouts cannot tell apart
    measured_draft: bool = False

    def scaled(self, scale: float) -> Settings:
        """About ``scale`` times the work (a budget scale, ``hard*4``): the sampled worlds
        and the time cap (the candidates and the playout depth stay the level's)."""
        if scale == 1 or not self.worlds:
            return self
        return replace(self, worlds=scaled_count(self.worlds, scale),
                       time_cap=scaled_cap(self.time_cap, scale))


def policy(noise: float) -> RolloutPolicy:
    """The ordering policy as the framework's playout hook, with ``noise``."""

    def choose(state: GameState, seat: int, legal: list[Action],
               rng: random.Random) -> Action:
        assert isinstance(state, BiterniaState)
        return policy_choice(state, seat, legal, rng, noise)

    return choose


def rollout(s: BiterniaState, depth: int, rng: random.Random, play: RolloutPolicy) -> None:
    """Play on by ``play`` for up to ``depth`` decisions (chance steps are not counted)."""
    steps = 0
    while steps < depth:
        seat = acting_seat(s)
        if seat is None or not random_step(s, rng, play):
            return
        if seat != CHANCE:
            steps += 1


def infer_orders(view: BiterniaState, world: BiterniaState, rng: random.Random,
                 greedy: float) -> None:
    """Re-deal, in ``world`` (sampled from ``view``), each face-down order the view does not
    show: with chance ``greedy`` the card the ordering rates best for that Hero among the
    cards its team holds unseen (the hand's hidden cards and the order itself), else one of
    them at random. The team chose its orders from that hand, so a world where it chose
    well is likelier than one dealt blind. Only cards the view does not show move."""
    for hero in view.hero_order:
        seen = view.heroes[hero]
        if seen.down != "?":
            continue
        v = world.heroes[hero]
        hand = world.seats[v.seat].hand
        hidden = [i for i, c in enumerate(view.seats[v.seat].hand) if c is None]
        if not hidden:
            continue
        # (-1: the order sampled with the rest)
        options = [(-1, v.order)] + [(i, hand[i]) for i in hidden]
        if rng.random() < greedy:
            pick = max(options, key=lambda o: (
                _order_score(world, hero, o[1]), rng.random()))[0]
        else:
            pick = rng.choice(options)[0]
        if pick >= 0:
            hand[pick], v.down = v.order, hand[pick]


def _order_score(world: BiterniaState, hero: str, card: str) -> float:
    return action_score(world, world.heroes[hero].seat, Action(Act.ORDER, (hero, card)))


class BiterniaAgent(SearchAgent):
    """Determinized flat Monte Carlo over the best-ordered candidate actions."""

    name = "biternia"

    def __init__(self, settings: Settings, seed: int, level: str, scale: float = 1.0,
                 weights: Weights = DEFAULT_WEIGHTS) -> None:
        settings = settings.scaled(scale)
        self.weights = weights
        if fixed_budget():
            settings = replace(settings, time_cap=None)
        searching = settings.worlds > 0
        super().__init__(seed, 0.0 if searching else settings.noise)
        self.settings = settings
        self.play = policy(settings.noise)
        # the agent's own stream (the one it has always drawn from)
        self.rng = random.Random(f"biternia:{level}:{seed}")

    def draft_pick(self, view: GameState, player: int) -> Action | None:
        """The measured draft's pick when this is a draft pick and the level drafts so."""
        if not self.settings.measured_draft:
            return None
        return strongest_pick(view.legal_actions(player))

    def root_options(self, view: GameState, player: int) -> list[Action]:
        if (pick := self.draft_pick(view, player)) is not None:
            return [pick]
        legal = view.legal_actions(player)
        if self.settings.worlds == 0 or len(legal) < 2:
            return legal
        assert isinstance(view, BiterniaState)
        return ranked(view, player, legal)[:self.settings.candidates]

    def position_value(self, view: GameState, player: int) -> float | None:
        return win_chance(evaluate(view, player, self.weights))

    def analyse(self, view: GameState, player: int) -> Analysis:
        if (pick := self.draft_pick(view, player)) is not None:
            rate = hero_strength()[pick.args[0]]
            return single(pick, None, f"the strongest Hero left: its team won {rate:.0%} "
                                      f"of measured games")
        return super().analyse(view, player)

    def deliberate(self, view: GameState, player: int, legal: list[Action]) -> Analysis:
        assert isinstance(view, BiterniaState)
        cfg = self.settings
        if not cfg.worlds:
            choice = policy_choice(view, player, legal, self.rng, 0.0)
            return single(choice, None,
                          "the move ordering's pick (no search at this level)")
        worlds = [view.determinize(player, self.rng) for _ in range(cfg.worlds)]
        if cfg.infer_orders:
            for world in worlds:
                infer_orders(view, world, self.rng, cfg.infer_orders)
        seeds = [self.rng.getrandbits(32) for _ in worlds]
        began = time.perf_counter()
        deadline = None if cfg.time_cap is None else began + cfg.time_cap
        totals = [0.0] * len(legal)
        played = 0
        for world, seed in zip(worlds, seeds, strict=True):
            if played and deadline is not None and not fits(began, played, deadline):
                break  # the next world would end past the cap: judge by those played
            for i, action in enumerate(legal):
                trial = world.clone()
                trial.apply_unchecked(player, action)
                # the same playout randomness for every candidate: differences come from
                # the action, not from luck
                rollout(trial, cfg.depth, random.Random(seed), self.play)
                totals[i] += evaluate(trial, player, self.weights)
            played += 1
        best, best_value = legal[0], -2.0
        values: dict[Action, float | None] = {}
        for action, total in zip(legal, totals, strict=True):
            value = total / played
            values[action] = win_chance(value)
            if value > best_value + 1e-9:
                best, best_value = action, value
        return valued(best, values, f"the best {len(legal)} moves by the ordering, each "
                                    f"played on {cfg.depth} decisions in {played} worlds")
