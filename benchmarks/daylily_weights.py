"""The Daylily greedy bot's weights against its defaults: heads-up rounds won, paired deals.

Each deal is played twice for one round, the changed weights in one seat and the default
greedy bot in the other, then seats swapped, so the luck of the cards cancels and a change
worth a point or two of rounds shows in a few thousand rounds (a tie on the totals counts half).

    .venv/bin/python benchmarks/daylily_weights.py --deals 2000 --first 30000 \
        declare_late=15,out_cap=16,declare_points=12 point=0.12

Each argument is one variant: ``name=value`` pairs of ``Weights`` fields, comma-separated
(an empty argument is the defaults, which must come out at exactly half; with ``--players 3``
at exactly a third: the variant sits in each seat in turn, greedy in the others). ``PATIENT`` in
``bots/daylily.py`` was chosen this way: see docs/benchmarks.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from cardtable.bots import Bot
from cardtable.bots.daylily import GreedyDaylilyBot, Weights
from cardtable.engine.game import Game, load_game
from cardtable.sim.paired import first_round
from machine import print_machine


def round_won(game: Game, deal: int, me: int, weights: Weights) -> float:
    """1, 0.5 or 0: how the seat ``me`` with ``weights`` did in the first round of ``deal``."""
    bots: list[Bot] = [GreedyDaylilyBot(game, deal * 10 + s) for s in range(game.players)]
    bots[me] = GreedyDaylilyBot(game, deal * 10 + me, weights)
    return first_round(game, deal, me, bots).won


def variant(spec: str) -> Weights:
    """``Weights`` with the ``name=value`` pairs of ``spec`` applied."""
    kinds = {f.name: type(getattr(Weights(), f.name)) for f in fields(Weights)}
    changes: dict[str, Any] = {}
    for part in filter(None, spec.split(",")):
        name, _, text = part.partition("=")
        if name not in kinds:
            raise SystemExit(f"{name!r} is not a weight: one of {', '.join(kinds)}")
        try:
            changes[name] = kinds[name](float(text))
        except ValueError:
            raise SystemExit(f"{name}: {text!r} is not a number") from None
    return replace(Weights(), **changes)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--first", type=int, default=20000, help="the first deal's seed")
    parser.add_argument("--players", type=int, default=2,
                        help="seats at the table: the variant sits in each in turn (a fair "
                             "share is one round in this many)")
    parser.add_argument("variants", nargs="*", default=[""])
    args = parser.parse_args()
    print_machine()
    game = load_game("daylily", args.players)
    for spec in args.variants:
        weights = variant(spec)
        began = time.process_time()
        won = [round_won(game, deal, me, weights)
               for deal in range(args.first, args.first + args.deals)
               for me in range(args.players)]
        se = statistics.stdev(won) / len(won) ** 0.5
        print(f"{spec or 'defaults'}: {statistics.mean(won):.3f} +- {se:.3f} of {len(won)} "
              f"rounds against greedy ({time.process_time() - began:.0f} CPU s)", flush=True)


if __name__ == "__main__":
    main()
