"""BattleCON positions from a description: the ``[position]`` table of a scenario file
(rules/core/scenario.py), read field by field and built through the game's own moves.

Seats are numbered from 1, as people count them (``active = 2`` is the second fighter);
spaces are numbered from 1, left to right (a duel's board has 7, team play's 9). Every
field is optional: what is not given keeps the value the game would have at that point.

``[position]``

* ``phase``: ``"first"`` (the opening: chance picks who starts), ``"setup"`` (the
  Finishers are being chosen) or ``"set"`` (the default: a beat, Set phase). When both
  fighters have set a pair the beat is in its Ante phase, the Active Player to ante first.
* ``active``: the seat holding the Active Player status (default 1; team play: its team).
* ``beat``: the beat's number (default 1).
* ``pool``: the Force left in the pool (default: all the Force the fighters do not hold).
  Force neither in the pool nor held has been trashed; a position with an empty pool is
  in its final beat.
* ``fighters``: one table per seat, in seat order (fewer tables leave the later seats as
  they start; TOML counts the list from 0, so ``fighters[1]`` in an error is seat 2):

  - ``space``: where the standup stands;
  - ``life``: from 1 to the fighter's starting life;
  - ``force``: the fighter's Force (a duel only; see ``teams``);
  - ``finisher``: the Finisher side chosen (default the fighter's first); in the setup
    phase, naming it means this seat has chosen;
  - ``extra``: the setup choice of a fighter who makes one (Hayden: ``"fury"`` or
    ``"control"``, the counter taken once more; default the first);
  - ``hand``, ``discard1``, ``discard2``: the cards (ids as in the fighter's content
    file: its Styles, ``switch``, the standard Bases and its own Base), in order.
    A pile not given keeps its cards less those named elsewhere; a hand not given holds
    every card not in a pile or the pair. Every card is in exactly one place;
  - ``pair``: ``[style, base]``, the attack pair this fighter has set face down (the set
    phase only; taken from the hand, or from a pile when the piles are not given);
  - ``form``: the fighter's Form card (the Styles it swaps are swapped);
  - ``statuses``: the fighter's Status cards in play;
  - a Unique Ability's markers (the set phase): Burgundy's ``paint`` (the painted
    spaces), Kimbhe's ``staff`` (``"held"``, ``"stolen"`` or the space it is planted on),
    Lucida's ``tokens`` (the Rend tokens she holds; the others are with her foe).

* ``teams`` (team play): two tables, team 1 (seats 1 and 3) then team 2, each with
  ``force``, the team's shared Force.

The position is reached by playing the opening through the rules (who starts, placing
the teams, choosing Finishers and, with chosen discards, the discard pairs) and the Set
of each given pair; the standups, counters and cards are then as described (a fighter's
markers stay where its setup put them, from the starting spaces). Example::

    [position]
    active = 2
    fighters = [
      { space = 3, life = 6, force = 7, pair = ["charging", "strike"] },
      { space = 4, life = 12 },
    ]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import rules.battlecon.kits as kits
from rules.battlecon.content import kit_bases, kit_styles
from rules.battlecon.kinds import Act, Phase
from rules.core import CHANCE, Action
from rules.core.scenario import Description, ScenarioError

if TYPE_CHECKING:
    from rules.battlecon.state import BattleconState

PHASES = (Phase.FIRST, Phase.SETUP, Phase.SET)
ZONES = ("hand", "discard1", "discard2")


@dataclass
class _Fighter:
    """One seat's fields as read (None: not given)."""

    where: str
    space: int | None = None
    life: int | None = None
    force: int | None = None
    finisher: str | None = None
    extra: str | None = None
    zones: dict[str, list[str]] | None = None
    pair: list[str] | None = None
    form: str | None = None
    statuses: list[str] | None = None
    markers: dict[str, Any] | None = None


