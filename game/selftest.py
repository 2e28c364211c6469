"""The GUI self-test: under SDL's dummy driver it walks title -> game select -> setup -> a
match against the AI -> save -> load -> resign -> quit, by posting the same mouse and key
events a person makes into pygame's event queue."""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.render import headless

if TYPE_CHECKING:
    from game.app import App
    from game.screens.table import TableScreen
    from game.widgets import Widget
    from rules.core import Action

DT = 1 / 20  # simulated seconds per frame: animations run fast, logic runs the same
CHECK_EVERY = 4  # frames between two overlap checks of what is on the screen
WAIT_SECONDS = 120.0
MAX_HUMAN_MOVES = 3000  # a named game's match that runs longer than this fails readably
MAX_CLICKS = 5  # clicks on the table that may lead to one action (select, then play)
HOT_SEAT = "hot-seat"  # the pseudo-choice ``seats``: every seat a person (pass screens)
#: Setup screens a named game's self-test walks, one whole match each: the choices it
#: clicks there (in order), so that every long format a game offers is played in the GUI,
#: against the AI and hot-seat. ``seats`` is not a setup option: ``hot-seat`` makes every
#: seat Human, so the match is played by "people" handing over through the pass screen.
SETUP_CHOICES: dict[str, list[dict[str, str]]] = {
    "battlecon": [{}, {"seats": HOT_SEAT}, {"players": "4"}],
    "biternia": [{}, {"seats": HOT_SEAT}, {"players": "4", "seats": HOT_SEAT}],
    "chaostle": [{}, {"seats": HOT_SEAT}, {"players": "6"}],
    "terrene": [{"format": "best of three"}, {"players": "4", "format": "draft"},
                {"format": "best of three", "seats": HOT_SEAT}],
}


class SelftestFailure(Exception):
    """One readable sentence saying which step failed."""


