"""The moving pieces of Terrene Odyssey's table: cards that can be clicked (characters on
the table, cards in the hand, cards offered in setup and the draft), the menu a click opens
when a card stands for several actions, and the numbers that rise from a hit."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, cast

import pygame

from game import theme
from game.cardface import CardFace
from game.scene import Affine, Node, blit_transformed
from game.tables.terrene.cards import (
    CardLook,
    UnitLook,
    draw_back,
    draw_lines,
    hand_height,
    hand_picture,
    held_lines,
    text_cut,
    unit_picture,
)
from game.tables.terrene.faces import card_face
from game.tables.terrene.layout import CARD_H, CARD_W, CHAIN_H, CHAIN_W, HAND_W, PEEK
from game.widgets import Button, Widget

if TYPE_CHECKING:
    from rules.core import Action

LIT = theme.BRASS_LIGHT
LIFT = 8  # how far a pointed-at card rises
FAN_LIFT = 26  # how far a pointed-at card of the fanned hand rises (upright, on top)


class CardWidget(Widget):
    """A card that plays its action(s) when clicked; lit with a brass edge while it has any."""

    def __init__(self, x: float, y: float, w: float, h: float, name: str,
                 on_activate: Callable[[], None] | None = None) -> None:
        super().__init__(x, y, w, h, name=name, on_activate=on_activate)
        self.lit = False
        #: greyed: the viewer decides now and this card has no legal play; ``why`` says
        #: why (on the zoom's foot, which opens while the pointer rests on it)
        self.why = ""
        self.cid: str | None = None  # the card shown (None: a back), for the preview
        self.look: object = None
        self._surf: pygame.Surface | None = None
        self._key: object = None
        self._scaled: tuple[object, pygame.Surface] | None = None  # the picture at a scale
        self._whole: tuple[object, pygame.Surface] | None = None  # risen whole in the fan
        self.baked = False  # drawn in the table's still layer
        self.z = 10
        #: dragging (see game.screens.base.Draggable): the table's hook is told of the
        #: start, each move and the drop; ``target`` marks a card a drop on would play
        self.on_drag: Callable[[CardWidget, str, tuple[float, float]], None] | None = None
        self.dragging = False
        self.target = False
        self.rest = (0.0, 0.0)  # where it lay when picked up
        self._grab = (0.0, 0.0)
        #: a card of the fanned hand (or setup offer, or draft card): it leans in the fan
        #: (``rotation``) and, pointed at, rises upright above its neighbours, whole when
        #: its text is cut (``rest_z`` is its place in the fan)
        self.fanned = False
        self.rest_z = 10.0
        #: the highest the top of the risen card may reach on the screen (None: any)
        self.ceiling: float | None = None

    def set_focus(self, focused: bool) -> None:
        super().set_focus(focused)
        if self.fanned:
            self.z = self.rest_z + (40 if focused else 0) + (50 if self.dragging else 0)

    # -- dragging ------------------------------------------------------------------------
    def stands_for(self) -> tuple[Action, ...]:
        """The legal actions a drag of this card (or a drop onto it) can play."""
        return self.leads

    def drag_start(self, pos: tuple[float, float]) -> None:
        if not self.stands_for() or self.on_drag is None or not self.enabled:
            return
        self.dragging = True
        self.tweens.tweens = [t for t in self.tweens.tweens if t.attr not in ("x", "y")]
        self.rest, self._grab = (self.x, self.y), (self.x - pos[0], self.y - pos[1])
        self.z += 50
        self.on_drag(self, "start", pos)

    def drag_move(self, pos: tuple[float, float]) -> None:
        if self.dragging and self.on_drag is not None:
            self.x, self.y = pos[0] + self._grab[0], pos[1] + self._grab[1]
            self.on_drag(self, "move", pos)

    def drag_end(self, pos: tuple[float, float]) -> None:
        if not self.dragging or self.on_drag is None:
            return
        self.dragging = False
        self.z -= 50
        self.tween("x", self.rest[0], 0.2)
        self.tween("y", self.rest[1], 0.2)
        self.on_drag(self, "end", pos)

    def zoom_face(self) -> CardFace | None:
        """The card large (the shared zoom); a character shows its stats as they stand."""
        if self.cid is None:
            return None
        face = card_face(self.cid, self.look if isinstance(self.look, UnitLook) else None)
        if face is not None and self.why:
            # the reason whole, wrapped as a section (a foot line would cut it with "…")
            face = replace(face, sections=(*face.sections, ("Cannot be played now", self.why)))
        return face

    def picture(self) -> pygame.Surface:
        return hand_picture(self.look if isinstance(self.look, CardLook) else CardLook(),
                            int(self.w), int(self.h))

    def whole_size(self) -> tuple[int, int]:
        """The card risen whole when pointed at (a card of the fan or a draft card whose
        text is cut): at least as wide as a hand card and as tall as its whole text."""
        if not self.cut():
            return int(self.w), int(self.h)
        w = max(int(self.w), HAND_W)
        return w, hand_height(cast(CardLook, self.look), w, int(self.h))

    def whole_height(self) -> int:
        return self.whole_size()[1]

    def cut(self) -> bool:
        """A card that rises when pointed at, whose text is cut as it lies."""
        return self.fanned and isinstance(self.look, CardLook) and \
            text_cut(self.look, int(self.w), int(self.h))

    def risen(self) -> bool:
        """Pointed at (not dragged): drawn risen, upright and whole."""
        return self.fanned and self.glow > 0.01 and not self.dragging

    def rise(self, tall: float, glow: float) -> float:
        """How far above the card's centre the centre of its risen picture (``tall`` px,
        the card's own picture ``self.h + 6``) lies: its foot ``FAN_LIFT`` above the card's
        foot, or lower when its top would pass ``ceiling``."""
        up = FAN_LIFT * glow + (tall - self.h - 6) / 2
        if self.ceiling is not None:
            top = self.world_matrix().apply(0, 0)[1] - up - tall / 2
            up -= max(0.0, self.ceiling - top)
        return up

    def contains(self, x: float, y: float) -> bool:
        """The card's box, and while it stands risen whole, the risen picture's too (the
        pointer may rest on its text)."""
        if super().contains(x, y):
            return True
        if not self.risen() or self.glow < 0.5 or not self.cut():
            return False
        w, h = self.whole_size()
        up = self.rise(h + 6, 1.0)
        lx, ly = self.to_local(x, y)
        return abs(lx) <= w / 2 and abs(ly + up) <= h / 2

    def surface(self, whole: bool = False) -> pygame.Surface:
        """The card with its shadow, brass edge while lit, cream ring while a drop target;
        ``whole``: as tall as its whole text needs (risen in the fan)."""
        key = (self.look, self.lit, self.w, self.h, bool(self.why), self.target)
        if whole and self.cut():
            if self._whole is None or self._whole[0] != key:
                look = cast(CardLook, self.look)
                w, h = self.whole_size()
                art = hand_height(look, w, 0) + 61 <= h  # its picture where room is left
                self._whole = (key, self.framed(hand_picture(look, w, h, art=art)))
            return self._whole[1]
        if self._surf is None or key != self._key:
            self._surf, self._key = self.framed(self.picture()), key
        return self._surf

    def framed(self, pic: pygame.Surface) -> pygame.Surface:
        """``pic`` greyed (no legal play now), shadowed and edged as the card stands."""
        if self.why:  # greyed
            pic = pic.copy()
            pic.fill((70, 70, 70, 0), special_flags=pygame.BLEND_RGBA_SUB)
        surf = pygame.Surface((pic.get_width() + 6, pic.get_height() + 6), pygame.SRCALPHA)
        pygame.draw.rect(surf, (0, 0, 0, 90), surf.get_rect().move(2, 3).inflate(-4, -4),
                         border_radius=9)
        surf.blit(pic, (3, 3))
        if self.lit:
            pygame.draw.rect(surf, LIT, surf.get_rect(), 3, border_radius=9)
        if self.target:  # a drop here plays something
            pygame.draw.rect(surf, theme.CREAM, surf.get_rect(), 4, border_radius=9)
        return surf

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        """Drawn lifted a little while pointed at (hover focuses a lit card); a card at rest
        at another scale keeps its scaled picture (one scaled each frame only while its
        scale changes). A card at rest is baked into the table's still layer instead."""
        if self.baked:
            return
        self.draw_live(target, world, alpha)

    def at_rest(self) -> bool:
        """Still, unlifted and opaque: drawn once into the still layer, not every frame."""
        return self.visible and not self.tweens.tweens and self.glow < 0.01 \
            and self.alpha >= 0.999 and not self.dragging

    def draw_live(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        surf = self.surface()
        if self.risen():  # risen upright, whole: as tall as its text, its foot in place
            surf = self.surface(whole=True)
            world = world @ Affine.local(0, -self.rise(surf.get_height(), self.glow),
                                         -self.rotation * self.glow, 1.0)
        elif self.glow > 0.01 and self.lit:
            world = world @ Affine.local(0, -LIFT * self.glow, 0.0, 1.0)
        scale = world.scale
        settled = not any(t.attr in ("scale", "rotation") for t in self.tweens.tweens)
        angle = world.rotation
        if settled and (abs(scale - 1.0) > 0.001 or abs(angle) >= 0.05):
            key = (id(surf), round(scale, 3), round(angle, 1))
            if self._scaled is None or self._scaled[0] != key:  # the turned picture kept
                size = (max(1, round(surf.get_width() * scale)),
                        max(1, round(surf.get_height() * scale)))
                turned = pygame.transform.smoothscale(surf, size) if abs(angle) < 0.05 \
                    else pygame.transform.rotozoom(surf, -angle, scale)
                self._scaled = (key, turned)
            surf = self._scaled[1]
            x, y = world.apply(0, 0)
            world = Affine.local(x, y, 0.0, 1.0)
        blit_transformed(target, surf, world, alpha)


class UnitNode(CardWidget):
    """A character in play with its assigned card peeking out from under it."""

    def __init__(self, uid: int, on_activate: Callable[[], None] | None = None) -> None:
        super().__init__(0, 0, CARD_W, CARD_H + PEEK, f"unit.{uid}", on_activate)
        self.uid = uid
        self.held: tuple[str, bool] | None = None  # (name or "" for a back, face up)
        self.home = (0.0, 0.0)
        self.z = 8

    def picture(self) -> pygame.Surface:
        """The character over the card it holds; the held card, as wide as the lit edge,
        peeks out under it with its name whole on up to two lines."""
        surf = pygame.Surface((CARD_W + 6, CARD_H + PEEK), pygame.SRCALPHA)
        if self.held is not None:
            name, up = self.held
            under = pygame.Rect(0, PEEK + 4, CARD_W + 6, CARD_H - 4)
            if name:
                fill = theme.CREAM if up else theme.PARCHMENT_DIM
                pygame.draw.rect(surf, fill, under, border_radius=6)
                pygame.draw.rect(surf, theme.BRASS if up else theme.WOOD, under, 1,
                                 border_radius=6)
                style, lines = held_lines(name)
                top = under.bottom - 2 - 12 * len(lines) - 1
                draw_lines(surf, lines, style, under.centerx, top,
                           theme.INK if up else theme.WOOD, anchor="midtop")
            else:
                draw_back(surf, under.inflate(-8, 0), small=True)
        look = self.look if isinstance(self.look, UnitLook) else UnitLook()
        surf.blit(unit_picture(look), (3, 0))
        return surf

    def surface(self, whole: bool = False) -> pygame.Surface:
        key = (self.look, self.lit, self.held, self.target)
        if self._surf is None or key != self._key:
            pic = self.picture()
            surf = pygame.Surface((pic.get_width(), pic.get_height() + 6), pygame.SRCALPHA)
            surf.blit(pic, (0, 3))
            if self.lit:
                pygame.draw.rect(surf, LIT, (0, 0, CARD_W + 6, CARD_H + 6), 3, border_radius=10)
            if self.target:  # a drop here plays something
                pygame.draw.rect(surf, theme.CREAM, (0, 0, CARD_W + 6, CARD_H + 6), 4,
                                 border_radius=10)
            self._surf, self._key = surf, key
        return self._surf

    def lunge(self, dy: float) -> None:
        """Strike towards the other side and come back."""
        home = self.home[1]
        self.tween("y", home + dy, 0.16, delay=0.05)
        self.tween("y", home, 0.3, delay=0.21)


class Spot(Widget):
    """A place on the table that is not a card node of its own (a side's terrain, a
    player's plate): ringed in brass while it leads to legal actions; a click plays the
    one or offers the several. The card lying there (if any) opens in the zoom."""

    def __init__(self, rect: pygame.Rect, name: str,
                 on_activate: Callable[[], None] | None = None) -> None:
        super().__init__(rect.centerx, rect.centery, rect.w, rect.h, name, on_activate)
        self.face: CardFace | None = None
        self.target = False  # a card being dragged would play something dropped here
        self.z = 7

    def zoom_face(self) -> CardFace | None:
        return self.face

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        if not self.leads:
            return
        rect = self.box(world).inflate(6, 6)
        colour = theme.CREAM if self.target else LIT
        width = 4 if self.target else 3 if self.glow > 0.5 else 2
        pygame.draw.rect(target, colour, rect, width, border_radius=10)


class PlanCard(CardWidget):
    """An opening plan offered in setup: a card naming its terrain and party."""

    def __init__(self, x: float, y: float, w: float, h: float, name: str, face: CardFace,
                 on_activate: Callable[[], None] | None = None) -> None:
        super().__init__(x, y, w, h, name, on_activate)
        self.face = face

    def zoom_face(self) -> CardFace | None:
        return self.face


class ChoiceMenu(Node):
    """The actions one card stands for, as a column of buttons beside it (and Cancel);
    each button leads to its action (``leads``)."""

    def __init__(self, x: float, y: float, labels: list[str],
                 on_pick: Callable[[int], None], on_cancel: Callable[[], None],
                 actions: Sequence[Action] = ()) -> None:
        super().__init__(0, 0, name="choices")
        self.z = 60
        width = min(420, max(200, max(theme.rendered(t, 13, theme.INK, "bold").get_width()
                                      for t in labels) + 30))
        h = 30
        total = (len(labels) + 1) * (h + 4)
        left = min(max(16, x - width / 2), 1264 - width)
        top = min(max(60, y - total / 2), 560 - total)
        self.box = pygame.Rect(round(left) - 8, round(top) - 8, width + 16, total + 12)
        for k, words in enumerate([*labels, "Cancel"]):
            last = k == len(labels)
            action = on_cancel if last else partial(on_pick, k)
            button = Button(left + width / 2, top + h / 2 + k * (h + 4), width, h, words,
                            name="choice.cancel" if last else f"choice.{k}",
                            on_activate=action, size=13)
            if not last and k < len(actions):
                button.leads = (actions[k],)
            self.add(button)

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        theme.shadowed_rect(target, self.box, (30, 26, 22), radius=10, shadow=6,
                            border=theme.BRASS)


class ChainTile(Node):
    """One link of the chain lying in the fan (its picture already turned)."""

    def __init__(self, link_id: int) -> None:
        super().__init__(w=CHAIN_W, h=CHAIN_H, name=f"link.{link_id}")
        self.look: pygame.Surface | None = None
        self.face: CardFace | None = None  # the whole link, for the zoom
        self.baked = False
        self.z = 6

    def zoom_face(self) -> CardFace | None:
        return self.face

    def at_rest(self) -> bool:
        return self.visible and not self.tweens.tweens and self.alpha >= 0.999

    def surface(self) -> pygame.Surface | None:
        return self.look

    def leave(self) -> None:
        """Resolved: it rises and fades."""
        self.tween("y", self.y - 24, 0.4)
        self.tween("alpha", 0.0, 0.4, on_done=self.detach)

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        if not self.baked:
            self.draw_live(target, world, alpha)

    def draw_live(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        if self.look is not None:
            blit_transformed(target, self.look, world, alpha)


ACTION_R = 5  # an action token's radius (as the plate's other pips)


def draw_token(target: pygame.Surface, at: tuple[float, float], alpha: int = 255) -> None:
    """An action token: a brass coin with a dark rim and a bright face."""
    x, y = round(at[0]), round(at[1])
    pygame.draw.circle(target, (120, 90, 40), (x, y + 1), ACTION_R)
    pygame.draw.circle(target, theme.BRASS_LIGHT, (x, y), ACTION_R)
    pygame.draw.circle(target, theme.lighten(theme.BRASS_LIGHT, 40), (x - 1, y - 1),
                       ACTION_R - 3)
    pygame.draw.circle(target, (120, 90, 40), (x, y), ACTION_R, 1)


class ActionToken(Node):
    """An action spent: the token leaves its place on the plate after ``delay`` seconds,
    flies to what took it and fades there."""

    def __init__(self, x: float, y: float, to: tuple[float, float], delay: float = 0.0
                 ) -> None:
        super().__init__(x, y, 2 * ACTION_R, 2 * ACTION_R, name="token")
        self.z = 55
        self.tween("x", to[0], 0.45, delay=delay)
        self.tween("y", to[1], 0.45, delay=delay)
        self.tween("alpha", 0.0, 0.25, delay=delay + 0.45, on_done=self.detach)

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        size = 2 * ACTION_R + 4
        coin = pygame.Surface((size, size), pygame.SRCALPHA)
        draw_token(coin, (size / 2, size / 2))
        blit_transformed(target, coin, world, alpha)


class TokenNode(CardWidget):
    """One of the viewer's action tokens on their plate, to drag: dropped on a card (or a
    place) it spends the action there, as a click on that card does; a card dragged onto it
    does the same. It stands for the legal actions that cost an action (``spends``); it
    leads to none of its own (a click on the card itself stays the way to each), so the
    direct-play finder and the tutorial never point at a token."""

    def __init__(self, k: int, at: tuple[float, float]) -> None:
        size = 2 * ACTION_R + 4
        super().__init__(at[0], at[1], size, size, f"token.{k}")
        self.spends: tuple[Action, ...] = ()
        self.z = 9

    def stands_for(self) -> tuple[Action, ...]:
        return self.spends

    def at_rest(self) -> bool:
        return False  # drawn live (a coin): never baked

    def draw_live(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        size = 2 * ACTION_R + 12
        coin = pygame.Surface((size, size), pygame.SRCALPHA)
        middle = (size / 2, size / 2)
        if self.target:  # a card dropped here spends it
            pygame.draw.circle(coin, theme.CREAM, middle, ACTION_R + 5, 3)
        elif self.dragging:
            pygame.draw.circle(coin, LIT, middle, ACTION_R + 4, 2)
        draw_token(coin, middle)
        if self.dragging:  # held up: larger, as a piece in the hand
            world = world @ Affine.local(0, 0, 0.0, 1.8)
        blit_transformed(target, coin, world, alpha)
