"""BattleCON's beat staged on the table (driven by the events of a staged resolution, see
docs/gui.md "Staged resolution"): the reveal as a moment of its own (both attack pairs flip
face up large over the plates, side by side with their priorities; a clash stamps them and
the new bases flip the same way; the Active / Reactive ribbons say who won priority, then
the cards settle onto the plates), the range check drawn on the board, the attacker's
lunge, and a movement as one hop per space (higher over a fighter it passes)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from game import icons, theme
from game.assets import font
from game.floats import FADE, RISE, RISE_TIME, SHOWN
from game.scene import Affine, CardNode, Node, StandeeNode
from game.tables.battlecon.faces import STUN_IMMUNE
from game.tables.battlecon.layout import PLATES
from game.tween import ease_in_out_cubic, ease_out_back, ease_out_cubic

CARD_W, CARD_H = 236, 168
TEAM_CARD_W = 178  # four cards across the plates in team play
SPREAD = 150  # from the plates' centre to each card's centre (a duel)
MATE_GAP, SIDE_GAP = 10, 40  # team play: between teammates' cards, between the teams'
HOLD = 1.0  # seconds the decided reveal stays before settling onto the plates
TEAM_HOLD = 1.8  # the same with three or four cards (and an order of attacks) to read
CHECK_TIME = 1.1  # seconds a range check stays drawn (and its verdict shows)
HIT_HOLD = 4.0  # at most this long a hit's range check waits for the hit's damage
STEP_HOP = 0.2  # seconds a one-space hop takes
ROLE_INK = {"ACTIVE": theme.BRASS, "REACTIVE": (112, 118, 112), "CLASH!": theme.DANGER}


def ordinal(n: int) -> str:
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n, 'th')}"


def title_fit(title: str, width: int) -> tuple[int, list[str]]:
    """The largest size (18, 16 or 14 px bold) at which the pair's name fits in two lines
    of ``width``, and those lines."""
    for size in (18, 16, 14):
        lines = theme.wrap(title, width, size, "bold")
        if len(lines) <= 2 and " ".join(lines).split() == title.split() \
                and all(font(size, "bold").size(li)[0] <= width for li in lines):
            return size, lines
    return 14, theme.wrap(title, width, 14, "bold")


def totals_words(totals: dict[str, Any]) -> dict[str, str]:
    """A pair's totals (an event's ``totals``) as the words on its card."""
    rng = totals.get("range")
    reach = "–" if not rng else (f"{rng[0]}" if rng[0] == rng[1] else f"{rng[0]}~{rng[1]}")
    power = totals.get("power")
    return {"range": reach, "power": "–" if power is None else str(power),
            "priority": f"{totals.get('priority', 0)}{'▲' if totals.get('tiebreaker') else ''}",
            "guard": STUN_IMMUNE if totals.get("stun_immune") else str(totals.get("guard", 0))}


class RevealCard(CardNode):
    """One fighter's attack pair, large: its name, its priority in a brass badge, Range /
    Power / Guard with their icons, and a ribbon (ACTIVE, REACTIVE or CLASH!; in team play
    the place in the order of attacks too: "1st · ACTIVE")."""

    def __init__(self, x: float, y: float, seat: int, who: str, colour: tuple[int, int, int],
                 name: str, totals: dict[str, Any], w: int = CARD_W) -> None:
        super().__init__(x, y, name, face_up=False, w=w, h=CARD_H, name=f"reveal.{seat}")
        self.seat, self.who, self.accent = seat, who, colour
        self.words = totals_words(totals)
        self.role = ""
        self.rank = 0  # team play: the place in the order of attacks, once decided
        self.z = 36

    def ribbon_words(self) -> str:
        return f"{ordinal(self.rank)} · {self.role}" if self.rank else self.role

    def look_key(self) -> object:
        return (super().look_key(), self.who, tuple(self.words.items()), self.role, self.rank)

    def render(self) -> pygame.Surface:
        if not self.showing_face:
            return super().render()
        w = round(self.w)
        surf = pygame.Surface((w, CARD_H), pygame.SRCALPHA)
        rect = surf.get_rect()
        lit = self.role in ("ACTIVE", "CLASH!")
        pygame.draw.rect(surf, theme.PARCHMENT, rect, border_radius=12)
        band = pygame.Rect(0, 0, w, 26)
        pygame.draw.rect(surf, self.accent, band, border_top_left_radius=12,
                         border_top_right_radius=12)
        theme.text(surf, theme.ellipsize(self.who, w - 20, 14, "bold"), (10, 13), 14,
                   theme.CREAM, "bold", "midleft")
        narrow = w < CARD_W
        badge, radius = ((w - 26, 56), 20) if narrow else ((w - 34, 60), 25)
        pygame.draw.circle(surf, theme.BRASS, badge, radius)
        pygame.draw.circle(surf, theme.INK, badge, radius, 2)
        theme.text(surf, self.words["priority"], badge, 22, theme.INK, "bold", "center")
        theme.text(surf, "Priority", (min(badge[0], w - 30), badge[1] + radius + 3), 12,
                   theme.INK, "bold", "midtop")
        y = 32
        size, lines = title_fit(self.title, w - (60 if narrow else 84))
        for line in lines[:2]:
            theme.text(surf, line, (12, y), size, theme.INK, "bold")
            y += size + 4
        columns = (12, 74, 126) if narrow else (12, 74, 136)  # Range is the widest
        for x, (key, label) in zip(columns, (("range", "Range"), ("power", "Power"),
                                             ("guard", "Guard")), strict=True):
            surf.blit(icons.stat_icon(key, 16, theme.INK), (x, 104))
            theme.text(surf, self.words[key], (x + 19, 103 if narrow else 101),
                       15 if narrow else 17, theme.INK, "bold")
            theme.text(surf, label, (x, 123), 12, theme.WOOD, "bold")
        if self.role:
            ribbon = pygame.Rect(8, CARD_H - 28, w - 16, 22)
            pygame.draw.rect(surf, ROLE_INK[self.role], ribbon, border_radius=11)
            ink = theme.CREAM if self.role == "CLASH!" else theme.INK
            theme.text(surf, self.ribbon_words(), ribbon.center, 14, ink, "bold", "center")
        edge = theme.BRASS_LIGHT if lit else self.accent
        pygame.draw.rect(surf, edge, rect, width=4 if lit else 3, border_radius=12)
        return surf


class RevealStage(Node):
    """The reveal over the plates: a dark veil, a card per fighter (as the plates lie: the
    left plate's fighter on the left; in team play each team's cards together), "VS"
    between the two sides."""

    def __init__(self, order: list[int], sides: list[int] | None = None) -> None:
        super().__init__(0, 0, name="reveal")
        self.order = order  # seats left to right, as their plates lie
        self.sides = sides if sides is not None else list(range(len(order)))  # each's side
        self.card_w = CARD_W if len(order) <= 3 else TEAM_CARD_W
        self.centres, self.vs_x = self.lay_out()
        self.cards: dict[int, RevealCard] = {}
        self.veil = 0.0
        self.age = 0.0
        self.leaving = False
        self.z = 35
        self.tween("veil", 1.0, 0.2)

    def lay_out(self) -> tuple[list[float], float]:
        """Each card's centre (x) in ``order``, and where "VS" stands between the sides."""
        if len(self.order) <= 2:
            return [PLATES.centerx - SPREAD, PLATES.centerx + SPREAD], PLATES.centerx
        gaps = [SIDE_GAP if a != b else MATE_GAP for a, b in zip(self.sides, self.sides[1:],
                                                                  strict=False)]
        x = PLATES.centerx - (self.card_w * len(self.order) + sum(gaps)) / 2
        centres, vs_x = [], float(PLATES.centerx)
        for k in range(len(self.order)):
            centres.append(x + self.card_w / 2)
            x += self.card_w
            if k < len(gaps):
                if gaps[k] == SIDE_GAP:
                    vs_x = x + SIDE_GAP / 2
                x += gaps[k]
        return centres, vs_x

    def update(self, dt: float) -> None:
        super().update(dt)
        self.age += dt

    def show_pair(self, seat: int, who: str, colour: tuple[int, int, int], name: str,
                  totals: dict[str, Any]) -> RevealCard:
        """Turn ``seat``'s pair face up (again, with a new base, after a clash)."""
        old = self.cards.pop(seat, None)
        if old is not None:
            self.remove(old)
        x = self.centres[self.order.index(seat)] if seat in self.order else PLATES.centerx
        card = RevealCard(x, PLATES.centery, seat, who, colour, name, totals, self.card_w)
        card.scale = 0.85
        card.tween("scale", 1.0, 0.35, ease_out_back)
        card.flip(0.4)
        self.cards[seat] = card
        self.add(card)
        return card

    def decide(self, active: int, attacks: list[int] | None = None) -> None:
        """Priority decided: the winner's card ACTIVE, the other REACTIVE. In team play
        (``attacks``: the order of attacks) each card says its place in that order and its
        team's role ("1st · ACTIVE", "2nd · REACTIVE"), and bounces in that order."""
        side = self.sides[self.order.index(active)] if active in self.order else None
        for seat, card in self.cards.items():
            mine = self.sides[self.order.index(seat)] if seat in self.order else None
            card.role = "ACTIVE" if seat == active or (attacks and mine == side) \
                else "REACTIVE"
            card.rank = attacks.index(seat) + 1 if attacks and seat in attacks else 0
            if seat == active or card.rank:
                card.scale = 1.08
                card.tween("scale", 1.0, 0.3, ease_out_cubic,
                           delay=0.18 * max(0, card.rank - 1))

    def clash(self) -> None:
        for card in self.cards.values():
            card.role = "CLASH!"

    def leave(self, spots: dict[int, pygame.Rect], landed: Callable[[int], None],
              delay: float = HOLD) -> None:
        """After ``delay``, each card shrinks onto its plate's pair slot (``landed(seat)``
        then) and the veil lifts; the stage leaves the table."""
        if self.leaving:
            return
        self.leaving = True
        for seat, card in self.cards.items():
            spot = spots.get(seat)
            if spot is None:
                continue
            card.tween("x", spot.centerx, 0.35, ease_in_out_cubic, delay=delay)
            card.tween("y", spot.centery, 0.35, ease_in_out_cubic, delay=delay)
            card.tween("scale", spot.w / self.card_w, 0.35, ease_in_out_cubic, delay=delay,
                       on_done=partial(landed, seat))
        self.tween("veil", 0.0, 0.3, delay=delay + 0.1, on_done=self.detach)

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        if self.veil <= 0.01:
            return
        veil = pygame.Surface(PLATES.inflate(8, 8).size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (14, 10, 8, round(215 * self.veil)), veil.get_rect(),
                         border_radius=12)
        target.blit(veil, PLATES.inflate(8, 8).topleft)
        if len(self.cards) >= 2 and self.veil > 0.5:
            centre = (round(self.vs_x), PLATES.centery)
            radius = 24 if len(self.order) <= 2 else SIDE_GAP // 2 - 2
            pygame.draw.circle(target, theme.WOOD, centre, radius)
            pygame.draw.circle(target, theme.BRASS_LIGHT, centre, radius, 2)
            theme.text(target, "VS", centre, 17 if radius >= 24 else 14, theme.BRASS_LIGHT,
                       "display", "center")


