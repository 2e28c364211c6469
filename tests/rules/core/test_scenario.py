"""Positions from a description (rules/core/scenario.py), shown on the Dice Race fixture:
a scenario file builds a checked position, and every fault names its file and field."""

from __future__ import annotations

import pytest

from rules.core import CHANCE, Scenario, ScenarioError
from tests.rules.core.dice_race import GAME, Order

GOOD = """
game = "dice_race"
title = "A close finish"
about = "Both runners one dash from home."
[setup]
goal = "10"
[position]
runners = [{ at = 8, card = 2 }, { at = 9, card = 5 }]
"""


def write(tmp_path, text: str):
    path = tmp_path / "s.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_scenario_file_builds_its_position(tmp_path):
    scenario = Scenario.read(write(tmp_path, GOOD))
    assert scenario.title == "A close finish" and scenario.about.startswith("Both")
    s = GAME.build_scenario(scenario)
    assert s.positions == [8, 9] and s.cards == [2, 5] and s.dealt
    assert s.decision().players == (0, 1)
    s.apply(0, s.legal_actions(0)[0])
    s.apply(1, next(a for a in s.legal_actions(1) if a.kind == Order.DASH))
    assert s.decision().players == (CHANCE,)


@pytest.mark.parametrize(("change", "words"), [
    (("at = 8", "at = 12"), "position.runners[0].at: a whole number from 0 to 9, not 12"),
    (("at = 8", "at = 'x'"), "position.runners[0].at: a whole number from 0 to 9, not 'x'"),
    (("card = 5", "card = 2"), "the position breaks a rule: both runners hold the same"),
    (("card = 5 }", "card = 5, speed = 3 }"), "position.runners[1]: unknown field 'speed'"),
    (('goal = "10"', 'goal = "12"'), "setup: goal = '12' is not one of: 6, 10"),
    (('game = "dice_race"', 'game = "chess"'), "a 'chess' scenario, not 'dice_race'"),
    (("title =", "colour = 'red'\ntitle ="), "s.toml: unknown field 'colour'"),
    (("[position]", "colour = 'red'\n[position]"), "setup: unknown setup option 'colour'"),
    (("runners = [", "runners = 3 #"), "position.runners: a list of tables, not 3"),
])
def test_a_bad_scenario_names_the_field_at_fault(tmp_path, change, words):
    path = write(tmp_path, GOOD.replace(*change))
    with pytest.raises(ScenarioError) as err:
        GAME.build_scenario(Scenario.read(path))
    assert words in str(err.value)
    assert str(path) in str(err.value)


def test_a_missing_or_broken_file_is_one_sentence(tmp_path):
    with pytest.raises(ScenarioError, match="no such scenario file"):
        Scenario.read(tmp_path / "nothing.toml")
    with pytest.raises(ScenarioError, match="not valid TOML"):
        Scenario.read(write(tmp_path, "game = [unclosed"))


def test_a_list_of_whole_numbers_names_the_item_at_fault():
    from rules.core import Description

    d = Description({"marks": [1, 2, 9], "one": 3, "words": [1, "x"]}, "position")
    assert d.wholes("marks", lo=1, hi=9) == [1, 2, 9]
    assert d.wholes("none", None) is None
    with pytest.raises(ScenarioError, match=r"position.marks\[2\]: a whole number from 1 to "
                                            r"7, not 9"):
        d.wholes("marks", lo=1, hi=7)
    with pytest.raises(ScenarioError, match="position.one: a list of whole numbers, not 3"):
        d.wholes("one")
    with pytest.raises(ScenarioError, match=r"position.words\[1\]: a whole number, not 'x'"):
        d.wholes("words")


def test_a_match_from_a_scenario_keeps_it_and_replays_from_it(tmp_path):
    """Saves: a match started from a position replays from that position."""
    from rules.core import Match, load_record, replay, save_record

    scenario = Scenario.read(write(tmp_path, GOOD))
    match = Match(GAME, {}, 5, scenario)
    assert match.state.positions == [8, 9] and match.setup["goal"] == "10"
    match.submit(0, match.state.legal_actions(0)[0])
    match.submit(1, match.state.legal_actions(1)[0])
    match.advance_chance()
    record = match.finish_record()
    assert record.scenario == scenario.to_mapping()
    save_record(tmp_path / "m.json", record)
    loaded = load_record(tmp_path / "m.json")
    assert loaded.scenario == record.scenario
    assert replay(GAME, loaded).state_hash() == match.state.state_hash()
