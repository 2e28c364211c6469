"""Pieces on Biternia's battlefield: a Hero (standee in the team colour with its level, HP
and tokens, its face-up card and its order card beside it), a space as a click target, a
number rising from a hit, and the prompt that pops up near the acting Hero."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game import icons, overlap, theme
from game.scene import Affine, Node, SpriteNode, blit_transformed
from game.tables.biternia.cards import MiniCard, face, fitting
from game.tables.biternia.layout import BOARD, OPEN_CELL_W, TILE_HEAD
from game.tween import arc, ease_in_out_cubic, ease_out_back, linear
from game.widgets import Button, Widget
from rules.biternia.content import load
from rules.biternia.model import Hero
from rules.biternia.state import BiterniaState

PIECE_W, PIECE_H = 84, 56
ORDER_AT = (28, -4)  # the order card's place beside the standee (the face-up card under it)
WALK = 0.42  # seconds a standee takes along one road, space to space
STEP_UP = 8  # how high it lifts on each road it walks
Point = tuple[float, float]
#: the standee's body in the piece's own coordinates (the Figure sits 16 left of centre)
STANDEE = pygame.Rect(-30, -26, 38, 46)
OPENED_Z = 20  # an opened crowded space over the board's other pieces (z 5); its Heroes above


@dataclass(frozen=True)
class Token:
    """A token beside a standee: a coloured disc with its picture (stacked when more than
    one); ``name`` as the tip says it."""

    name: str
    colour: tuple[int, int, int]
    picture: tuple[str, str]  # ("token", the token's name) or ("status", a state's key)
    count: int = 1


TOKEN_LOOK = {  # each token or state on a standee: its name, colour and picture
    "shield": ("Shield", (92, 120, 160), ("token", "Shield")),
    "attack": ("+1 Attack", (196, 72, 60), ("token", "+1 Attack")),
    "chill": ("Chill", (96, 186, 210), ("token", "Chill")),
    "stone": ("Stone", (130, 130, 126), ("token", "Stone")),
    "mark": ("Death Mark", (30, 30, 34), ("token", "Death Mark")),
    "immobile": ("immobilized", (120, 84, 50), ("status", "immobilized")),
    "confuse": ("confused", (150, 96, 176), ("token", "Confuse")),
    "channel": ("channeling", (110, 70, 170), ("status", "channeling")),
    "stealth": ("stealth", (60, 70, 66), ("status", "hidden")),
    "favored": ("Favored Enemy", (200, 120, 40), ("token", "Favored Enemy")),
}
ARTIFACT = (214, 170, 76)  # an artifact's disc
MAX_TOKENS = 4  # discs a standee carries (the tip names them all)


def tokens_of(hero: Hero, favored: bool) -> tuple[Token, ...]:
    """The tokens and states a Hero's standee carries, from its view record."""
    out = []
    for key, count in (("shield", hero.shield), ("attack", hero.attack),
                       ("chill", hero.chill), ("stone", hero.stone),
                       ("mark", int(bool(hero.mark))),
                       ("immobile", int(bool(hero.immobile))),
                       ("confuse", int(bool(hero.confuse))),
                       ("channel", int(bool(hero.channel))),
                       ("stealth", int(bool(hero.stealth))),
                       ("favored", int(favored))):
        if count:
            name, colour, picture = TOKEN_LOOK[key]
            out.append(Token(name, colour, picture, int(count)))
    for artifact in hero.artifacts:  # each artifact a disc of its own
        name = str(load().tokens.get(artifact, {}).get("name", artifact))
        out.append(Token(name, ARTIFACT, ("token", name)))
    return tuple(out)


def draw_token(target: pygame.Surface, centre: tuple[int, int], token: Token,
               radius: int = 7) -> None:
    """A token's disc with its picture, or, for several, their number (12 px; the tip
    names them)."""
    x, y = centre
    pygame.draw.circle(target, (0, 0, 0, 90), (x + 1, y + 1), radius)
    pygame.draw.circle(target, token.colour, centre, radius)
    pygame.draw.circle(target, theme.CREAM, centre, radius, 1)
    if token.count > 1:
        theme.text(target, str(token.count), (x, y + 1), 12, theme.CREAM, "bold", "center")
        return
    kind, name = token.picture
    picture = icons.icon("biternia", kind, name, 2 * radius - 4, theme.CREAM) \
        if kind == "token" else icons.stat_icon(name, 2 * radius - 4, theme.CREAM)
    target.blit(picture, picture.get_rect(center=centre))


