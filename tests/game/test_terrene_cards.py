"""Terrene Odyssey's card pictures say every name whole: a character's name on its card, the
name of the card it holds under it, a class, a terrain, and the names a chain link gives
(the link's other words may end in "…" where two lines do not hold them; its zoom has them
all). Headless; the fonts are the shipped ones."""

from __future__ import annotations

from dataclasses import replace

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


def covered_words(surface) -> list[str]:
    """The words on a recorded picture that something opaque drawn later lies over (a pill
    over the end of a class word), two words that overlap, and words cut by its edge."""
    from game import overlap

    out = []
    for k, op in enumerate(surface.ops):
        if op.kind != "text":
            continue
        ink = overlap._ink(op.rect)
        for later in surface.ops[k + 1:]:
            if later.kind == "text" and later.words != op.words:
                both = ink.clip(overlap._ink(later.rect))
                if both.w > 2 and both.h > 2:
                    out.append(f"{op.words!r} under {later.words!r}")
            elif later.kind != "text" and later.rect.colliderect(ink) and \
                    overlap._opaque_at(later, ink, (0, 0)):
                out.append(f"{op.words!r} covered at {tuple(later.rect)}")
    return out + [f"{w!r} cut" for w, _ in overlap.cut_texts(surface)]


STATES = [  # statuses from none to more than a row holds, face up and hidden
    dict(), dict(attacked=True), dict(badges=("slow",), attacked=True),
    dict(badges=("stun", "haste", "decay"), decay=1),
    dict(badges=("resourceful", "immune_stun", "unblockable", "retaliate")),
    dict(hidden=True), dict(hidden=True, badges=("slow", "stun")),
]


def test_no_status_pill_or_ribbon_covers_a_word_on_any_character_card():
    from game import overlap

    overlap.start()
    try:
        found = []
        for card in characters():
            for state in STATES:
                look = UnitLook(card.name, card.cls, card.element, card.tag, card.hp - 3,
                                card.hp, card.atk, card.defense, 2, 1, card.sp,
                                **state)
                unit_picture.cache_clear()
                found += [f"{card.name} {state}: {p}"
                          for p in covered_words(unit_picture(look))]
    finally:
        overlap.stop()
    assert found == []


def test_statuses_are_pills_whole_and_those_that_do_not_fit_are_counted():
    from game.tables.terrene.cards import card_rows, pack_pills, status_words

    look = UnitLook("Sade the Rejuvenative", "Spellcaster", "Water", badges=("slow",),
                    attacked=True)
    assert [w for w, _ in status_words(look)] == ["⚔", "Slow"]
    rows = card_rows(look, 29)  # two lines of name: the pills under it, the element lower
    assert [w for w, _, _ in rows.pills] == ["⚔", "Slow"] and rows.pill_y == 30
    assert rows.element == 45 and rows.element_words
    many = status_words(replace(look, badges=("resourceful", "immune_stun", "decay")))
    packed = pack_pills(many, 5, CARD_W - 4)
    assert [w for w, _, _ in packed][-1] == f"+{len(many) - len(packed) + 1}"
    assert packed[-1][2] <= CARD_W - 4
    long = card_rows(replace(look, name="Wanderer from a Previous World"), 53)
    assert long.pill_y > 57 and not long.hp_bar  # a four-line name: in the bar's place


def test_every_card_risen_in_the_hand_shows_its_whole_text_on_the_board():
    """A held card's text may end in "…" in the fan; risen (pointed at) it is as tall as its
    whole text at 12 px, every line drawn, and it stays on the board."""
    from game.tables.terrene.cards import hand_height, hand_picture
    from game.tables.terrene.layout import BOARD, HAND_H, HAND_W, fan_spot
    from game.tables.terrene.nodes import FAN_LIFT
    from game.tables.terrene.read import card_look

    said: list[tuple[str, int]] = []
    real = theme.rendered

    def rendered(content, size, *args, **kwargs):
        said.append((content, size))
        return real(content, size, *args, **kwargs)

    cut = 0
    bottom = fan_spot(1, 0)[1] + HAND_H / 2
    for cid in sorted(cards()):
        look = card_look(cid)
        tall = hand_height(look)
        cut += tall > HAND_H
        said.clear()
        theme.rendered = rendered
        try:
            hand_picture.cache_clear()
            hand_picture(look, HAND_W, tall, art=False)
        finally:
            theme.rendered = real
        lines = theme.wrap(look.text, HAND_W - 8, 12)
        drawn = [w for w, _ in said]
        assert all(line in drawn for line in lines), cid
        assert not [w for w in drawn if "…" in w] and min(s for _, s in said) >= 12, cid
        assert bottom - FAN_LIFT - tall >= BOARD.y, cid  # risen, still on the board
    assert cut > 10  # (most cards' text is cut in the fan: the test is not empty)


@pytest.mark.parametrize("w,h", [(88, 100), (110, 92), (128, 204), (150, 92)])
def test_every_held_card_keeps_its_name_and_type_line_whole_at_every_size(w, h):
    """At the draft's and the hand's sizes a long word of a name or type line
    ("Interdimensional", "3 actions a turn") is narrowed, never cut by the card's edge."""
    from game import overlap
    from game.tables.terrene.cards import hand_picture
    from game.tables.terrene.read import card_look

    overlap.start()
    try:
        cut = []
        for cid in sorted(cards()):
            look = card_look(cid)
            hand_picture.cache_clear()
            picture = hand_picture(look, w, h)
            shown = [words for words, _, _ in overlap.texts_on(picture)]
            assert look.name.split()[0] in " ".join(shown), cid
            cut += [f"{cid}: {words!r}" for words, _ in overlap.cut_texts(picture)]
    finally:
        overlap.stop()
    assert cut == []
