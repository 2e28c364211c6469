"""Hero traits and the tokens their cards use (data/traits.toml, data/tokens.toml)."""

from __future__ import annotations

from rules.biternia import effects, flow
from rules.biternia.frames import Card
from rules.biternia.kinds import Phase
from rules.biternia.model import Token
from rules.biternia.traits import max_hp

from .conftest import act, arena, texts


def _arena(blue, red, space="gold_top", cards=None, **description):
    """Blue and red Heroes (a draft) alone on the board in one space; ``cards`` adds to their
    ``[position.heroes]`` tables (face-up and face-down cards, tokens, HP)."""
    heroes = {h: {"seat": 1, "space": space} for h in blue}
    heroes |= {h: {"seat": 2, "space": space} for h in red}
    for hero, fields in (cards or {}).items():
        heroes[hero] = heroes.get(hero, {}) | fields
    return arena(heroes, {"heroes": "draft"}, **description)


def test_momentum_adds_one_after_agatha_moved_this_round():
    """Trait Momentum (Agatha Trunch): +1 to her attacks in a round in which she moved."""
    s = _arena(("agatha",), ("vladiator",), cards={"agatha": {"down": "gore"}}, phase=Phase.ACTION)
    act(s, "activate", "agatha", "use")
    act(s, "target", "gold_top")  # stay: no move, Gore 3
    assert s.heroes["vladiator"].hp == max_hp(s, "vladiator") - 3
    s = _arena(("agatha",), ("vladiator",),
               cards={"agatha": {"space": "tower_0_top", "down": "gore"}}, phase=Phase.ACTION)
    act(s, "activate", "agatha", "use")
    act(s, "target", "gold_top")  # move, then Gore 3 +1 Momentum
    assert s.heroes["agatha"].moved is True
    assert s.heroes["vladiator"].hp == max_hp(s, "vladiator") - 4


def test_rousing_song_adds_one_to_other_friendly_heroes_attacks():
    """Trait Rousing Song (Baldwin): other friendly Heroes in his space get +1."""
    s = _arena(("baldwin", "felix"), ("vladiator",), cards={"felix": {"down": "lunge"}},
               phase=Phase.ACTION)
    act(s, "activate", "felix", "use")
    act(s, "target", "gold_top")
    # Lunge 3 +1 Rousing Song (no Lone Blade: Baldwin is with him)
    assert s.heroes["vladiator"].hp == max_hp(s, "vladiator") - 4


def test_pyromancy_adds_one_to_channeled_attacks_only():
    """Trait Pyromancy (Cynthia): her Channeled attacks get +1."""
    s = _arena(("cynthia",), ("vladiator",), space="jungle_0_upper",
               cards={"cynthia": {"down": "immolate"}}, phase=Phase.ACTION)
    act(s, "activate", "cynthia", "use")
    act(s, "channel", "cynthia")
    assert s.heroes["vladiator"].hp == max_hp(s, "vladiator") - (5 + 1)


def test_hungry_adds_two_against_a_hero_at_full_hp():
    """Trait Hungry (Dolgolae): +2 against a Hero at full HP."""
    s = _arena(("dolgolae",), ("vladiator",), cards={"dolgolae": {"down": "chomp"}},
               phase=Phase.ACTION)
    act(s, "activate", "dolgolae", "use")
    assert s.heroes["vladiator"].hp == max_hp(s, "vladiator") - 6


def test_frostbite_chills_and_chill_is_gone_after_the_next_activation():
    """Trait Frostbite (Dazeem) and the Chill token: -1 to the chilled Hero's attacks,
    removed at the end of its next activation."""
    s = _arena(("dazeem", "felix"), ("vladiator",), phase=Phase.ACTION,
               cards={"dazeem": {"down": "frost_bolt"}, "vladiator": {"down": "smash"}})
    act(s, "activate", "dazeem", "use")
    act(s, "target", "vladiator")
    assert s.heroes["vladiator"].chill == 1
    act(s, "activate", "vladiator", "use")
    act(s, "target", "felix")
    # Smash 4 +1 Bloodrage (he is hurt) -1 Chill
    assert s.heroes["felix"].hp == max_hp(s, "felix") - 4
    assert s.heroes["vladiator"].chill == 0


