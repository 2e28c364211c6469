"""The draft's own screens on Terrene Odyssey's table: the pile in front of you as cards to
pick (a click drafts it), then your picks as cards to put in your deck (a click adds it);
your pool and deck so far, the public excess pile, the tournament points. Between games
and at the end: the standings. The games themselves are drawn by the card table."""

from __future__ import annotations

import math
from functools import partial
from typing import Any

import pygame

from game import theme
from game.tables.generic import GenericTable
from game.tables.terrene.layout import BOARD
from game.tables.terrene.nodes import CardWidget
from game.tables.terrene.read import card_look
from game.widgets import Button, Widget
from rules.terrene.content import cards
from rules.terrene.decks import DRAFT_DECK_SIZE, check_deck
from rules.terrene.draft import HIDDEN
from rules.terrene.draft_match import DraftMatch
from rules.terrene.kinds import Act, Stage

POOL = pygame.Rect(BOARD.x, BOARD.bottom - 128, BOARD.w, 128)
PICKS = pygame.Rect(BOARD.x, BOARD.y + 40, BOARD.w, POOL.y - BOARD.y - 48)
AUTO = pygame.Rect(BOARD.right - 16 - 200, BOARD.y + 6, 200, 30)  # "Complete my deck"
GAP = 8


def pick_grid(count: int) -> tuple[int, int, int]:
    """(cards a row, width, height) of the biggest cards that lay ``count`` in up to four
    rows without overlapping."""
    best = (1, 0, 0)
    for rows in range(1, 5):
        per_row = max(1, math.ceil(count / rows))
        w = min(128, (PICKS.w - 24 - (per_row - 1) * GAP) // per_row)
        h = min(210, (PICKS.h - 8 - (rows - 1) * GAP) // rows, int(w * 1.6))
        w = min(w, int(h * 0.9))
        if w * h > best[1] * best[2]:
            best = (per_row, w, h)
    return best


def pick_spot(count: int, index: int) -> pygame.Rect:
    """Where card ``index`` of ``count`` on offer lies."""
    per_row, w, h = pick_grid(count)
    row, col = divmod(index, per_row)
    return pygame.Rect(PICKS.x + 12 + col * (w + GAP), PICKS.y + 4 + row * (h + GAP), w, h)


def deck_verdict(deck: list[str]) -> str:
    """The deck check's verdict on a draft deck being built, in a few words."""
    problems = check_deck(deck, len(deck), party=False)
    if problems:
        return f"not legal: {problems[0]}"
    left = DRAFT_DECK_SIZE - len(deck)
    return f"legal so far, {left} to add" if left else "legal"


class DraftBoard(GenericTable):
    """The draft part of the table (mixed into ``TerreneTable``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.draft_view: DraftMatch | None = None
        self.draft_cards: list[CardWidget] = []
        #: "Complete my deck" while building (leads to ``deck_auto``)
        self.auto_button = Button(AUTO.centerx, AUTO.centery, AUTO.w, AUTO.h,
                                  "Complete my deck", name="deck.auto", size=14)
        self.auto_button.visible = False
        self.add(self.auto_button)

    def draft_buttons(self) -> list[Widget]:
        return [self.auto_button] if self.auto_button.visible else []

    def lay_draft(self, view: DraftMatch | None) -> None:
        """The cards on offer (``draft_pick`` / ``deck_add`` actions) as clickable cards;
        without a legal pick, the pile in front of the viewer (or nothing) face up."""
        self.draft_view = view
        for node in self.draft_cards:
            self.remove(node)
        self.draft_cards = []
        auto = next((a for a in self.model.actions if a.kind == Act.DECK_AUTO), None) \
            if view is not None else None
        self.auto_button.visible = auto is not None
        self.auto_button.leads = (auto,) if auto is not None else ()
        self.auto_button.on_activate = partial(self.take, auto) if auto is not None else None
        if view is None:
            return
        offered = {str(a.args[0]): a for a in self.model.actions
                   if a.kind in (Act.DRAFT_PICK, Act.DECK_ADD) and a.args}
        shown = self.on_offer(view)
        for k, cid in enumerate(shown):
            spot = pick_spot(len(shown), k)
            action = offered.get(cid)
            node = CardWidget(spot.centerx, spot.centery, spot.w, spot.h, f"draft.{k}",
                              partial(self.take, action) if action else None)
            node.look, node.lit, node.z = card_look(cid), action is not None, 10 + k
            # pointed at, a card whose text is cut rises whole (on the board)
            node.fanned, node.rest_z, node.ceiling = True, 10 + k, BOARD.y + 4
            node.leads = (action,) if action is not None else ()
            node.cid = cid
            node.why = self.why_not_in_deck(view, cid) if action is None else ""
            self.draft_cards.append(node)
            self.add(node)

    def why_not_in_deck(self, view: DraftMatch, cid: str) -> str:
        """While the viewer builds: why the deck check refuses pick ``cid`` ("" when it
        would take it, or when the viewer is not building)."""
        viewer = self.model.viewer
        if view.stage != Stage.BUILD or viewer is None or not self.model.actions:
            return ""
        deck = list(view.building[viewer])
        problems = check_deck([*deck, cid], len(deck) + 1, party=False)
        return f"the deck check says {problems[0]}" if problems else ""

    def on_offer(self, view: DraftMatch) -> list[str]:
        """What the viewer chooses from now: the pile in front of them while picking, the
        picks not yet in the deck while building."""
        viewer = self.model.viewer
        if viewer is None or not 0 <= viewer < view.n:
            return []
        if view.stage == Stage.PICK:
            return [c for c in view.draft.pile_of(viewer) if c != HIDDEN]
        if view.stage == Stage.BUILD and view.draft.decks[viewer] is None:
            left = list(view.draft.picks[viewer])
            for cid in view.building[viewer]:
                if cid in left:
                    left.remove(cid)
            return sorted(left, key=lambda c: (cards()[c].kind, cards()[c].name))
        return []

    def draw_draft(self, target: pygame.Surface) -> None:
        view = self.draft_view
        theme.shadowed_rect(target, BOARD, (18, 48, 40), radius=12, shadow=4,
                            border=theme.WOOD)
        if view is None:
            return
        viewer = self.model.viewer
        head = {Stage.PICK: "Draft: pick a card from the pile in front of you",
                Stage.BUILD: "Deck building: put 20 of your picks in your deck",
                Stage.OVER: "The draft is over",
                Stage.PLAY: "Tournament"}.get(view.stage, view.stage)
        if view.stage in (Stage.PICK, Stage.BUILD) and not any(c.lit for c in self.draft_cards):
            head = {Stage.PICK: "Draft: the pile in front of you (the others are picking)",
                    Stage.BUILD: "Deck building: waiting for the others"}[view.stage]
        theme.text(target, head, (BOARD.x + 16, BOARD.y + 10), 20, theme.BRASS_LIGHT,
                   "display")
        d = view.draft
        if view.stage == Stage.PICK:
            arrow = "passing left ◀" if d.direction > 0 else "passing right ▶"
            words = f"piles round {d.round + 1} of {d.rounds_of_piles} · {arrow}"
            theme.text(target, words, (BOARD.right - 16, BOARD.y + 16), 12,
                       theme.PARCHMENT_DIM, "bold", "topright")
        if not self.draft_cards and view.stage in (Stage.PICK, Stage.BUILD):
            theme.text(target, "Waiting for the other drafters…", PICKS.center, 16,
                       theme.PARCHMENT_DIM, "bold", "center")
        self.draw_pool(target, view, viewer)

    def draw_pool(self, target: pygame.Surface, view: DraftMatch, viewer: int | None) -> None:
        """The viewer's picks (deck cards lit), the excess pile and the points."""
        pygame.draw.rect(target, (14, 38, 32), POOL, border_radius=10)
        left = pygame.Rect(POOL.x + 10, POOL.y + 6, POOL.w - 290, POOL.h - 12)
        if viewer is not None and 0 <= viewer < view.n:
            picks = view.draft.picks[viewer]
            deck = list(view.building[viewer])
            title = f"Your pool ({len(picks)})"
            if view.stage == Stage.BUILD and view.draft.decks[viewer] is None:
                title += f" · deck {len(deck)}/{DRAFT_DECK_SIZE} · {deck_verdict(deck)}"
            theme.text(target, theme.ellipsize(title, left.w, 12, "bold"), left.topleft, 12,
                       theme.BRASS_LIGHT, "bold")
            self.draw_chips(target, left.move(0, 18), picks, deck)
        right = pygame.Rect(POOL.right - 270, POOL.y + 6, 260, POOL.h - 12)
        theme.text(target, f"Points · excess pile (public) {len(view.draft.excess)}",
                   right.topleft, 12, theme.BRASS_LIGHT, "bold")
        for q, points in enumerate(view.tour.points):
            col, row = divmod(q, 6)
            pos = (right.x + col * 130, right.y + 18 + row * 15)
            pygame.draw.circle(target, self.colour(q), (pos[0] + 5, pos[1] + 7), 5)
            theme.text(target, f"Player {q + 1}: {points}", (pos[0] + 14, pos[1]), 12,
                       theme.CREAM)

    @staticmethod
    def draw_chips(target: pygame.Surface, area: pygame.Rect, picks: list[str],
                   deck: list[str]) -> None:
        """Each pick as a chip with its name; those already in the deck in brass."""
        in_deck = list(deck)
        shown = [c for c in picks if c != HIDDEN and c in cards()]
        # the deck's cards first, so the deck being built is always in view
        shown.sort(key=lambda c: c not in deck)
        spots: list[tuple[str, pygame.Rect]] = []
        x, y = area.x, area.y
        for cid in shown:
            chip = pygame.Rect(x, y, theme.rendered(cards()[cid].name, 12, theme.INK,
                                                    "bold").get_width() + 10, 17)
            if chip.right > area.right:
                x, y = area.x, y + 20
                chip.topleft = (x, y)
            if chip.bottom > area.bottom:
                break
            spots.append((cid, chip))
            x = chip.right + 4
        more = len(shown) - len(spots)
        while more and spots and spots[-1][1].right + 80 > area.right:
            spots.pop()  # room for "+N more" at the end of the last row
            more += 1
        for cid, chip in spots:
            chosen = cid in in_deck
            if chosen:
                in_deck.remove(cid)
            pygame.draw.rect(target, theme.BRASS_LIGHT if chosen else theme.PARCHMENT_DIM,
                             chip, border_radius=8)
            theme.text(target, cards()[cid].name, chip.center, 12, theme.INK, "bold", "center")
        if more:
            end = spots[-1][1] if spots else pygame.Rect(area.x, area.y, 0, 17)
            theme.text(target, f"+{more} more", (end.right + 6, end.centery), 12,
                       theme.PARCHMENT_DIM, "bold", "midleft")
