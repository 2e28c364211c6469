"""The dice tray: pymunk throws dice that bounce off the rails and come to rest showing the
face the rules already rolled. Physics only moves them; it never decides a result."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Any

import pygame
import pymunk

from game import sound, theme
from game.scene import Affine, Node

STEP = 1 / 120
DIE_SIZE = 46
REST_SPEED = 14.0
REST_SPIN = 0.4
MAX_ROLL_TIME = 2.2
PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


@dataclass
class Die:
    """One thrown die: its body, the face the rules rolled, and what it shows now."""

    body: pymunk.Body
    result: Any
    tumble: list[Any]
    colour: tuple[int, int, int]
    travelled: float = 0.0
    last_angle: float = 0.0
    last_speed: float = 0.0
    settled: bool = False
    snap_from: float = 0.0
    snap: float = 1.0
    rest_angle: float = 0.0

    @property
    def shown(self) -> Any:
        """The face on top: tumbling faces while rolling, the rolled result once at rest."""
        if self.settled:
            return self.result
        return self.tumble[int(self.travelled / (math.pi / 2)) % len(self.tumble)]


@dataclass
class Throw:
    dice: list[Die] = field(default_factory=list)
    elapsed: float = 0.0


class DiceTray(Node):
    """A walled tray; ``throw(faces)`` rolls one die per face and settles on those faces."""

    def __init__(self, x: float, y: float, w: float, h: float, seed: int = 0,
                 name: str = "dice_tray") -> None:
        super().__init__(x, y, w, h, name=name)
        self.rng = random.Random(f"dice-visuals:{seed}")  # looks only, never results
        self.space = pymunk.Space()
        self.space.damping = 0.35
        self.throw_: Throw | None = None
        self.caption = ""
        self._accumulator = 0.0
        self._faces_cache: dict[tuple[Any, tuple[int, int, int]], pygame.Surface] = {}
        self._turned_cache: dict[tuple[Any, ...], pygame.Surface] = {}
        self._add_rails()

    def _add_rails(self) -> None:
        w, h, r = self.w, self.h, 6
        corners = [(0, 0), (w, 0), (w, h), (0, h)]
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            rail = pymunk.Segment(self.space.static_body, a, b, r)
            rail.elasticity, rail.friction = 0.75, 0.6
            self.space.add(rail)

    # -- throwing --------------------------------------------------------------------
    def throw(self, faces: list[Any], sides: int = 6, colour: tuple[int, int, int] | None = None,
              caption: str = "") -> None:
        """Throw one die per entry of ``faces``; each comes to rest showing its entry."""
        self.clear_dice()
        self.caption = caption
        throw = Throw()
        for i, face in enumerate(faces):
            throw.dice.append(self._launch(i, len(faces), face, sides, colour or theme.CREAM))
        self.throw_ = throw

    def _launch(self, i: int, n: int, face: Any, sides: int,
                colour: tuple[int, int, int]) -> Die:
        body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (DIE_SIZE, DIE_SIZE)))
        lane = (i + 1) / (n + 1)
        body.position = (DIE_SIZE, self.h * (0.25 + 0.5 * lane))
        body.velocity = (self.rng.uniform(520, 760), self.rng.uniform(-260, 260))
        body.angular_velocity = self.rng.uniform(-14, 14)
        body.angle = self.rng.uniform(0, math.tau)
        shape = pymunk.Poly.create_box(body, (DIE_SIZE - 6, DIE_SIZE - 6), radius=3)
        shape.elasticity, shape.friction = 0.55, 0.7
        self.space.add(body, shape)
        tumble = self._tumble_faces(face, sides)
        return Die(body, face, tumble, colour, last_angle=body.angle)

    def _tumble_faces(self, face: Any, sides: int) -> list[Any]:
        if isinstance(face, int) and not isinstance(face, bool) and sides > 1:
            faces: list[Any] = list(range(1, sides + 1))
        else:
            faces = [face]
        self.rng.shuffle(faces)
        return faces

    def clear_dice(self) -> None:
        for body in list(self.space.bodies):
            self.space.remove(body, *body.shapes)
        self.throw_ = None
        self.caption = ""

    # -- stepping -----------------------------------------------------------------------
    @property
    def rolling(self) -> bool:
        return self.throw_ is not None and not all(d.settled for d in self.throw_.dice)

    def busy(self) -> bool:
        """Rolling, or a landed die still turning square (the calm loop redraws while
        busy)."""
        snapping = self.throw_ is not None and any(d.snap < 1.0 for d in self.throw_.dice)
        return self.rolling or snapping or super().busy()

    def shown_faces(self) -> list[Any]:
        return [d.shown for d in self.throw_.dice] if self.throw_ else []

    def update(self, dt: float) -> None:
        super().update(dt)
        throw = self.throw_
        if throw is None:
            return
        throw.elapsed += dt
        self._accumulator = min(self._accumulator + dt, 0.25)
        while self._accumulator >= STEP:
            self.space.step(STEP)
            self._accumulator -= STEP
        for die in throw.dice:
            self._follow(die, throw.elapsed, dt)

    def _follow(self, die: Die, elapsed: float, dt: float) -> None:
        body = die.body
        if die.settled:
            die.snap = min(1.0, die.snap + dt / 0.18)
            body.angle = die.snap_from + (die.rest_angle - die.snap_from) * die.snap
            return
        die.travelled += abs(body.angle - die.last_angle)
        die.last_angle = body.angle
        speed = body.velocity.length
        if die.last_speed - speed > 120:  # it struck a rail or another die
            sound.play("clack", min(1.0, (die.last_speed - speed) / 500))
        die.last_speed = speed
        calm = body.velocity.length < REST_SPEED and abs(body.angular_velocity) < REST_SPIN
        if calm or elapsed >= MAX_ROLL_TIME:
            body.velocity, body.angular_velocity = (0, 0), 0.0
            die.settled = True
            die.snap_from, die.snap = body.angle, 0.0
            die.rest_angle = round(body.angle / (math.pi / 2)) * (math.pi / 2)

    def skip(self) -> None:
        """Bring every die to rest now (animations off)."""
        if self.throw_:
            self.update(MAX_ROLL_TIME + 0.3)
            self.update(0.3)

    # -- drawing -----------------------------------------------------------------------
    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        left, top = world.apply(-self.w / 2, -self.h / 2)
        rect = pygame.Rect(round(left), round(top), int(self.w), int(self.h))
        theme.shadowed_rect(target, rect.inflate(16, 16), theme.WOOD, radius=14, shadow=8)
        pygame.draw.rect(target, theme.FELT_DARK, rect, border_radius=8)
        pygame.draw.rect(target, (0, 0, 0), rect, width=2, border_radius=8)
        if self.caption:
            theme.text(target, self.caption, (rect.x + 10, rect.y + 8), 13, theme.PARCHMENT_DIM)
        if not self.throw_:
            theme.text(target, "dice tray", rect.center, 14, (60, 90, 80), "bold", "center")
            return
        for die in self.throw_.dice:
            self._draw_die(target, world, die, alpha)

    def _draw_die(self, target: pygame.Surface, world: Affine, die: Die, alpha: float) -> None:
        px, py = die.body.position
        cx, cy = world.apply(px - self.w / 2, py - self.h / 2)
        angle = math.degrees(die.body.angle) + world.rotation
        shadow = self._turned(None, (0, 0, 0), angle, 0.35)
        face = self._turned(die.shown, die.colour, angle, 1.0)
        if alpha < 0.999:
            shadow, face = shadow.copy(), face.copy()
            shadow.set_alpha(round(90 * alpha))
            face.set_alpha(round(255 * alpha))
        target.blit(shadow, shadow.get_rect(center=(round(cx + 4), round(cy + 6))))
        target.blit(face, face.get_rect(center=(round(cx), round(cy))))

    def _turned(self, face: Any, colour: tuple[int, int, int], angle: float,
                opacity: float) -> pygame.Surface:
        """A die face turned to ``angle`` (in 3-degree steps, cached: rotating every die
        every frame is the costly part of a throw)."""
        step = round(angle / 3) % 120
        key = (face, colour, step, opacity)
        if key not in self._turned_cache:
            if len(self._turned_cache) > 2000:
                self._turned_cache.clear()
            surf = pygame.transform.rotozoom(self._face_surface(face, colour), -step * 3, 1)
            if opacity < 1:
                surf.set_alpha(round(255 * opacity))
            self._turned_cache[key] = surf
        return self._turned_cache[key]

    def _face_surface(self, face: Any, colour: tuple[int, int, int]) -> pygame.Surface:
        key = (face, colour)
        if key not in self._faces_cache:
            self._faces_cache[key] = render_die_face(face, colour)
        return self._faces_cache[key]


def render_die_face(face: Any, colour: tuple[int, int, int],
                    size: int = DIE_SIZE) -> pygame.Surface:
    """A die seen from above: pips for 1-6, the value written out otherwise."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, colour, rect, border_radius=9)
    if face is None:
        return surf
    pygame.draw.rect(surf, theme.INK, rect, width=2, border_radius=9)
    dark = theme.INK if sum(colour) > 380 else theme.CREAM
    if isinstance(face, int) and not isinstance(face, bool) and face in PIPS:
        for fx, fy in PIPS[face]:
            pygame.draw.circle(surf, dark, (round(fx * size), round(fy * size)), size // 11)
    else:
        label = str(face)
        theme.text(surf, label[:4], rect.center, 20 if len(label) < 3 else 13, dark, "bold",
                   "center")
    return surf
