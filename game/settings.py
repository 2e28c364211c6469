"""Player settings, kept as JSON in the user's config folder (written atomically)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
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
    #: the numbered list of every legal action under the table: False = only the choices
    #: that have no place on the table are listed there (everything else is played on it)
    action_list: bool = True
    #: the win-chance bar in the table's header (the AI's estimate of your chance to win,
    #: worked out at each of your decisions): off unless asked for (docs/gui.md)
    win_chance: bool = False
    #: "AI thinks on your time": an AI seat at hard or expert keeps searching in a worker
    #: process while a person decides (pondering, ai.ponder; docs/ai.md)
    ai_ponder: bool = True

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


Size = tuple[int, int]


def fits(size: Size, desktop: Size | None) -> bool:
    """Whether a window of ``size`` fits on a display of ``desktop`` (None: no display
    known, anything fits)."""
    return desktop is None or (size[0] <= desktop[0] and size[1] <= desktop[1])


def window_sizes(desktop: Size | None) -> list[Size]:
    """The window sizes Settings offers: those of ``WINDOW_SIZES`` that fit the display."""
    return [size for size in WINDOW_SIZES if fits(size, desktop)]


def clamp_window(settings: Settings, desktop: Size | None) -> Settings:
    """``settings`` with a window too big for the display shrunk to fit it, keeping its
    shape (a size saved on a bigger screen)."""
    size = (settings.window_w, settings.window_h)
    if desktop is None or fits(size, desktop):
        return settings
    scale = min(desktop[0] / size[0], desktop[1] / size[1])
    w = max(320, min(desktop[0], int(size[0] * scale)))
    h = max(240, min(desktop[1], int(size[1] * scale)))
    return replace(settings, window_w=w, window_h=h)


def display_path(path: Path) -> str:
    """A file's full path as a person reads it (the home folder shown as ~)."""
    try:
        return str(Path("~") / path.resolve().relative_to(Path.home().resolve()))
    except (ValueError, RuntimeError):  # outside the home folder, or no home known
        return str(path)


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
