"""The course of a game: setup (initiative, draft, starting powers, shuffles, deployment) and
the four phases of a round (Orders, Movement, Action with Base Defenses and Channeled
effects, Cleanup). ``decision``/``legal_actions``/``apply`` dispatch on the phase; after every
action ``progress`` resolves what needs no decision and moves the game on.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import rules.biternia.board as board
import rules.biternia.effects as effects
import rules.biternia.traits as traits
import rules.biternia.turns as turns
from rules.biternia.content import load
from rules.biternia.effects import card_name, log, name, reveal
from rules.biternia.frames import Card, Catapult, Respawn
from rules.biternia.howto import event
from rules.biternia.kinds import Act, Ask, Phase
from rules.biternia.model import Choice, Hero, card_design, team_of_seat
from rules.core import Action, Decision, Event

if TYPE_CHECKING:
    from rules.biternia.state import BiterniaState

DRAFT_ORDER = (0, 1, 1, 0, 0, 1, 1, 0)  # rulebook: 1-2-2-2-1, 0 = the initiative team
MAX_LEVEL = 4
DEPLOY_LIMIT = 2  # rulebook: at most two Heroes per space while deploying
CLEANUP_GOLD = 2


# ---- who and what -------------------------------------------------------------------
def seats_of(s: BiterniaState, team: int) -> list[int]:
    return [p for p in range(s.num_players) if team_of_seat(p, s.num_players) == team]


def heroes_of(s: BiterniaState, team: int) -> list[str]:
    return [h for h in s.hero_order if s.heroes[h].seat % 2 == team]


def cleanup_order(s: BiterniaState) -> list[int]:
    first = s.initiative
    return sorted(range(s.num_players), key=lambda p: (p % 2 != first, p))


def draft_seat(s: BiterniaState) -> int:
    """A team's pick goes to its member with the fewest Heroes so far."""
    team = DRAFT_ORDER[s.draft_step] ^ s.initiative
    counts = {p: 0 for p in seats_of(s, team)}
    for v in s.heroes.values():
        if v.seat in counts:
            counts[v.seat] += 1
    return min(counts, key=lambda p: (counts[p], p))


def learn_seats(s: BiterniaState) -> list[int]:
    return sorted({v.seat for v in s.heroes.values() if not v.learned})


def order_seats(s: BiterniaState) -> list[int]:
    return sorted({v.seat for v in s.heroes.values()
                   if v.space is not None and v.down is None
                   and s.seats[v.seat].hand})


def decision(s: BiterniaState) -> Decision:
    if s.winner is not None:
        return Decision.terminal()
    if s.stack:
        return s.stack.decision(s)
    phase = s.phase
    if phase in (Phase.COIN, Phase.SHUFFLE, Phase.DEAL):
        return Decision.chance()
    if phase == Phase.DRAFT:
        return Decision.player(draft_seat(s))
    if phase == Phase.LEARN:
        return Decision.simultaneous(learn_seats(s))
    if phase == Phase.ORDERS:
        return Decision.simultaneous(order_seats(s))
    if phase == Phase.CLEANUP:
        return Decision.player(s.queue[0])
    return Decision.player(turns.turn_seat(s, s.turn, TURN_HEROES.get(phase)))


# ---- legal actions per phase ----------------------------------------------------------
def legal_actions(s: BiterniaState, player: int) -> list[Action]:
    if s.stack:
        return s.stack.actions(s, player)
    return PHASE_CHOICES[s.phase](s, player)


def _coin(s: BiterniaState, player: int) -> list[Action]:
    return [Action(Act.INITIATIVE, (t,), f"The {('blue', 'red')[t]} team starts with the "
                   "initiative") for t in (0, 1)]


def _draft(s: BiterniaState, player: int) -> list[Action]:
    c = load()
    return [Action(Act.DRAFT, (h,), f"Draft {c.heroes[h].full_name} ({c.heroes[h].hero_type}, "
                   f"{c.heroes[h].hp} HP)") for h in s.draft_pool]


