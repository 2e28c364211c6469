"""The Hint (issue #19): key H asks the AI about the person's decision from their own view;
the table rings what plays its suggestion with one line of why, in the search's own
estimates, and forgets it once the decision has passed."""

from __future__ import annotations

import time

import pygame

from ai.analysis import Analysis, Option
from game.hint import hint_line, hint_parts, ringed
from game.session import Seat, Session
from rules.core import Action


def test_the_line_names_the_move_the_estimates_and_the_next_best():
    a, b = Action("move", (1,), "Advance 1"), Action("move", (2,), "Retreat 1")
    analysis = Analysis(a, 0.54, (Option(a, 0.58, 0.7), Option(b, 0.41, 0.3)))
    assert hint_line(analysis) == ("Hint: Advance 1 — your chance to win 54 % now, 58 % "
                                   "after it; next best: Retreat 1 (41 %)")


def test_a_choice_made_in_secret_shows_the_mix():
    a, b, c = (Action("set", (k,), f"Set {k}") for k in "ABC")
    analysis = Analysis(b, 0.5, (Option(b, 0.5, 0.5), Option(a, 0.5, 0.3),
                                 Option(c, 0.5, 0.2)), mixed=True)
    assert hint_line(analysis) == ("The AI would mix: Set B 50 %, Set A 30 %, Set C 20 % "
                                   "(your chance to win 50 %)")


def test_a_mix_rings_its_most_played_choice_not_the_one_drawn():
    """At a choice made in secret the AI draws its own move from its mix (here the 20 %
    one); the table rings the choice the line names first, the mix's most played."""
    a, b, c = (Action("set", (k,), f"Set {k}") for k in "ABC")
    mix = Analysis(c, 0.5, (Option(b, 0.5, 0.5), Option(a, 0.5, 0.3),
                            Option(c, 0.5, 0.2)), mixed=True)
    assert ringed(mix) == b
    plain = Analysis(a, 0.54, (Option(a, 0.58, 0.7), Option(b, 0.41, 0.3)))
    assert ringed(plain) == a


def test_the_mix_leaves_out_what_it_never_plays():
    a, b, c = (Action("set", (k,), f"Set {k}") for k in "ABC")
    mix = Analysis(b, 0.5, (Option(b, 0.5, 0.7), Option(a, 0.5, 0.298),
                            Option(c, 0.5, 0.002)), mixed=True)
    assert hint_line(mix) == "The AI would mix: Set B 70 %, Set A 30 % (your chance to win 50 %)"
    pure = Analysis(b, 0.49, (Option(b, 0.5, 1.0), Option(a, 0.5, 0.0),
                              Option(c, 0.5, 0.0)), mixed=True)
    assert hint_line(pure) == "The AI would play Set B every time (your chance to win 49 %)"


def test_the_details_in_brackets_are_left_out():
    a = Action("recruit", (1,), "Recruit Inu the Inferno (Beast, Fire, 15 HP)")
    b = Action("recruit", (2,), "Recruit Jace (Thief, Dark)")
    analysis = Analysis(a, 0.5, (Option(a, 0.6, 0.6), Option(b, 0.55, 0.4)))
    assert hint_parts(analysis) == ("Hint: Recruit Inu the Inferno — your chance to win 50 % "
                                    "now, 60 % after it", "next best: Recruit Jace (55 %)")


def test_no_estimate_says_only_the_move():
    a, b = Action("pick", (1,), "Draft Ike"), Action("pick", (2,), "Draft Zane")
    analysis = Analysis(a, None, (Option(a, None, 1.0), Option(b, None, 0.0)))
    assert hint_line(analysis) == "Hint: Draft Ike; next best: Draft Zane"


def test_key_h_rings_the_suggested_move_and_a_move_clears_it(app_dirs):
    from game.app import App
    from game.screens.table import TableScreen

    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    session = Session.new("chaostle", {}, [Seat(True), Seat(False, "easy")], 5)
    screen = app.stack.push(TableScreen(app, session))
    deadline = time.monotonic() + 60
    while not (screen.my_turn() and len(screen.table.model.actions) > 1):
        screen.update(0.05)
        assert time.monotonic() < deadline
    assert screen.table.hint_button.visible
    screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h",
                                     scancode=0))
    while screen.hinting is not None:
        screen.update(0.05)
        assert time.monotonic() < deadline
    marks = screen.table.hint_marks
    assert marks.active and marks.choice in screen.table.model.actions
    assert marks.targets and all(marks.choice in w.leads or w.name.startswith("action.")
                                 for w in marks.targets)
    assert marks.line.startswith(("Hint: ", "The AI would"))
    screen.play(marks.choice)
    screen.finish_stage()
    assert not marks.active


def test_a_pick_that_weighed_no_alternative_says_why():
    a = Action("pick", (1,), "Draft Ike")
    analysis = Analysis(a, None, (Option(a, None, 1.0),), False, "the strongest Hero left")
    assert hint_line(analysis) == "Hint: Draft Ike; the strongest Hero left"


def test_a_biternia_draft_hint_suggests_the_hero_measured_strongest():
    """Draft (Biternia rulebook, Drafting Heroes): the hint at a pick comes from the level
    measured wiser there, so it names the Hero left with the best measured win rate and
    says why; the other games' hints stay at normal."""
    from ai.biternia.drafting import hero_strength
    from game.hint import HintTurn, hint_level
    from rules.biternia.kinds import Phase
    from rules.core import Match
    from rules.registry import get_game

    assert hint_level("chaostle") == hint_level("battlecon") == "normal"
    match = Match(get_game("biternia"), {"players": 2, "heroes": "draft"}, 5)
    while match.state.phase != Phase.DRAFT:
        p = match.state.decision().players[0]
        match.submit(p, match.state.legal_actions(p)[0])
    p = match.state.decision().players[0]
    legal = tuple(match.state.legal_actions(p))
    turn = HintTurn("biternia", 7, match.state.view(p), p, legal)
    turn.thread.join(60)
    assert turn.analysis is not None, turn.error
    rates = hero_strength()
    assert turn.analysis.choice.args[0] == max((a.args[0] for a in legal), key=rates.__getitem__)
    assert hint_line(turn.analysis) == ("Hint: Draft Cynthia, the Fire Mage; the strongest "
                                        "Hero left: its team won 63% of measured games")