class Driver:
    """Plays the GUI like a person: posts events, then lets frames run."""

    def __init__(self, app: App, direct: bool = False) -> None:
        import pygame

        self.pg = pygame
        self.app = app
        self.rng = random.Random(1)
        self.hand_overs = 0  # pass screens dismissed
        self.frames = 0
        self.overlaps: dict[str, str] = {}  # each text problem seen -> on which screen
        #: direct play: moves are made by clicking the table's own elements, the action
        #: list hidden; a choice only the list offers is counted in ``unplaced`` by kind
        self.direct = direct
        self.on_table = 0
        self.listed = 0
        self.unplaced: dict[str, str] = {}  # action kind -> one example, had no table place

    def pump(self, frames: int = 1) -> None:
        from game import overlap

        for _ in range(frames):
            if isinstance(self.app.canvas, overlap.Recording):
                overlap.new_frame(self.app.canvas)
            self.app.frame(DT)
            self.frames += 1
            if self.frames % CHECK_EVERY == 0:
                self.check_texts()

    def check_texts(self) -> None:
        """The overlap check on the frame just drawn (game/overlap.py)."""
        from game import overlap

        if not isinstance(self.app.canvas, overlap.Recording) or self.moving():
            return
        screen = type(self.top()).__name__
        found = [p for p in overlap.problems(self.app.canvas) if p not in self.overlaps]
        for problem in found:
            self.overlaps[problem] = screen
        shots = os.environ.get("ARENA_OVERLAP_SHOTS")  # a folder: a picture of each new one
        if found and shots:
            Path(shots).mkdir(parents=True, exist_ok=True)
            self.pg.image.save(self.app.canvas, str(Path(shots) / f"overlap-{self.frames}.png"))

    def moving(self) -> bool:
        """Whether something on the screen is still moving (a card gliding in, a float, a
        die rolling): the check reads the screen at rest, as a person reads it."""
        for screen in self.app.stack.screens:
            tray = getattr(getattr(screen, "table", None), "tray", None)
            if screen.root.busy() or (tray is not None and tray.rolling):
                return True
        return False

    def top(self) -> Any:
        return self.app.stack.top

    def key(self, key: int) -> None:
        pg = self.pg
        pg.event.post(pg.event.Event(pg.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
        pg.event.post(pg.event.Event(pg.KEYUP, key=key, mod=0, unicode="", scancode=0))
        self.pump(2)

    def click(self, name: str, dx: float = 0.0) -> None:
        """Move to the named widget on the top screen and click it."""
        widget = self.top().widget(name)
        if widget is None:
            raise SelftestFailure(f"no '{name}' on the {type(self.top()).__name__}")
        self.click_at(widget.to_world(dx, 0))

    def click_node(self, widget: Widget) -> None:
        """Click a widget where the pointer really reaches it: its centre, else the first
        point of a grid over it that nothing else covers (a person clicks what they see)."""
        screen = self.top()
        for fx, fy in ((0, 0), *((x, y) for y in (-0.3, 0.3, 0) for x in (-0.35, 0.35, 0))):
            point = widget.to_world(fx * widget.w, fy * widget.h)
            if screen.widget_at(point) is widget:
                self.click_at(point)
                return
        raise SelftestFailure(f"'{widget.name}' on the {type(screen).__name__} is covered by "
                              "something else: no point of it can be clicked")

    @staticmethod
    def app_rect(widget: Widget) -> Any:
        """A widget's box on the logical screen."""
        from game.cardface import node_box

        return node_box(widget)

    def click_at(self, world: tuple[float, float]) -> None:
        pos = self.app.to_window(world)
        pg = self.pg
        pg.event.post(pg.event.Event(pg.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pg.event.post(pg.event.Event(pg.MOUSEBUTTONDOWN, pos=pos, button=1))
        pg.event.post(pg.event.Event(pg.MOUSEBUTTONUP, pos=pos, button=1))
        self.pump(2)

    def expect(self, kind: type, step: str) -> None:
        if not isinstance(self.top(), kind):
            raise SelftestFailure(f"{step}: expected the {kind.__name__}, "
                                  f"found the {type(self.top()).__name__}")

    def wait_for(self, done: Callable[[], bool], what: str,
                 seconds: float = WAIT_SECONDS,
                 progress: Callable[[], object] | None = None) -> None:
        """Pump frames until ``done()``; fail after ``seconds`` (counted again from each
        change of ``progress()``, if given: a long stretch of other seats' moves on a
        loaded machine is not a hang, ``seconds`` without any move is)."""
        from game.screens.overlays import MessageScreen

        deadline = time.monotonic() + seconds
        mark = progress() if progress is not None else None
        while not done():
            if progress is not None and progress() != mark:
                mark, deadline = progress(), time.monotonic() + seconds
            if not self.app.running:
                raise SelftestFailure(f"the program was asked to quit while waiting for {what}")
            top = self.top()
            if isinstance(top, MessageScreen):
                raise SelftestFailure(f"{top.title}: {top.message}")
            if time.monotonic() > deadline:
                still = " without a move" if progress is not None else ""
                raise SelftestFailure(f"timed out after {seconds:.0f}s{still} waiting for "
                                      f"{what}")
            self.pump()
            time.sleep(0.001)  # leave the AI thread room to think



def _fail_on_overlaps(overlaps: dict[str, str]) -> None:
    """List every text problem seen (problem -> screen) and fail naming the first three."""
    if not overlaps:
        return
    for problem, screen in overlaps.items():
        print(f"  text problem on the {screen}: {problem}", file=sys.stderr)
    shown = "; ".join(f"{p} (on the {s})" for p, s in list(overlaps.items())[:3])
    raise SelftestFailure(f"{len(overlaps)} texts overlap or are cut off "
                          f"(each listed above): {shown}")

def run_selftest(game_id: str | None = None, direct: bool = False) -> int:
    """Walk the whole GUI headless; 0 on success, else print one line and return 1.
    ``direct`` (a named game only): every move is made on the table with the action list
    hidden, and a choice that has no place on the table fails the run."""
    from game import overlap

    headless()
    overlap.start()  # every frame's texts are recorded and checked
    try:
        if direct and game_id is None:
            raise SelftestFailure("--direct needs a game (--game)")
        overlaps: dict[str, str] = {}
        unplaced: dict[str, str] = {}
        counts = [0, 0]
        with tempfile.TemporaryDirectory(prefix="arena-selftest-") as tmp:
            for n, choices in enumerate(SETUP_CHOICES.get(game_id or "", [{}])):
                d = _walk(Path(tmp) / str(n), game_id, choices, direct,
                          win_chance=game_id is not None and n == 0)
                for problem, screen in d.overlaps.items():
                    overlaps.setdefault(problem, screen)
                for kind, example in d.unplaced.items():
                    unplaced.setdefault(kind, example)
                counts[0] += d.on_table
                counts[1] += d.listed
        if direct:
            print(f"  direct play: {counts[0]} moves made on the table, {counts[1]} from the "
                  "list of choices that have no place on it")
        if unplaced:
            for kind, example in unplaced.items():
                print(f"  no place on the table: {kind} (e.g. '{example}')", file=sys.stderr)
            raise SelftestFailure(f"{len(unplaced)} kinds of choice could only be made in the "
                                  f"action list: {', '.join(unplaced)}")
        _fail_on_overlaps(overlaps)
    except SelftestFailure as exc:
        print(f"GUI self-test failed: {exc}")
        return 1
    except Exception as exc:  # noqa: BLE001 - the self-test reports, never tracebacks
        print(f"GUI self-test failed: {type(exc).__name__}: {exc}")
        return 1
    finally:
        overlap.stop()
    print(f"GUI self-test passed{f' ({game_id})' if game_id else ''}")
    return 0


def _walk(tmp: Path, game_id: str | None, choices: dict[str, str],
          direct: bool = False, win_chance: bool = False) -> Driver:
    """One walk through the GUI with these setup choices; returns its driver (the text
    problems seen, each -> the screen it was on; what direct play found). With
    ``win_chance`` (a named game): the win-chance bar on from the start until its first
    estimates have shown, then off in Settings from the pause menu; Review at the end."""
    from game.app import App
    from game.screens.menus import GameSelectScreen, SetupScreen, TitleScreen, load_game
    from game.screens.overlays import LoadScreen, PassDeviceScreen, PauseScreen, ResultScreen
    from game.screens.table import TableScreen
    from rules import registry

    available = [g for g in registry.GAMES if load_game(g)[0] is not None]
    if game_id is not None and game_id not in available:
        raise SelftestFailure(f"{game_id!r} is not a playable game in this build")
    if not available:
        raise SelftestFailure("no game is playable in this build")
    app = App(config_dir=tmp / "config", save_dir=tmp / "saves")
    app.seeds = random.Random(7)
    d = Driver(app, direct)
    d.pump(2)
    d.expect(TitleScreen, "start")
    if game_id is None:
        d.key(d.pg.K_RETURN)
    else:
        _settings(d, win_chance)
        d.click("Play")
    d.expect(GameSelectScreen, "Play")
    if game_id is None:
        d.key(d.pg.K_RETURN)
    else:
        d.click(f"game.{game_id}")
    d.expect(SetupScreen, "choosing a game")
    options = {k: v for k, v in choices.items() if k != "seats"}
    hot_seat = choices.get("seats") == HOT_SEAT
    for key, value in options.items():
        _choose(d, key, value)
    setup = d.top()
    for seat in range(setup.players):
        # The left arrow: AI normal -> easy (a short match) -> Human (hot-seat).
        for _ in range(2):
            if setup.seat_choice[seat] == "Human" or (
                    not hot_seat and setup.seat_choice[seat].endswith("easy")):
                break
            d.click(f"seat{seat}", dx=-200)
    if hot_seat and any(setup.seat_choice[s] != "Human" for s in range(setup.players)):
        raise SelftestFailure("the setup screen did not make every seat Human")
    d.click("start")
    _take_the_seat(d, PassDeviceScreen)
    d.expect(TableScreen, "Start")
    table = d.top()
    for key, value in options.items():
        if str(table.session.match.setup.get(key)) != value:
            raise SelftestFailure(f"the match did not start with {key} = {value!r}")
    played = _play(d, table, 2 if game_id is None else 1)
    _take_the_seat(d, PassDeviceScreen)
    if not hot_seat:
        _undo(d, table)
        _hint(d, table)
        if win_chance:
            _win_chance(d, table)
    _save_and_load(d, PauseScreen, LoadScreen, TableScreen, PassDeviceScreen)
    table = d.top()
    if game_id is None:
        d.key(d.pg.K_ESCAPE)
        d.expect(PauseScreen, "Esc at the table")
        d.click("pause.resign")
        d.click("confirm.yes")  # resigning asks first
        d.wait_for(lambda: isinstance(d.top(), ResultScreen), "the result after resigning")
        if table.session.resigned is None:
            raise SelftestFailure("resigning did not end the match")
    else:
        played += _play(d, table, None)
        if not table.session.match.over:
            raise SelftestFailure("the match did not reach its end")
    d.expect(ResultScreen, "the end of the match")
    if win_chance:
        _review(d, table)
    d.click("result.back_to_title")
    d.expect(TitleScreen, "Back to title")
    d.click("Quit")
    if app.running:
        raise SelftestFailure("Quit did not close the program")
    if played < 1:
        raise SelftestFailure("no human move was played through the table")
    if hot_seat and d.hand_overs < 1:
        raise SelftestFailure("a hot-seat match never showed the pass screen")
    return d


def _take_the_seat(d: Driver, pass_screen: type) -> None:
    """Dismiss a hot-seat hand-over screen if one is showing (the next person sits down)."""
    if isinstance(d.top(), pass_screen):
        d.key(d.pg.K_RETURN)
        d.hand_overs += 1


def _choose(d: Driver, name: str, value: str) -> None:
    """Click a setup option's right arrow until it shows ``value`` (the screen may rebuild
    its widgets on a change, so the widget is looked up afresh each time)."""
    for _ in range(len(getattr(d.top().widget(name), "choices", ()))):
        if d.top().widget(name).value == value:
            return
        d.click(name, dx=200)
    widget = d.top().widget(name)
    if widget is None or widget.value != value:
        raise SelftestFailure(f"the setup screen offers no {name} = {value!r}")


def _settings(d: Driver, win_chance: bool = False) -> None:
    """Title -> Settings -> Animations: Off (so a whole match runs quickly), for direct
    play Action list: only what the table lacks, with ``win_chance`` the win-chance bar
    on -> Done."""
    from game.screens.menus import TitleScreen
    from game.screens.overlays import SettingsScreen

    d.click("Settings")
    d.expect(SettingsScreen, "Settings")
    d.click("animations", dx=-200)  # Normal -> Off (the left arrow wraps round)
    if d.direct:
        d.click("action_list", dx=-200)  # Every action -> Only what the table lacks
    if win_chance:
        d.click("win_chance", dx=200)  # Off -> On
    d.click("done")
    d.expect(TitleScreen, "Done")
    if d.app.settings.animation_speed != 0:
        raise SelftestFailure("turning animations off in Settings did not take")
    if d.app.settings.action_list == d.direct:
        raise SelftestFailure("hiding the action list in Settings did not take")
    if d.app.settings.win_chance != win_chance:
        raise SelftestFailure("turning the win-chance bar on in Settings did not take")


def _play(d: Driver, table: TableScreen, moves: int | None) -> int:
    """Play human moves by clicking legal action buttons (``moves`` of them, or to the end)."""
    from game.screens.overlays import ConfirmScreen, PassDeviceScreen, ResultScreen

    session = table.session
    played = 0
    while moves is None or played < moves:
        if played >= MAX_HUMAN_MOVES:
            raise SelftestFailure(f"the match did not end within {MAX_HUMAN_MOVES} moves of "
                                  "the human seat")
        d.wait_for(lambda: (table.my_turn() and d.top() is table)
                   or isinstance(d.top(), PassDeviceScreen | ResultScreen),
                   "the human seat's turn", progress=lambda: len(session.match.record.steps))
        if isinstance(d.top(), ResultScreen):
            return played
        if isinstance(d.top(), PassDeviceScreen):
            d.key(d.pg.K_RETURN)
            d.hand_overs += 1
            continue
        actions = table.table.model.actions
        index = _pick(d, session, actions)
        before = len(session.match.record.steps)
        if not (d.direct and _on_the_table(d, table, actions[index], before)):
            while table.table.page != table.table.page_of(index):
                d.click("page.next")
            d.click(f"action.{index}")
            if isinstance(d.top(), ConfirmScreen):  # an irreversible choice asks first
                d.click("confirm.yes")
            d.listed += 1
        steps = session.match.record.steps
        if len(steps) <= before or steps[before][1] != actions[index]:
            raise SelftestFailure(f"clicking '{actions[index]}' did not play it")
        played += 1
    return played


def _on_the_table(d: Driver, table: TableScreen, action: Action, before: int) -> bool:
    """Play ``action`` by clicking the table's own elements that lead to it (the narrowest
    first: a card that plays it, else the piece to select first); True once it is played.
    False when no element offers it: it is then recorded as having no place on the table
    unless the table lists its kind among the choices that have none (``UNPLACED``)."""
    from game.screens.overlays import ConfirmScreen

    steps = table.session.match.record.steps
    clicked: list[str] = []  # a selector clicked once is not clicked again for this move
    for _ in range(MAX_CLICKS):
        widget = table.table.lead_widget(action, clicked)
        if widget is None:
            break
        clicked.append(widget.name)
        d.click_node(widget)
        if isinstance(d.top(), ConfirmScreen):  # an irreversible choice asks first
            d.click("confirm.yes")
        if len(steps) > before:
            d.on_table += 1
            return True
    else:
        raise SelftestFailure(f"{MAX_CLICKS} clicks on the table did not play '{action}'")
    if action.kind not in table.table.UNPLACED:
        d.unplaced.setdefault(str(action.kind), str(action))
    return False


def _undo(d: Driver, table: TableScreen) -> None:
    """Once the person may act again, the Undo button takes their last choice back (the
    AI's replies with it), confirming if it asks: the exact state before that choice."""
    from game.screens.overlays import ConfirmScreen, ResultScreen

    d.wait_for(lambda: table.my_turn() or isinstance(d.top(), ResultScreen),
               "the person's turn after the AI's reply")
    if isinstance(d.top(), ResultScreen):
        return
    seat = table.undo_seat()
    point = table.session.undo_point(seat) if seat is not None else None
    if point is None or not table.table.undo_button.visible:
        raise SelftestFailure("there was a move to take back but no Undo button")
    d.click("undo")
    if isinstance(d.top(), ConfirmScreen):  # a secret shown since: it asks first
        d.click("confirm.yes")
    steps = table.session.match.record.steps
    if len(steps) != point.steps or table.session.state.state_hash() != \
            point.state.state_hash():
        raise SelftestFailure("Undo did not restore the position before the last move")


def _hint(d: Driver, table: TableScreen) -> None:
    """Key H at the person's decision: the AI's suggestion rings an element of the table
    (or its list button) that plays it, with its line of why."""
    from game.screens.overlays import ResultScreen

    d.wait_for(lambda: (table.my_turn() and len(table.table.model.actions) > 1)
               or isinstance(d.top(), ResultScreen), "a decision to ask a hint about")
    if isinstance(d.top(), ResultScreen):
        return
    d.key(d.pg.K_h)
    marks = table.table.hint_marks
    if not marks.active:  # the line shows at once ("Thinking…"), then the hint itself
        raise SelftestFailure("key H did not ask for a hint")
    d.wait_for(lambda: table.hinting is None, "the hint")
    choice = marks.choice
    if not marks.active or choice is None:
        raise SelftestFailure("asking for a hint gave none")
    if choice is None or choice not in table.table.model.actions:
        raise SelftestFailure("the hint did not suggest a legal move")
    if not marks.targets or not all(choice in w.leads or w.name.startswith("action.")
                                    for w in marks.targets):
        raise SelftestFailure(f"the hint for '{choice}' rings nothing that plays it")


def _win_chance(d: Driver, table: TableScreen) -> None:
    """The bar shows the estimate of the person's decision (worked out in the worker);
    then it is turned off from the pause menu's Settings (the rest of the match is played
    without it) and leaves the header."""
    from game.screens.overlays import PauseScreen, ResultScreen, SettingsScreen

    session, bar = table.session, table.table.win_bar

    def settled() -> bool:  # an estimate came, or this decision has none (then play on)
        step = (len(session.match.record.steps), session.win.generation)
        return bool(session.win.estimates) or isinstance(d.top(), ResultScreen) or \
            (table.estimating is None and table.unestimated == step)

    for _ in range(MAX_HUMAN_MOVES):
        d.wait_for(settled, "the win-chance estimate of a decision")
        if session.win.estimates or isinstance(d.top(), ResultScreen):
            break
        if bar.value is not None or not bar.visible:
            raise SelftestFailure("the win-chance bar shows a number at a decision the AI "
                                  "did not value")
        _play(d, table, 1)  # a choice made by a rule of thumb: the next one is valued
    if isinstance(d.top(), ResultScreen):
        return
    seat = table.win_seat()
    if seat is None or not bar.visible or bar.value is None or \
            bar.value != session.win.latest(seat):
        raise SelftestFailure("the win-chance bar does not show the estimate")
    d.key(d.pg.K_ESCAPE)
    d.expect(PauseScreen, "Esc at the table")
    d.click("pause.settings")
    d.expect(SettingsScreen, "Settings from the pause menu")
    d.click("win_chance", dx=200)  # On -> Off
    d.click("done")
    d.click("pause.resume")
    if d.app.settings.win_chance or bar.visible:
        raise SelftestFailure("turning the win-chance bar off did not hide it")


def _review(d: Driver, table: TableScreen) -> None:
    """Review from the result: the first decision's analysis comes (the AI's suggestion
    ringed), the arrow keys step, M jumps to a mistake, Esc goes back to the result."""
    from game.hint import ringed
    from game.screens.overlays import ResultScreen
    from game.screens.review import ReviewScreen

    d.click("result.review")
    d.expect(ReviewScreen, "Review")
    review = d.top()
    if not review.steps:
        raise SelftestFailure("Review found no decision of the person's to show")
    d.wait_for(lambda: review.steps[0].analysis is not None or review.steps[0].error
               is not None, "Review's first analysis")
    d.pump(2)
    first = review.steps[0]
    if first.analysis is None or review.table.hint_marks.choice != ringed(first.analysis):
        raise SelftestFailure("Review does not ring the AI's suggestion of the decision")
    d.key(d.pg.K_RIGHT)
    if len(review.steps) > 1 and review.index != 1:
        raise SelftestFailure("the right arrow did not step to the next decision")
    d.key(d.pg.K_m)
    d.key(d.pg.K_ESCAPE)
    d.expect(ResultScreen, "leaving Review")


def _pick(d: Driver, session: Any, actions: list) -> int:
    """Which action button the person clicks: what an easy AI would play in their seat (so
    that a whole match ends in a sensible number of moves), else one at random."""
    from ai.levels import make_agent

    state = session.match.state
    seat = state.decision().players[0]
    advisor = make_agent(session.match.game.id, "easy", d.rng.getrandbits(31))
    choice = advisor.choose(state.view(seat), seat)
    return actions.index(choice) if choice in actions else d.rng.randrange(len(actions))


def _save_and_load(d: Driver, pause: type, load: type, table_kind: type,
                   pass_screen: type) -> None:
    from rules.core import load_record

    table = d.top()
    d.key(d.pg.K_ESCAPE)
    d.expect(pause, "Esc at the table")
    d.click("pause.save_game")
    saved = d.app.last_save
    if saved is None or not saved.exists():
        raise SelftestFailure("Save game wrote no file")
    steps = load_record(saved).steps
    if steps != table.session.match.record.steps:
        raise SelftestFailure("the save does not hold the match record")
    d.click("pause.load_game")
    d.expect(load, "Load game")
    d.click(f"save.{saved.stem.lower()}")
    _take_the_seat(d, pass_screen)  # a hot-seat match resumes behind the pass screen
    d.expect(table_kind, "loading the save")
    loaded = d.top().session
    if loaded.match.record.steps[: len(steps)] != steps:  # the AI may already have moved on
        raise SelftestFailure("the loaded match differs from the saved one")


FREE_MOVES = 3  # moves a tutorial's self-test plays after its script, against the easy AI


def run_tutorial_selftest(game_id: str) -> int:
    """``selftest --tutorial G``: the title's Learn to play lists G, its setup screen offers
    the tutorial, and the tutorial is completed by following its callouts (clicking what
    each one points at, Next at an explanation), then a few free moves and Leave. 0 on
    success, else one line and 1."""
    from game import overlap

    headless()
    overlap.start()
    try:
        with tempfile.TemporaryDirectory(prefix="arena-tutorial-") as tmp:
            d, counts = _tutorial_walk(Path(tmp), game_id)
        taught, listed, replies, explained, free = counts
        print(f"  tutorial: {taught + listed + replies + explained} steps followed ({taught} "
              f"taught on the table, {listed} from the action list, {replies} scripted "
              f"replies, {explained} explanations), then {free} free moves against the easy AI")
        _fail_on_overlaps(d.overlaps)
    except SelftestFailure as exc:
        print(f"GUI self-test failed (tutorial: {game_id}): {exc}")
        return 1
    except Exception as exc:  # noqa: BLE001 - the self-test reports, never tracebacks
        print(f"GUI self-test failed (tutorial: {game_id}): {type(exc).__name__}: {exc}")
        return 1
    finally:
        overlap.stop()
    print(f"GUI self-test passed (tutorial: {game_id})")
    return 0


def _tutorial_walk(tmp: Path, game_id: str) -> tuple[Driver, tuple[int, int, int, int, int]]:
    from game.app import App
    from game.screens.menus import GameSelectScreen, SetupScreen, TitleScreen
    from game.screens.overlays import ConfirmScreen, MessageScreen, PauseScreen
    from game.tutorial import available
    from game.tutorial_screen import TutorialScreen, TutorialsScreen

    if not available(game_id):
        raise SelftestFailure(f"no tutorial for {game_id!r} in this build")
    app = App(config_dir=tmp / "config", save_dir=tmp / "saves")
    app.seeds = random.Random(7)
    d = Driver(app)
    d.pump(2)
    d.expect(TitleScreen, "start")
    _settings(d)
    d.click("Learn to play")
    d.expect(TutorialsScreen, "Learn to play")
    entry = d.top().widget(f"tutorial.{game_id}")
    if entry is None or not entry.enabled:
        raise SelftestFailure(f"Learn to play does not offer {game_id}'s tutorial")
    d.click("back")
    d.click("Play")
    d.expect(GameSelectScreen, "Play")
    d.click(f"game.{game_id}")
    d.expect(SetupScreen, "choosing a game")
    d.click("tutorial")  # the setup screen's way in
    d.expect(TutorialScreen, "the setup screen's tutorial button")
    screen = d.top()
    assert isinstance(screen, TutorialScreen)
    taught = listed = explained = 0
    while screen.script_step() is not None:
        step = screen.script_step()
        assert step is not None
        if step.do == "reply":
            d.wait_for(lambda s=step: screen.script_step() is not s or screen.failure != "",
                       f"step {step.index + 1}'s scripted reply")
        elif step.do == "explain":
            d.wait_for(lambda: not screen.staged and d.top() is screen,
                       f"step {step.index + 1}'s explanation")
            if not screen.callout.visible or screen.callout.words != step.say:
                raise SelftestFailure(f"step {step.index + 1}: its explanation is not shown")
            d.click("tutorial.next")
            explained += 1
        else:
            d.wait_for(lambda: (screen.my_turn() and d.top() is screen)
                       or screen.failure != "", f"step {step.index + 1}'s taught move")
            on_table = _follow_callout(d, screen, step.index + 1)
            taught += on_table
            listed += not on_table
            if not on_table:
                print(f"  step {step.index + 1}: played from the action list (the table has "
                      "no place for it)")
        if screen.failure or isinstance(d.top(), MessageScreen):
            raise SelftestFailure(screen.failure or "a message stopped the tutorial")
    replies = sum(1 for s in screen.tutorial.steps if s.do == "reply")
    free = _play(d, screen, FREE_MOVES)
    d.key(d.pg.K_ESCAPE)
    d.expect(PauseScreen, "Esc at the table")
    d.click("pause.quit_to_title")
    if isinstance(d.top(), ConfirmScreen):
        d.click("confirm.yes")
    d.expect(TitleScreen, "leaving the tutorial")
    d.click("Quit")
    if app.running:
        raise SelftestFailure("Quit did not close the program")
    return d, (taught, listed, replies, explained, free)


def _follow_callout(d: Driver, screen: Any, number: int) -> bool:
    """Click what the callout points at until the taught move is played (a selector, then
    the target); True when it was played on the table, False from the action list."""
    from game.screens.overlays import ConfirmScreen

    steps = screen.session.match.record.steps
    before = len(steps)
    action = screen.taught()
    if action is None:
        raise SelftestFailure(screen.failure or f"step {number}: the taught move is not legal")
    if tuple(screen.table.model.actions) != (action,):
        raise SelftestFailure(f"step {number}: the table offers {len(screen.table.model.actions)}"
                              " choices, not only the taught one")
    listed = False
    for _ in range(MAX_CLICKS):
        targets = screen.callout.targets
        if not screen.callout.visible or not targets:
            raise SelftestFailure(f"step {number}: the callout for '{action}' points at "
                                  "nothing clickable")
        target = targets[0]
        if target.name.startswith("action."):
            listed = True
        elif action not in target.leads:
            raise SelftestFailure(f"step {number}: the callout points at '{target.name}', "
                                  f"which does not lead to '{action}'")
        if screen.callout.box.colliderect(d.app_rect(target)):
            raise SelftestFailure(f"step {number}: the callout covers '{target.name}'")
        d.click_node(target)
        if isinstance(d.top(), ConfirmScreen):
            d.click("confirm.yes")
        if len(steps) > before:
            if steps[before][1] != action:
                raise SelftestFailure(f"step {number}: clicking played '{steps[before][1]}', "
                                      f"not '{action}'")
            return not listed
    raise SelftestFailure(f"step {number}: {MAX_CLICKS} clicks where the callout pointed did "
                          f"not play '{action}'")
