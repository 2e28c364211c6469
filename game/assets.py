"""Finding shipped assets (fonts) from source and from a pyinstaller bundle."""

from __future__ import annotations

import sys
from functools import cache
from pathlib import Path

import pygame

FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "display": "DejaVuSerif-Bold.ttf",
    # narrower letters at the same height: a long name whole on a small card
    "condensed": "DejaVuSansCondensed.ttf",
    "condensed-bold": "DejaVuSansCondensed-Bold.ttf",
}


def asset_path(*parts: str) -> Path:
    """The path of a file under assets/: next to the source tree, or inside the bundle
    (pyinstaller unpacks data to ``sys._MEIPASS``; the spec must add ``assets`` there)."""
    bundle = getattr(sys, "_MEIPASS", None)
    root = Path(bundle) if bundle else Path(__file__).resolve().parent.parent
    return root.joinpath("assets", *parts)


@cache
def font(size: int, style: str = "regular") -> pygame.font.Font:
    """Our shipped font at ``size`` pixels; ``style`` is regular, bold, display,
    condensed or condensed-bold."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(str(asset_path("fonts", FONT_FILES[style])), size)
