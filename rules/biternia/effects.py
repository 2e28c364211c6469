"""Card effects and combat: the resolution stack, targeting, attacks, damage and defeat.

A card in resolution is a ``Card`` frame (frames.py) on ``s.stack``. Each step of the card
goes through three stages: choose targets, open a window for enemy Interrupts, resolve (if
its targets are still legal). Interrupts push a frame on top, so the last revealed resolves
first. A frame that must ask a seat (a target, a payment, an Interrupt) holds the question
in its ``ask`` and resolution waits for the answer (frames.py applies it).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

import rules.biternia.board as board
import rules.biternia.traits as traits
import rules.biternia.turns as turns
from rules.biternia.content import Card, load
from rules.biternia.howto import event
from rules.biternia.kinds import Ask
from rules.biternia.model import Choice, Token, card_design
from rules.core import Event

if TYPE_CHECKING:
    from rules.biternia.frames import Card as CardFrame
    from rules.biternia.state import BiterniaState

BIT_DAMAGE_ON_DEFEAT = 3  # rulebook: Defeated Heroes / Destroying a Tower
REST_HEAL = 3  # rulebook: Rest is "Heal 3, Self"


# ---- small look-ups -----------------------------------------------------------------
def name(target: str) -> str:
    c = load()
    if target in c.heroes:
        return c.heroes[target].name
    return c.spaces[target].name if target in c.spaces else target


@cache
def card_of(card: str) -> Card | None:
    """The design behind a card instance; None for a Hero card (content never changes once
    loaded, so the answer is kept)."""
    return load().cards.get(card_design(card))


def action_card(card: str) -> Card:
    """The design behind an action card instance (a power or basic card, never a Hero
    card: asking for one is a bug and raises KeyError)."""
    return load().cards[card_design(card)]


def card_name(card: str) -> str:
    found = card_of(card)
    if found is not None:
        return found.name
    return f"{name(card[5:])} (Hero card)" if card.startswith("hero:") else "a hidden card"


def team(s: BiterniaState, hero: str) -> int:
    return s.heroes[hero].seat % 2


def on_board(s: BiterniaState, hero: str) -> bool:
    return s.heroes[hero].space is not None


def own_card(hero: str, card: str | None) -> Card | None:
    """The design of ``card`` when it works for ``hero`` (see ``usable``), else None."""
    found = card_of(card) if card and card != "?" else None
    return found if found is not None and (found.is_basic or found.hero == hero) else None


def usable(hero: str, card: str | None) -> bool:
    """A card works for a Hero if it is basic or one of the Hero's own powers."""
    found = card_of(card) if card and card != "?" else None
    return found is not None and (found.is_basic or found.hero == hero)


def defense(s: BiterniaState, hero: str) -> int:
    """The face-up card's defense (mismatched cards give none) plus traits."""
    found = own_card(hero, s.heroes[hero].up)
    base = found.defense if found is not None else 0
    return base + traits.defense_bonus(s, hero)


def heroes_in(s: BiterniaState, space: str, of_team: int | None = None) -> list[str]:
    return [h for h in s.hero_order if s.heroes[h].space == space
            and (of_team is None or team(s, h) == of_team)]


def standing(s: BiterniaState, structure: str) -> bool:
    return s.structures.get(structure, 0) > 0


def walkable(s: BiterniaState, hero: str) -> list[str]:
    """Spaces the Hero may move to: adjacent, not behind a standing enemy Tower, not walled
    off by an enemy Ice Wall."""
    v = s.heroes[hero]
    wall = s.ice_wall
    blocked = wall.space if wall and team(s, wall.owner) != v.seat % 2 else None
    return [sp for sp in board.neighbours(v.at, v.seat % 2, s.structures)
            if sp != blocked]


def reach(s: BiterniaState, hero: str, ranged: bool) -> list[str]:
    space = s.heroes[hero].at
    if not ranged:
        return [space]
    return [space, *board.neighbours(space, team(s, hero), s.structures)]


def log(ev: list[Event], kind: str, text: str, **data: Any) -> None:
    ev.append(event(kind, text, data))


# ---- targeting ------------------------------------------------------------------------
def stealthy(s: BiterniaState, hero: str) -> bool:
    """Stealth: from a Stealth token or a face-up card with the Stealth keyword."""
    v = s.heroes[hero]
    found = own_card(hero, v.up)
    return v.stealth or (found is not None and found.stealth)


