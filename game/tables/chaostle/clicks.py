"""What a click on Chaostle's board plays: lit spaces (moves and entries), crowns, draft
cards, rings round standees (who moves or attacks, whom to attack), peg holes, the keep,
and Accept / Decline on the fate card. Each plays one of the legal actions through
``choose``, the same path as the action buttons. Mixed into ``ChaostleTable``."""

from __future__ import annotations

from functools import partial
from typing import Any

import pygame

import game.tables.chaostle.layout as lay
from game import theme
from game.tables.chaostle.base import ChaostleBase
from game.tables.chaostle.cards import peg_rect
from game.tables.chaostle.parts import LOSS, DraftCard, Target
from game.tables.chaostle.popups import FatePopup
from game.widgets import Button, Widget
from rules.chaostle.kinds import Act
from rules.chaostle.state import ChaostleState
from rules.core import Action

MOVES = (Act.MOVE, Act.CARD, Act.ENTER)  # actions that end on a space of the board


class BoardClicks(ChaostleBase):
    """The board's click targets (``targets``), rebuilt with every refresh."""

    targets: list[Widget]
    selected: str | None
    fate: FatePopup

    def mark_targets(self) -> None:
        """Light up what a click can play: spaces a move ends on, opponents a battle
        attacks, crowns, draft cards, peg holes and the keep."""
        for target in self.targets:
            self.remove(target)
        self.targets = []
        view, actions = self.view, self.model.actions
        if view is None or not actions:
            return
        choosers = {str(a.args[0]) for a in actions
                    if a.kind in (*MOVES, Act.BATTLE) and len(a.args) >= 2}
        if self.selected not in choosers:
            self.selected = None
        self.mark_draft(view, actions)
        self.mark_crowns(view, actions)
        self.mark_moves(view, actions)
        self.mark_battles(view, actions)
        self.mark_pegs(view, actions)
        self.mark_keep(view, actions)
        self.mark_fate(actions)
        for target in self.targets:
            self.add(target)

    def target(self, rect: pygame.Rect, words: str, colour: tuple[int, int, int], name: str,
               action: Action | None = None, round_: bool = False,
               on_activate: Any = None, wash: float = 1.0) -> None:
        act = on_activate or (lambda a=action: self.choose(a))
        self.targets.append(Target(rect, words, colour, name, act, round_, action, wash))

    def mark_draft(self, view: ChaostleState, actions: tuple[Action, ...]) -> None:
        """The draft (and a mercenary to hire): every character still free as a card over
        the board; the ones a legal action takes play it when clicked."""
        takes = {a.args[0]: a for a in actions if a.kind in (Act.PICK, Act.MERCENARY) and a.args}
        if not takes:
            return
        pool = [c for c, ch in view.chars.items() if ch.status == "pool"]
        for k, cid in enumerate(pool):
            action = takes.get(cid)
            rect = draft_slot(k, len(pool))
            play = (lambda a=action: self.choose(a)) if action is not None else None
            self.targets.append(DraftCard(rect, view.cards[cid], f"draft.{cid}", play, action))

    def mark_crowns(self, view: ChaostleState, actions: tuple[Action, ...]) -> None:
        for a in actions:
            if a.kind == Act.CROWN and a.args and a.args[0] in view.board.crowns:
                crown = view.board.crowns[a.args[0]]
                rect = lay.space_rect(view.board.spaces[crown.start]).inflate(6, 6)
                colour = theme.NAMED_COLOURS.get(str(crown.colour).lower(), theme.BRASS)
                self.target(rect, f"{crown.colour} {crown.title}".title(), colour,
                            f"crown.{a.args[0]}", a)

    def mark_moves(self, view: ChaostleState, actions: tuple[Action, ...]) -> None:
        """Each space a move of the selected character (or of the only character that
        can get there) ends on; a click on one of your standees selects it."""
        moves = [a for a in actions if a.kind in MOVES and len(a.args) >= 2
                 and a.args[1] in view.board.spaces]
        movers = sorted({str(a.args[0]) for a in moves})
        by_space: dict[str, list[Action]] = {}
        for a in moves:
            if self.selected is None or a.args[0] == self.selected:
                by_space.setdefault(str(a.args[1]), []).append(a)
        for space, group in sorted(by_space.items()):
            if len({a.args[0] for a in group}) != 1:
                continue  # two characters could end here: select one first
            action = min(group, key=lambda a: move_rank(view, a))
            rect = lay.space_rect(view.board.spaces[space]).inflate(4, 4)
            mover = str(action.args[0])
            words = f"{view.name(mover)} to {view.space_label(space)}"
            self.target(rect, words, self.char_colour(view, mover), f"space.{space}", action)
        if len(movers) > 1:
            for cid in movers:
                self.mark_mover(view, cid)

    def mark_mover(self, view: ChaostleState, cid: str, verb: str = "Move") -> None:
        """A ring round one of several movers' (or attackers') standee (or, off the board,
        its card): a click shows only its moves (or battles)."""
        at = view.chars[cid].at
        again = cid == self.selected
        if view.chars[cid].status == "play" and at in view.board.spaces:
            rect = lay.space_rect(view.board.spaces[at]).inflate(10, 10)
            words = "Show all" if again else f"{verb} {view.name(cid)}"
            round_ = True
        else:
            card = self.card_rect(view, cid)
            if card is None:
                return
            rect = card.inflate(4, 4)
            words = "Show all" if again else f"Put {view.name(cid)} in play"
            round_ = False
        self.target(rect, words, theme.BRASS_LIGHT, f"select.{cid}", round_=round_,
                    on_activate=lambda c=cid: self.select(c), wash=1.0 if round_ else 0.3)

    def select(self, cid: str) -> None:
        """Show only this character's moves (again: everyone's)."""
        self.selected = None if self.selected == cid else cid
        self.mark_targets()

    def mark_battles(self, view: ChaostleState, actions: tuple[Action, ...]) -> None:
        """A red ring round each opponent one of your characters (the selected one, or the
        only one that reaches it) can attack; with a foe in reach of two of yours, a ring
        round each attacker chooses who attacks."""
        battles = [a for a in actions if a.kind == Act.BATTLE and len(a.args) == 2]
        attackers = sorted({str(a.args[0]) for a in battles})
        by_foe: dict[str, list[Action]] = {}
        for a in battles:
            if self.selected is None or a.args[0] == self.selected:
                by_foe.setdefault(str(a.args[1]), []).append(a)
        shared = False
        for foe, group in sorted(by_foe.items()):
            at = view.chars[foe].at
            if len(group) != 1 or at not in view.board.spaces:
                shared = shared or len(group) > 1
                continue
            rect = lay.space_rect(view.board.spaces[at]).inflate(12, 12)
            words = f"{view.name(group[0].args[0])} attacks {view.name(foe)}"
            self.target(rect, words, LOSS, f"attack.{foe}", group[0], round_=True)
        if len(attackers) > 1 and (shared or self.selected is not None):
            for cid in attackers:
                self.mark_mover(view, cid, "Attack with")

    def mark_pegs(self, view: ChaostleState, actions: tuple[Action, ...]) -> None:
        for a in actions:
            if a.kind != Act.UPGRADE or len(a.args) != 2:
                continue
            cid, item = str(a.args[0]), str(a.args[1])
            card = self.card_rect(view, cid)
            hole = peg_rect(card, item) if card is not None and card.h >= 60 else None
            if hole is not None:
                self.target(hole.inflate(2, 2), str(a).split(": ", 1)[-1], theme.BRASS_LIGHT,
                            f"peg.{cid}.{item}", a, round_=True)

    def mark_keep(self, view: ChaostleState, actions: tuple[Action, ...]) -> None:
        strikes = [a for a in actions if a.kind in (Act.CASTLE, Act.SANCTUARY)]
        if len(strikes) != 1:
            return
        r = round(lay.KEEP_RADIUS * lay.UNIT) + 4
        x, y = lay.to_px(0.0, 0.0, 2.0)
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = (round(x), round(y))
        self.target(rect, str(strikes[0]), theme.BRASS_LIGHT, "keep", strikes[0], round_=True)

    def mark_fate(self, actions: tuple[Action, ...]) -> None:
        """Accept and Decline on the fate card itself while a happiness fate waits."""
        choices = [a for a in actions if a.kind in (Act.ACCEPT, Act.DECLINE)]
        if len(choices) != 2:
            return
        for k, action in enumerate(sorted(choices, key=lambda a: a.kind != Act.ACCEPT)):
            x = self.fate.x + (-80 if k == 0 else 80)
            y = self.fate.y + self.fate.h / 2 - 46
            button = Button(x, y, 140, 32, action.kind.capitalize(), name=f"fate.{action.kind}",
                            on_activate=partial(self.take, action), primary=k == 0,
                            size=14)
            button.z = 80
            self.targets.append(button)

    def card_rect(self, view: ChaostleState, cid: str) -> pygame.Rect | None:
        """Where a character's card lies in its army's row."""
        for seat, army in enumerate(view.armies):
            if cid in army:
                return lay.card_rect(view.num_players, seat, army.index(cid),
                                     self.army_slots(view, seat))
        return None

    @staticmethod
    def army_slots(view: ChaostleState, seat: int) -> int:
        return max(len(view.armies[seat]), int(view.setup.get("army", 3)))

    def focused_action(self) -> Action | None:
        """The action of the focused (or hovered) action button."""
        for button in self.buttons:
            if button.focused or button.glow > 0.5:
                index = int(button.name.split(".")[1])
                if 0 <= index < len(self.model.actions):
                    return self.model.actions[index]
        return None


def draft_slot(k: int, count: int) -> pygame.Rect:
    """The k-th free character's card laid on the board (four a row)."""
    cols = 4
    rows = max(1, -(-count // cols))
    area = lay.BOARD.inflate(-24, -50).move(0, 14)
    w = (area.w - (cols - 1) * 8) // cols
    h = min(140, (area.h - (rows - 1) * 8) // rows)
    col, row = k % cols, k // cols
    return pygame.Rect(area.x + col * (w + 8), area.y + row * (h + 8), w, h)


def move_rank(view: ChaostleState, action: Action) -> tuple[int, int]:
    """Which of several moves of one character to the same space a click plays: the plain
    roll first, then with battle-card movement added, then the battle-card move alone."""
    if action.kind == Act.MOVE:
        roll = view.turn.roll
        return (0 if len(action.args) > 2 and action.args[2] == roll else 1, 0)
    return (2 if action.kind == Act.CARD else 3, 0)
