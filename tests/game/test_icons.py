"""Icon art (game/icons.py, assets/icons/): every named piece has a picture, the vendored
set is exactly the chosen one, every icon is credited, and drawing is cached."""

from __future__ import annotations

import re
import struct

import pytest

from game import icons
from rules import registry

GAMES = ("battlecon", "biternia", "chaostle", "terrene")
#: What the four tables draw besides named content (issue #14's list of stats and states).
SHARED_KEYS = ("power", "guard", "range", "priority", "life", "armour", "armor", "movement",
               "ATK", "DEF", "HP", "SP", "XP", "gold", "force", "stunned", "immobilised",
               "hidden", "trapped", "shield", "chill", "stone", "confuse", "burden",
               "dice", "deck", "discard", "hand", "level", "health", "damage", "action")


def content(game_id: str) -> list[tuple[str, str]]:
    return [(e.kind, e.name) for e in registry.get_game(game_id).content()]


def licence_credits() -> dict[str, str]:
    text = (icons.icons_dir() / "LICENSE").read_text(encoding="utf-8")
    return dict(re.findall(r"^([a-z0-9-]+)\.svg - (.+)$", text, re.MULTILINE))


@pytest.mark.parametrize("game_id", GAMES)
def test_every_named_piece_resolves_to_a_vendored_svg(game_id):
    entries = content(game_id)
    assert len(entries) > 100
    for kind, name in entries:
        icon = icons.icon_id(game_id, kind, name)
        assert icons.svg_path(icon).is_file(), f"{game_id} {kind} {name!r} -> {icon}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_named_piece_has_its_own_choice_not_a_default(game_id):
    """The kind defaults are a safety net for content added later, not the choice."""
    section = icons.mapping()[game_id]
    defaults = section["default"]
    same = section.get("same", {})
    unchosen = []
    for kind, name in content(game_id):
        table = {k.casefold() for k in section.get(same.get(kind, kind), {})}
        if name.casefold() not in table and icons.short_name(name).casefold() not in table:
            unchosen.append((kind, name))
        assert kind in defaults or same.get(kind) in defaults, f"no default for {kind}"
    assert not unchosen


@pytest.mark.parametrize("game_id", GAMES)
def test_every_name_in_the_mapping_is_real_content(game_id):
    """A misspelt name would silently fall back to the kind's default."""
    section = icons.mapping()[game_id]
    by_kind: dict[str, set[str]] = {}
    for kind, name in content(game_id):
        kind = section.get("same", {}).get(kind, kind)
        by_kind.setdefault(kind, set()).update({name.casefold(),
                                                icons.short_name(name).casefold()})
    for kind, table in section.items():
        if not isinstance(table, dict) or kind in icons.RESERVED or kind == "feature":
            continue
        unknown = [n for n in table if n.casefold() not in by_kind.get(kind, set())]
        assert not unknown, f"{game_id}.{kind}: {unknown}"


def test_the_mapping_chooses_many_different_pictures():
    """Fit and variety: not one icon for everything."""
    for game_id in GAMES:
        chosen = {icons.icon_id(game_id, k, n) for k, n in content(game_id)}
        assert len(chosen) >= 60, game_id
    fighters = [icons.icon_id("battlecon", "fighter", n) for k, n in content("battlecon")
                if k == "fighter"]
    assert len(set(fighters)) == len(fighters)


def test_vendored_svgs_are_exactly_the_chosen_icons():
    on_disk = {p.stem for p in icons.icons_dir().glob("*.svg")}
    assert on_disk == icons.used_ids()
    assert not [p.name for p in icons.icons_dir().iterdir()
                if p.suffix not in (".svg", ".toml") and p.name != "LICENSE"]


def test_every_used_icon_is_credited_in_the_licence_and_the_mapping():
    credited = licence_credits()
    used = icons.used_ids()
    assert set(credited) == used
    assert {icons.authors()[i] for i in used} == set(credited.values())
    assert "CC BY 3.0" in (icons.icons_dir() / "LICENSE").read_text(encoding="utf-8")
    assert credited["sword-clash"] == "Lorc" and credited["meeple"] == "Delapouite"


def test_short_names_drop_details():
    assert icons.short_name("Broad Sword of Valor (Dragon Slayer, roll 1: damage 12/16)") \
        == "Broad Sword of Valor"
    assert icons.short_name("Card of Doom, column 4, row 2: Shark Attack") == "Shark Attack"
    assert icons.short_name("1: Blazing Death Ray Gun (damage 19, range 3)") \
        == "Blazing Death Ray Gun"


def test_lookup_falls_back_to_the_kind_then_the_game_then_the_shared_default():
    assert icons.icon_id("battlecon", "fighter", "Cindra Flama") == "fire-silhouette"
    assert icons.icon_id("chaostle", "trap", "Snake Pit (escape on 4+, bite 3)") == "snake"
    assert icons.icon_id("battlecon", "style", "A style added tomorrow") \
        == icons.mapping()["battlecon"]["default"]["style"]
    assert icons.icon_id("battlecon", "new kind", "x") == icons.game_picture("battlecon")
    assert icons.icon_id("no-such-game", "x", "y") == icons.mapping()["ui"]["default"]


def test_shared_stats_and_states_have_their_own_icons():
    default = icons.mapping()["ui"]["default"]
    for key in SHARED_KEYS:
        assert icons.stat_id(key) != default, key
        assert icons.svg_path(icons.stat_id(key)).is_file()
    assert icons.stat_id("Armour") == icons.stat_id("armor")
    assert icons.stat_id("no such stat") == default


def test_icon_renders_the_requested_size_in_the_requested_colour_and_caches_it():
    icons.render.cache_clear()
    surf = icons.icon("biternia", "hero", "Sedusa", 48, (200, 40, 40))
    assert surf.get_size() == (48, 48)
    opaque = [surf.get_at((x, y)) for x in range(48) for y in range(48)
              if surf.get_at((x, y)).a == 255]
    assert len(opaque) > 100  # a real drawing, not an empty square
    assert {(c.r, c.g, c.b) for c in opaque} == {(200, 40, 40)}
    assert icons.icon("biternia", "hero", "Sedusa", 48, (200, 40, 40)) is surf
    assert icons.render.cache_info().hits == 1
    wide = icons.stat_icon("gold", (80, 40))
    assert wide.get_size() == (80, 40)
    assert wide.get_bounding_rect().w <= 40  # the art keeps its shape, centred
    faint = icons.stat_icon("gold", 32, (255, 255, 255, 100))
    assert max(faint.get_at((x, y)).a for x in range(32) for y in range(32)) <= 101


def test_the_app_icon_is_a_picture_and_its_files_are_well_formed():
    art = icons.app_icon(64)
    assert art.get_size() == (64, 64) and art.get_at((0, 0)).a == 0  # round, see-through
    assert art.get_at((32, 32)).a == 255
    ico = icons.ico_bytes((16, 256))
    reserved, kind, count = struct.unpack("<HHH", ico[:6])
    assert (reserved, kind, count) == (0, 1, 2)
    width, _, _, _, _, _, size, offset = struct.unpack("<BBBBHHII", ico[6:22])
    assert width == 16 and ico[offset:offset + 8] == b"\x89PNG\r\n\x1a\n"
    last_size, last_offset = struct.unpack("<II", ico[30:38])
    assert last_offset + last_size == len(ico)
    icns = icons.icns_bytes()
    assert icns[:4] == b"icns" and struct.unpack(">I", icns[4:8])[0] == len(icns)
    assert icns[8:12] == b"ic07" and icns[16:24] == b"\x89PNG\r\n\x1a\n"

