"""The pair preview on BattleCON's table: while the viewer builds a pair (a card picked and
the pointer or the keyboard focus on its partner, or a card dragged over one), the pair's
totals as the rules count them now (the printed numbers with every standing bonus: Forms,
Statuses, tokens, markers, the fighter's abilities) in the viewer's pair slot, and the
spaces the attack reaches from where the fighter stands, lit on the board."""

from __future__ import annotations

import pygame

from game import theme
from game.tables.battlecon.faces import STUN_IMMUNE
from game.tables.battlecon.parts import draw_totals
from rules.battlecon.model import Pair
from rules.battlecon.state import BattleconState
from rules.battlecon.stats import AttackStats


def preview_stats(view: BattleconState, seat: int, style: str, base: str) -> AttackStats:
    """The totals of the pair (style, base) if ``seat`` set it now (on a copy of the view)."""
    trial = view.clone()
    trial.player(seat).pair = Pair(style=style, base=base)
    return trial.stats(seat)


def stat_words(stats: AttackStats) -> dict[str, str]:
    """Each total as the cards print it (Range as "lo~hi", "–" for none)."""
    if stats.range is None:
        reach = "–"
    else:
        lo, hi = stats.range
        reach = f"{lo}" if lo == hi else f"{lo}~{hi}"
    return {"range": reach, "power": "–" if stats.power is None else str(stats.power),
            "priority": f"{stats.priority}{'▲' if stats.tiebreaker else ''}",
            "guard": STUN_IMMUNE if stats.stun_immune else str(stats.guard)}


def reach_spaces(view: BattleconState, seat: int, stats: AttackStats) -> list[int]:
    """The spaces an attack with these totals reaches from the fighter's space."""
    here = view.pos(seat)
    if stats.range is None or here is None:
        return []
    lo, hi = stats.range
    return sorted({int(here) + side * d for d in range(max(1, lo), hi + 1) for side in (-1, 1)
                   if 0 <= int(here) + side * d < int(view.width)})


def draw_reach(target: pygame.Surface, cells: list[pygame.Rect], spaces: list[int],
               colour: tuple[int, int, int]) -> None:
    """The reached spaces washed in the fighter's colour with a brass edge."""
    for space in spaces:
        rect = cells[space]
        wash = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(wash, (*colour, 70), wash.get_rect(), border_radius=8)
        target.blit(wash, rect.topleft)
        pygame.draw.rect(target, theme.BRASS_LIGHT, rect, width=3, border_radius=8)


def draw_preview(target: pygame.Surface, slot: pygame.Rect, name: str,
                 stats: AttackStats) -> None:
    """The pair being built, in the pair slot: its name and the four totals with icons."""
    theme.shadowed_rect(target, slot, theme.CREAM, radius=10, shadow=3,
                        border=theme.BRASS_LIGHT, border_width=2)
    draw_totals(target, slot, name, stat_words(stats))
