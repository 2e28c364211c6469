"""Battle for Biternia's sub-decisions as ``Pending`` frames (rules/core/pending.py) on the
state's one ``PendingStack`` (``state.stack``):

- ``Card``: a card in resolution (an activated card, an Interrupt, a Channeled card). It
  resolves step by step on its own (effects.run) and stops when it must ask: its
  controller for a target or a payment, or an enemy seat whether to interrupt. An
  Interrupt is a ``Card`` pushed on top of the card it interrupts, so the last revealed
  resolves first.
- ``Respawn``: a drawn Hero card; its controller picks the space the Hero respawns at.
- ``Catapult``: a Hero hired the catapult crew; its controller picks the Tower to fire at
  (or none).

Every frame's question is its ``ask`` (a ``Choice``, model.py): while the game goes on and
the stack holds a frame, the top frame is asking and its seat decides; the frames below wait
for it (a game won in the middle of a card leaves that card on the stack, asking nothing).
Which Heroes may interrupt stays the asked team's secret (``ASK_SECRET``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import rules.biternia.effects as effects
import rules.biternia.traits as traits
from rules.biternia.content import load
from rules.biternia.effects import card_name, log, name
from rules.biternia.kinds import Act, Ask
from rules.biternia.model import ASK_SECRET, Choice
from rules.core import Action, Event
from rules.core.pending import Pending, PendingStack

if TYPE_CHECKING:
    from rules.biternia.state import BiterniaState as S


@dataclass(slots=True)
class Frame(Pending["S"]):
    """A Biternia frame: what it asks now (None while a card resolves on its own)."""

    ask: Choice | None = field(default=None, metadata=ASK_SECRET)

    @property
    def asking(self) -> Choice:
        """The question of a frame that is asking (asking an idle frame is a bug)."""
        if self.ask is None:
            raise ValueError(f"the {type(self).__name__} frame asks nothing now")
        return self.ask

    @property
    def ask_team(self) -> int:
        return -1 if self.ask is None else self.ask.team

    @property
    def ask_public(self) -> bool:
        return self.ask is None or self.ask.public

    def decider(self, state: S) -> int:
        return self.asking.seat


@dataclass(slots=True)
class Card(Frame):
    """A card in resolution: step ``i`` of the card's steps, repetition ``rep`` of ``reps``
    (-1: not yet counted), in ``stage`` start (targets), window (Interrupts) or resolve."""

    TAG = "biternia.card"
    hero: str = ""
    card: str = ""
    #: "card" (activated), "interrupt" or "channel"
    kind: str = "card"
    i: int = 0
    rep: int = 0
    reps: int = -1
    target: str | None = None
    stage: str = "start"
    #: the last target hit (a "same target" step hits it again)
    last: str | None = None
    #: an Interrupt: the Hero it interrupts and the index of that card's frame
    src: str = ""
    under: int = -1
    #: the (+1 Attack, Chill) tokens the Hero had when the activation began
    tokens_before: tuple[int, int] = (0, 0)
    #: + to this card's attacks (gold paid)
    bonus: int = 0

    @property
    def aim(self) -> str:
        """The target of a step that has one (asking it of a step without is a bug)."""
        if self.target is None:
            raise ValueError(f"{self.card}'s step {self.i} has no target")
        return self.target

    def next_step(self) -> None:
        self.i += 1
        self.rep, self.reps, self.target, self.stage = 0, -1, None, "start"

    def actions(self, state: S) -> list[Action]:
        ask = self.asking
        if ask.type == Ask.TARGET:
            step = effects.action_card(self.card).steps[self.i]
            if step["do"] == "move":
                here = state.heroes[self.hero].space
                return [Action(Act.TARGET, (t,), f"{name(self.hero)}: stay" if t == here else
                               f"{name(self.hero)}: move to {name(t)}") for t in ask.options]
            return [Action(Act.TARGET, (t,), f"{card_name(self.card)}: target {name(t)}")
                    for t in ask.options]
        if ask.type == Ask.PAY:
            return [Action(Act.PAY, (n,), f"Pay {n} gold (+{n} to this card's attacks)" if n
                           else "Pay no gold") for n in ask.options]
        out = [Action(Act.INTERRUPT, (h,), f"Interrupt with {name(h)}: "
                      f"{card_name(state.heroes[h].order)}") for h in ask.options]
        return [*out, Action(Act.NO_INTERRUPT, (), "No interrupt")]

    def resolve(self, state: S, stack: PendingStack[S], action: Action) -> list[Event]:
        ask = self.asking
        self.ask = None
        ev: list[Event] = []
        if ask.type == Ask.TARGET:
            self.target, self.stage = action.args[0], "window"
        elif ask.type == Ask.PAY:
            paid = action.args[0]
            state.gold[ask.team] -= paid
            self.bonus += paid
            self.next_step()
            if paid:
                log(ev, "pay", f"{name(self.hero)} pays {paid} gold: +{paid} to this card's "
                    "attacks")
        elif action.kind == Act.NO_INTERRUPT:
            if not effects.offer_interrupt(state, self, [*ask.declined, ask.seat]):
                self.stage = "resolve"
        else:
            hero = action.args[0]
            before = effects.tokens_now(state, hero)
            under = len(stack) - 1
            card = effects.reveal(state, hero, ev)
            log(ev, "interrupt", f"{name(hero)} interrupts {name(self.hero)} with "
                f"{card_name(card)}")
            stack.push(Card(hero=hero, card=card, kind="interrupt", src=self.hero, under=under,
                            tokens_before=before))
        return ev


@dataclass(slots=True)
class Respawn(Frame):
    """A drawn Hero card: its Hero respawns at one of its team's standing Structures."""

    TAG = "biternia.respawn"

    def actions(self, state: S) -> list[Action]:
        ask = self.asking
        hero = ask.hero
        assert hero is not None, "a respawn choice names its Hero"
        return [Action(Act.RESPAWN, (hero, sp), f"{name(hero)} respawns at {name(sp)}")
                for sp in ask.options]

    def resolve(self, state: S, stack: PendingStack[S], action: Action) -> list[Event]:
        stack.pop()
        hero, space = action.args
        state.heroes[hero].update(space=space, hp=traits.max_hp(state, hero),
                                  artifacts=traits.starting_artifacts(hero))
        ev: list[Event] = []
        log(ev, "respawn", f"{name(hero)} respawns at {name(space)} with full HP", hero=hero,
            to=space)
        return ev


@dataclass(slots=True)
class Catapult(Frame):
    """The catapult crew is hired: fire at an enemy Tower in reach for gold, or not."""

    TAG = "biternia.catapult"

    def actions(self, state: S) -> list[Action]:
        cost = load().catapult["gold_cost"]
        out = [Action(Act.CATAPULT, (t,), f"Pay {cost} gold: catapult attacks {name(t)}")
               for t in self.asking.options]
        return [*out, Action(Act.CATAPULT, ("",), "Do not fire the catapult")]

    def resolve(self, state: S, stack: PendingStack[S], action: Action) -> list[Event]:
        team = self.asking.team
        stack.pop()
        tower = action.args[0]
        ev: list[Event] = []
        if tower:
            catapult = load().catapult
            state.gold[team] -= catapult["gold_cost"]
            effects.strike(state, tower, catapult["power"], 0, team, ev,
                           f"The catapult's Ranged Attack {catapult['power']}")
        return ev
