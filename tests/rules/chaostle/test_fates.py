"""Fates: the two cards, optional happiness, the traps and the lasting fates."""

from __future__ import annotations

from rules.chaostle.fates import fate_at, fate_table
from rules.chaostle.frames import Battle, Fate
from rules.chaostle.state import ChaostleState
from tests.rules.chaostle.helpers import act, opening, position, roll

ARMIES = [["dwarf", "mage"], ["rogue", "crusader"]]
CROWNS = ["south.king", "north.king"]


def _fated(column: int, row: int, armies: list[list[str]] = ARMIES, **setup: str
           ) -> ChaostleState:
    """The Dwarf moved a five and meets the fate in ``column`` / ``row``."""
    s = position(armies, CROWNS, {"dwarf": "west.wk03", "rogue": "east.wk03"},
                 setup={"army": "2", **setup}, phase="roll")
    roll(s, 5)
    act(s, "move", "dwarf", "west.wk08", 5)
    roll(s, column, row)
    return s


def _trapped(trap: str, health: int | None = None, **where: str) -> ChaostleState:
    """The Dwarf fell into ``trap`` from west walkway 8 (where a five took it); seat 1's
    turn begins, so it rolls to escape first."""
    dwarf: dict[str, object] = {"trap": trap, "fell_from": "west.wk08"}
    if health is not None:
        dwarf["health"] = health
    return position(ARMIES, CROWNS, where, characters={"dwarf": dwarf}, phase="begin")


def test_cards_have_three_columns_of_rows_two_to_twelve() -> None:
    """Fate Five: columns 1-3 on the Card of Happiness, 4-6 on the Card of Doom, rows 2-12;
    every fate the rulebook names is on a card."""
    fates, columns = fate_table()
    assert len(columns) == 6 and all(len(c) == 11 for c in columns)
    names = {fates[f].name for col in columns for f in col}
    for named in ("Charisma", "Luck", "Double Dice", "Fairy Dust", "Power", "Groovy",
                  "Bad Vibes", "Burden", "Shark Attack", "Snake Pit", "Spider Lair",
                  "Torture Chamber", "Deteriorate", "Happiness"):
        assert named in names


def test_happiness_column_one_row_two_wins() -> None:
    """Fates (published): Happiness column 1 with a roll of 2 wins the game outright."""
    s = _fated(1, 2)
    act(s, "accept")
    out = s.outcome()
    assert out is not None and out.winners == (0,)


def test_happiness_fates_are_optional() -> None:
    """Fate Five: happiness fates are optional."""
    s = _fated(1, 2)
    assert s.decision().players == (0,)
    act(s, "decline")
    assert s.outcome() is None


def test_charisma_hires_a_mercenary() -> None:
    """Mercenaries: Charisma adds a left-over character to the army."""
    s = _fated(1, 7)
    act(s, "accept")
    hires = [a.args[0] for a in s.legal_actions(0)]
    assert "dragon" in hires and "mage" not in hires
    act(s, "mercenary", "dragon")
    assert "dragon" in s.armies[0] and s.chars["dragon"].status == "out"


def test_deteriorate_leaves_one_health() -> None:
    """Fates (published): Deteriorate leaves the character at 1 health."""
    s = _fated(4, 3)
    assert s.chars["dwarf"].hp == 1


def test_trap_holds_until_an_escape_roll() -> None:
    """Traps: a trapped character is out of reach; at the start of each of its owner's
    turns it rolls to escape, and a failed roll costs health."""
    s = _fated(4, 12)  # Spider Lair
    assert s.chars["dwarf"].status == "trap"
    s = _trapped("spider_lair")
    assert s.decision().is_chance and s.queue.top.purpose == "escape"
    roll(s, 1)  # fails: bitten for 4
    assert s.chars["dwarf"].hp == 32 - 4 and s.chars["dwarf"].status == "trap"
    s = _trapped("spider_lair", health=32 - 4)
    roll(s, 6)
    assert s.chars["dwarf"].status == "play" and s.chars["dwarf"].at == "west.wl0"


def test_shark_attack_can_be_fatal() -> None:
    """Fates (published): the Shark Attack trap can conquer its prisoner."""
    assert _fated(4, 2).chars["dwarf"].trap == "shark_attack"
    s = _trapped("shark_attack", health=5)
    while s.queue and s.queue.top.purpose == "escape":
        roll(s, 1)
    assert s.chars["dwarf"].status == "out"


def test_bad_vibes_one_space_until_a_six() -> None:
    """Fates (published): Bad Vibes limits movement to one space a turn until lifted by a
    movement roll of six."""
    s = _fated(4, 4)
    assert s.chars["dwarf"].bad_vibes
    vibes = {"dwarf": {"space": "west.wk08", "bad_vibes": True}}
    s = position(ARMIES, CROWNS, characters=vibes, phase="roll")
    roll(s, 4)
    assert {a.args[2] for a in s.legal_actions(0) if a.kind == "move"} == {1}
    s = position(ARMIES, CROWNS, characters=vibes, phase="roll")
    roll(s, 6)
    assert not s.chars["dwarf"].bad_vibes


