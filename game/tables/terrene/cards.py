"""Terrene Odyssey's cards as pictures: character faces (stats, XP, level, status badges),
card backs, hand cards (name, type, cost, text), terrain cards and chain tiles. Every
drawing is a plain function of what the view shows, rendered once and cached."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache

import pygame

from game import theme
from game.tables.terrene.layout import CARD_H, CARD_W, HAND_H, HAND_W

ELEMENTS = {
    "Earth": (128, 98, 58), "Fire": (200, 78, 46), "Water": (52, 110, 184),
    "Wind": (70, 150, 120), "Light": (212, 178, 82), "Dark": (104, 70, 140),
}
KINDS = {"character": (120, 84, 60), "item": (62, 120, 150), "command": (150, 70, 70),
         "terrain": (82, 128, 70), "plan": (96, 84, 128)}
BADGES = {"slow": (90, 130, 200), "stun": (226, 180, 60), "silence": (150, 150, 160),
          "haste": (230, 120, 60), "stab": (200, 60, 60), "retaliate": (180, 90, 60),
          "resourceful": (80, 160, 110), "unblockable": (120, 90, 170),
          "immune_stun": (200, 200, 120), "decay": (130, 130, 130),
          "attacked": (190, 110, 90)}
BACK = (34, 44, 78)
BACK_EDGE = (150, 126, 70)
HURT = (226, 72, 60)


@dataclass(frozen=True)
class UnitLook:
    """What a character card shows (hashable: the cache key of its picture)."""

    name: str = ""  # "" = a card back
    cls: str = ""
    element: str = ""
    tag: str = "none"
    hp_left: int = 0
    hp: int = 0
    atk: int = 0
    defense: int = 0
    xp: int = 0
    lv: int = 0
    sp: int = 0
    badges: tuple[str, ...] = ()
    hidden: bool = False  # face-down on the table (its owner still sees its face)
    attacked: bool = False
    decay: int = 0
    token: bool = False


@dataclass(frozen=True)
class CardLook:
    """What a hand, offer or pool card shows."""

    name: str = ""  # "" = a card back
    kind: str = ""
    line: str = ""  # type, cost
    text: str = ""
    element: str = ""


def element_colour(element: str) -> tuple[int, int, int]:
    return ELEMENTS.get(element, (120, 110, 96))


#: the faces a name is tried in, widest first: condensed letters before a line more
NAME_STYLES = ("bold", "condensed-bold", "condensed")


@lru_cache(maxsize=1024)
def fit_lines(words: str, width: int, lines: int, styles: tuple[str, ...] = NAME_STYLES,
              size: int = 12) -> tuple[str, tuple[str, ...]]:
    """``words`` whole in at most ``lines`` lines of ``width`` px (no word split): the
    first of ``styles`` in which they fit, with its lines; when none fits, the last style
    with every line it needs, a word wider than ``width`` alone on its line (the caller
    makes room, or narrows that word with ``squeezed``)."""
    wrapped: tuple[str, ...] = ()
    for style in styles:
        font = theme.font(size, style)
        wrapped = ()
        for word in words.split():  # greedy, a word never split (one too wide stays whole)
            trial = f"{wrapped[-1]} {word}" if wrapped else word
            if wrapped and font.size(trial)[0] <= width:
                wrapped = (*wrapped[:-1], trial)
            else:
                wrapped = (*wrapped, word)
        if len(wrapped) <= lines and all(font.size(w)[0] <= width for w in wrapped):
            return style, wrapped
    return styles[-1], wrapped


@lru_cache(maxsize=256)
def squeezed(words: str, width: int, size: int, colour: tuple[int, int, int],
             style: str = "condensed") -> pygame.Surface:
    """One line at full height, its letters narrowed to ``width`` when even the condensed
    face is wider (a single long word such as a class, never below 12 px high); the
    overlap check is told of it as a text."""
    ink = theme.rendered(words, size, colour, style)
    if ink.get_width() <= width:
        return ink
    narrow = pygame.transform.smoothscale(ink, (width, ink.get_height()))
    if theme.note_text is not None:
        theme.note_text(narrow, words)
    return narrow


def draw_lines(surf: pygame.Surface, lines: tuple[str, ...], style: str, x: int, top: int,
               colour: tuple[int, int, int], step: int = 12, anchor: str = "topleft",
               size: int = 12) -> None:
    """Lines of text ``step`` px apart from ``top``, each anchored at ``x``."""
    for k, line in enumerate(lines):
        theme.text(surf, line, (x, top + k * step), size, colour, style, anchor)


def draw_back(surf: pygame.Surface, rect: pygame.Rect, small: bool = False) -> None:
    """A Terrene card back: deep blue, a brass frame and a compass-rose diamond (drawn
    once per size, then blitted)."""
    surf.blit(back_picture(rect.w, rect.h, small), rect.topleft)


@lru_cache(maxsize=64)
def back_picture(w: int, h: int, small: bool) -> pygame.Surface:
    surf = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, BACK, rect, border_radius=8)
    pygame.draw.rect(surf, BACK_EDGE, rect, 2, border_radius=8)
    inner = rect.inflate(-10, -10)
    pygame.draw.rect(surf, (52, 64, 104), inner, 1, border_radius=5)
    cx, cy = inner.center
    r = min(inner.w, inner.h) // 3
    pygame.draw.polygon(surf, (70, 84, 130), [(cx, cy - r), (cx + r * 0.7, cy),
                                              (cx, cy + r), (cx - r * 0.7, cy)])
    pygame.draw.polygon(surf, BACK_EDGE, [(cx, cy - r), (cx + r * 0.7, cy),
                                          (cx, cy + r), (cx - r * 0.7, cy)], 1)
    pygame.draw.circle(surf, BACK_EDGE, (cx, cy), max(2, r // 4))
    if not small and inner.h > 60:
        theme.text(surf, "TERRENE", (cx, inner.bottom - 8), 8, BACK_EDGE, "bold", "midbottom")
    return surf


def badge(surf: pygame.Surface, word: str, colour: tuple[int, int, int],
          pos: tuple[int, int], size: int = 8, style: str = "bold", width: int = 0
          ) -> pygame.Rect:
    """A small pill with a word, its right edge at ``pos`` (its letters narrowed to
    ``width``, if given, when they are wider)."""
    ink = squeezed(word, width, size, theme.INK, style) if width else \
        theme.rendered(word, size, theme.INK, style)
    pill = pygame.Rect(0, 0, ink.get_width() + 8, ink.get_height() + 1)
    pill.topright = pos
    pygame.draw.rect(surf, theme.lighten(colour, 40), pill, border_radius=6)
    pygame.draw.rect(surf, theme.INK, pill, 1, border_radius=6)
    surf.blit(ink, ink.get_rect(center=pill.center))
    return pill


#: a character card's rows, top to bottom: the name band (one to four lines), the
#: element row (element, tag, SP coin), class, life, ATK/DEF, level and XP
ELEMENT_Y = 41
CLASS_Y = ELEMENT_Y + 16
HP_Y = CLASS_Y + 15


def name_band(name: str) -> tuple[str, tuple[str, ...]]:
    """A character's name whole on its card: two lines (condensed if need be), more for
    the longest (a four-line name takes the element's row)."""
    style, lines = fit_lines(name, CARD_W - 10, 2)
    if len(lines) > 2:
        style, lines = fit_lines(name, CARD_W - 10, 3, ("condensed-bold", "condensed"))
    return style, lines


def held_lines(name: str) -> tuple[str, tuple[str, ...]]:
    """The name of the card a character holds, whole on the two lines that peek out under
    it (as wide as the character's lit edge)."""
    return fit_lines(name, CARD_W + 4, 2)


PILL_H = 15  # a status pill's height (12 px words)


def status_words(look: UnitLook) -> tuple[tuple[str, tuple[int, int, int]], ...]:
    """A character's statuses as pills read them, the ⚔ of an attack this turn first."""
    keys = (("attacked",) if look.attacked else ()) + look.badges
    return tuple(("⚔" if key == "attacked" else key.replace("_", " ").title(),
                  BADGES.get(key, theme.BRASS)) for key in keys)


@dataclass(frozen=True)
class CardRows:
    """Where a character card's rows go: the element row (its top and the SP coin's
    radius; ``element_words`` False when the row holds the pills instead) and the status
    pills on a row of their own (``pills``: words, colour and right edge); the HIDDEN
    ribbon over the element row (``ribbon`` its top), or over the level line when the name
    takes the element row (``level`` False); ``hp_bar`` False when pills take its place."""

    element: int = ELEMENT_Y
    coin: int = 8
    element_words: bool = True
    pill_y: int = 0
    pills: tuple[tuple[str, tuple[int, int, int], int], ...] = ()
    ribbon: int = ELEMENT_Y
    level: bool = True
    hp_bar: bool = True


def pill_width(words: str) -> int:
    return theme.rendered(words, 12, theme.INK, "condensed-bold").get_width() + 8


def pack_pills(said: tuple[tuple[str, tuple[int, int, int]], ...], left: int, right: int
               ) -> tuple[tuple[str, tuple[int, int, int], int], ...]:
    """As many pills as fit side by side from ``left`` to ``right`` (2 px apart), each
    whole; those left over counted on a last "+N" pill (the zoom lists them all)."""
    for shown in range(len(said), -1, -1):
        row = list(said[:shown])
        if shown < len(said):
            row.append((f"+{len(said) - shown}", theme.BRASS))
        widths = [pill_width(w) for w, _ in row]
        if sum(widths) + 2 * max(0, len(row) - 1) <= right - left:
            out, x = [], left
            for (words, colour), w in zip(row, widths, strict=True):
                x += w
                out.append((words, colour, x))
                x += 2
            return tuple(out)
    return ()


def card_rows(look: UnitLook, band_bottom: int) -> CardRows:
    """A character card's rows under its name band. Without statuses, the element row at
    its place under the art. With some, the pills get a row of their own: in the art while
    the name leaves room (one line), else under the name with the element row moved down
    to meet the class (two lines, its coin smaller), else in the element row itself (three
    lines; the element is in the zoom), else (a four-line name that takes the element
    row) in the place of the life bar, its number kept. A hidden card's ribbon lies over
    the element row, or over the level line when the name takes that row. Nothing is
    drawn over a word."""
    said = status_words(look)
    long_name = band_bottom > ELEMENT_Y
    if long_name:  # the element is in the zoom; the ribbon over the level line
        hidden = CardRows(element_words=False, ribbon=CARD_H - 16, level=not look.hidden)
    else:
        hidden = CardRows()
    if not said:
        return hidden
    if band_bottom + 1 + PILL_H <= ELEMENT_Y:
        return CardRows(pill_y=band_bottom + 1, pills=pack_pills(said, 5, CARD_W - 4))
    if band_bottom + 1 + PILL_H + 12 <= CLASS_Y:
        element = band_bottom + 1 + PILL_H
        return CardRows(element, 6, pill_y=band_bottom + 1,
                        pills=pack_pills(said, 5, CARD_W - 4), ribbon=element)
    if not long_name and not look.hidden:
        return CardRows(element_words=False, pill_y=ELEMENT_Y,
                        pills=pack_pills(said, 5, CARD_W - 24))
    return replace(hidden, pill_y=HP_Y, pills=pack_pills(said, 44, CARD_W - 4),
                   hp_bar=False)


@lru_cache(maxsize=256)
def unit_picture(look: UnitLook) -> pygame.Surface:
    """A character card at full size (scaled by its node)."""
    surf = pygame.Surface((CARD_W, CARD_H), pygame.SRCALPHA)
    rect = surf.get_rect()
    if not look.name:
        draw_back(surf, rect)
        return surf
    edge = element_colour(look.element)
    pygame.draw.rect(surf, theme.PARCHMENT, rect, border_radius=8)
    style, lines = name_band(look.name)
    band = pygame.Rect(3, 3, CARD_W - 6, max(18, 2 + 12 * len(lines)))
    art = pygame.Rect(6, band.bottom + 2, CARD_W - 12, CLASS_Y - band.bottom - 2)
    pygame.draw.rect(surf, theme.blend(edge, theme.PARCHMENT, 0.55), art, border_radius=4)
    clip = surf.get_clip()
    surf.set_clip(art)
    for k in range(3):  # a few hills in the element's colour as the card's art
        hill = pygame.Rect(art.x - 10 + k * 30, art.bottom - 12 - (k % 2) * 6, 50, 30)
        pygame.draw.ellipse(surf, theme.blend(edge, theme.PARCHMENT, 0.2 + 0.1 * k), hill)
    surf.set_clip(clip)
    pygame.draw.rect(surf, edge, rect, 3, border_radius=8)
    pygame.draw.rect(surf, edge, band, border_top_left_radius=6, border_top_right_radius=6)
    draw_lines(surf, lines, style, band.x + 2, band.y + (band.h - 12 * len(lines)) // 2 - 2,
               theme.CREAM)
    rows = card_rows(look, band.bottom)
    sp = (CARD_W - 14, rows.element + rows.coin)  # the supply cost as a blue coin
    pygame.draw.circle(surf, (60, 100, 170), sp, rows.coin)
    pygame.draw.circle(surf, theme.CREAM, sp, rows.coin, 1)
    theme.text(surf, str(look.sp), sp, 12, theme.CREAM, "bold", "center")
    if not look.hidden and rows.element_words:
        said = theme.text(surf, look.element.title(), (6, rows.element), 12, theme.INK, "bold")
        tag = {"hero": "Hero", "villain": "Villain"}.get(look.tag,
                                                         "Token" if look.token else "")
        if tag:
            ink = theme.rendered(tag, 12, theme.WOOD, "condensed-bold")
            if said.right + 3 + ink.get_width() <= sp[0] - 10:
                surf.blit(ink, (said.right + 3, rows.element))
    cls_style, cls = fit_lines(look.cls, CARD_W - 8, 1, ("regular", "condensed"))
    ink = squeezed(look.cls, CARD_W - 8, 12, theme.INK, cls_style)
    surf.blit(ink, ink.get_rect(midtop=(CARD_W // 2, CLASS_Y)))
    theme.text(surf, f"{look.hp_left}/{look.hp}", (5, HP_Y), 12,
               HURT if look.hp_left < look.hp else theme.INK, "bold")
    if rows.hp_bar:
        draw_hp_bar(surf, pygame.Rect(50, HP_Y + 4, CARD_W - 55, 7), look.hp_left, look.hp)
    box_y = HP_Y + 16
    draw_stat(surf, pygame.Rect(4, box_y, 39, 18), "atk", look.atk, (170, 60, 50))
    decay_colour = (110, 110, 110) if look.decay else (60, 100, 150)
    draw_stat(surf, pygame.Rect(CARD_W - 43, box_y, 39, 18), "def", look.defense,
              decay_colour)
    if rows.level:
        theme.text(surf, f"LV {look.lv} · XP {look.xp}", (CARD_W // 2, CARD_H - 1), 12,
                   theme.WOOD, "bold", "midbottom")
    for word, colour, x in rows.pills:  # statuses on their own row: they cover no text
        badge(surf, word, colour, (x, rows.pill_y), 12, "condensed-bold")
    if look.hidden:  # over the element row, the SP coin still showing
        low = rows.ribbon > CLASS_Y  # (over the level line)
        ribbon = pygame.Surface((CARD_W - 6 if low else sp[0] - 10,
                                 14 if low else CLASS_Y - rows.ribbon), pygame.SRCALPHA)
        ribbon.fill((20, 24, 48, 210))
        theme.text(ribbon, "HIDDEN", ribbon.get_rect().center, 12, theme.BRASS_LIGHT,
                   "bold", "center")
        surf.blit(ribbon, (3 if low else 0, rows.ribbon))
    return surf


def draw_art(surf: pygame.Surface, art: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """A card's picture: hills under a sky, in the card's colour."""
    pygame.draw.rect(surf, theme.blend(colour, theme.PARCHMENT, 0.6), art, border_radius=4)
    clip = surf.get_clip()
    surf.set_clip(art)
    for k in range(4):
        hill = pygame.Rect(art.x - 14 + k * art.w // 3, art.bottom - 20 - (k % 2) * 9,
                           art.w // 2 + 10, 44)
        pygame.draw.ellipse(surf, theme.blend(colour, theme.PARCHMENT, 0.1 + 0.12 * k), hill)
    pygame.draw.circle(surf, theme.lighten(colour, 90), (art.right - 16, art.y + 14), 7)
    surf.set_clip(clip)
    pygame.draw.rect(surf, theme.blend(colour, theme.INK, 0.3), art, 1, border_radius=4)


def draw_hp_bar(surf: pygame.Surface, rect: pygame.Rect, left: int, total: int) -> None:
    pygame.draw.rect(surf, (70, 40, 36), rect, border_radius=3)
    if total > 0 and left > 0:
        lit = rect.copy()
        lit.w = max(2, round(rect.w * min(1.0, left / total)))
        colour = (90, 170, 90) if left * 2 > total else (220, 150, 50) if left * 4 > total \
            else HURT
        pygame.draw.rect(surf, colour, lit, border_radius=3)


def draw_stat(surf: pygame.Surface, rect: pygame.Rect, key: str, value: int,
              colour: tuple[int, int, int]) -> None:
    """A stat box: its icon (attack or defence) and the number."""
    from game import icons  # the icon set is loaded on first use

    pygame.draw.rect(surf, colour, rect, border_radius=4)
    mark = icons.stat_icon(key, 13, theme.CREAM)
    surf.blit(mark, mark.get_rect(midleft=(rect.x + 2, rect.centery)))
    theme.text(surf, str(value), (rect.right - 3, rect.centery), 12, theme.CREAM, "bold",
               "midright")


@lru_cache(maxsize=512)
def hand_head(look: CardLook, w: int) -> tuple[str, tuple[str, ...], str, tuple[str, ...]]:
    """A held card's name whole (condensed, else on two lines) and its type line whole
    (condensed, else on two lines broken between its parts: "Command · Spell" / "1 AP")."""
    style, names = fit_lines(look.name, w - 10, 1)
    if len(names) > 1:
        style, names = fit_lines(look.name, w - 10, 2)
    kind_style, kinds = fit_lines(look.line, w - 8, 1, NAME_STYLES)
    if len(kinds) > 1:
        kind_style, font = "condensed-bold", theme.font(12, "condensed-bold")
        kinds = ()
        for part in look.line.split(" · "):
            trial = f"{kinds[-1]} · {part}" if kinds else part
            kinds = (*kinds[:-1], trial) if kinds and font.size(trial)[0] <= w - 8 \
                else (*kinds, part)
    return style, names, kind_style, kinds


TEXT_STEP = 14  # a held card's text lines (12 px)


def hand_text_top(look: CardLook, w: int, art: bool) -> int:
    """Where a held card's text begins: under its name band, type line and picture."""
    _, names, _, kinds = hand_head(look, w)
    y = 2 + 7 + 12 * len(names) + 5 + 12 * len(kinds)
    return y + 61 if art else y


def hand_height(look: CardLook, w: int = HAND_W, h: int = HAND_H) -> int:
    """The height a held card needs to show its whole text (at least ``h``): the card
    pointed at in the hand rises to it."""
    if not look.name:
        return h
    lines = theme.wrap(look.text, w - 8, 12)
    return max(h, hand_text_top(look, w, False) + TEXT_STEP * len(lines) + 4)


def text_cut(look: CardLook, w: int, h: int) -> bool:
    """Whether a held card of ``w`` x ``h`` (its picture from 160 px) cuts its text."""
    if not look.name:
        return False
    return hand_height(look, w, 0) + (61 if h >= 160 else 0) > h


@lru_cache(maxsize=256)
def hand_picture(look: CardLook, w: int = HAND_W, h: int = HAND_H, size: int = 0,
                 art: bool | None = None) -> pygame.Surface:
    """A card as held: name, type and cost, its text (card back without a name); a card of
    160 px or more has its picture (unless ``art`` says). The text as far as it fits,
    ending in "…" when cut (the card pointed at rises whole, ``hand_height``; the zoom
    shows it too)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    if not look.name:
        draw_back(surf, rect, small=h < 70)
        return surf
    colour = element_colour(look.element) if look.kind == "character" else \
        KINDS.get(look.kind, theme.WOOD)
    pygame.draw.rect(surf, theme.PARCHMENT, rect, border_radius=7)
    pygame.draw.rect(surf, colour, rect, 2, border_radius=7)
    style, names, kind_style, kinds = hand_head(look, w)
    band = pygame.Rect(2, 2, w - 4, 7 + 12 * len(names))
    pygame.draw.rect(surf, colour, band, border_top_left_radius=6, border_top_right_radius=6)
    size = size or 12  # nothing a player reads under 12 px
    for k, line in enumerate(names):  # a word wider than a narrow card: narrowed, whole
        surf.blit(squeezed(line, w - 10, 12, theme.CREAM, style), (band.x + 3, band.y + 1 + 12 * k))
    for k, line in enumerate(kinds):  # ("Interdimensional", "3 actions a turn")
        surf.blit(squeezed(line, w - 8, 12, theme.blend(colour, theme.INK, 0.4), kind_style),
                  (4, band.bottom + 1 + 12 * k))
    y = hand_text_top(look, w, False)
    if h >= 160 if art is None else art:  # a big card has room for its picture
        art_rect = pygame.Rect(5, y, w - 10, 56)
        draw_art(surf, art_rect, colour)
        y = art_rect.bottom + 5
    step = size + 2
    lines = theme.wrap(look.text, w - 8, size)
    room = max(0, (h - y - 2) // step)
    for k, line in enumerate(lines[:room]):
        if k == room - 1 and len(lines) > room:
            line = theme.ellipsize(line + " …", w - 8, size)
        theme.text(surf, line, (4, y), size, theme.INK)
        y += step
    return surf


@lru_cache(maxsize=64)
def terrain_picture(name: str, actions: int, w: int, h: int, face_down: bool
                    ) -> pygame.Surface:
    """The side's terrain card lying sideways (a back when face down, an empty slot when
    none)."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    if face_down:
        draw_back(surf, rect, small=True)
        return surf
    if not name:
        pygame.draw.rect(surf, (96, 64, 44), rect, 2, border_radius=6)
        theme.text(surf, "no terrain", rect.center, 12, theme.PARCHMENT_DIM, anchor="center")
        return surf
    green = KINDS["terrain"]
    pygame.draw.rect(surf, theme.blend(green, theme.PARCHMENT, 0.5), rect, border_radius=6)
    for k in range(3):
        pygame.draw.ellipse(surf, theme.blend(green, theme.PARCHMENT, 0.15 * k),
                            (k * w // 3 - 8, h - 18 + (k % 2) * 4, w // 2 + 8, 28))
    pygame.draw.rect(surf, green, rect, 2, border_radius=6)
    style, lines = fit_lines(name, w - 6, 2)  # whole: condensed, a long word narrowed
    for k, line in enumerate(lines[:2]):
        ink = squeezed(line, w - 6, 12, theme.INK, style)
        surf.blit(ink, ink.get_rect(midtop=(w // 2, 2 + 13 * k)))
    theme.text(surf, f"{actions} AP", (w - 4, h - 1), 12, theme.CREAM, "bold", "bottomright")
    return surf


@lru_cache(maxsize=16)
def terrain_card(name: str, words: str, w: int, h: int, face_down: bool) -> pygame.Surface:
    """A 1v1 side's terrain lying sideways with its words (XP tree, elemental abilities)."""
    if face_down or not name:
        return terrain_picture(name, 0, w, h, face_down)
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    green = KINDS["terrain"]
    pygame.draw.rect(surf, theme.PARCHMENT, rect, border_radius=8)
    art = pygame.Rect(4, 4, w - 8, 30)
    draw_art(surf, art, green)
    theme.text(surf, theme.ellipsize(name, w - 16, 13, "bold"), (art.x + 6, art.centery), 13,
               theme.INK, "bold", "midleft")
    y = art.bottom + 4
    size = 12  # the whole text is in the zoom (pointing at the terrain)
    lines = theme.wrap(words, w - 12, size)
    room = (h - y - 3) // (size + 2)
    for k, line in enumerate(lines[:room]):
        if k == room - 1 and len(lines) > room:
            line = theme.ellipsize(line + " …", w - 12, size)
        theme.text(surf, line, (6, y), size, theme.INK)
        y += size + 2
    pygame.draw.rect(surf, green, rect, 2, border_radius=8)
    return surf


def draw_pile(target: pygame.Surface, rect: pygame.Rect, count: int, label: str,
              top: str = "") -> None:
    """A pile as a stack of card edges with its count and ``label`` (none: no label); a
    discard pile's top card face up in the colour of its kind ``top``."""
    layers = min(5, (count + 5) // 6)
    if count == 0:
        pygame.draw.rect(target, (96, 64, 44), rect, 2, border_radius=5)
    for k in range(layers):
        card = rect.move(-k * 1, -k * 2)
        if top and k == layers - 1:  # the top card face up in its kind's colour (the
            pygame.draw.rect(target, theme.PARCHMENT_DIM, card, border_radius=5)  # zoom
            band = pygame.Rect(card.x, card.y, card.w, 8)  # names it)
            pygame.draw.rect(target, KINDS.get(top, theme.WOOD), band,
                             border_top_left_radius=5, border_top_right_radius=5)
            pygame.draw.rect(target, theme.WOOD, card, 1, border_radius=5)
        else:
            draw_back(target, card, small=True)
    theme.text(target, str(count), (rect.right - 3, rect.bottom - 1), 12, theme.CREAM, "bold",
               "bottomright", shadow=True)
    if label:
        theme.text(target, label, (rect.centerx, rect.bottom), 12, theme.PARCHMENT_DIM,
                   "bold", "midtop")


def chain_tile(label: str, who: str, colour: tuple[int, int, int], order: int, top: bool,
               negated: bool, w: int = 200, h: int = 48, names: tuple[str, ...] = ()
               ) -> pygame.Surface:
    """One link of the chain: who added it, when it resolves (``order`` 1 = first: the
    newest link) and its words on two lines; ``names`` (the cards and characters it
    names) are never cut."""
    return _chain_tile(label, who, colour, order, top, negated, w, h, names)


def ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def shortened(words: str, width: int, lines: int, names: tuple[str, ...] = (),
              styles: tuple[str, ...] = ("regular", "condensed")) -> tuple[str, tuple[str, ...]]:
    """``words`` on at most ``lines`` lines: whole when they fit (condensed if need be),
    else as many whole words as fit followed by "…", never ending inside one of
    ``names`` (the cut goes before it instead)."""
    style, wrapped = fit_lines(words, width, lines, styles)
    if len(wrapped) <= lines:
        return style, wrapped
    spans = [(words.find(n), words.find(n) + len(n)) for n in names if n and n in words]
    parts = words.split(" ")
    for keep in range(len(parts) - 1, 0, -1):
        head = " ".join(parts[:keep])
        end = len(head)
        if any(a < end < b for a, b in spans):  # the cut would fall inside a name
            continue
        trial = tuple(theme.wrap(head + " …", width, 12, style))
        if len(trial) <= lines:
            return style, trial
    return style, tuple(theme.wrap("…", width, 12, style))


@lru_cache(maxsize=128)
def _chain_tile(label: str, who: str, colour: tuple[int, int, int], order: int, top: bool,
                negated: bool, w: int, h: int, names: tuple[str, ...]) -> pygame.Surface:
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    pygame.draw.rect(surf, theme.CREAM if top else theme.PARCHMENT_DIM, rect, border_radius=6)
    pygame.draw.rect(surf, colour, (0, 0, 8, h), border_top_left_radius=6,
                     border_bottom_left_radius=6)
    pygame.draw.rect(surf, theme.BRASS_LIGHT if top else theme.WOOD, rect, 2 if top else 1,
                     border_radius=6)
    when = theme.text(surf, "NEGATED" if negated else ordinal(order), (w - 6, 1), 12,
                      HURT if negated else theme.WOOD, "bold", "topright")
    room = when.x - 18
    seat = who.split(" · ", 1)[0]  # "P2 · Direct Damage": the deck's name when it fits
    style, said = fit_lines(who, room, 1, ("bold", "condensed-bold"))
    if len(said) > 1:
        style, said = "condensed-bold", (seat,)
    theme.text(surf, said[0], (13, 1), 12, theme.blend(colour, theme.INK, 0.5), style)
    style, lines = shortened(label, w - 18, 2, names)
    draw_lines(surf, lines, style, 13, 16, theme.INK)
    if negated:
        pygame.draw.line(surf, HURT, (10, h - 6), (w - 6, 6), 3)
    return surf
