"""Memory of a long `cardtable balance` run: flat, because only running sums are kept.

Plays one balance run in this process (Day, one hand a match, random bots: the cheapest
complete match, so 100,000 of them take a minute or two) and samples the resident set and the
size of the running sums at 1,000, 10,000 and every further 10% of the matches. Flat figures
from the first sample to the last show that nothing is kept per match.

    .venv/bin/python benchmarks/balance_memory.py [--games 100000]
"""

from __future__ import annotations

import argparse
import os
import pickle
import time

from cardtable.sim.balance import BalanceConfig, BalanceTally, run_balance_range
from cardtable.sim.runner import SimConfig
from machine import print_machine

BATCH = 1000


def rss_mb() -> float:
    """The resident set now (not the peak), from /proc."""
    with open("/proc/self/statm", encoding="ascii") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100_000)
    args = parser.parse_args()
    print_machine()
    config = BalanceConfig(SimConfig("day", 3, ("random",), args.games, 7, {"hands": 1}))
    total: BalanceTally | None = None
    marks = {1000, 10_000} | {args.games * k // 10 for k in range(1, 11)}
    began = time.perf_counter()
    print(f"{'matches':>9} {'RSS MB':>8} {'sums KB':>8} {'s':>7}")
    for start in range(0, args.games, BATCH):
        part = run_balance_range(config, start, min(args.games, start + BATCH))
        if total is None:
            total = part
        else:
            total.merge(part)
        done = min(args.games, start + BATCH)
        if done in marks:
            size = len(pickle.dumps(total)) / 1024
            print(f"{done:>9,} {rss_mb():>8.1f} {size:>8.1f} {time.perf_counter() - began:>7.1f}",
                  flush=True)


if __name__ == "__main__":
    main()
