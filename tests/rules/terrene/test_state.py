"""The contract: JSON round-trip, clone, view, determinize, illegal actions, Match play."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from rules.core import Action, IllegalAction, Match
from rules.terrene import GAME
from rules.terrene.hidden import unknown_pool


class RandomAgent:
    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view, player):
        return self.rng.choice(view.legal_actions(player))


def midgame(seed: int = 3, steps: int = 60):
    rng = random.Random(seed)
    m = Match(GAME, GAME.random_setup(rng, 2), seed)
    agent = RandomAgent(seed)
    while m.decisions < steps and not m.over:
        d = m.state.decision()
        if d.is_chance:
            m.resolve_chance()
            continue
        acts = [a for a in m.state.legal_actions(d.players[0]) if a.kind != "run"]
        calm = [a for a in acts if not a.kind.startswith("dismiss")]
        m.submit(d.players[0], agent.rng.choice(calm or acts))
    return m.state


def test_json_round_trip_keeps_the_state_hash():
    s = midgame()
    data = json.loads(json.dumps(s.to_json()))
    back = GAME.state_from_json(data)
    assert back.state_hash() == s.state_hash()
    assert back.legal_actions(back.decision().players[0]) == s.legal_actions(
        s.decision().players[0])


def test_clone_is_independent():
    s = midgame()
    before = s.state_hash()
    c = s.clone()
    seat = c.decision().players[0]
    c.apply(seat, c.legal_actions(seat)[0])
    assert c.state_hash() != before
    assert s.state_hash() == before


def test_view_hides_hands_hidden_characters_face_down_cards_and_deck_order():
    """Hidden Cards / Assignables: face-down cards and the opponent's hand are secret."""
    s = midgame()
    v = s.view(0)
    for uid in s.zones["hand"][1] + s.zones["deck"][0] + s.zones["deck"][1]:
        assert v.cards[uid] is None
    for uid in s.zones["hand"][0]:
        assert v.cards[uid] == s.cards[uid]
    for uid in s.party[1]:
        u = s.units[uid]
        assert (v.cards[uid] is None) == (not u.up)
        if u.card is not None:
            assert (v.cards[u.card] is None) == (not u.card_up)
    assert "Your hand" in [p.title for p in s.panels(0)]


def test_a_view_is_built_from_what_the_seat_may_see():
    """The view is built positively (issue #13): the card identities are a declared secret
    (``view_for`` shows none), and only the cards ``visible_to`` names are filled in — a card
    the rules do not place anywhere the seat may see stays hidden, whatever it is."""
    s = midgame()
    assert all(cid is None for cid in s.view_for(0).cards)
    stray = s.clone()
    stray.cards.append("inu_the_inferno")  # a card in no zone, on no table
    stray.owner = (*stray.owner, 1)
    for seat in (0, 1, None):
        view = stray.view(seat)
        assert view.cards[-1] is None
        shown = {uid for uid, cid in enumerate(view.cards) if cid is not None}
        assert shown == stray.visible_to(seat)
    public = s.zones["discard"][1] + s.zones["terrains"][1]
    assert set(public) <= s.visible_to(0) and not set(s.zones["hand"][1]) & s.visible_to(0)


def test_determinize_is_consistent_with_the_view():
    s = midgame()
    v = s.view(0)
    d = v.determinize(0, random.Random(5))
    for uid, cid in enumerate(v.cards):
        if cid is not None:
            assert d.cards[uid] == cid
        else:
            assert d.cards[uid] is not None
    for seat in range(s.n):
        owned = Counter(d.cards[u] for u in range(len(d.cards)) if d.owner[u] == seat)
        assert owned == Counter(d.decklists[seat])
    for uid in d.party[1]:
        assert d.card(uid).is_character
    assert unknown_pool(d, 1) == []
    seat = d.decision().players[0]
    d.apply(seat, d.legal_actions(seat)[0])


def test_illegal_action_raises_and_leaves_the_state_unchanged():
    s = midgame()
    before = s.state_hash()
    seat = s.decision().players[0]
    with pytest.raises(IllegalAction):
        s.apply(seat, Action("attack", (9999, -1)))
    with pytest.raises(IllegalAction):
        s.apply(1 - seat, Action("end_turn"))
    assert s.state_hash() == before


def test_match_with_random_agents_plays_to_the_end():
    for seed, n in ((1, 2), (2, 4)):
        m = Match(GAME, GAME.random_setup(random.Random(seed), n), seed)
        out = m.play({p: RandomAgent(seed + p) for p in range(n)})
        assert out is not None and len(out.scores) == n


def test_determinize_during_setup_keeps_a_hidden_terrain_a_terrain():
    """Setup: the other seat's secretly chosen terrain is sampled as a regular terrain."""
    s = GAME.new_state({"players": 2, "deck.0": "the_fear", "deck.1": "tsue_the_balanced"}, 1)
    s.apply(-1, Action("coin", (0,)))
    s.apply(0, next(a for a in s.legal_actions(0) if a.kind == "pick_terrain"))
    view = s.view(1)
    terrain = s.zones["terrains"][0][0]
    assert view.cards[terrain] is None
    for seed in range(5):
        d = view.determinize(1, random.Random(seed))
        card = d.card(terrain)
        assert card.kind == "terrain" and not card.storm


def test_invariants_hold_in_play_and_catch_a_card_in_two_places():
    """Card zones (the rulebook's deck, hand, discard, table and terrains): every card is in
    exactly one place; the checks name what is wrong."""
    s = midgame()
    assert s.invariant_violations() == []
    seat = s.active
    stray = s.zones["deck"][seat][0]
    s.zones["hand"][seat].append(stray)
    assert any(f"card {stray} " in p and "2 places" in p for p in s.invariant_violations())
    s.zones["hand"][seat].remove(stray)
    uid = s.party[seat][0]
    record = s.units.pop(uid)
    assert any("character records" in p for p in s.invariant_violations())
    s.units[uid] = record
    s.actions[seat] = -1
    assert any("negative actions" in p for p in s.invariant_violations())


def test_the_draft_keeps_every_pool_card_while_picking():
    """Card Pile Creation and The Draft: the pool's cards are all in piles, picks or the
    excess pile until the picking ends."""
    from rules.core import CHANCE

    s = GAME.new_state(GAME.validate_setup({"players": 3, "format": "draft"}), 0)
    s.apply(CHANCE, Action("deal", (9,)))
    seat = s.decision().players[0]
    s.apply(seat, s.legal_actions(seat)[0])
    assert s.invariant_violations() == []
    s.draft.excess.pop()
    assert any("cards in the draft" in p for p in s.invariant_violations())
