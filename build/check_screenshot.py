"""Is a screenshot of the game window a drawn screen, not a blank or frozen one?

    python build/check_screenshot.py SHOT.png [--differs-from EARLIER.png]

Prints one line and exits 0 when the picture has many distinct colours and no single colour
covers nearly all of it (and, with --differs-from, when it is not the same picture as the
earlier one); exits 1 with the reason otherwise. Uses pygame-ce, which the program ships.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections import Counter
from dataclasses import dataclass

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

MIN_COLOURS = 64  # anti-aliased text alone gives more than this
MAX_DOMINANT_SHARE = 0.99  # a plain background with a few marks is still blank
MIN_CHANGED_SHARE = 0.01  # of the pixels, to count as a different screen


@dataclass(frozen=True)
class Picture:
    width: int
    height: int
    pixels: bytes  # RGB, row by row

    @classmethod
    def load(cls, path: str) -> Picture:
        surface = pygame.image.load(path)
        return cls(surface.get_width(), surface.get_height(),
                   pygame.image.tobytes(surface, "RGB"))

    def colours(self) -> Counter[bytes]:
        p = self.pixels
        return Counter(p[i:i + 3] for i in range(0, len(p), 3))


def blank_reason(picture: Picture) -> str | None:
    """Why the picture looks blank, or None when it looks drawn."""
    total = picture.width * picture.height
    if total == 0:
        return "the picture is empty"
    counts = picture.colours()
    if len(counts) < MIN_COLOURS:
        return f"only {len(counts)} distinct colours (want at least {MIN_COLOURS})"
    share = counts.most_common(1)[0][1] / total
    if share > MAX_DOMINANT_SHARE:
        return f"one colour covers {share:.0%} of the picture"
    return None


def changed_share(a: Picture, b: Picture) -> float:
    """The share of pixels that differ between two pictures of the same size (1.0 if the
    sizes differ)."""
    if (a.width, a.height) != (b.width, b.height):
        return 1.0
    pa, pb = a.pixels, b.pixels
    changed = sum(1 for i in range(0, len(pa), 3) if pa[i:i + 3] != pb[i:i + 3])
    return changed / (a.width * a.height)


def check(path: str, earlier: str | None = None) -> str | None:
    """None when ``path`` is a drawn screen (different from ``earlier``), else why not."""
    try:
        picture = Picture.load(path)
    except (pygame.error, FileNotFoundError) as exc:
        return f"cannot read {path}: {exc}"
    reason = blank_reason(picture)
    if reason is not None:
        return f"{path} looks blank: {reason}"
    if earlier is not None:
        share = changed_share(Picture.load(earlier), picture)
        if share < MIN_CHANGED_SHARE:
            return f"{path} is the same screen as {earlier} ({share:.2%} of pixels changed)"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shot")
    parser.add_argument("--differs-from", metavar="EARLIER")
    args = parser.parse_args(argv)
    reason = check(args.shot, args.differs_from)
    if reason is not None:
        print(reason, file=sys.stderr)
        return 1
    picture = Picture.load(args.shot)
    print(f"{args.shot}: {picture.width}x{picture.height}, "
          f"{len(picture.colours())} distinct colours")
    return 0


if __name__ == "__main__":
    sys.exit(main())
