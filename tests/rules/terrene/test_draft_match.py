"""The draft as one match: picks, deck building and the tournament's games as decisions."""

from __future__ import annotations

import random

import pytest

from rules.core import Action, IllegalAction, Match, SetupError, replay
from rules.terrene import GAME
from rules.terrene.draft_match import HIDDEN


class RandomSeat:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view, player):
        acts = view.legal_actions(player)
        calm = [a for a in acts if a.kind not in ("run", "dismiss", "dismiss_card")]
        return self.rng.choice(calm or acts)


def test_draft_setup_takes_three_to_twelve_players():
    """3-12 Player Draft."""
    assert GAME.validate_setup({"players": 7})["format"] == "draft"
    with pytest.raises(SetupError):
        GAME.validate_setup({"players": 2, "format": "draft"})
    with pytest.raises(SetupError):
        GAME.validate_setup({"players": 3, "format": "single game"})


def test_a_three_player_draft_plays_to_the_end_and_replays():
    """Byes with an odd count; 2 rounds for 3 players; most points wins."""
    m = Match(GAME, {"players": 3}, 11)
    out = m.play({p: RandomSeat(p) for p in range(3)}, max_decisions=50_000)
    s = m.state
    assert out is not None and s.stage == "over"
    assert s.tour.round == 2 and len(s.tour.byes) == 2
    assert sum(s.tour.points) == 4
    assert out.scores == tuple(1.0 if p == max(s.tour.points) else 0.0 for p in s.tour.points)
    assert replay(GAME, m.finish_record()).state_hash() == s.state_hash()


def test_view_hides_other_piles_picks_and_decks():
    """Draft: only the pile in front of you and your own picks are visible; the excess pile
    is public."""
    s = GAME.new_state(GAME.validate_setup({"players": 4, "format": "draft"}), 3)
    for seat in range(4):
        s.apply(seat, s.legal_actions(seat)[0])
    v = s.view(0)
    assert v.draft.pile_of(0) == s.draft.pile_of(0)
    assert all(c == HIDDEN for c in v.draft.pile_of(1))
    assert v.draft.picks[0] == s.draft.picks[0] and v.draft.picks[1] == [HIDDEN]
    assert v.draft.excess == s.draft.excess
    assert GAME.state_from_json(s.to_json()).state_hash() == s.state_hash()
    with pytest.raises(IllegalAction):
        s.apply(1, Action("draft_pick", (s.draft.pile_of(1)[0],)))


def test_building_a_deck_card_by_card_or_automatically():
    """Deck Creation: exactly 20 cards from your own picks."""
    s = GAME.new_state(GAME.validate_setup({"players": 3}), 5)
    while s.stage == "pick":
        seat = s.decision().players[0]
        s.apply(seat, s.legal_actions(seat)[0])
    adds = [a for a in s.legal_actions(0) if a.kind == "deck_add"]
    s.apply(0, adds[0])
    assert len(s.building[0]) == 1 and s.draft.decks[0] is None
    s.apply(0, Action("deck_auto"))
    assert s.draft.decks[0] is not None and len(s.draft.decks[0]) == 20
    assert s.draft.decks[0][0] == adds[0].args[0]
    assert s.decision().players == (1,)
