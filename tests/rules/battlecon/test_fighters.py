"""Fighters' kits: the worked example, Unique Abilities and their special materials."""

from rules.battlecon.frames import OpStep
from rules.battlecon.kinds import Act, Phase
from rules.battlecon.model import Pair
from rules.battlecon.ops import OPS
from rules.core import Action
from tests.rules.battlecon.duel import duel, play_beat, texts


def _choose(word: str):
    def choose(st, options):
        return next((a for a in options if word in a.label), options[0])
    return choose


def test_soaring_shot_is_1_5_2_3_2():
    """Attack Pairs worked example: Soaring Shot has 1~5 Range, 2 Power, 3 Priority, 2 Guard."""
    st = duel("cindra", "wardlaw", one={"pair": ["soaring", "shot"]})
    stats = st.stats(0)
    assert (stats.range, stats.power, stats.priority, stats.guard) == ((1, 5), 2, 3, 2)
    assert stats.text() == "1~5 / 2 / 3 / 2"


# ---- Amon: Damage Control ------------------------------------------------------------
def test_amon_danger_level_rises_after_damage_and_falls_without():
    """Damage Control: End of beat, up one level if Amon took damage, else down one."""
    st = duel("amon", "wardlaw")
    assert st.player(0).form == "code_white"
    play_beat(st, (("containment", "burst"), ("charging", "drive")))
    assert st.player(0).life < 20 and st.player(0).form == "code_green"
    play_beat(st, (("high_alert", "dodge"), ("smackdown", "dodge")))
    assert st.player(0).form == "code_white"


def test_code_yellow_adds_guard_and_armor():
    """Forms: an active Form's stats apply to every attack (Code Yellow: +2 Guard, Armor 1)."""
    st = duel("amon", "wardlaw", one={"form": "code_yellow", "pair": ["containment", "strike"]})
    assert st.stats(0).guard == 5 + 1 + 2
    assert st.total_bonus(0)["armor"] == 1


def test_in_time_trigger_follows_the_hit_triggers():
    """In-Time Triggers: 'when you are hit' happens after the Hit triggers, before damage."""
    st = duel("amon", "wardlaw")
    events = play_beat(st, (("deflection", "strike"), ("charging", "grasp")))
    lines = texts(events)
    push = next(i for i, t in enumerate(lines) if "Grasp: Push or Pull 1" in t)
    shield = next(i for i, t in enumerate(lines) if "Deflection: When you are hit" in t)
    damage = next(i for i, t in enumerate(lines) if "Amon takes" in t)
    assert push < shield < damage
    assert st.player(0).life == 20 - (3 - 2)


def test_damage_cap_limits_one_hit():
    """'You cannot take more than X damage at a time' (Regulation caps each hit at 3)."""
    st = duel("amon", "wardlaw")
    play_beat(st, (("regulation", "drive"), ("massive", "strike")), choose=_choose("Advance 1"))
    assert st.player(0).life == 17


# ---- Cindra: Rebirth -----------------------------------------------------------------
def test_rebirth_turns_every_style_into_its_phoenix_style():
    """Rebirth: at End with 10 life or less, Cindra becomes Phoenix Form and each Style,
    wherever it lies, is replaced by its Phoenix Style."""
    st = duel("cindra", "wardlaw", one={"life": 10})
    play_beat(st, (("rising", "dodge"), ("massive", "dodge")))
    pl = st.player(0)
    assert pl.form == "phoenix_form"
    everywhere = pl.hand + pl.discard1 + pl.discard2
    assert "perilous" in pl.discard1 and "rising" not in everywhere
    assert {"ember", "kindled", "luminary", "smoldering"} <= set(everywhere)
    assert not st.invariant_violations()


def test_storm_rekindled_is_a_lasting_status():
    """Status Effect Cards: Storm Rekindled keeps giving +1 Power in later beats."""
    st = duel("cindra", "wardlaw",
              one={"statuses": ["storm_rekindled"], "pair": ["soaring", "shot"]})
    assert st.stats(0).power == 3


# ---- Kimbhe: Archmage's Staff --------------------------------------------------------
def test_staff_in_hand_gives_power_and_planted_gives_range():
    """Archmage's Staff: +1 Power while held; planted on the board, +0~2 Range instead."""
    st = duel("kimbhe", "wardlaw", one={"pair": ["quake", "caster"]})
    assert st.stats(0).power == 5 and st.stats(0).range == (2, 3)
    st = duel("kimbhe", "wardlaw", one={"pair": ["quake", "caster"], "staff": 3})
    assert st.stats(0).power == 4 and st.stats(0).range == (2, 5)


