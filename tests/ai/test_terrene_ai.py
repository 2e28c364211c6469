"""Terrene Odyssey AI hooks: the evaluation, the level settings and the agent."""

from __future__ import annotations

import random

from ai import terrene
from ai.levels import level_settings, make_agent
from rules.core import Action, Match
from rules.terrene import GAME, stats
from rules.terrene.model import Oversupply, XpAssign


def started(seed: int = 4):
    m = Match(GAME, GAME.random_setup(random.Random(seed), 2), seed)
    while m.state.phase != "play":
        d = m.state.decision()
        if d.is_chance:
            m.resolve_chance()
        else:
            m.submit(d.players[0], m.state.legal_actions(d.players[0])[0])
    return m.state


def test_evaluation_is_bounded_symmetric_and_prefers_more_hp():
    s = started()
    base = terrene.evaluate(s, 0)
    assert -1.0 <= base <= 1.0
    assert abs(base + terrene.evaluate(s, 1)) < 1e-9
    s.hp[1] -= 20
    assert terrene.evaluate(s, 0) > base


def test_evaluation_counts_the_fighting_worth_of_characters():
    s = started()
    before = terrene.evaluate(s, 0)
    victim = s.party[1][0]
    s.units[victim].dmg = 5
    assert terrene.evaluate(s, 0) > before


def test_evaluation_prefers_a_card_assigned_to_a_character_that_can_use_it():
    """Stall breaker: assigning is free, so a card ready behind a character must be worth
    more than the same card in hand, or the search never arms its characters."""
    s = started()
    seat = 0
    for uid in s.party[seat]:
        s.units[uid].up = True
        s.units[uid].card = None
    card = next(u for u in s.zones["deck"][seat] if s.card(u).kind == "item"
                and not s.card(u).requires and s.card(u).subtype == "none")
    s.zones["deck"][seat].remove(card)
    s.zones["hand"][seat].append(card)
    in_hand = terrene.evaluate(s, seat)
    s.zones["hand"][seat].remove(card)
    s.units[s.party[seat][0]].card = card
    assert terrene.evaluate(s, seat) > in_hand


def test_evaluation_counts_the_deck_out_race():
    """Stall breaker: the opponent's shrinking deck is worth something (Decking Out)."""
    s = started()
    before = terrene.evaluate(s, 0)
    s.zones["discard"][1] += s.zones["deck"][1][2:]
    s.zones["deck"][1] = s.zones["deck"][1][:2]
    assert terrene.evaluate(s, 0) > before
    assert terrene.deck_danger(s, 1) > 5 * terrene.deck_danger(s, 0)


def test_evaluation_of_a_finished_game_is_its_result():
    s = started()
    s.apply(s.active, Action("run"))
    loser = 1 - s.outcome().scores.index(1.0)
    assert terrene.evaluate(s, loser) == -1.0


def test_levels_evaluate_leaves_directly_and_are_accepted_by_the_framework():
    for level in ("easy", "normal", "hard"):
        settings = level_settings("terrene", level)
        assert settings["rollout_depth"] == 0
    assert level_settings("terrene", "hard")["iterations"] > level_settings(
        "terrene", "normal")["iterations"]


def test_search_agent_never_runs_and_plays_a_legal_action():
    s = started()
    agent = make_agent("terrene", "easy", 3)
    seat = s.decision().players[0]
    view = s.view(seat)
    action = agent.choose(view, seat)
    assert action in s.legal_actions(seat) and action.kind != "run"
    assert "run" in {a.kind for a in s.legal_actions(seat)}
    assert "run" not in {a.kind for a in terrene.candidates(view, seat)}


