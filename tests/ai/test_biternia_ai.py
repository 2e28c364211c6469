"""Battle for Biternia AI hooks: the evaluation, the move ordering and the custom agent."""

from __future__ import annotations

import random

from ai import biternia
from ai.agents import SearchAgent
from ai.levels import level_settings, make_agent
from rules.biternia import GAME
from rules.biternia.kinds import Act, Phase
from rules.core import CHANCE, Action, Match, Scenario


def _table():
    s = GAME.new_state({"players": 2, "heroes": "first_game"}, 3)
    s.apply(CHANCE, Action(Act.INITIATIVE, (0,)))
    for p in (0, 1):
        s.apply(CHANCE, Action(Act.SHUFFLE, (p,)))
    while s.phase == Phase.DEPLOY:
        p = s.decision().players[0]
        s.apply(p, s.legal_actions(p)[0])
    return s


def _position(setup: dict | None = None, **description):
    """A first-game position from a description (rules/biternia/scenario.py)."""
    full = {"players": 2, "heroes": "first_game", **(setup or {})}
    return GAME.build_scenario(Scenario("biternia", "test", setup=full, position=description))


def test_evaluate_is_zero_sum_and_in_range():
    s = _table()
    for p in (0, 1):
        assert -1.0 <= biternia.evaluate(s, p) <= 1.0
    assert abs(biternia.evaluate(s, 0) + biternia.evaluate(s, 1)) < 1e-9


def test_evaluate_prefers_a_damaged_enemy_bit_and_more_gold():
    base = biternia.evaluate(_position(), 0)
    hurt = biternia.evaluate(_position(structures={"bit_1": 16 - 6}), 0)
    richer = biternia.evaluate(_position(structures={"bit_1": 16 - 6}, gold={"blue": 5}), 0)
    assert base < hurt < richer


def test_evaluate_of_a_won_game_is_one():
    s = _position(structures={"tower_0_top": 0, "bit_0": 3}, initiative="red", phase=Phase.ACTION,
                  heroes={"vladiator": {"space": "bit_0", "down": "smash"}},
                  play=["activate vladiator use"])  # Smash 4 on the Bit's 3 HP, defense 1
    assert s.winner == 1
    assert biternia.evaluate(s, 1) == 1.0 and biternia.evaluate(s, 0) == -1.0


def test_ordering_focuses_fire_on_the_enemy_closest_to_defeat():
    s = _position(heroes={"kerrick": {"hp": 2}})
    assert biternia.score_target(s, 0, "kerrick") > biternia.score_target(s, 0, "boreas")


def test_ordering_pushes_when_healthy_and_falls_back_when_hurt():
    hero = "felix"
    s = _position(heroes={hero: {"space": "gold_mid"}})
    forward = Action(Act.MOVE, (hero, "tower_1_mid"))
    back = Action(Act.MOVE, (hero, "tower_0_mid"))
    assert biternia.action_score(s, 0, forward) > biternia.action_score(s, 0, back)
    s = _position(heroes={hero: {"space": "gold_mid", "hp": 2}})
    assert biternia.action_score(s, 0, forward) < biternia.action_score(s, 0, back)


def test_ordering_levels_up_before_finishing_cleanup():
    s = _table()
    level = Action(Act.LEVEL, ("felix", "riposte"))
    assert biternia.action_score(s, 0, level) > biternia.action_score(s, 0, Action(Act.DONE))


def test_make_agent_gives_the_custom_agent_for_searching_levels():
    assert isinstance(make_agent("biternia", "normal", 1), biternia.BiterniaAgent)
    assert not isinstance(make_agent("biternia", "random", 1), biternia.BiterniaAgent)
    assert level_settings("biternia", "normal")["rollout_depth"] == 0


def test_agents_choose_legal_actions_from_their_view():
    s = _table()
    for level in ("easy", "normal"):
        agent = make_agent("biternia", level, 5)
        view = s.view(0)
        assert agent.choose(view, 0) in s.legal_actions(0)


