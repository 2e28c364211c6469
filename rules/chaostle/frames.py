"""Chaostle's interruptions, every kind in one place: ``Pending`` frames
(rules/core/pending.py) on the state's ``PendingStack`` — a die to roll, a battle, a fate,
a peg to place, a Fire Wall to answer.

Each kind is defined beside the rules that resolve it, so that no module needs one above
it: ``Roll``, ``Upgrade`` and ``FireWall`` in effects.py (the low layer), ``Battle`` in
battle.py, ``Fate`` in fates.py. This module only gathers them (for the state, the table
and the tests) and maps the kinds of the oldest saves to them."""

from __future__ import annotations

from typing import Any

from rules.chaostle.battle import Battle
from rules.chaostle.effects import FireWall, Roll, Upgrade, dice_actions
from rules.chaostle.fates import Fate
from rules.core.pending import Pending

__all__ = ["KINDS", "Battle", "Fate", "FireWall", "Roll", "Upgrade", "dice_actions"]

#: A saved frame's old "k" (saves from before the typed state) and its class.
KINDS: dict[str, type[Pending[Any]]] = {"roll": Roll, "battle": Battle, "fate": Fate,
                                        "upgrade": Upgrade, "firewall": FireWall}
