"""Chaostle's pieces on the table: a standee per character (army colour, level, health) that
hops space by space along the path it took, the glowing targets a click plays (a space, a
draft card, a peg hole), and numbers that rise from a hurt character."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any

import pygame

from game import icons, theme
from game.cardface import CardFace
from game.scene import Affine, Node, SpriteNode, blit_transformed
from game.tables.chaostle.cards import (
    CATEGORY_COLOURS,
    GAIN,
    LOSS,
    stat_line,
    weapons_and_skills,
)
from game.tables.chaostle.faces import printed_face
from game.widgets import Button, Widget

HOP_TIME = 0.16  # seconds a standee takes for one space of its path


class Figure(SpriteNode):
    """A character's standee: a coloured figure on a wooden base with its initials, its
    level as pips and its health as a bar. ``walk`` hops it along a path of points."""

    def __init__(self, x: float, y: float, label: str, colour: tuple[int, int, int],
                 level: int, name: str = "", character: str = "") -> None:
        super().__init__(x, y, 26, 38, name=name)
        self.label, self.colour, self.level = label, colour, level
        self.character = character  # its content name: its picture (initials without one)
        self.health = 1.0  # 0..1 of its maximum
        self.marks: tuple[str, ...] = ()  # lasting fates on it: "bad_vibes", "burden"
        self.hop = 0.0  # whole number of hops done; the fraction is the current arc
        self.hop_height = 9.0
        self.z = 10

    def lift(self) -> float:
        return -self.hop_height * abs(math.sin(math.pi * self.hop))

    def hop_along(self, points: Sequence[tuple[float, float]]) -> None:
        """Hop from where it stands through each point in turn (one hop per space)."""
        self.tweens.tweens = [t for t in self.tweens.tweens if t.attr not in ("x", "y", "hop")]
        self.hop = 0.0
        for k, (x, y) in enumerate(points):
            self.tween("x", x, HOP_TIME, lambda t: t, delay=k * HOP_TIME)
            self.tween("y", y, HOP_TIME, lambda t: t, delay=k * HOP_TIME)
        if points:
            self.tween("hop", float(len(points)), HOP_TIME * len(points), lambda t: t)

    def look_key(self) -> object:
        return (self.label, self.colour, self.level, round(self.health, 2), self.marks)

    def render(self) -> pygame.Surface:
        surf = super().render()
        w, h = surf.get_size()
        pygame.draw.ellipse(surf, (0, 0, 0, 100), (1, h - 9, w - 2, 8))
        pygame.draw.ellipse(surf, theme.WOOD, (3, h - 10, w - 6, 7))
        body = pygame.Rect(4, 1, w - 8, h - 12)
        pygame.draw.rect(surf, theme.blend(self.colour, (0, 0, 0), 0.35), body.move(1, 1),
                         border_radius=8)
        pygame.draw.rect(surf, self.colour, body, border_radius=8)
        pygame.draw.rect(surf, theme.CREAM, body, width=1, border_radius=8)
        ink = theme.INK if sum(self.colour) > 520 else theme.CREAM
        if self.character:
            picture = icons.icon("chaostle", "character", self.character, 16, ink)
            surf.blit(picture, picture.get_rect(center=(body.centerx, body.y + 10)))
        else:
            theme.text(surf, self.label, (body.centerx, body.y + 11), 11, ink, "bold",
                       "center")
        for k in range(self.level):  # level pips
            pygame.draw.circle(surf, theme.BRASS_LIGHT, (body.x + 5 + k * 5, body.bottom - 9), 2)
        for k, mark in enumerate(self.marks):  # Bad Vibes a violet cloud, Burden a weight
            spot = (body.right - 3, body.y + 3 + 7 * k)
            tone = (150, 90, 200) if mark == "bad_vibes" else (90, 90, 96)
            pygame.draw.circle(surf, tone, spot, 3)
            pygame.draw.circle(surf, theme.CREAM, spot, 3, 1)
        bar = pygame.Rect(body.x + 1, body.bottom - 5, body.w - 2, 3)
        pygame.draw.rect(surf, (40, 20, 20), bar)
        fill = bar.copy()
        fill.w = max(0, round(bar.w * max(0.0, min(1.0, self.health))))
        pygame.draw.rect(surf, GAIN if self.health > 0.4 else LOSS, fill)
        return surf


class Target(Widget):
    """Something a click plays: a pulsing wash in a colour with a light rim, and its words
    above it while it is hovered, focused or the focused action button plays the same
    action (a space a move reaches, a standee a battle attacks, a peg hole, a crown)."""

    def __init__(self, rect: pygame.Rect, words: str, colour: tuple[int, int, int],
                 name: str, on_activate: Callable[[], None], round_: bool = False,
                 action: object = None, wash: float = 1.0) -> None:
        super().__init__(rect.centerx, rect.centery, rect.w, rect.h, name=name,
                         on_activate=on_activate)
        self.words, self.colour, self.round = words, colour, round_
        self.action, self.wash = action, wash  # wash: how strongly it tints what is under it
        self.linked = False  # the focused action button plays this target's action
        self.path: list[tuple[float, float]] = []  # a move's way there, shown while lit
        self.caption: pygame.Rect | None = None  # where its words show (else above it)
        self.marks_only = False  # lit by a link alone: no words (the linked space has them)
        self.inside: pygame.Rect | None = None  # the box it is drawn within (the castle's)
        self.z = 20
        self.clock = 0.0

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        lit = self.focused or self.linked or self.glow > 0.5
        self.z = 24 if lit and self.path else 20  # a move's path over the other targets

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        rect = self.box(world)
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        lit = self.focused or self.linked or self.glow > 0.5
        clip = target.get_clip()
        if self.inside is not None:  # on the castle: nothing of it past the castle's box
            target.set_clip(clip.clip(self.inside))
        if lit and len(self.path) > 1:
            draw_path(target, self.path, self.colour)
        strength = 8 if lit else round(3 + 3 * pulse)  # eight steps, each drawn once
        look = _target_look(rect.size, self.colour, self.round, round(strength * self.wash),
                            lit)
        target.blit(look, rect.inflate(4, 4).topleft)
        target.set_clip(clip)
        if self.words and lit and not self.round and rect.h >= 40 and self.caption is None:
            # a card: its words over a dark veil on the card itself (nothing beside it hidden)
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            veil.fill((20, 16, 12, 215))
            target.blit(veil, rect.topleft)
            lines = theme.wrap(self.words, rect.w - 12, 13, "bold")[:3]
            y = rect.centery - 8 * len(lines)
            for line in lines:
                theme.text(target, line, (rect.centerx, y), 13, theme.CREAM, "bold", "midtop")
                y += 16
        elif self.words and lit and not (self.marks_only and self.linked
                                         and not self.focused and self.glow <= 0.5):
            label = theme.rendered(self.words, 13, theme.CREAM, "bold")
            if self.caption is not None:  # in the castle's caption band, off the pieces
                box = label.get_rect(midleft=(self.caption.x, self.caption.centery))
                box = box.inflate(12, 6)
                box.x = self.caption.x
            else:
                box = label.get_rect(midbottom=(rect.centerx, rect.y - 4)).inflate(10, 4)
            box.clamp_ip(pygame.Rect(0, 0, *theme.LOGICAL_SIZE))
            pygame.draw.rect(target, (20, 16, 12), box, border_radius=6)
            pygame.draw.rect(target, self.colour, box, 1, border_radius=6)
            target.blit(label, label.get_rect(center=box.center))


def draw_path(target: pygame.Surface, points: Sequence[tuple[float, float]],
              colour: tuple[int, int, int]) -> None:
    """A move's path: a dark-edged line in the mover's colour from space to space, a
    step dot on each space passed and a ring where it starts."""
    dots = [(round(x), round(y)) for x, y in points]
    pygame.draw.lines(target, (20, 16, 12), False, dots, 7)
    pygame.draw.lines(target, theme.lighten(colour, 40), False, dots, 3)
    for dot in dots[1:-1]:
        pygame.draw.circle(target, (20, 16, 12), dot, 5)
        pygame.draw.circle(target, theme.CREAM, dot, 3)
    pygame.draw.circle(target, theme.CREAM, dots[0], 7, 2)


@lru_cache(maxsize=512)
def _target_look(size: tuple[int, int], colour: tuple[int, int, int], round_: bool,
                 strength: int, lit: bool) -> pygame.Surface:
    """A target's wash and rim at one of eight strengths (cached: targets pulse)."""
    w, h = size
    surf = pygame.Surface((w + 4, h + 4), pygame.SRCALPHA)
    radius = w // 2 if round_ else 5
    inner = pygame.Rect(2, 2, w, h)
    wash = (9 if round_ else 20) * strength  # a ring round a standee: the piece shows through
    pygame.draw.rect(surf, (*theme.lighten(colour, 30), wash), inner, border_radius=radius)
    rim = theme.CREAM if lit else theme.blend(theme.lighten(colour, 90), theme.CREAM, 0.4)
    pygame.draw.rect(surf, (20, 16, 12), surf.get_rect(), width=1, border_radius=radius + 2)
    pygame.draw.rect(surf, rim, inner.inflate(2, 2), width=3 if lit else 2,
                     border_radius=radius + 1)
    return surf


