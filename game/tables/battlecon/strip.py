"""BattleCON's action strip: the generic action buttons in a shorter strip (four columns,
two rows, paged, keys 1-8), so the plates above have room for the fighters' pieces; during
the ante the same buttons are drawn as the ante panel (a tile per Overload, Unique Ability
ante and Pass)."""

from __future__ import annotations

from functools import partial

import pygame

import game.tables.battlecon.layout as layout
from game.cardface import CardFace
from game.tables.battlecon.base import BattleconBase
from game.tables.battlecon.faces import KIND_COLOURS, card_face
from game.tables.battlecon.layout import STRIP
from game.tables.battlecon.parts import AnteTile, draw_card_words
from game.tables.generic import StripLayout, showing
from game.widgets import Button, Widget
from rules.battlecon.kinds import Act, Phase
from rules.battlecon.state import BattleconState
from rules.core import Action

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


def choice_words(button: Button) -> str:
    """What the focused button plays, in words: an optional trigger's two buttons read as
    a yes / no about that one effect ("Use Switch: Flip your Finisher" / "Don't use
    Switch: Flip your Finisher"), any other as its label."""
    action = button.leads[0] if len(button.leads) == 1 else None
    if action is not None and action.kind == Act.TRIGGER and action.args \
            and action.args[0] == "skip":
        return "Don't use " + str(action).removeprefix("Skip ")
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
        return head, body.removeprefix(f"{head}: "), 0

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
            return asked.prompt
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

