"""The shared rules contract (rules/core), exercised on the Dice Race fixture."""

from __future__ import annotations

import json
import random

import pytest

from rules.core import (
    CHANCE,
    Action,
    DecisionKind,
    Event,
    IllegalAction,
    Match,
    MatchRecord,
    Outcome,
    SetupError,
    replay,
)
from tests.rules.core.dice_race import DASH, GAME, WALK


def _random_match(seed: int) -> Match:
    match = Match(GAME, GAME.default_setup(2), seed)
    rng = random.Random(seed)
    while not match.over:
        match.advance_chance()
        if match.over:
            break
        player = match.state.decision().players[0]
        match.submit(player, rng.choice(match.state.legal_actions(player)))
    match.finish_record()
    return match


def test_action_identity_ignores_label_and_survives_json():
    a = Action("move", (1, ("x", 2)), "Move one")
    b = Action.from_json(json.loads(json.dumps(a.to_json())))
    assert a == b and hash(a) == hash(b)
    assert b.args == (1, ("x", 2)) and b.label == "Move one"
    assert Action("move", (1,), "A") == Action("move", (1,), "B")
    assert Action("move", (1,)) != Action("move", (2,))


def test_action_from_json_rejects_garbage():
    with pytest.raises(ValueError, match="not an action"):
        Action.from_json({"args": []})


def test_event_visibility():
    private = Event("draw", "drew", {}, visible_to=(1,))
    assert private.visible(1) and not private.visible(0) and not private.visible(None)
    assert Event("hit", "hit").visible(None)


def test_outcome_winners_and_draws():
    assert Outcome((1.0, 0.0)).winners == (0,)
    assert Outcome((0.5, 0.5)).is_draw
    assert Outcome((1.0, 0.0, 1.0, 0.0)).winners == (0, 2)  # a team win


def test_illegal_action_names_the_reason_and_leaves_state_untouched():
    match = Match(GAME, GAME.default_setup(2), 3)
    match.advance_chance()
    before = match.state.state_hash()
    with pytest.raises(IllegalAction, match="not a legal action"):
        match.submit(0, Action("fly"))
    with pytest.raises(IllegalAction, match="not seat"):
        match.state.apply(CHANCE, Action("roll", (3,)))
    assert match.state.state_hash() == before
    assert match.record.steps == [(CHANCE, match.record.steps[0][1])]


def test_simultaneous_commitments_are_hidden_until_the_reveal():
    match = Match(GAME, GAME.default_setup(2), 5)
    match.advance_chance()
    d = match.state.decision()
    assert d.kind is DecisionKind.SIMULTANEOUS and d.players == (0, 1)
    match.submit(0, DASH)
    assert match.state.decision().players == (1,)
    assert match.state.view(1).orders[0] == "hidden"
    assert match.state.view(0).orders[0] == "dash"


def test_view_hides_and_determinize_fills_consistently():
    match = Match(GAME, GAME.default_setup(2), 9)
    match.advance_chance()
    view = match.state.view(0)
    assert view.cards[0] == match.state.cards[0] and view.cards[1] is None
    for s in range(20):
        world = view.determinize(0, random.Random(s))
        assert world.cards[0] == match.state.cards[0]
        assert world.cards[1] in set(range(1, 7)) - {world.cards[0]}


def test_match_replays_to_the_same_hash():
    for seed in range(15):
        match = _random_match(seed)
        record = MatchRecord.from_json(json.loads(json.dumps(match.record.to_json())))
        assert replay(GAME, record).state_hash() == match.record.final_hash
        assert match.outcome() is not None


def test_same_seed_same_chance():
    a = Match(GAME, GAME.default_setup(2), 42)
    b = Match(GAME, GAME.default_setup(2), 42)
    a.advance_chance()
    b.advance_chance()
    assert a.state.state_hash() == b.state.state_hash()


def test_state_json_round_trip_keeps_the_hash():
    match = _random_match(7)
    state = match.state
    assert GAME.state_from_json(json.loads(json.dumps(state.to_json()))).state_hash() == (
        state.state_hash()
    )


def test_clone_is_independent():
    match = Match(GAME, GAME.default_setup(2), 1)
    match.advance_chance()
    copy = match.state.clone()
    copy.apply(0, WALK)
    assert match.state.orders == [None, None]


def test_record_rejects_other_versions_and_formats():
    data = _random_match(1).record.to_json()
    with pytest.raises(ValueError, match="unsupported file version 99"):
        MatchRecord.from_json({**data, "version": 99})
    with pytest.raises(ValueError, match="not a Tabletop Arena"):
        MatchRecord.from_json({"hello": 1})
    with pytest.raises(ValueError, match="damaged"):
        MatchRecord.from_json({**data, "steps": [["x", {}]]})


def test_setup_validation_fills_defaults_and_rejects_unknowns():
    assert GAME.validate_setup({"players": 2}) == {"players": 2, "goal": "10"}
    with pytest.raises(SetupError, match="unknown setup option 'speed'"):
        GAME.validate_setup({"players": 2, "speed": "3"})
    with pytest.raises(SetupError, match="takes 2-2 players"):
        GAME.validate_setup({"players": 5})
    with pytest.raises(SetupError, match="not one of"):
        GAME.validate_setup({"players": 2, "goal": "7"})
    with pytest.raises(SetupError, match="whole number"):
        GAME.validate_setup({"players": "many"})


def test_random_setup_is_legal():
    for s in range(10):
        setup = GAME.random_setup(random.Random(s))
        assert GAME.validate_setup(setup) == setup


def test_setup_option_labels_name_each_choice():
    from rules.core import SetupOption

    opt = SetupOption("fighter", "Fighter", ("amon", "kimbhe"), "amon",
                      labels=("Amon Elcela", "Uleyle Kimbhe"))
    assert opt.label_of("kimbhe") == "Uleyle Kimbhe"
    assert SetupOption("goal", "Goal", ("6",), "6").label_of("6") == "6"


def test_per_seat_defaults_need_not_mirror():
    from rules.core import SetupOption

    opt = SetupOption("deck", "Deck", ("a", "b", "c"), "a", per_seat=True, seat_defaults=("a", "b"))
    assert [opt.default_for(s) for s in range(4)] == ["a", "b", "a", "b"]
    assert SetupOption("x", "X", ("a",), "a", per_seat=True).default_for(3) == "a"
