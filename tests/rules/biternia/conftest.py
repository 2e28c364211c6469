"""Helpers for the Battle for Biternia rule tests: positions built from a description
(rules/biternia/scenario.py), a first-game table after deployment played through the
rules, and a way to play the legal action of a given kind."""

from __future__ import annotations

import random

import pytest

from rules.biternia import GAME, BiterniaState
from rules.biternia.content import load
from rules.biternia.kinds import Act, Phase
from rules.core import CHANCE, Action, Scenario

BLUE = ("sterling", "ceralin", "caligar", "felix")
RED = ("kerrick", "vladiator", "cyrus", "boreas")


def position(setup: dict | None = None, **description) -> BiterniaState:
    """The position a scenario's ``[position]`` describes (a first-game two-player table
    unless ``setup`` says otherwise), built and checked as a scenario file would be."""
    full = {"players": 2, "heroes": "first_game", **(setup or {})}
    return GAME.build_scenario(Scenario("biternia", "test", setup=full, position=description))


def arena(heroes: dict[str, dict], setup: dict | None = None, **description) -> BiterniaState:
    """Only the Heroes named in ``heroes`` (each with its ``[position.heroes]`` table) stand
    on the board; every other Hero of the game is defeated. In a draft the others are the
    first Heroes of the pool that are not named."""
    if (setup or {}).get("heroes", "first_game") in ("draft", "random"):
        others = [h for h in sorted(load().heroes) if h not in heroes][:8 - len(heroes)]
    else:
        others = [h for h in BLUE + RED if h not in heroes]
    return position(setup, heroes=heroes, defeated=[*others, *description.pop("defeated", [])],
                    **description)


def opening(players: int = 2, heroes: str = "first_game", catapult: str = "off",
            initiative: int = 0) -> BiterniaState:
    """A first-game state up to deployment (initiative fixed, decks shuffled with seeds)."""
    s = GAME.new_state({"players": players, "heroes": heroes, "catapult": catapult}, 7)
    s.apply(CHANCE, Action(Act.INITIATIVE, (initiative,)))
    return s


def deployed(players: int = 2, catapult: str = "off") -> BiterniaState:
    """Every Hero deployed to its team's middle Tower (two per space, rest on top/bottom),
    at the start of round 1's Orders."""
    s = opening(players, catapult=catapult)
    for p in range(players):
        s.apply(CHANCE, Action(Act.SHUFFLE, (100 + p,)))
    while s.phase == Phase.DEPLOY:
        p = s.decision().players[0]
        s.apply(p, s.legal_actions(p)[0])
    assert s.phase == Phase.ORDERS
    return s


def act(s: BiterniaState, kind: str, *args) -> list:
    """Apply the legal action with this kind and args for whoever decides now."""
    d = s.decision()
    for p in d.players:
        for a in s.legal_actions(p):
            if a.kind == kind and a.args == args:
                return s.apply(p, a)
    options = [(a.kind, a.args) for p in d.players for a in s.legal_actions(p)]
    raise AssertionError(f"{kind}{args} is not legal now; legal: {options}")


def texts(events: list) -> str:
    return "\n".join(e.text for e in events)


class RandomAgent:
    """Picks uniformly among the legal actions of its view."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: BiterniaState, player: int) -> Action:
        return self.rng.choice(view.legal_actions(player))


@pytest.fixture
def table() -> BiterniaState:
    return deployed()
