"""Biternia's hand tray: the viewer's hand as cards (a teammate's after it, which the team
sees), the powers the picked Hero may learn as cards beside them, and the draft pool as
Hero tiles. A click on a card gives the picked Hero its order, discards it, learns that
power or drafts that Hero: always one of the legal actions."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

import game.tables.biternia.clicks as clicks
import game.tables.biternia.layout as lay
from game import icons, theme
from game.tables.biternia.base import BiterniaBase
from game.tables.biternia.cards import HandCard, HeroTile, draw_back, face, fitting
from rules.biternia.content import load
from rules.biternia.effects import card_name, card_of
from rules.biternia.effects import name as display_name
from rules.biternia.kinds import Act, Phase
from rules.biternia.model import SeatCards
from rules.biternia.state import BiterniaState
from rules.core import Action

CARD_ACTIONS = (Act.ORDER, Act.DISCARD)
LEARNING = (Act.LEARN, Act.LEVEL)
DRAFT_COLUMNS = 10
PILES_W = 132  # the deck and the discard pile at the tray's right end


def draft_mat() -> pygame.Rect:
    """Where the draft's Hero cards lie: over the board (no Hero stands on it yet)."""
    return lay.BOARD.inflate(-16, -16)


class HandTray(BiterniaBase):
    """The hand part of Biternia's table (mixed into ``BiterniaTable``)."""

    hand: list[HandCard]
    offers: list[HandCard | HeroTile]
    picked: str | None
    picked_card: str | None

    refresh_marks: Callable[[], None]  # the table's: show what a click does now

    # -- laying out -------------------------------------------------------------------------
    def deal_hand(self, view: BiterniaState, viewer: int | None) -> None:
        """The viewer's hand as cards (a teammate's after it), then what may be learned."""
        cards: list[tuple[str, bool]] = []
        if viewer is not None:
            cards = [(c, True) for c in view.seats[viewer].hand if c]
            for seat, data in enumerate(view.seats):
                if seat != viewer and seat % 2 == viewer % 2:
                    cards += [(c, False) for c in data.hand if c]
        learnable = self.learnable()
        keep = {(c.cid, c.mine): c for c in self.hand}
        for key, old in keep.items():
            if key not in set(cards):
                self.remove(old)
        self.hand = []
        n = len(cards) + len(learnable)
        gap = 6
        room = lay.HAND.w - 24 - PILES_W - 20
        width = min(lay.CARD_W, (room - gap * max(0, n - 1)) / max(1, n))
        x: float = lay.HAND.x + 12
        carding = any(a.kind in CARD_ACTIONS for a in self.model.actions)
        for k, (cid, mine) in enumerate(cards):
            if k and not mine and cards[k - 1][1]:
                x += 10  # a small gap before the teammate's cards
            card = keep.get((cid, mine))
            fresh = card is None
            if card is None:
                card = HandCard(0, 0, cid, self.pick_card, width, lay.CARD_H, mine)
                card.z = 6
                self.add(card)
            card.w = width
            card.enabled = mine and clicks.card_usable(self.model.actions, cid)
            card.leads = clicks.card_leads(self.model.actions, cid, self.picked,
                                           self.picked_card) if card.enabled else ()
            card.on_drag = self.drag_card if mine else None
            card.dim = carding and not card.enabled
            card.why = self.why_dim(view, cid, mine) if card.dim else ""
            card.selected = mine and cid == self.picked_card
            card.foreign = mine and self.foreign(cid)
            card.send_home(x + width / 2, self.card_y(), snap=fresh)
            self.hand.append(card)
            x += width + gap
        self.lay_offers(view, learnable, x + (10 if cards else 0), width)

    def why_dim(self, view: BiterniaState, cid: str, mine: bool) -> str:
        """Why a greyed hand card cannot be played now (shown while the pointer is on it)."""
        if not mine:
            seat = next((p for p, data in enumerate(view.seats) if cid in data.hand), None)
            who = self.seat_names[seat].partition(" (")[0] if seat is not None else "A teammate"
            return f"{who}'s card: only they can play it"
        if any(a.kind == Act.ORDER for a in self.model.actions):
            return "No Hero of yours can take this order now"
        return "Not playable now"

    def hovered_dim(self) -> HandCard | None:
        """The greyed hand card under the pointer, if any."""
        pointer = self.pointer
        if pointer is None or self.keyboard:
            return None
        return next((c for c in self.hand if c.dim and c.why and c.visible
                     and c.contains(*pointer)), None)

    def foreign(self, cid: str) -> bool:
        """Whether ordering the picked Hero this card leaves it only the universal actions
        (a power card of another Hero, while orders are given)."""
        found = card_of(cid)
        return found is not None and bool(found.hero) and found.hero != self.picked \
            and any(a.kind == Act.ORDER for a in self.model.actions)

    @staticmethod
    def card_y() -> float:
        return lay.HAND.bottom - lay.CARD_H / 2 - 6

    def choose_learning(self, action: Action, _power: str) -> None:
        """A learnable card was clicked (it passes its power): take the action that learns it."""
        self.choose(action)

    def learnable(self) -> list[Action]:
        """The picked Hero's learn or level-up actions, one card per power."""
        return [a for a in self.model.actions
                if a.kind in LEARNING and str(a.args[0]) == self.picked]

    def lay_offers(self, view: BiterniaState, learnable: list[Action], x: float,
                   width: float) -> None:
        for offer in self.offers:
            self.remove(offer)
        self.offers = []
        if view.phase == Phase.DRAFT:
            self.lay_draft(view)
            return
        for action in learnable:
            power = str(action.args[1])
            card = HandCard(x + width / 2, self.card_y(), power,
                            partial(self.choose_learning, action), width, lay.CARD_H)
            card.name, card.z = f"learn.{power}", 6
            card.leads = (action,)
            self.offers.append(card)
            self.add(card)
            x += width + 6

    def lay_draft(self, view: BiterniaState) -> None:
        """Every Hero of the draft as a card over the board, ten a row, each in its own
        place all draft long (a pick never moves the others): those still in the pool
        take a click while the viewer drafts, the drafted ones show their team."""
        drafts = {str(a.args[0]): a for a in self.model.actions if a.kind == Act.DRAFT}
        heroes = sorted({*view.draft_pool, *view.heroes})
        mat = draft_mat()
        rows = max(1, -(-len(heroes) // DRAFT_COLUMNS))
        gap = 4
        width = (mat.w - gap * (DRAFT_COLUMNS - 1)) / DRAFT_COLUMNS
        height = (mat.h - gap * (rows - 1)) / rows
        for k, hero in enumerate(heroes):
            row, col = divmod(k, DRAFT_COLUMNS)
            x = mat.x + width / 2 + col * (width + gap)
            y = mat.y + height / 2 + row * (height + gap)
            action = drafts.get(hero)
            tile = HeroTile(x, y, width, height, hero,
                            partial(self.take, action) if action is not None else None)
            tile.z = 6
            tile.enabled = action is not None
            tile.leads = (action,) if action is not None else ()
            if hero in view.heroes:
                seat = int(view.heroes[hero].seat)
                tile.team = (("Blue", "Red")[seat % 2], self.colour(seat))
            self.offers.append(tile)
            self.add(tile)

    # -- clicking ---------------------------------------------------------------------------
    def pick_card(self, cid: str) -> None:
        """A hand card: discard it, give the picked Hero this order, or pick it (then a
        click on a ringed Hero gives that Hero the order)."""
        actions = self.model.actions
        discard = clicks.discard_for(actions, cid)
        if discard is not None:
            self.choose(discard)
            return
        order = clicks.order_for(actions, self.picked, cid)
        if order is not None and self.picked_card in (None, cid):
            self.picked_card = None
            self.choose(order)
            return
        self.picked_card = None if self.picked_card == cid else cid
        self.refresh_marks()

    def drag_card(self, card: HandCard, stage: str, pos: tuple[float, float]) -> None:
        """A hand card dragged: picked up, the Heroes that may take it are ringed; dropped
        on one of them, that Hero gets it as its order (elsewhere it goes back)."""
        actions = self.model.actions
        if stage == "start":
            if clicks.heroes_for_card(actions, card.cid):
                self.picked_card = card.cid
                self.refresh_marks()
            return
        hero = self.hero_at(pos)
        order = clicks.order_for(actions, hero, card.cid) if hero is not None else None
        self.picked_card = None
        if order is not None:
            self.choose(order)
        else:
            self.refresh_marks()

    def hero_at(self, pos: tuple[float, float]) -> str | None:
        """The Hero whose standee is under ``pos`` (the table's pieces)."""
        return None

    # -- drawing ----------------------------------------------------------------------------
    def draw_draft_picks(self, target: pygame.Surface, view: BiterniaState) -> None:
        """During the draft the tray says who picks now and lists each team's picks."""
        actor, viewer = self.model.actor, self.model.viewer
        if any(a.kind == Act.DRAFT for a in self.model.actions):
            words = "Draft: click a Hero card above to add it to your team"
        elif actor is not None:
            words = f"{self.seat_names[actor].partition(' (')[0]} is drafting"
        else:
            words = "Draft"
        theme.text(target, words, (lay.HAND.x + 12, lay.HAND.y + 6), 14, theme.BRASS_LIGHT,
                   "bold")
        for team in (0, 1):
            y = lay.HAND.y + 36 + 34 * team
            seats = [p for p in range(view.num_players) if p % 2 == team]
            you = " (you)" if viewer is not None and viewer % 2 == team else ""
            label = theme.text(target, f"{('Blue', 'Red')[team]} team{you}:",
                               (lay.HAND.x + 12, y + 12), 13, self.colour(team), "bold",
                               "midleft")
            x = label.right + 10
            picks = [h for h in view.hero_order if int(view.heroes[h].seat) in seats]
            if not picks:
                theme.text(target, "no Hero yet", (x, y + 12), 12, theme.PARCHMENT_DIM,
                           anchor="midleft")
            for hero in picks:
                spec = load().heroes[hero]
                chip = pygame.Rect(x, y, 0, 24)
                chip.w = theme.rendered(spec.name, 12, theme.CREAM, "bold").get_width() + 34
                pygame.draw.rect(target, self.colour(int(view.heroes[hero].seat)), chip,
                                 border_radius=7)
                picture = icons.icon("biternia", "hero", spec.name, 18, theme.CREAM)
                target.blit(picture, picture.get_rect(midleft=(chip.x + 5, chip.centery)))
                theme.text(target, spec.name, (chip.x + 27, chip.centery), 12, theme.CREAM,
                           "bold", "midleft")
                x = chip.right + 6

    def tray_words(self, view: BiterniaState) -> tuple[str, ...]:
        """What the tray's head says, the longest first, then shorter ways of saying it
        (the first that fits is shown, never cut)."""
        viewer = self.model.viewer
        kinds = {a.kind for a in self.model.actions}
        if Act.DRAFT in kinds:
            return ("Draft: click a Hero for your team", "Draft: click a Hero")
        if viewer is None:
            return ("Watching: the hands are hidden", "Hands hidden")
        if Act.ORDER in kinds and self.picked is not None:
            who = display_name(self.picked)
            return (f"Your hand: click a card to give {who} its order",
                    f"Click a card: {who}'s order", f"{who}'s order", "Your hand")
        if Act.DISCARD in kinds:
            return ("Your hand: click a card to discard it", "Click a card to discard it",
                    "Discard: click a card", "Your hand")
        if view.seats[viewer].deck_secret:
            return ("Your hand",)
        return ("Your hand · *the deck is the discard pile turned over (never shuffled)",
                "Your hand")

    def draw_hand_tray(self, target: pygame.Surface, view: BiterniaState) -> None:
        theme.shadowed_rect(target, lay.HAND, (16, 44, 37), radius=10, shadow=4,
                            border=theme.WOOD)
        if view.phase == Phase.DRAFT:
            self.draw_draft_picks(target, view)
            return
        viewer = self.model.viewer
        room = lay.HAND.w - 24
        end = lay.HAND.right - 12  # where the caption of the group to the right begins
        learn = next((c for c in self.offers if isinstance(c, HandCard)), None)
        if learn is not None and self.picked is not None:
            end = self.caption(target, learn, f"{display_name(self.picked)} may learn")
            room = end - lay.HAND.x - 24
        mate = next((c for c in self.hand if not c.mine), None)
        if mate is not None and viewer is not None:
            seat = next(p for p in range(view.num_players) if p != viewer and p % 2 == viewer % 2)
            left = round(mate.x - mate.w / 2)
            who = self.seat_names[seat].partition(' (')[0]
            room = min(room, self.caption(target, mate, fitting(
                (f"{who}'s hand (teammate)", f"{who}'s hand", "Teammate's hand", "Teammate"),
                end - left - 16, 12, "bold")) - lay.HAND.x - 24)
        if room >= 60:  # else a caption over the cards at the left says what they are
            theme.text(target, fitting(self.tray_words(view), room, 12, "bold"),
                       (lay.HAND.x + 12, lay.HAND.y + 4), 12, theme.BRASS_LIGHT, "bold")
        if viewer is not None and not view.seats[viewer].hand and not self.offers:
            theme.text(target, "No cards in hand", lay.HAND.center, 14, theme.PARCHMENT_DIM,
                       "bold", "center")
        if viewer is not None and not any(isinstance(o, HeroTile) for o in self.offers):
            self.draw_piles(target, view.seats[viewer])
        if viewer is None:
            self.draw_hidden_hands(target, view)

    def draw_hidden_hands(self, target: pygame.Surface, view: BiterniaState) -> None:
        """A spectator sees every hand face down: a fan of backs per seat with its count."""
        seats = view.seats
        width = (lay.HAND.w - 24) // max(1, len(seats))
        for seat, data in enumerate(seats):
            x = lay.HAND.x + 12 + seat * width
            name = self.seat_names[seat].partition(" (")[0] if seat < len(self.seat_names) \
                else f"Seat {seat + 1}"
            count = len(data.hand)
            theme.text(target, f"{name}: {count} card{'s' if count != 1 else ''}",
                       (x, lay.HAND.y + 26), 12, theme.PARCHMENT_DIM, "bold")
            for k in range(count):
                draw_back(target, pygame.Rect(x + k * 18, lay.HAND.y + 46, 40, 56))

    @staticmethod
    def draw_piles(target: pygame.Surface, seat: SeatCards) -> None:
        """The viewer's deck (backs; "turned over" once the discards became the deck) and
        discard pile (its top card face up) as small stacks with their counts."""
        top = lay.HAND.bottom - 6 - 70
        deck = pygame.Rect(lay.HAND.right - PILES_W, top, 40, 70)
        for k in range(min(4, len(seat.deck))):
            draw_back(target, deck.move(-2 * k, -2 * k))
        if not seat.deck:
            pygame.draw.rect(target, theme.WOOD, deck, 2, border_radius=6)
        # once the discards were turned over (never shuffled), the deck's order is known
        label = f"Deck {len(seat.deck)}" + ("" if seat.deck_secret else "*")
        theme.text(target, label, (deck.centerx, deck.y - 4), 12, theme.PARCHMENT_DIM, "bold",
                   "midbottom")
        pile = pygame.Rect(deck.right + 14, top, 66, 70)  # wide enough for a name's words
        discard = seat.discard
        for k in range(min(3, max(0, len(discard) - 1))):
            pygame.draw.rect(target, theme.PARCHMENT_DIM, pile.move(-2 * (k + 1), -2 * (k + 1)),
                             border_radius=6)
        if discard:
            found = face(discard[-1])
            pygame.draw.rect(target, theme.PARCHMENT, pile, border_radius=6)
            pygame.draw.rect(target, found.ink if found else theme.WOOD,
                             (pile.x, pile.y, pile.w, 12), border_top_left_radius=6,
                             border_top_right_radius=6)
            for k, line in enumerate(theme.wrap(card_name(discard[-1]), pile.w - 4, 12,
                                                hyphenate=True)[:4]):
                theme.text(target, line, (pile.centerx, pile.y + 12 + 13 * k), 12, theme.INK,
                           anchor="midtop")
            pygame.draw.rect(target, theme.WOOD, pile, 1, border_radius=6)
        else:
            pygame.draw.rect(target, theme.WOOD, pile, 2, border_radius=6)
        theme.text(target, f"Discard {len(discard)}", (pile.centerx, deck.y - 4), 12,
                   theme.PARCHMENT_DIM, "bold", "midbottom")

    @staticmethod
    def caption(target: pygame.Surface, first: HandCard, words: str) -> int:
        """A divider and a caption over a group of cards starting with ``first``; returns
        the caption's left edge."""
        x = round(first.x - first.w / 2)
        pygame.draw.line(target, theme.WOOD, (x - 8, lay.HAND.y + 8),
                         (x - 8, lay.HAND.bottom - 8), 2)
        theme.text(target, words, (x, lay.HAND.y + 4), 12, theme.PARCHMENT_DIM, "bold")
        return x
