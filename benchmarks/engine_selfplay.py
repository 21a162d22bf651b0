"""Random self-play speed of all five games through the simulate path, on fixed matches.

The same matches (batch seed 2024, match numbers 0..N-1) are played every run, so two commits
can be compared on identical work: the figure is decisions a second, best of ``--repeats``
runs. This is the benchmark the event log and the recorded deals are held to (issue 10: within
10% of the speed before them).

    .venv/bin/python benchmarks/engine_selfplay.py [--matches 20] [--repeats 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import time

from cardtable import load_game
from cardtable.sim import play_match, seat_bots
from machine import print_machine

TABLES: tuple[tuple[str, int, int], ...] = (
    # game, players, matches per run (scaled so that each game takes a few seconds)
    ("daylily", 3, 20),
    ("say-rummy", 3, 20),
    ("day", 6, 20),
    ("dummy-rummy", 4, 6),
    ("liverpool", 4, 15),
)


def run_once(name: str, players: int, matches: int) -> tuple[int, float]:
    game = load_game(name, players)
    names = seat_bots(["random"], players)
    decisions = 0
    began = time.perf_counter()
    for match in range(matches):
        outcome = play_match(game, names, 2024, match)
        if outcome.problems:
            raise SystemExit(f"{name}: invariant breach in match {match}: {outcome.problems[0]}")
        decisions += outcome.decisions
    return decisions, time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the match counts")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for name, players, matches in TABLES:
        count = max(1, round(matches * args.scale))
        best = 0.0
        decisions = 0
        for _ in range(args.repeats):
            decisions, elapsed = run_once(name, players, count)
            best = max(best, decisions / elapsed)
        rows.append({"game": name, "players": players, "matches": count,
                     "decisions": decisions, "decisions_per_s": round(best)})
    if args.json:
        print(json.dumps(rows))
        return
    print_machine()
    for row in rows:
        print(f"{row['game']:>12} x{row['players']}: {row['matches']:>3} matches, "
              f"{row['decisions']:>7} decisions, {row['decisions_per_s']:>8} decisions/s")


if __name__ == "__main__":
    main()
