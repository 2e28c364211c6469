"""Remake every picture in docs/screenshots/ from a seeded position, headless.

    python build/screenshots.py              # every shot (from the repository root)
    python build/screenshots.py --only NAME  # one shot (NAME with or without .png)
    python build/screenshots.py --list       # the shots and what each shows

Each shot names its game, setup, seed and how the position is reached: seeded random legal
moves (a RandomAgent, as ``launcher.py render`` plays) until at least ``decisions`` were
made and then until ``until`` holds with a seat to act; or a shipped scenario file. The
position is drawn through the real table screen (game/render.py) as the chosen seat sees
it, after an optional touch: the pointer resting on a card (the card zoom open), a drag
held in mid-air, or a confirmation asked. The same command draws the same pictures while
the rules, the AI and the tables stay as they are.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from ai.agents import RandomAgent  # noqa: E402
from ai.arena import make_setup  # noqa: E402
from rules.core import Match, Scenario  # noqa: E402
from rules.registry import get_game  # noqa: E402

OUT = ROOT / "docs" / "screenshots"

Predicate = Callable[[Match], bool]
Touch = Callable[[Any, Any], None]  # (App, TableScreen): what the pointer does last


# -- what a position must show ----------------------------------------------------------------
def actor(match: Match) -> int | None:
    """The seat to act now (the first of a simultaneous decision), None at the end."""
    players = match.state.decision().players
    return players[0] if players else None


def phase(*names: str) -> Predicate:
    return lambda m: str(getattr(m.state, "phase", "")) in names


def can(*kinds: str) -> Predicate:
    """The seat to act has a legal action of one of ``kinds``."""
    def holds(m: Match) -> bool:
        seat = actor(m)
        return seat is not None and any(a.kind in kinds for a in m.state.legal_actions(seat))
    return holds


def both(*tests: Predicate) -> Predicate:
    return lambda m: all(t(m) for t in tests)


def chain_open(m: Match) -> bool:
    return bool(getattr(m.state, "chain", None))


def chain_of(links: int) -> Predicate:
    """At least ``links`` links on the chain (Terrene Odyssey)."""
    return lambda m: len(getattr(m.state, "chain", ())) >= links


def hand_of(cards: int) -> Predicate:
    """The seat to act holds at least ``cards`` cards on its own turn, nothing pending
    (Terrene Odyssey)."""
    def holds(m: Match) -> bool:
        seat, g = actor(m), m.state
        return seat is not None and str(getattr(g, "phase", "")) == "play" and \
            g.active == seat and not g.chain and g.prompt is None and \
            len(g.zones["hand"][seat]) >= cards
    return holds


def stage(name: str) -> Predicate:
    """A Terrene draft at ``name`` (pick, build)."""
    return lambda m: str(getattr(m.state, "stage", "")) == name


def blocked(m: Match) -> bool:
    """A Terrene battle with a blocker chosen."""
    battle = getattr(m.state, "battle", None)
    return battle is not None and battle.blocker is not None


def low_life(hp: int) -> Predicate:
    """A team of a Terrene game is down to ``hp`` life or less."""
    return lambda m: min(getattr(m.state, "hp", [99])) <= hp


def crowded(least: int, from_round: int) -> Predicate:
    """A Biternia board from round ``from_round`` on with ``least`` Heroes on one space."""
    def holds(m: Match) -> bool:
        s = m.state
        spaces = [v.space for v in getattr(s, "heroes", {}).values() if v.space is not None]
        return getattr(s, "round", 0) >= from_round and \
            any(spaces.count(sp) >= least for sp in set(spaces))
    return holds


# -- what the pointer does -----------------------------------------------------------------
def zoom_on(pick: Callable[[list[Any]], Any] | None = None) -> Touch:
    """Rest the pointer on a card the table offers to the zoom (``pick`` chooses among the
    (rect, face) pairs, in drawing order; default: the last one, the top-most) until the
    zoom opens."""
    def touch(app: Any, screen: Any) -> None:
        from game.render import rest_pointer

        spots = zoomable(screen.table)
        if not spots:
            raise ShotError("no card on the table to zoom")
        rect, _ = pick(spots) if pick else spots[-1]
        rest_pointer(screen, rect.center)
        if screen.table.zoom.showing is None:
            raise ShotError("the zoom did not open")
    return touch


def zoomable(table: Any) -> list[Any]:
    """Every card the table offers to the zoom now, as (screen box, face)."""
    from game.cardface import CardFace, node_box

    out = []
    for node in table.walk():
        ask = getattr(node, "zoom_face", None)
        if node.visible and callable(ask) and isinstance(face := ask(), CardFace):
            out.append((node_box(node), face))
    out.extend(table.zoom_spots())
    return out


def in_hand(spots: list[Any]) -> Any:
    """The card lowest on the screen (a hand card), the middle one of that row."""
    bottom = max(r.centery for r, _ in spots)
    row = sorted((s for s in spots if s[0].centery == bottom), key=lambda s: s[0].x)
    return row[len(row) // 2]


def read_in_hand(app: Any, screen: Any) -> None:
    """BattleCON: the action list hidden, the pointer resting on the middle hand card (it
    rises with its whole text)."""
    from game.render import rest_pointer, settle

    table = screen.table
    table.list_hidden = True
    screen.refresh()
    settle(screen)
    cards = table.hand or table.offers
    if not cards:
        raise ShotError("no hand card to read")
    rest_pointer(screen, cards[len(cards) // 2].to_world())
    if not any(c.read > 0.99 for c in cards):
        raise ShotError("the card did not rise")


def rise_whole(first: bool = False) -> Touch:
    """Terrene Odyssey: the pointer resting on the hand card (or setup offer, or draft
    card) whose text is cut the most (``first``: the first cut one): it rises as tall as
    its whole text."""
    def touch(app: Any, screen: Any) -> None:
        from game.render import rest_pointer

        table = screen.table
        cut = [c for c in (*table.hand.values(), *table.offers, *table.draft_cards) if c.cut()]
        if not cut:
            raise ShotError("no card whose text is cut in the fan")
        card = cut[0] if first else max(cut, key=lambda c: c.whole_height())
        rest_pointer(screen, card.to_world())
        if not card.risen() or card.glow < 0.99:
            raise ShotError("the card did not rise")
    return touch


def token_held(app: Any, screen: Any) -> None:
    """Terrene Odyssey: the first action token pressed and carried most of the way to the
    first card that spends it, the button still held (the cards it can go to ringed)."""
    from game.render import settle

    table = screen.table
    token = next((t for t in table.tokens if t.spends), None)
    goals = table.drop_targets(token) if token is not None else []
    if token is None or not goals:
        raise ShotError("no action token to spend")
    (x0, y0), (x1, y1) = token.to_world(), goals[0].to_world()
    events = [(pygame.MOUSEMOTION, (x0, y0)), (pygame.MOUSEBUTTONDOWN, (x0, y0))]
    events += [(pygame.MOUSEMOTION, (x0 + (x1 - x0) * t / 10, y0 + (y1 - y0) * t / 10))
               for t in range(1, 9)]
    for kind, pos in events:
        screen.handle(pygame.event.Event(kind, pos=pos, rel=(0, 0), button=1,
                                         buttons=(int(kind != pygame.MOUSEMOTION or
                                                      pos != (x0, y0)), 0, 0)))
        screen.root.update(1 / 30)
    settle(screen)
    if not token.dragging:
        raise ShotError("the token was not picked up")


def opponent_kit(app: Any, screen: Any) -> None:
    """BattleCON: the action list hidden, the pointer resting on the opponent's plate band
    (the zoom opens the opponent's kit)."""
    from game.render import rest_pointer

    table = screen.table
    table.list_hidden = True
    screen.refresh()
    foe = table.view.foe(screen.viewer)
    plate = table.plate(foe)
    rest_pointer(screen, (plate.x + 60, plate.y + 12))
    if table.zoom.showing is None:
        raise ShotError("the kit did not open")


def right_click_on(pick: Callable[[list[Any]], Any]) -> Touch:
    """A right-click on a card the table offers to the zoom (it opens at once)."""
    def touch(app: Any, screen: Any) -> None:
        from game.render import rest_pointer

        spots = zoomable(screen.table)
        if not spots:
            raise ShotError("no card on the table to zoom")
        rect, _ = pick(spots)
        rest_pointer(screen, rect.center, seconds=0.1)
        screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=3))
        screen.table.update(0.05)
        if screen.table.zoom.showing is None:
            raise ShotError("the zoom did not open")
    return touch


