"""Text panels for the generic table: board, chain and battle, your hand, discards."""

from __future__ import annotations

from typing import TYPE_CHECKING

import rules.terrene.stats as stats
from rules.core import Panel
from rules.terrene.content import cards
from rules.terrene.kinds import Phase

if TYPE_CHECKING:
    from rules.terrene.state import TerreneState


def unit_line(s: TerreneState, uid: int, viewer: int | None) -> str:
    u = s.units[uid]
    marks = [k.title() for k in u.status] + [
        k.replace("_", " ").title() for k in u.gained]
    tail = f", {', '.join(marks)}" if marks else ""
    if u.card is None:
        held = "no card"
    elif u.card_up or s.cards[u.card] is not None:
        held = f"card: {s.name(u.card)}" + ("" if u.card_up else " (face-down)")
    else:
        held = "a face-down card"
    if not u.up:
        who = s.name(uid) if s.cards[uid] is not None else "a character"
        hurt = f", {u.dmg} damage" if u.dmg else ""
        return f"  Hidden: {who} (1 SP){tail}{hurt}; {held}"
    c = s.card(uid)
    hp_left = c.hp - u.dmg
    return (f"  {c.name} [{c.cls}, {c.element}{', ' + c.tag.title() if c.tag != 'none' else ''}]"
            f" {hp_left}/{c.hp} HP, ATK {stats.atk(s, uid)}, DEF {stats.defense(s, uid)},"
            f" XP {u.xp}, LV {u.lv}{tail}; {held}")


def seat_lines(s: TerreneState, seat: int, viewer: int | None) -> list[str]:
    terrain = stats.active_terrain_card(s, seat)
    t_text = f"{terrain.name} ({terrain.actions} actions/turn)" if terrain else (
        "face-down" if s.active_terrain[seat] is not None else "none")
    z = s.zones
    head = (f"{s.player_name(seat)} — HP {s.hp[s.team(seat)]}, {s.actions[seat]} actions, "
            f"SP {stats.sp_used(s, seat)}/{s.sp_limit[seat]}, terrain {t_text}, "
            f"deck {len(z['deck'][seat])}, hand {len(z['hand'][seat])}, "
            f"discard {len(z['discard'][seat])}")
    return [head, *(unit_line(s, uid, viewer) for uid in s.party[seat])]


def panels(s: TerreneState, viewer: int | None) -> list[Panel]:
    board: list[str] = []
    for seat in range(s.n):
        board += seat_lines(s, seat, viewer)
    out = [Panel("Board", tuple(board)), Panel("Turn", tuple(turn_lines(s)))]
    if viewer is not None and 0 <= viewer < s.n:
        hand = [f"{s.name(u)} — {s.card(u).text}" for u in s.zones["hand"][viewer]
                if s.cards[u] is not None]
        out.append(Panel("Your hand", tuple(hand) or ("(empty)",)))
    out.append(Panel("Terrains", tuple(terrain_lines(s))))
    discards = [f"{s.player_name(q)}: " + (", ".join(s.name(u) for u in s.zones["discard"][q])
                                            or "(empty)") for q in range(s.n)]
    out.append(Panel("Discards", tuple(discards)))
    return out


def turn_lines(s: TerreneState) -> list[str]:
    head = [f"Best of three: game {s.game_no}, set score {s.set_wins[0]}-{s.set_wins[1]}"
            ] if s.set_mode else []
    return head + _phase_lines(s)


def _phase_lines(s: TerreneState) -> list[str]:
    if s.phase == Phase.NEXT_GAME and s.prompt is not None:
        return [f"{s.player_name(s.prompt.seat)} lost and chooses who goes first."]
    if s.phase == Phase.PARTY:
        return [f"Setup: {s.player_name(s.party_seat)} chooses a starting party."]
    if s.phase == Phase.OVER:
        return [f"Game over: {s.reason}."]
    if s.phase != Phase.PLAY:
        return ["Setting up."]
    lines = [f"Turn {s.turn}: {s.player_name(s.active)} is acting."]
    if s.battle is not None:
        b = s.battle
        lines.append(f"Battle: {s.name(b.attacker)} is attacking.")
    for link in reversed(s.chain):
        lines.append(f"Chain: {link.label}" + (" (negated)" if link.negated else ""))
    if s.prompt is not None:
        lines.append(f"Waiting for {s.player_name(s.prompt.seat)}: {s.prompt.kind}.")
    return lines


def terrain_lines(s: TerreneState) -> list[str]:
    lines = []
    for seat in range(s.n):
        terrain = stats.active_terrain_card(s, seat)
        if terrain is None:
            continue
        lines.append(f"{s.player_name(seat)}: {terrain.name} — {terrain.text}")
    return lines or ["(none revealed)"]


def card_text(cid: str) -> str:
    return cards()[cid].text
