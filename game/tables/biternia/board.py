"""The still part of Biternia's table, drawn once per change into the table's static layer:
the battlefield (lanes, the two Bits with their team's gold, Towers with HP shields, gold
spaces with their coins, jungle spaces with catapults, the Bear Trap and the Ice Wall),
the Heroes' plates beside their Bit, and the round and phase track."""

from __future__ import annotations

from functools import cache
from typing import Any

import pygame

import game.tables.biternia.layout as lay
from game import theme
from game.tables.biternia.cards import draw_back, draw_shield, face, fitting
from rules.biternia.content import load
from rules.biternia.kinds import Phase
from rules.biternia.state import BiterniaState

Colour = tuple[int, int, int]
TEAM_COLOURS: tuple[Colour, Colour] = ((62, 118, 190), (196, 72, 60))
PHASES = ((Phase.ORDERS, "Orders"), (Phase.MOVEMENT, "Move"), (Phase.ACTION, "Action"),
          (Phase.BASE, "Base"), (Phase.CHANNEL, "Channel"), (Phase.CLEANUP, "Cleanup"))
SETUP_PHASES = {Phase.COIN: "Coin toss", Phase.DRAFT: "Draft", Phase.DEAL: "Dealing",
                Phase.LEARN: "Powers", Phase.SHUFFLE: "Shuffle", Phase.DEPLOY: "Deploy"}
JUNGLE = (46, 92, 58)
GOLD_TILE = (226, 206, 150)
COIN = (232, 186, 60)
ROAD = (132, 112, 78)
RUIN = (96, 92, 86)


def team_colour(team: int) -> Colour:
    return TEAM_COLOURS[team]


def space_rect(space: str) -> pygame.Rect:
    sp = load().spaces[space]
    return lay.tile(sp.x, sp.y)


def crossing(space: str) -> tuple[float, float]:
    """Where a space's roads meet: its tile's centre on the board."""
    sp = load().spaces[space]
    return lay.centre(sp.x, sp.y)


def lanes(start: str, end: str) -> list[str]:
    """The spaces a Hero passes going from ``start`` to ``end`` along the roads (the
    shortest way, both ends included; just the two for neighbours)."""
    spaces = load().spaces
    came: dict[str, str | None] = {start: None}
    queue = [start]
    for here in queue:
        if here == end:
            break
        for nxt in spaces[here].links:
            if nxt not in came:
                came[nxt] = here
                queue.append(nxt)
    if end not in came:
        return [start, end]
    path: list[str] = []
    step: str | None = end
    while step is not None:
        path.append(step)
        step = came[step]
    return path[::-1]


# -- the battlefield ---------------------------------------------------------------------
_drawn: list[object] = [None]  # what the board layer shows now


@cache
def board_layer() -> pygame.Surface:
    """The battlefield drawn once per change into a layer of its own (kept, not remade)."""
    return pygame.Surface(theme.LOGICAL_SIZE, pygame.SRCALPHA)


def board_key(d: BiterniaState) -> object:
    """Everything the board's look depends on."""
    return (tuple(sorted(d.structures.items())), tuple(sorted(d.space_gold.items())),
            tuple(d.gold), bool(d.catapult), repr(d.trap),
            repr(d.ice_wall))


def draw_board(target: pygame.Surface, view: BiterniaState) -> None:
    """The battlefield (its tiles redrawn only when a Structure, gold or a marker changed)."""
    key = board_key(view)
    layer = board_layer()
    area = lay.BOARD.inflate(12, 12)
    if _drawn[0] != key:
        layer.fill((0, 0, 0, 0))
        paint_board(layer, view)
        _drawn[0] = key
    target.blit(layer, area.topleft, area)


def paint_board(target: pygame.Surface, d: BiterniaState) -> None:
    target.blit(board_base(), lay.BOARD.topleft)
    for sid in load().spaces:
        draw_space(target, space_rect(sid), sid, d)
    draw_markers(target, d)


def draw_space(target: pygame.Surface, rect: pygame.Rect, sid: str, d: BiterniaState,
               note: str = "", opened: bool = False) -> None:
    """Space ``sid``'s tile in ``rect`` (its place on the board, or larger and ``opened``:
    a gold space's coins then lie in its band, clear of the Heroes), ``note`` after its name
    in the band."""
    sp = load().spaces[sid]
    name = sp.name + note
    if sp.kind == "tower":
        draw_tower(target, rect, sp, int(d.structures.get(sid, 0)), name)
    elif sp.kind == "bit":
        draw_bit(target, rect, sp, int(d.structures.get(sid, 0)), int(d.gold[sp.team]), name)
    elif sp.kind == "gold":
        draw_gold_space(target, rect, name, int(d.space_gold.get(sid, 0)), opened)
    else:
        draw_jungle(target, rect, name, bool(d.catapult) and sid in load().catapult["spaces"])


