"""Pieces of BattleCON's table: the hand card (a clickable widget), the small card stacks of
the discard piles, and the counters (life, Force gems, the Active/Reactive marker)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache, partial
from typing import Any

import pygame

from game import sound, theme
from game.assets import font
from game.cardface import CardFace
from game.scene import Affine, CardNode, Node
from game.tables.battlecon.faces import BASE_INK, STYLE_INK, card_face, card_numbers
from game.tables.battlecon.layout import BOARD, HAND
from game.tables.battlecon.reading import READ_W, draw_shadow, read_picture, read_spot
from game.tween import ease_out_back, ease_out_cubic
from game.widgets import Button, Widget
from rules.battlecon.kinds import Act
from rules.core import Action

DIM = (120, 112, 98)
LIFT = 6  # how far a picked hand card rises (clear of the tray's heading)
SHORT_H = 46  # a hand card in a hand of two rows: its name on the band, then its numbers
#: where a hand card read in place may lie: from the board down to the tray's foot
READ_BOUNDS = pygame.Rect(BOARD.x, BOARD.y, BOARD.w, HAND.bottom - 4 - BOARD.y)


def kind_colour(kind: str) -> tuple[int, int, int]:
    return STYLE_INK if kind == "style" else BASE_INK if kind == "base" else theme.WOOD


STAT_KEYS = ("range", "power", "priority", "guard")


def draw_numbers(target: pygame.Surface, rect: pygame.Rect, card: dict[str, Any],
                 ink: tuple[int, int, int], step: int = 16) -> None:
    """The four numbers in two rows (``step`` apart) at the bottom of ``rect``, each after
    its stat icon: Range and Power, then Priority and Guard (a row whose numbers need the
    room goes without its icons; the zoom names every stat)."""
    from game import icons

    numbers = dict(zip(STAT_KEYS, card_numbers(card), strict=True))
    bold = font(12, "bold")
    for row, pair in enumerate((("range", "power"), ("priority", "guard"))):
        y = rect.bottom - 2 * step - 2 + row * step
        need = sum(bold.size(numbers[k])[0] + 14 for k in pair) + 4
        glyphs = need <= rect.w - 8
        x = rect.x + 4
        for key, right in zip(pair, (False, True), strict=True):
            words = numbers[key]
            width = bold.size(words)[0] + (14 if glyphs else 0)
            at = rect.right - 4 - width if right else x
            if glyphs:
                target.blit(icons.stat_icon(key, 12, ink), (at, y + 1))
                at += 14
            theme.text(target, words, (at, y), 12, ink, "bold")


@lru_cache(maxsize=1024)
def word_lines(words: str, width: int, size: int, most: int,
               weight: str = "bold") -> tuple[str, ...]:
    """Wrap by whole words (a word too long is shortened with an ellipsis, never split);
    cached, since hand cards draw every frame."""
    lines: list[str] = []
    for word in words.split():
        trial = f"{lines[-1]} {word}" if lines else word
        if lines and font(size, weight).size(trial)[0] <= width:
            lines[-1] = trial
        else:
            lines.append(word)
    lines = [theme.ellipsize(line, width, size, weight) for line in lines]
    if len(lines) > most:
        lines = lines[:most - 1] + [theme.ellipsize(" ".join(lines[most - 1:]), width, size,
                                                    weight)]
    return tuple(lines)


def fitting_weight(words: str, width: int) -> str:
    """Bold when every word of ``words`` fits ``width`` at 12 px in bold, else regular, else
    condensed (narrower letters at the same height: Amon's "Impenetrable" whole on a small
    card)."""
    for weight in ("bold", "regular"):
        if all(font(12, weight).size(w)[0] <= width for w in words.split()):
            return weight
    return "condensed"


class PairCard(CardNode):
    """The attack pair on the plate: style and base names, whole words, then the numbers.
    Face down, the owner's own pair shows a small tag with its name (``peek``)."""

    peek = ""
    #: the pair's totals as (stat, words), drawn with their icons (empty: ``lines``)
    numbers: tuple[tuple[str, str], ...] = ()

    def look_key(self) -> object:
        return (super().look_key(), self.peek, self.numbers)

    def render(self) -> pygame.Surface:
        if not self.showing_face:
            surf = super().render()
            if self.peek:
                tag = pygame.Rect(3, surf.get_height() - 36, surf.get_width() - 6, 32)
                pygame.draw.rect(surf, theme.PARCHMENT, tag, border_radius=5)
                weight = fitting_weight(self.peek, tag.w)
                for k, line in enumerate(word_lines(self.peek, tag.w, 12, 2, weight)):
                    theme.text(surf, line, (tag.centerx, tag.y + 2 + 14 * k), 12,
                               theme.INK, weight, "midtop")
            return surf
        surf = pygame.Surface((max(1, int(self.w)), max(1, int(self.h))), pygame.SRCALPHA)
        rect = surf.get_rect()
        pygame.draw.rect(surf, theme.PARCHMENT, rect, border_radius=10)
        pygame.draw.rect(surf, self.accent, rect, width=3, border_radius=10)
        y = 6
        if self.numbers and rect.w >= 76:
            draw_totals(surf, rect, self.title, dict(self.numbers))
            pygame.draw.rect(surf, self.accent, rect, width=3, border_radius=10)
            return surf
        # a narrow card: the pair's name at 12 px, then what of its words has room (the
        # zoom on the card shows the pair whole)
        weight = fitting_weight(self.title, rect.w - 8)
        for line in word_lines(self.title, rect.w - 8, 12, 3, weight):
            theme.text(surf, line, (rect.centerx, y), 12, theme.INK, weight, "midtop")
            y += 14
        for line in self.lines:
            for part in theme.wrap(line, rect.w - 10, 12):
                if y + 16 > rect.bottom - 2 or font(12).size(part)[0] > rect.w - 10:
                    return surf
                theme.text(surf, part, (rect.centerx, y + 2), 12, theme.INK, anchor="midtop")
                y += 14
        return surf


