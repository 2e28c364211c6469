"""One pending-decision stack (rules/core/pending.py), shown on the Dice Race fixture: a
runner who dashes waits on the stack for its die, and the round goes on once both are
rolled."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from rules.core import CHANCE, Action
from rules.core.pending import Pending, PendingStack
from tests.rules.core.dice_race import GAME, Dash, DiceRaceState


@dataclass(slots=True)
class Pick(Pending[DiceRaceState]):
    TAG = "test.pick"
    seat: int = 0

    def decider(self, state: DiceRaceState) -> int:
        return self.seat

    def actions(self, state: DiceRaceState) -> list[Action]:
        return [Action("pick", (n,)) for n in (1, 2)]

    def resolve(self, state, stack, action):
        stack.pop()
        state.positions[self.seat] += action.args[0]
        return []


def dealt() -> DiceRaceState:
    s = GAME.new_state(GAME.default_setup(2), 0)
    s.apply(CHANCE, Action("deal", (7,)))
    return s


def test_both_dashes_wait_in_seat_order_and_the_round_goes_on_after():
    s = dealt()
    s.apply(0, Action("dash"))
    s.apply(1, Action("dash"))
    assert [f.runner for f in reversed(s.rolls.frames)] == [0, 1]
    assert s.decision().players == (CHANCE,) and len(s.legal_actions(CHANCE)) == 6
    s.apply(CHANCE, Action("roll", (4,)))
    assert s.positions == [4, 0] and s.rolls.top.runner == 1
    s.apply(CHANCE, Action("roll", (1,)))
    assert s.positions == [4, 0] and not s.rolls
    assert s.decision().players == (0, 1) and s.orders == [None, None]


def test_push_interrupts_and_later_queues():
    stack: PendingStack[DiceRaceState] = PendingStack()
    stack.push(Dash(0))
    stack.later(Dash(1))
    stack.push(Pick(1))
    assert [type(f).__name__ for f in reversed(stack.frames)] == ["Pick", "Dash", "Dash"]
    assert stack.find(Dash).runner == 0 and stack.find(Pick).seat == 1
    s = dealt()
    assert stack.decision(s).players == (1,)
    assert stack.actions(s, 0) == [] and len(stack.actions(s, 1)) == 2
    stack.apply(s, Action("pick", (2,)))
    assert s.positions == [0, 2] and stack.top.runner == 0


def test_waiting_frames_save_load_and_clone_by_their_tags():
    s = dealt()
    s.apply(0, Action("dash"))
    s.apply(1, Action("walk"))
    s.rolls.push(Pick(1))
    data = json.loads(json.dumps(s.to_json()))
    assert [f["@"] for f in data["rolls"]["frames"]] == ["dice_race.dash", "test.pick"]
    back = GAME.state_from_json(data)
    assert back.state_hash() == s.state_hash()
    assert isinstance(back.rolls.top, Pick) and isinstance(back.rolls.frames[0], Dash)
    twin = s.clone()
    twin.rolls.pop()
    assert len(s.rolls) == 2 and len(twin.rolls) == 1


def test_a_frame_kind_missing_a_method_cannot_be_made():
    @dataclass(slots=True)
    class Half(Pending[DiceRaceState]):
        TAG = "test.half"

        def decider(self, state):
            return 0

    with pytest.raises(TypeError, match="abstract"):
        Half()
