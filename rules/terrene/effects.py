"""Card effects, damage, defeat and XP: what happens when a link on the chain resolves."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import rules.terrene.chain as chain
import rules.terrene.stats as stats
from rules.core import Event
from rules.terrene.content import Ability, cards
from rules.terrene.howto import event
from rules.terrene.model import Link

if TYPE_CHECKING:
    from rules.terrene.state import TerreneState

HP_MAX = 50


def say(events: list[Event], kind: str, text: str, **data: Any) -> None:
    events.append(event(kind, text, data))


def in_play(s: TerreneState, uid: int | None) -> bool:
    return uid is not None and uid in s.units


def ability_of(s: TerreneState, link: Link) -> Ability:
    borrowed, card, index = link.borrowed, link.card, link.index
    assert card is not None and index is not None, "an ability's link names its card and index"
    if borrowed is not None:
        return cards()[borrowed].abilities[index - stats.BORROWED]
    return stats.ability_at(s, card, index)


def resolve_ability(s: TerreneState, link: Link, events: list[Event]) -> None:
    """An ability's link resolves: its effects happen unless it was negated (a character
    Silenced while using a trigger has it negated); a used assignable is then discarded."""
    source = link.source
    assert link.card is not None, "an ability's link names its card"
    card = s.card(link.card)
    if card.is_character and source in s.units and stats.silenced(s, source):
        link.negated = True  # Silenced while using a trigger: its effect is negated
    if link.negated:
        events.append(event("negated", f"{link.label} does nothing (negated)."))
    else:
        events.append(event("resolve", f"Resolving {link.label}.", {"id": link.id}))
        run_effects(s, link, events)
    if card.is_assignable and card.subtype != "ongoing" and source in s.units:
        if s.units[source].card == link.card:
            discard_assigned(s, source, events)


# ---- damage and defeat ----------------------------------------------------------------
def damage_team(s: TerreneState, seat: int, amount: int, events: list[Event], why: str) -> None:
    """HP loss for the seat's team (damage placed on the terrain)."""
    if amount <= 0:
        return
    team = s.team(seat)
    s.hp[team] = max(0, s.hp[team] - amount)
    say(events, "player_damage", f"{s.player_name(seat)} takes {amount} damage ({why}); "
        f"HP {s.hp[team]}.", seat=seat, amount=amount)


def heal_team(s: TerreneState, seat: int, amount: int, events: list[Event]) -> None:
    team = s.team(seat)
    s.hp[team] = min(HP_MAX, s.hp[team] + amount)
    say(events, "player_heal", f"{s.player_name(seat)} heals {amount}; HP {s.hp[team]}.",
        seat=seat, amount=amount)


def damage_character(
    s: TerreneState, uid: int, amount: int, events: list[Event], *, stab: bool,
    battle: bool, by: int | None,
) -> None:
    """Place damage (reduced by DEF unless Stab); defeat at HP; battle damage overkills."""
    dealt = amount if stab else max(0, amount - stats.defense(s, uid))
    u = s.units[uid]
    u.dmg += dealt
    say(events, "damage", f"{s.name(uid)} takes {dealt} damage ({u.dmg}/{stats.hp(s, uid)}).",
        uid=uid, amount=dealt)
    if u.dmg >= stats.hp(s, uid):
        overkill = u.dmg - stats.hp(s, uid)
        if battle and by is not None and in_play(s, by):
            overkill *= 2 ** stats.criticals(s, by)
        seat = u.ctrl
        defeat(s, uid, by, events)
        if battle and overkill > 0:
            damage_team(s, seat, overkill, events, "overkill")


