"""The beat (rulebook: Game Setup, Play Sequence, Recycle, Time Over, Defeat)."""

import pytest

from rules.battlecon import beat
from rules.battlecon.frames import Attack
from rules.battlecon.kinds import Act, Phase
from rules.battlecon.model import Pair
from rules.battlecon.state import BattleconState
from rules.core import Action, IllegalAction
from tests.rules.battlecon.duel import duel, give, play_beat, texts


def _pick(word: str):
    """A chooser that takes the first option whose label contains ``word``."""
    def choose(st: BattleconState, options: list[Action]) -> Action:
        return next((a for a in options if word in a.label), options[0])
    return choose


def test_setup_places_standups_on_third_and_fifth_spaces():
    """Board Setup: standups on spaces 3 and 5, 20 life, two Force each from the pool of 45."""
    st = duel()
    assert (st.pos(0), st.pos(1)) == (2, 4)
    assert [st.player(p).life for p in (0, 1)] == [20, 20]
    assert [st.player(p).force for p in (0, 1)] == [2, 2]
    assert st.pool == 41


def test_setup_suggested_cards_form_the_initial_discard_piles():
    """Setup 4: the suggested '1'/'2' pairs start in discard piles 1 and 2."""
    st = duel()
    pl = st.player(0)
    assert pl.discard1 == ["massive", "grasp"] and pl.discard2 == ["overhead", "burst"]
    kinds = [st.card(c)["kind"] for c in pl.hand]
    assert kinds.count("style") == 4 and kinds.count("base") == 5


def test_finisher_side_is_secret_until_both_choose():
    """Fighter Setup: each picks a Finisher side secretly; both are revealed together."""
    from rules.battlecon import GAME
    from rules.core import CHANCE

    st = GAME.new_state(GAME.validate_setup({"fighter.0": "wardlaw", "fighter.1": "hayden"}), 1)
    st.apply(CHANCE, Action(Act.FIRST, (0,)))
    st.apply(0, Action(Act.SETUP, ("double_moustache_buster", "")))
    assert st.view(1).player(0).finisher is None
    assert st.view(0).player(0).finisher == "double_moustache_buster"
    st.apply(1, Action(Act.SETUP, ("hemorrhage", "control")))
    assert st.phase == Phase.SET
    assert st.view(1).player(0).finisher == "double_moustache_buster"


def test_set_pair_is_face_down_until_reveal():
    """Set Phase: the pair is face down; the opponent sees only which cards could be in it."""
    st = duel()
    give(st, 0, "grasp")
    st.apply(0, Action(Act.SET, ("charging", "grasp")))
    seen = st.view(1).player(0)
    assert seen.pair is not None and seen.pair.hidden and "charging" in seen.hand
    assert st.view(0).player(0).pair == Pair(style="charging", base="grasp")


def test_ante_starts_with_active_player_and_ends_after_two_passes():
    """Ante Phase: players alternate from the Active Player until two passes in a row."""
    st = duel(active=1)
    give(st, 0, "charging", "grasp")
    st.apply(0, Action(Act.SET, ("charging", "grasp")))
    st.apply(1, Action(Act.SET, ("charging", "drive")))
    assert st.decision().players == (1,)
    st.apply(1, Action(Act.PASS))
    st.apply(0, Action(Act.OVERLOAD, ("power_up",)))
    assert st.phase == Phase.ANTE and st.decision().players == (1,)
    st.apply(1, Action(Act.PASS))
    st.apply(0, Action(Act.PASS))
    assert st.phase != Phase.ANTE


def test_overload_trashes_two_force_and_is_once_per_beat():
    """Overloads: 2 Force each, trashed for good; each Overload once per beat."""
    st = duel(one={"force": 6})
    for p, pair in ((0, ("charging", "strike")), (1, ("smackdown", "drive"))):
        st.apply(p, Action(Act.SET, pair))
    st.apply(0, Action(Act.OVERLOAD, ("power_up",)))
    assert st.player(0).force == 4 and st.trashed == 2
    st.apply(1, Action(Act.PASS))
    assert Action(Act.OVERLOAD, ("power_up",)) not in st.legal_actions(0)
    with pytest.raises(IllegalAction):
        st.apply(0, Action(Act.OVERLOAD, ("power_up",)))
    assert st.beat(0).bonus["power"] == 1