Point = tuple[float, float]
DragHook = Callable[["HandCard", str, Point], None]


class HandCard(Widget):
    """One card of the viewer's hand. Clicking it picks it for the pair (a style and a
    base); ``selected`` lifts it with a brass edge, a card no legal action uses is dimmed.
    It can also be dragged (``drag_start`` / ``drag_move`` / ``drag_end``, routed by the
    screen): it follows the pointer, and the table says where it may land (``target``
    glows, ``hot`` glows brighter under the pointer) and what a drop plays."""

    def __init__(self, x: float, y: float, cid: str, card: dict[str, Any],
                 on_pick: Callable[[str], None], w: float = 86, h: float = 100,
                 on_drag: DragHook | None = None) -> None:
        super().__init__(x, y, w, h, name=f"hand.{cid}", on_activate=lambda: on_pick(cid))
        self.cid, self.card = cid, card
        self.note = ""  # the band's words instead of the card's kind (a setup choice)
        self.why = ""  # greyed: why no legal action takes it now (shown in the zoom)
        self.selected = False
        self.home_x, self.home_y = x, y
        self.on_drag = on_drag
        self.dragging = False
        self.target = False  # a legal place to drop the card being dragged
        self.hot = False  # ... and the pointer is over it
        self.grab = (0.0, 0.0)
        self.lean = 0.0  # degrees the card tilts while dragged (it leans into the motion)
        self.read = 0.0  # 0 -> 1: the card risen as a larger card with its whole text
        self.reading = False  # the table asks it to read (the pointer or the keyboard on it)
        self.read_w = READ_W
        self.rise = LIFT  # how far it rises when picked (none in a hand of two rows)
        self._last_x = x
        self._look: tuple[object, pygame.Surface] | None = None

    def zoom_face(self) -> CardFace:
        """The card large, for the shared zoom; a greyed card says why it cannot be played
        now (``why``)."""
        face = card_face(self.card)
        if self.enabled or not self.why:
            return face
        return replace(face, sections=(("Not playable now", self.why), *face.sections))

    def update(self, dt: float) -> None:
        super().update(dt)
        swing = max(-10.0, min(10.0, (self.x - self._last_x) * 0.8)) if self.dragging else 0.0
        self.lean += (swing - self.lean) * min(1.0, dt * 12)
        self._last_x = self.x
        want = 1.0 if self.reading and not self.dragging and self.visible else 0.0
        running = next((t for t in self.tweens.tweens if t.attr == "read"), None)
        if want != (running.end if running is not None else self.read):
            self.tweens.tweens = [t for t in self.tweens.tweens if t.attr != "read"]
            self.tween("read", want, 0.14 if want else 0.08, ease_out_cubic)
        if not self.dragging:
            self.z = 20 if self.read > 0 or want else 6  # over its neighbours at once

    def read_face(self) -> pygame.Surface:
        """The card read in place: its whole text (and, greyed, why)."""
        return read_picture(card_face(self.card), "" if self.enabled else self.why,
                            self.read_w)

    def select(self, on: bool) -> None:
        if on != self.selected:
            self.selected = on
            self.tween("y", self.home_y - (self.rise if on else 0), 0.15)

    def send_home(self, x: float, y: float, spring: bool = False) -> None:
        """Make (x, y) the card's place (lifted when selected) and glide or spring there."""
        self.home_x, self.home_y = x, y
        if self.dragging:
            return
        self.tweens.tweens = [t for t in self.tweens.tweens if t.attr not in ("x", "y")]
        lift = self.rise if self.selected else 0
        ease = ease_out_back if spring else ease_out_cubic
        for attr, end in (("x", x), ("y", y - lift)):
            if abs(getattr(self, attr) - end) > 0.5:
                self.tween(attr, end, 0.35 if spring else 0.25, ease)

    # -- dragging (see game.screens.base.Draggable) ----------------------------------------
    def drag_start(self, pos: Point) -> None:
        if not self.enabled or self.on_drag is None:
            return
        self.dragging = True
        self.tweens.tweens = [t for t in self.tweens.tweens if t.attr not in ("x", "y")]
        self.grab = (self.x - pos[0], self.y - pos[1])
        self.z, self.scale = 30, 1.06
        sound.play("click", 0.5)
        self.on_drag(self, "start", pos)

    def drag_move(self, pos: Point) -> None:
        if self.dragging and self.on_drag is not None:
            self.x, self.y = pos[0] + self.grab[0], pos[1] + self.grab[1]
            self.on_drag(self, "move", pos)

    def drag_end(self, pos: Point) -> None:
        if not self.dragging or self.on_drag is None:
            return
        self.dragging = False
        self.z, self.scale = 6, 1.0
        self.on_drag(self, "end", pos)

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        rect = self.box(world)
        key = (rect.size, self.enabled, self.selected, self.focused, self.pressed,
               round(self.glow, 1), self.dragging, self.target, self.hot)
        if self._look is None or self._look[0] != key:
            self._look = (key, self.render(rect.size))
        look = self._look[1]
        if abs(self.lean) > 0.5:
            look = pygame.transform.rotozoom(look, -self.lean, 1.0)
            target.blit(look, look.get_rect(center=rect.center))
            return
        target.blit(look, (rect.x - 6, rect.y - 6))
        if self.read > 0.02:
            self.draw_read(target, rect)

    def draw_read(self, target: pygame.Surface, rect: pygame.Rect) -> None:
        """The larger card rising from this one (growing while ``read`` runs to 1)."""
        picture = self.read_face()
        spot = read_spot(rect, picture.get_size(), READ_BOUNDS)
        if self.read >= 0.99:
            draw_shadow(target, spot)
            target.blit(picture, spot)
            return
        t = self.read
        box = pygame.Rect(round(rect.x + (spot.x - rect.x) * t),
                          round(rect.y + (spot.y - rect.y) * t),
                          max(1, round(rect.w + (spot.w - rect.w) * t)),
                          max(1, round(rect.h + (spot.h - rect.h) * t)))
        grown = pygame.transform.smoothscale(picture, box.size)
        grown.set_alpha(round(255 * min(1.0, t * 2)))
        target.blit(grown, box)

    def render(self, size: tuple[int, int]) -> pygame.Surface:
        """The card drawn once per look (the hand draws every frame)."""
        surf = pygame.Surface((size[0] + 12, size[1] + 12), pygame.SRCALPHA)
        rect = pygame.Rect(6, 6, *size)
        kind = self.card.get("kind", "")
        band_ink = kind_colour(kind) if self.enabled else DIM
        lift = 0 if self.pressed else 6 if self.dragging else 4
        if self.target:
            halo = pygame.Rect(0, 0, size[0] + 12, size[1] + 12)
            pygame.draw.rect(surf, (*theme.BRASS_LIGHT, 230 if self.hot else 120), halo,
                             border_radius=12)
        theme.shadowed_rect(surf, rect, theme.PARCHMENT if self.enabled else theme.PARCHMENT_DIM,
                            radius=8, shadow=lift)
        short = size[1] < SHORT_H + 4  # a hand of two rows: the name on the band
        band = pygame.Rect(rect.x, rect.y, rect.w, 14 if short else 18)
        pygame.draw.rect(surf, band_ink, band, border_top_left_radius=8,
                         border_top_right_radius=8)
        ink = theme.INK if self.enabled else DIM
        if short:
            words, weight = self.band_name(band.w)
            theme.text(surf, words, band.center, 12, theme.CREAM, weight, "center")
            draw_numbers(surf, rect, self.card, ink, step=15)
            return self.edge(surf, rect)
        band_words = theme.ellipsize(self.note or kind.capitalize(), band.w - 6, 12, "bold")
        theme.text(surf, band_words, band.center, 12, theme.CREAM, "bold", "center")
        y = band.bottom + 3
        name = str(self.card.get("name", self.cid))
        weight = "bold" if max(font(12, "bold").size(w)[0] for w in name.split()) <= rect.w - 4 \
            else "regular"
        for line in word_lines(name, rect.w - (4 if weight == "bold" else 2), 12, 2, weight):
            theme.text(surf, line, (rect.centerx, y), 12, ink, weight, "midtop")
            y += 15
        pygame.draw.line(surf, theme.PARCHMENT_DIM, (rect.x + 4, rect.bottom - 37),
                         (rect.right - 4, rect.bottom - 37))
        draw_numbers(surf, rect, self.card, ink)
        return self.edge(surf, rect)

    def band_name(self, width: float) -> tuple[str, str]:
        """A short card's name on a band ``width`` wide, and its letters: bold, else
        condensed where bold does not fit."""
        name = str(self.card.get("name", self.cid))
        weight = next((w for w in ("bold", "condensed-bold") if font(12, w).size(name)[0]
                       <= width - 6), "condensed")
        return theme.ellipsize(name, round(width) - 4, 12, weight), weight

    def edge(self, surf: pygame.Surface, rect: pygame.Rect) -> pygame.Surface:
        """The card's edge (brass when picked, focused or dragged) and its glow."""
        lit = self.selected or self.focused or self.dragging
        edge = theme.BRASS_LIGHT if lit else theme.WOOD
        pygame.draw.rect(surf, edge, rect, width=3 if lit else 1, border_radius=8)
        if self.glow > 0.05 and self.enabled:
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (255, 240, 200, int(50 * self.glow)), glow.get_rect(),
                             border_radius=8)
            surf.blit(glow, rect.topleft)
        return surf


