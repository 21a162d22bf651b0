"""How much better the greedy Day bot does than random, in chips.

For each table size, plays ``--sessions`` sessions of ``--hands`` hands with one greedy bot and
random bots in the other seats (the greedy seat rotating from session to session, so the first
deal favours nobody), with the default fixed limit and with no limit. Prints the greedy bot's
mean net chips per session with a 95% interval (and per hand), the random seats' mean, how often
the greedy bot ended a session with the most chips (Wilson interval), and its decision speed.

The bot as it was before the batch evaluator (issue 16) is no longer kept as code: its
decisions on fixed positions are recorded (``recorded_decisions.py``, ``tests/golden/``), and
today's bot is held to agreeing with nearly all of them (its chances are sampled).

    .venv/bin/python benchmarks/day_bots.py [--sessions 40] [--hands 25] [--jobs 2]
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
from machine import print_machine


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
    args = parser.parse_args()
    print_machine()
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
