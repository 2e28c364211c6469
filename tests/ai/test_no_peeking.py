"""No peeking (issue #20): an AI seat's choice depends only on its seat's view.

For each game, seeded random play reaches decision points; at each, a second full state is
built that differs from the true one only in what the deciding seat cannot see (its view
determinized with another generator; in a draft, the face-down piles and the other seats'
picks dealt again, and in its games their decks too). Both states show the seat the same
view, so the same agent under the same seed must make the same choice from either:
``make_agent(game, level, seed).choose`` is given ``true.view(seat)`` and
``other.view(seat)``, with the time caps dropped
(``ARENA_AI_FIXED_BUDGET``: a capped search stops by the clock, which says nothing about
what it saw) and the process-wide ``random`` generator reseeded between the two (an agent
must draw only from its own seeded generators).

Every level is checked, expert included (issue #20): expert at the first points of the
phases where its own steps run (``Case.expert_at``) with its real budget, except
BattleCON's, which is checked as ``expert*0.0625``: expert's agent and settings with a
sixteenth of the budget's counts, doing the same steps (matrix, second beat in three
rounds, Ante worlds; a test checks the settings) on fewer pairs, because the whole budget
uncapped takes minutes a point.

A check that never meets a difference proves nothing, so each game's points must include
enough whose second state really differs, in each thing its rulebook hides. Two test-only
cheats show the check can fail: the real agents handed the full state instead of the view,
and an agent whose choice is a digest of everything it is handed.
"""

from __future__ import annotations

import functools
import hashlib
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest

from ai.levels import make_agent
from rules.core import Action, GameState, Match
from rules.registry import get_game
from rules.terrene.draft import HIDDEN
from rules.terrene.draft_match import DraftMatch
from rules.terrene.kinds import Act as TerreneAct
from rules.terrene.kinds import Stage


@dataclass(frozen=True)
class Case:
    """One game and table: where to look, how much to check, and what its rulebook hides."""

    name: str
    game_id: str
    setup: tuple[tuple[str, Any], ...]
    #: every ``stride``-th decision with a choice to make is examined (decision 1 always:
    #: the second seat's secret choice at the start)
    stride: int
    #: points whose second state differs (every point in a game with nothing hidden),
    #: checked at easy and normal; the hard level is checked at the first ``hard`` of them
    check: int
    hard: int
    #: what the seat may not see, as pieces of JSON paths: each must differ at some point
    hidden: tuple[str, ...]
    #: the expert level is checked at the first point of each of these phases (a phase
    #: twice: its first two points), those where expert's own steps run (BattleCON's Set
    #: matrix and second beat, Chaostle's reply search at a move, Terrene's tree over a
    #: turn, Biternia's worlds over an action), as the agent spec ``expert_spec``
    expert_at: tuple[str, ...] = ()
    expert_spec: str = "expert"
    seed: int = 20


#: BattleCON's expert uncapped fills the whole Set matrix (up to 20 x 20 beats) and then
#: refines its support through 8 x 8 next-beat games for three rounds: minutes a point on
#: the shared machine. Its sixteenth (``expert*0.0625``: 10 x 10 of a Set's 20 pairs, a
#: 2 x 2 support refined by 4 x 4 next-beat games for three rounds, one foe pair at an
#: Ante; the team agent 4 x 3 pairs in one world) is the same agent doing the same steps
#: on fewer pairs (``test_battlecon_expert_checked_smaller_runs_the_same_steps``).
BATTLECON_EXPERT = "expert*0.0625"

