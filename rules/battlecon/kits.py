"""Fighters' odd effects: small named ops that the data files call by name."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import rules.battlecon.movement as movement
import rules.battlecon.team as team
from rules.battlecon.effects import Op, registrar
from rules.battlecon.frames import OpStep
from rules.battlecon.kinds import Act
from rules.core.actions import Action

if TYPE_CHECKING:
    from rules.battlecon.state import BattleconState

#: The fighters' own ops, by the names their data files use (ops.py joins them to the
#: keywords' table).
KIT_OPS: dict[str, Op] = {}
op = registrar(KIT_OPS)

# ---- Hayden Morgan: Breaking Point (Fury / Control counters) ------------------------------
def hayden_counters(choice: str) -> dict[str, int]:
    """Setup: 2 Fury and 2 Control, plus one more of the chosen side."""
    fury = 2 + (choice == "fury")
    control = 2 + (choice == "control")
    return {"fury": fury, "control": control, "fury_spent": 0, "control_spent": 0}


@op("hayden_regain")
def hayden_regain(st: BattleconState, frame: OpStep) -> list[Action] | None:
    ua = st.ua(frame.who)
    ua["fury"] += ua["fury_spent"]
    ua["control"] += ua["control_spent"]
    ua["fury_spent"] = ua["control_spent"] = 0
    return None


@op("hayden_spend_any")
def hayden_spend_any(st: BattleconState, frame: OpStep) -> list[Action] | None:
    ua = st.ua(frame.who)
    if frame.choice is None:
        return [
            Action(Act.SPEND, (f, c), f"Spend {f} Fury and {c} Control")
            for f in range(ua["fury"] + 1)
            for c in range(ua["control"] + 1)
        ]
    fury, control = frame.choice
    st.spend_tokens(frame.who, "fury", fury)
    st.spend_tokens(frame.who, "control", control)
    return None


@op("latent_unleash")
def latent_unleash(st: BattleconState, frame: OpStep) -> list[Action] | None:
    who = frame.who
    ua = st.ua(who)
    fury, control = ua["fury"], ua["control"]
    st.spend_tokens(who, "fury", fury)
    st.spend_tokens(who, "control", control)
    if fury:
        st.add_bonus(who, "power", fury)
    close = movement.close_distance(st.pos(who), st.pos(st.foe(who)), control)
    if st.is_team:
        close = min(control, team.free_between(st, who))
    if close:
        st.perform_move(who, "advance", close, st.src_name(frame))
    return None


@op("reckless_surge")
def reckless_surge(st: BattleconState, frame: OpStep) -> list[Action] | None:
    who = frame.who
    ua = st.ua(who)
    if ua["fury"] > ua["control"]:
        if ua["fury"] >= 3:
            st.spend_tokens(who, "fury", 3)
            st.add_bonus(who, "power", 4)
    elif ua["control"] >= 3:
        st.spend_tokens(who, "control", 3)
        st.add_bonus(who, "priority", 4)
    return None


@op("telekinetic_throw")
def telekinetic_throw(st: BattleconState, frame: OpStep) -> list[Action] | None:
    who = frame.who
    ua = st.ua(who)
    if frame.choice is None:
        options = [Action(Act.THROW, ("none", 0), "Spend nothing")]
        for n in range(1, ua["control"] + 1):
            if st.move_dest(who, "pull", n) is not None:
                options.append(Action(Act.THROW, ("pull", n), f"Spend {n} Control: Pull {n}"))
        for n in range(1, ua["fury"] + 1):
            if st.move_dest(who, "push", n) is not None:
                options.append(Action(Act.THROW, ("push", n), f"Spend {n} Fury: Push {n}"))
        return options
    kind, n = frame.choice
    if n:
        st.spend_tokens(who, "control" if kind == "pull" else "fury", n)
        st.perform_move(who, kind, n, st.src_name(frame))
    return None


@op("potential_focus")
def potential_focus(st: BattleconState, frame: OpStep) -> list[Action] | None:
    ua = st.ua(frame.who)
    if ua["fury"] + ua["fury_spent"] > ua["control"] + ua["control_spent"]:
        st.add_bonus(frame.who, "power", 2)
    else:
        st.add_bonus(frame.who, "range", [0, 2])
    return None


@op("hemorrhage_bleed")
def hemorrhage_bleed(st: BattleconState, frame: OpStep) -> list[Action] | None:
    who = frame.who
    fury = st.ua(who)["fury"]
    st.spend_tokens(who, "fury", fury)
    if fury:
        st.add_bonus(who, "power", 3 * fury)
    return None


@op("total_control_grip")
def total_control_grip(st: BattleconState, frame: OpStep) -> list[Action] | None:
    who = frame.who
    control = st.ua(who)["control"]
    st.spend_tokens(who, "control", control)
    if control:
        st.add_bonus(who, "power", control)
        if st.move_dest(who, "pull", control) is not None:
            st.perform_move(who, "pull", control, st.src_name(frame))
    st.stun(st.foe(who), st.src_name(frame))
    return None


#: Setup: a fighter's Unique Ability components from its setup choice (by fighter id).
UA_SETUP: dict[str, Callable[[str], dict[str, Any]]] = {"hayden": hayden_counters}
TOKEN_NAMES = {"fury": "Fury", "control": "Control"}

#: A spent Hayden counter flips: spent Fury lies in depletion as Control and vice versa.
FLIPS_TO = {"fury": "control", "control": "fury"}


def spend_counters(ua: dict[str, int], token: str, n: int) -> int:
    """Spend up to ``n`` counters of ``token`` from supply; return how many were spent."""
    n = max(0, min(n, ua.get(token, 0)))
    ua[token] -= n
    flipped = FLIPS_TO.get(token, token)
    ua[f"{flipped}_spent"] = ua.get(f"{flipped}_spent", 0) + n
    return n


# ---- Amon Elcela: Damage Control (Danger Level forms) -------------------------------------
CODES = ("code_white", "code_green", "code_yellow", "code_red")


@op("amon_code_shift")
def amon_code_shift(st: BattleconState, frame: OpStep) -> list[Action] | None:
    who = frame.who
    level = CODES.index(st.player(who).form)
    step = 1 if st.beat(who).took_damage else -1
    new = max(0, min(len(CODES) - 1, level + step))
    if new != level:
        st.become_form(who, CODES[new])
    return None


@op("amon_code_black")
def amon_code_black(st: BattleconState, frame: OpStep) -> list[Action] | None:
    level = CODES.index(st.player(frame.who).form)
    if level:
        st.add_bonus(frame.who, "power", 2 * level)
    return None


# ---- Uleyle Kimbhe: Archmage's Staff (one Staff marker) ----------------------------------
def kimbhe_staff(choice: str) -> dict[str, object]:
    """Setup: the Staff starts in Kimbhe's hands."""
    return {"staff": "held", "staff_pos": None}


