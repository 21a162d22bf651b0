"""Showdown evaluation speed (bar: 100,000 players a second).

Random showdowns (the dealer's three cards and 2 to 8 players' two cards each, the Crown in
play as often as chance has it) are evaluated with the evaluator the game uses: every player's
condition and points, and who shares the best result. Timed over pre-dealt tables, so dealing
costs nothing; the figure is players evaluated per second.

    .venv/bin/python benchmarks/day_showdown.py [--tables 50000] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time

from cardtable.games.day.cards import DECK_SIZE
from cardtable.games.day.showdown import best_of, evaluator_for
from machine import print_machine

BAR = 100_000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tables", type=int, default=50_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print_machine()
    print(f"\n{args.tables:,} random showdowns per table size, seed {args.seed}")
    for options in ({}, {"kind_scope": "hand", "moon_value": 13}):
        ev = evaluator_for(**options)
        label = ", ".join(f"{k}={v}" for k, v in options.items()) or "default options"
        print(f"{label}:")
        for players in range(2, 9):
            rng = random.Random(args.seed * 100 + players)
            tables = []
            for _ in range(args.tables):
                cards = rng.sample(range(DECK_SIZE), 3 + 2 * players)
                hands = [(cards[3 + 2 * j], cards[4 + 2 * j]) for j in range(players)]
                subs = [rng.random() < 0.2 for _ in range(players)]
                tables.append((cards[:3], hands, subs))
            keys = ev.keys
            began = time.perf_counter()
            for dealer, hands, subs in tables:
                best_of(keys(dealer, hands, subs))
            elapsed = time.perf_counter() - began
            rate = args.tables * players / elapsed
            verdict = "meets" if rate >= BAR else "MISSES"
            print(f"  {players} players: {rate:>10,.0f} players/s "
                  f"({args.tables / elapsed:>8,.0f} showdowns/s) -> {verdict} the bar")


if __name__ == "__main__":
    main()
