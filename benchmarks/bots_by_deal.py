"""One contract-rummy bot against another, deal by deal of whole matches, paired on the cards.

A whole match of Dummy Rummy or Liverpool is seven deals with seven contracts, and a rule that
helps in one contract may hurt in another: a match's result mixes them, and a first round shows
only the first. The deals are shuffled by the match's seeded generator, which nothing else draws
from but a reshuffle of the discard pile when the stock runs out: unless one run of a match
reshuffled where the other did not, every deal is dealt the same in both, and since the contract
bots do not read the scores, every deal is a trial of its own. This plays each match twice, the
bot under test in one seat and the base bot in the same seat (greedy in the others), every seat
in turn, and compares them deal by deal: how often the seat did best in that deal, and its
points there against the others' mean. It counts the deals the two runs were dealt alike.

    .venv/bin/python benchmarks/bots_by_deal.py --game dummy-rummy --players 3 \
        --bot careful --base greedy --matches 150 --first 170000 --workers 2

It is how the careful bot's buying was chosen (2026-11-29): never buying helped in the first
contract (two sets) and cost points in every later one.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bots_paired import add_pair_arguments, check_pair
from cardtable.bots import Decision, make_bot
from cardtable.engine.game import load_game, lowest_wins
from cardtable.games.contract.state import ContractState

# One deal as the seat saw it: (did best in the deal, 1/k for a k-way share; its points less the
# others' mean, more is better; the cards it was dealt).
DealResult = tuple[float, float, bytes]


def match(game_name: str, players: int, seed: int, seat: int, name: str) -> list[DealResult]:
    """Play the whole match ``seed`` with ``name`` in ``seat`` and greedy elsewhere."""
    game = load_game(game_name, players)
    bots = [make_bot("greedy", game, seed * 10 + s) for s in range(players)]
    bots[seat] = make_bot(name, game, seed * 10 + seat)
    state = game.new_state(seed)
    assert isinstance(state, ContractState)
    sign = -1 if lowest_wins(state) else 1
    before = list(state.scores)
    dealt = bytes(state.hands[seat])
    out: list[DealResult] = []
    while not state.is_over:
        actor = state.actors[0]
        state.apply(actor, bots[actor].choose(Decision.for_bot(state, actor, bots[actor])))
        if state.rounds_played > len(out):
            gains = [sign * (after - b) for after, b in zip(state.scores, before, strict=True)]
            best = max(gains)
            won = 1 / gains.count(best) if gains[seat] == best else 0.0
            margin = gains[seat] - (sum(gains) - gains[seat]) / (players - 1)
            out.append((won, margin, dealt))
            before = list(state.scores)
            dealt = bytes(state.hands[seat])
    return out


def both(args: tuple[str, int, int, str, str]) -> list[tuple[list[DealResult], list[DealResult]]]:
    """Every seat of one match, the bot under test there and the base bot there."""
    game, players, seed, bot, base = args
    return [(match(game, players, seed, s, bot), match(game, players, seed, s, base))
            for s in range(players)]


def mean_error(values: list[float]) -> tuple[float, float]:
    if len(values) < 2:
        return (values[0] if values else 0.0), 0.0
    return statistics.mean(values), statistics.stdev(values) / len(values) ** 0.5


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="dummy-rummy", choices=("dummy-rummy", "liverpool"))
    add_pair_arguments(parser)
    parser.set_defaults(players=3)
    parser.add_argument("--matches", type=int, default=150)
    parser.add_argument("--first", type=int, default=170000, help="the first match's seed")
    args = parser.parse_args()
    check_pair(args)
    began = time.perf_counter()
    jobs = [(args.game, args.players, seed, args.bot, args.base)
            for seed in range(args.first, args.first + args.matches)]
    with ProcessPoolExecutor(args.workers) as pool:
        pairs = [pair for played in pool.map(both, jobs, chunksize=max(1, len(jobs) // 40))
                 for pair in played]
    print(f"{args.game}, {args.players} players, {args.bot} against {args.base} in the same "
          f"seat, matches {args.first}-{args.first + args.matches - 1}, {len(pairs)} seatings "
          f"({time.perf_counter() - began:.0f} s):")
    deals = max(len(tested) for tested, _ in pairs)
    for k in range(deals):
        rows = [(t[k], b[k]) for t, b in pairs if len(t) > k and len(b) > k]
        alike = sum(1 for t, b in rows if t[2] == b[2])
        won, won_error = mean_error([t[0] - b[0] for t, b in rows])
        margin, margin_error = mean_error([t[1] - b[1] for t, b in rows])
        base_won = statistics.mean(b[0] for _, b in rows)
        print(f"  deal {k + 1}: {args.base} did best in {base_won:.3f}; {args.bot} less "
              f"{args.base}: did best {won:+.3f} +- {won_error:.3f}, points against the others "
              f"{margin:+.2f} +- {margin_error:.2f}; differ {sum(1 for t, b in rows if t != b)}"
              f" of {len(rows)}, dealt alike {alike}")


if __name__ == "__main__":
    main()
