"""Battle for Biternia positions from a description (``[position]`` of a scenario file, read
with rules.core.scenario's ``Description``; every fault names its field).

The builder plays the opening through the rules (initiative, the preset teams or a draft of
the named Heroes, starting powers, one seeded shuffle per deck, deployment) to the start of
round 1's Orders, then sets what the description says. Everything left out keeps the value
the game has at that point. Seats are numbered from 1, as on the table; teams are "blue"
(seats 1 and 3) and "red" (seats 2 and 4); Heroes, cards and spaces go by their ids in
data/*.toml. Every field is optional:

``initiative``, ``turn``
    "blue" or "red": the team with the initiative (blue) and, in the Movement, Action, Base
    Defenses and Channel phases, the team whose turn it is (the initiative team; if that
    team has nothing left to do, the other).
``round``, ``phase``
    The round (1) and its phase: "orders" (default), "movement", "action", "base",
    "channel" or "cleanup".
``gold``, ``bonus_gold``, ``structures``
    Team gold (``{ blue = 3 }``), the bonus gold left on gold spaces and the HP of Towers
    and Bits, by space id (``{ tower_1_top = 2 }``).
``defeated``
    Heroes off the board (HP 0, no cards or tokens); each one's Hero card lies on top of
    its controller's discard pile unless a ``deck`` or ``discard`` names it.
``done``, ``attacked``, ``lead``
    Heroes that have already moved or passed this Movement phase; Structures that have
    already attacked this Base Defenses phase; in team games, the seat offered its team's
    next turn (``{ blue = 3 }``).
``favored_enemy``, ``bear_trap``, ``ice_wall``
    The Hero carrying the Favored Enemy token; ``{ space, owner }`` of the Bear Trap and
    the Ice Wall (the owner is the Hero who placed it).
``[heroes.<hero>]``
    ``seat`` (drafts only; a preset fixes it), ``space``, ``level`` (default: one per
    learned power, 4 with the Ultimate), ``hp`` (default: full), ``up`` and ``down`` (the
    face-up card and the face-down order), ``learned`` (every power the Hero knows; powers
    named anywhere for its seat are learned anyway; the first non-Ultimate is the starting
    power of a draft; a Hero knows one power per level, the rest taken in skill order),
    ``shown`` (learned powers the other team has seen; face-up and
    discarded ones always are), tokens ``shield``, ``attack_tokens``, ``chill``, ``stone``,
    ``death_mark``, ``artifacts`` (default: the Hero's starting artifacts) and the flags
    ``confused``, ``immobilized``, ``stealth``, ``channeling``, ``moved`` (it moved this
    round: Momentum).
``[seats.<seat>]``
    ``hand``, ``deck`` (top first), ``discard`` (bottom first) by card id (a basic card's
    design, e.g. "strike"; a power's id; a defeated Hero's card by the Hero's id), and
    ``turned_over`` (the deck is the turned-over discard pile, open to everyone). A zone
    left out keeps its cards; cards a listed zone does not name go to the bottom of the
    deck (or, if the deck is listed, on the discard pile).
``play``
    Actions played from the built position, each "kind arg arg" as ``launcher.py scenario
    --json`` prints them (e.g. "activate vladiator use"): the way to reach a pending choice
    such as an Interrupt window or a target.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import rules.biternia.board as board
import rules.biternia.effects as effects
import rules.biternia.flow as flow
import rules.biternia.traits as traits
from rules.biternia.content import load
from rules.biternia.kinds import Act, Phase
from rules.biternia.model import Token, card_design, team_of_seat
from rules.core import CHANCE, Action, Description, ScenarioError

if TYPE_CHECKING:
    from rules.biternia.state import BiterniaState

TEAMS = ("blue", "red")
PHASES = ("orders", "movement", "action", "base", "channel", "cleanup")
TURN_PHASES = ("movement", "action", "base", "channel")
ZONES = ("hand", "deck", "discard")
#: Fields a defeated Hero's table may still give.
DEFEATED_FIELDS = {"seat", "level", "learned", "shown"}


class _Hero:
    """What the description says about one Hero (read before the opening is played)."""

    def __init__(self, hid: str, desc: Description | None, seat: int | None) -> None:
        self.id = hid
        self.desc = desc
        self.seat = seat


def build(game: Any, setup: dict[str, Any], position: Description) -> BiterniaState:
    """The state ``position`` describes for a validated ``setup`` (see the module doc)."""
    s: BiterniaState = game.new_state(setup, 0)
    n = s.num_players
    initiative = TEAMS.index(position.choice("initiative", TEAMS, "blue"))
    heroes = _read_heroes(position, n, s.preset)
    _opening(s, initiative, heroes)
    base = {p: {z: list(getattr(s.seats[p], z)) for z in ZONES} for p in range(n)}
    seats = _read_seats(position, n)
    defeated = set(position.texts("defeated", []))
    for hid, hero in heroes.items():
        if hero.desc is not None:
            _set_hero(s, hid, hero.desc, hid in defeated)
    for hid in defeated:
        _defeat(s, hid)
    _learn_named(s, heroes, seats)
    for hid in s.hero_order:
        named = heroes.get(hid)
        _level(s, hid, named.desc if named else None, hid in defeated)
    for p in range(n):
        _place_cards(s, p, base[p], seats.get(p), heroes)
    _shown(s, heroes)
    _board(s, position)
    _phase(s, position, initiative)
    _check_tokens(s)
    moves = position.texts("play", [])
    position.done()
    _play(s, moves)
    return s


# ---- the Heroes and the opening -----------------------------------------------------------
def _read_heroes(position: Description, n: int, preset: str) -> dict[str, _Hero]:
    """Every named Hero (``heroes`` tables and ``defeated``) with its wanted seat."""
    c = load()
    out: dict[str, _Hero] = {}
    fixed = set()
    if preset:
        fixed = {*c.presets[preset]["team_0"], *c.presets[preset]["team_1"]}
    for hid, desc in position.table("heroes").items():
        if hid not in c.heroes:
            raise ScenarioError(f"{desc.path}: unknown Hero {hid!r}")
        if preset and hid not in fixed:
            raise ScenarioError(f"{desc.path}: not in the {preset!r} teams")
        seat = desc.whole("seat", None, lo=1, hi=n)
        if seat is not None and preset:
            raise ScenarioError(f"{desc.where('seat')}: the {preset!r} preset seats its Heroes")
        out[hid] = _Hero(hid, desc, None if seat is None else seat - 1)
    for i, hid in enumerate(position.texts("defeated", [], choices=c.heroes)):
        if preset and hid not in fixed:
            raise ScenarioError(f"position.defeated[{i}]: {hid!r} is not in the {preset!r} "
                                "teams")
        out.setdefault(hid, _Hero(hid, None, None))
    return out


def _opening(s: BiterniaState, initiative: int, heroes: dict[str, _Hero]) -> None:
    """Initiative, teams, starting powers, shuffles and deployment, through the rules."""
    s.apply(CHANCE, Action(Act.INITIATIVE, (initiative,)))
    if s.phase in (Phase.DRAFT, Phase.DEAL):
        _draft(s, heroes)
    for hid, hero in heroes.items():
        if hero.seat is not None and (hid not in s.heroes or s.heroes[hid].seat != hero.seat):
            count = sum(1 for v in s.heroes.values() if v.seat == hero.seat)
            raise ScenarioError(f"{_hero_path(hero)}.seat: seat {hero.seat + 1} drafts only "
                                f"{count} Heroes")
        if hid not in s.heroes:
            raise ScenarioError(f"{_hero_path(hero)}: not drafted (eight Heroes play)")
    while s.phase == Phase.LEARN:
        p = s.decision().players[0]
        hid = next(h for h in s.hero_order
                   if s.heroes[h].seat == p and not s.heroes[h].learned)
        s.apply(p, Action(Act.LEARN, (hid, _starting_power(heroes.get(hid), hid))))
    for seat in range(s.num_players):
        s.apply(CHANCE, Action(Act.SHUFFLE, (seat,)))
    while s.phase == Phase.DEPLOY:
        p = s.decision().players[0]
        s.apply(p, s.legal_actions(p)[0])


def _draft(s: BiterniaState, heroes: dict[str, _Hero]) -> None:
    """Each pick goes to the seat's named Heroes first, then unseated named ones, then the
    pool in order (a random deal is set the same way: as if each seat had drafted)."""
    named = list(heroes)
    dealt = s.phase == Phase.DEAL
    while len(s.heroes) < len(flow.DRAFT_ORDER):
        p = flow.draft_seat(s)
        pool = s.draft_pool
        pick = next((h for h in named if h in pool and heroes[h].seat == p), None) or \
            next((h for h in named if h in pool and heroes[h].seat is None), None) or \
            next(h for h in pool if h not in heroes)
        if dealt:
            flow.add_hero(s, pick, p)
            s.draft_step += 1
        else:
            s.apply(p, Action(Act.DRAFT, (pick,)))
    if dealt:
        s.phase = Phase.LEARN


def _starting_power(hero: _Hero | None, hid: str) -> str:
    c = load()
    if hero is None or hero.desc is None or not hero.desc.has("learned"):
        return c.heroes[hid].powers[0]
    learned = _learned_list(hero.desc, hid)
    first = next((p for p in learned if not c.cards[p].ultimate), None)
    if first is None:
        raise ScenarioError(f"{hero.desc.where('learned')}: a Hero starts with a power other "
                            "than its Ultimate")
    return first


def _learned_list(desc: Description, hid: str) -> list[str]:
    learned = desc.texts("learned", [], choices=load().heroes[hid].powers)
    if len(set(learned)) != len(learned):
        raise ScenarioError(f"{desc.where('learned')}: a power is listed twice")
    return [str(p) for p in learned]


def _hero_path(hero: _Hero) -> str:
    return hero.desc.path if hero.desc is not None else f"position.defeated: {hero.id!r}"


# ---- one Hero ----------------------------------------------------------------------------------
def _set_hero(s: BiterniaState, hid: str, h: Description, defeated: bool) -> None:
    v = s.heroes[hid]
    if defeated:
        extra = [k for k in h.raw if k not in DEFEATED_FIELDS]
        if extra:
            raise ScenarioError(f"{h.where(extra[0])}: {hid} is defeated (position.defeated)")
    space = h.choice("space", load().spaces, None)
    if space is not None:
        v.space = space
    v.shield = h.whole("shield", 0, lo=0)
    v.attack = h.whole("attack_tokens", 0, lo=0)
    v.chill = h.whole("chill", 0, lo=0)
    v.stone = h.whole("stone", 0, lo=0, hi=load().tokens["stone"]["limit"] - 1)
    v.mark = h.flag("death_mark", False)
    v.confuse = 1 if h.flag("confused", False) else 0
    v.immobile = h.flag("immobilized", False)
    v.stealth = h.flag("stealth", False)
    v.channel = h.flag("channeling", False)
    v.moved = h.flag("moved", False)
    start = traits.starting_artifacts(hid)
    arts = h.texts("artifacts", start, choices=start)
    v.artifacts = sorted(set(arts), key=traits.ARTIFACTS.index)
    for slot in ("up", "down"):
        design = h.text(slot, None)
        if design is not None and design not in load().cards:
            raise ScenarioError(f"{h.where(slot)}: unknown card {design!r}")


def _defeat(s: BiterniaState, hid: str) -> None:
    v = s.heroes[hid]
    v.update(space=None, hp=0, up=None, down=None, channel=False, attack=0, shield=0,
             confuse=0, immobile=False, stealth=False, chill=0, mark=False, stone=0,
             artifacts=[], moved=False)


def _learn_named(s: BiterniaState, heroes: dict[str, _Hero],
                 seats: dict[int, Description]) -> None:
    """Powers in ``learned``, and any power of a Hero named among its seat's cards, are
    learned by that Hero (the starting power is already known)."""
    c = load()
    for hid, hero in heroes.items():
        if hero.desc is not None and hero.desc.has("learned"):
            for power in _learned_list(hero.desc, hid):
                if power not in s.heroes[hid].learned:
                    s.heroes[hid].learned.append(power)
    for p in range(s.num_players):
        for path, design in _named_cards(s, p, heroes, seats.get(p)):
            card = c.cards.get(design)
            if card is None or card.is_basic:
                continue
            owner = s.heroes.get(card.hero)
            if owner is None or owner.seat != p:
                who = c.heroes[card.hero].name
                raise ScenarioError(f"{path}: {design!r} is a power of {who}, not a Hero "
                                    f"of seat {p + 1}")
            if design not in owner.learned:
                owner.learned.append(design)


def _level(s: BiterniaState, hid: str, h: Description | None, defeated: bool) -> None:
    c = load()
    v = s.heroes[hid]
    known = v.learned
    least = max(len(known), flow.MAX_LEVEL if any(c.cards[p].ultimate for p in known) else 1)
    level = least if h is None else h.whole("level", least, lo=1, hi=flow.MAX_LEVEL)
    where = f"position.heroes.{hid}"
    if level < least:
        names = ", ".join(known)
        raise ScenarioError(f"{where}.level: {c.heroes[hid].name} knows {names}, which takes "
                            f"level {least}, not {level}")
    v.level = level
    while len(known) < level:  # a Hero learns one power per level, in skill order here
        known.append(flow.learnable(s, hid, level)[0])
    if defeated:
        return
    top = traits.max_hp(s, hid)
    v.hp = top if h is None else h.whole("hp", top, lo=1, hi=top)


# ---- cards ---------------------------------------------------------------------------------------
def _read_seats(position: Description, n: int) -> dict[int, Description]:
    out = {}
    for key, desc in position.table("seats").items():
        if not key.isdigit() or not 1 <= int(key) <= n:
            raise ScenarioError(f"{desc.path}: seats are numbered 1 to {n}")
        out[int(key) - 1] = desc
    return out


def _named_cards(s: BiterniaState, seat: int, heroes: dict[str, _Hero],
                 desc: Description | None) -> list[tuple[str, str]]:
    """(field, card id) of every card the description puts somewhere for ``seat``, in the
    order they are placed: the Heroes' face-up and face-down cards, then hand, deck, discard."""
    out = []
    for hid in s.hero_order:
        h = heroes.get(hid)
        if h is None or h.desc is None or s.heroes[hid].seat != seat:
            continue
        for slot in ("up", "down"):
            design = h.desc.text(slot, None)
            if design is not None:
                out.append((h.desc.where(slot), design))
    if desc is not None:
        known = set(load().cards) | set(load().heroes)
        for zone in ZONES:
            for i, design in enumerate(desc.texts(zone, [])):
                if design not in known:
                    raise ScenarioError(f"{desc.where(zone)}[{i}]: unknown card {design!r}")
                out.append((f"{desc.where(zone)}[{i}]", design))
    return out


