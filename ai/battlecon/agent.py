"""The matrix-game agent: each beat's simultaneous attack choice solved as a zero-sum game.

At Set it fills a payoff matrix (my possible pairs x the foe's possible pairs) by playing
the beat out for every cell, in-beat choices resolved greedily by the evaluation, scores
each result with ``evaluate``, solves for the mixed equilibrium and samples its pair from
it. A Clash is the same game over the Bases in hand. At Ante it weighs each Overload or UA
ante against passing over the foe's likely pairs (the equilibrium's column mix); in-beat
choices look ahead to the end of the beat (and, with ``beat_ahead`` or ``ante_ahead``,
the in-beat choices or the antes a beat further, by the next beat's matrix game).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import TypeVar

from ai.agents import SearchAgent
from ai.analysis import Analysis, single, strategy, valued, win_chance
from ai.battlecon.evaluation import evaluate
from ai.measured import measured_rates
from ai.search.common import fits, fixed_budget, scaled_cap, scaled_count
from ai.search.matrix import fill_by_columns, solve_zero_sum
from rules.battlecon.kinds import Act, Phase
from rules.battlecon.model import Pair
from rules.battlecon.state import BattleconState
from rules.core.actions import Action
from rules.core.state import GameState

T = TypeVar("T")

#: Safety stop for playing a beat out (a beat needs far fewer decisions).
BEAT_STEPS = 400
#: Inside a played-out beat, at most this many options of one choice are tried (spread
#: evenly over the list): Hayden's "spend any" can offer dozens.
GREEDY_WIDTH = 8
#: Phases before the fighters are fully set up, which the evaluation cannot judge.
UNJUDGED = frozenset((Phase.FIRST, Phase.PLACE, Phase.SETUP, Phase.DISCARDS))
#: A strategy share below this is exploration noise, not part of the equilibrium's support.
SUPPORT_SHARE = 1e-3


@dataclass(frozen=True)
class Settings:
    """One level: how much of the matrix to fill and how hard to think inside a beat."""

    max_rows: int = 64  # my candidate pairs (sampled down when there are more)
    max_cols: int = 64  # the foe's candidate pairs
    ante_samples: int = 6  # foe pairs sampled to judge an ante
    lookahead: bool = True  # in-beat choices played to the end of the beat (else greedy)
    epsilon: float = 0.0  # chance of a random legal action
    time_cap: float | None = None  # seconds for filling one matrix (None: no cap)
    deepen: int = 0  # refine the equilibrium's likeliest cells with a second beat (k x k)
    antes_in_cells: bool = False  # matrix cells play the Ante out instead of passing
    next_size: int = 0  # pairs per side in the second beat's sampled game (0: deepen)
    #: the second beat's game as this many of my pairs (sampled) against every pair the
    #: foe can set there (0: ``next_size`` sampled a side): its value can only err low
    refine_mine: int = 0
    refine_rounds: int = 1  # re-solve and refine the new support this many times
    deepen_cap: float | None = None  # seconds for the whole Set decision once deepening
    #: in-beat choices judged by the next beat's matrix game (at most this many pairs a
    #: side; 0: by the end of the beat only), the options best at the beat's end first
    beat_ahead: int = 0
    beat_ahead_options: int = 4  # at most this many options looked at a beat further
    #: set the Finisher that won more often in measured duels (else one of the two evenly)
    finisher_by_strength: bool = False
    #: the cells the second beat did not refine move by the refined cells' mean change,
    #: so the equilibrium is not drawn to them by the two kinds of value differing in level
    level_unrefined: bool = False
    #: my Set mix leans by this share on the foe playing the equilibrium of the matrix
    #: valued at the beat's end (a foe who looks one beat ahead), the rest on the worst
    #: case (``lean_on``; 0: the plain equilibrium)
    foe_model: float = 0.0
    #: matrix cells play every in-beat choice of two or more options to the beat's end
    #: (as a fighter with ``lookahead`` does), not only the triggers: else greedily
    cell_foresee: bool = False
    #: each Ante option judged by the next beat's matrix game (this many pairs a side,
    #: sampled once a foe world) instead of the position at the beat's end (0)
    ante_ahead: int = 0

    def scaled(self, scale: float) -> Settings:
        """These settings with about ``scale`` times the work (a budget scale, ``hard*4``):
        the Set matrix's cells (rows and columns by the square root, as the sides of
        ``beat_ahead``'s and ``ante_ahead``'s next-beat games), the foe pairs sampled at
        an Ante, the second beat's work (the refined support and the sampled game's side,
        each by the fourth root: cells times cells) and the time caps."""
        if scale == 1:
            return self
        root, quarter = math.sqrt(scale), scale ** 0.25
        return replace(self, max_rows=scaled_count(self.max_rows, root),
                       max_cols=scaled_count(self.max_cols, root),
                       ante_samples=scaled_count(self.ante_samples, scale),
                       deepen=scaled_count(self.deepen, quarter) if self.deepen else 0,
                       next_size=(scaled_count(self.next_size, quarter) if self.next_size
                                  else 0),
                       refine_mine=(scaled_count(self.refine_mine, quarter)
                                    if self.refine_mine else 0),
                       beat_ahead=(scaled_count(self.beat_ahead, root) if self.beat_ahead
                                   else 0),
                       ante_ahead=(scaled_count(self.ante_ahead, root) if self.ante_ahead
                                   else 0),
                       time_cap=scaled_cap(self.time_cap, scale),
                       deepen_cap=scaled_cap(self.deepen_cap, scale))


def _spread(options: list[Action], width: int) -> list[Action]:
    """At most ``width`` of ``options``, spread evenly over the list."""
    if len(options) <= width:
        return options
    step = len(options) / width
    return [options[int(i * step)] for i in range(width)]


def _greedy(world: BattleconState, who: int, options: list[Action],
            score: Callable[[BattleconState, int], float] = evaluate,
            width: int = GREEDY_WIDTH) -> Action:
    """The option whose immediate result ``score`` likes best for ``who`` (at most
    ``width`` options, spread over the list, are tried)."""
    return _greedy_scores(world, who, options, score, width)[0]


def _greedy_scores(world: BattleconState, who: int, options: list[Action],
                   score: Callable[[BattleconState, int], float] = evaluate,
                   width: int = GREEDY_WIDTH) -> tuple[Action, dict[Action, float]]:
    """``_greedy``'s choice and the score of each option it tried."""
    options = _spread(options, width)
    best, best_value = options[0], -2.0
    scores: dict[Action, float] = {}
    for action in options:
        trial = world.clone()
        trial.apply_unchecked(who, action)
        value = scores[action] = score(trial, who)
        if value > best_value:
            best, best_value = action, value
    return best, scores


