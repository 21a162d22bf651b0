"""The greedy Say Rummy bot: how much better it plays than random, and how fast it decides.

Plays ``--games`` matches (five games each, the default) for each table size: one greedy bot,
random bots in the other seats, the greedy seat rotating from match to match. The lowest total
of penalty points wins a match; a tie that stands counts for every tied seat. Prints the greedy
bot's win rate with a 95% Wilson interval, the mean match totals of greedy and random seats,
and the greedy bot's speed: a decision is what a table pays for it, the decision built for the
bot (legal moves and the seat's view) plus its choice.

The bot as it was before the speed pass of issue 16 is no longer kept as code: its decisions on
fixed positions are recorded (``recorded_decisions.py``, ``tests/golden/``), and today's bot is
held to making every one of them.

    .venv/bin/python benchmarks/sayrummy_bots.py [--games 200] [--players 2 4] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass, field

from cardtable import load_game
from cardtable.bots import Bot, Decision, make_bot
from cardtable.engine.game import Game
from cardtable.sim.runner import derive_seed
from cardtable.sim.stats import wilson
from machine import print_machine


@dataclass(slots=True)
class Speed:
    """Seconds per decision (Decision.for_bot plus choose) of one kind of bot: wall-clock
    time, and the CPU time of this thread (what the decision cost, whatever else the machine
    was running)."""

    times: list[float] = field(default_factory=list)
    cpu: float = 0.0

    def line(self, label: str) -> str:
        if not self.times:
            return f"  {label}: no decisions"
        total = sum(self.times)
        ordered = sorted(self.times)
        p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
        return (f"  {label}: {len(self.times):,} decisions, {len(self.times) / total:,.0f} "
                f"decisions/s wall, {len(self.times) / self.cpu:,.0f} a second of CPU (median "
                f"{statistics.median(ordered) * 1e3:.2f} ms, 99th percentile {p99 * 1e3:.2f} "
                f"ms, slowest {ordered[-1] * 1e3:.1f} ms, wall)")


def play(
    game: Game, seed: int, bots: list[Bot], speeds: list[Speed | None]
) -> tuple[list[int], list[int]]:
    """One match; each seat's decisions timed into its Speed (None: not timed). The winners
    and the final totals."""
    state = game.new_state(seed)
    clock = time.perf_counter
    cpu = time.thread_time
    while not state.is_over:
        seat = state.actors[0]
        bot = bots[seat]
        began, began_cpu = clock(), cpu()
        action = bot.choose(Decision.for_bot(state, seat, bot))
        timer = speeds[seat]
        if timer is not None:
            timer.cpu += cpu() - began_cpu
            timer.times.append(clock() - began)
        state.apply(seat, action)
    return list(state.winners), list(state.scores)


def against_random(players: int, games: int, seed: int) -> None:
    game = load_game("say-rummy", players)
    speed = Speed()
    wins = 0
    greedy_total = random_total = 0
    began = time.perf_counter()
    for match in range(games):
        greedy_seat = match % players
        bots: list[Bot] = [
            make_bot("greedy" if s == greedy_seat else "random", game,
                     derive_seed(seed, match, f"seat{s}"))
            for s in range(players)
        ]
        speeds: list[Speed | None] = [speed if s == greedy_seat else None
                                      for s in range(players)]
        winners, scores = play(game, derive_seed(seed, match, "deal"), bots, speeds)
        wins += greedy_seat in winners
        greedy_total += scores[greedy_seat]
        random_total += sum(scores) - scores[greedy_seat]
    low, high = wilson(wins, games)
    print(f"\n{players} players, 1 greedy + {players - 1} random, {games} matches "
          f"({time.perf_counter() - began:.1f} s):")
    print(f"  greedy won {wins} ({wins / games:.1%}, 95% CI {low:.3f}-{high:.3f}); "
          f"a random seat would win about {1 / players:.0%}")
    print(f"  mean match total: greedy {greedy_total / games:.1f}, random seat "
          f"{random_total / (games * (players - 1)):.1f} (penalty points, lower is better)")
    print(speed.line("greedy speed"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print_machine()
    warm = load_game("say-rummy", 2)  # the lexicon and its tables load once, untimed
    for match in range(3):
        play(warm, match, [make_bot("greedy", warm, 0), make_bot("greedy", warm, 1)],
             [None, None])
    for players in args.players:
        against_random(players, args.games, args.seed)


if __name__ == "__main__":
    main()
