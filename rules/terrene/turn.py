"""Turn flow and player actions: setup, restock, command, draw, action and end phases."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import rules.terrene.battle as battle
import rules.terrene.chain as chain
import rules.terrene.effects as effects
import rules.terrene.sets as sets
import rules.terrene.stats as stats
from rules.core import CHANCE, Action, Event
from rules.terrene.howto import event
from rules.terrene.kinds import Act, Ask, Phase
from rules.terrene.model import FLOW, ChooseFirst, Frame, Link, Oversupply, Unit, XpAssign, XpChoice
from rules.terrene.party import advance_party, apply_party, char_label, party_actions

if TYPE_CHECKING:
    from rules.terrene.state import TerreneState

NO_TERRAIN_ACTIONS = 4  # draft handicap: no terrain gives 4 actions


# ---- setup ----------------------------------------------------------------------------
def apply_shuffle(s: TerreneState, seed: int, events: list[Event]) -> None:
    """One chance outcome shuffles every deck; then terrains flip and the first turn begins."""
    rng = random.Random(seed)
    for seat in range(s.n):
        rng.shuffle(s.zones["deck"][seat])
    events.append(event("shuffle", "Every player shuffles their deck."))
    for seat in range(s.n):
        uid = s.active_terrain[seat]
        text = f"{s.player_name(seat)} reveals {s.name(uid)}." if uid is not None else (
            f"{s.player_name(seat)} has no terrain.")
        events.append(event("terrain", text, {"seat": seat}))
    s.phase = Phase.PLAY
    begin_turn(s, s.first, events)


# ---- the turn -------------------------------------------------------------------------
def terrain_actions(s: TerreneState, seat: int) -> int:
    terrain = stats.active_terrain_card(s, seat)
    return terrain.actions if terrain is not None else NO_TERRAIN_ACTIONS


def begin_turn(s: TerreneState, seat: int, events: list[Event]) -> None:
    """Restock (unspent actions are lost), expire 'until your next turn', Command phase."""
    s.active = seat
    s.turn += 1
    s.turns_taken[seat] += 1
    s.actions[seat] = terrain_actions(s, seat)
    if s.n == 2 and s.turn == 2:
        s.actions[seat] += 1  # the 2nd turn player's extra action on their first turn
    s.switched = s.traded = False
    s.used_turn = []
    for u in s.units.values():
        u.attacked = False
        u.resourceful_used = False
        if u.ctrl == seat:
            u.decay = 0
            _expire(u, lambda until, _t: until == "start_of_next_turn")
    events.append(event("turn", f"Turn {s.turn}: {s.player_name(seat)} "
                        f"({s.actions[seat]} actions).", {"seat": seat}))
    for uid in list(s.party[seat]):
        chain.fire_auto(s, uid, "start_of_turn", events)  # "at the start of your turn"
    s.step = "draw"


def _expire(u: Unit, gone: Callable[[str, int], bool]) -> None:
    u.mods = [m for m in u.mods if not gone(m[2], m[3])]
    u.status = {k: v for k, v in u.status.items() if not gone(v[0], v[1])}
    u.gained = {k: v for k, v in u.gained.items() if not gone(v[0], v[1])}


def draw_phase(s: TerreneState, events: list[Event]) -> None:
    seat = s.active
    count = 1 + s.draw_bonus[seat]
    s.draw_bonus[seat] = 0
    effects.draw(s, seat, count, events, draw_phase=True)
    s.step = "action"


def end_turn(s: TerreneState, events: list[Event]) -> None:
    """End phase: 'until end of turn' expires; the next player in order begins."""
    seat, now = s.active, s.turn
    for u in s.units.values():
        _expire(u, lambda until, _t: until == "end_of_turn")
        if u.ctrl == seat:
            _expire(u, lambda until, t: until == "end_of_next_turn" and t < now)
    events.append(event("end_turn", f"{s.player_name(seat)} ends their turn."))
    begin_turn(s, s.next_seat(seat), events)


def check_end(s: TerreneState, events: list[Event]) -> None:
    """A team loses at 0 HP, with no characters, or at 0 SP; if all lose, all win (a tie)."""
    if s.phase != Phase.PLAY or s.scores is not None:
        return
    lost = set()
    for team in range(2):
        seats = [q for q in range(s.n) if s.team(q) == team]
        if s.hp[team] <= 0:
            lost.add(team)
        elif not any(s.party[q] for q in seats):
            lost.add(team)
        elif any(s.sp_limit[q] <= 0 for q in seats):
            lost.add(team)
    if not lost:
        return
    if len(lost) == 2:
        finish(s, [1.0] * s.n, "a tie: both sides fall at once, so both win", events)
    else:
        finish(s, [0.0 if s.team(q) in lost else 1.0 for q in range(s.n)],
               _loss_reason(s, lost.pop()), events)


def _loss_reason(s: TerreneState, team: int) -> str:
    seats = [q for q in range(s.n) if s.team(q) == team]
    names = " and ".join(s.player_name(q) for q in seats)
    if s.hp[team] <= 0:
        return f"{names} reached 0 HP"
    if any(s.sp_limit[q] <= 0 for q in seats):
        return f"{names} decked out to 0 SP"
    verb = "have" if len(seats) > 1 else "has"  # a deck's name is singular, a team plural
    return f"{names} {verb} no characters left"


def finish(s: TerreneState, scores: list[float], reason: str, events: list[Event]) -> None:
    """A game ends; in a set, the next game follows until a side has two wins."""
    if sets.game_over(s, scores, reason, events):
        return
    if s.set_mode:
        scores, reason = sets.set_result(s)
    s.scores, s.reason, s.phase = scores, reason, Phase.OVER
    s.chain, s.prompt, s.battle = [], None, None
    events.append(event("game_over", f"Game over: {reason}."))


def settle(s: TerreneState, events: list[Event]) -> None:
    """Run everything nobody decides: forced dismissals, auto-passes, resolution, draws."""
    while True:
        check_end(s, events)
        if s.phase != Phase.PLAY or s.prompt is not None:
            return
        if _ask_xp_choice(s):
            return
        over = next((q for q in s.seat_order(s.active) if stats.oversupplied(s, q)), None)
        if over is not None:
            s.prompt = Oversupply(over)
            return
        if s.chain:
            seat = s.priority if s.priority is not None else s.active
            if not s.autopass or use_actions(s, seat, in_response=True):
                return  # the seat has priority (Pass, or a response, to choose)
            chain.pass_priority(s, events)  # a search copy: a forced pass is taken at once
            continue
        if s.step == "draw":
            draw_phase(s, events)
            continue
        return


def _ask_xp_choice(s: TerreneState) -> bool:
    """XP to assign (XP Ownership), then, without a terrain, each XP gained is +5 ATK or
    +5 DEF, chosen by its controller."""
    while s.pending_assign:
        by, amount, seat = s.pending_assign.pop(0)
        if stats.recruited(s, seat):
            s.prompt = XpAssign(seat, by=by, amount=amount)
            return True
    while s.pending_xp:
        uid, left = s.pending_xp.pop(0)
        if uid in s.units:
            s.prompt = XpChoice(s.units[uid].ctrl, uid=uid, left=left)
            return True
    return False


def _assign_xp(s: TerreneState, _p: int, a: Action, events: list[Event]) -> None:
    assert isinstance(s.prompt, XpAssign)
    amount = s.prompt.amount
    s.prompt = None
    effects.gain_xp(s, a.args[0], amount, events)


def _xp_choice(s: TerreneState, _p: int, a: Action, events: list[Event]) -> None:
    asked = s.prompt
    assert isinstance(asked, XpChoice)
    effects.apply_xp_step(s, asked.uid, {"atk": 5} if a.kind == Act.XP_ATK else {"def": 5},
                          events)
    s.prompt = XpChoice(asked.seat, uid=asked.uid, left=asked.left - 1) if asked.left > 1 \
        else None


# ---- legal actions ----------------------------------------------------------------------
def legal_actions(s: TerreneState, player: int) -> list[Action]:
    d = s.decision()
    if d.is_terminal or player not in d.players:
        return []
    if player == CHANCE:
        if s.phase == Phase.COIN:
            return [Action(Act.COIN, (q,), f"{s.player_name(q)} goes first") for q in range(2)]
        return [Action(Act.SHUFFLE, (0,), "Shuffle the decks")]
    if s.phase == Phase.PARTY:
        return party_actions(s, player)
    if s.pending:
        return s.pending.actions(s, player)
    return turn_actions(s, player)


def frame_actions(s: TerreneState, frame: Frame) -> list[Action]:
    """What the decider of a waiting frame may do: at a link, a response or Pass; at a
    question, its answers."""
    if isinstance(frame, Link):
        seat = frame.decider(s)
        return [*use_actions(s, seat, in_response=True),
                Action(Act.PASS, (), "Pass (let the chain resolve)")]
    if isinstance(frame, ChooseFirst):
        return sets.choose_first_actions(s)
    return prompt_actions(s, frame.decider(s))


def frame_resolves(s: TerreneState, frame: Frame, action: Action) -> list[Event]:
    """The decider's answer to the waiting frame, applied by its handler."""
    events: list[Event] = []
    HANDLERS[action.kind](s, frame.decider(s), action, events)
    return events


