"""Chaostle's dice tray: pymunk dice thrown one roll after another (a battle resolved in one
go is thrown blow by blow), each landing on the face the rules drew, drawn as dice (a
domed face with sunk pips, a darker side under it, a shadow on the felt), and what the
roll came to written beside them in a column of its own the dice never roll into."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame
import pymunk

from game import theme
from game.dice import DIE_SIZE, MAX_ROLL_TIME, PIPS, DiceTray, Die
from game.scene import Affine
from game.tables.chaostle.layout import CAPTION_H

Colour = tuple[int, int, int]
SIDE = 62  # the tray's right-hand column: what the roll came to (no die rolls there)


@dataclass(frozen=True)
class Roll:
    """One throw: its faces (the rules' results), each die's colour, and what it came to
    as (word, number) pairs for the column beside the dice ("total", 7)."""

    faces: list[int]
    colours: list[Colour]
    tally: tuple[tuple[str, int], ...]

    @property
    def colour(self) -> Colour:
        return self.colours[0] if self.colours else theme.CREAM


@dataclass
class Waiting:
    """A throw (or, without faces, a step to take, or with ``hold`` a pause of that many
    seconds) waiting for the dice before it."""

    roll: Roll | None
    caption: str = ""
    on_land: Callable[[], None] | None = None
    hold: float = 0.0


class QueuedTray(DiceTray):
    """The dice tray, throwing one roll after another: a throw made while dice still roll
    waits its turn, and what a roll shows elsewhere (the duel card, a number over a
    standee) happens as it lands."""

    LINGER = 0.35  # seconds a landed roll stays before the next is thrown

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.waiting: list[Waiting] = []
        self.landing: Callable[[], None] | None = None
        self.rested = 0.0
        self.holding = 0.0  # seconds the queue still pauses (a card being read)
        self.tally: tuple[tuple[str, int], ...] = ()  # what the dice at rest came to
        self.coming: tuple[tuple[str, int], ...] = ()  # what the dice rolling come to

    def _add_rails(self) -> None:
        """Rails round the dice's part of the tray (the right-hand column is the tally's)."""
        w, h, r = self.w - SIDE, self.h, 6
        corners = [(0, 0), (w, 0), (w, h), (0, h)]
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            rail = pymunk.Segment(self.space.static_body, a, b, r)
            rail.elasticity, rail.friction = 0.75, 0.6
            self.space.add(rail)

    @property
    def rolling(self) -> bool:
        return super().rolling or bool(self.waiting) or self.landing is not None \
            or self.holding > 0

    def hold(self, seconds: float) -> None:
        """Pause the queue for ``seconds`` once what is before it has landed (time to read
        a card before what it does is shown)."""
        if self.rolling:
            self.waiting.append(Waiting(None, hold=seconds))
        else:
            self.holding = seconds

    def throw_roll(self, roll: Roll, caption: str = "",
                   on_land: Callable[[], None] | None = None) -> None:
        """Throw ``roll`` once every roll before it has landed."""
        self.waiting.append(Waiting(roll, caption, on_land))
        if len(self.waiting) == 1 and not super().rolling and self.landing is None:
            self._next()

    def throw(self, faces: list[Any], sides: int = 6, colour: Colour | None = None,
              caption: str = "", on_land: Callable[[], None] | None = None) -> None:
        """The tray's own call: dice of one colour, their total beside them."""
        ints = [f for f in faces if isinstance(f, int)]
        tally = (("total", sum(ints)),) if len(ints) > 1 else ()
        self.throw_roll(Roll(list(faces), [colour or theme.CREAM] * len(faces), tally),
                        caption, on_land)

    def then(self, action: Callable[[], None]) -> None:
        """Do something once every roll thrown so far has landed (at once if none rolls)."""
        if not self.rolling:
            action()
            return
        self.waiting.append(Waiting(None, "", action))

    def _next(self) -> None:
        while self.waiting and self.waiting[0].roll is None:  # a step without dice: now
            step = self.waiting.pop(0)
            if step.hold > 0:  # a pause: the rest waits for it
                self.holding = step.hold
                return
            if step.on_land is not None:
                step.on_land()
        if not self.waiting:
            return
        waiting = self.waiting.pop(0)
        roll = waiting.roll
        assert roll is not None
        DiceTray.throw(self, roll.faces, 6, roll.colour, waiting.caption)
        if self.throw_ is not None:
            for die, colour in zip(self.throw_.dice, roll.colours, strict=False):
                die.colour = colour
        self.tally, self.coming = (), roll.tally
        self.landing, self.rested = waiting.on_land, 0.0

    def _land(self) -> None:
        self.tally = self.coming
        landing, self.landing = self.landing, None
        if landing is not None:
            landing()

    def update(self, dt: float) -> None:
        super().update(dt)
        if super().rolling:
            return
        if self.landing is not None:
            self._land()
        if self.holding > 0:
            self.holding = max(0.0, self.holding - dt)
            if self.holding > 0:
                return
            self.rested = self.LINGER
        self.rested += dt
        if self.waiting and (self.rested >= self.LINGER or self.waiting[0].roll is None):
            self._next()

    def clear_dice(self) -> None:
        super().clear_dice()
        self.tally = ()

    def _follow(self, die: Die, elapsed: float, dt: float) -> None:
        """As the tray's, but a die showing a number (no pips) comes to rest upright so
        that the number reads the right way up."""
        super()._follow(die, elapsed, dt)
        if die.settled and die.result not in PIPS:
            die.rest_angle = round(die.snap_from / math.tau) * math.tau

    def skip(self) -> None:
        """Every roll still to come lands at once (animations off, a rebuilt table)."""
        self.holding = 0.0
        while True:
            if self.throw_:  # as DiceTray.skip, without this class's own stepping
                DiceTray.update(self, MAX_ROLL_TIME + 0.3)
                DiceTray.update(self, 0.3)
            self._land()
            if not self.waiting:
                return
            self._next()
            self.holding = 0.0  # a pause passes at once too

    # -- drawing -----------------------------------------------------------------------------
    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        """The tray in its wooden frame with a band on top that the dice never roll over
        (what the last roll did, or who rolls now, in up to two lines) and the column at
        its right with what the roll came to."""
        left, top = world.apply(-self.w / 2, -self.h / 2)
        rect = pygame.Rect(round(left), round(top), int(self.w), int(self.h))
        whole = pygame.Rect(rect.x, rect.y - CAPTION_H, rect.w, rect.h + CAPTION_H)
        theme.shadowed_rect(target, whole.inflate(16, 16), theme.WOOD, radius=14, shadow=8)
        band = pygame.Rect(whole.x, whole.y, whole.w, CAPTION_H - 3)
        pygame.draw.rect(target, (52, 40, 32), band, border_radius=6)
        lines = theme.wrap(self.caption, band.w - 14, 12)
        if len(lines) > 2:
            lines = [lines[0], theme.ellipsize(" ".join(lines[1:]), band.w - 14, 12)]
        for k, line in enumerate(lines):
            theme.text(target, line, (band.x + 7, band.y + 1 + k * 16), 12, theme.PARCHMENT)
        felt = pygame.Rect(rect.x, rect.y, rect.w - SIDE, rect.h)
        pygame.draw.rect(target, theme.FELT_DARK, felt, border_radius=8)
        pygame.draw.rect(target, (0, 0, 0), felt, width=2, border_radius=8)
        self.draw_tally(target, pygame.Rect(felt.right + 4, rect.y, SIDE - 4, rect.h))
        if not self.throw_:
            theme.text(target, "dice tray", felt.center, 14, (60, 90, 80), "bold", "center")
            return
        for die in self.throw_.dice:
            self._draw_die(target, world, die, alpha)

    def draw_tally(self, target: pygame.Surface, box: pygame.Rect) -> None:
        """What the roll came to: each (word, number) with the number large, once the dice
        are at rest; a die's face alone needs no tally."""
        pygame.draw.rect(target, (52, 40, 32), box, border_radius=8)
        if not self.tally or super().rolling:
            return
        rows = len(self.tally)
        step = box.h / rows
        for k, (word, number) in enumerate(self.tally):
            middle = box.y + step * k + step / 2
            size = 26 if rows == 1 else 20
            theme.text(target, word, (box.centerx, round(middle - size / 2 - 1)), 12,
                       theme.PARCHMENT_DIM, "bold", "midbottom")
            theme.text(target, str(number), (box.centerx, round(middle + 4)), size,
                       theme.BRASS_LIGHT, "display", "center")

    def _draw_die(self, target: pygame.Surface, world: Affine, die: Die, alpha: float) -> None:
        """A die with some body: its shadow on the felt, its darker side below its face,
        then the face (domed, the pips sunk)."""
        px, py = die.body.position
        cx, cy = world.apply(px - self.w / 2, py - self.h / 2)
        angle = math.degrees(die.body.angle) + world.rotation
        shadow = self._turned(None, (0, 0, 0), angle, 0.35)
        side = self._turned(None, theme.blend(die.colour, (0, 0, 0), 0.45), angle, 1.0)
        face = self._turned(die.shown, die.colour, angle, 1.0)
        if alpha < 0.999:
            shadow, side, face = shadow.copy(), side.copy(), face.copy()
            shadow.set_alpha(round(90 * alpha))
            side.set_alpha(round(255 * alpha))
            face.set_alpha(round(255 * alpha))
        target.blit(shadow, shadow.get_rect(center=(round(cx + 5), round(cy + 8))))
        target.blit(side, side.get_rect(center=(round(cx), round(cy + 4))))
        target.blit(face, face.get_rect(center=(round(cx), round(cy))))

    def _face_surface(self, face: Any, colour: Colour) -> pygame.Surface:
        key = (face, colour)
        if key not in self._faces_cache:
            self._faces_cache[key] = die_face(face, colour)
        return self._faces_cache[key]