def to_the_result(app: Any, screen: Any) -> None:
    """Play on (seeded random moves) to the end of the match and open the result."""
    session, agent = screen.session, RandomAgent(1)
    for _ in range(4000):
        seat = session.actor()
        if session.over or seat is None:
            break
        session.submit(seat, agent.choose(session.state.view(seat), seat))
    if not session.over:
        raise ShotError("the match did not end")
    finish_result(app, screen)


def finish_result(app: Any, screen: Any) -> None:
    """The match is over: open its result, still."""
    from game.render import settle
    from game.screens.overlays import ResultScreen

    session = screen.session
    screen.viewer = next(iter(session.human_seats()), 0)
    screen.refresh()
    screen.advance()
    settle(screen)
    top = app.stack.top
    if not isinstance(top, ResultScreen):
        raise ShotError("no result was shown")
    top.age = 1.0
    top.root.finish_animations()
    top.root.update(0.0)


def caught_in(kind: str, frames: float = 0.4, test: Callable[[Any, Any], bool] | None = None
              ) -> Touch:
    """Play on (seeded random moves, each seat acting in turn) until a move whose events
    include ``kind`` (and pass ``test(state before, event)``), then show those events as
    the table animates them and stop ``frames`` seconds in (mid-motion)."""
    def found(state: Any, events: list[Any]) -> bool:
        return any(e.kind == kind and (test is None or test(state, e)) for e in events)

    def touch(app: Any, screen: Any) -> None:
        session = screen.session
        seat, pick = move_with(session, kind, found)
        screen.refresh()
        settle_table(screen)
        events = session.submit(seat, pick)
        screen.table.show_events(events, screen.viewer)
        screen.refresh()
        for _ in range(round(frames / 0.05)):
            screen.root.update(0.05)
    return touch


def move_with(session: Any, kind: str, found: Callable[[Any, list[Any]], bool]
              ) -> tuple[int, Any]:
    """Play on (seeded random moves, each seat acting in turn) until a seat has a move
    whose events ``found(state before, events)`` accepts: that seat and move (not played)."""
    rng = random.Random(1)
    for _ in range(600):
        seat = session.actor()
        if seat is None:
            raise ShotError(f"the game ended before a {kind}")
        legal = session.state.legal_actions(seat)
        pick = next((a for a in legal
                     if found(session.state, session.state.clone().apply(seat, a))), None)
        if pick is not None:
            return seat, pick
        session.submit(seat, rng.choice(legal))
    raise ShotError(f"no {kind} came")


