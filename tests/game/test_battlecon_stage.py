"""BattleCON's beat staged on the table (battlecon/stage.py) through the screen's staged
resolution: the reveal large over the plates with the Active Player decided in view, the
range check drawn, the attacker's lunge, a move hopping space by space, the Armor and
Guard a hit met, the Recycle; skipped or at the instant speed, none of it stays."""

from __future__ import annotations

import random

import pytest

from game.app import App
from game.screens.table import TableScreen
from game.session import Seat, Session
from game.tables.battlecon.stage import RangeCheck, RevealStage, ordinal, totals_words
from game.tables.battlecon.table import damage_notes


def table_before(app_dirs, kind, test=lambda e: True, seed=1, fighters=None, speed=1.0,
                 teams=None):
    """A human duel (or team match: ``teams`` "2v2", "2v1", "3v1") played at random until
    the next move's events include ``kind`` (and pass ``test``); the screen, the mover and
    that move, not yet played."""
    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    app.settings.animation_speed = speed
    players = 2 if teams is None else 3 if teams == "2v1" else 4
    setup: dict = {"players": players}
    if teams:
        setup["teams"] = teams
    if fighters:
        setup.update({f"fighter.{k}": f for k, f in enumerate(fighters)})
    for attempt in range(seed, seed + 30):
        session = Session.new("battlecon", setup, [Seat(True)] * players, attempt)
        rng = random.Random(attempt)
        for _ in range(800):
            seat = session.actor()
            if seat is None:
                break
            legal = session.state.legal_actions(seat)
            pick = next((a for a in legal if any(
                e.kind == kind and test(e) for e in session.state.clone().apply(seat, a))),
                None)
            if pick is not None:
                screen = app.stack.push(TableScreen(app, session))
                screen.viewer = seat
                screen.refresh()
                screen.root.finish_animations()
                return screen, seat, pick
            session.submit(seat, rng.choice(legal))
    raise AssertionError(f"no {kind} came")


def run(screen, until, limit=200):
    """Update the screen 1/20 s at a time until ``until()``; the seconds it took."""
    for k in range(limit):
        if until():
            return k * 0.05
        screen.update(0.05)
    raise AssertionError("never happened")


def rising_words(table):
    """The words rising on the table now: (words, box on the screen)."""
    import pygame

    from game.floats import FloatText

    boxes = []
    for node in table.children:
        if isinstance(node, FloatText) and node.alpha > 0:
            box = pygame.Rect(0, 0, node.w, node.h)
            box.center = (round(node.x), round(node.y))
            boxes.append((node.words, box))
    return boxes


def stage_of(table):
    return next((c for c in table.children if isinstance(c, RevealStage)), None)


def test_the_reveal_flips_both_pairs_large_and_decides_the_active_player_in_view(app_dirs):
    screen, seat, action = table_before(app_dirs, "priority")
    table = screen.table
    events = screen.session.submit(seat, action)
    reveals = [e for e in events if e.kind == "reveal" and "totals" in e.data]
    decided = next(e for e in events if e.kind == "priority")
    screen.show(events)
    run(screen, lambda: stage_of(table) is not None and len(stage_of(table).cards) == 2)
    stage = stage_of(table)
    for event in reveals:  # each pair face up, named, its totals as the rules count them
        card = stage.cards[event.data["seat"]]
        assert card.title == screen.session.state.pair_name(event.data["seat"])
        assert card.words == totals_words(event.data["totals"])
        state = screen.session.state
        assert card.words == totals_words({"range": state.stats(card.seat).range,
                                           "power": state.stats(card.seat).power,
                                           "priority": state.stats(card.seat).priority,
                                           "guard": state.stats(card.seat).guard,
                                           "tiebreaker": state.stats(card.seat).tiebreaker,
                                           "stun_immune": state.stats(card.seat).stun_immune})
    assert all(c.role == "" for c in stage.cards.values())  # not decided before its step
    run(screen, lambda: any(c.role for c in stage.cards.values()))
    active = decided.data["active"]
    assert stage.cards[active].role == "ACTIVE"
    assert stage.cards[1 - active].role == "REACTIVE"
    assert decided.data["priorities"] == [screen.session.state.stats(s).priority
                                          for s in decided.data["seats"]]
    # then both settle onto the plates, face up there, and the stage leaves
    run(screen, lambda: stage.parent is None)
    for s in (0, 1):
        assert table.pairs[s].face_up and table.pairs[s].visible
        assert table.pairs[s].title == screen.session.state.pair_name(s)


