"""Player settings, kept as JSON in the user's config folder (written atomically)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

import platformdirs

from rules.core import SaveError, read_json, write_json_atomic

APP_NAME = "tabletop-arena"
WINDOW_SIZES = ((1280, 720), (960, 540), (1600, 900), (1920, 1080))
ANIMATION_SPEEDS = (1.0, 1.5, 2.0, 0.5, 0.0)  # 0 = no animation
VOLUMES = (0.75, 1.0, 0.0, 0.25, 0.5)


@dataclass
class Settings:
    window_w: int = 1280
    window_h: int = 720
    fullscreen: bool = False
    animation_speed: float = 1.0
    volume: float = 0.75
    #: card games with a response chain (Terrene Odyssey): False = a person is asked only
    #: where they can respond, True = they stop at every priority (Pass included)
    stop_at_every_priority: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"version": 1, **asdict(self)}

    @classmethod
    def from_json(cls, data: Any) -> Settings:
        """Read settings; raises ValueError naming the first bad field."""
        if not isinstance(data, dict):
            raise ValueError("the settings file does not hold a JSON object")
        out = cls()
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            wanted = {"int": int, "bool": bool, "float": (int, float)}[str(f.type)]
            if isinstance(value, bool) != (wanted is bool) or not isinstance(value, wanted):
                raise ValueError(f"setting '{f.name}' has the wrong type ({value!r})")
            setattr(out, f.name, value)
        if not (320 <= out.window_w <= 7680 and 240 <= out.window_h <= 4320):
            raise ValueError(f"window size {out.window_w}x{out.window_h} is out of range")
        if not 0.0 <= out.animation_speed <= 4.0:
            raise ValueError(f"animation speed {out.animation_speed} is out of range")
        if not 0.0 <= out.volume <= 1.0:
            raise ValueError(f"volume {out.volume} is out of range")
        out.animation_speed = float(out.animation_speed)
        out.volume = float(out.volume)
        return out


def config_dir() -> Path:
    return Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))


def data_dir() -> Path:
    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def settings_path(folder: Path | None = None) -> Path:
    return (folder or config_dir()) / "settings.json"


def load_settings(path: Path) -> tuple[Settings, str | None]:
    """The saved settings, or the defaults and one sentence saying what was wrong."""
    if not path.exists():
        return Settings(), None
    try:
        return Settings.from_json(read_json(path)), None
    except (SaveError, ValueError) as exc:
        return Settings(), f"Settings were reset to defaults: {exc}"


def save_settings(path: Path, settings: Settings) -> str | None:
    """Write settings atomically; returns a sentence on failure instead of raising."""
    try:
        write_json_atomic(path, settings.to_json())
    except SaveError as exc:
        return f"Settings could not be saved: {exc}"
    return None
