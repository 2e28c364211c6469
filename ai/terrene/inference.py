"""The expert's worlds: the other seats' face-down cards as their printed plan would have
placed them.

Every AI level opens with its preset deck's printed opening plan for its turn order
(``search.opening_for_turn``), and a person playing a preset deck is offered the same plans
first. The plan is public, printed with the deck list, so a seat that sees which preset the
other plays and who went first may expect that party: the plan's four characters, each with
its assignable behind it, and its terrain. The generic determinization draws every hidden
card uniformly from what is unseen; ``infer_opening`` then swaps the cards of a world, among
places the view hides, so that a face-down character is the plan's next one not yet shown,
and the face-down card behind a character is the one the plan put behind it. Swapping only
hidden places keeps the world consistent with the view (nothing shown changes). Nothing is
read but the view: the deck id, turn order, deck list and shown cards are public.
"""

from __future__ import annotations

import random
from collections import Counter

from ai.search.common import Determinizer
from rules.core.state import GameState
from rules.terrene.content import Opening, cards, decks
from rules.terrene.hidden import determinize, shown_cards
from rules.terrene.kinds import Phase
from rules.terrene.state import TerreneState


def printed_plan(view: TerreneState, seat: int) -> Opening | None:
    """The plan a preset deck offers ``seat`` first for its turn order, or None (a custom
    or draft deck, or a deck list the view does not show)."""
    deck = decks().get(view.deck_ids[seat]) if seat < len(view.deck_ids) else None
    if deck is None or not view.decklists[seat]:
        return None
    turn = "first" if view.first == seat else "second"
    return next((o for o in deck.openings if o.turn == turn), None)


def _accepts(world: TerreneState, uid: int, cid: str) -> bool:
    """Whether a hidden place may hold ``cid``: a character on the table needs a character,
    a card behind one an assignable; a hand or deck place takes anything."""
    card = cards()[cid]
    if uid in world.units:
        return card.is_character
    if any(u.card == uid for u in world.units.values()):
        return card.is_assignable
    if uid in world.zones["terrains"][world.owner[uid]]:
        return card.kind == "terrain" and not card.storm
    return True


def _place(world: TerreneState, hidden: list[int], fixed: set[int], uid: int, cid: str) -> None:
    """Give hidden place ``uid`` the card ``cid`` by swapping it with another hidden place
    of the same owner that holds it in this world (if any, and if that place accepts the
    card it gets in exchange)."""
    if world.cards[uid] == cid:
        fixed.add(uid)
        return
    displaced = world.cards[uid]
    for other in hidden:
        if other in fixed or other == uid or world.cards[other] != cid:
            continue
        if displaced is not None and not _accepts(world, other, displaced):
            continue
        world.cards[other], world.cards[uid] = displaced, cid
        fixed.add(uid)
        return


def expect_plan(view: TerreneState, world: TerreneState, seat: int) -> None:
    """Rearrange ``world``'s cards hidden from ``view`` in ``seat``'s places as its printed
    plan would have placed them (a card already shown elsewhere is not looked for)."""
    plan = printed_plan(view, seat)
    if plan is None:
        return
    hidden = [uid for uid, cid in enumerate(view.cards)
              if cid is None and view.owner[uid] == seat]
    if not hidden:
        return
    fixed: set[int] = set()
    behind = {char: card for char, card in plan.party}
    shown = Counter(shown_cards(view, seat))  # in play, discarded, banished: not hidden
    unseen_chars = []
    for char, _ in plan.party:
        if shown[char]:
            shown[char] -= 1
        else:
            unseen_chars.append(char)
    for uid in view.party[seat]:
        if view.owner[uid] != seat:
            continue
        if view.cards[uid] is None and unseen_chars:
            _place(world, hidden, fixed, uid, unseen_chars.pop(0))
        placed = world.cards[uid]
        card_uid = world.units[uid].card
        if placed in behind and card_uid is not None and view.cards[card_uid] is None:
            _place(world, hidden, fixed, card_uid, behind.pop(placed))
    for uid in view.zones["terrains"][seat]:
        if view.cards[uid] is None:
            _place(world, hidden, fixed, uid, plan.terrain)


def infer_opening(share: float) -> Determinizer:
    """The expert's determinization (the search's ``determinize`` hook): in ``share`` of
    the worlds of a game in play the other seats' hidden cards follow their printed plans
    (``expect_plan``); in the rest they are drawn as for every level, so a person's own
    party stays possible."""

    def sample(view: GameState, player: int, rng: random.Random) -> GameState:
        assert isinstance(view, TerreneState)
        world = determinize(view, player, rng)
        if view.phase == Phase.PLAY and rng.random() < share:
            for seat in range(view.n):
                if seat != player:
                    expect_plan(view, world, seat)
        return world

    return sample