def test_burden_stops_battle_card_movement() -> None:
    """Burden (designed): no battle-card movement until a six is rolled."""
    assert _fated(4, 6).chars["dwarf"].burden
    s = position(ARMIES, CROWNS, phase="roll", characters={
        "dwarf": {"space": "west.wk08", "burden": True, "pegs": ["movement"]}})
    roll(s, 2)
    assert {a.args[2] for a in s.legal_actions(0) if a.kind == "move"} == {2}


def test_stumble_skips_the_next_turn() -> None:
    """Stumble (designed): the player misses their next turn."""
    s = _fated(4, 7)
    assert s.marks["stumble"] == [0]
    while s.turns < 3:  # play out seat 1's turn and seat 2's
        who = s.decision().players[0]
        s.apply(who, s.legal_actions(who)[-1])
    assert s.current == 1


def test_power_gives_a_peg() -> None:
    """Power (designed from 'fates sometimes give upgrades'): the chosen character gains
    a peg."""
    s = _fated(1, 3)
    act(s, "accept")
    act(s, "upgrade", "dwarf", "armor")
    assert s.chars["dwarf"].up == ["armor"]


def test_option_two_turns_power_into_groovy() -> None:
    """Faster Game Play option 2: Double Dice, Fairy Dust and Power become Groovy."""
    from rules.chaostle.fates import fate_at

    s = opening([["dwarf"], ["rogue"]], ["south.king", "north.king"], two_dice="on")
    assert fate_at(s, 1, 3).name == "Groovy"
    assert fate_at(s, 1, 5).name == "Luck"


def test_blocked_trap_exit_waits_unharmed() -> None:
    """Traps (designed): a good escape roll with someone on the exit space waits, unhurt."""
    s = _trapped("spider_lair", rogue="west.wl0")  # Spider Lair, exit west wall 0
    roll(s, 6)
    assert s.chars["dwarf"].status == "trap" and s.chars["dwarf"].hp == 32


def test_fate_row_is_two_dice_added() -> None:
    """Fate Five: the row is the sum of two white dice, so 7 is six times as likely as 2."""
    s = position(ARMIES, CROWNS, {"dwarf": "west.wk03"}, phase="roll")
    roll(s, 5)
    act(s, "move", "dwarf", "west.wk08", 5)
    roll(s, 4)
    odds = {a.args[0]: p for a, p in s.chance_outcomes()}
    assert odds[2] == 1 / 36 and odds[7] == 6 / 36 and abs(sum(odds.values()) - 1) < 1e-9


def test_no_mercenaries_when_every_character_was_chosen() -> None:
    """Mercenaries: none are available when every character was chosen at the start."""
    everyone = [["dwarf", "mage", "dragon_slayer", "dragon", "skeleton_archer", "minotaur",
                 "warlord", "paladin"],
                ["rogue", "crusader", "unicorn", "sorceress", "warlock", "wizard", "barbarian",
                 "elven_archer"]]  # two chosen each, the rest hired as mercenaries
    s = _fated(1, 7, armies=everyone)  # Charisma
    assert not any(ch.status == "pool" for ch in s.chars.values())
    act(s, "accept")
    assert not any(isinstance(f, Fate) for f in s.queue.frames)


def test_half_board_trap_exit_stays_on_the_used_half() -> None:
    """Two Player Alternative: nobody travels beyond the opponent's stairway, so a trap whose
    exit lies there lets its prisoner out at its starting position instead."""
    s = position([["dwarf"], ["rogue"]], ["south.king", "north.queen"],
                 setup={"half_board": "on"}, phase="begin", characters={
                     # exit: south walkway 3, the far half
                     "dwarf": {"trap": "shark_attack", "fell_from": "west.wk03"}})
    roll(s, 6)
    assert s.chars["dwarf"].at == s.start_space("dwarf")


def _mind_control(rogue_at: str, dwarf_from: str = "west.wk03", dwarf_at: str = "west.wk08"
                  ) -> ChaostleState:
    """The Dwarf moved a five from ``dwarf_from`` to ``dwarf_at`` and met Mind Control
    (column 2, row 12); the Rogue stands at ``rogue_at``."""
    s = position(ARMIES, CROWNS, {"dwarf": dwarf_from, "rogue": rogue_at}, phase="roll")
    roll(s, 5)
    act(s, "move", "dwarf", dwarf_at, 5)
    roll(s, 2, 12)
    return s


def test_mind_control_sits_on_rare_rows_of_the_card_of_happiness() -> None:
    """Fates (published: a happiness fate takes control of an opposing character; its cells
    are ours): Mind Control is on column 2 row 12 and column 3 row 2, and is optional."""
    s = _mind_control("west.wk10")
    assert fate_at(s, 2, 12).name == "Mind Control" and fate_at(s, 3, 2).name == "Mind Control"
    assert fate_at(s, 2, 12).card == "happiness"
    act(s, "decline")
    assert s.chars["rogue"].at == "west.wk10" and not s.queue


