"""Per-game tables: the registry, and BattleCON's board with hopping standees."""

from __future__ import annotations

import random

import pytest

from game.app import App
from game.screens.table import TableScreen
from game.session import Seat, Session
from game.tables import table_for
from game.tables.battlecon.table import BattleconTable
from game.tables.generic import GenericTable


def test_games_without_their_own_table_get_the_generic_one():
    assert table_for("dicerace") is GenericTable
    assert table_for("battlecon") is BattleconTable


@pytest.fixture
def duel(app_dirs):
    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    session = Session.new("battlecon", {"players": 2}, [Seat(True), Seat(True)], 4)
    return app.stack.push(TableScreen(app, session))


def test_battlecon_standees_stand_on_their_spaces(duel):
    view = duel.session.state
    table = duel.table
    assert set(table.standees) == {0, 1}
    for seat, standee in table.standees.items():
        assert standee.x == table.cell(view.pos(seat)).centerx
    assert "Board" not in [p.title for p in table.panels]


def test_battlecon_standee_hops_to_the_space_it_moved_to(duel):
    session, table = duel.session, duel.table
    rng = random.Random(2)
    start = [session.state.pos(p) for p in (0, 1)]
    for _ in range(400):
        seat = session.actor()
        assert seat is not None, "the duel ended before anyone moved"
        session.submit(seat, rng.choice(session.state.legal_actions(seat)))
        if [session.state.pos(p) for p in (0, 1)] != start:
            break
    duel.viewer = session.actor()
    duel.refresh()
    mover = next(p for p in (0, 1) if session.state.pos(p) != start[p])
    standee = table.standees[mover]
    target = table.cell(session.state.pos(mover)).centerx
    assert standee.busy() and standee.x != target
    standee.update(0.2)
    assert standee.lift() < 0  # in the air
    standee.update(0.4)
    assert standee.x == target and standee.lift() == pytest.approx(0, abs=1e-9)


def play_until(session, rng, done, limit=400):
    for _ in range(limit):
        if done():
            return
        seat = session.actor()
        assert seat is not None, "the duel ended first"
        session.submit(seat, rng.choice(session.state.legal_actions(seat)))
    raise AssertionError("never happened")


def test_battlecon_set_pair_lies_face_down_and_turns_over_at_the_reveal(duel):
    session, table = duel.session, duel.table
    rng = random.Random(5)
    duel.viewer = 0
    def foe_pair():
        return session.state.view(0).player(1).pair

    play_until(session, rng, lambda: foe_pair() is not None and foe_pair().hidden)
    duel.refresh()
    card = table.pairs[1]
    assert card.visible and not card.face_up and not card.showing_face
    play_until(session, rng, lambda: foe_pair() is not None and not foe_pair().hidden)
    duel.refresh()
    assert card.busy()
    card.update(1.0)
    assert card.face_up and card.title == session.state.pair_name(1)


def test_a_games_own_table_is_found_by_its_module_name(monkeypatch):
    """A module game/tables/<id>.py with a TABLE attribute is that game's table."""
    import sys
    import types

    import game.tables as tables

    class OwnTable(GenericTable):
        pass

    module = types.ModuleType("game.tables.owngame")
    module.TABLE = OwnTable
    monkeypatch.setitem(sys.modules, "game.tables.owngame", module)
    monkeypatch.setattr(tables, "TABLES", dict(tables.TABLES))
    assert table_for("owngame") is OwnTable
    assert table_for("no_such_game") is GenericTable
