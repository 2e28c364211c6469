"""A draft's decks stay hidden in its games (issue #20): a seat's view of a tournament game
shows its own deck list only (the preset decks' lists stay public), and a world sampled from
the view draws the opponent's deck from the cards the seat has not seen, as a deck the
draft would accept."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from rules.core import CHANCE, Action, Match
from rules.terrene import GAME
from rules.terrene.content import cards
from rules.terrene.decks import check_deck
from rules.terrene.draft import HIDDEN, build_pool
from rules.terrene.draft_match import DraftMatch
from rules.terrene.hidden import Place, deal_places
from rules.terrene.state import TerreneState


def _calm(state, seat: int, rng: random.Random) -> Action:
    """A random action that neither runs from the battle nor dismisses (so games last), a
    drafter completing its deck at once."""
    acts = state.legal_actions(seat)
    auto = [a for a in acts if a.kind == "deck_auto"]
    calm = [a for a in acts if a.kind not in ("run", "dismiss", "dismiss_card")]
    return rng.choice(auto or calm or acts)


def _draft_points(players: int, seed: int, every: int, limit: int) -> list[DraftMatch]:
    """Copies of a seeded random draft at every ``every``-th decision of its games."""
    m = Match(GAME, GAME.validate_setup({"players": players, "format": "draft"}), seed)
    rng = random.Random(seed)
    out: list[DraftMatch] = []
    while not m.over and len(out) < limit:
        s = m.state
        if s.decision().is_chance:
            m.resolve_chance()
            continue
        if s.game is not None and m.decisions % every == 0:
            out.append(s.clone())
        seat = s.decision().players[0]
        m.submit(seat, _calm(s, seat, rng))
    return out


def _dumps(state) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def test_a_draft_game_hides_the_opponents_deck_list():
    """The draft hides the other seats' decks, so in its games a seat sees its own deck list
    and not its opponent's (nor does a seat out of the game see either)."""
    s = _draft_points(4, 5, 1, 1)[0]
    game = s.game
    assert game is not None and all(len(d) == 20 for d in game.decklists)
    for table_seat, seat in enumerate(s.table):
        foe = 1 - table_seat
        view = s.view(seat).game
        assert view.decklists[table_seat] == game.decklists[table_seat]
        assert view.decklists[foe] == ()
        assert game.view(table_seat).decklists[foe] == ()
        assert s.view(seat).draft.decks[s.table[foe]] == [HIDDEN] * 20
    bystander = next(q for q in range(4) if q not in s.table)
    assert s.view(bystander).game.decklists == [(), ()]
    assert game.view(None).decklists == [(), ()]


def test_a_preset_game_shows_every_deck_list():
    """The preset decks are printed decks: every seat sees both lists."""
    s = GAME.new_state(GAME.validate_setup({"players": 2}), 3)
    assert isinstance(s, TerreneState) and s.decklists_public
    for seat in (0, 1, None):
        assert s.view(seat).decklists == s.decklists


@pytest.mark.parametrize(("players", "seed"), [(4, 5), (5, 8)])
def test_a_world_from_a_draft_game_view_is_a_full_legal_game(players: int, seed: int):
    """Sampled from a table seat's view of the game alone (what the AI is handed): every
    card and deck list filled, the opponent's deck holding what the view shows of it, legal
    for the draft and drawn from the pool less the excess pile and the seat's own deck; the
    world looks like the view to the seat, offers the same actions and plays on."""
    points = _draft_points(players, seed, 9, 8)
    assert len(points) == 8
    seen_decks = set()
    for k, s in enumerate(points):
        game = s.game
        assert game is not None
        for table_seat in (0, 1):
            view = game.view(table_seat)
            foe = 1 - table_seat
            world = view.determinize(table_seat, random.Random(k))
            assert None not in world.cards and not world.invariant_violations()
            assert world.decklists[table_seat] == game.decklists[table_seat]
            deck = list(world.decklists[foe])
            seen_decks.add(tuple(sorted(deck)))
            assert len(deck) == len(game.decklists[foe])
            assert check_deck(deck, len(deck), party=False) == []
            owned = Counter(world.cards[u] for u in range(len(world.cards))
                            if world.owner[u] == foe and not world.card(u).token)
            assert owned == Counter(deck)
            unseen = Counter(build_pool(players)) - Counter(s.draft.excess)
            unseen -= Counter(game.decklists[table_seat])
            assert not Counter(deck) - unseen
            assert _dumps(world.view(table_seat)) == _dumps(view)
            decision = game.decision()
            if table_seat in decision.players:
                assert set(world.legal_actions(table_seat)) == set(
                    game.legal_actions(table_seat))
            rng = random.Random(k)
            for _ in range(20):
                d = world.decision()
                if d.is_terminal:
                    break
                if d.is_chance:
                    world.apply(CHANCE, world.sample_chance(rng))
                else:
                    world.apply(d.players[0], _calm(world, d.players[0], rng))
                assert not world.invariant_violations()
    # the opponent's deck is drawn, not copied: the worlds hold different decks
    assert len(seen_decks) > 2


