"""Chaostle's own table: the three-level castle drawn as stepped stone terraces with a
standee per character that hops space by space along the path it took; each army's
character cards (health, movement, armour, pegs) with the player to move lit; the Card of
Happiness / Card of Doom when a fate is rolled; a duel card while a battle is fought; the
castle's health; the dice in the tray. A click on a lit space, standee, card or peg hole
plays that action; every legal action also stays on the generic action buttons."""

from __future__ import annotations

import json
import re
from typing import Any

import pygame

from game import theme
from game.tables import chaostle_layout as lay
from game.tables.chaostle_board import draw_castle, draw_crown_glyph, draw_traps, trap_rect
from game.tables.chaostle_cards import army_head, character_card, peg_rect
from game.tables.chaostle_parts import (
    GAIN,
    LOSS,
    DraftCard,
    Figure,
    FloatText,
    QueuedTray,
    Target,
    draft_face,
)
from game.tables.chaostle_popups import DuelPopup, FatePopup
from game.tables.generic import GenericTable, TableModel, roll_faces
from game.widgets import Button, Widget
from rules.core import Action, Event, Panel

MOVES = ("move", "card", "enter")  # actions that end on a space of the board
FATE_CELL = re.compile(r"column (\d+), row (\d+)")
ROLLED = re.compile(r"rolls (\d+)")
OWN_ROLL = re.compile(r"\((\d)\)$")  # a skill, escape or Luck roll ends its words with "(face)"
ROLL_IN_WORDS = ("skill", "escape", "trap", "heal")