def test_foe_next_to_the_planted_staff_steals_it_and_a_hit_takes_it_back():
    """Archmage's Staff: a foe ending a beat next to the planted Staff steals it (and gains
    +1 Power); Kimbhe's hit on the thief takes it back."""
    st = duel("kimbhe", "wardlaw")
    play_beat(st, (("quake", "dodge"), ("charging", "shot")), choose=_choose("Advance 1"))
    assert st.ua(0)["staff"] == "stolen"
    st.player(1).pair = Pair(style="charging", base="strike")
    assert st.stats(1).power == 4 + 1 + 1
    st.player(1).pair = None
    play_beat(st, (("expulsion", "strike"), ("massive", "shot")))
    assert st.ua(0)["staff"] == "held"


# ---- Lucida: Jaws of Malephaise -------------------------------------------------------
def test_lucida_rends_a_token_on_damage_and_saps_the_foe():
    """Jaws of Malephaise: damage rends a token from the foe; a held token saps the foe."""
    st = duel("lucida", "wardlaw")
    play_beat(st, (("corrosive", "drive"), ("massive", "shot")), choose=_choose("Rend Pain"))
    assert st.ua(0)["supply"] == ["pain"] and "pain" not in st.ua(0)["foe"]
    st.player(1).pair = Pair(style="massive", base="strike")
    assert st.stats(1).power == 4 + 2 - 1


def test_lucida_consumes_a_token_at_ante_and_it_returns_at_recycle():
    """Tokens: Use during Ante gives the effect and depletes the token; at Recycle the
    consumed token goes back to the opponent."""
    st = duel("lucida", "wardlaw", one={"tokens": ["spirit"], "pair": ["insatiable", "shot"]},
              two={"pair": ["massive", "shot"]})
    st.apply(0, Action(Act.UA_ANTE, ("own", 2)))
    assert st.beat(0).bonus["priority"] == 2 and st.ua(0)["spent"] == ["spirit"]
    st.apply(1, Action(Act.PASS))
    assert Action(Act.UA_ANTE, ("own", 2)) not in st.legal_actions(0)
    st.apply(0, Action(Act.PASS))
    while st.phase == Phase.RESOLVE:
        p = st.decision().players[0]
        st.apply(p, st.legal_actions(p)[0])
    assert "spirit" in st.ua(0)["foe"] and st.ua(0)["spent"] == []


def test_vulnerable_foe_has_no_armor_or_guard():
    """Vulnerable: the opponent's Armor and Guard are ignored; any damage stuns."""
    st = duel("lucida", "wardlaw")
    events = play_beat(st, (("corrosive", "drive"), ("massive", "strike")))
    assert st.player(1).life == 16
    assert any("Wardlaw is stunned" in t for t in texts(events))


def test_ignore_armor_is_not_used_up():
    """Ignore Armor: the target's Armor counts as 0 and is not consumed."""
    st = duel("lucida", "wardlaw")
    play_beat(st, (("sharpened", "drive"), ("massive", "shot")))
    assert st.player(1).life == 20 - (2 + 3)  # Massive's Armor 2 does not count


# ---- Dravil: Ebbing Tide -------------------------------------------------------------
def test_dravil_is_in_ice_form_between_the_foe_and_ice():
    """Ebbing Tide: Ice stands off Dravil's starting side; between the foe and Ice he is in
    Ice Form, between the foe and Steam in Steam Form."""
    from rules.battlecon.conditions import tide

    st = duel("dravil", "wardlaw")
    assert st.ua(0)["ice"] == -1 and st.ua(0)["steam"] == 7
    assert tide(st, 0) == "ice"
    st = duel("dravil", "wardlaw", one={"space": 6})
    assert st.ua(0)["ice"] == -1 and tide(st, 0) == "steam"


def test_frozen_gives_armor_only_in_ice_form():
    """Ebbing Tide: Ice triggers fire only in Ice Form (Frozen: Ice, Armor 2)."""
    st = duel("dravil", "wardlaw")
    play_beat(st, (("frozen", "strike"), ("charging", "drive")), choose=_choose("Advance 1"))
    assert st.player(0).life == 20 - (1 + 3 - 2)


# ---- Burgundy: Color Burn ------------------------------------------------------------
def test_paint_extends_where_burgundy_attacks_from():
    """Color Burn: an attack's Range also counts from every painted space."""
    st = duel("burgundy", "wardlaw", one={"paint": [6]}, two={"space": 7})
    events = play_beat(st, (("scarlet", "strike"), ("massive", "shot")))
    assert any("Scarlet Strike hits" in t for t in texts(events))


