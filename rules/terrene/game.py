"""The Terrene Odyssey game declaration: player counts, setup options, the opening state."""

from __future__ import annotations

import random
from typing import Any

from rules.core import ContentEntry, Game, SetupError, SetupOption
from rules.terrene import decks as deckrules
from rules.terrene.content import cards, decks
from rules.terrene.state import HP_START, SP_1V1, SP_2V2, ZONES, TerreneState

FORMATS = ("single game", "best of three")
SUMMARY = (
    "A battle card game of team compositions and timing: recruit characters, assign them "
    "items and commands, attack and block, respond on the chain, and bring the opposing "
    "team from 50 HP to 0 or defeat all of its characters."
)


class TerreneGame(Game):
    id = "terrene"
    title = "Terrene Odyssey"
    min_players = 2
    max_players = 4
    summary = SUMMARY

    def setup_options(self, players: int) -> list[SetupOption]:
        ids = tuple(decks())
        return [
            SetupOption("deck", "Deck", ids, ids[0], per_seat=True,
                        help="a preset deck list from the rulebook"),
            SetupOption("format", "Format", FORMATS, FORMATS[0],
                        help="one game, or a best-of-three set (the loser of a game "
                        "chooses who goes first in the next)"),
        ]

    def validate_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        """Preset deck ids, or ``custom:``/``draft:`` card lists checked by the deck rules."""
        if int(setup.get("players", 2)) == 3:
            raise SetupError("Terrene Odyssey is played 1v1 (2 players) or 2v2 (4 players)")
        lists = {k: v for k, v in setup.items() if k.startswith("deck.")
                 and isinstance(v, str) and v.startswith((deckrules.CUSTOM, deckrules.DRAFT))}
        placeholder = next(iter(decks()))
        out = super().validate_setup({**setup, **{k: placeholder for k in lists}})
        out.update(lists)
        for seat in range(out["players"]):
            _, problems = deckrules.deck_from_setup(out[f"deck.{seat}"])
            if problems:
                raise SetupError(f"deck for seat {seat + 1} is not legal: {problems[0]}")
        return out

    def random_setup(self, rng: random.Random, players: int | None = None) -> dict[str, Any]:
        n = players if players is not None else rng.choice((2, 4))
        return super().random_setup(rng, n)

    def new_state(self, setup: dict[str, Any], seed: int) -> TerreneState:
        setup = self.validate_setup(setup)
        n = setup["players"]
        s = TerreneState()
        s.n = n
        values = [setup[f"deck.{q}"] for q in range(n)]
        s.deck_ids = [v if v in decks() else v.split(":")[0] for v in values]
        s.decklists = [deckrules.deck_from_setup(v)[0] for v in values]
        label_rng = random.Random(f"labels:{seed}")  # card labels only: nothing random in play
        for z in ZONES:
            s.zones[z] = [[] for _ in range(n)]
        for seat in range(n):
            order = list(s.decklists[seat])
            label_rng.shuffle(order)
            for cid in order:
                s.zones["deck"][seat].append(len(s.cards))
                s.cards.append(cid)
                s.owner.append(seat)
        s.hp = [HP_START, HP_START]
        s.actions = [0] * n
        s.sp_limit = [SP_1V1 if n == 2 else SP_2V2] * n
        s.turns_taken = [0] * n
        s.draw_bonus = [0] * n
        s.active_terrain = [None] * n
        s.party = [[] for _ in range(n)]
        s.set_mode = setup["format"] == "best of three"
        return s

    def state_from_json(self, data: dict[str, Any]) -> TerreneState:
        return TerreneState.from_json(data)

    def content(self) -> list[ContentEntry]:
        out = [ContentEntry(c.kind, c.name, c.source, c.reason) for c in cards().values()]
        out += [ContentEntry("deck", d.name, d.source, d.reason) for d in decks().values()]
        return out

    def rules_help(self) -> str:
        from rules.terrene.help import HELP

        return HELP