def staged_until(kind: str, shown: Callable[[Any], bool], after: float = 0.3,
                 steps: int = 200) -> Touch:
    """Play on (seeded random moves) until a move whose events include ``kind``, then show
    those events as a staged resolution does (``TableScreen.show``, one step at a time)
    until ``shown(table)`` holds, and ``after`` seconds more (mid-motion), as the viewer of
    the action list hidden sees it (at most ``steps`` updates of 0.05 s)."""
    def touch(app: Any, screen: Any) -> None:
        session = screen.session
        screen.table.list_hidden = True
        seat, pick = move_with(session, kind,
                               lambda _state, events: any(e.kind == kind for e in events))
        screen.refresh()
        settle_table(screen)
        screen.show(session.submit(seat, pick))
        for _ in range(steps):
            if shown(screen.table) or not screen.staged:
                break
            screen.update(0.05)
        if not shown(screen.table):
            raise ShotError(f"the staged {kind} never showed")
        for _ in range(round(after / 0.05)):
            screen.root.update(0.05)
    return touch


def damage_risen(table: Any) -> bool:
    """A Terrene step has raised a damage number over the table."""
    return any(str(getattr(n, "words", "")).startswith("-") for n in table.children)


def reveal_decided(table: Any) -> bool:
    stage = getattr(table, "reveal_stage", None)
    return stage is not None and any(c.role for c in stage.cards.values())


def range_drawn(table: Any) -> bool:
    return any(n.name == "range-check" for n in table.children) and \
        any(str(getattr(n, "words", "")).startswith("-") for n in table.children)


def stunned_risen(table: Any) -> bool:
    """A BattleCON hit's "Stunned!" has begun to rise (after its number and plaque)."""
    return any(getattr(n, "words", "") == "Stunned!" and getattr(n, "alpha", 0) > 0.9
               for n in table.children)


def across_spaces(state: Any, event: Any) -> bool:
    """A Biternia hit by a Hero on a target standing on another space (a ranged attack)."""
    heroes = getattr(state, "heroes", {})
    attacker = event.text.split(" deals ")[0].split("'s ")[0]
    source = next((h for h, v in heroes.items() if v.space is not None
                   and get_content_name(h) == attacker), None)
    target = heroes.get(event.data.get("target"))
    return source is not None and target is not None and target.space is not None \
        and target.space != heroes[source].space


def catapult_shot(state: Any, event: Any) -> bool:
    """A Biternia hit by the catapult."""
    return str(event.text).startswith("The catapult")


def get_content_name(hero: str) -> str:
    from rules.biternia.effects import name

    return str(name(hero))


def open_crowded(app: Any, screen: Any) -> None:
    """Biternia: the pointer resting on the most crowded space (on its name band): the
    tile opens, its Heroes at full size with their names."""
    from game.render import rest_pointer, settle

    table = screen.table
    settle(screen)
    if not table.crowded:
        raise ShotError("no crowded space on the board")
    space = max(table.crowded, key=lambda sp: len(table.crowded[sp]))
    rect = table.spots[space].tile
    rest_pointer(screen, (rect.x + 30, rect.y + 8))
    if table.opened != space:
        raise ShotError("the crowded space did not open")


def settle_table(screen: Any) -> None:
    screen.root.finish_animations()
    screen.root.update(0.0)


def drag_style_to_base(app: Any, screen: Any) -> None:
    """Press on the first legal pair's style and move most of the way to its base, the
    button still held (as tests/game/test_battlecon_drag.py does)."""
    from game.render import settle

    legal = screen.session.state.legal_actions(screen.viewer)
    target = next(a for a in legal if a.kind == "set")
    cards = {c.cid: c for c in screen.table.hand}
    start, end = cards[target.args[0]].to_world(), cards[target.args[1]].to_world()
    screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0),
                                     buttons=(0, 0, 0)))
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    screen.update(1 / 30)
    steps = 8
    for k in range(1, steps + 1):
        t = 0.8 * k / steps  # held above the base, not yet on it
        pos = (start[0] + (end[0] - start[0]) * t, start[1] + (end[1] - start[1]) * t - 40 * t)
        screen.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(1, 0, 0)))
        screen.root.update(1 / 30)
    settle(screen)


def list_hidden_then(touch: Touch) -> Touch:
    """Settings' action list set to *Only what the table lacks* (every choice made on the
    table), then ``touch``."""
    def both_touches(app: Any, screen: Any) -> None:
        from game.render import settle

        app.settings.action_list = False
        screen.table.list_hidden = True
        screen.refresh()
        touch(app, screen)
        settle(screen)
    return both_touches


def build_pair(app: Any, screen: Any) -> None:
    """BattleCON: click the style of a pair that reaches the foe, then bring its base into focus
    as hovering it does (the pair preview: its totals in the pair slot, its reach on the
    board)."""
    from game.tables.battlecon.preview import preview_stats, reach_spaces

    view, seat = screen.table.view, screen.viewer
    foe = view.pos(view.foe(seat))

    def shows(action: Any) -> tuple[bool, int]:  # the foe in reach, then the most spaces
        spaces = reach_spaces(view, seat, preview_stats(view, seat, *action.args))
        return foe in spaces, len(spaces)

    legal = screen.session.state.legal_actions(seat)
    target = max((a for a in legal if a.kind == "set"), key=shows)
    cards = {c.cid: c for c in screen.table.hand}
    cards[target.args[0]].activate()
    screen.focus.focus(cards[target.args[1]])  # as hovering it does (the zoom kept shut)


