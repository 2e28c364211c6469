"""Text panels for the generic table: the turn, the board by level, each army, a battle."""

from __future__ import annotations

from typing import TYPE_CHECKING

import rules.chaostle.cards as cards
import rules.chaostle.frames as frames
from rules.chaostle.kinds import Phase
from rules.core import Panel

if TYPE_CHECKING:
    from rules.chaostle.state import ChaostleState as S

PHASE_WORDS = {Phase.FIRST: "rolling to choose first", Phase.DRAFT: "choosing characters",
               Phase.CROWN: "choosing King and Queen positions",
               Phase.PLACE: "placing characters", Phase.BEGIN: "starting a turn",
               Phase.ROLL: "rolling for movement", Phase.MOVE: "moving",
               Phase.BATTLES: "battling", Phase.END: "end of turn", Phase.OVER: "game over"}


def _char_line(s: S, cid: str) -> str:
    ch = s.chars[cid]
    card = s.cards[cid]
    where = {"play": s.space_label(ch.at), "out": "out of play", "sanctuary": "in Sanctuary",
             "pool": "mercenary"}.get(ch.status, "")
    if ch.status == "trap" and ch.trap is not None:
        where = f"trapped in the {s.board.traps[ch.trap].name}"
    marks = [m.replace("_", " ") for m in ("bad_vibes", "burden") if getattr(ch, m)]
    extra = f" [{', '.join(marks)}]" if marks else ""
    mv = cards.movement(card, s.up(cid))
    ar = cards.armor(card, s.up(cid))
    start = ""
    if ch.owner is not None and s.crowns[ch.owner] and ch.status != "sanctuary":
        start = f", starts at {s.space_label(s.start_space(cid))}"
    return (f"{card.type} (L{card.level} {card.category}): health {ch.hp}/{s.max_hp(cid)}, "
            f"move +{mv}, armor {ar}, pegs {len(ch.up)} - {where}{extra}{start}")


def _turn_panel(s: S) -> Panel:
    lines = [f"Phase: {PHASE_WORDS.get(s.phase, s.phase)}"]
    if s.phase not in (Phase.FIRST, Phase.DRAFT, Phase.OVER):
        lines.append(f"Current player: {s.player_name(s.current)}")
    if s.turn.roll is not None:
        lines.append(f"Movement roll: {s.turn.roll} ({s.turn.kind})")
    lines.append(f"Castle health: {s.castle_hp}" + (" (conquered)" if s.castle_down else ""))
    lines.append(f"Characters needed in Sanctuary: {s.sanctuary_needed()}")
    if s.phase == Phase.OVER and s.winner is not None:
        lines.append(f"Winner: {s.player_name(s.winner)} - {s.end_reason}")
    return Panel("Turn", tuple(lines))


def _board_panel(s: S) -> Panel:
    lines = []
    for cid in s.on_board():
        sp = s.board.spaces[s.space_of(cid)]
        lines.append(f"Level {sp.level:g} - {sp.label}: {s.name(cid)} "
                     f"({s.player_name(s.owner(cid))}, health {s.chars[cid].hp})")
    return Panel("Board", tuple(sorted(lines)) or ("Nobody is on the board yet",))


def _battle_panel(s: S) -> Panel | None:
    frame = s.queue.find(frames.Battle)
    if frame is None:
        return None
    lines = [f"{s.name(frame.a)} against {s.name(frame.d)} at range {frame.range}"]
    for cid in (frame.a, frame.d):
        lines.append(f"{s.name(cid)}: health {s.chars[cid].hp}/{s.max_hp(cid)}")
    lines.append(f"Next to attack: {s.name(frame.next)}")
    if frame.smoke:
        lines.append("Smoke Screen: every range is one less")
    return Panel("Battle", tuple(lines))


def panels(s: S, viewer: int | None) -> list[Panel]:
    out = [_turn_panel(s), _board_panel(s)]
    fight = _battle_panel(s)
    if fight:
        out.append(fight)
    for seat in range(s.n):
        title = "Your army" if seat == viewer else f"Army of {s.player_name(seat)}"
        lines = [_char_line(s, c) for c in s.armies[seat]]
        out.append(Panel(title, tuple(lines) or ("No characters yet",)))
    pool = [c for c, ch in s.chars.items() if ch.status == "pool"]
    if pool:
        label = "Characters to choose" if s.phase == Phase.DRAFT else "Mercenaries"
        out.append(Panel(label, tuple(_char_line(s, c) for c in pool)))
    return out
