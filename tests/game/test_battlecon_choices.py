"""BattleCON's in-beat choices in a player's words (battlecon/strip.py): the rules' own
question rewritten by the kind of choice ("Drive: how far do you advance?", "When hit:
which effect comes first?"), an optional trigger's skip as "Don't use ...", Hayden's
counters without the zero, the same words on the board, in the chooser and in a hint; and
through random duels and team matches, no question the table shows is the rules' bare
"X: choose" or names a timing by its id."""

from __future__ import annotations

import random

import pytest

from game.app import App
from game.screens.table import TableScreen
from game.session import Seat, Session
from game.tables.battlecon.strip import (
    choice_label,
    choice_prompt,
    in_choice_words,
)
from rules.battlecon.kinds import Act, Phase
from rules.core import Action


def test_an_optional_trigger_and_the_counters_in_words():
    skip = Action(Act.TRIGGER, ("skip", "ua:cindra", 0), "Skip Switch: Flip your Finisher")
    use = Action(Act.TRIGGER, ("use", "ua:cindra", 0), "Use Switch: Flip your Finisher")
    assert choice_label(skip) == "Don't use Switch: Flip your Finisher"
    assert choice_label(use) == "Use Switch: Flip your Finisher"
    spend = {(f, c): choice_label(Action(Act.SPEND, (f, c), f"Spend {f} Fury and {c} Control"))
             for f in range(3) for c in range(2)}
    assert spend[(0, 0)] == "Spend nothing"
    assert spend[(2, 0)] == "Spend 2 Fury"
    assert spend[(0, 1)] == "Spend 1 Control"
    assert spend[(1, 1)] == "Spend 1 Fury and 1 Control"


def test_the_rules_questions_in_words():
    def moves(*args):
        return [Action(Act.MOVE, a, f"{a[0].capitalize()} {a[1]} (Drive)") for a in args]

    assert choice_prompt("Drive: choose", moves(("advance", 1), ("advance", 2))) == \
        "Drive: how far do you advance? Click a lit space"
    assert choice_prompt("Grasp: choose", moves(("push", 1), ("pull", 1))) == \
        "Grasp: which move? (Push or Pull) Click a lit space"
    uses = [Action(Act.TRIGGER, ("use", s, 0), f"Use {s}: x") for s in ("a", "b")]
    assert choice_prompt("When_hit: choose the next trigger", uses) == \
        "When hit: which effect comes first?"
    one = [uses[0], Action(Act.TRIGGER, ("skip", "a", 0), "Skip a: x")]
    assert choice_prompt("Before: choose the next trigger", one) == \
        "Before activating: use this effect?"
    target = [Action(Act.TARGET, (1,), "Attack Cindra"), Action(Act.TARGET, (3,), "Attack Kimbhe")]
    assert choice_prompt("Which opponent does the attack hit?", target) == \
        "Which opponent does the attack hit?"  # already a question


def test_a_hint_names_the_choice_in_words():
    skip = Action(Act.TRIGGER, ("skip", "ua:cindra", 0), "Skip Switch: Flip your Finisher")
    use = Action(Act.TRIGGER, ("use", "ua:cindra", 0), "Use Switch: Flip your Finisher")
    line = "Hint: Skip Switch: Flip your Finisher; next best: Use Switch: Flip your Finisher"
    assert in_choice_words(line, (use, skip)) == \
        "Hint: Don't use Switch: Flip your Finisher; next best: Use Switch: Flip your Finisher"


@pytest.mark.parametrize("players,teams", [(2, None), (4, "2v2"), (3, "2v1")])
def test_no_question_the_table_shows_is_the_rules_bare_words(app_dirs, players, teams):
    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    seen: dict[str, str] = {}
    for seed in range(1, 7):
        setup: dict = {"players": players}
        if teams:
            setup["teams"] = teams
        session = Session.new("battlecon", setup, [Seat(True)] * players, seed)
        screen = app.stack.push(TableScreen(app, session))
        rng = random.Random(seed)
        for _ in range(500):
            seat = session.actor()
            if seat is None:
                break
            state = session.state
            asked = state.question
            if state.phase == Phase.RESOLVE and asked is not None and asked.who == seat:
                screen.viewer = seat
                screen.refresh()
                prompt = screen.table.strip_prompt()
                seen.setdefault(asked.prompt, prompt)
                assert not prompt.endswith(": choose"), prompt
                assert "_" not in prompt, prompt
                for button in screen.table.buttons:  # the tiles and the buttons
                    for action in button.leads:
                        assert not choice_label(action).startswith("Skip "), action
                for target in screen.table.targets:  # the words on the board
                    assert not target.words.startswith("Skip "), target.words
            session.submit(seat, rng.choice(state.legal_actions(seat)))
        app.stack.pop()
    assert any(k.endswith(": choose") for k in seen)  # the rules asked such a question


