"""Seeded random playouts (1v1 and 2v2) checking the invariants after every decision."""

from __future__ import annotations

import random

from rules.core import Match, replay
from rules.terrene import GAME


class CalmRandomAgent:
    """Random, but rarely concedes or dismisses, so games run long enough to test rules."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view, player):
        acts = view.legal_actions(player)
        calm = [a for a in acts if a.kind not in ("run", "dismiss", "dismiss_card", "end_turn")]
        if calm and self.rng.random() < 0.85:
            return self.rng.choice(calm)
        return self.rng.choice([a for a in acts if a.kind != "run"] or acts)


def test_random_playouts_keep_the_invariants(invariants):
    """Done-when invariants: every card in one zone, SP within the limit once the chain is
    empty, DEF never below 0, HP within 0..50."""
    finished = 0
    for seed in range(80):
        n = 2 if seed % 3 else 4
        m = Match(GAME, GAME.random_setup(random.Random(seed), n), seed)
        agents = {p: CalmRandomAgent(seed * 10 + p) for p in range(n)}
        out = m.play(agents, max_decisions=2500,
                     on_step=lambda match, *_: invariants(match.state))
        finished += out is not None
        assert replay(GAME, m.finish_record()).state_hash() == m.state.state_hash()
    assert finished == 80
