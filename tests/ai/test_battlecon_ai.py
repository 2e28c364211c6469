"""BattleCON AI hooks: the evaluation, beat play-out and the matrix-game agent."""

import random
from dataclasses import replace

import pytest

import ai.battlecon.agent as agent_module
from ai.analysis import win_chance
from ai.battlecon import AGENT_LEVELS, LEVELS, BattleconAgent, evaluate, finish_beat, make_agent
from ai.battlecon.agent import Settings, finisher_strength, lean_on, level_unrefined
from ai.levels import level_settings
from ai.levels import make_agent as framework_agent
from ai.search.common import FIXED_BUDGET_ENVS
from ai.search.matrix import solve_zero_sum
from rules.battlecon import GAME, beat
from rules.battlecon.kinds import Act, Phase
from rules.core import CHANCE, Action
from tests.rules.battlecon.duel import duel


def test_evaluation_is_bounded_and_favours_the_life_lead():
    before = evaluate(duel("hayden", "wardlaw"), 0)
    assert -0.5 < before < 0.5
    st = duel("hayden", "wardlaw", two={"life": 12})
    assert before < evaluate(st, 0) <= 1 and -1 <= evaluate(st, 1) < 0


def test_evaluation_of_a_finished_duel_is_the_result():
    st = duel(two={"life": 1})
    beat.finish(st, 0, "test")
    assert evaluate(st, 0) == 1.0 and evaluate(st, 1) == -1.0


def test_life_counts_for_more_as_the_clock_runs_out():
    early = duel(two={"life": 15})
    late = duel(two={"life": 15}, pool=1)  # one Force left: not yet the final beat
    assert evaluate(late, 0) > evaluate(early, 0)


def test_finish_beat_stops_at_the_next_set():
    st = duel("amon", "lucida", one={"pair": ["containment", "strike"]},
              two={"pair": ["corrosive", "drive"]})
    finish_beat(st)
    assert st.outcome() is None
    assert (st.beat_no, st.phase) == (2, "set")


def _first_decision_in(phase: str, seed: int, kind: str | None = None):
    """From random play on ``seed``, the first decision in ``phase`` with two or more
    options (of that ``kind`` of action, if given), or None."""
    rng = random.Random(seed)
    st = GAME.new_state(GAME.random_setup(rng, 2), seed)
    for _ in range(2000):
        d = st.decision()
        if d.is_terminal:
            return None
        if d.is_chance:
            st.apply(CHANCE, st.sample_chance(rng))
            continue
        p = d.players[0]
        legal = st.legal_actions(p)
        if st.phase == phase and len(legal) > 1 and kind in (None, legal[0].kind):
            return st, p
        st.apply(p, rng.choice(legal))
    return None


def test_matrix_agent_plays_a_legal_action_in_every_kind_of_decision():
    agent = make_agent("easy", 3)
    seen = set()
    for phase in (Phase.SETUP, Phase.SET, Phase.ANTE, Phase.RESOLVE, Phase.CLASH):
        for seed in range(40):
            found = _first_decision_in(phase, seed)
            if found:
                st, p = found
                action = agent.choose(st.view(p), p)
                assert action in st.legal_actions(p)
                seen.add(phase)
                break
    assert {"setup", "set", "ante", "resolve"} <= seen


def test_same_seed_same_choice():
    """Without a time cap the agent is a pure function of (seed, view)."""
    st, p = _first_decision_in("set", 5)
    settings = replace(AGENT_LEVELS["normal"], time_cap=None)
    a = BattleconAgent(9, settings).choose(st.view(p), p)
    b = BattleconAgent(9, settings).choose(st.view(p), p)
    assert a == b


def test_time_cap_still_fills_a_playable_matrix(monkeypatch):
    """A cap that is over at once leaves the first cell alone (a cell starts only if it
    is expected to end by the cap): a 1 x 1 game, and the choice stays legal."""
    for name in ("ARENA_AI_FIXED_BUDGET", "BATTLECON_AI_FIXED_BUDGET"):
        monkeypatch.delenv(name, raising=False)
    st, p = _first_decision_in("set", 6)
    agent = BattleconAgent(2, replace(AGENT_LEVELS["hard"], time_cap=1e-9))
    assert agent.choose(st.view(p), p) in st.legal_actions(p)
    assert len(agent.foe_mix[1]) == 1
    analysis = BattleconAgent(2, replace(AGENT_LEVELS["hard"], time_cap=1e-9)).analyse(
        st.view(p), p)
    assert "(1 x 1 pairs)" in analysis.note