class BoardPan(Widget):
    """The castle's box as a handle: the wheel over it zooms (the table's ``on_wheel``), a
    drag pans it. Below every target, so a press on one still plays it."""

    def __init__(self, table: Any) -> None:
        super().__init__(0, 0, 1, 1, name="board.pan")
        self.table = table
        self.z = 1
        self.grab: tuple[float, float, float, float] | None = None

    def place(self) -> None:
        box = self.table.frame.board
        self.x, self.y, self.w, self.h = box.centerx, box.centery, box.w, box.h

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        """Nothing of its own: the castle is in the table's still layer."""

    def drag_start(self, pos: tuple[float, float]) -> None:
        cam = self.table.cam
        self.grab = (pos[0], pos[1], cam.pan[0], cam.pan[1])

    def drag_move(self, pos: tuple[float, float]) -> None:
        if self.grab is None or not self.table.cam.zoom > 1.0:
            return
        x, y, px, py = self.grab
        self.table.cam.move_to(px + pos[0] - x, py + pos[1] - y)
        self.table.camera_moved()

    def drag_end(self, pos: tuple[float, float]) -> None:
        self.drag_move(pos)
        self.grab = None


class FaceOff(Node):
    """Two standees in a battle facing off on the castle: a red ring at each one's feet, a
    dashed line between them and crossed swords half way (``fighters``: their standees)."""

    def __init__(self) -> None:
        super().__init__(0, 0, 0, 0, name="faceoff")
        self.fighters: tuple[Figure, Figure] | None = None
        self.z = 9  # under the standees

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        if self.fighters is None:
            return
        a, b = self.fighters
        if not (a.visible and b.visible):
            return
        feet = [(round(f.x), round(f.y + f.h / 2 - 5)) for f in (a, b)]
        for x, y in feet:
            pygame.draw.ellipse(target, (20, 16, 12), (x - 17, y - 6, 34, 13), 4)
            pygame.draw.ellipse(target, LOSS, (x - 16, y - 5, 32, 11), 2)
        (ax, ay), (bx, by) = feet
        length = max(1.0, math.hypot(bx - ax, by - ay))
        steps = int(length / 8)
        for k in range(1, steps - 1, 2):
            t0, t1 = k / steps, (k + 1) / steps
            pygame.draw.line(target, LOSS, (ax + (bx - ax) * t0, ay + (by - ay) * t0),
                             (ax + (bx - ax) * t1, ay + (by - ay) * t1), 3)
        side = 1 if ax <= bx else -1  # beside the line's middle, off both standees
        nx, ny = -(by - ay) / length * side, (bx - ax) / length * side
        crossed_swords(target, ((ax + bx) / 2 + nx * 26, (ay + by) / 2 + ny * 26 - 12), 10)