@pytest.mark.parametrize(("players", "seed"), [(4, 5), (5, 8)])
def test_a_world_from_a_draft_view_fills_every_hidden_pile(players: int, seed: int):
    """The draft's own determinize gives a full world: no pile, pick list or deck left as
    card backs, the other seats' decks legal and in their picks with their share of the
    excess pile, the game's deck lists the table's decks, and the world's view the seat's."""
    m = Match(GAME, GAME.validate_setup({"players": players, "format": "draft"}), seed)
    rng = random.Random(seed)
    stages: set[str] = set()
    while not m.over and m.decisions < 900:
        s = m.state
        if s.decision().is_chance:
            m.resolve_chance()
            continue
        building = s.stage == "build"
        if building or m.decisions % 13 == 0:
            for seat in range(players):
                view = s.view(seat)
                world = view.determinize(seat, random.Random(m.decisions))
                stages.add(str(s.stage))
                assert _dumps(world.view(seat)) == _dumps(view)
                assert not world.invariant_violations()
                draft = world.draft
                for q in range(players):
                    assert HIDDEN not in draft.picks[q] and HIDDEN not in world.building[q]
                    if draft.decks[q] is not None:
                        assert HIDDEN not in draft.decks[q]
                        assert check_deck(draft.decks[q], len(draft.decks[q]),
                                          party=False) == []
                        assert not Counter(draft.decks[q]) - Counter(draft.picks[q])
                assert all(HIDDEN not in pile for pile in draft.piles)
                held = [c for p in draft.piles for c in p] + [c for p in draft.picks for c in p]
                if s.stage == "pick":
                    held += draft.excess
                    assert Counter(held) == Counter(build_pool(players))
                elif s.stage == "play":
                    assert Counter(c for p in draft.picks for c in p) + Counter(
                        draft.excess[:len(build_pool(players)) - sum(
                            len(p) for p in draft.picks)]) == Counter(build_pool(players))
                if world.game is not None:
                    assert None not in world.game.cards
                    for table_seat, q in enumerate(world.table):
                        assert list(world.game.decklists[table_seat]) == draft.decks[q]
        seat = s.decision().players[0]
        # while building, a deck card by card as often as completed at once
        m.submit(seat, rng.choice(s.legal_actions(seat)) if building else _calm(s, seat, rng))
    assert {"pick", "build", "play"} <= stages


def test_a_draft_saved_before_the_lists_were_hidden_hides_them_when_loaded():
    """Saves: a draft saved with its game's deck lists public loads with them hidden."""
    s = _draft_points(4, 5, 1, 1)[0]
    data = s.to_json()
    del data["game"]["deck_pool"], data["game"]["other_decks"]
    loaded = GAME.state_from_json(data)
    assert loaded.state_hash() == s.state_hash()
    assert loaded.view(s.table[0]).game.decklists[1] == ()


def test_deal_places_keeps_every_deck_legal_or_refuses():
    """Two Heroes cannot go to one deck; with a second deck they go one each."""
    heroes = sorted(c for c in build_pool(4) if cards()[c].tag == "hero")[:2]
    plain = sorted(c for c in build_pool(4) if cards()[c].is_assignable)[:4]
    pool = Counter(heroes + plain)
    with pytest.raises(ValueError):
        deal_places(pool, [Place(6)], random.Random(1))
    for k in range(10):
        a, b = deal_places(pool, [Place(3), Place(3)], random.Random(k))
        assert Counter(a + b) == pool
        assert sorted(c for c in a + b if c in heroes) == heroes
        assert sum(c in heroes for c in a) == 1
    a, = deal_places(pool, [Place(6, deck=False)], random.Random(1))
    assert Counter(a) == pool