def prompt_actions(s: TerreneState, seat: int) -> list[Action]:
    asked = s.prompt
    assert asked is not None
    kind = asked.kind
    if kind == Ask.BLOCK:
        out = [Action(Act.BLOCK, (u,), f"Block with {s.name(u)} (DEF {stats.defense(s, u)}, "
                      f"{stats.hp(s, u) - s.units[u].dmg} HP left)")
               for u in s.party[seat] if battle.can_block(s, u)]
        atk = stats.atk(s, s.battle.attacker) if s.battle else 0
        return [*out, Action(Act.NO_BLOCK, (), f"Do not block (take {atk} damage)")]
    if isinstance(asked, XpAssign):
        by, amount = asked.by, asked.amount
        order = sorted(stats.recruited(s, seat), key=lambda u: u != by)
        return [Action(Act.ASSIGN_XP, (u,), f"{s.name(u)} gains the {amount} XP"
                       + (" (it made the defeat)" if u == by else "")) for u in order]
    if isinstance(asked, XpChoice):
        who = s.name(asked.uid)
        return [Action(Act.XP_ATK, (), f"{who} gains +5 ATK (no terrain)"),
                Action(Act.XP_DEF, (), f"{who} gains +5 DEF (no terrain)")]
    if kind == Ask.SLOW:
        out = [Action(Act.SLOW_CANCEL, (), "Let the slowed attack be cancelled")]
        if s.actions[seat] >= 1:
            out.insert(0, Action(Act.SLOW_PAY, (), "Pay 1 more action to keep attacking (Slow)"))
        return out
    return [Action(Act.DISMISS, (u,), f"Dismiss {_unit_label(s, u)} (oversupply)")
            for u in s.party[seat]]


