"""Icon art: a picture for every named thing, from the game-icons.net set (CC BY 3.0).

The choice is data: assets/icons/icons.toml maps each game's content (kind + name, as
``launcher.py content`` lists it) and the shared stats, states and interface marks to an
icon id, and credits each icon's artist. The SVGs themselves are vendored beside it by
build/extract_icons.py (the game never needs npm). Icons are single-colour: they are
tinted by writing the colour into the SVG before pygame-ce rasterises it
(``pygame.image.load_sized_svg``), and every rasterised size and colour is cached.
"""

from __future__ import annotations

import io
import struct
import tomllib
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

import pygame

from game.assets import asset_path

Colour = tuple[int, int, int] | tuple[int, int, int, int]
Size = int | tuple[int, int]

DEFAULT_COLOUR: tuple[int, int, int] = (250, 244, 230)  # theme.CREAM
# Tables of a game section that are not content kinds.
RESERVED = ("default", "same")
# Sections of icons.toml that hold no icon ids.
NOT_ICONS = ("authors",)


def icons_dir() -> Path:
    return asset_path("icons")


@cache
def mapping() -> dict[str, Any]:
    """icons.toml, read once."""
    with open(icons_dir() / "icons.toml", "rb") as f:
        return tomllib.load(f)


def short_name(name: str) -> str:
    """A content name without its details: "Broad Sword of Valor (Dragon Slayer, roll 1:
    ...)" -> "Broad Sword of Valor", "Card of Doom, column 4, row 2: Ambush" -> "Ambush"."""
    return name.split(" (", 1)[0].rsplit(": ", 1)[-1].strip()


def _lookup(table: dict[str, Any], name: str) -> str | None:
    if name in table:
        return str(table[name])
    folded = {k.casefold(): v for k, v in table.items() if isinstance(v, str)}
    for key in (name.casefold(), short_name(name).casefold()):
        if key in folded:
            return str(folded[key])
    return None


def icon_id(game: str, kind: str, name: str) -> str:
    """The icon chosen for ``name`` (a ``kind`` of ``game``'s content): its own, else its
    kind's default, else the game's picture, else the shared default."""
    data = mapping()
    section = data.get(game)
    if not isinstance(section, dict):
        return str(data["ui"]["default"])
    same = section.get("same", {})
    table = section.get(same.get(kind, kind), {})
    found = _lookup(table, name) if isinstance(table, dict) and kind not in RESERVED else None
    if found is None:
        found = section.get("default", {}).get(same.get(kind, kind))
    return str(found or section.get("picture") or data["ui"]["default"])


def stat_id(key: str) -> str:
    """The shared icon of a stat (power, guard, HP...), a state (stunned, hidden...) or an
    interface mark (deck, dice...); unknown keys get the shared default."""
    data = mapping()
    norm = key.strip().casefold().replace(" ", "_").replace("-", "_")
    for section in ("stats", "status", "ui"):
        if norm in data[section]:
            return str(data[section][norm])
    return str(data["ui"]["default"])


def game_picture(game: str) -> str:
    """A game's own picture (its title-screen tile)."""
    section = mapping().get(game)
    if isinstance(section, dict) and "picture" in section:
        return str(section["picture"])
    return str(mapping()["ui"]["default"])


def ids_in(data: dict[str, Any]) -> set[str]:
    """Every icon id a mapping names: all its strings but the kind aliases ([GAME.same])
    and the credits ([authors])."""
    ids: set[str] = set()

    def walk(node: Any, path: tuple[str, ...]) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                walk(value, (*path, key))
        elif isinstance(node, str) and path[1:2] != ("same",) and path[0] not in NOT_ICONS:
            ids.add(node)

    walk(data, ())
    return ids


def artists_in(data: dict[str, Any]) -> dict[str, str]:
    """Icon id -> its artist, from a mapping's [authors] (artist = [icon ids])."""
    return {icon: artist for artist, icons in data.get("authors", {}).items()
            for icon in icons}


def used_ids() -> set[str]:
    """Every icon id icons.toml names (the vendored set)."""
    return ids_in(mapping())


def authors() -> dict[str, str]:
    """Icon id -> the artist credited for it."""
    return artists_in(mapping())


def credits() -> list[tuple[str, list[str]]]:
    """(artist, the icons of theirs this program shows), artists by number of icons."""
    by_artist: dict[str, list[str]] = {}
    used = used_ids()
    for icon, artist in authors().items():
        if icon in used:
            by_artist.setdefault(artist, []).append(icon)
    return sorted(((a, sorted(i)) for a, i in by_artist.items()),
                  key=lambda item: (-len(item[1]), item[0].casefold()))