def learnable(s: BiterniaState, hero: str, new_level: int) -> list[str]:
    """Powers not yet learned; the Ultimate (Z) only once the Hero reaches level 4."""
    known = s.heroes[hero].learned
    return [p for p in load().heroes[hero].powers
            if p not in known and (new_level >= MAX_LEVEL or not load().cards[p].ultimate)]


def _learn(s: BiterniaState, player: int) -> list[Action]:
    out = []
    for h in s.hero_order:
        v = s.heroes[h]
        if v.seat == player and not v.learned:
            out += [Action(Act.LEARN, (h, p), f"{name(h)} starts with {card_name(p)}")
                    for p in learnable(s, h, 1)]
    return out


def _deploy(s: BiterniaState, player: int) -> list[Action]:
    team = s.turn
    out = []
    for h in turns.own(s, _undeployed(s, team), player):
        for space in board.tower_spaces(team):
            if len(effects.heroes_in(s, space)) < DEPLOY_LIMIT:
                out.append(Action(Act.DEPLOY, (h, space), f"Deploy {name(h)} to {name(space)}"))
    return out + turns.hand_over_offer(s, player, _undeployed)


def distinct_hand(s: BiterniaState, seat: int) -> list[str]:
    """One card per design from a hand (identical copies are interchangeable)."""
    seen: dict[str, str] = {}
    for card in s.seats[seat].hand:
        seen.setdefault(card_design(card), card)
    return list(seen.values())


def _orders(s: BiterniaState, player: int) -> list[Action]:
    out = []
    for h in s.hero_order:
        v = s.heroes[h]
        if v.seat == player and v.space is not None and v.down is None:
            for card in distinct_hand(s, player):
                note = "" if effects.usable(h, card) else " (universal action only)"
                out.append(Action(Act.ORDER, (h, card),
                                  f"Order {name(h)}: {card_name(card)}{note}"))
    return out


def _movement(s: BiterniaState, player: int) -> list[Action]:
    out = []
    for h in turns.own(s, _unmoved(s, s.turn), player):
        v = s.heroes[h]
        if v.space is not None and v.immobile:
            out.append(Action(Act.STAND, (h,), f"{name(h)} stands up (immobilized: no move)"))
        elif v.space is not None:
            for dest in effects.walkable(s, h):
                out.append(Action(Act.MOVE, (h, dest), f"Move {name(h)} to {name(dest)}"))
        out.append(Action(Act.PASS, (h,), f"{name(h)} passes" +
                          ("" if v.space is not None else " (defeated)")))
    return out + turns.hand_over_offer(s, player, _unmoved)


def activatable(s: BiterniaState, team: int) -> list[str]:
    return [h for h in heroes_of(s, team)
            if s.heroes[h].space is not None and s.heroes[h].down is not None]


def at_catapult(s: BiterniaState, hero: str) -> bool:
    return s.catapult and s.heroes[hero].space in load().catapult["spaces"]


def _action(s: BiterniaState, player: int) -> list[Action]:
    out = []
    for h in turns.own(s, activatable(s, s.turn), player):
        card = s.heroes[h].order
        shown = card_name(card)
        if effects.usable(h, card):
            out.append(Action(Act.ACTIVATE, (h, "use"), f"{name(h)}: {shown}"))
        out.append(Action(Act.ACTIVATE, (h, "farm"), f"{name(h)}: Farm (discard {shown})"))
        out.append(Action(Act.ACTIVATE, (h, "rest"), f"{name(h)}: Rest (discard {shown})"))
        if at_catapult(s, h):
            out.append(Action(Act.ACTIVATE, (h, "hire"), f"{name(h)}: Hire the catapult "
                              f"(discard {shown})"))
    return out + turns.hand_over_offer(s, player, activatable)


def firing_structures(s: BiterniaState, team: int) -> list[str]:
    """Standing Structures of ``team`` with an enemy Hero in their space, yet to attack."""
    out = []
    for sid, hp in s.structures.items():
        if hp > 0 and board.structure_team(sid) == team and sid not in s.attacked \
                and effects.heroes_in(s, sid, 1 - team):
            out.append(sid)
    return sorted(out)


