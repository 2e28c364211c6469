"""The scripts under build/ are not a package: tests load them from their files."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]


def load_build_script(name: str) -> ModuleType:
    """build/NAME.py as a module, loaded once."""
    module_name = f"tabletop_build_{name}"
    if module_name not in sys.modules:
        spec = importlib.util.spec_from_file_location(module_name, ROOT / "build" / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module  # dataclasses look their module up there
        spec.loader.exec_module(module)
    return sys.modules[module_name]


@pytest.fixture(scope="session")
def check_screenshot() -> ModuleType:
    return load_build_script("check_screenshot")


@pytest.fixture(scope="session")
def check_bundle() -> ModuleType:
    return load_build_script("check_bundle")


@pytest.fixture(scope="session")
def screenshots() -> ModuleType:
    return load_build_script("screenshots")
