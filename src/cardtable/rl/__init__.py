"""PettingZoo environments for the five games (``pip install cardtable[rl]``).

``cardtable.rl.env("daylily", players=2)`` gives an AEC environment: a fixed ``Discrete`` action
space per game and table size, observations ``{"observation", "action_mask"}`` built from the
seat's own view, whole matches as episodes (``episode="round"`` for one round). See docs/rl.md.
"""

from __future__ import annotations

from typing import Any

from cardtable.rl.env import CardTableEnv
from cardtable.rl.games import CODECS

GAMES = tuple(CODECS)


def env(
    game: str,
    players: int | None = None,
    options: dict[str, Any] | None = None,
    render_mode: str | None = None,
    episode: str = "match",
) -> CardTableEnv:
    """The AEC environment for ``game`` at a table of ``players`` with the game's ``options``."""
    return CardTableEnv(game, players, options, render_mode, episode)


raw_env = env

__all__ = ["GAMES", "CardTableEnv", "env", "raw_env"]
