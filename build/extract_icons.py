"""Vendor the chosen game-icons.net icons into assets/icons/.

    python build/extract_icons.py [PACKAGE]

PACKAGE is the npm package @iconify-json/game-icons: its folder, its .tgz, or its
icons.json. Without it the script fetches the pinned version with `npm pack` into a
temporary folder (npm is needed only here: the SVGs are committed, the game and CI never
run this).

It reads assets/icons/icons.toml (which icon stands for what, and each icon's artist),
writes one SVG per chosen icon id, deletes SVGs no longer chosen, and writes
assets/icons/LICENSE (the CC BY 3.0 notice and the per-icon credit list). It stops,
writing nothing, when a chosen id is not in the package or has no artist in [authors]:
the package's JSON carries no per-icon author (see docs/decisions.md), so the credits
are kept as data in icons.toml.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.icons import artists_in, ids_in  # noqa: E402 - after the path is set

ICONS = ROOT / "assets" / "icons"
PACKAGE = "@iconify-json/game-icons@1.2.4"
LICENCE_URL = "https://creativecommons.org/licenses/by/3.0/"

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
       'height="{h}">{body}</svg>\n')


def read_mapping(path: Path = ICONS / "icons.toml") -> dict[str, Any]:
    with open(path, "rb") as f:
        return tomllib.load(f)


def load_package(source: Path | None) -> dict[str, Any]:
    """The iconify JSON of the set, from a folder, a .tgz or icons.json, or npm."""
    if source is None:
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(["npm", "pack", PACKAGE, "--silent"], cwd=tmp, check=True,
                           stdout=subprocess.DEVNULL)
            tgz = next(Path(tmp).glob("*.tgz"))
            return load_package(tgz)
    if source.is_dir():
        source = source / "icons.json"
    if source.suffix == ".tgz" or source.name.endswith(".tar.gz"):
        with tarfile.open(source) as tar:
            member = tar.extractfile("package/icons.json")
            if member is None:
                raise SystemExit(f"{source}: no package/icons.json inside")
            data: dict[str, Any] = json.load(member)
            return data
    with open(source, encoding="utf-8") as f:
        loaded: dict[str, Any] = json.load(f)
        return loaded


def svg_text(package: dict[str, Any], icon: str) -> str:
    icons, aliases = package["icons"], package.get("aliases", {})
    name = icon
    while name not in icons and name in aliases:
        name = aliases[name]["parent"]
    entry = icons[name]
    w = entry.get("width", package.get("width", 512))
    h = entry.get("height", package.get("height", 512))
    return SVG.format(w=w, h=h, body=entry["body"])


def licence_text(credits: dict[str, str], version: str) -> str:
    by_artist: dict[str, list[str]] = {}
    for icon, artist in credits.items():
        by_artist.setdefault(artist, []).append(icon)
    lines = [
        "Icons in this folder: game-icons.net (https://game-icons.net), taken from the npm",
        f"package {version} (Iconify's packaging of the set).",
        "",
        "Licence: Creative Commons Attribution 3.0 Unported (CC BY 3.0),",
        f"{LICENCE_URL} (full legal code: {LICENCE_URL}legalcode).",
        "Each SVG is the artist's icon as Iconify packages it (the drawing unchanged); the program",
        "only recolours it when it draws it.",
        "",
        "Per-icon credit (icon file - artist):",
        "",
    ]
    for artist in sorted(by_artist, key=str.casefold):
        for icon in sorted(by_artist[artist]):
            lines.append(f"{icon}.svg - {artist}")
    lines += ["", f"{len(credits)} icons by {len(by_artist)} artists."]
    return "\n".join(lines) + "\n"


def extract(package: dict[str, Any], mapping: dict[str, Any], out: Path = ICONS) -> int:
    ids = ids_in(mapping)
    credit = artists_in(mapping)
    known = set(package["icons"]) | set(package.get("aliases", {}))
    absent = sorted(ids - known)
    uncredited = sorted(ids - set(credit))
    if absent or uncredited:
        if absent:
            print(f"not in the package: {', '.join(absent)}", file=sys.stderr)
        if uncredited:
            print(f"no artist in [authors]: {', '.join(uncredited)}", file=sys.stderr)
        return 1
    out.mkdir(parents=True, exist_ok=True)
    for stale in out.glob("*.svg"):
        if stale.stem not in ids:
            stale.unlink()
    for icon in sorted(ids):
        (out / f"{icon}.svg").write_text(svg_text(package, icon), encoding="utf-8")
    used_credit = {icon: artist for icon, artist in credit.items() if icon in ids}
    (out / "LICENSE").write_text(licence_text(used_credit, PACKAGE), encoding="utf-8")
    print(f"{out}: {len(ids)} icons by {len(set(used_credit.values()))} artists")
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) > 1 or any(a.startswith("-") for a in args):
        print("usage: python build/extract_icons.py [PACKAGE-FOLDER | .tgz | icons.json]",
              file=sys.stderr)
        return 2
    package = load_package(Path(args[0]) if args else None)
    return extract(package, read_mapping())


if __name__ == "__main__":
    sys.exit(main())
