"""Chaostle's cards drawn from the viewer's view: each army's character cards (health,
armour, movement, status, upgrades as pegs in a peg board), the Card of Happiness / Card
of Doom with the rolled column and row lit, and the duel card of a battle."""

from __future__ import annotations

from typing import Any

import pygame

from game import icons, theme
from rules.chaostle.state import ChaostleState

GAIN, LOSS = (110, 200, 120), (236, 84, 70)  # a health bar's colours, rising and falling
CATEGORY_COLOURS = {"Chaos": (150, 52, 44), "Good": (62, 110, 170), "Magic": (118, 72, 150),
                    "Neutral": (96, 120, 70)}

PEG_ROWS: tuple[tuple[str, ...], ...] = (
    ("health", "movement", "armor", "skill0", "skill1", "skill2"),
    tuple(f"damage{i}" for i in range(6)),
    tuple(f"range{i}" for i in range(6)),
)
PEG_WORDS = ("H M A S S S", "damage 1-6", "range 1-6")
STATUS_WORDS = {"play": "", "out": "out of play", "sanctuary": "in Sanctuary",
                "pool": "mercenary"}


# ---- small icons ----------------------------------------------------------------------------
def heart(target: pygame.Surface, centre: tuple[int, int], r: int,
          colour: tuple[int, int, int] = LOSS) -> None:
    x, y = centre
    pygame.draw.circle(target, colour, (x - r // 2, y - r // 3), r // 2 + 1)
    pygame.draw.circle(target, colour, (x + r // 2, y - r // 3), r // 2 + 1)
    pygame.draw.polygon(target, colour, [(x - r, y - r // 4), (x + r, y - r // 4), (x, y + r)])


def shield(target: pygame.Surface, centre: tuple[int, int], r: int,
           colour: tuple[int, int, int] = (110, 130, 150)) -> None:
    x, y = centre
    points = [(x - r, y - r), (x + r, y - r), (x + r, y), (x, y + r), (x - r, y)]
    pygame.draw.polygon(target, colour, points)
    pygame.draw.polygon(target, theme.INK, points, 1)


def boot(target: pygame.Surface, centre: tuple[int, int], r: int,
         colour: tuple[int, int, int] = (120, 84, 52)) -> None:
    """Movement: a chevron arrow."""
    x, y = centre
    points = [(x - r, y - r), (x, y - r), (x + r, y), (x, y + r), (x - r, y + r), (x, y)]
    pygame.draw.polygon(target, colour, points)


def stat_line(target: pygame.Surface, at: tuple[int, int], hp: str, move: int, armour: int,
              size: int = 11) -> int:
    """Health, movement and armour with their icons from ``at`` (middle-left); returns the
    right edge."""
    x, y = at
    r = size // 2
    heart(target, (x + r, y), r)
    x = theme.text(target, hp, (x + 2 * r + 3, y), size, theme.INK, "bold", "midleft").right
    boot(target, (x + 5 + r, y), r)
    x = theme.text(target, f"+{move}", (x + 7 + 2 * r, y), size, theme.INK, "bold",
                   "midleft").right
    shield(target, (x + 5 + r, y), r)
    return theme.text(target, str(armour), (x + 7 + 2 * r, y), size, theme.INK, "bold",
                      "midleft").right


def health_bar(target: pygame.Surface, rect: pygame.Rect, hp: int, most: int) -> None:
    pygame.draw.rect(target, (60, 30, 26), rect, border_radius=3)
    fill = rect.copy()
    fill.w = round(rect.w * max(0.0, min(1.0, hp / max(1, most))))
    pygame.draw.rect(target, GAIN if hp > most * 0.4 else LOSS, fill, border_radius=3)


# ---- character cards in the roster ----------------------------------------------------------
COMPACT_WORDS = 168  # the width of a slim row's words beside its cards
SLIM_CARD = 64  # a card lower than this shows its pegs as a count (a click lists them)
BAND = 18  # the card's coloured band with its type
LINE = 15  # a line of 12-pixel words


def peg_board(rect: pygame.Rect) -> pygame.Rect:
    """Where a card's 3 x 6 peg board sits: at the foot of a tall card, else at the right
    under the band (the words run to its left)."""
    size = max(5, min(12 if rect.h >= 110 else 10, (rect.w - 16) // 12, (rect.h - 26) // 3))
    w, h = size * 6, size * 3
    if rect.h >= 110:
        return pygame.Rect(rect.right - w - 6, rect.bottom - h - 5, w, h)
    return pygame.Rect(rect.right - w - 6, rect.y + BAND + 5, w, h)


def peg_rect(rect: pygame.Rect, item: str) -> pygame.Rect | None:
    """The hole of one upgrade item on a character card at ``rect``."""
    board = peg_board(rect)
    size = board.w // 6
    for row, items in enumerate(PEG_ROWS):
        if item in items:
            col = items.index(item)
            return pygame.Rect(board.x + col * size, board.y + row * size, size, size)
    return None


_CARDS: dict[tuple[object, ...], pygame.Surface] = {}


def character_card(target: pygame.Surface, rect: pygame.Rect, view: ChaostleState, cid: str,
                   colour: tuple[int, int, int], lit: bool, hp: int | None = None) -> None:
    """One character's card, drawn once per look (what it shows, its size and colour) and
    blitted from then on. ``hp``: the health to show while a battle's dice still land
    (the view already knows how it ends)."""
    ch = view.chars[cid]
    key = (cid, rect.size, colour, lit, ch.hp if hp is None else hp, tuple(ch.up),
           ch.status, where(view, cid), view.max_hp(cid), hp is None)
    surf = _CARDS.get(key)
    if surf is None:
        if len(_CARDS) > 400:
            _CARDS.clear()
        surf = pygame.Surface((rect.w + 12, rect.h + 12), pygame.SRCALPHA)
        _draw_card(surf, pygame.Rect(4, 4, rect.w, rect.h), view, cid, colour, lit, hp)
        _CARDS[key] = surf
    target.blit(surf, (rect.x - 4, rect.y - 4))


def _draw_card(target: pygame.Surface, rect: pygame.Rect, view: ChaostleState, cid: str,
               colour: tuple[int, int, int], lit: bool, shown_hp: int | None = None) -> None:
    """A band in the army's colour with the character's type and level, health (number and
    bar), movement and armour as they stand now, where it is, its pegs and, as room
    allows, its weapons (die face: damage / range) and skills. Every word 12 pixels."""
    card = view.cards[cid]
    ch = view.chars[cid]
    up = tuple(ch.up)
    status = ch.status
    most = view.max_hp(cid)
    hp = ch.hp if shown_hp is None else max(0, shown_hp)
    gone = status in ("out", "sanctuary") and (shown_hp is None or shown_hp <= 0)
    fill = theme.PARCHMENT if not gone else theme.blend(theme.PARCHMENT, (120, 120, 120), 0.25)
    theme.shadowed_rect(target, rect, fill, radius=7, shadow=3,
                        border=theme.BRASS_LIGHT if lit else theme.WOOD,
                        border_width=2 if lit else 1)
    slim = slim_card(rect)
    band = pygame.Rect(rect.x, rect.y, rect.w, BAND - 2 if slim else BAND)
    pygame.draw.rect(target, colour, band, border_top_left_radius=7, border_top_right_radius=7)
    ink = theme.INK if sum(colour) > 520 else theme.CREAM
    for k in range(card.level):
        pygame.draw.circle(target, theme.BRASS_LIGHT, (band.right - 7 - k * 7, band.centery), 3)
    room = rect.w - 14 - 7 * card.level  # the type whole: bold, else plain where bold is
    style = "bold" if theme.font(12, "bold").size(card.type)[0] <= room else "regular"
    title = theme.ellipsize(card.type, room, 12, style)
    theme.text(target, title, (rect.x + 5, band.centery), 12, ink, style, "midleft")
    tone = theme.DANGER if status == "trap" else theme.WOOD
    move, armour = view_movement(view, cid, up), view_armour(view, cid, up)
    if slim:
        _slim_card(target, rect, band, view, cid, (hp, most, move, armour), tone)
        return
    board = peg_board(rect)
    tall = rect.h >= 110
    right = rect.right - 6 if tall else board.x - 6  # the words' right edge
    y = band.bottom + 9
    heart(target, (rect.x + 11, y), 6)
    shown = theme.text(target, f"{hp}/{most}", (rect.x + 20, y), 12, theme.INK, "bold",
                       "midleft").right
    health_bar(target, pygame.Rect(shown + 5, y - 2, right - shown - 5, 5), hp, most)
    y += LINE
    boot(target, (rect.x + 11, y), 5)
    x = theme.text(target, f"+{move}", (rect.x + 20, y), 12, theme.INK, "bold",
                   "midleft").right
    shield(target, (x + 13, y), 5)
    theme.text(target, str(armour), (x + 22, y), 12, theme.INK, "bold", "midleft")
    top = y + 9
    bottom = (board.y - 3) if tall else rect.bottom - 4
    lines = theme.wrap(where(view, cid), right - rect.x - 5, 12)
    room = max(1, min(2, (bottom - top) // 14))
    if len(lines) > room:  # the place itself first, then what follows it
        lines = theme.wrap(short_where(view, cid), right - rect.x - 5, 12)[:room]
    for k, line in enumerate(lines):
        theme.text(target, line, (rect.x + 5, top + 14 * k), 12, tone)
    if tall:
        weapons_and_skills(target, pygame.Rect(rect.x + 5, top + 14 * len(lines) + 4,
                                               rect.w - 10, 0), bottom, card, up)
    draw_pegs(target, rect, up, colour)
    if status == "sanctuary":
        _stamp(target, pygame.Rect(rect.x, y + 6, rect.w, max(20, bottom - y - 6)), status)


def slim_card(rect: pygame.Rect) -> bool:
    """Whether a card is too low or too narrow for a peg board beside its words: it shows
    its pegs as a count (a click on it lists the upgrades)."""
    return rect.h < SLIM_CARD or rect.w < 150


def _slim_card(target: pygame.Surface, rect: pygame.Rect, band: pygame.Rect,
               view: ChaostleState, cid: str, stats: tuple[int, int, int, int],
               tone: tuple[int, int, int]) -> None:
    """A slim card's lines under its band, as many as fit: health (with a bar), movement
    and armour, the pegs as a count and the place; one line: health and place."""
    hp, most, move, armour = stats
    up = tuple(view.chars[cid].up)
    lines = (rect.bottom - band.bottom - 4) // LINE
    y = band.bottom + 8
    place = short_where(view, cid)
    pegs = f"{len(up)} peg{'s' if len(up) != 1 else ''}"
    font = theme.font(12)
    if lines <= 1:  # one line: health and place
        heart(target, (rect.x + 11, y), 6)
        x = theme.text(target, f"{hp}/{most}", (rect.x + 20, y), 12, theme.INK, "bold",
                       "midleft").right
        place = theme.ellipsize(place, rect.right - x - 14, 12)
        theme.text(target, place, (rect.right - 5, y), 12, tone, anchor="midright")
        return
    wide = rect.w >= 170 and lines == 2  # health, move and armour on one line
    if wide:
        x = stat_line(target, (rect.x + 5, y), f"{hp}/{most}", move, armour, 12)
    else:
        heart(target, (rect.x + 11, y), 6)
        x = theme.text(target, f"{hp}/{most}", (rect.x + 20, y), 12, theme.INK, "bold",
                       "midleft").right
    health_bar(target, pygame.Rect(x + 8, y - 2, rect.right - x - 14, 5), hp, most)
    y += LINE
    if not wide and lines >= 3:  # movement and armour, the pegs beside them
        boot(target, (rect.x + 11, y), 5)
        x = theme.text(target, f"+{move}", (rect.x + 20, y), 12, theme.INK, "bold",
                       "midleft").right
        shield(target, (x + 12, y), 5)
        theme.text(target, str(armour), (x + 20, y), 12, theme.INK, "bold", "midleft")
        theme.text(target, pegs, (rect.right - 5, y), 12, theme.WOOD, anchor="midright")
        y += LINE
        rows = theme.wrap(where(view, cid), rect.w - 10, 12)
        left = (rect.bottom - 4 - (y - 7)) // LINE
        if len(rows) > left:
            rows = theme.wrap(place, rect.w - 10, 12)[:max(1, left)]
        for k, row in enumerate(rows):
            theme.text(target, row, (rect.x + 5, y + k * LINE), 12, tone, anchor="midleft")
        return
    room = rect.w - 10 - font.size(pegs)[0] - 8
    if font.size(place)[0] <= room:  # the place, and the pegs if they fit
        theme.text(target, pegs, (rect.right - 5, y), 12, theme.WOOD, anchor="midright")
    else:
        room = rect.w - 10
    theme.text(target, theme.ellipsize(place, room, 12), (rect.x + 5, y), 12, tone,
               anchor="midleft")


def short_where(view: ChaostleState, cid: str) -> str:
    """Where a character is, in the fewest words: its space, its trap or its state."""
    ch = view.chars[cid]
    if ch.status == "play" and ch.at:
        return view.space_label(ch.at)
    if ch.status == "trap" and ch.trap in view.board.traps:
        return f"in the {view.board.traps[ch.trap].name}"
    if ch.status == "out":
        return "off the board"
    return STATUS_WORDS.get(ch.status, ch.status)


def weapons_and_skills(target: pygame.Surface, area: pygame.Rect, bottom: int, card: Any,
                       up: tuple[str, ...]) -> None:
    """The card's six weapons as die face and damage / range (as upgraded, raised ones in
    green), as many to a line as fit, then its skills with their points while lines fit
    above ``bottom``."""
    cells = []
    for k, weapon in enumerate(card.weapons):
        dmg = weapon.damage[1] if f"damage{k}" in up else weapon.damage[0]
        rng = weapon.range[1] if f"range{k}" in up else weapon.range[0]
        cells.append((f"{k + 1}: {dmg}/{rng}", f"damage{k}" in up or f"range{k}" in up))
    if not cells:
        return
    cell_w = max(theme.font(12, "bold").size(words)[0] for words, _ in cells) + 6
    per_line = max(1, (area.w + 6) // cell_w)
    y = area.y
    if y + LINE * -(-len(cells) // per_line) > bottom:
        return
    pygame.draw.line(target, theme.PARCHMENT_DIM, (area.x, y - 3), (area.right, y - 3))
    for k, (words, raised) in enumerate(cells):
        col, row = k % per_line, k // per_line
        theme.text(target, words, (area.x + col * cell_w, y + row * LINE), 12,
                   (40, 110, 50) if raised else theme.INK, "bold")
    y += LINE * -(-len(cells) // per_line)
    for k, skill in enumerate(card.skills):
        if y + LINE > bottom:
            return
        pts = skill.points[1] if f"skill{k}" in up else skill.points[0]
        ink = (40, 110, 50) if f"skill{k}" in up else theme.INK
        name = f"★ {skill.name}"
        width = theme.font(12, "bold").size(str(pts))[0]
        if theme.font(12).size(name)[0] > area.w - width - 6:
            continue  # a skill is named whole or not at all (the zoom shows every one)
        theme.text(target, str(pts), (area.right, y), 12, ink, "bold", "topright")
        theme.text(target, name, (area.x, y), 12, ink)
        y += LINE


def _stamp(target: pygame.Surface, area: pygame.Rect, status: str) -> None:
    """A rubber stamp across the card: OUT OF PLAY, or IN SANCTUARY."""
    words = "IN SANCTUARY" if status == "sanctuary" else "OUT OF PLAY"
    tone = (150, 110, 30) if status == "sanctuary" else theme.DANGER
    ink = theme.rendered(words, 12, tone, "bold")
    stamp = pygame.Surface((ink.get_width() + 10, ink.get_height() + 4), pygame.SRCALPHA)
    pygame.draw.rect(stamp, tone, stamp.get_rect(), 2, border_radius=4)
    stamp.blit(ink, (5, 2))
    stamp = pygame.transform.rotate(stamp, 8)
    target.blit(stamp, stamp.get_rect(center=area.center))


def draw_pegs(target: pygame.Surface, rect: pygame.Rect, up: tuple[str, ...],
              colour: tuple[int, int, int]) -> None:
    """The peg board: a hole per upgrade item, a brass peg in each one taken."""
    board = peg_board(rect)
    size = board.w // 6
    r = max(2, size // 2 - 1)
    peg = theme.blend(colour, theme.BRASS, 0.5)
    pygame.draw.rect(target, (120, 92, 60), board.inflate(4, 4), border_radius=3)
    for row, items in enumerate(PEG_ROWS):
        for col, item in enumerate(items):
            centre = (board.x + col * size + size // 2, board.y + row * size + size // 2)
            if item in up:
                pygame.draw.circle(target, peg, centre, r)
                pygame.draw.circle(target, theme.BRASS_LIGHT, centre, r, 1)
            else:
                pygame.draw.circle(target, (52, 36, 24), centre, max(1, r - 1))


def view_movement(view: ChaostleState, cid: str, up: tuple[str, ...]) -> int:
    lo, hi = view.cards[cid].movement
    return hi if "movement" in up else lo


def view_armour(view: ChaostleState, cid: str, up: tuple[str, ...]) -> int:
    lo, hi = view.cards[cid].armor
    return hi if "armor" in up else lo


def where(view: ChaostleState, cid: str) -> str:
    ch = view.chars[cid]
    status = ch.status
    marks = [m.replace("_", " ").title() for m in ("bad_vibes", "burden") if getattr(ch, m)]
    tail = f" · {', '.join(marks)}" if marks else ""
    if status == "out":
        start = _start_label(view, cid)
        return (f"off the board · enters at {start}" if start else "off the board") + tail
    if status == "play" and ch.at:
        return view.space_label(ch.at) + tail
    if status == "trap" and ch.trap in view.board.traps:
        return f"in the {view.board.traps[ch.trap].name}" + tail
    return STATUS_WORDS.get(status, status) + tail


def _start_label(view: ChaostleState, cid: str) -> str:
    """Where a character off the board comes back into play (once its army has a crown)."""
    owner = view.chars[cid].owner
    crowns = getattr(view, "crowns", ())
    if owner is None or not 0 <= owner < len(crowns) or not crowns[owner]:
        return ""
    try:
        return str(view.space_label(view.start_space(cid)))
    except (AttributeError, KeyError, IndexError):
        return ""


def army_head(target: pygame.Surface, row: pygame.Rect, name: str, kind: str,
              colour: tuple[int, int, int], current: bool, you: bool, extra: str,
              slim: bool = False, tag: str = "TO PLAY") -> None:
    """The army's row: a frame in its colour, the player's name, seat kind and notes (in
    a slim row: on two lines at the left, the cards beside them)."""
    fill = (52, 40, 32) if not current else (84, 64, 40)
    theme.shadowed_rect(target, row, fill, radius=9, shadow=4,
                        border=theme.BRASS_LIGHT if current else theme.WOOD,
                        border_width=2 if current else 1)
    pygame.draw.rect(target, colour, (row.x, row.y + 6, 5, row.h - 12), border_radius=2)
    pygame.draw.circle(target, colour, (row.x + 18, row.y + 12), 7)
    pygame.draw.circle(target, theme.CREAM, (row.x + 18, row.y + 12), 7, 1)
    label = f"{name}{' (you)' if you else ''}"
    size = 13 if slim else 14
    room = COMPACT_WORDS if slim else row.w // 2
    right = theme.text(target, theme.ellipsize(label, room, size, "bold"),
                       (row.x + 32, row.y + 12), size, theme.BRASS_LIGHT if current else
                       theme.PARCHMENT, "bold", "midleft").right
    if current and not slim:
        words_surf = theme.rendered(tag, 12, theme.INK, "bold")
        box = words_surf.get_rect(midleft=(right + 10, row.y + 12)).inflate(10, 4)
        pygame.draw.rect(target, theme.BRASS_LIGHT, box, border_radius=6)
        target.blit(words_surf, words_surf.get_rect(center=box.center))
    words = f"{extra} · {kind}" if extra else kind
    if slim:  # on one line if it fits, else the Sanctuary count and the seat on two; a
        # row too low for two starts its line under the colour dot, where it has room
        width = COMPACT_WORDS
        fits = theme.font(12).size(words)[0] <= width
        lines = [words] if fits or row.h < 56 else [extra, kind]
        left = row.x + 32 if fits or len(lines) > 1 else row.x + 12
        width += row.x + 32 - left
        for k, line in enumerate(lines):
            theme.text(target, theme.ellipsize(line, width, 12), (left,
                       row.y + 29 + 14 * k), 12, theme.PARCHMENT_DIM, anchor="midleft")
        return
    theme.text(target, theme.ellipsize(words, row.w // 2 - 40, 12), (row.right - 10,
               row.y + 12), 12, theme.PARCHMENT_DIM, anchor="midright")


# ---- fate cards -----------------------------------------------------------------------------
def fate_card(w: int, h: int, card: str, columns: list[tuple[str, ...]],
              names: dict[str, str], column: int | None, row: int | None,
              played: str = "") -> pygame.Surface:
    """The Card of Happiness (columns 1-3) or Doom (4-6): rows 2-12 by columns, the rolled
    column and row lit up and their cell ringed."""
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = surf.get_rect()
    happy = card == "happiness"
    tone = (70, 130, 80) if happy else (130, 44, 40)
    pygame.draw.rect(surf, (0, 0, 0, 120), rect.move(4, 6), border_radius=12)
    pygame.draw.rect(surf, theme.PARCHMENT, rect, border_radius=12)
    pygame.draw.rect(surf, tone, rect, 4, border_radius=12)
    title = "Card of Happiness" if happy else "Card of Doom"
    theme.text(surf, title, (w // 2, 22), 22, tone, "display", "center")
    grid = pygame.Rect(14, 44, w - 28, h - 98)  # the strip below is for Accept / Decline
    head_w = 30
    col_w = (grid.w - head_w) // 3
    row_h = (grid.h - 20) // 11
    first = 1 if happy else 4
    for c in range(3):
        x = grid.x + head_w + c * col_w
        lit_col = column == first + c
        if lit_col:
            pygame.draw.rect(surf, theme.blend(theme.PARCHMENT, theme.BRASS, 0.45),
                             (x, grid.y, col_w, grid.h), border_radius=6)
        theme.text(surf, f"red {first + c}", (x + col_w // 2, grid.y + 9), 12, tone, "bold",
                   "center")
    for r in range(11):
        y = grid.y + 20 + r * row_h
        if row == r + 2:
            pygame.draw.rect(surf, (*theme.blend(theme.PARCHMENT, theme.BRASS, 0.45), 255),
                             (grid.x, y, grid.w, row_h), border_radius=4)
        theme.text(surf, str(r + 2), (grid.x + head_w // 2, y + row_h // 2), 12, theme.WOOD,
                   "bold", "center")
        for c in range(3):
            fid = columns[c][r] if c < len(columns) and r < len(columns[c]) else ""
            x = grid.x + head_w + c * col_w
            words = theme.ellipsize(names.get(fid, fid), col_w - 4, 12)  # all whole
            theme.text(surf, words, (x + col_w // 2, y + row_h // 2), 12, theme.INK,
                       anchor="center")
            if column == first + c and row == r + 2:
                cell = pygame.Rect(x + 1, y, col_w - 2, row_h)
                pygame.draw.rect(surf, tone, cell, 3, border_radius=4)
    note = "Happiness is yours to accept or decline" if happy else "Doom must be faced"
    first_col = 1 if happy else 4
    if column is not None and row is not None and 0 <= column - first_col < len(columns):
        named = names.get(columns[column - first_col][row - 2], "")
        if played and named and played != named:
            note = f"{named} plays as {played} (faster play option 2)"
    theme.text(surf, note, (w // 2, h - 7), 12, theme.WOOD, anchor="midbottom")
    return surf


# ---- the duel card --------------------------------------------------------------------------
def duel_side(target: pygame.Surface, rect: pygame.Rect, view: ChaostleState, cid: str,
              colour: tuple[int, int, int], lit_face: int | None, next_up: bool,
              range_: int, smoke: bool, hp: int | None = None) -> None:
    """One side of a battle: the character's card with health and its six weapons, the
    weapon its last roll picked lit, and whether it strikes next."""
    card = view.cards[cid]
    ch = view.chars[cid]
    up = tuple(ch.up)
    theme.shadowed_rect(target, rect, theme.PARCHMENT, radius=10, shadow=5,
                        border=theme.BRASS_LIGHT if next_up else theme.WOOD,
                        border_width=3 if next_up else 1)
    band = pygame.Rect(rect.x, rect.y, rect.w, 26)
    pygame.draw.rect(target, colour, band, border_top_left_radius=10, border_top_right_radius=10)
    ink = theme.INK if sum(colour) > 520 else theme.CREAM
    picture = icons.icon("chaostle", "character", f"{card.type} ({card.name})", 22, ink)
    target.blit(picture, picture.get_rect(midright=(rect.right - 8, band.centery)))
    theme.text(target, theme.ellipsize(card.type, rect.w - 50, 16, "bold"),
               (rect.x + 10, band.centery), 16, ink, "bold", "midleft")
    most = view.max_hp(cid)
    y = band.bottom + 14
    hp = ch.hp if hp is None else hp
    stat_line(target, (rect.x + 10, y), f"{max(0, hp)}/{most}",
              view_movement(view, cid, up), view_armour(view, cid, up), 13)
    health_bar(target, pygame.Rect(rect.x + 10, y + 11, rect.w - 20, 7), hp, most)
    y += 26
    cat = CATEGORY_COLOURS.get(card.category, theme.WOOD)
    theme.text(target, f"Level {card.level} {card.category}", (rect.x + 10, y), 12, cat, "bold")
    theme.text(target, "dmg/rng", (rect.right - 8, y), 12, theme.MUTED, anchor="topright")
    y += 16
    for k, weapon in enumerate(card.weapons):
        dmg = weapon.damage[1] if f"damage{k}" in up else weapon.damage[0]
        rng = weapon.range[1] if f"range{k}" in up else weapon.range[0]
        if smoke:
            rng = max(0, rng - 1)
        line = pygame.Rect(rect.x + 6, y, rect.w - 12, 17)
        if lit_face == k + 1:
            pygame.draw.rect(target, theme.blend(theme.PARCHMENT, theme.BRASS, 0.6), line,
                             border_radius=4)
        reaches = range_ == 0 or rng >= range_
        theme.text(target, str(k + 1), (line.x + 8, line.centery), 12, theme.WOOD, "bold",
                   "center")
        theme.text(target, theme.ellipsize(weapon.name, line.w - 64, 12),
                   (line.x + 18, line.centery), 12, theme.INK if reaches else theme.MUTED,
                   anchor="midleft")
        theme.text(target, f"{dmg} / {rng}", (line.right - 4, line.centery), 12,
                   theme.INK if reaches else theme.MUTED, "bold", "midright")
        y += 18
