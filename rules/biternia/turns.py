"""Who of a two-player team takes the team's shared turns (3-4 player games).

The rulebook lets teammates decide together which of their Heroes moves or activates, and
they need not alternate. A program cannot ask two people at once, so:

* a Hero's turn (deploying, moving, activating, resolving its Channeled card, interrupting
  with it) is always taken by the seat that controls the Hero;
* the team's turn is offered first to its *lead* seat; the lead rotates: after a seat takes a
  team turn, its teammate leads the team's next turn;
* the seat offered the turn may hand it to its teammate instead (``hand_over``), so a team
  can move or activate the same player's Heroes twice running; a handed turn cannot be
  handed back;
* a team-level choice with no Hero of its own (which Structure attacks next) goes to the
  lead seat and rotates the same way.

A team of one (two players, or the lone player of a three-player game) never hands over:
its single seat takes every turn of its team.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rules.biternia.kinds import Act
from rules.biternia.model import team_of_seat
from rules.core import Action

if TYPE_CHECKING:
    from rules.biternia.state import BiterniaState

HeroesOf = Callable[["BiterniaState", int], list[str]]


def team_seats(s: BiterniaState, team: int) -> list[int]:
    """The team's seats, its lead seat first."""
    seats = [p for p in range(s.num_players) if team_of_seat(p, s.num_players) == team]
    lead = s.lead[team]
    return sorted(seats, key=lambda p: p != lead)


def teammate(s: BiterniaState, seat: int) -> int | None:
    others = [p for p in team_seats(s, seat % 2) if p != seat]
    return others[0] if others else None


def own(s: BiterniaState, heroes: list[str], seat: int) -> list[str]:
    return [h for h in heroes if s.heroes[h].seat == seat]


def turn_seat(s: BiterniaState, team: int, heroes: HeroesOf | None) -> int:
    """The seat taking ``team``'s turn now. ``heroes`` lists the team's Heroes that may take
    this turn (None for a team-level choice, which stays with the lead seat)."""
    lead, *rest = team_seats(s, team)
    if not rest:
        return lead
    mate = rest[0]
    if heroes is None:
        return lead
    if s.handed:
        return mate
    return lead if own(s, heroes(s, team), lead) else mate


def hand_over_offer(s: BiterniaState, seat: int, heroes: HeroesOf) -> list[Action]:
    """'Let my teammate act' while the turn is the lead's and the teammate has a Hero ready."""
    mate = teammate(s, seat)
    if mate is None or s.handed or seat != s.lead[seat % 2] \
            or not own(s, heroes(s, seat % 2), mate):
        return []
    return [Action(Act.HAND_OVER, (mate,), f"Let {s.player_name(mate)} act for the team")]


def took_turn(s: BiterniaState, seat: int) -> None:
    """A seat took its team's turn: its teammate leads the team's next one."""
    mate = teammate(s, seat)
    s.lead[seat % 2] = seat if mate is None else mate
    s.handed = False
