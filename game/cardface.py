"""One readable card for every game: what a card says (``CardFace``), its large picture
(``card_picture``) and the zoom that shows it over any table (``CardZoom``).

A table never draws its own enlarged card: anything it shows that is a card (in a hand, on
the table, in a pile, in a draft row, on the chain) answers ``zoom_face()`` with a
``CardFace``, or the table lists it in ``zoom_spots()``. Pointing at it for a moment, or
right-clicking it, opens the zoom beside it with the card's full text; it closes when the
pointer leaves the card.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game import icons, theme
from game.scene import Affine, Node

ZOOM_W = 360  # the zoomed card's width (its height follows its text)
ZOOM_MOST_H = 640
ZOOM_DELAY = 0.35  # seconds of pointing before the zoom opens
TEXT_SIZES = (17, 16, 15, 14, 13, 12)  # the body text shrinks to fit, never below 12 px
ART_H = 110
FOOTER_INK = (96, 84, 70)


@dataclass(frozen=True)
class Stat:
    """One number on a card, drawn as a badge: ``key`` names its icon (a stat icon from the
    icon set: "power", "guard", "life", ...), ``label`` is the word under it."""

    key: str
    label: str
    value: str


@dataclass(frozen=True)
class CardFace:
    """Everything a card says, in the words a player reads (hashable: the picture's cache
    key). ``icon`` is (game, kind, name) for ``game.icons.icon``."""

    title: str
    kind: str  # the type line: "Style", "Character · Warrior · Fire", ...
    colour: tuple[int, int, int]
    stats: tuple[Stat, ...] = ()
    sections: tuple[tuple[str, str], ...] = ()  # (heading or "", text)
    icon: tuple[str, str, str] | None = None
    footer: str = ""  # a small line at the bottom (owner, where it lies, cost...)


def _icon(face: CardFace, size: int) -> pygame.Surface | None:
    """The card's art, tinted to read on its band (None when it has no icon)."""
    if face.icon is None:
        return None
    game_id, kind, name = face.icon
    return icons.icon(game_id, kind, name, size, theme.CREAM)


def _stat_icon(key: str, size: int) -> pygame.Surface:
    return icons.stat_icon(key, size, theme.CREAM)


def _body_lines(face: CardFace, width: int, size: int) -> list[tuple[str, bool]]:
    """The card's text wrapped at ``size``: (line, is a heading)."""
    out: list[tuple[str, bool]] = []
    for heading, words in face.sections:
        out.extend((line, True) for line in theme.wrap(heading, width, size, "bold")
                   if heading)
        out.extend((line, False) for line in theme.wrap(words, width, size))
    return out


def fit_text(face: CardFace, width: int) -> tuple[int, int, list[tuple[str, bool]]]:
    """The body text size that fits, the card's height and the wrapped lines."""
    top = 58 + ART_H + (64 if face.stats else 0) + 12
    bottom = 34 if face.footer else 14
    for size in TEXT_SIZES:
        lines = _body_lines(face, width - 36, size)
        height = top + len(lines) * (size + 5) + bottom
        if height <= ZOOM_MOST_H or size == TEXT_SIZES[-1]:
            return size, max(height, top + bottom + 40), lines
    raise AssertionError("unreachable")


@lru_cache(maxsize=64)
def card_picture(face: CardFace, width: int = ZOOM_W) -> pygame.Surface:
    """The card drawn large: title, type line, art band, stat badges, its whole text."""
    size, height, lines = fit_text(face, width)
    surf = pygame.Surface((width + 10, height + 12), pygame.SRCALPHA)
    card = pygame.Rect(0, 0, width, height)
    pygame.draw.rect(surf, (0, 0, 0, 120), card.move(8, 10), border_radius=16)
    pygame.draw.rect(surf, face.colour, card, border_radius=16)
    inner = card.inflate(-12, -12)
    pygame.draw.rect(surf, theme.PARCHMENT, inner, border_radius=11)
    # title band
    band = pygame.Rect(inner.x, inner.y, inner.w, 48)
    pygame.draw.rect(surf, theme.INK, band, border_top_left_radius=11, border_top_right_radius=11)
    title_size = 22
    while title_size > 15 and theme.rendered(face.title, title_size, theme.CREAM,
                                              "display").get_width() > band.w - 24:
        title_size -= 1
    theme.text(surf, theme.ellipsize(face.title, band.w - 24, title_size, "display"),
               (band.x + 12, band.y + 4), title_size, theme.BRASS_LIGHT, "display")
    theme.text(surf, theme.ellipsize(face.kind, band.w - 24, 13, "bold"),
               (band.x + 12, band.bottom - 17), 13, theme.PARCHMENT_DIM, "bold")
    # art band: the card's icon on its colour
    art = pygame.Rect(inner.x, band.bottom, inner.w, ART_H)
    pygame.draw.rect(surf, theme.blend(face.colour, theme.INK, 0.25), art)
    for k in range(6):  # a soft light behind the icon
        pygame.draw.circle(surf, theme.blend(face.colour, theme.CREAM, 0.05 + 0.05 * k),
                           art.center, 52 - 8 * k)
    picture = _icon(face, 88)
    if picture is not None:
        surf.blit(picture, picture.get_rect(center=art.center))
    y = art.bottom + 8
    # stats as badges: icon, value, the word under it
    if face.stats:
        step = inner.w // len(face.stats)
        for k, stat in enumerate(face.stats):
            cx = inner.x + step * k + step // 2
            chip = pygame.Rect(0, 0, min(step - 8, 84), 38)
            chip.midtop = (cx, y)
            pygame.draw.rect(surf, theme.blend(face.colour, theme.INK, 0.35), chip,
                             border_radius=9)
            # a long value ("20/20"): a smaller icon, then smaller figures, clear of the ends
            glyph = _stat_icon(stat.key, 22)
            value_size = 19
            value = theme.rendered(stat.value, value_size, theme.CREAM, "bold")
            if glyph.get_width() + 4 + value.get_width() > chip.w - 12:
                glyph = _stat_icon(stat.key, 18)
            while glyph.get_width() + 4 + value.get_width() > chip.w - 12 and value_size > 13:
                value_size -= 1
                value = theme.rendered(stat.value, value_size, theme.CREAM, "bold")
            span = glyph.get_width() + 4 + value.get_width()
            left = chip.centerx - span // 2
            surf.blit(glyph, glyph.get_rect(midleft=(left, chip.centery)))
            surf.blit(value, value.get_rect(midleft=(left + glyph.get_width() + 4,
                                                     chip.centery)))
            theme.text(surf, theme.ellipsize(stat.label, step - 4, 12), (cx, chip.bottom + 2),
                       12, theme.INK, anchor="midtop")
        y += 64
    y += 4
    for line, heading in lines:
        if heading:
            theme.text(surf, line, (inner.x + 12, y), size, face.colour if sum(face.colour) < 420
                       else theme.INK, "bold")
        else:
            theme.text(surf, line, (inner.x + 12, y), size, theme.INK)
        y += size + 5
    if face.footer:
        foot = pygame.Rect(inner.x, inner.bottom - 26, inner.w, 26)
        pygame.draw.line(surf, theme.PARCHMENT_DIM, foot.topleft, foot.topright)
        theme.text(surf, theme.ellipsize(face.footer, foot.w - 24, 13), foot.center, 13,
                   FOOTER_INK, anchor="center")
    return surf