def crossed_swords(target: pygame.Surface, centre: tuple[float, float], r: float) -> None:
    """Two blades crossed, each with a guard and a grip, on a dark disc."""
    x, y = centre
    pygame.draw.circle(target, (20, 16, 12), (x, y), r + 5)
    pygame.draw.circle(target, LOSS, (x, y), r + 5, 2)
    for sign in (-1, 1):
        tip, hilt = (x + sign * r, y - r), (x - sign * r * 0.7, y + r * 0.7)
        pygame.draw.line(target, theme.CREAM, tip, hilt, 3)
        gx, gy = x - sign * r * 0.45, y + r * 0.45
        pygame.draw.line(target, theme.BRASS_LIGHT, (gx - 4, gy - 4 * sign),
                         (gx + 4, gy + 4 * sign), 3)


class ChoiceButton(Button):
    """A button on the table that plays one action (on the fate or duel card, a way to
    move, a choice popped up beside a target); lit like a target while the focused action
    button plays the same action."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.linked = False
        self.z = 80

    @property
    def action(self) -> object:
        """The one action a click plays (None for a way that shows several)."""
        return self.leads[0] if len(self.leads) == 1 else None

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        super().draw_self(target, world, alpha)
        if self.linked and not self.focused:
            pygame.draw.rect(target, theme.CREAM, self.box(world).inflate(8, 8), width=2,
                             border_radius=14)


class DraftCard(Widget):
    """A battle card in the draft: type, level, category and the numbers; a click chooses
    it (when the draft allows it) and a card nobody may take now is dimmed."""

    def __init__(self, rect: pygame.Rect, card: object, name: str,
                 on_activate: Callable[[], None] | None, action: object = None) -> None:
        super().__init__(rect.centerx, rect.centery, rect.w, rect.h, name=name,
                         on_activate=on_activate, enabled=on_activate is not None)
        self.card, self.action = card, action
        self.linked = False  # the focused action button chooses this card
        self.interactive = on_activate is not None
        self.why_not = ""  # a dimmed card: why it cannot be chosen now (shown in the zoom)
        self.z = 20

    def zoom_face(self) -> CardFace:
        """The battle card large (the shared zoom); a dimmed one says why it is."""
        face = printed_face(self.card)
        return replace(face, footer=self.why_not) if self.why_not else face

    def draw(self, target: pygame.Surface) -> None:
        if self.linked or self.focused or self.glow > 0.05:
            super().draw(target)  # lying still, the table's still layer has drawn it

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        lift = 1.0 if self.linked else self.glow
        rect = self.box(world).move(0, -round(4 * lift))
        blit_transformed(target, draft_face(self.card, rect.w, rect.h, self.enabled),
                         Affine(tx=rect.centerx, ty=rect.centery), 1.0)
        if self.focused or self.linked or self.glow > 0.5:
            pygame.draw.rect(target, theme.CREAM, rect.inflate(4, 4), 2, border_radius=9)


def draft_face(card: object, w: int, h: int, enabled: bool) -> pygame.Surface:
    """A draft card's face, drawn once."""
    key = (getattr(card, "id", ""), w, h, enabled)
    if key not in _FACES:
        _FACES[key] = draw_card_face(card, w, h, enabled)
    return _FACES[key]


