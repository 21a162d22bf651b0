"""The game-agnostic engine: protocol, options, zones, errors and records."""

from cardtable.engine.errors import (
    CardtableError,
    IllegalAction,
    NotationError,
    OptionError,
    RecordError,
    StaleAction,
)
from cardtable.engine.events import Event
from cardtable.engine.game import (
    Action,
    Game,
    Observation,
    State,
    check_actor,
    game_class,
    game_names,
    load_game,
    register,
)
from cardtable.engine.options import Option, parse_option_assignments, validate_options
from cardtable.engine.zones import Visibility, Zone

__all__ = [
    "Action",
    "CardtableError",
    "Event",
    "Game",
    "IllegalAction",
    "NotationError",
    "Observation",
    "Option",
    "OptionError",
    "RecordError",
    "StaleAction",
    "State",
    "Visibility",
    "Zone",
    "check_actor",
    "game_class",
    "game_names",
    "load_game",
    "parse_option_assignments",
    "register",
    "validate_options",
]
