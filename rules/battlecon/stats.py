"""An attack's numbers: the pair's printed stats plus bonuses, Fixed stats and overrides."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rules.battlecon.state import BattleconState


@dataclass(frozen=True, slots=True)
class AttackStats:
    """Range None = N/A (cannot hit); power None = N/A (deals no damage)."""

    range: tuple[int, int] | None
    power: int | None
    priority: int
    guard: int
    tiebreaker: bool
    stun_immune: bool

    def text(self) -> str:
        if self.range is None:
            rng = "N/A"
        else:
            lo, hi = self.range
            rng = f"{lo}" if lo == hi else f"{lo}~{hi}"
        power = "N/A" if self.power is None else str(self.power)
        prio = f"{self.priority}{'▲' if self.tiebreaker else ''}"
        guard = "⛨" if self.stun_immune else str(self.guard)
        return f"{rng} / {power} / {prio} / {guard}"


def _fixed(cards: list[dict[str, Any]], stat: str) -> dict[str, Any] | None:
    for card in cards:
        if stat in card.get("fixed", ()):
            return card
    return None


def attack_stats(st: BattleconState, who: int) -> AttackStats:
    """The current stats of ``who``'s attack (pair or Finisher) with every bonus applied."""
    cards = st.pair_cards(who)
    bonus = st.total_bonus(who)
    become = st.beat(who).become
    rng: tuple[int, int] | None
    fixed = _fixed(cards, "range")
    if fixed is not None:
        rng = None if fixed["range"] == "na" else (fixed["range"][0], fixed["range"][1])
    elif any(c["range"] == "na" for c in cards) or not cards:
        rng = None
    else:
        lo = sum(c["range"][0] for c in cards) + bonus["range_min"]
        hi = sum(c["range"][1] for c in cards) + bonus["range_max"]
        rng = (max(0, lo), max(0, hi))
    power: int | None
    fixed = _fixed(cards, "power")
    if fixed is not None:
        power = None if fixed["power"] == "na" else fixed["power"]
    elif any(c["power"] == "na" for c in cards) or not cards:
        power = None
    else:
        power = max(0, sum(c["power"] for c in cards) + bonus["power"])
    values = {}
    for stat in ("priority", "guard"):
        fixed = _fixed(cards, stat)
        values[stat] = fixed[stat] if fixed is not None else (
            sum(c[stat] for c in cards) + bonus[stat])
    if "power" in become and power is not None:
        power = become["power"]
    for stat in ("priority", "guard"):
        if stat in become:
            values[stat] = become[stat]
    return AttackStats(
        range=rng,
        power=power,
        priority=values["priority"],
        guard=max(0, values["guard"]),
        tiebreaker=any(c.get("tiebreaker") for c in cards) or st.beat(who).tiebreaker,
        stun_immune=any(c.get("stun_immune") for c in cards) or st.beat(who).stun_immune,
    )


def card_armor(st: BattleconState, who: int) -> int:
    return sum(c.get("armor", 0) for c in st.pair_cards(who))
