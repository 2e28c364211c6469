"""Unique Ability materials drawn as pieces on the fighters' plates: each fighter's
materials are read from the public state into groups (where each piece is, whether it is
spent), and drawn as tokens and small cards."""

from __future__ import annotations

import random

import pygame
import pytest

from game.tables.battlecon.pieces import FURY, Group, Piece, draw_materials, materials
from rules.battlecon import kits
from rules.battlecon.kinds import Phase
from tests.game.test_battlecon_table import open_table, play_until

RED = (200, 0, 0)


def view_of(app_dirs, fighters):
    """The table and seat 0's view once setup is over (the materials are dealt)."""
    screen, _ = open_table(app_dirs, fighters)
    session = screen.session
    play_until(screen, random.Random(1), lambda: session.state.phase == Phase.SET)
    return screen, session.state.view(0)


def summary(groups):
    return {g.label: [(p.kind, p.words, p.lit, p.current) for p in g.pieces] for g in groups}


def test_hayden_counters_split_into_supply_and_depleted(app_dirs):
    _, view = view_of(app_dirs, ("hayden", "wardlaw"))
    view.player(0).ua.update({"fury": 3, "control": 1, "fury_spent": 0, "control_spent": 2})
    got = summary(materials(view, 0, RED))
    assert got["Supply"] == [("fury", "Fury", True, False)] * 3 + [
        ("control", "Control", True, False)]
    assert got["Depleted"] == [("control", "Control", False, False)] * 2


def test_lucida_tokens_show_where_each_one_is(app_dirs):
    _, view = view_of(app_dirs, ("lucida", "wardlaw"))
    view.player(0).ua.update({"supply": ["pain"], "foe": ["courage", "spirit"],
                              "spent": ["valor"]})
    got = summary(materials(view, 0, RED))
    foe = view.name(1)
    assert [w for _, w, _, _ in got["Rended"]] == ["Pain"]
    assert [w for _, w, _, _ in got[f"With {foe}"]] == ["Courage", "Spirit"]
    assert got["Consumed"] == [("token", "Valor", False, False)]


def test_dareios_drinks_untouched_drunk_and_finished(app_dirs):
    _, view = view_of(app_dirs, ("dareios", "wardlaw"))
    drinks = list(kits.DRINKS)
    view.player(0).ua.update({"drinks": drinks[:2], "active": [drinks[2]],
                              "finished": drinks[3:]})
    got = summary(materials(view, 0, RED))
    assert len(got["Untouched"]) == 2 and all(lit for _, _, lit, _ in got["Untouched"])
    assert got["Drunk"] == [("drink", view.card_name(drinks[2]), True, True)]
    assert [lit for _, _, lit, _ in got["Finished"]] == [False, False]


def test_trias_embellishments_untold_and_told(app_dirs):
    _, view = view_of(app_dirs, ("trias", "wardlaw"))
    view.player(0).ua.update({"ready": ["heavens", "super"], "told": ["truly"]})
    got = summary(materials(view, 0, RED))
    assert [w for _, w, _, _ in got["Untold"]] == [kits.EMBELLISHMENTS["heavens"],
                                                   kits.EMBELLISHMENTS["super"]]
    assert got["Told"] == [("tale", kits.EMBELLISHMENTS["truly"], False, False)]


def test_amon_shows_the_whole_code_ladder_with_the_current_level_lit(app_dirs):
    _, view = view_of(app_dirs, ("amon", "wardlaw"))
    view.player(0).form = "code_yellow"
    ladder = summary(materials(view, 0, RED))["Danger level"]
    # the group says "Danger level": each piece names its level ("Code White" -> "White")
    assert [w for _, w, _, _ in ladder] == [view.card_name(c).removeprefix("Code ")
                                            for c in kits.CODES]
    assert [p.key for p in materials(view, 0, RED)[0].pieces] == list(kits.CODES)
    assert [cur for _, _, _, cur in ladder] == [c == "code_yellow" for c in kits.CODES]


def test_cindra_form_and_storm_rekindled_status(app_dirs):
    _, view = view_of(app_dirs, ("cindra", "wardlaw"))
    view.player(0).form = "phoenix_form"
    view.player(0).statuses = ["storm_rekindled"]
    got = summary(materials(view, 0, RED))
    assert got["Form"] == [("form", "Phoenix", True, True)]  # under the label "Form"
    assert got["Status"] == [("status", "Storm Rekindled", True, True)]


def test_burgundy_paint_supply_counts_down_as_paint_goes_on_the_board(app_dirs):
    _, view = view_of(app_dirs, ("burgundy", "wardlaw"))
    view.player(0).ua["paint"] = [1, 4]
    got = summary(materials(view, 0, RED))
    assert len(got["Paint supply"]) == kits.PAINT_MARKERS - 2
    assert [lit for _, _, lit, _ in got["On the board"]] == [False, False]