def test_framework_finds_the_battlecon_hooks():
    assert isinstance(framework_agent("battlecon", "normal", 1), BattleconAgent)
    assert level_settings("battlecon", "hard")["time_cap"] == LEVELS["hard"]["time_cap"]
    assert make_agent("random", 1) is None


def test_chosen_initial_discards_follow_the_suggested_pairs():
    setup = GAME.validate_setup({"fighter.0": "hayden", "fighter.1": "amon",
                                 "discards": "chosen"})
    st = GAME.new_state(setup, 1)
    st.apply(CHANCE, Action(Act.FIRST, (0,)))
    st.apply(0, Action(Act.SETUP, ("hemorrhage", "fury")))
    st.apply(1, Action(Act.SETUP, ("lockdown", "")))
    agent = make_agent("normal", 1)
    assert agent.choose(st.view(0), 0).args == ("telekinetic", "strike")


def test_the_finisher_choice_is_an_even_mix_no_search_judges():
    """Setup (rulebook: each player secretly chooses a Finisher, Hayden also Fury or
    Control): no search judges this choice, so the analysis says so as an even mix over
    the choices, and the pick is one of them."""
    setup = GAME.validate_setup({"fighter.0": "hayden", "fighter.1": "amon"})
    st = GAME.new_state(setup, 1)
    st.apply(CHANCE, Action(Act.FIRST, (0,)))
    legal = st.legal_actions(0)
    analysis = make_agent("hard", 1).analyse(st.view(0), 0)
    assert analysis.mixed and analysis.value is None and analysis.choice in legal
    assert sorted(map(str, (o.action for o in analysis.options))) == sorted(map(str, legal))
    assert all(o.share == 1 / len(legal) for o in analysis.options)


def test_finisher_by_strength_sets_the_finisher_that_won_more_often():
    """Setup (rulebook: each player secretly chooses one of its fighter's two Finishers):
    with ``finisher_by_strength`` every fighter's pick is the Finisher of the two with the
    larger measured share of wins (ai/battlecon/data/finisher_strength.toml), whatever the
    agent's seed; Hayden's Fury-or-Control choice beside it stays an even mix."""
    rates = finisher_strength()
    agent_settings = replace(AGENT_LEVELS["hard"], finisher_by_strength=True)
    content = GAME.new_state(GAME.validate_setup({}), 1).content
    fighters = sorted(content.fighters)
    assert len(fighters) == 10
    assert set(rates) == {f for name in fighters for f in content.fighters[name]["finishers"]}
    for name in fighters:
        foe = "amon" if name != "amon" else "hayden"
        st = GAME.new_state(GAME.validate_setup({"fighter.0": name, "fighter.1": foe}), 1)
        st.apply(CHANCE, Action(Act.FIRST, (0,)))
        legal = st.legal_actions(0)
        own = {a.args[0] for a in legal}
        assert len(own) == 2 and own <= set(rates)
        best = max(own, key=rates.__getitem__)
        assert rates[best] > min(rates[f] for f in own)  # no ties in the measured table
        for seed in (1, 2, 3):
            analysis = BattleconAgent(seed, agent_settings).analyse(st.view(0), 0)
            assert analysis.choice in legal and analysis.choice.args[0] == best
            assert {o.action.args[0] for o in analysis.options} == {best}
            assert all(o.share == 1 / len(analysis.options) for o in analysis.options)
        if name == "hayden":
            assert len(analysis.options) == 2  # Fury or Control, evenly


def test_cells_can_play_the_ante_out():
    """With antes_in_cells a cell's Ante is played (each side's best ante by the end of
    the beat) instead of both passing; the agent still answers legally."""
    st, p = _first_decision_in("set", 8)
    agent = BattleconAgent(4, replace(AGENT_LEVELS["easy"], antes_in_cells=True, epsilon=0.0,
                                      time_cap=None))
    assert agent.choose(st.view(p), p) in st.legal_actions(p)
    world = st.clone()
    for q in (0, 1):
        if world.player(q).pair is None:
            world.apply(q, world.legal_actions(q)[0])
    world.player(0).force = world.player(1).force = 6
    world.pool -= 8
    finish_beat(world, antes=True)
    assert world.phase in (Phase.SET, Phase.OVER) and not world.invariant_violations()


