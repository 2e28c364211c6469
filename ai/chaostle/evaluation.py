"""Chaostle's evaluation: what a position is worth to each army, knowing the race round
the castle, the castle's health, battle odds and health.

* ``battle_odds``: the exact chance that one side wins a battle fought to the end, from
  both battle cards, health, range and who strikes first (a small Markov chain).
* ``evaluate``: each army's worth (race progress, Inner Square and castle, health, pegs,
  card strength; an ongoing battle is weighed by its odds), mine against the strongest
  opponent's (paranoid), squashed into [-1, 1].
* ``castle_race`` and ``threats``: optional terms (the chance of breaking the castle, the
  battles each army can start next).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache

import rules.chaostle.cards as cards
from rules.chaostle.battle import weapon_for
from rules.chaostle.board import Board, Rules
from rules.chaostle.content import Character
from rules.chaostle.frames import Battle
from rules.chaostle.kinds import Phase
from rules.chaostle.state import ChaostleState
from rules.core.state import GameState


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights: what each part of an army's worth counts for. The
    defaults are the hand-set values every level used before session 3 (normal keeps
    them); the hard level has its own tuned set (``HARD_WEIGHTS``)."""

    lap: float = 70.0  # roughly the longest way round to the Inner Square, in spaces
    race: float = 60.0  # worth of the whole way round
    inner_bonus: float = 12.0  # being on the Inner Square
    castle: float = 30.0  # the castle's damage, for a character on the Inner Square
    sanctuary: float = 110.0
    health: float = 12.0  # full health
    peg: float = 1.5  # each upgrade peg
    start: float = 2.0  # each upgraded starting position
    out_of_play: float = 10.0  # penalty while trapped or waiting to come back
    strength: float = 6.0  # card strength (about 3-4) is counted at strength / 5
    scale: float = 60.0  # worth difference that counts as clearly winning
    castle_race: float = 90.0  # worth of being sure to land the castle's breaking blow
    rest: float = 1.0  # share of the worth counted for characters beyond the Sanctuary need


DEFAULT_WEIGHTS = Weights()

#: The hard level's weights, tuned by paired self-play (SPSA, 2377 pairs of games; see
#: docs/chaostle.md): the race round the castle counts for less, Sanctuary and being out
#: of play for more, and the squashing is gentler.
HARD_WEIGHTS = Weights(lap=108.41, race=25.75, inner_bonus=6.32, castle=28.26,
                       sanctuary=331.06, health=6.29, peg=1.52, start=1.47,
                       out_of_play=25.66, strength=5.28, scale=106.68, castle_race=60.26)

#: The expert level's weights: SPSA again from ``HARD_WEIGHTS`` by paired self-play with
#: hard's search (session 10, docs/chaostle.md): out of play and the lap count for less,
#: Sanctuary, card strength and the squashing's scale for more.
EXPERT_WEIGHTS = Weights(lap=49.26, race=21.51, inner_bonus=5.64, castle=19.57,
                         sanctuary=517.68, health=7.98, peg=1.25, start=1.28,
                         out_of_play=6.26, strength=11.05, scale=251.19, castle_race=38.47)

# ---- battle odds -------------------------------------------------------------------------
def damage_profile(s: ChaostleState, frame: Battle, x: str, y: str) -> tuple[int, ...]:
    """Health y loses to each of x's six die faces in this battle (0 for a miss)."""
    out = []
    for face in range(1, 7):
        _, dmg, rng, _ = weapon_for(s, frame, x, face)
        if frame.range > 0 and rng < frame.range:
            out.append(0)
            continue
        out.append(cards.hit_damage(s.cards[x], s.up(x), s.cards[y], s.up(y), dmg,
                                    frame.berserk.get(x, 0), s.skills_on))
    return tuple(out)


@cache
def _odds_table(mine: tuple[int, ...], theirs: tuple[int, ...]
                ) -> Callable[[int, int, bool], float]:
    """f(my health, their health, my strike next) = chance I conquer them first."""
    p_me0 = mine.count(0) / 6
    p_them0 = theirs.count(0) / 6

    @cache
    def f(h_me: int, h_them: int, mine_next: bool) -> float:
        # x = value when I strike next, y = when they do; each blank strike passes the turn.
        def after_mine() -> float:
            return sum(1.0 if h_them - d < 1 else f(h_me, h_them - d, False)
                       for d in mine if d > 0) / 6

        def after_theirs() -> float:
            return sum(0.0 if h_me - d < 1 else f(h_me - d, h_them, True)
                       for d in theirs if d > 0) / 6

        c_me, c_them = after_mine(), after_theirs()
        stuck = 1.0 - p_me0 * p_them0
        if stuck <= 1e-9:
            return 0.5
        x = (c_me + p_me0 * c_them) / stuck
        return x if mine_next else c_them + p_them0 * x

    return f


