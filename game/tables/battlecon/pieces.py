"""Unique Ability materials as pieces on a fighter's plate: Hayden's Fury and Control
counters, Lucida's Rend/Consume tokens, Dareios' Drink cards, Trias' Embellishment cards,
Amon's Code forms, Cindra's forms and Storm Rekindled, Burgundy's Paint supply, Kimbhe's
Staff and Dravil's Tide markers. ``materials`` reads them from the public state into
groups of pieces (what is where); ``draw_materials`` draws those groups as small
illustrated tokens and cards."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from game import theme
from game.assets import font
from game.cardface import CardFace
from game.tables.battlecon.faces import card_face
from game.tables.battlecon.parts import word_lines
from rules.battlecon import kits
from rules.battlecon.model import Fighter
from rules.battlecon.state import BattleconState

Colour = tuple[int, int, int]

FURY, CONTROL = (200, 70, 40), (60, 110, 170)
LUCIDA = {"courage": (214, 170, 76), "pain": (170, 40, 52), "spirit": (130, 90, 170),
          "valor": (120, 150, 170)}
CODE = {"code_white": (236, 232, 222), "code_green": (96, 164, 96),
        "code_yellow": (228, 196, 70), "code_red": (196, 60, 48)}
DRINK, TALE = (196, 150, 70), (226, 214, 186)
FORM = {"phoenix_form": (232, 120, 40), "human_form": (206, 180, 150)}
STATUS = (232, 170, 60)
ICE, STEAM = (170, 214, 240), (214, 214, 210)
ROUND = ("fury", "control", "token", "paint")  # pieces drawn as round counters


@dataclass(frozen=True)
class Piece:
    """One material: ``kind`` picks the look, ``words`` label it, ``lit`` is False for a
    spent, finished or away piece (drawn faded)."""

    kind: str
    words: str
    colour: Colour
    lit: bool = True
    current: bool = False  # the form or Tide in force: a brass edge
    key: str = ""  # which token or card it is (a token name, a card id), for clicking


@dataclass
class Group:
    label: str
    pieces: list[Piece] = field(default_factory=list)


def materials(view: BattleconState, seat: int, colour: Colour) -> list[Group]:
    """The seat's Unique Ability materials, grouped by where they are."""
    pl = view.player(seat)
    ua = pl.ua
    groups: list[Group] = []
    if "fury" in ua:
        groups += _hayden(ua)
    if "supply" in ua:
        groups += _lucida(view, seat, ua)
    if "drinks" in ua:
        groups += _cards(view, ("Untouched", ua["drinks"], True),
                         ("Drunk", ua["active"], True), ("Finished", ua["finished"], False),
                         kind="drink", colour=DRINK, current=set(ua["active"]))
    if "ready" in ua:
        groups += _tales(ua)
    if "paint" in ua:
        groups += _paint(ua, colour)
    if "staff" in ua:
        groups += _staff(view, seat, ua, colour)
    if "ice" in ua:
        groups += _tide(view, seat)
    groups += _forms(view, pl)
    return [g for g in groups if g.pieces]


def _hayden(ua: dict[str, Any]) -> list[Group]:
    supply = ([Piece("fury", "Fury", FURY)] * ua["fury"]
              + [Piece("control", "Control", CONTROL)] * ua["control"])
    spent = ([Piece("fury", "Fury", FURY, lit=False)] * ua["fury_spent"]
             + [Piece("control", "Control", CONTROL, lit=False)] * ua["control_spent"])
    return [Group("Supply", supply), Group("Depleted", spent)]


def _lucida(view: BattleconState, seat: int, ua: dict[str, Any]) -> list[Group]:
    def token(name: str, lit: bool = True) -> Piece:
        return Piece("token", name.capitalize(), LUCIDA.get(name, theme.BRASS), lit, key=name)

    foes = [p for p in range(view.num_players) if p != seat]
    holder = view.name(foes[0]) if len(foes) == 1 else "foes"
    return [Group("Rended", [token(t) for t in ua["supply"]]),
            Group(f"With {holder}", [token(t) for t in ua["foe"]]),
            Group("Consumed", [token(t, False) for t in ua["spent"]])]


def _cards(view: BattleconState, *zones: tuple[str, list[str], bool], kind: str, colour: Colour,
           current: set[str]) -> list[Group]:
    return [Group(label, [Piece(kind, view.card_name(c), colour, lit, c in current, key=c)
                          for c in ids]) for label, ids, lit in zones]


