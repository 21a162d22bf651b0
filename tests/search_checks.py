"""What a search decided, written down so that two searches can be compared move for move (the
fairness tests: states a seat cannot tell apart must give the same search)."""

from __future__ import annotations

from cardtable.bots import Decision, make_bot
from cardtable.bots.ismcts import IsmctsBot
from cardtable.engine.game import State


def searched(state: State, seat: int, name: str, seed: int
             ) -> tuple[int, list[tuple[str, int, float]]]:
    """Bot ``name``'s search for ``seat``: its play-outs, and its root moves (move, play-outs
    counted for it, mean reward)."""
    bot = make_bot(name, state.game, seed)
    assert isinstance(bot, IsmctsBot)
    result = bot.search(Decision.at(state, seat, "observation"))
    return result.iterations, [(str(c.action), c.visits, round(c.mean, 9))
                               for c in result.choices]