CASES = {c.name: c for c in (
    Case("battlecon-2p", "battlecon", (("players", 2),), 3, 8, 3, (".pair.", ".finisher"),
         ("set", "ante"), BATTLECON_EXPERT),
    Case("battlecon-2v2", "battlecon", (("players", 4), ("teams", "2v2")), 5, 6, 2,
         (".pair.",), ("set", "ante"), BATTLECON_EXPERT),
    Case("biternia-2p", "biternia", (("players", 2),), 11, 12, 4,
         (".hand", ".deck", ".down", ".learned"), ("movement", "action")),
    Case("biternia-4p", "biternia", (("players", 4),), 11, 12, 4,
         (".hand", ".deck", ".down", ".learned"), ("action",)),
    Case("chaostle-2p", "chaostle", (("players", 2),), 37, 12, 12, (), ("move", "move", "battles")),
    Case("chaostle-4p", "chaostle", (("players", 4),), 37, 12, 12, (), ("move",)),
    Case("terrene-2p", "terrene", (("players", 2),), 4, 8, 3, (".cards",), ("play",)),
    Case("terrene-4p", "terrene", (("players", 4), ("format", "single game")), 4, 6, 2,
         (".cards",), ("party",)),
    Case("terrene-draft-4p", "terrene", (("players", 4), ("format", "draft")), 17, 12, 4,
         (".draft.piles", ".draft.picks", ".game.cards", ".game.decklists"),
         ("pick", "play/play")),
)}


@dataclass
class Point:
    """A decision point: the true state, the deciding seat and the second state."""

    state: GameState
    seat: int
    other: GameState
    #: the JSON paths where the two full states differ (indices dropped)
    differs: frozenset[str]


def _paths(a: Any, b: Any, at: str = "") -> set[str]:
    """Where two JSON values differ, as paths with the list indices dropped."""
    if isinstance(a, dict) and isinstance(b, dict):
        return {p for k in set(a) | set(b) for p in _paths(a.get(k), b.get(k), f"{at}.{k}")}
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        return {p for x, y in zip(a, b, strict=True) for p in _paths(x, y, f"{at}[]")}
    return set() if a == b else {at}


def _deal_again(lists: list[list[str]], rng: random.Random) -> None:
    """Shuffle the cards of ``lists`` together and deal them back, each list keeping its
    length."""
    cards = [c for cards_ in lists for c in cards_]
    rng.shuffle(cards)
    for cards_ in lists:
        cards_[:] = [cards.pop() for _ in cards_]


def _other_draft(state: DraftMatch, seat: int, rng: random.Random) -> DraftMatch:
    """A draft that ``seat`` cannot tell from ``state``: while picking, the face-down piles
    and the other seats' picks dealt again; while building, the picks of the other seats
    that have not started their decks; in a tournament game, the whole draft determinized
    from the seat's view (the other seats' decks and picks dealt again from the cards it has
    not seen, the opponent's deck list among them, and the game's hidden cards)."""
    other = state.clone()
    draft = other.draft
    if state.stage == Stage.PICK:
        held = draft.holding[seat]
        _deal_again([p for i, p in enumerate(draft.piles) if i != held]
                    + [p for q, p in enumerate(draft.picks) if q != seat], rng)
    elif state.stage == Stage.BUILD:
        _deal_again([p for q, p in enumerate(draft.picks) if q != seat
                     and draft.decks[q] is None and not other.building[q]], rng)
    elif state.game is not None and seat in state.table:
        other = state.view(seat).determinize(seat, rng)
    return other


def _other_world(state: GameState, seat: int, rng: random.Random) -> GameState:
    if isinstance(state, DraftMatch):
        return _other_draft(state, seat, rng)
    return state.view(seat).determinize(seat, rng)


def _play(state: GameState, seat: int, rng: random.Random) -> Action:
    """The seeded random play that reaches the points: uniform, but a Terrene seat does
    not concede (random play would end most games in a few turns), and a drafter completes
    its deck at once (as the AI drafters do) rather than card by card."""
    legal = state.legal_actions(seat)
    if state.game_id == "terrene":
        auto = [a for a in legal if a.kind == TerreneAct.DECK_AUTO]
        legal = auto or [a for a in legal if a.kind != TerreneAct.RUN] or legal
    return rng.choice(legal)


