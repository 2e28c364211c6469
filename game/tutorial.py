"""Tutorials: a guided first game per title, as data (``assets/tutorials/<game>.toml``).

A tutorial is a start (a position described inline, as in a scenario file, or the game's
setup and a seed: chance in our rules is drawn from the match's seeded RNG, so the same seed
meets the same dice and shuffles) and a script of steps, each one of:

- ``teach``: the person's one action here (a matcher: the action's kind, optionally its
  exact ``args`` and a piece of its ``label``), a callout of one or two sentences saying
  what and why, and the rulebook section it follows (``rule``, by name);
- ``reply``: another seat's scripted action, played for it with a short caption;
- ``explain``: words only, with a Next button (what just happened and why).

Every decision of the scripted cycle is a ``teach`` or a ``reply`` step, in order; where
the script is in a match is worked out from the match's record (how many seat decisions
have been made since the start), so taking a move back leaves it right. When the script
ends, the match goes on as free play against the easy AI.

This module is plain data and rules (no pygame): the tests replay every tutorial through
the rules with it; game/tutorial_screen.py runs one at the table.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.assets import asset_path
from rules import registry
from rules.core import CHANCE, Action, GameState, Match, Scenario, ScenarioError
from rules.core.scenario import Description

FREE_PLAY_LEVEL = "easy"  # who the person plays once the script is over


class TutorialError(ValueError):
    """A tutorial that cannot be read or followed: one sentence naming the step at fault."""


@dataclass(frozen=True)
class Step:
    """One step of a script (see the module's docstring)."""

    do: str  # "teach", "reply" or "explain"
    say: str  # the callout's words (a reply's caption, an explanation)
    kind: str = ""  # the action's kind (teach / reply)
    args: tuple[Any, ...] | None = None  # its exact arguments, when given
    label: str = ""  # a piece of its label (case-blind), when given
    rule: str = ""  # the rulebook section the step follows, by name
    seat: int | None = None  # who acts (teach: the person; reply: the other seat if None)
    index: int = 0  # its place in the script

    @property
    def acts(self) -> bool:
        return self.do != "explain"

    def matches(self, action: Action) -> bool:
        if action.kind != self.kind:
            return False
        if self.args is not None and action.args != self.args:
            return False
        return self.label.casefold() in str(action).casefold()

    def describe(self) -> str:
        parts = [f"kind {self.kind!r}"]
        if self.args is not None:
            parts.append(f"args {list(self.args)}")
        if self.label:
            parts.append(f"label with {self.label!r}")
        return ", ".join(parts)


@dataclass(frozen=True)
class Tutorial:
    """A parsed tutorial file."""

    game: str
    title: str
    about: str
    seat: int  # the person's seat
    steps: tuple[Step, ...]
    sections: tuple[str, ...]  # the rulebook sections the steps name
    setup: Mapping[str, Any] = field(default_factory=dict)
    seed: int = 1
    scenario: Scenario | None = None
    source: str = "<tutorial>"

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str = "<tutorial>") -> Tutorial:
        try:
            return cls._read(Description(data, source), source)
        except ScenarioError as exc:
            raise TutorialError(str(exc)) from None

    @classmethod
    def _read(cls, top: Description, source: str) -> Tutorial:
        game_id = top.choice("game", list(registry.GAMES))
        if not top.flag("own_words"):
            raise TutorialError(f"{source}.own_words: a tutorial is written in our own words "
                                "(set own_words = true)")
        title, about = top.text("title"), top.text("about", default="")
        sections = tuple(top.texts("sections"))
        start = top.table("start", required=True)
        seat = start.whole("seat", default=0, lo=0, hi=7)
        seed = start.whole("seed", default=1)
        setup = dict(start.table("setup").raw)
        scenario = None
        if start.has("position"):
            scenario = Scenario.from_mapping(
                {"game": game_id, "title": title, "about": about, "setup": setup,
                 "position": start.table("position").raw}, f"{source}.start")
        start.done()
        steps = []
        for i, raw in enumerate(top.tables("steps", required=True)):
            steps.append(_step(raw, i, sections))
        top.done()
        if not any(s.do == "teach" for s in steps):
            raise TutorialError(f"{source}: a tutorial teaches at least one action")
        return cls(game_id, title, about, seat, tuple(steps), sections, setup, seed, scenario,
                   source)

    @classmethod
    def load(cls, game_id: str) -> Tutorial:
        """The tutorial this build ships for ``game_id``."""
        path = tutorial_path(game_id)
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise TutorialError(f"no tutorial for {game_id!r}") from None
        except tomllib.TOMLDecodeError as exc:
            raise TutorialError(f"{path.name}: not valid TOML ({exc})") from None
        tutorial = cls.from_mapping(data, path.name)
        if tutorial.game != game_id:
            raise TutorialError(f"{path.name}: it is a tutorial for {tutorial.game!r}")
        return tutorial

    # -- the match it starts ------------------------------------------------------------------
    def new_match(self) -> Match:
        """The match at the tutorial's start (chance before the first decision not yet
        resolved: ``Match.advance_chance``)."""
        game = registry.get_game(self.game)
        return Match(game, self.setup, self.seed, self.scenario)

    @property
    def acting(self) -> tuple[Step, ...]:
        """The steps that are decisions, in order."""
        return tuple(s for s in self.steps if s.acts)

    def who(self, step: Step, players: int) -> int:
        """The seat that takes ``step``'s action."""
        if step.seat is not None:
            return step.seat
        return self.seat if step.do == "teach" else (self.seat + 1) % players


