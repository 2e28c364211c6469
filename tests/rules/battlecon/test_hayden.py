"""Hayden Morgan's Breaking Point (content-notes: Hayden's kit)."""

from rules.battlecon.kinds import Act
from rules.core import Action
from tests.rules.battlecon.duel import duel, play_beat, texts


def _choose(word: str):
    def choose(st, options):
        return next((a for a in options if word in a.label), options[0])
    return choose


def test_breaking_point_setup_gives_two_and_two_plus_one_chosen():
    """Breaking Point setup: 2 Fury, 2 Control, one more of the chosen side."""
    st = duel("hayden", "hayden", extra=("fury", "control"))
    assert (st.ua(0)["fury"], st.ua(0)["control"]) == (3, 2)
    assert (st.ua(1)["fury"], st.ua(1)["control"]) == (2, 3)


def test_spent_counter_flips_and_recycle_regains_all():
    """Breaking Point: a spent counter flips to its other side; Recycle regains them all."""
    st = duel("hayden", "wardlaw", extra=("fury", "fury"))
    st.spend_tokens(0, "fury", 2)
    assert st.ua(0)["fury"] == 1 and st.ua(0)["control_spent"] == 2
    play_beat(st, (("reckless", "dodge"), ("massive", "shot")), choose=_choose("Retreat"))
    assert st.ua(0)["fury_spent"] == 0 and st.ua(0)["control_spent"] == 0
    assert st.ua(0)["fury"] + st.ua(0)["control"] == 5


def test_reckless_spends_three_fury_for_four_power():
    """Reckless: with more Fury than Control, spend 3 Fury for +4 Power."""
    st = duel("hayden", "wardlaw", extra=("fury", "fury"), one={"pair": ["reckless", "strike"]},
              two={"pair": ["massive", "shot"]})
    st.apply(0, Action(Act.PASS))
    st.apply(1, Action(Act.PASS))
    assert st.beat(0).bonus["power"] == 4 and st.ua(0)["fury"] == 0


def test_telekinetic_shot_adds_both_cards():
    """Attack Pairs: stats add side by side (Telekinetic +1~3/+1/+1/+0 with Shot 1~4/3/2/2)."""
    st = duel("hayden", "wardlaw", one={"pair": ["telekinetic", "shot"]})
    assert st.stats(0).text() == "2~7 / 4 / 3 / 2"


def test_versatile_strike_adds_a_range_modifier_to_a_single_range():
    """Attack Pairs: a single Range is both min and max (Strike 1 with +1~2 gives 2~3)."""
    st = duel("hayden", "wardlaw", one={"pair": ["versatile", "strike"]})
    assert st.stats(0).range == (2, 3)


def test_owner_orders_two_start_triggers_and_may_skip_the_optional_one():
    """Triggered Effects: the owner orders same-timing triggers; Optional ones may be skipped."""
    st = duel("hayden", "wardlaw", extra=("control", "fury"),
              one={"pair": ["versatile", "potential"]}, two={"pair": ["massive", "shot"]})
    st.apply(0, Action(Act.PASS))
    st.apply(1, Action(Act.PASS))
    while st.decision().players != (0,) or not any(
            a.kind == "trigger" for a in st.legal_actions(0)):
        p = st.decision().players[0]
        st.apply(p, st.legal_actions(p)[0])
    labels = [a.label for a in st.legal_actions(0)]
    assert any(lb.startswith("Use Versatile") for lb in labels)
    assert any(lb.startswith("Use Potential") for lb in labels)
    assert any(lb.startswith("Skip Versatile") for lb in labels)
    assert not any(lb.startswith("Skip Potential") for lb in labels)


def test_conditional_trigger_needs_its_condition():
    """Conditionals: Latent's Before trigger ('if you were hit') comes up only after a hit."""
    st = duel("hayden", "wardlaw")
    events = play_beat(st, (("latent", "shot"), ("smackdown", "dodge")), choose=_choose("Use"))
    assert not any("Latent:" in t for t in texts(events))
    st = duel("hayden", "wardlaw")
    events = play_beat(st, (("latent", "shot"), ("charging", "shot")), choose=_choose("Use"))
    assert any("Hayden — Latent:" in t for t in texts(events))


def test_telekinetic_hit_pulls_one_per_control_spent():
    """Telekinetic: Hit, spend any Control to Pull 1 per Control (one summed Pull)."""
    st = duel("hayden", "wardlaw", extra=("control", "fury"))
    events = play_beat(st, (("telekinetic", "shot"), ("massive", "shot")),
                       choose=_choose("Spend 2 Control"))
    assert any("pulls Wardlaw 2" in t for t in texts(events))
    # the two spent Control flipped to Fury and came back at Recycle
    assert (st.ua(0)["fury"], st.ua(0)["control"]) == (4, 1)
