"""The overlap check (game/overlap.py) finds what a person would see as garbled or cut text,
and only that: texts printed over each other, a text cut by the card it is drawn on, a text
leaving the screen; not a text hidden under a card drawn later, nor a label over part of one."""

from __future__ import annotations

import pygame
import pytest

from game import overlap, theme


@pytest.fixture
def recording():
    pygame.font.init()
    overlap.start()
    yield
    overlap.stop()


def canvas() -> overlap.Recording:
    surf = pygame.Surface((400, 300))
    assert isinstance(surf, overlap.Recording)
    return surf


def test_two_texts_printed_over_each_other_are_found(recording):
    screen = canvas()
    theme.text(screen, "Player one", (20, 20), 16)
    theme.text(screen, "Stunned!", (40, 22), 16)
    found = overlap.problems(screen)
    assert len(found) == 1 and "'Player one'" in found[0] and "'Stunned!'" in found[0]


def test_texts_side_by_side_or_on_lines_below_each_other_are_fine(recording):
    screen = canvas()
    for k, words in enumerate(("Life 20", "Force 3", "Beat 2")):
        theme.text(screen, words, (20, 20 + 19 * k), 16)
    theme.text(screen, "Range 2", (200, 20), 16)
    assert overlap.problems(screen) == []


def test_a_text_under_a_card_drawn_later_is_hidden_not_overlapping(recording):
    screen = canvas()
    theme.text(screen, "Blue bottom Tower", (20, 20), 14)
    card = pygame.Surface((200, 60))
    card.fill((240, 230, 208))
    theme.text(card, "Strike", (10, 10), 16)
    screen.blit(card, (10, 10))
    shown = [w for w, _, _ in overlap.texts_on(screen)]
    assert shown == ["Strike"] and overlap.problems(screen) == []


def test_a_label_box_over_part_of_a_text_leaves_only_the_rest_to_check(recording):
    screen = canvas()
    theme.text(screen, "Purple Queen (you)", (20, 20), 16)
    box = pygame.Rect(90, 14, 120, 30)
    pygame.draw.rect(screen, (20, 16, 12), box)  # an opaque label over the name's end
    theme.text(screen, "Put Warlock in play", (box.x + 4, box.y + 6), 12)
    assert overlap.problems(screen) == []


def test_a_text_too_long_for_its_card_is_cut(recording):
    screen = canvas()
    card = pygame.Surface((80, 40), pygame.SRCALPHA)
    theme.text(card, "Farm/Rest/Hire only", (2, 10), 12)
    screen.blit(card, (10, 10))
    found = overlap.problems(screen)
    assert any("is cut by the edge" in p for p in found)


def test_a_clip_shows_part_of_a_text_and_only_that_part_counts(recording):
    screen = canvas()
    screen.set_clip(pygame.Rect(0, 0, 400, 30))
    theme.text(screen, "scrolled half out of view", (20, 22), 16)
    screen.set_clip(None)
    theme.text(screen, "scroll for more", (20, 34), 12)
    assert overlap.problems(screen) == []


def test_rising_words_may_cross_labels_but_not_each_other(recording):
    screen = canvas()
    theme.text(screen, "Distance 2", (20, 20), 16)
    for words, x in (("-3", 30), ("Miss", 36)):
        look = pygame.Surface((60, 24), pygame.SRCALPHA)
        theme.text(look, words, (0, 0), 18)
        overlap.mark_transient(look)
        screen.blit(look, (x, 18))
    found = overlap.problems(screen)
    assert len(found) == 1 and "'-3'" in found[0] and "'Miss'" in found[0]


def test_a_text_off_the_screen_is_found(recording):
    screen = canvas()
    theme.text(screen, "Conquered!", (-30, 100), 18)
    assert any("leaves the screen" in p or "cut by the edge" in p
               for p in overlap.problems(screen))


def test_stopping_restores_plain_surfaces():
    pygame.font.init()
    overlap.start()
    overlap.stop()
    assert not isinstance(pygame.Surface((2, 2)), overlap.Recording)
    assert theme.note_text is None
