"""Best-of-three sets: game results, the loser choosing who goes first, the run bonus."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core import Action, Event
from rules.terrene.content import cards
from rules.terrene.howto import event
from rules.terrene.kinds import Act, Phase
from rules.terrene.model import HP_START, SP_1V1, SP_2V2, ChooseFirst
from rules.terrene.party import advance_party

if TYPE_CHECKING:
    from rules.terrene.state import TerreneState

WINS_NEEDED = 2
RUN_BONUS_DRAWS = 1  # a player who ran draws 2 instead of 1 on their first turn next game


def game_over(s: TerreneState, scores: list[float], reason: str, events: list[Event]) -> bool:
    """Record a finished game of a set; True if the set goes on to another game."""
    if not s.set_mode:
        return False
    s.game_log.append(reason)
    for team in range(2):
        if any(scores[q] >= 1.0 for q in range(s.n) if s.team(q) == team):
            s.set_wins[team] += 1  # a tie is a win for both
    events.append(event("game_over", f"Game {s.game_no} over: {reason}. Set score "
                        f"{s.set_wins[0]}-{s.set_wins[1]}."))
    if max(s.set_wins) >= WINS_NEEDED:
        return False
    losers = [q for q in s.seat_order(s.first) if scores[q] < 1.0]
    s.chain, s.battle = [], None
    if losers:
        s.phase, s.prompt = Phase.NEXT_GAME, ChooseFirst(losers[0])
    else:
        start_next_game(s, None, events)  # after a tie a coin decides again
    return True


def set_result(s: TerreneState) -> tuple[list[float], str]:
    best = max(s.set_wins)
    scores = [1.0 if s.set_wins[s.team(q)] == best else 0.0 for q in range(s.n)]
    winners = " and ".join(s.player_name(q) for q in range(s.n) if scores[q])
    return scores, f"{winners} won the set {max(s.set_wins)}-{min(s.set_wins)}"


def choose_first_actions(s: TerreneState) -> list[Action]:
    return [Action(Act.GO_FIRST, (), "Go first in the next game"),
            Action(Act.GO_SECOND, (), "Go second in the next game (first attack)")]


def start_next_game(s: TerreneState, first: int | None, events: list[Event]) -> None:
    """Every card goes home to its owner's deck; a fresh game's setup begins (after a coin
    flip when ``first`` is None)."""
    s.game_no += 1
    for zone in s.zones.values():
        for seat in range(s.n):
            zone[seat] = []
    s.party = [[] for _ in range(s.n)]
    s.units = {}
    for uid, cid in enumerate(s.cards):
        if cid is not None and not cards()[cid].token:
            s.zones["deck"][s.owner[uid]].append(uid)
        elif uid not in s.ceased:
            s.ceased.append(uid)  # tokens in play cease when the game ends
    s.hp = [HP_START, HP_START]
    s.actions = [0] * s.n
    s.sp_limit = [SP_1V1 if s.n == 2 else SP_2V2] * s.n
    s.active_terrain = [None] * s.n
    s.turn, s.turns_taken = 0, [0] * s.n
    s.prompt, s.chain, s.battle, s.pending_xp, s.pending_assign = None, [], None, [], []
    s.used_chain, s.used_turn = [], []
    if first is None:
        s.phase = Phase.COIN
        events.append(event("new_game", f"Game {s.game_no} of the set: a coin decides."))
        return
    s.first = first
    s.phase = Phase.PARTY
    events.append(event("new_game", f"Game {s.game_no} of the set: {s.player_name(first)} "
                        "goes first."))
    advance_party(s, events)
