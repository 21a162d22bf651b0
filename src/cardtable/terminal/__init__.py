"""Playing in a terminal: a game-agnostic input loop and one table renderer for every game.

The loop (:mod:`cardtable.terminal.session`) speaks only the engine protocol; the table is drawn
by :class:`~cardtable.terminal.presented.PresentedRenderer` from what the game's presentation
says (its kit's), so a game that describes nothing itself still plays, its cards and moves in
their notation.
"""

from __future__ import annotations

from cardtable.engine.game import Game
from cardtable.terminal.presented import PresentedRenderer
from cardtable.terminal.render import Renderer


def renderer_for(game: Game) -> Renderer:
    """The table renderer for ``game``: the one renderer, over the game's presentation."""
    return PresentedRenderer(game)


__all__ = ["PresentedRenderer", "Renderer", "renderer_for"]
