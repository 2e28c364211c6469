"""A turn in the printed order: movement rolls, moving, the Lucky Toad, starting positions,
the castle and Sanctuary."""

from __future__ import annotations

from typing import Any

from rules.chaostle import GAME
from rules.chaostle.frames import Fate
from rules.chaostle.state import ChaostleState
from rules.core import CHANCE, Action
from tests.rules.chaostle.helpers import act, opening, position, roll

ARMIES = [["dwarf", "mage"], ["rogue", "crusader"]]
CROWNS = ["south.king", "north.king"]


def _two(where: dict[str, str] | None = None, **description: Any) -> ChaostleState:
    """Dwarf and Mage (red King of the south) against Rogue and Crusader (blue King of the
    north); seat 1's turn."""
    return position(ARMIES, CROWNS, where, **description)


def test_draft_goes_counter_clockwise_and_last_chooser_starts() -> None:
    """Selecting Characters / Starting the Game: choices go counter-clockwise from the
    first chooser; crowns are chosen from the last chooser on, clockwise; the last chooser
    takes the first turn."""
    s = GAME.new_state(GAME.validate_setup({"players": 3, "army": "1"}), 0)
    s.apply(CHANCE, Action("first", (0,)))
    order = []
    while s.phase == "draft":
        seat = s.decision().players[0]
        order.append(seat)
        s.apply(seat, s.legal_actions(seat)[0])
    assert order == [0, 2, 1]
    crown_order = []
    while s.phase == "crown":
        seat = s.decision().players[0]
        crown_order.append(seat)
        s.apply(seat, s.legal_actions(seat)[0])
    assert crown_order == [1, 2, 0]
    assert s.phase == "place" and s.decision().players == (1,)


def test_six_point_draft_limits_army_levels() -> None:
    """Optional drafting: an army's levels add up to six at most."""
    s = GAME.new_state(GAME.validate_setup({"players": 2, "draft": "six points"}), 0)
    s.apply(CHANCE, Action("first", (0,)))
    s.apply(0, Action("pick", ("dragon",)))
    s.apply(1, Action("pick", ("barbarian",)))
    picks = {a.args[0] for a in s.legal_actions(0)}
    assert "paladin" not in picks  # 3 + 3 + at least 1 is more than six
    assert "minotaur" in picks  # 3 + 2 + 1 is six
    s.apply(0, Action("pick", ("minotaur",)))
    s.apply(1, Action("pick", ("rogue",)))
    assert {s.cards[a.args[0]].level for a in s.legal_actions(0)} == {1}


def test_armies_drawn_at_random_are_dealt_by_chance() -> None:
    """Selecting Characters, our quick-start variant: with armies drawn at random every
    choice is a chance draw, each free character equally likely, in the same
    counter-clockwise order; then crowns are chosen as usual."""
    s = GAME.new_state(GAME.validate_setup({"players": 3, "army": "2", "draft": "random"}), 0)
    s.apply(CHANCE, Action("first", (1,)))
    drawn_for = []
    while s.phase == "draft":
        assert s.decision().is_chance
        outcomes = s.chance_outcomes()
        free = [c for c, ch in s.chars.items() if ch.status == "pool"]
        assert sorted(a.args[0] for a, _ in outcomes) == sorted(free)
        assert all(abs(p - 1 / len(free)) < 1e-12 for _, p in outcomes)
        before = [len(a) for a in s.armies]
        s.apply(CHANCE, outcomes[-1][0])
        drawn_for.append(next(k for k in range(3) if len(s.armies[k]) > before[k]))
    assert drawn_for == [1, 0, 2, 1, 0, 2]
    assert s.phase == "crown" and s.decision().players == (2,)


def test_one_or_two_puts_a_character_in_play() -> None:
    """One or a Two: put a character in play at its starting position (optionally plus its
    battle-card movement) or move one the number rolled."""
    s = _two({"dwarf": "west.wk03"}, phase="roll")
    roll(s, 2)
    kinds = {(a.kind, a.args[0]) for a in s.legal_actions(0)}
    assert ("enter", "mage") in kinds and ("move", "dwarf") in kinds
    assert not any(a.kind == "done" for a in s.legal_actions(0))  # the roll must be used
    act(s, "enter", "mage", "south.wk09")
    assert s.chars["mage"].at == "south.wk09"


