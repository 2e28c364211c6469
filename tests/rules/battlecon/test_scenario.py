"""BattleCON positions from a description (rules/battlecon/scenario.py): the shipped
scenarios build the positions their ``about`` describes, every bad field is named, and
the launcher lists a scenario's decision and legal actions."""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import pytest

import launcher
from rules.battlecon import GAME
from rules.battlecon.kinds import Act, Phase
from rules.core import Action, DecisionKind, Scenario, ScenarioError

SCENARIOS = Path(__file__).parents[3] / "rules" / "battlecon" / "data" / "scenarios"


def shipped(name: str):
    return GAME.build_scenario(Scenario.read(SCENARIOS / f"{name}.toml"))


def labels(st, p: int) -> list[str]:
    return [a.label for a in st.legal_actions(p)]


def test_scenario_ante_without_force_leaves_only_a_pass():
    st = shipped("ante-without-force")
    assert st.decision().players == (1,)
    assert st.legal_actions(1) == [Action(Act.PASS)]
    assert st.force(1) == 1 and st.force(0) == 4
    assert st.pair_ids(0) == ["charging", "strike"] and st.pair_ids(1) == ["soaring", "drive"]
    st.apply(1, Action(Act.PASS))
    assert [a.args for a in st.legal_actions(0)] == [
        ("power_up",), ("defense_up",), ("speed_up",), ()]


def test_scenario_cards_come_back_later_limits_the_pairs():
    st = shipped("cards-come-back-later")
    assert st.decision().kind == DecisionKind.SIMULTANEOUS
    assert st.decision().players == (0, 1)
    pairs = {a.args for a in st.legal_actions(0)}
    styles = ("fulminating", "penumbral", "quickening", "switch")
    bases = ("strike", "shot", "drive", "burst", "dodge")
    assert pairs == {(s, b) for s in styles for b in bases}
    assert st.player(0).discard1 == ["quake", "caster"]
    assert st.player(0).discard2 == ["expulsion", "grasp"]


def test_scenario_final_beat_goes_to_the_fighter_with_more_life():
    st = shipped("final-beat")
    assert st.final_beat and st.pool == 0 and st.beat_no == 15
    assert st.decision().players == (0, 1)
    assert "Set Reckless Dodge" in labels(st, 0) and "Set Smackdown Dodge" in labels(st, 1)
    st.apply(0, Action(Act.SET, ("reckless", "dodge")))
    st.apply(1, Action(Act.SET, ("smackdown", "dodge")))
    while not st.decision().is_terminal:  # a beat of dodging: nobody is hit
        p = st.decision().players[0]
        st.apply(p, st.legal_actions(p)[0])
    assert [st.player(p).life for p in (0, 1)] == [9, 8]
    out = st.outcome()
    assert out.winners == (0,) and "time over" in out.reason


def test_scenario_team_force_is_shared_by_the_team():
    st = shipped("team-force")
    assert st.is_team and st.player(1).role == "super" and st.player(1).life == 40
    assert [st.pos(p) for p in range(3)] == [3, 5, 1]
    assert st.decision().players == (0,)
    assert labels(st, 0) == ["Power Up! (+1 Power, 2 Force)", "Defense Up! (+2 Guard, 2 Force)",
                             "Speed Up! (+2 Priority, 2 Force)", "Pass"]
    st.apply(0, Action(Act.OVERLOAD, ("power_up",)))
    st.apply(1, Action(Act.PASS))
    st.apply(0, Action(Act.PASS))
    assert st.decision().players == (2,) and st.legal_actions(2) == [Action(Act.PASS)]