def test_higher_priority_becomes_the_active_player():
    """Reveal: after Reveal triggers, the higher Priority becomes the Active Player."""
    st = duel(active=0)
    events = play_beat(st, (("massive", "strike"), ("charging", "grasp")))
    assert any("Wardlaw (2) is the Active Player" in t for t in texts(events))


def test_armor_reduces_damage_and_is_used_up():
    """Armor X: damage is reduced by Armor, which is then lost."""
    st = duel()
    play_beat(st, (("charging", "grasp"), ("massive", "strike")))
    # Charging Grasp (power 3) advances 1 and hits; Massive's Armor 2 soaks 2 of it.
    assert st.player(1).life == 19


def test_damage_over_guard_stuns_and_a_stunned_fighter_does_not_attack():
    """Guard & Stun: damage this beat above Guard stuns; a stunned fighter skips its attack."""
    st = duel()
    events = play_beat(st, (("charging", "strike"), ("massive", "drive")))
    # Charging Strike: power 5 - Armor 2 = 3 damage against Massive Drive's Guard 2.
    assert st.player(1).life == 17
    assert any("Wardlaw (2) is stunned and cannot attack" in t for t in texts(events))
    assert st.player(0).life == 20


def test_tied_priority_causes_a_clash_with_new_bases():
    """Clash: on a Priority tie both set a new Base; the replaced Bases return to hand."""
    st = duel()
    for p in (0, 1):
        give(st, p, "charging", "grasp")
        st.apply(p, Action(Act.SET, ("charging", "grasp")))
    st.apply(0, Action(Act.PASS))
    st.apply(1, Action(Act.PASS))
    assert st.phase == Phase.CLASH
    st.apply(0, Action(Act.CLASH, ("drive",)))
    st.apply(1, Action(Act.CLASH, ("shot",)))
    assert st.player(0).pair.base == "drive"
    assert "grasp" in st.player(0).hand and "grasp" in st.player(1).hand
    while st.phase == Phase.RESOLVE:
        p = st.decision().players[0]
        st.apply(p, st.legal_actions(p)[0])
    assert st.player(0).discard1 == ["charging", "drive"]


def test_clash_without_a_base_left_skips_to_recycle():
    """Clash: if either player runs out of Bases, skip straight to Recycle."""
    no_spare = {"discard1": ["massive", "strike", "shot", "drive", "dodge", "clothesline"],
                "pair": ["charging", "grasp"]}
    st = duel(one=no_spare, two=no_spare)
    st.apply(0, Action(Act.PASS))
    st.apply(1, Action(Act.PASS))
    assert st.phase == Phase.SET and st.beat_no == 2
    assert [st.player(p).life for p in (0, 1)] == [20, 20]
    assert st.player(0).discard1 == ["charging", "grasp"]


def test_recycle_rotates_the_discard_piles():
    """Recycle: pick up pile 2, pile 1 moves to pile 2, the pair becomes pile 1."""
    st = duel()
    pl0 = st.player(0)
    before = {"discard1": list(pl0.discard1), "discard2": list(pl0.discard2), "hand": pl0.hand}
    play_beat(st, (("charging", "strike"), ("smackdown", "drive")))
    pl = st.player(0)
    assert pl.discard1 == ["charging", "strike"]
    assert pl.discard2 == before["discard1"]
    assert set(before["discard2"]) <= set(pl.hand)


def test_recycle_force_one_each_two_at_seven_life_or_less():
    """Recycle: +1 Force, +2 for a fighter at 7 life or less."""
    st = duel(two={"life": 7})
    play_beat(st, (("massive", "dodge"), ("smackdown", "dodge")))
    assert st.player(0).force == 3 and st.player(1).force == 4