def test_skip_the_roll_when_nobody_is_in_play() -> None:
    """Rolling for Movement: with no character in play a player may put one in play
    instead of rolling."""
    s = _two(phase="begin")
    assert s.decision().players == (0,)
    assert {a.kind for a in s.legal_actions(0)} == {"enter", "roll"}


def test_lucky_three_gives_another_turn() -> None:
    """Lucky Three: move three, then take another turn."""
    s = _two({"dwarf": "west.wk03", "rogue": "east.wk03"}, phase="roll")
    roll(s, 3)
    act(s, "move", "dwarf", "west.wk06", 3)
    while s.phase != "begin" and s.phase != "roll":
        act(s, s.legal_actions(0)[-1].kind)
    assert s.current == 0


def test_optional_four_may_be_skipped() -> None:
    """Optional Four: the player need not move."""
    s = _two({"dwarf": "west.wk03"}, phase="roll")
    roll(s, 4)
    assert Action("done") in s.legal_actions(0)


def test_six_must_be_moved_in_full() -> None:
    """Six: a character must move the full six spaces when it can."""
    s = _two({"dwarf": "west.wk03"}, phase="roll")
    roll(s, 6)
    acts = s.legal_actions(0)
    assert Action("done") not in acts
    assert all(a.args[2] == 6 for a in acts if a.kind == "move")


def test_fate_five_gives_the_chosen_character_a_fate() -> None:
    """Fate Five: after moving five, the chosen character rolls the red die and two white
    dice for a fate."""
    s = _two({"dwarf": "west.wk03"}, phase="roll")
    roll(s, 5)
    act(s, "move", "dwarf", "west.wk08", 5)
    frame = s.queue.top
    assert isinstance(frame, Fate) and frame.char == "dwarf"
    roll(s, 4, 3)  # Card of Doom column 4, row 3: Deteriorate
    assert s.chars["dwarf"].hp == 1


def test_battle_card_movement_is_all_or_nothing() -> None:
    """Movement: a character's battle-card movement is used in full, in one direction: with
    movement 2 a roll of three moves three or five, never four."""
    s = position([["unicorn"], ["rogue"]], CROWNS, {"unicorn": "west.wk03"}, phase="roll")
    roll(s, 3)
    totals = {a.args[2] for a in s.legal_actions(0) if a.kind == "move"}
    assert totals == {3, 5}


def test_no_landing_twice_in_one_move() -> None:
    """Movement: a character never lands on the same space twice in one move."""
    s = _two({"dwarf": "west.wk03"}, phase="roll")
    roll(s, 6)
    for a in s.legal_actions(0):
        if a.kind == "move":
            path = s.board.destinations("west.wk03", 6, s.rules_for("dwarf"))[a.args[1]]
            assert len(set(path)) == len(path)


def test_lucky_toad_heals_on_landing() -> None:
    """Lucky Toads: landing on the corner in front of one heals to full health."""
    s = _two(characters={"dwarf": {"space": "east.wk13", "health": 3}}, phase="roll")
    roll(s, 3)
    act(s, "move", "dwarf", "south.wk00", 3)
    assert s.chars["dwarf"].hp == 32


def test_starting_position_moves_up_at_each_opponent_stairway() -> None:
    """Upgrading Starting Positions: reaching or passing the next opponent's stairway, on
    any level, makes the gate in front of it the new starting position."""
    s = _two({"dwarf": "west.wk06"}, phase="roll")
    roll(s, 6)
    act(s, "move", "dwarf", "west.wk12", 6)
    assert s.chars["dwarf"].start == 1 and s.start_space("dwarf") == "west.wk08"


def test_castle_is_struck_once_per_turn_from_the_inner_square() -> None:
    """Battling the Castle: from the Inner Square a character strikes once, at the end of
    the turn, always in range; the damage comes off the castle's health."""
    s = _two({"dwarf": "south.iq0"}, phase="end")
    act(s, "castle", "dwarf")
    roll(s, 1)  # Oversized Battle Axe, 15
    assert s.castle_hp == 85
    assert not any(a.kind == "castle" for a in s.legal_actions(0))