def test_a_clash_stamps_both_cards(app_dirs):
    screen, seat, action = table_before(app_dirs, "clash", lambda e: "priority" in e.data)
    table = screen.table
    screen.show(screen.session.submit(seat, action))
    run(screen, lambda: stage_of(table) is not None
        and any(c.role == "CLASH!" for c in stage_of(table).cards.values()))
    assert {c.role for c in stage_of(table).cards.values()} == {"CLASH!"}


def test_an_attack_lunges_and_draws_its_range_check(app_dirs):
    screen, seat, action = table_before(app_dirs, "hit")
    table = screen.table
    events = screen.session.submit(seat, action)
    hit = next(e for e in events if e.kind == "hit")
    attacker = hit.data["seat"]
    screen.show(events)
    run(screen, lambda: any(isinstance(c, RangeCheck) and c.hit for c in table.children))
    check = next(c for c in table.children if isinstance(c, RangeCheck) and c.hit)
    lo, hi = hit.data["reach"]
    assert hit.data["at"] in check.reached  # the target stands where the range reaches
    assert all(any(lo <= abs(space - o) <= hi for o in hit.data["origins"])
               for space in check.reached)
    assert check.words.endswith("hit!")
    standee = table.standees[attacker]
    assert any(t.attr == "x" for t in standee.tweens.tweens)  # the lunge
    assert (check.source, check.target) == (table.places[attacker], hit.data["at"])
    life = table.view.player(hit.data["target"]).life  # the view before, during the stage
    run(screen, lambda: hit.data["target"] in table.staged_life or not screen.staged)
    damage = next(e for e in events if e.kind == "damage")
    if damage.data.get("amount"):  # the plate counts the damage at its step
        assert table.staged_life[hit.data["target"]] == life - damage.data["amount"]


def test_a_move_hops_over_each_space_on_its_way(app_dirs):
    def long_move(e):
        return e.data.get("how") in ("advance", "retreat") and "start" in e.data \
            and abs(e.data["to"] - e.data["start"]) >= 2
    screen, seat, action = table_before(app_dirs, "move", long_move)
    table = screen.table
    events = screen.session.submit(seat, action)
    move = next(e for e in events if e.kind == "move" and long_move(e))
    mover, start, to = move.data["seat"], move.data["start"], move.data["to"]
    step = 1 if to > start else -1
    expected = [table.cell(i).centerx for i in range(start + step, to + step, step)]
    standee = table.standees[mover]
    seen: list[float] = []
    original = standee.hop_to

    def record(x, y, duration=0.45, height=36):
        seen.append(x)
        original(x, y, duration, height)

    standee.hop_to = record
    screen.show(events)
    run(screen, lambda: not screen.staged and not standee.busy())
    # one hop per space, each space on the way in order (another move may follow)
    assert any(seen[k:k + len(expected)] == expected for k in range(len(seen)))


def test_damage_names_the_armor_that_absorbed_some_and_the_guard():
    assert damage_notes({"amount": 3, "absorbed": 2, "guard": 4}) == \
        ["3 damage", "Armor 2", "Guard 4"]
    assert damage_notes({"amount": 0, "absorbed": 5, "guard": 1}) == ["0 damage", "Armor 5"]


def test_skipping_the_resolution_leaves_no_stage(app_dirs):
    screen, seat, action = table_before(app_dirs, "priority")
    screen.show(screen.session.submit(seat, action))
    screen.update(0.05)  # the first step
    screen.finish_stage()  # Space: the rest at once
    assert stage_of(screen.table) is None
    assert not any(isinstance(c, RangeCheck) for c in screen.table.children)


def test_the_instant_speed_never_stages(app_dirs):
    screen, seat, action = table_before(app_dirs, "priority", speed=0.0)
    screen.show(screen.session.submit(seat, action))
    screen.update(0.05)
    assert stage_of(screen.table) is None


def test_the_recycle_slides_the_pair_into_discard_pile_one(app_dirs):
    screen, seat, action = table_before(app_dirs, "beat",
                                        lambda e: e.data.get("beat", 0) >= 2)
    table = screen.table
    screen.show(screen.session.submit(seat, action))
    run(screen, lambda: any(c.name.startswith("recycled.") for c in table.children))
    ghost = next(c for c in table.children if c.name.startswith("recycled."))
    pile = table.pile_rect(int(ghost.name.split(".")[1]), 1)
    run(screen, lambda: ghost.parent is None or abs(ghost.x - pile.centerx) < 2)