def position_state(st: BattleconState, position: Description) -> BattleconState:
    """Build the described position on ``st``, a fresh state of the validated setup."""
    n = st.num_players
    phase = position.choice("phase", PHASES, Phase.SET)
    active = position.whole("active", None, lo=1, hi=n)
    if active is not None and phase == Phase.FIRST:
        raise ScenarioError(f"{position.where('active')}: nobody is Active before the "
                            "first beat's opening is decided (phase 'first')")
    beat = position.whole("beat", None, lo=1)
    if beat is not None and phase != Phase.SET:
        raise ScenarioError(f"{position.where('beat')}: beats are counted from the set phase")
    pool = position.whole("pool", None, lo=0)
    tables = position.tables("fighters")
    if len(tables) > n:
        raise ScenarioError(f"{position.where('fighters')}: {len(tables)} fighters in a "
                            f"{n}-player game")
    fighters = [_read_fighter(st, p, d, phase) for p, d in enumerate(tables)]
    fighters += [_Fighter(f"{position.where('fighters')}[{p}]") for p in range(len(tables), n)]
    team_force = _read_teams(st, position)
    position.done()

    if phase != Phase.FIRST:
        first = (active or 1) - 1
        st.apply(CHANCE, Action(Act.FIRST, (st.members(st.team_of(first))[0]
                                          if st.is_team else first,)))
        while st.phase == Phase.PLACE:
            p = st.decision().players[0]
            st.apply(p, st.legal_actions(p)[0])
        _choose_finishers(st, fighters, phase)
    _check_spaces(st, fighters)
    for p, f in enumerate(fighters):
        if f.space is not None:  # moved after setup: markers stay where setup put them
            st.player(p).pos = f.space - 1
    if active is not None:
        st.active = active - 1
    if phase == Phase.SET and beat is not None:
        st.beat_no = beat
    _set_counters(st, fighters, team_force, pool, position)
    for p, f in enumerate(fighters):
        _set_cards(st, p, f)
    _set_pairs(st, fighters)
    for p, f in enumerate(fighters):
        if f.form is not None:
            st.become_form(p, f.form)
        if f.statuses is not None:
            st.player(p).statuses = list(f.statuses)
        st.ua(p).update(f.markers or {})
    st._events = []
    return st


def _read_fighter(st: BattleconState, p: int, d: Description, phase: str) -> _Fighter:
    fighter = st.fighter(p)
    name = fighter["name"]
    f = _Fighter(d.path)
    f.space = d.whole("space", None, lo=1, hi=st.width)
    f.life = d.whole("life", None, lo=1, hi=st.max_life(p))
    if st.is_team and d.has("force"):
        raise ScenarioError(f"{d.where('force')}: in team play Force belongs to the team "
                            "(position.teams)")
    f.force = d.whole("force", None, lo=0, hi=st.force_cap())
    f.finisher = d.choice("finisher", fighter["finishers"], None)
    choices = fighter.get("setup_choices") or []
    if d.has("extra") and not choices:
        raise ScenarioError(f"{d.where('extra')}: {name} makes no setup choice")
    f.extra = d.choice("extra", choices, None) if choices else None
    if phase == Phase.FIRST:
        for key in ("finisher", "extra"):
            if d.has(key):
                raise ScenarioError(f"{d.where(key)}: chosen in the setup phase, after "
                                    "phase 'first'")
    if f.extra is not None and f.finisher is None and phase == Phase.SETUP:
        raise ScenarioError(f"{d.where('finisher')}: missing (the setup choice is made with "
                            "the Finisher)")
    kit = [*kit_styles(fighter), *kit_bases(fighter)]
    zones = {z: d.texts(z, None, choices=kit) for z in ZONES}
    f.zones = {z: cards for z, cards in zones.items() if cards is not None}
    if d.has("pair"):
        if phase != Phase.SET:
            raise ScenarioError(f"{d.where('pair')}: pairs are set in the set phase")
        pair = d.texts("pair")
        if len(pair) != 2:
            raise ScenarioError(f"{d.where('pair')}: a Style and a Base, not {len(pair)} cards")
        for i, (cid, kind) in enumerate(zip(pair, ("style", "base"), strict=True)):
            if cid not in kit or st.card(cid)["kind"] != kind:
                raise ScenarioError(f"{d.where('pair')}[{i}]: {cid!r} is not one of "
                                    f"{name}'s {kind.capitalize()}s")
        f.pair = pair
    forms = [c for c, card in st.content.cards.items()
             if card["kind"] == "form" and card.get("fighter") == _fighter_id(st, p)]
    if d.has("form") and not forms:
        raise ScenarioError(f"{d.where('form')}: {name} has no Form cards")
    f.form = d.choice("form", forms, None) if forms else None
    statuses = [c for c, card in st.content.cards.items()
                if card["kind"] == "status" and card.get("fighter") == _fighter_id(st, p)]
    if d.has("statuses") and not statuses:
        raise ScenarioError(f"{d.where('statuses')}: {name} has no Status cards")
    f.statuses = d.texts("statuses", None, choices=statuses) if statuses else None
    if f.statuses is not None and len(set(f.statuses)) != len(f.statuses):
        raise ScenarioError(f"{d.where('statuses')}: a Status is in play at most once")
    f.markers = _read_markers(st, p, d, phase)
    d.done()
    return f


