"""What the standalone build bundles: build/tabletop-arena.spec and build/hooks/."""

from __future__ import annotations

import ast
import runpy
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SPEC = ROOT / "build" / "tabletop-arena.spec"
HOOKS = ROOT / "build" / "hooks"


class _Recorder:
    """Stands in for one PyInstaller build step and keeps what the spec passed it."""

    def __init__(self, *args, **kwargs):
        self.args = args
        self.kwargs = kwargs
        self.pure, self.scripts, self.binaries, self.datas = "pure", "scripts", "bin", "datas"


def _run_spec(**names: object) -> dict[str, object]:
    steps: dict[str, list[_Recorder]] = {"Analysis": [], "PYZ": [], "EXE": [], "COLLECT": []}

    def step(name):
        def make(*args, **kwargs):
            steps[name].append(_Recorder(*args, **kwargs))
            return steps[name][-1]
        return make

    namespace = {"SPECPATH": str(SPEC.parent), **{name: step(name) for name in steps}, **names}
    exec(compile(SPEC.read_text(), str(SPEC), "exec"), namespace)
    return steps


@pytest.fixture(scope="module")
def hooks(tmp_path_factory):
    """Each hook's (hiddenimports, datas), run as PyInstaller runs it."""
    mp = pytest.MonkeyPatch()
    mp.setenv("PYTHONPATH", str(ROOT))  # what the spec's pathex gives PyInstaller
    mp.chdir(ROOT)
    try:
        return {pkg: runpy.run_path(str(HOOKS / f"hook-{pkg}.py"))
                for pkg in ("rules", "ai", "game")}
    finally:
        mp.undo()


def test_spec_builds_one_file_named_tabletop_arena():
    steps = _run_spec()
    assert len(steps["EXE"]) == 1 and not steps["COLLECT"]
    exe = steps["EXE"][0]
    assert exe.kwargs["name"] == "tabletop-arena"
    analysis = steps["Analysis"][0]
    # one-file: the binaries and data go into the executable itself
    assert analysis.binaries in exe.args and analysis.datas in exe.args


@pytest.mark.parametrize(("platform", "suffix", "magic"), [
    ("win32", ".ico", b"\x00\x00\x01\x00"), ("darwin", ".icns", b"icns"), ("linux", None, None)])
def test_spec_gives_the_executable_the_app_icon(monkeypatch, tmp_path, platform, suffix, magic):
    """Windows and macOS executables carry the app icon, drawn from the vendored SVG."""
    monkeypatch.setattr(sys, "platform", platform)
    icon = _run_spec(workpath=str(tmp_path))["EXE"][0].kwargs["icon"]
    if suffix is None:
        assert icon is None
        return
    assert Path(icon).parent.parent == tmp_path and Path(icon).suffix == suffix
    assert Path(icon).read_bytes().startswith(magic)


def test_spec_starts_from_launcher_and_bundles_assets():
    analysis = _run_spec()["Analysis"][0]
    assert analysis.args[0] == [str(ROOT / "launcher.py")]
    assert (str(ROOT / "assets"), "assets") in analysis.kwargs["datas"]
    assert str(HOOKS) in analysis.kwargs["hookspath"]
    assert {"rules", "ai", "game"} <= set(analysis.kwargs["hiddenimports"])


@pytest.mark.parametrize("package", ["rules", "ai", "game"])
def test_hooks_collect_every_module_of_the_lazily_imported_packages(hooks, package,
                                                                   check_bundle):
    expected = {m for m in check_bundle.expected_modules() if m.split(".")[0] == package}
    missing = expected - set(hooks[package]["hiddenimports"])
    assert not missing, f"not bundled: {sorted(missing)}"


def test_hooks_bundle_every_content_file_beside_its_module(hooks):
    """Content and the shipped scenarios (rules/<game>/data/scenarios/) go into the build."""
    bundled = {(Path(src).resolve(), Path(dest)) for src, dest in hooks["rules"]["datas"]}
    content = sorted(ROOT.glob("rules/*/data/**/*.toml"))
    assert content, "no rules/*/data/*.toml found to check"
    assert any(p.parent.name == "scenarios" for p in content)
    for path in content:
        assert (path, path.parent.relative_to(ROOT)) in bundled, f"not bundled: {path}"


def test_launcher_calls_freeze_support_first():
    """The frozen program re-runs itself for worker processes; freeze_support must come
    before anything else in main()."""
    tree = ast.parse((ROOT / "launcher.py").read_text())
    main = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "main")
    first = main.body[0]
    assert isinstance(first, ast.Expr) and isinstance(first.value, ast.Call)
    assert ast.unparse(first.value.func) == "multiprocessing.freeze_support"
