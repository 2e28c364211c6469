"""The scene graph: nodes with a local transform (position, rotation, scale, alpha), z-order,
hit-testing and tweens. A node's local origin is its centre; its box is size around it."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from game import icons, sound, theme
from game.tween import Easing, Tween, Tweener, arc, ease_in_out_cubic, ease_out_cubic


@dataclass(frozen=True, slots=True)
class Affine:
    """A 2-D affine map: (x, y) -> (a*x + b*y + tx, c*x + d*y + ty)."""

    a: float = 1.0
    b: float = 0.0
    c: float = 0.0
    d: float = 1.0
    tx: float = 0.0
    ty: float = 0.0

    @classmethod
    def local(cls, x: float, y: float, rotation: float, scale: float) -> Affine:
        """Translate * rotate (degrees, clockwise on screen) * scale."""
        r = math.radians(rotation)
        cos, sin = math.cos(r) * scale, math.sin(r) * scale
        return cls(cos, -sin, sin, cos, x, y)

    def __matmul__(self, o: Affine) -> Affine:
        return Affine(
            self.a * o.a + self.b * o.c, self.a * o.b + self.b * o.d,
            self.c * o.a + self.d * o.c, self.c * o.b + self.d * o.d,
            self.a * o.tx + self.b * o.ty + self.tx, self.c * o.tx + self.d * o.ty + self.ty,
        )

    def apply(self, x: float, y: float) -> tuple[float, float]:
        return self.a * x + self.b * y + self.tx, self.c * x + self.d * y + self.ty

    def inverse(self) -> Affine:
        det = self.a * self.d - self.b * self.c
        if abs(det) < 1e-12:
            raise ZeroDivisionError("a node scaled to zero has no inverse")
        a, b, c, d = self.d / det, -self.b / det, -self.c / det, self.a / det
        return Affine(a, b, c, d, -(a * self.tx + b * self.ty), -(c * self.tx + d * self.ty))

    @property
    def rotation(self) -> float:
        return math.degrees(math.atan2(self.c, self.a))

    @property
    def scale(self) -> float:
        return math.hypot(self.a, self.c)


class Node:
    """A thing on the table. Children draw above their parent, ordered by ``z``."""

    def __init__(self, x: float = 0, y: float = 0, w: float = 0, h: float = 0,
                 name: str = "") -> None:
        self.x, self.y = float(x), float(y)
        self.w, self.h = float(w), float(h)
        self.rotation = 0.0
        self.scale = 1.0
        self.alpha = 1.0
        self.z = 0.0
        self.visible = True
        self.interactive = False
        self.name = name
        self.parent: Node | None = None
        self.children: list[Node] = []
        self.tweens = Tweener()

    # -- tree ----------------------------------------------------------------------
    def add(self, child: Node) -> Node:
        if child.parent is not None:
            child.parent.remove(child)
        child.parent = self
        self.children.append(child)
        return child

    def remove(self, child: Node) -> None:
        self.children.remove(child)
        child.parent = None

    def detach(self) -> None:
        """Leave the tree (a passing effect removes itself when it has faded)."""
        if self.parent is not None:
            self.parent.remove(self)

    def clear(self) -> None:
        for child in list(self.children):
            self.remove(child)

    def ordered(self) -> list[Node]:
        """Children in drawing order (stable by z, then insertion)."""
        return sorted(self.children, key=lambda n: n.z)

    def walk(self) -> list[Node]:
        out: list[Node] = [self]
        for child in self.ordered():
            out.extend(child.walk())
        return out

    def find(self, name: str) -> Node | None:
        return next((n for n in self.walk() if n.name == name), None)

    # -- transforms ------------------------------------------------------------------
    def local_matrix(self) -> Affine:
        return Affine.local(self.x, self.y + self.lift(), self.rotation, self.scale)

    def lift(self) -> float:
        """A vertical offset drawn but not part of ``y`` (standees use it to hop)."""
        return 0.0

    def world_matrix(self) -> Affine:
        m = self.local_matrix()
        node = self.parent
        while node is not None:
            m = node.local_matrix() @ m
            node = node.parent
        return m

    def world_alpha(self) -> float:
        alpha, node = self.alpha, self.parent
        while node is not None:
            alpha *= node.alpha
            node = node.parent
        return max(0.0, min(1.0, alpha))

    def to_world(self, x: float = 0.0, y: float = 0.0) -> tuple[float, float]:
        return self.world_matrix().apply(x, y)

    def to_local(self, x: float, y: float) -> tuple[float, float]:
        return self.world_matrix().inverse().apply(x, y)

    # -- hit-testing -------------------------------------------------------------------
    def contains(self, x: float, y: float) -> bool:
        """Whether the world point lies on this node's own box."""
        if self.w <= 0 or self.h <= 0 or self.scale == 0:
            return False
        lx, ly = self.to_local(x, y)
        return abs(lx) <= self.w / 2 and abs(ly) <= self.h / 2

    def pick(self, x: float, y: float) -> Node | None:
        """The top-most visible interactive node under the world point."""
        if not self.visible:
            return None
        for child in reversed(self.ordered()):
            hit = child.pick(x, y)
            if hit is not None:
                return hit
        if self.interactive and self.contains(x, y):
            return self
        return None

    # -- animation ----------------------------------------------------------------------
    def tween(self, attr: str, end: float, duration: float, easing: Easing = ease_out_cubic,
              delay: float = 0.0, on_done: Callable[[], None] | None = None) -> Tween:
        return self.tweens.add(Tween(self, attr, end, duration, easing, delay, on_done))

    def update(self, dt: float) -> None:
        self.tweens.update(dt)
        for child in list(self.children):
            child.update(dt)

    def busy(self) -> bool:
        """Whether this node or a child is still animating."""
        return self.tweens.busy or any(c.busy() for c in self.children)

    def finish_animations(self) -> None:
        self.tweens.finish_all()
        for child in self.children:
            child.finish_animations()

    # -- drawing (never changes state) ----------------------------------------------------
    def draw(self, target: pygame.Surface) -> None:
        if not self.visible or self.alpha <= 0:
            return
        self.draw_self(target, self.world_matrix(), self.world_alpha())
        for child in self.ordered():
            child.draw(target)

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        """Subclasses draw their own look here."""