def confirm(kind: str) -> Touch:
    """Press the action button of ``kind`` (one that asks first) so its confirmation opens."""
    def touch(app: Any, screen: Any) -> None:
        from game.screens.overlays import ConfirmScreen

        table = screen.table
        actions = table.model.actions
        index = next(i for i, a in enumerate(actions) if a.kind == kind)
        while table.page != table.page_of(index):
            table.turn_page(1)
        button = next(b for b in table.buttons if b.name == f"action.{index}")
        button.activate()
        top = app.stack.top
        if not isinstance(top, ConfirmScreen):
            raise ShotError(f"{kind!r} asked nothing")
        top.age = 1.0
        top.root.finish_animations()
        top.root.update(0.0)
    return touch


def on_the_table(hover: str = "") -> Touch:
    """Settings' action list hidden (only what the table lacks, as a player of direct play
    sees it); with ``hover``, the pointer rests on the table target whose name starts so
    (of several, the space whose path is longest: a move's path shows)."""
    def touch(app: Any, screen: Any) -> None:
        from game.render import rest_pointer, settle

        table = screen.table
        table.list_hidden = True
        screen.refresh()
        settle(screen)
        if not hover:
            return
        found = [t for t in table.targets if t.name.startswith(hover)]
        if not found:
            raise ShotError(f"no {hover!r} target on the table")
        target = max(found, key=lambda t: len(getattr(t, "path", ())))
        rest_pointer(screen, target.to_world())
    return touch


def castle_zoomed(at: tuple[float, float], steps: int) -> Touch:
    """Chaostle with the action list hidden, the wheel turned ``steps`` over the castle at
    ``at`` (layout units from its centre): its levels, walls and stairways up close."""
    def touch(app: Any, screen: Any) -> None:
        from game.render import settle

        on_the_table()(app, screen)
        table = screen.table
        for _ in range(steps):  # a notch at a time, as the wheel turns
            table.on_wheel(1, table.cam.to_px(*at))
        screen.refresh()
        settle(screen)
    return touch


def dice_in_the_air(seconds: float) -> Touch:
    """Chaostle with the action list hidden, its last roll thrown again and caught
    ``seconds`` into the throw: the dice in the air, rolling over."""
    def touch(app: Any, screen: Any) -> None:
        on_the_table()(app, screen)
        table = screen.table
        rolled = [(e, r) for e in screen.session.log if (r := table.dice_of(e)) is not None]
        if not rolled:
            raise ShotError("no roll to throw again")
        event, roll = rolled[-1]
        table.throw(roll, event.text)
        for _ in range(round(seconds * 60)):
            table.tray.update(1 / 60)
    return touch


def fixed_budgets() -> None:
    """Analyses to their fixed budgets (no time cap), so a shot that shows the AI's
    estimates is the same picture on any machine."""
    os.environ["ARENA_AI_FIXED_BUDGET"] = "1"


def estimate_here(screen: Any) -> None:
    """The win-chance estimate of the viewer's decision, worked out now (as the table's
    worker would) and kept in the session's series."""
    from ai.levels import make_analyst
    from game.hint import HINT_LEVEL
    from game.winchance import Estimate, analysis_seed

    session, seat = screen.session, screen.session.actor()
    step = len(session.match.record.steps)
    analyst = make_analyst(session.game.id, HINT_LEVEL, analysis_seed(session.match.seed, step))
    session.win.add(Estimate(step, session.match.decisions, seat,
                             analyst.analyse(session.state.view(seat), seat)))


def win_bar(app: Any, screen: Any) -> None:
    """Settings' win-chance bar on, the estimate of this decision in it, and the hint
    asked (the same analysis answers it at once)."""
    from dataclasses import replace

    from game.render import settle

    fixed_budgets()
    app.settings = replace(app.settings, win_chance=True)
    estimate_here(screen)
    screen.refresh()
    screen.hint()
    settle(screen)


def played_with_estimates(undo_after: int = 4) -> Touch:
    """The win-chance bar on; the viewer plays the AI's suggestion three times in four and
    a seeded random move otherwise, each decision estimated, against the seat's own AI
    (normal); one move taken back after ``undo_after`` decisions; on to the result."""
    def touch(app: Any, screen: Any) -> None:
        from dataclasses import replace

        fixed_budgets()
        app.settings = replace(app.settings, win_chance=True)
        session, me = screen.session, screen.viewer
        rng = random.Random(2)
        made = 0
        for _ in range(4000):
            seat = session.actor()
            if session.over or seat is None:
                break
            legal = session.state.legal_actions(seat)
            if seat != me:
                session.submit(seat, session.agents[seat].choose(session.state.view(seat),
                                                                 seat))
                continue
            pick = legal[0]
            if len(legal) > 1:
                estimate_here(screen)
                step = len(session.match.record.steps)
                choice = session.win.get(step, seat).analysis.choice  # type: ignore[union-attr]
                pick = choice if rng.random() < 0.75 else rng.choice(legal)
                made += 1
            session.submit(seat, pick, chosen=True)
            if made == undo_after:
                session.undo(me)
                made += 1
        finish_result(app, screen)
    return touch


def reviewed(app: Any, screen: Any) -> None:
    """The match played as in ``played_with_estimates``, then Review from its result,
    every decision analysed, at the biggest mistake."""
    import time

    played_with_estimates()(app, screen)
    app.open_review(screen.session)
    review = app.stack.top
    while not review.run.finished:
        time.sleep(0.05)
    review.mistake()
    review.age = 1.0
    review.update(0.0)
    review.root.finish_animations()
    review.root.update(0.0)


