"""Typed state (rules/core/model.py): slotted dataclasses that clone, save and load
themselves from their annotations."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import Any, Literal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.core.model import SHARED, TRANSIENT, Model, ModelError, plain, secret, upgraded


class Phase(StrEnum):
    ROLL = "roll"
    MOVE = "move"


class Lane(IntEnum):
    TOP = 0
    BOTTOM = 1


@dataclass(frozen=True, slots=True)
class Spot(Model):
    level: int
    index: int


@dataclass(slots=True)
class Piece(Model):
    name: str
    hp: int = 10
    at: Spot | None = None
    statuses: set[str] = field(default_factory=set)
    marks: list[int] = field(default_factory=list)


@dataclass(slots=True)
class Pending(Model):
    seat: int


@dataclass(slots=True)
class Block(Pending):
    TAG = "test.block"
    attacker: str = ""


@dataclass(slots=True)
class Fate(Pending):
    TAG = "test.fate"
    column: int = 0
    rows: tuple[int, ...] = ()


@dataclass(slots=True)
class Table(Model):
    phase: Phase
    pieces: dict[str, Piece]
    seats: list[list[Piece]]
    by_lane: dict[Lane, list[str]] = field(default_factory=dict)
    score: dict[int, float] = field(default_factory=dict)
    pair: tuple[str, int] = ("", 0)
    stack: list[Pending] = field(default_factory=list)
    extra: Any = None
    mode: Literal["duel", "team"] = "duel"
    board: dict[str, int] = field(default_factory=lambda: {"spaces": 7}, metadata=SHARED)


def sample() -> Table:
    a = Piece("alpha", 7, Spot(1, 3), {"stunned"}, [1, 2])
    b = Piece("beta")
    return Table(
        phase=Phase.MOVE, pieces={"alpha": a, "beta": b}, seats=[[a.clone()], [b.clone()]],
        by_lane={Lane.TOP: ["alpha"], Lane.BOTTOM: []}, score={0: 1.5, 3: 0.0},
        pair=("x", 2), stack=[Block(1, "alpha"), Fate(0, 4, (2, 5))],
        extra={"log": [1, {"k": "v"}]}, mode="team",
    )


def test_a_model_round_trips_through_json_text():
    t = sample()
    data = json.loads(json.dumps(t.to_json()))
    back = Table.from_json(data)
    assert back == t
    assert back.phase is Phase.MOVE and isinstance(back.by_lane and next(iter(back.by_lane)),
                                                   Lane)
    assert back.pieces["alpha"].statuses == {"stunned"} and back.score == {0: 1.5, 3: 0.0}
    assert isinstance(back.stack[0], Block) and isinstance(back.stack[1], Fate)
    assert back.stack[1].rows == (2, 5) and back.pair == ("x", 2)
    assert "board" not in data and data["phase"] == "move"
    assert data["stack"][0]["@"] == "test.block"


def test_a_clone_is_deep_and_independent():
    t = sample()
    c = t.clone()
    assert c == t and c is not t
    c.pieces["alpha"].hp = 1
    c.pieces["alpha"].statuses.add("hidden")
    c.seats[0].append(Piece("gamma"))
    c.by_lane[Lane.TOP].append("beta")
    c.stack[0].attacker = "beta"  # type: ignore[attr-defined]
    c.extra["log"][1]["k"] = "w"
    assert t == sample()


def test_shared_fields_and_frozen_values_are_shared_by_clones():
    t = sample()
    c = t.clone()
    assert c.board is t.board
    assert c.pieces["alpha"].at is t.pieces["alpha"].at  # a frozen Spot is a value


def test_old_data_takes_the_defaults_of_new_fields():
    data = sample().to_json()
    del data["mode"], data["score"]
    back = Table.from_json(data)
    assert back.mode == "duel" and back.score == {}


@pytest.mark.parametrize(("change", "words"), [
    (lambda d: d.pop("phase"), "Table: missing field 'phase'"),
    (lambda d: d.update(colour="red"), "Table: unknown field(s) colour"),
    (lambda d: d.update(phase="fly"), "Table.phase:"),
    (lambda d: d["stack"][0].update({"@": "test.nothing"}), "unknown tag 'test.nothing'"),
    (lambda d: d["pieces"]["alpha"].pop("name"), "Piece: missing field 'name'"),
    (lambda d: d.update(pieces=[1]), "Table.pieces:"),
])
def test_bad_data_is_refused_with_the_class_and_field_named(change, words):
    data = json.loads(json.dumps(sample().to_json()))
    change(data)
    with pytest.raises(ModelError, match=words.replace("(", r"\(").replace(")", r"\)")):
        Table.from_json(data)


def test_a_field_type_the_machinery_cannot_handle_is_named():
    @dataclass(slots=True)
    class Odd(Model):
        f: complex = 0j

    with pytest.raises(ModelError, match="Odd: .* field of type"):
        Odd().clone()


def test_two_models_cannot_share_a_tag():
    with pytest.raises(ModelError, match="tag 'test.block'"):
        @dataclass(slots=True)
        class Other(Pending):
            TAG = "test.block"


pieces = st.builds(
    Piece, name=st.text(max_size=5), hp=st.integers(-5, 50),
    at=st.none() | st.builds(Spot, st.integers(0, 3), st.integers(0, 40)),
    statuses=st.sets(st.sampled_from(["stunned", "hidden", "trapped"])),
    marks=st.lists(st.integers(0, 9), max_size=4),
)


@given(st.dictionaries(st.text(min_size=1, max_size=4), pieces, max_size=4),
       st.sampled_from(list(Phase)), st.dictionaries(st.integers(-3, 99),
                                                      st.floats(allow_nan=False), max_size=3))
def test_any_table_round_trips_and_clones_equal(pieces_by_name, phase, score):
    t = Table(phase=phase, pieces=pieces_by_name, seats=[list(pieces_by_name.values())],
              score=score)
    assert Table.from_json(json.loads(json.dumps(t.to_json()))) == t
    assert t.clone() == t


# ---- views built from declared secrets ---------------------------------------------------
@dataclass(slots=True)
class Fighter(Model):
    seat: int
    life: int = 20
    hand: list[str] = field(default_factory=list, metadata=secret(owner="seat"))
    pair: str | None = field(default=None, metadata=secret(owner="seat", unless="shown"))
    shown: bool = False


@dataclass(slots=True)
class Duel(Model):
    fighters: list[Fighter]
    deck: list[str] = field(default_factory=list, metadata=secret())
    notes: list[str | None] = field(default_factory=lambda: [None, None],
                                    metadata=secret(per_seat=True, redact=lambda v: "?"))
    board: dict[str, int] = field(default_factory=dict, metadata=SHARED)


def duel(hands: tuple[list[str], list[str]], deck: list[str]) -> Duel:
    return Duel([Fighter(0, 18, hands[0], "dash"), Fighter(1, 20, hands[1], "burst")],
                deck, ["mine", "yours"])


def test_a_seat_sees_its_own_secrets_and_only_the_shape_of_the_others():
    d = duel((["a", "b"], ["c"]), ["x", "y", "z"])
    v = d.view_for(0)
    assert v.fighters[0].hand == ["a", "b"] and v.fighters[0].pair == "dash"
    assert v.fighters[1].hand == [None] and v.fighters[1].pair is None
    assert v.fighters[1].life == 20 and v.deck == [None, None, None]
    assert v.notes == ["mine", "?"]
    spectator = d.view_for(None)
    assert spectator.fighters[0].hand == [None, None] and spectator.notes == ["?", "?"]
    assert v.board is d.board


def test_a_secret_turned_face_up_is_seen_by_all():
    d = duel((["a"], ["c"]), [])
    d.fighters[1].shown = True
    assert d.view_for(0).fighters[1].pair == "burst"


def test_a_view_shares_nothing_mutable_with_the_state():
    d = duel((["a"], ["c"]), ["x"])
    v = d.view_for(0)
    v.fighters[0].hand.append("q")
    v.notes[0] = "changed"
    assert d.fighters[0].hand == ["a"] and d.notes == ["mine", "yours"]


def test_two_states_differing_only_in_secrets_look_the_same_to_a_seat():
    a = duel((["a", "b"], ["c"]), ["x", "y"])
    b = duel((["a", "b"], ["q"]), ["y", "w"])
    b.notes[1] = "other"
    b.fighters[1].pair = "feint"
    assert a.to_json() != b.to_json()
    assert a.view_for(0).to_json() == b.view_for(0).to_json()
    assert a.view_for(1).to_json() != b.view_for(1).to_json()


def test_per_seat_secrets_must_be_lists():
    @dataclass(slots=True)
    class Wrong(Model):
        note: str = field(default="", metadata=secret(per_seat=True))

    with pytest.raises(ModelError, match="per_seat secrets are lists"):
        Wrong().view_for(0)


# ---- plain, transient and versioned data --------------------------------------------------
def _copy_rows(rows):
    return [dict(r) for r in rows]


@dataclass(slots=True)
class Beat(Model):
    frames: list[dict[str, Any]] = field(default_factory=list, metadata=plain(_copy_rows))
    choice: dict[str, Any] | None = field(default=None, metadata=plain(lambda c: c))
    said: list[str] = field(default_factory=list, metadata=TRANSIENT)


def test_plain_fields_save_as_they_are_and_copy_by_their_own_rule():
    op = {"effect": "push"}
    b = Beat([{"op": op, "left": 2}], {"who": 1}, ["a line"])
    c = b.clone()
    assert c.frames == b.frames and c.frames[0] is not b.frames[0]
    assert c.frames[0]["op"] is op and c.choice is b.choice  # shared on purpose
    assert c.said == [] and b.view_for(0).said == [] and b.said == ["a line"]
    data = json.loads(json.dumps(b.to_json()))
    assert data == {"frames": [{"op": {"effect": "push"}, "left": 2}], "choice": {"who": 1}}
    back = Beat.from_json(data)
    assert back.frames == b.frames and back.choice == b.choice and back.said == []


def test_an_old_save_is_upgraded_and_an_unknown_one_refused_by_name():
    def from_v1(d):
        return {**d, "version": 2, "added": True}

    assert upgraded({"version": 2, "x": 1}, "Game", 2, {1: from_v1}) == {"version": 2, "x": 1}
    assert upgraded({"version": 1}, "Game", 2, {1: from_v1}) == {"version": 2, "added": True}
    with pytest.raises(ModelError, match=r"not a Game state this version of the game reads "
                                         r"\(Game state version 7; newer than version 2 or 1\)"):
        upgraded({"version": 7}, "Game", 2, {1: from_v1})
    with pytest.raises(ModelError, match="version None; it reads version 2 or 1"):
        upgraded([1, 2], "Game", 2, {1: from_v1})