def _who(s: TerreneState, uid: int) -> str:
    return s.name(uid) + ("" if s.units[uid].up else " (hidden)")


def _unit_label(s: TerreneState, uid: int) -> str:
    dmg = s.units[uid].dmg
    hidden = "" if s.units[uid].up else " (hidden)"
    return f"{s.name(uid)}{hidden}" + (f", take {dmg} damage" if dmg else "")


def targets(s: TerreneState, seat: int, kind: str) -> list[int | None]:
    if kind == "none":
        return [None]
    if kind == "enemy_char":
        return list(stats.enemy_units(s, seat))
    if kind == "ally_char":
        return list(stats.team_units(s, seat))
    if kind == "any_char":
        return [*stats.team_units(s, seat), *stats.enemy_units(s, seat)]
    if kind == "hidden_enemy":
        return [u for q in s.enemies(seat) for u in s.party[q] if not s.units[u].up]
    zone = "hand" if kind == "hand_item" else "discard"
    return [u for u in s.zones[zone][seat] if s.cards[u] is not None and s.card(u).kind == "item"]


def use_actions(s: TerreneState, seat: int, in_response: bool) -> list[Action]:
    out = []
    for card_uid, index, source in chain.usable(s, seat, in_response):
        card = s.card(card_uid)
        ability = stats.ability_at(s, card_uid, index)
        cost = chain.cost_of(s, seat, card, ability, source)
        who = f" ({s.name(source)})" if source is not None and source != card_uid else ""
        for target in targets(s, seat, ability.target):
            aim = f" on {s.name(target)}" if target is not None else ""
            label = f"{card.name}{who}: {ability.name}{aim} ({cost} action{'s' * (cost != 1)})"
            out.append(Action(Act.USE, (card_uid, index, -1 if target is None else target), label))
    return out