def defeat(s: TerreneState, uid: int, by: int | None, events: list[Event]) -> None:
    """Remove a defeated character and its card; the defeater gains XP equal to its LV."""
    lv = s.units[uid].lv
    seat = s.units[uid].ctrl
    defeated_card = s.cards[uid]
    say(events, "defeat", f"{s.name(uid)} is defeated.", uid=uid)
    leave_play(s, uid, to="discard")
    if by is not None and in_play(s, by) and s.team(s.units[by].ctrl) != s.team(seat):
        award_xp(s, by, lv, events)
        chain.fire_auto(s, by, "on_defeat", events, target_card=defeated_card)
    elif by is None:
        say(events, "wasted_xp", f"No character defeated it: {lv} XP is wasted.")


def leave_play(s: TerreneState, uid: int, to: str) -> None:
    """Take a character out of play with its assigned card (to discard, hand or banished)."""
    u = s.units.pop(uid)
    seat = u.ctrl
    s.party[seat].remove(uid)
    if u.card is not None:
        s.zones["discard"][seat].append(u.card)
    if s.card(uid).token:
        s.ceased.append(uid)
    else:
        s.zones[to][seat].append(uid)


def discard_assigned(s: TerreneState, uid: int, events: list[Event]) -> None:
    u = s.units[uid]
    if u.card is None:
        return
    card = u.card
    u.card, u.card_up = None, False
    s.zones["discard"][u.ctrl].append(card)
    say(events, "discard", f"{s.name(card)} is discarded from {s.name(uid)}.", uid=card)


# ---- XP -------------------------------------------------------------------------------
def award_xp(s: TerreneState, by: int, amount: int, events: list[Event]) -> None:
    """XP from a defeat: its player assigns it to one of their recruited characters (the
    defeater unless they choose another); with one candidate it goes there at once."""
    seat = s.units[by].ctrl
    if len(stats.recruited(s, seat)) <= 1:
        gain_xp(s, by, amount, events)
    else:
        s.pending_assign.append([by, amount, seat])
def gain_xp(s: TerreneState, uid: int, amount: int, events: list[Event]) -> None:
    """XP stacks along the active terrain's tree; each step reached is gained once."""
    u = s.units[uid]
    seat = u.ctrl
    terrain = stats.active_terrain_card(s, seat)
    old = u.xp
    u.xp += amount
    say(events, "xp", f"{s.name(uid)} gains {amount} XP (total {u.xp}).", uid=uid)
    if terrain is None:
        s.pending_xp.append([uid, amount])  # no terrain: the player picks +5 ATK or +5 DEF
        return
    for step in terrain.xp_tree[old:u.xp]:
        apply_xp_step(s, uid, step, events)


def apply_xp_step(s: TerreneState, uid: int, step: dict[str, Any], events: list[Event]) -> None:
    u = s.units[uid]
    seat = u.ctrl
    parts = []
    if "atk" in step:
        u.atk += step["atk"]
        parts.append(f"+{step['atk']} ATK")
    if "def" in step:
        u.def_ += step["def"]
        parts.append(f"+{step['def']} DEF")
    if "heal" in step:
        u.dmg = max(0, u.dmg - step["heal"])
        parts.append(f"heals {step['heal']}")
    if "ability" in step:
        u.gained[step["ability"]] = ("permanent", s.turn)
        parts.append(step["ability"].replace("_", " ").title())
    if "level" in step:
        u.lv += step["level"]
        parts.append(f"LV {u.lv}")
    if "actions" in step:
        s.actions[seat] += step["actions"]
        parts.append(f"+{step['actions']} action")
    say(events, "level", f"{s.name(uid)}: {', '.join(parts) or 'no gain'}.", uid=uid)
    if "draw" in step:
        draw(s, seat, step["draw"], events)


