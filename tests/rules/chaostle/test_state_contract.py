"""The foundation's contract: JSON round trip, clone, view, determinize, illegal actions,
and seeded random playouts that check the game's invariants after every decision."""

from __future__ import annotations

import random

import pytest

from rules.chaostle import GAME
from rules.chaostle.board import board
from rules.chaostle.frames import Roll
from rules.chaostle.state import ChaostleState
from rules.core import CHANCE, Action, IllegalAction, Match


class RandomAgent:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: ChaostleState, player: int) -> Action:
        return self.rng.choice(view.legal_actions(player))


def check_invariants(s: ChaostleState, before: dict[str, list[str]]) -> None:
    assert s.invariant_violations() == []
    spaces = [ch.at for ch in s.chars.values() if ch.status == "play"]
    assert len(spaces) == len(set(spaces)), "one character per space"
    for cid, ch in s.chars.items():
        if ch.status == "play":
            cheating = any(isinstance(f, Roll) and f.purpose == "cheat" and f.actor == cid
                           for f in s.queue.frames)
            assert (0 if cheating else 1) <= ch.hp <= s.max_hp(cid), (cid, ch.hp)
        assert set(before.get(cid, [])) <= set(ch.up), "upgrades only increase"
    assert 0 <= s.castle_hp <= int(s.setup["castle_hp"])


def _play(seed: int, players: int) -> ChaostleState:
    rng = random.Random(seed)
    setup = GAME.random_setup(rng, players)
    m = Match(GAME, setup, seed)
    agents = {p: RandomAgent(seed * 31 + p) for p in range(players)}
    bd = board()
    prev = {c: list(ch.up) for c, ch in m.state.chars.items()}

    def on_step(match: Match, player: int, action: Action, events: list) -> None:
        nonlocal prev
        s = match.state
        check_invariants(s, prev)
        for e in events:
            if e.kind == "move":
                crown = s.crowns[s.owner(e.data["char"])]
                path = e.data["path"]
                for x, y in zip(path, path[1:], strict=False):
                    assert frozenset((x, y)) not in bd.line_links[crown], "crossed own line"
        prev = {c: list(ch.up) for c, ch in s.chars.items()}

    m.play(agents, max_decisions=1000, on_step=on_step)
    return m.state


@pytest.mark.parametrize("seed", range(9))
def test_random_playouts_keep_the_invariants(seed: int) -> None:
    """Invariants after every decision (2, 4 and 8 players, random setups): one character
    per space, nobody crosses its own coloured line, health within 1..max for characters
    in play (0 only while a Cheat Death roll is pending), pegs never removed, castle
    health never below 0."""
    _play(seed, (2, 4, 8)[seed % 3])


def test_json_round_trip_keeps_the_hash() -> None:
    """to_json / state_from_json reproduce the same state_hash at every step of a game."""
    rng = random.Random(5)
    s = GAME.new_state(GAME.default_setup(4), 5)
    for _ in range(400):
        again = GAME.state_from_json(s.to_json())
        assert again.state_hash() == s.state_hash()
        assert again.legal_actions(s.decision().players[0] if s.decision().players else 0) \
            == s.legal_actions(s.decision().players[0] if s.decision().players else 0)
        if s.decision().is_terminal:
            break
        p = s.decision().players[0]
        a = s.sample_chance(rng) if p == CHANCE else rng.choice(s.legal_actions(p))
        s.apply(p, a)


def test_clone_is_independent() -> None:
    """clone() copies the mutable state: changing the copy leaves the original alone."""
    s = GAME.new_state(GAME.default_setup(2), 1)
    rng = random.Random(2)
    for _ in range(60):
        p = s.decision().players[0]
        s.apply(p, s.sample_chance(rng) if p == CHANCE else rng.choice(s.legal_actions(p)))
    h = s.state_hash()
    c = s.clone()
    for _ in range(60):
        if c.decision().is_terminal:
            break
        p = c.decision().players[0]
        c.apply(p, c.sample_chance(rng) if p == CHANCE else rng.choice(c.legal_actions(p)))
    assert s.state_hash() == h


def test_view_and_determinize_show_everything() -> None:
    """Nothing in Chaostle is hidden: a view and a determinization equal the state."""
    s = GAME.new_state(GAME.default_setup(3), 1)
    assert s.view(0).state_hash() == s.state_hash()
    assert s.view(None).determinize(1, random.Random(0)).state_hash() == s.state_hash()


def test_illegal_action_leaves_state_unchanged() -> None:
    """An illegal action raises IllegalAction with a reason and changes nothing."""
    s = GAME.new_state(GAME.default_setup(2), 1)
    s.apply(CHANCE, Action("first", (1,)))
    h = s.state_hash()
    with pytest.raises(IllegalAction):
        s.apply(0, Action("pick", ("dragon",)))  # seat 1 chooses first
    with pytest.raises(IllegalAction):
        s.apply(1, Action("pick", ("nobody",)))
    assert s.state_hash() == h


def test_match_replays_to_the_same_hash() -> None:
    """A recorded match replays to the same final state."""
    from rules.core import replay

    m = Match(GAME, GAME.default_setup(2), 3)
    m.play({0: RandomAgent(1), 1: RandomAgent(2)}, max_decisions=300)
    rec = m.finish_record()
    assert replay(GAME, rec).state_hash() == rec.final_hash


def test_a_move_is_legal_exactly_when_it_is_listed() -> None:
    """Illegal actions: the quick check of a move (only the moving character's moves) agrees
    with the full list for every listed move and for near misses (a step short or long,
    another character, another seat), in seeded random games."""
    checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        m = Match(GAME, GAME.random_setup(rng, (2, 4, 8)[seed]), seed)
        agents = {p: RandomAgent(seed * 7 + p) for p in range(m.state.num_players)}
        while checked < 80 * (seed + 1) and not m.over:
            s = m.state
            d = s.decision()
            if not d.is_chance and s.phase == "move" and not s.queue:
                p = d.players[0]
                listed = s.legal_actions(p)
                moves = [a for a in listed if a.kind in ("move", "card")]
                tries = list(moves)
                for a in moves:
                    if a.kind == "move":
                        cid, dest, total = a.args
                        tries += [Action("move", (cid, dest, total + 1)),
                                  Action("move", (cid, dest, total - 1))]
                if moves:
                    a = moves[-1]
                    tries += [Action(a.kind, (other, *a.args[1:])) for other in s.chars]
                for a in tries:
                    assert s.is_legal(p, a) == (a in listed), a
                    assert not s.is_legal((p + 1) % s.num_players, a)
                checked += 1
            m.submit(*_next(m, agents))
    assert checked >= 240


def _next(m: Match, agents: dict[int, RandomAgent]) -> tuple[int, Action]:
    d = m.state.decision()
    if d.is_chance:
        return CHANCE, m.state.sample_chance(m.rng)
    p = d.players[0]
    return p, agents[p].choose(m.state, p)
