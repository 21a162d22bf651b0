"""Say Rummy's registration: where cardtable finds each part of the game."""

from cardtable.engine.kit import GameKit
from cardtable.games.sayrummy.game import SayRummyGame

KIT = GameKit(
    game=SayRummyGame,
    presentation="cardtable.games.sayrummy.presentation:SayRummyPresentation",
    bots=("cardtable.games.sayrummy.bots",),
    codec="cardtable.games.sayrummy.codec:SayRummyCodec",
    measures="cardtable.games.sayrummy.measures:MEASURES",
    referee="cardtable.games.sayrummy.referee",
    extras={
        "reports": "cardtable.games.sayrummy.lexicon:REPORTS",
        "card_sound": "cardtable.games.sayrummy.audio:card_sound",
        "voice": "cardtable.games.sayrummy.audio:VOICE",
        "classroom": "cardtable.games.sayrummy.game:CLASSROOM",
    },
)