@functools.cache
def _points(name: str) -> tuple[Point, ...]:
    """The case's examined decision points, from seeded random matches (as many as it
    takes to find ``check`` points to check)."""
    case = CASES[name]
    game = get_game(case.game_id)
    setup = game.validate_setup({**game.default_setup(dict(case.setup)["players"]),
                                 **dict(case.setup)})
    points: list[Point] = []

    def enough() -> bool:
        return sum(1 for p in points if p.differs or not case.hidden) >= case.check

    for seed in range(case.seed, case.seed + 5):
        rng = random.Random(seed)
        match = Match(game, setup, seed)
        while not match.over and not enough() and match.decisions < 5000:
            state = match.state
            if state.decision().is_chance:
                match.resolve_chance()
                continue
            seat = state.decision().players[0]
            # decision 1 is always looked at: the second seat's secret choice at the start
            if (match.decisions - 1) % case.stride == 0 and len(state.legal_actions(seat)) > 1:
                points.append(_point(state, seat, f"{seed}:{match.decisions}"))
            match.submit(seat, _play(state, seat, rng))
    return tuple(points)


def _point(state: GameState, seat: int, where: str) -> Point:
    """The point with a second state that differs where it can (a few tries: a hidden
    card may have a single candidate)."""
    truth = state.to_json()
    for k in range(4):
        other = _other_world(state, seat, random.Random(f"other:{where}:{k}"))
        differs = frozenset(_paths(truth, other.to_json()))
        if differs:
            break
    return Point(state.clone(), seat, other, differs)


def _choice(game_id: str, level: str, seed: int, handed: GameState, seat: int,
            noise: int) -> Action:
    """A fresh agent's choice from ``handed``, with the process's ``random`` reseeded by
    ``noise`` first (and restored after)."""
    kept = random.getstate()
    random.seed(noise)
    try:
        return make_agent(game_id, level, seed).choose(handed, seat)
    finally:
        random.setstate(kept)


#: What an agent is handed at a point: ``view`` (fair) or ``whole`` (the cheat).
Hand = Callable[[GameState, int], GameState]
Choose = Callable[[GameState, int, int], Action]


def view(state: GameState, seat: int) -> GameState:
    return state.view(seat)


def whole(state: GameState, seat: int) -> GameState:
    """The cheat: the full state instead of the seat's view."""
    return state.clone()


def _checked(name: str, level: str) -> list[Point]:
    """The points the level is checked at: the first ``check`` (``hard``) points whose
    second state differs (every point where nothing is hidden)."""
    case = CASES[name]
    points = [p for p in _points(name) if p.differs or not case.hidden]
    if level == "expert":
        return [[p for p in points if _phase(p.state) == phase][case.expert_at[:k].count(phase)]
                for k, phase in enumerate(case.expert_at)]
    return points[: case.hard if level == "hard" else case.check]


def _phase(state: GameState) -> str:
    """A point's phase by name (a draft's stage, and in its games the game's phase)."""
    if isinstance(state, DraftMatch):
        game = state.game
        return state.stage.value + ("" if game is None else f"/{game.phase.value}")
    phase: Any = getattr(state, "phase", None)
    return str(phase.value)


def _spec(name: str, level: str) -> str:
    """The agent spec a level is checked as (see ``Case.expert_spec``)."""
    return CASES[name].expert_spec if level == "expert" else level


def _changed(name: str, level: str, hand: Hand = view, choose: Choose | None = None,
             tolerate: bool = False) -> tuple[int, list[str]]:
    """How many points were checked, and a line for each where the agent (``level``'s,
    or ``choose``) chose differently from the true state and from the second one, handed
    what ``hand`` hands it. With ``tolerate``, a point where it fails is not counted."""
    case = CASES[name]
    checked, changed = 0, []
    for i, p in enumerate(_checked(name, level)):
        pick = choose or functools.partial(_choice, case.game_id, _spec(name, level), 7 + i)
        try:
            mine = pick(hand(p.state, p.seat), p.seat, 1)
            theirs = pick(hand(p.other, p.seat), p.seat, 2)
        except Exception:
            if not tolerate:
                raise
            continue
        checked += 1
        if mine != theirs:
            changed.append(f"{name} {level} point {i} seat {p.seat + 1}: {mine} from the true "
                           f"state, {theirs} from one differing in {sorted(p.differs)[:4]}")
    return checked, changed


