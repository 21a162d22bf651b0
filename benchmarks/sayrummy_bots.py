"""How much better the greedy Say Rummy bot plays than random: match win rates.

Plays ``--games`` matches (five games each, the default) for each table size: one greedy bot,
random bots in the other seats, the greedy seat rotating from match to match. The lowest total
of penalty points wins a match; a tie that stands counts for every tied seat. Prints the greedy
bot's win rate with a 95% Wilson interval and the mean match totals of greedy and random seats.

    .venv/bin/python benchmarks/sayrummy_bots.py [--games 200] [--players 2 4] [--seed 1]
"""

from __future__ import annotations

import argparse
import time

from cardtable import load_game
from cardtable.bots import Bot, Decision, make_bot
from cardtable.sim.runner import derive_seed
from cardtable.sim.stats import wilson
from machine import print_machine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print_machine()
    for players in args.players:
        game = load_game("say-rummy", players)
        wins = 0
        greedy_total = random_total = 0
        began = time.perf_counter()
        for match in range(args.games):
            greedy_seat = match % players
            state = game.new_state(derive_seed(args.seed, match, "deal"))
            bots: list[Bot] = [
                make_bot("greedy" if s == greedy_seat else "random", game,
                         derive_seed(args.seed, match, f"seat{s}"))
                for s in range(players)
            ]
            while not state.is_over:
                seat = state.actors[0]
                state.apply(seat, bots[seat].choose(
                    Decision.at(state, seat)))
            wins += greedy_seat in state.winners
            greedy_total += state.scores[greedy_seat]
            random_total += sum(state.scores) - state.scores[greedy_seat]
        low, high = wilson(wins, args.games)
        print(f"\n{players} players, 1 greedy + {players - 1} random, {args.games} matches "
              f"({time.perf_counter() - began:.1f} s):")
        print(f"  greedy won {wins} ({wins / args.games:.1%}, 95% CI {low:.3f}-{high:.3f}); "
              f"a random seat would win about {1 / players:.0%}")
        print(f"  mean match total: greedy {greedy_total / args.games:.1f}, random seat "
              f"{random_total / (args.games * (players - 1)):.1f} (penalty points, lower is "
              "better)")


if __name__ == "__main__":
    main()
