"""Chaostle's phases and action kinds as enums.

Both are ``StrEnum``s whose values are the strings the state, saves and match records
have always used, so a member compares equal to (and saves as) its old string."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where the turn stands (``state.phase``)."""

    FIRST = "first"  # chance picks who chooses characters first
    DRAFT = "draft"  # the players choose (or draw) their armies
    CROWN = "crown"  # each player takes a King or Queen position
    PLACE = "place"  # each player puts a first character in play
    BEGIN = "begin"  # a turn starts: roll, or put a character in play instead
    ROLL = "roll"  # the movement roll is due
    MOVE = "move"  # the roll's and the battle cards' moves
    BATTLES = "battles"  # the current player may start battles
    END = "end"  # end of turn: castle strikes, Sanctuary, end-of-turn skills
    OVER = "over"  # the game has ended


class Act(StrEnum):
    """The kinds of action (``Action.kind``)."""

    FIRST = "first"  # (seat,) chooses characters first
    PICK = "pick"  # (character,) chosen or drawn for the army
    CROWN = "crown"  # (crown,) taken
    ENTER = "enter"  # (character, space) put in play (and moved on)
    ROLL = "roll"  # roll for movement
    DIE = "die"  # (face,) one die
    DICE = "dice"  # (sum,) two dice added together
    MOVE = "move"  # (character, space, total) the roll's move
    CARD = "card"  # (character, space) a battle-card move alone
    FROG = "frog"  # (line, path, chosen) a leap frog
    DONE = "done"  # end movement
    BATTLE = "battle"  # (attacker, defender) start a battle
    END_BATTLES = "end_battles"  # no more battles this turn
    FIGHT_ON = "fight_on"  # after a miss: the battle goes on
    END_BATTLE = "end_battle"  # after a miss: the battle ends
    SMOKE = "smoke"  # (character,) blow a Smoke Screen
    NO_SMOKE = "no_smoke"  # no Smoke Screen
    UPGRADE = "upgrade"  # (character, item) a peg placed
    FIREWALL = "firewall"  # (holder, target, need) a Fire Wall
    NO_FIREWALL = "no_firewall"  # no Fire Wall
    ACCEPT = "accept"  # a fate accepted
    DECLINE = "decline"  # a fate declined
    MERCENARY = "mercenary"  # (character,) hired
    CONTROL = "control"  # (character, space) a character controlled by a fate
    RELEASE = "release"  # a controlling fate: leave them where they are
    CASTLE = "castle"  # (character,) strikes the castle
    SANCTUARY = "sanctuary"  # (character,) enters Sanctuary
    BOLT = "bolt"  # (character, target) Bolt of Terror
    ARROWS = "arrows"  # (character, target, range) Arrow Dynamics
    HEAL = "heal"  # (character, other) Healing Powers
    REJUVENATE = "rejuvenate"  # (character,) Rejuvenated Healing
    END_TURN = "end_turn"  # end the turn
