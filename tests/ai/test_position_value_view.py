"""An analysis of a forced move values the position by the game's evaluation (docs/ai.md,
"Analysis and hints"); from a seat's view that hides a card the evaluation reads (a
Terrene card face down) it values a world the seat cannot tell from the view instead of
failing — the Hint, the win-chance bar and Review ask it at such positions."""

from __future__ import annotations

import random

from ai.levels import make_agent
from rules.core import Match
from rules.registry import get_game


def test_the_forced_move_value_reads_a_world_of_the_view_not_its_hidden_cards():
    game = get_game("terrene")
    agent = make_agent("terrene", "normal", 3)
    inner = getattr(agent, "inner", agent)
    match = Match(game, {}, 4)
    rng = random.Random(4)
    hidden = valued = 0
    while not match.over and match.decisions < 120:
        match.advance_chance()
        if match.over:
            break
        seat = match.state.decision().players[0]
        view = match.state.view(seat)
        hidden += view.state_hash() != match.state.state_hash()
        value = inner.position_value(view, seat)
        assert value is None or 0.0 <= value <= 1.0
        valued += value is not None
        match.submit(seat, rng.choice(match.state.legal_actions(seat)))
    assert hidden and valued
