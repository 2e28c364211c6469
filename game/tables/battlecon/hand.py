"""BattleCON's hand tray: the viewer's cards, paired by clicking (a style, then a base, in
either order) or by dragging one onto the other or onto the attack-pair slot on the
viewer's plate. Every pairing ends in ``choose(action)`` with one of the legal actions."""

from __future__ import annotations

from functools import partial

from game import sound
from game.tables.battlecon.base import BattleconBase
from game.tables.battlecon.layout import HAND
from game.tables.battlecon.parts import LIFT, SHORT_H, DropSlot, HandCard, Point
from game.tables.battlecon.reading import OFFER_W
from rules.battlecon.kinds import Act, Phase
from rules.battlecon.state import BattleconState
from rules.core import Action

PAIRING = (Act.SET, Act.DISCARD_PAIR)  # actions that take a (style, base) pair from the hand
SINGLE = (Act.CLASH, Act.DISCARD)  # actions that take one card from the hand
CARD_H = 92
FAN = 30  # pixels between cards arriving in the hand together
TWO_ROWS = 10  # a hand this large lies in two rows


def slot_words(what: Action | str | None) -> str:
    """What the lit pair slot says a drop there does."""
    if not isinstance(what, Action):
        return "Drop here: half a pair"
    words: dict[str, str] = {Act.CLASH: "Clash with this base", Act.DISCARD: "Drop to discard it",
                             Act.DISCARD_PAIR: "Drop to discard the pair"}
    return words.get(what.kind, "Drop to set")