def test_ai_drafters_build_legal_decks_and_finish_a_four_player_draft():
    """3-12 Player Draft with AI seats: the drafters' picks and 20-card decks, and both Swiss
    rounds played (the games themselves by random inner agents, to keep the test short)."""
    from ai.agents import RandomAgent
    from rules.core import Match
    from rules.terrene import GAME
    from rules.terrene.decks import check_deck

    match = Match(GAME, {"players": 4, "format": "draft"}, 5)
    agents = {p: terrene.DraftSeat(RandomAgent(p), seed=p) for p in range(4)}
    out = match.play(agents, max_decisions=50_000)
    s = match.state
    assert out is not None and s.stage == "over"
    assert all(deck is not None and len(deck) == 20 for deck in s.draft.decks)
    assert all(check_deck(deck, 20, party=False) == [] for deck in s.draft.decks)
    assert s.tour.over and s.tour.round == 2
    assert sum(s.tour.points) >= 4 and s.tour.winners()


def test_ai_deck_takes_a_regular_terrain_and_a_starting_party():
    from rules.terrene.content import decks

    pool = list(decks()["greggory_beatdown"].cards)
    deck = terrene.ai_deck(pool)
    assert len(deck) == 20
    assert any(c in ("emberstadt", "steam_fields") for c in deck)


def test_ai_opens_with_the_printed_plan_for_its_turn_order():
    """AI: plays the printed opening plans (going first: the 'on defense' plan)."""
    from rules.terrene.content import decks

    m = Match(GAME, {"players": 2, "deck.0": "greggory_beatdown", "deck.1": "the_fear"}, 2)
    m.submit(-1, Action("coin", (1,)))
    agent = make_agent("terrene", "easy", 1)
    seat = m.state.decision().players[0]
    action = agent.choose(m.state.view(seat), seat)
    deck = decks()[m.state.deck_ids[seat]]
    assert action.kind == "opening"
    assert deck.openings[action.args[0]].turn == ("first" if seat == 1 else "second")


def test_ai_seats_pick_build_and_play_in_a_draft_match():
    """AI drafters fill seats: picks by the drafting heuristic, automatic decks, and the
    tournament's games decided from the inner game's view."""
    m = Match(GAME, {"players": 3, "format": "draft"}, 4)
    agent = make_agent("terrene", "easy", 2)
    m.advance_chance()  # the pool is shuffled and dealt
    while m.state.stage != "play":
        seat = m.state.decision().players[0]
        action = agent.choose(m.state.view(seat), seat)
        assert action.kind in ("draft_pick", "deck_auto")
        m.submit(seat, action)
    assert all(deck is not None and len(deck) == 20 for deck in m.state.draft.decks)
    m.advance_chance()
    seat = m.state.decision().players[0]
    action = agent.choose(m.state.view(seat), seat)
    assert action in m.state.legal_actions(seat)


def test_search_leaves_out_conceding_dismissing_and_trading_but_keeps_prompts():
    """The search's narrowed turn actions: no run, no voluntary dismissal, no trade; the
    rules' own legal list is untouched, and a forced choice (a prompt) is never narrowed."""
    s = started()
    seat = s.active
    view = terrene.search_view(s.view(seat))
    kinds = {a.kind for a in terrene.candidates(view, seat)}
    assert kinds and not kinds & {"run", "dismiss", "trade"}
    assert "run" in {a.kind for a in view.legal_actions(seat)}
    agent = terrene.make_agent("easy", 1)
    assert agent.inner.root_options(view, seat) == terrene.candidates(view, seat)
    assert agent.inner.config.candidates is terrene.candidates
    assert agent.inner.config.search_view is terrene.search_view
    view.prompt = Oversupply(seat)
    assert {a.kind for a in terrene.candidates(view, seat)} == {"dismiss"}


def duel(attacker_id: str, defender_ids: tuple[str, ...], turn: int = 3,
         cards: dict[str, str] | None = None):
    """A play-phase state on game turn ``turn`` (seat 0 acts on turn 3, seat 1 on turn 4),
    built from a description: one attacker against ``defender_ids``, each holding the card
    ``cards`` names for it, every seat with 3 actions."""
    from tests.rules.terrene.conftest import Table

    setup = GAME.random_setup(random.Random(4), 2)
    s = Table.position((setup["deck.0"], setup["deck.1"]), turn=turn, party=[
        [attacker_id],
        [{"character": cid, **({"card": (cards or {})[cid]} if cid in (cards or {}) else {})}
         for cid in defender_ids]])
    return s, s.party[0][0], list(s.party[1])