def _greedy_analysis(world: BattleconState, who: int, options: list[Action],
                     score: Callable[[BattleconState, int], float] = evaluate,
                     width: int = GREEDY_WIDTH) -> Analysis:
    """``_greedy`` as an analysis: each tried option valued by its immediate result."""
    best, scores = _greedy_scores(world, who, options, score, width)
    return valued(best, {a: win_chance(v) for a, v in scores.items()},
                  "greedy: each option's immediate result")


def _matrix_analysis(choice: Action, rows: list[Action], payoff: list[list[float]],
                     row_mix: list[float], col_mix: list[float], value: float, what: str
                     ) -> Analysis:
    """A solved matrix game as an analysis: each row's probability in the equilibrium,
    its value against the other side's equilibrium mix, and the game's value."""
    against = [sum(q * v for q, v in zip(col_mix, line, strict=True)) for line in payoff]
    return strategy(choice, [(a, p, win_chance(v))
                             for a, p, v in zip(rows, row_mix, against, strict=True)],
                    win_chance(value), what)


def _clash_base(world: BattleconState, who: int) -> Action:
    """Quick clash play: the Base that gives the highest Priority."""
    options = world.legal_actions(who)
    pair = world.player(who).pair

    def priority(action: Action) -> int:
        base = world.card(action.args[0])
        return base["priority"] if pair is not None else 0

    return max(options, key=priority)


