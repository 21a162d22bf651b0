"""The search bot's strength and speed (issue 13), per game.

For each game: `ismcts` (a time budget a move) against `greedy`, seats rotated from match to
match, win rate with its 95% Wilson interval; `greedy` against `random` (the bar: 90%); and the
search's speed, play-outs (iterations) a second, measured on decisions from greedy self-play.

    .venv/bin/python benchmarks/ismcts_strength.py --games daylily,say-rummy --matches 100 \
        --rounds 1 --time 1.0

``--iters N`` gives the search N play-outs a move instead (reproducible, and the machine's
load does not change what it plays); the mean CPU seconds a searched move is printed with it.
``--rounds K`` scores each match after K rounds (rounds are what fits in the time we have; say
which in any figure quoted). ``--control`` also plays the move of the bot the search follows
(``ismcts:iters=1``: greedy's own move, Daylily's ``patient``, Say Rummy's ``lookahead``) in the
searcher's seats on the same deals: a figure to read the search's gain against, since a few
hundred deals still favour one seat or the other by several points. Every figure is printed
with the machine it ran on.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from cardtable.bots import Decision, make_bot
from cardtable.bots.ismcts import IsmctsBot, SearchResult, knowledge_for
from cardtable.engine.game import load_game
from cardtable.sim import SimConfig, simulate
from cardtable.sim.stats import wilson
from machine import print_machine

TABLES = {"daylily": 2, "say-rummy": 2, "day": 2, "dummy-rummy": 2, "liverpool": 2}


class _Clock:
    """CPU seconds of every search made while it is installed (the load-independent cost of a
    searched move)."""

    def __init__(self) -> None:
        self.spent: list[float] = []
        self._search = IsmctsBot.search

    def __enter__(self) -> _Clock:
        clock, search = self, self._search

        def timed(bot: IsmctsBot, decision: Decision) -> SearchResult:
            began = time.process_time()
            try:
                return search(bot, decision)
            finally:
                clock.spent.append(time.process_time() - began)

        IsmctsBot.search = timed  # type: ignore[method-assign,assignment]
        return self

    def __exit__(self, *_exc: object) -> None:
        IsmctsBot.search = self._search  # type: ignore[method-assign]


def head_to_head(game: str, players: int, bots: tuple[str, ...], matches: int, rounds: int | None,
                 seed: int) -> tuple[int, int, float, float, float, int, str]:
    """The first bot's matches won and played, the 95% interval, its mean final score, how
    many of its wins were ties, and how often it finished ahead of each other seat (words)."""
    config = SimConfig(game, players, bots, matches, seed, rounds=rounds)
    report = simulate(config)
    row = report.tally.by_bot[bots[0]]
    low, high = wilson(row["won"], row["played"])
    pairs = row["against_others"]
    ahead = (f"ahead of another seat in {pairs['ahead']} of {pairs['pairs']} pairs "
             f"({pairs['level']} level; {pairs['ahead_rate']:.1%} with level as half)")
    return row["won"], row["played"], low, high, float(row["mean_score"]), row["tied"], ahead


def speed(game: str, players: int, seconds: float, decisions: int) -> tuple[float, float]:
    """Play-outs a second of the search (median over ``decisions`` decisions it plays out) and
    the mean seconds per searched move."""
    g = load_game(game, players)
    state = g.new_state(7)
    greedy = [make_bot("greedy", g, s) for s in range(players)]
    bot = make_bot(f"ismcts:time={seconds}", g, 1)
    assert isinstance(bot, IsmctsBot)
    rng = random.Random(3)
    rates: list[float] = []
    times: list[float] = []
    while len(rates) < decisions and not state.is_over:
        actors = state.actors
        seat = actors[rng.randrange(len(actors))]
        legal = state.legal_actions(seat)
        if len(legal) > 1:
            began = time.perf_counter()
            result = bot.search(Decision.at(state, seat, "observation"))
            spent = time.perf_counter() - began
            if result.iterations:  # a move the shortlist leaves alone (Day's substitution)
                rates.append(result.iterations / spent)
                times.append(spent)
        action = greedy[seat].choose(Decision.at(state, seat, "view", legal))
        state.apply(seat, action)
    return statistics.median(rates), statistics.mean(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(TABLES))
    parser.add_argument("--matches", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=1,
                        help="score each match after K rounds (0: whole matches)")
    parser.add_argument("--time", type=float, default=1.0, help="seconds a move for ismcts")
    parser.add_argument("--iters", type=int, default=None,
                        help="play-outs a move for ismcts instead of --time (reproducible)")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--skip-random", action="store_true")
    parser.add_argument("--control", action="store_true",
                        help="also play ismcts:iters=1 (greedy's own move) on the same deals "
                             "and seats: the luck of those deals, to read the search's gain by")
    args = parser.parse_args()
    print_machine()
    rounds = args.rounds or None
    for game in args.games.split(","):
        players = args.players or TABLES[game]
        rate, per_move = speed(game, players, min(args.time, 0.5), 6)
        print(f"{game} ({players} players): search speed {rate:.0f} play-outs/s "
              f"(median of 6 decisions, {per_move:.2f} s a move)", flush=True)
        if not args.skip_random:
            won, n, low, high, _, _, _ = head_to_head(game, players, ("greedy", "random"),
                                                    100, None, args.seed)
            print(f"  greedy vs random, whole matches: {won}/{n} = {won / n:.1%} "
                  f"(95% {low:.1%}-{high:.1%})", flush=True)
        name = f"ismcts:iters={args.iters}" if args.iters else f"ismcts:time={args.time:g}"
        began = time.perf_counter()
        with _Clock() as clock:
            won, n, low, high, score, tied, ahead = head_to_head(
                game, players, (name, "greedy"), args.matches, rounds, args.seed)
        unit = f"matches of {rounds} round(s)" if rounds else "whole matches"
        moves = len(clock.spent)
        per_move = sum(clock.spent) / moves if moves else 0.0
        print(f"  {name} vs greedy, {unit}: {won}/{n} = {won / n:.1%} ({tied} tied) "
              f"(95% {low:.1%}-{high:.1%}) in {time.perf_counter() - began:.0f} s; "
              f"{moves} searched moves, {per_move:.2f} CPU s a move; mean score {score:.2f}; "
              f"{ahead}", flush=True)
        if args.control:
            # iters=1 plays the move of the bot the search follows, on the very same deals
            # and seats, so a few hundred rounds' luck of the deal can be told from the gain.
            won, n, low, high, score, tied, ahead = head_to_head(
                game, players, ("ismcts:iters=1", "greedy"), args.matches, rounds, args.seed)
            knowledge = knowledge_for(load_game(game, players))
            leader = knowledge.advisor or knowledge.rollout
            print(f"  control, {leader}'s own move in the same seats: {won}/{n} = {won / n:.1%} "
                  f"({tied} tied) "
                  f"(95% {low:.1%}-{high:.1%}); mean score {score:.2f}; {ahead}", flush=True)


if __name__ == "__main__":
    main()
