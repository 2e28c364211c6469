"""The duel as text panels for the generic table: board, fighters, hands, discards."""

from __future__ import annotations

from typing import TYPE_CHECKING

import rules.battlecon.kits as kits
from rules.battlecon.conditions import tide
from rules.battlecon.content import kit_styles
from rules.battlecon.kinds import Phase
from rules.core.state import Panel

if TYPE_CHECKING:
    from rules.battlecon.state import BattleconState


def _board(st: BattleconState) -> Panel:
    cells = ["[   ]"] * st.width
    for p in st.seats():
        cells[st.pos(p)] = f"[{st.name(p)[:3]}]"
    line = " ".join(cells)
    if st.is_team:
        lines = [line] + [f"Team {side + 1}: {st.team_names(side)} — Force "
                          f"{st.team_force[side]}" for side in (0, 1)]
    else:
        lines = [line, f"Distance {st.distance()}"]
    for p in st.seats():
        ua = st.player(p).ua
        if ua.get("paint"):
            lines.append(f"{st.name(p)}'s Paint on spaces "
                         + ", ".join(str(s + 1) for s in ua["paint"]))
        if ua.get("staff") == "board":
            lines.append(f"{st.name(p)}'s Staff on space {ua['staff_pos'] + 1}")
        if "ice" in ua:
            side = "left" if ua["ice"] < 0 else "right"
            other = "right" if side == "left" else "left"
            lines.append(f"{st.name(p)}'s Ice off the {side} edge, Steam off the {other} edge")
    return Panel("Board", tuple(lines))


def _card_line(st: BattleconState, cid: str) -> str:
    card = st.card(cid)
    rng = card["range"]
    if rng == "na":
        reach = "N/A"
    elif card["kind"] == "style":
        reach = f"{rng[0]:+d}" if rng[0] == rng[1] else f"{rng[0]:+d}~{rng[1]:+d}"
    else:
        reach = f"{rng[0]}" if rng[0] == rng[1] else f"{rng[0]}~{rng[1]}"
    sign = "+d" if card["kind"] == "style" else "d"
    power = "N/A" if card["power"] == "na" else format(card["power"], sign)
    prio = format(card["priority"], sign) + ("▲" if card.get("tiebreaker") else "")
    guard = "⛨" if card.get("stun_immune") else format(card["guard"], sign)
    extras = [f"Armor {card['armor']}"] if card.get("armor") else []
    extras += [f"{t['timing'].replace('_', ' ').capitalize()}: {t['text']}"
               for t in card.get("triggers", [])]
    tail = ("  — " + "; ".join(extras)) if extras else ""
    return f"{card['name']} {reach} / {power} / {prio} / {guard}{tail}"


def _kit(st: BattleconState, p: int) -> Panel:
    """The fighter's whole kit, always open information."""
    fighter = st.fighter(p)
    pl = st.player(p)
    swap = fighter.get("form_styles", {}).get(pl.form or "", {})
    ids = [swap.get(c, c) for c in kit_styles(fighter)] + [fighter["base"]]
    lines = [_card_line(st, c) for c in ids]
    lines += ["Finisher " + _card_line(st, c) for c in fighter["finishers"]]
    return Panel(f"{st.name(p)}'s kit ({fighter['name']}, {fighter['fighter_class']})",
                 tuple(lines))


def _cards(st: BattleconState, ids: list[str]) -> str:
    return ", ".join(st.card_name(c) for c in ids) if ids else "—"


def _fighter_lines(st: BattleconState, p: int) -> list[str]:
    pl = st.player(p)
    s = st
    if pl.out:
        return [f"Defeated: out of the game (team {st.team_of(p) + 1})"]
    if st.is_team:
        role = "Active team" if st.team_of(s.active_seat) == st.team_of(p) else "Reactive team"
        lines = [f"Life {pl.life}/{st.max_life(p)}   Team {st.team_of(p) + 1} Force "
                 f"{st.force(p)}   {role}"]
        if pl.role:
            card = st.content.team["roles"][pl.role]
            lines.append(f"{card['name']}: {card['text']}")
        if pl.revenge:
            card = st.content.team["revenge"]
            lines.append(f"{card['name']} x{pl.revenge}: {card['text']}")
    else:
        role = "Active" if s.active == p else "Reactive"
        lines = [f"Life {pl.life}   Force {pl.force}   {role} Player"]
    if pl.finisher:
        used = " (used)" if pl.finisher_used else ""
        lines.append(f"Finisher: {st.card_name(pl.finisher)}{used}")
    lines += _ua_lines(st, p)
    beat = pl.beat
    flags = [w for w, on in (("stunned", beat.stunned), ("hit", beat.was_hit)) if on]
    if beat.overloads:
        flags.append("overloads: " + ", ".join(st.content.overloads[o]["name"]
                                               for o in beat.overloads))
    if flags:
        lines.append("This beat: " + "; ".join(flags))
    return lines