def test_settle_plays_a_declared_attack_out():
    """Quiescence: a leaf with an attack on the chain is judged after the battle."""
    s, attacker, _ = duel("dagger_on_the_edge", ("ethan_the_resilient",))
    s.apply(0, Action("attack", (attacker, -1)))
    assert not terrene.quiet(s)
    hp_before = list(s.hp)
    settled = s.clone()
    terrene.settle(settled, random.Random(1))
    assert terrene.quiet(settled)
    assert s.hp == hp_before  # the leaf itself is left as it was
    quiet_value = terrene.QuietEvaluator(terrene.DEFAULT_WEIGHTS, 1)(s, 0)
    assert quiet_value == terrene.evaluate(settled, 0)


def test_settle_answers_a_block_prompt_with_its_best_option():
    """Quiescence: the defender blocks with the character that survives the attack (Battle:
    ATK minus DEF to the blocker), not with the first one offered (Scout would fall) nor
    by letting 15 damage through."""
    s, attacker, (scout, ethan) = duel("dagger_on_the_edge", ("scout", "ethan_the_resilient"))
    atk, guard = stats.atk(s, attacker), stats.defense(s, ethan)
    s.apply(0, Action("attack", (attacker, -1)))
    terrene.settle(s, random.Random(1))
    assert s.hp[1] == 50
    assert s.units[ethan].dmg == atk - guard > 0 and s.units[scout].dmg == 0


def test_quiet_evaluation_of_a_quiet_state_is_the_plain_evaluation():
    s = started()
    assert terrene.quiet(s)
    ev = terrene.QuietEvaluator(terrene.DEFAULT_WEIGHTS, 3)
    assert ev(s, 0) == terrene.evaluate(s, 0) and ev(s, 1) == terrene.evaluate(s, 1)


def test_hard_judges_settled_leaves_and_normal_plain_ones():
    """Hard's search evaluates a leaf after its pending chain settles; easy and normal (the
    balance runs' level) keep the plain evaluation."""
    hard = make_agent("terrene", "hard", 1)
    assert isinstance(hard.inner.config.evaluate, terrene.QuietEvaluator)
    for level in ("easy", "normal"):
        judge = make_agent("terrene", level, 1).inner.config.evaluate
        assert not isinstance(judge, terrene.QuietEvaluator)


def test_revealing_an_ongoing_card_is_worth_its_action():
    """Assignables (ongoing cards stay in play): revealing Spikes must raise the
    evaluation, action spent and all, or the search never sets up its defensive engine."""
    s, attacker, (ethan,) = duel("dagger_on_the_edge", ("ethan_the_resilient",), turn=4,
                                 cards={"ethan_the_resilient": "spikes"})
    assert s.active == 1 and s.actions == [3, 3]
    spikes = s.units[ethan].card
    before = terrene.evaluate(s, 1)
    s.apply(1, Action("use", (spikes, 0, -1)))
    terrene.settle(s, random.Random(1))
    assert s.units[ethan].card_up and s.actions[1] == 2
    assert terrene.evaluate(s, 1) > before


