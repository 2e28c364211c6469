"""The look: palette, sizes and the drawing helpers every screen shares."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache

import pygame

from game.assets import font

LOGICAL_SIZE = (1280, 720)

# A warm tabletop: deep green felt, walnut wood, parchment panels, brass accents.
FELT = (22, 58, 48)
FELT_DARK = (12, 34, 29)
WOOD = (74, 46, 30)
INK = (33, 28, 24)
PARCHMENT = (240, 230, 208)
PARCHMENT_DIM = (214, 201, 175)
BRASS = (214, 170, 76)
BRASS_LIGHT = (244, 210, 128)
CREAM = (250, 244, 230)
MUTED = (150, 160, 150)
SHADOW = (0, 0, 0)
DANGER = (178, 58, 48)
SEAT_COLOURS = [(196, 72, 60), (62, 118, 190), (224, 176, 58), (92, 160, 96)]


NAMED_COLOURS = {
    "red": (196, 72, 60), "blue": (62, 118, 190), "yellow": (224, 176, 58),
    "gold": (224, 176, 58), "green": (92, 160, 96), "purple": (140, 92, 170),
    "orange": (220, 128, 52), "white": (226, 222, 210), "black": (60, 60, 66),
}


def lighten(colour: tuple[int, int, int], amount: int = 60) -> tuple[int, int, int]:
    r, g, b = (min(255, c + amount) for c in colour)
    return r, g, b


def blend(a: tuple[int, int, int], b: tuple[int, int, int], mix: float) -> tuple[int, int, int]:
    """``a`` moved ``mix`` (0..1) of the way to ``b``."""
    r, g, bl = (round(x + (y - x) * mix) for x, y in zip(a, b, strict=True))
    return r, g, bl


def seat_colour(seat: int, name: str = "") -> tuple[int, int, int]:
    """A seat's colour: the one its name says (\"Blue (seat 1)\"), else by seat number."""
    for word in name.lower().replace("(", " ").split():
        if word in NAMED_COLOURS:
            return NAMED_COLOURS[word]
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)] if seat >= 0 else MUTED


