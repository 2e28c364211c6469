"""Chaostle positions from a description (rules/chaostle/scenario.py): the shipped scenarios
build what their ``about`` says, every bad description names its field, the launcher
prints a scenario's decision, and a built state survives a JSON round trip."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import launcher
from rules.chaostle import GAME
from rules.chaostle.frames import Fate
from rules.chaostle.state import ChaostleState
from rules.core import CHANCE, Action, Scenario, ScenarioError
from tests.rules.chaostle.helpers import act, roll

SCENARIOS = Path(__file__).parents[3] / "rules" / "chaostle" / "data" / "scenarios"


def shipped(name: str) -> ChaostleState:
    s = GAME.build_scenario(Scenario.read(SCENARIOS / f"{name}.toml"))
    assert isinstance(s, ChaostleState)
    return s


def described(setup: dict[str, Any] | None = None, **description: Any) -> ChaostleState:
    """The position a ``[position]`` table describes, in a two-player game of two-character
    armies unless ``setup`` says otherwise."""
    full = {"players": 2, "army": "2", **(setup or {})}
    s = GAME.build_scenario(Scenario("chaostle", "test", setup=full, position=description))
    assert isinstance(s, ChaostleState)
    return s


def moves(s: ChaostleState, seat: int) -> set[tuple[Any, ...]]:
    return {(a.kind, *a.args) for a in s.legal_actions(seat)}


SEATS = [{"army": ["dwarf", "mage"], "crown": "south.king"},
         {"army": ["rogue", "crusader"], "crown": "north.king"}]


def test_castle_breaker_strikes_once_and_four_faces_of_six_win() -> None:
    s = shipped("castle-breaker")
    assert s.decision().players == (0,) and s.castle_hp == 12
    assert moves(s, 0) == {("castle", "dwarf"), ("end_turn",)}
    for face, breaks in ((1, True), (2, True), (3, True), (4, False), (5, False), (6, True)):
        b = s.clone()
        act(b, "castle", "dwarf")
        roll(b, face)
        out = b.outcome()
        assert (out is not None and out.winners == (0,)) == breaks, face
        assert b.castle_down == breaks and (b.castle_hp == 0) == breaks


def test_fate_before_the_fight_rolls_the_fate_while_the_dwarf_waits() -> None:
    s = shipped("fate-before-the-fight")
    assert s.phase == "move" and s.decision().players == (0,)
    assert moves(s, 0) == {("move", "dwarf", "south.wk14", 5), ("move", "dwarf", "south.pl5", 5),
                           ("move", "dwarf", "west.pl3", 5), ("move", "dwarf", "west.stC", 5),
                           ("move", "dwarf", "west.wk08", 5)}
    act(s, "move", "dwarf", "west.wk08", 5)
    assert isinstance(s.queue.top, Fate) and s.decision().is_chance
    assert s.chars["dwarf"].at == "west.wk03" and s.chars["rogue"].at == "west.wk08"


def test_leap_frog_offers_the_pair_two_spaces_on() -> None:
    s = shipped("leap-frog")
    legal = moves(s, 0)
    assert ("frog", ("dwarf", "mage"), ("west.wk04", "west.wk05"), "mage") in legal
    assert ("move", "dwarf", "west.wk04", 2) in legal and ("move", "mage", "west.wk05", 2) in legal
    act(s, "frog", ("dwarf", "mage"), ("west.wk04", "west.wk05"), "mage")
    assert s.chars["dwarf"].at == "west.wk04" and s.chars["mage"].at == "west.wk05"
    assert not any(a.kind == "card" for a in s.legal_actions(0))


def test_safe_start_offers_only_the_rogue() -> None:
    s = shipped("safe-start")
    assert s.phase == "battles" and s.decision().players == (0,)
    assert s.range_between("barbarian", "mage") == 1
    assert moves(s, 0) == {("battle", "barbarian", "rogue"), ("end_battles",)}


def test_trap_escape_rolls_first_and_five_climbs_out() -> None:
    s = shipped("trap-escape")
    assert s.decision().is_chance and s.queue.top.purpose == "escape"
    assert [a.args[0] for a in s.legal_actions(CHANCE)] == [1, 2, 3, 4, 5, 6]
    bitten = s.clone()
    roll(bitten, 4)
    assert bitten.chars["mage"].status == "trap" and bitten.chars["mage"].hp == 2
    roll(s, 5)
    assert s.chars["mage"].at == "west.wl0" and s.phase == "roll"


def test_launcher_prints_a_scenarios_decision_and_actions_as_json(capsys) -> None:  # type: ignore[no-untyped-def]
    code = launcher.run(["scenario", str(SCENARIOS / "safe-start.toml"), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["game"] == "chaostle" and out["title"].startswith("The original")
    assert out["decision"] == {"kind": "player", "players": [0]}
    assert [(a["kind"], a["args"]) for a in out["actions"]["0"]] == [
        ("battle", ["barbarian", "rogue"]), ("end_battles", [])]


def test_an_empty_description_is_the_first_turn_after_the_opening() -> None:
    s = described()
    assert s.turns == 1 and s.current == s.opener == 1 and s.phase == "begin"
    assert all(s.crowns) and [len(a) for a in s.armies] == [2, 2]
    assert not s.on_board() and s.castle_hp == 100
    assert {a.kind for a in s.legal_actions(1)} == {"enter", "roll"}


def test_characters_stand_where_described_with_their_pegs_and_start() -> None:
    s = described(seats=SEATS, turn=1, phase="roll", castle=60, characters={
        "dwarf": {"space": "north.wk03", "health": 20, "pegs": ["health", "armor"]},
        "mage": {"trap": "snake_pit", "fell_from": "north.wk05"},
        "rogue": {"space": "east.wk12", "start": "west.wk08", "burden": True}})
    d, m, r = (s.chars[c] for c in ("dwarf", "mage", "rogue"))
    assert (d.status, d.at, d.hp, d.up) == ("play", "north.wk03", 20,
                                                         ["armor", "health"])
    assert d.start == 1  # past the west stairway: its start moved up to the west gate
    assert (m.status, m.trap, m.at) == ("trap", "snake_pit", None)
    assert r.start == 3 and r.burden and s.castle_hp == 60 and not s.castle_down
    assert s.phase == "roll" and s.decision().is_chance and s.current == 0


def test_mercenaries_stumble_and_double_dice_belong_to_their_seats() -> None:
    seats = [{"army": ["dwarf", "mage", "dragon"], "crown": "south.king", "double_dice": True},
             {"army": ["rogue", "crusader"], "crown": "north.king", "stumble": True}]
    s = described(seats=seats, turn=1, phase="roll",
                  characters={"dwarf": {"space": "west.wk03"}})
    assert s.armies[0] == ["dwarf", "mage", "dragon"] and s.owner("dragon") == 0
    assert [a.args[0] for a in s.legal_actions(CHANCE)] == list(range(2, 13))
    s.apply(CHANCE, Action("dice", (9,)))
    assert s.turn.kind == "must" and not s.marks["double_dice"]
    s.apply(0, next(a for a in s.legal_actions(0) if a.kind == "move" and a.args[2] == 9))
    while s.turns == 1:  # play the rest of seat 1's turn
        who = s.decision().players[0]
        s.apply(who, s.legal_actions(who)[-1])
    assert s.current == 0 and s.turns == 2  # seat 2 stumbled: it misses its turn


def test_play_reaches_a_pending_choice() -> None:
    s = described(seats=SEATS, turn=1, roll=5, characters={"dwarf": {"space": "west.wk03"}},
                  play=["move dwarf west.wk08 5", "die 1", "dice 3"])
    assert isinstance(s.queue.top, Fate) and s.queue.top.step == "accept"
    assert moves(s, 0) == {("accept",), ("decline",)}


def test_the_castle_fallen_with_its_conqueror_in_sanctuary() -> None:
    s = described({"sanctuary": "2"}, seats=SEATS, turn=1, phase="end", castle=0,
                  characters={"dwarf": {"sanctuary": True}, "mage": {"space": "north.iq0"}})
    assert s.castle_down and s.sanctuary_count(0) == 1
    assert moves(s, 0) == {("sanctuary", "mage"), ("end_turn",)}


BAD = [
    ({"seats": [{}, {}, {}]}, "position.seats: 3 seats at a table of 2"),
    ({"seats": [{"army": ["dwarf"]}]}, "position.seats[0].army: armies of 2 characters"),
    ({"seats": [{"army": ["dwarf", "gnome"]}]}, "position.seats[0].army[1]: unknown 'gnome'"),
    ({"seats": [{"army": ["dwarf", "mage"]}, {"army": ["rogue", "dwarf"]}]},
     "position.seats[1].army[1]: 'dwarf' is in an army already"),
    ({"seats": [{"crown": "south.prince"}]}, "position.seats[0].crown: one of south.king"),
    ({"seats": [{"crown": "south.king"}, {"crown": "south.king"}]},  # seat 2 takes it first
     "position.seats[0].crown: 'south.king' is taken by another seat"),
    ({"seats": [{"army": ["dwarf", "mage"], "colour": "red"}]},
     "position.seats[0]: unknown field 'colour'"),
    ({"seats": [{"stumble": 1}]}, "position.seats[0].stumble: true or false, not 1"),
    ({"characters": {"gnome": {}}}, "position.characters.gnome: unknown character 'gnome'"),
    ({"characters": {"dragon": {"space": "south.wk03"}}},
     "position.characters.dragon: 'dragon' is in no army"),
    ({"characters": {"dwarf": {"space": "moon"}}},
     "position.characters.dwarf.space: one of south.wk00"),
    ({"characters": {"dwarf": {"space": "west.wk03"}, "mage": {"space": "west.wk03"}}},
     "position.characters.mage.space: dwarf stands there already"),
    ({"characters": {"dwarf": {"space": "west.wk03", "health": 40}}},
     "position.characters.dwarf.health: a whole number from 1 to 32, not 40"),
    ({"characters": {"dwarf": {"health": 10}}},
     "position.characters.dwarf.health: only for a character in play or in a trap"),
    ({"characters": {"dwarf": {"pegs": ["wings"]}}},
     "position.characters.dwarf.pegs[0]: unknown 'wings'"),
    ({"characters": {"dwarf": {"pegs": ["armor", "armor"]}}},
     "position.characters.dwarf.pegs: a peg is listed twice"),
    ({"characters": {"dwarf": {"space": "west.wk03", "trap": "snake_pit"}}},
     "position.characters.dwarf.trap: a character is in one place"),
    ({"characters": {"dwarf": {"trap": "quicksand"}}},
     "position.characters.dwarf.trap: one of shark_attack"),
    ({"characters": {"dwarf": {"fell_from": "west.wk03"}}},
     "position.characters.dwarf.fell_from: only for a character in a trap"),
    ({"characters": {"dwarf": {"space": "north.wk03", "start": "south.wk09"}}},
     "position.characters.dwarf.start: standing at north.wk03 it has reached west.wk08"),
    ({"characters": {"dwarf": {"start": "south.wk03"}}},
     "position.characters.dwarf.start: one of south.wk09"),
    ({"characters": {"dwarf": {"space": "west.wk03", "wings": True}}},
     "position.characters.dwarf: unknown field 'wings'"),
    ({"characters": {"dwarf": {"sanctuary": True}}},
     "position.characters.dwarf.sanctuary: only once the castle has fallen"),
    ({"castle": 0}, "position.castle: whoever conquered the castle entered Sanctuary"),
    ({"castle": 0, "characters": {"dwarf": {"sanctuary": True}}},
     "position.characters.dwarf.sanctuary: with 1 in Sanctuary seat 1 has won already"),
    ({"castle": 101}, "position.castle: a whole number from 0 to 100, not 101"),
    ({"turn": 3}, "position.turn: a whole number from 1 to 2, not 3"),
    ({"phase": "lunch"}, "position.phase: one of begin, roll, move, battles, end; not 'lunch'"),
    ({"phase": "move"}, "position.roll: missing"),
    ({"roll": 7}, "position.roll: a whole number from 1 to 6, not 7"),
    ({"roll": 3, "phase": "end"}, "position.roll: only in the move phase"),
    ({"roll": 3}, "position.roll: with 3 seat 1 has nothing to move"),
    ({"play": ["battle dwarf rogue"]},
     "position.play[0]: 'battle dwarf rogue' is not legal here (legal: enter"),
    ({"turns": 4}, "position: unknown field 'turns'"),
]


@pytest.mark.parametrize(("description", "words"), BAD)
def test_a_bad_description_names_the_field_at_fault(description: dict[str, Any],
                                                    words: str) -> None:
    desc = {"turn": 1, **description}
    if "seats" not in desc:
        desc["seats"] = SEATS
    with pytest.raises(ScenarioError) as err:
        described(**desc)
    assert words in str(err.value)


@pytest.mark.parametrize(("setup", "description", "words"), [
    ({"draft": "six points", "army": "3"},
     {"seats": [{"army": ["dragon", "rogue", "paladin"]}]},  # levels 3 + 1 + 3
     "position.seats[0].army[2]: the six-point draft does not allow 'paladin' here"),
    ({"half_board": "on"}, {"seats": [{"crown": "south.king"}, {"crown": "west.queen"}]},
     "position.seats[0].crown: 'south.king' is not facing the other crown"),
    ({"half_board": "on"}, {"seats": [{"army": ["dwarf", "mage"], "crown": "south.king"},
                                      {"army": ["rogue", "crusader"], "crown": "north.queen"}],
                            "characters": {"dwarf": {"space": "east.wk03"}}},
     "position.characters.dwarf.space: beyond the opponent's stairway"),
    ({"castle_hp": "50"}, {"castle": 60}, "position.castle: a whole number from 0 to 50"),
])
def test_a_bad_description_for_its_setup_names_the_field(setup: dict[str, Any],
                                                         description: dict[str, Any],
                                                         words: str) -> None:
    with pytest.raises(ScenarioError) as err:
        described(setup, **description)
    assert words in str(err.value)
