"""What direct play on Chaostle's castle needs besides the lit targets: which space an action
ends on and who makes it, the path a move takes (drawn while its space is hovered), a
move's way (the roll, the roll with battle-card movement, the card alone, a leap frog) and
the short words a choice pops up with when one click could mean several actions."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import pygame

from game import theme
from game.tables.chaostle.parts import ChoiceButton
from rules.chaostle.flow import free_movement
from rules.chaostle.kinds import Act
from rules.chaostle.state import ChaostleState
from rules.core import Action

#: actions that end on a space of the board: (character, space, ...) or a leap frog
ON_SPACE = (Act.MOVE, Act.CARD, Act.ENTER, Act.CONTROL, Act.FROG)
#: actions aimed at another character (actor, target, ...): lit at the target's standee
AIMED = (Act.BOLT, Act.ARROWS, Act.HEAL, Act.FIREWALL)
#: a character's own skill (character,): lit at its standee
OWN = (Act.REJUVENATE,)
#: the ways a move is made, in the order the way buttons show them
WAYS = ("roll", "plus", "card", "frog")
WAY_WORDS = {"roll": "The roll", "plus": "Roll + card", "card": "Card alone",
             "frog": "Leap frog"}
CHOICE_H, CHOICE_GAP, CHOICE_SIZE = 30, 4, 13  # a pop-up choice's button


def end_space(action: Action) -> str:
    """The space an action of ``ON_SPACE`` ends on (a leap frog: its path's last)."""
    if action.kind == Act.FROG:
        return str(action.args[1][-1])
    return str(action.args[1])


def mover(action: Action) -> str:
    """Who makes an ``ON_SPACE`` action (a leap frog: the back of the line, who leaps)."""
    if action.kind == Act.FROG:
        return str(action.args[0][0])
    return str(action.args[0])


def way(view: ChaostleState, action: Action) -> str:
    """How a move is made: ``roll``, ``plus`` (with battle-card movement), ``card``,
    ``frog``; "" for the rest (an entry, a fate's control)."""
    if action.kind == Act.MOVE:
        return "roll" if len(action.args) > 2 and action.args[2] == view.turn.roll else "plus"
    return {Act.CARD: "card", Act.FROG: "frog"}.get(Act(action.kind), "")


def move_path(view: ChaostleState, action: Action) -> list[str]:
    """The spaces a move passes, from where it starts to where it ends (as the rules walk
    it); [] when it cannot be told."""
    board = view.board
    try:
        if action.kind == Act.FROG:
            line, path = action.args[0], action.args[1]
            return [view.space_of(str(line[-1])), *path]
        cid, dest = str(action.args[0]), str(action.args[1])
        if action.kind == Act.ENTER:
            start = view.start_space(cid)
            if dest == start:
                return [start]
            found = board.destinations(start, free_movement(view, cid), view.rules_for(cid))
            return list(found.get(dest, ()))
        if action.kind in (Act.MOVE, Act.CARD):
            steps = int(action.args[2]) if action.kind == Act.MOVE else \
                free_movement(view, cid)
            found = board.destinations(view.space_of(cid), steps, view.rules_for(cid))
            return list(found.get(dest, ()))
    except (KeyError, ValueError, TypeError, IndexError):
        return []
    return []


def choice_words(view: ChaostleState, action: Action) -> str:
    """A choice's words on a pop-up anchored where it happens (the place says where)."""
    kind, args = action.kind, action.args
    name = view.name
    if kind == Act.MOVE:
        total = args[2] if len(args) > 2 else "?"
        return f"Move {total}: the roll" if way(view, action) == "roll" else \
            f"Move {total}: roll + battle-card movement"
    if kind == Act.CARD:
        return f"Battle-card move {free_movement(view, str(args[0]))} alone"
    if kind == Act.FROG:
        words = f"Leap frog {len(args[1])}"
        if "meets the fate" in str(action):
            words += f": {name(str(args[2]))} meets the fate"
        return words
    if kind in (Act.BATTLE, Act.BOLT, Act.ARROWS, Act.HEAL, Act.FIREWALL, Act.REJUVENATE,
                Act.CASTLE, Act.SANCTUARY, Act.UPGRADE, Act.SMOKE, Act.CONTROL, Act.ENTER):
        words = str(action)
        # "Dragon: Fire Wall at Paladin (needs exactly 5)": who and what, as labelled
        return words if len(words) <= 60 else words.split(" (", 1)[0]
    return str(action)


def choice_buttons(anchor: pygame.Rect, actions: Sequence[Action], words: Sequence[str],
                   take: Callable[[Action], None]) -> list[ChoiceButton]:
    """A column of buttons beside ``anchor`` (right of it when there is room, else left),
    one a choice: each plays its action."""
    width = max(theme.rendered(w, CHOICE_SIZE, theme.INK, "bold").get_width()
                for w in words) + 28
    screen_w, screen_h = theme.LOGICAL_SIZE
    width = max(150, min(width, 420))
    height = len(actions) * (CHOICE_H + CHOICE_GAP) - CHOICE_GAP
    x = anchor.right + 8 if anchor.right + 8 + width <= screen_w - 6 else anchor.x - 8 - width
    x = max(6, x)
    y = max(62, min(anchor.centery - height // 2, screen_h - 10 - height))
    buttons = []
    for k, (action, label) in enumerate(zip(actions, words, strict=True)):
        top = y + k * (CHOICE_H + CHOICE_GAP)
        button = ChoiceButton(x + width / 2, top + CHOICE_H / 2, width, CHOICE_H, label,
                        name=f"choice.{k}", on_activate=partial(take, action),
                        size=CHOICE_SIZE, primary=k == 0)
        button.leads = (action,)
        button.z = 90
        buttons.append(button)
    return buttons
