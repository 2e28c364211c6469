"""BattleCON's action strip: the generic action buttons in a shorter strip (four columns,
two rows, paged, keys 1-8), so the plates above have room for the fighters' pieces; during
the ante the same buttons are drawn as the ante panel (a tile per Overload, Unique Ability
ante and Pass)."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

import game.tables.battlecon.layout as layout
from game.cardface import CardFace
from game.hint import HintMarks, short
from game.tables.battlecon.base import BattleconBase
from game.tables.battlecon.faces import KIND_COLOURS, card_face
from game.tables.battlecon.layout import STRIP
from game.tables.battlecon.parts import AnteTile, draw_card_words
from game.tables.generic import StripLayout, showing
from game.widgets import Button, Widget
from rules.battlecon.kinds import Act, Phase
from rules.battlecon.state import BattleconState
from rules.core import Action

if TYPE_CHECKING:
    from ai.analysis import Analysis

ANTES = (Act.OVERLOAD, Act.UA_ANTE, Act.PASS)  # the ante panel's choices
MOST_TRIGGERS = 6  # more trigger choices than this stay ordinary buttons
MOST_ANTES = 10  # more ante choices than this stay ordinary buttons


def ante_owner_ability(view: BattleconState, action: Action, actor: int | None) -> str:
    """The name of the Unique Ability a ``ua_ante`` action comes from: the actor's own, or
    for an [Opponent] ante the fighter who offers it (``args``: whose, index[, owner])."""
    if actor is None or not action.args:
        return "Unique ante"
    if action.args[0] == "own":
        owner = actor
    elif len(action.args) > 2:
        owner = int(action.args[2])
    else:
        owner = view.foe(actor)
    return str(view.fighter(owner).get("ua_name", "Unique ante"))


#: the rules' timings in a player's words (the rules' prompt names them by their ids)
TIMING_WORDS = {"reveal": "Reveal", "start": "Start of beat", "before": "Before activating",
                "hit": "On hit", "when_hit": "When hit", "damage": "On damage",
                "after": "After activating", "end": "End of beat", "recycle": "Recycle"}


def choice_label(action: Action) -> str:
    """An in-beat choice in a player's words, wherever the table names it (a tile, a
    chooser's button, a space's words, the strip's heading, a hint): an optional trigger's
    skip as "Don't use Switch: Flip your Finisher" (the rules say "Skip Switch: ..."
    beside "Use Switch: ..."), Hayden's counters without the zero ("Spend 2 Fury", "Spend
    nothing"); any other choice as the rules word it."""
    if action.kind == Act.TRIGGER and action.args and action.args[0] == "skip":
        return "Don't use " + str(action).removeprefix("Skip ")
    if action.kind == Act.SPEND and len(action.args) == 2:
        spent = [f"{n} {what}" for n, what in zip(action.args, ("Fury", "Control"),
                                                  strict=True) if int(n)]
        return "Spend " + " and ".join(spent) if spent else "Spend nothing"
    return str(action)