def blit_transformed(target: pygame.Surface, surf: pygame.Surface, world: Affine,
                     alpha: float) -> None:
    """Blit ``surf`` centred on the world origin of ``world``, rotated, scaled and faded."""
    angle, scale = world.rotation, world.scale
    if abs(angle) > 0.05 or abs(scale - 1.0) > 0.001:
        surf = pygame.transform.rotozoom(surf, -angle, scale)
    if alpha < 0.999:
        surf = surf.copy()
        surf.set_alpha(int(255 * alpha))
    cx, cy = world.apply(0, 0)
    target.blit(surf, surf.get_rect(center=(round(cx), round(cy))))


class SpriteNode(Node):
    """A node that draws a surface it renders (and caches) itself."""

    def __init__(self, *args: float, **kwargs: str) -> None:
        super().__init__(*args, **kwargs)
        self._cache: pygame.Surface | None = None
        self._cache_key: object = None

    def look_key(self) -> object:
        """What the look depends on; a change re-renders the surface."""
        return (self.w, self.h)

    def render(self) -> pygame.Surface:
        surf = pygame.Surface((max(1, int(self.w)), max(1, int(self.h))), pygame.SRCALPHA)
        return surf

    def surface(self) -> pygame.Surface:
        key = self.look_key()
        if self._cache is None or key != self._cache_key:
            self._cache, self._cache_key = self.render(), key
        return self._cache

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        blit_transformed(target, self.surface(), world, alpha)