def test_an_optional_trigger_reads_as_yes_or_no_about_that_effect(app_dirs):
    from game.tables.battlecon.strip import choice_words

    screen, _, _ = table_before(app_dirs, "trigger", seed=3,
                                        fighters=("amon", "cindra"))
    session = screen.session
    rng = random.Random(3)
    for _ in range(3000):  # on to a choice with a Skip
        actor = session.actor()
        assert actor is not None
        legal = session.state.legal_actions(actor)
        if any(a.kind == "trigger" and a.args[0] == "skip" for a in legal):
            break
        session.submit(actor, rng.choice(legal))
    screen.viewer = session.actor()
    screen.refresh()
    tiles = {t.leads[0]: t for t in screen.table.buttons}
    skip = next(a for a in tiles if a.args[0] == "skip")
    use = next(a for a in tiles if a.args == ("use", *skip.args[1:]))
    effect = str(use).removeprefix("Use ")
    assert choice_words(tiles[use]) == f"Use {effect}"
    assert choice_words(tiles[skip]) == f"Don't use {effect}"
    screen.focus.focus(tiles[skip])
    assert screen.table.strip_heading().endswith(f"Don't use {effect}")


def test_the_staged_beat_draws_no_text_over_another(app_dirs):
    """Every frame of a staged beat (the reveal over the plates, the range check, the hit's
    plaque), composed as the window shows it, passes the overlap check at rest moments:
    the frames where only waiting or fading remains."""
    import pygame

    from game import overlap

    overlap.start()
    try:
        screen, seat, action = table_before(app_dirs, "damage", seed=3,
                                            fighters=("amon", "cindra"))
        screen.show(screen.session.submit(seat, action))
        canvas = pygame.Surface((1280, 720))
        found: dict[str, int] = {}
        checked = 0
        for frame in range(400):
            if not screen.staged:
                break
            screen.update(0.05)
            if any(t.delay <= 0 and t.attr not in ("alpha", "veil")
                   for n in screen.root.walk() for t in n.tweens.tweens):
                continue  # something is moving: the check reads a screen at rest
            overlap.new_frame(canvas)
            screen.app.compose(canvas)
            checked += 1
            for problem in overlap.problems(canvas):
                found.setdefault(problem, frame)
        assert checked > 5
        assert not found, list(found)[:5]
    finally:
        overlap.stop()


@pytest.mark.parametrize("teams", ["2v2", "2v1", "3v1"])
def test_a_team_reveal_flips_every_pair_large_and_decides_the_order_of_attacks(app_dirs,
                                                                               teams):
    screen, seat, action = table_before(app_dirs, "priority", teams=teams)
    table, state = screen.table, screen.session.state
    events = screen.session.submit(seat, action)
    decided = next(e for e in events if e.kind == "priority")
    order = decided.data["order"]
    screen.show(events)
    n = state.num_players
    run(screen, lambda: stage_of(table) is not None and len(stage_of(table).cards) == n)
    stage = stage_of(table)
    cards = [stage.cards[s] for s in table.plate_order]
    # as the plates lie, left to right, none over another, each team's cards together
    assert [round(c.x) for c in cards] == sorted(round(c.x) for c in cards)
    for a, b in zip(cards, cards[1:], strict=False):
        assert a.x + a.w / 2 <= b.x - b.w / 2
        assert b.x - a.x - a.w >= (10 if state.teams[a.seat] == state.teams[b.seat] else 40)
    assert all(table.plate(0).x - 8 <= c.x - c.w / 2 and c.x + c.w / 2 <=
               table.plate(table.plate_order[-1]).right + 8 for c in cards)
    after = screen.session.state
    for card in cards:
        assert card.title == after.pair_name(card.seat)
        assert card.words["priority"].rstrip("▲") == str(after.stats(card.seat).priority)
    assert all(c.rank == 0 and c.role == "" for c in cards)  # not decided before its step
    run(screen, lambda: all(c.rank for c in cards))
    active_team = state.teams[order[0]]
    for card in cards:  # its place in the order of attacks, its team's role
        assert card.rank == order.index(card.seat) + 1
        role = "ACTIVE" if state.teams[card.seat] == active_team else "REACTIVE"
        assert card.ribbon_words() == f"{ordinal(card.rank)} · {role}"
    run(screen, lambda: stage.parent is None)  # then they settle on the plates
    for s in range(n):
        assert table.pairs[s].face_up and table.pairs[s].title == after.pair_name(s)


