"""The pop-ups over the castle: the Card of Happiness or Doom a fate is rolled on (its
rolled column and row lit up), and the duel card of a battle (both characters' cards, the
last die each rolled, the weapon it picked and the damage done)."""

from __future__ import annotations

import re
from typing import Any

import pygame

from game import theme
from game.scene import SpriteNode
from game.tables.chaostle.cards import duel_side, fate_card
from game.tables.chaostle.layout import LISTED, Frame
from game.tables.chaostle.tray import die_face
from game.tween import ease_out_back
from rules.chaostle.fates import fate_table
from rules.chaostle.frames import Battle, Fate
from rules.chaostle.state import ChaostleState
from rules.core import Event

HEALTH_AFTER = re.compile(r"\(health (-?\d+)\)")  # a hit's words end with the health left
FATE_SHOWN = 3.2  # seconds a fate's card stays up when nothing is left to decide about it
DUEL_AFTER = 1.8  # seconds the duel card stays up once the battle is over
DUEL_H = 344  # the duel card's height: its foot holds the choices (fight on, Smoke Screen)
DUEL_W = 500  # its width: the roster's in the listed frame; each side's weapons whole
DUEL_SIDE = (DUEL_W - 20 - 60) // 2  # a side's card (the dice and "VS" between them)


class FatePopup(SpriteNode):
    """The fate card, shown when a fate is rolled and while its owner decides on it."""

    def __init__(self) -> None:
        super().__init__(LISTED.board.centerx, LISTED.board.centery, 392, 392, name="fate")
        self.alpha, self.z = 0.0, 70
        self.frame = LISTED  # the table's areas: over the castle, or aside over the roster
        self.fate: str | None = None
        self.column: int | None = None
        self.row: int | None = None
        self.pending = False

    def place(self, fate: str, column: int, row: int) -> None:
        """Remember the last fate rolled without showing it (a log rebuilt after a load)."""
        self.fate, self.column, self.row = fate, column, row

    def show(self, fate: str, column: int | None, row: int | None, pop: bool = True) -> None:
        """Put the card up (popping out when it is rolled now, still after a load); it
        goes again after a few seconds unless a decision keeps it."""
        self.fate, self.column, self.row = fate, column, row
        self.x = self.frame.board.centerx
        self.tweens.tweens.clear()
        self.alpha, self.scale = 1.0, 0.85 if pop else 1.0
        if pop:
            self.tween("scale", 1.0, 0.35, ease_out_back)
        self.tween("alpha", 0.0, 0.4, delay=FATE_SHOWN)

    def put_away(self) -> None:
        """The card has been read: it goes (what the fate does is shown on the board)."""
        if self.alpha > 0 and not self.pending:
            self.tweens.tweens.clear()
            self.tween("alpha", 0.0, 0.3)

    def follow(self, view: ChaostleState, rolling: bool = False) -> None:
        """Stay up while a happiness fate waits to be accepted or declined (after a load
        too); go once it is settled. While its dice still roll (``rolling``) the card is
        up with nothing lit: its column and row light as the dice land."""
        frame = next((f for f in reversed(view.queue.frames) if isinstance(f, Fate)
                      and f.step not in ("column", "row")), None)
        if frame is not None and frame.fate:
            column = frame.column
            known = self.fate == frame.fate and self.column == column
            if rolling and not known:
                self.show(frame.fate, None, None, pop=False)
            elif not self.pending or not known:
                row = self.row if known else first_row(frame.fate, column)
                self.show(frame.fate, column, row, pop=False)
            # moving an opponent by a fate: the card stands aside, over the roster, so
            # that the spaces they may be moved to show
            home = self.frame.roster if frame.step == "control" else self.frame.board
            self.x = home.centerx
            self.pending = True
            self.tweens.tweens = [t for t in self.tweens.tweens if t.delay <= 0]
            if not self.tweens.busy:
                self.alpha = 1.0
            return
        if self.pending:
            self.pending = False
            self.tween("alpha", 0.0, 0.4, delay=0.6)

    def look_key(self) -> object:
        return (self.fate, self.column, self.row)

    def render(self) -> pygame.Surface:
        if self.fate is None:
            return super().render()
        fates, columns = fate_table()
        card = fates[self.fate].card if self.fate in fates else "doom"
        cols = list(columns[:3] if card == "happiness" else columns[3:6])
        names = {k: f.name for k, f in fates.items()}
        played = fates[self.fate].name if self.fate in fates else ""
        return fate_card(int(self.w), int(self.h), card, cols, names, self.column, self.row,
                         played)


def first_row(fate: str, column: int) -> int | None:
    """The row (2-12) on which a fate first stands in a column (1-6)."""
    _, columns = fate_table()
    if not 1 <= column <= len(columns) or fate not in columns[column - 1]:
        return None
    return columns[column - 1].index(fate) + 2