def _design(card: str) -> str:
    """A card instance's id as a description names it (a Hero card by its Hero)."""
    return card[5:] if card.startswith("hero:") else card_design(card)


def _place_cards(s: BiterniaState, seat: int, base: dict[str, list[str]],
                 desc: Description | None, heroes: dict[str, _Hero]) -> None:
    """Put every card the seat owns in exactly one place: named ones where named, the rest
    where the opening left them (new powers in hand, Hero cards on the discard pile)."""
    mine = [h for h in s.hero_order if s.heroes[h].seat == seat]
    held = {c for z in ZONES for c in base[z]}
    new_powers = [p for h in mine for p in s.heroes[h].learned if p not in held]
    hero_cards = [f"hero:{h}" for h in mine if s.heroes[h].space is None]
    owned = base["hand"] + base["deck"] + base["discard"] + new_powers + hero_cards
    used: set[str] = set()
    listed: dict[str, list[str]] = {z: [] for z in ZONES if desc is not None and desc.has(z)}
    slots: dict[tuple[str, str], str] = {}
    for path, design in _named_cards(s, seat, heroes, desc):
        card = next((c for c in owned if c not in used and _design(c) == design), None)
        if card is None:
            copies = sum(1 for c in owned if _design(c) == design)
            raise ScenarioError(f"{path}: {_missing(s, seat, design, copies)}")
        zone = path.rsplit(".", 1)[-1].split("[")[0]
        if card.startswith("hero:") and zone not in ("deck", "discard"):
            raise ScenarioError(f"{path}: a Hero card lies only in a deck or discard pile")
        used.add(card)
        if zone in listed:
            listed[zone].append(card)
        else:
            hid = path.split(".")[2]
            slots[(hid, zone)] = card
    for h in mine:
        s.heroes[h].up = slots.get((h, "up"))
        s.heroes[h].down = slots.get((h, "down"))
        if s.heroes[h].space is None and (s.heroes[h].up or s.heroes[h].down):
            raise ScenarioError(f"position.heroes.{h}: a defeated Hero holds no cards")
    zones = {z: listed.get(z, [c for c in base[z] if c not in used]) for z in ZONES}
    used |= {c for z in ZONES for c in zones[z]}
    for card in owned:
        if card in used:
            continue
        prefer = ("hand", "deck", "discard") if card in new_powers else \
            ("discard", "deck") if card.startswith("hero:") else ("deck", "discard")
        spare = next((z for z in prefer if z not in listed), None)
        if spare is None:
            raise ScenarioError(f"{desc.path if desc else 'position'}: {_design(card)!r} of "
                                f"seat {seat + 1} is nowhere: name it in hand, deck or discard")
        zones[spare].append(card)
    seat_data = s.seats[seat]
    seat_data.hand, seat_data.deck, seat_data.discard = (zones[z] for z in ZONES)
    if desc is not None:
        seat_data.deck_secret = not desc.flag("turned_over", False)
        desc.done()