#: Fields of one fighter's Unique Ability, by fighter, and what they describe.
MARKERS = {"paint": ("burgundy", "Paint markers"), "staff": ("kimbhe", "the Staff"),
           "tokens": ("lucida", "Rend tokens")}


def _read_markers(st: BattleconState, p: int, d: Description, phase: str) -> dict[str, Any]:
    """The fighter's Unique Ability markers: Burgundy's ``paint`` (the painted spaces),
    Kimbhe's ``staff`` (``"held"``, ``"stolen"`` or the space it is planted on), Lucida's
    ``tokens`` (the tokens she has rent and holds; the rest are with the foe)."""
    fid = _fighter_id(st, p)
    for key, (owner, what) in MARKERS.items():
        if d.has(key) and fid != owner:
            raise ScenarioError(f"{d.where(key)}: only {st.content.fighters[owner]['name']} "
                                f"has {what}")
        if d.has(key) and phase != Phase.SET:
            raise ScenarioError(f"{d.where(key)}: {what} are set out at setup (phase 'set')")
    out: dict[str, Any] = {}
    if fid == "burgundy":
        paint = d.wholes("paint", None, lo=1, hi=st.width)
        if paint is not None:
            if len(set(paint)) != len(paint):
                raise ScenarioError(f"{d.where('paint')}: a space is painted once")
            if len(paint) > kits.PAINT_MARKERS:
                raise ScenarioError(f"{d.where('paint')}: {kits.PAINT_MARKERS} Paint markers, "
                                    f"not {len(paint)}")
            out["paint"] = sorted(x - 1 for x in paint)
    elif fid == "kimbhe" and d.has("staff"):
        if type(d.raw["staff"]) is int:
            out["staff"], out["staff_pos"] = "board", d.whole("staff", lo=1, hi=st.width) - 1
        else:
            out["staff"], out["staff_pos"] = d.choice("staff", ("held", "stolen")), None
    elif fid == "lucida":
        tokens = d.texts("tokens", None, choices=kits.LUCIDA_TOKENS)
        if tokens is not None:
            if len(set(tokens)) != len(tokens):
                raise ScenarioError(f"{d.where('tokens')}: each token once")
            out["supply"], out["spent"] = tokens, []
            out["foe"] = [t for t in kits.LUCIDA_TOKENS if t not in tokens]
    return out


def _fighter_id(st: BattleconState, p: int) -> str:
    return str(st.player(p).fighter)


def _read_teams(st: BattleconState, position: Description) -> list[int | None]:
    if not st.is_team:
        if position.has("teams"):
            raise ScenarioError(f"{position.where('teams')}: only in team play (3-4 players)")
        return []
    tables = position.tables("teams")
    if len(tables) > 2:
        raise ScenarioError(f"{position.where('teams')}: two teams, not {len(tables)}")
    out: list[int | None] = [None, None]
    for side, d in enumerate(tables):
        out[side] = d.whole("force", None, lo=0, hi=st.force_cap())
        d.done()
    return out


def _check_spaces(st: BattleconState, fighters: list[_Fighter]) -> None:
    """Two standups never share a space; a seat not given keeps its starting space, so
    it may be the one in the way."""
    taken: dict[int, int] = {}
    for p, f in enumerate(fighters):
        if f.space is not None:
            if f.space in taken:
                raise ScenarioError(f"{f.where}.space: space {f.space} is taken by seat "
                                    f"{taken[f.space] + 1}")
            taken[f.space] = p
    for p, f in enumerate(fighters):
        if f.space is None and st.pos(p) + 1 in taken:
            q = taken[st.pos(p) + 1]
            raise ScenarioError(f"{fighters[q].where}.space: space {st.pos(p) + 1} is where "
                                f"seat {p + 1} stands (give its space too)")