def turn_actions(s: TerreneState, seat: int) -> list[Action]:
    out: list[Action] = []
    out += _recruit_actions(s, seat)
    out += _attack_actions(s, seat)
    out += use_actions(s, seat, in_response=False)
    out += _assign_actions(s, seat)
    out += _terrain_actions(s, seat)
    out += _trade_actions(s, seat)
    for uid in s.party[seat]:
        out.append(Action(Act.DISMISS, (uid,), f"Dismiss {_unit_label(s, uid)}"))
        held = s.units[uid].card
        if held is not None:
            out.append(Action(Act.DISMISS_CARD, (uid,),
                              f"Dismiss {s.name(uid)}'s card {s.name(held)}"))
    out.append(Action(Act.RUN, (), "Run (concede this game)"))
    out.append(Action(Act.END_TURN, (), "End turn"))
    return out


def _controlled_names(s: TerreneState, seat: int) -> set[str]:
    return {s.card(u).name for u in s.party[seat] if not s.card(u).token}


def _recruit_actions(s: TerreneState, seat: int) -> list[Action]:
    out = []
    names = _controlled_names(s, seat)
    if s.actions[seat] >= 1:
        for uid in s.party[seat]:
            if not s.units[uid].up:
                out.append(Action(Act.RECRUIT, (uid,), f"Recruit {char_label(s, uid)} "
                                  "(flip face-up, 1 action)"))
    for uid in s.zones["hand"][seat]:
        card = s.card(uid)
        if not card.is_character or card.name in names:
            continue
        if s.actions[seat] >= 1:
            out.append(Action(Act.RECRUIT, (uid,), f"Recruit {char_label(s, uid)} from hand "
                              "(1 action)"))
        out.append(Action(Act.HIDE, (uid,), f"Hide {card.name} face-down (1 SP, free)"))
    return out


def _attack_actions(s: TerreneState, seat: int) -> list[Action]:
    if s.turn <= 1:
        return []  # nobody attacks on the very first turn of the game
    out = []
    for uid in stats.recruited(s, seat):
        u = s.units[uid]
        cost = battle.attack_cost(s, uid)
        if u.attacked or "stun" in u.status or s.actions[seat] < cost:
            continue
        power = stats.atk(s, uid)
        if stats.has(s, uid, "unblockable"):
            foe = s.enemies(seat)[0]
            out.append(Action(Act.ATTACK, (uid, -1), f"Direct attack: {s.name(uid)} hits "
                              f"{s.player_name(foe)} (ATK {power}, {cost} action)"))
            out += [Action(Act.ATTACK, (uid, t), f"Direct attack: {s.name(uid)} hits {s.name(t)} "
                           f"(ATK {power}, {cost} action)") for t in stats.enemy_units(s, seat)]
        else:
            out.append(Action(Act.ATTACK, (uid, -1), f"Attack with {s.name(uid)} (ATK {power}, "
                              f"{cost} action{'s' * (cost != 1)})"))
    return out


def _assign_actions(s: TerreneState, seat: int) -> list[Action]:
    free = [u for u in s.party[seat] if s.units[u].card is None]
    out = []
    for card in s.zones["hand"][seat]:
        if s.card(card).is_assignable:
            out += [Action(Act.ASSIGN, (card, u), f"Assign {s.name(card)} to "
                           f"{_who(s, u)} (face-down)") for u in free]
    return out


def _terrain_actions(s: TerreneState, seat: int) -> list[Action]:
    if s.switched:
        return []
    out = [Action(Act.TERRAIN, (u,), f"Play terrain {s.name(u)} from hand")
           for u in s.zones["hand"][seat] if s.card(u).kind == "terrain"]
    out += [Action(Act.TERRAIN, (u,), f"Switch to terrain {s.name(u)}")
            for u in s.zones["terrains"][seat] if u != s.active_terrain[seat]]
    return out


