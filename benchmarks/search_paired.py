"""The search's gain over greedy's own move, paired round by round on the same deals (issue 13).

A win rate over a few hundred rounds moves by several points with the luck of the deals alone,
which hides the effect of one change to the search. This plays one round of every deal with
the searcher in each seat in turn (greedy in the others), and the same round with greedy in that
seat: the searcher's result less greedy's, round by round, is the search's gain with most of the
luck of the cards taken out. Two figures come out: rounds won (a tie as half) and the points
margin over the mean of the other seats, each with its standard error. The round is also
played with the search's own play-out bot alone in the seat (``patient`` for Daylily): a search
that merely follows that bot shows no gain over it.

    .venv/bin/python benchmarks/search_paired.py --game daylily --deals 60 --iters 100 \
        --set max_plies=400

``--set name=value`` changes one field of the game's search knowledge (``max_plies``,
``margin``, ``max_candidates``, ``tree``, ``exploration``, ``win_bonus``: points a play-out's
lead on the totals is worth; ``rollout``: the bot that plays the play-outs and whose move the
search keeps unless beaten; ``opponent_rollout``: the bot that plays the other seats' play-out
moves, when it differs; ``advisor``: the bot whose move the search keeps unless beaten, when
it is not the play-out bot; ``belief=module:function`` or
``belief=none`` for the deals' reading of the others' moves) for the run, to compare a variant
against the registered search on the same deals and seeds.
"""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
from collections.abc import Callable
from dataclasses import fields, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from cardtable.bots import Bot, make_bot
from cardtable.bots.ismcts import Budget, IsmctsBot, Knowledge, knowledge_for
from cardtable.engine.game import Game, load_game
from cardtable.sim.paired import RoundResult, first_round
from machine import print_machine

TUNABLE = {"max_plies", "margin", "max_candidates", "tree", "exploration", "widen", "root_widen",
           "win_bonus", "belief", "rollout", "opponent_rollout", "advisor"}


def tuned(knowledge: Knowledge, settings: list[str]) -> Knowledge:
    """The knowledge with each ``name=value`` of ``settings`` applied."""
    types = {f.name: f.type for f in fields(Knowledge)}
    changes: dict[str, Any] = {}
    for setting in settings:
        name, _, text = setting.partition("=")
        if name not in TUNABLE:
            raise SystemExit(f"--set: {name!r} is not one of {', '.join(sorted(TUNABLE))}")
        kind = str(types[name])
        if name == "belief":
            changes[name] = None if text == "none" else _function(text)
        elif name in ("rollout", "opponent_rollout", "advisor"):
            changes[name] = text  # a bot name of the game, checked when the search starts
        elif kind == "bool":
            changes[name] = text.lower() in ("1", "true", "yes")
        else:
            try:
                changes[name] = int(text) if kind == "int" else float(text)
            except ValueError:
                raise SystemExit(f"--set {name}: {text!r} is not a number") from None
    return replace(knowledge, **changes)


def _function(spec: str) -> Any:
    """The function named ``module:name`` (a belief to try, say)."""
    module, _, attribute = spec.partition(":")
    try:
        return getattr(importlib.import_module(module), attribute)
    except (ImportError, AttributeError) as error:
        raise SystemExit(f"--set belief: cannot find {spec!r} ({error})") from None


def one_round(game: Game, deal: int, me: int, searcher: Callable[[int], Bot] | None) -> RoundResult:
    """Seat ``me``'s first round of ``deal`` against greedy; greedy in every seat when
    ``searcher`` is None."""
    bots = [make_bot("greedy", game, deal * 10 + s + 1000) for s in range(game.players)]
    if searcher is not None:
        bots[me] = searcher(deal * 10 + me)
    return first_round(game, deal, me, bots)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="daylily")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--first", type=int, default=3000, help="the first deal's seed")
    parser.add_argument("--iters", type=int, default=100)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--log", type=Path, default=None,
                        help="write each round's results here, one JSON line a round, to pair "
                             "two variants of the search on the same deals afterwards")
    args = parser.parse_args()
    print_machine()
    game = load_game(args.game, args.players)
    knowledge = tuned(knowledge_for(game), args.set)
    budget = Budget(iters=args.iters)

    def searcher(seed: int) -> Bot:
        return IsmctsBot(game, seed, budget, knowledge)

    leader = knowledge.advisor or knowledge.rollout  # the bot whose move the search keeps

    def policy(seed: int) -> Bot:  # the search's own advisor or play-out bot, playing alone
        return make_bot(leader, game, seed)

    wins = [0.0, 0.0, 0.0]  # rounds won by the search, by greedy's own move, by its play-out bot
    won: list[float] = []
    over_policy: list[float] = []
    margin: list[float] = []
    spent, moves = 0.0, 0
    for deal in range(args.first, args.first + args.deals):
        for me in range(args.players):
            base = one_round(game, deal, me, None)
            mine = one_round(game, deal, me, searcher)
            alone = one_round(game, deal, me, policy)
            base_won, base_margin = base.won, base.margin
            w, m, s, n = mine.won, mine.margin, mine.cpu, mine.moves
            wins[0] += w
            wins[1] += base_won
            wins[2] += alone.won
            if args.log is not None:
                with args.log.open("a") as out:
                    out.write(json.dumps({"deal": deal, "seat": me, "won": w, "margin": m,
                                          "greedy_won": base_won, "greedy_margin": base_margin,
                                          "policy_won": alone.won, "policy_margin": alone.margin,
                                          "cpu": s, "moves": n}) + "\n")
            won.append(w - base_won)
            over_policy.append(w - alone.won)
            margin.append(m - base_margin)
            spent += s
            moves += n

    def gain(xs: list[float]) -> str:
        return f"{statistics.mean(xs):+.3f} +- {statistics.stdev(xs) / len(xs) ** 0.5:.3f}"

    name = ", ".join(args.set) or "as registered"
    print(f"{args.game}, {args.players} players, search {name}, iters={args.iters}, deals "
          f"{args.first}-{args.first + args.deals - 1}, {len(won)} rounds:")
    print(f"  rounds won: search {wins[0]:g}, greedy's own move {wins[1]:g}, the bot it follows "
          f"({leader}) alone {wins[2]:g}")
    print(f"  rounds won over greedy's own move {gain(won)}; points margin {gain(margin)}; "
          f"{spent / max(moves, 1):.3f} CPU s a searched move")
    print(f"  rounds won over {leader} alone {gain(over_policy)}")


if __name__ == "__main__":
    main()
