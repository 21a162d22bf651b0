"""One deal's first round, for comparing two bots on the same cards.

A win rate over a few hundred rounds moves by several points with the luck of the deal alone.
Playing every deal twice, the bot under test in a seat one time and the yardstick the other,
and taking the difference round by round, removes most of that luck: a change worth a point or
two of rounds shows in hundreds of rounds instead of tens of thousands. The benchmarks that
tune bots and the search, and the tests that hold a tuned bot to its edge, all score a round
this one way.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.bots import Bot, Decision
from cardtable.engine.game import Game, lowest_wins


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How one seat did in a deal's first round, scored on the totals after it as
    ``simulate --rounds 1`` scores a match."""

    won: float  # 1 for the best total alone, 0.5 for a share of it, else 0
    margin: float  # its total less the mean of the others', counted so that more is better
    cpu: float  # CPU seconds the seat spent choosing its moves
    moves: int  # how many moves the seat chose
    gain: int = 0  # its total after the round less its total before (a betting game: chips won)


def first_round(game: Game, deal: int, seat: int, bots: Sequence[Bot]) -> RoundResult:
    """Play the first round of deal ``deal`` with ``bots[s]`` in each seat ``s`` and score it for
    ``seat``. Every bot decides from what its own seat may see (``Decision.for_bot``)."""
    return play_rounds(game, deal, seat, bots, 1)


def play_rounds(game: Game, deal: int, seat: int, bots: Sequence[Bot],
                rounds: int) -> RoundResult:
    """Play deal ``deal`` for ``rounds`` rounds (0: the whole match) and score it for ``seat``.

    A match cut short is scored on the totals then, as ``simulate --rounds`` scores it; a match
    played to its end is won by the game's own winners, whose tie-breaks (the last to go
    out, say) the totals alone would miss."""
    state = game.new_state(deal)
    start = state.scores[seat]
    spent, moves = 0.0, 0
    while not state.is_over and not (rounds and state.rounds_played >= rounds):
        actor = state.actors[0]
        began = time.process_time()
        action = bots[actor].choose(Decision.for_bot(state, actor, bots[actor]))
        if actor == seat:
            spent += time.process_time() - began
            moves += 1
        state.apply(actor, action)
    sign = -1 if lowest_wins(state) else 1
    totals = [sign * t for t in state.scores]
    others = (sum(totals) - totals[seat]) / (len(totals) - 1)
    if state.is_over:
        winners = state.winners
        won = 1.0 / len(winners) if seat in winners else 0.0
    else:
        best = max(totals)
        won = (1.0 / totals.count(best)) if totals[seat] == best else 0.0
    return RoundResult(won, totals[seat] - others, spent, moves, state.scores[seat] - start)
