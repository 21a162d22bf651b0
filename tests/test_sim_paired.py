"""The paired round the bot benchmarks compare on: one deal's first round, scored for a seat as
``simulate --rounds 1`` scores a match."""

from __future__ import annotations

from typing import Any

import pytest

from cardtable.bots import Decision, make_bot
from cardtable.engine.game import load_game
from cardtable.sim.paired import first_round, play_rounds


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


@pytest.mark.parametrize(("game_name", "players", "options"),
                         [("daylily", 2, {"target": 40}), ("say-rummy", 3, {"games": 2})])
def test_a_whole_match_is_won_as_the_game_says(game_name: str, players: int,
                                               options: dict[str, int]) -> None:
    """``--rounds 0`` of the paired benchmark: the match is played to its end and its winners
    are the game's own (a shared win is shared out), and a match cut after two rounds takes
    more moves than its first round (one seat may not move at all in a round that someone
    goes out of on the first turn)."""
    game = load_game(game_name, players, options)
    for deal in range(3):
        def bots() -> list[Any]:
            return [make_bot("greedy", game, s) for s in range(players)]

        state = game.new_state(deal)
        table = bots()
        while not state.is_over:
            seat = state.actors[0]
            state.apply(seat, table[seat].choose(Decision.for_bot(state, seat, table[seat])))
        winners = state.winners
        assert state.rounds_played >= 2
        for seat in range(players):
            whole = play_rounds(game, deal, seat, bots(), 0)
            assert whole.won == (1 / len(winners) if seat in winners else 0.0)
            assert whole.gain == state.scores[seat] - game.new_state(deal).scores[seat]
        two = sum(play_rounds(game, deal, seat, bots(), 2).moves for seat in range(players))
        one = sum(first_round(game, deal, seat, bots()).moves for seat in range(players))
        assert two > one
