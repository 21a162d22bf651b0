"""The games. Importing this package registers every game with the engine."""

from cardtable.games import daylily  # noqa: F401
