"""The 3-12 player draft: pool, piles, pick-and-pass, 20-card decks, the public excess pile,
Swiss rounds with byes and the winner by tournament points. AI drafters fill empty seats.

Headless. The shuffle of the pool and the random first pairings take a ``random.Random``
from the caller (the draft match draws it from a chance decision) and keep no seed, so
nothing in a draft rebuilds a hidden pile. The games of each round are ordinary Terrene
Odyssey games whose decks are ``draft:`` lists (see ``game.py``), with the no-terrain and
short-party handicaps. AI drafters and deck builders live in ``ai/terrene/drafting.py``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from rules.core.model import Model, secret
from rules.terrene.content import Card, cards
from rules.terrene.decks import DRAFT_DECK_SIZE, check_deck

MIN_PLAYERS, MAX_PLAYERS = 3, 12
#: What a view shows in place of a card it hides.
HIDDEN = "?"

#: Copies of each card in the pool by player count (rulebook: Card Pool).
COPIES = {3: 1, 4: 1, 5: 2, 6: 2, 7: 2, 8: 3, 9: 3, 10: 3, 11: 3, 12: 3}
#: (piles, cards per pile) by player count (rulebook: Card Pile Creation).
PILES = {3: (9, 12), 4: (12, 9), 5: (15, 14), 6: (18, 12), 7: (21, 10), 8: (24, 13),
         9: (27, 12), 10: (40, 10), 11: (44, 7), 12: (36, 9)}
#: Swiss rounds by player count (rulebook: Total Rounds).
ROUNDS = {3: 2, 4: 2, 5: 3, 6: 3, 7: 3, 8: 3, 9: 4, 10: 4, 11: 4, 12: 4}


def pool_cards() -> list[str]:
    """One copy of every card a player can draft (tokens are never in the pool)."""
    return sorted(cid for cid, c in cards().items() if not c.token)


def build_pool(players: int) -> list[str]:
    return [cid for cid in pool_cards() for _ in range(COPIES[players])]


def pile_shape(players: int, pool_size: int) -> tuple[int, int]:
    """Piles and cards per pile; piles shrink evenly when our pool is smaller than the
    printed 108 cards per copy."""
    piles, size = PILES[players]
    return piles, min(size, pool_size // piles)


def backs(cards_: list[str]) -> list[str]:
    """A hidden list of cards: one card back each (how many stays public)."""
    return [HIDDEN] * len(cards_)


def _deck_backs(deck: list[str] | None) -> list[str] | None:
    """A hidden deck: whether it is built, and nothing of it."""
    return None if deck is None else [HIDDEN] * DRAFT_DECK_SIZE


@dataclass(slots=True)
class Draft(Model):
    """A draft in progress: who holds which pile, what each player has picked. What a seat
    may not see is declared on the fields: every pile is face down (the one a seat holds is
    shown by ``DraftMatch.view``), and each seat sees only its own picks and deck."""

    players: int
    #: every pile, in dealing order
    piles: list[list[str]] = field(default_factory=list, metadata=secret(redact=backs))
    #: public, face-up
    excess: list[str] = field(default_factory=list)
    picks: list[list[str]] = field(default_factory=list,
                                   metadata=secret(per_seat=True, redact=backs))
    #: which batch of piles is moving (one pile per player)
    round: int = 0
    #: pile index each seat holds now
    holding: list[int] = field(default_factory=list)
    picked_this_pass: list[bool] = field(default_factory=list)
    decks: list[list[str] | None] = field(default_factory=list,
                                          metadata=secret(per_seat=True, redact=_deck_backs))

    @classmethod
    def deal(cls, players: int, rng: random.Random) -> Draft:
        """Shuffle the pool with ``rng``, make the piles, move the leftovers to the excess
        pile."""
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"the draft takes {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players}")
        pool = build_pool(players)
        rng.shuffle(pool)
        count, size = pile_shape(players, len(pool))
        piles = [pool[i * size:(i + 1) * size] for i in range(count)]
        d = cls(players, piles, pool[count * size:], [[] for _ in range(players)])
        d.holding = list(range(players))
        d.picked_this_pass = [False] * players
        d.decks = [None] * players
        return d

    @property
    def rounds_of_piles(self) -> int:
        return len(self.piles) // self.players

    @property
    def direction(self) -> int:
        """+1 passes to the left, -1 to the right; it alternates with each batch of piles."""
        return 1 if self.round % 2 == 0 else -1

    @property
    def picking_done(self) -> bool:
        return self.round >= self.rounds_of_piles

    def pile_of(self, seat: int) -> list[str]:
        return self.piles[self.holding[seat]]

    def pick(self, seat: int, card_id: str) -> None:
        """Take one card from the pile in front of you; piles pass once everyone has."""
        if self.picking_done:
            raise ValueError("the picking is over")
        if self.picked_this_pass[seat]:
            raise ValueError(f"seat {seat + 1} already picked from this pile")
        pile = self.pile_of(seat)
        if card_id not in pile:
            raise ValueError(f"{card_id!r} is not in the pile in front of seat {seat + 1}")
        pile.remove(card_id)
        self.picks[seat].append(card_id)
        self.picked_this_pass[seat] = True
        if all(self.picked_this_pass):
            self._pass_piles()

    def _pass_piles(self) -> None:
        self.picked_this_pass = [False] * self.players
        if any(self.piles[i] for i in self.holding):
            n = self.players
            self.holding = [self.holding[(seat - self.direction) % n] for seat in range(n)]
            return
        self.round += 1
        if not self.picking_done:
            base = self.round * self.players
            self.holding = [base + seat for seat in range(self.players)]

    def submit_deck(self, seat: int, deck: list[str]) -> list[str]:
        """Build a 20-card deck from your picks; the rest goes to the public excess pile.
        A shorter deck is accepted only when no legal 20-card deck can be made from the
        picks (too many Heroes or 3-SP characters). Returns the problems (empty: accepted)."""
        remaining = list(self.picks[seat])
        for cid in deck:
            if cid not in remaining:
                return [f"{cid!r} was not drafted by seat {seat + 1} (or not that many)"]
            remaining.remove(cid)
        best = len(auto_deck(self.picks[seat], []))
        size = DRAFT_DECK_SIZE if best >= DRAFT_DECK_SIZE else best
        problems = check_deck(deck, size, party=False)
        if not problems:
            self.decks[seat] = list(deck)
            self.excess.extend(remaining)
        return problems


def draft_value(card: Card, taken: list[str]) -> float:
    """A plain strength ordering of a card for a drafter holding ``taken`` (used by the
    deck auto-completion and by AI drafters)."""
    have = [cards()[c] for c in taken]
    chars = sum(1 for c in have if c.is_character)
    low = sum(1 for c in have if c.is_character and c.sp <= 1)
    if card.kind == "terrain":
        regular = any(c.kind == "terrain" and not c.storm for c in have)
        return 9.0 if not card.storm and not regular else 1.0
    if card.is_character:
        if card.tag == "hero" and any(c.tag == "hero" for c in have):
            return 0.5
        if card.sp >= 3 and any(c.sp >= 3 for c in have if c.is_character):
            return 0.5
        worth = (card.hp + card.atk + card.defense) / 10.0 + len(card.abilities)
        if card.sp <= 1 and low < 4:
            worth += 3.0
        return worth - 0.3 * max(0, chars - 8)
    return 2.0 + len(card.abilities) + (1.0 if card.subtype == "ongoing" else 0.0)


def auto_deck(picks: list[str], started: list[str]) -> list[str]:
    """Complete a legal 20-card deck from a player's picks (``started`` already chosen): a
    regular terrain if there is one, a starting party's characters and cards, then the
    strongest of the rest."""
    chosen: list[str] = list(started)
    left = sorted(picks, key=lambda c: -draft_value(cards()[c], []))
    for cid in started:
        left.remove(cid)

    def take(cid: str) -> None:
        chosen.append(cid)
        left.remove(cid)

    terrain = next((c for c in left if cards()[c].kind == "terrain" and not cards()[c].storm),
                   None)
    if terrain and not any(cards()[c].kind == "terrain" for c in chosen):
        take(terrain)
    for kind_ok in (lambda c: c.is_character and c.sp <= 1, lambda c: c.is_assignable):
        names: set[str] = set()
        for cid in list(left):
            card = cards()[cid]
            if kind_ok(card) and cid not in names and len(names) < 4 \
                    and len(chosen) < DRAFT_DECK_SIZE and check_deck(
                        [*chosen, cid], len(chosen) + 1, party=False) == []:
                names.add(cid)
                take(cid)
    for cid in list(left):
        if len(chosen) >= DRAFT_DECK_SIZE:
            break
        if not check_deck([*chosen, cid], len(chosen) + 1, party=False):
            take(cid)
    return chosen


# ---- the tournament ---------------------------------------------------------------------
@dataclass(slots=True)
class Tournament(Model):
    """Swiss rounds: random first pairings, then players with equal points meet; a bye
    (worth a win) goes to the lowest-placed player who has not had one."""

    players: int
    points: list[int] = field(default_factory=list)
    byes: list[int] = field(default_factory=list)
    played: list[tuple[int, int]] = field(default_factory=list)
    round: int = 0
    pairings: list[tuple[int, int]] = field(default_factory=list)
    pending: set[tuple[int, int]] = field(default_factory=set)

    def __post_init__(self) -> None:
        if not self.points:
            self.points = [0] * self.players

    @property
    def total_rounds(self) -> int:
        return ROUNDS[self.players]

    @property
    def over(self) -> bool:
        return self.round >= self.total_rounds and not self.pending

    def next_round(self, rng: random.Random) -> list[tuple[int, int]]:
        """Pair the next round (a bye is recorded at once); ``rng`` orders the players
        before the points do, so the first round is random and equal points meet at
        random."""
        if self.pending:
            raise ValueError("the current round still has games to play")
        if self.round >= self.total_rounds:
            raise ValueError("the tournament is over")
        order = list(range(self.players))
        rng.shuffle(order)
        if self.round > 0:
            order.sort(key=lambda p: -self.points[p])
        if len(order) % 2:
            bye = min((p for p in order if p not in self.byes),
                      key=lambda p: (self.points[p], -order.index(p)), default=order[-1])
            order.remove(bye)
            self.byes.append(bye)
            self.points[bye] += 1
        self.pairings = self._pair(order)
        self.pending = set(self.pairings)
        self.round += 1
        return list(self.pairings)

    def _pair(self, order: list[int]) -> list[tuple[int, int]]:
        pairs = []
        rest = list(order)
        while rest:
            a = rest.pop(0)
            b = next((p for p in rest if (min(a, p), max(a, p)) not in self.played), rest[0])
            rest.remove(b)
            pairs.append((min(a, b), max(a, b)))
        return pairs

    def record(self, pair: tuple[int, int], winners: tuple[int, ...]) -> None:
        """A best-of-one result: each winner gets a tournament point (a tie: both)."""
        if pair not in self.pending:
            raise ValueError(f"{pair} is not an unplayed pairing of this round")
        self.pending.discard(pair)
        self.played.append(pair)
        for p in winners:
            self.points[p] += 1

    def winners(self) -> list[int]:
        best = max(self.points)
        return [p for p in range(self.players) if self.points[p] == best]
