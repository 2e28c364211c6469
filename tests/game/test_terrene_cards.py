"""Terrene Odyssey's card pictures say every name whole: a character's name on its card, the
name of the card it holds under it, a class, a terrain, and the names a chain link gives
(the link's other words may end in "…" where two lines do not hold them; its zoom has them
all). Headless; the fonts are the shipped ones."""

from __future__ import annotations

import pygame
import pytest

from game import theme
from game.tables.terrene.cards import (
    CARD_W,
    ELEMENT_Y,
    UnitLook,
    chain_tile,
    fit_lines,
    held_lines,
    name_band,
    shortened,
    unit_picture,
)
from rules.terrene.content import cards


@pytest.fixture(autouse=True)
def _fonts():
    pygame.font.init()


def characters():
    return sorted({c.name: c for c in cards().values() if c.kind == "character"}.values(),
                  key=lambda c: c.name)


def fits(lines, style, width):
    return all(theme.font(12, style).size(line)[0] <= width for line in lines)


def test_every_character_name_is_whole_on_its_card():
    for card in characters():
        style, lines = name_band(card.name)
        assert " ".join(lines) == card.name  # every word, none cut or split
        assert fits(lines, style, CARD_W - 10), card.name
        assert 2 + 12 * len(lines) <= ELEMENT_Y + 12, card.name  # no lower than its row


def test_the_name_of_every_card_a_character_can_hold_peeks_out_whole_on_two_lines():
    for name in sorted({c.name for c in cards().values() if c.is_assignable}):
        style, lines = held_lines(name)
        assert len(lines) <= 2 and " ".join(lines) == name
        assert fits(lines, style, CARD_W + 4), name


def test_a_name_is_tried_wide_first_then_condensed():
    assert fit_lines("Sade the Rejuvenative", CARD_W - 10, 2)[0] == "condensed"
    assert fit_lines("Olivia the Graceless", CARD_W - 10, 2) == (
        "bold", ("Olivia the", "Graceless"))
    # a word wider than the room stays whole, alone on its line
    assert fit_lines("Interdimensional", 60, 1, ("regular", "condensed")) == (
        "condensed", ("Interdimensional",))


def test_every_character_card_draws_without_an_ellipsis(monkeypatch):
    said: list[str] = []
    real = theme.rendered

    def rendered(content, *args, **kwargs):
        said.append(content)
        return real(content, *args, **kwargs)

    monkeypatch.setattr(theme, "rendered", rendered)
    for card in characters():
        look = UnitLook(card.name, card.cls, card.element, card.tag, card.hp, card.hp,
                        card.atk, card.defense, 0, 1, card.sp,
                        ("unblockable", "immune_stun", "decay"))
        unit_picture(look)
    assert said and not [w for w in said if "…" in w]


def test_a_chain_link_is_cut_between_words_never_inside_a_name():
    words = "Knife in the Shadows: Jin's Ambition — Ambition and a great many more words " \
            "that cannot fit on two short lines"
    style, lines = shortened(words, 150, 2, names=("Jin's Ambition",))
    assert lines[-1].endswith("…") and len(lines) == 2
    text = " ".join(lines)
    assert text.startswith("Knife in the Shadows:")
    # a cut that would fall inside the name goes before it instead
    style, lines = shortened("Knife in the Shadows: Jin's Ambition — Ambition", 150, 1,
                             names=("Knife in the Shadows",))
    assert lines == ("…",) or "Knife in the Shadows" in lines[0]
    style, lines = shortened("a b c d Olivia the Graceless", 60, 1,
                             names=("Olivia the Graceless",))
    assert "Olivia" not in " ".join(lines) and lines[-1].endswith("…")
    assert shortened("Short words", 150, 2)[1] == ("Short words",)
    assert chain_tile("Olivia the Graceless: Life Potion — Life", "P2 · Direct Damage",
                      (200, 60, 60), 1, True, False, 160, 48).get_size() == (160, 48)