class CardNode(SpriteNode):
    """A card with a face and a back that turns over: ``flip()`` squeezes it edge-on, swaps
    the side and opens it out again (``turn`` runs 0 -> 1)."""

    def __init__(self, x: float, y: float, title: str, lines: tuple[str, ...] = (),
                 face_up: bool = True, w: float = 120, h: float = 168, name: str = "") -> None:
        super().__init__(x, y, w, h, name=name)
        self.title, self.lines = title, lines
        self.face_up = face_up
        self.turn = 0.0
        self.accent = theme.BRASS

    @property
    def showing_face(self) -> bool:
        """Which side is visible: it swaps halfway through a flip."""
        return self.face_up != (self.turn >= 0.5)

    def flip(self, duration: float = 0.45) -> Tween:
        def settle() -> None:
            self.face_up = not self.face_up
            self.turn = 0.0
        sound.play("flip")
        return self.tween("turn", 1.0, duration, ease_in_out_cubic, on_done=settle)

    def look_key(self) -> object:
        return (self.w, self.h, self.showing_face, self.title, self.lines)

    def render(self) -> pygame.Surface:
        surf = super().render()
        rect = surf.get_rect()
        if self.showing_face:
            pygame.draw.rect(surf, theme.PARCHMENT, rect, border_radius=10)
            pygame.draw.rect(surf, self.accent, rect, width=3, border_radius=10)
            y = 8
            for line in theme.wrap(self.title, int(self.w) - 14, 14, "bold")[:2]:
                theme.text(surf, theme.ellipsize(line, int(self.w) - 14, 14, "bold"),
                           (rect.centerx, y), 14, theme.INK, "bold", "midtop")
                y += 17
            y += 6
            for line in self.lines:
                for part in theme.wrap(line, int(self.w) - 16, 12):
                    theme.text(surf, part, (8, y), 12, theme.INK)
                    y += 15
        else:
            pygame.draw.rect(surf, theme.WOOD, rect, border_radius=10)
            inner = rect.inflate(-14, -14)
            pygame.draw.rect(surf, theme.BRASS, inner, width=2, border_radius=7)
            pygame.draw.circle(surf, theme.BRASS, inner.center, min(inner.w, inner.h) // 5, 2)
        return surf

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        surf = self.surface()
        squeeze = abs(math.cos(math.pi * self.turn))
        if squeeze < 0.999:
            width = max(1, int(surf.get_width() * squeeze))
            surf = pygame.transform.smoothscale(surf, (width, surf.get_height()))
        blit_transformed(target, surf, world, alpha)


class StandeeNode(SpriteNode):
    """A figure on a base that slides or hops from place to place: a token in its side's
    colour showing the character's ``icon`` (its initials without one), a heart with its
    ``life``, a brass notch on the side it ``faces`` (-1 left, 1 right, 0 none) and a
    badge per lasting ``states`` entry (stunned, immobilised, hidden, trapped...)."""

    def __init__(self, x: float, y: float, label: str, colour: tuple[int, int, int],
                 w: float = 44, h: float = 64, name: str = "",
                 icon: tuple[str, str, str] | None = None) -> None:
        super().__init__(x, y, w, h, name=name)
        self.label, self.colour, self.icon = label, colour, icon
        self.life: int | None = None
        self.faces = 0
        self.states: tuple[str, ...] = ()
        self.hop_height = 0.0
        self.hop = 0.0

    def lift(self) -> float:
        return -self.hop_height * arc(self.hop)

    def slide_to(self, x: float, y: float, duration: float = 0.35) -> None:
        self.tween("x", x, duration, ease_in_out_cubic)
        self.tween("y", y, duration, ease_in_out_cubic)

    def hop_to(self, x: float, y: float, duration: float = 0.45, height: float = 36) -> None:
        """Slide there while rising and falling along an arc."""
        self.hop, self.hop_height = 0.0, height
        self.slide_to(x, y, duration)
        self.tween("hop", 1.0, duration, lambda t: t)

    def look_key(self) -> object:
        return (self.w, self.h, self.label, self.colour, self.icon, self.life, self.faces,
                self.states)

    def render(self) -> pygame.Surface:
        surf = super().render()
        w, h = surf.get_size()
        pygame.draw.ellipse(surf, (0, 0, 0, 90), (2, h - 14, w - 4, 12))
        pygame.draw.ellipse(surf, theme.WOOD, (4, h - 16, w - 8, 10))
        body = pygame.Rect(6, 2, w - 12, h - 16)
        pygame.draw.rect(surf, self.colour, body, border_radius=w // 2 - 4)
        pygame.draw.rect(surf, theme.CREAM, body, width=2, border_radius=w // 2 - 4)
        if self.faces:  # a notch on the side it faces
            x = body.right - 1 if self.faces > 0 else body.x + 1
            tip = x + 6 * self.faces
            pygame.draw.polygon(surf, theme.BRASS_LIGHT, [(x, body.centery - 6),
                                                          (tip, body.centery),
                                                          (x, body.centery + 6)])
        if self.icon is not None:
            size = min(body.w, body.h) - 10
            picture = icons.icon(*self.icon, size, theme.CREAM)
            surf.blit(picture, picture.get_rect(center=body.center))
        else:
            theme.text(surf, self.label[:2], body.center, 16, theme.CREAM, "bold", "center")
        for k, state in enumerate(self.states[:3]):  # badges down the left edge
            centre = (body.x + 4, body.y + 7 + 13 * k)
            pygame.draw.circle(surf, theme.INK, centre, 7)
            pygame.draw.circle(surf, theme.BRASS_LIGHT, centre, 7, 1)
            badge = icons.stat_icon(state, 10, theme.BRASS_LIGHT)
            surf.blit(badge, badge.get_rect(center=centre))
        if self.life is not None:
            heart = pygame.Rect(0, 0, 22, 16)
            heart.midbottom = (body.right - 6, body.bottom + 4)
            pygame.draw.rect(surf, theme.DANGER, heart, border_radius=7)
            theme.text(surf, str(self.life), heart.center, 11, theme.CREAM, "bold", "center")
        return surf