def _missing(s: BiterniaState, seat: int, design: str, copies: int) -> str:
    c = load()
    if design in c.heroes:
        v = s.heroes.get(design)
        if v is None or v.seat != seat:
            return f"{design!r} is not a Hero of seat {seat + 1}"
        if v.space is not None:
            return f"{design!r}: {c.heroes[design].name} is on the board, not defeated"
        return f"{c.heroes[design].name}'s Hero card is named twice"
    card = c.cards[design]
    if card.is_basic:
        return f"seat {seat + 1} has only {copies} {design!r} cards"
    return f"{card.name} is named twice"


def _shown(s: BiterniaState, heroes: dict[str, _Hero]) -> None:
    """Powers face-up or in a discard pile are public; ``shown`` may add more."""
    for hid in s.hero_order:
        hero = heroes.get(hid)
        v = s.heroes[hid]
        shown = list(v.shown)
        if hero is not None and hero.desc is not None:
            for i, p in enumerate(hero.desc.texts("shown", [])):
                if p not in v.learned:
                    raise ScenarioError(f"{hero.desc.where('shown')}[{i}]: {p!r} is not a "
                                        "learned power")
                shown.append(p)
            hero.desc.done()
        public = [c for c in [v.up, *s.seats[v.seat].discard] if c]
        shown += [p for p in v.learned if p in public]
        v.shown = [p for p in v.learned if p in shown]


