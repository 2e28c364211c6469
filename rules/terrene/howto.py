"""How to play Terrene Odyssey (data/howto.toml, our own words) and ``event``,
the factory every one of its events comes from, so that each names its section."""

from __future__ import annotations

from pathlib import Path

from rules.core.howto import load_howto

HOWTO = load_howto(Path(__file__).parent / "data" / "howto.toml")
event = HOWTO.event
