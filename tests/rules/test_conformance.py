"""Every game in rules/ honours the shared contract (rules/core), checked by seeded random
playouts: JSON round trips keep the hash, clones are independent, views serialise and
determinize back to a playable state, illegal actions change nothing, invariants hold after
every decision, and every match replays to its recorded hash."""

from __future__ import annotations

import json
import random

import pytest

from rules.core import CHANCE, Action, Game, IllegalAction, Match, replay
from rules.registry import available_games, get_game, shipped_scenarios
from tests.rules.core.dice_race import GAME as DICE_RACE

GAMES = [DICE_RACE, *(get_game(g) for g in available_games())]
MATCHES_PER_PLAYER_COUNT = 3


CASES = [(game, n) for game in GAMES for n in sorted({game.min_players, game.max_players})]


def _check_state(game: Game, match: Match, rng: random.Random, deep: bool) -> None:
    if not deep:
        return  # each game's own playout tests check its invariants after every decision
    state = match.state
    assert not state.invariant_violations(), state.invariant_violations()
    data = json.loads(json.dumps(state.to_json()))
    assert game.state_from_json(data).state_hash() == state.state_hash()
    twin = state.clone()
    assert twin.state_hash() == state.state_hash()
    decision = state.decision()
    if decision.is_terminal:
        return
    for seat in range(state.num_players):
        view = state.view(seat)
        json.dumps(view.to_json())
        world = view.determinize(seat, rng)
        assert world.decision().kind == decision.kind
        if seat in decision.players:
            assert set(world.legal_actions(seat)) == set(state.legal_actions(seat))
    bogus = Action("__not_a_move__", (1,))
    before = state.state_hash()
    with pytest.raises(IllegalAction):
        state.apply(decision.players[0] if not decision.is_chance else CHANCE, bogus)
    assert state.state_hash() == before
    if not decision.is_chance:
        acts = state.legal_actions(decision.players[0])
        twin.apply(decision.players[0], rng.choice(acts))
        assert state.state_hash() == before, "a clone shares mutable data with its source"


@pytest.mark.parametrize(("game", "players"), CASES, ids=[f"{g.id}-{n}p" for g, n in CASES])
def test_random_playouts_honour_the_contract(game: Game, players: int):
    for m in range(MATCHES_PER_PLAYER_COUNT):
        seed = 1000 * players + m
        rng = random.Random(seed)
        match = Match(game, game.random_setup(rng, players), seed)
        while not match.over and match.decisions < game.decision_cap:
            _check_state(game, match, rng, deep=match.decisions % 41 == 0)
            if match.state.decision().is_chance:
                match.resolve_chance()
                continue
            player = match.state.decision().players[0]
            match.submit(player, rng.choice(match.state.legal_actions(player)))
        assert match.over, f"{game.id}: no end after {game.decision_cap} decisions"
        outcome = match.outcome()
        assert outcome is not None and len(outcome.scores) == match.state.num_players
        record = match.finish_record()
        assert replay(game, record).state_hash() == record.final_hash


SEEDED = [("biternia", {"players": 2}), ("terrene", {"players": 2}),
          ("terrene", {"players": 3, "format": "draft"})]


@pytest.mark.parametrize(("game_id", "setup"), SEEDED,
                         ids=[f"{g}-{s['players']}p" for g, s in SEEDED])
def test_a_seeded_chance_follows_the_one_legality_rule(game_id: str, setup: dict):
    """Chance (rules/core): a shuffle, deal or pairing is a seeded chance decision; any 32-bit
    seed of its kind is legal, anything else is refused with the state untouched, and the
    listed stand-in outcome is the same action with seed 0."""
    game = get_game(game_id)
    match = Match(game, game.validate_setup(setup), 3)
    rng = random.Random(3)
    while match.state.seeded_chance() is None:
        decision = match.state.decision()
        assert not decision.is_terminal, "no seeded chance before the end"
        if decision.is_chance:
            match.resolve_chance()
        else:
            p = decision.players[0]
            match.submit(p, rng.choice(match.state.legal_actions(p)))
    state = match.state
    stand_in = state.seeded_chance()
    assert state.decision().is_chance
    assert state.chance_outcomes() == [(stand_in, 1.0)] and stand_in.args == (0,)
    drawn = state.sample_chance(random.Random(1))
    assert drawn.kind == stand_in.kind and state.is_legal(CHANCE, drawn)
    assert state.is_legal(CHANCE, Action(stand_in.kind, (2**32 - 1,)))
    before = state.state_hash()
    for bad in (Action(stand_in.kind, (2**32,)), Action(stand_in.kind, (-1,)),
                Action(stand_in.kind, ("7",)), Action(stand_in.kind, (1, 2)),
                Action(stand_in.kind, (True,)), Action("__other__", (5,))):
        with pytest.raises(IllegalAction):
            state.apply(CHANCE, bad)
        assert state.state_hash() == before
    state.apply(CHANCE, drawn)
    assert state.state_hash() != before