def test_easy_agent_beats_random_agents():
    """Seeded games, both seats: the ordering policy alone beats uniform random play."""
    wins = 0
    for g in range(4):
        seat = g % 2
        agents = {seat: make_agent("biternia", "easy", g),
                  1 - seat: make_agent("biternia", "random", g)}
        match = Match(GAME, GAME.random_setup(random.Random(g), 2), g)
        out = match.play(agents, max_decisions=20000)
        wins += out is not None and out.scores[seat] == 1.0
    assert wins == 4


def test_ordering_keeps_a_power_card_for_its_own_hero():
    s = _table()
    cure = Action(Act.ORDER, ("caligar", "cure"))
    misplaced = Action(Act.ORDER, ("felix", "cure"))
    assert biternia.action_score(s, 0, cure) > biternia.action_score(s, 0, misplaced)
    assert biternia.action_score(s, 0, misplaced) < 0


def test_ordering_hands_the_team_turn_to_a_teammate_with_a_better_move():
    """Team games: a seat whose own Heroes can only pass lets its teammate act."""
    s = _position({"players": 4}, phase=Phase.MOVEMENT, defeated=["sterling", "ceralin"],
                  heroes={"felix": {"space": "gold_mid"}})
    legal = s.legal_actions(0)
    best = max(legal, key=lambda a: biternia.action_score(s, 0, a))
    assert best == Action(Act.HAND_OVER, (2,))


def test_balance_pieces_are_the_heroes_of_the_seats_team():
    """The balance command's pieces: both teammates' Heroes count for each seat."""
    s = GAME.new_state({"players": 4, "heroes": "first_game"}, 3)
    s.apply(CHANCE, Action(Act.INITIATIVE, (0,)))
    blue = ["Sterling, the Archer", "Ceralin, the Fighter", "Caligar, the Cleric",
            "Felix, the Duelist"]
    assert biternia.balance_pieces(s, 0) == blue == biternia.balance_pieces(s, 2)
    assert "Vladiator, the Barbarian" in biternia.balance_pieces(s, 3)


def test_the_agent_is_a_search_agent_searching_the_best_ordered_actions():
    """The custom agent runs on the framework's SearchAgent: its root is the ordering's
    best candidates (the level's count), easy's root is every legal action."""
    view = _table().view(0)
    legal = view.legal_actions(0)
    normal, easy = make_agent("biternia", "normal", 1), make_agent("biternia", "easy", 1)
    assert isinstance(normal, SearchAgent) and isinstance(easy, SearchAgent)
    assert len(legal) > 3
    assert normal.root_options(view, 0) == biternia.ranked(view, 0, legal)[:3]
    assert easy.root_options(view, 0) == legal
    assert normal.choose(view, 0) in legal


def test_the_playout_hook_plays_the_ordering_policy():
    s = _position({"players": 4}, phase=Phase.MOVEMENT, defeated=["sterling", "ceralin"],
                  heroes={"felix": {"space": "gold_mid"}})
    legal = s.legal_actions(0)
    for seed in range(5):
        assert biternia.rollout_action(s, 0, legal, random.Random(seed)) == \
            Action(Act.HAND_OVER, (2,))


def _advance(match: Match, until, pick) -> Match:
    """Play ``match`` on (chance by the match, every seat by ``pick(legal)``) until
    ``until(state)`` holds at a seat's decision."""
    while match.state.decision().is_chance or not until(match.state):
        if match.state.decision().is_chance:
            match.resolve_chance()
        else:
            p = match.state.decision().players[0]
            match.submit(p, pick(match.state.legal_actions(p)))
    return match


def _orders_given(seed: int):
    """A two-player game played at random until both teams' Heroes hold face-down orders
    and the Movement phase begins."""
    match = Match(GAME, {"players": 2, "heroes": "first_game"}, seed)
    return _advance(match, lambda s: s.phase == Phase.MOVEMENT and s.round >= 2,
                    random.Random(seed).choice).state


