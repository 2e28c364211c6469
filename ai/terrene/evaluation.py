"""Terrene Odyssey's evaluation: what decides games, weighed in [-1, 1].

The evaluation weighs the teams' HP (50 each), the fighting worth of each side's characters
(remaining HP, ATK, DEF, XP already earned), cards in hand and assigned behind characters
(options), and supply left against a deck-out.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import rules.terrene.chain as chain
import rules.terrene.stats as stats
from rules.core.state import GameState
from rules.terrene.kinds import Phase
from rules.terrene.state import TerreneState


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights (hand-set; every level uses ``DEFAULT_WEIGHTS``). A search
    can be given another set through ``evaluate(..., weights=)`` or ``QuietEvaluator``."""

    hp: float = 1.2
    board: float = 0.9
    options: float = 0.25
    supply: float = 0.3
    deck: float = 0.5  # the deck-out race: draws left before a seat's SP runs out
    deck_scale: float = 5.0  # draws left at which the race starts to count (e^-1 of it)
    hidden_factor: float = 0.6  # a face-down character is worth less until recruited
    exposure: float = 0.6  # share of the unblockable next-turn damage counted against HP
    #: A card assigned face-down behind a character that may activate it is worth more
    #: than the same card in hand (assigning is free, and only an assigned card can be
    #: used); one behind a character that cannot use it, or a hand card that cannot be
    #: played (a second copy of a character already in the party), less.
    armed_card: float = 1.6
    idle_card: float = 0.6
    #: A revealed ongoing card works every turn (Spikes, auras): worth more than one still
    #: face-down, or the search would never spend the action to reveal it.
    ongoing_card: float = 2.0
    action_worth: float = 0.15  # an unspent action: a quick response on the other's turn
    xp: float = 4.0  # each XP a character holds, in HP-like points
    defense: float = 0.8  # each point of DEF, in HP-like points


DEFAULT_WEIGHTS = Weights()

def unit_worth(s: TerreneState, uid: int, attack: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """What a character brings to the fight: HP left, ATK, DEF, and its XP."""
    card = s.card(uid)
    u = s.units[uid]
    left = max(0, card.hp - u.dmg)
    if not u.up:
        return w.hidden_factor * (left + card.atk + card.defense)
    worth = left + attack + w.defense * stats.defense(s, uid) + w.xp * u.xp
    if "stun" in u.status:
        worth -= 0.3 * attack
    return worth


def held_card_worth(s: TerreneState, uid: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """The card behind a character: ready to use, revealed and working (an ongoing card),
    or stuck behind a character whose class cannot activate it."""
    u = s.units[uid]
    if u.card is None:
        return 0.0
    if u.card_up:
        return w.ongoing_card
    if not u.up:
        return 1.0
    usable = chain.may_activate_assignable(s, u.ctrl, s.card(u.card), uid)
    return w.armed_card if usable else w.idle_card


def hand_worth(s: TerreneState, seat: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    names = {s.card(uid).name for uid in s.party[seat]}
    worth = 0.0
    for uid in s.zones["hand"][seat]:
        card = s.card(uid)
        worth += w.idle_card if card.is_character and card.name in names else 1.0
    return worth


def side_worth(s: TerreneState, team: int, attack: dict[int, int], w: Weights = DEFAULT_WEIGHTS
               ) -> tuple[float, float, float]:
    """(board, options, supply) for a team."""
    board = options = supply = 0.0
    for seat in range(s.n):
        if s.team(seat) != team:
            continue
        for uid in s.party[seat]:
            board += unit_worth(s, uid, attack[uid], w)
            options += held_card_worth(s, uid, w)
        options += hand_worth(s, seat, w) + w.action_worth * s.actions[seat]
        supply += s.sp_limit[seat]
    return board, options, supply


def deck_danger(s: TerreneState, team: int, w: Weights = DEFAULT_WEIGHTS) -> float:
    """How close the team's nearest seat is to losing by deck-out: 1 at no draws left,
    falling off over about ``deck_scale`` draws."""
    left = min(len(s.zones["deck"][q]) + s.sp_limit[q] for q in range(s.n)
               if s.team(q) == team)
    return math.exp(-left / w.deck_scale)


def exposure(s: TerreneState, team: int, attack: dict[int, int]) -> float:
    """Damage the team would take if every recruited enemy attacked and each of its own
    recruited, unstunned characters blocked one of the strongest attackers."""
    attackers = sorted(
        (attack[uid] for q in range(s.n) if s.team(q) != team
         for uid in stats.recruited(s, q) if "stun" not in s.units[uid].status),
        reverse=True,
    )
    blockers = sum(
        1 for q in range(s.n) if s.team(q) == team for uid in stats.recruited(s, q)
        if "stun" not in s.units[uid].status
    )
    return float(sum(attackers[blockers:]))


def evaluate(state: GameState, player: int, weights: Weights = DEFAULT_WEIGHTS) -> float:
    """The value of a full (determinized) state for ``player``, in [-1, 1]."""
    assert isinstance(state, TerreneState)
    out = state.outcome()
    if out is not None:
        return 2.0 * out.scores[player] - 1.0
    if state.phase != Phase.PLAY:
        return 0.0
    attack = {uid: stats.atk(state, uid) for uid in state.units}
    mine, theirs = state.team(player), 1 - state.team(player)
    w = weights
    b1, o1, s1 = side_worth(state, mine, attack, w)
    b2, o2, s2 = side_worth(state, theirs, attack, w)
    hp_mine = state.hp[mine] - w.exposure * exposure(state, mine, attack)
    hp_theirs = state.hp[theirs] - w.exposure * exposure(state, theirs, attack)
    hp = (hp_mine - hp_theirs) / 50.0
    board = (b1 - b2) / max(60.0, b1 + b2)
    options = (o1 - o2) / max(8.0, o1 + o2)
    supply = (s1 - s2) / 4.0
    deck = deck_danger(state, theirs, w) - deck_danger(state, mine, w)
    raw = (w.hp * hp + w.board * board + w.options * options + w.supply * supply
           + w.deck * deck)
    return math.tanh(raw)
