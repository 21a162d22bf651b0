"""Ray against the process pool: matches a second at the same worker count, side by side.

Both backends play the same run (Daylily, random bots, three players, the same seed) in
alternating blocks, so a change in the machine's load falls on both alike. A local Ray is
started once, and its start-up (``ray.init``) is timed apart; the first Ray block also pays for
its workers importing cardtable, and is shown on its own line. The bar: Ray at least 90% of the
pool's matches a second.

    .venv/bin/python benchmarks/balance_ray.py [--games 300] [--workers 2] [--blocks 3]
"""

from __future__ import annotations

import argparse
import logging
import statistics
import time

import ray

from cardtable.sim.runner import SimConfig, simulate
from machine import print_machine

BAR = 0.90


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300, help="matches a block")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--blocks", type=int, default=3)
    args = parser.parse_args()
    print_machine()
    config = SimConfig("daylily", 3, ("random",), args.games, 11)
    began = time.perf_counter()
    ray.init(num_cpus=args.workers, include_dashboard=False, logging_level=logging.ERROR,
             log_to_driver=False, object_store_memory=200 * 2**20)
    startup = time.perf_counter() - began
    print(f"Ray start-up (ray.init, local, {args.workers} CPUs): {startup:.1f} s")
    pool_rates: list[float] = []
    ray_rates: list[float] = []
    reference = None
    for block in range(args.blocks + 1):
        for backend in ("process", "ray"):
            report = simulate(config, workers=args.workers, backend=backend)
            rate = report.tally.games / (report.elapsed_s + report.startup_s)
            totals = (report.tally.decisions, report.tally.wins)
            reference = reference or totals
            assert totals == reference, "the backends disagree"
            label = "warm-up" if block == 0 else f"block {block}"
            print(f"{label:>8} {backend:>8}: {rate:7.2f} matches/s "
                  f"(pool or task start {report.startup_s:.2f} s)", flush=True)
            if block:
                (pool_rates if backend == "process" else ray_rates).append(rate)
    ray.shutdown()
    pool, on_ray = statistics.median(pool_rates), statistics.median(ray_rates)
    ratio = on_ray / pool
    print(f"median: process pool {pool:.2f}, Ray {on_ray:.2f} matches/s at {args.workers} "
          f"workers: Ray/pool = {ratio:.3f} (bar {BAR:.2f}: {'met' if ratio >= BAR else 'MISSED'})")


if __name__ == "__main__":
    main()