def _tradeable(s: TerreneState, uid: int) -> bool:
    return not s.units[uid].card_up


def _trade_actions(s: TerreneState, seat: int) -> list[Action]:
    if s.traded:
        return []
    units = [u for u in stats.team_units(s, seat, face_up=False) if _tradeable(s, u)]
    out = []
    for i, a in enumerate(units):
        for b in units[i + 1:]:
            if s.units[a].card is None and s.units[b].card is None:
                continue
            out.append(Action(Act.TRADE, (a, b), f"Trade face-down cards between "
                              f"{_who(s, a)} and {_who(s, b)}"))
    return out


# ---- applying ---------------------------------------------------------------------------
#: Player actions that go on the chain (Priority, The Chain): once a player takes one, the
#: others get priority and may answer it with quick abilities before it resolves. Attacks
#: and abilities have links of their own; oversupply's forced dismissal is a gameplay rule,
#: not a player action, so it resolves at once and cannot be answered.
CHAINED = (Act.RECRUIT, Act.HIDE, Act.ASSIGN, Act.TERRAIN, Act.TRADE, Act.DISMISS, Act.DISMISS_CARD)


def apply_action(s: TerreneState, player: int, action: Action) -> list[Event]:
    events: list[Event] = []
    if s.pending:
        events = s.pending.apply(s, action)  # the waiting frame's decider answers it
    elif action.kind in CHAINED:
        _declare(s, player, action, events)
    else:
        HANDLERS[action.kind](s, player, action, events)
    settle(s, events)
    return events


def _declare(s: TerreneState, p: int, a: Action, events: list[Event]) -> None:
    """Pay for a player action and put it on the chain; priority passes to the next
    player. What it does happens when the link resolves."""
    shown = None  # a card the action reveals to everyone (it stays known while waiting)
    if a.kind == Act.RECRUIT:
        s.actions[p] -= 1
        shown = a.args[0]
    elif a.kind == Act.TERRAIN:
        s.switched = True
        shown = a.args[0]
    elif a.kind == Act.TRADE:
        s.traded = True
    link = chain.new_link(s, "action", p, _action_label(s, p, a), act=a.kind,
                          args=tuple(a.args), card=shown)
    chain.push(s, link, events, adder=p)


def _public(s: TerreneState, uid: int) -> str:
    """A character as every player sees it: its name, or that it is face-down."""
    return s.name(uid) if s.units[uid].up else "a face-down character"


def _action_label(s: TerreneState, p: int, a: Action) -> str:
    who = s.player_name(p)
    x = a.args[0]
    if a.kind == Act.RECRUIT:
        return f"{who} recruits {s.name(x)}"
    if a.kind == Act.HIDE:
        return f"{who} plays a character face-down"
    if a.kind == Act.ASSIGN:
        return f"{who} assigns a card face-down to {_public(s, a.args[1])}"
    if a.kind == Act.TERRAIN:
        return f"{who} makes {s.name(x)} the active terrain"
    if a.kind == Act.TRADE:
        return f"{who} trades the face-down cards of {_public(s, x)} and {_public(s, a.args[1])}"
    if a.kind == Act.DISMISS:
        return f"{who} dismisses {_public(s, x)}"
    return f"{who} dismisses the card assigned to {_public(s, x)}"


def resolve_action(s: TerreneState, link: Link, events: list[Event]) -> None:
    """A player action's link resolves: it happens if it still can (a response may have
    taken away what it needed), else nothing happens (what was paid stays paid)."""
    assert link.act is not None and link.args is not None, "an action's link names it"
    p, action = link.seat, Action(link.act, link.args)
    if not _still_possible(s, p, action):
        events.append(event("fizzle", f"{link.label}: no longer possible, nothing "
                            "happens."))
        return
    HANDLERS[action.kind](s, p, action, events)


