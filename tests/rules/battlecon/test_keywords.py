"""Other Effects & Keywords (rulebook section of that name)."""

from rules.battlecon import beat
from rules.battlecon.frames import OpStep
from rules.battlecon.kinds import Act
from rules.battlecon.ops import OPS
from rules.core import Action
from tests.rules.battlecon.duel import duel


def _op(st, who, **op):
    frame = OpStep(who=who, src="strike", op=op)
    options = OPS[op["op"]](st, frame)
    return frame, options


def test_chip_cannot_reduce_life_below_one():
    """Chip X: life loss that is not damage and never drops a fighter below 1."""
    st = duel(two={"life": 2})
    _op(st, 0, op="chip", n=5)
    assert st.player(1).life == 1 and not st.beat(1).stunned


def test_regained_life_never_exceeds_starting_life():
    """Regain Life: total life never exceeds the starting life."""
    st = duel(one={"life": 19})
    _op(st, 0, op="regain_life", n=3)
    assert st.player(0).life == 20


def test_stat_becomes_x_overrides_every_bonus():
    """Stat becomes X: the whole stat is X, ignoring printed values and bonuses."""
    st = duel(one={"pair": ["charging", "strike"]})
    st.add_bonus(0, "priority", 2)
    _op(st, 0, op="stat_becomes", stat="priority", value=1)
    assert st.stats(0).priority == 1


def test_fixed_stat_ignores_modifiers():
    """Fixed Stat (*): the starred side alone defines the stat."""
    st = duel(one={"pair": ["charging", "strike"]})
    fixed = dict(st.content.cards["strike"], fixed=["power"])
    st.content.cards["strike"], original = fixed, st.content.cards["strike"]
    try:
        st.add_bonus(0, "power", 3)
        assert st.stats(0).power == 4
    finally:
        st.content.cards["strike"] = original


def test_na_range_never_hits_and_na_power_deals_no_damage():
    """N/A Range or Power: N/A range cannot hit; N/A power deals no damage."""
    st = duel(one={"pair": ["charging", "dodge"]})
    assert st.stats(0).range is None and st.stats(0).power is None


def test_stun_immunity_beats_a_stun_effect():
    """Cannot vs Do / Stun Immunity: 'cannot be stunned' wins over 'is stunned'."""
    st = duel(two={"pair": ["charging", "strike"]})
    _op(st, 1, op="stun_immunity")
    _op(st, 0, op="stun_opponent")
    assert not st.beat(1).stunned


def test_a_fighter_is_stunned_only_once():
    """You/Opponent is Stunned: a second stun has no further effect."""
    st = duel(two={"pair": ["charging", "strike"]})
    _op(st, 0, op="stun_opponent")
    _op(st, 0, op="stun_opponent")
    assert st.beat(1).stunned


def test_become_active_player():
    """Become Active Player: the fighter takes the Active Player status."""
    st = duel(active=1)
    _op(st, 0, op="become_active")
    assert st.active == 0


def test_teleport_skips_the_spaces_between():
    """Teleport: straight to a space, never onto another fighter."""
    st = duel()
    frame, options = _op(st, 0, op="teleport", ranges=[1])
    spaces = sorted(a.args[0] for a in options)
    assert spaces == [3, 5]
    frame.choice = [5]
    OPS["teleport"](st, frame)
    assert st.pos(0) == 5 and st.beat(0).moved


def test_push_or_pull_against_the_wall_offers_only_the_pull():
    """Movement example: Push or Pull 1 with the foe at the wall: only Pull 1 is legal."""
    st = duel(one={"space": 6}, two={"space": 7})
    _, options = _op(st, 0, op="push_or_pull", n=[1])
    assert options == [Action(Act.MOVE, ("pull", 1))]


def test_impossible_movement_is_ignored():
    """Movement: if no legal movement exists the effect is ignored entirely."""
    st = duel(one={"space": 1})
    _, options = _op(st, 0, op="retreat", n=[1, 2])
    assert options is None and st.pos(0) == 0


def test_life_cannot_fall_below_one_prevents_the_damage():
    """'Your life cannot fall below 1': the excess damage is prevented and does not stun."""
    st = duel(one={"pair": ["charging", "strike"]},
              two={"life": 3, "pair": ["charging", "drive"]})
    _op(st, 1, op="life_floor")
    beat.deal_damage(st, 0, 1)
    assert st.player(1).life == 1
    assert st.beat(1).stunned  # 2 damage still exceeds Guard 0
    assert st.outcome() is None
