"""Battle for Biternia's move ordering: which actions look promising, and the playout
policy built on it.

``action_score`` understands lanes and Towers (push while healthy, fall back when hurt, keep
out of an enemy Tower's fire when weak), focus fire (target the enemy closest to defeat,
then Structures), farming (gold spaces, free activations) and levelling (level up whenever
the gold allows, learn the strongest power). ``policy_choice`` plays the best-scored action
(or, with chance ``noise``, a random one); ``rollout_action`` is that policy as the search
framework's playout hook."""

from __future__ import annotations

import random
from functools import cache

from ai.biternia.evaluation import lane_x
from rules.biternia import board, effects
from rules.biternia.content import Card, load
from rules.biternia.kinds import Act
from rules.biternia.state import BiterniaState
from rules.biternia.traits import max_hp
from rules.core import Action
from rules.core.state import GameState


def card_power(card: Card) -> float:
    """A rough worth of a card's printed effects."""
    return _design_power(card.id)


@cache
def _design_power(card_id: str) -> float:
    card = load().cards[card_id]
    worth = 0.3 * card.defense
    for step in card.steps:
        if step["do"] == "attack":
            worth += step["power"] * (1.4 if step.get("area") else 1.0) + step.get("pierce", 0)
            worth += 0.5 * len(step.get("hit", []))
        elif step["do"] in ("heal", "shield", "attack_token"):
            worth += step["amount"] * (0.7 if step["who"] != "all" else 1.0)
        elif step["do"] in ("stun", "stone"):
            worth += 2.0
        elif step["do"] == "gold":
            worth += step["amount"]
        else:
            worth += 0.5
    return worth + (1.0 if card.interrupt else 0.0)


def hero_rating(hero: str) -> float:
    c = load()
    return c.heroes[hero].hp + 0.5 * sum(card_power(c.cards[p]) for p in c.heroes[hero].powers)


def _enemies_near(s: BiterniaState, hero: str) -> bool:
    """Whether an enemy Hero (not in stealth) or Structure is within Ranged reach: the
    question ``effects.enemy_targets`` answers, asked in one pass for speed."""
    mine = s.heroes[hero].seat % 2
    spaces = effects.reach(s, hero, True)
    for other, v in s.heroes.items():
        if v.space in spaces and v.seat % 2 != mine and not effects.stealthy(s, other):
            return True
    return any(board.is_structure(sp) and board.structure_team(sp) != mine
               and effects.standing(s, sp) for sp in spaces)


def _hurt(s: BiterniaState, hero: str) -> float:
    v = s.heroes[hero]
    return 1.0 - v.hp / max_hp(s, hero)


def _waiting_owner(s: BiterniaState, card: str) -> bool:
    """Whether the card is a power of a Hero still waiting for its own order."""
    found = effects.card_of(card)
    owner = s.heroes.get(found.hero) if found is not None and found.hero else None
    return owner is not None and owner.space is not None and owner.down is None


def _score_order(s: BiterniaState, a: Action) -> float:
    hero, card = a.args
    if not effects.usable(hero, card):
        return 0.2 - (3.0 if _waiting_owner(s, card) else 0.0)
    found = effects.action_card(card)
    worth = card_power(found) + (0.0 if found.is_basic else 1.5)
    attacks = any(st["do"] == "attack" for st in found.steps)
    if attacks and not _enemies_near(s, hero):
        worth *= 0.5
    if any(st["do"] == "heal" for st in found.steps):
        worth *= 0.5 + _hurt(s, hero)
    return worth


def _score_move(s: BiterniaState, a: Action) -> float:
    hero, dest = a.args
    v = s.heroes[hero]
    team = v.seat % 2
    step = lane_x(dest) - lane_x(v.at)
    ahead = step if team == 0 else -step
    weak = v.hp <= 4 or _hurt(s, hero) > 0.55
    score = -ahead if weak else ahead
    enemy_structure = board.is_structure(dest) and board.structure_team(dest) != team
    if enemy_structure and effects.standing(s, dest):
        score += -2.5 if weak else 0.8
    if s.space_gold.get(dest, 0) > 0:
        score += 0.6
    foes = effects.heroes_in(s, dest, 1 - team)
    score += (-0.7 if weak else 0.4) * len(foes)
    score += 0.2 * len(effects.heroes_in(s, dest, team))
    return score


