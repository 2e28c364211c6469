"""Terrene Odyssey's phases, draft stages and action kinds as enums.

All are ``StrEnum``s whose values are the strings the state, saves and match records have
always used, so a member compares equal to (and saves as) its old string."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where a game stands (``TerreneState.phase``)."""

    COIN = "coin"  # chance: who goes first
    PARTY = "party"  # each seat sets up its opening party
    SHUFFLE = "shuffle"  # chance: every deck shuffled
    PLAY = "play"  # turns
    NEXT_GAME = "next_game"  # a best-of-three set: the loser chooses who goes first
    OVER = "over"  # the game (or the set) has ended


class Stage(StrEnum):
    """Where a draft stands (``DraftMatch.stage``)."""

    DEAL = "deal"  # chance: the pool shuffled and dealt into piles
    PICK = "pick"  # every seat picks from the pile in front of it
    BUILD = "build"  # every seat builds its 20-card deck
    PLAY = "play"  # the Swiss tournament
    OVER = "over"  # the draft has ended


class Act(StrEnum):
    """The kinds of action (``Action.kind``)."""

    # chance
    COIN = "coin"  # (seat,) goes first
    SHUFFLE = "shuffle"  # (seed,) every deck shuffled
    # the opening party
    OPENING = "opening"  # (plan,) an opening plan
    PICK_TERRAIN = "pick_terrain"  # (uid,)
    PICK_CHARACTER = "pick_character"  # (uid,)
    PICK_ASSIGNABLE = "pick_assignable"  # (uid,) assigned to the last character placed
    # a turn
    RECRUIT = "recruit"  # (uid,) face up
    HIDE = "hide"  # (uid,) face down
    ATTACK = "attack"  # (attacker, target or -1)
    USE = "use"  # (card, ability index, target or -1)
    ASSIGN = "assign"  # (card, character)
    TERRAIN = "terrain"  # (uid,) played or switched to
    TRADE = "trade"  # (character, character) trade face-down cards
    DISMISS = "dismiss"  # (uid,) a character
    DISMISS_CARD = "dismiss_card"  # (uid,) a character's assigned card
    RUN = "run"  # concede the game
    END_TURN = "end_turn"
    # the chain and prompts
    PASS = "pass"  # let the chain resolve
    BLOCK = "block"  # (uid,)
    NO_BLOCK = "no_block"
    SLOW_PAY = "slow_pay"
    SLOW_CANCEL = "slow_cancel"
    XP_ATK = "xp_atk"  # no terrain: +5 ATK
    XP_DEF = "xp_def"  # no terrain: +5 DEF
    ASSIGN_XP = "assign_xp"  # (uid,) gains the XP
    GO_FIRST = "go_first"  # a set's next game
    GO_SECOND = "go_second"
    # the draft
    DEAL = "deal"  # chance: (seed,)
    PAIR = "pair"  # chance: (seed,) the next round's pairings
    NEW_GAME = "new_game"  # chance: (seed,) the next game's cards
    DRAFT_PICK = "draft_pick"  # (card id,)
    DECK_ADD = "deck_add"  # (card id,)
    DECK_AUTO = "deck_auto"  # complete the deck automatically


class Ask(StrEnum):
    """What a prompt asks (``TerreneState.prompt.kind``)."""

    BLOCK = "block"  # a defender blocks or lets the next defender decide
    SLOW = "slow"  # a slowed attacker pays one more action or the attack is cancelled
    XP_ASSIGN = "xp_assign"  # XP Ownership: which recruited character gains the XP
    XP_CHOICE = "xp_choice"  # no terrain: +5 ATK or +5 DEF for each XP step
    OVERSUPPLY = "oversupply"  # over the SP limit: a character is dismissed
    CHOOSE_FIRST = "choose_first"  # a set: the loser chooses who goes first
