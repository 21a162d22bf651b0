"""One bot against greedy, paired round by round with another bot on the same deals.

Each deal is played for one round with the bot under test in one seat and greedy in the others,
once for every seat, and again with the base bot (greedy by default) in that seat. A tie on
the totals counts half. Most rounds come out the same, so the difference round by round shows a
change of a point or two of rounds in a few thousand rounds, where the win rates alone would
need tens of thousands. The same method as ``daylily_weights.py`` (which varies Daylily's
weights), for any game's registered bots:

    .venv/bin/python benchmarks/bots_paired.py --game say-rummy --players 3 --bot lookahead \
        --deals 1000 --first 80000 --workers 2

``--rounds K`` plays K rounds of each deal instead, scored on the totals then, and ``--rounds
0`` whole matches, won as the game says (ties shared): the bars' unit where a match is short.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from cardtable.bots import is_bot_name, make_bot
from cardtable.engine.game import load_game
from cardtable.sim.paired import play_rounds
from machine import print_machine


def rounds(game_name: str, players: int, deal: int, bot: str, base: str, played: int = 1
           ) -> list[tuple[float, float, float, float]]:
    """For each seat in turn: rounds (or matches) won and CPU seconds a move, by ``bot`` there
    and by ``base`` there, greedy in the other seats; ``played`` rounds of each deal, 0 for the
    whole match."""
    game = load_game(game_name, players)
    out = []
    for me in range(players):
        results = []
        for name in (bot, base):
            bots = [make_bot("greedy", game, deal * 10 + s) for s in range(players)]
            bots[me] = make_bot(name, game, deal * 10 + me)
            results.append(play_rounds(game, deal, me, bots, played))
        tested, yardstick = results
        out.append((tested.won, yardstick.won, tested.cpu / max(tested.moves, 1),
                    yardstick.cpu / max(yardstick.moves, 1)))
    return out


def add_pair_arguments(parser: argparse.ArgumentParser) -> None:
    """The options every paired comparison of two bots takes (``bots_by_deal.py`` too)."""
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bot", required=True, help="the bot under test (a registered name)")
    parser.add_argument("--base", default="greedy", help="the bot it is paired with")
    parser.add_argument("--workers", type=int, default=1, help="processes playing the deals")


def check_pair(args: argparse.Namespace) -> None:
    """Refuse, in one sentence, a bot name the game does not have; then say the machine."""
    for name in (args.bot, args.base):
        if not is_bot_name(name, args.game):
            raise SystemExit(f"{name!r} is not a bot of {args.game}")
    print_machine()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="say-rummy")
    add_pair_arguments(parser)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first", type=int, default=80000, help="the first deal's seed")
    parser.add_argument("--rounds", type=int, default=1,
                        help="rounds of each deal, scored on the totals then (0: whole matches, "
                             "won as the game says)")
    args = parser.parse_args()
    check_pair(args)
    began = time.perf_counter()
    deals = range(args.first, args.first + args.deals)
    n = len(deals)
    with ProcessPoolExecutor(args.workers) as pool:
        played = pool.map(rounds, [args.game] * n, [args.players] * n, deals, [args.bot] * n,
                          [args.base] * n, [args.rounds] * n, chunksize=max(1, n // 40))
        results = [seat for deal in played for seat in deal]
    tested = [r[0] for r in results]
    base = [r[1] for r in results]
    diffs = [t - b for t, b in zip(tested, base, strict=True)]
    error = statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else 0.0
    share = 1 / args.players
    unit = ("matches" if args.rounds == 0 else "rounds" if args.rounds == 1
            else f"matches of {args.rounds} rounds")
    print(f"{args.game}, {args.players} players, deals {args.first}-{args.first + n - 1}, "
          f"{len(results)} {unit} ({time.perf_counter() - began:.0f} s):")
    print(f"  {unit} won against greedy: {args.bot} {statistics.mean(tested):.3f}, "
          f"{args.base} {statistics.mean(base):.3f} (a seat's share {share:.3f})")
    each = "match by match" if args.rounds != 1 else "round by round"
    print(f"  {args.bot} less {args.base}, {each}: {statistics.mean(diffs):+.3f} "
          f"+- {error:.3f}; {unit} that differ: {sum(1 for d in diffs if d)}")
    print(f"  CPU ms a move: {args.bot} {1000 * statistics.mean(r[2] for r in results):.2f}, "
          f"{args.base} {1000 * statistics.mean(r[3] for r in results):.2f}")


if __name__ == "__main__":
    main()