def _still_possible(s: TerreneState, p: int, a: Action) -> bool:
    kind, x = a.kind, a.args[0]
    hand = s.zones["hand"][p]
    if kind == Act.RECRUIT and x not in hand:
        return x in s.party[p] and not s.units[x].up
    if kind in (Act.RECRUIT, Act.HIDE):
        return x in hand and s.card(x).name not in _controlled_names(s, p)
    if kind == Act.ASSIGN:
        holder = a.args[1]
        return x in hand and holder in s.party[p] and s.units[holder].card is None
    if kind == Act.TERRAIN:
        return x in hand or x in s.zones["terrains"][p]
    if kind == Act.TRADE:
        mine = stats.team_units(s, p, face_up=False)
        return all(u in mine and _tradeable(s, u) for u in a.args)
    if kind == Act.DISMISS:
        return x in s.party[p]
    return x in s.party[p] and s.units[x].card is not None


def _coin(s: TerreneState, _p: int, a: Action, events: list[Event]) -> None:
    s.first = a.args[0]
    events.append(event("coin", f"The coin says {s.player_name(s.first)} goes first."))
    s.phase = Phase.PARTY
    advance_party(s, events)


def _shuffle(s: TerreneState, _p: int, a: Action, events: list[Event]) -> None:
    apply_shuffle(s, a.args[0], events)


def _party(s: TerreneState, p: int, a: Action, events: list[Event]) -> None:
    apply_party(s, p, a, events)


def _recruit(s: TerreneState, p: int, a: Action, events: list[Event]) -> None:
    """(Resolving) the action was paid when it went on the chain."""
    uid = a.args[0]
    if uid in s.zones["hand"][p]:
        s.zones["hand"][p].remove(uid)
        s.party[p].append(uid)
        s.units[uid] = stats.new_unit(p, True, s.card(uid).lv)
    else:
        s.units[uid].up = True
    events.append(event("recruit", f"{s.player_name(p)} recruits {s.name(uid)}.", {"uid": uid}))
    chain.fire_recruited(s, uid, events)


def _hide(s: TerreneState, p: int, a: Action, events: list[Event]) -> None:
    uid = a.args[0]
    s.zones["hand"][p].remove(uid)
    s.party[p].append(uid)
    s.units[uid] = stats.new_unit(p, False, s.card(uid).lv)
    events.append(event("hide", f"{s.player_name(p)} plays a character face-down."))


def _attack(s: TerreneState, p: int, a: Action, events: list[Event]) -> None:
    uid, target = a.args
    battle.declare(s, p, uid, None if target == -1 else target, events)


def _use(s: TerreneState, p: int, a: Action, events: list[Event]) -> None:
    card_uid, index, target = a.args
    card = s.card(card_uid)
    ability = stats.ability_at(s, card_uid, index)
    source = _source_of(s, card_uid)
    cost = chain.cost_of(s, p, card, ability, source)
    if card.is_assignable and source is not None:
        if cost < ability.cost:
            s.units[source].resourceful_used = True
        s.units[source].card_up = True
        events.append(event("activate", f"{s.name(source)} reveals and activates "
                            f"{card.name}.", {"uid": card_uid}))
    s.actions[p] -= cost
    key = chain.ability_key(card_uid, index)
    s.used_chain.append(key)
    if ability.once_per_turn:
        s.used_turn.append(key)
    ctx = chain.condition_context(s, p, ability, source) or {}
    who = f"{s.name(source)}: " if source is not None and source != card_uid else ""
    link = chain.new_link(
        s, "ability", p, f"{who}{card.name} — {ability.name}", source=source, card=card_uid,
        index=index, target=None if target == -1 else target,
        attacker=ctx.get("attacker"), blocker=ctx.get("blocker"),
    )
    chain.push(s, link, events, adder=p)
    if ability.speed == "interdimensional":
        chain.resolve_top(s, events)  # resolves the moment it is added
        if s.chain:
            s.last_adder, s.priority, s.passes = p, s.next_seat(p), 0


def _source_of(s: TerreneState, card_uid: int) -> int | None:
    """The character using an ability: itself, the holder of an assigned card, or none."""
    if card_uid in s.units:
        return card_uid
    for uid, u in s.units.items():
        if u.card == card_uid:
            return uid
    return None


def _pass(s: TerreneState, _p: int, _a: Action, events: list[Event]) -> None:
    chain.pass_priority(s, events)


def _block(s: TerreneState, p: int, a: Action, events: list[Event]) -> None:
    battle.choose_block(s, p, a.args[0] if a.kind == Act.BLOCK else None, events)