def test_cell_foresee_plays_every_in_beat_choice_to_the_beats_end(monkeypatch):
    """With foresee (Settings.cell_foresee in the cells) a movement choice inside a
    played-out beat is the option best by the beat's end, as a looking-ahead fighter
    chooses it; without it only triggers look ahead and the move is greedy."""
    found = next(f for seed in range(60)
                 if (f := _first_decision_in("resolve", seed, Act.MOVE)) is not None)
    st, p = found
    looked: list[str] = []
    real = agent_module._foresee

    def record(world, who, options, depth, width=None, then=None):
        looked.append(options[0].kind)
        return real(world, who, options, depth, width, then)

    monkeypatch.setattr(agent_module, "_foresee", record)
    finish_beat(st.clone())
    assert Act.MOVE not in looked
    looked.clear()
    world = st.clone()
    options = world.legal_actions(p)
    ends = {}
    assert len(options) <= agent_module.GREEDY_WIDTH  # every option is tried
    for action in options:
        trial = world.clone()
        trial.apply_unchecked(p, action)
        ends[action] = evaluate(finish_beat(trial), p)  # as a looking-ahead fighter
    best = max(ends.values())
    finish_beat(world, foresee=True)
    assert looked[0] == Act.MOVE
    chosen = real(st.clone(), p, options, 1, agent_module.GREEDY_WIDTH, then=1)
    assert ends[chosen] == best
    assert world.phase in (Phase.SET, Phase.OVER) and not world.invariant_violations()
    agent = BattleconAgent(4, replace(AGENT_LEVELS["easy"], cell_foresee=True, epsilon=0.0,
                                      time_cap=None))
    st2, p2 = _first_decision_in("set", 8)
    assert agent.choose(st2.view(p2), p2) in st2.legal_actions(p2)


def test_fixed_budget_environment_drops_every_time_cap(monkeypatch):
    """Balance runs and tournaments set ARENA_AI_FIXED_BUDGET (or BattleCON's older name
    for it) so load cannot cut a matrix short; without it the level's caps stay."""
    for name in FIXED_BUDGET_ENVS:
        monkeypatch.delenv(name, raising=False)
    assert make_agent("hard", 1).settings.time_cap == AGENT_LEVELS["hard"].time_cap
    for name in FIXED_BUDGET_ENVS:
        monkeypatch.setenv(name, "1")
        for level in ("easy", "normal", "hard"):
            settings = make_agent(level, 1).settings
            assert settings.time_cap is None and settings.deepen_cap is None
        monkeypatch.setenv(name, "0")
        assert make_agent("normal", 1).settings.time_cap == AGENT_LEVELS["normal"].time_cap


class _Recorder(BattleconAgent):
    """Refines cells to a fixed poor value and records which cells it refined."""

    def __init__(self, rounds: int) -> None:
        super().__init__(1, Settings(deepen=1, refine_rounds=rounds))
        self.refined: list[tuple[str, str]] = []

    def _beat_after(self, base, player, mine, theirs):
        self.refined.append((mine.args[0], theirs.args[0]))
        return base

    def _next_beat_value(self, world, player):
        return -0.9


def test_refinement_follows_the_support_as_it_moves():
    """After the likeliest cell is re-scored (worse), the game is solved again and the
    row and column that now form the support are refined as well."""
    rows = [Action(Act.SET, (r, "x")) for r in ("a", "b")]
    cols = [Action(Act.SET, (c, "y")) for c in ("c", "d")]
    payoff = [[0.5, 0.4], [0.0, -0.1]]
    one = _Recorder(1)
    one._deepen(duel(), 0, rows, cols, [row[:] for row in payoff], None)
    assert one.refined == [("a", "d")]
    two = _Recorder(3)
    two._deepen(duel(), 0, rows, cols, [row[:] for row in payoff], None)
    assert two.refined[0] == ("a", "d") and len(two.refined) > 1
    assert len(set(two.refined)) == len(two.refined)


