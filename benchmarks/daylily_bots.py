"""How much better the greedy Daylily bot plays than random: win rates over many matches.

Plays ``--games`` 3-player matches (greedy against two random bots) and as many 2-player matches
(greedy against one random bot). The greedy bot's seat rotates from match to match, so no seat
advantage (who deals first) favours it. Prints, for each table size, the greedy bot's win rate
with a 95% Wilson interval, the mean final score of the greedy bot and of the random bots, and
the greedy bot's speed in decisions per second.

    .venv/bin/python benchmarks/daylily_bots.py [--games 1000] [--target 100] [--seed 1] [--jobs 2]

A tie that stands (several winners) counts as a win for each tied player, so the rates over the
seats may add up to slightly more than one.
"""

from __future__ import annotations

import argparse
import multiprocessing
import platform
import sys
import time
from dataclasses import dataclass, field

from cardtable import load_game
from cardtable.bots import Bot, Decision, make_bot
from cardtable.games.daylily.state import DaylilyState
from cardtable.sim.stats import wilson


@dataclass
class Tally:
    """Totals over matches, split by bot kind (greedy or random)."""

    matches: int = 0
    greedy_wins: int = 0
    greedy_score: int = 0
    random_score: int = 0
    random_seats: int = 0
    rounds: int = 0
    greedy_decisions: int = 0
    greedy_seconds: float = 0.0
    decisions: int = 0
    festivals_by_greedy: int = 0
    festivals: int = 0
    lost: list[int] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.matches += other.matches
        self.greedy_wins += other.greedy_wins
        self.greedy_score += other.greedy_score
        self.random_score += other.random_score
        self.random_seats += other.random_seats
        self.rounds += other.rounds
        self.greedy_decisions += other.greedy_decisions
        self.greedy_seconds += other.greedy_seconds
        self.decisions += other.decisions
        self.festivals_by_greedy += other.festivals_by_greedy
        self.festivals += other.festivals
        self.lost.extend(other.lost)


def play_match(players: int, seed: int, greedy_seat: int, target: int) -> Tally:
    """One match: greedy in ``greedy_seat``, random bots elsewhere, all seeded from ``seed``."""
    game = load_game("daylily", players, {"target": target})
    bots: list[Bot] = [
        make_bot("greedy" if s == greedy_seat else "random", game, seed * 10 + s)
        for s in range(players)
    ]
    state = game.new_state(seed)
    tally = Tally(matches=1)
    while not state.is_over:
        seat = state.actors[0]
        decision = Decision.at(state, seat)
        if seat == greedy_seat:
            start = time.perf_counter()
            action = bots[seat].choose(decision)
            tally.greedy_seconds += time.perf_counter() - start
            tally.greedy_decisions += 1
        else:
            action = bots[seat].choose(decision)
        state.apply(seat, action)
        tally.decisions += 1
    scores = state.scores
    if greedy_seat in state.winners:
        tally.greedy_wins = 1
    else:
        tally.lost.append(seed)
    tally.greedy_score = scores[greedy_seat]
    tally.random_score = sum(scores) - scores[greedy_seat]
    tally.random_seats = players - 1
    assert isinstance(state, DaylilyState)
    tally.rounds = len(state.results)
    for entry in state.results:
        if entry["festival"] is not None:
            tally.festivals += 1
            tally.festivals_by_greedy += entry["festival"] == greedy_seat
    return tally


def _run_chunk(args: tuple[int, list[int], int]) -> Tally:
    players, seeds, target = args
    total = Tally()
    for seed in seeds:
        total.add(play_match(players, seed, seed % players, target))
    return total


def run(players: int, games: int, seed: int, target: int, jobs: int) -> Tally:
    seeds = [seed * 1_000_003 + i for i in range(games)]
    chunks = [(players, seeds[i::jobs * 8], target) for i in range(jobs * 8)]
    total = Tally()
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            for part in pool.imap_unordered(_run_chunk, chunks):
                total.add(part)
    else:
        for chunk in chunks:
            total.add(_run_chunk(chunk))
    return total


def report(players: int, tally: Tally, wall: float) -> None:
    n = tally.matches
    low, high = wilson(tally.greedy_wins, n)
    fair = 1 / players
    print(f"{players} players: greedy vs {players - 1} random, {n} matches, {wall:.1f} s wall")
    print(
        f"  greedy win rate {tally.greedy_wins / n:.3f}  (95% CI {low:.3f}-{high:.3f}; "
        f"an equal player would win {fair:.3f})"
    )
    print(
        f"  mean final score: greedy {tally.greedy_score / n:.1f}, "
        f"random {tally.random_score / max(1, tally.random_seats):.1f} per seat"
    )
    print(
        f"  rounds per match {tally.rounds / n:.2f}; festivals presented by greedy "
        f"{tally.festivals_by_greedy}/{tally.festivals}"
    )
    speed = tally.greedy_decisions / tally.greedy_seconds if tally.greedy_seconds else 0.0
    print(
        f"  greedy: {tally.greedy_decisions} decisions, {speed:,.0f} decisions/s "
        f"({1e6 / speed if speed else 0:.0f} us each); all decisions {tally.decisions}"
    )
    if tally.lost:
        print(f"  first seeds greedy lost: {sorted(tally.lost)[:5]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=1000, help="matches per table size")
    parser.add_argument("--target", type=int, default=100, help="points that end a match")
    parser.add_argument("--seed", type=int, default=1, help="base seed of the matches")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--players", type=int, choices=(2, 3), nargs="*", default=[3, 2])
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1 or args.target < 1:
        print("error: --games, --target and --jobs must be positive", file=sys.stderr)
        return 2
    print(
        f"machine: {platform.machine()}, {multiprocessing.cpu_count()} cores, "
        f"Python {platform.python_version()}; target {args.target}, seed {args.seed}, "
        f"{args.jobs} job(s)"
    )
    for players in args.players:
        start = time.perf_counter()
        tally = run(players, args.games, args.seed, args.target, args.jobs)
        report(players, tally, time.perf_counter() - start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
