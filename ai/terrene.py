"""Terrene Odyssey AI tuning: a heuristic evaluation and per-level search settings.

The evaluation weighs what decides games in Terrene Odyssey: the teams' HP (50 each), the
fighting worth of each side's characters (remaining HP, ATK, DEF, XP already earned), cards
in hand and assigned behind characters (options), and supply left against a deck-out.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import partial

from rules.core import Action
from rules.core.state import GameState
from rules.terrene import chain, stats
from rules.terrene.content import cards, decks
from rules.terrene.draft import auto_deck, draft_value
from rules.terrene.draft_match import DraftMatch
from rules.terrene.kinds import Act, Ask, Phase, Stage
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

#: Rollouts of uniformly random play (which concedes and dismisses at random) tell little
#: in this game, so the search evaluates its leaves directly (rollout_depth 0). Budgets are
#: iteration counts (the time caps only bound a heavily loaded machine); a game of normal
#: against normal is 150-350 decisions, so normal's budget is what makes a balance run of
#: 120 deck pairings affordable on two shared cores.
LEVELS: dict[str, dict] = {
    "easy": {"iterations": 40, "rollout_depth": 0, "epsilon": 0.15, "time_cap": 0.3},
    "normal": {"iterations": 100, "rollout_depth": 0, "time_cap": 0.5},
    "hard": {"iterations": 300, "rollout_depth": 0, "exploration": 0.3, "time_cap": 3.0},
}
#: Levels whose search judges a leaf only after its pending chain has settled (see
#: ``settle``); with it, hard's search sees the battles it starts, and a lower exploration
#: lets its visits follow the small differences between a turn's options.
QUIET_LEVELS = frozenset({"hard"})


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


# ---- quiescence: settle the chain before judging a position -------------------------
#: A battle takes several decisions to play out (responses to the attack, the defender's
#: block, responses to the battle), each a level of the search tree: a search of a few
#: hundred iterations judges most attacks before they resolve, where they look like no
#: attack at all. A quiet evaluation first plays the pending chain out: every response
#: window passes, and each prompt (block, XP, oversupply, Slow) is answered by its best
#: option one decision deep. At most this many decisions are played.
SETTLE_STEPS = 40


def quiet(s: TerreneState) -> bool:
    """Nothing is pending: no link on the chain and no prompt."""
    return not s.chain and s.prompt is None


def _settle_step(s: TerreneState, seat: int, rng: random.Random, w: Weights,
                 look: bool) -> None:
    legal = s.legal_actions(seat)
    if s.prompt is None:
        passing = [a for a in legal if a.kind == Act.PASS]
        s.apply_unchecked(seat, passing[0] if passing else legal[0])
        return
    if not look or len(legal) == 1:
        s.apply_unchecked(seat, legal[0])
        return
    best, best_value = legal[0], -math.inf
    for action in legal:
        trial = s.clone()
        trial.apply_unchecked(seat, action)
        settle(trial, rng, w, look=False)
        value = evaluate(trial, seat, w)
        if value > best_value:
            best, best_value = action, value
    s.apply_unchecked(seat, best)


def settle(s: TerreneState, rng: random.Random, w: Weights = DEFAULT_WEIGHTS,
           look: bool = True) -> None:
    """Play ``s`` (mutated) on until it is quiet, the game ends, or SETTLE_STEPS pass."""
    for _ in range(SETTLE_STEPS):
        if s.phase != Phase.PLAY or quiet(s):
            return
        d = s.decision()
        if d.is_terminal:
            return
        if d.is_chance:
            s.apply_unchecked(d.players[0], s.sample_chance(rng))
            continue
        _settle_step(s, d.players[0], rng, w, look)


class QuietEvaluator:
    """``evaluate`` on the position after the pending chain has settled (see ``settle``).
    The search asks once per seat about the same leaf; the settled copy is kept for that."""

    def __init__(self, weights: Weights, seed: int) -> None:
        self.weights = weights
        self.rng = random.Random(f"settle:{seed}")
        self._leaf: GameState | None = None
        self._settled: GameState | None = None

    def __call__(self, state: GameState, player: int) -> float:
        assert isinstance(state, TerreneState)
        if state.phase != Phase.PLAY or quiet(state):
            return evaluate(state, player, self.weights)
        if state is not self._leaf:
            settled = state.clone()
            settle(settled, self.rng, self.weights)
            self._leaf, self._settled = state, settled
        return evaluate(self._settled, player, self.weights)


# ---- what the search considers ---------------------------------------------------------
#: Turn actions the search leaves out: conceding, dismissing one's own character or card
#: without need, and trading cards between allies. They stay legal (a person may take
#: them); leaving them out of the tree lets the budget go to the actions that decide games.
NEVER_SEARCHED = (Act.RUN, Act.DISMISS, Act.TRADE)


def worth_searching(s: TerreneState, action: Action) -> bool:
    """Whether the search considers a free-turn action (prompts and responses are all kept)."""
    if action.kind in NEVER_SEARCHED:
        return False
    if action.kind == Act.DISMISS_CARD:
        seat = s.units[action.args[0]].ctrl
        full = all(s.units[u].card is not None for u in s.party[seat])
        return full and any(s.card(c).is_assignable for c in s.zones["hand"][seat])
    if action.kind == Act.ASSIGN:
        card, holder = action.args
        u = s.units[holder]
        return not u.up or chain.may_activate_assignable(s, u.ctrl, s.card(card), holder)
    return True


def candidates(s: GameState, seat: int) -> list[Action]:
    """The search's actions for ``seat``: on a free turn, those ``worth_searching`` (all of
    them when none is); a player action on top of the chain (a recruit, hide, assign, trade,
    terrain switch or dismissal) is only passed — answering one with a quick ability is
    legal for people, but searching those windows slowed a balance run about threefold
    (docs/terrene-balance.md, run 7) for answers that seldom matter; prompts, other
    responses and anything outside play are kept whole."""
    legal = s.legal_actions(seat)
    if not isinstance(s, TerreneState):
        return legal
    if s.chain and s.prompt is None and s.chain[-1].kind == "action":
        return [a for a in legal if a.kind == Act.PASS] or legal
    if s.prompt is not None or s.chain or s.phase != Phase.PLAY:
        return legal
    kept = [a for a in legal if worth_searching(s, a)]
    return kept or legal


def opening_for_turn(view: TerreneState, player: int):
    """The preset's printed opening plan for this seat's turn order, if it is offered."""
    deck = decks().get(view.deck_ids[player])
    if deck is None:
        return None
    turn = "first" if view.first == player else "second"
    for action in view.legal_actions(player):
        if action.kind == Act.OPENING and deck.openings[action.args[0]].turn == turn:
            return action
    return None


class NoConcede:
    """Wraps a search agent: it opens with the printed plan for its turn order (the search
    cannot judge a face-down party) and never runs from a game (conceding is only worth the
    draw bonus in a set, which a search agent cannot see)."""

    def __init__(self, inner, seed: int = 0) -> None:
        self.inner = inner
        self.rng = random.Random(f"draft-picks:{seed}")  # ties between equal draft picks

    def choose(self, view: GameState, player: int):
        if isinstance(view, DraftMatch):
            return self._draft_choice(view, player)
        if isinstance(view, TerreneState) and view.phase == Phase.PARTY:
            plan = opening_for_turn(view, player)
            if plan is not None:
                return plan
        if isinstance(view, TerreneState) and view.phase == Phase.PLAY:
            if view.prompt is not None and view.prompt.kind == Ask.XP_ASSIGN:
                return view.legal_actions(player)[0]  # the defeater (offered first) levels up
            view = _searched(view)
        action = self.inner.choose(view, player)
        if action.kind != Act.RUN:
            return action
        legal = [a for a in view.legal_actions(player) if a.kind != Act.RUN]
        return next((a for a in legal if a.kind == Act.END_TURN), legal[0] if legal else action)

    def _draft_choice(self, view: DraftMatch, player: int):
        """Draft seats: heuristic picks, automatic deck completion, and each tournament game
        played like any other game from the inner game's view."""
        if view.stage == Stage.PICK:
            pick = ai_pick(view.draft.pile_of(player), view.draft.picks[player], self.rng)
            return Action(Act.DRAFT_PICK, (pick,), "")
        if view.stage == Stage.BUILD:
            return Action(Act.DECK_AUTO, (), "")
        assert view.game is not None
        return self.choose(view.game, view.table.index(player))


def _searched(view: TerreneState) -> TerreneState:
    """The search's copy of a view: a seat with nothing but Pass is passed for inside the
    rules (their automation flag), so a forced pass is never a node of the tree."""
    out = view.clone()
    out.autopass = True
    return out


def make_agent(level: str, seed: int):
    """The generic search agent with this game's settings, minus conceding; None (the
    framework's own agent) for the random level."""
    from ai.levels import build_agent, level_settings

    if level == "random":
        return None
    judge = (QuietEvaluator(DEFAULT_WEIGHTS, seed) if level in QUIET_LEVELS
             else partial(evaluate, weights=DEFAULT_WEIGHTS))
    inner = build_agent(level_settings("terrene", level), seed, judge, candidates=candidates)
    return NoConcede(inner, seed)


# ---- drafting and deck building for AI seats ------------------------------------------
def ai_pick(pile: list[str], taken: list[str], rng: random.Random) -> str:
    best = max(draft_value(cards()[c], taken) for c in pile)
    return rng.choice(sorted({c for c in pile if draft_value(cards()[c], taken) == best}))


def ai_deck(picks: list[str]) -> list[str]:
    """The AI's 20-card deck: the rules' deck completion from nothing."""
    return auto_deck(picks, [])