def test_the_search_only_passes_on_a_player_action_and_takes_forced_passes():
    """Priority (issue #12): a player action waiting on the chain is only passed by the
    search (responses stay legal in the real game), so the agent answers at once; a
    seat with nothing but Pass is passed for inside the search's own copies."""
    from tests.rules.terrene.conftest import Table

    s = Table.position(party=[["inu_the_inferno"],
                              ["gerald_the_silent"]],  # quick Hush could answer
                       hand=[["olivia_the_graceless"], []])
    inu = Table.unit(s, 0, "inu_the_inferno")
    s.apply(0, Action("recruit", (Table.in_hand(s, 0, "olivia_the_graceless"),)))
    assert len(s.legal_actions(1)) > 1  # a person may answer the recruit
    searched = terrene.search_view(s.view(1))
    assert [a.kind for a in terrene.candidates(searched, 1)] == ["pass"]
    assert len(searched.legal_actions(1)) > 1  # the rules' own list stays whole
    assert make_agent("terrene", "normal", 1).choose(s.view(1), 1).kind == "pass"
    assert searched.autopass and not s.autopass
    assert inu in s.units


def test_xp_goes_to_the_defeater_at_the_agents_own_decision():
    """XP Ownership: at its own decision (its view) the AI gives a defeat's XP to the
    defeater (offered first) — the search's only candidate there; inside the search (full
    sampled states) every assignment is weighed, and the rules keep every choice."""
    from tests.rules.terrene.conftest import Table

    s = Table.position(party=[["inu_the_inferno", "olivia_the_graceless"],
                              ["gerald_the_silent"]])
    olivia = Table.unit(s, 0, "olivia_the_graceless")
    s.prompt = XpAssign(0, by=olivia, amount=1)
    legal = s.legal_actions(0)
    assert len(legal) == 2 and legal[0].args == (olivia,)
    assert terrene.candidates(s.view(0), 0) == legal[:1]
    assert terrene.candidates(s, 0) == legal
    assert make_agent("terrene", "normal", 1).choose(s.view(0), 0) == legal[0]


def test_the_search_starts_from_the_games_search_view():
    """The framework's ``search_view`` hook: IS-MCTS searches from the game's copy of the
    view (Terrene's has the automation flag on), and the view itself is left alone."""
    from ai.levels import build_agent

    s = started()
    seat = s.active
    seen = []

    def hook(view):
        seen.append(view)
        return terrene.search_view(view)

    agent = build_agent({"algorithm": "ismcts", "iterations": 4, "rollout_depth": 0}, 1,
                        terrene.evaluate, candidates=terrene.candidates, search_view=hook)
    view = s.view(seat)
    assert len(terrene.candidates(view, seat)) > 1
    assert agent.choose(view, seat) in s.legal_actions(seat)
    assert seen == [view] and not view.autopass
    assert terrene.search_view(view).autopass


def test_in_a_set_the_search_plays_to_win_the_game_in_hand():
    """The Goal and Win Conditions (a best-of-three set): each game won counts towards
    the two the set needs, so within a game the search plays to win that game. Its copy
    of a set's view plays the current game as a game of its own (the view is left as it
    was); before, a game ended inside the tree was judged as the next game's opening,
    worth nothing, and hard turned down a winning attack in a set that it takes in a
    single game."""
    from tests.rules.terrene.conftest import Table

    for set_mode in (False, True):
        s = Table.position(party=[["dagger_on_the_edge"],
                                  [{"character": "scout", "face_up": False}]])
        s.hp[1] = 3  # the attack cannot be blocked: a face-down character does not block
        s.set_mode = set_mode
        view = s.view(0)
        chosen = {make_agent("terrene", "hard", seed).choose(view, 0).kind
                  for seed in range(3)}
        assert chosen == {"attack"}, (set_mode, chosen)
        searched = terrene.search_view(view)
        assert not searched.set_mode and view.set_mode == set_mode
        s.apply(0, Action("attack", (s.party[0][0], -1)))
        terrene.settle(s, random.Random(1))
        assert s.hp[1] <= 0 and (s.phase == "next_game") == set_mode