# ---- drawing ------------------------------------------------------------------------
def draw(s: TerreneState, seat: int, count: int, events: list[Event],
         draw_phase: bool = False) -> None:
    """Draw cards. Decking out: a Draw Phase that finds the deck empty costs 1 SP (0 SP
    loses the game); a card effect's draw from an empty deck draws nothing and costs
    nothing."""
    for _ in range(count):
        deck = s.zones["deck"][seat]
        if not deck:
            if draw_phase:
                s.sp_limit[seat] -= 1
                say(events, "deck_out", f"{s.player_name(seat)} cannot draw and loses 1 SP "
                    f"(now {s.sp_limit[seat]}).", seat=seat)
            else:
                say(events, "no_draw", f"{s.player_name(seat)}'s deck is empty: "
                    "nothing is drawn.", seat=seat)
            return
        uid = deck.pop(0)
        s.zones["hand"][seat].append(uid)
        events.append(event("draw", f"{s.player_name(seat)} draws a card.", {"seat": seat}))
        events.append(event("draw_private", f"You draw {s.name(uid)}.", {"uid": uid}, (seat,)))


# ---- running an ability's effects ---------------------------------------------------
def targets_for(s: TerreneState, link: Link, to: str) -> list[int]:
    """The characters an effect reaches now (hidden or departed ones are skipped)."""
    seat = link.seat
    picks: list[int | None]
    if to == "self":
        picks = [link.source]
    elif to in ("target", "attacker", "blocker"):
        picks = [getattr(link, to)]
    elif to == "all_enemies":
        picks = list(stats.enemy_units(s, seat))
    elif to == "all_allies":
        picks = list(stats.team_units(s, seat))
    else:
        raise ValueError(f"unknown effect target {to!r}")
    return [uid for uid in picks if uid is not None and in_play(s, uid) and s.units[uid].up]


def _targets(s: TerreneState, link: Link, e: dict[str, Any], default: str
             ) -> list[int]:
    """An effect's characters, narrowed to one class when the effect says so."""
    picks = targets_for(s, link, e.get("to", default))
    if "class" in e:
        picks = [uid for uid in picks if s.card(uid).cls == e["class"]]
    return picks


def run_effects(s: TerreneState, link: Link, events: list[Event]) -> None:
    for effect in ability_of(s, link).effects:
        if effect.get("if_storm"):
            terrain = stats.active_terrain_card(s, link.seat)
            if terrain is None or not terrain.storm:
                say(events, "no_storm", "No Storm is active: that part does nothing.")
                continue
        OPS[effect["op"]](s, link, effect, events)
        if s.scores is not None:
            return


def _until(effect: dict[str, Any]) -> str:
    return effect.get("until", "end_of_turn")