# ---- the board, the phase and whose turn -------------------------------------------------
def _board(s: BiterniaState, position: Description) -> None:
    c = load()
    gold = position.table("gold")
    s.gold = [gold.whole(t, s.gold[i], lo=0) for i, t in enumerate(TEAMS)]
    gold.done()
    bonus = position.table("bonus_gold")
    for sid in s.space_gold:
        s.space_gold[sid] = bonus.whole(sid, s.space_gold[sid], lo=0, hi=c.start_gold)
    bonus.done()
    hp = position.table("structures")
    for sid in s.structures:
        kind = "tower" if sid.startswith("tower_") else "bit"
        s.structures[sid] = hp.whole(sid, s.structures[sid], lo=0 if kind == "tower"
                                        else 1, hi=c.structures[kind]["hp"])
    hp.done()
    for hid, v in s.heroes.items():
        enemy = 1 - v.seat % 2
        if v.space == board.bit_of(enemy) and all(
                s.structures[t] > 0 for t in board.tower_spaces(enemy)):
            raise ScenarioError(f"position.heroes.{hid}.space: no Hero stands on the enemy "
                                "Bit while all its Towers stand")
    s.round = position.whole("round", 1, lo=1)
    s.favored = position.choice("favored_enemy", s.heroes, None)
    for key, token in (("bear_trap", "trap"), ("ice_wall", "ice_wall")):
        if position.has(key):
            t = position.table(key)
            space = t.choice("space", c.spaces)
            owner = t.choice("owner", s.heroes)
            t.done()
            if s.heroes[owner].space is None:
                raise ScenarioError(f"{t.where('owner')}: {owner} is defeated, and its "
                                    "tokens with it")
            setattr(s, token, Token(space, owner))
        else:
            position.table(key)
    lead = position.table("lead")
    for team, colour in enumerate(TEAMS):
        seat = lead.whole(colour, None, lo=1, hi=s.num_players)
        if seat is not None:
            if team_of_seat(seat - 1, s.num_players) != team:
                raise ScenarioError(f"{lead.where(colour)}: seat {seat} is not on the {colour} "
                                    "team")
            s.lead[team] = seat - 1
    lead.done()


