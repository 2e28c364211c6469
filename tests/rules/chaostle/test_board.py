"""The castle board: levels, stairways, jumps, coloured lines, starting positions."""

from __future__ import annotations

from rules.chaostle.board import Rules, board

WEST_KING = Rules("west.king", ("west",))
SOUTH_KING = Rules("south.king", ("south",))


def test_jump_over_three_walkway_spaces_costs_four() -> None:
    """Jumping Diagram 1: a level 3 jump over three level 1 spaces counts as four."""
    b = board()
    jump = next(lk for lk in b.links if {lk.a, lk.b} == {"south.wl2", "south.wl3"})
    assert jump.kind == "jump" and jump.cost == 4
    assert all(b.spaces[o].level == 1 for o in jump.over) and len(jump.over) == 3
    assert "south.wl3" in b.destinations("south.wl2", 4, WEST_KING)


def test_jump_then_down_the_stairway_is_six() -> None:
    """Jumping Diagram 2: jump on level 3, then down the stairway to level 2: six spaces."""
    paths = board().destinations("south.wl2", 6, WEST_KING)
    assert paths["south.pl4"] == ("south.wl2", "south.wl3", "south.stD", "south.pl4")


def test_jumps_join_spaces_on_the_same_level_only() -> None:
    """Jumping Diagram 3: a jump never lands on another level, and there are no jumps on
    level 1."""
    b = board()
    for lk in b.links:
        if lk.kind == "jump":
            assert b.spaces[lk.a].level == b.spaces[lk.b].level in (2.0, 3.0)


def test_levels_change_only_by_stairways() -> None:
    """Movement Diagrams 1 and 2: a step between two levels always goes through a stairway
    space, which sits halfway between them."""
    b = board()
    for lk in b.links:
        la, lb = b.spaces[lk.a].level, b.spaces[lk.b].level
        if la != lb:
            assert abs(la - lb) == 0.5, (lk.a, lk.b)


def test_battle_range_across_a_jump_counts_the_gap() -> None:
    """Battle Diagram 1: across the level 3 gap the range is four."""
    assert board().range_between("south.wl2", "south.wl3", WEST_KING, "east.king") == 4


def test_battle_range_down_a_stairway() -> None:
    """Battle Diagram 2: from level 3 down the stairway to level 2 is range two."""
    assert board().range_between("south.wl3", "south.pl4", WEST_KING, None) == 2


def test_no_range_one_between_levels_without_a_stairway() -> None:
    """Battle Diagrams 3 and 4: neighbours on the layout but on different levels with no
    stairway between them are not at range one."""
    b = board()
    assert b.range_between("south.wl2", "south.wk07", WEST_KING, None) > 1
    assert b.range_between("south.pl2", "south.wk07", WEST_KING, None) > 1


def test_coloured_line_is_never_crossed() -> None:
    """Coloured lines: the King of the south cannot step back over his line on any level,
    so his own gate is a whole lap away."""
    b = board()
    start = b.crowns["south.king"].start
    for steps in range(1, 10):
        for path in b.destinations(start, steps, SOUTH_KING).values():
            for x, y in zip(path, path[1:], strict=False):
                assert frozenset((x, y)) not in b.line_links["south.king"]
    gate = b.gate("south")
    assert b.distances(start, SOUTH_KING)[gate] > 30


def test_inner_square_only_by_own_stairway() -> None:
    """Inner Square: only a character whose King or Queen guards the stairway may climb it;
    anyone may come down any of the four."""
    b = board()
    assert "south.in0" in b.destinations("south.wk08", 1, SOUTH_KING)
    assert "south.in0" not in b.destinations("south.wk08", 1, WEST_KING)
    assert "north.wk08" in b.destinations("north.iq0", 2, SOUTH_KING)


def test_three_opponent_stairways_before_your_own() -> None:
    """Starting positions: the original one, then the gates of the next three stairways in
    the direction of travel."""
    b = board()
    assert b.starting_positions("south.king") == (
        "south.wk09", "west.wk08", "north.wk08", "east.wk08")
    assert b.starting_positions("south.queen") == (
        "south.wk07", "east.wk08", "north.wk08", "west.wk08")


def test_board_has_two_lucky_toads_in_opposite_corners() -> None:
    """Lucky Toads: two, on level 1 corners on opposite sides of the board."""
    b = board()
    xs = sorted((b.spaces[t].x, b.spaces[t].y) for t in b.toads)
    assert len(xs) == 2 and xs[0] == (-xs[1][0], -xs[1][1])
    assert all(b.spaces[t].level == 1 for t in b.toads)


def test_some_jumps_are_blocked_by_railings() -> None:
    """Jumping: some jumps are prevented by walls or railings."""
    b = board()
    assert b.blocked_jumps
    for lk in b.blocked_jumps:
        assert lk.b not in dict(b.adjacent[lk.a])
