"""Typed state: a game's state as a tree of slotted dataclasses that copy and serialise
themselves.

A model class is a ``@dataclass(slots=True)`` subclass of ``Model`` with annotated fields.
From the annotations ``Model`` builds, once per class, three functions — ``clone`` (a deep
copy as fast as a hand-written one: search calls it constantly), ``to_json`` and
``from_json`` — so no game writes per-field copying or saving code. The field types it
knows:

- ``int``, ``float``, ``str``, ``bool``, ``None``, ``Literal[...]`` (kept as they are);
- a ``StrEnum`` / ``IntEnum`` / ``Enum`` (saved as its value);
- another model (nested; a model with a ``TAG`` class variable is saved with it, so a
  field typed as a base model can hold any tagged subclass — one pending decision of many
  kinds, say);
- ``T | None``, ``list[T]``, ``tuple[T, ...]``, ``tuple[A, B]``, ``set[T]``,
  ``frozenset[T]`` and ``dict[K, V]`` with ``str``, ``int`` or enum keys, nested freely;
- ``Any`` (plain JSON data, deep-copied).

``field(metadata=SHARED)`` marks a field that clones share by reference and that is not
saved (a content table, a board): ``from_json`` fills it from its default.
``field(metadata=TRANSIENT)`` is not saved either, and a clone or a view starts it afresh
from its default. ``field(metadata=plain(copy))`` holds plain JSON data saved as it is and
copied for clones and views by ``copy`` (frames whose parts are shared on purpose).
``upgraded(data, what, version, older)`` brings a save of an older version to this one (or
refuses it with one sentence) before ``from_json`` reads it.

A frozen model (``@dataclass(frozen=True, slots=True)``) is a value: clones share it.

A seat's view is built the same way, positively: ``field(metadata=secret(...))`` declares
who may see a field (its owner seat, each seat its own entry, or nobody; public once a
condition holds), and ``view_for(seat)`` builds a new model from what that seat may see —
the others' secrets arrive redacted (by default None, one per entry, so counts stay
public). Nothing is copied and then blanked, so a secret a game forgets to declare is the
only way one can leak, and the declaration sits on the field itself.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, TypeVar

from rules.core.plain import copy_plain

#: ``field(metadata=SHARED)``: shared by clones, not saved.
SHARED: Mapping[str, bool] = types.MappingProxyType({"shared": True})
#: ``field(default_factory=..., metadata=TRANSIENT)``: not saved; a clone or a view starts
#: from the default (a list of events said on this object only, say).
TRANSIENT: Mapping[str, bool] = types.MappingProxyType({"shared": True, "fresh": True})


def plain(copy: Callable[[Any], Any] | None = None) -> Mapping[str, Any]:
    """``field(metadata=plain(copy))``: plain JSON data saved as it is, copied for clones and
    views by ``copy`` (default: a deep copy) — for data whose parts are shared on purpose
    (frames naming content, a choice replaced but never changed in place)."""
    return types.MappingProxyType({"plain": True, "copy": copy or copy_plain})

def secret(owner: str | None = None, *, per_seat: bool = False, unless: str | None = None,
           redact: Callable[[Any], Any] | None = None) -> Mapping[str, Any]:
    """``field(metadata=secret(...))``: what a seat's view (``Model.view_for``) may not see.

    - ``per_seat=True``: a list indexed by seat; each seat sees its own entry only;
    - ``owner="seat"``: the value belongs to the seat named by this model's ``seat`` field
      (any attribute name); only that seat sees it;
    - neither: nobody sees it (a deck's order).

    ``unless`` names a boolean attribute or property of the model that makes the value
    public (a card turned face up). What the others see instead is ``redact(value)`` for
    each entry of a list, set or tuple (so its length stays public) and for a plain value;
    the default redaction is None."""
    return types.MappingProxyType({"secret": True, "owner": owner, "per_seat": per_seat,
                                   "unless": unless, "redact": redact or _none})


def _none(value: Any) -> None:
    return None


#: The key that carries a tagged model's ``TAG`` in its JSON.
TAG_KEY = "@"

M = TypeVar("M", bound="Model")


class ModelError(ValueError):
    """Data that does not fit a model (a missing or unknown field, a bad tag), or a field
    type the model machinery does not know; the message names the class and the field."""


class Model:
    """Base of every typed state class (see the module docstring)."""

    __slots__ = ()
    #: Set on a subclass to save it with this tag (unique in the program, e.g.
    #: "terrene.block"), so that a field typed as a base class can hold it.
    TAG: ClassVar[str] = ""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        tag = cls.__dict__.get("TAG", "")
        if tag:
            known = _TAGGED.get(tag)
            # dataclass(slots=True) makes the class again under the same module and name
            if known is not None and (known.__module__, known.__name__) != (
                    cls.__module__, cls.__name__):
                raise ModelError(f"tag {tag!r} is used by {known.__qualname__} and "
                                 f"{cls.__qualname__}")
            _TAGGED[tag] = cls

    def clone(self: M) -> M:
        """A deep, independent copy (shared fields and frozen models are shared)."""
        return _codec(type(self)).clone(self)  # type: ignore[no-any-return]

    def view_for(self: M, seat: int | None) -> M:
        """What ``seat`` (None: a spectator) may see of this model, built from the fields
        it may see: each ``secret`` field it may not see is redacted, nested models give
        their own views, and nothing else is copied over."""
        return _codec(type(self)).view(self, seat)  # type: ignore[no-any-return]

    def to_json(self) -> dict[str, Any]:
        """The model as plain JSON data."""
        return _codec(type(self)).to_json(self)  # type: ignore[no-any-return]

    @classmethod
    def from_json(cls: type[M], data: Mapping[str, Any]) -> M:
        """Rebuild a model from ``to_json`` data; a missing field takes its default."""
        if not isinstance(data, Mapping):
            raise ModelError(f"{cls.__name__}: expected an object, not {type(data).__name__}")
        target: type[Model] = cls
        tag = data.get(TAG_KEY)
        if tag is not None:
            found = _TAGGED.get(tag)
            if found is None or not issubclass(found, cls):
                raise ModelError(f"{cls.__name__}: unknown tag {tag!r}")
            target = found
        return _codec(target).from_json(data)  # type: ignore[no-any-return]


_TAGGED: dict[str, type[Model]] = {}


@dataclasses.dataclass(slots=True)
class _Codec:
    view: Callable[[Any, int | None], Any]
    clone: Callable[[Any], Any]
    to_json: Callable[[Any], Any]
    from_json: Callable[[Any], Any]


_CODECS: dict[type, _Codec] = {}


def _codec(cls: type) -> _Codec:
    codec = _CODECS.get(cls)
    if codec is None:
        codec = _CODECS[cls] = _build(cls)
    return codec


# ---- code generation ------------------------------------------------------------------
class _Writer:
    """Turns field types into Python expressions for the three functions."""

    def __init__(self, owner: type) -> None:
        self.owner = owner
        self.names: dict[str, Any] = {"_copy_plain": copy_plain, "_from_model": _from_model,
                                      "ModelError": ModelError}
        self.counter = 0

    def name(self, value: Any) -> str:
        key = f"_n{len(self.names)}"
        self.names[key] = value
        return key

    def var(self) -> str:
        self.counter += 1
        return f"_v{self.counter}"

    # Each method returns an expression of ``src`` (an expression string).
    def immutable(self, tp: Any) -> bool:
        """True when values of ``tp`` never need copying."""
        tp = _generic_model(tp)
        if tp in (int, float, str, bool, type(None)):
            return True
        origin = typing.get_origin(tp)
        if origin is typing.Literal:
            return True
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return True
        if isinstance(tp, type) and issubclass(tp, Model):
            params = getattr(tp, "__dataclass_params__", None)
            return bool(params is not None and params.frozen)
        if origin in (typing.Union, types.UnionType):
            return all(self.immutable(a) for a in typing.get_args(tp))
        if origin is tuple:
            return all(self.immutable(a) for a in typing.get_args(tp) if a is not Ellipsis)
        if origin is frozenset:
            return True
        return False

    def clone(self, tp: Any, src: str, call: str = ".clone()") -> str:
        """A copy of ``src``; nested models are copied by ``call`` (a clone, or a view)."""
        tp = _generic_model(tp)
        if self.immutable(tp):
            return src
        if tp is Any:
            return f"_copy_plain({src})"
        if isinstance(tp, type) and issubclass(tp, Model):
            return f"{src}{call}"
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin in (typing.Union, types.UnionType):
            inner = self._optional(tp)
            return f"(None if {src} is None else {self.clone(inner, src, call)})"
        if origin is list:
            (item,) = args
            if self.immutable(item):
                return f"list({src})"
            v = self.var()
            return f"[{self.clone(item, v, call)} for {v} in {src}]"
        if origin is tuple:
            v = self.var()
            if len(args) == 2 and args[1] is Ellipsis:
                return f"tuple({self.clone(args[0], v, call)} for {v} in {src})"
            parts = ", ".join(self.clone(a, f"{src}[{i}]", call) for i, a in enumerate(args))
            return f"({parts},)"
        if origin is set:
            return f"set({src})"
        if origin is dict:
            _, value = args
            if self.immutable(value):
                return f"dict({src})"
            k, v = self.var(), self.var()
            return f"{{{k}: {self.clone(value, v, call)} for {k}, {v} in {src}.items()}}"
        if tp is dict or tp is list:
            return f"_copy_plain({src})"
        raise self.unknown(tp)

    def to_json(self, tp: Any, src: str) -> str:
        tp = _generic_model(tp)
        if tp in (int, float, str, bool, type(None)) or typing.get_origin(tp) is typing.Literal:
            return src
        if tp is Any or tp is dict or tp is list:
            return f"_copy_plain({src})"
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return f"{src}.value"
        if isinstance(tp, type) and issubclass(tp, Model):
            return f"{src}.to_json()"
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin in (typing.Union, types.UnionType):
            inner = self._optional(tp)
            return f"(None if {src} is None else {self.to_json(inner, src)})"
        v = self.var()
        if origin in (list, set, frozenset) or (origin is tuple and args[-1] is Ellipsis):
            item = args[0]
            each = f"[{self.to_json(item, v)} for {v} in {src}]"
            return f"sorted({each})" if origin in (set, frozenset) else each
        if origin is tuple:
            return "[" + ", ".join(self.to_json(a, f"{src}[{i}]")
                                   for i, a in enumerate(args)) + "]"
        if origin is dict:
            key, value = args
            k = self.var()
            return (f"{{{self._key_out(key, k)}: {self.to_json(value, v)} "
                    f"for {k}, {v} in {src}.items()}}")
        raise self.unknown(tp)

    def from_json(self, tp: Any, src: str) -> str:
        tp = _generic_model(tp)
        if tp in (int, str, bool, type(None)) or typing.get_origin(tp) is typing.Literal:
            return src
        if tp is float:
            return f"float({src})"
        if tp is Any or tp is dict or tp is list:
            return f"_copy_plain({src})"
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return f"{self.name(tp)}({src})"
        if isinstance(tp, type) and issubclass(tp, Model):
            return f"_from_model({self.name(tp)}, {src})"
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin in (typing.Union, types.UnionType):
            inner = self._optional(tp)
            return f"(None if {src} is None else {self.from_json(inner, src)})"
        v = self.var()
        if origin in (list, set, frozenset) or (origin is tuple and args[-1] is Ellipsis):
            each = f"{self.from_json(args[0], v)} for {v} in {src}"
            return {list: f"[{each}]", set: f"{{{each}}}", frozenset: f"frozenset({each})",
                    tuple: f"tuple({each})"}[origin]
        if origin is tuple:
            parts = ", ".join(self.from_json(a, f"{src}[{i}]") for i, a in enumerate(args))
            return f"({parts},)"
        if origin is dict:
            key, value = args
            k = self.var()
            return (f"{{{self._key_in(key, k)}: {self.from_json(value, v)} "
                    f"for {k}, {v} in {src}.items()}}")
        raise self.unknown(tp)

    def _optional(self, tp: Any) -> Any:
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) != 1:
            raise self.unknown(tp)
        return args[0]

    def _key_out(self, key: Any, src: str) -> str:
        if key is str:
            return src
        if key is int:
            return f"str({src})"
        if isinstance(key, type) and issubclass(key, enum.Enum):
            return f"str({src}.value)"
        raise self.unknown(key)

    def _key_in(self, key: Any, src: str) -> str:
        if key is str:
            return src
        if key is int:
            return f"int({src})"
        if isinstance(key, type) and issubclass(key, enum.IntEnum):
            return f"{self.name(key)}(int({src}))"
        if isinstance(key, type) and issubclass(key, enum.Enum):
            return f"{self.name(key)}({src})"
        raise self.unknown(key)

    def unknown(self, tp: Any) -> ModelError:
        return ModelError(f"{self.owner.__name__}: the model machinery cannot copy or save "
                          f"a field of type {tp!r}")


def _generic_model(tp: Any) -> Any:
    """A parametrised model (``Pending[State]``) is its model class."""
    origin = typing.get_origin(tp)
    if isinstance(origin, type) and issubclass(origin, Model):
        return origin
    return tp


def _from_model(cls: type[Model], data: Any) -> Model:
    return cls.from_json(data)


def _build(cls: type) -> _Codec:
    if not dataclasses.is_dataclass(cls):
        raise ModelError(f"{cls.__name__} is a Model but not a dataclass")
    hints = typing.get_type_hints(cls)
    w = _Writer(cls)
    c = w.name(cls)
    frozen = cls.__dataclass_params__.frozen  # type: ignore[attr-defined]
    saved = [f for f in dataclasses.fields(cls) if not f.metadata.get("shared")]
    if any(not f.init for f in saved):
        raise ModelError(f"{cls.__name__}: a saved field must be an __init__ field")
    tag = cls.__dict__.get("TAG", "")

    clone_lines = ["def clone(o):"]
    if frozen:
        clone_lines.append("    return o")
    else:
        clone_lines.append(f"    n = object.__new__({c})")
        for f in dataclasses.fields(cls):
            expr = _special_copy(w, f) or w.clone(hints[f.name], f"o.{f.name}")
            clone_lines.append(f"    n.{f.name} = {expr}")
        clone_lines.append("    return n")

    view_lines = ["def view(o, seat):"]
    if frozen:
        view_lines.append("    return o")
    else:
        view_lines.append(f"    n = object.__new__({c})")
        for f in dataclasses.fields(cls):
            view_lines.append(f"    n.{f.name} = {_view_expr(w, f, hints[f.name])}")
        view_lines.append("    return n")

    out_items = [f"{TAG_KEY!r}: {tag!r}"] if tag else []
    out_items += [f"{f.name!r}: " + (f"_copy_plain(o.{f.name})" if f.metadata.get("plain")
                                      else w.to_json(hints[f.name], "o." + f.name))
                  for f in saved]
    to_lines = ["def to_json(o):", "    return {" + ", ".join(out_items) + "}"]

    known = {f.name for f in saved} | {TAG_KEY}
    required = [f.name for f in saved if f.default is dataclasses.MISSING
                and f.default_factory is dataclasses.MISSING]
    from_lines = [
        "def from_json(d):",
        f"    extra = set(d) - {w.name(frozenset(known))}",
        "    if extra:",
        f"        raise ModelError({cls.__name__!r} + ': unknown field(s) ' + "
        "', '.join(sorted(map(str, extra))))",
        f"    for k in {w.name(tuple(required))}:",
        "        if k not in d:",
        f"            raise ModelError({cls.__name__!r} + ': missing field ' + repr(k))",
        "    kw = {}",
    ]
    for f in saved:
        expr = (f"_copy_plain(d[{f.name!r}])" if f.metadata.get("plain")
                else w.from_json(hints[f.name], f"d[{f.name!r}]"))
        from_lines += [
            "    try:",
            f"        if {f.name!r} in d: kw[{f.name!r}] = {expr}",
            "    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as e:",
            f"        raise ModelError({cls.__name__ + '.' + f.name + ': '!r} + str(e)) from None",
        ]
    from_lines.append(f"    return {c}(**kw)")

    source = "\n".join(view_lines + clone_lines + to_lines + from_lines)
    namespace = dict(w.names)
    exec(compile(source, f"<model {cls.__qualname__}>", "exec"), namespace)  # noqa: S102
    return _Codec(namespace["view"], namespace["clone"], namespace["to_json"],
                  namespace["from_json"])


def _special_copy(w: _Writer, f: dataclasses.Field[Any]) -> str:
    """How a clone or a view gets a shared, transient or plain field ("" for the others)."""
    src = f"o.{f.name}"
    if f.metadata.get("fresh"):
        if f.default_factory is not dataclasses.MISSING:
            return f"{w.name(f.default_factory)}()"
        return w.name(f.default)
    if f.metadata.get("shared"):
        return src
    if f.metadata.get("plain"):
        return f"{w.name(f.metadata['copy'])}({src})"
    return ""


def _view_expr(w: _Writer, f: dataclasses.Field[Any], tp: Any) -> str:
    """What a seat sees of field ``f``: shared fields as they are, public ones as views,
    secret ones as views where the seat may see them and redacted elsewhere."""
    src = f"o.{f.name}"
    special = _special_copy(w, f)
    if special:
        return special
    seen = w.clone(tp, src, ".view_for(seat)")
    if not f.metadata.get("secret"):
        return seen
    redact = w.name(f.metadata["redact"])
    origin = typing.get_origin(_generic_model(tp))
    if f.metadata["per_seat"]:
        if origin is not list:
            raise ModelError(f"{w.owner.__name__}.{f.name}: per_seat secrets are lists")
        (item,) = typing.get_args(tp)
        i, v = w.var(), w.var()
        shown = (f"[{w.clone(item, v, '.view_for(seat)')} if {i} == seat else {redact}({v}) "
                 f"for {i}, {v} in enumerate({src})]")
    else:
        if origin in (list, set, frozenset, tuple):
            v = w.var()
            hidden = f"{origin.__name__}({redact}({v}) for {v} in {src})"
        else:
            hidden = f"{redact}({src})"
        owner = f.metadata["owner"]
        shown = hidden if owner is None else f"({seen} if seat == o.{owner} else {hidden})"
    unless = f.metadata["unless"]
    return shown if unless is None else f"({seen} if o.{unless} else {shown})"


def upgraded(data: Any, what: str, version: int,
             older: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]]) -> dict[str, Any]:
    """A saved state's JSON brought to ``version``: as it is when it is of that version,
    converted by ``older[v]`` (which returns this version's JSON) when it is of an older
    version ``v``, and refused with one sentence naming the versions read otherwise."""
    found = data.get("version") if isinstance(data, Mapping) else None
    if found == version:
        return dict(data)
    if isinstance(found, int) and found in older:
        return older[found](dict(data))
    newer = isinstance(found, int) and found > version
    reads = " or ".join(str(v) for v in [version, *sorted(older, reverse=True)])
    raise ModelError(f"not a {what} state this version of the game reads ({what} state "
                     f"version {found!r}; {'newer than' if newer else 'it reads'} version "
                     f"{reads})")