def test_the_loser_of_a_sets_game_chooses_from_a_single_game_copy():
    """Win Conditions: the loser of a set's game chooses who goes first; the search's copy
    of that choice plays the next game as a game of its own, and the choice is legal."""
    from tests.rules.terrene.conftest import Table

    s = Table.started(fmt="best of three")
    Table.act(s, 0, "run")
    assert s.phase == "next_game"
    searched = terrene.search_view(s.view(0))
    assert not searched.set_mode and not searched.autopass
    assert make_agent("terrene", "hard", 1).choose(s.view(0), 0) in s.legal_actions(0)


def test_in_a_set_the_hint_shows_the_chance_to_win_the_set(monkeypatch):
    """The Goal (two games of three): in a set the AI's estimate shown to a player (hint,
    header bar) is the set's chance, worked out from the search's chance for the game in
    hand with the games after it taken as even: at 1-0 it is one half plus half the
    game's; outside a set it is the game's. The choice is the same either way."""
    from tests.rules.terrene.conftest import Table

    monkeypatch.setenv("ARENA_AI_FIXED_BUDGET", "1")  # the same searches, however busy
    single = Table.position(party=[["dagger_on_the_edge"], ["ethan_the_resilient"]])
    assert terrene.set_chance(single, 0, 0.3) == 0.3  # a single game
    for wins, to_set in {(1, 0): lambda p: 0.5 + p / 2, (0, 1): lambda p: p / 2,
                         (1, 1): lambda p: p}.items():
        shown = {}
        for set_mode in (False, True):
            s = Table.position(party=[["dagger_on_the_edge"], ["ethan_the_resilient"]])
            s.set_mode, s.set_wins = set_mode, list(wins)
            shown[set_mode] = make_agent("terrene", "normal", 1).analyse(s.view(0), 0)
        game, in_set = shown[False], shown[True]
        assert game.value is not None and 0.0 < game.value < 1.0
        assert in_set.choice == game.choice
        assert abs(in_set.value - to_set(game.value)) < 1e-9
        for o, g in zip(in_set.options, game.options, strict=True):
            assert o.action == g.action and abs(o.value - to_set(g.value)) < 1e-9


def planned(seed: int = 6):
    """A preset game in play whose two seats opened with their printed plans (as every AI
    level does), with the plans."""
    from rules.terrene.content import decks

    m = Match(GAME, {"players": 2, "deck.0": "greggory_beatdown", "deck.1": "the_fear",
                     "format": "single game"}, seed)
    while m.state.phase != "play":
        d = m.state.decision()
        if d.is_chance:
            m.resolve_chance()
            continue
        seat = d.players[0]
        plan = terrene.opening_for_turn(m.state.view(seat), seat)
        assert plan is not None
        m.submit(seat, plan)
    s = m.state
    plans = {q: terrene.printed_plan(s.view(1 - q), q) for q in range(2)}
    for q, plan in plans.items():
        deck = decks()[s.deck_ids[q]]
        assert plan is deck.openings[next(i for i, o in enumerate(deck.openings)
                                          if o.turn == ("first" if s.first == q else "second"))]
    return s, plans


def _consistent(view, world) -> None:
    """Everything ``view`` shows is as in ``world``, and each seat holds its deck list."""
    from collections import Counter

    assert all(c is None or c == w for c, w in zip(view.cards, world.cards, strict=True))
    for q in range(world.n):
        mine = Counter(c for u, c in enumerate(world.cards)
                       if world.owner[u] == q and not world.card(u).token)
        assert mine == Counter(world.decklists[q])
    assert world.invariant_violations() == []


