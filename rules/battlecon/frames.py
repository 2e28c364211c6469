"""The beat's frames: the steps of a beat waiting on the state's ``PendingStack``
(rules/core/pending.py), last on top, and the lowest-level ways to use them — push a
frame, stop for a choice, end the game. The beat (beat.py), team play (team.py) and the
effect ops use these and nothing here imports them.

A beat resolves as a stack of frames (a phase step, a trigger timing, an attack, an
effect op, team play's tied order, "which enemy is the Opponent" and the unlocking after
it) that runs until a frame must stop for a choice. Such a frame goes back on the stack
holding its ``Question`` (who answers, the prompt, the options): it is then the stack's
top ``Pending`` sub-decision, and answering it (``resolve``) stores the chosen action's
arguments in ``choice`` for the frame to read when the beat runs it again. What each
frame kind does when it runs is one table filled in beat.py (``RUNS``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rules.battlecon.kinds import Phase
from rules.core.actions import Action, Event
from rules.core.model import TAG_KEY, Model, plain
from rules.core.pending import Pending, PendingStack

if TYPE_CHECKING:
    from rules.battlecon.state import BattleconState


def _same(value: Any) -> Any:
    return value


#: ``field(metadata=CONTENT)``: data taken from the content (an op, a trigger's conditions),
#: saved as it is and shared by clones (never changed).
CONTENT = plain(_same)


@dataclass(frozen=True, slots=True)
class Question(Model):
    """What a frame waits for: ``who`` chooses one of ``options`` (actions as JSON), asked
    as ``prompt``. A value: replaced, never changed, shared by clones."""

    who: int
    prompt: str
    options: list[Any]


@dataclass(slots=True)
class BeatFrame(Pending["BattleconState"]):
    """A step of the beat on the stack; while it holds a ``question`` it is the
    sub-decision the game waits for."""

    #: the chosen action's arguments, for the frame to read when it runs again
    choice: list[Any] | None = None
    question: Question | None = None

    def decider(self, state: BattleconState) -> int:
        assert self.question is not None, "a frame decides nothing until it asks"
        return self.question.who

    def actions(self, state: BattleconState) -> list[Action]:
        assert self.question is not None, "a frame decides nothing until it asks"
        return [Action.from_json(a) for a in self.question.options]

    def resolve(self, state: BattleconState, stack: PendingStack[BattleconState],
                action: Action) -> list[Event]:
        """Store the answer; the frame stays on top and reads it when the beat runs on."""
        self.choice = list(action.args)
        self.question = None
        return []


@dataclass(slots=True)
class PhaseStep(BeatFrame):
    """One of the beat's steps after the Ante (beat.py ``PHASE_STEPS``: reveal, priority,
    start, attacks, end, recycle, rotate, next)."""

    TAG = "battlecon.phase"
    name: str = ""


@dataclass(slots=True)
class Timing(BeatFrame):
    """``who``'s triggers of one timing ("before", "hit", ...): ``left`` holds those not
    yet used or skipped, as [source, index] (None until the timing starts)."""

    TAG = "battlecon.timing"
    who: int = 0
    timing: str = ""
    left: list[list[Any]] | None = None


@dataclass(slots=True)
class Attack(BeatFrame):
    """``who``'s attack, at ``step`` (begin, range, damage, after, done); in team play
    the ``target`` it picked."""

    TAG = "battlecon.attack"
    who: int = 0
    step: str = "begin"
    target: int | None = None


@dataclass(slots=True)
class OpStep(BeatFrame):
    """One effect op of a trigger (or an ante): ``who`` acts, ``src`` is the card (or
    "ua:<fighter>"), ``op`` the op's table from the content; ``chooser`` answers for
    it when someone else must choose (the foe discarding a Style)."""

    TAG = "battlecon.op"
    who: int = 0
    src: str = ""
    op: dict[str, Any] = field(default_factory=dict, metadata=CONTENT)
    chooser: int | None = None


@dataclass(slots=True)
class TiedOrder(BeatFrame):
    """Team play: tied teammates choose who of them acts first, from slot ``at`` of the
    beat's order (``keys``: each fighter's priority key, in that order)."""

    TAG = "battlecon.order"
    at: int = 0
    keys: list[list[int]] = field(default_factory=list)


@dataclass(slots=True)
class PickFoe(BeatFrame):
    """Team play: ``who`` picks which nearest enemy is "the Opponent" of a trigger whose
    conditions are ``when``."""

    TAG = "battlecon.pick_foe"
    who: int = 0
    when: list[str] = field(default_factory=list, metadata=CONTENT)


@dataclass(slots=True)
class Unlock(BeatFrame):
    """Team play: after such a trigger, ``who``'s Opponent is no longer fixed."""

    TAG = "battlecon.unlock"
    who: int = 0


def question(st: BattleconState) -> Question | None:
    """The question the beat waits on (the top frame's, when it has asked), or None."""
    if not st.stack:
        return None
    top = st.stack.top
    assert isinstance(top, BeatFrame)
    return top.question


def push(st: BattleconState, frame: BeatFrame) -> None:
    st.stack.push(frame)


def ask(st: BattleconState, frame: BeatFrame, who: int, options: list[Action],
        prompt: str) -> None:
    """Stop for ``who`` to choose among ``options`` for ``frame`` (one option: taken)."""
    st.stack.push(frame)
    if len(options) == 1:
        frame.choice = list(options[0].args)
        return
    frame.question = Question(who, prompt, [a.to_json() for a in options])


def finish(st: BattleconState, winner: int, reason: str) -> None:
    """The game is over: ``winner``'s side wins; nothing on the stack runs any more."""
    st.phase = Phase.OVER
    st.winner = winner
    st.reason = reason
    st.stack.frames = []
    st.say("over", f"{st.name(winner)} wins: {reason}.", winner=winner)


# ---- saves of version 2 (the frames as plain dicts, the question beside them) -------------
_V2_TAGS: dict[str, type[BeatFrame]] = {
    "phase": PhaseStep, "timing": Timing, "attack": Attack, "op": OpStep, "order": TiedOrder,
    "pick_foe": PickFoe, "unlock": Unlock}


def frames_from_v2(stack: list[dict[str, Any]], pending: dict[str, Any] | None
                   ) -> dict[str, Any]:
    """A version-2 save's ``stack`` (plain frames, ``"t"`` their kind) and ``pending``
    choice as this version's ``PendingStack`` JSON: the pending choice becomes the top
    frame's question."""
    frames = []
    for old in stack:
        kind = _V2_TAGS.get(old.get("t", ""))
        if kind is None:
            raise ValueError(f"a version-2 BattleCON frame of unknown kind {old.get('t')!r}")
        frames.append({TAG_KEY: kind.TAG, **{k: v for k, v in old.items() if k != "t"}})
    if pending is not None:
        if not frames:
            raise ValueError("a version-2 BattleCON state waits for a choice with no frame")
        frames[-1]["question"] = {"who": pending["who"], "prompt": pending["prompt"],
                                  "options": pending["options"]}
    return {"frames": frames}