def choice_prompt(prompt: str, actions: list[Action]) -> str:
    """The rules' question in the middle of a beat, in a player's words: "Drive: choose"
    becomes "Drive: how far do you advance?", "When_hit: choose the next trigger" becomes
    "When hit: which effect comes first?" (or "use this effect?" when it is one optional
    effect), and so on for every kind of choice the rules ask."""
    head, _, rest = prompt.partition(": ")
    kinds = {a.kind for a in actions}
    if rest == "choose the next trigger" and kinds == {Act.TRIGGER}:
        when = TIMING_WORDS.get(head.lower(), head)
        uses = [a for a in actions if a.args and a.args[0] == "use"]
        if len(uses) == 1 and len(actions) == 2:
            return f"{when}: use this effect?"
        if any(a.args and a.args[0] == "skip" for a in actions):
            return f"{when}: which effect next (an optional one may be skipped)?"
        return f"{when}: which effect comes first?"
    if rest != "choose":
        return prompt
    if kinds == {Act.MOVE}:
        verbs = sorted({str(a.args[0]) for a in actions if a.args},
                       key=("advance", "retreat", "push", "pull").index)
        steps = {a.args[1] for a in actions if len(a.args) > 1}
        verb = {"advance": "advance", "retreat": "retreat", "push": "push the opponent",
                "pull": "pull the opponent"}
        whom = {a.args[3] for a in actions if len(a.args) > 3}  # team play: who is moved
        if len(verbs) == 1 and verbs[0] in ("push", "pull") and len(whom) > 1:
            ask = f"whom do you {verbs[0]}, and how far?" if len(steps) > 1 \
                else f"whom do you {verbs[0]}?"
        elif len(verbs) == 1:
            ask = f"how far do you {verb[verbs[0]]}?" if len(steps) > 1 \
                else f"which way do you {verb[verbs[0]]}?"
        else:
            ask = "which move? (" + " or ".join(v.capitalize() for v in verbs) + ")"
        return f"{head}: {ask} Click a lit space"
    asks: dict[str, str] = {
        Act.TELEPORT: "which space do you teleport to? Click a lit space",
        Act.PAINT: "which space does the Paint go on? Click a lit space",
        Act.SPEND: "how many Fury and Control counters do you spend? Click them",
        Act.THROW: "spend counters to push or pull the opponent? Click a lit space",
        Act.REND: "which token do you rend? Click it on your plate",
        Act.RECALL: "which Embellishment do you take back? Click it on your plate",
        Act.DISCARD: "which style do you discard? Click it in your hand"}
    only = next(iter(kinds)) if len(kinds) == 1 else ""
    if only in asks:
        return f"{head}: {asks[only]}"
    return prompt


def in_choice_words(line: str, actions: tuple[Action, ...]) -> str:
    """A line naming the rules' labels of ``actions`` (a hint's) with each choice in a
    player's words instead (``choice_label``)."""
    renamed = sorted(((short(a), short_label(a)) for a in actions
                      if short(a) != short_label(a)), key=lambda p: -len(p[0]))
    for old, new in renamed:
        line = line.replace(old, new)
    return line


def short_label(action: Action) -> str:
    return choice_label(action).split(" (", 1)[0]


class BattleconHintMarks(HintMarks):
    """The hint's line with the in-beat choices in a player's words (the shared hint names
    an action by its rules' label: "Skip Switch: ...")."""

    def show(self, choice: Action, targets: list[Widget], analysis: Analysis,
             where: pygame.Rect, actions: tuple[Action, ...]) -> None:
        super().show(choice, targets, analysis, where, actions)
        self.line = in_choice_words(self.line, actions)
        self.short = in_choice_words(self.short, actions)


def choice_words(button: Button) -> str:
    """What the focused button plays, in words (``choice_label``): an optional trigger's
    two buttons read as a yes / no about that one effect ("Use Switch: Flip your
    Finisher" / "Don't use Switch: Flip your Finisher"), any other as its label."""
    action = button.leads[0] if len(button.leads) == 1 else None
    if action is not None:
        return choice_label(action)
    return button.label.split(". ", 1)[-1]