def rules_from_log(app: Any, screen: Any) -> None:
    """Click the newest log line in sight whose event belongs to the game's first How to
    play section (the turn, with its diagram): How to play opens there, highlighted."""
    from game.render import settle
    from game.screens.overlays import RulesScreen

    settle(screen)
    first = screen.session.game.rules_sections()[0].id
    rows = screen.table.log_rows()
    hit = next((rect for rect, _, _, n in reversed(rows)
                if (e := screen.log_event(n)) is not None and e.section == first), None)
    if hit is None:
        raise ShotError(f"no line of the log in sight belongs to {first!r}")
    screen.table.point_at(hit.center)
    screen.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=hit.center, button=1))
    top = app.stack.top
    if not isinstance(top, RulesScreen) or top.highlight != first:
        raise ShotError("the log click opened no How to play at its section")
    top.age = 1.0
    top.root.finish_animations()
    top.root.update(0.0)


def ask_hint(app: Any, screen: Any) -> None:
    """Key H, as a player asks for a hint: wait for the AI's answer (its search at a fixed
    budget, whatever the machine's load, so the same picture comes again), the suggestion
    ringed on the table and its line over the strip."""
    from game.render import settle

    saved = os.environ.get("ARENA_AI_FIXED_BUDGET")
    os.environ["ARENA_AI_FIXED_BUDGET"] = "1"
    try:
        screen.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0,
                                         unicode="h", scancode=0))
        if screen.hinting is None:
            raise ShotError("key H asked no hint")
        screen.hinting.thread.join(600)
        screen.update(0.05)
    finally:
        if saved is None:
            os.environ.pop("ARENA_AI_FIXED_BUDGET", None)
        else:
            os.environ["ARENA_AI_FIXED_BUDGET"] = saved
    marks = screen.table.hint_marks
    if screen.hinting is not None or marks.choice is None:
        raise ShotError("the hint gave no answer")
    settle(screen)
    marks.clock = 0.3  # the ring at its brightest


# -- the shots -------------------------------------------------------------------------------
class ShotError(RuntimeError):
    """A shot whose position or touch cannot be made (a rule or table changed)."""


@dataclass(frozen=True)
class Shot:
    name: str  # the file in docs/screenshots/, without .png
    shows: str  # what the picture shows (the docs' caption says the same)
    game: str = ""  # "" for a screen outside a match (``screen``)
    seed: int = 1
    players: int | None = None
    setup: tuple[str, ...] = ()  # KEY=VALUE, as ``launcher.py render --setup``
    decisions: int = 0  # at least this many decisions first
    until: Predicate | None = None  # then on until this holds with a seat to act
    scenario: str = ""  # a file under rules/<game>/data/scenarios/ instead of moves
    viewer: int | str | None = "actor"  # a seat (0-based), "actor" or None (a spectator)
    touch: Touch | None = None
    screen: str = ""  # "game-select" or "credits" (no match)
    limit: int = 4000  # decisions at most while looking for ``until``


CHAOSTLE = ("army=3", "skills=on", "two_dice=off", "fast_stairs=off", "castle_hp=100",
            "sanctuary=1", "draft=free")
CHAOSTLE_SIX = ("army=2", *CHAOSTLE[1:])  # six armies of two

