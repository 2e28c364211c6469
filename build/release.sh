#!/usr/bin/env bash
# Build the standalone one-file executable dist/tabletop-arena (dist/tabletop-arena.exe on
# Windows) from build/tabletop-arena.spec. Run from anywhere; PYTHON names the interpreter
# that has the project and its dev extras installed (default: .venv's, else python3).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

if [[ -z "${PYTHON:-}" ]]; then
  if [[ -x .venv/bin/python ]]; then PYTHON=.venv/bin/python; else PYTHON=python3; fi
fi

"$PYTHON" -m PyInstaller --noconfirm --log-level WARN \
  --distpath dist --workpath build/work build/tabletop-arena.spec

binary=dist/tabletop-arena
[[ -f "$binary" ]] || binary=dist/tabletop-arena.exe
if [[ ! -f "$binary" ]]; then
  echo "release.sh: PyInstaller finished but dist/tabletop-arena was not written" >&2
  exit 1
fi
echo "built $binary ($(( $(wc -c <"$binary") / 1048576 )) MiB)"
# What is imported or read by name must be inside: fail the build here, not the player.
"$PYTHON" build/check_bundle.py "$binary"
