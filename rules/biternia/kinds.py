"""Battle for Biternia's phases, action kinds and pending choices as enums.

All are ``StrEnum``s whose values are the strings the state, saves and match records have
always used, so a member compares equal to (and saves as) its old string."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    """Where the game stands (``state.phase``)."""

    COIN = "coin"  # chance gives one team the initiative
    DEAL = "deal"  # random teams: chance deals eight Heroes
    DRAFT = "draft"  # the 1-2-2-2-1 Hero draft
    LEARN = "learn"  # each seat picks its Heroes' starting powers
    SHUFFLE = "shuffle"  # chance shuffles each seat's action deck, once
    DEPLOY = "deploy"  # the teams take turns deploying Heroes to their Tower spaces
    ORDERS = "orders"  # each seat gives its Heroes face-down orders
    MOVEMENT = "movement"  # the teams take turns moving a Hero
    ACTION = "action"  # the teams take turns activating a Hero
    BASE = "base"  # Base Defenses: Structures attack enemy Heroes in their space
    CHANNEL = "channel"  # Channeled cards resolve
    CLEANUP = "cleanup"  # level up and discard, seat by seat
    DRAW = "draw"  # hands draw up (a drawn Hero card asks where its Hero respawns)


#: The phases before the first round (a Hero may be off the board in them).
SETUP_PHASES = (Phase.COIN, Phase.DRAFT, Phase.DEAL, Phase.LEARN, Phase.SHUFFLE,
                Phase.DEPLOY)


class Act(StrEnum):
    """The kinds of action (``Action.kind``)."""

    INITIATIVE = "initiative"  # chance: (team,) starts with the initiative
    DEAL = "deal"  # chance: (seed,) deals random teams
    SHUFFLE = "shuffle"  # chance: (seed,) shuffles the next seat's deck
    DRAFT = "draft"  # (hero,)
    LEARN = "learn"  # (hero, power) a starting power
    DEPLOY = "deploy"  # (hero, space)
    ORDER = "order"  # (hero, card) face down
    MOVE = "move"  # (hero, space)
    STAND = "stand"  # (hero,) an immobilized Hero stands up
    PASS = "pass"  # (hero,) no move
    ACTIVATE = "activate"  # (hero, "use" | "farm" | "rest" | "hire")
    STRUCTURE = "structure"  # (structure,) attacks
    CHANNEL = "channel"  # (hero,) its Channeled card resolves
    LEVEL = "level"  # (hero, power) level up, learning a power
    DISCARD = "discard"  # (card,) from the hand in Cleanup
    DONE = "done"  # Cleanup done: draw up
    HAND_OVER = "hand_over"  # (teammate,) lets the teammate take the team's turn
    TARGET = "target"  # (target,) of a card's step
    INTERRUPT = "interrupt"  # (hero,) interrupts with its face-down card
    NO_INTERRUPT = "no_interrupt"  # declines to interrupt
    RESPAWN = "respawn"  # (hero, space)
    CATAPULT = "catapult"  # (tower,) or ("",): fire the hired catapult or not
    PAY = "pay"  # (gold,) paid for a card's attacks


class Ask(StrEnum):
    """The kinds of pending choice inside a phase (``state.pending.type``)."""

    TARGET = "target"
    INTERRUPT = "interrupt"
    RESPAWN = "respawn"
    CATAPULT = "catapult"
    PAY = "pay"