def op_damage(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    """Effect damage; ``per_level`` adds that much per caster LV above 1 (spells)."""
    by = link.source if in_play(s, link.source) else None
    amount = e["amount"]
    if by is not None:
        amount += e.get("per_level", 0) * max(0, s.units[by].lv - 1)
    for uid in _targets(s, link, e, "target"):
        if in_play(s, uid):
            damage_character(s, uid, amount, events, stab=e.get("stab", False),
                             battle=False, by=by)


def op_player_damage(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    seat = link.seat if e.get("to") == "you" else s.enemies(link.seat)[0]
    damage_team(s, seat, e["amount"], events, "effect")


def op_heal(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    for uid in _targets(s, link, e, "target"):
        u = s.units[uid]
        u.dmg = max(0, u.dmg - e["amount"])
        say(events, "heal", f"{s.name(uid)} heals {e['amount']}.", uid=uid)


def op_heal_player(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    heal_team(s, link.seat, e["amount"], events)


def op_status(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    for uid in _targets(s, link, e, "target"):
        if e["status"] == "stun" and stats.has(s, uid, "immune_stun"):
            say(events, "immune", f"{s.name(uid)} is immune to Stun.", uid=uid)
            continue
        s.units[uid].status[e["status"]] = (_until(e), s.turn)
        say(events, "status", f"{s.name(uid)} gains {e['status'].title()}.", uid=uid)


def op_gain(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    for uid in _targets(s, link, e, "target"):
        s.units[uid].gained[e["ability"]] = (_until(e), s.turn)
        say(events, "gain", f"{s.name(uid)} gains {e['ability'].replace('_', ' ').title()}.",
            uid=uid)


def op_buff(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    for uid in _targets(s, link, e, "target"):
        u = s.units[uid]
        for stat in ("atk", "def"):
            if stat not in e:
                continue
            if _until(e) == "permanent":
                if stat == "atk":
                    u.atk += e[stat]
                else:
                    u.def_ += e[stat]
            else:
                u.mods.append((stat, e[stat], _until(e), s.turn))
            say(events, "buff", f"{s.name(uid)} {e[stat]:+d} {stat.upper()}.", uid=uid)


def op_draw(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    draw(s, link.seat, e["amount"], events)


def op_actions(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    s.actions[link.seat] += e["amount"]
    say(events, "actions", f"{s.player_name(link.seat)} gains {e['amount']} action(s).")


def op_negate(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    """Negate the nearest card effect or attack below (a player action is neither)."""
    for other in reversed(s.chain):
        if not other.negated and other.kind != "action":
            other.negated = True
            say(events, "negate", f"{other.label} is negated.")
            return


def op_steal_assigned(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    seat = link.seat
    for uid in _targets(s, link, e, "target"):
        card = s.units[uid].card
        if card is None or s.units[uid].card_up and s.card(card).subtype == "ongoing":
            continue
        s.units[uid].card, s.units[uid].card_up = None, False
        s.zones["hand"][seat].append(card)
        say(events, "steal", f"{s.player_name(seat)} steals {s.name(uid)}'s assigned card.",
            uid=card)
        if any("draw_on_steal" in stats.ongoing_statics(s, u) for u in s.party[seat]):
            draw(s, seat, 1, events)


def op_discard_assigned(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    for uid in _targets(s, link, e, "target"):
        discard_assigned(s, uid, events)


def op_discard_hand_item(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    seat = link.seat
    card = link.target
    if card is not None and card in s.zones["hand"][seat]:
        s.zones["hand"][seat].remove(card)
        s.zones["discard"][seat].append(card)
        say(events, "discard", f"{s.player_name(seat)} discards {s.name(card)}.", uid=card)


def op_recover_item(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    seat = link.seat
    card = link.target
    if card is not None and card in s.zones["discard"][seat]:
        s.zones["discard"][seat].remove(card)
        s.zones["hand"][seat].append(card)
        say(events, "recover", f"{s.player_name(seat)} returns {s.name(card)} to hand.",
            uid=card)


def _fetch(s: TerreneState, seat: int, wanted: str, is_wanted, events: list[Event]) -> None:
    """Reveal from the top of ``seat``'s deck until a card ``is_wanted``: it goes to hand,
    the cards revealed before it go to the bottom."""
    deck = s.zones["deck"][seat]
    for i, uid in enumerate(deck):
        if is_wanted(s.card(uid)):
            s.zones["deck"][seat] = deck[i + 1:] + deck[:i]
            s.zones["hand"][seat].append(uid)
            say(events, "reveal", f"{s.player_name(seat)} reveals {s.name(uid)} and takes it.",
                uid=uid)
            return
    say(events, "reveal", f"{s.player_name(seat)} finds no {wanted}.")


def op_fetch_character(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    """Reveal from the top until a character: it goes to hand, the rest to the bottom."""
    _fetch(s, link.seat, "character", lambda card: card.is_character, events)


def op_fetch_spell(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    """Reveal from the top until a spell: it goes to hand, the rest to the bottom."""
    _fetch(s, link.seat, "spell", lambda card: card.subtype == "spell", events)


def op_return_to_hand(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    for uid in _targets(s, link, e, "target"):
        say(events, "return", f"{s.name(uid)} returns to its owner's hand.", uid=uid)
        leave_play(s, uid, to="hand")


def op_xp(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    for uid in _targets(s, link, e, "self"):
        gain_xp(s, uid, e["amount"], events)


def op_token(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    seat = link.seat
    uid = len(s.cards)
    s.cards.append(e["token"])
    s.owner = (*s.owner, seat)
    s.units[uid] = stats.new_unit(seat, True, cards()[e["token"]].lv)
    s.party[seat].append(uid)
    say(events, "token", f"{s.player_name(seat)} creates {s.name(uid)}.", uid=uid)


def op_critical(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    for uid in _targets(s, link, e, "self"):
        s.units[uid].mods.append(("crit", 1, _until(e), s.turn))
        say(events, "critical", f"{s.name(uid)}'s overkill damage is doubled this turn.",
            uid=uid)


def op_hide(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    """Flip a character face-down (never during battle); it keeps damage and statuses."""
    if s.battle is not None:
        say(events, "no_hide", "A character cannot be hidden during battle.")
        return
    for uid in _targets(s, link, e, "target"):
        s.units[uid].up = False
        s.units[uid].known = True  # every player saw which card was flipped face-down
        say(events, "hide", f"{s.name(uid)} is hidden.", uid=uid)


def op_taunt(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    """The source will block the attack on the chain (if it still can when blocks are made)."""
    source = link.source
    if s.battle is not None and source is not None and in_play(s, source):
        s.battle.taunt = source
        say(events, "taunt", f"{s.name(source)} draws the attack.")


def _reveal(s: TerreneState, uid: int, events: list[Event]) -> None:
    s.units[uid].up = True
    say(events, "reveal", f"{s.name(uid)} is flipped face-up.", uid=uid)
    chain.fire_recruited(s, uid, events)


def op_reveal(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    uid = link.target
    if uid is not None and in_play(s, uid) and not s.units[uid].up:
        _reveal(s, uid, events)


def op_reveal_all(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    for q in s.enemies(link.seat):
        for uid in list(s.party[q]):
            if in_play(s, uid) and not s.units[uid].up:
                _reveal(s, uid, events)


def op_defeat(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    by = link.source if in_play(s, link.source) else None
    for uid in _targets(s, link, e, "target"):
        defeat(s, uid, by, events)


def op_consume(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    """The source absorbs an allied character: it leaves play, the source gains its XP + 1."""
    source = link.source
    for uid in _targets(s, link, e, "target"):
        if uid == source or source is None or not in_play(s, source):
            continue
        gained = s.units[uid].xp + 1
        say(events, "consume", f"{s.name(source)} consumes {s.name(uid)}.", uid=uid)
        leave_play(s, uid, to="discard")
        gain_xp(s, source, gained, events)


def op_borrow(s: TerreneState, link: Link, e: dict, events: list[Event]) -> None:
    """The source takes on the printed abilities of the character it just defeated."""
    source, taken = link.source, link.target_card
    if source is not None and in_play(s, source) and taken and not cards()[taken].token:
        s.units[source].borrowed = taken
        say(events, "borrow", f"{s.name(source)} takes on the abilities of "
            f"{cards()[taken].name}.", uid=source)


OPS = {
    "damage": op_damage, "player_damage": op_player_damage, "heal": op_heal,
    "heal_player": op_heal_player, "status": op_status, "gain": op_gain, "buff": op_buff,
    "draw": op_draw, "actions": op_actions, "negate": op_negate,
    "steal_assigned": op_steal_assigned, "discard_assigned": op_discard_assigned,
    "discard_hand_item": op_discard_hand_item, "recover_item": op_recover_item,
    "fetch_character": op_fetch_character, "return_to_hand": op_return_to_hand, "xp": op_xp,
    "token": op_token, "critical": op_critical, "hide": op_hide, "taunt": op_taunt,
    "reveal": op_reveal, "reveal_all": op_reveal_all, "defeat": op_defeat,
    "consume": op_consume, "borrow": op_borrow, "fetch_spell": op_fetch_spell,
}
