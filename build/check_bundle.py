"""Does a built executable hold everything the program loads by name?

    python build/check_bundle.py dist/tabletop-arena

Lists the one-file archive (with PyInstaller's own reader) and checks it against the source
tree: every module of rules/, ai/ and game/ (the per-game ones are imported by name, which
PyInstaller's import scan cannot see), every TOML file beside them, and every file under
assets/ (fonts, the vendored icons of assets/icons and their licences). Prints one
line; exits 1 naming what is missing.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rules", "ai", "game")


def _in_package(root: Path, path: Path) -> bool:
    """True when every folder from ``root`` down to ``path`` has an ``__init__.py``; a
    folder without one (a game still being written) is no package."""
    folders = path.relative_to(root).parents
    return all((root / f / "__init__.py").is_file() for f in folders if f != Path("."))


def expected_modules(root: Path = ROOT) -> set[str]:
    """Every module and package of the three layers, from the source tree."""
    names = set()
    for package in PACKAGES:
        for path in (root / package).rglob("*.py"):
            if not _in_package(root, path):
                continue
            parts = path.relative_to(root).with_suffix("").parts
            names.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def expected_files(root: Path = ROOT) -> set[str]:
    """Every data file the program reads: TOML beside its module, and all of assets/."""
    files = {p for package in PACKAGES for p in (root / package).rglob("*.toml")}
    files |= {p for p in (root / "assets").rglob("*") if p.is_file()}
    return {p.relative_to(root).as_posix() for p in files}


def missing(contents: Iterable[str], root: Path = ROOT) -> list[str]:
    """What the archive listing ``contents`` lacks, sorted."""
    held = set(contents)
    return sorted((expected_modules(root) | expected_files(root)) - held)


def archive_contents(executable: str) -> list[str]:
    from PyInstaller.archive.readers import pkg_archive_contents

    return pkg_archive_contents(executable)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python build/check_bundle.py EXECUTABLE", file=sys.stderr)
        return 2
    try:
        contents = archive_contents(args[0])
    except (OSError, ValueError, RuntimeError) as exc:  # RuntimeError: not an archive
        print(f"{args[0]}: cannot read the bundle: {exc}", file=sys.stderr)
        return 1
    lacking = missing(contents)
    if lacking:
        shown = ", ".join(lacking[:10]) + (f" and {len(lacking) - 10} more" if len(lacking) > 10
                                            else "")
        print(f"{args[0]} lacks {len(lacking)} modules or files: {shown}", file=sys.stderr)
        return 1
    print(f"{args[0]}: all {len(expected_modules())} modules and {len(expected_files())} "
          "data files are bundled")
    return 0


if __name__ == "__main__":
    sys.exit(main())