def test_conquering_the_castle_enters_sanctuary_and_wins() -> None:
    """Battling the Castle: whoever conquers it moves into Sanctuary; with one character
    needed, that wins."""
    s = _two({"dwarf": "south.iq0"}, castle=10, phase="end")
    act(s, "castle", "dwarf")
    roll(s, 1)
    assert s.castle_hp == 0 and s.chars["dwarf"].status == "sanctuary"
    out = s.outcome()
    assert out is not None and out.winners == (0,)


def test_after_the_castle_falls_others_drop_into_sanctuary() -> None:
    """Battling the Castle: once it is conquered, characters on the Inner Square simply
    drop into Sanctuary on a following turn; the needed number wins."""
    s = _two({"mage": "west.iq0"}, characters={"dwarf": {"sanctuary": True}}, castle=0,
             setup={"sanctuary": "2"}, phase="end")
    act(s, "sanctuary", "mage")
    out = s.outcome()
    assert out is not None and out.winners == (0,)


def test_half_board_climbs_the_opponents_stairway() -> None:
    """Two Player Alternative: opposite sides, King against Queen; each climbs the other's
    stairway and upgrades at most once."""
    s = opening([["dwarf"], ["rogue"]], ["south.king", "north.queen"], half_board="on")
    rules = s.rules_for("dwarf")
    assert rules.entry_sides == ("north",)
    assert "north.in0" in s.board.destinations("north.wk08", 1, rules)
    assert not s.board.destinations("north.wk08", 2, rules).keys() & {"north.wk09"}


def test_half_board_needs_facing_crowns() -> None:
    """Two Player Alternative: the second crown is on the opposite side, facing the other
    way."""
    s = GAME.new_state(GAME.validate_setup({"players": 2, "army": "1", "half_board": "on"}), 0)
    s.apply(CHANCE, Action("first", (0,)))
    s.apply(0, Action("pick", ("dwarf",)))
    s.apply(1, Action("pick", ("rogue",)))
    s.apply(1, Action("crown", ("south.king",)))
    assert [a.args[0] for a in s.legal_actions(0)] == ["north.queen"]


def test_faster_play_one_climbs_at_third_or_fourth_start() -> None:
    """Faster Game Play option 1: the stairways of the third and fourth starting positions
    also lead up to the Inner Square."""
    s = opening([["dwarf"], ["rogue"]], ["south.king", "north.king"], fast_stairs="on")
    assert set(s.rules_for("dwarf").entry_sides) == {"south", "north", "east"}


def test_faster_play_two_rolls_two_dice() -> None:
    """Faster Game Play option 2: two dice for movement; 5, 6 or 9 put a character in play,
    7 is lucky, 4 or less optional, 10 or more a fate."""
    s = _two({"dwarf": "west.wk03"}, setup={"two_dice": "on"}, phase="roll")
    assert [a.args[0] for a, _ in s.chance_outcomes()] == list(range(2, 13))
    roll(s, 9)
    assert s.turn.kind == "enter"
    assert any(a.kind == "enter" for a in s.legal_actions(0))


def test_leap_frog_advances_a_line_of_characters() -> None:
    """Leap frog: characters adjacent since the start of the turn advance as a group, the
    back one hopping to the front for each movement point (no battle-card movement)."""
    s = _two({"dwarf": "west.wk02", "mage": "west.wk03"}, phase="roll")
    roll(s, 2)
    frogs = [a for a in s.legal_actions(0) if a.kind == "frog"]
    a = next(f for f in frogs if f.args[0] == ("dwarf", "mage"))
    assert a.args[1] == ("west.wk04", "west.wk05")
    s.apply(0, a)
    assert s.chars["dwarf"].at == "west.wk04" and s.chars["mage"].at == "west.wk05"


def test_leap_frog_needs_adjacency_from_the_turn_start() -> None:
    """Leap frog: the characters must already be adjacent when the turn begins."""
    s = _two({"dwarf": "west.wl1"}, phase="begin",
             characters={"mage": {"trap": "spider_lair", "fell_from": "west.wl2"}})
    roll(s, 6)  # the Mage climbs out of the Spider Lair next to the Dwarf, after the start
    assert s.chars["mage"].at == "west.wl0" and s.phase == "roll"
    roll(s, 2)
    assert not any(a.kind == "frog" for a in s.legal_actions(0))