class DuelPopup(SpriteNode):
    """A battle as two character cards facing each other, the last die each side rolled
    between them and what it did."""

    def __init__(self) -> None:
        super().__init__(LISTED.board.centerx, LISTED.board.centery + 10, DUEL_W, DUEL_H,
                         name="duel")
        self.alpha, self.z = 0.0, 65
        self.view: ChaostleState | None = None
        self.frame: Battle | None = None
        self.faces: dict[str, int] = {}
        self.words = ""
        self.stamp = 0
        self.colours: dict[str, tuple[int, int, int]] = {}
        self.on = False  # the view is in this battle now
        self.pair: frozenset[str] = frozenset()
        self.hurt: tuple[str, int] | None = None  # who the last hit hurt, and by how much
        self.health: dict[str, int] = {}  # health blow by blow, while the dice land

    def declare(self, a: str, d: str, range_: int, contest: bool, view: ChaostleState,
                colours: dict[str, tuple[int, int, int]], health: dict[str, int]) -> None:
        """A battle begins (``health``: both sides' before it): the card pops up (unless it
        already shows this battle)."""
        pair = frozenset((a, d))
        self.health = dict(health)
        if self.on and pair == self.pair:
            return
        # the card needs only whether this is a fight for a space, not the mover's path
        self.frame = Battle(a=a, d=d, range=range_, next=a, contest=[a, d] if contest else None)
        self.view, self.colours, self.pair = view, colours, pair
        self.faces, self.words, self.hurt = {}, "", None
        self.appear(pop=True)

    def appear(self, pop: bool) -> None:
        self.tweens.tweens.clear()
        self.alpha, self.scale = 1.0, 0.9 if pop else 1.0
        if pop:
            self.tween("scale", 1.0, 0.3, ease_out_back)
        self.stamp += 1

    def follow(self, view: ChaostleState, table: Any) -> None:
        """Show the battle the view is in (after a load too); keep the last one up a moment
        once it is over (``fade`` starts that when its dice have landed)."""
        frame = view.queue.find(Battle)
        if frame is not None:
            pair = frozenset((frame.a, frame.d))
            if pair != self.pair:
                self.faces, self.words, self.hurt, self.health = {}, "", None, {}
            fading = any(t.attr == "alpha" for t in self.tweens.tweens)
            if self.alpha < 1.0 or fading:
                self.appear(pop=False)
            self.pair, self.frame, self.on = pair, frame.clone(), True
        else:
            self.on = False
        if self.frame is not None:
            self.view = view
            self.colours = {c: table.char_colour(view, c) for c in (self.frame.a,
                                                                    self.frame.d)
                            if c in view.chars}
            self.stamp += 1

    def settle(self) -> None:
        """Every die has landed: health as the view has it from now on."""
        if self.health:
            self.health = {}
            self.stamp += 1

    def fade(self) -> None:
        """The battle is over and its dice have landed: go after a moment."""
        if not self.on and self.frame is not None and self.alpha > 0 and not self.tweens.busy:
            self.tween("alpha", 0.0, 0.4, delay=DUEL_AFTER, on_done=self.forget)

    def forget(self) -> None:
        self.frame = None
        self.stamp += 1

    def rolled(self, cid: str, target: str, face: int, event: Event) -> None:
        """A weapon roll in this battle: its die, its words and the damage it did."""
        pair = frozenset((cid, target))
        if pair != self.pair:
            self.faces, self.pair, self.health = {}, pair, {}
        self.faces[cid] = face
        after = HEALTH_AFTER.search(event.text)
        if event.kind == "hit" and after:
            self.health[target] = int(after.group(1))
        loss = event.data.get("loss")
        self.hurt = (target, int(loss)) if event.kind == "hit" and isinstance(loss, int) \
            else None
        self.words = event.text
        self.stamp += 1

    def look_key(self) -> object:
        return self.stamp

    def render(self) -> pygame.Surface:
        surf = super().render()
        if self.frame is None or self.view is None:
            return surf
        rect = surf.get_rect()
        pygame.draw.rect(surf, (0, 0, 0, 120), rect.move(4, 6), border_radius=14)
        pygame.draw.rect(surf, (58, 40, 30), rect, border_radius=14)
        pygame.draw.rect(surf, theme.BRASS, rect, 3, border_radius=14)
        f = self.frame
        title = "Fight to the death for the space" if f.contest else \
            f"Battle at range {f.range}"
        theme.text(surf, title, (rect.centerx, 20), 20, theme.BRASS_LIGHT, "display", "center")
        if f.smoke:
            theme.text(surf, "Smoke Screen: every range -1", (rect.centerx, 40), 12,
                       theme.PARCHMENT_DIM, anchor="center")
        side_w = DUEL_SIDE
        for k, cid in enumerate((f.a, f.d)):
            box = pygame.Rect(10 if k == 0 else rect.w - 10 - side_w, 50, side_w, 206)
            if cid in self.view.chars:
                duel_side(surf, box, self.view, cid, self.colours.get(cid, theme.MUTED),
                          self.faces.get(cid), self.on and f.next == cid,
                          f.range, f.smoke, self.health.get(cid))
            if self.hurt is not None and self.hurt[0] == cid:
                words = theme.rendered(f"-{self.hurt[1]}", 22, theme.CREAM, "display")
                badge = words.get_rect(center=(box.right - 26, box.y - 2)).inflate(16, 6)
                pygame.draw.rect(surf, (180, 50, 40), badge, border_radius=12)
                pygame.draw.rect(surf, theme.CREAM, badge, 2, border_radius=12)
                surf.blit(words, words.get_rect(center=badge.center))
            face = self.faces.get(cid)
            if face is not None:
                die = die_face(face, theme.lighten(self.colours.get(cid, theme.MUTED),
                                                          40), 34)
                spot = (rect.centerx, 100 + k * 70)
                surf.blit(die, die.get_rect(center=spot))
        theme.text(surf, "VS", (rect.centerx, 74), 18, theme.BRASS_LIGHT, "display", "center")
        for k, line in enumerate(theme.wrap(self.words, rect.w - 30, 12)[:2]):
            theme.text(surf, line, (rect.centerx, 268 + 15 * k), 12, theme.CREAM,
                       anchor="center")
        return surf


def place_popups(frame: Frame, fate: FatePopup, duel: DuelPopup) -> None:
    """The fate card over the frame's castle; the duel card over the roster, so that the
    two standees facing off on the castle stay in sight (the roster's health would give
    the blows away early anyway, and the card shows them blow by blow)."""
    fate.frame = frame
    fate.x, fate.y = frame.board.centerx, frame.board.centery
    duel.x, duel.y = frame.roster.centerx, frame.roster.centery
