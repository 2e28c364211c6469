"""A whole draft as one match: picks, deck building, then the Swiss rounds' games, all as
decisions on the rules.core contract (so the generic table and the AI framework play it).

The chance in a draft is drawn by the match like any die: the pool's shuffle (``deal``), each
Swiss round's pairing order (``pair``) and each tournament game's card labels (``new_game``)
are seeded chance decisions whose seed is used at once and never kept, so no seat can rebuild
a hidden pile, a future pairing or an opponent's cards from what it sees.

Seats pick one at a time from the pile in front of them (the other seats' piles and picks
are hidden, so this is the simultaneous pick in effect); each builds a 20-card deck card by
card or completes it automatically; then each pairing's best-of-one game is played in turn,
its two seats deciding and the others waiting.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from rules.core import CHANCE, Action, Decision, Event, GameState, Outcome, Panel
from rules.core.model import Model, secret, upgraded
from rules.terrene.content import cards
from rules.terrene.decks import DRAFT, DRAFT_DECK_SIZE, check_deck
from rules.terrene.draft import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Draft,
    Tournament,
    auto_deck,
    backs,
    build_pool,
    pile_shape,
)
from rules.terrene.hidden import Place, deal_places, hidden_deck
from rules.terrene.howto import event
from rules.terrene.kinds import Act, Stage
from rules.terrene.state import TerreneState, new_game

#: The version of a saved draft (1 kept the seeds the draft drew from; read, seeds dropped).
DRAFT_VERSION = 2


def _unseeded(data: dict[str, Any]) -> dict[str, Any]:
    """A version-1 draft (with the seeds it drew its shuffles and pairings from) without
    them."""
    out = {k: v for k, v in data.items() if k != "seed"}
    out["draft"] = {k: v for k, v in data["draft"].items() if k != "seed"}
    out["tour"] = {k: v for k, v in data["tour"].items() if k != "seed"}
    out["version"] = DRAFT_VERSION
    return out


@dataclass(slots=True, eq=False)
class DraftMatch(Model, GameState):
    """The draft for 3-12 players (4 may also play it): a typed model (``Draft``,
    ``Tournament`` and the current game nested), whose ``clone`` / ``to_json`` /
    ``from_json`` come from the fields and whose view is built from the declared secrets."""

    game_id = "terrene"

    version: int = DRAFT_VERSION
    kind: str = "draft"
    n: int = 0
    stage: Stage = Stage.DEAL
    draft: Draft = field(default_factory=lambda: Draft(0))
    #: each seat's deck so far while building (each seat sees its own)
    building: list[list[str]] = field(default_factory=list,
                                      metadata=secret(per_seat=True, redact=backs))
    tour: Tournament = field(default_factory=lambda: Tournament(3))
    #: the pairings of the round still to play
    queue: list[list[int]] = field(default_factory=list)
    #: the two draft seats playing the current game
    table: list[int] = field(default_factory=list)
    game: TerreneState | None = None
    scores: list[float] | None = None
    reason: str = ""

    @classmethod
    def start(cls, players: int) -> DraftMatch:
        """A draft waiting for its pool to be shuffled and dealt (a chance decision)."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"the draft takes {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players}")
        s = cls()
        s.n = players
        s.draft = Draft(players, picks=[[] for _ in range(players)],
                        decks=[None] * players)
        s.building = [[] for _ in range(players)]
        s.tour = Tournament(players)
        return s

    # ---- who decides ----------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.n

    def decision(self) -> Decision:
        if self.stage == Stage.OVER:
            return Decision.terminal()
        if self.seeded_chance() is not None:
            return Decision.chance()
        if self.stage == Stage.PICK:
            return Decision.player(self.draft.picked_this_pass.index(False))
        if self.stage == Stage.BUILD:
            return Decision.player(next(q for q in range(self.n) if self.draft.decks[q] is None))
        assert self.game is not None
        inner = self.game.decision()
        if inner.is_chance:
            return inner
        return Decision.player(self.table[inner.players[0]])

    def legal_actions(self, player: int) -> list[Action]:
        d = self.decision()
        if d.is_terminal or player not in d.players or self.seeded_chance() is not None:
            return []
        if self.stage == Stage.PICK:
            return [Action(Act.DRAFT_PICK, (cid,), f"Draft {_describe(cid)}")
                    for cid in sorted(set(self.draft.pile_of(player)))]
        if self.stage == Stage.BUILD:
            return self._build_actions(player)
        assert self.game is not None
        return self.game.legal_actions(CHANCE if player == CHANCE else self.table.index(player))

    def _build_actions(self, seat: int) -> list[Action]:
        deck = self.building[seat]
        left = list(self.draft.picks[seat])
        for cid in deck:
            left.remove(cid)
        out = [Action(Act.DECK_AUTO, (), f"Complete my deck automatically ({len(deck)}/20 chosen)")]
        for cid in sorted(set(left)):
            if not check_deck([*deck, cid], len(deck) + 1, party=False):
                out.append(Action(Act.DECK_ADD, (cid,), f"Put {_describe(cid)} in my deck "
                                  f"({len(deck) + 1}/{DRAFT_DECK_SIZE})"))
        return out

    def seeded_chance(self) -> Action | None:
        """The draft's own chance (the deal, a round's pairing, a game's start), or the
        current game's."""
        if self.game is not None:
            return self.game.seeded_chance()
        if self.stage == Stage.DEAL:
            return Action(Act.DEAL, (0,), "Shuffle the pool and deal the piles")
        if self.stage == Stage.PLAY and self.game is None:
            return (Action(Act.NEW_GAME, (0,), "Shuffle the next game's cards") if self.queue
                    else Action(Act.PAIR, (0,), "Pair the next round"))
        return None

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.game is not None:
            return self.game.chance_outcomes()
        return GameState.chance_outcomes(self)

    # ---- acting -----------------------------------------------------------------------
    def _apply(self, player: int, action: Action) -> list[Event]:
        events: list[Event] = []
        if action.kind == Act.DEAL:
            self.draft = Draft.deal(self.n, random.Random(action.args[0]))
            self.stage = Stage.PICK
            events.append(event("deal", f"The pool is shuffled and dealt into "
                                f"{len(self.draft.piles)} piles of "
                                f"{len(self.draft.piles[0])}; {len(self.draft.excess)} cards "
                                "go face up to the excess pile."))
        elif action.kind == Act.PAIR:
            self._pair(random.Random(action.args[0]), events)
        elif action.kind == Act.NEW_GAME:
            self._start_game(action.args[0], events)
        elif action.kind == Act.DRAFT_PICK:
            self.draft.pick(player, action.args[0])
            events.append(event("draft_pick", f"Player {player + 1} drafts a card."))
            events.append(event("draft_pick_private", f"You draft {_describe(action.args[0])}.",
                                {}, (player,)))
            if self.draft.picking_done:
                self.stage = Stage.BUILD
                events.append(event("draft_done", "Every pile is drafted: build your decks."))
        elif action.kind in (Act.DECK_ADD, Act.DECK_AUTO):
            self._build(player, action, events)
        else:
            assert self.game is not None
            inner = CHANCE if player == CHANCE else self.table.index(player)
            events.extend(self.game.apply(inner, action))
            if self.game.outcome() is not None:
                self._game_over(events)
        return events

    def _build(self, seat: int, action: Action, events: list[Event]) -> None:
        if action.kind == Act.DECK_ADD:
            self.building[seat].append(action.args[0])
        else:
            self.building[seat] = auto_deck(self.draft.picks[seat], self.building[seat])
        if len(self.building[seat]) >= DRAFT_DECK_SIZE or action.kind == Act.DECK_AUTO:
            problems = self.draft.submit_deck(seat, self.building[seat][:DRAFT_DECK_SIZE])
            if problems:
                raise ValueError(problems[0])
            events.append(event("deck_built", f"Player {seat + 1} has built a deck."))
        if all(deck is not None for deck in self.draft.decks):
            events.append(event("tournament", "The tournament begins."))
            self.stage = Stage.PLAY

    def _pair(self, rng: random.Random, events: list[Event]) -> None:
        """Pair the next Swiss round (a chance decision orders the players)."""
        pairs = self.tour.next_round(rng)
        if self.n % 2:
            events.append(event("bye", f"Player {self.tour.byes[-1] + 1} has a bye."))
        self.queue = [list(p) for p in pairs]
        events.append(event("round", f"Round {self.tour.round}: " + ", ".join(
            f"Player {a + 1} vs Player {b + 1}" for a, b in pairs) + "."))

    def _start_game(self, seed: int, events: list[Event]) -> None:
        """Start the next pairing's game; ``seed`` (a chance outcome) labels its cards."""
        a, b = self.queue.pop(0)
        self.table = [a, b]
        setup = {"players": 2, "format": "single game",
                 "deck.0": DRAFT + ",".join(self.draft.decks[a] or []),
                 "deck.1": DRAFT + ",".join(self.draft.decks[b] or [])}
        game = new_game(setup, seed)
        game.names = [f"Player {a + 1}", f"Player {b + 1}"]
        self._hide_decklists(game)
        self.game = game
        events.append(event("game", f"Game: Player {a + 1} vs Player {b + 1}."))

    def _game_over(self, events: list[Event]) -> None:
        assert self.game is not None
        out = self.game.outcome()
        assert out is not None
        winners = tuple(self.table[i] for i in (0, 1) if out.scores[i] >= 1.0)
        self.tour.record((min(self.table), max(self.table)), winners)
        events.append(event("result", f"{out.reason}. Points: " + ", ".join(
            f"P{q + 1} {self.tour.points[q]}" for q in range(self.n)) + "."))
        self.game, self.table = None, []
        if not self.queue and self.tour.round >= self.tour.total_rounds:
            self._finish(events)

    def _finish(self, events: list[Event]) -> None:
        best = self.tour.winners()
        self.scores = [1.0 if q in best else 0.0 for q in range(self.n)]
        self.reason = ("draft won by " + " and ".join(f"Player {q + 1}" for q in best)
                       + f" with {max(self.tour.points)} points")
        self.stage = Stage.OVER
        events.append(event("game_over", f"The draft is over: {self.reason}."))

    def outcome(self) -> Outcome | None:
        return None if self.scores is None else Outcome(tuple(self.scores), self.reason)

    # ---- hidden information -------------------------------------------------------------
    def invariant_violations(self) -> list[str]:
        """The current game's, and every drafted card still in one place (a pile, a pick
        list or the excess pile) while the picking goes on."""
        out = self.game.invariant_violations() if self.game is not None else []
        if self.stage == Stage.PICK:
            held = sum(len(p) for p in self.draft.piles) + sum(len(p) for p in self.draft.picks)
            dealt = held + len(self.draft.excess)
            if dealt != len(build_pool(self.n)):
                out.append(f"{dealt} cards in the draft, not the pool's {len(build_pool(self.n))}")
        return out

    def view(self, player: int | None) -> DraftMatch:
        """What ``player`` may see, built from the declared secrets (``view_for``: no pile
        face up, only the seat's own picks, deck and deck so far) plus the pile in front of
        the seat while picking, and the current game as its seat there sees it."""
        v = self.view_for(player)
        if player is not None and 0 <= player < self.n and not self.draft.picking_done:
            held = self.draft.holding[player]
            v.draft.piles[held] = list(self.draft.piles[held])
        if self.game is not None:
            seat = self.table.index(player) if player in self.table else None
            v.game = self.game.view(seat)
        return v

    def decks_pool(self) -> tuple[str, ...]:
        """Every card of the built decks, as public knowledge has it: the pool less the
        public excess pile (sorted)."""
        return tuple(sorted((Counter(build_pool(self.n)) - Counter(self.draft.excess))
                            .elements()))

    def _hide_decklists(self, game: TerreneState) -> None:
        """What a draft's game needs to hide its deck lists and draw them again: the pool
        its decks came from, and the sizes of the decks not in it (each seat's deck so far
        is its deck once built, and its length is public)."""
        game.deck_pool = self.decks_pool()
        game.other_decks = tuple(len(self.building[q]) for q in range(self.n)
                                 if q not in self.table)

    def determinize(self, player: int | None, rng: random.Random) -> DraftMatch:
        """A full draft that ``player``'s view (this state) cannot tell from the truth: the
        cards it has not seen (the pool less its own picks or deck, the excess pile and the
        pile in front of it) dealt to the face-down piles and the other seats' picks, or, once the
        decks are built, to the other seats' decks (legal ones, the current opponent's
        holding what its game shows) with their picks made up of their deck and their share
        of the excess pile; then the current game is sampled from its view."""
        d = self.clone()
        seat = player if player is not None and 0 <= player < self.n else None
        if self.stage == Stage.DEAL:
            return d
        unseen = Counter(build_pool(self.n)) - Counter(self.draft.excess)
        if seat is not None:  # its picks, less those its deck left in the excess pile
            unseen -= Counter(self.draft.decks[seat] or self.draft.picks[seat])
        others = [q for q in range(self.n) if q != seat]
        if self.stage == Stage.PICK:
            held = self.draft.holding[seat] if seat is not None else None
            if held is not None:
                unseen -= Counter(self.draft.piles[held])
            hands = [p for i, p in enumerate(d.draft.piles) if i != held] + [
                d.draft.picks[q] for q in others]
            for hand, dealt in zip(hands, deal_places(unseen, [
                    Place(len(h), deck=False) for h in hands], rng), strict=True):
                hand[:] = dealt
            return d
        self._determinize_decks(d, seat, others, unseen, rng)
        if d.game is not None:
            d.game = d.game.determinize(self.table.index(seat) if seat in self.table
                                        else None, rng)
        return d

    def _determinize_decks(self, d: DraftMatch, seat: int | None, others: list[int],
                           unseen: Counter[str], rng: random.Random) -> None:
        """The other seats' decks, picks and decks so far, after the picking (``unseen``:
        the cards they hold between them): the current game's hidden deck lists, the other
        built decks, the picks of the seats still to build. Decks are built in seat order,
        each seat's leftover picks going to the excess pile after the deal's leftovers, and
        a built deck is its seat's deck so far (whose length is public)."""
        places: dict[int, Place] = {}
        game = d.game
        if game is not None:
            for table_seat, q in enumerate(self.table):
                if q != seat:
                    places[q] = hidden_deck(game, table_seat)
        for q in others:
            if q not in places:
                built = self.draft.decks[q] is not None
                places[q] = Place(len(self.building[q] if built else self.draft.picks[q]),
                                  deck=built)
        dealt = dict(zip(places, deal_places(unseen, list(places.values()), rng),
                         strict=True))
        if game is not None:
            for table_seat, q in enumerate(self.table):
                if q != seat:
                    game.decklists[table_seat] = tuple(dealt[q])
        count, size = pile_shape(self.n, len(build_pool(self.n)))
        at = len(build_pool(self.n)) - count * size
        for q in range(self.n):
            if self.draft.decks[q] is None:
                if q != seat:
                    d.draft.picks[q] = dealt[q]
                    d.building[q] = auto_deck(dealt[q], [])[:len(self.building[q])]
                continue
            share = len(self.draft.picks[q]) - len(self.building[q])
            if q != seat:
                d.draft.decks[q] = list(dealt[q])
                d.building[q] = list(dealt[q])
                d.draft.picks[q] = [*dealt[q], *self.draft.excess[at:at + share]]
            at += share

    # ---- copying and serialising ------------------------------------------------------
    # ``clone`` and ``to_json`` come from the fields (rules/core/model.py).

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DraftMatch:
        """A saved draft: this version's, or a version-1 one (its seeds dropped)."""
        data = upgraded(data, "Terrene Odyssey draft", DRAFT_VERSION, {1: _unseeded})
        st: DraftMatch = Model.from_json.__func__(cls, data)  # type: ignore[attr-defined]
        if st.game is not None and not st.game.deck_pool:
            st._hide_decklists(st.game)  # saved before a draft's game hid its deck lists
        return st

    # ---- presentation -------------------------------------------------------------------
    def player_name(self, player: int) -> str:
        return f"Player {player + 1}"

    def panels(self, viewer: int | None) -> list[Panel]:
        v = self.view(viewer)
        out = [Panel("Draft", tuple(v._draft_lines(viewer)))]
        if v.game is not None:
            seat = self.table.index(viewer) if viewer in self.table else None
            out += self.game.panels(seat) if self.game is not None else []
        return out

    def _draft_lines(self, viewer: int | None) -> list[str]:
        lines = [f"Stage: {self.stage}; round {self.tour.round} of {self.tour.total_rounds}",
                 "Points: " + ", ".join(f"P{q + 1} {p}" for q, p in enumerate(self.tour.points))]
        if self.tour.byes:
            lines.append("Byes: " + ", ".join(f"P{q + 1}" for q in self.tour.byes))
        if viewer is not None and 0 <= viewer < self.n:
            if self.stage == Stage.PICK:
                lines.append("Pile in front of you: " + ", ".join(
                    cards()[c].name for c in self.draft.pile_of(viewer)))
            picks = self.draft.picks[viewer]
            lines.append(f"Your picks ({len(picks)}): " + ", ".join(cards()[c].name
                                                                   for c in picks))
            if self.stage == Stage.BUILD:
                lines.append(f"Your deck so far ({len(self.building[viewer])}/20): " + ", ".join(
                    cards()[c].name for c in self.building[viewer]))
        lines.append("Excess pile (public): " + (", ".join(
            cards()[c].name for c in self.draft.excess) or "(empty)"))
        return lines


def _describe(cid: str) -> str:
    c = cards()[cid]
    if c.is_character:
        return f"{c.name} ({c.cls}, {c.sp} SP)"
    if c.kind == "terrain":
        return f"{c.name} ({'Storm ' if c.storm else ''}terrain)"
    return f"{c.name} ({c.kind})"
