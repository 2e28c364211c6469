"""Which legal action a click on Biternia's table plays: a space (deploy, move, respawn, a
target space or Structure, a Structure's attack), a Hero (a target, or picking the Hero
whose choices are shown), a hand card (an order for the picked Hero, a discard). Pure
functions of the legal actions, so the table and the tests share them."""

from __future__ import annotations

from collections.abc import Sequence

from rules.biternia.content import load
from rules.biternia.effects import name
from rules.biternia.kinds import Act
from rules.biternia.state import card_design
from rules.core import Action

#: kinds whose first argument is the Hero
HERO_FIRST = (Act.DEPLOY, Act.MOVE, Act.STAND, Act.PASS, Act.ACTIVATE, Act.CHANNEL, Act.RESPAWN,
              Act.ORDER, Act.LEVEL, Act.LEARN, Act.INTERRUPT)
ON_SPACE = (Act.DEPLOY, Act.MOVE, Act.RESPAWN)  # (hero, space)
PENDING = (Act.INTERRUPT, Act.NO_INTERRUPT, Act.PAY, Act.CATAPULT)  # answered in the prompt
ON_CARDS = (Act.ORDER, Act.LEARN, Act.LEVEL)  # played by clicking a card in the tray


def hero_of(action: Action) -> str | None:
    """The Hero an action is about (None for team-level choices)."""
    if action.kind in HERO_FIRST and action.args:
        return str(action.args[0])
    return None


def space_of(action: Action) -> str | None:
    """The board space a click plays this action on, if any."""
    if action.kind in ON_SPACE and len(action.args) == 2:
        return str(action.args[1])
    if action.kind in (Act.TARGET, Act.STRUCTURE, Act.CATAPULT) and action.args \
            and str(action.args[0]) in load().spaces:
        return str(action.args[0])
    return None


def hero_target(action: Action) -> str | None:
    """The Hero a "target" action aims at."""
    if action.kind == Act.TARGET and action.args and str(action.args[0]) in load().heroes:
        return str(action.args[0])
    return None


def space_words(action: Action) -> str:
    """A short label for a space's outline: what a click there does."""
    hero = hero_of(action)
    who = name(hero) if hero else ""
    if action.kind == Act.DEPLOY:
        return f"Deploy {who}"
    if action.kind == Act.MOVE:
        return f"Move {who}"
    if action.kind == Act.RESPAWN:
        return "Respawn here"
    if action.kind == Act.STRUCTURE:
        return "Fire!"
    if action.kind == Act.CATAPULT:
        return "Catapult it"
    words = str(action)
    if action.kind == Act.TARGET:
        return "Stay" if words.endswith(": stay") else "Move here" if ": move to " in words \
            else "Target"
    return words[:1].upper() + words[1:]


def space_choices(actions: Sequence[Action], picked: str | None) -> dict[str, Action]:
    """Each space one click plays an action on: the only action landing there (a picked Hero
    narrows the Heroes' actions to its own)."""
    found: dict[str, list[Action]] = {}
    for action in actions:
        space = space_of(action)
        hero = hero_of(action)
        if space is None or (picked is not None and hero is not None and hero != picked):
            continue
        found.setdefault(space, []).append(action)
    return {space: acts[0] for space, acts in found.items() if len(acts) == 1}


def heroes_with_choices(actions: Sequence[Action]) -> list[str]:
    """Heroes that some legal action is about, in the order the actions list them."""
    out: list[str] = []
    for action in actions:
        hero = hero_of(action)
        if hero is not None and action.kind != Act.INTERRUPT and hero not in out:
            out.append(hero)
    return out


def default_pick(actions: Sequence[Action], picked: str | None) -> str | None:
    """The Hero whose choices are shown: the picked one while it still has some, else the
    first Hero with any."""
    heroes = heroes_with_choices(actions)
    if picked in heroes:
        return picked
    return heroes[0] if heroes else None


def prompt_answers(actions: Sequence[Action], picked: str | None) -> list[Action]:
    """What the prompt near the acting Hero offers: a pending question's answers, else the
    picked Hero's actions that are not a click on a space or a card."""
    pending = [a for a in actions if a.kind in PENDING]
    if pending:
        return pending
    return [a for a in actions if hero_of(a) == picked and picked is not None
            and space_of(a) is None and a.kind not in ON_CARDS]


def order_for(actions: Sequence[Action], hero: str | None, card: str) -> Action | None:
    """The order giving ``hero`` this card (any copy of the same design)."""
    design = card_design(card)
    return next((a for a in actions if a.kind == Act.ORDER and str(a.args[0]) == hero
                 and card_design(str(a.args[1])) == design), None)


def discard_for(actions: Sequence[Action], card: str) -> Action | None:
    design = card_design(card)
    return next((a for a in actions if a.kind == Act.DISCARD
                 and card_design(str(a.args[0])) == design), None)


def card_usable(actions: Sequence[Action], card: str) -> bool:
    """Whether some order or discard takes this card (or a copy of it)."""
    design = card_design(card)
    return any(a.kind in (Act.ORDER, Act.DISCARD) and card_design(str(a.args[-1])) == design
               for a in actions)


def heroes_for_card(actions: Sequence[Action], card: str) -> list[str]:
    design = card_design(card)
    return [str(a.args[0]) for a in actions if a.kind == Act.ORDER
            and card_design(str(a.args[1])) == design]