def svg_path(icon: str) -> Path:
    return icons_dir() / f"{icon}.svg"


@cache
def _svg_text(icon: str) -> str:
    path = svg_path(icon)
    if not path.is_file():
        path = svg_path(str(mapping()["ui"]["default"]))
    return path.read_text(encoding="utf-8")


def tinted_svg(icon: str, colour: Colour) -> bytes:
    """The icon's SVG with its single colour set to ``colour`` (RGB or RGBA)."""
    r, g, b = colour[:3]
    fill = f"#{r:02x}{g:02x}{b:02x}"
    text = _svg_text(icon)
    if len(colour) == 4:
        text = text.replace('fill="currentColor"',
                            f'fill="currentColor" fill-opacity="{colour[3] / 255:.3f}"')
    return text.replace("currentColor", fill).encode("utf-8")


def _rgba(colour: Colour) -> Colour:
    """A plain tuple (a pygame.Color or list works too), so it can key the cache."""
    values = tuple(int(c) for c in colour)
    if len(values) == 4:
        return values[0], values[1], values[2], values[3]
    return values[0], values[1], values[2]


def _dims(size: Size) -> tuple[int, int]:
    w, h = (size, size) if isinstance(size, int) else size
    return max(1, int(w)), max(1, int(h))


@lru_cache(maxsize=768)
def render(icon: str, size: tuple[int, int], colour: Colour) -> pygame.Surface:
    """``icon`` rasterised to fit ``size`` (centred, aspect kept) in ``colour``: cached, so
    callers must not draw on the returned surface."""
    w, h = size
    side = min(w, h)
    art = pygame.image.load_sized_svg(io.BytesIO(tinted_svg(icon, colour)), (side, side))
    if art.get_size() == (w, h):
        return art
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.blit(art, art.get_rect(center=(w // 2, h // 2)))
    return out


def icon(game: str, kind: str, name: str, size: Size,
         colour: Colour = DEFAULT_COLOUR) -> pygame.Surface:
    """The picture of a named piece of ``game`` (``kind`` and ``name`` as the game's
    content lists them), ``size`` pixels (an int for a square), in ``colour``."""
    return render(icon_id(game, kind, name), _dims(size), _rgba(colour))


def stat_icon(key: str, size: Size, colour: Colour = DEFAULT_COLOUR) -> pygame.Surface:
    """The shared picture of a stat, state or interface mark (see :func:`stat_id`)."""
    return render(stat_id(key), _dims(size), _rgba(colour))


def picture(icon: str, size: Size, colour: Colour = DEFAULT_COLOUR) -> pygame.Surface:
    """Any vendored icon by id."""
    return render(icon, _dims(size), _rgba(colour))


# -- the app icon ------------------------------------------------------------------------
APP_BACKGROUND = (74, 46, 30)  # theme.WOOD
APP_RIM = (214, 170, 76)  # theme.BRASS
APP_ART = (244, 210, 128)  # theme.BRASS_LIGHT


def app_icon(size: int = 256) -> pygame.Surface:
    """The program's icon: the app icon art in brass on a walnut disc with a brass rim."""
    out = pygame.Surface((size, size), pygame.SRCALPHA)
    centre, radius = (size // 2, size // 2), size // 2 - 1
    pygame.draw.circle(out, APP_BACKGROUND, centre, radius)
    pygame.draw.circle(out, APP_RIM, centre, radius, max(1, size // 24))
    art = picture(str(mapping()["ui"]["app"]), int(size * 0.62), APP_ART)
    out.blit(art, art.get_rect(center=centre))
    return out


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico_bytes(sizes: tuple[int, ...] = (16, 32, 48, 256)) -> bytes:
    """A Windows .ico of the app icon (PNG-compressed entries, readable since Vista)."""
    images = [png_bytes(app_icon(s)) for s in sizes]
    header = struct.pack("<HHH", 0, 1, len(images))
    offset = len(header) + 16 * len(images)
    entries, data = b"", b""
    for s, png in zip(sizes, images, strict=True):
        dim = 0 if s >= 256 else s  # 0 means 256 in an ICONDIRENTRY
        entries += struct.pack("<BBBBHHII", dim, dim, 0, 0, 1, 32, len(png), offset)
        offset += len(png)
        data += png
    return header + entries + data


def icns_bytes() -> bytes:
    """A macOS .icns of the app icon (PNG entries: 128, 256 and 512 px)."""
    chunks = b""
    for kind, s in ((b"ic07", 128), (b"ic08", 256), (b"ic09", 512)):
        png = png_bytes(app_icon(s))
        chunks += kind + struct.pack(">I", len(png) + 8) + png
    return b"icns" + struct.pack(">I", len(chunks) + 8) + chunks
