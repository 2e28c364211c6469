"""The Makefile installs once and again only when pyproject.toml changes."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _dry_run(folder: Path, target: str) -> str:
    """What ``make TARGET`` would run in ``folder``, without running it."""
    # A clean environment: when the tests themselves run under `make test`, make's own
    # variables (MAKEFLAGS carries command-line overrides) must not reach this make.
    env = {k: v for k, v in os.environ.items() if k not in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
    done = subprocess.run(["make", "--no-print-directory", "-n", target], cwd=folder, env=env,
                          capture_output=True, text=True, check=True)
    return done.stdout


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A copy of the Makefile and pyproject.toml with a .venv made by a first install."""
    shutil.copy(ROOT / "Makefile", tmp_path)
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text("#!/bin/sh\n")
    python.chmod(0o755)
    for line in _dry_run(tmp_path, "install").splitlines():
        if line.startswith("touch "):
            (tmp_path / line.removeprefix("touch ")).touch()
    return tmp_path


def test_fresh_checkout_creates_the_venv_and_installs_with_dev_extras(tmp_path):
    shutil.copy(ROOT / "Makefile", tmp_path)
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    plan = _dry_run(tmp_path, "test")
    assert "-m venv .venv" in plan
    assert "pip install" in plan and "-e '.[dev]'" in plan
    assert plan.index("-m venv") < plan.index("pip install") < plan.index("-m pytest")


def test_installed_venv_is_not_installed_again(project):
    plan = _dry_run(project, "play")
    assert "pip install" not in plan and "-m venv" not in plan
    assert ".venv/bin/python launcher.py" in plan


def test_changed_pyproject_installs_again(project):
    pyproject = project / "pyproject.toml"
    pyproject.write_text(pyproject.read_text() + "\n# a changed dependency\n")
    assert "pip install" in _dry_run(project, "test")


def test_dist_builds_with_the_release_script(project):
    assert "bash build/release.sh" in _dry_run(project, "dist")
