"""The Battle for Biternia game declaration: setup options and the opening state."""

from __future__ import annotations

from typing import Any

from rules.biternia.content import basic_deck, load
from rules.biternia.howto import HOWTO
from rules.biternia.kinds import Phase
from rules.biternia.model import SeatCards, team_size
from rules.biternia.scenario import build
from rules.biternia.state import BiterniaState
from rules.core import ContentEntry, Description, Game, SetupError, SetupOption

HAND_SIZE_ALONE = 8  # rulebook: two-player hand size (and the lone player of a 3-player game)
HAND_SIZE_TEAMMATE = 4  # rulebook: 3-4 player rules


class BiterniaGame(Game):
    id = "biternia"
    title = "Battle for Biternia"
    howto = HOWTO
    min_players = 2
    max_players = 4
    summary = ("Two teams of four Heroes give secret orders, march down three lanes and fight "
               "for gold and levels; destroy the enemy Elemental Bit to win.")

    def setup_options(self, players: int) -> list[SetupOption]:
        presets = load().presets
        return [
            SetupOption("heroes", "Heroes", ("draft", "random", *presets), "draft",
                        help="draft 1-2-2-2-1, random teams (each seat still picks its "
                        "starting powers), or the rulebook's first-game teams",
                        labels=("Draft", "Random teams",
                                *(p["name"] for p in presets.values())),
                        notes=("The teams pick Heroes in turn: 1, 2, 2, 2, 1.",
                               "Each team gets four Heroes at random; each seat still picks "
                               "its Heroes' starting powers.",
                               *("The rulebook's suggested teams and starting powers for a "
                                 "first game." for _ in presets))),
            SetupOption("catapult", "Catapult variant", ("off", "on"), "off",
                        help="catapults in two jungle spaces (Hire action)",
                        notes=("The standard board: the jungle spaces stay empty.",
                               "A catapult in two jungle spaces: a Hero there may Hire it for "
                               "1 gold, a Ranged Attack 4 on an enemy Tower.")),
        ]

    def validate_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        out = super().validate_setup(setup)
        if out["heroes"] in ("draft", "random") and len(load().heroes) < 8:
            raise SetupError("the draft needs at least eight Heroes")
        return out

    def new_state(self, setup: dict[str, Any], seed: int) -> BiterniaState:
        setup = self.validate_setup(setup)
        c = load()
        n = setup["players"]
        seats = []
        for p in range(n):
            size = team_size(p, n)
            seats.append(SeatCards(p, deck=basic_deck(size), hand_size=HAND_SIZE_ALONE
                                   if size == 1 else HAND_SIZE_TEAMMATE))
        structures = {sid: c.structures[sp.kind]["hp"] for sid, sp in c.spaces.items()
                      if sp.kind in ("tower", "bit")}
        return BiterniaState(
            players=n, catapult=setup["catapult"] == "on",
            preset="" if setup["heroes"] in ("draft", "random") else setup["heroes"],
            deal=setup["heroes"] == "random", phase=Phase.COIN,
            space_gold={sid: c.start_gold for sid, sp in c.spaces.items() if sp.kind == "gold"},
            structures=structures, seats=seats, draft_pool=sorted(c.heroes))

    def state_from_json(self, data: dict[str, Any]) -> BiterniaState:
        """A saved state: this version's, or one of version 1 (converted, model.py)."""
        return BiterniaState.from_json(data)

    def scenario_state(self, setup: dict[str, Any], position: Description) -> BiterniaState:
        """A position from a scenario's ``[position]`` (rules/biternia/scenario.py)."""
        return build(self, setup, position)

    def content(self) -> list[ContentEntry]:
        out = []
        for table, entries in load().raw.items():
            for key, entry in entries.items():
                label = entry.get("name", key) if isinstance(entry, dict) else key
                out.append(ContentEntry(table, str(label), entry.get("source", ""),
                                        entry.get("reason", "")))
        return out


GAME = BiterniaGame()
