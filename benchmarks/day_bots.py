"""How much better the greedy Day bot does than random, in chips.

For each table size, plays ``--sessions`` sessions of ``--hands`` hands with one greedy bot and
random bots in the other seats (the greedy seat rotating from session to session, so the first
deal favours nobody), with the default fixed limit and with no limit. Prints the greedy bot's
mean net chips per session with a 95% interval (and per hand), the random seats' mean, how often
the greedy bot ended a session with the most chips (Wilson interval), and its decision speed.

With ``--versus-old`` it plays the greedy bot against the greedy bot as it was before the batch
evaluator (``day_greedy_old.py``, kept here for this comparison only): heads-up, and at four
seats two of each, the seats rotated every session so neither version keeps the first seat.
It prints the new version's win rate (sessions it ended with more chips; a tie counts half)
with a 95% Wilson interval, its net chips a hand with a 95% interval, and each version's
decisions a second (the time inside ``choose``, CPU time, so other jobs on the machine count
less).

    .venv/bin/python benchmarks/day_bots.py [--sessions 40] [--hands 25] [--jobs 2]
    .venv/bin/python benchmarks/day_bots.py --versus-old [--sessions 60] [--hands 20]
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import time
from typing import Any

from cardtable import load_game
from cardtable.bots import Bot, Decision, make_bot
from cardtable.sim.stats import wilson
from day_greedy_old import OldGreedyDayBot
from machine import print_machine


def versus_old(job: tuple[int, dict[str, Any], int, int]) -> tuple[float, float, int, float,
                                                                      int, float, int]:
    """One session of the new greedy bot against the old one: (new's score 1 / 0.5 / 0,
    new's net chips, new decisions, new CPU seconds, old decisions, old CPU seconds, hands)."""
    players, options, hands, match = job
    game = load_game("day", players, options | {"hands": hands})
    new_seats = {s for s in range(players) if (s + match) % 2 == 0}
    bots: list[Any] = [make_bot("greedy", game, 1000 * match + s) if s in new_seats
                       else OldGreedyDayBot(game, 1000 * match + s) for s in range(players)]
    state = game.new_state(match // 2)  # each deal twice, the versions in swapped seats
    counts = {True: 0, False: 0}
    seconds = {True: 0.0, False: 0.0}
    while not state.is_over:
        seat = state.actors[0]
        decision = Decision.at(state, seat, "view")
        began = time.process_time()
        action = bots[seat].choose(decision)
        seconds[seat in new_seats] += time.process_time() - began
        counts[seat in new_seats] += 1
        state.apply(seat, action)
    stack = game.options["stack"]
    scores = state.scores
    new = sum(scores[s] for s in new_seats)
    old = sum(scores) - new
    score = 1.0 if new > old else (0.5 if new == old else 0.0)
    net = (new - stack * len(new_seats)) / len(new_seats)
    return (score, net, counts[True], seconds[True], counts[False], seconds[False],
            state.rounds_played)


def main_versus_old(args: argparse.Namespace) -> None:
    print(f"\nnew greedy against old greedy: {args.sessions} sessions of at most {args.hands} "
          "hands per line (each deal twice, seats swapped); stacks 100, ante 1")
    with multiprocessing.Pool(args.jobs) as pool:
        for limit in ("fixed", "no"):
            for players in (int(p) for p in args.players.split(",")):
                jobs = [(players, {"limit": limit}, args.hands, m) for m in range(args.sessions)]
                out = pool.map(versus_old, jobs)
                scores = [o[0] for o in out]
                wins = sum(scores)
                lo, hi = wilson(round(wins), len(out))
                hands = sum(o[6] for o in out)
                per_hand = [o[1] / o[6] for o in out]
                mean = statistics.mean(per_hand)
                half = 1.96 * statistics.stdev(per_hand) / len(per_hand) ** 0.5
                print(
                    f"  {limit:>5}-limit, {players} players: new wins {wins:g} of {len(out)} "
                    f"({wins / len(out):.0%}, 95% Wilson {lo:.0%}-{hi:.0%}); new nets "
                    f"{mean:+.2f} chips a hand (95% CI {mean - half:+.2f} to {mean + half:+.2f}) "
                    f"over {hands:,} hands; decisions/s: new "
                    f"{sum(o[2] for o in out) / sum(o[3] for o in out):,.0f}, old "
                    f"{sum(o[4] for o in out) / sum(o[5] for o in out):,.0f}",
                    flush=True,
                )


def session(
    job: tuple[int, dict[str, Any], int, int],
) -> tuple[float, float, bool, int, float, int]:
    """One session: (greedy net chips, mean random net chips, greedy top, greedy decisions,
    greedy seconds, hands played)."""
    players, options, hands, match = job
    game = load_game("day", players, options | {"hands": hands})
    greedy = match % players
    bots: list[Bot] = [make_bot("greedy" if s == greedy else "random", game, 1000 * match + s)
                       for s in range(players)]
    state = game.new_state(match)
    decisions = 0
    seconds = 0.0
    while not state.is_over:
        seat = state.actors[0]
        decision = Decision.for_bot(state, seat, bots[seat])
        if seat == greedy:
            began = time.process_time()
            action = bots[seat].choose(decision)
            seconds += time.process_time() - began
            decisions += 1
        else:
            action = bots[seat].choose(decision)
        state.apply(seat, action)
    stack = game.options["stack"]
    scores = state.scores
    net = scores[greedy] - stack
    others = [scores[s] - stack for s in range(players) if s != greedy]
    top = scores[greedy] == max(scores)
    return net, sum(others) / len(others), top, decisions, seconds, state.rounds_played


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--sessions", type=int, default=40)
    parser.add_argument("--hands", type=int, default=25)
    parser.add_argument("--players", default="2,4,6")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--versus-old", action="store_true",
                        help="the greedy bot against its version before the batch evaluator")
    args = parser.parse_args()
    print_machine()
    if args.versus_old:
        main_versus_old(args)
        return
    print(f"\n{args.sessions} sessions of at most {args.hands} hands per line; one greedy "
          "seat (rotating), random elsewhere; stacks 100, ante 1")
    with multiprocessing.Pool(args.jobs) as pool:
        for limit in ("fixed", "no"):
            for players in (int(p) for p in args.players.split(",")):
                jobs = [(players, {"limit": limit}, args.hands, m) for m in range(args.sessions)]
                began = time.perf_counter()
                out = pool.map(session, jobs)
                wall = time.perf_counter() - began
                nets = [o[0] for o in out]
                rnd = [o[1] for o in out]
                tops = sum(1 for o in out if o[2])
                dec = sum(o[3] for o in out)
                secs = sum(o[4] for o in out)
                hands = sum(o[5] for o in out)
                mean = statistics.mean(nets)
                half = 1.96 * statistics.stdev(nets) / len(nets) ** 0.5
                lo, hi = wilson(tops, len(out))
                print(
                    f"  {limit:>5}-limit, {players} players: greedy {mean:+.1f} chips a session "
                    f"(95% CI {mean - half:+.1f} to {mean + half:+.1f}; "
                    f"{sum(nets) / hands:+.2f} a hand over {hands:,} hands), random seats "
                    f"{statistics.mean(rnd):+.1f}; greedy most chips in {tops}/{len(out)} "
                    f"sessions ({lo:.2f}-{hi:.2f}); greedy {dec / secs:,.0f} decisions/s; "
                    f"{wall:.0f} s",
                    flush=True,
                )


if __name__ == "__main__":
    main()