@op("kimbhe_plant")
def kimbhe_plant(st: BattleconState, frame: OpStep) -> list[Action] | None:
    """Place the Staff on your own space."""
    ua = st.ua(frame.who)
    ua["staff"], ua["staff_pos"] = "board", st.pos(frame.who)
    st.say("marker", f"{st.name(frame.who)} plants the Staff on space {ua['staff_pos'] + 1}.",
           seat=frame.who, marker="staff", space=ua["staff_pos"])
    return None


@op("kimbhe_withdraw")
def kimbhe_withdraw(st: BattleconState, frame: OpStep) -> list[Action] | None:
    ua = st.ua(frame.who)
    if ua["staff"] in ("board", "stolen"):
        ua["staff"], ua["staff_pos"] = "held", None
        st.say("marker", f"{st.name(frame.who)} takes the Staff back.", seat=frame.who,
               marker="staff", space=None)
    return None


@op("kimbhe_blink")
def kimbhe_blink(st: BattleconState, frame: OpStep) -> list[Action] | None:
    """Teleport to a free space next to the planted Staff."""
    who = frame.who
    staff = st.ua(who)["staff_pos"]
    taken = st.occupied()
    spaces = [s for s in (staff - 1, staff, staff + 1) if 0 <= s < st.width and s not in taken]
    if frame.choice is None:
        return [Action(Act.TELEPORT, (s,), f"Teleport to space {s + 1}") for s in spaces] or None
    st.place_fighter(who, frame.choice[0], st.src_name(frame))
    return None


@op("kimbhe_staff_watch")
def kimbhe_staff_watch(st: BattleconState, frame: OpStep) -> list[Action] | None:
    """End: a foe on or next to the planted Staff steals it."""
    who = frame.who
    ua = st.ua(who)
    if ua["staff"] == "board" and abs(st.pos(st.foe(who)) - ua["staff_pos"]) <= 1:
        ua["staff"], ua["staff_pos"] = "stolen", None
        st.say("marker", f"{st.name(st.foe(who))} steals the Staff!", seat=st.foe(who),
               marker="staff", space=None)
    return None


# ---- Lucida Malephaise: Jaws of Malephaise (Rend/Consume tokens) -------------------------
LUCIDA_TOKENS = ("courage", "pain", "spirit", "valor")


def lucida_tokens(choice: str) -> dict[str, object]:
    """Setup: the four tokens start with the opponent, for Lucida to rend."""
    return {"supply": [], "spent": [], "foe": list(LUCIDA_TOKENS)}