def _slow(s: TerreneState, _p: int, a: Action, events: list[Event]) -> None:
    battle.pay_for_slow(s, a.kind == Act.SLOW_PAY, events)


def _assign(s: TerreneState, p: int, a: Action, events: list[Event]) -> None:
    card, uid = a.args
    s.zones["hand"][p].remove(card)
    s.units[uid].card, s.units[uid].card_up = card, False
    events.append(event("assign", f"{s.player_name(p)} assigns a card face-down to "
                        f"{s.name(uid) if s.units[uid].up else 'a hidden character'}."))


def _terrain(s: TerreneState, p: int, a: Action, events: list[Event]) -> None:
    uid = a.args[0]
    if uid in s.zones["hand"][p]:
        s.zones["hand"][p].remove(uid)
        s.zones["terrains"][p].append(uid)
    s.active_terrain[p] = uid
    s.switched = True
    events.append(event("terrain", f"{s.player_name(p)}'s terrain is now {s.name(uid)}."))


def _trade(s: TerreneState, _p: int, a: Action, events: list[Event]) -> None:
    x, y = a.args
    ux, uy = s.units[x], s.units[y]
    ux.card, uy.card = uy.card, ux.card
    s.traded = True
    events.append(event("trade", "Two allied characters trade their face-down cards."))


def _dismiss(s: TerreneState, p: int, a: Action, events: list[Event]) -> None:
    uid = a.args[0]
    if isinstance(s.prompt, Oversupply):
        s.prompt = None
    dmg = s.units[uid].dmg
    events.append(event("dismiss", f"{s.player_name(p)} dismisses {s.name(uid)}.", {"uid": uid}))
    effects.leave_play(s, uid, to="discard")
    effects.damage_team(s, p, dmg, events, "dismissal")


def _dismiss_card(s: TerreneState, _p: int, a: Action, events: list[Event]) -> None:
    effects.discard_assigned(s, a.args[0], events)


def _run(s: TerreneState, p: int, _a: Action, events: list[Event]) -> None:
    s.draw_bonus[p] = sets.RUN_BONUS_DRAWS if s.set_mode else 0
    finish(s, [1.0 if s.team(q) != s.team(p) else 0.0 for q in range(s.n)],
           f"{s.player_name(p)} ran from the battle", events)


def _end(s: TerreneState, _p: int, _a: Action, events: list[Event]) -> None:
    end_turn(s, events)


def _choose_first(s: TerreneState, p: int, a: Action, events: list[Event]) -> None:
    sets.start_next_game(s, p if a.kind == Act.GO_FIRST else s.next_seat(p), events)


HANDLERS: dict[str, Callable[[TerreneState, int, Action, list[Event]], None]] = {
    Act.COIN: _coin, Act.SHUFFLE: _shuffle, Act.OPENING: _party, Act.PICK_TERRAIN: _party,
    Act.PICK_CHARACTER: _party, Act.PICK_ASSIGNABLE: _party, Act.RECRUIT: _recruit, Act.HIDE: _hide,
    Act.ATTACK: _attack, Act.USE: _use, Act.PASS: _pass, Act.BLOCK: _block, Act.NO_BLOCK: _block,
    Act.SLOW_PAY: _slow, Act.SLOW_CANCEL: _slow, Act.ASSIGN: _assign, Act.TERRAIN: _terrain,
    Act.TRADE: _trade, Act.DISMISS: _dismiss, Act.DISMISS_CARD: _dismiss_card, Act.RUN: _run,
    Act.END_TURN: _end, Act.GO_FIRST: _choose_first, Act.GO_SECOND: _choose_first,
    Act.XP_ATK: _xp_choice, Act.XP_DEF: _xp_choice, Act.ASSIGN_XP: _assign_xp,
}

#: How each kind of chain link resolves (the chain itself knows none of these modules).
chain.RESOLVERS.update({
    "ability": effects.resolve_ability, "attack": battle.attack_resolves,
    "battle": battle.battle_resolves, "action": resolve_action,
})
#: How the waiting frames (rules/terrene/model.py) are answered.
FLOW.update({"actions": frame_actions, "resolve": frame_resolves})
