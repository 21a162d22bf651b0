"""The registrations of the two contract rummies: one engine, two games, two kits."""

from cardtable.engine.kit import GameKit
from cardtable.games.contract.game import DummyRummyGame, LiverpoolGame

DUMMY_RUMMY = GameKit(
    game=DummyRummyGame,
    presentation="cardtable.games.contract.presentation:ContractPresentation",
    bots=("cardtable.games.contract.bots",),
    codec="cardtable.games.contract.codec:ContractCodec",
    measures="cardtable.games.contract.measures:MEASURES",
    referee="cardtable.games.contract.referee",
)
LIVERPOOL = GameKit(
    game=LiverpoolGame,
    presentation="cardtable.games.contract.presentation:ContractPresentation",
    bots=("cardtable.games.contract.bots",),
    codec="cardtable.games.contract.codec:ContractCodec",
    measures="cardtable.games.contract.measures:MEASURES",
    referee="cardtable.games.contract.referee",
)
