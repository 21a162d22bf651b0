"""How much better the greedy contract-rummy bot plays than random: win rates over many matches.

For each rule set (Dummy Rummy, Liverpool) plays ``--games`` matches of ``--players`` players:
one greedy bot and random bots in the other seats. The greedy bot's seat rotates from match to
match, so no seat advantage (who deals first, who cuts) favours it. The lowest total after the
last deal wins. Prints, per rule set, the greedy bot's win rate with a 95% Wilson interval, the
mean final totals of the greedy bot and of a random seat, how many deals the greedy bot and the
random bots went out in, and the greedy bot's speed in decisions per second.

    .venv/bin/python benchmarks/contract_bots.py [--games 300] [--players 4] [--seed 1] [--jobs 2]
        [--game dummy-rummy liverpool] [--option contracts=2S,1S+1R deal_sizes=11,11]

A tie that stands (several lowest totals) counts as a win for each tied player, so the rates
over the seats may add up to slightly more than one.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from cardtable import load_game
from cardtable.bots import Bot, Decision, make_bot
from cardtable.engine.errors import CardtableError
from cardtable.engine.game import game_class
from cardtable.engine.options import parse_option_assignments
from cardtable.games.contract.state import ContractState
from cardtable.sim.stats import wilson
from machine import print_machine


@dataclass
class Tally:
    """Totals over matches, split by bot kind (greedy or random)."""

    matches: int = 0
    greedy_wins: int = 0
    greedy_score: int = 0
    random_score: int = 0
    random_seats: int = 0
    deals: int = 0
    greedy_outs: int = 0
    random_outs: int = 0
    greedy_decisions: int = 0
    greedy_seconds: float = 0.0
    decisions: int = 0
    lost: list[int] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.matches += other.matches
        self.greedy_wins += other.greedy_wins
        self.greedy_score += other.greedy_score
        self.random_score += other.random_score
        self.random_seats += other.random_seats
        self.deals += other.deals
        self.greedy_outs += other.greedy_outs
        self.random_outs += other.random_outs
        self.greedy_decisions += other.greedy_decisions
        self.greedy_seconds += other.greedy_seconds
        self.decisions += other.decisions
        self.lost.extend(other.lost)


def play_match(
    name: str, players: int, seed: int, greedy_seat: int, options: dict[str, Any]
) -> Tally:
    """One match: greedy in ``greedy_seat``, random bots elsewhere, all seeded from ``seed``."""
    game = load_game(name, players, dict(options))
    bots: list[Bot] = [
        make_bot("greedy" if s == greedy_seat else "random", game, seed * 16 + s)
        for s in range(players)
    ]
    state = game.new_state(seed)
    tally = Tally(matches=1)
    greedy = bots[greedy_seat]
    while not state.is_over:
        seat = state.actors[0]
        decision = Decision.at(state, seat)
        if seat == greedy_seat:
            start = time.perf_counter()
            action = greedy.choose(decision)
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
    assert isinstance(state, ContractState)
    tally.deals = len(state.results)
    for entry in state.results:
        if entry["out"] == greedy_seat:
            tally.greedy_outs += 1
        elif entry["out"] is not None:
            tally.random_outs += 1
    return tally


def _run_chunk(args: tuple[str, int, list[int], dict[str, Any]]) -> Tally:
    name, players, seeds, options = args
    total = Tally()
    for seed in seeds:
        total.add(play_match(name, players, seed, seed % players, options))
    return total


def run(
    name: str, players: int, games: int, seed: int, jobs: int, options: dict[str, Any]
) -> Tally:
    seeds = [seed * 1_000_003 + i for i in range(games)]
    pieces = jobs * 8
    chunks = [(name, players, seeds[i::pieces], options) for i in range(pieces)]
    chunks = [c for c in chunks if c[2]]
    total = Tally()
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            for part in pool.imap_unordered(_run_chunk, chunks):
                total.add(part)
    else:
        for chunk in chunks:
            total.add(_run_chunk(chunk))
    return total


def report(name: str, players: int, tally: Tally, wall: float) -> None:
    n = tally.matches
    low, high = wilson(tally.greedy_wins, n)
    print(f"{name}, {players} players: greedy vs {players - 1} random, {n} matches, "
          f"{wall:.1f} s wall")
    print(f"  greedy win rate {tally.greedy_wins / n:.3f}  (95% CI {low:.3f}-{high:.3f}; "
          f"an equal player would win {1 / players:.3f})")
    print(f"  mean final total: greedy {tally.greedy_score / n:.1f}, "
          f"random {tally.random_score / max(1, tally.random_seats):.1f} per seat")
    print(f"  deals per match {tally.deals / n:.2f}; went out: greedy in "
          f"{tally.greedy_outs / max(1, tally.deals):.1%} of deals, the random seats in "
          f"{tally.random_outs / max(1, tally.deals):.1%}")
    speed = tally.greedy_decisions / tally.greedy_seconds if tally.greedy_seconds else 0.0
    print(f"  greedy: {tally.greedy_decisions} decisions, {speed:,.0f} decisions/s "
          f"({1e6 / speed if speed else 0:.0f} us each); all decisions {tally.decisions}")
    if tally.lost:
        print(f"  first seeds greedy lost: {sorted(tally.lost)[:5]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=300, help="matches per rule set")
    parser.add_argument("--players", type=int, default=4, help="players at the table")
    parser.add_argument("--seed", type=int, default=1, help="base seed of the matches")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--game", nargs="*", default=["dummy-rummy", "liverpool"],
                        choices=("dummy-rummy", "liverpool"), help="rule sets to play")
    parser.add_argument("--option", nargs="*", default=[], metavar="KEY=VALUE",
                        help="house rules for every match, e.g. contracts=2S,1S+1R")
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1 or args.players < 2:
        print("error: --games and --jobs must be positive and --players at least 2",
              file=sys.stderr)
        return 2
    options: dict[str, dict[str, Any]] = {}
    try:
        for name in args.game:
            options[name] = parse_option_assignments(game_class(name).option_specs, args.option)
            load_game(name, args.players, dict(options[name]))  # reject bad options up front
    except CardtableError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print_machine()
    print(f"seed {args.seed}, {args.jobs} job(s), options {args.option or 'rule-set defaults'}")
    for name in args.game:
        start = time.perf_counter()
        tally = run(name, args.players, args.games, args.seed, args.jobs, options[name])
        report(name, args.players, tally, time.perf_counter() - start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