def test_mind_control_moves_an_opposing_character_within_reach() -> None:
    """Mind Control: the current player moves an opposing character within 4 of the chosen
    character exactly 4 spaces along its own ways, onto an empty space of their choice."""
    s = _mind_control("west.wk10")
    act(s, "accept")
    assert s.decision().players == (0,)
    moves = [a for a in s.legal_actions(0) if a.kind == "control"]
    ways = s.board.destinations("west.wk10", 4, s.rules_for("rogue"))
    occupied = {ch.at for ch in s.chars.values() if ch.status == "play"}
    assert {a.args[1] for a in moves} == set(ways) - occupied
    assert {a.args[0] for a in moves} == {"rogue"}  # never the player's own characters
    dest = moves[0].args[1]
    events = act(s, "control", "rogue", dest)
    assert s.chars["rogue"].at == dest and s.owner("rogue") == 1
    assert any(e.kind == "move" and len(e.data["path"]) == 5 for e in events)
    assert s.phase == "battles" and not s.queue


def test_mind_control_reaches_no_further_than_four() -> None:
    """Mind Control: an opposing character 5 or more away (battle range) is out of reach,
    and then the fate does nothing."""
    s = _mind_control("west.wk13")
    assert s.range_between("dwarf", "rogue") is not None
    assert s.range_between("dwarf", "rogue") > 4  # type: ignore[operator]
    act(s, "accept")
    assert s.chars["rogue"].at == "west.wk13" and not s.queue


def test_mind_control_spares_a_character_on_its_original_starting_position() -> None:
    """Mind Control: the original starting position is safe, as it is from attack."""
    s = _mind_control("north.wk09", "north.wk05", "north.wk10")
    assert s.range_between("dwarf", "rogue") == 1
    act(s, "accept")
    assert s.chars["rogue"].at == "north.wk09" and not s.queue


def test_mind_control_never_crosses_the_targets_coloured_line() -> None:
    """Coloured lines bind movement from fates too: the Rogue, one step past its own
    starting position, can only be moved on round the castle, never back across its line."""
    s = _mind_control("north.wk10", "north.wk06", "north.wk11")
    act(s, "accept")
    dests = {a.args[1] for a in s.legal_actions(0) if a.kind == "control"}
    assert dests == {"north.wk14"}
    act(s, "release")
    assert s.chars["rogue"].at == "north.wk10" and not s.queue


def _five_onto_the_rogue() -> ChaostleState:
    """The Dwarf rolls a five and moves onto the Rogue's space."""
    s = position(ARMIES, CROWNS, {"dwarf": "west.wk03", "rogue": "west.wk08"}, phase="roll")
    roll(s, 5)
    act(s, "move", "dwarf", "west.wk08", 5)
    return s


def test_fate_five_comes_before_the_fight_for_the_space() -> None:
    """Fate Five: the chosen character meets its fate right after its move, even before a
    battle can be fought, so moving onto an opponent with a five first rolls the fate and
    only then fights to the death for the space (the mover waits where it came from)."""
    s = _five_onto_the_rogue()
    assert isinstance(s.queue.top, Fate) and s.queue.top.char == "dwarf"
    assert not any(isinstance(f, Battle) for f in s.queue.frames)
    assert s.chars["dwarf"].at == "west.wk03" and s.chars["rogue"].at == "west.wk08"
    roll(s, 4, 3)  # Card of Doom column 4, row 3: Deteriorate
    assert s.chars["dwarf"].hp == 1
    frame = s.queue.top
    assert isinstance(frame, Battle) and (frame.a, frame.d) == ("dwarf", "rogue")
    assert frame.range == 0 and s.chars["dwarf"].hp == 1


def test_a_fate_that_takes_the_mover_away_calls_off_the_fight() -> None:
    """Fate Five: a doom fate met before the fight can take the mover off the board (a
    trap); then there is no fight for the space and the opponent keeps it."""
    s = _five_onto_the_rogue()
    roll(s, 4, 12)  # Spider Lair
    assert s.chars["dwarf"].status == "trap"
    assert not any(isinstance(f, Battle) for f in s.queue.frames)
    assert s.chars["rogue"].at == "west.wk08" and s.chars["rogue"].status == "play"


def test_no_second_fight_for_a_space_already_waiting() -> None:
    """Fate Five with a fight waiting: no other character of the player may also move onto
    the opponent whose space is already waiting to be fought for."""
    s = position([["unicorn", "mage"], ["rogue", "crusader"]], CROWNS, {
        "unicorn": "west.wk03",
        "mage": "west.wk07",  # the Mage's battle-card movement reaches wk08 (1)
        "rogue": "west.wk08"}, phase="roll")
    roll(s, 5)
    assert any(a.kind == "card" and a.args == ("mage", "west.wk08")
               for a in s.legal_actions(0))
    act(s, "move", "unicorn", "west.wk08", 5)
    assert not any(a.kind == "card" and a.args[1] == "west.wk08" for a in s.legal_actions(0))
