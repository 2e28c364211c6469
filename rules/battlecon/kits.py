"""Fighters' odd effects: small named ops that the data files call by name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rules.battlecon import movement
from rules.battlecon.effects import Frame, op
from rules.core.actions import Action

if TYPE_CHECKING:
    from rules.battlecon.state import BattleconState


# ---- Hayden Morgan: Breaking Point (Fury / Control counters) ------------------------------
def hayden_counters(choice: str) -> dict[str, int]:
    """Setup: 2 Fury and 2 Control, plus one more of the chosen side."""
    fury = 2 + (choice == "fury")
    control = 2 + (choice == "control")
    return {"fury": fury, "control": control, "fury_spent": 0, "control_spent": 0}


@op("hayden_regain")
def hayden_regain(st: BattleconState, frame: Frame) -> list[Action] | None:
    ua = st.ua(frame["who"])
    ua["fury"] += ua["fury_spent"]
    ua["control"] += ua["control_spent"]
    ua["fury_spent"] = ua["control_spent"] = 0
    return None


@op("hayden_spend_any")
def hayden_spend_any(st: BattleconState, frame: Frame) -> list[Action] | None:
    ua = st.ua(frame["who"])
    if frame.get("choice") is None:
        return [
            Action("spend", (f, c), f"Spend {f} Fury and {c} Control")
            for f in range(ua["fury"] + 1)
            for c in range(ua["control"] + 1)
        ]
    fury, control = frame["choice"]
    st.spend_tokens(frame["who"], "fury", fury)
    st.spend_tokens(frame["who"], "control", control)
    return None


@op("latent_unleash")
def latent_unleash(st: BattleconState, frame: Frame) -> list[Action] | None:
    who = frame["who"]
    ua = st.ua(who)
    fury, control = ua["fury"], ua["control"]
    st.spend_tokens(who, "fury", fury)
    st.spend_tokens(who, "control", control)
    if fury:
        st.add_bonus(who, "power", fury)
    close = movement.close_distance(st.pos(who), st.pos(st.foe(who)), control)
    if close:
        st.perform_move(who, "advance", close, st.src_name(frame))
    return None


@op("reckless_surge")
def reckless_surge(st: BattleconState, frame: Frame) -> list[Action] | None:
    who = frame["who"]
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
def telekinetic_throw(st: BattleconState, frame: Frame) -> list[Action] | None:
    who = frame["who"]
    ua = st.ua(who)
    me, foe = st.pos(who), st.pos(st.foe(who))
    if frame.get("choice") is None:
        options = [Action("throw", ("none", 0), "Spend nothing")]
        for n in range(1, ua["control"] + 1):
            if movement.pull(me, foe, n, st.width) is not None:
                options.append(Action("throw", ("pull", n), f"Spend {n} Control: Pull {n}"))
        for n in range(1, ua["fury"] + 1):
            if movement.push(me, foe, n, st.width) is not None:
                options.append(Action("throw", ("push", n), f"Spend {n} Fury: Push {n}"))
        return options
    kind, n = frame["choice"]
    if n:
        st.spend_tokens(who, "control" if kind == "pull" else "fury", n)
        st.perform_move(who, kind, n, st.src_name(frame))
    return None


@op("potential_focus")
def potential_focus(st: BattleconState, frame: Frame) -> list[Action] | None:
    ua = st.ua(frame["who"])
    if ua["fury"] + ua["fury_spent"] > ua["control"] + ua["control_spent"]:
        st.add_bonus(frame["who"], "power", 2)
    else:
        st.add_bonus(frame["who"], "range", [0, 2])
    return None


@op("hemorrhage_bleed")
def hemorrhage_bleed(st: BattleconState, frame: Frame) -> list[Action] | None:
    who = frame["who"]
    fury = st.ua(who)["fury"]
    st.spend_tokens(who, "fury", fury)
    if fury:
        st.add_bonus(who, "power", 3 * fury)
    return None


@op("total_control_grip")
def total_control_grip(st: BattleconState, frame: Frame) -> list[Action] | None:
    who = frame["who"]
    control = st.ua(who)["control"]
    st.spend_tokens(who, "control", control)
    if control:
        st.add_bonus(who, "power", control)
        if movement.pull(st.pos(who), st.pos(st.foe(who)), control, st.width) is not None:
            st.perform_move(who, "pull", control, st.src_name(frame))
    st.stun(st.foe(who), st.src_name(frame))
    return None


UA_SETUP = {"hayden": hayden_counters}
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
