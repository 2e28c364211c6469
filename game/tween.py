"""Tweens: an attribute of an object eased from its value at start to a target."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

Easing = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    n, d = 7.5625, 2.75
    if t < 1 / d:
        return n * t * t
    if t < 2 / d:
        t -= 1.5 / d
        return n * t * t + 0.75
    if t < 2.5 / d:
        t -= 2.25 / d
        return n * t * t + 0.9375
    t -= 2.625 / d
    return n * t * t + 0.984375


def arc(t: float) -> float:
    """0 -> 1 -> 0: the height of a hop."""
    return math.sin(math.pi * t)


EASINGS: dict[str, Easing] = {
    "linear": linear,
    "out_cubic": ease_out_cubic,
    "in_out_cubic": ease_in_out_cubic,
    "out_back": ease_out_back,
    "out_bounce": ease_out_bounce,
}


@dataclass
class Tween:
    """Eases ``target.attr`` to ``end`` over ``duration`` seconds after ``delay``.

    The start value is read when the tween begins (after the delay), so tweens chain."""

    target: Any
    attr: str
    end: float
    duration: float
    easing: Easing = ease_out_cubic
    delay: float = 0.0
    on_done: Callable[[], None] | None = None
    start: float | None = None
    elapsed: float = 0.0
    done: bool = False

    def update(self, dt: float) -> None:
        if self.done:
            return
        if self.delay > 0:
            self.delay -= dt
            if self.delay > 0:
                return
            dt = -self.delay
            self.delay = 0.0
        if self.start is None:
            self.start = float(getattr(self.target, self.attr))
        self.elapsed += dt
        t = 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)
        value = self.start + (self.end - self.start) * self.easing(t)
        setattr(self.target, self.attr, value)
        if t >= 1.0:
            self.done = True
            if self.on_done:
                self.on_done()


@dataclass
class Tweener:
    """A set of running tweens, advanced together; finished ones drop out."""

    tweens: list[Tween] = field(default_factory=list)

    def add(self, tween: Tween) -> Tween:
        self.tweens.append(tween)
        return tween

    def update(self, dt: float) -> None:
        for tween in list(self.tweens):
            tween.update(dt)
        self.tweens = [t for t in self.tweens if not t.done]

    @property
    def busy(self) -> bool:
        return bool(self.tweens)

    def finish_all(self) -> None:
        """Jump every tween to its end (used when animations are switched off)."""
        while self.tweens:
            for tween in list(self.tweens):
                tween.delay = 0.0
                tween.update(tween.duration + 1.0)
            self.tweens = [t for t in self.tweens if not t.done]