class Figure(SpriteNode):
    """The standee: a body in the team colour with the Hero's initials, a level badge, an HP
    tab and the tokens in a column beside it."""

    def __init__(self, colour: tuple[int, int, int], initials: str, name: str = "") -> None:
        super().__init__(-16, 0, 52, PIECE_H, name="")
        self.colour, self.initials = colour, initials
        self.hero_name = name  # the Hero's name: its picture (initials without one)
        self.level, self.hp, self.max_hp = 1, 0, 0
        self.tokens: tuple[Token, ...] = ()

    def look_key(self) -> object:
        return (self.colour, self.initials, self.level, self.hp, self.max_hp, self.tokens)

    def render(self) -> pygame.Surface:
        surf = pygame.Surface((int(self.w), int(self.h)), pygame.SRCALPHA)
        w, h = surf.get_size()
        pygame.draw.ellipse(surf, (0, 0, 0, 100), (12, h - 11, w - 14, 10))
        pygame.draw.ellipse(surf, theme.WOOD, (13, h - 13, w - 16, 9))
        body = pygame.Rect(15, 3, w - 20, h - 14)
        pygame.draw.rect(surf, self.colour, body, border_radius=11)
        pygame.draw.rect(surf, theme.CREAM, body, width=2, border_radius=11)
        if self.hero_name:
            picture = icons.icon("biternia", "hero", self.hero_name, 24, theme.CREAM)
            surf.blit(picture, picture.get_rect(center=(body.centerx, body.y + 16)))
        else:
            theme.text(surf, self.initials, (body.centerx, body.y + 14), 14, theme.CREAM,
                       "bold", "center")
        hp_tab = pygame.Rect(body.x, body.bottom - 13, w - body.x, 16)  # the tokens left of it
        low = self.max_hp and self.hp * 3 <= self.max_hp
        pygame.draw.rect(surf, theme.DANGER if low else theme.INK, hp_tab, border_radius=4)
        theme.text(surf, f"{self.hp}/{self.max_hp}", hp_tab.center, 12, theme.CREAM, "bold",
                   "center")
        badge = (body.right - 3, body.y + 6)  # the level, top right (the tokens left)
        pygame.draw.circle(surf, theme.BRASS, badge, 8)
        pygame.draw.circle(surf, theme.INK, badge, 8, 1)
        theme.text(surf, str(self.level), badge, 12, theme.INK, "bold", "center")
        for k, token in enumerate(self.tokens[:MAX_TOKENS]):
            draw_token(surf, (7, 7 + 14 * k), token, 7)
        return surf