class ActionStrip(BattleconBase):
    """The action-button part of BattleCON's table (mixed into ``BattleconTable``)."""

    STRIP = StripLayout(layout.STRIP, layout.STRIP_COLUMNS, layout.STRIP_ROWS,
                        layout.BUTTON_H, layout.BUTTON_GAP, pager_w=layout.PAGER_W, head=36,
                        title=16, stretch=True)

    @property
    def pages(self) -> int:
        if self.ante_panel() or self.trigger_panel():
            return 1  # the tiles show every choice at once
        return super().pages

    def build_buttons(self) -> None:
        if not (self.ante_panel() or self.trigger_panel()):
            super().build_buttons()
            return
        self.clear_buttons()
        if self.ante_panel():
            self.build_ante_tiles()
        else:
            self.build_trigger_tiles()

    def ante_panel(self) -> bool:
        actions = self.model.actions
        return (self.model.view is not None and 0 < len(actions) <= MOST_ANTES
                and all(a.kind in ANTES for a in actions))

    def build_ante_tiles(self) -> None:
        """The ante choices as tiles: the same buttons (names, keys, labels)."""
        view, actions = self.view, self.model.actions
        gap, h = 10, STRIP.h - 44
        w = min(164, (STRIP.w - 24 - gap * (len(actions) - 1)) // len(actions))
        for i, action in enumerate(actions):
            x = STRIP.x + 12 + w / 2 + i * (w + gap)
            tile = AnteTile(x, STRIP.y + 36 + h / 2, w, h, f"{i + 1}. {action}",
                            f"action.{i}", partial(self.take, action), action.kind,
                            *self.ante_words(view, action, self.model.actor))
            tile.leads = (action,)
            self.buttons.append(tile)
            self.add(tile)

    def trigger_panel(self) -> bool:
        """Whether every legal action is the choice of the next trigger (use or skip)."""
        actions = self.model.actions
        return 0 < len(actions) <= MOST_TRIGGERS and all(a.kind == Act.TRIGGER for a in actions)

    def build_trigger_tiles(self) -> None:
        """The triggers to use next as tiles, each with its source and its words (a click
        uses it); an optional one has a Skip button beside its tile. Still the action
        buttons (names, keys, labels), in the order the keys reach them."""
        actions = self.model.actions
        skips = {a.args[1:]: (i, a) for i, a in enumerate(actions) if a.args[0] == "skip"}
        uses = [(i, a) for i, a in enumerate(actions) if a.args[0] != "skip"]
        gap, skip_w = 14, 84
        w = min(340, (STRIP.w - 24 - gap * (len(uses) - 1)) // max(1, len(uses)))
        h = STRIP.h - 44
        key = 0
        for k, (i, action) in enumerate(uses):
            left = STRIP.x + 12 + k * (w + gap)
            skip = skips.pop(action.args[1:], None)
            tile_w = w - (skip_w + 6 if skip is not None else 0)
            head, _, body = str(action).removeprefix("Use ").partition(": ")
            key += 1
            if skip is not None:  # optional: a question, answered Yes here or No beside
                body = f"{body.rstrip('.')}?"
            tile = AnteTile(left + tile_w / 2, STRIP.y + 36 + h / 2, tile_w, h,
                            f"{key}. {action}", f"action.{i}", partial(self.take, action),
                            "ua_ante", head, body,
                            footer="Yes: use it" if skip is not None else "Click to use")
            tile.leads = (action,)
            tile.face = self.source_face(str(action.args[1]))
            self.buttons.append(tile)
            self.add(tile)
            if skip is not None:
                key += 1
                j, no = skip
                button = AnteTile(left + w - skip_w / 2, STRIP.y + 36 + h / 2, skip_w, h,
                                  f"{key}. {no}", f"action.{j}", partial(self.take, no),
                                  Act.PASS, "No", f"skip {head}")
                button.leads = (no,)
                self.buttons.append(button)
                self.add(button)
        for j, no in skips.values():  # a skip whose use is not offered (none today)
            key += 1
            rest = Button(STRIP.right - 60, STRIP.y + 20, 100, 28, f"{key}. {no}",
                          name=f"action.{j}", on_activate=partial(self.take, no), size=13)
            rest.leads = (no,)
            self.buttons.append(rest)
            self.add(rest)

    def source_face(self, src: str) -> CardFace | None:
        """The card a trigger comes from ("ua:<fighter>": the fighter's Unique Ability)."""
        view = self.view
        if src.startswith("ua:"):
            fighter = view.content.fighters.get(src[3:], {})
            name = str(fighter.get("ua_name", "Unique Ability"))
            return CardFace(name, f"Unique Ability · {fighter.get('name', '')}".rstrip(" ·"),
                            KIND_COLOURS["finisher"], (),
                            (("", str(fighter.get("ua_text", ""))),),
                            ("battlecon", "fighter", str(fighter.get("name", ""))))
        card = view.content.cards.get(src)
        return None if card is None else card_face(card)

    @staticmethod
    def ante_words(view: BattleconState, action: Action,
                   actor: int | None = None) -> tuple[str, str, int]:
        """A tile's heading, body and Force cost: an Overload's name and bonus, or the
        Unique Ability whose ante it is (the foe's for an [Opponent] ante) and its words
        (without the ability's name, which heads the tile)."""
        if action.kind == Act.OVERLOAD:
            ov = view.content.overloads[action.args[0]]
            return ov["name"], f"+{ov['amount']} {ov['stat'].capitalize()}", int(ov["cost"])
        if action.kind == Act.PASS:
            return "Pass", "ante nothing more", 0
        head = ante_owner_ability(view, action, actor)
        body = str(action)
        # the head names whose ability it is: the rulebook's "[Opponent]" mark goes
        return head, body.removeprefix(f"{head}: ").removeprefix("[Opponent] "), 0

    def table_widgets(self) -> list[Widget]:
        """The table's own targets and the ante and trigger tiles: these are drawn in the
        strip's place but are the table's pieces (every choice at once, no paging)."""
        tiles = [b for b in self.buttons if isinstance(b, AnteTile) and b.leads and b.enabled
                 and showing(b)]
        return [*super().table_widgets(), *tiles]

    def on_wheel(self, dy: int, pos: tuple[float, float]) -> None:
        if STRIP.collidepoint(pos):
            if self.pages > 1:
                self.turn_page(-1 if dy > 0 else 1)
            return
        super().on_wheel(dy, pos)

    def strip_prompt(self) -> str:
        """What the viewer is choosing: the ante, or the rules' own question in the middle
        of a beat ("Before: choose the next trigger", "Dodge: choose")."""
        if self.ante_panel():
            return "Ante: choose in turn, or pass"
        view = self.view
        if not self.buttons and any(a.kind == Act.SET for a in self.model.actions):
            return "Set your attack pair: a style and a base from your hand"
        if not self.buttons and any(a.kind == Act.CLASH for a in self.model.actions):
            return "Clash! Set a new base from your hand"
        if any(a.kind == Act.SETUP for a in self.model.actions):
            return "Choose your Finisher: click its card in the tray"
        asked = view.question if view is not None else None
        if (asked is not None and view is not None and view.phase == Phase.RESOLVE
                and asked.who == self.model.viewer and asked.prompt):
            return choice_prompt(asked.prompt, list(self.model.actions))
        return "Choose an action"

    def strip_heading(self) -> str:
        """The prompt stays in the heading, the focused button's action after it."""
        focused = next((b for b in self.buttons if b.focused), None)
        if not self.model.actions or focused is None:
            return super().strip_heading()
        return f"{self.strip_prompt()}  —  {choice_words(focused)}"

    # -- drawing -------------------------------------------------------------------------
    def reading(self) -> list[str]:
        """The cards whose words the empty strip shows (the table names them)."""
        return []

    def draw_actions(self, target: pygame.Surface) -> None:
        """The strip; with nothing listed in it (every choice on the table), the words of
        the cards being read: the pair being built, else the hand card in focus."""
        super().draw_actions(target)
        cards = self.reading() if not self.buttons and self.model.actions else []
        if not cards or self.model.view is None:
            return
        gap = 16
        width = (STRIP.w - 32 - gap * (len(cards) - 1)) // len(cards)
        for k, cid in enumerate(cards):
            box = pygame.Rect(STRIP.x + 16 + k * (width + gap), STRIP.y + 34, width,
                              STRIP.h - 42)
            draw_card_words(target, box, card_face(self.view.card(cid)))

