"""Deck building: the custom-deck rules, checked with a reason for every problem."""

from __future__ import annotations

from rules.terrene.content import ContentError, cards, decks, resolve

DECK_SIZE = 30
DRAFT_DECK_SIZE = 20
PARTY_SIZE = 4


CUSTOM = "custom:"
DRAFT = "draft:"


def check_deck(card_ids: list[str], size: int = DECK_SIZE, party: bool = True) -> list[str]:
    """Every reason the deck is not legal (empty when it is): exactly ``size`` cards, at most
    one Hero, at most one 3-SP character, and (unless ``party`` is False, as for draft decks
    with their handicaps) a legal starting party available."""
    known = cards()
    problems = []
    unknown = [c for c in card_ids if c not in known]
    if unknown:
        return [f"unknown card {unknown[0]!r}"]
    if len(card_ids) != size:
        problems.append(f"it has {len(card_ids)} cards, not exactly {size}")
    heroes = sorted({known[c].name for c in card_ids if known[c].tag == "hero"})
    if sum(1 for c in card_ids if known[c].tag == "hero") > 1:
        problems.append(f"it has more than one Hero ({', '.join(heroes)})")
    threes = [c for c in card_ids if known[c].is_character and known[c].sp >= 3]
    if len(threes) > 1:
        problems.append(f"it has {len(threes)} characters of 3 SP (at most one)")
    if any(known[c].token for c in card_ids):
        problems.append("token characters cannot be put in a deck")
    if party:
        problems += party_problems(card_ids)
    return problems


def deck_from_setup(value: str) -> tuple[list[str], list[str]]:
    """(card ids, problems) for a setup deck value: a preset id, ``custom:`` + 30 comma-
    separated card ids or names, or ``draft:`` + 20."""
    if value in decks():
        return list(decks()[value].cards), []
    for prefix, size, party in ((CUSTOM, DECK_SIZE, True), (DRAFT, DRAFT_DECK_SIZE, False)):
        if value.startswith(prefix):
            try:
                ids = [resolve(x) for x in value[len(prefix):].split(",") if x.strip()]
            except ContentError as exc:
                return [], [str(exc)]
            if prefix == DRAFT and len(ids) < size:
                size = len(ids)  # the draft accepts a short deck when the picks allow no more
            return ids, check_deck(ids, size, party)
    return [], [f"{value!r} is neither a preset deck nor a custom/draft deck list"]


def party_problems(card_ids: list[str]) -> list[str]:
    """A starting party needs a non-Storm terrain, four different characters of 0-1 SP and
    four different assignables."""
    known = cards()
    out = []
    if not any(known[c].kind == "terrain" and not known[c].storm for c in card_ids):
        out.append("no regular (non-Storm) terrain for the starting party")
    chars = {c for c in card_ids if known[c].is_character and known[c].sp <= 1}
    if len(chars) < PARTY_SIZE:
        out.append(f"only {len(chars)} different characters of 0-1 SP (the party needs 4)")
    assignables = {c for c in card_ids if known[c].is_assignable}
    if len(assignables) < PARTY_SIZE:
        out.append(f"only {len(assignables)} different assignables (the party needs 4)")
    return out
