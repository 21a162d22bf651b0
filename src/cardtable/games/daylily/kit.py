"""Daylily Rummy's registration: where cardtable finds each part of the game."""

from cardtable.engine.kit import GameKit
from cardtable.games.daylily.game import DaylilyGame

KIT = GameKit(
    game=DaylilyGame,
    presentation="cardtable.games.daylily.presentation:DaylilyPresentation",
    bots=("cardtable.games.daylily.bots",),
    codec="cardtable.games.daylily.codec:DaylilyCodec",
    measures="cardtable.games.daylily.measures:MEASURES",
    referee="cardtable.games.daylily.referee",
)
