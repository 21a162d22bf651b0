"""The Day search's edge in chips a hand over greedy, paired on the same deals (issue 13).

Hands won is a poor measure of a betting game: a player who folds weak cards early loses more
hands and fewer chips. This plays single hands (the first hand of a fresh session, every seat
of each deal in turn holding the searcher, greedy everywhere else) and prints the searcher's
mean chips won a hand; ``control`` plays greedy in that seat on the same deals, so the
difference of the two, hand by hand, is the search's gain with most of the luck of the cards
taken out.

    .venv/bin/python benchmarks/day_search_chips.py --variants control,read,uniform \
        --deals 300 --iters 100 --players 2

Variants: ``control`` (greedy), ``read`` (the registered search: deals weighed by the bets),
``uniform`` (the same search dealing uniformly), ``tree`` (with the tree below the root),
``nofold`` (without folding in the root's field), ``searchsubs`` (the substitution searched
too, keep against both swaps, as before 2026-11-29; the registered search leaves it to greedy's
count). ``--against V`` pairs every variant with V instead of ``control``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from cardtable.bots import Bot, Decision, make_bot
from cardtable.bots.ismcts import Budget, IsmctsBot, knowledge_for
from cardtable.engine.game import Action, Game, load_game
from cardtable.games.day.actions import FOLD, KEEP
from cardtable.games.day.bots import shortlist
from cardtable.sim.paired import first_round
from machine import print_machine


def without_fold(decision: Decision, move: Action) -> list[Action]:
    return [a for a in shortlist(decision, move) if a != FOLD or a == move]


def searched_substitution(decision: Decision, move: Action) -> list[Action]:
    return [move, *decision.legal] if KEEP in decision.legal else shortlist(decision, move)


def maker(variant: str, game: Game, iters: int) -> Callable[[int], Bot]:
    if variant == "control":
        return lambda seed: make_bot("greedy", game, seed)
    knowledge = knowledge_for(game)
    if variant == "uniform":
        knowledge = replace(knowledge, belief=None)
    elif variant == "tree":
        knowledge = replace(knowledge, tree=True, widen=0.0)
    elif variant == "nofold":
        knowledge = replace(knowledge, candidates=without_fold)
    elif variant == "searchsubs":
        knowledge = replace(knowledge, candidates=searched_substitution)
    elif variant != "read":
        raise SystemExit(f"unknown variant {variant!r}")
    return lambda seed: IsmctsBot(game, seed, Budget(iters=iters), knowledge)


def hands(variant: str, deals: range, iters: int, players: int) -> tuple[list[int], float]:
    """The searcher's chips won in each hand (deal by deal, seat by seat) and its CPU seconds
    a searched move."""
    game = load_game("day", players)
    make = maker(variant, game, iters)
    gains: list[int] = []
    spent, moves = 0.0, 0
    for deal in deals:
        for me in range(players):
            bots = [make_bot("greedy", game, deal * 10 + s + 1000) for s in range(players)]
            bots[me] = make(deal * 10 + me)
            result = first_round(game, deal, me, bots)
            gains.append(result.gain)
            spent += result.cpu
            moves += result.moves
    return gains, spent / max(moves, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--variants", default="control,read,uniform")
    parser.add_argument("--deals", type=int, default=300)
    parser.add_argument("--first", type=int, default=100, help="the first deal's seed")
    parser.add_argument("--iters", type=int, default=100)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--against", default="control",
                        help="the variant every other is paired with")
    args = parser.parse_args()
    print_machine()
    deals = range(args.first, args.first + args.deals)
    results = {v: hands(v, deals, args.iters, args.players) for v in args.variants.split(",")}
    control = results.get(args.against)
    for variant, (gains, per_move) in results.items():
        line = (f"{variant:8s} {len(gains)} hands, {statistics.mean(gains):+.3f} chips a hand "
                f"(sd {statistics.stdev(gains):.2f}), {per_move:.3f} CPU s a searched move")
        if control is not None and variant != args.against:
            diffs = [a - b for a, b in zip(gains, control[0], strict=True)]
            se = statistics.stdev(diffs) / len(diffs) ** 0.5
            line += (f"; over {args.against} on the same deals "
                     f"{statistics.mean(diffs):+.3f} +- {se:.3f}")
        print(line, flush=True)


if __name__ == "__main__":
    main()
