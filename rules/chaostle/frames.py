"""Chaostle's interruptions as ``Pending`` frames (rules/core/pending.py) on the state's
``PendingStack``: a die to roll, a battle, a fate, a peg to place, a Fire Wall to answer.

Each frame says who decides it, what they may do and how it resolves; the rules behind
them stay in battle.py, fates.py and flow.py."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rules.chaostle import cards
from rules.chaostle.kinds import Act
from rules.core import CHANCE, Action, Event
from rules.core.pending import Pending, PendingStack

if TYPE_CHECKING:
    from rules.chaostle.state import ChaostleState as S


def dice_actions(dice: int) -> list[Action]:
    """A roll of one die, or of two dice added together."""
    if dice == 2:
        return [Action(Act.DICE, (t,), f"Rolled {t}") for t in range(2, 13)]
    return [Action(Act.DIE, (f,), f"Rolled {f}") for f in range(1, 7)]


@dataclass(slots=True)
class Roll(Pending["S"]):
    """A die (or two) to roll for ``purpose`` (a castle strike, an escape, a skill, Cheat
    Death, ...)."""

    TAG = "chaostle.roll"
    purpose: str = ""
    actor: str = ""
    dice: int = 1
    target: str = ""
    need: int = 0
    #: Cheat Death: who brought the character down, and whether in a battle
    by: str | None = None
    battle: bool = False

    def decider(self, state: S) -> int:
        return CHANCE

    def actions(self, state: S) -> list[Action]:
        return dice_actions(self.dice)

    def resolve(self, state: S, stack: PendingStack[S], action: Action) -> list[Event]:
        from rules.chaostle import battle

        stack.pop()
        events: list[Event] = []
        battle.resolve_roll(state, self, action.args[0], events)
        return events


@dataclass(slots=True)
class Battle(Pending["S"]):
    """A battle between attacker ``a`` and defender ``d`` (battle.py)."""

    TAG = "chaostle.battle"
    a: str = ""
    d: str = ""
    range: int = 0
    #: who rolls next
    next: str = ""
    step: str = "todo"
    #: the skills to use before the battle: [skill, character]
    todo: list[list[str]] = field(default_factory=list)
    smoke: bool = False
    berserk: dict[str, int] = field(default_factory=dict)
    resist: dict[str, bool] = field(default_factory=dict)
    time: dict[str, bool] = field(default_factory=dict)
    #: attacks made by each side
    count: dict[str, int] = field(default_factory=dict)
    #: attacks in a row that did no damage
    quiet: int = 0
    #: a fight for a space: the mover's path
    contest: list[str] | None = None
    #: after a miss: the side that may end the battle (set with step "continue")
    chooser: str = ""

    def decider(self, state: S) -> int:
        from rules.chaostle import battle

        return battle.decider(state, self)

    def actions(self, state: S) -> list[Action]:
        from rules.chaostle import battle

        return battle.actions(state, self)

    def resolve(self, state: S, stack: PendingStack[S], action: Action) -> list[Event]:
        from rules.chaostle import battle

        events: list[Event] = []
        battle.apply(state, self, action, events)
        return events


@dataclass(slots=True)
class Fate(Pending["S"]):
    """A character meeting a fate, step by step (fates.py)."""

    TAG = "chaostle.fate"
    char: str = ""
    step: str = "column"
    column: int = 0
    fate: str = ""

    def decider(self, state: S) -> int:
        from rules.chaostle import fates

        return fates.decider(state, self)

    def actions(self, state: S) -> list[Action]:
        from rules.chaostle import fates

        return fates.actions(state, self)

    def resolve(self, state: S, stack: PendingStack[S], action: Action) -> list[Event]:
        from rules.chaostle import fates

        events: list[Event] = []
        fates.apply(state, self, action, events)
        return events


@dataclass(slots=True)
class Upgrade(Pending["S"]):
    """A peg for ``char``'s battle card, placed by its owner."""

    TAG = "chaostle.upgrade"
    char: str = ""

    def decider(self, state: S) -> int:
        return state.owner(self.char)

    def actions(self, state: S) -> list[Action]:
        cid = self.char
        card = state.cards[cid]
        return [Action(Act.UPGRADE, (cid, item), f"Upgrade {state.name(cid)}: "
                       f"{cards.item_label(card, item)}")
                for item in cards.UPGRADE_ITEMS if item not in state.chars[cid].up]

    def resolve(self, state: S, stack: PendingStack[S], action: Action) -> list[Event]:
        from rules.chaostle import battle

        stack.pop()
        events: list[Event] = []
        battle.upgrade(state, action.args[0], action.args[1], events)
        return events


@dataclass(slots=True)
class FireWall(Pending["S"]):
    """``char``'s owner may set off a Fire Wall at one of ``targets`` ([target, need])."""

    TAG = "chaostle.firewall"
    char: str = ""
    targets: list[Any] = field(default_factory=list)

    def decider(self, state: S) -> int:
        return state.owner(self.char)

    def actions(self, state: S) -> list[Action]:
        holder = self.char
        acts = [Action(Act.FIREWALL, (holder, t, r),
                       f"{state.name(holder)}: Fire Wall at {state.name(t)} "
                       f"(needs exactly {r})")
                for t, r in self.targets]
        return acts + [Action(Act.NO_FIREWALL, (), "No Fire Wall")]

    def resolve(self, state: S, stack: PendingStack[S], action: Action) -> list[Event]:
        stack.pop()
        if action.kind == Act.FIREWALL:
            holder, target, need = action.args
            stack.push(Roll("firewall", holder, target=target, need=need))
        return []


#: A saved frame's old "k" (saves from before the typed state) and its class.
KINDS: dict[str, type[Pending[Any]]] = {"roll": Roll, "battle": Battle, "fate": Fate,
                                        "upgrade": Upgrade, "firewall": FireWall}
