"""Movement (rulebook: Movement, Advance, Retreat, Push, Pull, Close)."""

from rules.battlecon import beat, movement
from rules.battlecon.kinds import Phase

W = 7


def test_advance_hops_over_the_opponent_without_counting_their_space():
    """Movement: a fighter hops over an opponent's standup; its space does not count."""
    assert movement.advance(2, 3, 1, W) == 4
    assert movement.advance(2, 4, 3, W) == 6


def test_long_advance_carries_past_the_opponent():
    """Advance: an advance longer than the gap keeps going in the same direction."""
    assert movement.advance(0, 2, 3, W) == 4


def test_movement_cannot_leave_the_board():
    """Movement: no one moves past the edges; such a move is impossible."""
    assert movement.retreat(0, 3, 1, W) is None
    assert movement.advance(4, 5, 3, W) is None


def test_advance_3_with_two_open_spaces_fails():
    """Movement example: Advance 3 with only 2 open spaces ahead cannot be made at all."""
    assert movement.advance(3, 5, 3, W) is None  # open ahead: spaces 4 and 6 only
    assert movement.advance(3, 5, 2, W) == 6


def test_push_against_wall_forces_pull():
    """Movement example: 'Push or Pull 1' against a foe at the wall leaves only the Pull."""
    assert movement.push(5, 6, 1, W) is None
    assert movement.pull(5, 6, 1, W) == 4


def test_pull_can_carry_the_opponent_past_you():
    """Pull: a long pull brings the opponent past the puller."""
    assert movement.pull(3, 5, 2, W) == 2


def test_stepwise_pulls_add_into_one_move():
    """Movement: 'Pull 1 per counter' for 3 counters is one Pull 3 (hop counted once)."""
    assert movement.pull(3, 6, 3, W) == 2


def test_close_stops_next_to_the_opponent():
    """Close: advance as far as possible up to the amount, never past the opponent."""
    assert movement.close_distance(0, 4, 6) == 3
    assert movement.close_distance(2, 3, 2) == 0
    assert movement.close_distance(0, 6, 2) == 2


def test_retreat_moves_away_from_the_opponent():
    """Retreat: away from the foe whichever side they stand on."""
    assert movement.retreat(3, 1, 2, W) == 5
    assert movement.retreat(3, 5, 2, W) == 1


def test_passed_detects_crossing_the_opponent():
    """'Has moved past': crossing the foe's space."""
    assert movement.passed(2, 4, 3)
    assert not movement.passed(2, 1, 3)


def _hit_trigger(f0: str, f1: str, card: str, me: int, foe: int):
    """Seat 0 (``f0``) at ``me`` performs ``card``'s Hit trigger on seat 1 at ``foe``."""
    from tests.rules.battlecon.duel import duel

    st = duel(f0, f1, one={"space": me + 1}, two={"space": foe + 1})
    i = next(i for i, t in enumerate(st.card(card)["triggers"]) if t["timing"] == "hit")
    st.phase = Phase.RESOLVE
    beat.perform_trigger(st, 0, card, i)
    beat.run(st)
    return st


def test_jetstream_push_3_is_not_made_when_only_2_spaces_remain():
    """Movement: a move that cannot be made exactly is ignored entirely, so Jetstream's
    Push 3 with the opponent two spaces from the edge does not push them at all."""
    st = _hit_trigger("trias", "wardlaw", "jetstream", 2, 4)
    assert st.pos(1) == 4
    st = _hit_trigger("trias", "wardlaw", "jetstream", 0, 2)
    assert st.pos(1) == 5


def test_pain_train_card_text_says_it_pushes_as_far_as_possible():
    """Movement: an exact move that cannot be made is not made, so a push that stops at
    the edge must say so on the card (as Close does): Pain Train pushes as far as
    possible, up to 6, which after its Close means to the edge."""
    st = _hit_trigger("wardlaw", "amon", "pain_train", 2, 3)
    assert st.pos(1) == 6
    trig = next(t for t in st.card("pain_train")["triggers"] if t["timing"] == "hit")
    assert "as far as possible, up to 6" in trig["text"]
    assert _hit_trigger("wardlaw", "amon", "pain_train", 4, 3).pos(1) == 0


def test_every_push_up_to_in_the_content_is_worded_as_far_as_possible():
    """Movement: exact movement is the rule; every effect that moves only as far as the
    board allows says "as far as possible" in its card text."""
    from rules.battlecon import GAME

    content = GAME.new_state(GAME.validate_setup({}), 1).content
    found = [(cid, t) for cid, card in content.cards.items()
             for t in card.get("triggers", []) if any(op["op"].endswith("_up_to")
                                                       for op in t["do"])]
    assert found
    for cid, trig in found:
        assert "as far as possible" in trig["text"], (cid, trig["text"])