class DropSlot(Node):
    """The attack-pair slot on the viewer's plate as a drop target while a card is dragged:
    a pulsing brass outline (brighter with the card over it) and what a drop there does."""

    def __init__(self, x: float, y: float, w: float, h: float) -> None:
        super().__init__(x, y, w, h, name="drop.pair")
        self.lit, self.hot, self.words, self.clock = False, False, "", 0.0
        self.z = 5

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt

    def rect(self) -> pygame.Rect:
        out = pygame.Rect(0, 0, round(self.w), round(self.h))
        out.center = (round(self.x), round(self.y))
        return out

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        if not self.lit:
            return
        rect = pygame.Rect(0, 0, round(self.w), round(self.h))
        rect.center = (round(world.apply(0, 0)[0]), round(world.apply(0, 0)[1]))
        pulse = 0.5 + 0.5 * math.sin(self.clock * 6)
        fill = theme.BRASS_LIGHT if self.hot else theme.blend((92, 70, 44), theme.BRASS, pulse)
        pygame.draw.rect(target, fill, rect, border_radius=10)
        pygame.draw.rect(target, theme.BRASS_LIGHT, rect.inflate(6, 6), width=3,
                         border_radius=12)
        ink = theme.INK if self.hot else theme.CREAM
        lines = word_lines(self.words, rect.w - 10, 12, 3)
        top = rect.centery - 14 * len(lines) / 2
        for k, line in enumerate(lines):
            theme.text(target, line, (rect.centerx, round(top + 14 * k)), 12, ink, "bold",
                       "midtop")


