"""Helpers that set up Terrene Odyssey positions: from a description (the scenario
builder, rules/terrene/scenario.py), or the opening played through the real setup."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import pytest

from rules.core import Action, Scenario
from rules.terrene import GAME, stats
from rules.terrene.decks import deck_from_setup
from rules.terrene.kinds import Ask
from rules.terrene.state import TerreneState


class Table:
    """Builds positions for rule tests: described (``position``), or a real setup played
    through its opening (``started``); then acts and passes by the rules."""

    @staticmethod
    def started(decks: Iterable[str] = ("greggory_beatdown", "sk_item_steal"), first: int = 0,
                seed: int = 7, opening: bool = True, fmt: str = "single game") -> TerreneState:
        decks = list(decks)
        setup = {"players": len(decks), "format": fmt,
                 **{f"deck.{i}": d for i, d in enumerate(decks)}}
        s = GAME.new_state(setup, seed)
        s.apply(-1, Action("coin", (first,)))
        Table.finish_setup(s, seed, opening)
        return s

    @staticmethod
    def finish_setup(s: TerreneState, seed: int = 7, opening: bool = True) -> None:
        """Choose starting parties (the first opening plan, or the first picks), shuffle."""
        while s.phase == "party":
            seat = s.party_seat
            acts = s.legal_actions(seat)
            pick = next((a for a in acts if a.kind == "opening"), None) if opening else None
            s.apply(seat, pick or acts[0])
        s.apply(-1, Action("shuffle", (seed,)))

    @staticmethod
    def position(decks: Iterable[str] = ("greggory_beatdown", "sk_item_steal"),
                 party: Sequence[Sequence[str | dict[str, Any]]] = ((), ()),
                 hand: Sequence[Sequence[str]] = ((), ()), turn: int = 3, actions: int = 3,
                 seats: Sequence[dict[str, Any]] = (), **position: Any) -> TerreneState:
        """The play phase on game turn ``turn`` (seat 1 went first), built from a
        description: each seat's ``party`` (a character id, or its full description), its
        ``hand`` (empty unless given) and ``actions``; ``seats`` adds any other field of a
        seat, ``position`` any other field of the position. A card named more often than
        the seat's deck list holds it is added to the list (``extra``)."""
        decks = list(decks)
        setup = {"players": len(decks), **{f"deck.{i}": d for i, d in enumerate(decks)}}
        described = []
        for seat in range(len(decks)):
            chars = [c if isinstance(c, dict) else {"character": c}
                     for c in (party[seat] if seat < len(party) else ())]
            held = list(hand[seat]) if seat < len(hand) else []
            more = dict(seats[seat]) if seat < len(seats) else {}
            named = [*held, *(c["character"] for c in chars), *(c["card"] for c in chars
                                                               if "card" in c),
                     *(t for t in [more.get("terrain", "none")] if t != "none")]
            listed = deck_from_setup(decks[seat])[0]
            extra = [cid for cid in dict.fromkeys(named)  # cards beyond the deck list
                     for _ in range(named.count(cid) - listed.count(cid))]
            if extra:
                more["extra"] = [*more.get("extra", []), *extra]
            described.append({"party": chars, "hand": held, "actions": actions, **more})
        s = GAME.build_scenario(Scenario("terrene", "test", setup=setup, position={
            "turn": turn, "seats": described, **position}))
        assert isinstance(s, TerreneState)
        return s

    @staticmethod
    def unit(s: TerreneState, seat: int, card_id: str) -> int:
        """The character ``card_id`` on ``seat``'s table."""
        return next(u for u in s.party[seat] if s.cards[u] == card_id)

    @staticmethod
    def units(s: TerreneState, seat: int) -> list[int]:
        """``seat``'s characters, in row order."""
        return list(s.party[seat])

    @staticmethod
    def in_hand(s: TerreneState, seat: int, card_id: str) -> int:
        return next(u for u in s.zones["hand"][seat] if s.cards[u] == card_id)

    @staticmethod
    def act(s: TerreneState, seat: int, kind: str, *args: object) -> list:
        return s.apply(seat, Action(kind, tuple(args)))

    @staticmethod
    def use(s: TerreneState, seat: int, card_uid: int, index: int = 0,
            target: int | None = None) -> list:
        return s.apply(seat, Action("use", (card_uid, index, -1 if target is None else target)))

    @staticmethod
    def pass_to(s: TerreneState, seat: int) -> None:
        """Others pass on the chain until ``seat`` holds priority."""
        while s.chain and s.prompt is None and s.decision().players != (seat,):
            s.apply(s.decision().players[0], Action("pass"))

    @staticmethod
    def pass_all(s: TerreneState) -> None:
        while s.chain and s.prompt is None and s.phase == "play":
            seat = s.decision().players[0]
            s.apply(seat, Action("pass"))


@pytest.fixture
def table() -> type[Table]:
    return Table


def check_invariants(s: TerreneState) -> None:
    """Every card in exactly one zone; SP within the limit once the chain is empty and no
    forced dismissal is pending; DEF never below 0; team HP within 0..50."""
    seen: list[int] = []
    for zone in s.zones.values():
        for per_seat in zone:
            seen.extend(per_seat)
    for party in s.party:
        seen.extend(party)
    seen.extend(u.card for u in s.units.values() if u.card is not None)
    seen.extend(s.ceased)
    assert sorted(seen) == list(range(len(s.cards))), "a card is missing or in two zones"
    assert set(s.units) == {uid for party in s.party for uid in party}
    if s.phase == "play" and not s.chain and (s.prompt is None
                                               or s.prompt.kind != Ask.OVERSUPPLY):
        for seat in range(s.n):
            assert stats.sp_used(s, seat) <= s.sp_limit[seat], "oversupplied with an empty chain"
    for uid in s.units:
        if s.units[uid].up:
            assert stats.defense(s, uid) >= 0
    assert all(0 <= hp <= 50 for hp in s.hp)


@pytest.fixture
def invariants():
    return check_invariants
