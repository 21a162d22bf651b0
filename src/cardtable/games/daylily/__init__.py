"""Daylily Rummy: the 45-card flower deck, its melds, the Festival and its scoring."""

from cardtable.games.daylily.game import DaylilyGame
from cardtable.games.daylily.state import DaylilyState

__all__ = ["DaylilyGame", "DaylilyState"]
