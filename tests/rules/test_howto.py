"""How to play in sections (``rules/core/howto.py``): every event kind a game can emit names
a section of that game's How to play, found both in the code (every call that makes an
event) and in seeded random playouts; each game's first section draws its turn structure;
a broken howto.toml is refused with the file and field named."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from rules.core import ContentError, Event, Game, Match, load_howto
from rules.registry import available_games, get_game

GAMES = [get_game(g) for g in available_games()]
IDS = [g.id for g in GAMES]

#: A call that makes an event: the game's factory ``event(kind, ...)``, its ``say`` / ``log``
#: helpers (``say(events, kind, ...)``, ``state.say(kind, ...)``) and BattleCON's one-flag
#: effects (``_flag(kind, ...)``), with the kind as a string literal.
MAKERS = re.compile(r'\b(?:event|say|_say|log|_flag)\(\s*(?:[A-Za-z_][\w.\[\]]*,\s*)?'
                    r'"([a-z_0-9]+)"')
#: Any call of those with its kind argument (first, or second after the event list).
CALLS = re.compile(r'\b(?:event|say|_say|log|_flag)\(\s*(?:(?:events|ev|out),\s*)?(\S)')
#: The only calls whose kind is not a literal: the helpers handing theirs on, and the
#: one-flag effect whose kinds are the literals given to ``_flag``.
HAND_ON = {"events.append(event(kind, text, data))", "ev.append(event(kind, text, data))",
           "self._events.append(event(kind, text, data))",
           'st.say(name, f"{st.name(who)} {text} ({st.src_name(frame)}).", seat=who)'}

#: The session's own event: the first line of a match begun from a position.
SESSION_KINDS = {"scenario"}


def package(game: Game) -> Path:
    return Path(__file__).resolve().parents[2] / "rules" / game.id


def kinds_in_code(game: Game) -> set[str]:
    """Every event kind the game's code names where it makes an event."""
    found: set[str] = set()
    for path in package(game).glob("*.py"):
        found |= set(MAKERS.findall(path.read_text()))
    return found


def kinds_in_play(game: Game, steps: int = 1500) -> dict[str, Event]:
    """The kinds seeded random playouts emit (every player count the game takes), each with
    one event of it."""
    seen: dict[str, Event] = {}
    for players in range(game.min_players, game.max_players + 1):
        for seed in (players, 50 + players):
            rng = random.Random(seed)
            match = Match(game, game.random_setup(rng, players), seed)
            while not match.over and match.decisions < steps:
                if match.state.decision().is_chance:
                    events = match.resolve_chance()
                else:
                    seat = match.state.decision().players[0]
                    events = match.submit(seat, rng.choice(match.state.legal_actions(seat)))
                for e in events:
                    seen.setdefault(e.kind, e)
    return seen


def problems(game: Game, kinds: set[str]) -> list[str]:
    """The kinds that name no section, or a section How to play does not have."""
    ids = {s.id for s in game.rules_sections()}
    out = []
    for kind in sorted(kinds):
        section = game.event_section(kind)
        if not section:
            out.append(f"{game.id}: event kind {kind!r} names no section")
        elif section not in ids:
            out.append(f"{game.id}: event kind {kind!r} names {section!r}, not in How to play")
    return out


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_event_kind_in_the_code_names_a_section(game: Game):
    kinds = kinds_in_code(game)
    assert len(kinds) >= 20, f"the code check found only {sorted(kinds)}"
    assert problems(game, kinds | SESSION_KINDS) == []


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_event_is_made_by_the_factory(game: Game):
    """No event is built past the factory (so the code check above sees every kind), and a
    variable kind is only handed on by the say/log helpers themselves."""
    for path in package(game).glob("*.py"):
        text = path.read_text()
        assert not re.search(r"(?<![\w.])Event\(", text), f"{path.name} builds an Event"
        for line in text.splitlines():
            call = CALLS.search(line)
            if call and call.group(1) != '"' and not line.lstrip().startswith("def "):
                assert line.strip() in HAND_ON, f"{path.name}: a kind the check cannot see: {line}"


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_every_event_in_random_playouts_carries_its_section(game: Game):
    seen = kinds_in_play(game)
    assert len(seen) >= 15, sorted(seen)
    assert problems(game, set(seen)) == []
    for kind, event in seen.items():
        assert event.section == game.event_section(kind), kind
        assert json.loads(json.dumps(event.to_json()))["section"] == event.section


@pytest.mark.parametrize("game", GAMES, ids=IDS)
def test_how_to_play_opens_with_the_turn_as_a_diagram(game: Game):
    sections = game.rules_sections()
    assert len(sections) >= 6
    first = sections[0]
    assert len(first.diagram) >= 4 and first.loop, first
    assert len({s.id for s in sections}) == len(sections)
    text = game.rules_help()
    assert all(s.title in text and s.text.split("\n")[0] in text for s in sections)


def test_the_check_fails_on_an_unknown_kind_and_a_missing_section():
    game = GAMES[0]
    assert problems(game, {"__no_such_kind__"}) == [
        f"{game.id}: event kind '__no_such_kind__' names no section"]

    class Broken(type(game)):  # type: ignore[misc]
        def event_section(self, kind: str) -> str:
            return "__gone__"

    assert "names '__gone__', not in How to play" in problems(Broken(), {"set"})[0]


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "howto.toml"
    path.write_text(text)
    return path


SECTION = '[[section]]\nid = "turn"\ntitle = "A turn"\ntext = "Roll, then move."\n'


@pytest.mark.parametrize(("extra", "complaint"), [
    ('[events]\nroll = "nowhere"\n', "field 'roll' = 'nowhere' names no section"),
    (SECTION, "field 'id': 'turn' is used twice"),
    ('[[section]]\nid = "x"\ntitle = "X"\ntext = "x"\nloop = "again"\n',
     "field 'loop' needs a diagram"),
    ('[[section]]\nid = "x"\ntitle = "X"\ntext = ""\n', "field 'text' must be"),
    ('[[section]]\nid = "x"\ntitle = "X"\ntext = "x"\npicture = "x.png"\n',
     "unknown field 'picture'"),
])
def test_a_broken_howto_is_refused_naming_the_field(tmp_path: Path, extra: str,
                                                     complaint: str):
    assert load_howto(write(tmp_path, SECTION)).sections[0].id == "turn"
    with pytest.raises(ContentError, match=re.escape(complaint)):
        load_howto(write(tmp_path, SECTION + extra))


def test_the_factory_fills_the_section_and_json_stays_as_it_was(tmp_path: Path):
    howto = load_howto(write(tmp_path, SECTION + '[events]\nroll = "turn"\n'))
    made = howto.event("roll", "Ann rolls 4", {"roll": 4}, (0,))
    assert made == Event("roll", "Ann rolls 4", {"roll": 4}, (0,), "turn")
    assert made.to_json()["section"] == "turn"
    plain = Event("roll", "Ann rolls 4")  # a game without sections: the old JSON exactly
    assert plain.to_json() == {"kind": "roll", "text": "Ann rolls 4", "data": {}}
    assert howto.event("other", "?").section == ""


def test_a_game_without_howto_gets_one_section_from_its_rules_help():
    from tests.rules.core.dice_race import GAME as DICE_RACE

    sections = DICE_RACE.rules_sections()
    assert [s.id for s in sections] == ["rules"]
    assert sections[0].text == (DICE_RACE.rules_help() or DICE_RACE.summary)
    assert DICE_RACE.event_section("roll") == ""
