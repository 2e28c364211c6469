"""Chaostle's dice tray: pymunk dice thrown one roll after another (a battle resolved in one
go is thrown blow by blow), each landing on the face the rules drew, drawn as dice (a
domed face with sunk pips, a darker side under it, a shadow on the felt), and what the
roll came to written beside them in a column of its own the dice never roll into."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pygame
import pymunk

from game import sound, theme
from game.dice import DIE_SIZE, MAX_ROLL_TIME, PIPS, DiceTray, Die
from game.scene import Affine
from game.tables.chaostle.layout import CAPTION_H

Colour = tuple[int, int, int]
SIDE = 62  # the tray's right-hand column: what the roll came to (no die rolls there)
GRAVITY = 1500.0  # pixels a second squared: how a thrown die falls back to the felt
BOUNCE = 0.42  # how much of its fall a die keeps when it bounces off the felt
TOSS = (24.0, 240.0)  # a die leaves the hand this high over the felt, rising this fast
ROLL_LENGTH = 1.6 * DIE_SIZE  # pixels a die slides on the felt for a quarter turn over
AIR_TURNS = 6.0  # quarter turns a second while a die is in the air
LAST_SPEED = 170.0  # slower than this on the felt, a die rolls over onto its result
TIP_TURNS = 7.0  # quarter turns a second a die at rest still tips over onto its result


@dataclass
class Tumble:
    """What a die does that the tray's flat physics does not: its height over the felt and
    its rolling over, a quarter turn at a time. ``top`` is the face up, ``coming`` the
    face rolling up (``part`` of the way, 0-1, turned towards ``heading``, a quarter
    turn of the die's own frame); ``plan`` the faces still to come so that the last one
    up is the rules' result."""

    result: int
    top: int
    coming: int
    z: float = TOSS[0]
    vz: float = TOSS[1]
    part: float = 0.0
    heading: int = 0
    plan: list[int] = field(default_factory=list)
    planned: bool = False

    @property
    def done(self) -> bool:
        """On the felt, its result up, not turning."""
        return self.z <= 0 and self.vz == 0 and self.part == 0 and self.top == self.result


def beside(face: int) -> list[int]:
    """The four faces next to ``face`` on a die (all but itself and its opposite)."""
    return [f for f in range(1, 7) if f not in (face, 7 - face)]


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
        self.air: dict[int, Tumble] = {}  # each die's height and rolling over (by id)

    def _launch(self, i: int, n: int, face: Any, sides: int, colour: Colour) -> Die:
        """A die thrown: into the air, showing a face of its own, rolling over as it goes
        (only a die with pips tumbles; a written value slides upright)."""
        die = super()._launch(i, n, face, sides, colour)
        if isinstance(face, int) and face in PIPS:
            top = self.rng.randint(1, 6)
            self.air[id(die)] = Tumble(face, top, self.rng.choice(beside(top)))
        return die

    def _dice_moving(self) -> bool:
        """A die still sliding, in the air or rolling over onto its result."""
        return DiceTray.rolling.fget(self) or any(not t.done  # type: ignore[attr-defined]
                                                  for t in self.air.values())

    def shown_faces(self) -> list[Any]:
        if not self.throw_:
            return []
        return [self.air[id(d)].top if id(d) in self.air else d.shown for d in self.throw_.dice]

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
        return self._dice_moving() or bool(self.waiting) or self.landing is not None \
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
        if len(self.waiting) == 1 and not self._dice_moving() and self.landing is None:
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
        if self._dice_moving():
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
        self.air = {}

    def _follow(self, die: Die, elapsed: float, dt: float) -> None:
        """As the tray's, but a die showing a number (no pips) comes to rest upright so
        that the number reads the right way up."""
        was = die.settled
        super()._follow(die, elapsed, dt)
        if die.settled and not was and die.result not in PIPS:
            die.rest_angle = round(die.snap_from / math.tau) * math.tau
        tumble = self.air.get(id(die))
        if tumble is not None:
            self._tumble(die, tumble, elapsed, dt)

    def _tumble(self, die: Die, t: Tumble, elapsed: float, dt: float) -> None:
        """Height: thrown up, falling, bouncing lower each time on the felt. Rolling over:
        fast in the air, as far as it slides on the felt, and once slow (or at rest) on to
        its result: the faces still to come are planned at a quarter turn's end so that
        the last one up is the rules' (never a face the die could not roll onto)."""
        if die.settled:  # at rest on the tray's floor: down at once, tipping over if need be
            t.z, t.vz = max(0.0, t.z - 600 * dt), 0.0
            rate = TIP_TURNS
        else:
            if t.z > 0 or t.vz != 0:
                t.vz -= GRAVITY * dt
                t.z += t.vz * dt
                if t.z <= 0:
                    t.z, t.vz = 0.0, (-t.vz * BOUNCE if -t.vz > 90 else 0.0)
                    if t.vz:
                        sound.play("clack", min(1.0, t.vz / 250))
            rate = die.body.velocity.length / ROLL_LENGTH + (AIR_TURNS if t.z > 0 else 0.0)
            if t.planned:
                rate = max(rate, TIP_TURNS / 2)
        if t.part == 0 and not self._next_turn(die, t, elapsed):
            return
        t.part += rate * dt
        while t.part >= 1.0:  # a quarter turn over: the coming face is up
            t.top, t.part = t.coming, t.part - 1.0
            if not self._next_turn(die, t, elapsed):
                t.part = 0.0
                return

    def _next_turn(self, die: Die, t: Tumble, elapsed: float) -> bool:
        """At a quarter turn's end: the face to roll up next (False: it rolls no more)."""
        slow = die.settled or (t.z <= 0 and t.vz == 0 and (
            die.body.velocity.length < LAST_SPEED or elapsed >= MAX_ROLL_TIME - 0.5))
        if slow and not t.planned:
            t.planned = True
            if t.top == t.result:
                t.plan = []
            elif t.result in beside(t.top):
                t.plan = [t.result]
            else:  # the result is underneath: over a face beside both, then onto it
                t.plan = [self.rng.choice(beside(t.top)), t.result]
        if t.planned:
            if not t.plan:
                return False
            t.coming = t.plan.pop(0)
        else:
            t.coming = self.rng.choice(beside(t.top))
        velocity = die.body.velocity
        if velocity.length > 1:  # roll the way it slides, in the die's own frame
            ahead = math.atan2(velocity.y, velocity.x) - die.body.angle
            t.heading = round(ahead / (math.pi / 2)) % 4
        return True

    def skip(self) -> None:
        """Every roll still to come lands at once (animations off, a rebuilt table)."""
        self.holding = 0.0
        while True:
            if self.throw_:  # as DiceTray.skip, without this class's own stepping
                DiceTray.update(self, MAX_ROLL_TIME + 0.3)
                DiceTray.update(self, 0.3)
                for t in self.air.values():  # on the felt, the result up
                    t.top, t.part, t.z, t.vz, t.plan = t.result, 0.0, 0.0, 0.0, []
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
        clip = target.get_clip()
        target.set_clip(clip.clip(rect))  # a die in the air never over the caption band
        for die in self.throw_.dice:
            self._draw_die(target, world, die, alpha)
        target.set_clip(clip)

    def draw_tally(self, target: pygame.Surface, box: pygame.Rect) -> None:
        """What the roll came to: each (word, number) with the number large, once the dice
        are at rest; a die's face alone needs no tally."""
        pygame.draw.rect(target, (52, 40, 32), box, border_radius=8)
        if not self.tally or self._dice_moving():
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
        then the face (domed, the pips sunk). In the air it is drawn higher and a little
        larger than its shadow; rolling over, the face going down and the face coming up
        share its top, each foreshortened by how far it has turned."""
        px, py = die.body.position
        cx, cy = world.apply(px - self.w / 2, py - self.h / 2)
        angle = math.degrees(die.body.angle) + world.rotation
        tumble = self.air.get(id(die))
        if tumble is not None and (tumble.z > 0 or tumble.part > 0):
            self._draw_tumbling(target, (cx, cy), angle, die, tumble, alpha)
            return
        shown = tumble.top if tumble is not None else die.shown
        shadow = self._turned(None, (0, 0, 0), angle, 0.35)
        side = self._turned(None, theme.blend(die.colour, (0, 0, 0), 0.45), angle, 1.0)
        face = self._turned(shown, die.colour, angle, 1.0)
        if alpha < 0.999:
            shadow, side, face = shadow.copy(), side.copy(), face.copy()
            shadow.set_alpha(round(90 * alpha))
            side.set_alpha(round(255 * alpha))
            face.set_alpha(round(255 * alpha))
        target.blit(shadow, shadow.get_rect(center=(round(cx + 5), round(cy + 8))))
        target.blit(side, side.get_rect(center=(round(cx), round(cy + 4))))
        target.blit(face, face.get_rect(center=(round(cx), round(cy))))

    def _draw_tumbling(self, target: pygame.Surface, at: tuple[float, float], angle: float,
                       die: Die, t: Tumble, alpha: float) -> None:
        """A die in the air or rolling over: its shadow falls further from it (and
        fainter) the higher it is, the die a little larger; its top shows the face going
        down (ahead) and the face coming up (behind), lit by how far each has turned towards
        the eye."""
        cx, cy = at
        lift = min(1.0, t.z / 60)
        shadow = self._turned(None, (0, 0, 0), angle, 0.35)
        if lift > 0 or alpha < 0.999:
            shadow = pygame.transform.rotozoom(shadow, 0, 1 - 0.15 * lift)
            shadow.set_alpha(round(90 * alpha * (1 - 0.4 * lift)))
        target.blit(shadow, shadow.get_rect(center=(round(cx + 5 + 14 * lift),
                                                    round(cy + 8 + 12 * lift))))
        size = DIE_SIZE
        going, rising = math.cos(t.part * math.pi / 2), math.sin(t.part * math.pi / 2)
        down_h, up_h = max(1, round(size * going)), round(size * rising)
        body = pygame.Surface((size, down_h + up_h + 4), pygame.SRCALPHA)
        dark = theme.blend(die.colour, (0, 0, 0), 0.45)
        pygame.draw.rect(body, dark, body.get_rect().move(0, 4).clip(body.get_rect()),
                         border_radius=size // 5)
        upright = 90 * (t.heading + 1)  # the faces keep the way they lie on the die
        if up_h > 0:  # behind, turning up towards the eye
            face = pygame.transform.smoothscale(pygame.transform.rotate(
                self._face_surface(t.coming, die.colour), upright), (size, up_h))
            face.fill(theme.blend((255, 255, 255), (0, 0, 0), 0.4 * going),
                      special_flags=pygame.BLEND_RGB_MULT)
            body.blit(face, (0, down_h))
        face = pygame.transform.smoothscale(pygame.transform.rotate(
            self._face_surface(t.top, die.colour), upright), (size, down_h))
        face.fill(theme.blend((255, 255, 255), (0, 0, 0), 0.4 * rising),
                  special_flags=pygame.BLEND_RGB_MULT)
        body.blit(face, (0, 0))  # ahead: the top tipping over the leading edge
        turned = angle + 90 * t.heading + 90  # the drawing's top points the way it rolls
        body = pygame.transform.rotozoom(body, -turned, 1 + 0.15 * lift)
        if alpha < 0.999:
            body.set_alpha(round(255 * alpha))
        target.blit(body, body.get_rect(center=(round(cx), round(cy - 4 * lift))))

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