class ChaostleTable(GenericTable):
    """The castle as a board game; the action buttons stay in the strip below."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.remove(self.tray)
        self.tray = QueuedTray(lay.TRAY.centerx, lay.TRAY.centery, lay.TRAY.w, lay.TRAY.h)
        self.add(self.tray)
        self.panels_area = pygame.Rect(lay.BOARD.x, lay.BOARD.y, 0, 0)  # no text panels
        self.look: tuple[object, ...] = ()  # what the still layer shows (see static_key)
        self.figures: dict[str, Figure] = {}
        self.places: dict[str, str] = {}
        self.trapped: dict[str, str] = {}
        self.paths: dict[str, list[str]] = {}  # the last path each character moved along
        self.pending: dict[str, int] = {}  # walks waiting in the tray's queue, by character
        self.heading: dict[str, str] = {}  # where a standee is already hopping to
        self.leaving: set[str] = set()  # standees that fade once the dice before have landed
        self.targets: list[Widget] = []
        self.selected: str | None = None
        self.fate = FatePopup()
        self.duel = DuelPopup()
        self.add(self.fate)
        self.add(self.duel)

    # -- geometry ------------------------------------------------------------------------
    def log_rect(self) -> pygame.Rect:
        return lay.LOG

    def seat_rect(self, seat: int) -> pygame.Rect:
        row = lay.army_row(len(self.seat_names), seat)
        return pygame.Rect(row.x, row.y, row.w, 24)

    def colour(self, seat: int) -> tuple[int, int, int]:
        """An army's colour: its crown's once taken, else the seat's."""
        view = self.model.view
        crowns = getattr(view, "crowns", None)
        if crowns and 0 <= seat < len(crowns) and crowns[seat]:
            crown = view.board.crowns[crowns[seat]]
            return theme.NAMED_COLOURS.get(str(crown.colour).lower(), theme.BRASS)
        return super().colour(seat)

    def char_colour(self, view: Any, cid: str) -> tuple[int, int, int]:
        owner = view.chars[cid].get("owner")
        return self.colour(int(owner)) if owner is not None else theme.MUTED

    def _masonry(self) -> list[tuple[Panel, pygame.Rect, list[str]]]:
        return []  # everything the panels say is drawn

    # -- model -> nodes ----------------------------------------------------------------------
    def refresh(self, model: TableModel, panels: list[Panel]) -> None:
        if model.actions != self.model.actions:
            self.selected = None
        super().refresh(model, panels)
        view = model.view
        if view is None:
            return
        draw_castle(view)  # drawn once per board: here rather than inside a timed frame
        position = json.dumps(view.to_json(), sort_keys=True, default=str)
        self.look = (position, model.actions, model.actor, model.ending, model.viewer)
        self.place_figures(view)
        self.fate.follow(view)
        self.duel.follow(view, self)
        self.mark_targets()

    def place_figures(self, view: Any) -> None:
        """A standee per character in play; one whose space changed hops there along the
        path it took (or straight there after a load) unless its walk waits its turn
        behind the dice; one that left play fades away once the dice before have landed."""
        seen = set()
        for cid, ch in view.chars.items():
            at = ch.get("at")
            if ch.get("status") != "play" or at not in view.board.spaces:
                continue
            seen.add(cid)
            figure = self.figures.get(cid)
            if figure is None:
                figure = self.new_figure(view, cid, self.paths.get(cid))
            elif self.places.get(cid) != at and self.heading.get(cid) != at \
                    and not self.pending.get(cid):
                self.walk_figure(view, figure, self.paths.pop(cid, None), at)
                self.heading[cid] = at
            figure.health = ch.get("hp", 0) / max(1, view.max_hp(cid))
            figure.marks = tuple(m for m in ("bad_vibes", "burden") if ch.get(m))
            figure.colour = self.char_colour(view, cid)
            self.places[cid] = at
        for cid in [c for c in self.figures if c not in seen and c not in self.leaving]:
            self.leaving.add(cid)
            self.tray.then(lambda c=cid: self.retire(c))
        self.trapped = {c: ch["trap"] for c, ch in view.chars.items()
                        if ch.get("status") == "trap" and ch.get("trap")}

    def start_walk(self, cid: str, path: list[str]) -> None:
        """A move event's turn in the tray's queue: the standee hops along its path."""
        self.pending[cid] = max(0, self.pending.get(cid, 0) - 1)
        figure, view = self.figures.get(cid), self.model.view
        if figure is None or view is None or cid in self.leaving or not path:
            return  # not standing yet: it is stood at the path's start and walks then
        self.paths.pop(cid, None)
        self.heading[cid] = path[-1]
        self.walk_figure(view, figure, path, path[-1])

    def stand_point(self, view: Any, space: str) -> tuple[float, float]:
        x, y = lay.space_xy(view.board.spaces[space])
        return x, y - 12

    def new_figure(self, view: Any, cid: str, path: list[str] | None) -> Figure:
        card = view.cards[cid]
        at = view.chars[cid]["at"]
        start = path[0] if path else at
        x, y = self.stand_point(view, start)
        if cid in self.trapped and self.trapped[cid] in view.board.traps:
            x, y = trap_rect(view.board.traps[self.trapped[cid]]).center
        figure = Figure(x, y, lay.abbreviation(card.type), self.char_colour(view, cid),
                        int(card.level), name=f"figure.{cid}")
        figure.z = 10 + y / 1000
        self.figures[cid] = figure
        self.add(figure)
        if self.pending.get(cid):
            return figure  # its walk comes in the tray's queue
        self.paths.pop(cid, None)
        if path and len(path) > 1 or (x, y) != self.stand_point(view, at):
            self.walk_figure(view, figure, path, at)
            self.heading[cid] = at
        return figure

    def walk_figure(self, view: Any, figure: Figure, path: list[str] | None, at: str) -> None:
        """Hop along the path (when the last move event gave one ending here), else hop
        straight to the space."""
        if path and path[-1] == at:
            steps = [sp for sp in path[1:] if sp in view.board.spaces]
        else:
            steps = [at]
        points = [self.stand_point(view, sp) for sp in steps]
        figure.z = 10 + points[-1][1] / 1000  # nearer the bottom edge stands in front
        figure.hop_along(points)

    def retire(self, cid: str) -> None:
        self.leaving.discard(cid)
        figure = self.figures.get(cid)
        view = self.model.view
        if figure is None or (view is not None and view.chars[cid].get("status") == "play"):
            return  # back in play meanwhile
        del self.figures[cid]
        self.places.pop(cid, None)
        self.heading.pop(cid, None)
        figure.tween("alpha", 0.0, 0.5, delay=0.3, on_done=lambda: self.remove(figure)
                     if figure.parent is self else None)

    # -- clicks on the board ------------------------------------------------------------------
    def mark_targets(self) -> None:
        """Light up what a click can play: spaces a move ends on, opponents a battle
        attacks, crowns, draft cards, peg holes and the keep."""
        for target in self.targets:
            self.remove(target)
        self.targets = []
        view, actions = self.model.view, self.model.actions
        if view is None or not actions:
            return
        choosers = {str(a.args[0]) for a in actions
                    if a.kind in (*MOVES, "battle") and len(a.args) >= 2}
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

    def mark_draft(self, view: Any, actions: tuple[Action, ...]) -> None:
        """The draft (and a mercenary to hire): every character still free as a card over
        the board; the ones a legal action takes play it when clicked."""
        takes = {a.args[0]: a for a in actions if a.kind in ("pick", "mercenary") and a.args}
        if not takes:
            return
        pool = [c for c, ch in view.chars.items() if ch.get("status") == "pool"]
        for k, cid in enumerate(pool):
            action = takes.get(cid)
            rect = draft_slot(k, len(pool))
            play = (lambda a=action: self.choose(a)) if action is not None else None
            self.targets.append(DraftCard(rect, view.cards[cid], f"draft.{cid}", play, action))

    def mark_crowns(self, view: Any, actions: tuple[Action, ...]) -> None:
        for a in actions:
            if a.kind == "crown" and a.args and a.args[0] in view.board.crowns:
                crown = view.board.crowns[a.args[0]]
                rect = lay.space_rect(view.board.spaces[crown.start]).inflate(6, 6)
                colour = theme.NAMED_COLOURS.get(str(crown.colour).lower(), theme.BRASS)
                self.target(rect, f"{crown.colour} {crown.title}".title(), colour,
                            f"crown.{a.args[0]}", a)

    def mark_moves(self, view: Any, actions: tuple[Action, ...]) -> None:
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

    def mark_mover(self, view: Any, cid: str, verb: str = "Move") -> None:
        """A ring round one of several movers' (or attackers') standee (or, off the board,
        its card): a click shows only its moves (or battles)."""
        at = view.chars[cid].get("at")
        again = cid == self.selected
        if view.chars[cid].get("status") == "play" and at in view.board.spaces:
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

    def mark_battles(self, view: Any, actions: tuple[Action, ...]) -> None:
        """A red ring round each opponent one of your characters (the selected one, or the
        only one that reaches it) can attack; with a foe in reach of two of yours, a ring
        round each attacker chooses who attacks."""
        battles = [a for a in actions if a.kind == "battle" and len(a.args) == 2]
        attackers = sorted({str(a.args[0]) for a in battles})
        by_foe: dict[str, list[Action]] = {}
        for a in battles:
            if self.selected is None or a.args[0] == self.selected:
                by_foe.setdefault(str(a.args[1]), []).append(a)
        shared = False
        for foe, group in sorted(by_foe.items()):
            at = view.chars[foe].get("at")
            if len(group) != 1 or at not in view.board.spaces:
                shared = shared or len(group) > 1
                continue
            rect = lay.space_rect(view.board.spaces[at]).inflate(12, 12)
            words = f"{view.name(group[0].args[0])} attacks {view.name(foe)}"
            self.target(rect, words, LOSS, f"attack.{foe}", group[0], round_=True)
        if len(attackers) > 1 and (shared or self.selected is not None):
            for cid in attackers:
                self.mark_mover(view, cid, "Attack with")

    def mark_pegs(self, view: Any, actions: tuple[Action, ...]) -> None:
        for a in actions:
            if a.kind != "upgrade" or len(a.args) != 2:
                continue
            cid, item = str(a.args[0]), str(a.args[1])
            card = self.card_rect(view, cid)
            hole = peg_rect(card, item) if card is not None and card.h >= 60 else None
            if hole is not None:
                self.target(hole.inflate(2, 2), str(a).split(": ", 1)[-1], theme.BRASS_LIGHT,
                            f"peg.{cid}.{item}", a, round_=True)

    def mark_keep(self, view: Any, actions: tuple[Action, ...]) -> None:
        strikes = [a for a in actions if a.kind in ("castle", "sanctuary")]
        if len(strikes) != 1:
            return
        r = round(lay.KEEP_RADIUS * lay.UNIT) + 4
        x, y = lay.to_px(0.0, 0.0, 2.0)
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = (round(x), round(y))
        self.target(rect, str(strikes[0]), theme.BRASS_LIGHT, "keep", strikes[0], round_=True)

    def mark_fate(self, actions: tuple[Action, ...]) -> None:
        """Accept and Decline on the fate card itself while a happiness fate waits."""
        choices = [a for a in actions if a.kind in ("accept", "decline")]
        if len(choices) != 2:
            return
        for k, action in enumerate(sorted(choices, key=lambda a: a.kind != "accept")):
            x = self.fate.x + (-80 if k == 0 else 80)
            y = self.fate.y + self.fate.h / 2 - 46
            button = Button(x, y, 140, 32, action.kind.capitalize(), name=f"fate.{action.kind}",
                            on_activate=lambda a=action: self.choose(a), primary=k == 0,
                            size=14)
            button.z = 80
            self.targets.append(button)

    def card_rect(self, view: Any, cid: str) -> pygame.Rect | None:
        """Where a character's card lies in its army's row."""
        for seat, army in enumerate(view.armies):
            if cid in army:
                return lay.card_rect(view.num_players, seat, army.index(cid),
                                     self.army_slots(view, seat))
        return None

    @staticmethod
    def army_slots(view: Any, seat: int) -> int:
        return max(len(view.armies[seat]), int(view.setup.get("army", 3)))

    # -- events -> motion ---------------------------------------------------------------------
    def show_events(self, events: list[Event], viewer: int | None) -> None:
        """A new batch: the rolls of earlier batches land at once first (the player has
        moved on), then this batch's are thrown one after another, each line of the log
        written once what it tells has landed."""
        if self.tray.rolling:
            self.tray.skip()
        self.batch += 1
        for event in events:
            if not event.visible(viewer):
                continue
            self.animate(event)
            self.tray.then(lambda e=event, b=self.batch: self.write(e.text, b))
        self.log_scroll = 0

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
        if event.kind in ("move", "frog"):
            if isinstance(data.get("char"), str) and isinstance(data.get("path"), list):
                cid, path = data["char"], [str(p) for p in data["path"]]
                self.paths[cid] = path
                self.pending[cid] = self.pending.get(cid, 0) + 1
                self.tray.then(lambda: self.start_walk(cid, path))
            return
        if event.kind == "battle" and isinstance(data.get("a"), str):
            view = self.model.view  # the view before this batch: health before the battle
            health = {c: int(view.chars[c].get("hp", 0)) for c in (data.get("a"), data.get("d"))
                      if view is not None and c in view.chars}
            self.tray.then(lambda: self.declare(event, health))
        dice = self.dice_of(event)
        if dice is None:
            self.tray.then(lambda: self.float_words(event))
            return
        faces, colour = dice
        self.throw(faces, colour, event.text, lambda: self.lands(event))

    def dice_of(self, event: Event) -> tuple[list[int], tuple[int, int, int]] | None:
        """The dice an event rolled and their colour (None: it rolled nothing)."""
        data = event.data
        faces = [f for f in roll_faces(event) if isinstance(f, int)]
        if faces:
            player = data.get("player")
            return faces, self.dice_colour(None, player if isinstance(player, int)
                                           and player >= 0 else None)
        words = None
        if event.kind in ("hit", "miss") and isinstance(data.get("roll"), int):
            return [data["roll"]], self.dice_colour(data.get("char"))
        if event.kind == "castle":
            words = ROLLED.search(event.text)
        elif event.kind in ROLL_IN_WORDS:
            words = OWN_ROLL.search(event.text)
        elif event.kind == "fate" and isinstance(data.get("fate"), str):
            cell = FATE_CELL.search(event.text)
            if cell:
                return [int(cell.group(1)), int(cell.group(2))], (206, 70, 60)
        if words:
            return [int(words.group(1))], self.dice_colour(data.get("char"))
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
        view = self.model.view
        a, d = str(event.data["a"]), str(event.data.get("d"))
        if view is None or a not in view.chars or d not in view.chars:
            return
        self.duel.declare(a, d, int(event.data.get("range", 0)), "death" in event.text, view,
                          {c: self.char_colour(view, c) for c in (a, d)}, health)

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.tray.rolling:
            self.duel.settle()
            self.duel.fade()
        focused = self.focused_action()
        mover = focused.args[0] if focused is not None and focused.kind in MOVES else None
        for target in self.targets:
            if isinstance(target, Target | DraftCard):
                target.linked = focused is not None and target.action == focused
            if isinstance(target, Target) and target.name.startswith("select."):
                target.linked = mover == target.name[7:]

    def focused_action(self) -> Action | None:
        """The action of the focused (or hovered) action button."""
        for button in self.buttons:
            if button.focused or button.glow > 0.5:
                index = int(button.name.split(".")[1])
                if 0 <= index < len(self.model.actions):
                    return self.model.actions[index]
        return None

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
        rolled = [e for e in seen if self.dice_of(e) is not None]
        if rolled:
            faces, colour = self.dice_of(rolled[-1])  # type: ignore[misc]
            self.throw(faces, colour, rolled[-1].text)
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
        view = self.model.view
        if view is not None and isinstance(cid, str) and cid in view.chars:
            return theme.lighten(self.char_colour(view, cid), 40)
        if seat is not None:
            return theme.lighten(self.colour(seat), 40)
        return theme.CREAM

    def throw(self, faces: list[int], colour: tuple[int, int, int], caption: str,
              on_land: Any = None) -> None:
        words = theme.ellipsize(caption, lay.TRAY.w - 20, 13)
        who = caption.split(" rolls ", 1)[0] if " rolls " in caption else ""
        rolling = theme.ellipsize(f"{who} rolls…" if who else "Rolling…", lay.TRAY.w - 20, 13)

        def landed() -> None:
            self.tray.caption = words  # what the roll did, once it shows
            if on_land is not None:
                on_land()

        self.tray.throw(faces, 6, colour, rolling, landed)

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
            self.add(FloatText(figure.x, figure.y - 26, words, colour))

    # -- drawing ------------------------------------------------------------------------------
    def static_key(self) -> tuple[object, ...]:
        """What the still layer shows: the position itself (not how often it was
        refreshed: a refresh that changes nothing, as when the AI starts thinking, keeps
        the layer), the choices, the log, the page, the focus and the selection."""
        focused = next((b.label for b in self.buttons if b.focused), "")
        return (self.look, len(self.log), self.batch, self.log_scroll, self.page, focused,
                self.selected)

    def draw_seats(self, target: pygame.Surface) -> None:
        """The seats are the armies' rows of the roster (drawn with the panels)."""

    def draw_panels(self, target: pygame.Surface) -> None:
        view = self.model.view
        theme.shadowed_rect(target, lay.BOARD, theme.WOOD, radius=14, shadow=6)
        if view is None:
            return
        target.blit(draw_castle(view), lay.BOARD.topleft)
        self.draw_half_board(target, view)
        self.draw_keep(target, view)
        if view.phase == "draft" or any(a.kind == "mercenary" for a in self.model.actions):
            self.draw_draft_cloth(target, view)
        else:
            prisoners: dict[str, list[str]] = {}
            for cid, trap in self.trapped.items():
                prisoners.setdefault(trap, []).append(cid)
            draw_traps(target, view, prisoners,
                       {c: self.char_colour(view, c) for c in view.chars})
        self.draw_roster(target, view)
        self.draw_castle_plaque(target, view)

    def draw_half_board(self, target: pygame.Surface, view: Any) -> None:
        """The two-player half board: the spaces neither army may reach are shaded."""
        if view.setup.get("half_board") != "on" or view.num_players != 2:
            return
        limits = []
        for army in view.armies:
            if army and all(view.crowns):
                rules = view.rules_for(army[0])
                if rules.limit is not None:
                    limits.append((rules.crown, rules.limit))
        if not limits:
            return
        shade = pygame.Surface((lay.tile_size(next(iter(view.board.spaces.values()))),) * 2,
                               pygame.SRCALPHA)
        shade.fill((10, 14, 12, 150))
        for sid, space in view.board.spaces.items():
            ahead = [view.board.progress(sid, crown) for crown, _ in limits]
            if any(p is None or p <= limit + 1e-6 for p, (_, limit) in zip(ahead, limits,
                                                                          strict=True)):
                continue
            rect = lay.space_rect(space)
            target.blit(pygame.transform.scale(shade, rect.size), rect)

    def draw_keep(self, target: pygame.Surface, view: Any) -> None:
        """The castle's health as a brass ring round Sanctuary's keep (red once broken)."""
        x, y = lay.to_px(0.0, 0.0, 2.0)
        r = lay.KEEP_RADIUS * lay.UNIT + 3
        start = max(1, int(view.setup.get("castle_hp", 100)))
        share = max(0.0, min(1.0, view.castle_hp / start))
        box = pygame.Rect(0, 0, 2 * r, 2 * r)
        box.center = (round(x), round(y))
        if share > 0:
            import math
            pygame.draw.arc(target, theme.BRASS_LIGHT, box, math.pi / 2,
                            math.pi / 2 + share * math.tau, 3)
        if view.castle_down:
            pygame.draw.circle(target, theme.DANGER, box.center, r, 3)
        inside = [c for c, ch in view.chars.items() if ch.get("status") == "sanctuary"]
        for k, cid in enumerate(inside[:6]):
            angle = k * 1.05
            import math
            spot = (x + 6 * math.cos(angle), y + 6 * math.sin(angle))
            pygame.draw.circle(target, self.char_colour(view, cid), spot, 4)
        if not inside:
            draw_crown_glyph(target, (x, y), 6, theme.BRASS_LIGHT)

    def draw_draft_cloth(self, target: pygame.Surface, view: Any) -> None:
        veil = pygame.Surface(lay.BOARD.size, pygame.SRCALPHA)
        pygame.draw.rect(veil, (10, 20, 16, 200), veil.get_rect(), border_radius=14)
        target.blit(veil, lay.BOARD.topleft)
        words = "Choose a character" if view.phase == "draft" else "Hire a mercenary"
        theme.text(target, words, (lay.BOARD.centerx, lay.BOARD.y + 18), 18, theme.BRASS_LIGHT,
                   "display", "center")
        pool = [c for c, ch in view.chars.items() if ch.get("status") == "pool"]
        takes = {a.args[0] for a in self.model.actions if a.kind in ("pick", "mercenary")}
        for k, cid in enumerate(pool):  # lying still (a card lifts when pointed at)
            rect = draft_slot(k, len(pool))
            usable = not takes or cid in takes
            target.blit(draft_face(view.cards[cid], rect.w, rect.h, usable), rect)

    def draw_roster(self, target: pygame.Surface, view: Any) -> None:
        n = view.num_players
        battle = next((f for f in view.queue if f.get("k") == "battle"), None)
        fighting = {battle["a"], battle["d"]} if battle else set()
        for seat in range(n):
            row = lay.army_row(n, seat)
            actor = self.model.actor
            current = seat == (view.current if actor is None else actor) \
                and view.phase not in ("first", "over")
            won = view.phase == "over" and getattr(view, "winner", None) == seat
            need = view.sanctuary_needed()
            extra = f"Sanctuary {view.sanctuary_count(seat)}/{need}" if view.armies[seat] \
                else ""
            kind = self.seat_kinds[seat] if seat < len(self.seat_kinds) else ""
            army_head(target, row, view.player_name(seat), kind, self.colour(seat),
                      current or won, seat == self.model.viewer, extra, lay.compact(n),
                      "WINNER" if won else "TO PLAY")
            slots = self.army_slots(view, seat)
            for i, cid in enumerate(view.armies[seat]):
                rect = lay.card_rect(n, seat, i, slots)
                lit = cid in fighting or cid == self.selected
                character_card(target, rect, view, cid, self.colour(seat), lit)
            if not view.armies[seat]:
                theme.text(target, "No characters yet", (row.x + 32, row.y + 40), 12,
                           theme.MUTED)

    def draw_castle_plaque(self, target: pygame.Surface, view: Any) -> None:
        box = lay.CASTLE
        theme.shadowed_rect(target, box, (52, 40, 32), radius=9, shadow=4, border=theme.WOOD)
        start = max(1, int(view.setup.get("castle_hp", 100)))
        words = "Castle conquered: Sanctuary is open" if view.castle_down else \
            f"Castle {view.castle_hp} / {start}"
        theme.text(target, words, (box.x + 10, box.y + 12), 13, theme.BRASS_LIGHT, "bold",
                   "midleft")
        bar = pygame.Rect(box.x + 10, box.y + 22, box.w - 20, 6)
        pygame.draw.rect(target, (30, 24, 20), bar, border_radius=3)
        fill = bar.copy()
        fill.w = round(bar.w * max(0.0, min(1.0, view.castle_hp / start)))
        pygame.draw.rect(target, theme.BRASS, fill, border_radius=3)
        theme.text(target, theme.ellipsize(turn_words(view), box.w - 20, 11),
                   (box.x + 10, box.bottom - 9), 11, theme.PARCHMENT_DIM, anchor="midleft")

    # -- the action strip ----------------------------------------------------------------------
    def build_buttons(self) -> None:
        for b in self.buttons + self.pager:
            self.remove(b)
        self.buttons, self.pager = [], []
        per_page = lay.COLUMNS * lay.ROWS
        first = self.page * per_page
        for k, action in enumerate(self.model.actions[first: first + per_page]):
            rect = lay.strip_button(k)
            button = Button(rect.centerx, rect.centery, rect.w, rect.h, f"{k + 1}. {action}",
                            name=f"action.{first + k}",
                            on_activate=lambda a=action: self.choose(a), size=14)
            self.buttons.append(button)
            self.add(button)
        if self.pages > 1:
            for k, (label, name, step) in enumerate((("◀ Prev", "page.prev", -1),
                                                     ("Next ▶", "page.next", 1))):
                rect = lay.pager_button(k)
                button = Button(rect.centerx, rect.centery, rect.w, rect.h, label, name=name,
                                on_activate=lambda s=step: self.turn_page(s), size=14)
                self.pager.append(button)
                self.add(button)

    def widgets(self) -> list[Widget]:
        """Focus order: the action buttons (the keyboard path), paging, then the board's
        targets, then the menu."""
        return [*self.buttons, *self.pager, *self.targets, self.menu_button]

    def on_wheel(self, dy: int, pos: tuple[float, float]) -> None:
        if lay.STRIP.collidepoint(pos) and self.pages > 1:
            self.turn_page(-1 if dy > 0 else 1)
        elif self.log_rect().collidepoint(pos):
            self.log_scroll = max(0, self.log_scroll + dy * 2)

    def draw_actions(self, target: pygame.Surface) -> None:
        strip = lay.STRIP
        theme.shadowed_rect(target, strip, (16, 44, 37), radius=12, shadow=6, border=theme.WOOD)
        m = self.model
        if m.actions:
            focused = next((b for b in self.buttons if b.focused), None)
            head = "Choose an action, or click a lit space, standee, card or peg"
            if focused is not None:
                head = f"Choose an action:  {focused.label.split('. ', 1)[-1]}"
        else:
            head = "Your actions appear here on your turn" if m.viewer is not None else ""
        theme.text(target, theme.ellipsize(head, strip.w - 260, 15, "bold"),
                   (strip.x + 14, strip.y + 17), 15, theme.BRASS_LIGHT, "bold", "midleft")
        if m.ending:
            head, _, reason = m.ending.partition("\n")
            theme.text(target, theme.ellipsize(head, strip.w - 60, 24, "display"),
                       (strip.centerx, strip.centery), 24, theme.BRASS_LIGHT, "display",
                       "center")
            theme.text(target, theme.ellipsize(reason, strip.w - 60, 15),
                       (strip.centerx, strip.centery + 32), 15, theme.PARCHMENT_DIM,
                       anchor="center")
        if self.pages > 1:
            theme.text(target, f"page {self.page + 1} of {self.pages}  (PgUp/PgDn)",
                       (strip.right - 14, strip.y + 17), 12, theme.PARCHMENT_DIM,
                       anchor="midright")

    def draw_waiting(self, target: pygame.Surface) -> None:
        m = self.model
        if m.actor is None or not 0 <= m.actor < len(self.seat_names) or m.ending:
            return
        view = m.view
        name = view.player_name(m.actor) if view is not None else self.seat_names[m.actor]
        words = f"{name} is thinking" if m.thinking else f"Waiting for {name}"
        centre = (lay.STRIP.centerx, lay.STRIP.centery + 4)
        theme.text(target, words, centre, 20, theme.PARCHMENT_DIM, "bold", "center")
        import math
        seat = self.colour(m.actor)
        for k in range(8):
            angle = k * math.tau / 8
            lit = (k - int(self.clock * 10)) % 8
            colour = theme.blend((16, 44, 37), seat, 0.25 + 0.75 * (1 - lit / 8))
            pygame.draw.circle(target, colour, (centre[0] + 14 * math.cos(angle),
                                                centre[1] + 38 + 14 * math.sin(angle)), 4)


