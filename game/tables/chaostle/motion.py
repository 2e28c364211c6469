"""Chaostle's events turned into motion: dice thrown in the tray one roll after another,
what each roll does shown as it lands (the duel card, the fate card, numbers over the
standees, the log's line), standees' walks queued among the dice, and the log rebuilt
after a load or a hand-over. Mixed into ``ChaostleTable``."""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any

from game import theme
from game.floats import rise_from
from game.tables.chaostle.base import ChaostleBase
from game.tables.chaostle.parts import GAIN, LOSS, Figure
from game.tables.chaostle.popups import DuelPopup, FatePopup
from game.tables.chaostle.tray import QueuedTray, Roll
from game.tables.generic import roll_faces
from rules.chaostle.fates import fate_table
from rules.chaostle.state import ChaostleState
from rules.core import Event

FATE_CELL = re.compile(r"column (\d+), row (\d+)")
ROLLED = re.compile(r"rolls (\d+)")
OWN_ROLL = re.compile(r"\((\d)\)$")  # a skill, escape or Luck roll ends its words with "(face)"
ROLL_IN_WORDS = ("skill", "escape", "trap", "heal")
READ_TIME = 1.6  # seconds a doom fate's card is read before what it does is shown


class TableMotion(ChaostleBase):
    """Events to motion (the standees' own bookkeeping lives in ``ChaostleTable``)."""

    tray: QueuedTray
    fate: FatePopup
    duel: DuelPopup
    paths: dict[str, list[str]]
    pending: dict[str, int]
    figures: dict[str, Figure]
    start_walk: Callable[[str, list[str]], None]
    held: dict[str, tuple[int, tuple[str, ...]]]
    facing: str | None  # the character the last fate fell on
    shown_marks: Callable[[ChaostleState, str], tuple[str, ...]]

    def show_events(self, events: list[Event], viewer: int | None) -> None:
        """A new batch: the rolls of earlier batches land at once first (the player has
        moved on), then this batch's are thrown one after another, each line of the log
        written once what it tells has landed. Health and marks stay as they were until
        the batch has been shown; a fate card still up (accepted, declined, a controlling
        fate played) goes first, then its fate is acted out."""
        if self.tray.rolling:
            self.tray.skip()
        self.batch += 1
        view = self.view  # the view before this batch
        if view is not None:
            self.held = {c: (ch.hp, tuple(m for m in ("bad_vibes", "burden")
                                          if getattr(ch, m)))
                         for c, ch in view.chars.items()}
        if self.fate.pending and self.fate.alpha > 0.5 and self.fate.fate:  # decided now
            declined = any(e.kind == "fate" and "declines" in e.text for e in events)
            self.read_fate(acted=not declined and bool(events), pause=0.5)
        for event in events:
            if not event.visible(viewer):
                continue
            self.animate(event)
            self.tray.then(partial(self.write, event.text, self.batch))
        self.tray.then(self.release)
        self.log_scroll = 0

    def release(self) -> None:
        """The batch has been shown: health and marks as the view has them."""
        if self.held:
            self.held = {}
            view = self.view
            if view is not None:
                for cid, figure in self.figures.items():
                    if cid in view.chars:
                        figure.marks = self.shown_marks(view, cid)

    def read_fate(self, acted: bool, pause: float = READ_TIME) -> None:
        """The fate card has been read: it goes after ``pause`` and (``acted``) its name
        rises over the character meeting it as what it does is shown on the board."""
        fate, who = self.fate.fate, self.facing
        self.tray.hold(pause)
        self.tray.then(self.fate.put_away)
        if acted and fate:
            self.tray.then(lambda: self.act_fate(fate, who))

    def act_fate(self, fate: str, who: str | None) -> None:
        rules = fate_table()[0].get(fate)
        figure = self.figures.get(who) if who is not None else None
        if rules is None or figure is None or not figure.visible:
            return
        colour = GAIN if rules.card == "happiness" else LOSS
        rise_from(self, figure.x, figure.y - 40, rules.name, colour)

    def write(self, text: str, batch: int) -> None:
        """A line of the log, written as what it tells has been shown (after its dice)."""
        self.log.append((text, batch))
        self.wrap_log()

    def animate(self, event: Event) -> None:
        """Dice go to the tray one roll after another (movement, weapon rolls, castle
        strikes, skill and escape rolls, fates); what a roll does shows as it lands (the
        duel card's die, a number over the standee, the fate card's lit cell). Paths are
        kept for the standees."""
        data = event.data
        if event.kind == "fate" and isinstance(data.get("char"), str) \
                and not data.get("fate") and "must face a fate" in event.text:
            self.facing = data["char"]  # the character a fate about to be rolled falls on
        if event.kind in ("move", "frog"):
            if isinstance(data.get("char"), str) and isinstance(data.get("path"), list):
                cid, path = data["char"], [str(p) for p in data["path"]]
                self.paths[cid] = path
                self.pending[cid] = self.pending.get(cid, 0) + 1
                self.tray.then(lambda: self.start_walk(cid, path))
            return
        if event.kind == "battle" and isinstance(data.get("a"), str):
            view = self.view  # the view before this batch: health before the battle
            health = {c: view.chars[c].hp for c in (data.get("a"), data.get("d"))
                      if view is not None and c in view.chars}
            self.tray.then(lambda: self.declare(event, health))
        roll = self.dice_of(event)
        if roll is None:
            self.tray.then(lambda: self.float_words(event))
            return
        self.throw(roll, event.text, lambda: self.lands(event))
        fate = data.get("fate")
        rules = fate_table()[0].get(fate) if event.kind == "fate" and isinstance(fate, str) \
            else None
        if rules is not None and rules.card != "happiness":
            self.read_fate(acted=True)  # a doom fate acts at once, once its card is read

    def dice_of(self, event: Event) -> Roll | None:
        """The dice an event rolled, their colours and what they came to (None: it rolled
        nothing)."""
        data = event.data
        faces = [f for f in roll_faces(event) if isinstance(f, int)]
        if event.kind == "roll" and "faces" not in data and len(faces) == 1 \
                and 2 <= faces[0] <= 12:
            faces = split_sum(faces[0])  # two movement dice: the rules draw only their sum
        if faces:
            player = data.get("player")
            colour = self.dice_colour(None, player if isinstance(player, int)
                                      and player >= 0 else None)
            tally = (("total", sum(faces)),) if len(faces) > 1 else ()
            return Roll(faces, [colour] * len(faces), tally)
        words = None
        if event.kind in ("hit", "miss") and isinstance(data.get("roll"), int):
            return Roll([data["roll"]], [self.dice_colour(data.get("char"))], ())
        if event.kind == "castle":
            words = ROLLED.search(event.text)
        elif event.kind in ROLL_IN_WORDS:
            words = OWN_ROLL.search(event.text)
        elif event.kind == "fate" and isinstance(data.get("fate"), str):
            cell = FATE_CELL.search(event.text)
            if cell:
                return fate_roll(int(cell.group(1)), int(cell.group(2)))
        if words:
            return Roll([int(words.group(1))], [self.dice_colour(data.get("char"))], ())
        return None

    def lands(self, event: Event) -> None:
        """What a roll does, shown as its dice come to rest."""
        data = event.data
        if event.kind in ("hit", "miss"):
            self.duel.rolled(str(data.get("char")), str(data.get("target")),
                             int(data["roll"]), event)
        elif event.kind == "fate":
            cell = FATE_CELL.search(event.text)
            if cell:
                self.fate.show(str(data["fate"]), int(cell.group(1)), int(cell.group(2)))
        self.float_words(event)

    def declare(self, event: Event, health: dict[str, int]) -> None:
        view = self.view
        a, d = str(event.data["a"]), str(event.data.get("d"))
        if view is None or a not in view.chars or d not in view.chars:
            return
        self.duel.declare(a, d, int(event.data.get("range", 0)), "death" in event.text, view,
                          {c: self.char_colour(view, c) for c in (a, d)}, health)

    def reset_log(self, events: list[Event], viewer: int | None) -> None:
        """A rebuilt log. Nothing in Chaostle is hidden, so a hot-seat hand-over keeps the
        log and lets the dice in flight land; after a load the last dice thrown lie in the
        tray at rest, the duel card knows its last dice and the fate card its rolled cell."""
        self.tray.skip()  # whatever is still to land lands (and writes its lines) first
        seen = [e for e in events if e.visible(viewer)]
        if self.log and [t for t, _ in self.log] == [e.text for e in seen]:
            return
        self.log = [(e.text, 0) for e in seen]
        self.batch = 0
        rolled = [(e, roll) for e in seen if (roll := self.dice_of(e)) is not None]
        if rolled:
            event, roll = rolled[-1]
            self.throw(roll, event.text)
            self.tray.skip()
        for event in seen:
            if event.kind in ("hit", "miss") or event.kind == "fate":
                self.replay(event)
        self.wrap_log()

    def replay(self, event: Event) -> None:
        """Tell the duel and fate cards about a past roll, without showing anything."""
        data = event.data
        if event.kind in ("hit", "miss") and isinstance(data.get("roll"), int):
            self.duel.rolled(str(data.get("char")), str(data.get("target")),
                             int(data["roll"]), event)
        elif event.kind == "fate" and isinstance(data.get("fate"), str):
            cell = FATE_CELL.search(event.text)
            if cell:
                self.fate.place(data["fate"], int(cell.group(1)), int(cell.group(2)))

    def dice_colour(self, cid: object, seat: int | None = None) -> tuple[int, int, int]:
        """Dice in the colour of the character's (or seat's) army, lightened."""
        view = self.view
        if view is not None and isinstance(cid, str) and cid in view.chars:
            return theme.lighten(self.char_colour(view, cid), 40)
        if seat is not None:
            return theme.lighten(self.colour(seat), 40)
        return theme.CREAM

    def throw(self, roll: Roll, caption: str, on_land: Any = None) -> None:
        words = caption  # the tray's band wraps it in two lines
        who = caption.split(" rolls ", 1)[0] if " rolls " in caption else ""
        rolling = f"{who} rolls…" if who else "Rolling…"

        def landed() -> None:
            self.tray.caption = words  # what the roll did, once it shows
            if on_land is not None:
                on_land()

        self.tray.throw_roll(roll, rolling, landed)

    def float_words(self, event: Event) -> None:
        data = event.data
        who = data.get("target") if event.kind == "hit" else data.get("char")
        words, colour = "", LOSS
        if event.kind == "hit":
            words = f"-{data.get('loss', 0)}"
        elif event.kind == "wound":
            words = f"-{data.get('loss', 0)}"
        elif event.kind == "miss":
            words, colour = "Miss", theme.CREAM
        elif event.kind in ("heal", "toad"):
            words, colour = "Healed", GAIN
        elif event.kind == "conquered":
            words = "Conquered!"
        elif event.kind == "trap":
            words = "Trapped!"
        elif event.kind == "upgrade":
            words, colour = "+1 peg", theme.BRASS_LIGHT
        figure = self.figures.get(who) if isinstance(who, str) else None
        if words and figure is not None:
            rise_from(self, figure.x, figure.y - 26, words, colour)


RED, WHITE = (206, 70, 60), (238, 232, 218)  # the fate's red die and white dice


def fate_roll(column: int, row: int) -> Roll:
    """A fate's throw: the red die (the column) and two white dice that add up to the row.
    The rules draw the row as the two dice's sum; how it splits between them is the
    table's (the same split for the same sum), never a different row."""
    faces = [column, *split_sum(row)] if 2 <= row <= 12 else [column, row]
    colours = [RED] + [WHITE] * (len(faces) - 1)
    return Roll(faces, colours, (("column", column), ("row", row)))


def split_sum(total: int) -> list[int]:
    """Two dice faces adding up to ``total`` (2-12), the same two for the same sum: the
    rules draw a two-dice sum as one number (a fate's row, two movement dice), so how it
    splits between the dice is the table's, never a different sum."""
    low, high = max(1, total - 6), min(6, total - 1)
    first = low + (total * 7) % (high - low + 1)
    return [first, total - first]
