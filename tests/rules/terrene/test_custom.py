"""Custom and draft decks in the setup, and the draft handicaps in play."""

from __future__ import annotations

import pytest

from rules.core import Action, SetupError
from rules.terrene import GAME, stats
from rules.terrene.content import decks
from rules.terrene.kinds import Ask


def _deck(ids: list[str], prefix: str = "custom:") -> str:
    return prefix + ",".join(ids)


def test_custom_deck_is_checked_with_a_clear_reason():
    """Custom Deck: exactly 30 cards, one Hero at most, one 3-SP character at most."""
    ids = list(decks()["greggory_beatdown"].cards)
    GAME.validate_setup({"players": 2, "deck.0": _deck(ids), "deck.1": "the_fear"})
    with pytest.raises(SetupError, match="29 cards"):
        GAME.validate_setup({"players": 2, "deck.0": _deck(ids[:-1]), "deck.1": "the_fear"})
    with pytest.raises(SetupError, match="no card is called"):
        GAME.validate_setup({"players": 2, "deck.0": "custom:Nobody", "deck.1": "the_fear"})


def test_draft_deck_without_terrain_gets_four_actions_and_chooses_xp(table):
    """Draft, No terrain: 4 actions a turn; each XP gained is +5 ATK or +5 DEF. Lacking
    starting party: the party is as large as the drafted cards allow."""
    chars = ["inu_the_inferno", "pernicious", "sammy_the_agile"]
    rest = ["fire_bomb", "prophecy"] + ["healing_salve"] * 15
    setup = {"players": 2, "deck.0": _deck(chars + rest, "draft:"), "deck.1": "sk_item_steal"}
    s = GAME.new_state(GAME.validate_setup(setup), 3)
    s.apply(-1, Action("coin", (1,)))
    table.finish_setup(s, opening=True)
    assert s.active_terrain[0] is None and len(s.party[0]) == 3
    assert {s.cards[s.units[u].card] for u in s.party[0]} == {
        "fire_bomb", "prophecy", "healing_salve"}
    table.act(s, 1, "end_turn")
    table.pass_all(s)
    assert s.active == 0 and s.actions[0] == 4 + 1  # + the 2nd player's first-turn action
    pern = next(u for u in s.party[0] if s.cards[u] == "pernicious")
    s.units[pern].up = True
    victim = s.party[1][0]
    s.units[victim].up = True
    s.units[victim].dmg = stats.hp(s, victim) - 1
    table.act(s, 0, "attack", pern, -1)
    table.pass_all(s)
    table.act(s, 1, "block", victim)
    table.pass_all(s)
    assert s.prompt is not None and s.prompt.kind == Ask.XP_CHOICE
    table.act(s, 0, "xp_def")
    assert stats.defense(s, pern) == 5 and s.units[pern].xp == 1
