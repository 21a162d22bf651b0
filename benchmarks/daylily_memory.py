"""Peak resident memory of `cardtable simulate` over a long batch.

Runs the real command (`cardtable simulate daylily --players 3 --bots random --json`) as a child
process, first with a short batch and then with the full one, and reads each child's peak
resident set (ru_maxrss) from the kernel. Equal peaks for a short and a long batch show that
memory stays flat: nothing is kept per finished match.

    .venv/bin/python benchmarks/daylily_memory.py [--games 10000] [--workers 1]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

from machine import print_machine

BAR_MB = 150
COMMAND = "import sys; from cardtable.cli import main; sys.exit(main())"


def run_batch(games: int, workers: int) -> tuple[dict[str, object], float, float]:
    """Run one batch in a child process: its JSON report, peak RSS in MB, and wall time."""
    argv = [
        sys.executable, "-c", COMMAND, "simulate", "daylily", "--players", "3",
        "--bots", "random", "--games", str(games), "--seed", "7", "--json",
        "--workers", str(workers),
    ]
    began = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.PIPE)
    assert child.stdout is not None
    out = child.stdout.read()
    # wait4 gives this child's own resource usage (with --workers, ru_maxrss is the parent's;
    # each worker is a separate process of about the same size).
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    elapsed = time.perf_counter() - began
    if child.returncode != 0:
        raise SystemExit(f"simulate exited with {child.returncode}")
    report: dict[str, object] = json.loads(out)
    return report, usage.ru_maxrss / 1024, elapsed  # Linux reports kilobytes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    print_machine()
    short = max(1, args.games // 100)
    print(f"\ncardtable simulate daylily, 3 players, random bots, seed 7, {args.workers} worker(s)")
    for games in (short, args.games):
        report, peak, elapsed = run_batch(games, args.workers)
        print(f"  {games:>6,} matches: peak RSS {peak:6.1f} MB, {elapsed:7.1f} s wall, "
              f"{report['decisions']:,} decisions at {report['decisions_per_s']:,.0f}/s, "
              f"{report['rounds']:,} rounds, violations {report['violations']}", flush=True)
    verdict = "meets" if peak < BAR_MB else "MISSES"
    print(f"  -> {verdict} the bar: under {BAR_MB} MB for {args.games:,} matches")


if __name__ == "__main__":
    main()