def test_inferred_orders_stay_consistent_with_the_view_and_move_only_hidden_cards():
    """Hidden orders (rulebook, Orders phase: each team gives its Heroes a face-down order
    from its hand) are re-dealt in a sampled world as the team would likely have chosen
    them; the world must still be one the seat could be in: the same view, and the other
    team holding the same hidden cards between its hand and its orders."""
    from ai.biternia.agent import infer_orders
    from ai.biternia.ordering import action_score

    for seed in range(4):
        s = _orders_given(seed)
        view = s.view(0)
        downs = [h for h in view.hero_order if view.heroes[h].down == "?"]
        assert downs, "the other team's orders are face down"
        for k in range(3):
            world = view.determinize(0, random.Random(k))
            first = downs[0]
            seat = world.heroes[first].seat
            options = [world.heroes[first].down, *world.seats[seat].hand]
            best = max(action_score(world, seat, Action(Act.ORDER, (first, c)))
                       for c in options)
            before = sorted(world.seats[1].hand + [world.heroes[h].down for h in downs])
            infer_orders(view, world, random.Random(k), 1.0)
            after = sorted(world.seats[1].hand + [world.heroes[h].down for h in downs])
            assert after == before
            assert world.view(0).to_json() == view.to_json()
            # greedy: the first Hero's order is the best rated of the cards it could have
            chosen = Action(Act.ORDER, (first, world.heroes[first].down))
            assert action_score(world, seat, chosen) == best


def test_inferring_orders_is_off_below_expert():
    """Only the expert level re-deals hidden orders; hard searches worlds dealt blind."""
    assert biternia.AGENT_LEVELS["hard"].infer_orders == 0.0


def test_hero_strengths_are_measured_data_for_every_hero():
    """The expert's draft table is data with provenance: every Hero of the content has a
    measured win rate, from a run named with its command."""
    import tomllib

    from ai.biternia.drafting import STRENGTH_FILE, hero_strength
    from rules.biternia.content import load

    data = tomllib.loads(STRENGTH_FILE.read_text())
    assert data["source"] == "measured" and data["reason"] and "balance" in data["command"]
    assert set(data["heroes"]) == set(load().heroes)
    for row in data["heroes"].values():
        assert 0 <= row["points"] <= row["games"] and row["games"] >= 100
    assert set(hero_strength()) == set(load().heroes)


def _at_draft(seed: int) -> Match:
    """A two-player drafting match at its first pick."""
    match = Match(GAME, {"players": 2, "heroes": "draft"}, seed)
    return _advance(match, lambda s: s.phase == Phase.DRAFT, lambda legal: legal[0])


def test_the_expert_drafts_the_strongest_hero_left_by_measured_win_rate():
    """Draft (rulebook, Drafting Heroes: the teams pick in turn 1-2-2-2-1): expert takes the
    Hero left with the best measured win rate; hard takes the move ordering's pick."""
    from ai.biternia.drafting import hero_strength

    match = _at_draft(5)
    rates = hero_strength()
    picks = []
    while match.state.phase == Phase.DRAFT:
        p = match.state.decision().players[0]
        view = match.state.view(p)
        left = [a.args[0] for a in view.legal_actions(p)]
        choice = make_agent("biternia", "expert", p).choose(view, p)
        assert rates[choice.args[0]] == max(rates[h] for h in left)
        picks.append(choice.args[0])
        match.submit(p, choice)
    assert picks[:4] == sorted(rates, key=lambda h: -rates[h])[:4]
    # a hint at this level says why (the Cynthia of the first pick: 264 of 422 games)
    note = make_agent("biternia", "expert", 0).analyse(_at_draft(5).state.view(0), 0).note
    assert "strongest Hero left" in note and "63%" in note
    hard = make_agent("biternia", "hard", 0)
    fresh = _at_draft(5)
    p = fresh.state.decision().players[0]
    legal = fresh.state.legal_actions(p)
    assert hard.choose(fresh.state.view(p), p) == biternia.ranked(fresh.state, p, legal)[0]