class HeroPiece(Widget):
    """A Hero on the board: the standee, its face-up card and its order card beside it. It
    slides (hopping) to a new space, and can be clicked when that plays or picks something
    (``interactive`` follows ``enabled``, so a piece that does nothing lets clicks through
    to the space under it)."""

    def __init__(self, hero: str, colour: tuple[int, int, int], initials: str,
                 on_pick: Callable[[str], None], name: str = "") -> None:
        super().__init__(0, 0, PIECE_W, PIECE_H, name=f"hero.{hero}",
                         on_activate=lambda: on_pick(hero))
        self.hero = hero
        self.figure = Figure(colour, initials, name)
        self.up = MiniCard(ORDER_AT[0] - 8, ORDER_AT[1] + 8, f"up.{hero}")
        self.order = MiniCard(*ORDER_AT, f"order.{hero}")
        self.order.z = 1
        for child in (self.figure, self.up, self.order):
            self.add(child)
        self.up.visible = self.order.visible = False
        self.mark = ""  # "", "ready" (can act), "picked" or "target"
        self.offering = False  # its order is an Interrupt it may play now: the card glows
        self.size = 1.0  # the scale its tile's crowd allows (see layout.crowd_scale)
        self.caption = ""  # its name under it (in an opened crowded tile)
        self.clock = 0.0
        self.route: list[list[Point]] = []  # the roads it walks now, one polyline each
        self.walked = 0.0  # roads walked so far (0 .. len(route))
        self.set_enabled(False)

    def set_enabled(self, on: bool) -> None:
        self.enabled = self.interactive = on

    def contains(self, x: float, y: float) -> bool:
        """The standee itself takes the pointer, not the cards beside it (they open large
        on a pause), so a crowded tile leaves its space room to be clicked."""
        if self.scale == 0:
            return False
        lx, ly = self.to_local(x, y)
        return STANDEE.collidepoint(lx, ly) or (self.offering and self.order_rect().collidepoint(
            lx, ly))

    def order_rect(self) -> pygame.Rect:
        """The order card's box in the piece's own coordinates."""
        rect = pygame.Rect(0, 0, round(self.order.w), round(self.order.h))
        rect.center = (round(self.order.x), round(self.order.y))
        return rect

    def lift(self) -> float:
        """A little step up on each road it walks, so it goes space by space."""
        return -STEP_UP * arc(self.walked % 1.0) if self.route else 0.0

    def home(self) -> tuple[float, float]:
        """Where the piece stands once its slide or walk ends."""
        if self.route:
            return self.route[-1][-1]
        ends = {t.attr: t.end for t in self.tweens.tweens if t.attr in ("x", "y")}
        return ends.get("x", self.x), ends.get("y", self.y)

    def travel(self, roads: Sequence[Sequence[Point]]) -> None:
        """Walk along ``roads`` (each a polyline from one space to the next; the first
        starts where the piece stands), road by road, slowing at each space. A walk still
        going on goes on along them after its own roads."""
        self.tweens.tweens = [t for t in self.tweens.tweens
                              if t.attr not in ("x", "y", "walked")]
        if not self.route:
            self.walked = 0.0
        here = self.route[-1][-1] if self.route else (self.x, self.y)
        for road in roads:
            self.route.append([here, *road[1:]])
            here = road[-1]
        left = len(self.route) - self.walked
        self.tween("walked", float(len(self.route)), WALK * left, linear,
                   on_done=self.arrive)

    def arrive(self) -> None:
        self.x, self.y = self.route[-1][-1] if self.route else (self.x, self.y)
        self.route, self.walked = [], 0.0

    def settle(self, x: float, y: float) -> None:
        """Come to stand at (x, y) inside the space it is in or walking to: the walk ends
        there, else a short slide."""
        if self.route:
            self.route[-1][-1] = (x, y)
            return
        self.glide_to(x, y)

    def on_road(self) -> Point:
        """Where the walk has taken the piece (eased inside each road)."""
        k = min(int(self.walked), len(self.route) - 1)
        road = self.route[k]
        t = ease_in_out_cubic(min(1.0, self.walked - k))
        legs = [math.dist(a, b) for a, b in zip(road, road[1:], strict=False)]
        goal = t * sum(legs)
        for (a, b), length in zip(zip(road, road[1:], strict=False), legs, strict=True):
            if goal <= length and length > 0:
                f = goal / length
                return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f
            goal -= length
        return road[-1]

    def standee_rect(self) -> pygame.Rect:
        """The standee's box on the table where the piece comes to stand."""
        x, y = self.home()
        k = self.size
        return pygame.Rect(round(x + STANDEE.x * k), round(y + STANDEE.y * k),
                           round(STANDEE.w * k), round(STANDEE.h * k))

    def glide_to(self, x: float, y: float) -> None:
        """Slide to (x, y) inside its space (a place freed or taken beside it)."""
        self.tweens.tweens = [t for t in self.tweens.tweens if t.attr not in ("x", "y")]
        self.route, self.walked = [], 0.0
        self.tween("x", x, 0.25, ease_in_out_cubic)
        self.tween("y", y, 0.25, ease_in_out_cubic)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt
        if self.route:
            self.x, self.y = self.on_road()

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        pulse = 0.5 + 0.5 * math.sin(self.clock * 5)
        if self.offering and self.order.visible:  # the Interrupt glows on its card
            card = self.order_rect()
            left, top = world.apply(card.x, card.y)
            glow = pygame.Rect(round(left), round(top), round(card.w * world.scale),
                               round(card.h * world.scale)).inflate(8 + 4 * pulse, 8 + 4 * pulse)
            wash = pygame.Surface(glow.size, pygame.SRCALPHA)
            pygame.draw.rect(wash, (*theme.BRASS_LIGHT, round(90 + 90 * pulse)),
                             wash.get_rect(), border_radius=6)
            target.blit(wash, glow.topleft)
            pygame.draw.rect(target, theme.CREAM, glow, 2, border_radius=6)
        if self.mark or self.focused:
            cx, cy = world.apply(-13, 21)
            colour = {"target": theme.DANGER, "picked": theme.CREAM}.get(self.mark,
                                                                         theme.BRASS_LIGHT)
            ring = pygame.Rect(0, 0, (54 + 6 * pulse) * world.scale,
                               (18 + 3 * pulse) * world.scale)
            ring.center = (round(cx), round(cy))
            pygame.draw.ellipse(target, colour, ring, 3)
            if self.focused:
                pygame.draw.ellipse(target, theme.CREAM, ring.inflate(8, 6), 1)
        if self.caption:  # its name on a dark chip under it
            first = self.caption.split()[0]
            words = fitting((self.caption, first), OPEN_CELL_W - 12, 12, "bold")
            ink = theme.rendered(words, 12, theme.CREAM, "bold")
            cx, cy = world.apply(-1, 33)
            chip = pygame.Rect(0, 0, ink.get_width() + 10, ink.get_height() + 2)
            chip.midtop = (round(cx), round(cy))
            pygame.draw.rect(target, theme.INK, chip, border_radius=5)
            target.blit(ink, ink.get_rect(center=chip.center))


