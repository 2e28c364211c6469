"""The BattleCON: Trials of Indines game declaration: setup options and the factory."""

from __future__ import annotations

from typing import Any

from rules.battlecon.content import load
from rules.battlecon.howto import HOWTO
from rules.battlecon.scenario import position_state
from rules.battlecon.state import BattleconState, new_duel
from rules.battlecon.team import LAYOUTS
from rules.core.scenario import Description
from rules.core.state import ContentEntry, Game, SetupOption

SUMMARY = (
    "A duel of fighters on a 7-space board. Each beat both players secretly pair a Style "
    "with a Base, ante Force for Overloads, reveal together, and the faster attack strikes "
    "first. Used cards come back two beats later. Knock the foe to 0 life, or lead on life "
    "when the Force pool runs dry. With 3 or 4 players: team play on a 9-space board (2 vs 1 "
    "with a Super fighter, 2 vs 2, 3 vs 1 with an Ultra fighter)."
)


class BattleconGame(Game):
    id = "battlecon"
    title = "BattleCON: Trials of Indines"
    min_players = 2
    max_players = 4
    summary = SUMMARY
    howto = HOWTO

    def setup_options(self, players: int) -> list[SetupOption]:
        roster = load().fighters
        fighters = tuple(roster)
        options = [
            SetupOption("fighter", "Fighter", fighters, fighters[0], per_seat=True,
                        help="Each player's fighter (a fighter may meet itself).",
                        labels=tuple(roster[f]["name"] for f in fighters),
                        seat_defaults=fighters[:max(2, players)],
                        notes=tuple(f"{roster[f]['title']} · {roster[f]['fighter_class']} · "
                                    f"{roster[f]['complexity']}" for f in fighters)),
            SetupOption("discards", "Initial discards", ("suggested", "chosen"), "suggested",
                        help="Start with the suggested '1'/'2' pairs in the discard piles, or "
                             "let each player choose the two pairs.",
                        notes=("Each fighter starts with its printed pairs in discard piles "
                               "1 and 2.", "Each player picks the two pairs that start in "
                               "their discard piles.")),
        ]
        if players in LAYOUTS:
            layouts = tuple(LAYOUTS[players])
            labels = {"2v1": "2 vs 1 (seat 2 is a Super fighter)",
                      "2v2": "2 vs 2 (seats 1 and 3 against 2 and 4)",
                      "3v1": "3 vs 1 (seat 2 is an Ultra fighter)"}
            options.append(SetupOption(
                "teams", "Teams", layouts, layouts[0],
                help="Teams alternate around the table (seats 1 and 3 against 2 and 4); a "
                     "lone fighter sits in seat 2 and takes the Super (2 vs 1) or Ultra "
                     "(3 vs 1) reference card.",
                labels=tuple(labels[t] for t in layouts)))
        return options

    def new_state(self, setup: dict[str, Any], seed: int) -> BattleconState:
        content = load()
        fighters = [setup[f"fighter.{p}"] for p in range(setup["players"])]
        if setup["players"] == 2:
            return new_duel(content, fighters, content.numbers["board"], setup["discards"])
        return new_duel(content, fighters, content.numbers["team_board"], setup["discards"],
                        layout=setup["teams"])

    def state_from_json(self, data: dict[str, Any]) -> BattleconState:
        """A saved state: this version's, or one of version 1 (converted, model.py)."""
        return BattleconState.from_json(data)

    def scenario_state(self, setup: dict[str, Any], position: Description) -> BattleconState:
        """The position a scenario's ``[position]`` describes (rules/battlecon/scenario.py)."""
        return position_state(self.new_state(setup, 0), position)

    def content(self) -> list[ContentEntry]:
        c = load()
        rows = [ContentEntry("fighter", f["name"], f["source"], f.get("reason", ""))
                for f in c.fighters.values()]
        rows += [ContentEntry(card["kind"], card["name"], card["source"], card.get("reason", ""))
                 for card in c.cards.values()]
        rows += [ContentEntry("overload", o["name"], o["source"], o.get("reason", ""))
                 for o in c.overloads.values()]
        rows.append(ContentEntry("rules", c.numbers["name"], c.numbers["source"],
                                 c.numbers.get("reason", "")))
        team = c.team
        for kind, entry in (("team rules", team["rules"]), ("team board", team["board"]),
                            *(("reference card", r) for r in team["roles"].values()),
                            ("reference card", team["revenge"])):
            rows.append(ContentEntry(kind, entry["name"], entry["source"],
                                     entry.get("reason", "")))
        return rows


GAME = BattleconGame()
