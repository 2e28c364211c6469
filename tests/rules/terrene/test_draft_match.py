"""The draft as one match: picks, deck building and the tournament's games as decisions."""

from __future__ import annotations

import random

import pytest

from rules.core import CHANCE, Action, IllegalAction, Match, SetupError, replay
from rules.terrene import GAME
from rules.terrene.draft import HIDDEN


class RandomSeat:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view, player):
        acts = view.legal_actions(player)
        calm = [a for a in acts if a.kind not in ("run", "dismiss", "dismiss_card")]
        return self.rng.choice(calm or acts)


def dealt(players: int, seed: int):
    """A new draft with its pool shuffled and dealt by the chance decision's seed."""
    s = GAME.new_state(GAME.validate_setup({"players": players, "format": "draft"}), 0)
    assert s.decision().is_chance and s.seeded_chance().kind == "deal"
    s.apply(CHANCE, Action("deal", (seed,)))
    return s


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
    s = dealt(4, 3)
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
    s = dealt(3, 5)
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


def _keys(data, out: set[str]) -> set[str]:
    if isinstance(data, dict):
        for k, v in data.items():
            out.add(k)
            _keys(v, out)
    elif isinstance(data, list):
        for v in data:
            _keys(v, out)
    return out


def test_no_seed_in_a_draft_or_its_views():
    """Fair play (Card Pile Creation, Matchmaking): the pool's shuffle, each round's pairing
    and each game's cards come from chance decisions; no seed stays in the state or in any
    seat's view, so no seat can rebuild another's pile, a future pairing or a hidden card."""
    m = Match(GAME, {"players": 3}, 11)
    m.play({p: RandomSeat(p) for p in range(3)}, max_decisions=400)
    chance_kinds = {a.kind for p, a in m.record.steps if p == CHANCE}
    assert {"deal", "pair", "new_game"} <= chance_kinds
    s = m.state
    assert s.stage == "play" and s.game is not None
    assert not any("seed" in k for k in _keys(s.to_json(), set()))
    for seat in range(3):
        assert not any("seed" in k for k in _keys(s.view(seat).to_json(), set()))
        assert not any("seed" in k for k in vars(s.view(seat)))


def test_hidden_piles_do_not_change_a_seats_view():
    """Draft (hidden information): two deals that differ only in the piles a seat cannot see
    look the same to that seat."""
    a = dealt(5, 21)
    b = a.clone()
    mine = b.draft.holding[0]
    others = [i for i in range(len(b.draft.piles)) if i != mine]
    pool = [c for i in others for c in b.draft.piles[i]]
    random.Random(1).shuffle(pool)
    for i in others:
        size = len(b.draft.piles[i])
        b.draft.piles[i], pool = pool[:size], pool[size:]
    assert a.to_json() != b.to_json()
    assert a.view(0).to_json() == b.view(0).to_json()


def test_pairings_are_drawn_when_a_round_starts():
    """Matchmaking: each round's pairing is a chance decision made when the round starts
    (two different draws can pair the first round differently)."""
    s = dealt(6, 2)
    while s.stage in ("pick", "build"):
        seat = s.decision().players[0]
        auto = [a for a in s.legal_actions(seat) if a.kind == "deck_auto"]
        s.apply(seat, auto[0] if auto else s.legal_actions(seat)[0])
    assert s.stage == "play" and s.game is None and s.seeded_chance().kind == "pair"
    with pytest.raises(IllegalAction):
        s.apply(CHANCE, Action("pair", ("not a seed",)))
    firsts = set()
    for seed in range(8):
        t = s.clone()
        t.apply(CHANCE, Action("pair", (seed,)))
        firsts.add(tuple(t.tour.pairings))
        assert t.seeded_chance().kind == "new_game" and t.game is None
        t.apply(CHANCE, Action("new_game", (seed,)))
        assert t.game is not None and t.table == list(t.tour.pairings[0])
    assert len(firsts) > 1


def test_a_version_one_draft_save_still_loads():
    """Saves: a draft saved before the chance decisions (with its seeds) loads and plays on."""
    s = dealt(3, 4)
    old = s.to_json()
    old["version"], old["seed"] = 1, 4
    old["draft"]["seed"], old["tour"]["seed"] = 4, 4
    loaded = GAME.state_from_json(old)
    assert loaded.state_hash() == s.state_hash()
    seat = loaded.decision().players[0]
    loaded.apply(seat, loaded.legal_actions(seat)[0])


def test_the_draft_is_typed_models_with_its_secrets_declared():
    """Issue #13: the draft, its tournament and the match are models (clone, to_json and
    from_json from their fields), and a seat's view is built from what it may see: every
    pile face down and only its own picks (``view_for``), then the pile in front of it."""
    from rules.core.model import Model

    s = dealt(4, 2)
    assert all(isinstance(x, Model) for x in (s, s.draft, s.tour))
    c = s.clone()
    seat = c.decision().players[0]
    c.apply(seat, c.legal_actions(seat)[0])
    assert c.draft.picks[seat] and not s.draft.picks[seat]
    assert GAME.state_from_json(c.to_json()).to_json() == c.to_json()
    blank = s.view_for(1)
    assert all(set(pile) <= {HIDDEN} for pile in blank.draft.piles)
    assert [len(p) for p in blank.draft.piles] == [len(p) for p in s.draft.piles]
    v = c.view(1)
    held = c.draft.holding[1]
    assert v.draft.piles[held] == c.draft.piles[held]
    assert all(set(p) <= {HIDDEN} for i, p in enumerate(v.draft.piles) if i != held)
    assert v.draft.picks[seat] == [HIDDEN] and c.view(seat).draft.picks[seat] == c.draft.picks[seat]
