"""One mechanism for every "someone must now choose": a stack of pending sub-decisions.

A turn often stops for a smaller decision — a die to roll, a trigger to order, a block to
declare, a response to a chain, a fate to take — and goes on where it stopped once that is
settled. Each such decision is a ``Pending`` frame: a typed model (``rules.core.model``)
that says who decides it, what they may do, and what happens when they do (including what
resumes after it). A state keeps its frames in one ``PendingStack``; while the stack holds
a frame, the top frame's decider decides, and the phase waits.

A game writes one small ``Pending`` subclass (with a ``TAG``, so saves know it) per kind of
sub-decision; the stack does the rest: ``decision``, ``actions`` and ``apply`` for the state
to delegate to while it is not empty. A frame that resolves pops itself (``stack.pop()``) or
stays for a further step (a battle's several rolls), and may push frames of its own.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from rules.core.actions import CHANCE, Action, Event
from rules.core.model import Model
from rules.core.state import Decision

S = TypeVar("S")


@dataclass(slots=True)
class Pending(Model, Generic[S], ABC):
    """One sub-decision waiting on the stack (subclass it per kind, with a ``TAG``); a kind
    that leaves out one of the three methods cannot be made."""

    @abstractmethod
    def decider(self, state: S) -> int:
        """The seat that decides this (``CHANCE`` for a die or a draw)."""

    @abstractmethod
    def actions(self, state: S) -> list[Action]:
        """What the decider may do now."""

    @abstractmethod
    def resolve(self, state: S, stack: PendingStack[S], action: Action) -> list[Event]:
        """Apply the decider's (legal) ``action``: pop this frame when it is settled, push
        any frames it causes, and change the state. Returns the events."""


@dataclass(slots=True)
class PendingStack(Model, Generic[S]):
    """The frames waiting, the one to decide now last (``push``) ; ``later`` queues a frame
    to be decided after every frame already waiting."""

    frames: list[Pending[S]] = field(default_factory=list)

    def __bool__(self) -> bool:
        return bool(self.frames)

    def __len__(self) -> int:
        return len(self.frames)

    @property
    def top(self) -> Pending[S]:
        """The frame deciding now (the stack must not be empty)."""
        return self.frames[-1]

    def push(self, frame: Pending[S]) -> None:
        """Interrupt: ``frame`` is decided before every frame already waiting."""
        self.frames.append(frame)

    def later(self, frame: Pending[S]) -> None:
        """Queue: ``frame`` is decided after every frame already waiting."""
        self.frames.insert(0, frame)

    def pop(self) -> Pending[S]:
        return self.frames.pop()

    def find(self, kind: type[Any]) -> Any | None:
        """The topmost waiting frame of class ``kind``, or None."""
        return next((f for f in reversed(self.frames) if isinstance(f, kind)), None)

    # ---- what the state delegates to while frames wait -------------------------------
    def decision(self, state: S) -> Decision:
        seat = self.top.decider(state)
        return Decision.chance() if seat == CHANCE else Decision.player(seat)

    def actions(self, state: S, player: int) -> list[Action]:
        return self.top.actions(state) if self.top.decider(state) == player else []

    def apply(self, state: S, action: Action) -> list[Event]:
        return self.top.resolve(state, self, action)
