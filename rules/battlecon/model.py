"""BattleCON's typed state (issue #13, step 3 — in progress on this branch).

The tree of ``Model`` dataclasses that is to replace the dict ``BattleconState.s``: a
``Duel`` holds the board numbers, the Force pool, the phase, the beat's stack and one
``Fighter`` per seat, each with its cards, its per-beat ``BeatFlags`` and its set
``Pair``. ``clone``, ``to_json``, ``from_json`` and ``view_for`` come from the fields.

What a seat may not see is declared on the fields, positively:

- ``held`` is public: the cards in a fighter's hand *and* those it has set face down (the
  attack pair during Set and Ante, a Clash base). Which of them are set is the secret:
  ``pair`` and ``clash`` belong to the fighter's seat until the reveal. (Today's dict view
  gets the same effect by merging the set cards back into the hand for the other seats.)
- the Finisher and the setup choice belong to the seat until every fighter has chosen.

``from_v1`` reads the dict of today's saves (``"version": 1``); ``to_v1`` writes it back
(the engine still runs on the dict while the access sites move over).
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
    asked: list[int] | None = None
    team_used: list[list[str]] | None = None


@dataclass(slots=True)
class Duel(Model):
    """The whole game (a duel, or team play when ``teams`` is set)."""

    version: int = 2
    phase: Phase = Phase.FIRST
    beat: int = 0
    active: int | None = None
    width: int = 7
    pool: int = 0
    pool_start: int = 0
    trashed: int = 0
    from_box: int = 0
    final_beat: bool = False
    revealed: bool = False
    players: list[Fighter] = field(default_factory=list)
    #: the beat's frames (phases, timings, attacks, effect ops), last on top
    stack: list[Any] = field(default_factory=list)
    #: the choice the beat waits for: {"who", "prompt", "options"}
    pending: Any = None
    ante: AnteTurn | None = None
    winner: int | None = None
    reason: str = ""
    # team play
    teams: list[int] | None = None
    layout: str | None = None
    team_force: list[int] | None = None
    order: list[int] | None = None
    placing: int | None = None


# ---- today's saves (version 1: one plain dict) --------------------------------------------
_FIGHTER_KEYS = frozenset(Fighter.__dataclass_fields__) - {
    "seat", "held", "pair_revealed", "finisher_revealed"} | {"hand"}
_DUEL_KEYS = frozenset(Duel.__dataclass_fields__) - {"players", "ante"}


def from_v1(data: dict[str, Any]) -> Duel:
    """A version-1 save (the dict ``BattleconState.s``) as a ``Duel``; a dict that is not
    one raises ``ValueError`` naming what is wrong."""
    if not isinstance(data, dict) or data.get("version") != 1:
        raise ValueError("not a BattleCON state of version 1")
    unknown = set(data) - _DUEL_KEYS - {"players", "ante"}
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
        fields = {k: v for k, v in pl.items() if k not in ("hand", "pair", "beat")}
        pair = pl["pair"]
        set_cards = list(pair.values()) if isinstance(pair, dict) else []
        clash = pl["clash"]
        held = [*pl["hand"], *set_cards] if not pair_revealed else list(pl["hand"])
        if clash is not None:
            held.append(clash)
        players.append(Fighter.from_json({
            **fields, "seat": seat, "held": held,
            "pair": pair if isinstance(pair, dict) else None,
            "pair_revealed": pair_revealed, "finisher_revealed": everyone_chose,
            "beat": pl["beat"]}))
    rest = {k: v for k, v in data.items() if k not in ("players", "ante", "version")}
    duel = Duel.from_json(rest)
    duel.players = players
    duel.ante = AnteTurn.from_json(data["ante"]) if data["ante"] is not None else None
    return duel


def to_v1(duel: Duel) -> dict[str, Any]:
    """The version-1 dict of ``duel`` (what the engine runs on until it moves over)."""
    out = duel.to_json()
    out["version"] = 1
    if duel.teams is None:
        for key in ("teams", "layout", "team_force", "order", "placing"):
            del out[key]
    if out["ante"] is not None:
        for key in ("asked", "team_used"):
            if out["ante"][key] is None:
                del out["ante"][key]
    players = []
    for f, pl in zip(duel.players, out["players"], strict=True):
        if pl["pair"] is not None:
            pl["pair"] = {k: v for k, v in pl["pair"].items() if v is not None and k != "hidden"}
        del pl["seat"], pl["held"], pl["pair_revealed"], pl["finisher_revealed"]
        pl["hand"] = f.hand
        if f.pair is not None and f.pair.hidden:
            pl["pair"] = HIDDEN
        if duel.teams is None:
            for key in ("role", "max_life", "out", "removed", "revenge", "opp"):
                del pl[key]
        players.append(pl)
    out["players"] = players
    return out