def test_leap_frog_on_a_five_names_who_meets_the_fate() -> None:
    """Leap frog: on a five the fate may fall on any character that moved."""
    s = _two({"dwarf": "west.wk02", "mage": "west.wk03"}, phase="roll")
    roll(s, 5)
    fated = {a.args[2] for a in s.legal_actions(0) if a.kind == "frog"}
    assert fated == {"dwarf", "mage"}


def test_half_board_upgrades_only_to_the_second_starting_position() -> None:
    """Two Player Alternative: characters only upgrade to their second starting position."""
    s = position([["dwarf"], ["rogue"]], ["south.king", "north.queen"], {"dwarf": "north.wk02"},
                 setup={"half_board": "on"}, phase="roll")
    roll(s, 6)
    act(s, "move", "dwarf", "north.wk08", 6)  # the opponent's gate: as far as it may go
    assert s.chars["dwarf"].start == 1


def test_after_the_castle_falls_arrivals_drop_in_on_a_later_turn() -> None:
    """Battling the Castle: characters reaching the Inner Square after the castle fell
    drop into Sanctuary on one of their following turns, not the turn they arrive."""
    s = _two({"mage": "south.in0"}, characters={"dwarf": {"sanctuary": True}}, castle=0,
             setup={"sanctuary": "2"}, phase="roll")
    roll(s, 1)
    act(s, "move", "mage", "south.iq0", 1)  # its one move: no battle-card move after it
    assert s.current == 1  # nothing left to do: no Sanctuary yet, so the turn ended
    assert s.chars["mage"].status == "play" and s.chars["mage"].at == "south.iq0"
    act(s, "roll")  # seat 2 has nobody on the board and rolls a four: nothing to move
    roll(s, 4)
    assert s.current == 0 and s.phase == "roll"  # seat 1's following turn
    roll(s, 4)
    act(s, "done")  # the Mage stays on the Inner Square
    assert any(a.kind == "sanctuary" for a in s.legal_actions(0))


def test_roll_and_battle_card_movement_are_one_move_in_one_direction() -> None:
    """Character Movement (no space twice in a turn, one direction once started) and Battle
    Cards > Movement (the card's points continue the same way): the rolled character adds
    its battle-card points to the roll in one move or not at all, so it cannot double back
    with a second, separate card move after the roll's move, nor move by the roll after a
    separate card move."""
    s = position([["unicorn", "rogue"], ["mage", "crusader"]], CROWNS,
                 {"unicorn": "west.wk03", "rogue": "east.wk03"}, phase="roll")
    roll(s, 3)
    act(s, "move", "unicorn", "west.wk06", 3)
    cards = {a.args[0] for a in s.legal_actions(0) if a.kind == "card"}
    assert "unicorn" not in cards  # no card move back over west wk05 / wk04
    assert not s.is_legal(0, Action("card", ("unicorn", "west.wk04")))
    assert "rogue" in cards  # the other characters still make their own card moves

    s = position([["unicorn", "rogue"], ["mage", "crusader"]], CROWNS,
                 {"unicorn": "west.wk03", "rogue": "east.wk03"}, phase="roll")
    roll(s, 3)
    act(s, "card", "unicorn", "west.wk05")
    movers = {a.args[0] for a in s.legal_actions(0) if a.kind == "move"}
    assert movers == {"rogue"}  # the Unicorn's roll cannot come back over wk04 / wk03
    assert not s.is_legal(0, Action("move", ("unicorn", "west.wk02", 3)))


def test_leap_froggers_add_no_battle_card_movement() -> None:
    """Character Movement, leap frog: characters that leap frog cannot use their extra
    movement points, before or after the leap frog."""
    s = position([["unicorn", "mage"], ["rogue", "crusader"]], CROWNS,
                 {"unicorn": "west.wk02", "mage": "west.wk03"}, phase="roll")
    roll(s, 2)
    frog = next(a for a in s.legal_actions(0)
                if a.kind == "frog" and a.args[0] == ("unicorn", "mage"))
    s.apply(0, frog)
    assert not any(a.kind == "card" for a in s.legal_actions(0))