def taunters(s: BiterniaState, space: str, enemy_team: int) -> list[str]:
    """Enemy Heroes in ``space`` whose face-up card forces attacks onto them (Challenge)."""
    out = []
    for h in heroes_in(s, space, enemy_team):
        found = own_card(h, s.heroes[h].up)
        if found is not None and found.taunt and not stealthy(s, h):
            out.append(h)
    return out


def enemy_targets(s: BiterniaState, hero: str, ranged: bool, heroes_only: bool,
                  attack: bool) -> list[str]:
    """Enemy Heroes (not in stealth) and, unless excluded, enemy Structures in reach."""
    mine = team(s, hero)
    out: list[str] = []
    for space in reach(s, hero, ranged):
        here = [h for h in heroes_in(s, space, 1 - mine) if not stealthy(s, h)]
        if board.is_structure(space) and board.structure_team(space) != mine \
                and standing(s, space) and not heroes_only:
            here.append(space)
        forced = taunters(s, space, 1 - mine) if attack else []
        out.extend(forced or here)
    return out


def friendly_targets(s: BiterniaState, hero: str, who: str) -> list[str]:
    if who == "self":
        return [hero]
    here = heroes_in(s, s.heroes[hero].at, team(s, hero))
    return [h for h in here if who != "other" or h != hero]


def is_ranged(hero: str, step: dict[str, Any]) -> bool:
    return bool(step.get("ranged")) or traits.always_ranged(hero)


def step_targets(s: BiterniaState, frame: CardFrame, step: dict[str, Any]) -> list[str] | None:
    """Legal targets for a step; None when the step takes no target."""
    hero, kind = frame.hero, step["do"]
    if kind == "attack":
        if step.get("area"):
            return None
        found = enemy_targets(s, hero, is_ranged(hero, step), bool(step.get("heroes_only")), True)
        wanted = step.get("target", "enemy")
        if wanted == "same":
            return [frame.last] if frame.last in found else []
        if wanted == "interrupted" and frame.kind == "interrupt":
            return [frame.src] if frame.src in found else []
        return found
    if kind == "move":
        here = s.heroes[hero].space
        return [*([here] if here is not None else []), *walkable(s, hero)]
    if kind in ("heal", "shield", "attack_token"):
        return None if step["who"] == "all" else friendly_targets(s, hero, step["who"])
    if kind in ("stun", "immobilize", "confuse", "death_mark"):
        return enemy_targets(s, hero, False, True, False)
    if kind in ("favored_enemy", "stone") and not step.get("area"):
        return enemy_targets(s, hero, bool(step.get("ranged")), True, False)
    return None


# ---- the resolution stack ---------------------------------------------------------------
def tokens_now(s: BiterniaState, hero: str) -> tuple[int, int]:
    v = s.heroes[hero]
    return v.attack, v.chill


def interrupters(s: BiterniaState, acting: str) -> list[str]:
    """Enemies of the acting Hero holding a face-down Interrupt of their own."""
    foe = 1 - team(s, acting)
    out = []
    for h in s.hero_order:
        v = s.heroes[h]
        found = own_card(h, v.down)
        if v.space is not None and v.seat % 2 == foe and found is not None and found.interrupt:
            out.append(h)
    return out


def repeats(s: BiterniaState, frame: CardFrame, step: dict[str, Any]) -> int:
    if step.get("repeat") == "friendly_heroes_here":
        return 1 + len(traits.friends_here(s, frame.hero))
    return 1


def run(s: BiterniaState, ev: list[Event]) -> None:
    """Resolve the stack until a frame asks a seat, the stack is empty or the game is won
    (only ``Card`` frames resolve on their own; the others always ask)."""
    stack = s.stack
    while stack and s.pending is None and s.winner is None:
        frame = s.resolving
        assert frame is not None, "a frame that asks nothing is a card in resolution"
        hero = s.heroes[frame.hero]
        steps = action_card(frame.card).steps
        if hero.space is None or hero.up != frame.card:
            stack.pop()
            if frame.i < len(steps):
                log(ev, "fizzle", f"{card_name(frame.card)} is gone from {name(frame.hero)}:"
                    " its remaining effects do not resolve")
            continue
        if frame.i >= len(steps):
            stack.pop()
            if frame.kind != "channel":
                end_activation(s, frame.hero, frame.tokens_before)
            continue
        _advance_step(s, frame, steps[frame.i], ev)


