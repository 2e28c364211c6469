"""Direct play on Biternia's table (issue #16): every legal action of every position has a
table element leading to it (a space, a standee, a plate, a hand or draft card, a power to
learn, the prompt near the acting Hero, a teammate's seat chip or the End button), each
element can be clicked where nothing covers it, and a click plays one of the actions it
declares or shows the next targets leading to them."""

from __future__ import annotations

import random

import pygame
import pytest

from game.tables.biternia.table import BiterniaTable
from game.widgets import Widget
from rules.biternia.kinds import Act
from tests.game.test_biternia_table import open_table

#: the points of a widget the self-test's driver tries, as fractions of its size
GRID = ((0, 0), *((x, y) for y in (-0.3, 0.3, 0) for x in (-0.35, 0.35, 0)))


def show_to_actor(screen):
    """Hot seat: the table as the seat to act sees it, every animation finished."""
    screen.viewer = screen.session.actor()
    screen.refresh()
    screen.root.finish_animations()
    screen.root.update(0.0)


def reachable(screen, widget: Widget) -> tuple[float, float] | None:
    """A point of ``widget`` that the pointer reaches (nothing else on top of it there)."""
    for fx, fy in GRID:
        point = widget.to_world(fx * widget.w, fy * widget.h)
        if screen.widget_at(point) is widget:
            return point
    return None


def press(screen, point):
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        screen.handle(pygame.event.Event(kind, pos=point, button=1))


def walk(app_dirs, players, seed, decisions):
    """Random legal play; yields the table shown to each seat that acts."""
    app, screen = open_table(app_dirs, players, seed, heroes="draft")
    session = screen.session
    rng = random.Random(seed)
    for _ in range(decisions):
        seat = session.actor()
        if seat is None:
            return
        show_to_actor(screen)
        yield screen
        session.submit(seat, rng.choice(session.state.legal_actions(seat)))


@pytest.mark.parametrize("players, seed", [(2, 5), (4, 9)])
def test_every_legal_action_has_a_place_on_the_table(app_dirs, players, seed):
    """Through the draft, the powers, deployment and many rounds: the table's elements
    lead to every legal action (none is left to the action list), and nothing is
    ``UNPLACED``."""
    assert BiterniaTable.UNPLACED == ()
    kinds = set()
    for screen in walk(app_dirs, players, seed, 700):
        table = screen.table
        actions = set(table.model.actions)
        missing = actions - table.placed()
        assert not missing, f"no table element leads to {sorted(map(str, missing))}"
        kinds |= {a.kind for a in actions}
    assert kinds >= {Act.DRAFT, Act.LEARN, Act.DEPLOY, Act.ORDER, Act.MOVE, Act.ACTIVATE,
                     Act.DISCARD, Act.DONE}


@pytest.mark.parametrize("players, seed", [(2, 7), (4, 3)])
def test_each_element_can_be_clicked_and_plays_what_it_declares(app_dirs, players, seed):
    """Every element with leads has a point nothing covers (the prompt, another standee or
    a card never hides it), and a click there either plays one of its leads, or (a Hero or
    a card picked first) shows elements that lead on to all of them."""
    checked = 0
    for screen in walk(app_dirs, players, seed, 260):
        table = screen.table
        plays = table.choose
        for widget in table.table_widgets():
            chosen: list = []
            table.choose = chosen.append
            table.picked, table.picked_card = None, None
            table.refresh(table.model, [])
            screen.root.finish_animations()
            target = next((w for w in table.table_widgets() if w.name == widget.name), None)
            if target is None:
                continue
            leads = set(target.leads)
            point = reachable(screen, target)
            assert point is not None, f"{target.name} is covered where it can be clicked"
            press(screen, point)
            if chosen:
                assert len(chosen) == 1 and chosen[0] in leads, target.name
            else:  # a selection: what it leads to now lies on other elements
                assert leads <= table.placed(), target.name
            checked += 1
        table.choose = plays
        screen.table.picked, screen.table.picked_card = None, None
    assert checked > 200


def test_a_teammates_seat_chip_hands_the_turn_over(app_dirs):
    """Four players: while the team's turn may be handed to the teammate, the teammate's
    seat chip on the track is lit and a click on it plays that hand-over."""
    for screen in walk(app_dirs, 4, 3, 900):
        table = screen.table
        offer = next((a for a in table.model.actions if a.kind == Act.HAND_OVER), None)
        if offer is None:
            continue
        chip = table.seat_chips[int(offer.args[0])]
        assert chip.leads == (offer,) and chip in table.table_widgets()
        assert not any(c.enabled for c in table.seat_chips if c is not chip)
        chosen: list = []
        table.choose = chosen.append
        point = reachable(screen, chip)
        assert point is not None
        press(screen, point)
        assert chosen == [offer]
        return
    raise AssertionError("no hand-over was offered")