def _names(ids: list[str]) -> str:
    return ", ".join(i.replace("_", " ").title() for i in ids) if ids else "none"


def _ua_lines(st: BattleconState, p: int) -> list[str]:
    """The fighter's Unique Ability materials: counters, tokens, markers, forms, cards."""
    pl = st.player(p)
    ua = pl.ua
    lines = [f"{st.fighter(p)['ua_name']}: {st.fighter(p)['ua_text']}"]
    if pl.form:
        lines.append(f"Form: {st.card_name(pl.form)}")
    if pl.statuses:
        lines.append("Status: " + ", ".join(st.card_name(c) for c in pl.statuses))
    if "fury" in ua:
        lines.append(f"Supply: Fury {ua['fury']}, Control {ua['control']}; depleted: "
                     f"Fury {ua['fury_spent']}, Control {ua['control_spent']}")
    if "staff" in ua:
        where = {"held": "in hand", "stolen": f"stolen by {st.name(st.foe(p))}"}
        lines.append("Staff: " + where.get(ua["staff"], f"on space {(ua['staff_pos'] or 0) + 1}"))
    if "supply" in ua:
        lines.append(f"Tokens held: {_names(ua['supply'])}; consumed: {_names(ua['spent'])}; "
                     f"with the opponent: {_names(ua['foe'])}")
    if "paint" in ua:
        lines.append("Paint on spaces: " + (", ".join(str(s + 1) for s in ua["paint"]) or "none"))
    if "ice" in ua and (not st.is_team or st.enemies(p)):
        lines.append(f"Ebbing Tide: {tide(st, p).capitalize()} Form")
    if "ready" in ua:
        tell = [kits.EMBELLISHMENTS[c] for c in ua["ready"]]
        lines.append("Untold Embellishments: " + (", ".join(tell) or "none"))
    if "drinks" in ua:
        lines.append(f"Drinks untouched: {_names(ua['drinks'])}; active: {_names(ua['active'])}")
    return lines


def _pair_line(st: BattleconState, p: int) -> str:
    pair = st.player(p).pair
    if pair is not None and pair.hidden:
        return f"{st.name(p)}: face down"
    if pair is None:
        return f"{st.name(p)}: —"
    return f"{st.name(p)}: {st.pair_name(p)} ({st.stats(p).text()})"


def panels(st: BattleconState, viewer: int | None) -> list[Panel]:
    out = [_board(st)]
    everyone = range(st.num_players)
    for p in everyone:
        out.append(Panel(st.name(p) + (" (you)" if p == viewer else ""),
                         tuple(_fighter_lines(st, p))))
    out.append(Panel("Attack pairs", tuple(_pair_line(st, p) for p in st.seats())))
    for p in st.seats():
        pl = st.player(p)
        title = "Your hand" if p == viewer else f"{st.name(p)}'s hand (open information)"
        if p != viewer and pl.pair is not None and pl.pair.hidden:
            title = f"{st.name(p)}'s hand and set pair"
        out.append(Panel(title, (_cards(st, sorted(pl.hand)),)))
    out.append(Panel("Discards", tuple(
        f"{st.name(p)}: pile 1 [{_cards(st, st.player(p).discard1)}]  "
        f"pile 2 [{_cards(st, st.player(p).discard2)}]" for p in st.seats())))
    s = st
    clock = f"Force pool {s.pool}" + ("  — final beat" if s.final_beat else "")
    out.append(Panel("Beat", (f"Beat {s.beat_no}   {clock}",)))
    out += [_kit(st, p) for p in st.seats()]
    out.append(Panel("Standard bases", tuple(
        _card_line(st, c) for c in ("strike", "shot", "drive", "burst", "grasp", "dodge"))))
    asked = st.question
    if asked is not None and s.phase == Phase.RESOLVE:
        out.append(Panel("Waiting for", (f"{st.name(asked.who)}: {asked.prompt}",)))
    return out