def test_force_above_ten_is_trashed():
    """Recycle: Force beyond 10 is trashed."""
    st = duel(one={"force": 10})
    trashed = st.trashed
    play_beat(st, (("massive", "dodge"), ("smackdown", "dodge")))
    assert st.player(0).force == 10 and st.trashed == trashed + 1


def test_finisher_through_switch_trashes_switch_and_skips_rotation():
    """Finishers: Switch pays Force equal to life for the Finisher; Switch is trashed, the
    Base returns to hand, the Finisher leaves the game and the piles do not rotate."""
    st = duel(finishers=(1, 0), one={"life": 8, "force": 9})
    piles = (list(st.player(0).discard1), list(st.player(0).discard2))
    events = play_beat(st, (("switch", "strike"), ("massive", "shot")), choose=_pick("Use"))
    pl = st.player(0)
    assert "Double Moustache Buster" in " ".join(texts(events))
    assert "switch" in pl.trashed and "double_moustache_buster" in pl.trashed
    assert "strike" in pl.hand and pl.finisher_used
    assert (pl.discard1, pl.discard2) == piles
    assert st.player(1).life < 20


def test_switch_end_regains_one_force():
    """Switch: End, regain one Force (plus the usual Recycle Force)."""
    st = duel()
    play_beat(st, (("switch", "dodge"), ("massive", "dodge")), choose=_pick("Skip"))
    assert st.player(0).force == 4


def test_defeat_ends_the_duel_at_once():
    """Defeat: a fighter at 0 life loses immediately; the other attack never happens."""
    st = duel(two={"life": 3})
    events = play_beat(st, (("charging", "strike"), ("massive", "shot")))
    assert st.outcome() is not None and st.outcome().winners == (0,)
    assert st.decision().is_terminal
    assert not any("Wardlaw (2)'s" in t or "Wardlaw (2) —" in t for t in texts(events))


def test_time_over_plays_one_final_beat_then_higher_life_wins():
    """Time Over: an empty pool after Recycle means one final beat, then more life wins."""
    st = duel(pool=1)
    play_beat(st, (("charging", "strike"), ("massive", "dodge")))
    assert st.final_beat and st.pool == 0
    assert not st.invariant_violations()
    play_beat(st, (("smackdown", "shot"), ("overhead", "burst")), choose=_pick("Retreat"))
    out = st.outcome()
    assert out is not None and out.winners == (0,) and "time over" in out.reason


def test_time_over_with_equal_life_goes_to_the_reactive_player():
    """Time Over: equal life at the end of the final beat: the Reactive Player wins."""
    st = duel(active=0, pool=0)  # an empty pool: the final beat
    play_beat(st, (("massive", "dodge"), ("smackdown", "dodge")))
    out = st.outcome()
    reactive = 1 - st.active
    assert out is not None and out.winners == (reactive,)


def test_no_style_in_hand_at_set_recycles_the_piles_again():
    """Discard: a player with no Style (or Base) in hand at Set recycles again, no triggers."""
    # every Style but Charging in pile 1
    st = duel(one={"discard1": ["massive", "grasp", "dangerous", "smackdown", "switch",
                                "overhead"]})
    play_beat(st, (("charging", "strike"), ("massive", "dodge")))
    assert any(st.card(c)["kind"] == "style" for c in st.player(0).hand)
    assert st.player(0).discard1 == []


def test_illegal_action_is_refused_and_changes_nothing():
    """apply: an illegal action raises with a reason and leaves the state untouched."""
    st = duel()
    before = st.state_hash()
    with pytest.raises(IllegalAction, match="not a legal action"):
        st.apply(0, Action(Act.SET, ("massive", "grasp")))  # both still in the discard piles
    with pytest.raises(IllegalAction):
        st.apply(0, Action(Act.PASS))
    assert st.state_hash() == before