_FACES: dict[tuple[object, ...], pygame.Surface] = {}


def draw_card_face(card: object, w: int, h: int, enabled: bool = True) -> pygame.Surface:
    """A printed battle card in miniature: a band in its category's colour, its type and
    level, health / move / armour and its six weapons (damage and range)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    category = str(getattr(card, "category", ""))
    colour = CATEGORY_COLOURS.get(category, theme.WOOD)
    pygame.draw.rect(surf, theme.PARCHMENT, rect, border_radius=8)
    kind = str(getattr(card, "type", ""))  # its type, 12 pixels like every word on it:
    style = "bold" if theme.font(12, "bold").size(kind)[0] <= w - 10 else "regular"
    kinds = theme.wrap(kind, w - 10, 12, style)  # bold, else plain, else on two lines
    band = pygame.Rect(0, 0, w, 6 + 14 * len(kinds))
    pygame.draw.rect(surf, colour, band, border_top_left_radius=8, border_top_right_radius=8)
    for k, line in enumerate(kinds):
        theme.text(surf, line, (6, 10 + 14 * k), 12, theme.CREAM, style, "midleft")
    level = int(getattr(card, "level", 1))
    y = band.bottom + 3
    for k in range(level):  # the level as pips beside the name, the type whole in the band
        pygame.draw.circle(surf, theme.BRASS, (w - 8 - k * 7, y + 8), 3)
    room = w - 14 - 7 * level  # the name whole: on a second line when one is too short
    names = theme.wrap(str(getattr(card, "name", "")), room, 12)
    if len(names) > 2:
        names = [names[0], theme.ellipsize(" ".join(names[1:]), room, 12)]
    for k, line in enumerate(names):
        theme.text(surf, line, (6, y + 14 * k), 12, theme.WOOD)
    y += 16 + 14 * (len(names) - 1)
    hp, mv, ar = (getattr(card, f, (0, 0)) for f in ("health", "movement", "armor"))
    stat_line(surf, (6, y + 7), str(hp[0]), mv[0], ar[0], 12)
    y += 19
    weapons_and_skills(surf, pygame.Rect(6, y + 2, w - 12, 0), h - 4, card, ())
    pygame.draw.rect(surf, colour, rect, 2, border_radius=8)
    if not enabled:
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(veil, (20, 20, 20, 130), rect, border_radius=8)
        surf.blit(veil, (0, 0))
    return surf
