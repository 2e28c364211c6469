"""A hand card read in place: the card under the pointer (or the keyboard focus) rises out
of the tray as a larger card with its whole text, so a player reads what a card does
without opening the zoom. The picture is made from the card's ``CardFace`` (the zoom's
words): the kind in the band, the name, Range / Power / Priority / Guard (and Armor) with
their icons, then every effect under its timing; a greyed card says why at its foot."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game import icons, theme
from game.cardface import CardFace

READ_W = 210  # a read card's width (a Finisher offered at the setup: OFFER_W)
OFFER_W = 250
BAND_H = 20
TITLE = 15
BODY = 13  # the effects' size (never under 12: headings 12 bold)
PAD = 8
DIM_INK = (96, 84, 70)


def _lines(face: CardFace, width: int) -> list[tuple[str, str]]:
    """The effects wrapped: ("head", words) for a timing, ("body", words) for its text."""
    out: list[tuple[str, str]] = []
    for heading, words in face.sections:
        if heading:
            out.extend(("head", line) for line in theme.wrap(heading, width, 12, "bold"))
        out.extend(("body", line) for line in theme.wrap(words, width, BODY))
    return out


@lru_cache(maxsize=64)
def read_picture(face: CardFace, why: str = "", width: int = READ_W) -> pygame.Surface:
    """The card large enough to read: its whole text at 12-13 px (``why``: the reason a
    greyed card cannot be played now, in a dark box at its foot)."""
    inner = width - 2 * PAD
    title = theme.wrap(face.title, inner, TITLE, "bold")
    lines = _lines(face, inner)
    why_lines = theme.wrap(why, inner - 8, 12) if why else []
    stats_h = 22 if face.stats else 0
    height = (BAND_H + 6 + len(title) * (TITLE + 3) + stats_h + 8
              + sum(15 if kind == "head" else BODY + 3 for kind, _ in lines) + PAD
              + (len(why_lines) * 14 + 26 if why_lines else 0))
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, theme.PARCHMENT, rect, border_radius=10)
    band = pygame.Rect(rect.x, rect.y, rect.w, BAND_H)
    pygame.draw.rect(surf, face.colour, band, border_top_left_radius=10,
                     border_top_right_radius=10)
    theme.text(surf, theme.ellipsize(face.kind, inner, 12, "bold"), band.center, 12,
               theme.CREAM, "bold", "center")
    y = band.bottom + 5
    for line in title:
        theme.text(surf, line, (rect.centerx, y), TITLE, theme.INK, "bold", "midtop")
        y += TITLE + 3
    if face.stats:
        step = inner // len(face.stats)
        for k, stat in enumerate(face.stats):
            x = rect.x + PAD + k * step
            surf.blit(icons.stat_icon(stat.key, 13, face.colour), (x, y + 3))
            theme.text(surf, theme.ellipsize(stat.value, step - 18, 13, "bold"), (x + 16, y),
                       13, theme.INK, "bold")
        y += stats_h
    pygame.draw.line(surf, theme.PARCHMENT_DIM, (rect.x + PAD, y), (rect.right - PAD, y))
    y += 6
    for kind, line in lines:
        if kind == "head":
            theme.text(surf, line, (rect.x + PAD, y), 12, face.colour, "bold")
            y += 15
        else:
            theme.text(surf, line, (rect.x + PAD, y), BODY, theme.INK)
            y += BODY + 3
    if why_lines:
        box = pygame.Rect(rect.x + 4, y + 6, rect.w - 8, len(why_lines) * 14 + 18)
        pygame.draw.rect(surf, (70, 56, 44), box, border_radius=6)
        theme.text(surf, "Not playable now", (box.x + 4, box.y + 2), 12, theme.BRASS_LIGHT,
                   "bold")
        for k, line in enumerate(why_lines):
            theme.text(surf, line, (box.x + 4, box.y + 16 + 14 * k), 12, theme.CREAM)
    pygame.draw.rect(surf, face.colour, rect, width=2, border_radius=10)
    return surf


def read_spot(card: pygame.Rect, size: tuple[int, int], bounds: pygame.Rect) -> pygame.Rect:
    """Where a read card lies: centred over the small card, its foot at the small card's
    foot, growing upwards, kept inside ``bounds`` (the board down to the tray)."""
    spot = pygame.Rect(0, 0, *size)
    spot.midbottom = (card.centerx, card.bottom + 2)
    return spot.clamp(bounds)


def draw_shadow(target: pygame.Surface, spot: pygame.Rect) -> None:
    """The read card's shadow on the table under it (an opaque dark edge, below right)."""
    pygame.draw.rect(target, (18, 12, 8), spot.move(3, 5), border_radius=10)