def test_players_may_choose_their_initial_discard_piles():
    """Setup 4: each player puts a chosen pair in pile 2 (back first), then one in pile 1."""
    from rules.battlecon import GAME
    from rules.core import CHANCE

    setup = GAME.validate_setup({"fighter.0": "wardlaw", "fighter.1": "amon",
                                 "discards": "chosen"})
    st = GAME.new_state(setup, 1)
    st.apply(CHANCE, Action(Act.FIRST, (0,)))
    st.apply(0, Action(Act.SETUP, ("pain_train", "")))
    st.apply(1, Action(Act.SETUP, ("lockdown", "")))
    assert st.phase == Phase.DISCARDS and len(st.player(0).hand) == 13
    st.apply(0, Action(Act.DISCARD_PAIR, ("charging", "drive")))
    st.apply(1, Action(Act.DISCARD_PAIR, ("regulation", "wall")))
    st.apply(0, Action(Act.DISCARD_PAIR, ("massive", "strike")))
    st.apply(1, Action(Act.DISCARD_PAIR, ("deflection", "shot")))
    assert st.phase == Phase.SET
    assert st.player(0).discard2 == ["charging", "drive"]
    assert st.player(0).discard1 == ["massive", "strike"]
    assert not st.invariant_violations()


def test_reveal_triggers_go_active_player_first():
    """Reveal Step: the Active Player performs all Reveal triggers, then the Reactive."""
    st = duel("lucida", "amon", active=1)
    events = play_beat(st, (("corrosive", "dodge"), ("regulation", "strike")))
    lines = texts(events)
    amon = next(i for i, t in enumerate(lines) if "Regulation:" in t)
    lucida = next(i for i, t in enumerate(lines) if "Dodge: Avoid" in t)
    assert amon < lucida


def test_stunned_fighter_still_performs_end_triggers():
    """End of Beat: even stunned fighters perform their End triggers."""
    st = duel("wardlaw", "hayden", extra=("fury", "control"))
    events = play_beat(st, (("charging", "strike"), ("reckless", "shot")))
    lines = texts(events)
    assert any("Hayden is stunned" in t for t in lines)
    assert any("Hayden — Reckless: Push or Pull 1" in t for t in lines)


def test_finisher_is_not_offered_without_enough_force():
    """Switch: the Finisher costs Force equal to current life; without it, no offer."""
    st = duel()
    events = play_beat(st, (("switch", "strike"), ("massive", "shot")), choose=_pick("Use"))
    assert not st.player(0).finisher_used
    assert not any("unleashes" in t for t in texts(events))


def test_switch_may_flip_the_finisher_at_end():
    """Switch: End, you may flip your Finisher to its other side."""
    st = duel(finishers=(0, 0))
    play_beat(st, (("switch", "dodge"), ("smackdown", "dodge")), choose=_pick("Use"))
    assert st.player(0).finisher == "double_moustache_buster"


def test_attack_once_started_finishes_even_if_the_attacker_is_stunned():
    """Active Player Attack: an attack that has started is carried out completely."""
    st = duel("wardlaw", "amon", one={"space": 3, "pair": ["charging", "strike"]},
              two={"space": 4, "pair": ["containment", "strike"]})
    # Wardlaw is stunned after his attack began (past the Before step): it still lands
    st.phase = Phase.RESOLVE
    st.stack.frames = [Attack(who=0, step="range")]
    st.beat(0).stunned = True
    beat.run(st)
    assert st.player(1).life < 20


# ---- Reveal triggers of cards that enter play during the Reveal ---------------------------
#: At 6 life with exactly that much Force: Switch can pay the Finisher.
FINISHER_READY = {"life": 6, "force": 6}


def _fired(events: list, label: str) -> int:
    """How many times a trigger whose log label contains ``label`` was performed."""
    return sum(1 for e in events if e.kind == "trigger" and label in e.text)


def test_finisher_via_switch_performs_slicing_teeth_reveal():
    """Reveal Step and Finishers: Switch replaces the pair with the Finisher during Reveal,
    and the Finisher's own Reveal triggers are then performed (Slicing Teeth, Ice: Armor 3)."""
    st = duel("dravil", "wardlaw", finishers=(1, 0), one=FINISHER_READY)
    events = play_beat(st, (("switch", "strike"), ("massive", "shot")), choose=_pick("Use"))
    assert any("unleashes the Finisher Blue Dragon's Slicing Teeth" in t for t in texts(events))
    assert _fired(events, "Blue Dragon's Slicing Teeth: Ice: Armor 3") == 1