def _base(s: BiterniaState, player: int) -> list[Action]:
    return [Action(Act.STRUCTURE, (sid,), f"{name(sid)} attacks")
            for sid in firing_structures(s, s.turn)]


def channelers(s: BiterniaState, team: int) -> list[str]:
    return [h for h in heroes_of(s, team) if s.heroes[h].channel]


def _channel(s: BiterniaState, player: int) -> list[Action]:
    out = [Action(Act.CHANNEL, (h,), f"Resolve {name(h)}'s {card_name(s.heroes[h].face_up)}")
           for h in turns.own(s, channelers(s, s.turn), player)]
    return out + turns.hand_over_offer(s, player, channelers)


def level_cost(s: BiterniaState, hero: str) -> int:
    """Leveling Up: the current level plus one (Ken Obi's Mentor takes 1 off, never below 1)."""
    v = s.heroes[hero]
    return max(1, v.level + 1 - traits.level_discount(s, v.seat))


def _cleanup(s: BiterniaState, player: int) -> list[Action]:
    gold = s.gold[player % 2]
    out = []
    for h in s.hero_order:
        v = s.heroes[h]
        cost = level_cost(s, h)
        if v.seat == player and v.level < MAX_LEVEL and gold >= cost:
            out += [Action(Act.LEVEL, (h, p), f"Level {name(h)} to {v.level + 1} for {cost} gold"
                           f", learning {card_name(p)}") for p in learnable(s, h, v.level + 1)]
    out += [Action(Act.DISCARD, (c,), f"Discard {card_name(c)}") for c in distinct_hand(s, player)]
    out.append(Action(Act.DONE, (), "Done (draw up)"))
    return out


PHASE_CHOICES: dict[Phase, Callable[[BiterniaState, int], list[Action]]] = {
    Phase.COIN: _coin, Phase.DRAFT: _draft, Phase.LEARN: _learn, Phase.DEPLOY: _deploy,
    Phase.ORDERS: _orders, Phase.MOVEMENT: _movement, Phase.ACTION: _action, Phase.BASE: _base,
    Phase.CHANNEL: _channel, Phase.CLEANUP: _cleanup,
}


# ---- applying ----------------------------------------------------------------------------
def apply(s: BiterniaState, player: int, action: Action) -> list[Event]:
    """A frame's answer goes to the top frame (frames.py), any other action to its phase's
    handler; then ``progress``."""
    ev: list[Event] = []
    if s.stack:
        ev += s.stack.apply(s, action)
    else:
        APPLY[action.kind](s, player, action, ev)
    progress(s, ev)
    return ev


def _do_initiative(s: BiterniaState, player: int, a: Action, ev: list[Event]) -> None:
    team = a.args[0]
    s.update(initiative=team, turn=team)
    log(ev, "initiative", f"The {('blue', 'red')[team]} team has the initiative")
    if s.preset:
        _take_preset(s, ev)
        s.phase = Phase.SHUFFLE
    else:
        s.phase = Phase.DEAL if s.deal else Phase.DRAFT


def _do_deal(s: BiterniaState, player: int, a: Action, ev: list[Event]) -> None:
    """Random teams (our setup option): eight Heroes drawn at random from the pool, given
    to the seats in the draft's order, as if each seat had drafted them."""
    picks = random.Random(a.args[0]).sample(s.draft_pool, len(DRAFT_ORDER))
    for hero in picks:
        seat = draft_seat(s)
        add_hero(s, hero, seat)
        s.draft_step += 1
        log(ev, "draft", f"{s.player_name(seat)} is dealt {load().heroes[hero].full_name}",
            hero=hero, seat=seat)
    s.phase = Phase.LEARN


