"""The one table of effect ops a trigger's ``do`` list may name: the keywords' (effects.py)
and the fighters' own (kits.py), joined here once; the beat, the antes and the content
check read this table."""

from __future__ import annotations

from rules.battlecon.effects import BASIC_OPS, Op
from rules.battlecon.kits import KIT_OPS

_TWICE = set(BASIC_OPS) & set(KIT_OPS)
if _TWICE:
    raise ValueError(f"ops defined both as keywords and by a fighter: {sorted(_TWICE)}")

OPS: dict[str, Op] = {**BASIC_OPS, **KIT_OPS}