def test_launcher_scenario_prints_the_decision_and_actions_as_json(capsys):
    assert launcher.run(["scenario", str(SCENARIOS / "ante-without-force.toml"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "battlecon" and out["title"] == "Nothing left to ante"
    assert out["decision"] == {"kind": "player", "players": [1]}
    assert out["actions"] == {"1": [{"kind": "pass", "args": [], "label": "Pass"}]}


def build(position: str, setup: str = '"fighter.0" = "wardlaw"\n"fighter.1" = "cindra"'):
    text = f'game = "battlecon"\ntitle = "t"\n[setup]\n{setup}\n[position]\n{position}\n'
    return GAME.build_scenario(Scenario.from_mapping(tomllib.loads(text), "s.toml"))


def test_an_empty_position_is_the_first_set():
    st = build("")
    fresh = GAME.new_state(GAME.validate_setup({"fighter.0": "wardlaw", "fighter.1": "cindra"}),
                           0)
    assert st.phase == Phase.SET and st.beat_no == 1 and st.active == 0
    assert [st.pos(p) for p in (0, 1)] == [2, 4] and st.pool == fresh.pool
    assert st.player(0).hand == fresh.player(0).hand
    assert st.player(0).finisher == "pain_train"


def test_the_described_fields_are_set():
    st = build('active = 2\npool = 20\nfighters = [{ space = 1, life = 5, force = 9, '
               'finisher = "double_moustache_buster", hand = ["charging", "dangerous", '
               '"smackdown", "strike", "dodge", "clothesline"], '
               'discard1 = ["massive", "grasp", "shot"], pair = ["switch", "drive"] }, '
               '{ form = "phoenix_form", statuses = ["storm_rekindled"] }]')
    pl = st.player(0)
    assert st.active == 1 and st.pool == 20 and not st.final_beat
    assert st.pos(0) == 0 and pl.life == 5 and pl.force == 9
    assert pl.finisher == "double_moustache_buster"
    assert pl.hand == ["charging", "dangerous", "smackdown", "strike", "dodge", "clothesline"]
    assert pl.discard1 == ["massive", "grasp", "shot"]
    assert pl.discard2 == ["overhead", "burst"]  # as at the start, less nothing named
    assert st.pair_ids(0) == ["switch", "drive"]
    assert st.player(1).form == "phoenix_form" and "ember" in st.player(1).hand
    assert st.player(1).statuses == ["storm_rekindled"]
    assert st.decision().players == (1,)


def test_the_setup_phase_plays_the_finishers_named():
    st = build('phase = "setup"\nfighters = [{}, { finisher = "hemorrhage", extra = "control" }]',
               '"fighter.0" = "wardlaw"\n"fighter.1" = "hayden"')
    assert st.phase == Phase.SETUP and st.decision().players == (0,)
    assert st.player(1).finisher == "hemorrhage" and st.player(1).setup_choice == "control"
    first = build('phase = "first"')
    assert first.decision().kind == DecisionKind.CHANCE


def test_chosen_discards_are_taken_from_the_description():
    st = build('fighters = [{ discard1 = ["massive", "grasp"], discard2 = ["dangerous", "shot"] },'
               '{ discard1 = ["ashen", "strike"], discard2 = ["cinder", "grasp"] }]',
               '"fighter.0" = "wardlaw"\n"fighter.1" = "cindra"\ndiscards = "chosen"')
    assert st.phase == Phase.SET and st.player(0).discard2 == ["dangerous", "shot"]
    assert "overhead" in st.player(0).hand and "burst" in st.player(0).hand


def test_unique_ability_markers_are_set():
    st = build("fighters = [{ paint = [6, 2] }, { staff = 4 }]",
               '"fighter.0" = "burgundy"\n"fighter.1" = "kimbhe"')
    assert st.ua(0)["paint"] == [1, 5] and (st.ua(1)["staff"], st.ua(1)["staff_pos"]) == (
        "board", 3)
    st = build("fighters = [{ tokens = ['spirit'] }, {}]", '"fighter.0" = "lucida"')
    assert st.ua(0)["supply"] == ["spirit"] and st.ua(0)["foe"] == ["courage", "pain", "valor"]
    st = build("fighters = [{}, { staff = 'stolen' }]", '"fighter.1" = "kimbhe"')
    assert st.ua(1)["staff"] == "stolen"


MARKED = '"fighter.0" = "burgundy"\n"fighter.1" = "kimbhe"'


@pytest.mark.parametrize(("position", "words"), [
    ("fighters = [{ paint = [1, 2, 3, 4, 5, 6] }]",
     "position.fighters[0].paint: 5 Paint markers, not 6"),
    ("fighters = [{ paint = [2, 2] }]", "position.fighters[0].paint: a space is painted once"),
    ("fighters = [{ paint = [0] }]", "position.fighters[0].paint[0]: a whole number from 1 to 7"),
    ("fighters = [{}, { staff = 'lost' }]",
     "position.fighters[1].staff: one of held, stolen; not 'lost'"),
    ("fighters = [{}, { staff = 8 }]", "position.fighters[1].staff: a whole number from 1 to 7"),
    ("fighters = [{ staff = 'held' }]", "position.fighters[0].staff: only Uleyle Kimbhe has"),
    ('phase = "setup"\nfighters = [{ paint = [1] }]',
     "position.fighters[0].paint: Paint markers are set out at setup"),
])
def test_bad_markers_name_the_field(position, words):
    with pytest.raises(ScenarioError) as err:
        build(position, MARKED)
    assert words in str(err.value)


BAD = [
    ('phase = "clash"', "position.phase: one of first, setup, set; not 'clash'"),
    ("active = 3", "position.active: a whole number from 1 to 2, not 3"),
    ('phase = "first"\nactive = 1', "position.active: nobody is Active"),
    ('phase = "first"\nbeat = 2', "position.beat: beats are counted from the set phase"),
    ("fighters = [{}, {}, {}]", "position.fighters: 3 fighters in a 2-player game"),
    ("fighters = [{ space = 8 }]", "position.fighters[0].space: a whole number from 1 to 7"),
    ("fighters = [{ space = 4 }, { space = 4 }]",
     "position.fighters[1].space: space 4 is taken by seat 1"),
    ("fighters = [{ space = 5 }]",
     "position.fighters[0].space: space 5 is where seat 2 stands"),
    ("fighters = [{ life = 21 }]", "position.fighters[0].life: a whole number from 1 to 20"),
    ("fighters = [{ life = 'x' }]", "position.fighters[0].life: a whole number from 1 to 20, "
                                    "not 'x'"),
    ("fighters = [{ force = 11 }]", "position.fighters[0].force: a whole number from 0 to 10"),
    ("fighters = [{ finisher = 'hemorrhage' }]",
     "position.fighters[0].finisher: one of pain_train, double_moustache_buster"),
    ("fighters = [{ extra = 'fury' }]",
     "position.fighters[0].extra: Wardlaw O'Brien makes no setup"),
    ("fighters = [{ hand = ['ashen'] }]", "position.fighters[0].hand[0]: unknown 'ashen'"),
    ("fighters = [{ discard1 = ['strike', 'strike'] }]",
     "position.fighters[0].discard1[1]: 'strike' is already in pile 1"),
    ("fighters = [{ hand = ['strike'], discard2 = ['strike'] }]",
     "position.fighters[0].discard2[0]: 'strike' is already in the hand"),
    ("fighters = [{ hand = ['charging', 'strike'] }]",
     "position.fighters[0].hand: dangerous, smackdown, switch, shot, drive, dodge, "
     "clothesline not placed"),
    ("fighters = [{ hand = ['strike'], discard1 = ['charging', 'dangerous', 'massive', "
     "'overhead', 'smackdown', 'switch'], discard2 = ['shot', 'drive', 'burst', 'grasp', "
     "'dodge', 'clothesline'] }]",
     "position.fighters[0].hand: no Style or no Base to set"),
    ("fighters = [{ pair = ['strike', 'charging'] }]",
     "position.fighters[0].pair[0]: 'strike' is not one of Wardlaw O'Brien's Styles"),
    ("fighters = [{ pair = ['charging'] }]",
     "position.fighters[0].pair: a Style and a Base, not 1 cards"),
    ("fighters = [{ pair = ['charging', 'strike'], hand = ['strike'] }]",
     "position.fighters[0].pair[1]: 'strike' is already in the hand"),
    ('phase = "setup"\nfighters = [{ pair = ["charging", "strike"] }]',
     "position.fighters[0].pair: pairs are set in the set phase"),
    ('phase = "first"\nfighters = [{ finisher = "pain_train" }]',
     "position.fighters[0].finisher: chosen in the setup phase"),
    ('phase = "setup"\nfighters = [{ finisher = "pain_train" }, { finisher = "cinder_storm" }]',
     "position.phase: with every Finisher chosen"),
    ("fighters = [{ form = 'phoenix_form' }]",
     "position.fighters[0].form: Wardlaw O'Brien has no Form"),
    ("fighters = [{}, { form = 'code_red' }]",
     "position.fighters[1].form: one of human_form, phoenix_form; not 'code_red'"),
    ("fighters = [{}, { statuses = ['storm', 'x'] }]",
     "position.fighters[1].statuses[0]: unknown 'storm'"),
    ("fighters = [{ colour = 'red' }]", "position.fighters[0]: unknown field 'colour'"),
    ("fighters = [{ tokens = ['pain'] }]", "position.fighters[0].tokens: only Lucida"),
    ("pool = 42", "position.pool: at most 41 (the Force the fighters do not hold), not 42"),
    ("teams = [{ force = 2 }]", "position.teams: only in team play"),
    ("fighters = 3", "position.fighters: a list of tables, not 3"),
    ("weather = 'rain'", "position: unknown field 'weather'"),
]


@pytest.mark.parametrize(("position", "words"), BAD)
def test_a_bad_description_names_the_field(position, words):
    with pytest.raises(ScenarioError) as err:
        build(position)
    assert words in str(err.value)
    assert str(err.value).startswith("s.toml: ")


TEAM = '"players" = 3\n"fighter.0" = "wardlaw"\n"fighter.1" = "cindra"\n"fighter.2" = "dravil"'


@pytest.mark.parametrize(("position", "words"), [
    ("fighters = [{ force = 2 }]", "position.fighters[0].force: in team play Force belongs"),
    ("teams = [{ force = 21 }]", "position.teams[0].force: a whole number from 0 to 20"),
    ("teams = [{}, {}, {}]", "position.teams: two teams, not 3"),
    ("fighters = [{}, { life = 46 }]", "position.fighters[1].life: a whole number from 1 to 45"),
    ("fighters = [{ space = 10 }]", "position.fighters[0].space: a whole number from 1 to 9"),
])
def test_a_bad_team_description_names_the_field(position, words):
    with pytest.raises(ScenarioError) as err:
        build(position, TEAM)
    assert words in str(err.value)


def test_chosen_discards_must_be_given():
    with pytest.raises(ScenarioError, match=r"position.fighters\[0\].discard1: missing"):
        build("", '"fighter.0" = "wardlaw"\n"fighter.1" = "cindra"\ndiscards = "chosen"')