def _tales(ua: dict[str, Any]) -> list[Group]:
    def tale(c: str, lit: bool) -> Piece:
        return Piece("tale", kits.EMBELLISHMENTS.get(c, c), TALE, lit, key=c)

    return [Group("Untold", [tale(c, True) for c in ua["ready"]]),
            Group("Told", [tale(c, False) for c in ua["told"]])]


def _paint(ua: dict[str, Any], colour: Colour) -> list[Group]:
    on_board = len(ua["paint"])
    supply = max(0, kits.PAINT_MARKERS - on_board)
    return [Group("Paint supply", [Piece("paint", "Paint", colour)] * supply),
            Group("On the board", [Piece("paint", "Paint", colour, lit=False)] * on_board)]


def _staff(view: BattleconState, seat: int, ua: dict[str, Any], colour: Colour) -> list[Group]:
    where = ua["staff"]
    if where == "held":
        return [Group("Staff in hand", [Piece("staff", "Staff", colour)])]
    if where == "board":
        space = (ua.get("staff_pos") or 0) + 1
        return [Group(f"Staff on space {space}", [Piece("staff", "Staff", colour, lit=False)])]
    thief = [p for p in range(view.num_players) if p != seat]
    name = view.name(thief[0]) if len(thief) == 1 else "a foe"
    return [Group(f"Staff stolen by {name}", [Piece("staff", "Staff", colour, lit=False)])]


def _tide(view: BattleconState, seat: int) -> list[Group]:
    from rules.battlecon.conditions import tide

    try:
        now = tide(view, seat)
    except (KeyError, IndexError, TypeError):
        return []
    return [Group("Ebbing Tide", [Piece("ice", "Ice", ICE, current=now == "ice"),
                                  Piece("steam", "Steam", STEAM, current=now == "steam")])]


def _forms(view: BattleconState, pl: Fighter) -> list[Group]:
    """The form in force (Amon: the whole Code ladder) and status cards."""
    form = pl.form
    groups: list[Group] = []
    if form in kits.CODES:
        groups.append(Group("Danger level", [
            Piece("code", view.card_name(c).removeprefix("Code "), CODE[c], lit=c == form,
                  current=c == form, key=c)
            for c in kits.CODES]))
    elif form:
        groups.append(Group("Form", [Piece("form", view.card_name(form).removesuffix(" Form"),
                                           FORM.get(form, TALE), current=True, key=form)]))
    if pl.statuses:
        groups.append(Group("Status", [Piece("status", view.card_name(c), STATUS, current=True,
                                             key=c)
                                       for c in pl.statuses]))
    return groups


# -- drawing --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Placed:
    """Where ``lay_materials`` puts things: a group's label, a piece, or "+N more"."""

    what: str  # "label", "piece" or "more"
    rect: pygame.Rect
    group: Group
    piece: Piece | None = None
    words: str = ""
    style: str = "bold"  # a label's letters


def lay_materials(rect: pygame.Rect, groups: list[Group]) -> list[Placed]:
    """Each group as a labelled run of pieces, left to right; pieces shrink to fit, and
    when even that is not enough a "+N" says how many more. The labels are bold, or in
    condensed letters where that keeps every label whole (a crowded team plate: Dareios'
    "Untouched", "Drunk" and "Finished" side by side), the first of those that also shows
    every piece."""
    laid = [_lay(rect, groups, style) for style in LABEL_STYLES]
    whole = [out for out in laid
             if len(labels := [p for p in out if p.what == "label"]) == len(groups)
             and all(p.words == p.group.label for p in labels)]
    every = [out for out in whole if not any(p.what == "more" for p in out)]
    return (every or whole or laid)[0]


LABEL_STYLES = ("bold", "condensed-bold", "condensed")
MIN_CARD_W = 14  # a card piece at its narrowest (a chip in its colour; the zoom names it)