ROW_GAP = 7  # between two names on a pile's row


def pile_row_layout(rect: pygame.Rect, pile: int, names: list[str]
                    ) -> tuple[str, list[tuple[pygame.Rect, str]], int]:
    """A discard pile on a compact plate as one row: its label ("Pile 1" where every name
    fits beside it, else the pile's number alone), where each whole name lies (a name is
    never shortened), and how many more did not fit (then "+N" ends the row)."""
    for label in (f"Pile {pile}", str(pile)):
        tab = font(12, "bold").size(label)[0] + 8
        spots: list[tuple[pygame.Rect, str]] = []
        x = rect.x + tab + 4
        for k, name in enumerate(names):
            w = font(12).size(name)[0]
            more = len(names) - k - 1
            room = rect.right - 3 - (font(12, "bold").size(f"+{more}")[0] + 6 if more else 0)
            if x + w > room:
                break
            spots.append((pygame.Rect(x, rect.y, w, rect.h), name))
            x += w + ROW_GAP
        if len(spots) == len(names) or label == str(pile):
            return label, spots, len(names) - len(spots)
    raise AssertionError("unreachable")


def draw_pile_row(target: pygame.Surface, rect: pygame.Rect, pile: int, names: list[str],
                  accent: tuple[int, int, int]) -> list[tuple[pygame.Rect, str]]:
    """A discard pile on a compact plate: a card lying on its side, a tab in the seat's
    colour with the pile's label, then each card's whole name (each opens its card in the
    zoom); returns where the names lie."""
    label, spots, more = pile_row_layout(rect, pile, names)
    tab = pygame.Rect(rect.x, rect.y, font(12, "bold").size(label)[0] + 8, rect.h)
    if names:
        theme.shadowed_rect(target, rect, theme.PARCHMENT, radius=5, shadow=2)
        pygame.draw.rect(target, accent, tab, border_top_left_radius=5,
                         border_bottom_left_radius=5)
        pygame.draw.rect(target, accent, rect, width=1, border_radius=5)
        theme.text(target, label, tab.center, 12, theme.CREAM, "bold", "center")
    else:
        pygame.draw.rect(target, (96, 64, 44), rect, width=1, border_radius=5)
        theme.text(target, label, tab.center, 12, theme.PARCHMENT_DIM, "bold", "center")
        theme.text(target, "empty", (tab.right + 4, rect.centery), 12, theme.PARCHMENT_DIM,
                   anchor="midleft")
    for k, (spot, name) in enumerate(spots):
        theme.text(target, name, (spot.x, rect.centery), 12, theme.INK, anchor="midleft")
        if k:
            x = spot.x - ROW_GAP // 2
            pygame.draw.line(target, theme.PARCHMENT_DIM, (x, rect.y + 3), (x, rect.bottom - 4))
    if more:
        theme.text(target, f"+{more}", (rect.right - 3, rect.centery), 12, theme.DANGER,
                   "bold", "midright")
    return spots


