"""Scenario helpers for the Battle for Biternia rule tests: positions built from a description
(rules/biternia/scenario.py), a first-game table after deployment, and small editors that
move cards and Heroes between the state's zones."""

from __future__ import annotations

import random

import pytest

from rules.biternia import GAME, BiterniaState
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
    first Heroes of the pool, as ``drafted`` picks them."""
    from rules.biternia.content import load

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
    s.apply(CHANCE, Action("initiative", (initiative,)))
    return s


def deployed(players: int = 2, catapult: str = "off") -> BiterniaState:
    """Every Hero deployed to its team's middle Tower (two per space, rest on top/bottom),
    at the start of round 1's Orders."""
    s = opening(players, catapult=catapult)
    for p in range(players):
        s.apply(CHANCE, Action("shuffle", (100 + p,)))
    while s.d["phase"] == "deploy":
        p = s.decision().players[0]
        s.apply(p, s.legal_actions(p)[0])
    assert s.d["phase"] == "orders"
    return s


def place(s: BiterniaState, hero: str, space: str | None) -> None:
    s.d["heroes"][hero]["space"] = space


def take(s: BiterniaState, seat: int, design: str) -> str:
    """Remove a card of ``design`` from the seat's hand, deck or discard and return its id."""
    for zone in ("hand", "deck", "discard"):
        for card in s.d["seats"][seat][zone]:
            if card.rstrip("0123456789") == design:
                s.d["seats"][seat][zone].remove(card)
                return card
    for v in s.d["heroes"].values():
        for slot in ("up", "down"):
            if v["seat"] == seat and v[slot] and v[slot].rstrip("0123456789") == design:
                card = v[slot]
                v[slot] = None
                return card
    raise AssertionError(f"seat {seat} has no {design}")


def give(s: BiterniaState, hero: str, up: str | None = None, down: str | None = None) -> None:
    """Put cards (by design) face-up / face-down on a Hero, taken from its controller."""
    v = s.d["heroes"][hero]
    seat = v["seat"]
    for slot, design in (("up", up), ("down", down)):
        if v[slot] is not None:
            s.d["seats"][seat]["discard"].append(v[slot])
            v[slot] = None
        if design is not None:
            if s.d["heroes"][hero]["learned"] and design in _powers(hero) \
                    and design not in v["learned"]:
                v["learned"].append(design)
            v[slot] = take(s, seat, design) if _owned(s, seat, design) else design
    if up is not None and v["up"] is None:
        v["up"] = up


def _powers(hero: str) -> tuple[str, ...]:
    from rules.biternia.content import load

    return load().heroes[hero].powers


def _owned(s: BiterniaState, seat: int, design: str) -> bool:
    zones = s.d["seats"][seat]
    cards = zones["hand"] + zones["deck"] + zones["discard"]
    cards += [v[k] for v in s.d["heroes"].values() if v["seat"] == seat for k in ("up", "down")
              if v[k]]
    return any(c.rstrip("0123456789") == design for c in cards)


def action_phase(s: BiterniaState, turn: int) -> None:
    """Skip straight to the Action Phase with ``turn``'s team to activate."""
    s.d.update(phase="action", turn=turn, initiative=turn)


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


def drafted(blue: tuple[str, ...], red: tuple[str, ...], players: int = 2) -> BiterniaState:
    """A drafted two-player game (blue has the initiative) with the given Heroes first in each
    team's picks, every Hero starting with its A power, all deployed, at round 1's Orders."""
    s = opening(players, heroes="draft")
    wanted = {0: list(blue), 1: list(red)}
    while s.d["phase"] == "draft":
        p = s.decision().players[0]
        pool = s.d["draft_pool"]
        pick = next((h for h in wanted[p % 2] if h in pool), None)
        if pick is None:
            others = set(blue) | set(red)
            pick = next(h for h in pool if h not in others)
        s.apply(p, Action("draft", (pick,)))
    while s.d["phase"] == "learn":
        p = s.decision().players[0]
        s.apply(p, s.legal_actions(p)[0])
    for p in range(players):
        s.apply(CHANCE, Action("shuffle", (200 + p,)))
    while s.d["phase"] == "deploy":
        p = s.decision().players[0]
        s.apply(p, s.legal_actions(p)[0])
    return s
