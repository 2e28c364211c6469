"""Review after a match (issue #19): the match record replayed decision by decision, each
of the people's decisions analysed as the Hint would have done it then — from that seat's
view at that moment only (``state.view(seat)`` of the replayed position, so no card the
person had not seen), by the same analyst and seed as the hint and the win-chance bar —
in a worker thread, one decision after another. The screen is game/screens/review.py.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ai.levels import make_analyst
from game.hint import hint_level
from game.session import scenario_event
from game.winchance import WinSeries, analysis_seed
from rules.core import CHANCE, Match, Scenario

if TYPE_CHECKING:
    from ai.analysis import Analysis
    from rules.core import Action, Event, Game, GameState, MatchRecord

MISTAKES = 5  # the biggest mistakes the review jumps between
#: a move counts as a mistake when the AI's suggestion was worth this much more (3 points
#: of win chance): below it the search's own noise decides between near-equal moves
MISTAKE_FLOOR = 0.03


@dataclass
class ReviewStep:
    """One decision of a person: ``step`` record steps had been played, it was the
    match's ``decision``-th decision; ``state`` the position then (a clone, for drawing the
    table as the seat saw it), ``view`` the seat's view then (what the analysis reads),
    ``made`` what they played; ``analysis`` once worked out."""

    step: int
    decision: int
    seat: int
    state: GameState
    view: GameState
    actions: tuple[Action, ...]
    made: Action
    log: int = 0  # how many of the match's events had happened (the log then)
    analysis: Analysis | None = None
    error: str | None = None

    @property
    def before(self) -> float | None:
        return None if self.analysis is None else self.analysis.value

    @property
    def after(self) -> float | None:
        """The chance after the move made, as the search valued it."""
        option = None if self.analysis is None else self.analysis.option(self.made)
        return None if option is None else option.value

    @property
    def suggested(self) -> Action | None:
        return None if self.analysis is None else self.analysis.choice

    @property
    def moved(self) -> float | None:
        """How much the estimate moved with the move made (after - before)."""
        before, after = self.before, self.after
        return None if before is None or after is None else after - before

    @property
    def loss(self) -> float:
        """How much the AI's suggestion was worth more than the move made (0: the same
        move, no estimate, or a move at least as good; in a mixed choice, a move the AI's
        mix also plays loses nothing)."""
        a = self.analysis
        if a is None or self.made == a.choice:
            return 0.0
        made = a.option(self.made)
        if a.mixed and made is not None and made.share > 0:
            return 0.0
        best = a.after()
        if best is None or made is None or made.value is None:
            return 0.0
        return max(0.0, best - made.value)


def review_steps(game: Game, record: MatchRecord, seats: set[int],
                 events: list[Event] | None = None) -> list[ReviewStep]:
    """The decisions of ``seats`` in ``record`` with a choice (two legal actions or more),
    in order, each with the position and the seat's view as they stood then; ``events``
    (if given) receives the match's events, each step's ``log`` counting those before it."""
    state = Match.from_record(game, record).state
    log: list[Event] = events if events is not None else []
    if record.scenario is not None:
        log.append(scenario_event(game, Scenario.from_mapping(record.scenario)))
    out: list[ReviewStep] = []
    decision = 0
    for step, (player, action) in enumerate(record.steps):
        if player != CHANCE:
            if player in seats:
                legal = tuple(state.legal_actions(player))
                if len(legal) > 1:
                    out.append(ReviewStep(step, decision, player, state.clone(),
                                          state.view(player), legal, action, len(log)))
            decision += 1
        log.extend(state.apply(player, action))
    return out


def mistakes(steps: list[ReviewStep]) -> list[int]:
    """The indices of the decisions whose move lost at least ``MISTAKE_FLOOR`` against
    the AI's suggestion, biggest loss first."""
    return sorted((i for i, s in enumerate(steps) if s.loss >= MISTAKE_FLOOR),
                  key=lambda i: (-steps[i].loss, i))


def biggest_mistakes(steps: list[ReviewStep], k: int = MISTAKES) -> list[int]:
    """The ``k`` biggest of ``mistakes``."""
    return mistakes(steps)[:k]


class ReviewRun:
    """Analyses every step in a worker thread, in order; a step the win-chance bar already
    analysed during the match (same decision, same seed) takes that analysis."""

    def __init__(self, game_id: str, seed: int, steps: list[ReviewStep],
                 known: WinSeries | None = None) -> None:
        self.game_id, self.seed, self.steps = game_id, seed, steps
        self.known = known
        self.done = 0  # steps analysed so far (they finish in order)
        self.stopped = False
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        for step in self.steps:
            if self.stopped:
                return
            estimate = self.known.get(step.step, step.seat) if self.known else None
            if estimate is not None and estimate.made == step.made:
                step.analysis = estimate.analysis
            else:
                try:
                    analyst = make_analyst(self.game_id, hint_level(self.game_id),
                                           analysis_seed(self.seed, step.step))
                    step.analysis = analyst.analyse(step.view, step.seat)
                except Exception as exc:  # noqa: BLE001 - the review says so and goes on
                    step.error = f"no analysis here: {exc}"
            self.done += 1

    def stop(self) -> None:
        """Stop after the analysis under way (the screen was left)."""
        self.stopped = True

    @property
    def finished(self) -> bool:
        return self.done >= len(self.steps)
