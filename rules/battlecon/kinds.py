"""BattleCON's phases and action kinds as enums.

Both are ``StrEnum``s whose values are the strings the state, saves and match records
have always used, so a member compares equal to (and saves as) its old string."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where the game stands (``state.phase``)."""

    FIRST = "first"  # chance picks the first Active Player (team)
    PLACE = "place"  # team play: each team places its standups
    SETUP = "setup"  # each player secretly chooses a Finisher (and a setup choice)
    DISCARDS = "discards"  # chosen initial discards: each player fills discard piles 2, 1
    SET = "set"  # each player sets an attack pair face down
    ANTE = "ante"  # the players take turns to ante or pass
    CLASH = "clash"  # a priority tie: each player adds a new Base face down
    RESOLVE = "resolve"  # the beat's stack runs, stopping for choices
    OVER = "over"  # the game has ended


class Act(StrEnum):
    """The kinds of action (``Action.kind``)."""

    FIRST = "first"  # who starts as the Active Player
    PLACE = "place"  # team play: an order of a team's standups
    SETUP = "setup"  # (finisher, setup choice)
    DISCARD_PAIR = "discard_pair"  # (style, base) into an initial discard pile
    SET = "set"  # (style, base) set face down
    OVERLOAD = "overload"  # (overload id,) anted
    UA_ANTE = "ua_ante"  # (whose, index[, owner]) a fighter's ante
    PASS = "pass"  # no (further) ante
    CLASH = "clash"  # (base,) for a Clash
    TRIGGER = "trigger"  # ("use" | "skip", source, index)
    MOVE = "move"  # a movement choice
    TELEPORT = "teleport"  # (space,)
    DISCARD = "discard"  # (card,) discarded from the hand
    TARGET = "target"  # team play: (seat,) the attack's target
    OPPONENT = "opponent"  # team play: (seat,) who is "the Opponent"
    ORDER = "order"  # team play: (seat,) who acts first among tied fighters
    SPEND = "spend"  # Hayden: (fury, control) tokens spent
    THROW = "throw"  # Hayden: ("pull" | "push" | "none", n)
    REND = "rend"  # (token,)
    PAINT = "paint"  # (token, space)
    RECALL = "recall"  # (embellishment,)
