"""Chaostle AI: an evaluation that knows the race round the castle, the castle's health,
battle odds and health, and an agent that looks ahead through the dice.

* ``battle_odds``: the exact chance that one side wins a battle fought to the end, from
  both battle cards, health, range and who strikes first (a small Markov chain).
* ``evaluate``: each army's worth (race progress, Inner Square and castle, health, pegs,
  card strength; an ongoing battle is weighed by its odds), mine against the strongest
  opponent's (paranoid), squashed into [-1, 1].
* ``ChaostleAgent``: for each legal action, the expected evaluation over sampled dice until
  the next choice; the harder levels also look ahead through their own next choices.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from ai.agents import SeededAgent
from rules.chaostle import cards
from rules.chaostle.battle import weapon_for
from rules.chaostle.state import ChaostleState
from rules.core import CHANCE, Action
from rules.core.state import GameState

LAP = 70.0  # roughly the longest way round to the Inner Square, in spaces
RACE_WEIGHT = 60.0
INNER_BONUS = 12.0
CASTLE_WEIGHT = 30.0
SANCTUARY_WORTH = 110.0
HEALTH_WEIGHT = 12.0
PEG_WEIGHT = 1.5
START_WEIGHT = 2.0
OUT_OF_PLAY_PENALTY = 10.0
STRENGTH_WEIGHT = 6.0
SCALE = 60.0  # worth difference that counts as clearly winning
CASTLE_RACE_WEIGHT = 90.0  # worth of being sure to land the castle's breaking blow

LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 40, "rollout_depth": 0, "epsilon": 0.25, "time_cap": 0.3},
    "normal": {"iterations": 150, "rollout_depth": 0, "time_cap": 0.8},
    "hard": {"iterations": 600, "rollout_depth": 0, "time_cap": 2.5},
}

#: The custom agent's settings per level: dice samples per action, own-choice lookahead,
#: chance of a random action, and a cap on actions examined deeply.
AGENT_LEVELS: dict[str, dict[str, float]] = {
    "easy": {"samples": 2, "depth": 0, "epsilon": 0.3, "castle_race": 0},
    "normal": {"samples": 4, "depth": 0, "epsilon": 0.0, "castle_race": 0},
    "hard": {"samples": 8, "depth": 0, "epsilon": 0.0, "castle_race": 1},
}


# ---- battle odds -------------------------------------------------------------------------
def damage_profile(s: ChaostleState, frame: dict[str, Any], x: str, y: str) -> tuple[int, ...]:
    """Health y loses to each of x's six die faces in this battle (0 for a miss)."""
    out = []
    for face in range(1, 7):
        _, dmg, rng, _ = weapon_for(s, frame, x, face)
        if frame["range"] > 0 and rng < frame["range"]:
            out.append(0)
            continue
        out.append(cards.hit_damage(s.cards[x], s.up(x), s.cards[y], s.up(y), dmg,
                                    frame["berserk"].get(x, 0), s.skills_on))
    return tuple(out)


@cache
def _odds_table(mine: tuple[int, ...], theirs: tuple[int, ...]):  # type: ignore[no-untyped-def]
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


def battle_odds(s: ChaostleState, frame: dict[str, Any]) -> float:
    """The chance the battle's attacker conquers the defender if both fight to the end."""
    a, d = frame["a"], frame["d"]
    f = _odds_table(damage_profile(s, frame, a, d), damage_profile(s, frame, d, a))
    return f(max(1, s.chars[a]["hp"]), max(1, s.chars[d]["hp"]), frame["next"] == a)


def fresh_battle(s: ChaostleState, a: str, d: str, rng: int) -> dict[str, Any]:
    return {"a": a, "d": d, "range": rng, "next": a, "smoke": False, "berserk": {},
            "time": {}, "count": {a: 1, d: 1}}


