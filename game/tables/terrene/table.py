"""Terrene Odyssey's own table: a card battle. Each seat's side shows its team's life, the
supply in use, actions left, the terrain card, deck and discard piles and its row of
characters (hidden ones as card backs to the enemy, each with its assigned card peeking
out); the middle band shows the turn, the set score and the response chain as a fanned
stack; the viewer's hand lies under the board. Clicking a card plays its action (a menu
when it stands for several); every legal action also stays a button in the action strip.
The draft's pick and build stages are drawn by terrene/draft.py."""

from __future__ import annotations

import math
import re
from dataclasses import replace
from functools import partial
from typing import Any, cast

import pygame

import game.tables.terrene.layout as lay
from game import theme
from game.cardface import CardFace
from game.floats import rise_from
from game.scene import Node
from game.tables.generic import GenericTable, StripLayout, TableModel
from game.tables.terrene.cards import (
    CardLook,
    UnitLook,
    chain_tile,
    draw_back,
    draw_pile,
    fit_lines,
    ordinal,
    terrain_card,
    terrain_picture,
)
from game.tables.terrene.draft import DraftBoard
from game.tables.terrene.faces import card_face
from game.tables.terrene.layout import BOARD, HAND, MIDDLE, SIDE_LOG, SIDE_PANELS, STRIP
from game.tables.terrene.nodes import (
    ACTION_R,
    ActionToken,
    CardWidget,
    ChainTile,
    ChoiceMenu,
    PlanCard,
    Spot,
    TokenNode,
    UnitNode,
    draw_token,
)
from game.tables.terrene.read import (
    OFFERS,
    action_cost,
    actions_on,
    card_look,
    holders,
    sp_used,
    terrain_of,
    unit_look,
)
from game.tween import ease_out_back
from game.widgets import Widget
from rules.core import Action, Event, GameState, Panel
from rules.terrene.content import cards, decks
from rules.terrene.draft_match import DraftMatch
from rules.terrene.kinds import Act, Ask, Phase
from rules.terrene.state import TerreneState

DRAWN = ("Board", "Your hand", "Discards", "Draft")  # drawn on the table, not listed
#: events only the chain's top link resolving causes (its tile rises as it resolves)
RESOLVING = ("resolve", "negated", "fizzle", "damage", "player_damage", "blocked",
             "attack_cancelled", "recruit", "hide", "assign", "trade", "dismiss", "heal",
             "player_heal", "status", "gain", "buff", "defeat")
LOSS, GAIN = (236, 84, 70), (110, 200, 120)
#: what a prompt asks, as the battle box says who decides now ("P2 · deck blocks or …")
ASKS = {Ask.BLOCK: "blocks or takes the hit", Ask.SLOW: "pays for the slowed attack or not",
        Ask.XP_ASSIGN: "gives the XP to a character", Ask.XP_CHOICE: "picks +5 ATK or +5 DEF",
        Ask.OVERSUPPLY: "dismisses a character (over the SP limit)",
        Ask.CHOOSE_FIRST: "chooses who goes first"}
#: the hand tray's heading while the viewer answers a prompt on the table
ASKED = {Ask.BLOCK: "Attacked: click a lit character to block, or Take the hit (top right)",
         Ask.XP_ASSIGN: "XP to give: click the lit character that gains it",
         Ask.OVERSUPPLY: "Over your SP limit: click the lit character to dismiss"}


def shorten(name: str) -> str:
    """"Player 1 (team A): Rainstorm OTK" -> "P1 · Rainstorm OTK"."""
    return re.sub(r"^Player (\d+)(?: \(team [AB]\))?: ", r"P\1 · ", name)


def glide(node: Node, spot: tuple[float, float], animate: bool, duration: float) -> None:
    """Move a card to ``spot``: sliding (any earlier slide dropped), or at once."""
    node.tweens.tweens = [t for t in node.tweens.tweens if t.attr not in ("x", "y")]
    if animate:
        node.tween("x", spot[0], duration)
        node.tween("y", spot[1], duration)
    else:
        node.x, node.y = spot