def _advance_step(s: BiterniaState, frame: CardFrame, step: dict[str, Any],
                  ev: list[Event]) -> None:
    stage = frame.stage
    if stage == "start" and step["do"] == "pay_gold":
        _offer_payment(s, frame, step)
    elif stage == "start":
        if frame.reps < 0:
            frame.reps = repeats(s, frame, step)
        found = step_targets(s, frame, step)
        if found is not None and not found:
            log(ev, "no_target", f"{name(frame.hero)}: no legal target, that effect is skipped")
            frame.next_step()
        elif found is None or len(found) == 1:
            frame.target = found[0] if found else None
            frame.stage = "window"
        else:
            frame.ask = Choice(Ask.TARGET, s.heroes[frame.hero].seat, found)
    elif stage == "window":
        if not offer_interrupt(s, frame, []):
            frame.stage = "resolve"
    else:
        target = frame.target
        if target is not None and target not in (step_targets(s, frame, step) or []):
            log(ev, "fizzle", f"{name(target)} is no longer a legal target: that effect does "
                "not resolve")
        else:
            resolve_step(s, frame, step, ev)
        frame.rep += 1
        if frame.rep < frame.reps:
            frame.stage, frame.target = "start", None
        else:
            frame.next_step()


def _offer_payment(s: BiterniaState, frame: CardFrame, step: dict[str, Any]) -> None:
    """'You may pay up to N gold: +1 to this card's attacks per gold' (Longshanks)."""
    seat = s.heroes[frame.hero].seat
    most = min(step["amount"], s.gold[seat % 2])
    if most <= 0:
        frame.next_step()
        return
    frame.ask = Choice(Ask.PAY, seat, list(range(most + 1)))


def offer_interrupt(s: BiterniaState, frame: CardFrame, declined: list[int]) -> bool:
    """Open the Interrupt window on ``frame``'s card to the next enemy seat (lead seat first)
    that controls a Hero holding a face-down Interrupt and has not yet declined; False if
    there is none."""
    acting = frame.hero
    able = interrupters(s, acting)
    for seat in turns.team_seats(s, 1 - team(s, acting)):
        mine = turns.own(s, able, seat)
        if mine and seat not in declined:
            frame.ask = Choice(Ask.INTERRUPT, seat, mine, declined=declined)
            return True
    return False


def reveal(s: BiterniaState, hero: str, ev: list[Event]) -> str:
    """Discard the Hero's face-up card, then turn its face-down card up."""
    v = s.heroes[hero]
    if v.up is not None:
        discard(s, v.seat, v.up)
    card = v.order
    v.update(up=card, down=None)
    if usable(hero, card) and not action_card(card).is_basic and card not in v.shown:
        v.shown.append(card)
    log(ev, "reveal", f"{name(hero)} reveals {card_name(card)}", hero=hero, card=card)
    return card


def end_activation(s: BiterniaState, hero: str, tokens_before: list[int] | tuple[int, int]
                   ) -> None:
    """+1 Attack and Chill tokens the Hero had when this activation began are now removed."""
    v = s.heroes[hero]
    v.attack = max(0, v.attack - tokens_before[0])
    v.chill = max(0, v.chill - tokens_before[1])