def test_sixth_paint_moves_one_from_the_board():
    """Place: with the supply empty, a marker is taken from the board instead."""
    st = duel("burgundy", "wardlaw", one={"paint": [1, 2, 4, 6, 7]})
    frame = OpStep(who=0, src="graphic", op={"op": "paint", "where": "self"})
    options = OPS["paint"](st, frame)
    assert {a.args[1] for a in options} == {0, 1, 3, 5, 6}
    frame.choice = [2, 6]
    OPS["paint"](st, frame)
    assert st.ua(0)["paint"] == [0, 1, 2, 3, 5]


# ---- Trias: Embellish ----------------------------------------------------------------
def test_trias_embellishes_once_per_beat():
    """Embellish: one untold Embellishment per beat, at Ante (a Limited ante)."""
    st = duel("trias", "wardlaw", one={"pair": ["awesome", "ballad"]},
              two={"pair": ["massive", "shot"]})
    st.apply(0, Action(Act.UA_ANTE, ("own", 4)))
    assert st.beat(0).bonus["power"] == 1
    st.apply(1, Action(Act.PASS))
    assert not any(a.kind == Act.UA_ANTE for a in st.legal_actions(0))
    assert st.ua(0)["told"] == ["super"]


# ---- Dareios: Dipsomania ---------------------------------------------------------------
def test_drink_is_active_for_the_beat_then_finished():
    """Special Cards: an active Drink applies to the attack; it is trashed at Recycle."""
    st = duel("dareios", "wardlaw", one={"pair": ["slurred", "keg"]},
              two={"pair": ["smackdown", "dodge"]})
    st.apply(0, Action(Act.UA_ANTE, ("own", 1)))
    assert st.stats(0).power == 1 + 4 + 2
    st.apply(1, Action(Act.PASS))
    st.apply(0, Action(Act.PASS))
    while st.phase == Phase.RESOLVE:
        p = st.decision().players[0]
        st.apply(p, st.legal_actions(p)[0])
    assert st.ua(0)["finished"] == ["emeraldabier"] and st.ua(0)["active"] == []


def test_opponent_ante_is_offered_to_the_opponent_only():
    """[Opponent] antes: the fighter's foe may use them; the fighter never can."""
    st = duel("dareios", "wardlaw", one={"pair": ["slurred", "keg"]},
              two={"pair": ["massive", "dodge"]})
    assert not any("[Opponent]" in a.label for a in st.legal_actions(0))
    st.apply(0, Action(Act.PASS))
    spill = Action(Act.UA_ANTE, ("foe", 0))
    assert spill in st.legal_actions(1)
    st.apply(1, spill)
    assert st.player(1).force == 1 and len(st.ua(0)["drinks"]) == 4
    st.apply(0, Action(Act.PASS))
    assert spill not in st.legal_actions(1)


def _with_cards(st, **cards):
    """A copy of the duel whose content also holds the given test cards."""
    from dataclasses import replace

    out = st.clone()
    out.content = replace(st.content, cards={**st.content.cards, **cards})
    return out


def _card(kind, rng, power=0, priority=0, guard=0):
    return {"name": "x", "kind": kind, "range": rng, "power": power, "priority": priority,
            "guard": guard}


def test_range_worked_examples_add_minimum_and_maximum_separately():
    """Styles and Bases: Range 0~3 + Range 2~3 = 2~6, and Range 3 + Range 0~1 = 3~4."""
    st = _with_cards(duel(), s03=_card("style", [0, 3]), b23=_card("base", [2, 3]),
                     s01=_card("style", [0, 1]), b3=_card("base", [3, 3]))
    st.player(0).pair = Pair(style="s03", base="b23")
    assert st.stats(0).range == (2, 6)
    st.player(0).pair = Pair(style="s01", base="b3")
    assert st.stats(0).range == (3, 4)


def test_example_attack_pairs_match_the_standard_bases():
    """Example Attack Pairs: Barbed Grasp 1~2/2/6/0, Experienced Strike 3~4/6/4/6 and
    Fracturing Drive 1~2/6/4/0 come out of our Grasp, Strike and Drive with the styles'
    implied modifiers (+0~1/+0/+1/+0, +2~3/+2/+1/+1, +0~1/+3/+0/+0)."""
    st = _with_cards(duel(), barbed=_card("style", [0, 1], 0, 1, 0),
                     experienced=_card("style", [2, 3], 2, 1, 1),
                     fracturing=_card("style", [0, 1], 3, 0, 0))
    for style, base, text in (("barbed", "grasp", "1~2 / 2 / 6 / 0"),
                              ("experienced", "strike", "3~4 / 6 / 4 / 6"),
                              ("fracturing", "drive", "1~2 / 6 / 4 / 0")):
        st.player(0).pair = Pair(style=style, base=base)
        assert st.stats(0).text() == text