SHOTS: tuple[Shot, ...] = (
    Shot("game-select", "the four games as pictures", screen="game-select"),
    Shot("credits", "every icon with its artist", screen="credits"),
    Shot("setup-battlecon-team", "a BattleCON 2 vs 2 being set up: each seat's dot in its "
         "team's colour, each fighter with its picture, the teams' layout whole",
         screen="setup:battlecon:4"),
    Shot("tutorial-battlecon", "the BattleCON tutorial teaching the Set: the callout beside "
         "the hand, the cards to pair ringed", screen="tutorial:battlecon:3"),
    Shot("tutorial-chaostle", "the Chaostle tutorial teaching a move: the callout beside the "
         "space to move to", screen="tutorial:chaostle:2"),
    Shot("tutorial-terrene", "the Terrene Odyssey tutorial teaching an attack: the callout "
         "beside the attacker", screen="tutorial:terrene:8"),
    Shot("tutorial-biternia", "the Battle for Biternia tutorial teaching a move: the callout "
         "beside the space to move to", screen="tutorial:biternia:6"),
    Shot("hint-battlecon", "a hint at the Set (key H): the AI's mixed strategy, its top pairs "
         "with their shares in the strip's heading, a card of the pair it drew ringed",
         "battlecon",
         seed=3, decisions=20, until=phase("set"), touch=ask_hint),
    Shot("hint-terrene", "a hint on your turn (key H): the suggested move ringed, the chance "
         "to win now and after it and the next best in the strip's heading", "terrene",
         seed=11, players=2, decisions=30, until=hand_of(4), touch=ask_hint),
    # BattleCON
    Shot("battlecon-set", "building an attack pair: a style picked, the pointer on a base; "
         "the pair's totals in the pair slot, the spaces it reaches lit on the board",
         "battlecon", seed=1, decisions=1, until=phase("set"),
         touch=list_hidden_then(build_pair)),
    Shot("battlecon-setup", "choosing a Finisher: each one a card in the tray",
         "battlecon", seed=2, setup=("fighter.0=hayden",), until=phase("setup"),
         touch=on_the_table()),
    Shot("battlecon-reveal", "the reveal: both pairs face up, large, side by side with their "
         "priorities; the Active Player decided", "battlecon", seed=1, decisions=1,
         until=phase("ante"), touch=staged_until("priority", reveal_decided, 0.3)),
    Shot("battlecon-hit", "an attack staged: the attacker lunges, its range drawn on the "
         "board, the damage with the Armor and Guard it met", "battlecon", seed=3,
         decisions=1, setup=("fighter.0=amon", "fighter.1=cindra"), until=phase("ante"),
         touch=staged_until("damage", range_drawn, 0.45)),
    Shot("battlecon-resolve", "just after a reveal: both pairs face up with their totals, "
         "the Drive's advances lit on the board, the four cards' words in the strip",
         "battlecon", seed=1, decisions=1, until=phase("resolve"), touch=on_the_table()),
    Shot("battlecon-attack", "an attack being resolved: which trigger first, as tiles, "
         "Skip beside an optional one", "battlecon", seed=3,
         setup=("fighter.0=amon", "fighter.1=cindra"), until=can("trigger"),
         touch=on_the_table()),
    Shot("battlecon-clash", "a clash: each fighter sets a new base",
         "battlecon", seed=1, until=phase("clash"), touch=on_the_table()),
    Shot("battlecon-end-of-beat", "late in a duel, after several beats",
         "battlecon", seed=1, decisions=50, until=phase("set"), touch=on_the_table()),
    Shot("battlecon-materials", "Hayden against Lucida: Unique Ability materials as pieces",
         "battlecon", seed=3, decisions=60, setup=("fighter.0=hayden", "fighter.1=lucida"),
         until=phase("set")),
    Shot("battlecon-drag", "a style dragged towards a base (the legal bases glow)",
         "battlecon", seed=1, decisions=1, until=phase("set"), touch=drag_style_to_base),
    Shot("battlecon-team", "team play 2 vs 2", "battlecon", seed=1, players=4,
         setup=("teams=2v2",), decisions=30),
    Shot("battlecon-team-2v1", "team play 2 vs 1 with the Super fighter", "battlecon",
         seed=1, players=3, setup=("teams=2v1",), decisions=103),
    Shot("battlecon-team-reveal", "team play 2 vs 2, the reveal: the four pairs face up, "
         "large, with their priorities; the order of attacks decided", "battlecon", seed=1,
         players=4, setup=("teams=2v2",), decisions=30,
         touch=staged_until("priority", reveal_decided, 0.8)),
    Shot("battlecon-team-hit", "team play 2 vs 2, an attack staged: the lunge, the range "
         "check on the 9-space board, the damage", "battlecon", seed=1, players=4,
         setup=("teams=2v2",), decisions=30,
         touch=staged_until("damage", range_drawn, 0.45, steps=600)),
    Shot("battlecon-team-stun", "team play 2 vs 2, a hit that stuns: its number, then its "
         "plaque in the target's own space, then \"Stunned!\", one after another",
         "battlecon", seed=1, players=4, setup=("teams=2v2",), decisions=30,
         touch=staged_until("stun", stunned_risen, 0.3, steps=800)),
    Shot("battlecon-discards", "the initial discards chosen: the whole hand of 13 in two "
         "rows, styles over bases, every name whole", "battlecon", seed=6,
         setup=("discards=chosen", "fighter.0=amon", "fighter.1=dareios"),
         until=phase("discards")),
    Shot("battlecon-team-kit", "team play 2 vs 2: the pointer on an opponent's plate band, "
         "their whole kit in the zoom", "battlecon", seed=1, players=4,
         setup=("teams=2v2",), decisions=30, touch=opponent_kit),
    Shot("battlecon-zoom", "the card zoom open on a hand card (a right-click)", "battlecon",
         seed=1, decisions=1, until=phase("set"), touch=right_click_on(in_hand)),
    Shot("battlecon-kit", "the pointer on the opponent's plate: their kit, where each card "
         "lies", "battlecon", seed=1, decisions=20, until=phase("set"), touch=opponent_kit),
    Shot("battlecon-read", "the pointer on a hand card: it rises with its whole text",
         "battlecon", seed=1, decisions=1, until=phase("set"), touch=read_in_hand),
    # Battle for Biternia
    Shot("biternia-draft", "the draft: every Hero a card, the picks in their team's colour",
         "biternia", seed=3, setup=("heroes=draft",), decisions=5,
         until=both(phase("draft"), can("draft"))),
    Shot("biternia-orders", "giving orders", "biternia", seed=3, decisions=43,
         until=phase("orders")),
    Shot("biternia-movement", "moving a Hero: the reachable spaces lit", "biternia", seed=3,
         decisions=49, until=phase("movement")),
    Shot("biternia-walk", "a Hero walking along the road to the next space (mid-move)",
         "biternia", seed=3, decisions=49, until=phase("movement"),
         touch=caught_in("move", 0.25)),
    Shot("biternia-interrupt", "an interrupt asked over the board", "biternia", seed=27,
         players=2, decisions=100, until=can("interrupt")),
    Shot("biternia-crowded", "round 5 on: the pointer on a space with three Heroes opens it "
         "larger, each Hero at full size with its cards, numbers and name",
         "biternia", seed=5, players=4, decisions=200,
         until=both(crowded(3, 5), phase("movement")), touch=open_crowded),
    Shot("biternia-attack", "an attack drawn from the attacker to its target, the damage "
         "rising there", "biternia", seed=3, decisions=49, until=phase("action"),
         touch=caught_in("damage", test=across_spaces)),
    Shot("biternia-catapult", "the catapult's shot: the stone flying from the catapult in the "
         "jungle onto the enemy Tower it attacks", "biternia", seed=1, setup=("catapult=on",),
         touch=caught_in("damage", 0.3, test=catapult_shot)),
    Shot("biternia-respawn", "a defeated Hero comes back at its Bit", "biternia", seed=5,
         players=4, decisions=120, touch=caught_in("respawn", 0.25)),
    Shot("biternia-four-players", "four players, Action phase: the teammate's seat chip lit "
         "(a click lets them act)", "biternia", seed=11,
         players=4, decisions=80, until=both(phase("action"), can("hand_over"))),
    Shot("biternia-direct", "direct play, the action list hidden: a whole turn's table (the "
         "Action phase: orders beside every Hero, the picked Hero's prompt, targets and lit "
         "spaces; nothing needs the list)", "biternia", seed=3, decisions=60,
         until=both(phase("action"), can("activate")), touch=on_the_table()),
    Shot("biternia-zoom", "the card zoom open on a hand card", "biternia", seed=3,
         decisions=43, until=phase("orders"), touch=zoom_on(in_hand)),
    # Chaostle
    Shot("chaostle-move", "moving a character: where each move ends is lit, the pointer on "
         "one shows the path; the way buttons choose the roll, roll + card or the card alone",
         "chaostle", seed=1, players=3, setup=CHAOSTLE, decisions=60, until=can("move"),
         touch=on_the_table("space.")),
    Shot("chaostle-battle", "a battle: the duel card over the roster, Fight on or End the "
         "battle on it; its two standees face off on the castle", "chaostle", seed=3,
         players=4, setup=CHAOSTLE, decisions=20,
         until=can("fight_on"), touch=on_the_table()),
    Shot("chaostle-fate", "a fate: the Card of Happiness, Accept or Decline", "chaostle",
         seed=1, players=4, setup=CHAOSTLE, decisions=20, until=can("accept"),
         touch=on_the_table()),
    Shot("chaostle-dice", "the dice tray: what the last roll did above the die, the tray lit "
         "to roll for movement", "chaostle", seed=2, players=2, setup=CHAOSTLE,
         decisions=30, until=can("roll"), touch=on_the_table()),
    Shot("chaostle-six", "six players: a move with its path", "chaostle", seed=4, players=6,
         setup=CHAOSTLE_SIX, decisions=120, until=can("move"), touch=on_the_table("space.")),
    Shot("chaostle-levels", "the castle's three levels up close: the walkway (level 1), the "
         "plus path round the Inner Square (2) and the wall ring (3), each in its own stone "
         "with its coloured edge, the higher walls' faces and shadows, the stairways' arrows "
         "pointing up", "chaostle", seed=1, players=3, setup=CHAOSTLE, decisions=60,
         until=can("move"), touch=castle_zoomed((2.5, 3.0), 3)),
    Shot("chaostle-tumble", "two movement dice (faster play 2) caught a tenth of a second "
         "into their throw: up off the felt, their shadows apart from them, rolling over with "
         "the face going down and the one coming up both showing", "chaostle", seed=2,
         players=2, setup=(*CHAOSTLE[:2], "two_dice=on", *CHAOSTLE[3:]), decisions=30,
         until=can("move"), touch=dice_in_the_air(0.1)),
    Shot("chaostle-eight", "eight armies of two with the action list shown: each slim row's "
         "Sanctuary count and seat kind whole", "chaostle", seed=4, players=8,
         setup=CHAOSTLE_SIX, decisions=120, until=can("move")),
    Shot("chaostle-draft", "choosing an army", "chaostle", seed=2, players=4,
         setup=CHAOSTLE, decisions=5, until=phase("draft")),
    Shot("chaostle-zoom", "the card zoom open", "chaostle", seed=1, players=3,
         setup=CHAOSTLE, decisions=60, until=can("move"), touch=zoom_on()),
    # Terrene
    Shot("terrene-chain", "a chain open in a best-of-three game", "terrene", seed=11,
         players=2, setup=("format=best of three",), decisions=54, until=chain_open),
    Shot("terrene-2v2", "2v2: allies side by side, the team's shared life", "terrene",
         seed=5, players=4, setup=("format=best of three",), decisions=40,
         until=phase("play"), viewer=2),
    Shot("terrene-draft", "the draft: building a deck from the picks", "terrene", seed=2,
         players=4, setup=("format=draft",), decisions=108),
    Shot("terrene-setup", "the starting party picked from cards fanned as a hand, the plan "
         "pointed at risen whole", "terrene", seed=4, players=2, until=phase("party"),
         touch=rise_whole(first=True)),
    Shot("terrene-zoom", "the card zoom open on a hand card", "terrene", seed=11,
         players=2, decisions=20, until=phase("play"), touch=zoom_on(in_hand)),
    Shot("terrene-confirm", "Run asks first: it concedes the game", "terrene", seed=4,
         players=2, decisions=10, until=can("run"), touch=confirm("run")),
    # How to play, opened from a line of the log at that line's section
    Shot("howto-battlecon", "How to play opened from the log's \"Beat\" line: the beat as a "
         "diagram, the section highlighted", "battlecon", seed=1, decisions=1,
         until=phase("set"), touch=rules_from_log),
    Shot("howto-biternia", "How to play opened from the log's \"Round\" line: the round as "
         "a diagram", "biternia", seed=3, decisions=43, until=phase("orders"),
         touch=rules_from_log),
    Shot("howto-chaostle", "How to play opened from the log's turn line: the turn as a "
         "diagram", "chaostle", seed=2, players=2, setup=CHAOSTLE, decisions=30,
         until=can("roll"), touch=rules_from_log),
    Shot("howto-terrene", "How to play opened from the log's \"Turn\" line: the turn as a "
         "diagram", "terrene", seed=11, players=2, decisions=20, until=phase("play"),
         touch=rules_from_log),
    Shot("terrene-hand", "a hand of cards on your turn: the playable ones lit", "terrene",
         seed=11, players=2, decisions=30, until=hand_of(4)),
    Shot("terrene-risen", "the hand card pointed at rises whole: its whole text at 12 px "
         "over the board (and in the zoom)", "terrene", seed=11, players=2, decisions=30,
         until=hand_of(4), touch=rise_whole()),
    Shot("terrene-token", "an action token dragged from your plate: the cards that spend it "
         "ringed in cream", "terrene", seed=4, players=2, decisions=20,
         until=both(phase("play"), can("recruit")), touch=token_held),
    Shot("terrene-chain3", "a chain of three links, each with its order and target",
         "terrene", seed=8, players=2, decisions=20, until=chain_of(3)),
    Shot("terrene-block", "a battle with a block: the blocker named, the arrow to it",
         "terrene", seed=24, players=2, decisions=20, until=blocked),
    Shot("terrene-battle", "a battle resolving: the attacker at what it hits, the damage "
         "rising", "terrene", seed=24, players=2, decisions=20, until=blocked,
         touch=staged_until("damage", damage_risen, 0.25)),
    Shot("terrene-pick", "a draft pick: the pile in front of you, the card pointed at risen "
         "whole", "terrene", seed=3, players=4, setup=("format=draft",), decisions=8,
         until=stage("pick"), touch=rise_whole()),
    Shot("terrene-result", "the result of a game", "terrene", seed=191, players=2,
         decisions=40, until=low_life(15), touch=to_the_result),
    # win chance and review
    Shot("winchance-bar", "the win-chance bar in the header (Settings), and the hint of "
         "the same analysis", "battlecon", seed=1, decisions=1, until=phase("set"),
         touch=win_bar),
    Shot("winchance-graph", "the result with the AI's estimate over the match (an undo "
         "marked)", "terrene", seed=4, players=2, until=phase("play"),
         touch=played_with_estimates()),
    Shot("review", "Review at the biggest mistake: the AI's suggestion ringed, the move "
         "made and the estimate before and after", "terrene", seed=4, players=2,
         until=phase("play"), touch=reviewed),
)