# ---- resolving one step ---------------------------------------------------------------------
def resolve_step(s: BiterniaState, frame: CardFrame, step: dict[str, Any],
                 ev: list[Event]) -> None:
    hero, target, kind = frame.hero, frame.target, step["do"]
    if kind == "attack":
        hits = [frame.aim] if not step.get("area") else area_victims(s, hero)
        for victim in hits:
            attack(s, hero, victim, step, ev, frame.kind == "channel", frame.bonus)
        frame.last = target
    elif kind == "move":
        if target != s.heroes[hero].space:
            move_hero(s, hero, frame.aim, ev)
    elif kind in ("heal", "shield", "attack_token"):
        who = friendly_targets(s, hero, "any") if target is None else [target]
        for friend in who:
            FRIENDLY[kind](s, hero, friend, step["amount"], ev)
    elif kind in ("stun", "immobilize", "confuse", "death_mark") or (
            kind == "stone" and target is not None):
        CONDITIONS[kind](s, frame.aim, ev)
        frame.last = target
    elif kind == "stone":
        for foe in heroes_in(s, s.heroes[hero].at, 1 - team(s, hero)):
            stone(s, foe, ev)
    elif kind == "repair":
        fixed = traits.repair(s, hero)
        if fixed:
            log(ev, "token", f"{name(hero)} repairs her {load().tokens[fixed]['name']}")
    elif kind == "ice_wall":
        s.ice_wall = Token(s.heroes[hero].at, hero)
        log(ev, "token", f"{name(hero)} raises an Ice Wall in "
            f"{name(s.heroes[hero].at)}")
    elif kind == "gold":
        s.gold[team(s, hero)] += step["amount"]
        log(ev, "gold", f"{name(hero)} gains {step['amount']} gold for the team")
    elif kind == "favored_enemy":
        s.favored = frame.aim
        log(ev, "token", f"{name(hero)} marks {name(frame.aim)} as his Favored Enemy")
    elif kind == "bear_trap":
        s.trap = Token(s.heroes[hero].at, hero)
        log(ev, "token", f"{name(hero)} sets a Bear Trap in "
            f"{name(s.heroes[hero].at)}")
    elif kind == "redirect":
        redirect(s, frame, ev)


def area_victims(s: BiterniaState, hero: str) -> list[str]:
    """Everything an Area attack hits: all enemies in the space, stealthy or not."""
    space = s.heroes[hero].at
    foes = heroes_in(s, space, 1 - team(s, hero))
    if board.is_structure(space) and board.structure_team(space) != team(s, hero) \
            and standing(s, space):
        foes.append(space)
    return foes


def redirect(s: BiterniaState, frame: CardFrame, ev: list[Event]) -> None:
    """Challenge as an Interrupt: the interrupted attack on someone in her space hits her."""
    if frame.kind != "interrupt" or frame.under < 0:
        return
    under = s.stack.frames[frame.under]
    assert isinstance(under, type(frame)), "an Interrupt's frame sits on a card's"
    me = frame.hero
    step = action_card(under.card).steps[under.i]
    old = under.target
    if step["do"] != "attack" or old is None or old == me:
        return
    space = s.heroes[me].space
    old_space = s.heroes[old].space if old in s.heroes else old
    if old_space == space and me in (step_targets(s, under, step) or []):
        under.target = me
        log(ev, "redirect", f"{name(me)} challenges: the attack on {name(old)} must target her")


# ---- attacks and damage -----------------------------------------------------------------
def attack(s: BiterniaState, hero: str, victim: str, step: dict[str, Any],
           ev: list[Event], channeled: bool = False, bonus: int = 0) -> int:
    """One attack from a Hero's card: strength, defense, Pierce, then Hit effects."""
    me = s.heroes[hero]
    power = step["power"] + bonus + me.attack - me.chill
    power += traits.attack_bonus(s, hero, victim)
    power = max(0, power + (traits.channel_bonus(hero) if channeled else 0))
    pierce = step.get("pierce", 0) + traits.pierce_bonus(hero, step)
    kind = step["type"].capitalize()
    dealt = strike(s, victim, power, pierce, 1 - team(s, hero), ev,
                   f"{name(hero)}'s {kind} Attack {power}")
    if dealt > 0 and victim in s.heroes and not on_board(s, victim) \
            and traits.plunder_gold(hero):
        s.gold[team(s, hero)] += traits.plunder_gold(hero)
        log(ev, "gold", f"Plunder: {name(hero)}'s team takes {traits.plunder_gold(hero)} more gold")
    if dealt > 0 and victim in s.heroes and on_board(s, victim):
        for sub in step.get("hit", []):
            CONDITIONS[sub["do"]](s, victim, ev)
        if on_board(s, victim) and traits.chills(hero):
            s.heroes[victim].chill += 1
            log(ev, "token", f"{name(victim)} gains a Chill token", target=victim)
    return dealt


def strike(s: BiterniaState, victim: str, power: int, pierce: int, by_team: int,
           ev: list[Event], what: str) -> int:
    """Apply an attack of ``power`` to a Hero or Structure; return the damage dealt."""
    if victim in s.heroes:
        guard = defense(s, victim)
    else:
        guard = load().structures["tower" if victim.startswith("tower_") else "bit"]["defense"]
    damage = max(0, power - max(0, guard - pierce))
    hit = {"power": power, "defense": guard, "pierce": pierce}  # told with the damage
    if victim in s.heroes:
        return damage_hero(s, victim, damage, by_team, ev, what, hit)
    return damage_structure(s, victim, damage, by_team, ev, what, hit)


