"""Terrene Odyssey positions from a description (rules/terrene/scenario.py): the shipped
scenarios build what their ``about`` says, every bad description names its field, the
launcher prints a scenario's decision, and a built state survives a JSON round trip."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import launcher
from rules.core import Action, Scenario, ScenarioError
from rules.terrene import GAME, stats
from rules.terrene.kinds import Ask
from rules.terrene.state import TerreneState
from rules.terrene.turn import terrain_actions

SCENARIOS = Path(__file__).parents[3] / "rules" / "terrene" / "data" / "scenarios"
NP = {"deck.0": "natural_power", "deck.1": "traps_thieves"}


def shipped(name: str) -> TerreneState:
    s = GAME.build_scenario(Scenario.read(SCENARIOS / f"{name}.toml"))
    assert isinstance(s, TerreneState)
    return s


def described(setup: dict[str, Any] | None = None, **description: Any) -> TerreneState:
    """The position a ``[position]`` table describes, in a 1v1 game of Natural Power
    against Traps Thieves unless ``setup`` says otherwise."""
    full = {"players": 2, **NP, **(setup or {})}
    s = GAME.build_scenario(Scenario("terrene", "test", setup=full, position=description))
    assert isinstance(s, TerreneState)
    return s


def labels(s: TerreneState, seat: int) -> list[str]:
    return [a.label for a in s.legal_actions(seat)]


def uid_of(s: TerreneState, seat: int, card_id: str) -> int:
    return next(u for u in s.party[seat] if s.cards[u] == card_id)


def choose(s: TerreneState, seat: int, start: str) -> None:
    s.apply(seat, next(a for a in s.legal_actions(seat) if a.label.startswith(start)))


def test_block_or_take_it_offers_two_blockers_and_the_overkill_goes_through() -> None:
    s = shipped("block-or-take-it")
    assert s.decision().players == (1,) and s.turn == 3 and s.battle is not None
    assert labels(s, 1) == ["Block with Peter the Indurate (DEF 10, 8 HP left)",
                            "Block with Olivia the Graceless (DEF 10, 20 HP left)",
                            "Do not block (take 20 damage)"]
    peter, olivia = uid_of(s, 1, "peter_the_indurate"), uid_of(s, 1, "olivia_the_graceless")
    for start, hp, gone, hurt in (("Block with Peter", 48, peter, None),
                                  ("Block with Olivia", 50, None, olivia),
                                  ("Do not block", 30, None, None)):
        b = s.clone()
        choose(b, 1, start)
        while b.chain:
            b.apply(b.decision().players[0], Action("pass"))
        assert b.hp[1] == hp, start
        assert gone is None or gone not in b.units
        assert hurt is None or b.units[hurt].dmg == 10


def test_hide_to_dodge_smoke_bomb_saves_asu_and_passing_loses_him() -> None:
    s = shipped("hide-to-dodge")
    assert s.decision().players == (1,) and len(s.chain) == 1 and s.actions[1] == 2
    assert labels(s, 1) == [
        "Asu the Flame Hellion: Hellfire Roar on Asu the Flame Hellion (1 action)",
        "Asu the Flame Hellion: Hellfire Roar on Scout (1 action)",
        "Smoke Bomb (Scout): Smoke on Asu the Flame Hellion (1 action)",
        "Smoke Bomb (Scout): Smoke on Scout (1 action)",
        "Pass (let the chain resolve)"]
    asu = uid_of(s, 1, "asu_the_flame_hellion")
    hidden = s.clone()
    choose(hidden, 1, "Smoke Bomb (Scout): Smoke on Asu")
    while hidden.chain:
        hidden.apply(hidden.decision().players[0], Action("pass"))
    assert asu in hidden.units and not hidden.units[asu].up
    assert hidden.units[asu].dmg == 10
    choose(s, 1, "Pass")
    while s.chain:
        s.apply(s.decision().players[0], Action("pass"))
    assert asu not in s.units


def test_flare_oversupply_leaves_only_dismissals() -> None:
    s = shipped("flare-oversupply")
    asu = uid_of(s, 1, "asu_the_flame_hellion")
    assert s.units[asu].up and stats.sp_used(s, 1) == 5 and s.sp_limit[1] == 4
    assert s.decision().players == (1,)
    assert labels(s, 1) == ["Dismiss Asu the Flame Hellion (oversupply)",
                            "Dismiss Luminous (hidden) (oversupply)",
                            "Dismiss Ike the Aggressive (hidden), take 5 damage (oversupply)",
                            "Dismiss Scout (hidden) (oversupply)"]
    choose(s, 1, "Dismiss Ike")
    assert s.hp[1] == 45 and stats.sp_used(s, 1) == 4


def test_opening_plans_offers_both_plans_and_the_two_starting_terrains() -> None:
    s = shipped("opening-plans")
    assert s.phase == "party" and s.decision().players == (0,)
    assert [(a.kind, a.args) for a in s.legal_actions(0)][:2] == [("opening", (0,)),
                                                                   ("opening", (1,))]
    assert sorted(s.name(a.args[0]) for a in s.legal_actions(0)
                  if a.kind == "pick_terrain") == ["Steam Fields", "Terreria"]


def test_launcher_prints_a_scenarios_decision_and_actions_as_json(capsys) -> None:  # type: ignore[no-untyped-def]
    code = launcher.run(["scenario", str(SCENARIOS / "block-or-take-it.toml"), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["game"] == "terrene" and out["title"] == "To block or not to block"
    assert out["decision"] == {"kind": "player", "players": [1]}
    s = shipped("block-or-take-it")
    peter, olivia = uid_of(s, 1, "peter_the_indurate"), uid_of(s, 1, "olivia_the_graceless")
    assert [(a["kind"], a["args"]) for a in out["actions"]["1"]] == [
        ("block", [peter]), ("block", [olivia]), ("no_block", [])]


def test_an_empty_description_is_the_first_turn_after_the_opening() -> None:
    s = described()
    assert s.phase == "play" and s.turn == 1 and s.active == 0 and s.first == 0
    assert [len(p) for p in s.party] == [4, 4] and s.hp == [50, 50]
    assert s.actions[0] >= 1 and s.actions[1] == 0 and len(s.zones["hand"][0]) == 1
    assert "attack" not in {a.kind for a in s.legal_actions(0)}  # nobody attacks on turn 1


def test_a_character_is_described_with_its_counters_card_and_statuses() -> None:
    s = described(turn=4, seats=[{}, {"party": [{
        "character": "olivia_the_graceless", "damage": 6, "xp": 1, "level": 2,
        "def_bonus": 5, "card": "defense_potion", "card_face_up": True,
        "status": {"stun": "end_of_turn"}, "gained": {"haste": "end_of_next_turn"},
        "attacked": True}]}])
    assert s.active == 1 and s.turns_taken == [2, 2]
    (olivia,) = s.party[1]
    u = s.units[olivia]
    assert s.cards[olivia] == "olivia_the_graceless" and u.up and u.ctrl == 1
    assert (u.dmg, u.xp, u.lv, u.def_, u.attacked) == (6, 1, 2, 5, True)
    assert s.cards[u.card] == "defense_potion" and u.card_up
    assert u.status == {"stun": ("end_of_turn", 4)}
    assert u.gained == {"haste": ("end_of_next_turn", 4)}
    assert stats.defense(s, olivia) == 15  # DEF 10 and the lasting +5
    assert "attack" not in {a.kind for a in s.legal_actions(1)}  # stunned and has attacked


def test_zones_are_laid_out_in_order_and_the_rest_goes_where_asked() -> None:
    s = described(seats=[{"hand": ["critical", "taunt"], "deck": ["scout", "luminous"],
                          "discard": ["smoke_bomb"], "terrain": "terreria",
                          "terrains": ["rain_storm"], "actions": 5, "sp_limit": 3,
                          "party": [{"character": "insidious", "face_up": False}]},
                         {"deck": [], "rest": "discard",
                          "party": [{"character": "olivia_the_graceless"}]}],
                    hp=[41, 17])
    names = {z: [s.cards[u] for u in s.zones[z][0]] for z in ("hand", "discard")}
    assert names == {"hand": ["critical", "taunt"], "discard": ["smoke_bomb"]}
    assert [s.cards[u] for u in s.zones["deck"][0][:2]] == ["scout", "luminous"]
    assert len(s.zones["deck"][0]) == 30 - 2 - 1 - 2 - 1  # hand, discard, terrains, party
    assert s.cards[s.active_terrain[0]] == "terreria"
    assert sorted(s.cards[u] for u in s.zones["terrains"][0]) == ["rain_storm", "terreria"]
    assert s.actions == [5, 0] and s.sp_limit[0] == 3 and s.hp == [41, 17]
    assert not s.units[s.party[0][0]].up
    # seat 2 keeps the terrain its opening placed; its other 28 cards are discarded
    assert s.zones["deck"][1] == [] and len(s.zones["discard"][1]) == 28
    assert not s.invariant_violations()


def test_extra_cards_join_the_deck_list() -> None:
    s = described(seats=[{"extra": ["fire_bomb", "critical"], "hand": ["fire_bomb"],
                          "party": [{"character": "asu_the_flame_hellion",
                                     "card": "critical"}, {"character": "scout",
                                                           "card": "critical"}]}])
    assert s.decklists[0].count("critical") == 3 and "fire_bomb" in s.decklists[0]
    assert [s.cards[u] for u in s.zones["hand"][0]] == ["fire_bomb"]
    assert len(s.cards) == 62 and not s.invariant_violations()


def test_turn_and_active_agree_with_who_went_first() -> None:
    s = described(first=2, active=1)
    assert (s.first, s.active, s.turn, s.turns_taken) == (1, 0, 2, [1, 1])
    assert s.actions[0] == terrain_actions(s, 0) + 1  # 1v1: the second seat's first turn
    s = described(first=2, turn=5)
    assert s.active == 1 and s.turns_taken == [2, 3]


def test_a_2v2_table_and_a_best_of_three_set() -> None:
    setup = {"players": 4, "deck.2": "greggory_beatdown", "deck.3": "sk_item_steal"}
    s = described(setup, active=3, hp=[30, 50])
    assert s.n == 4 and s.active == 2 and s.turn == 3 and s.hp == [30, 50]
    s = described({"format": "best of three"}, set_wins=[1, 0])
    assert s.set_mode and s.set_wins == [1, 0] and s.game_no == 2


def test_play_reaches_a_block() -> None:
    s = described(turn=3, play=["Attack with Asu", "Pass", "Pass"], seats=[
        {"party": [{"character": "asu_the_flame_hellion"}]},
        {"party": [{"character": "olivia_the_graceless"}]}])
    assert s.prompt is not None and s.prompt.kind == Ask.BLOCK


BAD: list[tuple[dict[str, Any], str]] = [
    ({"phase": "draft"}, "position.phase: one of play, party; not 'draft'"),
    ({"first": 3}, "position.first: a whole number from 1 to 2, not 3"),
    ({"active": 0}, "position.active: a whole number from 1 to 2, not 0"),
    ({"turn": 0}, "position.turn: a whole number of at least 1, not 0"),
    ({"turn": 3, "active": 2}, "position.turn: turn 3 is seat 1's (seat 1 went first), "
     "not seat 2's"),
    ({"hp": [50, 0]}, "position.hp[1]: a whole number from 1 to 50, not 0"),
    ({"hp": [50]}, "position.hp: two teams' HP, not 1"),
    ({"set_wins": [1, 0]}, "position.set_wins: only in a best-of-three set"),
    ({"seats": [{}, {}, {}]}, "position.seats: 3 seats at a table of 2"),
    ({"seats": [{"hand": ["excalibur"]}]}, "position.seats[0].hand[0]: unknown 'excalibur'"),
    ({"seats": [{"hand": ["fire_bomb"]}]},
     "position.seats[0].hand[0]: seat 1 has no 'fire_bomb' left to place (its deck list "
     "holds 0"),
    ({"seats": [{"hand": ["critical", "critical", "critical"],
                 "party": [{"character": "scout"}]}]},
     "position.seats[0].hand[2]: seat 1 has no 'critical' left to place (its deck list "
     "holds 2"),
    ({"seats": [{"terrain": "scout"}]}, "position.seats[0].terrain: not a terrain: 'scout'"),
    ({"seats": [{"terrains": ["critical"]}]},
     "position.seats[0].terrains[0]: not a terrain: 'critical'"),
    ({"seats": [{"party": [{"character": "critical"}]}]},
     "position.seats[0].party[0].character: not a character: 'critical'"),
    ({"seats": [{"party": [{"character": "dragon"}]}]},
     "position.seats[0].party[0].character: one of"),
    ({"seats": [{"party": [{"character": "scout"}, {"character": "scout"}]}]},
     "position.seats[0].party[1].character: seat 1 controls a Scout already"),
    ({"seats": [{"party": [{"character": "scout", "damage": 10}]}]},
     "position.seats[0].party[0].damage: a whole number from 0 to 9, not 10"),
    ({"seats": [{"party": [{"character": "scout", "card": "luminous"}]}]},
     "position.seats[0].party[0].card: not an assignable card: 'luminous'"),
    ({"seats": [{"party": [{"character": "scout", "card_face_up": True}]}]},
     "position.seats[0].party[0].card_face_up: scout holds no card"),
    ({"seats": [{"party": [{"character": "scout", "status": {"sleep": "end_of_turn"}}]}]},
     "position.seats[0].party[0].status.sleep: one of slow, stun, silence; not 'sleep'"),
    ({"seats": [{"party": [{"character": "scout", "status": {"stun": "forever"}}]}]},
     "position.seats[0].party[0].status.stun: one of end_of_turn"),
    ({"seats": [{"party": [{"character": "scout", "gained": {"flight": "permanent"}}]}]},
     "position.seats[0].party[0].gained.flight: one of haste"),
    ({"seats": [{"party": [{"character": "scout", "borrowed": "taunt"}]}]},
     "position.seats[0].party[0].borrowed: not a character: 'taunt'"),
    ({"seats": [{"party": [{"character": "scout", "hp": 3}]}]},
     "position.seats[0].party[0]: unknown field 'hp'"),
    ({"seats": [{"sp_limit": 1, "party": [{"character": "asu_the_flame_hellion"}]}]},
     "position.seats[0].party: 2 SP of characters over seat 1's SP limit of 1"),
    ({"seats": [{"party": []}]}, "position.seats: the team of seat 1 has no characters"),
    ({"seats": [{"rest": "hand"}]}, "position.seats[0].rest: one of deck, discard, banished"),
    ({"seats": [{"actions": -1}]}, "position.seats[0].actions: a whole number of at least 0"),
    ({"seats": [{"extra": ["blade_token"]}]}, "position.seats[0].extra[0]: unknown"),
    ({"seats": [{"army": []}]}, "position.seats[0]: unknown field 'army'"),
    ({"play": ["Fly away"]}, "position.play[0]: 'Fly away' matches no legal action"),
    ({"play": ["Dismiss"]}, "position.play[0]: 'Dismiss' matches 8 legal actions"),
    ({"turns": 4}, "position: unknown field 'turns'"),
]


@pytest.mark.parametrize(("description", "words"), BAD)
def test_a_bad_description_names_the_field_at_fault(description: dict[str, Any],
                                                    words: str) -> None:
    with pytest.raises(ScenarioError) as err:
        described(**description)
    assert words in str(err.value)


def test_the_draft_is_not_described() -> None:
    with pytest.raises(ScenarioError) as err:
        GAME.build_scenario(Scenario("terrene", "t", setup={"players": 6, "format": "draft"}))
    assert "setup.format: scenarios describe a 1v1 or 2v2 game, not the draft" in str(err.value)