def test_a_team_attack_lunges_and_draws_its_range_check(app_dirs):
    screen, seat, action = table_before(app_dirs, "hit", teams="2v2")
    table = screen.table
    events = screen.session.submit(seat, action)
    hit = next(e for e in events if e.kind == "hit")
    attacker, foe = hit.data["seat"], hit.data["target"]
    before = screen.session.state  # the rules' check, as the event carries it
    lo, hi = hit.data["reach"]
    assert any(lo <= abs(hit.data["at"] - o) <= hi for o in hit.data["origins"])
    screen.show(events)
    run(screen, lambda: any(isinstance(c, RangeCheck) and c.hit for c in table.children),
        limit=400)
    check = next(c for c in table.children if isinstance(c, RangeCheck) and c.hit)
    assert (check.source, check.target) == (table.places[attacker], hit.data["at"])
    assert hit.data["at"] in check.reached and check.words.endswith("hit!")
    assert all(any(lo <= abs(space - o) <= hi for o in hit.data["origins"])
               for space in check.reached)
    assert any(t.attr == "x" for t in table.standees[attacker].tweens.tweens)  # the lunge
    assert before.num_players == 4 and foe in table.standees


def test_a_team_attack_without_a_target_says_so_on_the_board(app_dirs):
    screen, seat, action = table_before(
        app_dirs, "miss", lambda e: e.data.get("reach") and "at" not in e.data, teams="2v2")
    table = screen.table
    events = screen.session.submit(seat, action)
    miss = next(e for e in events if e.kind == "miss" and e.data.get("reach")
                and "at" not in e.data)
    screen.show(events)
    run(screen, lambda: any(isinstance(c, RangeCheck) and c.seat == miss.data["seat"]
                            for c in table.children), limit=400)
    check = next(c for c in table.children if isinstance(c, RangeCheck)
                 and c.seat == miss.data["seat"])
    assert check.target is None and not check.hit
    assert check.words.endswith("avoided" if miss.data["avoided"] else "no enemy in reach")


def test_a_hits_range_check_stays_until_its_damage_lands(app_dirs):
    from game.tables.battlecon.stage import CHECK_TIME

    def fade(check):
        return next(t for t in check.tweens.tweens if t.attr == "alpha")

    screen, seat, action = table_before(
        app_dirs, "damage", lambda e: e.data.get("amount", 0) > 0 and "attacker" in e.data,
        seed=3, fighters=("amon", "cindra"))
    table = screen.table
    events = screen.session.submit(seat, action)
    damage = next(e for e in events if e.kind == "damage" and e.data.get("amount", 0) > 0
                  and "attacker" in e.data)
    screen.show(events)
    run(screen, lambda: any(isinstance(c, RangeCheck) and c.hit
                            and c.seat == damage.data["attacker"] for c in table.children))
    check = next(c for c in table.children if isinstance(c, RangeCheck) and c.hit
                 and c.seat == damage.data["attacker"])
    assert fade(check).delay > CHECK_TIME + 1  # waiting for the hit's damage
    run(screen, lambda: damage.data["seat"] in table.staged_life)  # the damage lands
    assert check.parent is not None and fade(check).delay <= CHECK_TIME  # then it fades


def test_a_move_before_the_damage_fades_the_hits_range_check_at_once(app_dirs):
    """A Hit trigger may move a fighter (a pull) before the damage: the held check's arrow
    would point where nobody stands, so it fades at once."""
    from rules.core import Event

    screen, seat, action = table_before(app_dirs, "hit")
    table = screen.table
    events = screen.session.submit(seat, action)
    hit = next(e for e in events if e.kind == "hit")
    screen.show(events)
    run(screen, lambda: any(isinstance(c, RangeCheck) and c.hit for c in table.children))
    check = next(c for c in table.children if isinstance(c, RangeCheck) and c.hit)
    target = hit.data["target"]
    start = table.places[target]
    to = start + 1 if start + 1 < table.spaces else start - 1
    table.stage_event(Event("move", "pulled", {"seat": target, "start": start, "to": to,
                                               "how": "pull"}))
    fade = next(t for t in check.tweens.tweens if t.attr == "alpha")
    assert fade.delay == 0


