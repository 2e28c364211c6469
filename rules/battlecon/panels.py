"""The duel as text panels for the generic table: board, fighters, hands, discards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.core.state import Panel

if TYPE_CHECKING:
    from rules.battlecon.state import BattleconState


def _board(st: BattleconState) -> Panel:
    cells = ["[   ]"] * st.width
    for p in (0, 1):
        cells[st.pos(p)] = f"[{st.name(p)[:3]}]"
    line = " ".join(cells)
    return Panel("Board", (line, f"Distance {st.distance()}"))


def _cards(st: BattleconState, ids: list[str]) -> str:
    return ", ".join(st.card_name(c) for c in ids) if ids else "—"


def _fighter_lines(st: BattleconState, p: int) -> list[str]:
    pl = st.player(p)
    s = st.s
    role = "Active" if s["active"] == p else "Reactive"
    lines = [f"Life {pl['life']}   Force {pl['force']}   {role} Player"]
    if pl["finisher"]:
        used = " (used)" if pl["finisher_used"] else ""
        lines.append(f"Finisher: {st.card_name(pl['finisher'])}{used}")
    ua = pl["ua"]
    if "fury" in ua:
        lines.append(f"Fury {ua['fury']} / Control {ua['control']} in supply; depleted: "
                     f"Fury {ua['fury_spent']} / Control {ua['control_spent']}")
    beat = pl["beat"]
    flags = [w for w, on in (("stunned", beat["stunned"]), ("hit", beat["was_hit"])) if on]
    if beat["overloads"]:
        flags.append("overloads: " + ", ".join(st.content.overloads[o]["name"]
                                                for o in beat["overloads"]))
    if flags:
        lines.append("This beat: " + "; ".join(flags))
    return lines


def _pair_line(st: BattleconState, p: int) -> str:
    pair = st.player(p)["pair"]
    if pair == "hidden":
        return f"{st.name(p)}: face down"
    if pair is None:
        return f"{st.name(p)}: —"
    return f"{st.name(p)}: {st.pair_name(p)} ({st.stats(p).text()})"


def panels(st: BattleconState, viewer: int | None) -> list[Panel]:
    out = [_board(st)]
    for p in (0, 1):
        out.append(Panel(st.name(p) + (" (you)" if p == viewer else ""),
                         tuple(_fighter_lines(st, p))))
    out.append(Panel("Attack pairs", tuple(_pair_line(st, p) for p in (0, 1))))
    for p in (0, 1):
        pl = st.player(p)
        title = "Your hand" if p == viewer else f"{st.name(p)}'s hand (open information)"
        if p != viewer and pl["pair"] == "hidden":
            title = f"{st.name(p)}'s hand and set pair"
        out.append(Panel(title, (_cards(st, sorted(pl["hand"])),)))
    out.append(Panel("Discards", tuple(
        f"{st.name(p)}: pile 1 [{_cards(st, st.player(p)['discard1'])}]  "
        f"pile 2 [{_cards(st, st.player(p)['discard2'])}]" for p in (0, 1))))
    s = st.s
    clock = f"Force pool {s['pool']}" + ("  — final beat" if s["final_beat"] else "")
    out.append(Panel("Beat", (f"Beat {s['beat']}   {clock}",)))
    if s.get("pending") and s["phase"] == "resolve":
        out.append(Panel("Waiting for", (f"{st.name(s['pending']['who'])}: "
                                         f"{s['pending']['prompt']}",)))
    return out