def _lay(rect: pygame.Rect, groups: list[Group], style: str) -> list[Placed]:
    count = sum(len(g.pieces) for g in groups)
    if not count:
        return []
    cards = sum(len(g.pieces) for g in groups if g.pieces[0].kind not in ROUND)
    gaps = 12 * (len(groups) - 1)
    unit = (rect.w - gaps - 3 * count) / max(1, cards * 2.6 + count - cards)  # card: 2.6
    token = max(10, min(30, int(unit), rect.h - 17))
    # a card piece one line tall may widen so its words (e.g. "Super Fighter") fit on it
    card_w = max(24, min(74 if rect.h - 16 >= 30 else 100, int(unit * 2.6)))
    widths = card_widths(rect, groups, token, card_w)
    labels = [font(12, style).size(g.label)[0] for g in groups]

    def wide(laid: list[list[int]]) -> int:  # the row: each group under its whole label
        return sum(max(sum(w) + 3 * len(w), label + 3)
                   for w, label in zip(laid, labels, strict=True)) + 9 * (len(groups) - 1) - 3

    least = card_w
    while wide(widths) > rect.w and least > MIN_CARD_W:  # narrower cards, whole labels
        least -= 2
        widths = [[token if p.kind in ROUND else least for p in g.pieces] for g in groups]
    out: list[Placed] = []
    x = rect.x
    label_end = rect.x - 8  # where the last label ends (labels share the top row)
    for g, group in enumerate(groups):
        room = min(max(64, sum(widths[g]) + 3 * len(group.pieces),
                       font(12, style).size(group.label)[0]), rect.right - x)
        if room < 20:
            break
        whole = font(12, style).size(group.label)[0]
        start, at = x, x
        if x + whole > rect.right and rect.right - whole >= label_end + 8:
            at, room = rect.right - whole, whole  # the last group's label ends at the edge
        label = theme.ellipsize(group.label, room, 12, style)
        label_w = font(12, style).size(label)[0]
        label_end = at + label_w
        out.append(Placed("label", pygame.Rect(at, rect.y, label_w, 15), group, words=label,
                          style=style))
        for k, piece in enumerate(group.pieces):
            width = widths[g][k]
            if x + width > rect.right:
                more = pygame.Rect(x + 2, rect.y + 16, 30, token)
                out.append(Placed("more", more, group, words=f"+{len(group.pieces) - k}"))
                return out
            box = (pygame.Rect(x, rect.y + 16, token, token) if piece.kind in ROUND
                   else pygame.Rect(x, rect.y + 16, width, rect.h - 16))
            out.append(Placed("piece", box, group, piece))
            x += width + 3
        x = max(x, label_end + 3 if at == start else x) + 9
    return out


def draw_materials(target: pygame.Surface, rect: pygame.Rect, groups: list[Group]) -> None:
    """Draw what ``lay_materials`` laid out."""
    for placed in lay_materials(rect, groups):
        if placed.what == "label":
            theme.text(target, placed.words, placed.rect.topleft, 12, theme.PARCHMENT_DIM,
                       placed.style)
        elif placed.what == "more":
            theme.text(target, placed.words, (placed.rect.x, placed.rect.centery), 12,
                       theme.PARCHMENT, "bold", "midleft")
        elif placed.piece is not None and placed.piece.kind in ROUND:
            draw_token(target, placed.rect, placed.piece)
        elif placed.piece is not None:
            draw_mini_card(target, placed.rect, placed.piece)


def piece_face(view: BattleconState, seat: int, group: Group, piece: Piece) -> CardFace:
    """What a piece on the plate is, for the zoom: a card piece (a Drink, a Form, a Code, a
    Status) is its card; any other (a token, a counter, an Embellishment, Paint, the Staff,
    a Tide marker, a team card) names itself and where it lies, over the ability it serves."""
    cards = view.content.cards
    if piece.key in cards:
        return card_face(view.card(piece.key), str(view.name(seat)))
    fighter = view.fighter(seat)
    where = group.label if piece.lit else f"{group.label} (spent or away)"
    return CardFace(piece.words, f"{view.name(seat)} · {where}", theme.blend(piece.colour,
                    theme.INK, 0.35), sections=((str(fighter.get("ua_name", "")),
                                                 str(fighter.get("ua_text", ""))),))


def card_widths(rect: pygame.Rect, groups: list[Group], token: int, card_w: int
                ) -> list[list[int]]:
    """Each piece's width: tokens ``token``, cards ``card_w``; where a card's words would
    not fit that (Amon's "Yellow" in a ladder of four), each card as wide as its words need
    (at least ``card_w``, or at least 36 when that is what fits), if the row has the room."""
    def laid(least: int) -> list[list[int]]:
        return [[token if p.kind in ROUND else max(least, _words_w(p.words))
                 for p in group.pieces] for group in groups]

    uniform = [[token if p.kind in ROUND else card_w for p in g.pieces] for g in groups]
    if all(p.kind in ROUND or _words_w(p.words) <= card_w for g in groups for p in g.pieces):
        return uniform
    room = rect.w - 12 * (len(groups) - 1)
    for least in (card_w, min(card_w, 36)):
        widths = laid(least)
        if sum(w + 3 for row in widths for w in row) - 3 <= room:
            return widths
    return uniform


