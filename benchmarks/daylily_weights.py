"""The Daylily greedy bot's weights against greedy: rounds won on the same deals, paired.

Each deal is played for one round with the changed weights in one seat and the default greedy
bot in the others, once for every seat, so the luck of the cards evens out (a tie on the totals
counts half). Every variant is also compared round by round with a base set of weights on the
same deals: most rounds then come out the same, and the paired difference shows a change worth
half a point of rounds in ten thousand rounds, where the win rates alone need a hundred thousand.

    .venv/bin/python benchmarks/daylily_weights.py --deals 5000 --first 90000 --base patient \
        point=0.12 declare_late=20 --workers 2

Each argument is one variant: ``name=value`` pairs of ``Weights`` fields, comma-separated,
applied on top of the base (``--base``: ``greedy``, the defaults, or ``patient``, or such pairs
on top of the defaults). The base itself must come out at exactly a seat's share when it is
greedy (a half heads-up, a third with ``--players 3``). ``PATIENT`` in ``games/daylily/bots.py`` was
chosen this way: see docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from cardtable.bots import Bot
from cardtable.engine.game import load_game
from cardtable.games.daylily.bots import PATIENT, GreedyDaylilyBot, Weights
from cardtable.sim.paired import first_round
from machine import print_machine

BASES = {"greedy": Weights(), "patient": PATIENT}


def rounds_won(players: int, deal: int, weights: Weights) -> list[float]:
    """1, 0.5 or 0 for each seat in turn: how ``weights`` did in the first round of ``deal``
    in that seat, greedy in the others."""
    game = load_game("daylily", players)
    won = []
    for me in range(players):
        bots: list[Bot] = [GreedyDaylilyBot(game, deal * 10 + s) for s in range(players)]
        bots[me] = GreedyDaylilyBot(game, deal * 10 + me, weights)
        won.append(first_round(game, deal, me, bots).won)
    return won


def variant(spec: str, base: Weights) -> Weights:
    """``base`` with the ``name=value`` pairs of ``spec`` applied."""
    kinds = {f.name: type(getattr(Weights(), f.name)) for f in fields(Weights)}
    changes: dict[str, Any] = {}
    for part in filter(None, spec.split(",")):
        name, _, text = part.partition("=")
        if name not in kinds:
            raise SystemExit(f"{name!r} is not a weight: one of {', '.join(kinds)}")
        try:
            changes[name] = kinds[name](float(text))
        except ValueError:
            raise SystemExit(f"{name}: {text!r} is not a number") from None
    return replace(base, **changes)


def play(pool: ProcessPoolExecutor, players: int, deals: range, weights: Weights) -> list[float]:
    chunk = max(1, len(deals) // 40)
    results = pool.map(rounds_won, [players] * len(deals), deals, [weights] * len(deals),
                       chunksize=chunk)
    return [won for deal in results for won in deal]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first", type=int, default=20000, help="the first deal's seed")
    parser.add_argument("--players", type=int, default=2,
                        help="seats at the table: the variant sits in each in turn (a fair "
                             "share is one round in this many)")
    parser.add_argument("--base", default="greedy",
                        help="the weights each variant changes and is compared with: greedy, "
                             "patient, or name=value pairs on top of greedy's")
    parser.add_argument("--workers", type=int, default=1, help="processes playing the deals")
    parser.add_argument("variants", nargs="*", default=[])
    args = parser.parse_args()
    print_machine()
    base = BASES.get(args.base) or variant(args.base, Weights())
    variants = [(spec, variant(spec, base)) for spec in args.variants]  # a typo stops it now
    deals = range(args.first, args.first + args.deals)
    with ProcessPoolExecutor(args.workers) as pool:
        began = time.time()
        base_won = play(pool, args.players, deals, base)
        print(f"base {args.base}: {statistics.mean(base_won):.4f} ± "
              f"{statistics.stdev(base_won) / len(base_won) ** 0.5:.4f} of {len(base_won)} "
              f"rounds against greedy ({time.time() - began:.0f} s)", flush=True)
        for spec, weights in variants:
            began = time.time()
            won = play(pool, args.players, deals, weights)
            diff = [a - b for a, b in zip(won, base_won, strict=True)]
            se = statistics.stdev(diff) / len(diff) ** 0.5
            changed = sum(1 for d in diff if d)
            print(f"{spec}: {statistics.mean(won):.4f} against greedy; less the base "
                  f"{statistics.mean(diff):+.4f} ± {se:.4f} ({changed} rounds differ, "
                  f"{time.time() - began:.0f} s)", flush=True)


if __name__ == "__main__":
    main()
