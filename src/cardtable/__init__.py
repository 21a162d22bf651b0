"""cardtable: one rules library for five card games, with bots, a terminal front end and simulation.

The public entry points are re-exported here so that front ends never reach into game packages.
"""

from cardtable.engine import (
    Game,
    IllegalAction,
    NotationError,
    OptionError,
    State,
    game_names,
    load_game,
)
from cardtable.engine.version import __version__

__all__ = [
    "Game",
    "IllegalAction",
    "NotationError",
    "OptionError",
    "State",
    "__version__",
    "game_names",
    "load_game",
]
