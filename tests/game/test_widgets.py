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