# ---- evaluation ------------------------------------------------------------------------------
def card_strength(s: ChaostleState, cid: str) -> float:
    card, up = s.cards[cid], s.up(cid)
    dmg = sum(cards.weapon(card, up, f)[1] for f in range(1, 7)) / 6
    reach = sum(cards.weapon(card, up, f)[2] for f in range(1, 7)) / 6
    return (cards.max_health(card, up) / 35 + dmg / 13 + reach / 2
            + cards.movement(card, up) / 2 + cards.armor(card, up) / 4)


def goal_distance(s: ChaostleState, cid: str, space: str) -> float:
    """Spaces from ``space`` to the Inner Square along this character's way round."""
    rules = s.rules_for(cid)
    dist = s.board.distances(space, rules)
    best = min((dist.get(f"{side}.iq0", math.inf) for side in rules.entry_sides),
               default=math.inf)
    return min(best, LAP)


def castle_race(s: ChaostleState) -> list[float]:
    """Per seat, the chance of landing the castle's breaking blow: each army's strikes a
    turn from the Inner Square (their exact dice), taken in turn order; between turns the
    castle loses the expected damage."""
    strikes: list[dict[int, float]] = [{0: 1.0} for _ in range(s.n)]
    for cid in s.on_board():
        if s.board.spaces[s.chars[cid]["at"]].kind == "inner":
            card, up = s.cards[cid], s.up(cid)
            faces = [cards.weapon(card, up, f)[1] for f in range(1, 7)]
            seat = s.owner(cid)
            total: dict[int, float] = {}
            for dmg, p in strikes[seat].items():
                for face in faces:
                    total[dmg + face] = total.get(dmg + face, 0.0) + p / 6
            strikes[seat] = total
    chances = [0.0] * s.n
    if s.castle_down or all(list(d) == [0] for d in strikes):
        return chances
    hp, alive = s.castle_hp, 1.0
    struck = any(u.startswith("castle:") for u in s.turn.get("used", []))
    seat = (s.current + 1) % s.n if struck else s.current
    for _ in range(40 * s.n):
        dist = strikes[seat]
        now = sum(p for dmg, p in dist.items() if dmg >= hp)
        chances[seat] += alive * now
        alive *= 1.0 - now
        hp = max(1, hp - round(sum(dmg * p for dmg, p in dist.items())))
        if alive < 1e-3:
            break
        seat = (seat + 1) % s.n
    return chances


def char_worth(s: ChaostleState, cid: str, conquered: bool = False) -> float:
    ch = s.chars[cid]
    status = "out" if conquered else ch["status"]
    if status == "sanctuary":
        return SANCTUARY_WORTH
    worth = PEG_WEIGHT * len(ch["up"]) + START_WEIGHT * ch["start"]
    worth += STRENGTH_WEIGHT * card_strength(s, cid) / 5
    if status == "play":
        space = ch["at"]
        if s.board.spaces[space].kind == "inner":
            initial = int(s.setup["castle_hp"])
            worth += RACE_WEIGHT + INNER_BONUS + CASTLE_WEIGHT * (1 - s.castle_hp / initial)
        else:
            worth += RACE_WEIGHT * (1 - goal_distance(s, cid, space) / LAP)
        worth += HEALTH_WEIGHT * ch["hp"] / s.max_hp(cid)
        return worth
    if status == "trap":
        exit_space = s.board.traps[ch["trap"]].exit
        return worth + RACE_WEIGHT * (1 - goal_distance(s, cid, exit_space) / LAP) \
            - OUT_OF_PLAY_PENALTY
    if status == "out" and s.crowns[s.owner(cid)] is not None:
        start = s.start_space(cid)
        return worth + RACE_WEIGHT * (1 - goal_distance(s, cid, start) / LAP) \
            - OUT_OF_PLAY_PENALTY + HEALTH_WEIGHT
    return worth


def army_worth(s: ChaostleState, seat: int, battle: dict[str, Any] | None, odds: float
               ) -> float:
    total = 0.0
    for cid in s.armies[seat]:
        if battle and cid in (battle["a"], battle["d"]):
            win = odds if cid == battle["a"] else 1 - odds
            total += win * char_worth(s, cid) + (1 - win) * char_worth(s, cid, True)
        else:
            total += char_worth(s, cid)
    return total


