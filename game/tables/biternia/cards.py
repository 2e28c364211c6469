"""Biternia's action cards as the table draws them: the printed numbers in a few short
words (defense, attacks with their power, keywords), the hand card widget and the small
cards that lie beside a Hero (its face-up card and its order, face down until revealed)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game import icons, theme
from game.cardface import CardFace
from game.scene import Affine, CardNode
from game.tables.biternia.faces import (
    BASIC_INK,
    HERO_INK,
    MAGIC,
    PHYSICAL,
    SKILL_NAMES,
    card_face,
    hero_face,
)
from game.tween import ease_out_cubic
from game.widgets import Widget
from rules.biternia.content import Card, load
from rules.biternia.effects import card_of

DIM = (128, 120, 106)
#: the foot of another Hero's power in the hand, the longest that fits the card's width
FOREIGN_WORDS = ("Farm/Rest/Hire only", "Farm/Rest/Hire", "Not theirs")


@dataclass(frozen=True)
class Face:
    """What a card shows: name, whose it is, defense, keywords and its steps in short."""

    name: str
    owner: str
    defense: int
    keywords: tuple[str, ...]
    steps: tuple[str, ...]
    ink: tuple[int, int, int]


def fitting(options: tuple[str, ...] | list[str], width: int, size: int = 12,
            style: str = "regular") -> str:
    """The first (longest) of ``options`` that fits ``width`` at ``size``: a shorter way of
    saying it rather than a cut with "..." (the last one, cut, if none fits)."""
    for words in options:
        if theme.font(size, style).size(words)[0] <= width:
            return words
    return theme.ellipsize(options[-1], width, size, style)


def short_step(step: dict) -> str:
    """One step in a few words: "Ranged Phys 3, Pierce 1", "Heal 2", "Move"."""
    kind = step["do"]
    if kind == "attack":
        words = [w for w, on in (("Ranged", step.get("ranged")), ("Area", step.get("area")))
                 if on]
        words.append(("Phys " if step["type"] == "physical" else "Magic ") + str(step["power"]))
        out = " ".join(words)
        if step.get("pierce"):
            out += f", Pierce {step['pierce']}"
        if step.get("hit"):
            out += " + " + "/".join(h["do"].replace("_", " ").title() for h in step["hit"])
        return out
    amount = step.get("amount")
    label = kind.replace("_", " ").title().replace("Attack Token", "+1 Attack")
    return f"{label} {amount}" if isinstance(amount, int) and kind != "attack_token" else \
        f"{label} x{amount}" if isinstance(amount, int) else label


@lru_cache(maxsize=256)
def face(card_id: str) -> Face | None:
    """The face of a card instance (None for a hidden card or a Hero card)."""
    card: Card | None = card_of(card_id) if card_id and card_id != "?" else None
    if card is None:
        return None
    if card.hero:
        owner = f"{load().heroes[card.hero].name} {SKILL_NAMES.get(card.skill, card.skill)}"
    else:
        owner = "Basic"
    attacks = [s for s in card.steps if s["do"] == "attack"]
    ink = BASIC_INK if not attacks else PHYSICAL if attacks[0]["type"] == "physical" else MAGIC
    keywords = tuple(sorted(k.capitalize() for k in card.keywords))
    return Face(card.name, owner, card.defense, keywords,
                tuple(short_step(s) for s in card.steps), ink)


def draw_shield(target: pygame.Surface, centre: tuple[int, int], number: int | str,
                size: int = 16, fill: tuple[int, int, int] = (92, 100, 112)) -> None:
    """A small heater shield with a number on it (defense, structure HP)."""
    cx, cy = centre
    half = size // 2
    points = [(cx - half, cy - half), (cx + half, cy - half), (cx + half, cy + half // 3),
              (cx, cy + half + 2), (cx - half, cy + half // 3)]
    pygame.draw.polygon(target, fill, points)
    pygame.draw.polygon(target, theme.CREAM, points, 1)
    theme.text(target, str(number), (cx, cy - 1), max(12, size - 5), theme.CREAM, "bold",
               "center")


def draw_back(surf: pygame.Surface, rect: pygame.Rect) -> None:
    """A card back: walnut with a brass frame and a brass gem."""
    radius = max(3, rect.w // 8)
    pygame.draw.rect(surf, theme.WOOD, rect, border_radius=radius)
    inner = rect.inflate(-max(4, rect.w // 6), -max(4, rect.w // 6))
    pygame.draw.rect(surf, theme.BRASS, inner, width=1, border_radius=max(2, radius - 2))
    c = inner.center
    r = max(2, min(inner.w, inner.h) // 4)
    pygame.draw.polygon(surf, theme.BRASS, [(c[0], c[1] - r), (c[0] + r, c[1]),
                                            (c[0], c[1] + r), (c[0] - r, c[1])], 1)


class MiniCard(CardNode):
    """A Hero's small card: ``card`` is a card id, "?" (hidden: the back) or None. Face up it
    shows the defense shield and the name's first letters; ``secret`` marks an order seen
    only by its own team (a dark corner says it is still face down)."""

    def __init__(self, x: float, y: float, name: str) -> None:
        super().__init__(x, y, "", face_up=True, w=26, h=36, name=name)
        self.card: str | None = None
        self.secret = False

    def look_key(self) -> object:
        return (self.w, self.h, self.showing_face, self.card, self.secret)

    def zoom_face(self) -> CardFace | None:
        """The card large when its face is shown (the shared zoom)."""
        return card_face(self.card) if self.card and self.showing_face else None

    def render(self) -> pygame.Surface:
        surf = pygame.Surface((int(self.w), int(self.h)), pygame.SRCALPHA)
        rect = surf.get_rect()
        found = face(self.card) if self.card else None
        if not self.showing_face or found is None:
            draw_back(surf, rect)
            return surf
        pygame.draw.rect(surf, theme.PARCHMENT, rect, border_radius=3)
        pygame.draw.rect(surf, found.ink, (0, 0, rect.w, 7), border_top_left_radius=3,
                         border_top_right_radius=3)
        draw_shield(surf, (rect.centerx, rect.y + 14), found.defense, 14)
        letters = "".join(w[0] for w in found.name.split()[:2])
        theme.text(surf, fitting((letters, letters[:1]), rect.w - 2, 12, "bold"),
                   (rect.centerx, rect.bottom), 12, theme.INK, "bold", "midbottom")
        if self.secret:
            pygame.draw.polygon(surf, (20, 20, 24, 200), [(rect.right, rect.bottom - 12),
                                                          (rect.right, rect.bottom),
                                                          (rect.right - 12, rect.bottom)])
        pygame.draw.rect(surf, theme.WOOD, rect, width=1, border_radius=3)
        return surf

    def reveal(self, card: str) -> None:
        """The order turns over: a back opens on its face, an own secret card loses its
        corner."""
        self.card, self.secret = card, False
        self.face_up = False
        self.flip(0.4)


class LookedCard(Widget, ABC):
    """A card widget drawn once per look (``look_key`` and its size) by ``render(size)``
    into a surface 4 px larger all round (its shadow), then blitted every frame."""

    _look: tuple[object, pygame.Surface] | None = None

    def look_key(self) -> object:
        return None

    @abstractmethod
    def render(self, size: tuple[int, int]) -> pygame.Surface:
        """The card at ``size``, on a surface 4 px larger all round."""

    def draw_self(self, target: pygame.Surface, world: Affine, alpha: float) -> None:
        rect = self.box(world)
        key = (rect.size, self.look_key())
        if self._look is None or self._look[0] != key:
            self._look = (key, self.render(rect.size))
        target.blit(self._look[1], (rect.x - 4, rect.y - 4))


class HandCard(LookedCard):
    """A card in the hand tray: name, owner, defense shield, keywords and the card's steps.
    Clicking it calls ``on_pick(card id)``; ``selected`` lifts it with a brass edge; a card no
    legal action takes is dimmed."""

    def __init__(self, x: float, y: float, cid: str, on_pick: Callable[[str], None],
                 w: float, h: float, mine: bool = True) -> None:
        super().__init__(x, y, w, h, name=f"{'hand' if mine else 'mate'}.{cid}",
                         on_activate=lambda: on_pick(cid))
        self.cid, self.mine = cid, mine
        self.selected = False
        self.dim = False  # dimmed: on the viewer's turn, no legal action takes it
        self.foreign = False  # another Hero's power: the picked Hero may only discard it
        self.why = ""  # greyed: why it cannot be played now (said while hovered)
        self.home = (x, y)
        #: dragging: ``on_drag(card, "start" | "end", pos)`` (the table picks the card, then
        #: gives the order to the Hero it is dropped on); None: the card is not dragged
        self.on_drag: Callable[[HandCard, str, tuple[float, float]], None] | None = None
        self.dragging = False
        self.grab = (0.0, 0.0)

    def zoom_face(self) -> CardFace | None:
        return card_face(self.cid)

    # -- dragging (see game.screens.base.Draggable) ----------------------------------------
    def drag_start(self, pos: tuple[float, float]) -> None:
        if not self.enabled or self.on_drag is None:
            return
        self.dragging = True
        self.tweens.tweens = [t for t in self.tweens.tweens if t.attr not in ("x", "y")]
        self.grab = (self.x - pos[0], self.y - pos[1])
        self.z = 30
        self.on_drag(self, "start", pos)

    def drag_move(self, pos: tuple[float, float]) -> None:
        if self.dragging:
            self.x, self.y = pos[0] + self.grab[0], pos[1] + self.grab[1]

    def drag_end(self, pos: tuple[float, float]) -> None:
        if not self.dragging or self.on_drag is None:
            return
        self.dragging = False
        self.z = 6
        self.on_drag(self, "end", pos)
        self.send_home(*self.home)

    def send_home(self, x: float, y: float, snap: bool = False) -> None:
        self.home = (x, y)
        if self.dragging:
            return
        lift = 8 if self.selected else 0
        if snap:
            self.x, self.y = x, y - lift
            return
        self.tweens.tweens = [t for t in self.tweens.tweens if t.attr not in ("x", "y")]
        for attr, end in (("x", x), ("y", y - lift)):
            if abs(getattr(self, attr) - end) > 0.5:
                self.tween(attr, end, 0.25, ease_out_cubic)

    def look_key(self) -> object:
        return (self.dim, self.foreign, self.selected, self.focused, round(self.glow, 1))

    def render(self, size: tuple[int, int]) -> pygame.Surface:
        surf = pygame.Surface((size[0] + 8, size[1] + 8), pygame.SRCALPHA)
        rect = pygame.Rect(4, 4, *size)
        found = face(self.cid)
        lit = not self.dim
        theme.shadowed_rect(surf, rect, theme.PARCHMENT if lit else theme.PARCHMENT_DIM,
                            radius=7, shadow=3)
        if found is None:
            draw_back(surf, rect)
            return surf
        ink = theme.INK if lit else DIM
        band = pygame.Rect(rect.x, rect.y, rect.w, 18)
        pygame.draw.rect(surf, found.ink if lit else DIM, band, border_top_left_radius=7,
                         border_top_right_radius=7)
        parts = found.owner.split()  # "Agatha Trunch B": the whole, the Hero, a first name
        options = [w for w in (found.owner, " ".join(parts[:-1]), parts[0]) if w]
        room = rect.w - 22
        style = next((st for st in ("bold", "regular")
                      if theme.font(12, st).size(options[-1])[0] <= room), "")
        if style:  # the whole, else the Hero, else its first name (regular on a narrow card)
            theme.text(surf, fitting(options, room, 12, style),
                       (rect.x + 5, band.centery), 12, theme.CREAM, style, "midleft")
        else:  # too narrow for the name: the Hero's picture and the skill's letter
            hero = " ".join(parts[:-1]) if len(parts) > 1 else parts[0]
            picture = icons.icon("biternia", "hero", hero, 14, theme.CREAM)
            surf.blit(picture, picture.get_rect(midleft=(rect.x + 4, band.centery)))
            if len(parts) > 1:
                theme.text(surf, parts[-1], (rect.x + 21, band.centery), 12, theme.CREAM,
                           "bold", "midleft")
        draw_shield(surf, (rect.right - 11, band.bottom), found.defense, 16)
        y = band.bottom + 3
        bottom = rect.bottom - (18 if self.foreign else 2)  # the lines stop above the foot
        for line in theme.wrap(found.name, rect.w - 8, 12, "bold", hyphenate=True)[:3]:
            theme.text(surf, theme.ellipsize(line, rect.w - 8, 12, "bold"), (rect.x + 4, y), 12,
                       ink, "bold")
            y += 14
        lines = [(part, "bold", PHYSICAL if lit else DIM)
                 for part in theme.wrap(" · ".join(found.keywords), rect.w - 8, 12, "bold",
                                        hyphenate=True)
                 if part]
        lines += [(part, "regular", ink) for line in found.steps
                  for part in theme.wrap(line, rect.w - 8, 12, hyphenate=True)]
        for words, style, colour in lines:  # as many as fit (the zoom shows them all)
            if y + 14 > bottom:
                break
            theme.text(surf, theme.ellipsize(words, rect.w - 8, 12, style), (rect.x + 4, y),
                       12, colour, style)
            y += 14
        if self.foreign:  # another Hero's power: this Hero may only Farm, Rest or Hire
            foot = pygame.Rect(rect.x + 1, rect.bottom - 18, rect.w - 2, 17)
            pygame.draw.rect(surf, theme.PARCHMENT_DIM, foot, border_bottom_left_radius=7,
                             border_bottom_right_radius=7)
            words = next((w for w in FOREIGN_WORDS
                          if theme.font(12, "bold").size(w)[0] <= foot.w - 6), "")
            theme.text(surf, words, foot.center, 12, theme.INK, "bold", "center")
        lit_edge = self.selected or self.focused
        pygame.draw.rect(surf, theme.BRASS_LIGHT if lit_edge else theme.WOOD, rect,
                         width=3 if lit_edge else 1, border_radius=7)
        if self.glow > 0.05 and self.enabled:
            wash = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(wash, (255, 240, 200, int(50 * self.glow)), wash.get_rect(),
                             border_radius=7)
            surf.blit(wash, rect.topleft)
        return surf


class HeroTile(LookedCard):
    """A Hero of the draft as a card: its picture, name, class and type, HP on a heart-red
    disc and its four powers by name (the whole text opens large on a pause). Once drafted
    it keeps its place, veiled in the drafting team's colour with the team named; a click
    on a Hero still in the pool drafts it."""

    def __init__(self, x: float, y: float, w: float, h: float, hero: str,
                 on_pick: Callable[[], None] | None) -> None:
        super().__init__(x, y, w, h, name=f"draft.{hero}", on_activate=on_pick)
        self.hero = hero
        self.team: tuple[str, tuple[int, int, int]] | None = None  # drafted: by whom

    def zoom_face(self) -> CardFace:
        return hero_face(self.hero)

    def look_key(self) -> object:
        return (self.team, self.enabled, self.focused, round(self.glow, 1))

    def render(self, size: tuple[int, int]) -> pygame.Surface:
        surf = pygame.Surface((size[0] + 8, size[1] + 8), pygame.SRCALPHA)
        rect = pygame.Rect(4, 4, *size)
        spec = load().heroes[self.hero]
        fill = theme.blend(theme.PARCHMENT, theme.CREAM, self.glow if self.enabled else 0)
        theme.shadowed_rect(surf, rect, fill, radius=8, shadow=3)
        band = pygame.Rect(rect.x, rect.y, rect.w, 32)
        ink = self.team[1] if self.team is not None else HERO_INK
        pygame.draw.rect(surf, ink, band, border_top_left_radius=8, border_top_right_radius=8)
        picture = icons.icon("biternia", "hero", spec.name, 26, theme.CREAM)
        surf.blit(picture, picture.get_rect(midleft=(band.x + 5, band.centery)))
        heart = (band.right - 14, band.centery)
        pygame.draw.circle(surf, PHYSICAL, heart, 11)
        pygame.draw.circle(surf, theme.CREAM, heart, 11, 1)
        theme.text(surf, str(spec.hp), heart, 12, theme.CREAM, "bold", "center")
        label = "HP" if self.team is None else self.team[0]  # drafted: the team instead
        theme.text(surf, label, (heart[0] - 14, heart[1]), 12, theme.CREAM, "bold", "midright")
        y = band.bottom + 2
        room = rect.w - 10
        theme.text(surf, theme.ellipsize(spec.name, room, 13, "bold"), (rect.x + 5, y), 13,
                   theme.INK, "bold")
        y += 16
        for part in theme.wrap(f"{spec.hero_class} · {spec.hero_type}", room, 12,
                               hyphenate=True)[:3]:
            theme.text(surf, part, (rect.x + 5, y), 12, theme.WOOD)
            y += 14
        y += 2
        pygame.draw.line(surf, theme.WOOD, (rect.x + 5, y), (rect.right - 5, y))
        y += 3
        for cid in spec.powers:
            card = load().cards[cid]
            letter = SKILL_NAMES.get(card.skill, card.skill)[:1]
            chip = pygame.Rect(rect.x + 4, y + 1, 12, 13)
            pygame.draw.rect(surf, MAGIC if card.skill == "Z" else BASIC_INK, chip,
                             border_radius=3)
            theme.text(surf, letter, chip.center, 12, theme.CREAM, "bold", "center")
            for part in theme.wrap(card.name, room - 12, 12, hyphenate=True)[:2]:
                theme.text(surf, part, (chip.right + 3, y), 12, theme.INK)
                y += 14
            y += 1
        if self.team is not None:  # drafted: veiled in the team's colour
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(veil, (*self.team[1], 60), veil.get_rect(), border_radius=8)
            surf.blit(veil, rect.topleft)
        lit = self.focused and self.enabled
        pygame.draw.rect(surf, theme.BRASS_LIGHT if lit else theme.WOOD, rect,
                         width=3 if lit else 1, border_radius=8)
        return surf
