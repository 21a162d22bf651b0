"""The games. Importing this package registers every game with the engine."""

from cardtable.games import contract, daylily

__all__ = ["contract", "daylily"]