def markers_on(sid: str, d: BiterniaState) -> list[str]:
    """The markers lying on space ``sid`` (an opened tile names them in its band)."""
    out = []
    if d.trap and d.trap.space == sid:
        out.append("Bear Trap")
    if d.ice_wall and d.ice_wall.space == sid:
        out.append("Ice Wall")
    return out


@cache
def board_base() -> pygame.Surface:
    """The board itself with its roads (drawn once)."""
    surf = pygame.Surface(lay.BOARD.size, pygame.SRCALPHA)
    local = lay.BOARD.move(-lay.BOARD.x, -lay.BOARD.y)
    theme.shadowed_rect(surf, local.inflate(-4, -4), (58, 78, 52), radius=16, shadow=0,
                        border=theme.WOOD, border_width=4)
    for team, colour in enumerate(TEAM_COLOURS):  # each team's half, faintly tinted
        half = pygame.Surface((local.w // 2 - 80, local.h - 12), pygame.SRCALPHA)
        half.fill((*colour, 26))
        surf.blit(half, (6 if team == 0 else local.w // 2 + 74, 6))
    seen = set()
    for sid, sp in load().spaces.items():
        for other in sp.links:
            if (other, sid) in seen:
                continue
            seen.add((sid, other))
            o = load().spaces[other]
            a = lay.centre(sp.x, sp.y)
            b = lay.centre(o.x, o.y)
            a = (a[0] - lay.BOARD.x, a[1] - lay.BOARD.y)
            b = (b[0] - lay.BOARD.x, b[1] - lay.BOARD.y)
            pygame.draw.line(surf, (40, 34, 26), a, b, 14)
            pygame.draw.line(surf, ROAD, a, b, 10)
    for row, lane in ((0, "Top lane"), (4, "Bottom lane")):
        for col in (2, 4):  # a wooden sign by the road, beyond the jungle
            cx, cy = lay.centre(col, row)
            sign = pygame.Rect(0, 0, 112, 22)
            edge = lay.INSET + 18 if row == 0 else lay.BOARD.h - lay.INSET - 18
            sign.center = (round(cx - lay.BOARD.x), edge)
            pygame.draw.rect(surf, (40, 30, 22), sign.move(2, 3), border_radius=5)
            pygame.draw.rect(surf, theme.WOOD, sign, border_radius=5)
            pygame.draw.rect(surf, theme.BRASS, sign, 1, border_radius=5)
            theme.text(surf, lane.upper(), sign.center, 12, theme.BRASS_LIGHT, "bold", "center")
    return surf


def tile_base(target: pygame.Surface, rect: pygame.Rect, fill: Colour, name: str,
              band: Colour, ink: Colour = theme.CREAM) -> pygame.Rect:
    """A space's tile with its name band; returns the band."""
    theme.shadowed_rect(target, rect, fill, radius=10, shadow=4, border=theme.INK, border_width=1)
    head = pygame.Rect(rect.x, rect.y, rect.w, lay.TILE_HEAD)
    pygame.draw.rect(target, band, head, border_top_left_radius=10, border_top_right_radius=10)
    theme.text(target, fitting((name,), rect.w - 38, 12), (rect.x + 8, head.centery), 12, ink,
               "regular", "midleft")
    return head


def draw_tower(target: pygame.Surface, rect: pygame.Rect, sp: Any, hp: int, name: str) -> None:
    colour = team_colour(sp.team)
    standing = hp > 0
    fill = theme.blend(theme.PARCHMENT_DIM, colour, 0.22) if standing else (150, 146, 138)
    head = tile_base(target, rect, fill, name, colour if standing else RUIN)
    tower_icon(target, (rect.centerx, rect.centery + 10), colour if standing else RUIN,
               standing)
    if standing:
        draw_cracks(target, (rect.centerx, rect.centery + 20), hp, "tower")
    draw_shield(target, (head.right - 14, head.centery + 2), hp, 20,
                theme.INK if standing else (120, 116, 108))


def tower_icon(target: pygame.Surface, centre: tuple[int, int], colour: Colour,
               standing: bool) -> None:
    """A watermark tower (crenellated) behind the Heroes; rubble once destroyed."""
    cx, cy = centre
    shade = theme.blend(colour, theme.PARCHMENT, 0.55)
    if standing:
        body = pygame.Rect(0, 0, 34, 46)
        body.midbottom = (cx, cy + 30)
        pygame.draw.rect(target, shade, body)
        for k in range(3):
            pygame.draw.rect(target, shade, (body.x - 3 + k * 14, body.y - 8, 9, 9))
        pygame.draw.rect(target, theme.blend(shade, theme.INK, 0.3), (cx - 5, body.bottom - 14,
                                                                       10, 14))
    else:
        for dx, dy, w in ((-16, 22, 14), (0, 24, 18), (12, 20, 12), (-6, 14, 10)):
            pygame.draw.rect(target, (120, 116, 108), (cx + dx, cy + dy, w, 8), border_radius=3)


def draw_bit(target: pygame.Surface, rect: pygame.Rect, sp: Any, hp: int, gold: int,
             name: str) -> None:
    colour = team_colour(sp.team)
    fill = theme.blend((40, 40, 48), colour, 0.35)
    head = tile_base(target, rect, fill, name, colour)
    draw_shield(target, (head.right - 14, head.centery + 2), hp, 20, theme.INK)
    cx, cy = rect.centerx, rect.centery + 6
    if hp > 0:
        draw_crystal(target, (cx, cy), colour)
        draw_cracks(target, (cx, cy), hp, "bit")
    else:  # shattered: grey shards and the word
        for dx, dy, r in ((-12, 8, 8), (6, 12, 10), (14, 2, 6), (-4, -4, 7)):
            c = (cx + dx, cy + dy)
            pygame.draw.polygon(target, (150, 150, 158), [(c[0], c[1] - r), (c[0] + r // 2, c[1]),
                                                          (c[0] - r // 2, c[1] + r // 2)])
        theme.text(target, "DESTROYED", (cx, cy - 18), 14, theme.DANGER, "display", "center",
                   shadow=True)
    draw_treasury(target, (head.right - 34, head.centery), gold)


CRACKS = (  # jagged lines across a Structure, one more for each quarter of its HP lost
    ((-4, -22), (2, -12), (-3, -4), (4, 6)),
    ((8, -16), (3, -8), (10, 0)),
    ((-10, 2), (-4, 8), (-9, 16), (-2, 22)),
    ((5, 10), (11, 16), (6, 24)),
)


def draw_cracks(target: pygame.Surface, centre: tuple[int, int], hp: int, kind: str) -> None:
    """A damaged Tower or Bit shows it: a crack for each quarter of its HP it has lost."""
    full = int(load().structures[kind]["hp"])
    count = min(len(CRACKS), -(-4 * max(0, full - hp) // full))
    cx, cy = centre
    for crack in CRACKS[:count]:
        points = [(cx + x, cy + y) for x, y in crack]
        pygame.draw.lines(target, (40, 30, 26), False, [(x + 1, y + 1) for x, y in points], 3)
        pygame.draw.lines(target, (250, 240, 220), False, points, 1)


def draw_crystal(target: pygame.Surface, centre: tuple[int, int], colour: Colour) -> None:
    """The Elemental Bit: a glowing crystal in the team colour."""
    cx, cy = centre
    glow = pygame.Surface((70, 70), pygame.SRCALPHA)
    for r in range(32, 4, -4):
        pygame.draw.circle(glow, (*theme.lighten(colour, 80), 16), (35, 35), r)
    target.blit(glow, (cx - 35, cy - 35))
    points = [(cx, cy - 26), (cx + 16, cy), (cx, cy + 26), (cx - 16, cy)]
    pygame.draw.polygon(target, theme.lighten(colour, 40), points)
    pygame.draw.polygon(target, theme.lighten(colour, 110), [(cx, cy - 26), (cx + 16, cy),
                                                              (cx, cy)])
    pygame.draw.polygon(target, theme.CREAM, points, 2)


def draw_treasury(target: pygame.Surface, at: tuple[int, int], gold: int) -> None:
    """The team's gold in the Bit's band: a little stack of coins and the amount."""
    x, y = at
    shown = theme.text(target, f"{gold} gold", (x, y), 12, theme.BRASS_LIGHT, "bold",
                       "midright", shadow=True)
    left = shown.x - 22
    for k in range(max(1, min(gold, 4))):
        coin = pygame.Rect(left, y + 2 - 3 * k, 18, 7)
        pygame.draw.ellipse(target, (150, 110, 30), coin.move(0, 2))
        pygame.draw.ellipse(target, COIN, coin)
        pygame.draw.ellipse(target, (255, 226, 130), coin, 1)


def draw_gold_space(target: pygame.Surface, rect: pygame.Rect, name: str, coins: int,
                    in_band: bool = False) -> None:
    head = tile_base(target, rect, GOLD_TILE, name, (150, 116, 40))
    shown = theme.text(target, f"{coins}", (head.right - 10, head.centery), 12, theme.CREAM,
                       "bold", "midright")
    for k in range(coins):  # the coins on the space, in a little pile at the bottom corner
        c = (rect.right - 18 - (k % 3) * 11, rect.bottom - 12 - (k // 3) * 8)
        if in_band:  # (an opened space: in a row left of their number)
            c = (shown.x - 10 - k * 11, head.centery)
        pygame.draw.circle(target, (150, 110, 30), (c[0] + 1, c[1] + 2), 7)
        pygame.draw.circle(target, COIN, c, 7)
        pygame.draw.circle(target, (255, 226, 130), c, 7, 1)


def draw_jungle(target: pygame.Surface, rect: pygame.Rect, name: str, catapult: bool) -> None:
    tile_base(target, rect, JUNGLE, name, (30, 64, 38))
    for dx, dy, r in ((-50, 18, 13), (-34, 30, 10), (46, 22, 12), (56, 36, 9), (-58, 38, 8)):
        c = (rect.centerx + dx, rect.centery + dy)
        pygame.draw.circle(target, (36, 76, 44), c, r)
        pygame.draw.circle(target, (70, 120, 70), (c[0] - 2, c[1] - 2), r - 4)
    if catapult:
        draw_catapult(target, catapult_spot(rect))


def catapult_spot(rect: pygame.Rect) -> tuple[int, int]:
    """Where the catapult stands in its jungle tile's band (its stone flies from its arm,
    9 right and 8 up of this)."""
    return rect.right - 18, rect.y + lay.TILE_HEAD // 2 - 1


def draw_catapult(target: pygame.Surface, at: tuple[int, int]) -> None:
    """A small catapult in the space's band (the catapult variant)."""
    x, y = at
    pygame.draw.rect(target, (150, 110, 70), (x - 11, y + 1, 22, 4), border_radius=2)
    for wx in (x - 7, x + 7):
        pygame.draw.circle(target, theme.CREAM, (wx, y + 6), 3)
    pygame.draw.line(target, (150, 110, 70), (x - 4, y + 1), (x + 8, y - 7), 3)
    pygame.draw.circle(target, (200, 200, 190), (x + 9, y - 8), 3)


def draw_markers(target: pygame.Surface, d: BiterniaState) -> None:
    """The Bear Trap and the Ice Wall where they lie."""
    trap = d.trap
    if trap and trap.space in load().spaces:
        rect = space_rect(trap.space)
        c = (rect.right - 16, rect.bottom - 14)
        pygame.draw.circle(target, (70, 60, 50), c, 10)
        for k in range(6):
            pygame.draw.line(target, (190, 190, 180), c, (c[0] + 11 * (k % 3 - 1),
                                                          c[1] - 10 + 20 * (k // 3)), 2)
        theme.text(target, "Bear Trap", (c[0] - 14, c[1]), 12, theme.CREAM, "bold", "midright",
                   shadow=True)
    wall = d.ice_wall
    if wall and wall.space in load().spaces:
        rect = space_rect(wall.space)
        ice = pygame.Surface((rect.w - 8, 10), pygame.SRCALPHA)
        ice.fill((180, 230, 250, 190))
        target.blit(ice, (rect.x + 4, rect.bottom - 14))
        theme.text(target, "Ice Wall", (rect.centerx, rect.bottom - 9), 12, theme.INK, "bold",
                   "center")


# -- the Heroes' plates ---------------------------------------------------------------------
def draw_plate(target: pygame.Surface, rect: pygame.Rect, view: BiterniaState, hero: str,
               colour: Colour, seat: int | None) -> None:
    """A Hero's plate: name, level, HP bar, face-up card and defense, the order, tokens;
    with 3-4 players its seat's number on a disc in the seat's colour (as on the seat
    chips)."""
    v = view.heroes[hero]
    out = v.space is None and view.phase not in (
        Phase.DRAFT, Phase.LEARN, Phase.DEAL, Phase.SHUFFLE, Phase.DEPLOY)
    theme.shadowed_rect(target, rect, (36, 30, 26), radius=8, shadow=3,
                        border=colour, border_width=2)
    spec = load().heroes[hero]
    band = pygame.Rect(rect.x, rect.y, 6, rect.h)
    pygame.draw.rect(target, colour, band, border_top_left_radius=8,
                     border_bottom_left_radius=8)
    level = f"L{v.level}"
    room = rect.w - (44 if seat is not None else 24)
    theme.text(target, fitting((f"{spec.name} {level}", f"{spec.name.split()[0]} {level}"),
                               room, 12, "bold"), (rect.x + 12, rect.y + 4), 12, theme.CREAM,
               "bold")
    if seat is not None:
        seat_disc(target, (rect.right - 14, rect.y + 10), seat, colour)
    max_hp = spec.hp + v.level
    bar = pygame.Rect(rect.x + 12, rect.y + 21, rect.w - 78, 8)
    pygame.draw.rect(target, (70, 30, 28), bar, border_radius=3)
    lit = bar.copy()
    lit.w = round(bar.w * max(0, min(1, v.hp / max(1, max_hp))))
    pygame.draw.rect(target, (200, 70, 60) if v.hp * 3 <= max_hp else (110, 190, 110), lit,
                     border_radius=3)
    theme.text(target, f"{v.hp}/{max_hp}", (bar.right + 4, bar.centery), 12, theme.CREAM,
               "bold", "midleft")
    up = face(v.up) if v.up else None
    options = (f"{up.name} · def {up.defense}", f"{up.name} · {up.defense}", up.name) if up \
        else (spec.hero_class,)  # the longest that fits
    words = next((w for w in options if theme.font(12).size(w)[0] <= rect.w - 40), options[-1])
    theme.text(target, theme.ellipsize(words, rect.w - 40, 12), (rect.x + 12, rect.y + 33), 12,
               theme.PARCHMENT_DIM)
    if v.down is not None:
        card = pygame.Rect(rect.right - 20, rect.y + 20, 14, 20)
        draw_back(target, card)
    if out:
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        veil.fill((20, 20, 20, 150))
        target.blit(veil, rect.topleft)
        tag = theme.text(target, "DEFEATED", (rect.right - 8, rect.bottom - 4), 12,
                         theme.DANGER, "bold", "bottomright")
        pygame.draw.line(target, theme.DANGER, (tag.x, tag.y - 2), (tag.right, tag.y - 2))


def seat_disc(target: pygame.Surface, centre: tuple[int, int], seat: int,
              colour: Colour) -> None:
    """A seat's number on a disc in its colour (seat chips and Hero plates alike)."""
    pygame.draw.circle(target, colour, centre, 9)
    pygame.draw.circle(target, theme.CREAM, centre, 9, 1)
    theme.text(target, str(seat + 1), centre, 12, theme.CREAM, "bold", "center")


# -- the track ----------------------------------------------------------------------------------
def draw_track(target: pygame.Surface, view: BiterniaState) -> None:
    """Round and phase as a track, with the initiative token in its team's colour."""
    left = lay.SEAT_STRIP.right + 12
    area = pygame.Rect(left, lay.TRACK.y, lay.TRACK.right - left, lay.TRACK.h)
    theme.shadowed_rect(target, area, theme.WOOD, radius=10, shadow=3)
    medal = (area.x + 50, area.centery)
    theme.text(target, "Round", (medal[0] - 10, medal[1]), 12, theme.PARCHMENT_DIM, "bold",
               "midright")
    pygame.draw.circle(target, theme.BRASS, (medal[0] + 10, medal[1]), 14)
    pygame.draw.circle(target, theme.INK, (medal[0] + 10, medal[1]), 14, 1)
    theme.text(target, str(view.round), (medal[0] + 10, medal[1]), 14, theme.INK, "bold", "center")
    phase = view.phase
    x = medal[0] + 36
    if phase in SETUP_PHASES:
        theme.text(target, f"Setting up: {SETUP_PHASES[phase]}", (x, area.centery), 14,
                   theme.BRASS_LIGHT, "bold", "midleft")
    else:
        current = Phase.CLEANUP if phase == Phase.DRAW else phase
        for key, label in PHASES:
            on = key == current
            chip = pygame.Rect(x, area.y + 7, 70, area.h - 14)
            pygame.draw.rect(target, theme.BRASS if on else (56, 36, 24), chip, border_radius=8)
            theme.text(target, label, chip.center, 12, theme.INK if on else theme.PARCHMENT_DIM,
                       "bold", "center")
            x = chip.right + 4
    ini = view.initiative
    spot = (area.right - 70, area.centery)
    theme.text(target, "Initiative", (spot[0] - 4, spot[1]), 12, theme.PARCHMENT_DIM, "bold",
               "midright")
    pygame.draw.circle(target, team_colour(ini), (spot[0] + 14, spot[1]), 11)
    pygame.draw.circle(target, theme.CREAM, (spot[0] + 14, spot[1]), 11, 2)
    theme.text(target, ("blue", "red")[ini], (spot[0] + 30, spot[1]), 12, theme.CREAM, "bold",
               "midleft")