@cache
def felt_background(size: tuple[int, int] = LOGICAL_SIZE) -> pygame.Surface:
    """A vignetted felt surface (cached: drawn once)."""
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(FELT)
    vignette = pygame.Surface(size, pygame.SRCALPHA)
    steps = 24
    for i in range(steps):
        alpha = int(110 * (1 - i / steps) ** 2)
        inset = i * min(w, h) // (steps * 3)
        pygame.draw.rect(vignette, (0, 0, 0, alpha), (inset, inset, w - 2 * inset, h - 2 * inset),
                         width=max(1, min(w, h) // (steps * 3)))
    surf.blit(vignette, (0, 0))
    return surf


def shadowed_rect(
    target: pygame.Surface,
    rect: pygame.Rect,
    fill: tuple[int, ...],
    radius: int = 12,
    shadow: int = 6,
    border: tuple[int, ...] | None = None,
    border_width: int = 2,
    alpha: int = 255,
) -> None:
    """A rounded rectangle with a soft drop shadow beneath it."""
    if shadow:
        s = _shadow(rect.w, rect.h, radius, shadow)
        target.blit(s, (rect.x - shadow + 2, rect.y - shadow + shadow // 2 + 2))
    if alpha < 255:
        layer = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(layer, (*fill[:3], alpha), layer.get_rect(), border_radius=radius)
        target.blit(layer, rect.topleft)
    else:
        pygame.draw.rect(target, fill, rect, border_radius=radius)
    if border:
        pygame.draw.rect(target, border, rect, width=border_width, border_radius=radius)


@lru_cache(maxsize=256)
def _shadow(w: int, h: int, radius: int, shadow: int) -> pygame.Surface:
    s = pygame.Surface((w + shadow * 2, h + shadow * 2), pygame.SRCALPHA)
    for i in range(shadow, 0, -2):
        pygame.draw.rect(s, (0, 0, 0, int(60 / i)),
                         (shadow - i, shadow - i, w + 2 * i, h + 2 * i),
                         border_radius=radius + i)
    return s


#: Set while the overlap check runs (game/overlap.py): told of every text surface made.
note_text: Callable[[pygame.Surface, str], None] | None = None


@lru_cache(maxsize=4096)
def rendered(content: str, size: int, colour: tuple[int, int, int], style: str,
             faded: bool = False) -> pygame.Surface:
    """A line of text rendered once and reused (drawing text is the costly part of a frame)."""
    surf = font(size, style).render(content, True, colour)
    if faded:
        surf.set_alpha(140)
    elif note_text is not None:
        note_text(surf, content)
    return surf


def text(
    target: pygame.Surface,
    content: str,
    pos: tuple[int, int],
    size: int = 18,
    colour: tuple[int, int, int] = INK,
    style: str = "regular",
    anchor: str = "topleft",
    shadow: bool = False,
) -> pygame.Rect:
    """Draw one line of text; ``anchor`` is a pygame.Rect attribute name (center, midleft...)."""
    surf = rendered(content, size, colour, style)
    rect = surf.get_rect(**{anchor: pos})
    if shadow:
        target.blit(rendered(content, size, (0, 0, 0), style, True), rect.move(2, 3))
    target.blit(surf, rect)
    return rect


def wrap(content: str, width: int, size: int = 16, style: str = "regular",
         hyphenate: bool = False) -> list[str]:
    """Split text into lines no wider than ``width`` pixels (words kept whole when possible;
    a word too long for a line is cut, or, with ``hyphenate``, split with a hyphen:
    "Assassin-" / "ate")."""
    return list(_wrapped(content, width, size, style, hyphenate))


@lru_cache(maxsize=2048)
def _wrapped(content: str, width: int, size: int, style: str,
             hyphenate: bool = False) -> tuple[str, ...]:
    f = font(size, style)
    lines: list[str] = []
    for paragraph in content.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if f.size(trial)[0] <= width:
                line = trial
                continue
            if line:
                lines.append(line)
            while f.size(word)[0] > width and len(word) > (2 if hyphenate else 1):
                if hyphenate:
                    cut = len(word) - 2  # two letters at least go on ("Arro-" / "ws")
                    while cut > 1 and f.size(word[:cut] + "-")[0] > width:
                        cut -= 1
                    lines.append(word[:cut] + "-")
                else:
                    cut = len(word)
                    while cut > 1 and f.size(word[:cut])[0] > width:
                        cut -= 1
                    lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return tuple(lines)


@lru_cache(maxsize=1024)
def balanced(content: str, width: int, size: int = 16, style: str = "regular"
             ) -> tuple[str, ...]:
    """``wrap``'s lines made as even as they can be: the same number of lines, in the
    narrowest width that still gives that many (so a second line never holds one word
    where the first holds six). Cached: a button draws its label every frame."""
    lines = _wrapped(content, width, size, style)
    if len(lines) < 2 or "\n" in content:
        return lines
    f = font(size, style)
    lo = max(f.size(word)[0] for word in content.split(" "))
    hi = width
    uncached = _wrapped.__wrapped__  # the same wrapping, not filling the cache
    while lo < hi:  # the narrowest width giving no more lines than ``width`` gives
        mid = (lo + hi) // 2
        if len(uncached(content, mid, size, style)) <= len(lines):
            hi = mid
        else:
            lo = mid + 1
    return lines if hi >= width else _wrapped(content, hi, size, style)


@lru_cache(maxsize=4096)
def ellipsize(content: str, width: int, size: int = 16, style: str = "regular") -> str:
    """Shorten ``content`` with an ellipsis to fit ``width`` pixels."""
    f = font(size, style)
    if f.size(content)[0] <= width:
        return content
    while content and f.size(content + "…")[0] > width:
        content = content[:-1]
    return content + "…"