def add_hero(s: BiterniaState, hero: str, seat: int) -> None:
    c = load()
    s.heroes[hero] = Hero(seat, hp=c.heroes[hero].hp + 1,
                          artifacts=traits.starting_artifacts(hero))
    s.hero_order.append(hero)
    if hero in s.draft_pool:
        s.draft_pool.remove(hero)


def learn(s: BiterniaState, hero: str, power: str) -> None:
    v = s.heroes[hero]
    v.learned.append(power)
    s.seats[v.seat].hand.append(power)


def _take_preset(s: BiterniaState, ev: list[Event]) -> None:
    preset = load().presets[s.preset]
    for team in (0, 1):
        seats = seats_of(s, team)
        per_seat = len(preset[f"team_{team}"]) // len(seats)
        for i, (hero, power) in enumerate(zip(preset[f"team_{team}"], preset[f"powers_{team}"],
                                              strict=True)):
            add_hero(s, hero, seats[i // per_seat])
            learn(s, hero, power)
    log(ev, "preset", f"Teams and starting powers from {preset['name']}")


def _do_draft(s: BiterniaState, player: int, a: Action, ev: list[Event]) -> None:
    hero = a.args[0]
    add_hero(s, hero, player)
    s.draft_step += 1
    log(ev, "draft", f"{s.player_name(player)} drafts {load().heroes[hero].full_name}",
        hero=hero, seat=player)


def _team_seats(s: BiterniaState, seat: int) -> tuple[int, ...]:
    return tuple(seats_of(s, seat % 2))


def _do_learn(s: BiterniaState, player: int, a: Action, ev: list[Event]) -> None:
    hero, power = a.args
    learn(s, hero, power)
    ev.append(event("learn", f"{name(hero)} learns {card_name(power)}", {"hero": hero},
                    _team_seats(s, player)))


def _do_shuffle(s: BiterniaState, player: int, a: Action, ev: list[Event]) -> None:
    seat = s.shuffle_seat
    random.Random(a.args[0]).shuffle(s.seats[seat].deck)
    log(ev, "shuffle", f"{s.player_name(seat)} shuffles the action deck (the only shuffle)")
    s.shuffle_seat += 1
    s.shuffles += 1
    if s.shuffle_seat == s.num_players:
        for p, seat_data in enumerate(s.seats):
            for _ in range(seat_data.hand_size - len(seat_data.hand)):
                draw_card(s, p, ev)
        s.update(phase=Phase.DEPLOY, turn=s.initiative)


def _do_deploy(s: BiterniaState, player: int, a: Action, ev: list[Event]) -> None:
    hero, space = a.args
    s.heroes[hero].space = space
    log(ev, "deploy", f"{name(hero)} deploys to {name(space)}", hero=hero, to=space)
    turns.took_turn(s, player)
    s.turn = 1 - s.turn


def _do_order(s: BiterniaState, player: int, a: Action, ev: list[Event]) -> None:
    hero, card = a.args
    s.seats[player].hand.remove(card)
    s.heroes[hero].down = card
    log(ev, "order", f"{s.player_name(player)} gives {name(hero)} a face-down order", hero=hero)


def _do_move(s: BiterniaState, player: int, a: Action, ev: list[Event]) -> None:
    hero = a.args[0]
    if a.kind == Act.MOVE:
        effects.move_hero(s, hero, a.args[1], ev)
    elif a.kind == Act.STAND:
        effects.move_hero(s, hero, s.heroes[hero].at, ev)
    else:
        log(ev, "pass", f"{name(hero)} passes")
    s.done.append(hero)
    turns.took_turn(s, player)
    s.turn = 1 - s.turn


def _do_activate(s: BiterniaState, player: int, a: Action, ev: list[Event]) -> None:
    hero, mode = a.args
    v = s.heroes[hero]
    before = effects.tokens_now(s, hero)
    if s.ice_wall and s.ice_wall.owner == hero:
        s.ice_wall = None
    card = reveal(s, hero, ev)
    turns.took_turn(s, player)
    s.turn = 1 - s.turn
    if mode == "use" and effects.action_card(card).channeled:
        v.channel = True
        log(ev, "channel", f"{name(hero)} begins channeling {card_name(card)}")
        effects.end_activation(s, hero, before)
    elif mode == "use":
        s.stack.push(Card(hero=hero, card=card, kind="card", tokens_before=before))
    else:
        universal(s, hero, mode, ev)
        effects.end_activation(s, hero, before)


def universal(s: BiterniaState, hero: str, mode: str, ev: list[Event]) -> None:
    """Farm, Rest or Hire: discard the Hero's cards first (rulebook: Universal Actions)."""
    v = s.heroes[hero]
    effects.discard(s, v.seat, v.face_up)
    v.up = None
    team = v.seat % 2
    if mode == "farm":
        gained = 1
        if s.space_gold.get(v.at, 0) > 0:
            s.space_gold[v.at] -= 1
            gained += 1
        s.gold[team] += gained
        log(ev, "farm", f"{name(hero)} farms {gained} gold", hero=hero, amount=gained)
    elif mode == "rest":
        log(ev, "rest", f"{name(hero)} rests")
        effects.heal(s, hero, hero, effects.REST_HEAL, ev)
    else:
        towers = [t for t in effects.reach(s, hero, True) if t.startswith("tower_")
                  and board.structure_team(t) != team and effects.standing(s, t)]
        log(ev, "hire", f"{name(hero)} hires the catapult crew")
        if towers and s.gold[team] >= load().catapult["gold_cost"]:
            s.stack.push(Catapult(ask=Choice(Ask.CATAPULT, v.seat, towers, hero)))


def _do_structure(s: BiterniaState, player: int, a: Action, ev: list[Event]) -> None:
    structure_attack(s, a.args[0], ev)
    turns.took_turn(s, player)
    s.turn = 1 - s.turn


def structure_attack(s: BiterniaState, structure: str, ev: list[Event]) -> None:
    """Base Defenses: an Area Attack on every enemy Hero in the Structure's space."""
    s.attacked.append(structure)
    kind = "tower" if structure.startswith("tower_") else "bit"
    power = load().structures[kind]["area_attack"]
    owner = board.structure_team(structure)
    for hero in effects.heroes_in(s, structure, 1 - owner):
        effects.strike(s, hero, power, 0, owner, ev, f"{name(structure)}'s Area Attack {power}")


def _do_channel(s: BiterniaState, player: int, a: Action, ev: list[Event]) -> None:
    hero = a.args[0]
    v = s.heroes[hero]
    v.channel = False
    log(ev, "channel", f"{name(hero)}'s channeled {card_name(v.face_up)} resolves")
    s.stack.push(Card(hero=hero, card=v.face_up, kind="channel"))
    turns.took_turn(s, player)
    s.turn = 1 - s.turn


def _do_level(s: BiterniaState, player: int, a: Action, ev: list[Event]) -> None:
    """Leveling Up: pay level + 1 gold, +1 level and HP, learn a power in secret."""
    hero, power = a.args
    v = s.heroes[hero]
    cost = level_cost(s, hero)
    s.gold[player % 2] -= cost
    v.level += 1
    if v.space is not None:
        v.hp += 1
    learn(s, hero, power)
    log(ev, "level", f"{name(hero)} reaches level {v.level} ({cost} gold)", hero=hero)
    ev.append(event("learn", f"{name(hero)} learns {card_name(power)}", {"hero": hero},
                    _team_seats(s, player)))


def _do_discard(s: BiterniaState, player: int, a: Action, ev: list[Event]) -> None:
    card = a.args[0]
    s.seats[player].hand.remove(card)
    effects.discard(s, player, card)
    log(ev, "discard", f"{s.player_name(player)} discards {card_name(card)}", card=card)


def _do_done(s: BiterniaState, player: int, a: Action, ev: list[Event]) -> None:
    s.queue.pop(0)


def _do_hand_over(s: BiterniaState, player: int, a: Action, ev: list[Event]) -> None:
    s.handed = True
    log(ev, "hand_over", f"{s.player_name(player)} lets {s.player_name(a.args[0])} act for "
        "the team")


APPLY: dict[str, Callable[[BiterniaState, int, Action, list[Event]], None]] = {
    Act.INITIATIVE: _do_initiative, Act.DRAFT: _do_draft, Act.LEARN: _do_learn,
    Act.SHUFFLE: _do_shuffle, Act.DEAL: _do_deal, Act.DEPLOY: _do_deploy, Act.ORDER: _do_order,
    Act.MOVE: _do_move, Act.STAND: _do_move, Act.PASS: _do_move, Act.ACTIVATE: _do_activate,
    Act.STRUCTURE: _do_structure, Act.CHANNEL: _do_channel, Act.LEVEL: _do_level,
    Act.DISCARD: _do_discard, Act.DONE: _do_done, Act.HAND_OVER: _do_hand_over,
}


# ---- drawing ------------------------------------------------------------------------------
def turn_over(s: BiterniaState, seat: int, ev: list[Event]) -> None:
    """An empty deck is refreshed by turning the discard pile over, never by shuffling."""
    data = s.seats[seat]
    data.deck = data.discard
    data.discard = []
    data.deck_secret = False
    log(ev, "turn_over", f"{s.player_name(seat)} turns the discard pile over as the new deck")


def draw_card(s: BiterniaState, seat: int, ev: list[Event]) -> str | None:
    """Draw the top card; a Hero card respawns its Hero instead of going to hand."""
    data = s.seats[seat]
    if not data.deck:
        if not data.discard:
            return None
        turn_over(s, seat, ev)
    card = data.deck.pop(0)
    if card.startswith("hero:"):
        hero = card[5:]
        own = [sp for sp in [*board.tower_spaces(seat % 2), board.bit_of(seat % 2)]
               if effects.standing(s, sp)]
        s.stack.push(Respawn(ask=Choice(Ask.RESPAWN, seat, own, hero)))
        log(ev, "hero_drawn", f"{s.player_name(seat)} draws {name(hero)}'s Hero card")
    else:
        data.hand.append(card)
        ev.append(event("draw", f"{s.player_name(seat)} draws {card_name(card)}", {"seat": seat},
                        _team_seats(s, seat)))
    return card


def confused_orders(s: BiterniaState, ev: list[Event]) -> None:
    """Confuse: a confused Hero's order is the top action card of its controller's deck."""
    for hero in s.hero_order:
        v = s.heroes[hero]
        if not v.confuse or v.space is None:
            continue
        v.confuse = 0
        data = s.seats[v.seat]
        if not data.deck and data.discard:
            turn_over(s, v.seat, ev)
        top = next((c for c in data.deck if not c.startswith("hero:")), None)
        if top is not None:
            data.deck.remove(top)
            v.down = top
            log(ev, "confused", f"{name(hero)} is confused: its order is the top card of the deck")


# ---- moving on -----------------------------------------------------------------------------
def start_round(s: BiterniaState, ev: list[Event]) -> None:
    s.round += 1
    s.update(phase=Phase.ORDERS, done=[], attacked=[])
    for v in s.heroes.values():
        v.moved = False
    log(ev, "round", f"Round {s.round} begins: Orders")
    confused_orders(s, ev)


def _settle(s: BiterniaState, has_turn: Callable[[BiterniaState, int], list[str]]) -> bool:
    """Give the turn to the other team when the team in turn has nothing left; False when
    neither team has anything left."""
    if has_turn(s, s.turn):
        return True
    if has_turn(s, 1 - s.turn):
        s.turn = 1 - s.turn
        return True
    return False


def _undeployed(s: BiterniaState, team: int) -> list[str]:
    return [h for h in heroes_of(s, team) if s.heroes[h].space is None]


def _unmoved(s: BiterniaState, team: int) -> list[str]:
    return [h for h in heroes_of(s, team) if h not in s.done]


#: The phases whose turns belong to one Hero, and the team's Heroes that may take them.
TURN_HEROES: dict[Phase, turns.HeroesOf] = {Phase.DEPLOY: _undeployed,
                                            Phase.MOVEMENT: _unmoved,
                                            Phase.ACTION: activatable,
                                            Phase.CHANNEL: channelers}


def progress(s: BiterniaState, ev: list[Event]) -> None:
    """Resolve everything that needs no decision, moving through phases as they end."""
    while s.winner is None:
        effects.run(s, ev)
        if s.stack or s.winner is not None:
            return
        if not STEP[s.phase](s, ev):
            return


def _wait(s: BiterniaState, ev: list[Event]) -> bool:
    return False


def _step_draft(s: BiterniaState, ev: list[Event]) -> bool:
    if s.draft_step < len(DRAFT_ORDER):
        return False
    s.phase = Phase.LEARN
    return True


def _step_learn(s: BiterniaState, ev: list[Event]) -> bool:
    if learn_seats(s):
        return False
    s.update(phase=Phase.SHUFFLE, shuffle_seat=0)
    return True


def _step_deploy(s: BiterniaState, ev: list[Event]) -> bool:
    if _settle(s, _undeployed):
        return False
    start_round(s, ev)
    return True


def _step_orders(s: BiterniaState, ev: list[Event]) -> bool:
    if order_seats(s):
        return False
    s.update(phase=Phase.MOVEMENT, turn=s.initiative, done=[])
    log(ev, "phase", "Movement")
    return True


def _step_movement(s: BiterniaState, ev: list[Event]) -> bool:
    if _settle(s, _unmoved):
        return False
    s.update(phase=Phase.ACTION, turn=s.initiative)
    log(ev, "phase", "Action")
    return True


def _step_action(s: BiterniaState, ev: list[Event]) -> bool:
    if _settle(s, activatable):
        return False
    s.update(phase=Phase.BASE, turn=s.initiative, attacked=[])
    log(ev, "phase", "Base defenses")
    return True


def _step_base(s: BiterniaState, ev: list[Event]) -> bool:
    if not _settle(s, firing_structures):
        s.update(phase=Phase.CHANNEL, turn=s.initiative)
        return True
    ready = firing_structures(s, s.turn)
    if len(ready) == 1:  # a single choice needs no one to make it
        structure_attack(s, ready[0], ev)
        s.turn = 1 - s.turn
        return True
    return False


def _step_channel(s: BiterniaState, ev: list[Event]) -> bool:
    if _settle(s, channelers):
        return False
    s.update(phase=Phase.CLEANUP, queue=cleanup_order(s))
    for team in (0, 1):
        s.gold[team] += CLEANUP_GOLD
    log(ev, "phase", f"Cleanup: each team gains {CLEANUP_GOLD} gold")
    return True


def _step_cleanup(s: BiterniaState, ev: list[Event]) -> bool:
    if s.queue:
        return False
    s.update(phase=Phase.DRAW, queue=cleanup_order(s))
    return True


def _step_draw(s: BiterniaState, ev: list[Event]) -> bool:
    while s.queue:
        seat = s.queue[0]
        data = s.seats[seat]
        if len(data.hand) >= data.hand_size or draw_card(s, seat, ev) is None:
            s.queue.pop(0)
        elif s.stack:
            return False
    s.initiative = 1 - s.initiative
    log(ev, "initiative", f"The initiative passes to the {('blue', 'red')[s.initiative]} "
        "team")
    start_round(s, ev)
    return True


STEP: dict[Phase, Callable[[BiterniaState, list[Event]], bool]] = {
    Phase.COIN: _wait, Phase.SHUFFLE: _wait, Phase.DEAL: _wait, Phase.DRAFT: _step_draft,
    Phase.LEARN: _step_learn,
    Phase.DEPLOY: _step_deploy, Phase.ORDERS: _step_orders, Phase.MOVEMENT: _step_movement,
    Phase.ACTION: _step_action, Phase.BASE: _step_base, Phase.CHANNEL: _step_channel,
    Phase.CLEANUP: _step_cleanup, Phase.DRAW: _step_draw,
}