def _rend(st: BattleconState, who: int, token: str) -> None:
    ua = st.ua(who)
    ua["foe"].remove(token)
    ua["supply"].append(token)
    st.say("token", f"{st.name(who)} rends {token.capitalize()} from {st.name(st.foe(who))}.",
           seat=who, token=token)


@op("lucida_rend")
def lucida_rend(st: BattleconState, frame: OpStep) -> list[Action] | None:
    who = frame.who
    left = st.ua(who)["foe"]
    if frame.choice is None:
        return [Action(Act.REND, (t,), f"Rend {t.capitalize()}") for t in left] or None
    _rend(st, who, frame.choice[0])
    return None


@op("lucida_rend_all")
def lucida_rend_all(st: BattleconState, frame: OpStep) -> list[Action] | None:
    for token in list(st.ua(frame.who)["foe"]):
        _rend(st, frame.who, token)
    return None


@op("use_token")
def use_token(st: BattleconState, frame: OpStep) -> list[Action] | None:
    """Use a token: its effect comes from the ante's other ops; it goes to depletion."""
    ua = st.ua(frame.who)
    token = frame.op["token"]
    ua["supply"].remove(token)
    ua["spent"].append(token)
    return None


@op("lucida_return")
def lucida_return(st: BattleconState, frame: OpStep) -> list[Action] | None:
    """Recycle: consumed tokens go back to the opponent."""
    ua = st.ua(frame.who)
    if ua["spent"]:
        ua["foe"].extend(ua["spent"])
        st.say("token", f"{', '.join(t.capitalize() for t in ua['spent'])} return to "
               f"{st.name(st.foe(frame.who))}.", seat=frame.who)
        ua["spent"] = []
    return None


@op("lucida_devour")
def lucida_devour(st: BattleconState, frame: OpStep) -> list[Action] | None:
    held = len(st.ua(frame.who)["supply"])
    if held:
        st.regain_life(frame.who, held)
    return None


@op("lucida_feast")
def lucida_feast(st: BattleconState, frame: OpStep) -> list[Action] | None:
    held = len(st.ua(frame.who)["supply"])
    if held:
        st.add_bonus(frame.who, "power", 2 * held)
    return None


@op("lucida_pounce")
def lucida_pounce(st: BattleconState, frame: OpStep) -> list[Action] | None:
    who = frame.who
    n = movement.close_distance(st.pos(who), st.pos(st.foe(who)), len(st.ua(who)["supply"]))
    if st.is_team:
        n = min(len(st.ua(who)["supply"]), team.free_between(st, who))
    if n:
        st.perform_move(who, "advance", n, st.src_name(frame))
    return None


UA_SETUP.update({"kimbhe": kimbhe_staff, "lucida": lucida_tokens})


# ---- Dravil Coldwater: Ebbing Tide (Ice and Steam markers) --------------------------------
def dravil_tide(st: BattleconState, seat: int) -> dict[str, int]:
    """Setup: Ice just off the board on Dravil's starting side, Steam off the other end."""
    left = st.pos(seat) < st.pos(st.foe(seat))
    return {"ice": -1 if left else st.width, "steam": st.width if left else -1}


#: Setup: components that depend on where the fighter stands (by fighter id).
SEAT_SETUP: dict[str, Callable[[BattleconState, int], dict[str, Any]]] = {"dravil": dravil_tide}
TOKEN_NAMES.update({t: t.capitalize() for t in LUCIDA_TOKENS})


# ---- Burgundy Twelve: Color Burn (five Paint markers) -------------------------------------
PAINT_MARKERS = 5


def burgundy_paint(choice: str) -> dict[str, object]:
    return {"paint": []}


@op("paint")
def paint(st: BattleconState, frame: OpStep) -> list[Action] | None:
    """Place a Paint marker (from supply, else moved from the board: your choice)."""
    who = frame.who
    ua = st.ua(who)
    where = frame.op["where"]
    me = st.pos(who)
    if where == "foe":
        targets = [st.pos(st.foe(who))]
    elif where == "self":
        targets = [me]
    else:
        targets = [s for s in (me - 1, me + 1) if 0 <= s < st.width]
    targets = [s for s in targets if s not in ua["paint"]]
    if not targets:
        return None
    full = len(ua["paint"]) >= PAINT_MARKERS
    if frame.choice is None:
        sources = ua["paint"] if full else [None]
        return [Action(Act.PAINT, (t, s), f"Paint space {t + 1}"
                       + (f" (moved from space {s + 1})" if s is not None else ""))
                for t in targets for s in sources]
    target, source = frame.choice
    if source is not None:
        ua["paint"].remove(source)
    ua["paint"].append(target)
    ua["paint"].sort()
    st.say("marker", f"{st.name(who)} splashes Paint on space {target + 1}.", seat=who,
           marker="paint", space=target)
    return None