def test_level_unrefined_moves_the_cells_not_refined_by_the_refined_cells_mean_change():
    """A refined cell is valued by the next beat's game, the rest at the beat's end; with
    ``level_unrefined`` the rest move by the refined cells' mean change, a decided cell
    (exactly 1 or -1) is neither counted nor moved, and nothing leaves [-1, 1]."""
    beat_end = [[0.5, 0.4, 1.0], [0.0, -0.1, 0.9]]
    payoff = [[0.3, 0.0, 1.0], [0.0, -0.1, 0.9]]  # (0, 0) and (0, 1) refined; (0, 2) decided
    level_unrefined(payoff, beat_end, {(0, 0), (0, 1), (0, 2)})
    assert payoff[0] == [0.3, 0.0, 1.0]  # refined cells keep their values
    assert payoff[1] == pytest.approx([-0.3, -0.4, 0.6])  # moved by the mean change, -0.3
    lifted = [[0.9, 0.95]]
    level_unrefined(lifted, [[0.5, 0.95]], {(0, 0)})
    assert lifted == [[0.9, 1.0]]  # +0.4 would leave [-1, 1]


def test_level_unrefined_keeps_the_equilibrium_on_the_cells_it_refined():
    """Refining the likeliest cell to a poor value draws the plain equilibrium to the cells
    still valued at the beat's end; levelled, the game keeps the same row."""
    rows = [Action(Act.SET, (r, "x")) for r in ("a", "b")]
    cols = [Action(Act.SET, (c, "y")) for c in ("c", "d")]
    plain, levelled = _Recorder(1), _Recorder(1)
    levelled.settings = replace(levelled.settings, level_unrefined=True)
    results = []
    for agent in (plain, levelled):
        payoff = [[0.5, 0.4], [0.0, -0.1]]
        agent._deepen(duel(), 0, rows, cols, payoff, None)
        assert agent.refined == [("a", "d")] and payoff[0][1] == -0.9
        results.append((payoff, solve_zero_sum(payoff)[0]))
    (plain_payoff, plain_mix), (level_payoff, level_mix) = results
    assert plain_payoff == [[0.5, -0.9], [0.0, -0.1]] and plain_mix[1] > 0.5
    assert level_payoff[0] == pytest.approx([-0.8, -0.9]) and level_payoff[1] == [-1.0, -1.0]
    assert level_mix == [1.0, 0.0]


def test_lean_on_picks_among_safe_mixes_the_one_best_against_the_expected_foe():
    """The Set's equilibrium guards against the foe's best reply only; ``lean_on`` (the
    expert's ``foe_model``) weighs a share on the foe expected to play a given mix: a row
    a little less safe but far better against that mix is taken, a much less safe one
    is not, and with no share the plain equilibrium stands."""
    payoff = [[0.2, 0.2], [0.6, 0.19]]  # row 0 is safest (0.2); row 1 wins big on column 0
    assert solve_zero_sum(payoff)[0] == pytest.approx([1.0, 0.0])
    assert lean_on(payoff, [1.0, 0.0], 0.0) == pytest.approx([1.0, 0.0])
    assert lean_on(payoff, [1.0, 0.0], 0.1) == pytest.approx([0.0, 1.0])
    assert lean_on(payoff, [0.0, 1.0], 0.1) == pytest.approx([1.0, 0.0])  # no gain there
    risky = [[0.2, 0.2], [0.6, -0.5]]  # row 1 now loses 0.7 in the worst case
    assert lean_on(risky, [1.0, 0.0], 0.1) == pytest.approx([1.0, 0.0])