def _foresee(world: BattleconState, who: int, options: list[Action], depth: int,
             width: int | None = None, then: int | None = None) -> Action:
    """The option that leaves ``who`` best off at the end of the beat (nested play-out,
    at ``then`` depth: one less than ``depth`` unless given); with ``width`` at most that
    many options, spread over the list, are tried."""
    if width is not None:
        options = _spread(options, width)
    rest = depth - 1 if then is None else then
    best, best_value = options[0], -2.0
    for action in options:
        trial = world.clone()
        trial.apply_unchecked(who, action)
        value = evaluate(finish_beat(trial, rest, antes=False), who)
        if value > best_value:
            best, best_value = action, value
    return best


def finish_beat(world: BattleconState, depth: int = 1, antes: bool = False,
                foresee: bool = False) -> BattleconState:
    """Play the current beat to its end (next Set or the end of the duel), in place:
    both pass at Ante (or, with ``antes``, each takes the ante that pays best by the end
    of the beat), clashes take the fastest Base, in-beat choices are greedy except
    whether and in which order to use triggers (a Finisher pays off only later in the
    beat): those look to the end of the beat while ``depth`` lasts, and with ``foresee``
    every other in-beat choice too (at most ``GREEDY_WIDTH`` of its options), each
    option's rest of the beat played as without ``foresee`` (so as a fighter with
    ``lookahead`` judges its own choice)."""
    beat = world.beat_no
    for _ in range(BEAT_STEPS):
        d = world.decision()
        phase = world.phase
        if d.is_terminal or (phase == Phase.SET and world.beat_no != beat):
            break
        who = d.players[0]
        if phase == Phase.ANTE:
            options = world.legal_actions(who)
            if antes and depth > 0 and len(options) > 1:
                world.apply_unchecked(who, _foresee(world, who, options, depth))
            else:
                world.apply_unchecked(who, Action(Act.PASS))
        elif phase == Phase.CLASH:
            world.apply_unchecked(who, _clash_base(world, who))
        elif phase == Phase.SET:
            break
        else:
            options = world.legal_actions(who)
            if len(options) == 1:
                choice = options[0]
            elif depth > 0 and options[0].kind == Act.TRIGGER:
                choice = _foresee(world, who, options, depth)
            elif depth > 0 and foresee:
                # as a looking-ahead fighter: the rest of the beat as ``finish_beat`` plays it
                choice = _foresee(world, who, options, depth, GREEDY_WIDTH, then=depth)
            else:
                choice = _greedy(world, who, options)
            world.apply_unchecked(who, choice)
    return world


def _sample(rng: random.Random, items: list[T], k: int) -> list[T]:
    return items if len(items) <= k else rng.sample(items, k)


def _support(mix: list[float], k: int, top: bool) -> list[int]:
    """The k likeliest indices of ``mix``; with ``top`` false only those really played."""
    order = sorted(range(len(mix)), key=lambda i: -mix[i])[:k]
    return order if top else [i for i in order if mix[i] > SUPPORT_SHARE]


#: Each Finisher's measured record, with its provenance (the expert's Finisher choice).
FINISHER_FILE = Path(__file__).with_name("data") / "finisher_strength.toml"


@cache
def finisher_strength() -> dict[str, float]:
    """Each Finisher's measured share of wins (its fighter's points over its duels)."""
    return measured_rates(FINISHER_FILE, "finishers")


def setup_choice(view: BattleconState, player: int, legal: list[Action],
                 rng: random.Random, by_strength: bool = False) -> Analysis:
    """A choice no search looks at: chosen initial discards (the kit's suggested pair for
    that pile when possible), else a uniformly mixed pick (the Finisher and Hayden's setup
    choice, made in secret); with ``by_strength`` the Finisher is the one that won more
    often in measured duels (``finisher_strength``), Hayden's setup choice still mixed
    evenly. No estimate."""
    if view.phase == Phase.DISCARDS:
        pile = view.player(player).discards_left
        suggested = tuple(view.fighter(player)[f"discard{pile}"])
        choice = next((a for a in legal if a.args == suggested), rng.choice(legal))
        return single(choice, None, "the fighter's suggested initial discards")
    if by_strength and all(a.kind == Act.SETUP for a in legal):
        rates = finisher_strength()
        best = max(rates.get(a.args[0], 0.0) for a in legal)
        top = [a for a in legal if rates.get(a.args[0], 0.0) == best]
        return strategy(rng.choice(top), [(a, 1 / len(top), None) for a in top], None,
                        "the Finisher that won more often in measured duels")
    # made in secret and judged by no search: every choice as likely (a hint says so)
    return strategy(rng.choice(legal), [(a, 1 / len(legal), None) for a in legal], None,
                    "every choice as likely: no search judges this one")