def _words_w(words: str) -> int:
    """The width a card piece needs for its words on one line at 12 px (regular)."""
    return font(12).size(words)[0] + 6 if words else 0


def faded(colour: Colour) -> Colour:
    return theme.blend(colour, (70, 60, 52), 0.6)


def draw_token(target: pygame.Surface, box: pygame.Rect, piece: Piece) -> None:
    """A round counter with a rim and the piece's glyph; a spent one is faded and flat."""
    r = box.w // 2
    c = box.center
    fill = piece.colour if piece.lit else faded(piece.colour)
    if piece.lit:
        pygame.draw.circle(target, (0, 0, 0), (c[0] + 1, c[1] + 2), r)
    pygame.draw.circle(target, fill, c, r)
    pygame.draw.circle(target, theme.lighten(fill, 40), c, r - 3, 1)
    pygame.draw.circle(target, theme.INK, c, r, 1)
    ink = theme.CREAM if piece.lit else theme.PARCHMENT_DIM
    if piece.kind == "fury":
        _flame(target, c, r, ink)
    elif piece.kind == "control":
        _diamond(target, c, r, ink)
    elif piece.kind == "paint":
        for k in range(5):  # a splash: blobs round a drop
            a = k * math.tau / 5 + 0.4
            pygame.draw.circle(target, ink, (c[0] + r * 0.45 * math.cos(a),
                                             c[1] + r * 0.45 * math.sin(a)), max(1, r // 5))
        pygame.draw.circle(target, ink, c, max(2, r // 3))
    else:
        if r >= 8:  # the token's initial (too small a token shows its colour only)
            theme.text(target, piece.words[:1], c, max(12, r), ink, "bold", "center")


def _flame(target: pygame.Surface, c: tuple[int, int], r: int, ink: Colour) -> None:
    s = r * 0.6
    pts = [(c[0], c[1] - s), (c[0] + s * 0.6, c[1] + s * 0.1), (c[0] + s * 0.4, c[1] + s * 0.7),
           (c[0], c[1] + s * 0.9), (c[0] - s * 0.4, c[1] + s * 0.7),
           (c[0] - s * 0.6, c[1] + s * 0.1)]
    pygame.draw.polygon(target, ink, pts)


def _diamond(target: pygame.Surface, c: tuple[int, int], r: int, ink: Colour) -> None:
    s = r * 0.55
    pygame.draw.polygon(target, ink, [(c[0], c[1] - s), (c[0] + s, c[1]), (c[0], c[1] + s),
                                      (c[0] - s, c[1])], 2)
    pygame.draw.circle(target, ink, c, max(1, int(s / 3)))


def draw_mini_card(target: pygame.Surface, box: pygame.Rect, piece: Piece) -> None:
    """A small card (drink, tale, form, status, code, staff, tide marker) with its name."""
    fill = piece.colour if piece.lit else faded(piece.colour)
    if piece.lit:
        pygame.draw.rect(target, (0, 0, 0), box.move(1, 2), border_radius=5)
    pygame.draw.rect(target, fill, box, border_radius=5)
    edge = theme.BRASS_LIGHT if piece.current else theme.INK
    pygame.draw.rect(target, edge, box, width=2 if piece.current else 1, border_radius=5)
    ink = theme.INK if sum(fill) > 420 else theme.CREAM
    if piece.kind == "staff":
        pygame.draw.line(target, theme.WOOD if piece.lit else ink,
                         (box.x + 6, box.bottom - 5), (box.right - 8, box.y + 8), 3)
        pygame.draw.circle(target, theme.CREAM, (box.right - 8, box.y + 8), 4)
        return
    if box.w < 36:  # too narrow for words: a card with an ornament (the group names it)
        pygame.draw.rect(target, ink, box.inflate(-8, -10), width=1, border_radius=3)
        pygame.draw.circle(target, ink, box.center, 3)
        return
    most = max(1, (box.h - 2) // 14)
    for weight in ("bold", "regular"):  # the whole words at 12 px, bold if they fit
        lines = word_lines(piece.words, box.w - 4, 12, most, weight)
        if not any("…" in line for line in lines):
            top = box.centery - len(lines) * 14 / 2
            for k, line in enumerate(lines):
                theme.text(target, line, (box.centerx, round(top + k * 14)), 12, ink, weight,
                           "midtop")
            return
    # no room for the whole words: an ornament (hovering the piece names it)
    pygame.draw.rect(target, ink, box.inflate(-8, -10), width=1, border_radius=3)
    pygame.draw.circle(target, ink, box.center, 3)