def zoom_spot(anchor: pygame.Rect, size: tuple[int, int],
              screen: tuple[int, int] = theme.LOGICAL_SIZE) -> pygame.Rect:
    """Where a zoomed card of ``size`` goes: beside ``anchor`` (right of it when it fits,
    else left, else over the side with more room), never off the screen."""
    w, h = size
    sw, sh = screen
    margin = 12
    if anchor.right + margin + w <= sw:
        x = anchor.right + margin
    elif anchor.x - margin - w >= 0:
        x = anchor.x - margin - w
    else:
        x = 0 if anchor.centerx > sw // 2 else sw - w
    y = max(0, min(anchor.centery - h // 2, sh - h))
    return pygame.Rect(x, y, w, h)


class CardZoom(Node):
    """The enlarged card over the table. ``point(anchor, face)`` each frame with what the
    pointer rests on (None for nothing): after ``ZOOM_DELAY`` on the same card it opens;
    ``now(anchor, face)`` opens at once (right-click); it closes when the pointer leaves."""

    def __init__(self) -> None:
        super().__init__(name="zoom")
        self.z = 90
        self.face: CardFace | None = None
        self.anchor = pygame.Rect(0, 0, 0, 0)
        self.rested = 0.0
        self.open = False
        self.pinned = False  # opened by right-click: stays while the pointer is on the card

    def point(self, anchor: pygame.Rect | None, face: CardFace | None, dt: float) -> None:
        if face is None or anchor is None:
            self.face, self.open, self.pinned, self.rested = None, False, False, 0.0
            return
        if face != self.face or anchor != self.anchor:
            self.face, self.anchor, self.rested = face, anchor, 0.0
            self.open = self.pinned = False
        self.rested += dt
        if self.rested >= ZOOM_DELAY:
            self.open = True

    def now(self, anchor: pygame.Rect, face: CardFace) -> None:
        self.face, self.anchor, self.open, self.pinned = face, anchor, True, True
        self.rested = ZOOM_DELAY

    def close(self) -> None:
        self.face, self.open, self.pinned, self.rested = None, False, False, 0.0

    def busy(self) -> bool:
        """Counting down to open (a loop that sleeps while nothing moves must keep
        ticking until the zoom has opened)."""
        return (self.face is not None and not self.open) or super().busy()

    @property
    def showing(self) -> CardFace | None:
        return self.face if self.open else None

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        if not self.open or self.face is None:
            return
        picture = card_picture(self.face)
        spot = zoom_spot(self.anchor, picture.get_size(), target.get_size())
        target.blit(picture, spot)


def node_box(node: Node) -> pygame.Rect:
    """A node's box on the screen (its world position and scale)."""
    world = node.world_matrix()
    left, top = world.apply(-node.w / 2, -node.h / 2)
    return pygame.Rect(round(left), round(top), int(node.w * world.scale),
                       int(node.h * world.scale))


def face_under(root: Node, pos: tuple[float, float]) -> tuple[pygame.Rect, CardFace] | None:
    """The top-most card under ``pos`` among ``root``'s nodes: a visible node whose
    ``zoom_face()`` names a card."""
    for node in reversed(_drawn(root)):
        if not node.contains(*pos):
            continue
        ask = getattr(node, "zoom_face", None)
        face = ask() if callable(ask) else None
        if isinstance(face, CardFace):
            return node_box(node), face
    return None


def _drawn(root: Node) -> list[Node]:
    """``root``'s visible nodes in drawing order (hidden branches left out)."""
    if not root.visible:
        return []
    out: list[Node] = [root]
    for child in root.ordered():
        out.extend(_drawn(child))
    return out
