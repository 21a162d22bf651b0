"""Which games have an RL environment: those whose kit names a codec (each game package holds
its own, imported only when an environment for it is made)."""

from __future__ import annotations

import re

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


_VERSIONED = re.compile(r"(.+)_v(\d+)")


def split_version(name: str) -> tuple[str, int | None]:
    """An env name's game and the spaces version it asks for: ``"<game>_v1"`` is ``("<game>", 1)``;
    a plain game name asks for none (the current spaces)."""
    found = _VERSIONED.fullmatch(name.strip())
    if found is None:
        return name, None
    return found[1], int(found[2])


def check_version(name: str, codec: Codec) -> None:
    """Refuse (ValueError, one sentence) an env name whose version is not the codec's."""
    game, version = split_version(name)
    if version is not None and version != codec.version:
        raise ValueError(f"{name} is not available: {game}'s spaces are version "
                         f"{codec.version} now ({game}_v{codec.version}); the spaces of other "
                         "versions are not kept, so a policy trained on them must be retrained")
