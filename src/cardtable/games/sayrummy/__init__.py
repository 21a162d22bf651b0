"""Say Rummy: phonics word rummy with sound cards, checked against a real pronouncing dictionary."""

from cardtable.games.sayrummy.game import SayRummyGame
from cardtable.games.sayrummy.state import SayRummyState

__all__ = ["SayRummyGame", "SayRummyState"]
