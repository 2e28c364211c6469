"""build/extract_icons.py: writes only the chosen icons and their credits, from the npm
package's JSON (given as a folder, a .tgz or icons.json), and refuses uncredited ones."""

from __future__ import annotations

import importlib.util
import io
import json
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

BODY = '<path fill="currentColor" d="M0 0h512v512H0z"/>'
PACKAGE = {"prefix": "game-icons", "width": 512, "height": 512,
           "icons": {"fist": {"body": BODY}, "meeple": {"body": BODY},
                     "unused": {"body": BODY}},
           "aliases": {"old-fist": {"parent": "fist"}}}


@pytest.fixture(scope="module")
def extract():
    name = "tabletop_build_extract_icons"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, ROOT / "build" / "extract_icons.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    return sys.modules[name]


def mapping(authors: dict[str, list[str]]) -> dict[str, object]:
    return {"ui": {"default": "meeple"},
            "duel": {"picture": "old-fist", "default": {"fighter": "fist"},
                     "same": {"stance": "fighter"}},
            "authors": authors}


def test_writes_only_the_chosen_icons_and_a_per_icon_credit(extract, tmp_path):
    (tmp_path / "stale.svg").write_text("old")
    chosen = mapping({"Lorc": ["fist", "old-fist"], "Delapouite": ["meeple"]})
    assert extract.extract(PACKAGE, chosen, tmp_path) == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "LICENSE", "fist.svg", "meeple.svg", "old-fist.svg"]
    svg = (tmp_path / "old-fist.svg").read_text()
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512"')
    assert BODY in svg
    licence = (tmp_path / "LICENSE").read_text()
    assert "CC BY 3.0" in licence and "creativecommons.org/licenses/by/3.0" in licence
    assert "fist.svg - Lorc" in licence and "meeple.svg - Delapouite" in licence
    assert "fighter" not in licence and "stance" not in licence


def test_refuses_an_icon_without_an_artist_or_not_in_the_package(extract, tmp_path, capsys):
    assert extract.extract(PACKAGE, mapping({"Lorc": ["fist", "old-fist"]}), tmp_path) == 1
    assert "no artist in [authors]: meeple" in capsys.readouterr().err
    missing = mapping({"Lorc": ["fist", "old-fist", "meeple"]})
    missing["ui"] = {"default": "no-such-icon"}
    missing["authors"]["Lorc"].append("no-such-icon")
    assert extract.extract(PACKAGE, missing, tmp_path) == 1
    assert "not in the package: no-such-icon" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())  # nothing written


def test_reads_the_package_from_a_folder_a_tgz_or_its_json(extract, tmp_path):
    folder = tmp_path / "package"
    folder.mkdir()
    (folder / "icons.json").write_text(json.dumps(PACKAGE))
    tgz = tmp_path / "game-icons.tgz"
    with tarfile.open(tgz, "w:gz") as tar:
        data = json.dumps(PACKAGE).encode()
        info = tarfile.TarInfo("package/icons.json")
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    for source in (folder, folder / "icons.json", tgz):
        assert extract.load_package(source)["icons"].keys() == PACKAGE["icons"].keys()


def test_the_committed_set_matches_the_mapping_the_script_reads(extract):
    from game import icons

    chosen = extract.read_mapping()
    assert extract.ids_in(chosen) == icons.used_ids()
    assert set(extract.artists_in(chosen)) >= icons.used_ids()
