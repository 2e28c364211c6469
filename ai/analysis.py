"""What the AI thinks of a decision: ``SearchAgent.analyse(view, player) -> Analysis``.

An ``Analysis`` is read from the search that ``choose`` runs (the same code, the same
random draws), so its ``choice`` is the move the agent would play and its numbers are the
search's own: visit counts and mean rewards for (IS-)MCTS, root values for expectiminimax
and the sampled lookaheads, the solved matrix game's strategy and value at a simultaneous
choice. Every value is a win chance for ``player`` in [0, 1]:

* rewards of the tree searches are already on the scale of ``Outcome.scores`` (1 win,
  1/2 shared draw, 0 loss; an evaluation ``e`` in [-1, 1] counts as ``(e + 1) / 2``), so a
  mean reward is an estimated expected score, read as the chance to win;
* searches that value positions in [-1, 1] (expectiminimax, lookahead, the BattleCON and
  Biternia agents, the game evaluations) map ``v`` to ``(v + 1) / 2``.

A value is None where the agent has no estimate (a heuristic choice with no evaluation,
such as a draft pick). See docs/ai.md, "Analysis and hints".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from rules.core.actions import Action
from rules.core.state import GameState


@dataclass(frozen=True, slots=True)
class Option:
    """One action the search considered: ``value`` is the estimated win chance after it
    (None: no estimate), ``share`` how much of the AI's play goes to it — its share of the
    root visits, its probability in a mixed strategy, or 1 for the one action a value
    search plays (split evenly among ties it draws from)."""

    action: Action
    value: float | None
    share: float


@dataclass(frozen=True, slots=True)
class Analysis:
    """The AI's view of one decision.

    ``choice`` is the action the agent plays; ``value`` its estimated win chance for the
    deciding seat as the position stands (None: no estimate); ``options`` the actions it
    considered, best first (by share, then value); ``mixed``: a simultaneous choice whose
    shares are the AI's mixed strategy (``choice`` is one draw from it); ``note`` says in a
    few words where the numbers come from."""

    choice: Action
    value: float | None
    options: tuple[Option, ...]
    mixed: bool = False
    note: str = ""

    def option(self, action: Action) -> Option | None:
        """The option for ``action``, if the search considered it."""
        return next((o for o in self.options if o.action == action), None)

    def after(self) -> float | None:
        """The estimate after the suggested action."""
        chosen = self.option(self.choice)
        return None if chosen is None else chosen.value

    def alternatives(self, k: int = 5) -> list[Option]:
        """The best ``k`` options other than the choice."""
        return [o for o in self.options if o.action != self.choice][:k]

    def to_json(self, top: int | None = None) -> dict[str, object]:
        """The analysis as JSON: the choice, the estimates now and after it, and the
        options (with ``top``: only that many alternatives to the choice)."""
        def one(o: Option) -> dict[str, object]:
            return {"action": o.action.to_json(), "value": o.value, "share": o.share}

        out: dict[str, object] = {
            "choice": self.choice.to_json(), "value": self.value, "after": self.after(),
            "mixed": self.mixed, "note": self.note, "considered": len(self.options)}
        if top is None:
            out["options"] = [one(o) for o in self.options]
        else:
            out["alternatives"] = [one(o) for o in self.alternatives(top)]
        return out


@runtime_checkable
class Analyst(Protocol):
    """An agent that can show its view of a decision (``ai.levels.make_analyst``)."""

    def analyse(self, view: GameState, player: int) -> Analysis: ...


def win_chance(value: float) -> float:
    """A value in [-1, 1] (loss .. win) as a win chance in [0, 1]."""
    return (max(-1.0, min(1.0, value)) + 1.0) / 2.0


def best_first(options: Iterable[Option]) -> tuple[Option, ...]:
    """Options sorted best first: by share, then by value (no value last), stably."""
    return tuple(sorted(options, key=lambda o: (-o.share,
                                                 -(o.value if o.value is not None else -1.0))))


def valued(choice: Action, values: Mapping[Action, float | None], note: str,
           ties: Iterable[Action] | None = None) -> Analysis:
    """The analysis of a value search that plays ``choice``, the best of ``values`` (win
    chances per action; with ``ties``, a draw among those equal best): the position is
    worth what its best action is worth."""
    drawn = list(ties) if ties is not None else [choice]
    share = 1.0 / len(drawn)
    options = best_first(Option(a, v, share if a in drawn else 0.0) for a, v in values.items())
    return Analysis(choice, values[choice], options, False, note)


def strategy(choice: Action, rows: Iterable[tuple[Action, float, float | None]],
             value: float | None, note: str) -> Analysis:
    """The analysis of a mixed choice: ``rows`` are (action, probability, win chance
    against the other side's strategy); ``value`` is the game's value as a win chance."""
    options = best_first(Option(a, v, p) for a, p, v in rows)
    return Analysis(choice, value, options, True, note)


def single(choice: Action, value: float | None, note: str) -> Analysis:
    """An analysis with one option: a forced move, or a heuristic's pick that weighed no
    alternative; ``value`` is the position's estimate if the agent has one."""
    return Analysis(choice, value, (Option(choice, value, 1.0),), False, note)
