"""Content: every entry validated with provenance; printed numbers used exactly."""

import pytest

from rules.battlecon import GAME
from rules.battlecon.content import CARD, STANDARD_BASES, load
from rules.core.content import ContentError, validate_entry


def test_every_entry_carries_provenance():
    """Content rule: each card, fighter and Overload says where its numbers come from."""
    for row in GAME.content():
        assert row.source in ("rulebook", "published", "reconstructed")
        if row.source != "rulebook":
            assert row.reason


def test_six_standard_bases_and_switch_are_in_every_kit():
    """Setup 1: every fighter holds the six standard bases and the Switch style."""
    c = load()
    assert set(STANDARD_BASES) <= set(c.cards)
    assert c.cards["switch"]["kind"] == "style"
    assert {"strike", "shot", "drive", "burst", "grasp", "dodge"} == set(STANDARD_BASES)


def test_shot_matches_the_published_numbers():
    """content-notes: Shot 1~4 / 3 / 2 / 2 (pinned by the Soaring Shot example)."""
    shot = load().cards["shot"]
    assert (shot["range"], shot["power"], shot["priority"], shot["guard"]) == ([1, 4], 3, 2, 2)


def test_unknown_effect_op_is_rejected_with_file_entry_and_field():
    """Content rule: a malformed card names its entry and field."""
    bad = {"name": "X", "range": [1, 1], "power": 1, "priority": 1, "guard": 0,
           "source": "rulebook",
           "triggers": [{"timing": "hit", "text": "t", "do": [{"op": "zap"}]}]}
    with pytest.raises(ContentError, match=r"\[styles.x\].*triggers.*zap"):
        validate_entry("test.toml [styles.x]", bad, CARD)


def test_reconstructed_entry_without_reason_is_rejected():
    """Content rule: reconstructed numbers must say why."""
    bad = {"name": "X", "range": [1, 1], "power": 1, "priority": 1, "guard": 0,
           "source": "reconstructed"}
    with pytest.raises(ContentError, match="reason"):
        validate_entry("test.toml [bases.x]", bad, CARD)


def test_every_condition_in_the_data_is_understood():
    """Conditionals: every condition a card, form, UA or ante names can be checked."""
    from rules.battlecon.conditions import holds
    from tests.rules.battlecon.duel import duel

    c = load()
    for fid, fighter in c.fighters.items():
        st = duel(fid, fid)
        entries = [card for card in c.cards.values() if card.get("fighter") == fid]
        entries += [c.cards[b] for b in STANDARD_BASES] + [c.cards["switch"], fighter]
        for entry in entries:
            for group in ("triggers", "statics", "foe_statics", "antes", "opponent_antes"):
                for item in entry.get(group, []):
                    for cond in item.get("when", []):
                        assert holds(st, 0, cond) in (True, False), (fid, cond)