def battle_odds(s: ChaostleState, frame: Battle) -> float:
    """The chance the battle's attacker conquers the defender if both fight to the end."""
    a, d = frame.a, frame.d
    f = _odds_table(damage_profile(s, frame, a, d), damage_profile(s, frame, d, a))
    return f(max(1, s.chars[a].hp), max(1, s.chars[d].hp), frame.next == a)


def fresh_battle(s: ChaostleState, a: str, d: str, rng: int) -> Battle:
    return Battle(a=a, d=d, range=rng, next=a, count={a: 1, d: 1})


# ---- evaluation ------------------------------------------------------------------------------
def card_strength(s: ChaostleState, cid: str) -> float:
    return _profile(s.cards[cid], s.up(cid)).strength


def goal_distance(s: ChaostleState, cid: str, space: str, lap: float = DEFAULT_WEIGHTS.lap
                  ) -> float:
    """Spaces from ``space`` to the Inner Square along this character's way round."""
    return _goal_distance(s.board, s.rules_for(cid), space, lap)


@dataclass(frozen=True, slots=True)
class _Profile:
    """What the evaluation reads of a card as it stands (printed values and pegs): its
    strength and the damage of each die face. Fixed until a peg goes in, so it is worked
    out once per card and pegs."""

    strength: float
    faces: tuple[int, ...]


#: The profiles worked out so far, by card id and pegs (with the card they were worked
#: out for: another card of the same id, as a test may build, is worked out afresh).
_PROFILES: dict[tuple[str, tuple[str, ...]], tuple[Character, _Profile]] = {}


def _profile(card: Character, up: tuple[str, ...]) -> _Profile:
    key = (card.id, up)
    known = _PROFILES.get(key)
    if known is not None and known[0] is card:
        return known[1]
    weapons = [cards.weapon(card, up, f) for f in range(1, 7)]
    dmg = sum(w[1] for w in weapons) / 6
    reach = sum(w[2] for w in weapons) / 6
    strength = (cards.max_health(card, up) / 35 + dmg / 13 + reach / 2
                + cards.movement(card, up) / 2 + cards.armor(card, up) / 4)
    profile = _Profile(strength, tuple(w[1] for w in weapons))
    _PROFILES[key] = (card, profile)
    return profile


@cache
def _goal_distance(bd: Board, rules: Rules, space: str, lap: float) -> float:
    dist = bd.distances(space, rules)
    best = min((dist.get(f"{side}.iq0", math.inf) for side in rules.entry_sides),
               default=math.inf)
    return min(best, lap)


def castle_race(s: ChaostleState) -> list[float]:
    """Per seat, the chance of landing the castle's breaking blow: each army's strikes a
    turn from the Inner Square (their exact dice), taken in turn order; between turns the
    castle loses the expected damage."""
    if s.castle_down:
        return [0.0] * s.n
    faces: list[list[tuple[int, ...]]] = [[] for _ in range(s.n)]
    for cid in s.on_board():
        if s.board.spaces[s.space_of(cid)].kind == "inner":
            faces[s.owner(cid)].append(_profile(s.cards[cid], s.up(cid)).faces)
    if not any(faces):
        return [0.0] * s.n
    struck = any(u.startswith("castle:") for u in s.turn.used)
    seat = (s.current + 1) % s.n if struck else s.current
    return list(_race(tuple(tuple(f) for f in faces), s.castle_hp, seat))


@lru_cache(maxsize=1 << 16)
def _race(faces: tuple[tuple[tuple[int, ...], ...], ...], hp: int, seat: int
          ) -> tuple[float, ...]:
    """``castle_race`` for the die faces of each seat's characters on the Inner Square,
    the castle's health and the seat that strikes first (a few such races recur over and
    over in a search, so each is worked out once; the most recent 65536 are kept)."""
    n = len(faces)
    strikes: list[dict[int, float]] = []
    for mine in faces:
        dist = {0: 1.0}
        for character in mine:
            total: dict[int, float] = {}
            for dmg, p in dist.items():
                for face in character:
                    total[dmg + face] = total.get(dmg + face, 0.0) + p / 6
            dist = total
        strikes.append(dist)
    chances = [0.0] * n
    if all(list(d) == [0] for d in strikes):
        return tuple(chances)
    alive = 1.0
    for _ in range(40 * n):
        dist = strikes[seat]
        now = sum(p for dmg, p in dist.items() if dmg >= hp)
        chances[seat] += alive * now
        alive *= 1.0 - now
        hp = max(1, hp - round(sum(dmg * p for dmg, p in dist.items())))
        if alive < 1e-3:
            break
        seat = (seat + 1) % n
    return tuple(chances)


def _way_left(s: ChaostleState, cid: str, space: str, w: Weights) -> float:
    """The race's worth of standing on ``space``: the share of the lap already behind."""
    return w.race * (1 - goal_distance(s, cid, space, w.lap) / w.lap)


