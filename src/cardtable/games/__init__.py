"""The games. Importing this package registers every game with the engine."""

from cardtable.games import contract, day, daylily, sayrummy

__all__ = ["contract", "day", "daylily", "sayrummy"]
