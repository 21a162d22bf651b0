"""PettingZoo environments for every registered game whose kit names an RL codec
(``pip install cardtable[rl]``).

``cardtable.rl.env(name, players=2)``, for a ``name`` in ``GAMES``, gives an AEC environment: a
fixed ``Discrete`` action space per game and table size, observations ``{"observation",
"action_mask"}`` built from the seat's own view, whole matches as episodes (``episode="round"``
for one round). ``name`` may carry the spaces' version (``"day_v1"``). ``single_agent(game,
players, opponents="greedy")`` gives one seat as a ``gymnasium.Env`` with the others played by
bots or policies, ``vector_env`` a batch of those. See docs/rl.md.
"""

from __future__ import annotations

from typing import Any

from cardtable.rl.env import CardTableEnv
from cardtable.rl.games import codec_for, rl_games

# single_agent and vector_env are read from cardtable.rl.single when asked for (below): it
# imports the bots, which a PettingZoo-only user does not need.


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


def __getattr__(name: str) -> Any:
    # GAMES is asked of the registry when read, not at import: importing cardtable.rl loads no
    # game, and a game registered later (a plug-in, a test's kit) is listed too.
    if name == "GAMES":
        return rl_games()
    if name in ("single_agent", "vector_env", "SingleAgentEnv", "BatchedEnv"):
        from cardtable.rl import single

        return getattr(single, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAMES", "BatchedEnv", "CardTableEnv", "SingleAgentEnv", "codec_for", "env",
           "raw_env", "rl_games", "single_agent", "vector_env"]