LIST_LABEL_W = 61  # a listed pile's label column ("Discard" over the pile's number)
LIST_ROW = 14


def pile_list_h(count: int) -> int:
    """A listed discard pile's height for ``count`` names (the label takes two rows)."""
    return 6 + LIST_ROW * max(2, count)


def pile_name_rows(rect: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Where each of ``count`` names lies in a listed pile (as many as its height holds)."""
    rows = min(count, max(0, (rect.h - 6) // LIST_ROW))
    x = rect.x + LIST_LABEL_W
    return [pygame.Rect(x, rect.y + 3 + LIST_ROW * k, rect.right - x - 2, LIST_ROW)
            for k in range(rows)]


def draw_pile_list(target: pygame.Surface, rect: pygame.Rect, pile: int, names: list[str],
                   accent: tuple[int, int, int]) -> None:
    """A discard pile on a wide plate as a list: "Discard" over the pile's number, then each
    card's whole name on a row of its own (a name is never shortened; a pile longer than
    its room says how many more, each one still opens in the zoom from the side panel)."""
    if names:
        for k in range(min(len(names) - 1, 2), 0, -1):  # the cards under the top one
            edge = rect.move(2 * k, -2 * k)
            pygame.draw.rect(target, theme.PARCHMENT_DIM, edge, border_radius=6)
            pygame.draw.rect(target, theme.WOOD, edge, width=1, border_radius=6)
        theme.shadowed_rect(target, rect, theme.PARCHMENT, radius=6, shadow=3)
        pygame.draw.rect(target, accent, rect, width=2, border_radius=6)
        split = rect.x + LIST_LABEL_W - 4
        pygame.draw.line(target, theme.PARCHMENT_DIM, (split, rect.y + 4),
                         (split, rect.bottom - 4))
    else:
        pygame.draw.rect(target, (96, 64, 44), rect, width=2, border_radius=6)
    ink = theme.WOOD if names else theme.PARCHMENT_DIM
    theme.text(target, "Discard", (rect.x + 5, rect.y + 3), 12, ink, "bold")
    theme.text(target, str(pile), (rect.x + 5, rect.y + 3 + LIST_ROW), 12, ink, "bold")
    rows = pile_name_rows(rect, len(names))
    for row, name in zip(rows, names, strict=False):
        theme.text(target, name, (row.x, row.y), 12, theme.INK)
    if len(names) > len(rows) and rect.h >= 6 + 3 * LIST_ROW:
        theme.text(target, f"+{len(names) - len(rows)}", (rect.x + 5, rect.y + 3 + 2 * LIST_ROW),
                   12, theme.DANGER, "bold")
    elif not names:
        theme.text(target, "empty", (rect.x + LIST_LABEL_W, rect.y + 3), 12,
                   theme.PARCHMENT_DIM)


def draw_life(target: pygame.Surface, centre: tuple[int, int], life: int, most: int,
              colour: tuple[int, int, int], bar_w: int = 78) -> None:
    """A heart with the life total, and a bar of how much of the starting life is left."""
    x, y = centre
    r = 9
    pygame.draw.circle(target, theme.DANGER, (x - r + 2, y - 4), r)
    pygame.draw.circle(target, theme.DANGER, (x + r - 2, y - 4), r)
    pygame.draw.polygon(target, theme.DANGER, [(x - 2 * r + 2, y - 1), (x + 2 * r - 2, y - 1),
                                               (x, y + 16)])
    theme.text(target, str(life), (x, y - 1), 15, theme.CREAM, "bold", "center")
    bar = pygame.Rect(x + 24, y - 5, bar_w, 10)
    pygame.draw.rect(target, (40, 30, 24), bar, border_radius=5)
    filled = bar.copy()
    filled.w = max(0, round(bar.w * min(1.0, life / max(1, most))))
    if filled.w:
        pygame.draw.rect(target, theme.lighten(colour, 20), filled, border_radius=5)
    pygame.draw.rect(target, theme.WOOD, bar, width=1, border_radius=5)


def draw_force(target: pygame.Surface, left: tuple[int, int], force: int, cap: int) -> None:
    """Force as gems: one lit gem per Force held, dark sockets up to the cap."""
    x, y = left
    for k in range(cap):
        c = (x + 6 + k * 11, y)
        lit = k < force
        pygame.draw.circle(target, (90, 200, 220) if lit else (44, 52, 56), c, 5)
        pygame.draw.circle(target, theme.CREAM if lit else theme.WOOD, c, 5, 1)


def draw_role(target: pygame.Surface, rect: pygame.Rect, active: bool | None) -> None:
    """The Active/Reactive marker: a brass token for the Active Player, a grey one else."""
    if active is None:
        return
    fill = theme.BRASS if active else (112, 118, 112)
    words = "ACTIVE" if active else "REACTIVE"
    pygame.draw.rect(target, fill, rect, border_radius=rect.h // 2)
    pygame.draw.rect(target, theme.CREAM if active else theme.PARCHMENT_DIM, rect, width=1,
                     border_radius=rect.h // 2)
    theme.text(target, words, rect.center, 12, theme.INK, "bold", "center")


def chips_width(words: list[str]) -> int:
    """How wide ``draw_chips`` lays ``words``."""
    return sum(theme.rendered(w, 12, theme.INK, "bold").get_width() + 14 for w in words)


def draw_chips(target: pygame.Surface, right: int, y: int, words: list[str]) -> int:
    """This beat's antes as small brass chips, laid from ``right`` leftwards; returns the
    left edge of the last one."""
    for word in words:
        surf = theme.rendered(word, 12, theme.INK, "bold")
        chip = pygame.Rect(0, 0, surf.get_width() + 10, 18)
        chip.midright = (right, y)
        pygame.draw.rect(target, theme.BRASS_LIGHT, chip, border_radius=8)
        target.blit(surf, surf.get_rect(center=chip.center))
        right = chip.x - 4
    return right


class AnteTile(Button):
    """One ante choice drawn as a tile: an Overload (brass, its bonus and its Force cost), a
    Unique Ability ante (parchment, its words) or Pass (dark wood). Still the action's
    button: same name, label and key."""

    def __init__(self, x: float, y: float, w: float, h: float, label: str, name: str,
                 on_activate: Callable[[], None], kind: str, head: str, body: str,
                 cost: int = 0, footer: str = "") -> None:
        super().__init__(x, y, w, h, label, name=name, on_activate=on_activate, size=15)
        self.kind, self.head, self.body, self.cost = kind, head, body, cost
        self.footer = footer  # a word at the foot of the tile: what a click does
        self.face: CardFace | None = None  # the card the choice comes from (the zoom)

    def zoom_face(self) -> CardFace | None:
        """A trigger's tile opens the card (or ability) it comes from, whole, in the zoom."""
        return self.face

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        rect = self.box(world)
        if self.pressed:
            rect = rect.move(0, 2)
        fills: dict[str, tuple[int, int, int]] = {Act.OVERLOAD: theme.BRASS, Act.PASS: theme.WOOD}
        fill = fills.get(self.kind, theme.PARCHMENT)
        fill = theme.blend(fill, theme.lighten(fill, 30), self.glow)
        ink = theme.CREAM if self.kind == Act.PASS else theme.INK
        theme.shadowed_rect(target, rect, fill, radius=12, shadow=0 if self.pressed else 6,
                            border=theme.CREAM if self.focused else theme.WOOD,
                            border_width=3 if self.focused else 1)
        key = self.label.split(". ", 1)[0] if ". " in self.label else ""
        if key:
            theme.text(target, key, (rect.x + 8, rect.y + 4), 12, ink, "bold")
        y, size = rect.y + 20, 15 if rect.w >= 140 else 13
        for line in word_lines(self.head, rect.w - 12, size, 2):
            theme.text(target, line, (rect.centerx, y), size, ink, "bold", "midtop")
            y += size + 3
        foot = rect.bottom - (20 if self.footer or self.cost else 4)
        most = max(1, (foot - y - 4) // 14)
        body = theme.wrap(self.body, rect.w - 16, 12)
        if len(body) > most:
            body = body[:most - 1] + [theme.ellipsize(" ".join(body[most - 1:]), rect.w - 16,
                                                      12)]
        for line in body:
            theme.text(target, line, (rect.centerx, y + 4), 12, ink, anchor="midtop")
            y += 14
        if self.footer:
            theme.text(target, self.footer, (rect.right - 8, rect.bottom - 5), 12, ink, "bold",
                       "bottomright")
        if self.cost:
            draw_force(target, (rect.centerx - 6 * self.cost, rect.bottom - 14), self.cost,
                       self.cost)
            theme.text(target, "Force", (rect.centerx + 6 * self.cost + 6, rect.bottom - 14), 12,
                       ink, "bold", "midleft")


class SpaceTarget(Widget):
    """A space a legal move can take a fighter to: a glowing outline in the mover's colour
    with the move's words; clicking it plays that move (``leads``: that one action), or,
    when several choices land there, opens the chooser that names them (``leads``: all)."""

    def __init__(self, rect: pygame.Rect, words: str, colour: tuple[int, int, int],
                 name: str, on_activate: Callable[[], None],
                 leads: tuple[Action, ...] = (), tagged: bool = False) -> None:
        super().__init__(rect.centerx, rect.centery, rect.w, rect.h, name=name,
                         on_activate=on_activate)
        self.words, self.colour = words, colour
        self.leads = leads
        self.tagged = tagged  # a fighter stands there: the words are on its TargetTag
        self.z = 3

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        rect = self.box(world)
        wash = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(wash, (*self.colour, int(60 + 60 * self.glow)), wash.get_rect(),
                         border_radius=8)
        target.blit(wash, rect.topleft)
        pygame.draw.rect(target, theme.BRASS_LIGHT if self.focused else self.colour, rect,
                         width=3, border_radius=8)
        if self.tagged:
            return
        for k, line in enumerate(word_lines(self.words, rect.w - 8, 12, 2)):
            theme.text(target, line, (rect.centerx, rect.centery - 8 + 14 * k), 12, theme.INK,
                       "bold", "center")


class TargetTag(Node):
    """A target's words on a space a fighter stands on: an opaque tag at the foot of the
    space, over the fighter's name (the words name the fighter), drawn above the standee so
    nothing is written across it."""

    def __init__(self, cell: pygame.Rect, words: str, colour: tuple[int, int, int],
                 name: str) -> None:
        super().__init__(cell.centerx, cell.centery, cell.w, cell.h, name=name)
        self.cell, self.words, self.colour = cell, words, colour
        self.z = 6

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        lines = word_lines(self.words, self.cell.w - 8, 12, 2)
        box = pygame.Rect(0, 0, self.cell.w - 2, 14 * len(lines) + 4)
        box.midbottom = (self.cell.centerx, self.cell.bottom - 1)
        pygame.draw.rect(target, theme.blend(self.colour, (30, 24, 20), 0.35), box,
                         border_radius=6)
        pygame.draw.rect(target, theme.CREAM, box, width=1, border_radius=6)
        for k, line in enumerate(lines):
            theme.text(target, line, (box.centerx, box.y + 9 + 14 * k), 12, theme.CREAM,
                       "bold", "center")


class Chooser(Node):
    """The choices that all land on one space (or take one piece), as a small panel of
    buttons anchored there: each button plays its action (``leads``), the panel's head says
    what is being chosen. Opaque, above everything on the board."""

    ROW, GAP, PAD, HEAD = 30, 4, 8, 22

    def __init__(self, anchor: pygame.Rect, title: str,
                 choices: list[tuple[str, Action]], play: Callable[[Action], None],
                 bounds: pygame.Rect, width: int = 250) -> None:
        h = self.PAD * 2 + self.HEAD + len(choices) * (self.ROW + self.GAP) - self.GAP
        box = pygame.Rect(0, 0, width, h)
        box.midtop = (anchor.centerx, anchor.y + 10)
        box.clamp_ip(bounds)
        super().__init__(box.centerx, box.centery, box.w, box.h, name="chooser")
        self.title, self.z = title, 40
        self.interactive = True  # a click on the panel itself goes nowhere
        self.options: list[Button] = []
        for k, (words, action) in enumerate(choices):
            y = box.y + self.PAD + self.HEAD + k * (self.ROW + self.GAP) + self.ROW / 2
            button = Button(0, y - box.centery, box.w - 2 * self.PAD, self.ROW, words,
                            name=f"chooser.{k}", size=13,
                            on_activate=partial(play, action))
            button.leads = (action,)
            self.options.append(button)
            self.add(button)

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        left, top = world.apply(-self.w / 2, -self.h / 2)
        rect = pygame.Rect(round(left), round(top), round(self.w), round(self.h))
        theme.shadowed_rect(target, rect, (44, 34, 28), radius=10, shadow=6,
                            border=theme.BRASS_LIGHT, border_width=2)
        words = theme.ellipsize(self.title, rect.w - 2 * self.PAD, 13, "bold")
        theme.text(target, words, (rect.centerx, rect.y + self.PAD + 2), 13,
                   theme.BRASS_LIGHT, "bold", "midtop")


def draw_card_words(target: pygame.Surface, box: pygame.Rect, face: CardFace) -> None:
    """A card's name and every effect under its timing, at a readable size in ``box``
    (the last line that does not fit says how to read the rest: the zoom)."""
    theme.shadowed_rect(target, box, theme.PARCHMENT, radius=8, shadow=3, border=face.colour,
                        border_width=2)
    head = theme.text(target, face.title, (box.x + 10, box.y + 4), 14, face.colour, "bold")
    theme.text(target, face.kind, (head.right + 10, box.y + 6), 12, theme.WOOD)
    lines: list[tuple[str, bool]] = []
    for heading, words in face.sections:
        first = True
        for line in theme.wrap(f"{heading}: {words}" if heading else words, box.w - 20, 13):
            lines.append((line, first and bool(heading)))
            first = False
    room = (box.bottom - (box.y + 24) - 2) // 16
    if len(lines) > room:
        lines = lines[:room - 1] + [("… rest the pointer on the card to read it all", False)]
    for k, (line, _) in enumerate(lines):
        theme.text(target, line, (box.x + 10, box.y + 24 + 16 * k), 13, theme.INK)


def draw_totals(target: pygame.Surface, slot: pygame.Rect, name: str,
                words: dict[str, str]) -> None:
    """An attack pair's name and its four totals with their icons, in ``slot``."""
    from game import icons

    y = slot.y + 4
    weight = fitting_weight(name, slot.w - 6)  # every word whole (condensed if need be)
    for line in word_lines(name, slot.w - 6, 12, 2, weight):
        theme.text(target, line, (slot.centerx, y), 12, theme.INK, weight, "midtop")
        y += 14
    half = (slot.w - 8) // 2
    # a narrow slot gives the left column (Range, Priority) the room its numbers need
    left = max(half, 18 + max(font(12, "bold").size(words[k])[0] for k in STAT_KEYS[::2]))
    for k, key in enumerate(STAT_KEYS):
        x = slot.x + 4 + (k % 2) * left
        room = (left if k % 2 == 0 else slot.w - 8 - left) - 16
        pitch = 16 if slot.h >= 70 else 15  # a short slot's rows closer
        row = slot.bottom - 2 * pitch - 2 + (k // 2) * pitch
        target.blit(icons.stat_icon(key, 12, theme.INK), (x, row + 1))
        theme.text(target, theme.ellipsize(words[key], room, 12, "bold"), (x + 14, row),
                   12, theme.INK, "bold")