class TerreneTable(DraftBoard, GenericTable):
    """The card battle (and the draft) drawn as a card table."""

    END_KINDS = (Act.END_TURN, Act.PASS, Act.NO_BLOCK)
    #: choices with no piece, card or place to point at: conceding, and the yes/no or
    #: this-or-that questions a prompt asks (pay for a slowed attack or not; +5 ATK or +5
    #: DEF for a level gained with no terrain; go first or second in a set's next game)
    UNPLACED = (Act.RUN, Act.SLOW_PAY, Act.SLOW_CANCEL, Act.XP_ATK, Act.XP_DEF,
                Act.GO_FIRST, Act.GO_SECOND)

    def end_words(self, action: Action) -> str:
        if action.kind == Act.NO_BLOCK:
            return "Take the hit"
        return super().end_words(action)

    def caution(self, action: Action) -> str | None:
        """Running concedes; dismissing a character (your last one: you lose) or its card
        cannot be taken back (unless the oversupply forces a dismissal); ending the turn
        with actions left gives them up."""
        g, me = self.game, self.inner
        if action.kind == Act.RUN:
            return "You concede this game of the match to your opponent; it cannot be undone."
        if g is None or me is None or not hasattr(g, "party"):
            return None
        forced = g.prompt is not None and g.prompt.kind == Ask.OVERSUPPLY
        if action.kind == Act.DISMISS and len(g.party[me]) == 1 and action.args[:1] == (
                g.party[me][0],):
            return ("This is your last character: with no characters left you lose the "
                    "game.")
        if action.kind == Act.DISMISS and not forced:
            return (f"{g.name(int(action.args[0]))} leaves the table for your discard pile; "
                    "it cannot be undone.")
        if action.kind == Act.DISMISS_CARD:
            return "The card goes to your discard pile; it cannot be undone."
        left = g.actions[me] if me < len(g.actions) else 0
        if action.kind == Act.END_TURN and left > 0 and any(
                a.kind not in (Act.END_TURN, Act.RUN, Act.DISMISS, Act.DISMISS_CARD)
                for a in self.model.actions):
            said = f"{left} actions" if left > 1 else "1 action"
            them = "them" if left > 1 else "it"
            return f"You still have {said} this turn; ending it gives {them} up."
        return None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.panels_area = SIDE_PANELS.copy()
        self.game: TerreneState | None = None  # the view drawn (a draft's current game)
        self.inner: int | None = None  # the viewer's seat in that game
        self.seat_map: list[int] = []  # game seat -> table seat (a draft's pairing)
        self.units: dict[int, UnitNode] = {}
        self.hand: dict[int, CardWidget] = {}
        self.offers: list[CardWidget] = []
        self.spots: dict[str, Spot] = {}  # terrains and enemy plates (targets on the board)
        self.tokens: list[TokenNode] = []  # the viewer's action tokens, to drag
        self.menu: ChoiceMenu | None = None
        self.holder_of: dict[int, int] = {}
        self.snapshot: dict[str, Any] | None = None
        self.links: dict[int, ChainTile] = {}
        self._baked: list[Any] = []  # the cards at rest, drawn in the still layer
        self._baked_key: tuple[object, ...] = ()
        self.last_game: tuple[object, ...] | None = None
        self.last_viewer: int | None = -1
        #: what the staged steps already showed (``animate``): the battles whose attacker
        #: struck, the teams and characters whose life change rose as a number
        self.struck: set[int] = set()
        self.pulsed: set[int] = set()  # the links whose resolving was shown
        self.link_spots: dict[int, tuple[float, float]] = {}  # where each tile comes to lie
        self.told_hp: set[int] = set()
        self.told_dmg: set[int] = set()
        #: a card is being dragged that dropping on the viewer's own side would play (a
        #: recruit, hide or terrain from the hand, a setup offer): that side is ringed
        self.side_ring = False
        self.held: CardWidget | None = None  # the card (or token) being dragged

    # -- forced passes ---------------------------------------------------------------------
    @staticmethod
    def automatic(state: GameState, seat: int, human: bool, settings: Any) -> Action | None:
        """The pass a seat with nothing but Pass makes at once: always for an AI; for a
        person unless their settings stop at every priority."""
        if human and getattr(settings, "stop_at_every_priority", False):
            return None
        legal = state.legal_actions(seat)
        if len(legal) == 1 and legal[0].kind == Act.PASS:
            return legal[0]
        return None

    # -- geometry ------------------------------------------------------------------------
    def log_rect(self) -> pygame.Rect:
        return SIDE_LOG

    PANEL_COLUMNS = 1  # one column of text panels at the side

    @property
    def shown(self) -> TerreneState:
        """The game on show, for the parts that run only once ``refresh`` found one
        (``game`` is None only while a draft has no game yet, and then they do not run)."""
        return cast(TerreneState, self.game)

    def wide(self) -> bool:
        return self.game is None or self.game.n == 2

    def near_team(self) -> int:
        return 0 if self.inner is None else self.inner % 2

    def side(self, seat: int) -> pygame.Rect:
        """The seat's side of the board: the viewer's team near (bottom), allies side by
        side in 2v2."""
        row = 1 if seat % 2 == self.near_team() else 0
        return lay.side_rect(row, seat // 2, self.wide())

    def seat_rect(self, seat: int) -> pygame.Rect:
        """The name band on the seat's plate (the thinking dot turns at its right end)."""
        if self.game is None or not self.seat_map:
            return super().seat_rect(seat)
        inner = self.seat_map.index(seat) if seat in self.seat_map else None
        if inner is None:
            return pygame.Rect(-200, -200, 10, 10)
        side = self.side(inner)
        zones = lay.zones_rect(side, self.wide())
        return pygame.Rect(side.x, side.y, zones.right - side.x, lay.BAND_H)

    def seat_colour(self, inner: int) -> tuple[int, int, int]:
        seat = self.seat_map[inner] if inner < len(self.seat_map) else inner
        return self.colour(seat)

    def hp_spot(self, seat: int) -> tuple[int, int]:
        side = self.side(seat)
        return side.x + 40, side.y + 50

    def deck_rect(self, seat: int) -> pygame.Rect:
        """The deck pile: side by side with the discard pile under the terrain (2v2), or
        alone at the top of the column (1v1, where the terrain lies at the side's end)."""
        zones = lay.zones_rect(self.side(seat), self.wide())
        if self.wide():
            return pygame.Rect(zones.x + 18, zones.y + 4, 34, 44)
        w = (zones.w - 6) // 2
        return pygame.Rect(zones.x, zones.bottom - 50, w, 40)

    def discard_rect(self, seat: int) -> pygame.Rect:
        deck = self.deck_rect(seat)
        return deck.move(0, deck.h + 18) if self.wide() else deck.move(deck.w + 6, 0)

    # -- model -> nodes ------------------------------------------------------------------
    def refresh(self, model: TableModel, panels: list[Panel]) -> None:
        self.close_menu()
        view = model.view
        shown = view.game if isinstance(view, DraftMatch) else view  # (a draft's game)
        drawn = DRAWN + (("Terrains",) if getattr(shown, "n", 0) == 2 else ())
        self.game, self.inner, self.seat_map = None, model.viewer, []
        if isinstance(view, DraftMatch):
            if view.game is not None:
                self.game = view.game
                self.seat_map = list(view.table)
                self.inner = view.table.index(model.viewer) \
                    if model.viewer in view.table else None
        elif isinstance(view, TerreneState):
            self.game = view
            self.seat_map = list(range(view.num_players))
        super().refresh(model, [p for p in panels if p.title not in drawn])  # asks caution()
        animate = model.viewer == self.last_viewer  # a hand-over or a load snaps instead
        self.last_viewer = model.viewer
        key = self.game_key(view)
        if key != self.last_game:  # another game (of a set or a draft): nothing carries over
            self.clear_game()
            animate, self.last_game = False, key
        self.lay_draft(view if isinstance(view, DraftMatch) and self.game is None else None)
        if self.game is None:
            self.clear_game()
            self.snapshot = None
            return
        self.holder_of = holders(self.game)
        self.lay_units(animate=animate)
        self.lay_hand(animate=animate)
        self.lay_offers()
        self.lay_chain(animate=animate)
        self.lay_spots()
        self.lay_tokens()
        self.show_changes(self.take_snapshot(), animate=animate)

    def game_key(self, view: GameState | None) -> tuple[object, ...]:
        """Which game is shown: the set's game number, or the draft's round and pairing."""
        if isinstance(view, DraftMatch):
            return ("draft", view.tour.round, tuple(view.table))
        return ("game", getattr(view, "game_no", 0))

    def clear_game(self) -> None:
        for node in [*self.units.values(), *self.hand.values(), *self.offers,
                     *self.links.values(), *self.spots.values(), *self.tokens]:
            self.remove(node)
        self.units, self.hand, self.offers, self.links, self.spots = {}, {}, [], {}, {}
        self.tokens = []
        self.struck, self.pulsed = set(), set()  # link ids start again in another game

    def lay_chain(self, animate: bool) -> None:
        """The chain as a fan of tiles: a new link flies in from the side of whoever added
        it, a resolved one rises and fades, the others close up."""
        g, area = self.shown, lay.CHAIN
        n = len(g.chain)
        w = lay.chain_width(n)
        step = min(w + 6, (area.w - w) / max(1, n - 1)) if n > 1 else 0
        for k, link in enumerate(g.chain):
            tile = self.links.get(link.id)
            spot = (area.x + w / 2 + k * step, area.centery + 1 - 2 * (k % 2))
            self.link_spots[link.id] = spot
            if tile is None:
                tile = ChainTile(link.id)
                start = self.side(link.seat).center if animate else spot
                tile.x, tile.y = start
                self.links[link.id] = tile
                self.add(tile)
            if (tile.x, tile.y) != spot:
                glide(tile, spot, animate, 0.35)
            who = g.player_name(link.seat)
            words = link.label.removeprefix(f"{who} ")  # the tile names who added it
            named = tuple(g.name(u) for u in (link.card, link.source, link.attacker,
                                               link.target, link.blocker)
                          if u is not None and g.cards[u] is not None)
            picture = chain_tile(words, shorten(who), self.seat_colour(link.seat), n - k,
                                 k == n - 1, bool(link.negated), w, names=named)
            tile.w = w
            tile.face = self.link_face(link, n - k)
            tile.look = picture  # upright: its words are read, not tilted
            tile.z = 6 + k * 0.01
        live = {link.id for link in g.chain}
        for lid in [i for i in self.links if i not in live]:
            tile = self.links.pop(lid)
            tile.leave() if animate else self.remove(tile)

    def link_face(self, link: Any, order: int) -> CardFace:
        """A link of the chain large: its words whole, who added it, when it resolves."""
        g = self.shown
        cid = g.cards[link.card] if link.card is not None else None
        known = cards().get(cid) if cid is not None else None
        icon = ("terrene", known.kind, known.name) if known is not None else None
        words: list[tuple[str, str]] = [("", link.label),
                                        ("Added by", g.player_name(link.seat))]
        if link.negated:
            words.append(("Negated", "it resolves doing nothing"))
        kind = f"Chain link · resolves {ordinal(order)}"  # (who added it: a section, whole)
        return CardFace(link.label.split(":", 1)[0], kind, self.seat_colour(link.seat), (),
                        tuple(words), icon)

    def lay_units(self, animate: bool) -> None:
        g = self.shown
        seen: set[int] = set()
        for seat in range(g.n):
            row = lay.row_rect(self.side(seat), self.wide())
            party = g.party[seat]
            for k, uid in enumerate(party):
                x, y, scale = lay.unit_spot(row, len(party), k)
                y += lay.PEEK * scale / 2
                self.place_unit(uid, seat, (x, y), scale, animate)
                seen.add(uid)
        for uid in [u for u in self.units if u not in seen]:
            self.retire(self.units.pop(uid), animate)

    def place_unit(self, uid: int, seat: int, spot: tuple[float, float], scale: float,
                   animate: bool) -> None:
        g = self.shown
        node = self.units.get(uid)
        if node is None:
            node = UnitNode(uid, partial(self.clicked, uid))
            node.on_drag = self.dragged
            start = self.hand[uid] if uid in self.hand else None
            if animate and start is not None:
                node.x, node.y = start.x, start.y
            elif animate:  # it fades in at its own place (never two cards on one spot)
                node.x, node.y, node.alpha = spot[0], spot[1] + 20, 0.0
                node.tween("alpha", 1.0, 0.25)
            else:
                node.x, node.y = spot
            node.scale = scale
            self.units[uid] = node
            self.add(node)
        if (node.x, node.y) != spot and node.home != spot:
            glide(node, spot, animate, 0.4)
        if node.scale != scale:
            node.tween("scale", scale, 0.3) if animate else setattr(node, "scale", scale)
        node.home = spot
        look = unit_look(g, uid)
        old = node.look if isinstance(node.look, UnitLook) else None
        if animate and old is not None and (old.name != look.name or old.hidden > look.hidden):
            node.scale = scale * 0.7  # turned face up: the card pops open
            node.tween("scale", scale, 0.35, ease_out_back)
        node.look = look
        card = g.units[uid].card
        if card is None:
            node.held = None
        else:
            cid = g.cards[card]
            node.held = ("" if cid is None else g.name(card), bool(g.units[uid].card_up))
        node.leads = tuple(actions_on(self.model.actions, uid, self.holder_of))
        node.lit = bool(node.leads)
        node.cid = g.cards[uid]

    def retire(self, node: CardWidget, animate: bool) -> None:
        """A card leaves the table: it fades as it sinks (to the discard pile)."""
        if not animate:
            self.remove(node)
            return
        node.interactive = False
        node.tween("y", node.y + 30, 0.4)
        node.tween("alpha", 0.0, 0.4, on_done=lambda: self.drop(node))

    def drop(self, node: CardWidget) -> None:
        if node.parent is self:
            self.remove(node)

    def lay_hand(self, animate: bool) -> None:
        g, seat = self.shown, self.inner
        held = [] if seat is None else [u for u in g.zones["hand"][seat] if g.cards[u] is not None]
        for k, uid in enumerate(held):
            x, y, tilt = lay.fan_spot(len(held), k)
            node = self.hand.get(uid)
            if node is None:
                node = CardWidget(x, y, lay.HAND_W, lay.HAND_H, f"hand.{uid}",
                                  partial(self.clicked, uid))
                node.on_drag = self.dragged
                node.fanned, node.rotation = True, tilt
                if animate:  # dealt into its own place (never two cards on one spot)
                    node.y, node.scale, node.alpha = y + 30, 0.6, 0.0
                    node.tween("y", y, 0.45)
                    node.tween("scale", 1.0, 0.45)
                    node.tween("alpha", 1.0, 0.3)
                self.hand[uid] = node
                self.add(node)
            elif (node.x, node.y) != (x, y) and not node.dragging:
                glide(node, (x, y), animate, 0.3)
            if node.rotation != tilt:
                node.tween("rotation", tilt, 0.3) if animate else setattr(node, "rotation",
                                                                          tilt)
            node.w, node.rest_z = lay.HAND_W, 20 + k
            node.z = node.rest_z + (40 if node.focused else 0) + (50 if node.dragging else 0)
            node.look = card_look(g.cards[uid])
            node.leads = tuple(actions_on(self.model.actions, uid, self.holder_of))
            node.lit = bool(node.leads)
            node.cid = g.cards[uid]
            node.why = "" if node.lit or not self.model.actions else self.why_not(uid)
        for uid in [u for u in self.hand if u not in held]:
            node = self.hand.pop(uid)
            if uid in self.units:  # recruited or hidden: the unit node took its place
                self.remove(node)
            else:
                self.retire(node, animate)

    def why_not(self, uid: int) -> str:
        """Why the viewer's hand card ``uid`` has no legal play while they decide."""
        g, me = self.shown, self.inner
        if me is None:
            return "you are not playing"
        if g.prompt is not None:
            return "answer the question first"
        if g.chain:
            return "only a response can join the chain now"
        if g.phase != Phase.PLAY or g.active != me:
            return "it is not your turn"
        card = g.card(uid)
        if card.is_character:
            if any(g.card(u).name == card.name and not g.card(u).token for u in g.party[me]):
                return f"you already have {card.name} on the table"
            return "it cannot be recruited now"
        if card.kind == "terrain":
            return "a terrain was already played or switched to this turn" if g.switched \
                else "it cannot be played now"
        if card.is_assignable and all(g.units[u].card is not None for u in g.party[me]):
            return "each of your characters already holds a card"
        return "nothing it does can be played now"

    def lay_offers(self) -> None:
        """Cards offered by the setup choices lie in the hand tray fanned as a hand: the
        deck's opening plans first (each a card naming its terrain and party), then the
        terrains, characters or assignables to pick one by one. Each is picked by a click,
        or dragged onto the viewer's side; pointed at, it rises whole."""
        for node in self.offers:
            self.remove(node)
        self.offers = []
        plans = [a for a in self.model.actions if a.kind == Act.OPENING]
        uids: list[int] = []
        for action in self.model.actions:
            if action.kind in OFFERS and action.args and action.args[0] not in uids:
                uids.append(int(action.args[0]))
        count = len(plans) + len(uids)
        for k, action in enumerate(plans):
            face = self.plan_face(action)
            plan = PlanCard(0, 0, lay.HAND_W, lay.HAND_H, f"plan.{action.args[0]}", face,
                            partial(self.take, action))
            plan.look = CardLook(face.title, "plan", face.kind.split(" · ")[-1],
                                 " ".join(f"{h}: {t}." for h, t in face.sections))
            plan.leads, plan.lit = (action,), True
            self.lay_offer(plan, count, k)
        for k, uid in enumerate(uids, start=len(plans)):
            node = CardWidget(0, 0, lay.HAND_W, lay.HAND_H, f"offer.{uid}",
                              partial(self.clicked, uid))
            node.look, node.lit = card_look(self.shown.cards[uid]), True
            node.leads = tuple(actions_on(self.model.actions, uid, self.holder_of))
            node.cid = self.shown.cards[uid]
            self.lay_offer(node, count, k)

    def lay_offer(self, node: CardWidget, count: int, k: int) -> None:
        """An offered card at its place in the fan, draggable."""
        node.x, node.y, node.rotation = lay.fan_spot(count, k)
        node.fanned, node.rest_z = True, 20 + k
        node.z = node.rest_z
        node.on_drag = self.dragged
        self.offers.append(node)
        self.add(node)

    def plan_face(self, action: Action) -> CardFace:
        """An opening plan as a card: its name, when it goes, its terrain and party."""
        g, seat = self.shown, self.inner
        deck = decks().get(g.deck_ids[seat]) if seat is not None else None
        index = int(action.args[0])
        if deck is None or not 0 <= index < len(deck.openings):
            return CardFace(str(action), "Opening plan", lay.PLAN_COLOUR)
        plan = deck.openings[index]
        when = "going second" if plan.turn == "second" else "going first"
        known = cards()
        party = "; ".join(f"{known[c].name} with {known[a].name}" for c, a in plan.party)
        terrain = known[plan.terrain].name
        return CardFace(plan.name, f"Opening plan · {when}", lay.PLAN_COLOUR, (),
                        (("Terrain", terrain), ("Party", party)),
                        ("terrene", "terrain", terrain))

    def lay_spots(self) -> None:
        """Targets that are not card nodes: each side's terrain (its abilities to use, the
        viewer's other terrains to switch to) and each enemy's plate (an attack on the
        player: a click offers the attackers)."""
        g = self.shown
        live: set[str] = set()
        for seat in range(g.n):
            side = self.side(seat)
            if self.wide():
                rect = lay.terrain_rect(side)
            else:
                zones = lay.zones_rect(side, False)
                rect = pygame.Rect(zones.x, zones.y, zones.w, 46)
            uid = g.active_terrain[seat]
            leads = [] if uid is None else actions_on(self.model.actions, uid, {})
            if seat == self.inner:
                leads += [a for a in self.model.actions if a.kind == Act.TERRAIN
                          and a.args and a.args[0] in g.zones["terrains"][seat]]
            spot = self.spot(f"terrain.{seat}", rect, leads)
            cid = g.cards[uid] if uid is not None else None
            spot.face = card_face(cid) if cid is not None else None
            live.add(spot.name)
            if self.inner is not None and seat % 2 != self.inner % 2:
                plate = pygame.Rect(side.x, side.y, lay.plate_width(self.wide()), side.h)
                hits = [a for a in self.model.actions if a.kind == Act.ATTACK
                        and a.args[1:] == (-1,)]
                live.add(self.spot(f"player.{seat}", plate, hits).name)
        for name in [n for n in self.spots if n not in live]:
            self.remove(self.spots.pop(name))

    def lay_tokens(self) -> None:
        """The viewer's action tokens as pieces on their plate (where ``draw_plate`` draws
        the other seats'): each stands for the legal actions that cost an action, to be
        dragged onto the card (or place) that spends it."""
        g, me = self.shown, self.inner
        count = 0 if me is None else min(max(g.actions[me], 0), 8)
        spends = () if me is None else tuple(a for a in self.model.actions
                                              if action_cost(g, me, a) > 0)
        while len(self.tokens) > count:
            self.remove(self.tokens.pop())
        for k in range(count):
            if k == len(self.tokens):
                node = TokenNode(k, self.action_pip(cast(int, me), k))
                node.on_drag = self.dragged
                self.tokens.append(node)
                self.add(node)
            node = self.tokens[k]
            if not node.dragging:
                node.x, node.y = self.action_pip(cast(int, me), k)
            node.spends = spends

    def spot(self, name: str, rect: pygame.Rect, leads: list[Action]) -> Spot:
        node = self.spots.get(name)
        if node is None:
            node = self.spots[name] = Spot(rect, name)
            self.add(node)
        node.x, node.y, node.w, node.h = rect.centerx, rect.centery, rect.w, rect.h
        node.leads = tuple(leads)
        node.on_activate = partial(self.offer, list(leads), rect.center)
        node.interactive = bool(leads)
        return node

    def zoom_spots(self) -> list[tuple[pygame.Rect, CardFace]]:
        """The top card of each discard pile, drawn without a node of its own."""
        g = self.game
        out: list[tuple[pygame.Rect, CardFace]] = []
        for seat in range(g.n if g is not None else 0):
            pile = self.shown.zones["discard"][seat]
            cid = self.shown.cards[pile[-1]] if pile else None
            face = card_face(cid) if cid is not None else None
            if face is not None:
                face = replace(face, footer=f"top of the discard pile ({len(pile)} cards)")
                out.append((self.discard_rect(seat), face))
        return out

    # -- clicks ----------------------------------------------------------------------------
    def widgets(self) -> list[Widget]:
        """Focus order: the actions, paging, the menu, then the cards (lit ones first: hand,
        offers, table, draft pile); pointing at a lit card lifts it, at any card face shows
        it enlarged."""
        cards = [*self.hand.values(), *self.offers, *self.units.values(), *self.draft_cards]
        known = [c for c in cards if (c.cid is not None or c.leads) and c.interactive]
        spots = [s for s in self.spots.values() if s.leads]
        return [*self.buttons, *self.pager, self.menu_button, *(c for c in known if c.lit),
                *spots, *self.draft_buttons(), *(c for c in known if not c.lit)]

    def clicked(self, uid: int) -> None:
        """A card was clicked: play its one action, or offer its several in a menu."""
        actions = actions_on(self.model.actions, uid, self.holder_of)
        node = self.units.get(uid) or self.hand.get(uid) or next(
            (o for o in self.offers if o.name == f"offer.{uid}"), None)
        self.offer(actions, (node.x, node.y) if node is not None else BOARD.center)

    def offer(self, actions: list[Action], at: tuple[float, float]) -> None:
        """Play the one action a click stands for, or offer its several in a menu beside
        the place clicked."""
        if len(actions) == 1:
            self.choose(actions[0])
        elif actions:
            self.open_menu_for(at[0] + 150, at[1], actions)

    # -- dragging: a card onto its target ----------------------------------------------
    def dragged(self, card: CardWidget, what: str, pos: tuple[float, float]) -> None:
        """A lit card is dragged (the screen routes it): its drop targets light up while it
        moves; let go, it goes back and the drop plays what both the card and the place
        under the pointer lead to (a recruit or hide dropped on your side, an assignment
        on a character, an attack on an enemy or their plate): one plays, several offer a
        menu, none does nothing."""
        if what == "start":
            self.close_menu()
            self.held = card
            for node in self.drop_targets(card):
                node.target = True
            self.side_ring = self.inner is not None and bool(self.into_play(card))
            return
        if what == "move":
            return
        self.side_ring, self.held = False, None
        for widget in [*self.table_widgets(), *self.tokens]:
            if isinstance(widget, (CardWidget, Spot)):
                widget.target = False
        self.offer(self.dropped_on(card, pos), pos)

    def card_at(self, pos: tuple[float, float]) -> tuple[pygame.Rect, CardFace] | None:
        """The card the zoom opens under the pointer; none while a card is dragged (the
        zoom would hide the places it can go) or over the open choice menu (it would hide
        the menu's buttons)."""
        if self.held is not None or self.menu is not None and self.menu.box.collidepoint(pos):
            return None
        return super().card_at(pos)

    def drop_targets(self, card: CardWidget) -> list[CardWidget | Spot]:
        """The table's cards and places where dropping ``card`` would play something: those
        leading to an action it stands for, and the viewer's action tokens when it costs
        one (a token dragged: the cards and places that spend it)."""
        mine = set(card.stands_for())
        places = [n for n in self.table_widgets() if isinstance(n, (CardWidget, Spot))]
        tokens = [] if isinstance(card, TokenNode) else self.tokens
        return [n for n in [*places, *tokens] if n is not card
                and mine & set(n.stands_for() if isinstance(n, CardWidget) else n.leads)]

    def dropped_on(self, card: CardWidget, pos: tuple[float, float]) -> list[Action]:
        """What dropping ``card`` at ``pos`` plays: the actions it shares with the top-most
        table element there, else (over the viewer's side) putting it into play there."""
        under = [n for n in self.drop_targets(card) if n.contains(*pos)]
        if under:
            top = max(under, key=lambda n: n.z)
            there = top.stands_for() if isinstance(top, CardWidget) else top.leads
            return [a for a in card.stands_for() if a in there]
        if self.inner is not None and self.side(self.inner).collidepoint(pos):
            return self.into_play(card)
        return []

    def into_play(self, card: CardWidget) -> list[Action]:
        """What dropping ``card`` on the viewer's own side plays: a hand card recruited,
        hidden or played as the terrain; a setup offer (a plan, a terrain, a character, a
        card to hold) picked."""
        if card.name.startswith("hand."):
            return [a for a in card.leads if a.kind in (Act.RECRUIT, Act.HIDE, Act.TERRAIN)]
        if card.name.startswith(("offer.", "plan.")):
            return list(card.leads)
        return []

    def open_menu_for(self, x: float, y: float, actions: list[Action]) -> None:
        self.close_menu()
        self.menu = ChoiceMenu(x, y, [str(a) for a in actions],
                               lambda i: self.pick_from_menu(actions[i]), self.close_menu,
                               actions)
        self.add(self.menu)

    def pick_from_menu(self, action: Action) -> None:
        self.close_menu()
        self.choose(action)

    def close_menu(self) -> None:
        if self.menu is not None:
            self.remove(self.menu)
            self.menu = None

    def on_key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE and self.menu is not None:
            self.close_menu()
            return True
        return super().on_key(event)

    # -- motion from the change between two views ----------------------------------------
    def take_snapshot(self) -> dict[str, Any]:
        g = self.shown
        return {
            "game": (g.game_no, tuple(self.seat_map)),
            "hp": list(g.hp),
            "dmg": {uid: g.units[uid].dmg for party in g.party for uid in party},
            "links": {link.id: link for link in g.chain},
            "actions": list(g.actions),
            "turn": g.turn,
        }

    def show_changes(self, now: dict[str, Any], animate: bool) -> None:
        """Numbers rise where life was lost or gained, a card lunges when its attack goes on
        the chain (only between two views of the same game for the same viewer)."""
        before, self.snapshot = self.snapshot, now
        told_hp, told_dmg = self.told_hp, self.told_dmg  # already risen from the steps
        self.told_hp, self.told_dmg = set(), set()
        if not animate or before is None or before["game"] != now["game"]:
            return
        for team, (old, new) in enumerate(zip(before["hp"], now["hp"], strict=False)):
            if old != new and team not in told_hp:
                seat = next(q for q in range(self.shown.n) if q % 2 == team)
                x, y = self.hp_spot(seat)
                words, colour = (f"-{old - new}", LOSS) if new < old else (f"+{new - old}", GAIN)
                rise_from(self, x, y - 10, words, colour, 26)
        for uid, dmg in now["dmg"].items():
            old = before["dmg"].get(uid, 0)
            node = self.units.get(uid)
            if node is not None and dmg != old and uid not in told_dmg:
                words, colour = (f"-{dmg - old}", LOSS) if dmg > old else (f"+{old - dmg}", GAIN)
                rise_from(self, node.home[0], node.home[1] - 20, words, colour, 24, 0.2)
        self.spend_tokens(before, now)
        for lid, link in now["links"].items():
            if lid in before["links"] or link.kind != "attack":
                continue
            node = self.units.get(link.attacker)
            if node is not None:
                near = link.seat % 2 == self.near_team()
                node.lunge(-36 if near else 36)

    def spend_tokens(self, before: dict[str, Any], now: dict[str, Any]) -> None:
        """Actions spent this turn: each leaves its token on the seat's plate and flies to
        what took it (the link the play put on the chain), where it fades."""
        if before.get("turn") != now["turn"]:
            return  # a new turn restocks: nothing was spent
        fresh = [link for lid, link in now["links"].items() if lid not in before["links"]]
        for seat, (old, new) in enumerate(zip(before["actions"], now["actions"],
                                              strict=False)):
            if new >= old:
                continue
            link = next((ln for ln in reversed(fresh) if ln.seat == seat), None)
            goal = self.link_spots.get(link.id) if link is not None else None
            for k in range(new, old):
                x, y = self.action_pip(seat, k)
                to = goal if goal is not None else (x, y - 30)
                self.add(ActionToken(x, y, to, 0.08 * (k - new)))

    def action_pip(self, seat: int, k: int) -> tuple[float, float]:
        """The centre of the seat's ``k``-th action token on its plate (``draw_plate``)."""
        side = self.side(seat)
        heart_y = side.y + lay.BAND_H + 6
        x0 = side.x + 8 + (60 if self.wide() else 48) + 6
        r = ACTION_R
        return x0 + r + k * (2 * r + 3), heart_y + 37 + r

    def animate(self, event: Event) -> None:
        """One step of what an action caused (the table screen stages them one by one, the
        position before still shown): a battle's attacker moves to its target and back,
        the blocker steps up, damage rises from the card hit (it shakes) or from the
        player's heart ("overkill" when it is), a defeated card dims, XP, a level, a
        status or Defense Decay rises from its card. Numbers told here are not told again
        by the change between the views (``show_changes``)."""
        super().animate(event)
        if self.game is None:
            return
        kind, data = event.kind, event.data
        if kind in RESOLVING:
            self.resolving()
        if kind in ("damage", "player_damage", "blocked", "retaliate", "decay"):
            self.strike()
        if kind in ("player_damage", "player_heal") and isinstance(data.get("seat"), int):
            seat, amount = int(data["seat"]), int(data.get("amount", 0))
            if 0 <= seat < self.shown.n:
                self.told_hp.add(seat % 2)
                hx, hy = self.hp_spot(seat)
                lost = kind == "player_damage"
                said = f"-{amount}" + (" overkill" if "overkill" in event.text else "") \
                    if lost else f"+{amount}"
                rise_from(self, hx + 20, hy - 10, said, LOSS if lost else GAIN, 24)
            return
        uid = data.get("uid")
        node = self.units.get(uid) if isinstance(uid, int) else None
        if node is None:
            return
        x, y = node.home
        if kind == "damage":
            amount = int(data.get("amount", 0))
            self.told_dmg.add(node.uid)
            rise_from(self, x, y - 20, f"-{amount}" if amount else "No damage",
                      LOSS if amount else theme.CREAM, 24 if amount else 18)
            if amount:  # the card shakes
                for k, dx in enumerate((6, -6, 4, 0)):
                    node.tween("x", x + dx, 0.05, delay=0.05 * k)
            return
        if kind == "heal":
            self.told_dmg.add(node.uid)
        if kind == "defeat":
            node.tween("alpha", 0.35, 0.3)
        if kind == "block":  # the blocker steps up to meet the attack
            node.lunge(-14 if self.shown.units[node.uid].ctrl % 2 == self.near_team() else 14)
        gained = re.search(r"gains (\d+) XP", event.text) if kind == "xp" else None
        healed = re.search(r"heals (\d+)", event.text) if kind == "heal" else None
        words = {"defeat": ("Defeated", LOSS), "level": ("Level up!", theme.BRASS_LIGHT),
                 "immune": ("Immune", theme.CREAM), "block": ("Blocks", theme.CREAM),
                 "decay": ("Defense Decay", (170, 170, 170))}.get(kind)
        if gained:
            words = (f"+{gained.group(1)} XP", theme.BRASS_LIGHT)
        if healed:
            words = (f"+{healed.group(1)}", GAIN)
        if kind == "status":
            status = event.text.rsplit(" ", 1)[-1].rstrip(".")
            words = (status, (150, 190, 255))
        if words is not None:
            rise_from(self, x, y + 10, words[0], words[1], 18, 0.35)

    def resolving(self) -> None:
        """The link resolving now (the top of the chain shown) rises from the fan and
        settles back, once."""
        g = self.shown
        link = g.chain[-1] if g.chain else None
        tile = self.links.get(link.id) if link is not None else None
        if link is None or tile is None or link.id in self.pulsed:
            return
        self.pulsed.add(link.id)
        y = tile.y
        tile.tween("y", y - 10, 0.15)
        tile.tween("y", y, 0.25, delay=0.45)

    def strike(self) -> None:
        """The battle resolving (the top link of the chain shown) once: its attacker moves
        most of the way to what it hits (the blocker, the character attacked, or the
        defender's plate) and back."""
        g = self.shown
        link = g.chain[-1] if g.chain else None
        if link is None or link.kind != "battle" or link.id in self.struck:
            return
        self.struck.add(link.id)
        node = self.units.get(link.attacker) if link.attacker is not None else None
        aim = link.blocker if link.blocker is not None else link.target
        goal = self.units.get(aim) if aim is not None else None
        if node is None or g.battle is None and goal is None:
            return
        if goal is not None:
            to = goal.home
        else:
            side = self.side(g.battle.defender if g.battle is not None else 0)
            to = (side.x + lay.plate_width(self.wide()) / 2, side.centery)
        (x, y), z = node.home, node.z
        node.z = z + 30  # over the cards it passes
        node.tween("x", x + (to[0] - x) * 0.7, 0.22)
        node.tween("y", y + (to[1] - y) * 0.7, 0.22)
        node.tween("x", x, 0.3, delay=0.3)
        node.tween("y", y, 0.3, delay=0.3, on_done=lambda: setattr(node, "z", z))

    # -- the action strip ------------------------------------------------------------------
    STRIP = StripLayout(lay.STRIP, lay.STRIP_COLUMNS, lay.STRIP_ROWS, lay.BUTTON_H,
                        lay.BUTTON_GAP, pager_w=lay.PAGER_W, head=34, font=14, title=15,
                        stretch=True)

    def on_wheel(self, dy: int, pos: tuple[float, float]) -> None:
        if STRIP.collidepoint(pos) and self.pages > 1:
            self.turn_page(-1 if dy > 0 else 1)
        else:
            super().on_wheel(dy, pos)

    # -- drawing (the still layer) ----------------------------------------------------------
    def static_key(self) -> tuple[object, ...]:
        return (*super().static_key(), self.menu is not None, self._baked_key,
                self.side_ring)

    def static_layer(self) -> pygame.Surface:
        """The still layer, with every card at rest baked into it: a frame then blits the
        few cards that move, not all of them (each blit can wait on the AI thread)."""
        self.bake()
        return super().static_layer()

    def bake(self) -> None:
        nodes: list[Any] = [*self.units.values(), *self.hand.values(), *self.offers,
                            *self.draft_cards, *self.links.values()]
        key = []
        for node in nodes:
            node.baked = node.parent is self and node.at_rest()
            if node.baked:
                key.append((node.name, round(node.x, 1), round(node.y, 1),
                            round(node.scale, 3), node.z, id(node.surface())))
        self._baked = [n for n in nodes if n.baked]
        self._baked_key = tuple(key)

    def draw_baked(self, target: pygame.Surface) -> None:
        for node in sorted(self._baked, key=lambda n: n.z):
            node.draw_live(target, node.world_matrix(), 1.0)

    def draw_seats(self, target: pygame.Surface) -> None:
        """The board replaces the seats strip: sides, middle band, hand tray."""
        if self.game is None:
            self.draw_draft(target)
        else:
            for seat in range(self.game.n):
                self.draw_side(target, seat)
            self.draw_middle(target)
            self.draw_hand_tray(target)
            self.draw_aims(target)
        self.draw_baked(target)

    def draw_side(self, target: pygame.Surface, seat: int) -> None:
        g, wide = self.shown, self.wide()
        side = self.side(seat)
        colour = self.seat_colour(seat)
        acting = self.model.actor is not None and self.seat_map[seat] == self.model.actor \
            if seat < len(self.seat_map) else False
        theme.shadowed_rect(target, side, (18, 48, 40), radius=12, shadow=4,
                            border=theme.BRASS_LIGHT if acting else theme.WOOD,
                            border_width=2)
        if self.side_ring and seat == self.inner:  # a drop here plays the card dragged
            pygame.draw.rect(target, theme.CREAM, side.inflate(4, 4), 4, border_radius=13)
        plate = pygame.Rect(side.x, side.y, lay.plate_width(wide), side.h)
        self.draw_plate(target, seat, plate, colour)
        zones = lay.zones_rect(side, wide)
        name, actions, down = terrain_of(g, seat)
        if wide:
            spot = lay.terrain_rect(side)
            uid = g.active_terrain[seat]
            words = g.card(uid).text if name and uid is not None else ""
            target.blit(terrain_card(name, words, spot.w, spot.h, down), spot)
        else:
            pic = terrain_picture(name, actions, zones.w, 46, down)
            target.blit(pic, (zones.x, zones.y))
            theme.text(target, "terrain", (zones.centerx, zones.y + 47), 12,
                       theme.PARCHMENT_DIM, "bold", "midtop")
        discard = g.zones["discard"][seat]
        top = g.card(discard[-1]).kind if discard and g.cards[discard[-1]] is not None else ""
        draw_pile(target, self.deck_rect(seat), len(g.zones["deck"][seat]),
                  "deck" if wide else "")
        draw_pile(target, self.discard_rect(seat), len(discard), "discard" if wide else "",
                  top)
        if not g.party[seat]:
            row = lay.row_rect(side, wide)
            theme.text(target, "no characters", row.center, 13, theme.PARCHMENT_DIM,
                       anchor="center")

    def draw_plate(self, target: pygame.Surface, seat: int, plate: pygame.Rect,
                   colour: tuple[int, int, int]) -> None:
        """Name band, life as a heart (the team's in 2v2) with a bar of 50, supply in use
        and actions left as pips, the hand as small card backs."""
        g, wide = self.shown, self.wide()
        zones = lay.zones_rect(self.side(seat), wide)
        band = pygame.Rect(plate.x, plate.y, zones.right - plate.x, lay.BAND_H)
        pygame.draw.rect(target, colour, band, border_top_left_radius=12)
        you = " (you)" if seat == self.inner else ""
        label = self.seat_names[self.seat_map[seat]] if seat < len(self.seat_map) and \
            self.seat_map[seat] < len(self.seat_names) else g.player_name(seat)
        size, style = 13, "bold"  # the whole name: condensed, then "P1 ·", then 12 px,
        for name, face, px in ((label + you, "bold", 13),  # then without "(you)"
                               (label + you, "condensed-bold", 13),
                               (shorten(label) + you, "bold", 13),
                               (shorten(label) + you, "condensed-bold", 13),
                               (shorten(label) + you, "condensed-bold", 12),
                               (shorten(label), "condensed-bold", 12)):
            style, label, size = face, name, px
            if theme.rendered(name, px, theme.CREAM, face).get_width() <= band.w - 12:
                break
        theme.text(target, theme.ellipsize(label, band.w - 12, size, style),
                   (band.x + 10, band.centery), size, theme.CREAM, style, "midleft")
        hp = g.hp[seat % 2]
        heart = pygame.Rect(plate.x + 8, band.bottom + 6, 60 if wide else 48, 40)
        self.draw_heart(target, heart, hp)
        bar = pygame.Rect(plate.x + 10, heart.bottom + 10, plate.w - 20, 6)
        pygame.draw.rect(target, (60, 34, 30), bar, border_radius=3)
        lit = bar.copy()
        lit.w = round(bar.w * max(0, min(50, hp)) / 50)
        if lit.w:
            pygame.draw.rect(target, (200, 64, 54), lit, border_radius=3)
        theme.text(target, "team life" if g.n == 4 else "life", (bar.x, bar.bottom + 1), 12,
                   theme.PARCHMENT_DIM, "bold")
        x0, r = heart.right + 6, 5
        used, limit = sp_used(g, seat), g.sp_limit[seat]
        theme.text(target, f"SP {used}/{limit}", (x0, heart.y - 3), 12, theme.CREAM, "bold")
        self.draw_pips(target, (x0, heart.y + 12), limit, used, (120, 170, 230), r)
        acts = g.actions[seat]
        theme.text(target, f"{'Actions' if wide else 'AP'} {acts}", (x0, heart.y + 22), 12,
                   theme.CREAM, "bold")
        if seat != self.inner:  # (the viewer's are pieces to drag: ``lay_tokens``)
            for k in range(min(max(acts, 0), 8)):  # the turn's actions as tokens
                draw_token(target, self.action_pip(seat, k))
        self.draw_hand_backs(target, seat, pygame.Rect(plate.x + 10, bar.bottom + 17,
                                                       plate.w - 20, 22))
        foot = bar.bottom + 41
        banished = len(g.zones["banished"][seat])
        if banished:
            words = f"{banished} banished" if wide else f"ban {banished}"
            theme.text(target, words, (plate.x + 10, foot), 12, theme.PARCHMENT_DIM, "bold")
        if g.active == seat and g.phase == Phase.PLAY:
            theme.text(target, "ACTIVE", (plate.right - 8, foot), 12, theme.BRASS_LIGHT,
                       "bold", "topright")

    def short_name(self, seat: int) -> str:
        """A seat's name as the plates shorten it ("P1 · Rainstorm OTK")."""
        return shorten(self.shown.player_name(seat))

    def draw_hand_backs(self, target: pygame.Surface, seat: int, rect: pygame.Rect) -> None:
        """The seat's hand as a little fan of card backs with its size."""
        count = len(self.shown.zones["hand"][seat])
        shown = min(count, 5 if self.wide() else 3)
        for k in range(shown):
            draw_back(target, pygame.Rect(rect.x + k * 9, rect.y, 15, 21), small=True)
        theme.text(target, f"hand {count}", (rect.x + shown * 9 + 10, rect.centery), 12,
                   theme.PARCHMENT_DIM, "bold", "midleft")

    @staticmethod
    def draw_heart(target: pygame.Surface, rect: pygame.Rect, hp: int) -> None:
        r = rect.h // 4
        cx, top = rect.centerx, rect.y + r
        red = (196, 56, 48) if hp > 15 else (150, 30, 30)
        pygame.draw.circle(target, red, (cx - r, top), r + 2)
        pygame.draw.circle(target, red, (cx + r, top), r + 2)
        pygame.draw.polygon(target, red, [(cx - 2 * r - 2, top + 2), (cx + 2 * r + 2, top + 2),
                                          (cx, rect.bottom - 4)])
        theme.text(target, str(hp), (cx, top + 4), 18, theme.CREAM, "bold", "center",
                   shadow=True)

    @staticmethod
    def draw_pips(target: pygame.Surface, at: tuple[int, int], total: int, lit: int,
                  colour: tuple[int, int, int], r: int) -> None:
        x, y = at
        for k in range(min(total, 8)):
            c = (x + r + k * (2 * r + 3), y + r)
            if k < lit:
                pygame.draw.circle(target, colour, c, r)
            pygame.draw.circle(target, theme.CREAM, c, r, 1)

    def draw_middle(self, target: pygame.Surface) -> None:
        """Turn and set score on the left, the chain fanned in the middle, the battle on the
        right."""
        g = self.shown
        pygame.draw.rect(target, (14, 38, 32), MIDDLE, border_radius=10)
        pygame.draw.line(target, theme.WOOD, (MIDDLE.x + 10, MIDDLE.centery),
                         (MIDDLE.right - 10, MIDDLE.centery), 1)
        left = pygame.Rect(MIDDLE.x + 8, MIDDLE.y + 4, 210, MIDDLE.h - 8)
        pygame.draw.rect(target, (30, 26, 22), left, border_radius=8)
        turn = f"Turn {g.turn}" if g.phase == Phase.PLAY else {
            Phase.PARTY: "Setup", Phase.COIN: "Setup", Phase.SHUFFLE: "Setup",
            Phase.NEXT_GAME: "Next game", Phase.OVER: "Game over"}.get(g.phase, g.phase)
        said = theme.text(target, turn, (left.x + 10, left.y + 3), 15, theme.BRASS_LIGHT,
                          "display")
        who = g.player_name(g.active) if g.phase == Phase.PLAY else ""
        draft = self.model.view  # the first line's right: the draft round or set score
        if isinstance(draft, DraftMatch):
            theme.text(target, f"round {draft.tour.round}", (left.right - 8, left.y + 5), 12,
                       theme.PARCHMENT_DIM, "bold", "topright")
        elif g.set_mode:
            self.draw_set_score(target, pygame.Rect(left.right - 120, left.y + 4, 112, 18),
                                said.right + 8)
        face, whole = fit_lines(who, left.w - 20, 1, ("regular", "condensed"))
        if len(whole) > 1 or theme.font(12, face).size(who)[0] > left.w - 20:
            face, whole = fit_lines(shorten(who), left.w - 20, 1, ("regular", "condensed"))
        theme.text(target, theme.ellipsize(" ".join(whole), left.w - 20, 12, face),
                   (left.x + 10, left.y + 27), 12, theme.PARCHMENT_DIM, face)
        self.draw_chain(target, lay.CHAIN)
        self.draw_battle(target, pygame.Rect(MIDDLE.right - 236, MIDDLE.y + 4, 228,
                                             MIDDLE.h - 8))

    def draw_aims(self, target: pygame.Surface) -> None:
        """Each link of the chain aims at the character it acts on: a ring round that card
        and an arrow from the link to it (under the cards, in the colour of whoever added
        the link)."""
        g = self.shown
        fighter = self.units.get(g.battle.attacker) if g.battle is not None else None
        if fighter is not None:  # the attacker in a battle: ringed in cream
            ring = fighter.box(fighter.world_matrix()).inflate(10, 10)
            pygame.draw.rect(target, theme.CREAM, ring, 4, border_radius=12)
        for link in g.chain:
            tile = self.links.get(link.id)
            aim = link.target if link.target is not None else link.blocker
            unit = self.units.get(aim) if isinstance(aim, int) else None
            if tile is None or unit is None or link.negated:
                continue
            colour = theme.lighten(self.seat_colour(link.seat), 30)
            box = unit.box(unit.world_matrix()).inflate(10, 10)
            pygame.draw.rect(target, colour, box, 4, border_radius=12)
            down = box.centery > tile.y
            x0, y0 = tile.x, tile.y + (lay.CHAIN_H / 2 if down else -lay.CHAIN_H / 2)
            x1, y1 = box.centerx, box.top if down else box.bottom
            pygame.draw.line(target, colour, (x0, y0), (x1, y1), 3)
            angle = math.atan2(y1 - y0, x1 - x0)
            head = [(x1, y1)] + [(x1 - 12 * math.cos(angle + d), y1 - 12 * math.sin(angle + d))
                                 for d in (0.45, -0.45)]
            pygame.draw.polygon(target, colour, head)

    def draw_set_score(self, target: pygame.Surface, rect: pygame.Rect, free: int) -> None:
        """Best of three: the game's number (where there is room right of ``free``) and a
        pip per game won, in each team's colour."""
        g = self.shown
        words = f"game {g.game_no}"
        if rect.x - 6 >= free:
            theme.text(target, words, (rect.x - 6, rect.centery), 12, theme.PARCHMENT_DIM,
                       "bold", "midleft")
        for team in (0, 1):
            colour = self.seat_colour(team)
            for k in range(2):
                c = (rect.x + 56 + team * 30 + k * 13, rect.centery)
                if k < g.set_wins[team]:
                    pygame.draw.circle(target, colour, c, 5)
                pygame.draw.circle(target, theme.CREAM, c, 5, 1)

    def draw_chain(self, target: pygame.Surface, rect: pygame.Rect) -> None:
        """Under the chain's tiles (nodes, each saying when it resolves): that it is
        empty."""
        if not self.shown.chain:
            theme.text(target, "The chain is empty", rect.center, 12, theme.MUTED,
                       anchor="center")

    def draw_battle(self, target: pygame.Surface, rect: pygame.Rect) -> None:
        g = self.shown
        lines: list[str] = []
        if g.battle is not None:
            b = g.battle
            aim = self.short_name(b.defender) if b.target is None else g.name(b.target)
            lines.append(f"⚔ {g.name(b.attacker)} → {aim}" if b.blocker is None else
                         f"⚔ {g.name(b.attacker)} blocked by {g.name(b.blocker)}")
        if g.prompt is not None:  # who decides now is always the last line
            lines.append(f"{self.short_name(g.prompt.seat)} {ASKS.get(g.prompt.kind, '')}")
        elif g.chain and g.priority is not None:
            lines.append(f"priority: {self.short_name(g.priority)}")
        if not lines:
            return
        pygame.draw.rect(target, (60, 30, 26), rect, border_radius=8)
        rows: list[str] = []  # each line wrapped; the last (who decides now) kept whole
        face = "condensed-bold"  # narrow letters: the names whole in three rows
        for line in reversed(lines):
            wrapped = theme.wrap(line, rect.w - 14, 12, face)
            room = 3 - len(rows)
            if 0 < room < len(wrapped):  # the rest of it is in the log and the panel
                wrapped = [*wrapped[: room - 1], wrapped[room - 1] + " …"]
            rows = wrapped[:room] + rows if room > 0 else rows
        for k, line in enumerate(rows):
            theme.text(target, theme.ellipsize(line, rect.w - 14, 12, face),
                       (rect.x + 7, rect.y + 2 + 16 * k), 12, theme.CREAM, face)

    def draw_hand_tray(self, target: pygame.Surface) -> None:
        theme.shadowed_rect(target, HAND, (16, 44, 37), radius=10, shadow=4, border=theme.WOOD)
        if self.offers:
            words = self.offer_words()
        elif self.inner is None and isinstance(self.model.view, DraftMatch):
            g = self.shown  # a draft's game between two other seats
            words = f"Watching {g.player_name(0)} vs {g.player_name(1)}: their hands are hidden"
        elif self.inner is None:
            words = "Spectating: hands are hidden"
        elif self.shown.prompt is not None and self.shown.prompt.seat == self.inner and \
                self.shown.prompt.kind in ASKED and self.model.actions:
            words = ASKED[self.shown.prompt.kind]
        else:
            count = len(self.hand)
            lit = any(c.lit for c in self.hand.values())
            spend = lit and any(t.spends for t in self.tokens)
            words = f"Your hand ({count})" + ("  ·  lit cards can be played: click one" if lit
                                              else "") + (" (or drag a token onto it)"
                                                          if spend else "")
        theme.text(target, words, (HAND.x + 12, HAND.y + 2), 12, theme.BRASS_LIGHT, "bold")
        if self.inner is not None and not self.hand and not self.offers:
            theme.text(target, "no cards in hand", HAND.center, 13, theme.MUTED, anchor="center")

    def offer_words(self) -> str:
        """The hand tray's heading while setup offers cards: what is being chosen now."""
        kinds = {a.kind for a in self.model.actions}
        if Act.OPENING in kinds:
            return ("Starting party: click or drag an opening plan, or a terrain to choose it "
                    "all yourself")
        if Act.PICK_TERRAIN in kinds:
            return "Starting party: click or drag the terrain you start with"
        if Act.PICK_CHARACTER in kinds:
            return "Starting party: click or drag a character to put in your party"
        g, me = self.shown, self.inner
        holder = next((u for u in g.party[me] if g.units[u].card is None), None) \
            if me is not None else None
        if Act.PICK_ASSIGNABLE in kinds and holder is not None:
            return (f"Starting party: click or drag the card {g.name(holder)} holds (face "
                    "down)")
        return "Starting party: click a card"

    def strip_prompt(self) -> str:
        return "Choose an action (or click a lit card)"


TABLE = TerreneTable
