"""Widgets and the focus ring: keyboard navigation and clicks."""

from __future__ import annotations

import pygame

from game.widgets import Button, Cycler, FocusRing


def key(k: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod)


def grid() -> tuple[FocusRing, list[Button]]:
    buttons = [Button(100 + 200 * (i % 3), 100 + 60 * (i // 3), 180, 44, str(i)) for i in range(6)]
    ring = FocusRing()
    ring.set(buttons)
    return ring, buttons


def test_arrows_move_focus_through_a_grid_by_position():
    ring, b = grid()
    assert ring.current is b[0]
    ring.handle_key(key(pygame.K_RIGHT))
    assert ring.current is b[1]
    ring.handle_key(key(pygame.K_DOWN))
    assert ring.current is b[4]
    ring.handle_key(key(pygame.K_LEFT))
    assert ring.current is b[3]
    ring.handle_key(key(pygame.K_UP))
    assert ring.current is b[0]


def test_tab_cycles_and_shift_tab_goes_back():
    ring, b = grid()
    ring.handle_key(key(pygame.K_TAB, pygame.KMOD_SHIFT))
    assert ring.current is b[5]
    ring.handle_key(key(pygame.K_TAB))
    assert ring.current is b[0]


def test_return_activates_only_enabled_widgets():
    pressed = []
    on = Button(0, 0, 10, 10, "on", on_activate=lambda: pressed.append("on"))
    off = Button(0, 0, 10, 10, "off", on_activate=lambda: pressed.append("off"), enabled=False)
    ring = FocusRing()
    ring.set([off, on])
    assert ring.widgets == [on]
    ring.handle_key(key(pygame.K_RETURN))
    off.activate()
    assert pressed == ["on"]


def test_cycler_left_right_keys_and_click_halves_change_the_value():
    seen = []
    cycler = Cycler(200, 100, 300, 40, "Track", ["12", "20", "30"], "20", on_change=seen.append)
    ring = FocusRing()
    ring.set([cycler])
    ring.handle_key(key(pygame.K_RIGHT))
    assert cycler.value == "30"
    cycler.click(200 - 140, 100)  # the left arrow
    cycler.click(200 + 100, 100)  # the right half
    assert seen == ["30", "20", "30"]


def test_a_label_a_little_too_long_is_drawn_whole_a_size_or_two_smaller(monkeypatch):
    """A button's words that miss its width by a little are written whole in one line a
    size or two smaller (never under 12 pixels); longer ones take two lines where the button
    is tall enough, else end in "…"."""
    from game import theme
    from tests.game.table_helpers import record_sizes

    words = "Skeleton Archer: move 4 to north walkway 2"
    width = theme.font(15, "bold").size(words)[0]
    assert theme.font(14, "bold").size(words)[0] < width
    surface = pygame.Surface((800, 200))
    sizes = record_sizes(monkeypatch)
    snug = Button(300, 50, theme.font(14, "bold").size(words)[0] + 20, 40, words, size=15)
    snug.draw_self(surface, snug.world_matrix(), 1.0)
    assert sizes == [(14, words)]
    sizes.clear()
    small = Button(300, 150, 120, 36, words, size=13)  # far too narrow, short, 13 px
    small.draw_self(surface, small.world_matrix(), 1.0)
    assert len(sizes) == 1 and sizes[0][0] == 13 and sizes[0][1].endswith("…")


def test_a_page_of_choices_takes_one_size_at_which_every_label_is_whole():
    """The action grid's size: the largest from the strip's own down to 12 at which every
    label of the page fits its button, in one line or two."""
    from game import theme
    from game.widgets import label_fits, page_size

    rect = pygame.Rect(0, 0, 350, 40)
    short = ["1. Roll", "2. End the turn"]
    assert page_size(short, [rect] * 2, 15) == 15
    long = short + ["3. Unicorn: move 6 to west stairway B and fight Wizard there (with "
                    "battle-card movement)"]
    size = page_size(long, [rect] * 3, 15)
    assert 12 <= size < 15
    assert all(label_fits(label, rect.w, rect.h, size) for label in long)
    assert not label_fits(long[2], rect.w, rect.h, size + 1)
    assert len(theme.wrap(long[2], rect.w - 20, size, "bold")) == 2


def test_a_tall_action_button_holds_a_long_label_whole_in_as_many_lines_as_fit(monkeypatch):
    """Terrene's opening plans ("Opening plan 'Blaze XP' (going second): Terreria; Olivia
    the Graceless, ...") on its 88-pixel action buttons: drawn whole in four or five lines,
    never cut with "…"."""
    from game.widgets import label_fits, lines_held
    from tests.game.table_helpers import record_sizes

    words = ("1. Opening plan 'Blaze XP' (going second): Terreria; Olivia the Graceless, "
             "Knife in the Shadows, Pernicious, Isaac the Observer")
    rect = pygame.Rect(0, 0, 260, 88)
    assert lines_held(88, 13) >= 5 and not label_fits(words, rect.w, 40, 13)
    assert label_fits(words, rect.w, rect.h, 13)
    sizes = record_sizes(monkeypatch)
    button = Button(200, 100, rect.w, rect.h, words, size=13, wrap=True)
    button.draw_self(pygame.Surface((400, 200)), button.world_matrix(), 1.0)
    drawn = [w for _, w in sizes]
    assert len(drawn) > 2 and " ".join(drawn) == words and not any("…" in w for w in drawn)


def test_a_choice_over_two_lines_splits_them_evenly_never_one_word_alone(monkeypatch):
    """A Chaostle move that just overflows one line ("... to the west walkway" / "0"):
    its two lines are made as even as they can be, so the second never holds a lone word
    while the first is full; the words and their order are kept."""
    from game import theme
    from tests.game.table_helpers import record_sizes

    words = "3. Unicorn: move 6 to west stairway B and fight the Wizard on the west walkway 0"
    font = theme.font(15, "bold")
    width = font.size(words[: -2])[0] + 24  # all but the last word fits one line
    greedy = theme.wrap(words, width - 20, 15, "bold")
    assert greedy[-1] == "0"  # what greedy wrapping alone would draw
    sizes = record_sizes(monkeypatch)
    button = Button(300, 100, width, 40, words, size=15, wrap=True)
    button.draw_self(pygame.Surface((900, 200)), button.world_matrix(), 1.0)
    drawn = [w for _, w in sizes]
    assert len(drawn) == 2 and " ".join(drawn) == words
    widths = [font.size(line)[0] for line in drawn]
    assert max(widths) - min(widths) < font.size("stairway B and")[0]