def shot_named(name: str) -> Shot:
    name = name.removesuffix(".png")
    for shot in SHOTS:
        if shot.name == name:
            return shot
    raise SystemExit(f"no shot named {name!r}; --list shows them")


# -- building and drawing -------------------------------------------------------------------
def build_match(shot: Shot) -> Match:
    """The shot's position: seeded random moves (or a scenario), then on until ``until``."""
    game = get_game(shot.game)
    if shot.scenario:
        path = ROOT / "rules" / shot.game / "data" / "scenarios" / shot.scenario
        match = Match(game, {}, shot.seed, Scenario.read(path))
    else:
        pairs = dict(p.split("=", 1) for p in shot.setup)
        setup = make_setup(game, random.Random(shot.seed), shot.players, pairs)
        match = Match(game, setup, shot.seed)
    agent = RandomAgent(shot.seed)
    while True:
        match.advance_chance()
        if match.over:
            raise ShotError(f"{shot.name}: the game ended after {match.decisions} decisions "
                            "before the position came")
        if match.decisions >= shot.decisions and (shot.until is None or shot.until(match)):
            return match
        if match.decisions >= shot.decisions + shot.limit:
            raise ShotError(f"{shot.name}: not found in {shot.limit} decisions")
        seat = actor(match)
        assert seat is not None
        match.submit(seat, agent.choose(match.state.view(seat), seat))