@pytest.fixture(autouse=True)
def _fixed_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ARENA_AI_FIXED_BUDGET", "1")


def _check_points(name: str) -> None:
    """The second states are fair and tell: the seat's view of each is its view of the true
    state, ``check`` of them differ from the true state, and each thing the rulebook hides
    differs in some of those."""
    case = CASES[name]
    points = _points(name)
    for p in points:
        seen = json.dumps(p.state.view(p.seat).to_json(), sort_keys=True)
        assert json.dumps(p.other.view(p.seat).to_json(), sort_keys=True) == seen
    differed = [p for p in _checked(name, "easy") if p.differs]
    assert len(differed) == case.check, f"{name}: only {len(differed)} second states differ"
    found = {part for part in case.hidden for p in differed
             if any(part in path for path in p.differs)}
    assert found == set(case.hidden), f"{name}: never differed in {set(case.hidden) - found}"


def _check_level(name: str, level: str) -> None:
    case = CASES[name]
    checked, changed = _changed(name, level)
    assert checked == {"hard": case.hard, "expert": len(case.expert_at)}.get(level, case.check)
    assert changed == [], "an agent's choice depends on what its seat cannot see:\n" + (
        "\n".join(changed))


LEVELS = ("easy", "normal", "hard", "expert")


def _with_levels(names: list[str]) -> list[tuple[str, str]]:
    return [(n, lv) for n in names for lv in LEVELS]


def test_battlecon_expert_checked_smaller_runs_the_same_steps() -> None:
    """The BattleCON expert the test checks (``BATTLECON_EXPERT``) is expert's agent with
    expert's settings but for the budget's counts (pairs, worlds, foe pairs at an Ante,
    the support, the next-beat game's side and the in-beat look's next-beat pairs) and
    caps, and still does every step: a real matrix game (2 rows and columns or more), the
    second beat refined in expert's rounds, the in-beat choices judged by a next-beat game
    of 2 pairs a side or more, the cells looking to the beat's end as expert's do."""
    full, small = make_agent("battlecon", "expert", 1), make_agent("battlecon",
                                                                   BATTLECON_EXPERT, 1)
    assert type(full) is type(small)
    counts = ("max_rows", "max_cols", "ante_samples", "deepen", "next_size", "time_cap",
              "deepen_cap", "beat_ahead")
    assert replace(small.settings, **{k: getattr(full.settings, k) for k in counts}) == (
        full.settings)
    s = small.settings
    assert min(s.max_rows, s.max_cols, s.deepen, s.next_size, s.beat_ahead) >= 2
    assert s.refine_rounds == full.settings.refine_rounds > 1 and s.ante_samples >= 1
    team_counts = ("max_rows", "max_cols", "worlds", "time_cap")
    t = small.team.settings
    assert replace(t, **{k: getattr(full.team.settings, k) for k in team_counts}) == (
        full.team.settings)
    assert min(t.max_rows, t.max_cols) >= 2 and t.worlds >= 1


@pytest.mark.parametrize(("name", "level"), _with_levels(["battlecon-2p", "battlecon-2v2"]))
def test_battlecon_face_down_pairs_and_finishers_stay_unseen(name: str, level: str) -> None:
    """Fair play in BattleCON: an attack pair is set face down and stays unknown to every
    other seat until the reveal, a Clash's new Base likewise, and the Finisher side chosen
    at setup is secret until everyone has chosen. The AI chooses the same whatever the
    others' face-down cards are."""
    _check_points(name)
    _check_level(name, level)


@pytest.mark.parametrize(("name", "level"), _with_levels(["biternia-2p", "biternia-4p"]))
def test_biternia_hidden_hands_orders_and_decks_stay_unseen(name: str, level: str) -> None:
    """Fair play in Battle for Biternia: the other team's hands, the orders its Heroes hold
    face down, the powers they learned but have not shown, and the order of every deck still
    shuffled are unknown to a seat (its own team's cards are not). The AI chooses the same
    whatever those are."""
    _check_points(name)
    _check_level(name, level)


