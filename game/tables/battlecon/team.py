"""Team play on BattleCON's table (3-4 fighters on the 9-space board): team colours, each
team's shared Force in the board's head, the reference cards (Super / Ultra) and Revenge
cards as pieces, and a defeated fighter's plate greyed out. Everything is read from the
view: ``s.teams`` (each seat's side), ``s.team_force``, and per fighter ``role``,
``revenge``, ``out`` and ``max_life`` (see docs/battlecon.md)."""

from __future__ import annotations

import pygame

from game import theme
from game.tables.battlecon.parts import word_lines
from game.tables.battlecon.pieces import Group, Piece
from rules.battlecon.state import BattleconState

Colour = tuple[int, int, int]

#: Each side's colours, one per member: warm reds for the first team, cool blues for the
#: second, so a glance tells the sides apart.
TEAM_COLOURS: tuple[tuple[Colour, ...], tuple[Colour, ...]] = (
    ((196, 72, 60), (226, 128, 52), (204, 86, 136)),
    ((62, 118, 190), (44, 158, 160), (112, 98, 196)),
)
REFERENCE, REVENGE = (214, 170, 76), (150, 40, 44)


def is_team(view: BattleconState) -> bool:
    return view is not None and view.teams is not None


def side_of(view: BattleconState, seat: int) -> int:
    return int(view.teams[seat]) if view.teams is not None else seat


def team_colour(view: BattleconState, seat: int) -> Colour:
    """The seat's colour in its team's family (the n-th member takes the n-th shade)."""
    side = side_of(view, seat)
    rank = [p for p in range(view.num_players) if side_of(view, p) == side].index(seat)
    family = TEAM_COLOURS[side % 2]
    return family[rank % len(family)]


def is_out(view: BattleconState, seat: int) -> bool:
    return bool(view.player(seat).out)


def force_of(view: BattleconState, seat: int) -> tuple[int, int]:
    """(Force the fighter can spend, its cap): the team's shared Force in team play."""
    if is_team(view):
        return int(view.team_force[side_of(view, seat)]), int(view.force_cap())
    return int(view.player(seat).force), int(view.content.numbers["force_cap"])


def max_life(view: BattleconState, seat: int) -> int:
    return int(view.max_life(seat))


def is_active(view: BattleconState, seat: int) -> bool | None:
    """Whether the fighter (its team, in team play) is Active; None before it is known."""
    active = view.active
    if active is None:
        return None
    return side_of(view, active) == side_of(view, seat)


def team_cards(view: BattleconState, seat: int) -> list[Group]:
    """The fighter's reference card (Super / Ultra) and Revenge cards, as pieces."""
    pl = view.player(seat)
    team = getattr(view.content, "team", None)
    if not is_team(view) or team is None:
        return []
    groups = []
    role = pl.role
    if role:
        groups.append(Group("Reference", [Piece("reference", team["roles"][role]["name"],
                                                REFERENCE, current=True)]))
    if pl.revenge:
        groups.append(Group("Revenge", [Piece("revenge", team["revenge"]["name"], REVENGE)]
                            * int(pl.revenge)))
    return groups


def draw_team_force(target: pygame.Surface, view: BattleconState, left: int, y: int,
                    colours: list[Colour]) -> int:
    """Each team's shared Force as a coloured label and gems, laid from ``left``; returns
    the right edge."""
    x = left
    cap = int(view.force_cap())
    for side in (0, 1):
        force = int(view.team_force[side])
        members = [p for p in range(view.num_players) if side_of(view, p) == side]
        colour = colours[members[0]] if members else theme.PARCHMENT
        shown = theme.text(target, f"Team {side + 1}", (x, y), 12, theme.lighten(colour, 30),
                           "bold", "midleft")
        gems = min(cap, 20)
        pitch = 7
        for k in range(gems):
            c = (shown.right + 8 + k * pitch, y)
            lit = k < force
            pygame.draw.circle(target, (90, 200, 220) if lit else (70, 80, 84), c, 3)
        count = theme.text(target, str(force), (shown.right + 10 + gems * pitch, y), 12,
                           theme.PARCHMENT, "bold", "midleft")
        x = count.right + 16
    return x


def draw_defeated(target: pygame.Surface, rect: pygame.Rect, words: str) -> None:
    """A fighter who has left the board: the plate greyed under the band, stamped."""
    body = pygame.Rect(rect.x, rect.y + 24, rect.w, rect.h - 24)
    veil = pygame.Surface(body.size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (40, 38, 36, 200), veil.get_rect(), border_bottom_left_radius=10,
                     border_bottom_right_radius=10)
    target.blit(veil, body.topleft)
    stamp = pygame.Rect(0, 0, min(rect.w - 24, 170), 34)
    stamp.center = (body.centerx, body.centery - 14)
    pygame.draw.rect(target, theme.DANGER, stamp, width=3, border_radius=6)
    theme.text(target, "DEFEATED", stamp.center, 18, theme.DANGER, "display", "center")
    for k, line in enumerate(word_lines(words, rect.w - 16, 12, 2)):
        theme.text(target, line, (body.centerx, stamp.bottom + 14 + 14 * k), 12,
                   theme.PARCHMENT_DIM, "bold", "center")
    veil = pygame.Surface((rect.w, 24), pygame.SRCALPHA)
    veil.fill((40, 38, 36, 150))
    target.blit(veil, rect.topleft)