def test_a_lunge_during_a_hop_ends_on_the_destination():
    """An attack may follow its Before move at once (a Drive): the lunge must bring the
    standee back to the space it moved to, not where the hop was when it began."""
    from game.scene import StandeeNode
    from game.tables.battlecon.stage import hop_path, lunge

    standee = StandeeNode(100, 50, "Ci", (200, 80, 60))
    hop_path(standee, [200.0, 300.0, 400.0], 50, [False, True, False])
    for _ in range(11):  # the last hop under way (0.2 s a hop)
        standee.update(0.05)
    assert 300 < standee.x < 400
    lunge(standee, 600, home=400)
    for _ in range(60):
        standee.update(0.05)
    assert round(standee.x) == 400


@pytest.mark.parametrize("teams", [None, "2v2"])
def test_a_stunning_hit_s_words_and_plaque_never_cover_each_other_or_a_name(app_dirs, teams):
    """A hit that stuns: its "-N", its plaque (damage, Armor, Guard) and "Stunned!" come one
    after another at the target, none over another, and none over a fighter's name at the
    foot of its space (the 9-space board's spaces are narrow: the plaque stays in its own)."""
    from game.floats import FloatText
    from game.tables.battlecon.stage import HitPlaque

    screen, seat, action = table_before(app_dirs, "stun", teams=teams)
    table = screen.table
    screen.show(screen.session.submit(seat, action))
    seen: set[str] = set()
    for _ in range(400):
        words = [c for c in table.children if isinstance(c, FloatText | HitPlaque)]
        if not screen.staged and not words:
            break
        screen.update(0.05)
        boxes = rising_words(table) + [(node.words, node.box) for node in table.children
                                       if isinstance(node, HitPlaque) and node.alpha >= 0.5]
        view = table.view
        names = [(view.name(p), table.name_rect(view, p)) for p in table.places]
        seen.update(w for w, _ in boxes)
        for k, (one, box) in enumerate(boxes):
            for other, rect in boxes[k + 1:] + names:
                assert not box.colliderect(rect), (one, other)
    assert "Stunned!" in seen and any("damage" in w for w in seen)
    assert any(w.startswith("-") for w in seen)


@pytest.mark.parametrize("teams", [None, "2v2"])
def test_a_range_check_s_verdict_and_the_rising_words_take_turns(app_dirs, teams):
    """Words rising from a fighter ("-3", "Miss", "Stunned!") end in the strip at the top
    of the board's row where a range check's verdict ("Range 1~2: hit!") lies: over a
    whole seeded game's staged beats, none is seen over a verdict; each waits for the
    other, and every verdict is still shown."""
    from game.floats import FloatText

    config, saves = app_dirs
    app = App(config_dir=config, save_dir=saves, start=False)
    players = 2 if teams is None else 4
    setup: dict = {"players": players, **({"teams": teams} if teams else {})}
    session = Session.new("battlecon", setup, [Seat(True)] * players, 0)
    rng = random.Random(0)
    screen = app.stack.push(TableScreen(app, session))
    verdicts: set[str] = set()
    checks = shown = rising = 0
    for _ in range(200 if teams is None else 80):
        seat = session.actor()
        if seat is None:
            break
        screen.viewer = seat
        events = session.submit(seat, rng.choice(session.state.legal_actions(seat)))
        screen.show(events)
        checks += sum(e.kind in ("hit", "miss") and "origins" in e.data for e in events)
        table = screen.table
        for _ in range(400):
            live = [c for c in table.children if isinstance(c, FloatText | RangeCheck)]
            if not screen.staged and not live:
                break
            screen.update(0.05)
            words = rising_words(table)
            plates = [(c.words, c.box) for c in table.children
                      if isinstance(c, RangeCheck) and c.showing_verdict()]
            verdicts.update(w for w, _ in plates)
            shown += len(plates)
            rising += len(words)
            for word, box in words:
                for verdict, plate in plates:
                    assert not box.colliderect(plate), (word, verdict)
        screen.root.finish_animations()
    assert checks >= 10 and rising > 0
    assert shown > 0 and len(verdicts) >= 3  # the verdicts still show, not just the words
