"""Say Rummy random self-play speed, side by side with OpenSpiel's C++ gin_rummy.

The blocks of ``selfplay.py`` are reused as they are: the cardtable side plays whole Say Rummy
matches through the simulate path (legal moves, the random bot, apply, the invariant check after
every decision); the OpenSpiel side plays gin_rummy driven from Python with uniform random
actions. The two alternate so that a busy neighbour slows both alike. The bar of issue 4 is a
quarter of OpenSpiel's rate in the same run.

Each block is also timed in this thread's CPU time, and the ratio is given both ways: on a
machine shared with other jobs the wall-clock share a block gets moves from block to block,
while the CPU time a decision costs moves much less.

    .venv/bin/python benchmarks/sayrummy_selfplay.py [--players 2] [--seconds 5] [--blocks 3]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from cardtable import load_game
from machine import print_machine
from selfplay import cardtable_block, cardtable_plain_block, openspiel_block

BAR = 0.25


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--blocks", type=int, default=3)
    args = parser.parse_args()
    print_machine()
    pyspiel: Any = None
    try:
        import pyspiel as spiel

        pyspiel = spiel
    except ImportError:
        print("OpenSpiel is not importable (.venv/bin/pip install -e '.[bench]')")
    load_game("say-rummy", args.players)
    cardtable_block("say-rummy", args.players, 1.0, 10_000)  # warm-up: the lexicon loads once
    ct_dec = ct_time = os_dec = os_time = ct_cpu = os_cpu = 0.0
    cpu = time.thread_time
    match = 0
    print(f"\nrandom self-play, Say Rummy {args.players} players vs OpenSpiel gin_rummy "
          f"({args.blocks} alternating blocks of {args.seconds:g} s)")
    for block in range(args.blocks):
        began = cpu()
        d, t, m = cardtable_block("say-rummy", args.players, args.seconds, match)
        ct_cpu += cpu() - began
        match += m
        ct_dec += d
        ct_time += t
        line = f"  block {block + 1}: cardtable {d / t:>8,.0f} decisions/s ({m} matches)"
        if pyspiel is not None:
            began = cpu()
            d2, t2, g2, _c2 = openspiel_block(pyspiel, args.seconds, block)
            os_cpu += cpu() - began
            os_dec += d2
            os_time += t2
            line += f" | OpenSpiel gin_rummy {d2 / t2:>8,.0f} decisions/s ({g2} games)"
        print(line, flush=True)
    rate = ct_dec / ct_time
    print(f"\ncardtable Say Rummy ({args.players}p, simulate path, invariant check each "
          f"decision): {rate:,.0f} decisions/s over {match} matches "
          f"({ct_dec / match:,.0f} decisions a match)")
    d, t = cardtable_plain_block("say-rummy", args.players, args.seconds, 20_000)
    print(f"cardtable Say Rummy ({args.players}p, bare protocol loop): {d / t:,.0f} decisions/s")
    if pyspiel is not None:
        os_rate = os_dec / os_time
        ratio = rate / os_rate
        verdict = "meets" if ratio >= BAR else "MISSES"
        print(f"OpenSpiel gin_rummy: {os_rate:,.0f} decisions/s")
        print(f"ratio cardtable / OpenSpiel: {ratio:.2f}x -> {verdict} the bar (at least "
              f"{BAR:.2f}x, measured in the same run)")
        cpu_ratio = (ct_dec / ct_cpu) / (os_dec / os_cpu)
        print(f"per second of CPU time: cardtable {ct_dec / ct_cpu:,.0f}, OpenSpiel "
              f"{os_dec / os_cpu:,.0f} decisions: ratio {cpu_ratio:.2f}x")


if __name__ == "__main__":
    main()