def evaluate(state: GameState, player: int, race: bool = False) -> float:
    """The value of a full state for ``player`` in [-1, 1]: its army's worth against the
    strongest opponent's (with ``race``, plus each army's chance of breaking the castle)."""
    assert isinstance(state, ChaostleState)
    out = state.outcome()
    if out is not None:
        return 1.0 if out.scores[player] == 1.0 else -1.0
    battle = next((f for f in state.queue if f["k"] == "battle"), None)
    odds = battle_odds(state, battle) if battle else 0.5
    worths = [army_worth(state, seat, battle, odds) for seat in range(state.n)]
    if race:
        worths = [w + CASTLE_RACE_WEIGHT * c for w, c in zip(worths, castle_race(state),
                                                              strict=True)]
    rival = max(w for seat, w in enumerate(worths) if seat != player)
    return math.tanh((worths[player] - rival) / SCALE)


# ---- the agent -----------------------------------------------------------------------------
class ChaostleAgent(SeededAgent):
    """Scores each legal action by its expected evaluation over sampled dice until the next
    choice (and, with ``depth``, through its own following choices)."""

    name = "chaostle"

    def __init__(self, seed: int, samples: int = 4, depth: int = 0, epsilon: float = 0.0,
                 castle_race: bool = False) -> None:
        super().__init__(seed)
        self.castle_race = castle_race
        self.samples = samples
        self.depth = depth
        self.epsilon = epsilon

    def choose(self, view: GameState, player: int) -> Action:
        legal = view.legal_actions(player)
        if len(legal) == 1:
            return legal[0]
        if self.epsilon and self.rng.random() < self.epsilon:
            return self.rng.choice(legal)
        scored = [(self._action_value(view, player, a, self.depth), i)
                  for i, a in enumerate(legal)]
        best = max(scored)[0]
        ties = [i for v, i in scored if v >= best - 1e-9]
        return legal[self.rng.choice(ties)]

    def _action_value(self, state: GameState, player: int, action: Action, depth: int
                      ) -> float:
        total = 0.0
        samples = self.samples if depth == self.depth else max(1, self.samples // 2)
        for _ in range(samples):
            s = state.clone()
            s.apply_unchecked(player, action)
            self._roll_on(s)
            total += self._value(s, player, depth)
            if not s.decision().is_chance and _is_deterministic(state, action):
                return total  # nothing random followed: one sample is exact
        return total / samples

    def _value(self, s: GameState, player: int, depth: int) -> float:
        d = s.decision()
        if depth > 0 and not d.is_terminal and d.players == (player,):
            legal = s.legal_actions(player)
            if len(legal) > 1:
                return max(self._action_value(s, player, a, depth - 1) for a in legal[:24])
        return evaluate(s, player, self.castle_race)

    def _roll_on(self, s: GameState) -> None:
        for _ in range(40):
            if not s.decision().is_chance:
                return
            s.apply_unchecked(CHANCE, s.sample_chance(self.rng))


def _is_deterministic(state: GameState, action: Action) -> bool:
    return action.kind not in ("roll", "battle", "fight_on", "castle", "bolt", "arrows",
                               "heal", "rejuvenate", "firewall", "smoke")


def make_agent(level: str, seed: int) -> ChaostleAgent | None:
    """The Chaostle agent for easy / normal / hard (random uses the generic one)."""
    settings = AGENT_LEVELS.get(level)
    if settings is None:
        return None
    return ChaostleAgent(seed, int(settings["samples"]), int(settings["depth"]),
                         float(settings["epsilon"]), bool(settings["castle_race"]))


# ---- balance ------------------------------------------------------------------------------
def balance_pieces(state: GameState, player: int) -> list[str]:
    """The characters ``player`` chose (or drew) for its army, by name, for
    ``launcher.py balance`` (mercenaries hired during play are not counted)."""
    assert isinstance(state, ChaostleState)
    army = state.armies[player][: int(state.setup["army"])]
    return [state.name(cid) for cid in army]