def _phase(s: BiterniaState, position: Description, initiative: int) -> None:
    phase = position.choice("phase", PHASES, "orders")
    s.phase = Phase(phase)
    turn_given = position.has("turn")
    turn = TEAMS.index(position.choice("turn", TEAMS, TEAMS[initiative]))
    if turn_given and phase not in TURN_PHASES:
        raise ScenarioError(f"position.turn: only in the {', '.join(TURN_PHASES)} phases")
    s.turn = turn
    s.done = _only_in(position, "done", "movement", phase, list(s.heroes))
    s.attacked = _only_in(position, "attacked", "base", phase, sorted(s.structures))
    s.queue = flow.cleanup_order(s) if phase == Phase.CLEANUP else []
    for hid, v in s.heroes.items():
        if v.down is not None and phase in (Phase.BASE, Phase.CHANNEL, Phase.CLEANUP):
            raise ScenarioError(f"position.heroes.{hid}.down: every face-down order is "
                                f"revealed before the {phase} phase")
        if v.channel and (phase not in (Phase.ACTION, Phase.BASE, Phase.CHANNEL)
                             or not (found := effects.own_card(hid, v.up))
                             or not found.channeled):
            raise ScenarioError(f"position.heroes.{hid}.channeling: only with its own face-up "
                                "Channeled card, from the Action phase to the Channel phase")
    if phase == Phase.ORDERS:
        if not flow.order_seats(s):
            raise ScenarioError("position.phase: no Hero on the board can be given an order")
        return
    if phase == Phase.CLEANUP:
        return
    has_turn: Callable[[BiterniaState, int], list[str]] = flow.firing_structures \
        if phase == Phase.BASE else flow.TURN_HEROES[phase]
    if not has_turn(s, turn):
        if turn_given:
            raise ScenarioError(f"position.turn: the {TEAMS[turn]} team has nothing to do in "
                                f"the {phase} phase")
        if not has_turn(s, 1 - turn):
            raise ScenarioError(f"position.phase: no one has anything to do in the {phase} "
                                "phase")
        s.turn = 1 - turn
    if phase == Phase.BASE and len(flow.firing_structures(s, s.turn)) == 1:
        raise ScenarioError("position.phase: a single Structure ready to attack fires by "
                            "itself; give the position after it")


