"""Versioned JSON files for saves and replays, written atomically. Never pickle."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from rules.core.match import MatchRecord


class SaveError(Exception):
    """A save or replay file that cannot be read or written; the message says why."""


def write_json_atomic(path: str | os.PathLike[str], data: Any) -> None:
    """Write JSON to a temp file in the same folder, fsync, then rename over ``path``:
    an existing file is never left half-written."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    except OSError as exc:
        raise SaveError(f"cannot write {target}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except (OSError, TypeError, ValueError) as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise SaveError(f"cannot write {target}: {exc}") from None


def read_json(path: str | os.PathLike[str]) -> Any:
    target = Path(path)
    try:
        with open(target, encoding="utf-8") as fh:
            return json.load(fh)
    except FileNotFoundError:
        raise SaveError(f"{target}: no such file") from None
    except IsADirectoryError:
        raise SaveError(f"{target}: is a folder, not a file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise SaveError(f"{target}: cannot be read ({exc})") from None
    except json.JSONDecodeError as exc:
        raise SaveError(f"{target}: not valid JSON (line {exc.lineno}: {exc.msg})") from None


def save_record(path: str | os.PathLike[str], record: MatchRecord) -> None:
    write_json_atomic(path, record.to_json())


def load_record(path: str | os.PathLike[str]) -> MatchRecord:
    data = read_json(path)
    try:
        return MatchRecord.from_json(data)
    except ValueError as exc:
        raise SaveError(f"{path}: {exc}") from None
