"""The Chaostle game declaration: setup options and the factory."""

from __future__ import annotations

import random
from typing import Any

import rules.chaostle.catalogue as catalogue
from rules.chaostle.board import board
from rules.chaostle.cards import UPGRADE_ITEMS
from rules.chaostle.content import castle_card, characters, time_travel_weapons, trap_rules
from rules.chaostle.fates import fate_table
from rules.chaostle.howto import HOWTO
from rules.chaostle.scenario import build
from rules.chaostle.state import ChaostleState
from rules.core import ContentEntry, Game, GameState, SetupError, SetupOption
from rules.core.scenario import Description

SUMMARY = (
    "Lead an army round the three-level castle, battle the other armies with dice and "
    "weapons, break the castle's defences and be the first to put your characters in "
    "Sanctuary."
)

class ChaostleGame(Game):
    id = "chaostle"
    title = "Chaostle"
    min_players = 2
    max_players = 8
    summary = SUMMARY
    howto = HOWTO
    # Random movers wander the castle: measured random games ran 35 to ~20,000 decisions
    # (mean ~7,100), so simulations allow a long tail before calling a match unfinished.
    decision_cap = 100_000

    def setup_options(self, players: int) -> list[SetupOption]:
        sizes = [str(k) for k in range(1, 6) if k * players <= len(characters())]
        default_size = "3" if "3" in sizes else sizes[-1]
        options = [
            SetupOption("army", "Characters per army", tuple(sizes), default_size),
            SetupOption("sanctuary", "Characters that must reach Sanctuary",
                        ("1", "2", "3", "all"), "1"),
            SetupOption("castle_hp", "Castle health", ("50", "100", "150", "200"), "100"),
            SetupOption("draft", "Character choice", ("free", "six points", "random"), "free",
                        help="six points: the levels of an army add up to six at most; "
                             "random: armies are drawn at random (ours, not the rulebook's)",
                        labels=("free", "six points", "drawn at random"),
                        notes=("Players take turns choosing any free character.",
                               "Players choose in turn, but an army's levels add up to six at "
                               "most.", "Armies are drawn at random (our variant, not the "
                               "rulebook's).")),
            SetupOption("skills", "Special skills", ("on", "off"), "on"),
            SetupOption("fast_stairs", "Faster play 1: climb at the 3rd or 4th starting "
                        "position", ("off", "on"), "off"),
            SetupOption("two_dice", "Faster play 2: two dice for movement", ("off", "on"),
                        "off"),
        ]
        if players == 2:
            options.append(SetupOption("half_board", "Two-player half board", ("off", "on"),
                                       "off"))
        return options

    def validate_setup(self, setup: dict[str, Any]) -> dict[str, Any]:
        out = super().validate_setup(setup)
        want = out["sanctuary"]
        if want != "all" and int(want) > int(out["army"]):
            raise SetupError(f"{want} characters cannot reach Sanctuary from armies of "
                             f"{out['army']}")
        if out["draft"] == "six points" and int(out["army"]) > 6:
            raise SetupError("a six-point army has at most six characters")
        return out

    def random_setup(self, rng: random.Random, players: int | None = None) -> dict[str, Any]:
        n = players if players is not None else rng.randint(self.min_players, self.max_players)
        setup: dict[str, Any] = {"players": n}
        for opt in self.setup_options(n):
            setup[opt.key] = rng.choice(opt.choices)
        if setup["sanctuary"] != "all" and int(setup["sanctuary"]) > int(setup["army"]):
            setup["sanctuary"] = "1"
        return self.validate_setup(setup)

    def new_state(self, setup: dict[str, Any], seed: int) -> GameState:
        return ChaostleState.new(dict(setup))

    def state_from_json(self, data: dict[str, Any]) -> GameState:
        return ChaostleState.load(data)

    def scenario_state(self, setup: dict[str, Any], position: Description) -> ChaostleState:
        """The position a scenario's ``[position]`` describes (rules/chaostle/scenario.py)."""
        return build(self, setup, position)

    def content(self) -> list[ContentEntry]:
        return catalogue.entries()


def check_content() -> None:
    """Load everything once (raises ContentError naming file, entry and field)."""
    characters()
    board()
    fate_table()
    trap_rules()
    time_travel_weapons()
    castle_card()
    catalogue.landmarks()
    assert len(UPGRADE_ITEMS) == 18
