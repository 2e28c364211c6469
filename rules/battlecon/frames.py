"""The beat's stack of frames, at its lowest level: push a frame, stop for a choice, end
the game. The beat (beat.py), team play (team.py) and the effect ops all use these, and
they use nothing of them, so nothing here imports the modules above it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rules.battlecon.kinds import Phase
from rules.core.actions import Action

if TYPE_CHECKING:
    from rules.battlecon.state import BattleconState


def push(st: BattleconState, frame: dict[str, Any]) -> None:
    st.stack.append(frame)


def ask(st: BattleconState, frame: dict[str, Any], who: int, options: list[Action],
        prompt: str) -> None:
    """Stop for ``who`` to choose among ``options`` for ``frame`` (one option: taken)."""
    st.stack.append(frame)
    if len(options) == 1:
        frame["choice"] = list(options[0].args)
        return
    st.pending = {"who": who, "prompt": prompt,
                  "options": [a.to_json() for a in options]}


def finish(st: BattleconState, winner: int, reason: str) -> None:
    """The game is over: ``winner``'s side wins; nothing on the stack runs any more."""
    st.phase = Phase.OVER
    st.winner = winner
    st.reason = reason
    st.stack = []
    st.pending = None
    st.say("over", f"{st.name(winner)} wins: {reason}.", winner=winner)
