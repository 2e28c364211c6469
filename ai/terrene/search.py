"""What the search considers in Terrene Odyssey (the framework's ``candidates`` hook) and
the copy of a view it searches from (its ``search_view`` hook)."""

from __future__ import annotations

import rules.terrene.chain as chain
from rules.core import Action
from rules.core.state import GameState
from rules.terrene.content import decks
from rules.terrene.kinds import Act, Ask, Phase
from rules.terrene.sets import WINS_NEEDED
from rules.terrene.state import TerreneState

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


def candidates(s: GameState, seat: int, weigh_xp: bool = False) -> list[Action]:
    """The search's actions for ``seat``. At the agent's own decision (its view,
    ``hidden_view``): the printed opening plan for the seat's turn order when its deck offers
    one (the search cannot judge a face-down party), and the defeater (offered first) when XP
    is to be assigned unless ``weigh_xp`` (then every character that may take it is
    weighed, as inside the search); inside the search (sampled full states) those choices
    stay whole, as before. On a free turn, the actions ``worth_searching`` (all of them when
    none is); a player action on top of the chain (a recruit, hide, assign, trade, terrain
    switch or dismissal) is only passed — answering one with a quick ability is legal for
    people, but searching those windows slowed a balance run about threefold
    (docs/terrene-balance.md, run 7) for answers that seldom matter; other prompts, other
    responses and anything else outside play are kept whole."""
    legal = s.legal_actions(seat)
    if not isinstance(s, TerreneState):
        return legal
    if s.hidden_view and s.phase == Phase.PARTY:
        plan = opening_for_turn(s, seat)
        return [plan] if plan is not None else legal
    if s.hidden_view and s.prompt is not None and s.prompt.kind == Ask.XP_ASSIGN:
        return legal if weigh_xp else legal[:1]
    if s.chain and s.prompt is None and s.chain[-1].kind == "action":
        return [a for a in legal if a.kind == Act.PASS] or legal
    if s.prompt is not None or s.chain or s.phase != Phase.PLAY:
        return legal
    kept = [a for a in legal if worth_searching(s, a)]
    return kept or legal


def opening_for_turn(view: TerreneState, player: int) -> Action | None:
    """The preset's printed opening plan for this seat's turn order, if it is offered."""
    deck = decks().get(view.deck_ids[player])
    if deck is None:
        return None
    turn = "first" if view.first == player else "second"
    for action in view.legal_actions(player):
        if action.kind == Act.OPENING and deck.openings[action.args[0]].turn == turn:
            return action
    return None


def search_view(view: GameState) -> GameState:
    """The search's copy of a view (the framework's ``search_view`` hook). A seat with
    nothing but Pass is passed for inside the rules (their automation flag), so a forced
    pass is never a node of the tree. In a best-of-three set the copy plays the set's
    current game as a game of its own, so the game's end ends the search's line with the
    game's result: a set's chance rises with the current game's, so winning the game is
    what to search for, and a game that ends inside the tree is not judged as the next
    game's opening (which the evaluation values at nothing: the search then refused a
    winning attack)."""
    if not isinstance(view, TerreneState) or (view.phase != Phase.PLAY and not view.set_mode):
        return view
    out = view.clone()
    out.set_mode = False
    out.autopass = view.phase == Phase.PLAY or view.autopass
    return out


def set_chance(view: TerreneState, player: int, game: float) -> float:
    """The chance that ``player``'s side wins a best-of-three set, from its chance ``game``
    to win the set's current (or next) game, the games after it taken as even; outside a
    set, ``game`` itself. What the search estimates in a set is the current game's chance
    (``search_view``); the hint and the header's bar show the set's."""
    if not view.set_mode or view.outcome() is not None:
        return game
    team = view.team(player)
    mine, theirs = view.set_wins[team], view.set_wins[1 - team]
    return game * _even_set(mine + 1, theirs) + (1 - game) * _even_set(mine, theirs + 1)


def _even_set(mine: int, theirs: int) -> float:
    """The chance to win a set from this score if every game left is even."""
    if mine >= WINS_NEEDED:
        return 1.0
    if theirs >= WINS_NEEDED:
        return 0.0
    return (_even_set(mine + 1, theirs) + _even_set(mine, theirs + 1)) / 2
