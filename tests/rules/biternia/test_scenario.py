"""Battle for Biternia positions from a description (rules/biternia/scenario.py): the shipped
scenarios build what their ``about`` says, every bad description names its field, the
launcher prints a scenario's decision, and a built state survives a JSON round trip."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import launcher
from rules.biternia import GAME
from rules.biternia.kinds import Act, Ask, Phase
from rules.biternia.traits import max_hp
from rules.core import Scenario, ScenarioError

from .conftest import act, position, texts

SCENARIOS = Path(__file__).parents[3] / "rules" / "biternia" / "data" / "scenarios"


def shipped(name: str):
    return GAME.build_scenario(Scenario.read(SCENARIOS / f"{name}.toml"))


def moves(s, seat: int) -> set[tuple]:
    return {(a.kind, *a.args) for a in s.legal_actions(seat)}


def test_interrupt_scenario_offers_riposte_before_the_smash_lands():
    s = shipped("interrupt_riposte")
    assert s.decision().players == (0,)
    assert moves(s, 0) == {("interrupt", "felix"), ("no_interrupt",)}
    assert s.heroes["felix"].hp == max_hp(s, "felix")
    log = texts(act(s, "interrupt", "felix"))
    assert log.index("Felix's Physical Attack") < log.index("Vladiator's Physical Attack")


def test_fallen_tower_scenario_lets_only_the_hero_in_its_ruins_reach_the_bit():
    s = shipped("fallen_tower")
    assert s.phase == Phase.MOVEMENT and s.decision().players == (1,)
    legal = moves(s, 1)
    assert ("move", "vladiator", "bit_0") in legal
    assert ("move", "kerrick", "gold_mid") in legal
    assert not any(m[:3] == ("move", "kerrick", "bit_0") for m in legal)
    assert s.structures["tower_0_top"] == 0 and s.gold == [0, 3]


def test_channeled_scenario_resolves_meteor_in_the_channel_phase():
    s = shipped("channeled_meteor")
    assert s.phase == Phase.CHANNEL and s.decision().players == (1,)
    assert moves(s, 1) == {("channel", "kerrick")}
    assert s.heroes["kerrick"].level == 4
    act(s, "channel", "kerrick")
    # Meteor: Area Magic Attack 6 (Spellweave's Pierce 1) on two Heroes with defense 0
    assert s.heroes["sterling"].hp == max_hp(s, "sterling") - 6
    assert s.heroes["felix"].hp == max_hp(s, "felix") - 6


def test_respawn_scenario_offers_only_standing_towers_and_the_bit():
    s = shipped("respawn")
    assert s.pending.type == Ask.RESPAWN and s.decision().players == (0,)
    assert moves(s, 0) == {("respawn", "sterling", "tower_0_mid"),
                           ("respawn", "sterling", "tower_0_bot"),
                           ("respawn", "sterling", "bit_0")}
    act(s, "respawn", "sterling", "bit_0")
    v = s.heroes["sterling"]
    assert v.space == "bit_0" and v.hp == max_hp(s, "sterling")


def test_launcher_prints_a_scenarios_decision_and_actions_as_json(capsys):
    code = launcher.run(["scenario", str(SCENARIOS / "interrupt_riposte.toml"), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["game"] == "biternia" and out["title"].startswith("Riposte")
    assert out["decision"] == {"kind": "player", "players": [0]}
    assert [(a["kind"], a["args"]) for a in out["actions"]["0"]] == [
        ("interrupt", ["felix"]), ("no_interrupt", [])]


def test_an_empty_description_is_round_one_orders_after_the_opening():
    s = position()
    assert s.phase == Phase.ORDERS and s.round == 1 and s.initiative == 0
    assert set(s.decision().players) == {0, 1} and s.gold == [0, 0]
    assert all(v.space.startswith("tower_") for v in s.heroes.values())
    assert [len(s.seats[p].hand) for p in (0, 1)] == [8, 8]


def test_cards_go_where_named_and_the_rest_stay_put():
    s = position(heroes={"kerrick": {"up": "strike", "down": "meteor"}},
                 seats={"1": {"hand": ["parry", "snap_shot"], "deck": ["dash", "strike"]}})
    k = s.heroes["kerrick"]
    assert k.up.startswith("strike") and k.down == "meteor" and k.level == 4
    assert k.learned == ["pulse", "meteor", "blink", "bolt"]
    assert k.hp == max_hp(s, "kerrick") and {"blink", "bolt"} <= set(s.seats[1].hand)
    blue = s.seats[0]
    assert [c.rstrip("0123456789") for c in blue.hand] == ["parry", "snap_shot"]
    assert [c.rstrip("0123456789") for c in blue.deck] == ["dash", "strike"]
    assert len(blue.discard) == 16 - 4 and "charge" in s.heroes["ceralin"].shown


def test_a_heros_level_brings_one_power_per_level_and_its_hp():
    s = position(heroes={"sterling": {"level": 3}})
    v = s.heroes["sterling"]
    assert v.learned == ["snap_shot", "fall_back", "pinning_arrow"]
    assert v.hp == max_hp(s, "sterling") == 7 + 3
    assert {"fall_back", "pinning_arrow"} <= set(s.seats[0].hand)


def test_a_draft_scenario_seats_the_named_heroes_with_their_starting_powers():
    s = position(setup={"heroes": "draft"},
                 heroes={"agatha": {"seat": 1}, "runika": {"seat": 2, "learned": ["arc_blast"]},
                         "motley": {"seat": 1, "space": "gold_bot"}})
    assert s.heroes["agatha"].seat == 0 and s.heroes["motley"].seat == 0
    assert s.heroes["runika"].seat == 1
    assert s.heroes["runika"].learned == ["arc_blast"]
    assert s.heroes["agatha"].learned == ["gore"]
    assert s.heroes["motley"].space == "gold_bot" and len(s.heroes) == 8


def test_a_team_game_scenario_names_seats_from_one():
    s = position(setup={"players": 4}, phase=Phase.ACTION, lead={"blue": 3},
                 heroes={"felix": {"down": "lunge"}, "sterling": {"down": "strike"}})
    assert s.lead == [2, 1] and s.decision().players == (2,)
    assert {a.args[0] for a in s.legal_actions(2) if a.kind == Act.ACTIVATE} == {"felix"}


BAD = [
    ({"heroes": {"zorro": {}}}, "position.heroes.zorro: unknown Hero 'zorro'"),
    ({"heroes": {"agatha": {}}}, "position.heroes.agatha: not in the 'first_game' teams"),
    ({"heroes": {"felix": {"space": "moon"}}}, "position.heroes.felix.space: one of bit_0"),
    ({"heroes": {"felix": {"hp": 11}}},
     "position.heroes.felix.hp: a whole number from 1 to 10, not 11"),
    ({"heroes": {"felix": {"armor": 2}}}, "position.heroes.felix: unknown field 'armor'"),
    ({"heroes": {"felix": {"seat": 2}}},
     "position.heroes.felix.seat: the 'first_game' preset seats its Heroes"),
    ({"heroes": {"felix": {"stone": 3}}},
     "position.heroes.felix.stone: a whole number from 0 to 2, not 3"),
    ({"heroes": {"felix": {"up": "sword"}}}, "position.heroes.felix.up: unknown card 'sword'"),
    ({"heroes": {"kerrick": {"down": "meteor", "level": 2}}},
     "position.heroes.kerrick.level: Kerrick knows pulse, meteor, which takes level 4, not 2"),
    ({"heroes": {"felix": {"learned": ["smash"]}}},
     "position.heroes.felix.learned[0]: unknown 'smash'"),
    ({"heroes": {"felix": {"shown": ["riposte"]}}},
     "position.heroes.felix.shown[0]: 'riposte' is not a learned power"),
    ({"heroes": {"vladiator": {"space": "bit_0"}}},
     "position.heroes.vladiator.space: no Hero stands on the enemy Bit"),
    ({"heroes": {"kerrick": {"channeling": True}}},
     "position.heroes.kerrick.channeling: only with its own face-up Channeled card"),
    ({"defeated": ["felix"], "heroes": {"felix": {"space": "gold_top"}}},
     "position.heroes.felix.space: felix is defeated"),
    ({"defeated": ["felix"], "seats": {"1": {"hand": ["felix"]}}},
     "position.seats.1.hand[0]: a Hero card lies only in a deck or discard pile"),
    ({"defeated": ["merlin"]}, "position.defeated[0]: unknown 'merlin'"),
    ({"seats": {"1": {"deck": ["felix"]}}},
     "position.seats.1.deck[0]: 'felix': Felix is on the board, not defeated"),
    ({"seats": {"1": {"hand": ["sword"]}}}, "position.seats.1.hand[0]: unknown card 'sword'"),
    ({"seats": {"1": {"hand": ["dash", "dash", "dash"]}}},
     "position.seats.1.hand[2]: seat 1 has only 2 'dash' cards"),
    ({"seats": {"1": {"hand": ["smash"]}}},
     "position.seats.1.hand[0]: 'smash' is a power of Vladiator, not a Hero of seat 1"),
    ({"seats": {"3": {"hand": []}}}, "position.seats.3: seats are numbered 1 to 2"),
    ({"seats": {"1": {"hand": [], "deck": [], "discard": []}}},
     "position.seats.1: 'snap_shot' of seat 1 is nowhere"),
    ({"seats": {"1": {"turned": True}}}, "position.seats.1: unknown field 'turned'"),
    ({"structures": {"bit_0": 0}}, "position.structures.bit_0: a whole number from 1 to 16"),
    ({"structures": {"tower_9": 3}}, "position.structures: unknown field 'tower_9'"),
    ({"gold": {"blue": -1}}, "position.gold.blue: a whole number of at least 0, not -1"),
    ({"bonus_gold": {"gold_top": 9}}, "position.bonus_gold.gold_top: a whole number from 0"),
    ({"initiative": "green"}, "position.initiative: one of blue, red; not 'green'"),
    ({"phase": "lunch"}, "position.phase: one of orders, movement"),
    ({"turn": "red"}, "position.turn: only in the movement, action, base, channel phases"),
    ({"phase": Phase.ACTION}, "position.phase: no one has anything to do in the action phase"),
    ({"phase": Phase.ACTION, "turn": "red", "heroes": {"felix": {"down": "lunge"}}},
     "position.turn: the red team has nothing to do in the action phase"),
    ({"phase": Phase.CLEANUP, "heroes": {"felix": {"down": "lunge"}}},
     "position.heroes.felix.down: every face-down order is revealed before the cleanup phase"),
    ({"done": ["felix"]}, "position.done: only in the movement phase"),
    ({"phase": Phase.MOVEMENT, "done": ["agatha"]}, "position.done[0]: unknown 'agatha'"),
    ({"favored_enemy": "agatha"}, "position.favored_enemy: one of sterling"),
    ({"bear_trap": {"space": "gold_mid", "owner": "boreas"}, "defeated": ["boreas"]},
     "position.bear_trap.owner: boreas is defeated"),
    ({"ice_wall": {"space": "gold_mid"}}, "position.ice_wall.owner: missing"),
    ({"play": ["activate felix use"]},
     "position.play[0]: 'activate felix use' is not legal here"),
    ({"rounds": 2}, "position: unknown field 'rounds'"),
]


@pytest.mark.parametrize(("description", "words"), BAD)
def test_a_bad_description_names_the_field_at_fault(description, words):
    with pytest.raises(ScenarioError) as err:
        position(**description)
    assert words in str(err.value)


@pytest.mark.parametrize(("setup", "description", "words"), [
    ({"heroes": "draft"}, {"heroes": {h: {"seat": 1} for h in
                                      ("agatha", "baldwin", "cynthia", "dolgolae", "dazeem")}},
     "position.heroes.dazeem.seat: seat 1 drafts only 4 Heroes"),
    ({"players": 4}, {"lead": {"blue": 2}}, "position.lead.blue: seat 2 is not on the blue team"),
    ({"heroes": "draft"}, {"heroes": {"kerrick": {"learned": ["meteor"]}}},
     "position.heroes.kerrick.learned: a Hero starts with a power other than its Ultimate"),
])
def test_a_bad_description_for_its_setup_names_the_field(setup, description, words):
    with pytest.raises(ScenarioError) as err:
        position(setup=setup, **description)
    assert words in str(err.value)