def test_mentor_makes_level_ups_one_gold_cheaper():
    """Trait Mentor (Ken Obi): his team's level-ups cost 1 less while he is on the board."""
    s = _arena(("ken_obi", "felix"), ("vladiator",))
    assert flow.level_cost(s, "felix") == 1
    s = _arena(("felix",), ("vladiator",), cards={"ken_obi": {"seat": 1}}, defeated=["ken_obi"])
    assert flow.level_cost(s, "felix") == 2
    assert flow.level_cost(s, "vladiator") == 2


def test_gold_step_gives_the_team_gold():
    """Card effect: 'Your team gains N gold' (Ken Obi's Diligent Study)."""
    s = _arena(("ken_obi",), ("vladiator",), cards={"ken_obi": {"down": "diligent_study"}},
               phase=Phase.ACTION)
    act(s, "activate", "ken_obi", "use")
    assert s.gold[0] == 1 + flow.CLEANUP_GOLD


def test_death_mark_adds_two_and_leaves_with_kunoichi():
    """Trait Death Mark (Kunoichi): +2 against marked Heroes; her marks go when she falls."""
    s = _arena(("kunoichi",), ("vladiator",), cards={"kunoichi": {"down": "mark_for_death"}},
               phase=Phase.ACTION)
    act(s, "activate", "kunoichi", "use")
    assert s.heroes["vladiator"].mark
    # Attack 2 +2 on the freshly marked target
    assert s.heroes["vladiator"].hp == max_hp(s, "vladiator") - 4
    effects.defeat(s, "kunoichi", 1, [])
    assert not s.heroes["vladiator"].mark


def test_stealth_card_hides_kunoichi_while_face_up():
    """Keyword Stealth on a card: while face-up the Hero cannot be targeted."""
    s = _arena(("kunoichi",), ("vladiator",), cards={"kunoichi": {"up": "shadow_step"}})
    frame = Card(hero="vladiator", card="smash")
    assert effects.step_targets(s, frame, {"do": "attack", "type": "physical", "power": 5}) \
        == []
    assert "kunoichi" in effects.area_victims(s, "vladiator")


def test_iron_body_adds_one_defense_with_a_face_up_card():
    """Trait Iron Body (Motley): +1 defense while he has a face-up card."""
    s = _arena(("motley",), ("vladiator",))
    assert effects.defense(s, "motley") == 0
    s = _arena(("motley",), ("vladiator",), cards={"motley": {"up": "sweeping_kick"}})
    assert effects.defense(s, "motley") == 3


def test_three_stone_tokens_petrify_and_defeat_a_hero():
    """Trait Petrify (Sedusa) and the Stone token: at 3 Stone the Hero is defeated."""
    s = _arena(("sedusa",), ("vladiator",), phase=Phase.ACTION,
               cards={"vladiator": {"stone": 2}, "sedusa": {"down": "petrifying_gaze"}})
    events = act(s, "activate", "sedusa", "use")
    v = s.heroes["vladiator"]
    assert v.space is None and v.stone == 0
    assert "turns to stone" in texts(events)
    assert s.structures["bit_1"] == 16 - 3


def test_ultimate_stare_places_stone_on_every_enemy_here():
    """Sedusa's Ultimate: area Stone placement, stealth does not protect."""
    s = _arena(("sedusa",), ("vladiator", "cyrus"), phase=Phase.ACTION,
               cards={"cyrus": {"stealth": True},
                      "sedusa": {"level": 4, "down": "stare_of_the_gorgon"}})
    act(s, "activate", "sedusa", "use")
    assert s.heroes["vladiator"].stone == 2 and s.heroes["cyrus"].stone == 2


