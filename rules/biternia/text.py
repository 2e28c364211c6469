"""Words for people: card text written from the card's steps, the generic table's panels and
the in-game rules help."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import rules.biternia.effects as effects
import rules.biternia.traits as traits
from rules.biternia.content import Card, load
from rules.biternia.effects import card_name, name
from rules.biternia.model import team_name, team_of_seat
from rules.core import Panel

if TYPE_CHECKING:
    from rules.biternia.state import BiterniaState

HIT_TEXT = {"stun": "Stun", "immobilize": "Immobilize", "confuse": "Confuse",
            "death_mark": "place a Death Mark on it", "stone": "place a Stone token on it"}
WHO_TEXT = {"self": ", Self", "other": ", Other", "any": "", "all": " to every friendly Hero here"}


def step_text(step: dict[str, Any]) -> str:
    kind = step["do"]
    if kind == "attack":
        words = [w for w, on in (("Ranged", step.get("ranged")), ("Area", step.get("area"))) if on]
        words += [step["type"].capitalize(), f"Attack {step['power']}"]
        text = " ".join(words)
        if step.get("pierce"):
            text += f", Pierce {step['pierce']}"
        if step.get("target") == "same":
            text += " (that same target)"
        if step.get("target") == "interrupted":
            text += " (when interrupting: the Hero you interrupted)"
        if step.get("repeat"):
            text += " once for each friendly Hero here, you included"
        if step.get("hit"):
            text += ". Hit: " + ", ".join(HIT_TEXT[h["do"]] for h in step["hit"])
        return text
    simple = {
        "move": "You may move to an adjacent space", "stun": "Stun",
        "immobilize": "Immobilize", "confuse": "Confuse",
        "favored_enemy": "Place your Favored Enemy token on a target enemy Hero"
                         + (" (Ranged)" if step.get("ranged") else ""),
        "bear_trap": "Place the Bear Trap in your space",
        "ice_wall": "Raise the Ice Wall in your space (enemies cannot move in)",
        "repair": "Repair one broken artifact",
        "death_mark": "Place a Death Mark on a target enemy Hero here",
        "stone": "Place a Stone token on " + ("every enemy Hero here" if step.get("area") else
                                              "a target enemy Hero" + (" (Ranged)" if
                                                                       step.get("ranged") else "")),
        "redirect": "Enemy attacks on targets in your space must target you instead, if able",
    }
    if kind in simple:
        targeted = kind in ("stun", "immobilize", "confuse")
        return simple[kind] + (" a target enemy Hero here" if targeted else "")
    if kind == "gold":
        return f"Your team gains {step['amount']} gold"
    if kind == "pay_gold":
        return f"You may pay up to {step['amount']} gold: +1 to this card's attacks per gold"
    if kind == "attack_token":
        plural = "s" if step["amount"] > 1 else ""
        return f"Give {step['amount']} +1 Attack token{plural}{WHO_TEXT[step['who']]}"
    label = {"heal": "Heal", "shield": "Shield"}[kind]
    return f"{label} {step['amount']}{WHO_TEXT[step['who']]}"


def card_text(card: Card) -> str:
    """The card's rules text, e.g. 'Interrupt. Ranged Physical Attack 3, Pierce 1.'"""
    words = [k.capitalize() for k in ("channeled", "interrupt") if k in card.keywords]
    if card.stealth:
        words.append("Stealth while this card is face-up")
    body = ". ".join(step_text(s) for s in card.steps)
    return ". ".join([*words, body]) + "."


def card_line(card_id: str) -> str:
    card = effects.card_of(card_id)
    if card is None:
        return card_name(card_id)
    owner = f"{load().heroes[card.hero].name} {card.skill}" if card.hero else "basic"
    return f"{card.name} [{owner}, def {card.defense}]: {card_text(card)}"


def hero_line(s: BiterniaState, hero: str, viewer_team: int | None) -> str:
    v = s.heroes[hero]
    where = name(v.space) if v.space else "defeated"
    up = card_name(v.up) if v.up else "no card"
    parts = [f"{name(hero)} L{v.level} {v.hp}/{traits.max_hp(s, hero)} HP at {where}",
             f"face-up {up} (def {effects.defense(s, hero)})"]
    if v.down is not None:
        own = viewer_team == v.seat % 2
        parts.append(f"face-down {card_name(v.down)}" if own else "face-down card")
    tokens = [f"{n} {label}" for n, label in ((v.shield, "Shield"), (v.attack, "+1 Attack"),
                                              (v.chill, "Chill"), (v.stone, "Stone")) if n]
    if v.mark:
        tokens.append("Death Mark")
    tokens += [load().tokens[a]["name"] for a in v.artifacts]
    tokens += [label for on, label in ((v.immobile, "immobilized"), (v.confuse, "confused"),
                                       (v.channel, "channeling"), (v.stealth, "stealth"),
                                       (s.favored == hero, "Favored Enemy")) if on]
    if tokens:
        parts.append(", ".join(tokens))
    return "; ".join(parts)


def board_lines(s: BiterniaState) -> list[str]:
    out = []
    for sid, space in load().spaces.items():
        bits = []
        if sid in s.structures:
            hp = s.structures[sid]
            bits.append(f"{hp} HP" if hp > 0 else "destroyed")
        if sid in s.space_gold:
            bits.append(f"{s.space_gold[sid]} gold")
        if s.catapult and sid in load().catapult["spaces"]:
            bits.append("catapult")
        if s.trap and s.trap.space == sid:
            bits.append("Bear Trap")
        if s.ice_wall and s.ice_wall.space == sid:
            bits.append("Ice Wall")
        here = [f"{name(h)} ({team_name(s.heroes[h].seat % 2)})"
                for h in effects.heroes_in(s, sid)]
        info = f" [{', '.join(bits)}]" if bits else ""
        out.append(f"{space.name}{info}: {', '.join(here) if here else '-'}")
    return out


def panels(s: BiterniaState, viewer: int | None) -> list[Panel]:
    n = s.num_players
    viewer_team = None if viewer is None else team_of_seat(viewer, n)
    out = [Panel("Round", (f"Round {s.round}, phase: {s.phase}",
                           f"Initiative: {team_name(s.initiative)} team",
                           f"Gold: blue {s.gold[0]}, red {s.gold[1]}"))]
    out.append(Panel("Board", tuple(board_lines(s))))
    for team in (0, 1):
        lines = [hero_line(s, h, viewer_team) for h in s.hero_order
                 if s.heroes[h].seat % 2 == team]
        out.append(Panel(f"{team_name(team).capitalize()} heroes", tuple(lines)))
    if viewer is not None:
        hand = s.seats[viewer].hand
        out.append(Panel("Your hand", tuple(card_line(c) for c in hand) or ("(empty)",)))
    for seat in range(n):
        data = s.seats[seat]
        pile = ", ".join(card_name(c) for c in reversed(data.discard)) or "(empty)"
        deck = f"{len(data.deck)} cards" + ("" if data.deck_secret else " (turned over)")
        out.append(Panel(f"{s.player_name(seat)}: deck and discards",
                         (f"Deck: {deck}; hand: {len(data.hand)} cards",
                          f"Discards (top first): {pile}")))
    return out
