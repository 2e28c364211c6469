"""Reading a Terrene Odyssey view into what the table draws. Only the viewer's view is read:
a card the view hides (``view.cards[uid] is None``) is a card back, whatever it is."""

from __future__ import annotations

from game.tables.terrene.cards import CardLook, UnitLook
from rules.core import Action
from rules.terrene import battle, chain, stats
from rules.terrene.content import cards
from rules.terrene.kinds import Act
from rules.terrene.state import TerreneState

#: which arguments of an action name a card on the table (uids), by action kind
UID_ARGS: dict[str, tuple[int, ...]] = {
    Act.RECRUIT: (0,), Act.HIDE: (0,), Act.ATTACK: (0, 1), Act.BLOCK: (0,),
    Act.DISMISS: (0,), Act.DISMISS_CARD: (0,), Act.ASSIGN: (0, 1), Act.USE: (0, 2),
    Act.TERRAIN: (0,), Act.TRADE: (0, 1), Act.ASSIGN_XP: (0,), Act.PICK_TERRAIN: (0,),
    Act.PICK_CHARACTER: (0,), Act.PICK_ASSIGNABLE: (0,),
}
#: offers: cards an action takes from somewhere the table does not otherwise show
OFFERS = (Act.PICK_TERRAIN, Act.PICK_CHARACTER, Act.PICK_ASSIGNABLE)
DRAFT_OFFERS = (Act.DRAFT_PICK, Act.DECK_ADD)


def uids_of(action: Action) -> list[int]:
    """The table cards ``action`` names (attack and use targets of -1 name none)."""
    out = []
    for k in UID_ARGS.get(action.kind, ()):
        if k < len(action.args) and isinstance(action.args[k], int) and action.args[k] >= 0:
            out.append(int(action.args[k]))
    return out


def actions_on(actions: tuple[Action, ...], uid: int, holder_of: dict[int, int]
               ) -> list[Action]:
    """The legal actions that a click on card ``uid`` stands for: every action naming it, or
    naming the face-down card it holds."""
    held = {c for c, h in holder_of.items() if h == uid}
    return [a for a in actions if uid in uids_of(a) or held & set(uids_of(a)[:1])]


def unit_look(view: TerreneState, uid: int) -> UnitLook:
    """A character as the view shows it: a back when hidden from the viewer."""
    u = view.units[uid]
    cid = view.cards[uid]
    if cid is None:
        return UnitLook()
    card = cards()[cid]
    badges = tuple(u.status) + tuple(g for g in u.gained if g not in u.status)
    if not u.up:
        return UnitLook(card.name, card.cls, card.element, card.tag, card.hp - u.dmg,
                        card.hp, card.atk, card.defense, u.xp, u.lv, card.sp, badges,
                        hidden=True, token=card.token)
    if u.decay:  # Defense Decay, marked until it wears off at its owner's next turn
        badges += ("decay",)
    return UnitLook(card.name, card.cls, card.element, card.tag, stats.hp(view, uid) - u.dmg,
                    stats.hp(view, uid), stats.atk(view, uid), stats.defense(view, uid),
                    u.xp, u.lv, stats.sp_cost(view, uid), badges,
                    attacked=bool(u.attacked), decay=int(u.decay), token=card.token)


def card_look(cid: str | None) -> CardLook:
    """A card by id as it is held (a back for None or the draft's hidden marker)."""
    if cid is None or cid not in cards():
        return CardLook()
    c = cards()[cid]
    if c.is_character:
        line = f"{c.cls} · {c.sp} SP · {c.hp} HP {c.atk}/{c.defense}"
        return CardLook(c.name, c.kind, line, c.text, c.element)
    if c.kind == "terrain":
        line = f"{'Storm ' if c.storm else ''}Terrain · {c.actions} actions a turn"
        return CardLook(c.name, c.kind, line, c.text)
    sub = "" if c.subtype == "none" else f" · {c.subtype.title()}"
    costs = sorted({a.cost for a in c.abilities if a.when == "activated"})
    cost = f" · {'/'.join(map(str, costs))} AP" if costs else ""
    return CardLook(c.name, c.kind, f"{c.kind.title()}{sub}{cost}", c.text)


def terrain_of(view: TerreneState, seat: int) -> tuple[str, int, bool]:
    """(name, actions a turn, face down) of the seat's active terrain ("" when none)."""
    uid = view.active_terrain[seat]
    if uid is None:
        return "", 0, False
    cid = view.cards[uid]
    if cid is None:
        return "", 0, True
    card = cards()[cid]
    return card.name, card.actions, False


def holders(view: TerreneState) -> dict[int, int]:
    """Each assigned card's uid -> the character holding it."""
    out = {}
    for party in view.party:
        for uid in party:
            card = view.units[uid].card
            if card is not None:
                out[int(card)] = uid
    return out


def sp_used(view: TerreneState, seat: int) -> int:
    return stats.sp_used(view, seat)


def action_cost(view: TerreneState, seat: int, action: Action) -> int:
    """The actions ``action`` of ``seat`` spends (the rules' own costs): a recruit one, an
    attack its attack cost (none with Haste, one more when Slow), an ability its cost (an
    assigned card free once a turn for a Resourceful holder); anything else none."""
    if action.kind == Act.RECRUIT:
        return 1
    if action.kind == Act.ATTACK:
        return battle.attack_cost(view, int(action.args[0]))
    if action.kind == Act.USE:
        uid, index = int(action.args[0]), int(action.args[1])
        source = uid if uid in view.units else holders(view).get(uid)
        return chain.cost_of(view, seat, view.card(uid), stats.ability_at(view, uid, index),
                             source)
    return 0