def test_motley_deflect_interrupt_shields_before_the_attack_lands():
    """Interrupt (Motley's Deflect): the Shield arrives before the interrupted attack."""
    s = _arena(("motley",), ("vladiator",), initiative="red", phase=Phase.ACTION,
               cards={"motley": {"down": "deflect"},
                      "vladiator": {"down": "smash", "hp": 10}})  # of 11: hurt
    act(s, "activate", "vladiator", "use")
    act(s, "interrupt", "motley")
    # Smash 4 +1 Bloodrage against Deflect 3 +1 Iron Body = 1, absorbed by the 2 Shield
    assert s.heroes["motley"].hp == max_hp(s, "motley")
    assert s.heroes["motley"].shield == 1


def test_longshanks_pays_gold_for_extra_attack_strength():
    """Card effect 'pay up to N gold: +1 per gold' (Longshanks's Cutlass)."""
    s = _arena(("longshanks",), ("vladiator",), cards={"longshanks": {"down": "cutlass"}},
               gold={"blue": 5}, phase=Phase.ACTION)
    act(s, "activate", "longshanks", "use")
    assert [a.args[0] for a in s.legal_actions(0)] == [0, 1, 2]
    act(s, "pay", 2)
    assert s.heroes["vladiator"].hp == max_hp(s, "vladiator") - 5
    assert s.gold[0] == 3 + flow.CLEANUP_GOLD


def test_plunder_gives_two_more_gold_for_a_defeat():
    """Trait Plunder (Longshanks): +2 gold when his attack defeats a Hero."""
    s = _arena(("longshanks",), ("vladiator",), phase=Phase.ACTION,
               cards={"vladiator": {"hp": 1}, "longshanks": {"down": "grog"}})
    act(s, "activate", "longshanks", "use")
    assert s.heroes["vladiator"].space is None
    # level 1 for the defeat, 2 for Plunder, 2 for Cleanup
    assert s.gold[0] == 1 + 2 + flow.CLEANUP_GOLD


def test_runika_artifacts_boost_her_and_break_under_heavy_hits():
    """Trait Artifice (Runika) with the Battle Fist, Auto Deflector and Shield Amulet
    tokens: +1 attack, +1 defense, +1 Shield given; a hit of 3+ breaks one; repaired by
    Tinker."""
    s = _arena(("runika", "felix"), ("vladiator",), initiative="red", phase=Phase.ACTION,
               cards={"vladiator": {"down": "smash"}, "runika": {"down": "tinker"}})
    v = s.heroes["runika"]
    assert v.artifacts == ["battle_fist", "auto_deflector", "shield_amulet"]
    assert effects.defense(s, "runika") == 1
    act(s, "activate", "vladiator", "use")
    act(s, "target", "runika")
    assert v.artifacts == ["auto_deflector", "shield_amulet"]
    assert v.hp == max_hp(s, "runika") - 3  # Smash 4 against the Auto Deflector's 1
    act(s, "activate", "runika", "use")
    assert v.artifacts == ["battle_fist", "auto_deflector", "shield_amulet"]
    # Tinker's Attack 3 +1 Battle Fist (repaired first); Vladiator's Smash left defense 0
    assert s.heroes["vladiator"].hp == max_hp(s, "vladiator") - 4


def test_ice_wall_keeps_enemies_out_until_dazeem_acts_again():
    """Token Ice Wall (Dazeem): enemy Heroes cannot move into its space."""
    s = _arena(("dazeem",), ("vladiator",), phase=Phase.ACTION,
               cards={"vladiator": {"space": "tower_1_top"}, "dazeem": {"down": "ice_wall"}})
    act(s, "activate", "dazeem", "use")
    assert s.ice_wall == Token("gold_top", "dazeem")
    assert "gold_top" not in effects.walkable(s, "vladiator")
    effects.defeat(s, "dazeem", 1, [])
    assert s.ice_wall is None and "gold_top" in effects.walkable(s, "vladiator")
