"""Which codec serves which game (imported lazily: each codec imports its game's package)."""

from __future__ import annotations

from importlib import import_module

from cardtable.engine.game import Game
from cardtable.rl.codec import Codec

CODECS: dict[str, tuple[str, str]] = {
    "daylily": ("cardtable.rl.daylily", "DaylilyCodec"),
    "say-rummy": ("cardtable.rl.sayrummy", "SayRummyCodec"),
    "day": ("cardtable.rl.day", "DayCodec"),
    "dummy-rummy": ("cardtable.rl.contract", "ContractCodec"),
    "liverpool": ("cardtable.rl.contract", "ContractCodec"),
}


def codec_for(game: Game) -> Codec:
    where = CODECS.get(game.name)
    if where is None:
        raise ValueError(f"no RL environment for {game.name!r} (games: {', '.join(CODECS)})")
    cls = getattr(import_module(where[0]), where[1])
    codec: Codec = cls(game)
    return codec