def damage_hero(s: BiterniaState, hero: str, damage: int, by_team: int, ev: list[Event],
                what: str, hit: dict[str, int] | None = None) -> int:
    """``hit``: the attack's strength, the defense and Pierce, for the damage event."""
    v = s.heroes[hero]
    absorbed = min(v.shield, damage)
    v.shield -= absorbed
    dealt = damage - absorbed
    v.hp = max(0, v.hp - dealt)
    if dealt >= traits.ARTIFACT_BREAK and v.artifacts:
        broken = v.artifacts.pop(0)
        log(ev, "token", f"{name(hero)}'s {load().tokens[broken]['name']} breaks", target=hero)
    note = f" ({absorbed} stopped by Shield)" if absorbed else ""
    log(ev, "damage", f"{what} deals {dealt} damage to {name(hero)}{note}", target=hero,
        amount=dealt, shield=absorbed, **(hit or {}))
    if v.hp == 0:
        defeat(s, hero, by_team, ev)
    return dealt


def damage_structure(s: BiterniaState, structure: str, damage: int, by_team: int,
                     ev: list[Event], what: str, hit: dict[str, int] | None = None) -> int:
    hp = s.structures
    if hp[structure] <= 0:
        return 0
    hp[structure] = max(0, hp[structure] - damage)
    log(ev, "damage", f"{what} deals {damage} damage to {name(structure)}", target=structure,
        amount=damage, **(hit or {}))
    if hp[structure] == 0:
        destroyed(s, structure, by_team, ev)
    return damage


def destroyed(s: BiterniaState, structure: str, by_team: int, ev: list[Event]) -> None:
    owner = board.structure_team(structure)
    if structure.startswith("bit_"):
        s.winner = 1 - owner
        log(ev, "bit_destroyed", f"{name(structure)} is destroyed!", target=structure)
        return
    gold = load().structures["tower"]["kill_gold"]
    s.gold[1 - owner] += gold
    log(ev, "tower_destroyed", f"{name(structure)} is destroyed; the enemy team takes {gold} gold",
        target=structure)
    bit = board.bit_of(owner)
    damage_structure(s, bit, load().structures["tower"]["bit_damage"], 1 - owner, ev,
                     "The fall of its Tower")


def discard(s: BiterniaState, seat: int, card: str) -> None:
    """Put a card face-up on its owner's discard pile (a power there is public knowledge)."""
    s.seats[seat].discard.append(card)
    found = card_of(card)
    if found is not None and found.hero in s.heroes:
        shown = s.heroes[found.hero].shown
        if card not in shown:
            shown.append(card)


def defeat(s: BiterniaState, hero: str, by_team: int, ev: list[Event]) -> None:
    """Rulebook, Defeated Heroes: standee off, Hero card then its cards to the discard pile,
    the enemy gains gold equal to its level, its Bit suffers 3, its tokens go."""
    v = s.heroes[hero]
    mine = v.seat % 2
    v.space = None
    discard(s, v.seat, f"hero:{hero}")
    for card in (v.up, v.down):
        if card is not None:
            discard(s, v.seat, card)
    v.up = v.down = None
    v.update(channel=False, attack=0, shield=0, confuse=0, immobile=False, stealth=False,
             chill=0, mark=False, stone=0, artifacts=[])
    s.gold[1 - mine] += v.level
    if s.trap and s.trap.owner == hero:
        s.trap = None
    if s.ice_wall and s.ice_wall.owner == hero:
        s.ice_wall = None
    if traits.trait(hero) == "death_mark":
        for other in s.heroes.values():
            other.mark = False
    log(ev, "defeated", f"{name(hero)} is defeated; the enemy team takes {v.level} gold",
        target=hero)
    damage_structure(s, board.bit_of(mine), BIT_DAMAGE_ON_DEFEAT, 1 - mine, ev,
                     f"The defeat of {name(hero)}")


