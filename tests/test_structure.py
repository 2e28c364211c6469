"""The shape of the code, checked from its imports (read with ``ast``, nothing is run):
layers point one way (game -> ai -> rules), and no module imports itself round a circle.
The tables (game/tables) read each game's typed state: no view there is typed ``Any``.

Every import counts, also one written inside a function to dodge a circle at run time;
only imports under ``if TYPE_CHECKING:`` are left out (they never run). Packages whose
circles are tolerated as debt of the game-template issue are listed in ``CIRCLE_DEBT``
(none are left): the test fails on a circle anywhere else, and when a listed package has
no circle left (so the list only shrinks).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LAYERS = ("rules", "ai", "game")
#: What each layer may not import.
FORBIDDEN = {
    "rules": ("ai", "game", "pygame", "pymunk"),
    "ai": ("game", "pygame", "pymunk"),
}
#: Circles tolerated as debt of the game template (issue #13): a circle whose modules all
#: start with one of these prefixes is tolerated; any other circle fails, and so does a
#: listed prefix with no circle left, so the list only shrinks. Empty: the four game
#: packages have none left.
CIRCLE_DEBT: tuple[str, ...] = ()


def modules() -> dict[str, Path]:
    out = {}
    for layer in LAYERS:
        for path in sorted((ROOT / layer).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            out[name] = path
    out["launcher"] = ROOT / "launcher.py"
    return out


def _type_checking_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                lines.update(range(inner.lineno, (inner.end_lineno or inner.lineno) + 1))
    return lines


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules ``name`` imports (resolving relative imports and ``from pkg import mod``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skip = _type_checking_lines(tree)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(tree):
        if getattr(node, "lineno", None) in skip:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names
                         if f"{base}.{alias.name}" in known)
    return found


def graph() -> dict[str, set[str]]:
    mods = modules()
    known = set(mods)
    out: dict[str, set[str]] = {}
    for name, path in mods.items():
        targets = set()
        for imported in imports_of(name, path, known):
            # "from rules.core import X" names the package, not each of its modules
            if imported in known and imported != name:
                targets.add(imported)
        out[name] = targets
    return out


def circles(g: dict[str, set[str]]) -> list[frozenset[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    out: list[frozenset[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in g.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.add(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(frozenset(comp))

    for v in sorted(g):
        if v not in index:
            visit(v)
    return out


def test_layers_point_one_way():
    """Architecture: rules imports neither ai, game nor pygame; ai imports neither game nor
    pygame."""
    mods = modules()
    known = set(mods)
    wrong = []
    for name, path in mods.items():
        layer = name.split(".")[0]
        for imported in imports_of(name, path, known):
            if imported.split(".")[0] in FORBIDDEN.get(layer, ()):
                wrong.append(f"{name} imports {imported}")
    assert not wrong, wrong


def test_no_new_import_circles():
    """Architecture: no module imports itself round a circle, beyond the listed debt."""
    found = circles(graph())

    def debt(circle: frozenset[str]) -> str | None:
        return next((p for p in CIRCLE_DEBT if all(m.startswith(p) for m in circle)), None)

    new = [sorted(c) for c in found if debt(c) is None]
    assert not new, f"new import circles: {new}"
    paid = [p for p in CIRCLE_DEBT if not any(debt(c) == p for c in found)]
    assert not paid, f"no circle is left under {paid}: remove them from CIRCLE_DEBT"


def test_the_circle_finder_finds_a_circle_and_a_relative_import(tmp_path):
    g = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(g) == [frozenset({"a", "b", "c"})]
    pkg = tmp_path / "pkg"
    pkg.mkdir()
    (pkg / "one.py").write_text("from . import two\nfrom .two import x\n"
                                "if TYPE_CHECKING:\n    from pkg import three\n")
    found = imports_of("pkg.one", pkg / "one.py", {"pkg.two", "pkg.three"})
    assert "pkg.two" in found and "pkg.three" not in found


def untyped_views(source: str) -> list[int]:
    """The lines where a view is typed ``Any``: a parameter or an annotated name called
    ``view`` (``self.view`` too), or a function called ``view`` returning ``Any``."""

    def is_any(note: ast.expr | None) -> bool:
        return note is not None and ast.unparse(note).removeprefix("typing.") in {"Any", "'Any'"}

    def named_view(target: ast.expr) -> bool:
        return (isinstance(target, ast.Name) and target.id == "view"
                or isinstance(target, ast.Attribute) and target.attr == "view")

    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.arg) and node.arg == "view" and is_any(node.annotation):
            found.append(node.lineno)
        elif (isinstance(node, ast.AnnAssign) and named_view(node.target)
              and is_any(node.annotation)):
            found.append(node.lineno)
        elif (isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == "view"
              and is_any(node.returns)):
            found.append(node.lineno)
    return sorted(found)


def test_tables_read_typed_views():
    """Issue #13: the tables read each game's typed state, never a view typed ``Any``."""
    wrong = [f"{path.relative_to(ROOT)}:{line}"
             for path in sorted((ROOT / "game" / "tables").rglob("*.py"))
             for line in untyped_views(path.read_text(encoding="utf-8"))]
    assert not wrong, f"views typed Any in game/tables: {wrong}"


def test_the_view_finder_finds_views_typed_any():
    source = ("def f(view: Any, seat: int) -> None: ...\n"
              "class T:\n"
              "    def __init__(self) -> None:\n"
              "        self.view: Any = None\n"
              "    @property\n"
              "    def view(self) -> typing.Any: ...\n"
              "def g(view: State, other: Any) -> Any: ...\n")
    assert untyped_views(source) == [1, 4, 6]