def _choose_finishers(st: BattleconState, fighters: list[_Fighter], phase: str) -> None:
    chosen = [p for p, f in enumerate(fighters) if phase == Phase.SET or f.finisher is not None]
    if phase == Phase.SETUP and len(chosen) == len(fighters):
        raise ScenarioError("position.phase: with every Finisher chosen the game is in the "
                            "set phase, not 'setup'")
    for p in chosen:
        f = fighters[p]
        fighter = st.fighter(p)
        choice = f.extra or (fighter.get("setup_choices") or [""])[0]
        st.apply(p, Action(Act.SETUP, (f.finisher or fighter["finishers"][0], choice)))
    while st.phase == Phase.DISCARDS:
        for p in st.decision().players:  # chosen discards: the piles are set below
            if not {"discard1", "discard2"} <= set(fighters[p].zones or ()):
                raise ScenarioError(f"{fighters[p].where}.discard1: missing (with chosen "
                                    "discards both piles are given)")
            st.apply(p, st.legal_actions(p)[0])


def _set_counters(st: BattleconState, fighters: list[_Fighter], team_force: list[int | None],
                  pool: int | None, position: Description) -> None:
    s = st
    for p, f in enumerate(fighters):
        if f.life is not None:
            st.player(p).life = f.life
        if f.force is not None:
            st.player(p).force = f.force
    for side, force in enumerate(team_force):
        if force is not None:
            s.team_force[side] = force
    held = sum(st.player(p).force for p in range(st.num_players)) + sum(s.team_force)
    free = s.pool_start + s.from_box - s.trashed - held
    if pool is None:
        pool = free
    elif pool > free:
        raise ScenarioError(f"{position.where('pool')}: at most {free} (the Force the "
                            f"fighters do not hold), not {pool}")
    s.trashed += free - pool
    s.pool = pool
    s.final_beat = pool == 0 and s.phase == Phase.SET


def _set_cards(st: BattleconState, p: int, f: _Fighter) -> None:
    """The hand and piles as described, each card in one place (see the module doc)."""
    pl = st.player(p)
    given = f.zones or {}
    if not given and not f.pair:
        return
    now = {"hand": pl.hand, "discard1": list(pl.discard1), "discard2": list(pl.discard2)}
    seen: dict[str, str] = {}
    for z, cards in given.items():
        for i, cid in enumerate(cards):
            if cid in seen:
                raise ScenarioError(f"{f.where}.{z}[{i}]: {cid!r} is already in {seen[cid]}")
            seen[cid] = f"the {z}" if z == "hand" else f"pile {z[-1]}"
    for i, cid in enumerate(f.pair or ()):
        if cid in seen:
            raise ScenarioError(f"{f.where}.pair[{i}]: {cid!r} is already in {seen[cid]}")
        seen[cid] = "the pair"
    every = now["hand"] + now["discard1"] + now["discard2"]
    out = {}
    for z in ("discard1", "discard2"):
        out[z] = given[z] if z in given else [c for c in now[z] if c not in seen]
    piles = set(out["discard1"]) | set(out["discard2"])
    if "hand" in given:
        out["hand"] = given["hand"] + list(f.pair or ())
        missing = [c for c in every if c not in seen and c not in piles]
        if missing:
            raise ScenarioError(f"{f.where}.hand: {', '.join(missing)} not placed (each card "
                                "is in the hand, a discard pile or the pair)")
    else:
        out["hand"] = [c for c in every if c not in piles]
    pl.held, pl.discard1, pl.discard2 = out["hand"], out["discard1"], out["discard2"]


def _set_pairs(st: BattleconState, fighters: list[_Fighter]) -> None:
    """Play the Set of each given pair; a seat still to set must have something to set."""
    if st.phase != Phase.SET:
        return
    for p, f in enumerate(fighters):
        if f.pair is None and not (st._hand_of(p, "style") and st._hand_of(p, "base")):
            raise ScenarioError(f"{f.where}.hand: no Style or no Base to set (at the start "
                                "of a beat the discards would have been picked up)")
    for p, f in enumerate(fighters):
        if f.pair is not None:
            st.apply(p, Action(Act.SET, tuple(f.pair)))