def test_foe_model_leans_the_set_on_the_beat_end_equilibrium(monkeypatch):
    """With ``foe_model`` the Set's mix is ``lean_on`` the refined matrix, the foe
    expected to play the equilibrium of the matrix as it stood at the beat's end (before
    the second beat refined it), by the level's share; the foe's mix kept for the Ante
    is still the refined game's."""
    seen = []

    def record(payoff, foe_mix, share):
        seen.append((payoff, foe_mix, share))
        return lean_on(payoff, foe_mix, share)

    monkeypatch.setattr(agent_module, "lean_on", record)
    state = duel("cindra", "hayden")  # the first Set
    player = state.decision().players[0]
    view = state.view(player)
    settings = Settings(max_rows=6, max_cols=6, deepen=2, next_size=3, foe_model=0.25)
    plain = BattleconAgent(5, replace(settings, foe_model=0.0))
    plain._set(view, player, view.legal_actions(player))
    assert not seen
    leaning = BattleconAgent(5, settings)
    captured = {}
    deepen = leaning._deepen

    def keep(base, who, rows, cols, payoff, deadline, cell_seconds=0.0):
        captured["beat_end"] = [line[:] for line in payoff]
        deepen(base, who, rows, cols, payoff, deadline, cell_seconds)
        captured["refined"] = payoff

    leaning._deepen = keep
    analysis = leaning._set(view, player, view.legal_actions(player))
    (payoff, foe_mix, share), = seen
    assert share == 0.25 and payoff is captured["refined"]
    assert foe_mix == solve_zero_sum(captured["beat_end"])[1]
    shares = {o.action: o.share for o in analysis.options}
    assert analysis.mixed and analysis.choice in shares
    assert leaning.foe_mix[2] == solve_zero_sum(payoff)[1]


class _Cells(BattleconAgent):
    """Records every cell of a next-beat game it plays."""

    def __init__(self, settings: Settings) -> None:
        super().__init__(3, settings)
        self.cells: list[tuple[Action, Action]] = []

    def _play_cell(self, base, player, mine, theirs):
        self.cells.append((mine, theirs))
        return super()._play_cell(base, player, mine, theirs)


def test_refine_mine_plays_a_few_of_my_pairs_against_every_pair_of_the_foe_s():
    """With ``refine_mine`` the second beat's game keeps every pair the foe can set and
    samples only the agent's own (so it can miss a good pair of its own, never the foe's
    answer); its value is that game's, solved. Without it both sides are sampled."""
    world, p = duel("hayden", "wardlaw"), 0
    foe_pairs = world._set_actions(1 - p)
    few = _Cells(Settings(deepen=4, next_size=8, refine_mine=3))
    value = few._next_beat_value(world, p)
    rows = list(dict.fromkeys(r for r, _ in few.cells))
    assert len(rows) == 3 and set(rows) <= set(world._set_actions(p))
    assert [c for r, c in few.cells if r == rows[0]] == foe_pairs
    judge = BattleconAgent(5, Settings())
    payoff = [[judge._play_cell(world, p, r, c) for c in foe_pairs] for r in rows]
    assert value == solve_zero_sum(payoff)[2]
    sampled = _Cells(Settings(deepen=4, next_size=8))
    sampled._next_beat_value(world, p)
    assert len(foe_pairs) > 8 and len({c for _, c in sampled.cells}) == 8
    # a budget scale grows it as the sampled side: by the fourth root
    assert Settings(deepen=4, refine_mine=3).scaled(16).refine_mine == 6


def test_a_view_lists_a_foe_s_held_cards_in_one_order_while_some_are_face_down():
    """The search breaks equal options by the view's order (the foe's pairs, its Clash
    Bases), so that order must not depend on the order the foe holds its cards in: while
    a pair is face down another seat sees the held cards sorted by id."""
    views = []
    for order in (sorted, lambda cards: sorted(cards, reverse=True)):
        st = duel("hayden", "wardlaw")
        pl = st.player(1)
        pl.held = list(order(pl.held))
        st.apply(1, Action(Act.SET, ("charging", "strike")))
        held_before = list(pl.held)
        views.append(st.view(0))
        assert pl.held == held_before  # the state itself keeps its order
        assert st.view(1).player(1).held == held_before  # and its own seat sees it
    assert views[0].player(1).held == views[1].player(1).held
    assert views[0].player(1).held == sorted(views[0].player(1).held)
    assert views[0].to_json() == views[1].to_json()
    foe = [views[0]._set_actions(1), views[1]._set_actions(1)]
    assert foe[0] == foe[1]


def _move_choice():
    """A state where the seat to act chooses how to move during a beat."""
    found = (_first_decision_in(Phase.RESOLVE, seed, Act.MOVE) for seed in range(60))
    return next(f for f in found if f is not None)


