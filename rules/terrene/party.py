"""The starting party: each seat in turn picks a terrain, its starting characters and the
cards assigned to them face down (or a deck's opening plan), before the decks are shuffled."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import rules.terrene.stats as stats
from rules.core import Action, Event
from rules.terrene.content import Card, cards, decks
from rules.terrene.howto import event
from rules.terrene.kinds import Act, Phase

if TYPE_CHECKING:
    from rules.terrene.state import TerreneState


def party_stage(s: TerreneState, seat: int) -> str:
    """Which starting-party choice the seat makes next: terrain, character, assignable, done."""
    if s.active_terrain[seat] is None and _setup_terrains(s, seat):
        return "terrain"
    if len(s.party[seat]) < s.sp_limit[seat] and _setup_characters(s, seat):
        return "character"
    if _setup_assignables(s, seat) and any(s.units[u].card is None for u in s.party[seat]):
        return "assignable"
    return "done"


def _first_of_each(s: TerreneState, uids: list[int], ok: Callable[[Card], bool]) -> list[int]:
    seen: dict[str, int] = {}
    for uid in uids:
        cid = s.cards[uid]
        if cid is not None and cid not in seen and ok(cards()[cid]):
            seen[cid] = uid
    return list(seen.values())


def _setup_terrains(s: TerreneState, seat: int) -> list[int]:
    return _first_of_each(s, s.zones["deck"][seat], lambda c: c.kind == "terrain" and not c.storm)


def _party_names(s: TerreneState, seat: int) -> set[str]:
    return {s.cards[u] or "" for u in s.party[seat]}


def _setup_characters(s: TerreneState, seat: int) -> list[int]:
    taken = _party_names(s, seat)
    return _first_of_each(
        s, s.zones["deck"][seat],
        lambda c: c.is_character and c.sp <= 1 and c.id not in taken and not c.token,
    )


def _setup_assignables(s: TerreneState, seat: int) -> list[int]:
    held = [s.units[u].card for u in s.party[seat]]
    taken = {s.cards[c] for c in held if c is not None}
    return _first_of_each(s, s.zones["deck"][seat],
                          lambda c: c.is_assignable and c.id not in taken)


def _opening_uids(s: TerreneState, seat: int, index: int) -> list[int] | None:
    deck = decks()[s.deck_ids[seat]]
    opening = deck.openings[index]
    wanted = [opening.terrain, *(c for pair in opening.party for c in pair)]
    pool = list(s.zones["deck"][seat])
    picked = []
    for cid in wanted:
        uid = next((u for u in pool if s.cards[u] == cid), None)
        if uid is None:
            return None
        pool.remove(uid)
        picked.append(uid)
    if len(opening.party) > s.sp_limit[seat]:
        return None
    return picked


def party_actions(s: TerreneState, seat: int) -> list[Action]:
    stage = party_stage(s, seat)
    out: list[Action] = []
    if stage == "terrain":
        deck = decks().get(s.deck_ids[seat])
        for i, opening in enumerate(deck.openings if deck else ()):
            if _opening_uids(s, seat, i) is not None:
                names = ", ".join(cards()[c].name for c, _ in opening.party)
                who = "going second" if opening.turn == "second" else "going first"
                out.append(Action(Act.OPENING, (i,), f"Opening plan '{opening.name}' ({who}): "
                                  f"{cards()[opening.terrain].name}; {names}"))
        out += [Action(Act.PICK_TERRAIN, (u,), f"Terrain: {s.name(u)}")
                for u in _setup_terrains(s, seat)]
    elif stage == "character":
        out += [Action(Act.PICK_CHARACTER, (u,), f"Starting character: {char_label(s, u)}")
                for u in _setup_characters(s, seat)]
    elif stage == "assignable":
        holder = next(u for u in s.party[seat] if s.units[u].card is None)
        out += [Action(Act.PICK_ASSIGNABLE, (u,), f"Assign {s.name(u)} to {s.name(holder)}")
                for u in _setup_assignables(s, seat)]
    return out


def char_label(s: TerreneState, uid: int) -> str:
    c = s.card(uid)
    return f"{c.name} ({c.cls}, {c.element}, {c.hp} HP, ATK {c.atk}, DEF {c.defense}, {c.sp} SP)"


def apply_party(s: TerreneState, seat: int, action: Action, events: list[Event]) -> None:
    if action.kind == Act.OPENING:
        uids = _opening_uids(s, seat, action.args[0])
        assert uids is not None
        _pick_terrain(s, seat, uids[0])
        for char, card in zip(uids[1::2], uids[2::2], strict=True):
            _pick_character(s, seat, char)
            _pick_assignable(s, seat, card)
    elif action.kind == Act.PICK_TERRAIN:
        _pick_terrain(s, seat, action.args[0])
    elif action.kind == Act.PICK_CHARACTER:
        _pick_character(s, seat, action.args[0])
    elif action.kind == Act.PICK_ASSIGNABLE:
        _pick_assignable(s, seat, action.args[0])
    events.append(event("party", f"{s.player_name(seat)} places cards face-down."))
    advance_party(s, events)


def _pick_terrain(s: TerreneState, seat: int, uid: int) -> None:
    s.zones["deck"][seat].remove(uid)
    s.zones["terrains"][seat].append(uid)
    s.active_terrain[seat] = uid


def _pick_character(s: TerreneState, seat: int, uid: int) -> None:
    s.zones["deck"][seat].remove(uid)
    s.party[seat].append(uid)
    s.units[uid] = stats.new_unit(seat, False, s.card(uid).lv)


def _pick_assignable(s: TerreneState, seat: int, uid: int) -> None:
    holder = next(u for u in s.party[seat] if s.units[u].card is None)
    s.zones["deck"][seat].remove(uid)
    s.units[holder].card = uid


def advance_party(s: TerreneState, events: list[Event]) -> None:
    """Move to the next seat still choosing; when all are done, the decks are shuffled."""
    for seat in s.seat_order(s.first):
        if party_stage(s, seat) != "done":
            s.party_seat = seat
            return
    s.phase = Phase.SHUFFLE