def level_unrefined(payoff: list[list[float]], beat_end: list[list[float]],
                    refined: set[tuple[int, int]]) -> None:
    """Move every cell not in ``refined`` from its value at the beat's end
    (``beat_end``) by the mean change refinement made to the refined cells, in place.
    A refined cell is valued by the next beat's game and the others by the evaluation at
    the beat's end; where the two differ in level across the board (the next beat's game
    finds the position worse for both pairs alike, say) the equilibrium would otherwise
    leave the cells it has looked at for those it has not. A cell whose beat ends the duel
    (valued exactly 1 or -1, which only a decided duel is) has no next beat: it is neither
    counted nor moved, and a moved cell stays inside [-1, 1]."""
    changes = [payoff[i][j] - beat_end[i][j] for i, j in refined
               if abs(beat_end[i][j]) < 1.0]
    shift = sum(changes) / len(changes) if changes else 0.0
    for i, line in enumerate(beat_end):
        for j, value in enumerate(line):
            if (i, j) not in refined and abs(value) < 1.0:
                payoff[i][j] = max(-1.0, min(1.0, value + shift))


def lean_on(payoff: list[list[float]], foe_mix: list[float], share: float) -> list[float]:
    """My mix that maximizes ``share`` times its value against the foe's ``foe_mix`` plus
    the rest times its worst case (a restricted Nash response): the equilibrium row mix
    of the game whose cells are that blend of a cell and its row's value against
    ``foe_mix``. With a small share it picks, among mixes about as safe as the
    equilibrium, the one that does best against the expected foe."""
    if share <= 0:
        return solve_zero_sum(payoff)[0]
    expected = [sum(q * v for q, v in zip(foe_mix, line, strict=True)) for line in payoff]
    blend = [[(1 - share) * v + share * e for v in line]
             for line, e in zip(payoff, expected, strict=True)]
    return solve_zero_sum(blend)[0]


def world_means(worlds: list[BattleconState], options: list[Action],
                value: Callable[[BattleconState, Action], float], deadline: float | None
                ) -> tuple[dict[Action, float], int]:
    """Each option's mean ``value`` over sampled worlds, played world by world (every
    option in a world, then the next world), and how many worlds were played. With a
    ``deadline`` (``time.perf_counter``) a world is started only if it is expected to end
    by it (``fits``); the first always is. So every option is judged on the same worlds."""
    totals = dict.fromkeys(options, 0.0)
    began, played = time.perf_counter(), 0
    for world in worlds:
        if deadline is not None and played and not fits(began, played, deadline):
            break
        for action in options:
            totals[action] += value(world, action)
        played += 1
    return {a: t / played for a, t in totals.items()}, played


def best_of(options: list[Action], values: dict[Action, float], start: float) -> Action:
    """The first option whose value beats ``start`` and every option before it."""
    best, best_value = options[-1], start
    for action in options:
        if values[action] > best_value + 1e-9:
            best, best_value = action, values[action]
    return best


def _mixed_choice(rng: random.Random, actions: list[Action], weights: list[float]) -> Action:
    r = rng.random() * sum(weights)
    for action, w in zip(actions, weights, strict=True):
        r -= w
        if r <= 0:
            return action
    return actions[-1]