def test_beat_ahead_judges_each_move_by_the_next_beats_matrix_game(monkeypatch):
    """An in-beat choice looked at a beat further: each option's beat is played out, then
    the next Set's matrix game over every pair both can set is solved; the option with the
    best game value is played, and the analysis gives each option that value."""
    monkeypatch.setenv("ARENA_AI_FIXED_BUDGET", "1")
    st, p = _move_choice()
    legal = st.legal_actions(p)
    agent = BattleconAgent(4, replace(AGENT_LEVELS["expert"], beat_ahead=40))
    analysis = agent.analyse(st.view(p), p)
    by_hand = _next_beat_games(st.view(p), p, legal, BattleconAgent(5, AGENT_LEVELS["expert"]))
    shown = {o.action: o.value for o in analysis.options}
    assert shown == {a: win_chance(v) for a, v in by_hand.items()}
    assert analysis.choice == max(legal, key=lambda a: (by_hand[a], -legal.index(a)))


def test_beat_ahead_out_of_time_keeps_the_choice_best_at_the_beats_end(monkeypatch):
    """With its time cap over at once, the look a beat further stops after the option
    best at the beat's end, so the choice is the one the end of the beat alone gives."""
    for name in FIXED_BUDGET_ENVS:
        monkeypatch.delenv(name, raising=False)
    st, p = _move_choice()
    plain = BattleconAgent(4, AGENT_LEVELS["expert"]).analyse(st.view(p), p)
    capped = BattleconAgent(4, replace(AGENT_LEVELS["expert"], beat_ahead=40,
                                       deepen_cap=1e-9)).analyse(st.view(p), p)
    assert capped.choice == plain.choice
    assert len(capped.options) == 1


def test_ante_ahead_judges_each_ante_by_the_next_beats_matrix_game(monkeypatch):
    """An Ante looked at a beat further: in each foe world each option's beat is played
    out, then the next Set's matrix game (here over every pair both can set) is solved;
    the analysis gives each option that value and the best is played."""
    monkeypatch.setenv("ARENA_AI_FIXED_BUDGET", "1")
    found = next(f for seed in range(80)
                 if (f := _first_decision_in(Phase.ANTE, seed)) is not None)
    st, p = found
    legal = st.legal_actions(p)
    agent = BattleconAgent(4, replace(AGENT_LEVELS["normal"], ante_ahead=1000,
                                      ante_samples=1))
    monkeypatch.setattr(agent, "_foe_worlds", lambda view, player: [st.clone()])
    analysis = agent.analyse(st.view(p), p)
    by_hand = _next_beat_games(st, p, legal, BattleconAgent(5, AGENT_LEVELS["normal"]))
    assert {o.action: o.value for o in analysis.options} == {
        a: win_chance(v) for a, v in by_hand.items()}
    assert analysis.choice == max(legal, key=lambda a: (by_hand[a], -legal.index(a)))
    plain = BattleconAgent(4, replace(AGENT_LEVELS["normal"], ante_samples=1))
    monkeypatch.setattr(plain, "_foe_worlds", lambda view, player: [st.clone()])
    at_end = {o.action: o.value for o in plain.analyse(st.view(p), p).options}
    assert at_end == {a: win_chance(evaluate(finish_beat(_after(st, p, a)), p)) for a in legal}


def _after(st, p, action):
    world = st.clone()
    world.apply_unchecked(p, action)
    return world


def _next_beat_games(st, p, legal, judge):
    """Each option's value worked out by hand: its beat played out, then the next Set's
    matrix game over every pair both can set (the result, if the beat ends the duel)."""
    values = {}
    for action in legal:
        end = finish_beat(_after(st, p, action))
        if end.outcome() is not None or end.phase != Phase.SET:
            values[action] = evaluate(end, p)
            continue
        payoff = [[judge._play_cell(end, p, r, c) for c in end._set_actions(1 - p)]
                  for r in end._set_actions(p)]
        values[action] = solve_zero_sum(payoff)[2]
    return values


def test_a_budget_scale_widens_the_next_beat_games_by_the_square_root():
    """``hard*4`` and the like: the next-beat games of beat_ahead and ante_ahead grow by
    the square root a side (cells by the scale), as the Set's own matrix does; off stays
    off."""
    four = Settings(beat_ahead=10, ante_ahead=6).scaled(4)
    assert (four.beat_ahead, four.ante_ahead, four.max_rows) == (20, 12, 128)
    assert Settings().scaled(4).ante_ahead == 0 and Settings().scaled(4).beat_ahead == 0