def die_face(face: Any, colour: Colour, size: int = DIE_SIZE) -> pygame.Surface:
    """A die's top face: rounded, brighter towards its middle (domed), pips sunk into it
    (dark with a light lip below); a number (no pips) written out. ``face`` None: the
    bare shape (the side and the shadow)."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect()
    radius = size // 5
    pygame.draw.rect(surf, colour, rect, border_radius=radius)
    if face is None:
        return surf
    for k in range(6):  # the dome: rings brightening towards the middle
        ring = rect.inflate(-4 - 5 * k, -4 - 5 * k)
        tone = theme.blend(colour, (255, 255, 255), 0.05 * (k + 1))
        pygame.draw.rect(surf, tone, ring, border_radius=max(2, radius - k))
    pygame.draw.rect(surf, theme.blend(colour, (0, 0, 0), 0.55), rect, width=2,
                     border_radius=radius)
    dark = theme.INK if sum(colour) > 380 else theme.CREAM
    lip = theme.blend(colour, (255, 255, 255), 0.6)
    if isinstance(face, int) and not isinstance(face, bool) and face in PIPS:
        r = size // 11
        for fx, fy in PIPS[face]:
            centre = (round(fx * size), round(fy * size))
            pygame.draw.circle(surf, lip, (centre[0], centre[1] + 1), r + 1)
            pygame.draw.circle(surf, dark, centre, r)
    else:
        label = str(face)
        theme.text(surf, label[:4], rect.center, 20 if len(label) < 3 else 13, dark, "bold",
                   "center")
    return surf
