"""The Terrene Odyssey game declaration: player counts, setup options, the opening state."""

from __future__ import annotations

import random
from typing import Any

from rules.core import ContentEntry, Game, GameState, SetupError, SetupOption
from rules.core.scenario import Description
from rules.terrene import decks as deckrules
from rules.terrene.content import cards, decks
from rules.terrene.draft_match import DraftMatch
from rules.terrene.state import HP_START, SP_1V1, SP_2V2, ZONES, TerreneState

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
                        seat_defaults=ids[:2]),
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
        n = setup["players"]
        s = TerreneState()
        s.n = n
        values = [setup[f"deck.{q}"] for q in range(n)]
        s.deck_ids = [v if v in decks() else v.split(":")[0] for v in values]
        s.decklists = [tuple(deckrules.deck_from_setup(v)[0]) for v in values]
        label_rng = random.Random(f"labels:{seed}")  # card labels only: nothing random in play
        for z in ZONES:
            s.zones[z] = [[] for _ in range(n)]
        owner: list[int] = []
        for seat in range(n):
            order = list(s.decklists[seat])
            label_rng.shuffle(order)
            for cid in order:
                s.zones["deck"][seat].append(len(s.cards))
                s.cards.append(cid)
                owner.append(seat)
        s.owner = tuple(owner)
        s.hp = [HP_START, HP_START]
        s.actions = [0] * n
        s.sp_limit = [SP_1V1 if n == 2 else SP_2V2] * n
        s.turns_taken = [0] * n
        s.draw_bonus = [0] * n
        s.active_terrain = [None] * n
        s.party = [[] for _ in range(n)]
        s.set_mode = setup["format"] == "best of three"
        return s

    def scenario_state(self, setup: dict[str, Any], position: Description) -> GameState:
        """The position a scenario describes (``rules/terrene/scenario.py``)."""
        from rules.terrene.scenario import build

        return build(self, setup, position)

    def state_from_json(self, data: dict[str, Any]) -> GameState:
        if data.get("kind") == "draft":
            return DraftMatch.from_json(data)
        return TerreneState.from_json(data)

    def content(self) -> list[ContentEntry]:
        out = [ContentEntry(c.kind, c.name, c.source, c.reason) for c in cards().values()]
        out += [ContentEntry("deck", d.name, d.source, d.reason) for d in decks().values()]
        return out

    def rules_help(self) -> str:
        from rules.terrene.help import HELP

        return HELP