@pytest.mark.parametrize(("name", "level"), _with_levels(["chaostle-2p", "chaostle-4p"]))
def test_chaostle_has_nothing_hidden_but_the_dice_to_come(name: str, level: str) -> None:
    """Fair play in Chaostle: everything is on the open table (armies, battle cards and
    their pegs, the castle's health); only the dice not yet rolled are unknown, and they
    are in no state. So a seat's view is the whole state, and the AI chooses the same from
    a copy of it under another process-wide random generator."""
    for p in _points(name):
        assert p.state.view(p.seat).to_json() == p.state.to_json()
        assert not p.differs
    _check_level(name, level)


@pytest.mark.parametrize(("name", "level"), _with_levels(["terrene-2p", "terrene-4p"]))
def test_terrene_hands_decks_and_face_down_cards_stay_unseen(name: str, level: str) -> None:
    """Fair play in Terrene Odyssey: the others' hands, the order of every deck, the
    characters set face down and the cards assigned face down are unknown to a seat until
    they are revealed. The AI chooses the same whatever those cards are."""
    _check_points(name)
    _check_level(name, level)


@pytest.mark.parametrize("level", LEVELS)
def test_terrene_draft_piles_picks_and_hands_stay_unseen(level: str) -> None:
    """Fair play in the Terrene Odyssey draft: the piles passed face down, what the other
    drafters picked, and in the tournament games the opponent's deck list, hand and deck
    order are unknown to a seat. The AI picks and plays the same whatever those are."""
    _check_points("terrene-draft-4p")
    _check_level("terrene-draft-4p", level)


HIDDEN_GAMES = [name for name, case in CASES.items() if case.hidden]


@pytest.mark.parametrize("name", ["battlecon-2p", "biternia-2p", "terrene-2p",
                                  "terrene-draft-4p"])
def test_an_agent_handed_the_whole_state_is_caught(name: str) -> None:
    """The check can fail: for each game with hidden information, the normal agent handed
    the full state instead of the seat's view (the one mistake a table or a match could
    make) chooses differently from the two states at some point. Not at every point: what
    is hidden often does not change the best move. (Handed a full state, BattleCON's agent
    may also fail outright, as it expects the others' pairs face down; such points are
    left out.)"""
    checked, changed = _changed(name, "normal", hand=whole, tolerate=True)
    assert checked > 0
    assert changed, f"{name}: handed the whole state, the agents never chose differently"


class PeekingAgent:
    """Test-only: chooses by a digest of everything it is handed, so any hidden card that
    reaches it may change its choice."""

    def choose(self, handed: GameState, seat: int) -> Action:
        legal = handed.legal_actions(seat)
        blob = json.dumps(handed.to_json(), sort_keys=True).encode()
        return legal[int(hashlib.sha256(blob).hexdigest(), 16) % len(legal)]


def _peek(handed: GameState, seat: int, noise: int) -> Action:
    return PeekingAgent().choose(handed, seat)


@pytest.mark.parametrize("name", HIDDEN_GAMES)
def test_a_choice_read_from_hidden_cards_is_caught(name: str) -> None:
    """The check can fail, and raises no false alarm: an agent whose choice is a digest of
    all it is handed passes when handed views (a view holds nothing hidden to read) and is
    caught at a third of the points or more when handed the full states."""
    checked, changed = _changed(name, "easy", hand=view, choose=_peek)
    assert checked == CASES[name].check and changed == []
    checked, changed = _changed(name, "easy", hand=whole, choose=_peek)
    assert 3 * len(changed) >= checked, f"{name}: caught at {len(changed)} of {checked}"


def test_differences_are_named_by_their_paths() -> None:
    """The bookkeeping of what differed: JSON paths with list indices dropped, a list of
    another length named as a whole."""
    assert _paths({"a": [1, 2], "b": {"c": 3}}, {"a": [1, 5], "b": {"c": 3}}) == {".a[]"}
    assert _paths({"a": [HIDDEN]}, {"a": [HIDDEN, HIDDEN]}) == {".a"}
    assert _paths({"a": {"b": 1}}, {"a": {"b": 1}}) == set()