class SpaceSpot(Widget):
    """A space as a click target: outlined in the acting colour with what a click does; it
    takes clicks only while lit. A crowded space **opened** under the pointer (``open``)
    is drawn larger over its neighbours by ``paint`` (its Heroes stand on it at full size)
    and takes every click on it, playing its action if it is lit, else none (nothing
    under it is clicked by mistake)."""

    def __init__(self, space: str, rect: pygame.Rect, on_pick: Callable[[str], None]) -> None:
        super().__init__(rect.centerx, rect.centery, rect.w, rect.h, name=f"space.{space}",
                         on_activate=lambda: on_pick(space))
        self.space, self.words, self.colour = space, "", theme.BRASS_LIGHT
        self.tile = pygame.Rect(rect)
        self.opened: pygame.Rect | None = None
        self.paint: Callable[[pygame.Surface, pygame.Rect], None] | None = None
        self.clock = 0.0
        self.z = -1
        self.light("", theme.BRASS_LIGHT)

    def light(self, words: str, colour: tuple[int, int, int]) -> None:
        self.words, self.colour = words, colour
        self.sync()

    def open(self, rect: pygame.Rect | None,
             paint: Callable[[pygame.Surface, pygame.Rect], None] | None = None) -> None:
        """Open the space larger over ``rect`` (drawn by ``paint``), or close it (None)."""
        self.opened, self.paint = (rect, paint) if rect is not None else (None, None)
        self.sync()

    def sync(self) -> None:
        rect = self.opened or self.tile
        self.x, self.y, self.w, self.h = rect.centerx, rect.centery, rect.w, rect.h
        self.z = OPENED_Z if self.opened is not None else -1
        self.enabled = bool(self.words)
        self.interactive = self.visible = bool(self.words) or self.opened is not None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.clock += dt

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        rect = self.box(world)
        if self.opened is not None and self.paint is not None:
            self.paint(target, rect)
            pygame.draw.rect(target, theme.CREAM, rect, width=2, border_radius=10)
        if not self.words:
            return
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4)
        wash = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(wash, (*self.colour, int(40 + 40 * pulse + 50 * self.glow)),
                         wash.get_rect(), border_radius=10)
        target.blit(wash, rect.topleft)
        pygame.draw.rect(target, self.colour, rect.inflate(4, 4), width=3, border_radius=12)
        band = pygame.Rect(rect.x, rect.y, rect.w - 36, TILE_HEAD)  # the HP stays in sight
        if self.opened is not None:  # the name stays in sight too
            band = pygame.Rect(rect.x + rect.w // 2, rect.y, rect.w // 2 - 36, TILE_HEAD)
        pygame.draw.rect(target, self.colour, band, border_top_left_radius=10)
        first = " ".join(self.words.split()[:2])  # "Move Agatha" for "Move Agatha Trunch"
        verb = self.words.split()[0]  # "Move here" for "Move Longshanks" (the Hero is ringed)
        label = fitting((f"▶ {self.words}", self.words, f"▶ {first}", first, f"▶ {verb} here",
                         f"{verb} here", verb), band.w - 8, 12, "bold")
        theme.text(target, label, band.center, 12, theme.INK, "bold", "center")


NOTE_LINE = 15  # a line of an answer's note in the prompt
PROMPT_MOST = 460  # the widest a prompt grows for its answers' words


class NoteButton(Button):
    """A prompt's answer: its words, and under them what it would do in as many lines as
    it takes (12 px, never cut)."""

    lines: tuple[str, ...] = ()

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        if not self.lines:
            super().draw_self(target, world, alpha)
            return
        label, self.label = self.label, ""
        super().draw_self(target, world, alpha)  # the button without its words
        self.label = label
        rect = self.box(world).move(0, 2 if self.pressed else 0)
        _, ink = self.colours()
        theme.text(target, theme.ellipsize(label, rect.w - 20, self.size, "bold"),
                   (rect.centerx, rect.y + 14), self.size, ink, "bold", "center")
        for k, line in enumerate(self.lines):
            theme.text(target, line, (rect.centerx, rect.y + 28 + NOTE_LINE * k), 12, ink,
                       anchor="midtop")


class Prompt(Node):
    """A callout near the acting Hero: a question and a button per answer (``prompt.N``),
    each playing one legal action."""

    def __init__(self, x: float, span: tuple[float, float], title: str,
                 answers: list[tuple[str, Callable[[], None]]], bounds: pygame.Rect,
                 pop: bool = True, avoid: Sequence[tuple[pygame.Rect, float]] = (),
                 tile: pygame.Rect | None = None, notes: Sequence[str] = ()) -> None:
        """``span`` is the Hero's top and bottom: the prompt sits above it, below it or
        beside it, wherever it covers least of ``avoid`` (rects with a weight: the other
        Heroes, the lit spaces, the spaces' names), with a pointer to it. ``notes`` (one per
        answer, "" for none) go under an answer's words: what it would do."""
        notes = [*notes, *[""] * (len(answers) - len(notes))]
        words = max([theme.rendered(title, 13, theme.INK, "bold").get_width()]
                    + [theme.rendered(a, 13, theme.INK, "bold").get_width() for a, _ in answers])
        said = max([theme.rendered(n, 12, theme.INK, "regular").get_width() for n in notes])
        # the title and answers whole ("Pay 1 gold: catapult attacks Red middle Tower"), as
        # wide as they take up to PROMPT_MOST; the notes under them wrap within 340
        width = max(170, min(PROMPT_MOST, words + 44), min(340, said + 44))
        wrapped = [theme.wrap(note, width - 40, 12) if note else [] for note in notes]
        heights = [28 + NOTE_LINE * len(lines) + (4 if lines else 0) for lines in wrapped]
        height = 34 + sum(h + 4 for h in heights)
        rect, point_to = place_prompt((width, height), x, span, bounds, avoid, tile)
        super().__init__(rect.centerx, rect.centery, width, height, name="prompt")
        self.title, self.point_to, self.z = title, point_to, 45
        self.buttons: list[Button] = []
        y = -height / 2 + 32
        for k, ((label, act), lines, h) in enumerate(zip(answers, wrapped, heights,
                                                            strict=True)):
            button = NoteButton(0, y + h / 2, width - 20, h, label, name=f"prompt.{k}",
                                on_activate=act, size=13)
            button.lines = tuple(lines)
            y += h + 4
            self.buttons.append(button)
            self.add(button)
        if pop:  # it pops up (a still picture shows it at once)
            self.scale = 0.85
            self.tween("scale", 1.0, 0.25, ease_out_back)

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        left, top = world.apply(-self.w / 2, -self.h / 2)
        rect = pygame.Rect(round(left), round(top), round(self.w * world.scale),
                           round(self.h * world.scale))
        px, py = self.point_to
        if rect.x <= px <= rect.right and not rect.collidepoint(px, py):  # above or below
            base_x = min(max(px, rect.x + 20), rect.right - 20)
            base_y = rect.bottom if py > rect.bottom else rect.y
            pygame.draw.polygon(target, theme.BRASS, [(base_x - 9, base_y), (base_x + 9, base_y),
                                                      (px, py)])
        elif not rect.collidepoint(px, py):  # beside
            side_y = min(max(py, rect.y + 20), rect.bottom - 20)
            side_x = rect.right if px > rect.right else rect.x
            pygame.draw.polygon(target, theme.BRASS, [(side_x, side_y - 9), (side_x, side_y + 9),
                                                      (px, py)])
        theme.shadowed_rect(target, rect, theme.PARCHMENT, radius=10, shadow=6,
                            border=theme.BRASS, border_width=3)
        theme.text(target, theme.ellipsize(self.title, rect.w - 20, 13, "bold"),
                   (rect.centerx, rect.y + 16), 13, theme.INK, "bold", "center")


def place_prompt(size: tuple[int, int], x: float, span: tuple[float, float],
                 bounds: pygame.Rect, avoid: Sequence[tuple[pygame.Rect, float]],
                 tile: pygame.Rect | None = None) -> tuple[pygame.Rect, tuple[float, float]]:
    """Where a prompt of ``size`` goes for the standee at ``x`` between ``span``: above or
    below it (or its ``tile``, keeping the space's name in sight), right or left of it
    (inside ``bounds``), the first that covers least of the weighted ``avoid`` rects;
    returns its rect and the point its pointer touches."""
    top, bottom = span
    mid = (top + bottom) / 2
    half = STANDEE.w / 2
    over = (tile.y if tile is not None else top) - 6
    under = (tile.bottom if tile is not None else bottom) + 6
    best: tuple[float, int, pygame.Rect, tuple[float, float]] | None = None
    slide_x, slide_y = size[0] / 2 - 24, size[1] / 2 - 24  # off centre, the pointer still on
    places = [(anchor, (spot[0] + dx, spot[1]), point)
              for dx in (0, -slide_x, slide_x) for anchor, spot, point in (
                  ("midbottom", (x, top - 14), (x, top)), ("midbottom", (x, over), (x, top)),
                  ("midtop", (x, bottom + 14), (x, bottom)), ("midtop", (x, under), (x, bottom)))]
    places += [(anchor, (spot[0], spot[1] + dy), point)
               for dy in (0, -slide_y, slide_y) for anchor, spot, point in (
                   ("midleft", (x + half + 14, mid), (x + half, mid)),
                   ("midright", (x - half - 14, mid), (x - half, mid)))]
    for k, (anchor, spot, point) in enumerate(places):
        rect = pygame.Rect((0, 0), size)
        setattr(rect, anchor, (round(spot[0]), round(spot[1])))
        rect.clamp_ip(bounds)
        standee = pygame.Rect(0, 0, STANDEE.w, bottom - top)
        standee.center = (round(x), round(mid))
        cost = sum(weight * _area(rect.clip(r)) for r, weight in avoid)
        cost += 50 * _area(rect.clip(standee))  # never over the Hero it asks about
        if best is None or (cost, k) < best[:2]:
            best = (cost, k, rect, point)
    assert best is not None
    return best[2], best[3]


def _area(rect: pygame.Rect) -> int:
    return rect.w * rect.h


def hero_tip(view: BiterniaState, hero: str) -> tuple[str, ...]:
    """What a Hero's tip says: who it is, HP, its face-up card, its order, tokens, trait."""
    v = view.heroes[hero]
    spec = load().heroes[hero]
    lines = [f"{spec.full_name} · {spec.hero_class} · level {v.level}",
             f"HP {v.hp}/{spec.hp + v.level} · {spec.hero_type}"]
    up = face(v.up) if v.up else None
    if up is not None:
        lines.append(f"Face up: {up.name} (defense {up.defense}): {'; '.join(up.steps)}")
    if v.down is not None:
        down = face(v.down)
        lines.append(f"Order: {down.name} (face down)" if down else "Order: face down")
    tokens = [f"{t.name}{f' x{t.count}' if t.count > 1 else ''}"
              for t in tokens_of(v, view.favored == hero)]
    if tokens:
        lines.append("Tokens: " + ", ".join(tokens))
    trait = load().traits.get(spec.trait, {})
    if trait:
        lines.append(f"{trait['name']}: {trait['text']}")
    return tuple(lines)


class Tip(Node):
    """The tip of the hovered or focused Hero, above everything on the board; and the
    reason a greyed hand card under the pointer cannot be played (``reason``)."""

    def __init__(self, source: Callable[[], tuple[HeroPiece, tuple[str, ...]] | None],
                 reason: Callable[[], tuple[pygame.Rect, str] | None] = lambda: None) -> None:
        super().__init__(name="tip")
        self.source, self.reason, self.z = source, reason, 60

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        shown = self.source()
        if shown is not None:
            draw_tip(target, *shown)
        why = self.reason()
        if why is not None:
            draw_reason(target, *why)


def draw_reason(target: pygame.Surface, card: pygame.Rect, words: str) -> None:
    """A one-line parchment label over a greyed card: why it cannot be played now."""
    ink = theme.rendered(words, 12, theme.INK, "bold")
    rect = pygame.Rect(0, 0, ink.get_width() + 16, 22)
    rect.midbottom = (card.centerx, card.y - 4)
    rect.clamp_ip(pygame.Rect(0, 0, *theme.LOGICAL_SIZE))
    theme.shadowed_rect(target, rect, theme.PARCHMENT, radius=6, shadow=3, border=theme.WOOD)
    theme.text(target, words, rect.center, 12, theme.INK, "bold", "center")


def draw_tip(target: pygame.Surface, piece: HeroPiece, lines: tuple[str, ...]) -> None:
    """A parchment tip beside a hovered or focused Hero."""
    width = 300
    wrapped = [(part, "bold" if k == 0 else "regular") for k, line in enumerate(lines)
               for part in theme.wrap(line, width - 20, 12, "bold" if k == 0 else "regular")]
    rect = pygame.Rect(0, 0, width, 14 + 15 * len(wrapped))
    x, y = piece.to_world()
    rect.midleft = (round(x + PIECE_W / 2 + 6), round(y))
    if rect.right > BOARD.right - 8:
        rect.midright = (round(x - PIECE_W / 2 - 6), round(y))
    rect.clamp_ip(BOARD.inflate(-8, -8))
    theme.shadowed_rect(target, rect, theme.PARCHMENT, radius=8, shadow=5, border=theme.WOOD)
    for k, (line, style) in enumerate(wrapped):
        theme.text(target, line, (rect.x + 10, rect.y + 7 + 15 * k), 12, theme.INK, style)


def word_chip(words: str, edge: tuple[int, int, int]) -> pygame.Surface:
    """What struck, on a dark chip edged in ``edge`` (12 px; a passing effect's words)."""
    ink = theme.rendered(words, 12, theme.CREAM, "bold")
    chip = pygame.Surface((ink.get_width() + 12, ink.get_height() + 6), pygame.SRCALPHA)
    pygame.draw.rect(chip, (*theme.INK, 225), chip.get_rect(), border_radius=6)
    pygame.draw.rect(chip, edge, chip.get_rect(), 1, border_radius=6)
    chip.blit(ink, (6, 3))
    overlap.mark_transient(chip)
    return chip


class AttackLine(Node):
    """An attack drawn from the attacker to its target: a line with an arrowhead and what
    struck ("Physical Attack 4") on a chip at its middle; it fades after a moment."""

    def __init__(self, start: tuple[float, float], end: tuple[float, float], words: str,
                 colour: tuple[int, int, int]) -> None:
        super().__init__(name="attack")
        self.start, self.end, self.colour, self.z = start, end, colour, 40
        self.chip = word_chip(words, colour)
        self.grow = 0.0
        self.tween("grow", 1.0, 0.25)
        self.tween("alpha", 0.0, 0.4, delay=1.2, on_done=self.detach)

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        (x0, y0), (x1, y1) = self.start, self.end
        length = math.hypot(x1 - x0, y1 - y0)
        if length < 1 or alpha <= 0.02:
            return
        ux, uy = (x1 - x0) / length, (y1 - y0) / length
        tip = (x0 + ux * length * self.grow, y0 + uy * length * self.grow)
        layer = pygame.Surface(target.get_size(), pygame.SRCALPHA)
        overlap.mark_transient(layer)
        shade = (*self.colour, round(230 * alpha))
        pygame.draw.line(layer, (0, 0, 0, round(120 * alpha)), (x0 + 1, y0 + 2),
                         (tip[0] + 1, tip[1] + 2), 5)
        pygame.draw.line(layer, shade, (x0, y0), tip, 4)
        head = [tip, (tip[0] - ux * 14 - uy * 8, tip[1] - uy * 14 + ux * 8),
                (tip[0] - ux * 14 + uy * 8, tip[1] - uy * 14 - ux * 8)]
        pygame.draw.polygon(layer, shade, head)
        target.blit(layer, (0, 0))
        if self.grow > 0.5:
            chip = self.chip.copy() if alpha < 0.999 else self.chip
            chip.set_alpha(round(255 * alpha))
            overlap.mark_transient(chip)
            spot = chip.get_rect(midbottom=(round((x0 + x1) / 2), round(min(y0, y1) - 6)))
            target.blit(chip, spot)


class CoinFlight(Node):
    """A gold coin flying in an arc from where it was won to the team's purse (its Bit)."""

    def __init__(self, start: tuple[float, float], end: tuple[float, float],
                 delay: float = 0.0) -> None:
        super().__init__(*start, name="coin")
        self.start, self.end, self.z = start, end, 42
        self.t = 0.0
        self.tween("t", 1.0, 0.6, ease_in_out_cubic, delay=delay, on_done=self.detach)

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        if self.t <= 0.0:
            return
        (x0, y0), (x1, y1) = self.start, self.end
        x = x0 + (x1 - x0) * self.t
        y = y0 + (y1 - y0) * self.t - 60 * arc(self.t)
        centre = (round(x), round(y))
        pygame.draw.circle(target, (150, 110, 30), (centre[0] + 1, centre[1] + 2), 7)
        pygame.draw.circle(target, (232, 186, 60), centre, 7)
        pygame.draw.circle(target, (255, 226, 130), centre, 7, 1)


class Flash(Node):
    """A space lights up red and fades (a Structure was hit)."""

    def __init__(self, rect: pygame.Rect, colour: tuple[int, int, int],
                 delay: float = 0.0) -> None:
        super().__init__(rect.centerx, rect.centery, rect.w, rect.h, name="flash")
        self.colour, self.z = colour, 3
        self.alpha = 0.0
        self.tween("alpha", 0.8, 0.08, delay=delay)
        self.tween("alpha", 0.0, 0.6, delay=delay + 0.1, on_done=self.detach)

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        left, top = world.apply(-self.w / 2, -self.h / 2)
        wash = pygame.Surface((int(self.w), int(self.h)), pygame.SRCALPHA)
        pygame.draw.rect(wash, (*self.colour, int(150 * alpha)), wash.get_rect(),
                         border_radius=10)
        target.blit(wash, (round(left), round(top)))


HIT_INKS = {"Attack": (246, 150, 130), "vs Defense": theme.PARCHMENT, "Pierce": (240, 180, 90),
            "Shield": (150, 190, 235)}


def hit_parts(data: dict[str, object]) -> list[tuple[str, tuple[int, int, int]]]:
    """What a hit's damage event tells besides the damage, in a few words each: the
    attack's strength, the defense, Pierce and what Shield tokens stopped (the last two
    only when they counted); empty when the event does not say."""
    power, guard = data.get("power"), data.get("defense")
    if not isinstance(power, int) or not isinstance(guard, int):
        return []
    parts = [(f"Attack {power}", HIT_INKS["Attack"]), (f"vs Defense {guard}",
                                                       HIT_INKS["vs Defense"])]
    for key, label in (("pierce", "Pierce"), ("shield", "Shield")):
        value = data.get(key)
        if isinstance(value, int) and value > 0:
            parts.append((f"{label} {value}" if key == "pierce" else f"Shield stops {value}",
                          HIT_INKS[label]))
    return parts


class HitNote(Node):
    """Where a hit lands, under the target: the attack against the defense, Pierce and
    Shield ("Attack 4 vs Defense 3 · Pierce 1 · Shield stops 1"), for a moment, while the
    damage rises above."""

    def __init__(self, x: float, y: float, parts: Sequence[tuple[str, tuple[int, int, int]]],
                 bounds: pygame.Rect, target: str = "", delay: float = 0.0) -> None:
        super().__init__(x, y, name="hit")
        self.target, self.z = target, 58
        inks = [theme.rendered(words, 12, ink, "bold") for words, ink in parts]
        dot = theme.rendered("·", 12, theme.MUTED, "bold")
        width = sum(i.get_width() for i in inks) + (len(inks) - 1) * (dot.get_width() + 8) + 14
        height = max(i.get_height() for i in inks) + 6
        self.look = pygame.Surface((width, height), pygame.SRCALPHA)
        pygame.draw.rect(self.look, (*theme.INK, 235), self.look.get_rect(), border_radius=6)
        pygame.draw.rect(self.look, theme.DANGER, self.look.get_rect(), 1, border_radius=6)
        left = 7
        for k, ink in enumerate(inks):
            if k:
                self.look.blit(dot, (left + 4, 3))
                left += dot.get_width() + 8
            self.look.blit(ink, (left, 3))
            left += ink.get_width()
        overlap.mark_transient(self.look)
        self.w, self.h = width, height
        box = pygame.Rect(0, 0, width, height)
        box.midtop = (round(x), round(y))
        box.clamp_ip(bounds)
        self.x, self.y = box.centerx, box.centery
        self.alpha = 0.0
        self.tween("alpha", 1.0, 0.12, delay=delay)
        self.tween("alpha", 0.0, 0.4, delay=delay + 1.5, on_done=self.detach)

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        blit_transformed(target, self.look, world, alpha)


STONE_FLIGHT = 0.6  # seconds the catapult's stone flies


class StoneFlight(Node):
    """The catapult's shot: a stone thrown from the catapult in a high arc onto its target
    (its shadow running along the ground), what was thrown on a chip over the arc's top
    ("Catapult · Ranged Attack 4"), a puff of dust where it lands; ``target`` is what it
    hits (the hit shows there as it lands)."""

    def __init__(self, start: Point, end: Point, words: str, target: str = "") -> None:
        super().__init__(*start, name="stone")
        self.start, self.end, self.target, self.z = start, end, target, 42
        room = min(start[1], end[1]) - BOARD.y - 14  # the arc stays over the board
        self.height = max(24.0, min(0.3 * math.dist(start, end) + 24, room))
        self.t = 0.0
        self.chip = word_chip(words, STONE_LIGHT)
        self.tween("t", 1.0, STONE_FLIGHT, linear, on_done=self.land)

    def at(self, t: float) -> Point:
        """Where the stone is at ``t`` (0 the catapult, 1 the target)."""
        (x0, y0), (x1, y1) = self.start, self.end
        return x0 + (x1 - x0) * t, y0 + (y1 - y0) * t - self.height * arc(t)

    def land(self) -> None:
        parent = self.parent
        self.detach()
        if parent is not None:
            parent.add(Burst(*self.end, STONE_LIGHT))

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        (x0, y0), (x1, y1) = self.start, self.end
        t = self.t
        ground = (round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t))
        layer = pygame.Surface(target.get_size(), pygame.SRCALPHA)
        overlap.mark_transient(layer)
        shadow = pygame.Rect(0, 0, 16 - 6 * arc(t), 6)
        shadow.center = ground
        pygame.draw.ellipse(layer, (0, 0, 0, 90), shadow)
        for k in (3, 2, 1):  # a faint trail behind it
            back = self.at(max(0.0, t - 0.05 * k))
            pygame.draw.circle(layer, (*STONE_LIGHT, 50 - 12 * k), (round(back[0]),
                                                                    round(back[1])), 7 - k)
        x, y = self.at(t)
        centre = (round(x), round(y))
        pygame.draw.circle(layer, (60, 56, 50), (centre[0] + 1, centre[1] + 2), 8)
        pygame.draw.circle(layer, (128, 122, 112), centre, 8)
        spin = 9 * t * math.pi
        for k in range(2):  # marks on the stone turn as it flies
            a = spin + k * math.pi
            pygame.draw.circle(layer, (92, 88, 80), (round(x + 4 * math.cos(a)),
                                                     round(y + 4 * math.sin(a))), 2)
        pygame.draw.circle(layer, STONE_LIGHT, (centre[0] - 3, centre[1] - 3), 2)
        pygame.draw.circle(layer, theme.INK, centre, 8, 1)
        target.blit(layer, (0, 0))
        if t < 0.85:  # under the arc's middle, over the ground it crosses
            (x0, y0), (x1, y1) = self.start, self.end
            spot = self.chip.get_rect(midtop=(round((x0 + x1) / 2), round(max(y0, y1)) + 12))
            spot.clamp_ip(BOARD.inflate(-8, -8))
            target.blit(self.chip, spot)


STONE_LIGHT = (200, 192, 176)


class Burst(Node):
    """A ring that spreads from a piece and fades: a Hero levels up or comes back."""

    def __init__(self, x: float, y: float, colour: tuple[int, int, int]) -> None:
        super().__init__(x, y, name="burst")
        self.colour, self.z, self.grow = colour, 41, 0.0
        self.tween("grow", 1.0, 0.7, ease_out_back)
        self.tween("alpha", 0.0, 0.35, delay=0.55, on_done=self.detach)

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        radius = round(10 + 30 * max(0.0, self.grow))
        size = radius * 2 + 8
        ring = pygame.Surface((size, size), pygame.SRCALPHA)
        overlap.mark_transient(ring)
        pygame.draw.circle(ring, (*self.colour, round(220 * alpha)), (size // 2, size // 2),
                           radius, 4)
        pygame.draw.circle(ring, (*theme.CREAM, round(120 * alpha)), (size // 2, size // 2),
                           max(1, radius - 6), 1)
        cx, cy = world.apply(0, 0)
        target.blit(ring, (round(cx) - size // 2, round(cy) - size // 2))