def test_kimbhe_staff_held_planted_or_stolen(app_dirs):
    _, view = view_of(app_dirs, ("kimbhe", "wardlaw"))
    ua = view.player(0).ua
    assert list(summary(materials(view, 0, RED))) == ["Staff in hand"]
    ua.update({"staff": "board", "staff_pos": 3})
    assert list(summary(materials(view, 0, RED))) == ["Staff on space 4"]
    ua.update({"staff": "stolen", "staff_pos": None})
    assert list(summary(materials(view, 0, RED))) == [f"Staff stolen by {view.name(1)}"]


def test_dravil_tide_marks_the_form_in_force(app_dirs):
    from rules.battlecon.conditions import tide

    _, view = view_of(app_dirs, ("dravil", "wardlaw"))
    got = summary(materials(view, 0, RED))["Ebbing Tide"]
    assert [cur for _, _, _, cur in got] == [tide(view, 0) == "ice", tide(view, 0) == "steam"]


def test_a_fighter_without_materials_shows_the_ability_in_words(app_dirs):
    screen, view = view_of(app_dirs, ("wardlaw", "wardlaw"))
    assert materials(view, 0, RED) == []
    target = pygame.Surface((1280, 720))
    table = screen.table
    area = pygame.Rect(100, 100, 360, 60)
    table.draw_ua(target, view, 0, area)
    text_rows = [y for y in range(area.y + 16, area.bottom)
                 if any(target.get_at((x, y))[:3] != (0, 0, 0) for x in range(area.x, area.right))]
    assert text_rows  # the Unique Ability's words are written under its name


def test_pieces_are_drawn_where_their_group_lies(app_dirs):
    target = pygame.Surface((400, 60))
    groups = [Group("Supply", [Piece("fury", "Fury", FURY)] * 2),
              Group("Form", [Piece("form", "Phoenix Form", (232, 120, 40), current=True)])]
    draw_materials(target, pygame.Rect(0, 0, 400, 60), groups)
    token = 30  # two tokens and a card share 400 px: tokens at their largest
    assert target.get_at((token // 2, 16 + token // 2 + 10))[:3] == FURY  # low on the first
    assert target.get_at((380, 40))[:3] == (0, 0, 0)  # nothing beyond the last piece


def test_lucida_rends_a_token_by_clicking_it_on_her_plate(app_dirs):
    from tests.game.test_battlecon_table import table_asking

    screen, chosen = table_asking(app_dirs, ("lucida", "wardlaw"), "rend")
    state, seat = screen.session.state, screen.viewer
    rends = [a for a in state.legal_actions(seat) if a.kind == "rend"]
    targets = {t.name: t for t in screen.table.targets if t.name.startswith("piece.")}
    assert sorted(targets) == sorted(f"piece.{a.args[0]}" for a in rends)
    plate = screen.table.plate(seat)
    assert all(plate.contains(pygame.Rect(t.x - t.w / 2 + 3, t.y - t.h / 2 + 3, t.w - 6,
                                          t.h - 6)) for t in targets.values())
    for action in rends:
        targets[f"piece.{action.args[0]}"].click(0, 0)
    assert chosen == rends


def test_trias_takes_back_a_told_embellishment_by_clicking_it(app_dirs):
    from tests.game.test_battlecon_table import table_asking

    screen, chosen = table_asking(app_dirs, ("trias", "wardlaw"), "recall", limit=3000)
    state, seat = screen.session.state, screen.viewer
    recalls = [a for a in state.legal_actions(seat) if a.kind == "recall"]
    targets = {t.name: t for t in screen.table.targets if t.name.startswith("piece.")}
    assert sorted(targets) == sorted(f"piece.{a.args[0]}" for a in recalls)
    for action in recalls:
        targets[f"piece.{action.args[0]}"].click(0, 0)
    assert chosen == recalls


@pytest.mark.parametrize("split", [(3, 1, 1), (2, 2, 1), (1, 1, 3), (2, 1, 2)])
def test_a_crowded_team_plate_keeps_every_group_label_whole(app_dirs, split):
    """Dareios' three groups of Drinks on a team plate (four fighters: a quarter of the
    plate row): "Untouched", "Drunk" and "Finished" each whole, side by side, every Drink
    shown (condensed letters, narrower cards), nothing past the plate."""
    import game.tables.battlecon.layout as layout
    from game.tables.battlecon.pieces import lay_materials

    _, view = view_of(app_dirs, ("dareios", "wardlaw"))
    drinks = list(kits.DRINKS)
    a, b, _ = split
    view.player(0).ua.update({"drinks": drinks[:a], "active": drinks[a:a + b],
                              "finished": drinks[a + b:a + sum(split[1:])]})
    groups = materials(view, 0, RED)
    assert [len(g.pieces) for g in groups] == list(split)
    plate = layout.plate(4, 0)
    rect = pygame.Rect(plate.x + 8, plate.y + 130, plate.w - 16, 40)
    laid = lay_materials(rect, groups)
    labels = [p for p in laid if p.what == "label"]
    assert [p.words for p in labels] == ["Untouched", "Drunk", "Finished"]
    assert not any(p.what == "more" for p in laid)
    assert sum(p.what == "piece" for p in laid) == sum(split)
    assert all(rect.contains(p.rect) for p in laid)
    assert not any(one.rect.colliderect(other.rect)
                   for k, one in enumerate(labels) for other in labels[k + 1:])
