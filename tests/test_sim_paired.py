"""The paired round the bot benchmarks compare on: one deal's first round, scored for a seat as
``simulate --rounds 1`` scores a match."""

from __future__ import annotations

import pytest

from cardtable.bots import make_bot
from cardtable.engine.game import load_game
from cardtable.sim.paired import first_round


@pytest.mark.parametrize(("game_name", "players"), [("daylily", 2), ("dummy-rummy", 3), ("day", 3)])
def test_a_round_is_scored_the_same_from_every_seat(game_name: str, players: int) -> None:
    game = load_game(game_name, players)
    for deal in range(5):
        results = [first_round(game, deal, seat, [make_bot("greedy", game, s)
                                                  for s in range(players)])
                   for seat in range(players)]
        # The same bots on the same deal play the same round whichever seat is scored: the
        # wins share out one round, the margins over the others' mean cancel.
        assert sum(r.won for r in results) == pytest.approx(1.0)
        assert sum(r.margin for r in results) == pytest.approx(0.0)
        assert all(r.moves > 0 for r in results)
        if game_name == "day":  # chips only change hands
            assert sum(r.gain for r in results) == 0
        best = max(r.margin for r in results)
        for r in results:
            assert r.won == (0.0 if r.margin < best else
                             1.0 / sum(1 for x in results if x.margin == best))