def _seed_keys(data: object) -> list[str]:
    """Keys naming a seed anywhere in JSON data (a seed rebuilds whatever it shuffled)."""
    if isinstance(data, dict):
        return [k for k in data if "seed" in str(k).lower()] + [
            k for v in data.values() for k in _seed_keys(v)]
    if isinstance(data, list):
        return [k for v in data for k in _seed_keys(v)]
    return []


VIEW_CASES = [(g, n) for g, n in CASES if g is not DICE_RACE]


@pytest.mark.parametrize(("game", "players"), VIEW_CASES,
                         ids=[f"{g.id}-{n}p" for g, n in VIEW_CASES])
def test_a_view_is_all_a_seat_knows(game: Game, players: int):
    """Hidden information (every rulebook's hidden hands, orders and piles): worlds built
    from seat p's view under different seeds differ only in what p cannot see, so each
    looks exactly like the view to p. A view that showed more than the seat may know (a
    seed, a cached order, a hidden card's place) would tell those worlds apart."""
    for m in range(2):
        seed = 700 * players + m
        rng = random.Random(seed)
        match = Match(game, game.random_setup(rng, players), seed)
        while not match.over and match.decisions < 1500:
            state = match.state
            if state.decision().is_chance:
                match.resolve_chance()
                continue
            if match.decisions % 3 == 0:
                for seat in {match.decisions % state.num_players, state.decision().players[0]}:
                    view = state.view(seat)
                    seen = json.dumps(view.to_json(), sort_keys=True)
                    assert not _seed_keys(view.to_json()), f"{game.id}: a seed in a view"
                    for k in (1, 2):
                        world = view.determinize(seat, random.Random(k))
                        again = json.dumps(world.view(seat).to_json(), sort_keys=True)
                        assert again == seen, (
                            f"{game.id} seat {seat + 1}, decision {match.decisions}: a world "
                            "sampled from the view looks different to the seat")
            player = state.decision().players[0]
            match.submit(player, rng.choice(state.legal_actions(player)))


def test_one_legality_rule_for_every_game():
    """Chance and legality (rules/core): no game's state overrides ``is_legal`` — an action
    is legal when it is listed, or when it is a seed of the pending seeded chance."""
    from rules.core.state import GameState

    for game in GAMES:
        game.new_state(game.default_setup(game.min_players), 0)  # imports its state classes

    def states(cls: type) -> list[type]:
        return [cls, *(c for sub in cls.__subclasses__() for c in states(sub))]

    ours = [c for c in states(GameState) if c.__module__.startswith("rules.")]
    assert {c.__module__.split(".")[1] for c in ours} >= {"battlecon", "biternia", "chaostle",
                                                           "terrene"}
    assert [c.__qualname__ for c in ours if c.is_legal is not GameState.is_legal] == []


SHIPPED = [(g, path) for g in available_games() for path in shipped_scenarios(g)]


@pytest.mark.parametrize(("game_id", "path"), SHIPPED,
                         ids=[f"{g}-{p.stem}" for g, p in SHIPPED])
def test_every_shipped_scenario_builds_and_round_trips(game_id: str, path):
    """Positions from a description: every scenario a game ships has a title and says what
    it shows, builds a sound position with a decision to make, and that position saves and
    loads to the same hash and the same legal actions."""
    from rules.core import Scenario

    game = get_game(game_id)
    scenario = Scenario.read(path)
    assert scenario.game == game_id and scenario.title and scenario.about
    state = game.build_scenario(scenario)
    assert not state.invariant_violations() and not state.decision().is_terminal
    again = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.state_hash() == state.state_hash()
    for seat in state.decision().players:
        assert again.legal_actions(seat) == state.legal_actions(seat)


def test_every_game_ships_scenarios():
    """Each game ships positions to learn from (tutorials start from them)."""
    assert {g for g, _ in SHIPPED} == set(available_games())
