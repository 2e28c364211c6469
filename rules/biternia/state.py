"""The Battle for Biternia state: a typed model (``BiterniaState``, with the Heroes, the
seats' cards and the board's tokens of model.py, and the sub-decisions waiting on one
``PendingStack`` of frames.py) plus the contract's methods.

Card ids are per seat: a basic card is its design id plus a copy number ("strike2"), a power
card is its design id ("snap_shot") and a Hero card is "hero:<hero id>". Hidden cards read
None in a view (a face-down order "?"). The game's behaviour lives in flow.py (phases) and
effects.py (card effects); this module holds the data, its views and determinizing; copying
and saving come from the fields (rules/core/model.py).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import rules.biternia.flow as flow
import rules.biternia.frames as frames
import rules.biternia.hidden as hidden
import rules.biternia.invariants as invariants
import rules.biternia.text as text
from rules.biternia.kinds import Act, Phase
from rules.biternia.model import (
    Choice,
    Hero,
    SeatCards,
    Token,
    card_design,
    from_v1,
    from_v2,
    team_name,
    team_of_seat,
)
from rules.core import Action, Decision, Event, GameState, Outcome, Panel
from rules.core.model import Model, upgraded
from rules.core.pending import PendingStack

#: The card and seat helpers (model.py) are also read from here by the table and tests.
__all__ = ["GAME_ID", "STATE_VERSION", "BiterniaState", "card_design", "team_name",
           "team_of_seat"]

GAME_ID = "biternia"
#: 3: the cards in resolution and the choices are frames on one PendingStack (frames.py);
#: 2: the typed state, cards in resolution as plain dicts; 1: one plain dict.
STATE_VERSION = 3


@dataclass(slots=True, eq=False)
class BiterniaState(Model, GameState):
    """A game of Battle for Biternia (two teams; seats 0, 2 blue and 1, 3 red)."""

    game_id = GAME_ID
    version: int = STATE_VERSION
    players: int = 2
    catapult: bool = False
    #: the first-game teams played ("" for a draft or random teams)
    preset: str = ""
    #: random teams: chance deals the Heroes instead of a draft
    deal: bool = False
    phase: Phase = Phase.COIN
    round: int = 0
    initiative: int = 0
    #: the team whose turn it is (in the phases the teams take turns)
    turn: int = 0
    gold: list[int] = field(default_factory=lambda: [0, 0])
    space_gold: dict[str, int] = field(default_factory=dict)
    structures: dict[str, int] = field(default_factory=dict)
    seats: list[SeatCards] = field(default_factory=list)
    heroes: dict[str, Hero] = field(default_factory=dict)
    hero_order: list[str] = field(default_factory=list)
    draft_pool: list[str] = field(default_factory=list)
    draft_step: int = 0
    shuffle_seat: int = 0
    shuffles: int = 0
    #: Heroes that moved (or passed) this Movement phase
    done: list[str] = field(default_factory=list)
    #: Structures that attacked this Base Defenses phase
    attacked: list[str] = field(default_factory=list)
    #: the sub-decisions waiting (frames.py): cards in resolution (an Interrupt on top of
    #: the card it interrupts), a respawn, the catapult; the top one asks
    stack: PendingStack[BiterniaState] = field(default_factory=PendingStack)
    #: the seats still to clean up, or to draw up
    queue: list[int] = field(default_factory=list)
    favored: str | None = None
    trap: Token | None = None
    ice_wall: Token | None = None
    winner: int | None = None
    #: each team's lead seat (turns.py)
    lead: list[int] = field(default_factory=lambda: [0, 1])
    handed: bool = False
    #: the seat a view was made for (None in the full state and a spectator's view)
    viewer: int | None = None

    def update(self, **changes: Any) -> None:
        """Set several fields at once."""
        for key, value in changes.items():
            setattr(self, key, value)

    @property
    def frame(self) -> frames.Frame | None:
        """The top frame of the stack (None: nothing waits)."""
        if not self.stack:
            return None
        top = self.stack.top
        assert isinstance(top, frames.Frame), "the stack holds Battle for Biternia frames"
        return top

    @property
    def pending(self) -> Choice | None:
        """The question the game waits on: the top frame's (None while no frame waits)."""
        top = self.frame
        return None if top is None else top.ask

    @property
    def resolving(self) -> frames.Card | None:
        """The card in resolution on top of the stack (None: no card, or a respawn or
        catapult choice on top)."""
        top = self.frame
        return top if isinstance(top, frames.Card) else None

    # ---- the contract: who decides ------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.players

    def decision(self) -> Decision:
        return flow.decision(self)

    def legal_actions(self, player: int) -> list[Action]:
        if player not in self.decision().players:
            return []
        return flow.legal_actions(self, player)

    def seeded_chance(self) -> Action | None:
        """A shuffle of one action deck, or the deal of random teams: one 32-bit seed."""
        if self.phase == Phase.SHUFFLE:
            seat = self.shuffle_seat
            return Action(Act.SHUFFLE, (0,), f"Shuffle {self.player_name(seat)}'s action deck")
        if self.phase == Phase.DEAL:
            return Action(Act.DEAL, (0,), "Deal random teams")
        return None

    def _apply(self, player: int, action: Action) -> list[Event]:
        return flow.apply(self, player, action)

    def outcome(self) -> Outcome | None:
        winner = self.winner
        if winner is None:
            return None
        scores = tuple(1.0 if team_of_seat(s, self.num_players) == winner else 0.0
                       for s in range(self.num_players))
        return Outcome(scores, f"the {team_name(winner)} team destroyed the enemy Elemental Bit")

    def invariant_violations(self) -> list[str]:
        return invariants.violations(self)

    # ---- copying and serialising ------------------------------------------------------
    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> BiterniaState:
        """A saved state: this version's, or one of version 2 or 1 (converted, model.py)."""
        data = upgraded(data, "Battle for Biternia", STATE_VERSION,
                        {2: from_v2, 1: lambda old: from_v2(from_v1(old))})
        state: BiterniaState = Model.from_json.__func__(cls, data)  # type: ignore[attr-defined]
        return state

    # ---- hidden information ----------------------------------------------------------
    def view(self, player: int | None) -> BiterniaState:
        """What ``player`` may see, built from the fields' declared secrets (model.py): the
        secrets belong to teams, so this is the view of the player's team."""
        v = self.view_for(None if player is None else team_of_seat(player, self.players))
        v.viewer = player
        return v

    def determinize(self, player: int, rng: random.Random) -> BiterniaState:
        return hidden.determinize(self, player, rng)

    # ---- presentation ---------------------------------------------------------------
    def player_name(self, player: int) -> str:
        team = team_of_seat(player, self.num_players)
        if self.num_players == 2:
            return f"{team_name(team).capitalize()} (seat {player + 1})"
        return f"Seat {player + 1} ({team_name(team)} team)"

    def panels(self, viewer: int | None) -> list[Panel]:
        return text.panels(self.view(viewer), viewer)