def viewer_of(shot: Shot, match: Match) -> int | None:
    if shot.viewer == "actor":
        return actor(match) if actor(match) is not None else 0
    return shot.viewer if isinstance(shot.viewer, int) or shot.viewer is None else 0


def draw(shot: Shot, out_dir: Path, config_dir: Path) -> Path:
    from game.render import open_table, save_png

    out = out_dir / f"{shot.name}.png"
    if shot.screen:
        save_png(menu_app(shot.screen, config_dir), out)
        return out
    match = build_match(shot)
    app, screen = open_table(shot.game, match, viewer_of(shot, match), config_dir)
    if shot.touch is not None:
        shot.touch(app, screen)
    save_png(app, out)
    return out


def menu_app(which: str, config_dir: Path) -> Any:
    from game.app import App
    from game.screens.menus import GameSelectScreen

    app = App(config_dir=config_dir, window=False, start=True)
    if which == "game-select":
        app.stack.push(GameSelectScreen(app))
    elif which == "credits":
        app.open_credits()
    elif which.startswith("setup:"):  # setup:GAME:PLAYERS, the new-match screen
        from game.screens.menus import SetupScreen

        _, game_id, players = which.split(":")
        setup = app.stack.push(SetupScreen(app, game_id))
        setup.set_players(players)
        setup.focus.focus(setup.widget("start"))
    elif which.startswith("tutorial:"):  # tutorial:GAME:STEP (1-based), after the steps
        _, game_id, number = which.split(":")
        app.open_tutorial(game_id)
        app.stack.top.skip_to(int(number) - 1)
    else:
        raise ShotError(f"unknown screen {which!r}")
    for screen in app.stack.screens:
        screen.age = 1.0
        screen.root.finish_animations()
        screen.root.update(0.0)
    return app


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", default=[], metavar="NAME")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    if args.list:
        for shot in SHOTS:
            print(f"{shot.name:<24} {shot.game or shot.screen:<12} {shot.shows}")
        return 0
    shots = [shot_named(n) for n in args.only] if args.only else list(SHOTS)
    failed = 0
    with tempfile.TemporaryDirectory() as config:  # default settings, not the user's
        for shot in shots:
            try:
                out = draw(shot, args.out, Path(config))
            except ShotError as exc:
                failed += 1
                print(f"FAILED {shot.name}: {exc}", file=sys.stderr)
                continue
            print(f"wrote {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