def draft_slot(k: int, count: int) -> pygame.Rect:
    """The k-th free character's card laid on the board (four a row)."""
    cols = 4
    rows = max(1, -(-count // cols))
    area = lay.BOARD.inflate(-24, -50).move(0, 14)
    w = (area.w - (cols - 1) * 8) // cols
    h = min(140, (area.h - (rows - 1) * 8) // rows)
    col, row = k % cols, k // cols
    return pygame.Rect(area.x + col * (w + 8), area.y + row * (h + 8), w, h)


def move_rank(view: Any, action: Action) -> tuple[int, int]:
    """Which of several moves of one character to the same space a click plays: the plain
    roll first, then with battle-card movement added, then the battle-card move alone."""
    if action.kind == "move":
        roll = view.turn.get("roll")
        return (0 if len(action.args) > 2 and action.args[2] == roll else 1, 0)
    return (2 if action.kind == "card" else 3, 0)


def turn_words(view: Any) -> str:
    """The turn in a few words: whose, and what the movement roll allows."""
    words = {"first": "Rolling to choose first", "draft": "Choosing characters",
             "crown": "Choosing King and Queen positions", "place": "Placing characters",
             "over": "Game over"}
    if view.phase in words:
        return words[view.phase]
    roll = view.turn.get("roll")
    base = f"Turn {view.turns} · {view.player_name(view.current)}"
    if roll is not None:
        base += f" rolled {roll} ({view.turn.get('kind')})"
    return base
TABLE = ChaostleTable
