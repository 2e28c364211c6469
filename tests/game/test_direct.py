"""Direct play (issue #14, "Act on the table"): table elements declare the actions they
lead to, the action list can be hidden down to the choices with no place on the table, and
``selftest --direct`` plays whole matches by clicking the table's own elements."""

from __future__ import annotations

import pytest

from game import tables
from game.selftest import run_selftest
from game.tables.generic import GenericTable, TableModel
from game.widgets import Widget


class PawnTable(GenericTable):
    """Dice Race on a table of its own: a pawn to pick up (it leads to every advance), then
    one step tile per advance; the boost and the hums are tiles at once; pledges and rolls
    have no place here (``UNPLACED``)."""

    UNPLACED = ("pledge",)

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.spots: list[Widget] = []
        self.picked = False

    def refresh(self, model: TableModel, panels) -> None:
        super().refresh(model, panels)
        if model.actions != getattr(self, "_shown", None):
            self.picked = False
        self._shown = model.actions
        self.place()

    def place(self) -> None:
        for spot in self.spots:
            self.remove(spot)
        self.spots = []
        advances = tuple(a for a in self.model.actions if a.kind == "advance")
        others = [a for a in self.model.actions if a.kind in ("boost", "hum")]
        if advances:
            pawn = Widget(60, 300, 50, 50, "pawn", on_activate=self.take_pawn)
            pawn.leads = advances
            self.spots.append(pawn)
        if self.picked:
            for k, action in enumerate(advances):
                step = Widget(140 + 60 * k, 300, 50, 50, f"step.{k}",
                              on_activate=lambda a=action: self.choose(a))
                step.leads = (action,)
                self.spots.append(step)
        for k, action in enumerate(others):
            tile = Widget(60 + 44 * k, 420, 40, 40, f"tile.{k}",
                          on_activate=lambda a=action: self.choose(a))
            tile.leads = (action,)
            self.spots.append(tile)
        for spot in self.spots:
            self.add(spot)

    def take_pawn(self) -> None:
        self.picked = True
        self.place()


@pytest.fixture
def pawn_table(monkeypatch):
    monkeypatch.setattr(tables, "TABLES", {**tables.TABLES, "dicerace": PawnTable})


def test_direct_selftest_fails_naming_the_choices_with_no_place_on_the_table(
        only_dice_race, capsys):
    """The generic table has no elements of its own: every kind of choice is named."""
    assert run_selftest("dicerace", direct=True) == 1
    captured = capsys.readouterr()
    assert "could only be made in the action list" in captured.out
    assert "no place on the table: advance" in captured.err


def test_direct_selftest_plays_a_whole_match_on_the_table(only_dice_race, pawn_table, capsys):
    """Picking the pawn, then a step; the boost and hums as tiles; pledges through the list
    (declared as having no place): the match is played to its end and passes."""
    assert run_selftest("dicerace", direct=True) == 0
    out = capsys.readouterr().out
    made = int(out.split("direct play: ")[1].split(" moves made on the table")[0])
    assert made > 0 and "passed" in out


def test_direct_needs_a_game(capsys):
    assert run_selftest(None, direct=True) == 1
    assert "--direct needs a game" in capsys.readouterr().out


def test_a_hidden_list_shows_only_what_the_table_lacks(only_dice_race, dice_race):
    """With the action list hidden, the strip's buttons are the choices no table element
    leads to; shown, it lists every action as before."""
    from rules.core import Match

    match = Match(dice_race, {"players": 2}, 3)
    match.submit(0, match.state.legal_actions(0)[1])
    match.submit(1, match.state.legal_actions(1)[0])
    match.advance_chance()
    actor = match.state.decision().players[0]
    actions = tuple(match.state.legal_actions(actor))
    assert {a.kind for a in actions} >= {"advance"}
    table = PawnTable("Dice Race", ["A", "B"], ["Human", "AI"], lambda a: None, lambda: None)
    model = TableModel(match.state.view(actor), actor, actions, "", actor, False, "", False)
    table.refresh(model, [])
    table.settle_strip()
    assert len(table.listed()) == len(actions)  # shown: every action
    table.list_hidden = True
    table.settle_strip()
    listed = [actions[i] for i in table.listed()]
    assert listed == [a for a in actions if a.kind not in ("advance", "boost", "hum")]
    assert {b.name for b in table.buttons} == {f"action.{actions.index(a)}" for a in listed}
    table.end_button.visible = False
    assert table.placed() == {a for a in actions if a.kind in ("advance", "boost", "hum")}


def test_a_click_finds_the_part_of_a_widget_nothing_covers(only_dice_race, tmp_path):
    """The driver clicks a widget where the pointer reaches it, and says so readably when
    something else covers all of it."""
    from game.app import App
    from game.selftest import Driver, SelftestFailure

    app = App(config_dir=tmp_path / "c", save_dir=tmp_path / "s")
    d = Driver(app)
    d.pump(1)
    root = app.stack.top.root
    clicked = []
    under = root.add(Widget(300, 300, 100, 40, "under", on_activate=lambda: clicked.append(1)))
    root.add(Widget(300, 300, 40, 40, "middle"))  # covers the centre only
    d.click_node(under)
    assert clicked == [1]
    root.add(Widget(300, 300, 120, 60, "lid"))  # covers all of it
    with pytest.raises(SelftestFailure, match="'under' on the TitleScreen is covered"):
        d.click_node(under)