# ---- conditions (Hit effects and targeted steps) ---------------------------------------------
def stun(s: BiterniaState, hero: str, ev: list[Event]) -> None:
    """Rulebook, Stun: discard every action card on the Hero; its +1 Attack tokens go too."""
    v = s.heroes[hero]
    for card in (v.up, v.down):
        if card is not None:
            discard(s, v.seat, card)
    v.up = v.down = None
    v.update(channel=False, attack=0)
    log(ev, "stun", f"{name(hero)} is stunned: all its action cards are discarded", target=hero)


def immobilize(s: BiterniaState, hero: str, ev: list[Event]) -> None:
    s.heroes[hero].immobile = True
    log(ev, "immobilize", f"{name(hero)} is immobilized", target=hero)


def confuse(s: BiterniaState, hero: str, ev: list[Event]) -> None:
    s.heroes[hero].confuse = 1
    log(ev, "confuse", f"{name(hero)} is confused", target=hero)


def death_mark(s: BiterniaState, hero: str, ev: list[Event]) -> None:
    """Place a Death Mark (the box holds a limited number)."""
    marked = sum(1 for v in s.heroes.values() if v.mark)
    if not s.heroes[hero].mark and marked < load().tokens["death_mark"]["count"]:
        s.heroes[hero].mark = True
        log(ev, "token", f"{name(hero)} carries a Death Mark", target=hero)


def stone(s: BiterniaState, hero: str, ev: list[Event]) -> None:
    """Place a Stone token; at the limit the Hero turns to stone and is defeated."""
    spec = load().tokens["stone"]
    in_play = sum(v.stone for v in s.heroes.values())
    v = s.heroes[hero]
    if in_play >= spec["count"] or v.space is None:
        return
    v.stone += 1
    log(ev, "token", f"{name(hero)} gains a Stone token ({v.stone})", target=hero)
    if v.stone >= spec["limit"]:
        log(ev, "petrified", f"{name(hero)} turns to stone", target=hero)
        v.hp = 0
        defeat(s, hero, 1 - team(s, hero), ev)


CONDITIONS = {"stun": stun, "immobilize": immobilize, "confuse": confuse,
              "death_mark": death_mark, "stone": stone}


def heal(s: BiterniaState, healer: str, hero: str, amount: int, ev: list[Event]) -> None:
    """Heal X: up to the Hero's maximum HP; extra healing is lost."""
    v = s.heroes[hero]
    amount += traits.heal_bonus(healer)
    gained = min(amount, traits.max_hp(s, hero) - v.hp)
    v.hp += gained
    log(ev, "heal", f"{name(hero)} heals {gained}", target=hero, amount=gained)


def shield(s: BiterniaState, giver: str, hero: str, amount: int, ev: list[Event]) -> None:
    amount += traits.shield_bonus(s, giver)
    s.heroes[hero].shield += amount
    log(ev, "token", f"{name(hero)} gains {amount} Shield", target=hero)
    echo = traits.shield_echo(giver, hero)
    if echo:
        s.heroes[giver].shield += echo
        log(ev, "token", f"{name(giver)} gains {echo} Shield (Oath of the Shield)", target=giver)


def attack_token(s: BiterniaState, giver: str, hero: str, amount: int, ev: list[Event]) -> None:
    s.heroes[hero].attack += amount
    log(ev, "token", f"{name(hero)} gains {amount} +1 Attack token(s)", target=hero)


FRIENDLY = {"heal": heal, "shield": shield, "attack_token": attack_token}


# ---- moving -------------------------------------------------------------------------------
def move_hero(s: BiterniaState, hero: str, dest: str, ev: list[Event]) -> None:
    """Move one space; an immobilized Hero stands up instead; enemy Bear Traps spring."""
    v = s.heroes[hero]
    if v.immobile:
        v.immobile = False
        log(ev, "stand", f"{name(hero)} stands up instead of moving", target=hero)
        return
    v.update(space=dest, moved=True)
    log(ev, "move", f"{name(hero)} moves to {name(dest)}", hero=hero, to=dest)
    trap = s.trap
    if trap and trap.space == dest and team(s, trap.owner) != team(s, hero):
        s.trap = None
        log(ev, "trap", f"{name(hero)} steps into the Bear Trap", target=hero)
        immobilize(s, hero, ev)
        power = load().tokens["bear_trap"]["damage"]
        strike(s, hero, power, 0, 1 - team(s, hero), ev, f"The Bear Trap's Physical Attack {power}")