def test_every_symbol_the_table_puts_in_a_number_is_in_its_font():
    """The rules' Stun Immunity sign is not in the table's font (it would show as an empty
    box): the table writes its own."""
    import pygame

    from game.assets import font
    from game.tables.battlecon.faces import STUN_IMMUNE

    pygame.font.init()
    for weight in ("regular", "bold"):
        face = font(12, weight)
        missing = face.metrics("\U000f0000")[0]  # a private-use point: the empty box
        assert face.metrics("⛨")[0] == missing  # why the table does not use it
        for symbol in (STUN_IMMUNE, "▲", "–", "~"):
            assert face.metrics(symbol)[0] != missing, symbol


def test_a_ladder_of_cards_sizes_each_piece_by_its_words():
    import pygame

    from game.tables.battlecon.parts import word_lines
    from game.tables.battlecon.pieces import Group, Piece, lay_materials

    pygame.font.init()
    ladder = Group("Danger level", [Piece("code", w, (200, 200, 200))
                                    for w in ("White", "Green", "Yellow", "Red")])
    laid = [p for p in lay_materials(pygame.Rect(0, 0, 172, 40), [ladder])
            if p.piece is not None]
    assert len(laid) == 4 and laid[-1].rect.right <= 172
    for placed in laid:  # each card holds its whole word (no ornament)
        assert placed.rect.w >= 36
        assert "…" not in " ".join(word_lines(placed.piece.words, placed.rect.w - 4, 12, 1,
                                              "regular"))


def test_the_log_and_the_panels_write_the_tables_sign(app_dirs):
    from game.tables.battlecon.faces import STUN_IMMUNE
    from rules.core import Event, Panel

    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    session = Session.new("battlecon", {"players": 2}, [Seat(True)] * 2, 1)
    screen = app.stack.push(TableScreen(app, session))
    table = screen.table
    table.show_events([Event("reveal", "Amon reveals Code Black (1~2 / 5 / 3 / ⛨).")], 0)
    assert table.log[-1][0].endswith(f"/ {STUN_IMMUNE}).")
    table.refresh(table.model, [Panel("Amon", ("Guard ⛨",))])
    assert any(STUN_IMMUNE in line for p in table.panels for line in p.lines)


def test_an_opponents_ante_tile_reads_without_the_rulebook_mark():
    from game.tables.battlecon.strip import ActionStrip

    session = Session.new("battlecon", {"players": 2, "fighter.0": "wardlaw",
                                        "fighter.1": "dareios"}, [Seat(True)] * 2, 1)
    view = session.state.view(0)
    action = Action(Act.UA_ANTE, ("foe", 0, 1),
                    "Dipsomania: [Opponent] Knock over one of Dareios' Drinks (1 Force)")
    head, body, _ = ActionStrip.ante_words(view, action, 0)
    assert head == "Dipsomania"  # whose ability it is heads the tile
    assert body == "Knock over one of Dareios' Drinks (1 Force)"


def test_the_last_groups_label_ends_at_the_edge_rather_than_be_cut():
    import pygame

    from game.tables.battlecon.pieces import Group, Piece, lay_materials

    pygame.font.init()
    drink = Piece("drink", "Tea Transcendent", (214, 170, 76))
    groups = [Group("Untouched", [drink] * 4), Group("Drunk", [drink])]
    labels = [p for p in lay_materials(pygame.Rect(0, 0, 172, 40), groups)
              if p.what == "label"]
    assert [p.words for p in labels] == ["Untouched", "Drunk"]  # whole
    assert labels[0].rect.right + 8 <= labels[1].rect.x and labels[1].rect.right <= 172


def test_a_compact_pair_card_names_every_pair_whole(app_dirs):
    """The team plate's pair card (and the tag naming your own face-down pair) writes any
    style and base whole: bold, regular, or condensed letters at 12 px."""
    import pygame

    from game.assets import font
    from game.tables.battlecon.parts import fitting_weight, word_lines
    from rules.battlecon.content import load
    from tests.game.test_battlecon_team import open_team_table

    pygame.font.init()
    screen, _ = open_team_table(app_dirs, 4, "2v2")
    room = screen.table.pair_rect(0).w - 6
    cards = load().cards.values()
    for style in (c["name"] for c in cards if c.get("kind") == "style"):
        for base in ("Clothesline", "Dodge"):
            name = f"{style} {base}"
            weight = fitting_weight(name, room)
            lines = word_lines(name, room, 12, 2, weight)
            assert "…" not in " ".join(lines), name
            assert all(font(12, weight).size(line)[0] <= room for line in lines)
