"""Terrene Odyssey's cards as ``CardFace``s for the shared zoom: the printed card, and for a
character on the table its stats as they stand now."""

from __future__ import annotations

from game.cardface import CardFace, Stat
from game.tables.terrene.cards import KINDS, UnitLook, element_colour
from rules.terrene.content import cards


def card_face(cid: str, now: UnitLook | None = None) -> CardFace | None:
    """The card ``cid`` large: type line, stats, full text; ``now`` (a character on the
    table, face up to the viewer) puts its current life, attack and defence on the badges."""
    card = cards().get(cid)
    if card is None:
        return None
    icon = ("terrene", card.kind, card.name)
    if card.is_character:
        colour = element_colour(card.element)
        kind = f"Character · {card.cls} · {card.element}"
        if card.tag != "none":
            kind += f" · {card.tag.title()}"
        text: tuple[tuple[str, str], ...] = (("", card.text),)
        if now is not None and now.name:
            hp = f"{now.hp_left}/{now.hp}"
            stat_line: tuple[Stat, ...] = (
                Stat("hp", "life", hp), Stat("atk", "attack", str(now.atk)),
                Stat("def", "defence", str(now.defense)), Stat("sp", "SP", str(now.sp)))
            foot = f"Level {now.lv} · XP {now.xp}"
            said = [b.replace("_", " ") for b in now.badges]  # every status (those a
            if now.attacked:  # full card counts as "+N" too), whole
                said.insert(0, "attacked this turn")
            if said:
                text += (("Statuses", ", ".join(said)),)
        else:
            stat_line = (Stat("hp", "life", str(card.hp)), Stat("atk", "attack", str(card.atk)),
                         Stat("def", "defence", str(card.defense)),
                         Stat("sp", "SP", str(card.sp)))
            foot = f"Level {card.lv}"
        return CardFace(card.name, kind, colour, stat_line, text, icon, foot)
    colour = KINDS.get(card.kind, KINDS["item"])
    if card.kind == "terrain":
        kind = "Storm terrain" if card.storm else "Terrain"
        stat_line = (Stat("actions", "actions a turn", str(card.actions)),)
        return CardFace(card.name, kind, colour, stat_line, (("", card.text),), icon)
    sub = "" if card.subtype == "none" else f" · {card.subtype.title()}"
    kind = f"{card.kind.title()}{sub}"
    costs = sorted({a.cost for a in card.abilities if a.when == "activated"})
    stat_line = tuple(Stat("actions", "action cost", str(c)) for c in costs[:1])
    sections: list[tuple[str, str]] = [("", card.text)]
    if card.requires:
        sections.append(("Who may use it", ", ".join(card.requires)))
    return CardFace(card.name, kind, colour, stat_line, tuple(sections), icon)