def test_finisher_via_switch_performs_scalding_breath_reveal():
    """Reveal Step and Finishers: a Finisher brought in by Switch performs its Reveal
    triggers (Scalding Breath in Steam Form: +0~2 Range)."""
    # on space 6, the foe between Dravil and Ice: Steam Form
    st = duel("dravil", "wardlaw", finishers=(0, 0), one={**FINISHER_READY, "space": 6})
    events = play_beat(st, (("switch", "strike"), ("massive", "shot")), choose=_pick("Use"))
    assert any("unleashes the Finisher Blue Dragon's Scalding Breath" in t for t in texts(events))
    assert _fired(events, "Blue Dragon's Scalding Breath: Steam: +0~2 Range") == 1


def test_finisher_via_switch_performs_drunken_master_reveal():
    """Reveal Step and Finishers: Drunken Master, brought in by Switch, drinks every Drink
    at Reveal; a Drink that becomes active then performs its own Reveal trigger once."""
    st = duel("dareios", "wardlaw", finishers=(0, 0), one=FINISHER_READY)
    events = play_beat(st, (("switch", "strike"), ("massive", "shot")), choose=_pick("Use"))
    assert _fired(events, "Drunken Master: Drink every remaining Drink") == 1
    assert _fired(events, "Vustasi Vapor: Stun Immunity this beat") == 1
    ua = st.ua(0)
    assert ua["drinks"] == [] and len(ua["finished"]) == 5


def test_clash_performs_reveal_triggers_not_yet_performed_each_once():
    """Priority Tie - Clash!: the new Base's Reveal triggers, and any Reveal trigger not
    performed before, are performed then; triggers already performed are not repeated.
    Here a new Base's Reveal (a test card: gain 1 Force) lets Switch pay the Finisher,
    whose own Reveal trigger (Slicing Teeth, Ice: Armor 3) is then performed as well."""
    from dataclasses import replace

    # one Force short of the Finisher at the first Reveal
    st = duel("dravil", "amon", finishers=(1, 0), one={"life": 6, "force": 5})
    flask = {**st.content.cards["strike"], "id": "flask", "name": "Flask",
             "triggers": [{"timing": "reveal", "text": "Gain 1 Force",
                           "do": [{"op": "gain_force", "n": 1}]}]}
    content = replace(st.content, cards={**st.content.cards, "flask": flask})
    st.content = content
    st.player(0).held.append("flask")  # a test card: no description names it
    give(st, 0, "switch", "strike")
    give(st, 1, "regulation", "strike")
    st.apply(0, Action(Act.SET, ("switch", "strike")))
    st.apply(1, Action(Act.SET, ("regulation", "strike")))
    events = st.apply(0, Action(Act.PASS))
    events += st.apply(1, Action(Act.PASS))
    assert st.phase == Phase.CLASH and not st.player(0).finisher_used
    events += st.apply(0, Action(Act.CLASH, ("flask",)))
    events += st.apply(1, Action(Act.CLASH, ("dodge",)))
    while st.phase == Phase.RESOLVE:
        p = st.decision().players[0]
        events += st.apply(p, _pick("Use")(st, st.legal_actions(p)))
    assert _fired(events, "Flask: Gain 1 Force") == 1
    assert _fired(events, "Switch: Spend Force equal to your life") == 1
    assert _fired(events, "Blue Dragon's Slicing Teeth: Ice: Armor 3") == 1
    assert _fired(events, "Regulation: You cannot take more than 3 damage") == 1
    assert _fired(events, "Dodge: Avoid attacks this beat") == 1
    pl = st.player(0)
    assert pl.finisher_used and "switch" in pl.trashed
    assert "strike" in pl.hand and "flask" in pl.hand  # both Bases picked back up
