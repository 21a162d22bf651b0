"""Day: the betting game of the 40-card sun-and-moon deck, its showdown and its pots."""

from cardtable.games.day.game import DayGame
from cardtable.games.day.state import DayState

__all__ = ["DayGame", "DayState"]
