"""Synthesised sound effects and the volume setting."""

from __future__ import annotations

import pytest

from game import sound


@pytest.mark.parametrize("name,seconds", [("click", 0.03), ("clack", 0.06), ("flip", 0.16),
                                          ("chime", 0.5)])
def test_effects_are_synthesised_to_length_within_range(name, seconds):
    samples = sound.VOICES[name]()
    assert len(samples) == int(sound.RATE * seconds)
    assert max(abs(s) for s in samples) <= 32000 and any(samples)


def test_effects_load_into_the_mixer_under_the_dummy_audio_driver():
    assert sound.start(0.5)
    assert sound._bank["chime"].get_length() == pytest.approx(0.5, abs=0.01)
    sound.play("click")
    sound.set_volume(3.0)
    assert sound._volume == 1.0


class Recorder:
    def __init__(self):
        self.volumes, self.plays = [], 0

    def set_volume(self, volume):
        self.volumes.append(volume)

    def play(self):
        self.plays += 1


def test_volume_scales_each_effect_and_zero_is_silence(monkeypatch):
    click = Recorder()
    monkeypatch.setattr(sound, "_bank", {"click": click})
    sound.set_volume(0.0)
    sound.play("click")
    sound.play("no such effect")
    assert click.plays == 0
    sound.set_volume(0.5)
    sound.play("click", strength=0.5)
    assert click.plays == 1 and click.volumes == [0.25]