class HandTray(BattleconBase):
    """The hand part of BattleCON's table (mixed into ``BattleconTable``)."""

    hand: list[HandCard]
    selected: dict[str, str]  # card kind -> card id picked for the pair
    slotted: str | None  # a card resting in the pair slot (dropped there, half a pair)
    slot: DropSlot | None
    dealt_for: int | None  # whose hand is laid out (later arrivals come from the plate)
    offers: list[HandCard]  # the setup's choices (Finishers), laid in the hand's place

    def pair_spot(self) -> tuple[float, float] | None:
        """The centre of the viewer's attack-pair slot (None for a spectator)."""
        return None if self.slot is None else (self.slot.x, self.slot.y)

    def return_spot(self) -> tuple[float, float] | None:
        """Where cards coming back to the hand come from (the table: discard pile 2)."""
        return self.pair_spot()

    # -- laying the hand out ------------------------------------------------------------
    def deal_hand(self, view: BattleconState, viewer: int | None) -> None:
        """Lay the viewer's hand out as cards, styles first, then bases. Cards still in the
        hand keep their node (a card being dragged stays in the pointer's hand) and glide
        to their new place."""
        self.deal_offers(view)
        ids = [] if viewer is None or self.offers else \
            self.hand_order(view, view.player(viewer).hand)
        keep = {c.cid: c for c in self.hand}
        for old in self.hand:
            if old.cid not in ids:
                self.remove(old)
        if self.slotted not in ids or self.slotted not in self.selected.values():
            self.slotted = None
        usable = self.usable_cards()
        self.hand = []
        for cid in ids:
            card = keep.get(cid)
            if card is None:
                card = HandCard(0, 0, cid, view.card(cid), self.pick_card, h=CARD_H,
                                on_drag=self.on_drag)
                card.z = 6
                self.add(card)
            card.enabled = cid in usable
            card.why = "" if card.enabled else self.idle_reason(view, cid)
            card.selected = self.selected.get(view.card(cid)["kind"]) == cid
            self.hand.append(card)
        self.mark_leads()
        arrived = {c.cid for c in self.hand} - set(keep)
        if self.dealt_for != viewer:  # a new viewer's hand lies there at once
            self.lay_hand(snap=arrived)
        else:
            self.lay_hand(arrive=arrived)
        self.dealt_for = None if self.offers else viewer  # after the setup: dealt anew

    def deal_offers(self, view: BattleconState) -> None:
        """The setup's choices as cards in the tray, in the hand's place: each Finisher (with
        the extra counter a fighter takes, for one who chooses one); a click chooses it."""
        for old in self.offers:
            self.remove(old)
        self.offers = []
        choices = [a for a in self.model.actions if a.kind == Act.SETUP]
        width = min(170.0, (HAND.w - 24 - 10 * max(0, len(choices) - 1)) / max(1, len(choices)))
        for k, action in enumerate(choices):
            fid, extra = (str(a) for a in action.args)
            card = HandCard(HAND.x + 12 + width / 2 + k * (width + 10), HAND.bottom - 50, fid,
                            view.card(fid), partial(self.choose_offer, action), w=width,
                            h=CARD_H)
            card.name, card.z, card.read_w = f"offer.{k}", 6, OFFER_W
            card.note = f"Finisher · +1 {extra.capitalize()}" if extra else "Finisher"
            card.leads = (action,)
            self.offers.append(card)
            self.add(card)

    def idle_reason(self, view: BattleconState, cid: str) -> str:
        """Why no legal action takes the card ``cid`` now (a greyed card says so)."""
        kinds = {a.kind for a in self.model.actions}
        kind = view.card(cid)["kind"]
        if not kinds:
            return "It is not your choice now: wait for your turn to set a pair."
        if Act.CLASH in kinds:
            return "A clash: only a new base can be set; styles stay in your hand."
        if Act.DISCARD in kinds:
            return f"Only a style can be discarded now; this is a {kind}."
        if view.phase == Phase.ANTE:
            return "Your pair is set: the hand waits for the next beat (ante or pass now)."
        if view.phase == Phase.RESOLVE:
            return "The beat is being resolved: cards are set in the next beat's Set phase."
        return "No choice open now takes this card."

    def choose_offer(self, action: Action, _cid: str) -> None:
        self.choose(action)

    @staticmethod
    def hand_order(view: BattleconState, cards: list[str]) -> list[str]:
        order = {"style": 0, "base": 1}
        return sorted(cards, key=lambda c: (order.get(view.card(c)["kind"], 2),
                                            view.card_name(c)))

    def lay_hand(self, snap: set[str] | frozenset[str] = frozenset(),
                 arrive: set[str] | frozenset[str] = frozenset()) -> None:
        """Put each card at its place in the tray (a slotted one on the pair slot); cards in
        ``snap`` jump there, cards in ``arrive`` come from the viewer's plate (cards coming
        back from the discards), the others glide."""
        start = self.return_spot()
        places = self.hand_places()
        spot = self.pair_spot()
        x: float
        y: float
        landed = 0  # arriving cards so far
        for card, (x, y, width, height) in zip(self.hand, places, strict=True):
            card.w, card.h = width, height
            card.rise = LIFT if height == CARD_H else 0
            if card.cid == self.slotted and spot is not None:
                x, y = spot[0], spot[1] + (card.rise if card.selected else 0)
            if card.cid in snap or (card.cid in arrive and start is None):
                card.x, card.y = x, y - (card.rise if card.selected else 0)
            elif card.cid in arrive and start is not None:
                # cards arriving together come fanned out, each one in reach of a click
                card.x, card.y = start[0] + FAN * landed, start[1]
                landed += 1
            card.send_home(x, y)

    def hand_places(self) -> list[tuple[float, float, float, float]]:
        """Each hand card's centre, width and height. A full hand (nine cards) packs closer,
        so every name fits (Impenetrable: 81 px); a larger one (the initial discards chosen:
        13 cards) lies in two rows, the styles over the bases, each card its name on its
        band over its numbers, so that every name stays whole at 12 px."""
        n = len(self.hand)
        if n < TWO_ROWS:
            gap, pad = (8, 12) if n <= 8 else (2, 8)
            width = min(86.0, (HAND.w - 2 * pad - gap * max(0, n - 1)) / max(1, n))
            return [(HAND.x + pad + width / 2 + k * (width + gap), HAND.bottom - 50, width,
                     CARD_H) for k in range(n)]
        styles = [k for k, c in enumerate(self.hand) if c.card.get("kind") == "style"]
        rows = [styles, [k for k in range(n) if k not in styles]]
        gap, pad = 4, 8
        most = max(len(r) for r in rows)
        width = min(110.0, (HAND.w - 2 * pad - gap * (most - 1)) / most)
        out: dict[int, tuple[float, float, float, float]] = {}
        for r, row in enumerate(rows):
            y = HAND.bottom - 4 - SHORT_H / 2 - (1 - r) * (SHORT_H + 3)
            for k, index in enumerate(row):
                out[index] = (HAND.x + pad + width / 2 + k * (width + gap), y, width, SHORT_H)
        return [out[k] for k in range(n)]

    def usable_cards(self) -> set[str]:
        """The cards some legal action takes from the hand."""
        out: set[str] = set()
        for action in self.model.actions:
            if action.kind in PAIRING or action.kind in SINGLE:
                out.update(str(a) for a in action.args)
        return out

    # -- clicking -----------------------------------------------------------------------
    def pick_card(self, cid: str) -> None:
        """A hand card was clicked: a clash takes the base at once; otherwise the card is
        picked (or put back) for the pair, and a style with a base plays the pair."""
        action = self.action_for_pick(cid)
        self.settle_picks()
        if action is not None:
            self.play_pair(action)

    def settle_picks(self) -> None:
        for card in self.hand:
            card.select(card.cid in self.selected.values())
        if self.slotted not in self.selected.values():
            self.slotted = None
        self.mark_leads()
        self.lay_hand()

    def mark_leads(self) -> None:
        """What a click on each hand card leads to (``Widget.leads``): the one action it
        plays (a clash base, a card to discard, the other half of a picked card's pair),
        else every pair it is part of (a click picks it)."""
        for card in self.hand:
            card.leads = self.card_leads(card.cid) if card.enabled else ()

    def card_leads(self, cid: str) -> tuple[Action, ...]:
        one = self.takes_one(cid)
        if one is not None:
            return (one,)
        view = self.view
        kind = view.card(cid)["kind"]
        partner = self.selected.get("base" if kind == "style" else "style")
        if partner is not None and self.selected.get(kind) != cid:
            pair = self.pair_action(cid, partner) if kind == "style" else \
                self.pair_action(partner, cid)
            if pair is not None:
                return (pair,)
        return tuple(a for a in self.model.actions if a.kind in PAIRING and cid in a.args)

    def play_pair(self, action: Action) -> None:
        self.selected, self.slotted = {}, None
        self.choose(action)

    def action_for_pick(self, cid: str) -> Action | None:
        """Update the selection for a click on ``cid``; the legal action it completes, if
        any."""
        view = self.view
        if view is None:
            return None
        clash = self.takes_one(cid)
        if clash is not None:
            return clash
        kind = view.card(cid)["kind"]
        if self.selected.get(kind) == cid:
            del self.selected[kind]
        else:
            self.selected[kind] = cid
        return self.pair_action(self.selected.get("style"), self.selected.get("base"))

    def takes_one(self, cid: str) -> Action | None:
        """The action that takes this one card at once: a clash base, or a card to
        discard when the rules ask for one."""
        return next((a for a in self.model.actions if a.kind in SINGLE and a.args == (cid,)),
                    None)

    def pair_action(self, style: str | None, base: str | None) -> Action | None:
        return next((a for a in self.model.actions
                     if a.kind in PAIRING and a.args == (style, base)), None)

    # -- dragging -----------------------------------------------------------------------
    def partners(self, cid: str) -> dict[str, Action]:
        """The hand cards ``cid`` makes a legal pair with, and the action each pair plays."""
        out: dict[str, Action] = {}
        for action in self.model.actions:
            if action.kind in PAIRING and cid in action.args:
                style, base = (str(a) for a in action.args)
                out[base if style == cid else style] = action
        return out

    def slot_drop(self, cid: str) -> Action | str | None:
        """What dropping ``cid`` on the pair slot does: a clash or a completed pair (the
        action), "rest" (it lies there as half a pair), or None (not allowed)."""
        view = self.view
        if view is None:
            return None
        clash = self.takes_one(cid)
        if clash is not None:
            return clash
        partners = self.partners(cid)
        if not partners:
            return None
        kind = view.card(cid)["kind"]
        other = self.selected.get("base" if kind == "style" else "style")
        return partners.get(other or "", "rest")

    def on_drag(self, card: HandCard, phase: str, pos: Point) -> None:
        if phase == "start":
            self.light_targets(card.cid)
        elif phase == "move":
            self.light_hover(card, pos)
        else:
            self.drop(card, pos)

    def light_targets(self, cid: str) -> None:
        partners = self.partners(cid)
        for other in self.hand:
            other.target, other.hot = other.cid in partners, False
        if self.slot is not None:
            what = self.slot_drop(cid)
            self.slot.lit = what is not None
            self.slot.words = slot_words(what)

    def light_hover(self, card: HandCard, pos: Point) -> None:
        under = self.drop_under(card, pos)
        for other in self.hand:
            other.hot = other is under
        if self.slot is not None:
            self.slot.hot = self.slot.lit and under is self.slot

    def drop_under(self, card: HandCard, pos: Point) -> HandCard | DropSlot | None:
        """The lit drop target under the pointer, if any."""
        for other in self.hand:
            if other is not card and other.target and other.contains(*pos):
                return other
        if self.slot is not None and self.slot.lit and self.slot.rect().collidepoint(pos):
            return self.slot
        return None

    def drop(self, card: HandCard, pos: Point) -> None:
        """Let go: onto a partner card or the slot plays (or rests); anywhere else the card
        springs back to its place in the hand."""
        under = self.drop_under(card, pos)
        for other in self.hand:
            other.target = other.hot = False
        if self.slot is not None:
            self.slot.lit = self.slot.hot = False
        action: Action | str | None = None
        if isinstance(under, HandCard):
            action = self.partners(card.cid).get(under.cid)
        elif isinstance(under, DropSlot):
            action = self.slot_drop(card.cid)
        if isinstance(action, Action):
            sound.play("flip")
            self.play_pair(action)
            return
        if action == "rest":
            view = self.view
            if view is not None:
                self.selected[view.card(card.cid)["kind"]] = card.cid
                self.slotted = card.cid
            self.settle_picks()
            return
        card.send_home(card.home_x, card.home_y, spring=True)
