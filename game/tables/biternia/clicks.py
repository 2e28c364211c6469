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


def hero_leads(actions: Sequence[Action], hero: str, picked: str | None,
               picked_card: str | None, space: str | None) -> tuple[Action, ...]:
    """What a click on ``hero`` (its standee or plate) leads to, as the table's
    ``pick_hero`` plays it: a target or an Interrupt on it (one action), the order of the
    card in hand picked first, else picking the Hero (every choice it has, shown next;
    nothing new once it is picked), else
    the action of the space it stands on (``space``; None for a plate)."""
    for action in actions:
        if hero_target(action) == hero or (action.kind == Act.INTERRUPT
                                           and hero_of(action) == hero):
            return (action,)
    if picked_card is not None:
        order = order_for(actions, hero, picked_card)
        if order is not None:
            return (order,)
    if hero in heroes_with_choices(actions):  # picking it shows its choices (once)
        return () if hero == picked else \
            tuple(a for a in actions if hero_of(a) == hero and a.kind != Act.INTERRUPT)
    on_space = space_choices(actions, picked).get(space) if space is not None else None
    return (on_space,) if on_space is not None else ()


def card_leads(actions: Sequence[Action], card: str, picked: str | None,
               picked_card: str | None) -> tuple[Action, ...]:
    """What a click on a hand card leads to, as the table's ``pick_card`` plays it: its
    discard, the picked Hero's order, else picking the card (the orders giving it to each
    Hero that may take it, played by a click on that Hero next)."""
    discard = discard_for(actions, card)
    if discard is not None:
        return (discard,)
    order = order_for(actions, picked, card)
    if order is not None and picked_card in (None, card):
        return (order,)
    if picked_card == card:
        return ()  # a second click puts it back
    design = card_design(card)
    return tuple(a for a in actions if a.kind == Act.ORDER
                 and card_design(str(a.args[1])) == design)