def _only_in(position: Description, key: str, phase: str, now: str,
             choices: list[str]) -> list[str]:
    if position.has(key) and now != phase:
        raise ScenarioError(f"position.{key}: only in the {phase} phase")
    return [str(t) for t in position.texts(key, [], choices=choices)]


def _check_tokens(s: BiterniaState) -> None:
    spec = load().tokens
    marks = [h for h, v in s.heroes.items() if v.mark]
    if len(marks) > spec["death_mark"]["count"]:
        raise ScenarioError(f"position.heroes.{marks[-1]}.death_mark: the box holds only "
                            f"{spec['death_mark']['count']} Death Marks")
    stones = sum(v.stone for v in s.heroes.values())
    if stones > spec["stone"]["count"]:
        raise ScenarioError(f"position.heroes: {stones} Stone tokens; the box holds only "
                            f"{spec['stone']['count']}")


# ---- playing on ------------------------------------------------------------------------------
def _play(s: BiterniaState, moves: list[str]) -> None:
    """Apply each "kind arg ..." for whoever decides now."""
    for i, move in enumerate(moves):
        kind, *words = move.split() or [""]
        args = tuple(int(w) if w.lstrip("-").isdigit() else w for w in words)
        d = s.decision()
        found = [(p, a) for p in d.players if p != CHANCE for a in s.legal_actions(p)
                 if a.kind == kind and a.args == args]
        if not found:
            legal = "; ".join(" ".join([a.kind, *map(str, a.args)]) for p in d.players
                              for a in s.legal_actions(p)) or "nothing"
            raise ScenarioError(f"position.play[{i}]: {move!r} is not legal here "
                                f"(legal: {legal})")
        s.apply(*found[0])