def char_worth(s: ChaostleState, cid: str, conquered: bool = False,
               w: Weights = DEFAULT_WEIGHTS) -> float:
    ch = s.chars[cid]
    status = "out" if conquered else ch.status
    if status == "sanctuary":
        return w.sanctuary
    worth = w.peg * len(ch.up) + w.start * ch.start
    worth += w.strength * card_strength(s, cid) / 5
    if status == "play":
        space = s.space_of(cid)
        if s.board.spaces[space].kind == "inner":
            initial = int(s.setup["castle_hp"])
            worth += w.race + w.inner_bonus + w.castle * (1 - s.castle_hp / initial)
        else:
            worth += _way_left(s, cid, space, w)
        worth += w.health * ch.hp / s.max_hp(cid)
        return worth
    if status == "trap":
        assert ch.trap is not None
        exit_space = s.board.traps[ch.trap].exit
        return worth + _way_left(s, cid, exit_space, w) - w.out_of_play
    if status == "out" and s.crowns[s.owner(cid)] is not None:
        start = s.start_space(cid)
        return worth + _way_left(s, cid, start, w) - w.out_of_play + w.health
    return worth


def army_worth(s: ChaostleState, seat: int, battle: Battle | None, odds: float,
               w: Weights = DEFAULT_WEIGHTS) -> float:
    """The sum of the army's characters' worths; with ``rest`` below 1, those beyond the
    number the setup asks into Sanctuary (the least worth first) count at that share."""
    worths = []
    for cid in s.armies[seat]:
        if battle and cid in (battle.a, battle.d):
            win = odds if cid == battle.a else 1 - odds
            worths.append(win * char_worth(s, cid, w=w)
                          + (1 - win) * char_worth(s, cid, True, w))
        else:
            worths.append(char_worth(s, cid, w=w))
    if w.rest == 1.0:  # every character whole: the same sum, in the same order, as before
        return sum(worths)
    worths.sort(reverse=True)
    need = s.sanctuary_needed()
    return sum(worths[:need]) + w.rest * sum(worths[need:])


def battle_gain(s: ChaostleState, a: str, d: str, rng: int, w: Weights = DEFAULT_WEIGHTS
                ) -> float:
    """What attacking ``d`` with ``a`` is worth to a's army, fought to the end: the exact
    chance of conquering it times its worth lost, less the other way round."""
    p = battle_odds(s, fresh_battle(s, a, d, rng))
    their_loss = char_worth(s, d, w=w) - char_worth(s, d, True, w)
    my_loss = char_worth(s, a, w=w) - char_worth(s, a, True, w)
    return p * (their_loss + w.peg) - (1 - p) * my_loss


def threats(s: ChaostleState, w: Weights = DEFAULT_WEIGHTS) -> list[float]:
    """Per seat, the worth of the battles it can start at its next chance: for each of its
    characters in play, the best battle in reach (nothing if no battle pays). The player
    whose turn it is counts only while its battles are still to come."""
    out = [0.0] * s.n
    if any(isinstance(f, Battle) for f in s.queue.frames):
        return out
    done = s.phase == Phase.END
    board = s.on_board()
    for a in board:
        seat = s.owner(a)
        if done and seat == s.current:
            continue
        reach = cards.max_range(s.cards[a], s.up(a))
        best = 0.0
        for d in board:
            if s.owner(d) == seat or s.chars[d].at == s.original_start(d):
                continue
            r = s.range_between(a, d)
            if r is not None and r <= reach:
                best = max(best, battle_gain(s, a, d, r, w))
        out[seat] += best
    return out


def waiting_fight(s: ChaostleState) -> Battle | None:
    """A fight for a space that waits for a fate five (as a fresh fight to the death), so
    that moving onto an opponent with a five is weighed by its odds like any battle."""
    for mover, foe, _ in s.turn.contests:
        if s.in_play(mover) and s.in_play(foe):
            return fresh_battle(s, mover, foe, 0)
    return None


def evaluate(state: GameState, player: int, race: bool = False, threat: float = 0.0,
             weights: Weights = DEFAULT_WEIGHTS) -> float:
    """The value of a full state for ``player`` in [-1, 1]: its army's worth against the
    strongest opponent's (with ``race``, plus each army's chance of breaking the castle;
    with ``threat``, plus that share of the battles each army can start next), counted
    with ``weights``."""
    w = weights
    assert isinstance(state, ChaostleState)
    out = state.outcome()
    if out is not None:
        return 1.0 if out.scores[player] == 1.0 else -1.0
    battle = state.queue.find(Battle)
    if battle is None:
        battle = waiting_fight(state)
    odds = battle_odds(state, battle) if battle else 0.5
    worths = [army_worth(state, seat, battle, odds, w) for seat in range(state.n)]
    if race:
        worths = [x + w.castle_race * c for x, c in zip(worths, castle_race(state),
                                                         strict=True)]
    if threat:
        worths = [x + threat * g for x, g in zip(worths, threats(state, w), strict=True)]
    rival = max(x for seat, x in enumerate(worths) if seat != player)
    return math.tanh((worths[player] - rival) / w.scale)
