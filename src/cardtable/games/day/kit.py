"""Day's registration: where cardtable finds each part of the game."""

from cardtable.engine.kit import GameKit
from cardtable.games.day.game import DayGame

KIT = GameKit(
    game=DayGame,
    presentation="cardtable.games.day.presentation:DayPresentation",
    bots=("cardtable.games.day.bots",),
    codec="cardtable.games.day.codec:DayCodec",
    measures="cardtable.games.day.measures:MEASURES",
    referee="cardtable.games.day.referee",
)