class RangeCheck(Node):
    """An attack's range check on the board, for a moment: the spaces its range reaches
    from each space it counts from, washed in the attacker's colour, an arrow from the
    attacker to the target, and the verdict in words over the middle of the arrow, at the
    top of the board's row (no target: no arrow, the verdict over the attacker's space).
    Words rising from the fighters end in that strip too, so the verdict takes its turn
    with them: it shows once the words already rising under it are gone (``wait``) for
    ``CHECK_TIME``, and words that would rise through it wait for it (``verdict_left``)."""

    def __init__(self, cells: list[pygame.Rect], reached: list[int], source: int,
                 target: int | None, colour: tuple[int, int, int], words: str, hit: bool,
                 seat: int = -1) -> None:
        super().__init__(0, 0, name="range-check")
        self.cells, self.reached, self.source, self.target = cells, reached, source, target
        self.colour, self.words, self.hit, self.seat = colour, words, hit, seat
        self.z = 4
        self.label = theme.rendered(words, 12, theme.CREAM, "bold")
        a = cells[source]
        b = a if target is None else cells[target]
        row = pygame.Rect(cells[0].x, a.y, cells[-1].right - cells[0].x, a.h)
        # the verdict's plate: over the middle of the arrow, at the top of the row, inside it
        self.box = self.label.get_rect(midtop=((a.centerx + b.centerx) // 2, a.y + 2)
                                       ).inflate(10, 4).clamp(row)
        self.verdict_in = self.verdict_left = 0.0  # seconds from now (``wait``)
        self.wait(0.0)

    def wait(self, seconds: float) -> None:
        """The verdict shows ``seconds`` from now, the check staying as long after it (a
        hit's stays until the damage lands: its Hit triggers come between)."""
        self.verdict_in, self.verdict_left = seconds, seconds + CHECK_TIME
        self.tweens.tweens = [t for t in self.tweens.tweens if t.attr != "alpha"]
        self.tween("alpha", 0.0, 0.3, delay=max(HIT_HOLD, self.verdict_left) if self.hit
                   else self.verdict_left, on_done=self.detach)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.verdict_in -= dt
        self.verdict_left -= dt

    def release(self, delay: float = CHECK_TIME) -> None:
        """The hit's damage has landed: the check fades a moment later, not before its
        verdict has shown (at once when a fighter moves before it: the arrow would point
        where nobody stands)."""
        self.tweens.tweens = [t for t in self.tweens.tweens if t.attr != "alpha"]
        if delay == 0:
            self.verdict_left = 0.0
        else:
            delay = max(delay, self.verdict_left)
        self.tween("alpha", 0.0, 0.2 if delay == 0 else 0.3, delay=delay,
                   on_done=self.detach)

    def showing_verdict(self) -> bool:
        return self.verdict_in <= 0 < self.verdict_left and self.alpha >= 0.5

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        shade = round(90 * alpha)
        for space in self.reached:
            rect = self.cells[space]
            wash = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(wash, (*self.colour, shade), wash.get_rect(), border_radius=8)
            target.blit(wash, rect.topleft)
        if alpha < 0.5:
            return
        a = self.cells[self.source]
        b = a if self.target is None else self.cells[self.target]
        y = a.y + 24
        ink = theme.DANGER if self.hit else (90, 90, 90)
        start, end = (a.centerx, y), (b.centerx, y)
        if self.target is not None:
            pygame.draw.line(target, ink, start, end, 3)
            head = 1 if end[0] >= start[0] else -1
            pygame.draw.polygon(target, ink, [end, (end[0] - 10 * head, y - 6),
                                              (end[0] - 10 * head, y + 6)])
        if not self.showing_verdict():
            return
        pygame.draw.rect(target, ink, self.box, border_radius=6)
        target.blit(self.label, self.label.get_rect(center=self.box.center))

    def band(self) -> tuple[float, float]:
        """The columns of the screen its verdict takes."""
        return self.box.left, self.box.right


PLAQUE_SIZE = 12  # px of a hit's plaque
PLAQUE_SHOWN, PLAQUE_FADE = CHECK_TIME + 0.3, 0.3  # seconds it stays whole, then fades


def plaque_lines(notes: list[str], width: int) -> list[str]:
    """A hit's notes ("5 damage", "Armor 2", "Guard 5") side by side (" · " between) where
    they fit in ``width`` at the plaque's size, else one line each."""
    lines: list[str] = []
    for note in notes:
        joined = f"{lines[-1]} · {note}" if lines else note
        if lines and theme.rendered(joined, PLAQUE_SIZE, theme.CREAM, "bold").get_width() \
                <= width:
            lines[-1] = joined
        else:
            lines.append(note)
    return lines


def rise_clear(start: float, h: float, top: float) -> float:
    """Seconds after it begins rising until a float starting at ``start`` (its centre, ``h``
    tall) is wholly above ``top``; one that never rises that far, until it is gone."""
    need = start + h / 2 + 2 - top
    if need <= 0:
        return 0.0
    if need >= RISE:
        return SHOWN + FADE
    return RISE_TIME * (1 - (1 - need / RISE) ** (1 / 3))  # ease_out_cubic's inverse


class HitPlaque(Node):
    """What a hit did, on a plaque in the target's own space for a moment, its foot at
    ``floor`` (just above the fighter's name): the damage, the Armor that absorbed some, the
    Guard it met ("5 damage · Armor 2 · Guard 5"), a line each where they do not fit side by
    side; never wider than the space, so the neighbours' names stay clear. It shows after
    ``delay`` (when the hit's rising number has risen clear of it: ``show``)."""

    def __init__(self, cell: pygame.Rect, floor: int, notes: list[str]) -> None:
        super().__init__(0, 0, name="hit-plaque")
        self.lines = plaque_lines(notes, cell.w - 10)
        self.words = " · ".join(notes)
        inks = [theme.rendered(line, PLAQUE_SIZE, theme.CREAM, "bold") for line in self.lines]
        self.inks = inks
        self.box = pygame.Rect(0, 0, min(cell.w - 2, max(i.get_width() for i in inks) + 10),
                               sum(i.get_height() for i in inks) + 4)
        self.box.midbottom = (cell.centerx, floor)
        self.z, self.delay = 8, 0.0
        self.alpha = 0.0

    def show(self, delay: float) -> None:
        self.delay = delay
        self.alpha = 0.0 if delay else 1.0
        if delay:
            self.tween("alpha", 1.0, 0.05, delay=delay)
        self.tween("alpha", 0.0, PLAQUE_FADE, delay=delay + PLAQUE_SHOWN, on_done=self.detach)

    def seen_for(self) -> float:
        """Seconds from its making until it is gone."""
        return self.delay + PLAQUE_SHOWN + PLAQUE_FADE

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        if alpha < 0.5:
            return
        pygame.draw.rect(target, theme.DANGER, self.box, border_radius=7)
        pygame.draw.rect(target, theme.CREAM, self.box, width=1, border_radius=7)
        y = self.box.y + 2
        for ink in self.inks:
            target.blit(ink, ink.get_rect(midtop=(self.box.centerx, y)))
            y += ink.get_height()


def lunge(standee: StandeeNode, toward: float, home: float | None = None) -> None:
    """The attacker leans in towards its target and back to ``home`` (its space's centre:
    a lunge that starts while a hop is still on its way must not end mid-way)."""
    home = standee.x if home is None else home
    push = 22 if toward > home else -22 if toward < home else 0

    def back() -> None:
        standee.tween("x", home, 0.2, ease_in_out_cubic)

    standee.tween("x", home + push, 0.12, ease_out_cubic, on_done=back)


def hop_path(standee: StandeeNode, xs: list[float], y: float, high: list[bool]) -> None:
    """Hop from space to space (``xs``: each space's centre in order), higher over a
    space another fighter stands on (``high``)."""
    if not xs:
        return
    first, rest = xs[0], xs[1:]
    standee.tweens.tweens = [t for t in standee.tweens.tweens
                             if t.attr not in ("x", "y", "hop")]
    standee.hop_to(first, y, duration=STEP_HOP, height=54 if high[0] else 24)
    if rest:  # the next hop starts as this one lands
        hop = next(t for t in reversed(standee.tweens.tweens) if t.attr == "hop")
        hop.on_done = lambda: hop_path(standee, rest, y, high[1:])
