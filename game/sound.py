"""Sound effects, synthesised at start-up (no sound files to ship): a click for buttons,
a clack for dice striking the rails, a swish for a card turning over, a chime for your
turn. If the machine has no audio device the game simply stays silent."""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Callable

import pygame

RATE = 22050
_bank: dict[str, pygame.mixer.Sound] = {}
_volume = 0.0


def _samples(seconds: float, voice: Callable[[float, int], float]) -> array:
    """16-bit mono samples of ``voice(t, i)`` (a float in -1..1) over ``seconds``."""
    out = array("h")
    for i in range(int(RATE * seconds)):
        value = voice(i / RATE, i)
        out.append(int(max(-1.0, min(1.0, value)) * 32000))
    return out


def click() -> array:
    noise = random.Random(1)
    return _samples(0.03, lambda t, i: noise.uniform(-0.5, 0.5) * math.exp(-t * 160)
                    + 0.4 * math.sin(2 * math.pi * 1800 * t) * math.exp(-t * 120))


def clack() -> array:
    noise = random.Random(2)
    return _samples(0.06, lambda t, i: 0.7 * noise.uniform(-1, 1) * math.exp(-t * 90)
                    + 0.5 * math.sin(2 * math.pi * 2300 * t) * math.exp(-t * 60))


def swish() -> array:
    noise = random.Random(3)
    return _samples(0.16, lambda t, i: 0.35 * noise.uniform(-1, 1)
                    * math.sin(math.pi * t / 0.16) ** 2)


def chime() -> array:
    return _samples(0.5, lambda t, i: 0.3 * math.exp(-t * 6)
                    * (math.sin(2 * math.pi * 660 * t) + 0.6 * math.sin(2 * math.pi * 990 * t)))


VOICES = {"click": click, "clack": clack, "flip": swish, "chime": chime}


def start(volume: float) -> bool:
    """Open the audio device and synthesise the effects; False (and silence) without one."""
    global _volume
    _volume = volume
    if _bank:
        return True
    try:
        pygame.mixer.init(frequency=RATE, size=-16, channels=1)
        for name, voice in VOICES.items():
            _bank[name] = pygame.mixer.Sound(buffer=voice().tobytes())
    except pygame.error:
        _bank.clear()
        return False
    return True


def set_volume(volume: float) -> None:
    global _volume
    _volume = max(0.0, min(1.0, volume))


def play(name: str, strength: float = 1.0) -> None:
    """Play an effect at the set volume (scaled by ``strength``); silent if not started."""
    sound = _bank.get(name)
    if sound is None or _volume <= 0:
        return
    sound.set_volume(_volume * max(0.0, min(1.0, strength)))
    sound.play()