@op("paint_step")
def paint_step(st: BattleconState, frame: OpStep) -> list[Action] | None:
    who = frame.who
    taken = st.occupied()
    free = [s for s in st.ua(who)["paint"] if s not in taken]
    if frame.choice is None:
        options = [Action(Act.TELEPORT, (s,), f"Teleport to painted space {s + 1}") for s in free]
        return options or None
    st.place_fighter(who, frame.choice[0], st.src_name(frame))
    return None


@op("paint_power")
def paint_power(st: BattleconState, frame: OpStep) -> list[Action] | None:
    n = len(st.ua(frame.who)["paint"])
    if n:
        st.add_bonus(frame.who, "power", n)
    return None


def attack_origins(st: BattleconState, who: int) -> list[int]:
    """Spaces an attack's range is counted from: the fighter, plus Burgundy's Paint."""
    return [st.pos(who), *st.ua(who).get("paint", ())]


UA_SETUP["burgundy"] = burgundy_paint


def _mark_beat(st: BattleconState, who: int) -> None:
    """Record that this fighter's once-per-beat UA ante was used this beat."""
    st.ua(who)["last_beat"] = st.beat_no


# ---- Trias Blackwind: Embellish (six Embellishment cards) ---------------------------------
EMBELLISHMENTS = {"heavens": "+ from the Heavens!", "ages": "+ of the Ages!",
                  "style": "+ With Style!", "perfectly": "Perfectly +", "super": "Super +",
                  "truly": "Truly +"}


def trias_tales(choice: str) -> dict[str, object]:
    return {"ready": list(EMBELLISHMENTS), "told": [], "last_beat": 0}


@op("embellish")
def embellish(st: BattleconState, frame: OpStep) -> list[Action] | None:
    ua = st.ua(frame.who)
    card = frame.op["card"]
    ua["ready"].remove(card)
    ua["told"].append(card)
    _mark_beat(st, frame.who)
    return None


@op("trias_retell")
def trias_retell(st: BattleconState, frame: OpStep) -> list[Action] | None:
    ua = st.ua(frame.who)
    ua["ready"], ua["told"] = [c for c in EMBELLISHMENTS], []
    st.say("tale", f"{st.name(frame.who)} gathers the Embellishments back.")
    return None


@op("trias_recall")
def trias_recall(st: BattleconState, frame: OpStep) -> list[Action] | None:
    ua = st.ua(frame.who)
    if frame.choice is None:
        return [Action(Act.RECALL, (c,), f"Take back {EMBELLISHMENTS[c]}") for c in ua["told"]]
    card = frame.choice[0]
    ua["told"].remove(card)
    ua["ready"].append(card)
    return None


# ---- Dareios Kuel: Dipsomania (five Drink cards) ----------------------------------------
DRINKS = ("aqueous_arbor", "emeraldabier", "tea_transcendent", "vustasi_vapor", "zocean_zudd")


def dareios_drinks(choice: str) -> dict[str, object]:
    return {"drinks": list(DRINKS), "active": [], "finished": [], "last_beat": 0}


def _drink(st: BattleconState, who: int, card: str) -> None:
    ua = st.ua(who)
    ua["drinks"].remove(card)
    ua["active"].append(card)
    st.say("drink", f"{st.name(who)} drinks {st.card_name(card)}.", seat=who, card=card)


@op("drink")
def drink(st: BattleconState, frame: OpStep) -> list[Action] | None:
    _drink(st, frame.who, frame.op["card"])
    _mark_beat(st, frame.who)
    return None


@op("drink_all")
def drink_all(st: BattleconState, frame: OpStep) -> list[Action] | None:
    for card in list(st.ua(frame.who)["drinks"]):
        _drink(st, frame.who, card)
    return None


@op("dareios_sober")
def dareios_sober(st: BattleconState, frame: OpStep) -> list[Action] | None:
    ua = st.ua(frame.who)
    ua["finished"] += ua["active"]
    ua["active"] = []
    return None


@op("spill_drink")
def spill_drink(st: BattleconState, frame: OpStep) -> list[Action] | None:
    """[Opponent] ante: the first of Dareios' untouched Drinks is knocked over (trashed)."""
    dareios = st.foe(frame.who)
    ua = st.ua(dareios)
    card = ua["drinks"].pop(0)
    ua["finished"].append(card)
    st.say("drink", f"{st.name(frame.who)} knocks over {st.card_name(card)}.",
           seat=frame.who, card=card)
    return None


@op("ether_power")
def ether_power(st: BattleconState, frame: OpStep) -> list[Action] | None:
    n = len(st.ua(frame.who)["finished"])
    if n:
        st.add_bonus(frame.who, "power", n)
    return None


UA_SETUP.update({"trias": trias_tales, "dareios": dareios_drinks})
