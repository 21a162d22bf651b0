"""Which games have an RL environment: those whose kit names a codec (each game package holds
its own, imported only when an environment for it is made)."""

from __future__ import annotations

from cardtable.engine.game import Game, game_kit, game_kits
from cardtable.rl.codec import Codec


def rl_games() -> tuple[str, ...]:
    """The names of the registered games whose kit names an RL codec, sorted (no codec is
    imported to list them)."""
    return tuple(kit.name for kit in game_kits() if kit.codec is not None)


def codec_for(game: Game) -> Codec:
    """The RL codec of ``game``'s table, from the game's kit; ValueError with one sentence for
    a game that has none."""
    cls = game_kit(game.name).part("codec")
    if cls is None:
        known = ", ".join(rl_games()) or "none"
        raise ValueError(f"{game.title} has no RL codec, so no RL environment "
                         f"(games that have one: {known})")
    codec: Codec = cls(game)
    return codec