def _step(raw: Description, index: int, sections: Sequence[str]) -> Step:
    does = [d for d in ("teach", "reply", "explain") if raw.has(d)]
    if len(does) != 1:
        raise TutorialError(f"{raw.path}: one of teach, reply or explain")
    do = does[0]
    if do == "explain":
        say, kind = raw.text("explain"), ""
    else:
        kind, say = raw.text(do), raw.text("say")
    raw.read.add("args")
    args = raw.raw.get("args")
    if args is not None and not isinstance(args, list):
        raise TutorialError(f"{raw.where('args')}: a list")
    label = raw.text("label", default="")
    rule = raw.text("rule", default="")
    seat = raw.whole("seat", default=None, lo=0, hi=7)
    raw.done()
    if do == "teach" and not rule:
        raise TutorialError(f"{raw.path}: a taught step names its rulebook section (rule)")
    if rule and rule not in sections:
        raise TutorialError(f"{raw.where('rule')}: {rule!r} is not in this tutorial's "
                            "sections")
    if do != "explain" and not say.strip():
        raise TutorialError(f"{raw.where('say')}: empty")
    return Step(do, say.strip(), kind,
                None if args is None else Action(kind, tuple(args)).args, label, rule, seat,
                index)


def tutorial_path(game_id: str) -> Path:
    return asset_path("tutorials", f"{game_id}.toml")


def available(game_id: str) -> bool:
    """Whether this build ships a tutorial for ``game_id``."""
    return registry.is_available(game_id) and tutorial_path(game_id).exists()


# -- following a script ----------------------------------------------------------------------
def decisions_since(match: Match, start: int) -> int:
    """Seat decisions in ``match``'s record from step ``start`` on (chance not counted)."""
    return sum(1 for player, _ in match.record.steps[start:] if player != CHANCE)


def current_step(tutorial: Tutorial, done: int, read: set[int]) -> Step | None:
    """The step the script is at once ``done`` decisions have been made and the
    explanations in ``read`` acknowledged; None once it is over (free play)."""
    ordinal = 0
    for step in tutorial.steps:
        if step.acts:
            if ordinal >= done:
                return step
            ordinal += 1
        elif step.index not in read and ordinal >= done:
            return step
    return None


def step_action(tutorial: Tutorial, step: Step, state: GameState) -> tuple[int, Action]:
    """(the seat, the action) a teach or reply step plays in ``state``: the one legal action
    its matcher picks; a TutorialError when the position does not fit the script."""
    decision = state.decision()
    where = f"{tutorial.source}, step {step.index + 1}"
    if decision.is_terminal:
        raise TutorialError(f"{where}: the game is already over")
    if decision.is_chance or not decision.players:
        raise TutorialError(f"{where}: chance is still to be resolved")
    seat = tutorial.who(step, state.num_players)
    actor = decision.players[0]
    if actor != seat:
        raise TutorialError(f"{where}: expects {state.player_name(seat)} to act, but it is "
                            f"{state.player_name(actor)}'s decision")
    legal = state.legal_actions(seat)
    found = [a for a in legal if step.matches(a)]
    if not found:
        shown = "; ".join(str(a) for a in legal[:8])
        raise TutorialError(f"{where}: no legal action has {step.describe()} (legal: {shown})")
    if len(found) > 1:
        shown = "; ".join(str(a) for a in found[:4])
        raise TutorialError(f"{where}: {len(found)} legal actions have {step.describe()} "
                            f"({shown}): name it exactly")
    return seat, found[0]


def replay(tutorial: Tutorial) -> Match:
    """Play the whole script through the rules (no table): every step's action legal and
    the only one its matcher picks. Returns the match at free play."""
    match = tutorial.new_match()
    match.advance_chance()
    for step in tutorial.acting:
        seat, action = step_action(tutorial, step, match.state)
        match.submit(seat, action)
        match.advance_chance()
    return match


__all__ = ["Step", "Tutorial", "TutorialError", "available", "current_step",
           "decisions_since", "replay", "step_action", "FREE_PLAY_LEVEL"]
