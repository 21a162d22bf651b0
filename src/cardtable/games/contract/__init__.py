"""Contract rummy: one engine with two registered rule sets, Dummy Rummy and Liverpool."""

from cardtable.games.contract.game import DummyRummyGame, LiverpoolGame
from cardtable.games.contract.state import ContractState

__all__ = ["ContractState", "DummyRummyGame", "LiverpoolGame"]
