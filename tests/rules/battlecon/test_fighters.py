"""Fighters' kits: the worked example, Unique Abilities and their special materials."""

from rules.core import Action
from tests.rules.battlecon.duel import duel, give, play_beat, texts


def _choose(word: str):
    def choose(st, options):
        return next((a for a in options if word in a.label), options[0])
    return choose


def test_soaring_shot_is_1_5_2_3_2():
    """Attack Pairs worked example: Soaring Shot has 1~5 Range, 2 Power, 3 Priority, 2 Guard."""
    st = duel("cindra", "wardlaw")
    st.player(0)["pair"] = {"style": "soaring", "base": "shot"}
    stats = st.stats(0)
    assert (stats.range, stats.power, stats.priority, stats.guard) == ((1, 5), 2, 3, 2)
    assert stats.text() == "1~5 / 2 / 3 / 2"


# ---- Amon: Damage Control ------------------------------------------------------------
def test_amon_danger_level_rises_after_damage_and_falls_without():
    """Damage Control: End of beat, up one level if Amon took damage, else down one."""
    st = duel("amon", "wardlaw")
    assert st.player(0)["form"] == "code_white"
    play_beat(st, (("containment", "burst"), ("charging", "drive")))
    assert st.player(0)["life"] < 20 and st.player(0)["form"] == "code_green"
    play_beat(st, (("high_alert", "dodge"), ("smackdown", "dodge")))
    assert st.player(0)["form"] == "code_white"


def test_code_yellow_adds_guard_and_armor():
    """Forms: an active Form's stats apply to every attack (Code Yellow: +2 Guard, Armor 1)."""
    st = duel("amon", "wardlaw")
    st.player(0)["form"] = "code_yellow"
    st.player(0)["pair"] = {"style": "containment", "base": "strike"}
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
    assert st.player(0)["life"] == 20 - (3 - 2)


def test_damage_cap_limits_one_hit():
    """'You cannot take more than X damage at a time' (Regulation caps each hit at 3)."""
    st = duel("amon", "wardlaw")
    play_beat(st, (("regulation", "drive"), ("massive", "strike")), choose=_choose("Advance 1"))
    assert st.player(0)["life"] == 17


# ---- Cindra: Rebirth -----------------------------------------------------------------
def test_rebirth_turns_every_style_into_its_phoenix_style():
    """Rebirth: at End with 10 life or less, Cindra becomes Phoenix Form and each Style,
    wherever it lies, is replaced by its Phoenix Style."""
    st = duel("cindra", "wardlaw")
    st.player(0)["life"] = 10
    play_beat(st, (("rising", "dodge"), ("smackdown", "dodge")))
    pl = st.player(0)
    assert pl["form"] == "phoenix_form"
    everywhere = pl["hand"] + pl["discard1"] + pl["discard2"]
    assert "perilous" in pl["discard1"] and "rising" not in everywhere
    assert {"ember", "kindled", "luminary", "smoldering"} <= set(everywhere)
    assert not st.invariant_violations()


def test_storm_rekindled_is_a_lasting_status():
    """Status Effect Cards: Storm Rekindled keeps giving +1 Power in later beats."""
    st = duel("cindra", "wardlaw")
    st.player(0)["statuses"].append("storm_rekindled")
    st.player(0)["pair"] = {"style": "soaring", "base": "shot"}
    assert st.stats(0).power == 3


# ---- Kimbhe: Archmage's Staff --------------------------------------------------------
def test_staff_in_hand_gives_power_and_planted_gives_range():
    """Archmage's Staff: +1 Power while held; planted on the board, +0~2 Range instead."""
    st = duel("kimbhe", "wardlaw")
    st.player(0)["pair"] = {"style": "quake", "base": "caster"}
    assert st.stats(0).power == 5 and st.stats(0).range == (2, 3)
    st.ua(0)["staff"], st.ua(0)["staff_pos"] = "board", 2
    assert st.stats(0).power == 4 and st.stats(0).range == (2, 5)


def test_foe_next_to_the_planted_staff_steals_it_and_a_hit_takes_it_back():
    """Archmage's Staff: a foe ending a beat next to the planted Staff steals it (and gains
    +1 Power); Kimbhe's hit on the thief takes it back."""
    st = duel("kimbhe", "wardlaw")
    play_beat(st, (("quake", "dodge"), ("charging", "shot")), choose=_choose("Advance 1"))
    assert st.ua(0)["staff"] == "stolen"
    st.player(1)["pair"] = {"style": "charging", "base": "strike"}
    assert st.stats(1).power == 4 + 1 + 1
    st.player(1)["pair"] = None
    play_beat(st, (("expulsion", "strike"), ("massive", "shot")))
    assert st.ua(0)["staff"] == "held"


# ---- Lucida: Jaws of Malephaise -------------------------------------------------------
def test_lucida_rends_a_token_on_damage_and_saps_the_foe():
    """Jaws of Malephaise: damage rends a token from the foe; a held token saps the foe."""
    st = duel("lucida", "wardlaw")
    play_beat(st, (("corrosive", "drive"), ("massive", "shot")), choose=_choose("Rend Pain"))
    assert st.ua(0)["supply"] == ["pain"] and "pain" not in st.ua(0)["foe"]
    st.player(1)["pair"] = {"style": "massive", "base": "strike"}
    assert st.stats(1).power == 4 + 2 - 1


def test_lucida_consumes_a_token_at_ante_and_it_returns_at_recycle():
    """Tokens: Use during Ante gives the effect and depletes the token; at Recycle the
    consumed token goes back to the opponent."""
    st = duel("lucida", "wardlaw")
    st.ua(0)["foe"].remove("spirit")
    st.ua(0)["supply"].append("spirit")
    for p, pair in ((0, ("insatiable", "shot")), (1, ("massive", "shot"))):
        give(st, p, *pair)
        st.apply(p, Action("set", pair))
    st.apply(0, Action("ua_ante", ("own", 2)))
    assert st.beat(0)["bonus"]["priority"] == 2 and st.ua(0)["spent"] == ["spirit"]
    st.apply(1, Action("pass"))
    assert Action("ua_ante", ("own", 2)) not in st.legal_actions(0)
    st.apply(0, Action("pass"))
    while st.s["phase"] == "resolve":
        p = st.decision().players[0]
        st.apply(p, st.legal_actions(p)[0])
    assert "spirit" in st.ua(0)["foe"] and st.ua(0)["spent"] == []


def test_vulnerable_foe_has_no_armor_or_guard():
    """Vulnerable: the opponent's Armor and Guard are ignored; any damage stuns."""
    st = duel("lucida", "wardlaw")
    events = play_beat(st, (("corrosive", "drive"), ("massive", "strike")))
    assert st.player(1)["life"] == 16
    assert any("Wardlaw is stunned" in t for t in texts(events))


def test_ignore_armor_is_not_used_up():
    """Ignore Armor: the target's Armor counts as 0 and is not consumed."""
    st = duel("lucida", "wardlaw")
    play_beat(st, (("sharpened", "drive"), ("massive", "shot")))
    assert st.player(1)["life"] == 15