def test_expert_expects_the_printed_plan_behind_face_down_characters():
    """Terrene rulebook, setting up a party (our docs/terrene.md, "AI"): every seat opens
    face-down, and a preset deck prints its opening plans. The expert's worlds put the other
    seat's plan there: the plan's characters in party order and each one's assignable
    behind it, where a uniform draw rarely does; nothing the view shows changes."""
    s, plans = planned()
    view = s.view(0)
    plan = plans[1]
    assert plan is not None
    hits = uniform = 0
    for k in range(20):
        world = terrene.infer_opening(1.0)(view, 0, random.Random(k))
        _consistent(view, world)
        chars = [world.cards[u] for u in s.party[1]]
        behind = [world.cards[world.units[u].card] for u in s.party[1]]
        hits += chars == [c for c, _ in plan.party] and behind == [a for _, a in plan.party]
        plain = view.determinize(0, random.Random(k))
        uniform += [plain.cards[u] for u in s.party[1]] == [c for c, _ in plan.party]
    assert hits == 20
    assert uniform < 5
    # the other seat's own cards are its own view's business: seat 0's party is as dealt
    world = terrene.infer_opening(1.0)(view, 0, random.Random(1))
    assert [world.cards[u] for u in s.party[0]] == [s.cards[u] for u in s.party[0]]


def test_expert_keeps_shown_characters_and_their_plan_card_behind():
    """A character the other seat has recruited is shown: the worlds keep it, put its
    planned assignable behind it while that is face down, and give the hidden places the
    plan's characters not shown."""
    s, plans = planned()
    plan = plans[1]
    assert plan is not None
    first = s.party[1][1]
    s.units[first].up = True  # recruited (flipped face-up): its card is shown
    view = s.view(0)
    assert view.cards[first] == plan.party[1][0]
    world = terrene.infer_opening(1.0)(view, 0, random.Random(3))
    _consistent(view, world)
    assert [world.cards[world.units[u].card] for u in s.party[1]] == \
        [a for _, a in plan.party]
    assert [world.cards[u] for u in s.party[1]] == [c for c, _ in plan.party]


def test_expert_draws_uniformly_without_a_printed_plan_or_in_its_other_worlds():
    """A custom deck prints no plan, so nothing is expected of it; and at share 0 the
    expert's worlds are every level's."""
    s, _ = planned()
    view = s.view(0)
    assert terrene.infer_opening(0.0)(view, 0, random.Random(5)).cards == \
        view.determinize(0, random.Random(5)).cards
    view.deck_ids[1] = "custom"
    assert terrene.printed_plan(view, 1) is None
    world = terrene.infer_opening(1.0)(view, 0, random.Random(5))
    _consistent(view, world)


def test_only_the_expert_samples_by_the_printed_plan():
    hooks = {lvl: make_agent("terrene", lvl, 1).inner.config.determinize
             for lvl in ("normal", "hard", "expert")}
    assert hooks["normal"] is None and hooks["hard"] is None
    assert hooks["expert"] is not None
    assert make_agent("terrene", "hard*4", 1).inner.config.determinize is None


def test_the_expert_weighs_who_takes_the_xp(monkeypatch):
    """XP Ownership: the player chooses which of its characters takes a defeat's XP. With
    ``EXPERT_WEIGHS_XP`` the expert weighs every such character at its own decision (the
    other levels give the XP to the defeater): on Hot Springs, whose first XP step heals 10,
    a wounded ally takes it rather than the unhurt defeater."""
    from tests.rules.terrene.conftest import Table

    monkeypatch.setattr(terrene, "EXPERT_WEIGHS_XP", True)
    s = Table.position(party=[["inu_the_inferno", {"character": "olivia_the_graceless",
                                                   "damage": 10}],
                              ["gerald_the_silent"]],
                       seats=[{"terrain": "hot_springs"}])
    inu, olivia = Table.unit(s, 0, "inu_the_inferno"), Table.unit(s, 0, "olivia_the_graceless")
    s.prompt = XpAssign(0, by=inu, amount=1)
    legal = s.legal_actions(0)
    assert [a.args for a in legal] == [(inu,), (olivia,)]
    assert terrene.candidates(s.view(0), 0, weigh_xp=True) == legal
    before = s.to_json()
    assert make_agent("terrene", "expert", 3).choose(s.view(0), 0).args == (olivia,)
    assert make_agent("terrene", "hard", 3).choose(s.view(0), 0).args == (inu,)
    assert s.to_json() == before
