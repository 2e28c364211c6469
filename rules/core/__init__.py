"""Game-agnostic contracts shared by every game: see docs/architecture.md."""

from rules.core.actions import CHANCE, Action, Event, IllegalAction
from rules.core.content import ContentError, Field, load_entries, read_toml, validate_entry
from rules.core.howto import HowTo, RulesSection, load_howto
from rules.core.match import Agent, Checkpoint, Match, MatchRecord, replay
from rules.core.saves import SaveError, load_record, read_json, save_record, write_json_atomic
from rules.core.scenario import Description, Scenario, ScenarioError
from rules.core.state import (
    ContentEntry,
    Decision,
    DecisionKind,
    Game,
    GameState,
    Outcome,
    Panel,
    SetupError,
    SetupOption,
)

__all__ = [
    "CHANCE", "Action", "Event", "IllegalAction", "ContentError", "Field", "load_entries",
    "read_toml", "validate_entry", "Agent", "Checkpoint", "Match", "MatchRecord", "replay",
    "SaveError",
    "load_record", "read_json", "save_record", "write_json_atomic", "ContentEntry", "Decision",
    "DecisionKind", "Game", "GameState", "Outcome", "Panel", "SetupError", "SetupOption",
    "Description", "Scenario", "ScenarioError", "HowTo", "RulesSection", "load_howto",
]
