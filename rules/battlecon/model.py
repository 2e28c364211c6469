"""BattleCON's typed state below the game: one ``Fighter`` per seat, with its cards, its
per-beat ``BeatFlags`` and its set ``Pair``, and the Ante's ``AnteTurn``; the state
itself (``BattleconState``, state.py) holds them. ``clone``, ``to_json``, ``from_json`` and
``view_for`` come from the fields.

What a seat may not see is declared on the fields, positively:

- ``held`` is public: the cards in a fighter's hand *and* those it has set face down (the
  attack pair during Set and Ante, a Clash base). Which of them are set is the secret:
  ``pair`` and ``clash`` belong to the fighter's seat until the reveal (the others see
  ``Pair(hidden=True)`` and ``HIDDEN``), when the revealed cards leave ``held``.
- the Finisher and the setup choice belong to the seat until every fighter has chosen.

``from_v1`` turns a save of the first releases (one plain dict, ``"version": 1``) into
version 2's JSON (``state.from_v2`` takes it on to this version).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules.battlecon.kinds import Phase
from rules.core.model import Model, secret

#: What another seat sees of a face-down card or pair (today's saves use this string).
HIDDEN = "hidden"

STAT_BONUS = ("range_min", "range_max", "power", "priority", "guard", "armor")


def _hidden(value: Any) -> Any:
    return None if value is None else HIDDEN


def _hidden_pair(value: Pair | None) -> Pair | None:
    return None if value is None else Pair(hidden=True)


@dataclass(slots=True)
class Pair(Model):
    """A set attack: a Style and a Base, or (after Switch) a Finisher alone."""

    style: str | None = None
    base: str | None = None
    finisher: str | None = None
    #: what another seat sees of a pair set face down
    hidden: bool = False

    def ids(self) -> list[str]:
        """The cards of the pair (none when it is hidden from the viewer)."""
        if self.finisher is not None:
            return [self.finisher]
        return [c for c in (self.style, self.base) if c is not None]


@dataclass(slots=True)
class BeatFlags(Model):
    """One fighter's per-beat flags and bonuses, fresh at the start of every beat."""

    bonus: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STAT_BONUS, 0))
    armor_used: int = 0
    avoid: bool = False
    stunned: bool = False
    stun_immune: bool = False
    tiebreaker: bool = False
    was_hit: bool = False
    hit: bool = False
    damage_taken: int = 0
    moved: bool = False
    become: dict[str, Any] = field(default_factory=dict)
    overloads: list[str] = field(default_factory=list)
    discarded: list[str] = field(default_factory=list)
    finisher_beat: bool = False
    ignore_armor: bool = False
    ignore_guard: bool = False
    vulnerable: bool = False
    damage_cap: int | None = None
    cannot_fall_below_1: bool = False
    antes: list[str] = field(default_factory=list)
    took_damage: bool = False
    #: Reveal triggers already performed or declined this beat: [source, index]
    reveal_done: list[Any] = field(default_factory=list)


@dataclass(slots=True)
class Fighter(Model):
    """One seat's fighter: life, Force, standup, cards and Unique Ability components."""

    seat: int
    fighter: str
    life: int
    force: int = 0
    #: the standup's space (None once defeated in team play)
    pos: int | None = None
    #: the hand plus the cards set face down (see the module docstring)
    held: list[str] = field(default_factory=list)
    discard1: list[str] = field(default_factory=list)
    discard2: list[str] = field(default_factory=list)
    pair: Pair | None = field(default=None, metadata=secret(
        owner="seat", unless="pair_revealed", redact=_hidden_pair))
    #: a Clash's new Base, face down until it is revealed (and joins the pair)
    clash: str | None = field(default=None, metadata=secret(owner="seat", redact=_hidden))
    pair_revealed: bool = False
    clash_bases: list[str] = field(default_factory=list)
    trashed: list[str] = field(default_factory=list)
    finisher: str | None = field(default=None, metadata=secret(
        owner="seat", unless="finisher_revealed"))
    setup_choice: str | None = field(default=None, metadata=secret(
        owner="seat", unless="finisher_revealed"))
    finisher_revealed: bool = False
    setup_done: bool = False
    finisher_used: bool = False
    #: Unique Ability components; their shape is each fighter's own (kits.py)
    ua: dict[str, Any] = field(default_factory=dict)
    beat: BeatFlags = field(default_factory=BeatFlags)
    form: str | None = None
    statuses: list[str] = field(default_factory=list)
    discards_left: int = 0
    # team play
    role: str | None = None
    max_life: int | None = None
    out: bool = False
    removed: list[str] = field(default_factory=list)
    revenge: int = 0
    #: the fighter locked as "the Opponent" (team play)
    opp: int | None = None

    @property
    def hand(self) -> list[str]:
        """The cards in hand: those held, less the ones set face down."""
        out = list(self.held)
        for cid in [*(self.pair.ids() if self.pair is not None else []), self.clash]:
            if cid is not None and cid != HIDDEN and cid in out:
                out.remove(cid)
        return out


@dataclass(slots=True)
class AnteTurn(Model):
    """The Ante phase: whose turn, passes in a row (team play: who of the team has been
    asked, and the [Opponent] antes each team used this beat)."""

    turn: int
    passes: int = 0
    asked: list[int] = field(default_factory=list)
    team_used: list[list[str]] = field(default_factory=list)


# ---- today's saves (version 1: one plain dict) --------------------------------------------
_FIGHTER_KEYS = frozenset(Fighter.__dataclass_fields__) - {
    "seat", "held", "pair_revealed", "finisher_revealed"} | {"hand"}
_STATE_KEYS = frozenset({
    "version", "phase", "beat", "active", "width", "pool", "pool_start", "trashed", "from_box",
    "final_beat", "revealed", "players", "stack", "pending", "ante", "winner", "reason",
    "teams", "layout", "team_force", "order", "placing"})


def from_v1(data: dict[str, Any]) -> dict[str, Any]:
    """A version-1 save (the plain dict of the first releases) as version 2's JSON
    (``state.from_v2`` takes it on); what does not fit raises ``ValueError``."""
    if not isinstance(data, dict) or data.get("version") != 1:
        raise ValueError("not a BattleCON state of version 1")
    unknown = set(data) - _STATE_KEYS
    if unknown:
        raise ValueError(f"a version-1 BattleCON state has no {', '.join(sorted(unknown))}")
    phase = Phase(data["phase"])
    pair_revealed = phase not in (Phase.SET, Phase.ANTE)
    everyone_chose = phase not in (Phase.FIRST, Phase.PLACE, Phase.SETUP)
    players = []
    for seat, pl in enumerate(data["players"]):
        extra = set(pl) - _FIGHTER_KEYS
        if extra:
            raise ValueError(f"seat {seat + 1}: a version-1 fighter has no "
                             f"{', '.join(sorted(extra))}")
        pair = pl["pair"] if isinstance(pl["pair"], dict) else None
        held = list(pl["hand"])
        if pair is not None and not pair_revealed:
            held += list(pair.values())  # set face down: still held (see Fighter.held)
        if pl["clash"] is not None:
            held.append(pl["clash"])
        fighter = {k: v for k, v in pl.items() if k != "hand"}
        fighter.update(seat=seat, held=held, pair=pair, pair_revealed=pair_revealed,
                       finisher_revealed=everyone_chose)
        players.append(fighter)
    out = {k: v for k, v in data.items() if k != "beat"}
    out.update(version=2, beat_no=data["beat"], players=players)
    if out.get("team_force") is None:
        out.pop("team_force", None)
    if out.get("order") is None:
        out.pop("order", None)
    return out