def score_target(s: BiterniaState, seat: int, target: str) -> float:
    """Focus fire: the enemy closest to defeat first, then Structures; friends most hurt."""
    team = seat % 2
    if target in s.heroes:
        v = s.heroes[target]
        if v.seat % 2 == team:
            return 1.0 + 3.0 * _hurt(s, target)
        return 3.0 + 2.0 * v.level / 4 + 3.0 * (1.0 - v.hp / max_hp(s, target))
    if board.is_structure(target):
        left = s.structures[target]
        return 2.5 + (3.0 if target.startswith("bit_") else 0.0) + (2.0 if left <= 4 else 0.0)
    return 0.0


def _score_activate(s: BiterniaState, a: Action) -> float:
    hero, mode = a.args
    v = s.heroes[hero]
    if mode == "use":
        card = effects.action_card(v.order)
        worth = card_power(card)
        attacks = any(st["do"] == "attack" for st in card.steps)
        if attacks and not _enemies_near(s, hero):
            worth = 0.4 * card.defense
        return worth
    if mode == "farm":
        return 1.5 + (1.0 if s.space_gold.get(v.at, 0) > 0 else 0.0)
    if mode == "rest":
        return 4.0 * _hurt(s, hero) + (1.5 if v.hp <= 4 else 0.0)
    return 2.0 if s.gold[v.seat % 2] > 0 else 0.0


def _score_hand_over(s: BiterniaState, a: Action) -> float:
    """Letting the teammate act is worth the teammate's best option, a shade less than the
    same option taken now (so a team plays its best Hero whoever controls it)."""
    mate = a.args[0]
    after = s.clone()
    after.handed = True
    options = [b for b in after.legal_actions(mate) if b.kind != Act.HAND_OVER]
    return max((action_score(after, mate, b) for b in options), default=-1.0) - 0.05


def action_score(s: BiterniaState, seat: int, a: Action) -> float:
    """Move ordering: higher is more promising for ``seat``."""
    kind = a.kind
    if kind == Act.ORDER:
        return _score_order(s, a)
    if kind == Act.MOVE:
        return _score_move(s, a)
    if kind in (Act.PASS, Act.STAND):
        return 0.0 if kind == Act.PASS else 0.3
    if kind == Act.ACTIVATE:
        return _score_activate(s, a)
    if kind == Act.TARGET:
        pending = s.pending
        frame = s.resolving
        assert pending is not None and frame is not None, "a target answers a card's question"
        step = effects.action_card(frame.card).steps[frame.i]
        if step["do"] == "move":
            return _score_move(s, Action(Act.MOVE, (frame.hero, a.args[0])))
        return score_target(s, pending.seat, a.args[0])
    if kind == Act.INTERRUPT:
        return 2.0
    if kind == Act.LEVEL:
        hero, power = a.args
        alive = s.heroes[hero].space is not None
        return 3.0 + (1.0 if alive else 0.0) + 0.1 * card_power(load().cards[power]) \
            - 0.5 * s.heroes[hero].level
    if kind == Act.DISCARD:
        found = effects.card_of(a.args[0])
        if found is not None and found.hero and found.hero in s.heroes \
                and s.heroes[found.hero].space is None:
            return 1.0  # a defeated Hero's power: cycle it to bring the Hero back sooner
        return 0.0
    if kind == Act.DONE:
        return 0.5
    if kind == Act.HAND_OVER:
        return _score_hand_over(s, a)
    if kind == Act.DEPLOY:
        return -len(effects.heroes_in(s, a.args[1])) + (0.3 if a.args[1].endswith("mid") else 0)
    if kind == Act.DRAFT:
        return hero_rating(a.args[0])
    if kind == Act.LEARN:
        return card_power(load().cards[a.args[1]])
    if kind == Act.CATAPULT:
        return 1.0 if a.args[0] else 0.0
    if kind == Act.PAY:
        return 0.4 * float(a.args[0])
    if kind == Act.RESPAWN:
        space = a.args[1]
        return -s.structures.get(space, 0) / 20 + (0.2 if space.endswith("mid") else 0)
    return 0.0


def policy_choice(s: BiterniaState, seat: int, legal: list[Action], rng: random.Random,
                  noise: float) -> Action:
    """The ordering policy: the best-scored action, or a random one with chance ``noise``."""
    if noise and rng.random() < noise:
        return rng.choice(legal)
    return max(legal, key=lambda a: (action_score(s, seat, a), rng.random()))


def ranked(s: BiterniaState, seat: int, legal: list[Action]) -> list[Action]:
    return sorted(legal, key=lambda a: -action_score(s, seat, a))


def rollout_action(state: GameState, seat: int, legal: list[Action],
                   rng: random.Random) -> Action:
    """The playout policy (``ai.search.common.RolloutPolicy``): the best-scored action."""
    assert isinstance(state, BiterniaState)
    return policy_choice(state, seat, legal, rng, 0.0)