class BattleconAgent(SearchAgent):
    """Plays BattleCON as a game theorist: see the module docstring. The framework's
    ``SearchAgent.choose`` plays a forced move at once and the level's ``epsilon`` noise;
    ``search`` is the matrix game (or the Ante, Clash and in-beat look-ahead)."""

    name = "battlecon-matrix"

    def __init__(self, seed: int, settings: Settings) -> None:
        super().__init__(seed, settings.epsilon)
        self.rng = random.Random(f"battlecon:{seed}")
        if fixed_budget():
            settings = replace(settings, time_cap=None, deepen_cap=None)
        self.settings = settings
        self.foe_mix: tuple[int, list[tuple[str, str]], list[float]] | None = None

    def deliberate(self, view: GameState, player: int, legal: list[Action]) -> Analysis:
        assert isinstance(view, BattleconState)
        phase = view.phase
        if phase == Phase.SET:
            return self._set(view, player, legal)
        if phase == Phase.CLASH:
            return self._clash(view, player, legal)
        if phase == Phase.ANTE:
            return self._ante(view, player, legal)
        if phase == Phase.RESOLVE:
            return self._in_beat(view, player, legal)
        return setup_choice(view, player, legal, self.rng,
                            self.settings.finisher_by_strength)

    def position_value(self, view: GameState, player: int) -> float | None:
        assert isinstance(view, BattleconState)
        if view.phase in UNJUDGED:
            return None
        return win_chance(evaluate(view, player))

    # ---- Set: the beat's matrix game -----------------------------------------------
    def _unset_world(self, view: BattleconState, player: int) -> BattleconState:
        """The view with the foe's face-down pair taken back into their hand."""
        world = view.clone()
        foe = world.player(1 - player)
        if foe.pair is not None and foe.pair.hidden:
            foe.pair = None  # its cards are held: back in the hand
        mine = world.player(player)
        if mine.pair is not None and not mine.pair_revealed:  # not expected at our own Set
            mine.pair = None
        return world

    def _foe_pairs(self, world: BattleconState, foe: int) -> list[Action]:
        return world._set_actions(foe)

    def _beat_after(self, base: BattleconState, player: int, mine: Action, theirs: Action
                    ) -> BattleconState:
        world = base.clone()
        world.apply_unchecked(player, mine)
        world.apply_unchecked(1 - player, theirs)
        return finish_beat(world, antes=self.settings.antes_in_cells,
                           foresee=self.settings.cell_foresee)

    def _play_cell(self, base: BattleconState, player: int, mine: Action, theirs: Action
                   ) -> float:
        return evaluate(self._beat_after(base, player, mine, theirs), player)

    def _next_beat_value(self, world: BattleconState, player: int,
                         pairs: tuple[set[Action], set[Action]] | None = None) -> float:
        """The value of the following beat as a matrix game: over the given ``pairs``
        (mine, the foe's) that can be set there, else over ``refine_mine`` of my pairs
        (sampled) against all the foe's, else over pairs sampled to the second beat's size
        (``next_size`` or ``deepen``) a side."""
        if world.outcome() is not None or world.phase != Phase.SET:
            return evaluate(world, player)
        mine, theirs = world._set_actions(player), world._set_actions(1 - player)
        if pairs is None:
            k = self.settings.next_size or self.settings.deepen
            rows = _sample(self.rng, mine, self.settings.refine_mine or k)
            cols = theirs if self.settings.refine_mine else _sample(self.rng, theirs, k)
        else:
            rows = [a for a in mine if a in pairs[0]] or mine
            cols = [a for a in theirs if a in pairs[1]] or theirs
        payoff = [[self._play_cell(world, player, r, c) for c in cols] for r in rows]
        return solve_zero_sum(payoff)[2]

    def _sampled_pairs(self, world: BattleconState, player: int, k: int
                       ) -> tuple[set[Action], set[Action]]:
        """At most ``k`` pairs a side (mine, the foe's) that can be set at ``world``'s Set,
        sampled: the next-beat game every option of one choice meets."""
        return (set(_sample(self.rng, world._set_actions(player), k)),
                set(_sample(self.rng, world._set_actions(1 - player), k)))

    def _deepen(self, base: BattleconState, player: int, rows: list[Action],
                cols: list[Action], payoff: list[list[float]], deadline: float | None,
                cell_seconds: float = 0.0) -> None:
        """Look a beat further where it matters: the cells of the equilibrium's support
        (its likeliest k rows and columns) are re-scored by the next beat's game; then the
        game is solved again and cells that joined the support are refined too, so the
        equilibrium ends on cells that all look two beats ahead (while rounds last). With
        a ``deadline`` a refined cell is started only if it is expected to end by it: the
        first from ``cell_seconds`` (a beat played out) times the beats it plays, the
        next ones from the mean refined cell so far. With ``level_unrefined`` the cells not
        refined move by the refined cells' mean change before each solve and at the end."""
        k = self.settings.deepen
        refined: set[tuple[int, int]] = set()
        beat_end = [line[:] for line in payoff]
        began = time.perf_counter()
        side = self.settings.next_size or k
        # the beat, then the next beat's game (the foe's pairs now stand for its pairs then)
        cells = self.settings.refine_mine * len(cols) if self.settings.refine_mine else side * side
        first = cell_seconds * (1 + cells)
        for round_ in range(self.settings.refine_rounds):
            if self.settings.level_unrefined:
                level_unrefined(payoff, beat_end, refined)
            row_mix, col_mix, _ = solve_zero_sum(payoff)
            todo = [(i, j) for i in _support(row_mix, k, round_ == 0)
                    for j in _support(col_mix, k, round_ == 0) if (i, j) not in refined]
            out_of_time = False
            for i, j in todo:
                if deadline is not None and not (
                        fits(began, len(refined), deadline) if refined
                        else time.perf_counter() + first <= deadline):
                    out_of_time = True
                    break
                world = self._beat_after(base, player, rows[i], cols[j])
                payoff[i][j] = self._next_beat_value(world, player)
                refined.add((i, j))
            if out_of_time or not todo:
                break
        if self.settings.level_unrefined:
            level_unrefined(payoff, beat_end, refined)

    def _set(self, view: BattleconState, player: int, legal: list[Action]) -> Analysis:
        base = self._unset_world(view, player)
        rows = _sample(self.rng, legal, self.settings.max_rows)
        cols = _sample(self.rng, self._foe_pairs(base, 1 - player), self.settings.max_cols)
        start = time.perf_counter()
        cap = self.settings.time_cap
        payoff = fill_by_columns(
            len(rows), len(cols),
            lambda i, j: self._play_cell(base, player, rows[i], cols[j]),
            None if cap is None else start + cap)
        rows, cols = rows[:len(payoff)], cols[:len(payoff[0])]  # what the cap left
        filled = time.perf_counter() - start
        # the foe's equilibrium mix before the second beat refines the matrix
        expected = solve_zero_sum(payoff)[1] if self.settings.foe_model else None
        in_time = cap is None or filled < cap
        if self.settings.deepen and in_time:
            total = self.settings.deepen_cap
            self._deepen(base, player, rows, cols, payoff,
                         None if total is None else start + total,
                         filled / (len(rows) * len(cols)))
        row_mix, col_mix, value = solve_zero_sum(payoff)
        if expected is not None:
            row_mix = lean_on(payoff, expected, self.settings.foe_model)
        self.foe_mix = (view.beat_no, [tuple(c.args) for c in cols], col_mix)
        choice = _mixed_choice(self.rng, rows, row_mix)
        return _matrix_analysis(choice, rows, payoff, row_mix, col_mix, value,
                                f"the beat's matrix game ({len(rows)} x {len(cols)} pairs)")

    # ---- Clash: the same game over the Bases in hand ---------------------------------
    def _clash(self, view: BattleconState, player: int, legal: list[Action]) -> Analysis:
        world = view.clone()
        foe = world.player(1 - player)
        if foe.clash == "hidden":
            foe.clash = None
        theirs: list[Action | None] = [*world.legal_actions(1 - player)] or [None]
        payoff = []
        for mine in legal:
            row = []
            for their in theirs:
                trial = world.clone()
                trial.apply_unchecked(player, mine)
                if their is not None:
                    trial.apply_unchecked(1 - player, their)
                row.append(evaluate(finish_beat(trial), player))
            payoff.append(row)
        row_mix, col_mix, value = solve_zero_sum(payoff)
        choice = _mixed_choice(self.rng, legal, row_mix)
        return _matrix_analysis(choice, legal, payoff, row_mix, col_mix, value,
                                "the clash's matrix game over the Bases")

    # ---- Ante: is an Overload or UA ante worth its price? ----------------------------
    def _foe_worlds(self, view: BattleconState, player: int) -> list[BattleconState]:
        """Worlds with the foe's face-down pair filled in, drawn from the equilibrium mix
        found at Set (or uniformly from the cards they could have set)."""
        k = self.settings.ante_samples
        worlds = []
        for _ in range(k):
            world = view.clone()
            foe = world.player(1 - player)
            if foe.pair is not None and foe.pair.hidden:
                pair = self._likely_pair(world, 1 - player)
                foe.pair = Pair(style=pair[0], base=pair[1])
            worlds.append(world)
        return worlds

    def _likely_pair(self, world: BattleconState, foe: int) -> tuple[str, str]:
        hand = world.player(foe).hand
        if self.foe_mix and self.foe_mix[0] == world.beat_no:
            _, pairs, mix = self.foe_mix
            fits = [(p, w) for p, w in zip(pairs, mix, strict=True)
                    if p[0] in hand and p[1] in hand and w > 0]
            if fits:
                r = self.rng.random() * sum(w for _, w in fits)
                for pair, w in fits:
                    r -= w
                    if r <= 0:
                        return pair
                return fits[-1][0]
        style, base = self.rng.choice(world._set_actions(foe)).args
        return str(style), str(base)

    def _ante(self, view: BattleconState, player: int, legal: list[Action]) -> Analysis:
        worlds = self._foe_worlds(view, player)
        k = self.settings.ante_ahead
        pairs: dict[int, tuple[set[Action], set[Action]]] = {}  # a foe world's sampled pairs

        def value(world: BattleconState, action: Action) -> float:
            trial = world.clone()
            trial.apply_unchecked(player, action)
            end = finish_beat(trial)
            if not k or end.outcome() is not None or end.phase != Phase.SET:
                return evaluate(end, player)
            if id(world) not in pairs:  # every option of a world meets the same pairs
                pairs[id(world)] = self._sampled_pairs(end, player, k)
            return self._next_beat_value(end, player, pairs[id(world)])

        cap = self.settings.deepen_cap or self.settings.time_cap  # the Set's whole cap
        deadline = None if cap is None else time.perf_counter() + cap
        values, played = world_means(worlds, legal, value, deadline)
        return valued(best_of(legal, values, -2.0),
                      {a: win_chance(v) for a, v in values.items()},
                      f"each ante played to the end of the beat ({played} foe pairs)"
                      + (", then the next beat's matrix game" if k else ""))

    # ---- in-beat choices: look to the end of the beat ---------------------------------
    def _in_beat(self, view: BattleconState, player: int, legal: list[Action]) -> Analysis:
        world = view.determinize(player, self.rng)
        if not self.settings.lookahead:
            return _greedy_analysis(world, player, legal)
        ends: dict[Action, BattleconState] = {}
        values: dict[Action, float] = {}
        for action in legal:
            trial = world.clone()
            trial.apply_unchecked(player, action)
            ends[action] = finish_beat(trial)
            values[action] = evaluate(ends[action], player)
        if self.settings.beat_ahead and len(legal) > 1:
            return self._beat_ahead(player, legal, ends, values)
        return valued(best_of(legal, values, -2.0), {a: win_chance(v) for a, v in values.items()},
                      "each option played to the end of the beat")

    def _beat_ahead(self, player: int, legal: list[Action],
                    ends: dict[Action, BattleconState], at_end: dict[Action, float]
                    ) -> Analysis:
        """An in-beat choice judged a beat further: each option's beat played out (as
        ``_in_beat`` does), then the next beat's matrix game solved from there (the hands
        are open; only the pairs to come are unknown, and the game mixes over them). The
        options best at the beat's end go first; at most ``beat_ahead_options`` of them,
        and with a cap (``deepen_cap``) the next only while it is expected to fit."""
        order = sorted(legal, key=lambda a: -at_end[a])[:self.settings.beat_ahead_options]
        first = ends[order[0]]
        pairs = self._sampled_pairs(first, player, self.settings.beat_ahead)  # for every option
        cap = self.settings.deepen_cap
        began = time.perf_counter()
        deadline = None if cap is None else began + cap
        ahead: dict[Action, float] = {}
        for action in order:
            if deadline is not None and ahead and not fits(began, len(ahead), deadline):
                break
            ahead[action] = self._next_beat_value(ends[action], player, pairs)
        looked = [a for a in legal if a in ahead]
        return valued(best_of(looked, ahead, -2.0),
                      {a: win_chance(v) for a, v in ahead.items()},
                      f"the {len(ahead)} options best at the beat's end, each judged by the "
                      "next beat's matrix game")
