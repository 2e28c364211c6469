"""Every named piece of Chaostle with its provenance, for ``launcher.py content``: the
characters and what their battle cards name (weapons, skills), the skills the rules play,
both fate cards cell by cell and the fates on them, the traps, the Time Travel weapons,
the crowns, the Lucky Toads, Sanctuary, the castle board and the castle's battle card."""

from __future__ import annotations

from typing import Any

from rules.chaostle.board import board
from rules.chaostle.content import (
    DATA,
    Character,
    board_template,
    castle_card,
    characters,
    time_travel_weapons,
    trap_rules,
)
from rules.chaostle.fates import fate_table
from rules.chaostle.skills import skill_summary
from rules.core import ContentEntry, Field, load_entries, read_toml


def entries() -> list[ContentEntry]:
    out: list[ContentEntry] = []
    for card in characters().values():
        out.append(ContentEntry("character", f"{card.type} ({card.name})", card.source,
                                card.reason))
        out += _card_pieces(card)
    out += _skill_rules()
    out += _fate_cards()
    fates, _ = fate_table()
    out += [ContentEntry("fate", f.name, f.source, f.reason) for f in fates.values()]
    out += _traps()
    out += [ContentEntry("time travel weapon", f"{w.roll}: {w.name} (damage {w.damage}, "
                         f"range {w.range})", e["source"], e.get("reason", ""))
            for w, e in zip(time_travel_weapons(), _time_travel_rows(), strict=True)]
    out += _places()
    tables = read_toml(DATA / "tables.toml")["castle"]["castle"]
    out.append(ContentEntry("castle card", f"Castle battle card (health "
                            f"{castle_card().health_default} by default, armour "
                            f"{castle_card().armor})", tables["source"], tables["reason"]))
    return out


def _card_pieces(card: Character) -> list[ContentEntry]:
    """A card's six weapons and three skills: as printed for the two printed cards; the
    published facts of a published card; designed otherwise."""
    out = []
    printed = card.source == "rulebook"
    for roll, w in enumerate(card.weapons, start=1):
        name = (f"{w.name} ({card.type}, roll {roll}: damage {w.damage[0]}/{w.damage[1]}, "
                f"range {w.range[0]}/{w.range[1]})")
        out.append(ContentEntry("weapon", name, *_piece_provenance(card, printed)))
    for sk in card.skills:
        name = f"{sk.name} ({card.type}: {sk.points[0]}/{sk.points[1]})"
        published = card.source == "published" and sk.name in card.reason  # named there
        out.append(ContentEntry("skill", name, *_piece_provenance(card, printed or published)))
    return out


def _piece_provenance(card: Character, known: bool) -> tuple[str, str]:
    if known:
        return card.source, card.reason
    return "reconstructed", (f"designed with the {card.type}'s battle card (see its "
                             "character entry)")


def _skill_rules() -> list[ContentEntry]:
    """The skills the rules play, each by the rulebook's Special Skills section."""
    named = sorted({sk.name for c in characters().values() for sk in c.skills})
    out = []
    for name in named:
        out.append(ContentEntry("skill rule", name, "rulebook",
                                f"Special Skills; played as: {skill_summary(name)}"))
    return out


def _fate_cards() -> list[ContentEntry]:
    """Both fate cards cell by cell (red die column, two white dice row)."""
    fates, columns = fate_table()
    doc = read_toml(DATA / "fates.toml")["card"]
    out = []
    for col, ids in enumerate(columns, start=1):
        card = "happiness" if col <= 3 else "doom"
        title = "Card of Happiness" if card == "happiness" else "Card of Doom"
        for row, fid in enumerate(ids, start=2):
            fate = fates[fid]
            name = f"{title}, column {col}, row {row}: {fate.name}"
            if fate.source == "published" and fate.effect == "win":
                out.append(ContentEntry("fate card", name, fate.source, fate.reason))
            else:
                out.append(ContentEntry("fate card", name, doc[card]["source"],
                                        doc[card]["reason"]))
    return out


def _traps() -> list[ContentEntry]:
    rules = trap_rules()
    raw = load_entries(DATA / "fates.toml", "trap_rule", {"escape": Field(int),
                                                         "bite": Field(int)})
    out = []
    for tid, trap in board().traps.items():
        rule, where = rules[tid], board_template()["trap"][tid]
        out.append(ContentEntry(
            "trap", f"{trap.name} (escape on {rule.escape}+, bite {rule.bite}, exit "
            f"{board().labels[trap.exit]})", str(raw[tid]["source"]),
            f"{raw[tid]['reason']}; {where['reason']}"))
    return out


def _time_travel_rows() -> list[dict[str, Any]]:
    rows = read_toml(DATA / "tables.toml")["time_travel"]
    return sorted(rows.values(), key=lambda e: int(e["roll"]))


def _places() -> list[ContentEntry]:
    """The crowns, the Lucky Toads, Sanctuary and the board itself."""
    bd = board()
    tpl = board_template()
    out = []
    for cid, crown in bd.crowns.items():
        side, which = cid.split(".")
        entry, colour = tpl["crown"][which], tpl["colour"][side]
        out.append(ContentEntry("crown", crown.label[0].upper() + crown.label[1:],
                                entry["source"], f"{entry['reason']}; colour: "
                                f"{colour['reason']}"))
    toads = read_toml(DATA / "board.toml")["board"]["lucky_toads"]
    out += [ContentEntry("lucky toad", f"Lucky Toad ({bd.labels[sp]})", toads["source"],
                         toads["reason"]) for sp in toads["spaces"]]
    for e in landmarks().values():
        out.append(ContentEntry("place", e["name"], e["source"], e["reason"]))
    out.append(ContentEntry("board", f"castle of {len(bd.spaces)} spaces", "reconstructed",
                            "designed from the rulebook's description (docs/chaostle.md)"))
    return out


def landmarks() -> dict[str, dict[str, Any]]:
    return load_entries(DATA / "board.toml", "landmark", {"name": Field(str)})
