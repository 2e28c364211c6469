"""What a click on Chaostle's table plays: lit spaces (moves, entries, leap frogs, a fate's
control), the way a move is made (the roll, with battle-card movement, the card alone, a
leap frog), crowns, draft cards, rings round standees (who moves or attacks, whom to
attack, a skill's target), peg holes, the keep, the dice tray (the movement roll), and the
buttons on the fate and duel cards. Each declares the legal actions it leads to
(``Widget.leads``) and plays them through ``choose``, the same path as the action buttons;
where one click could mean several actions a small choice pops up beside it. Mixed into
``ChaostleTable``."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

import pygame

import game.tables.chaostle.layout as lay
from game import theme
from game.tables.chaostle.base import ChaostleBase
from game.tables.chaostle.cards import peg_rect, slim_card
from game.tables.chaostle.choice import (
    AIMED,
    ON_SPACE,
    OWN,
    WAY_WORDS,
    WAYS,
    choice_buttons,
    choice_words,
    end_space,
    move_path,
    mover,
    way,
)
from game.tables.chaostle.parts import GAIN, LOSS, ChoiceButton, DraftCard, Target
from game.tables.chaostle.popups import DuelPopup, FatePopup
from game.widgets import Widget
from rules.chaostle.kinds import Act, Phase
from rules.chaostle.state import ChaostleState
from rules.core import Action

MOVES = (Act.MOVE, Act.CARD, Act.ENTER)  # actions that end on a space of the board
WAY_H = 28  # a way button's height (two rows of two under the castle plaque)


class BoardClicks(ChaostleBase):
    """The board's click targets (``targets``), rebuilt with every refresh."""

    targets: list[Widget]
    selected: str | None
    #: the way of moving shown (None: every space lit with its plainest move)
    way: str | None
    #: a small choice popped up beside a target: its actions and where it stands
    choosing: tuple[Action, ...]
    choosing_at: pygame.Rect
    fate: FatePopup
    duel: DuelPopup

    def mark_targets(self) -> None:
        """Light up what a click can play: spaces a move ends on, opponents a battle
        attacks, crowns, draft cards, peg holes, the keep, the tray and the cards' buttons."""
        for target in self.targets:
            self.remove(target)
        self.targets = []
        view, actions = self.view, self.model.actions
        if view is None or not actions:
            return
        choosers = {mover(a) for a in actions if a.kind in ON_SPACE} | \
            {str(a.args[0]) for a in actions if a.kind == Act.BATTLE and len(a.args) >= 2}
        if self.selected not in choosers:
            self.selected = None
        if self.way not in self.ways(view, actions):
            self.way = None
        if not set(self.choosing) <= set(actions):
            self.choosing = ()
        self.mark_draft(view, actions)
        self.mark_crowns(view, actions)
        self.mark_moves(view, actions)
        self.mark_ways(view, actions)
        self.mark_battles(view, actions)
        self.mark_skills(view, actions)
        self.mark_pegs(view, actions)
        self.mark_keep(view, actions)
        self.mark_fate(actions)
        self.mark_duel(actions)
        self.mark_roll(actions)
        if self.choosing:
            self.targets += choice_buttons(self.choosing_at, self.choosing,
                                           [choice_words(view, a) for a in self.choosing],
                                           self.take)
        for target in self.targets:
            self.add(target)

    def target(self, rect: pygame.Rect, words: str, colour: tuple[int, int, int], name: str,
               action: Action | None = None, round_: bool = False,
               on_activate: Any = None, wash: float = 1.0,
               leads: Sequence[Action] | None = None,
               path: Sequence[tuple[float, float]] = (), board: bool = False) -> Target:
        """A target; ``board``: it marks something on the castle (its words show in the
        castle's caption band, and it hides while zoomed out of sight)."""
        act = on_activate or (lambda a=action: self.choose(a))
        target = Target(rect, words, colour, name, act, round_, action, wash)
        if board:
            target.caption = self.caption_band()
            target.inside = self.frame.board
            target.visible = self.cam.shows(rect.center)
        target.leads = tuple(leads) if leads is not None else \
            ((action,) if action is not None else ())
        target.path = list(path)
        self.targets.append(target)
        return target

    def offer(self, rect: pygame.Rect, actions: Sequence[Action]) -> None:
        """One action: play it. Several: pop up a choice beside ``rect`` (a second click
        there takes it away)."""
        if len(actions) == 1:
            self.choose(actions[0])
            return
        same = set(self.choosing) == set(actions)
        self.choosing = () if same else tuple(actions)
        self.choosing_at = rect
        self.mark_targets()

    def group_target(self, rect: pygame.Rect, words: str, colour: tuple[int, int, int],
                     name: str, group: Sequence[Action], round_: bool = False,
                     board: bool = False) -> None:
        """A target that plays its one action, or pops up a choice of its several."""
        self.target(rect, words, colour, name, group[0] if len(group) == 1 else None, round_,
                    on_activate=partial(self.offer, rect, tuple(group)), leads=group,
                    board=board)

    def caption_band(self) -> pygame.Rect:
        """Where a hovered board target's words show: a band along the castle's foot, over
        the moat (never over a standee)."""
        box = self.frame.board
        return pygame.Rect(box.x + 10, box.bottom - 24, box.w // 2 - 50, 20)

    def mark_draft(self, view: ChaostleState, actions: tuple[Action, ...]) -> None:
        """The draft (and a mercenary to hire): every character still free as a card over
        the board; the ones a legal action takes play it when clicked."""
        takes = {a.args[0]: a for a in actions if a.kind in (Act.PICK, Act.MERCENARY) and a.args}
        if not takes:
            return
        for cid, (k, count) in draft_places(view).items():
            action = takes.get(cid)
            rect = draft_slot(self.frame.board, k, count)
            play = (lambda a=action: self.choose(a)) if action is not None else None
            card = DraftCard(rect, view.cards[cid], f"draft.{cid}", play, action)
            card.leads = (action,) if action is not None else ()
            if action is None:
                card.why_not = why_not_drafted(view)
            self.targets.append(card)

    def mark_crowns(self, view: ChaostleState, actions: tuple[Action, ...]) -> None:
        for a in actions:
            if a.kind == Act.CROWN and a.args and a.args[0] in view.board.crowns:
                crown = view.board.crowns[a.args[0]]
                rect = self.cam.space_rect(view.board.spaces[crown.start]).inflate(6, 6)
                colour = theme.NAMED_COLOURS.get(str(crown.colour).lower(), theme.BRASS)
                self.target(rect, f"{crown.colour} {crown.title}".title(), colour,
                            f"crown.{a.args[0]}", a, board=True)

    def space_moves(self, view: ChaostleState, actions: tuple[Action, ...]) -> list[Action]:
        return [a for a in actions if a.kind in ON_SPACE and end_space(a) in view.board.spaces]

    def mark_moves(self, view: ChaostleState, actions: tuple[Action, ...]) -> None:
        """Each space a move of the selected character (or of the only character that
        can get there) ends on, made the way chosen (else the plainest way); a click on
        one of your standees selects it. Hovering a space shows the path to it."""
        moves = self.space_moves(view, actions)
        movers = sorted({mover(a) for a in moves})
        by_space: dict[str, list[Action]] = {}
        for a in moves:
            if (self.selected is None or mover(a) == self.selected) \
                    and (self.way is None or way(view, a) == self.way):
                by_space.setdefault(end_space(a), []).append(a)
        for space, group in sorted(by_space.items()):
            if len({mover(a) for a in group}) != 1:
                continue  # two characters could end here: select one first
            group.sort(key=lambda a: move_rank(view, a))
            if self.way is None:
                group = group[:1]  # the plainest way: the others under their way's button
            rect = self.cam.space_rect(view.board.spaces[space]).inflate(4, 4)
            who = mover(group[0])
            words = f"{view.name(who)} to {view.space_label(space)}"
            path = [self.cam.space_xy(view.board.spaces[sp]) for sp in move_path(view, group[0])
                    if sp in view.board.spaces]
            self.target(rect, words, self.char_colour(view, who), f"space.{space}",
                        group[0] if len(group) == 1 else None,
                        on_activate=partial(self.offer, rect, tuple(group)), leads=group,
                        path=path, board=True)
        if len(movers) > 1:
            for cid in movers:
                self.mark_mover(view, cid, leads=[a for a in moves if mover(a) == cid])

    def ways(self, view: ChaostleState, actions: tuple[Action, ...]) -> list[str]:
        """The ways of moving the moves shown now are made (with two or more: buttons)."""
        found = {way(view, a) for a in self.space_moves(view, actions)
                 if self.selected is None or mover(a) == self.selected}
        return [w for w in WAYS if w in found]

    def mark_ways(self, view: ChaostleState, actions: tuple[Action, ...]) -> None:
        """A button per way a move can be made this turn (the roll, with battle-card
        movement, the card alone, a leap frog): a click lights only that way's spaces (and
        a space reached more than one way asks which); again, every way."""
        ways = self.ways(view, actions)
        if len(ways) < 2:
            return
        moves = [a for a in self.space_moves(view, actions)
                 if self.selected is None or mover(a) == self.selected]
        area = self.ways_rect()
        w = (area.w - 6) // 2
        for k, name in enumerate(ways):
            rect = pygame.Rect(area.x + (k % 2) * (w + 6), area.y + 18 + (k // 2) * (WAY_H + 4),
                               w, WAY_H)
            on = self.way == name
            words = WAY_WORDS[name] + (f": {view.turn.roll}" if name == "roll" else "")
            button = ChoiceButton(rect.centerx, rect.centery, rect.w, rect.h, words,
                            name=f"way.{name}", on_activate=partial(self.pick_way, name),
                            primary=on, size=13)
            button.leads = () if on else tuple(a for a in moves if way(view, a) == name)
            self.targets.append(button)

    def ways_rect(self) -> pygame.Rect:
        """Where the way buttons stand: under the castle plaque, above the log."""
        log = self.frame.log
        return pygame.Rect(log.x, log.y, log.w, 18 + 2 * (WAY_H + 4))

    def showing_ways(self) -> bool:
        view = self.view
        return view is not None and len(self.ways(view, self.model.actions)) > 1

    def pick_way(self, name: str) -> None:
        self.way = None if self.way == name else name
        self.choosing = ()
        self.mark_targets()

    def mark_mover(self, view: ChaostleState, cid: str, verb: str = "Move",
                   leads: Sequence[Action] = ()) -> None:
        """A ring round one of several movers' (or attackers') standee (or, off the board,
        its card): a click shows only its moves (or battles)."""
        at = view.chars[cid].at
        again = cid == self.selected
        if view.chars[cid].status == "play" and at in view.board.spaces:
            rect = self.cam.space_rect(view.board.spaces[at]).inflate(10, 10)
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
                    on_activate=lambda c=cid: self.select(c), wash=1.0 if round_ else 0.3,
                    leads=() if again else leads, board=round_)

    def select(self, cid: str) -> None:
        """Show only this character's moves (again: everyone's)."""
        self.selected = None if self.selected == cid else cid
        self.choosing = ()
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
            rect = self.cam.space_rect(view.board.spaces[at]).inflate(12, 12)
            words = f"{view.name(group[0].args[0])} attacks {view.name(foe)}"
            self.target(rect, words, LOSS, f"attack.{foe}", group[0], round_=True, board=True)
        if len(attackers) > 1 and (shared or self.selected is not None):
            for cid in attackers:
                self.mark_mover(view, cid, "Attack with",
                                [a for a in battles if a.args[0] == cid])

    def mark_skills(self, view: ChaostleState, actions: tuple[Action, ...]) -> None:
        """A ring round each standee a skill can be used on (Bolt of Terror, Arrow
        Dynamics, Healing Powers, a Fire Wall: at its target; Rejuvenated Healing: at the
        healer): one skill plays at a click, several pop up a choice."""
        by_char: dict[str, list[Action]] = {}
        for a in actions:
            if a.kind in AIMED and len(a.args) >= 2:
                by_char.setdefault(str(a.args[1]), []).append(a)
            elif a.kind in OWN and a.args:
                by_char.setdefault(str(a.args[0]), []).append(a)
        for cid, group in sorted(by_char.items()):
            at = view.chars[cid].at
            if at not in view.board.spaces:
                continue
            rect = self.cam.space_rect(view.board.spaces[at]).inflate(12, 12)
            kind = group[0].kind
            colour = GAIN if kind in (Act.HEAL, Act.REJUVENATE) else LOSS
            words = choice_words(view, group[0]) if len(group) == 1 else \
                f"{view.name(cid)}: {len(group)} skills"
            self.group_target(rect, words, colour, f"skill.{cid}", group, round_=True,
                              board=True)

    def mark_pegs(self, view: ChaostleState, actions: tuple[Action, ...]) -> None:
        """A peg hole per item an upgrade may raise (on a slim card: the card, with the
        items popping up beside it)."""
        slim: dict[str, list[Action]] = {}
        for a in actions:
            if a.kind != Act.UPGRADE or len(a.args) != 2:
                continue
            cid, item = str(a.args[0]), str(a.args[1])
            card = self.card_rect(view, cid)
            hole = peg_rect(card, item) if card is not None and not slim_card(card) else None
            if hole is not None:
                self.target(hole.inflate(2, 2), str(a).split(": ", 1)[-1], theme.BRASS_LIGHT,
                            f"peg.{cid}.{item}", a, round_=True)
            elif card is not None:
                slim.setdefault(cid, []).append(a)
        for cid, group in slim.items():
            card = self.card_rect(view, cid)
            if card is not None:
                self.group_target(card.inflate(4, 4), f"Upgrade {view.name(cid)}",
                                  theme.BRASS_LIGHT, f"upgrade.{cid}", group)

    def mark_keep(self, view: ChaostleState, actions: tuple[Action, ...]) -> None:
        """Sanctuary's keep: a strike at the castle or the way in (several strikers: a
        choice of who)."""
        strikes = [a for a in actions if a.kind in (Act.CASTLE, Act.SANCTUARY)]
        if not strikes:
            return
        r = round(lay.KEEP_RADIUS * self.cam.unit) + 4
        x, y = self.cam.to_px(0.0, 0.0, 2.0)
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = (round(x), round(y))
        words = str(strikes[0]) if len(strikes) == 1 else "Strike the castle or enter"
        self.group_target(rect, words, theme.BRASS_LIGHT, "keep", strikes, round_=True,
                          board=True)

    def mark_fate(self, actions: tuple[Action, ...]) -> None:
        """Accept and Decline on the fate card itself while a happiness fate waits; a
        controlling fate's "leave them where they are" on it too."""
        choices = [a for a in actions if a.kind in (Act.ACCEPT, Act.DECLINE)]
        release = [a for a in actions if a.kind == Act.RELEASE]
        if len(choices) == 2:
            for k, action in enumerate(sorted(choices, key=lambda a: a.kind != Act.ACCEPT)):
                self.card_button(self.fate.x + (-80 if k == 0 else 80),
                                 self.fate.y + self.fate.h / 2 - 46, 140,
                                 action.kind.capitalize(), f"fate.{action.kind}", action,
                                 k == 0)
        elif release:
            self.card_button(self.fate.x, self.fate.y + self.fate.h / 2 - 46, 300,
                             "Leave them where they are", "fate.release", release[0], False)

    def mark_duel(self, actions: tuple[Action, ...]) -> None:
        """On the duel card: fight on or end the battle after a miss; blow a Smoke Screen
        before it (not blowing one is the End button)."""
        y = self.duel.y + self.duel.h / 2 - 26
        pair = [a for a in actions if a.kind in (Act.FIGHT_ON, Act.END_BATTLE)]
        for k, action in enumerate(sorted(pair, key=lambda a: a.kind != Act.FIGHT_ON)):
            words = "Fight on" if action.kind == Act.FIGHT_ON else "End the battle"
            self.card_button(self.duel.x + (-110 if k == 0 else 110), y, 200, words,
                             f"duel.{action.kind}", action, k == 0)
        for action in actions:
            if action.kind == Act.SMOKE:
                self.card_button(self.duel.x, y, 260, "Blow a Smoke Screen", "duel.smoke",
                                 action, True)

    def card_button(self, x: float, y: float, w: int, words: str, name: str, action: Action,
                    primary: bool) -> None:
        button = ChoiceButton(x, y, w, 32, words, name=name,
                              on_activate=partial(self.take, action), primary=primary, size=14)
        button.leads = (action,)
        self.targets.append(button)

    def mark_roll(self, actions: tuple[Action, ...]) -> None:
        """The dice tray (below its words): a click rolls for movement."""
        roll = next((a for a in actions if a.kind == Act.ROLL), None)
        if roll is not None:
            self.target(self.frame.dice.inflate(-4, -4), "Roll for movement", theme.BRASS_LIGHT,
                        "roll", roll, wash=0.4)

    def card_rect(self, view: ChaostleState, cid: str) -> pygame.Rect | None:
        """Where a character's card lies in its army's row."""
        for seat, army in enumerate(view.armies):
            if cid in army:
                return lay.card_rect(self.frame.roster, view.num_players, seat, army.index(cid),
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


def why_not_drafted(view: ChaostleState) -> str:
    """Why a free character cannot be chosen now (the draft allows some, not this one)."""
    if view.setup.get("draft") == "six points":
        return ("Not now: in a six-point draft an army's levels add up to six at most, "
                "and with this one yours could not be completed")
    return "Not now: only the characters lit may be chosen"


def draft_places(view: ChaostleState) -> dict[str, tuple[int, int]]:
    """Each free character's place among the cards laid out, and how many places there
    are: during the draft every character keeps the place it had at the start (a card
    taken leaves its gap, the rest do not move under the pointer); a mercenary to hire
    is chosen from the few left, laid out close together."""
    pool = [c for c, ch in view.chars.items() if ch.status == "pool"]
    if view.phase == Phase.DRAFT:
        every = list(view.chars)
        return {cid: (every.index(cid), len(every)) for cid in pool}
    return {cid: (k, len(pool)) for k, cid in enumerate(pool)}


def draft_slot(board: pygame.Rect, k: int, count: int) -> pygame.Rect:
    """The k-th free character's card laid on the board (four a row)."""
    cols = 4
    rows = max(1, -(-count // cols))
    area = board.inflate(-24, -50).move(0, 14)
    w = (area.w - (cols - 1) * 8) // cols
    h = min(140, (area.h - (rows - 1) * 8) // rows)
    col, row = k % cols, k // cols
    return pygame.Rect(area.x + col * (w + 8), area.y + row * (h + 8), w, h)


def move_rank(view: ChaostleState, action: Action) -> tuple[int, int]:
    """Which of several moves of one character to the same space a click plays: the plain
    roll first, then with battle-card movement added, then the battle-card move alone,
    then a leap frog."""
    if action.kind == Act.MOVE:
        roll = view.turn.roll
        return (0 if len(action.args) > 2 and action.args[2] == roll else 1, 0)
    return ({Act.CARD: 2, Act.FROG: 4}.get(Act(action.kind), 3), 0)
