"""BattleCON's cards as ``CardFace``s for the shared zoom: the printed numbers as badges and
every trigger under its timing (Reveal, Start, Before, Hit, ...)."""

from __future__ import annotations

from typing import Any

from game import theme
from game.cardface import CardFace, Stat
from rules.battlecon.state import BattleconState

STYLE_INK = (120, 46, 40)  # styles have a red band, bases a blue one, as printed
BASE_INK = (40, 70, 120)
TIMING_WORDS = {"reveal": "Reveal", "start": "Start of beat", "before": "Before activating",
                "hit": "On hit", "when_hit": "When you are hit", "damage": "On damage",
                "after": "After activating", "end": "End of beat", "recycle": "Recycle"}
KIND_WORDS = {"style": "Style", "base": "Base", "finisher": "Finisher", "form": "Form",
              "status": "Status", "special": "Special", "overload": "Overload"}
KIND_COLOURS = {"style": STYLE_INK, "base": BASE_INK, "finisher": (130, 96, 30),
                "form": (70, 110, 80), "overload": (96, 60, 120)}

#: Stun Immunity where a Guard number would stand (the rules' "⛨" is not in the
#: table's font: it would show as an empty box)
STUN_IMMUNE = "★"


def own_signs(text: str) -> str:
    """The rules' words with the table's signs (Stun Immunity as ``STUN_IMMUNE``), for the
    log, the side panels and a clashed pair's line."""
    return text.replace("⛨", STUN_IMMUNE)


def card_numbers(card: dict[str, Any]) -> tuple[str, str, str, str]:
    """A card's printed Range, Power, Priority and Guard (styles as modifiers with signs)."""
    style = card.get("kind") == "style"
    sign = "+d" if style else "d"
    rng = card.get("range", "na")
    if rng == "na":
        reach = "–"
    else:
        lo, hi = rng
        reach = format(lo, sign) if lo == hi else f"{lo:{sign}}~{hi:{sign}}"
    power = card.get("power", "na")
    power = "–" if power == "na" else format(power, sign)
    prio = format(card.get("priority", 0), sign) + ("▲" if card.get("tiebreaker") else "")
    guard = STUN_IMMUNE if card.get("stun_immune") else format(card.get("guard", 0), sign)
    return reach, power, prio, guard


def card_face(card: dict[str, Any], fighter: str = "") -> CardFace:
    """One BattleCON card large: kind and owner, Range / Power / Priority / Guard (and
    Armor) as badges, each effect under its timing."""
    kind = str(card.get("kind", ""))
    owner = fighter or str(card.get("fighter", "")).title()
    kind_line = KIND_WORDS.get(kind, kind.title() or "Card")
    if owner:
        kind_line += f" · {owner}"
    elif kind == "base":
        kind_line += " · standard base"
    stats: tuple[Stat, ...] = ()
    if "priority" in card:
        reach, power, prio, guard = card_numbers(card)
        stats = (Stat("range", "Range", reach), Stat("power", "Power", power),
                 Stat("priority", "Priority", prio), Stat("guard", "Guard", guard))
        if card.get("armor"):
            stats += (Stat("armor", "Armor", str(card["armor"])),)
    sections: list[tuple[str, str]] = []
    if card.get("text"):
        sections.append(("", str(card["text"])))
    for trigger in card.get("triggers", []):
        words = str(trigger["text"])
        timing = TIMING_WORDS.get(trigger.get("timing", ""), "")
        # a text that opens with its own timing ("When you are hit: ...") needs no heading
        named = bool(timing) and words.lower().startswith(timing.lower())
        sections.append(("" if named else timing, words))
    if card.get("stun_immune"):
        sections.append(("", f"Stun Immunity ({STUN_IMMUNE}): nothing can stun you; its "
                             "Guard counts as 0."))
    if card.get("tiebreaker"):
        sections.append(("", "Tiebreaker (▲): wins a tie in Priority instead of a Clash."))
    if not sections:
        sections.append(("", "No effects beyond its numbers."))
    colour = KIND_COLOURS.get(kind, theme.WOOD)
    return CardFace(str(card.get("name", "?")), kind_line, colour, stats, tuple(sections),
                    ("battlecon", kind, str(card.get("name", ""))))


def pair_face(view: BattleconState, seat: int) -> CardFace:
    """A revealed attack pair as one card: the pair's totals now (every bonus counted) and
    both cards' effects, the style's first."""
    total = view.stats(seat)
    reach = "–" if total.range is None else (
        f"{total.range[0]}" if total.range[0] == total.range[1]
        else f"{total.range[0]}~{total.range[1]}")
    stats = (Stat("range", "Range", reach),
             Stat("power", "Power", "–" if total.power is None else str(total.power)),
             Stat("priority", "Priority", f"{total.priority}{'▲' if total.tiebreaker else ''}"),
             Stat("guard", "Guard", STUN_IMMUNE if total.stun_immune else str(total.guard)))
    sections: list[tuple[str, str]] = []
    for card in view.pair_cards(seat):
        for heading, words in card_face(card).sections:
            sections.append((f"{card['name']} · {heading}" if heading else card["name"], words))
    kind = f"{view.name(seat)}'s attack pair, every bonus counted"
    first = view.pair_cards(seat)[0] if view.pair_cards(seat) else {}
    return CardFace(view.pair_name(seat), kind, STYLE_INK, stats, tuple(sections),
                    ("battlecon", str(first.get("kind", "style")), str(first.get("name", ""))))


def kit_face(view: BattleconState, seat: int) -> CardFace:
    """A fighter's own cards (its five styles and Switch, as its form has them, and its
    unique base) as one card for the zoom: each with its Range / Power / Priority / Guard,
    where it lies now (in hand or a discard pile: open information) and its effects."""
    from rules.battlecon.content import kit_styles

    fighter = view.fighter(seat)
    pl = view.player(seat)
    swap = fighter.get("form_styles", {}).get(pl.form or "", {})
    ids = [swap.get(c, c) for c in kit_styles(fighter)] + [fighter["base"]]
    where = {c: "discard 1" for c in pl.discard1} | {c: "discard 2" for c in pl.discard2}
    sections: list[tuple[str, str]] = []
    for cid in ids:
        card = view.card(cid)
        numbers = " / ".join(card_numbers(card))
        effects = "; ".join(f"{head}: {words.rstrip('.')}" if head else words.rstrip(".")
                            for head, words in card_face(card).sections) + "."
        sections.append((f"{card['name']} ({KIND_WORDS.get(card['kind'], '')}) {numbers}"
                         f" · {where.get(cid, 'in hand')}", effects))
    return CardFace(f"{view.name(seat)}'s kit", "Range / Power / Priority / Guard",
                    KIND_COLOURS["style"], (), tuple(sections),
                    ("battlecon", "fighter", str(fighter["name"])))
