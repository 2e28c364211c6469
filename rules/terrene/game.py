"""The Terrene Odyssey game declaration: player counts, setup options, the opening state."""

from __future__ import annotations

import random
from typing import Any

import rules.terrene.decks as deckrules
from rules.core import ContentEntry, Game, GameState, SetupError, SetupOption
from rules.core.scenario import Description
from rules.terrene.content import cards, decks
from rules.terrene.draft_match import DraftMatch
from rules.terrene.howto import HOWTO
from rules.terrene.scenario import build
from rules.terrene.state import TerreneState, new_game

FORMATS = ("single game", "best of three", "draft")
TABLE_GAMES = (2, 4)  # 1v1 and 2v2; the draft takes 3-12
SUMMARY = (
    "A battle card game of team compositions and timing: recruit characters, assign them "
    "items and commands, attack and block, respond on the chain, and bring the opposing "
    "team from 50 HP to 0 or defeat all of its characters."
)


class TerreneGame(Game):
    id = "terrene"
    title = "Terrene Odyssey"
    min_players = 2
    max_players = 12
    summary = SUMMARY
    howto = HOWTO

    def setup_options(self, players: int) -> list[SetupOption]:
        draft = SetupOption("format", "Format", ("draft",), "draft",
                            help="3-12 players draft decks from a shared pool, then play "
                            "Swiss rounds")
        if players not in TABLE_GAMES:
            return [draft]
        lists = decks()
        ids = tuple(lists)
        formats = FORMATS if players == 4 else FORMATS[:2]
        return [
            SetupOption("deck", "Deck", ids, ids[0], per_seat=True,
                        help="a preset deck list from the rulebook (not used in a draft)",
                        labels=tuple(lists[i].name for i in ids),
                        seat_defaults=ids[:2],
                        notes=tuple(lists[i].strategy for i in ids)),
            SetupOption("format", "Format", formats, formats[0],
                        help="one game, a best-of-three set (the loser of a game chooses "
                        "who goes first in the next)" + (", or a 4-player draft"
                                                         if players == 4 else "")),
        ]

    def validate_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        """Preset deck ids, or ``custom:``/``draft:`` card lists checked by the deck rules."""
        lists = {k: v for k, v in setup.items() if k.startswith("deck.")
                 and isinstance(v, str) and v.startswith((deckrules.CUSTOM, deckrules.DRAFT))}
        placeholder = next(iter(decks()))
        out = super().validate_setup({**setup, **{k: placeholder for k in lists}})
        out.update(lists)
        if out["format"] == "draft":
            if out["players"] < 3:
                raise SetupError("the draft takes 3-12 players")
            return out
        for seat in range(out["players"]):
            _, problems = deckrules.deck_from_setup(out[f"deck.{seat}"])
            if problems:
                raise SetupError(f"deck for seat {seat + 1} is not legal: {problems[0]}")
        return out

    def random_setup(self, rng: random.Random, players: int | None = None) -> dict[str, Any]:
        """A random 1v1 or 2v2 game (the draft only when asked for 3 or 5-12 players)."""
        n = players if players is not None else rng.choice(TABLE_GAMES)
        setup = super().random_setup(rng, n)
        if n in TABLE_GAMES and setup["format"] == "draft":
            setup["format"] = rng.choice(FORMATS[:2])
        return setup

    def new_state(self, setup: dict[str, Any], seed: int) -> GameState:
        setup = self.validate_setup(setup)
        if setup["format"] == "draft":
            return DraftMatch.start(setup["players"])
        return new_game(setup, seed)

    def scenario_state(self, setup: dict[str, Any], position: Description) -> GameState:
        """The position a scenario describes (``rules/terrene/scenario.py``)."""
        return build(self, setup, position)

    def state_from_json(self, data: dict[str, Any]) -> GameState:
        if data.get("kind") == "draft":
            return DraftMatch.from_json(data)
        return TerreneState.from_json(data)

    def content(self) -> list[ContentEntry]:
        out = [ContentEntry(c.kind, c.name, c.source, c.reason) for c in cards().values()]
        out += [ContentEntry("deck", d.name, d.source, d.reason) for d in decks().values()]
        return out

