"""Playing in a terminal: a game-agnostic input loop and one table renderer per game.

The loop (:mod:`cardtable.terminal.session`) speaks only the engine protocol; what a table looks
like is a game's business, so each game gets a renderer here (never inside ``games/``, which
must not know about front ends). A game without its own renderer still plays, with a plain one.
"""

from __future__ import annotations

from cardtable.engine.game import Game
from cardtable.terminal.render import PlainRenderer, Renderer


def renderer_for(game: Game) -> Renderer:
    """The table renderer for ``game``: its own if it has one, else the plain one."""
    from cardtable.games.contract.game import ContractGame
    from cardtable.games.day.game import DayGame
    from cardtable.games.daylily.game import DaylilyGame

    if isinstance(game, DaylilyGame):
        from cardtable.terminal.daylily import DaylilyRenderer

        return DaylilyRenderer(game)
    if isinstance(game, ContractGame):
        from cardtable.terminal.contract import ContractRenderer

        return ContractRenderer(game)
    if isinstance(game, DayGame):
        from cardtable.terminal.day import DayRenderer

        return DayRenderer(game)
    from cardtable.games.sayrummy.game import SayRummyGame

    if isinstance(game, SayRummyGame):
        from cardtable.terminal.sayrummy import SayRummyRenderer

        return SayRummyRenderer(game)
    return PlainRenderer(game)


__all__ = ["PlainRenderer", "Renderer", "renderer_for"]
