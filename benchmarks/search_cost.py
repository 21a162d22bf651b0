"""CPU seconds a searched decision, and what the search found, on the first decisions of some
deals: to compare two versions of the code (say a faster play-out) on the very same decisions.

Greedy plays every seat up to each decision; the search (``ismcts:iters=N``) is asked there.
With ``--results F`` each decision's move and ranked root moves are written to F, one line a
decision; two versions that play the same moves write the same file.

    .venv/bin/python benchmarks/search_cost.py --game liverpool --players 3 --iters 800 \
        --deals 7 8 --results /tmp/after.txt
    PYTHONPATH=old/src .venv/bin/python benchmarks/search_cost.py ... --results /tmp/before.txt
    cmp /tmp/before.txt /tmp/after.txt
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from cardtable.bots import Decision, make_bot
from cardtable.bots.ismcts import IsmctsBot
from cardtable.engine.game import load_game
from machine import print_machine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="liverpool")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--iters", type=int, default=800)
    parser.add_argument("--deals", type=int, nargs="+", default=[7, 8])
    parser.add_argument("--decisions", type=int, default=6, help="searched decisions a deal")
    parser.add_argument("--results", type=Path, help="write each decision's search result here")
    args = parser.parse_args()
    print_machine()
    lines: list[str] = []
    spent, count = 0.0, 0
    for deal in args.deals:
        game = load_game(args.game, args.players)
        state = game.new_state(deal)
        greedy = [make_bot("greedy", game, s) for s in range(args.players)]
        bot = make_bot(f"ismcts:iters={args.iters}", game, 1)
        assert isinstance(bot, IsmctsBot)
        asked = 0
        while asked < args.decisions and not state.is_over:
            seat = state.actors[0]
            legal = state.legal_actions(seat)
            if len(legal) > 1:
                began = time.process_time()
                result = bot.search(Decision.at(state, seat, "observation", legal))
                spent += time.process_time() - began
                count += 1
                asked += 1
                lines.append(repr((deal, seat, result.action, result.choices, result.iterations)))
            state.apply(seat, greedy[seat].choose(Decision.at(state, seat, "view", legal)))
    print(f"{args.game}, {args.players} players, iters={args.iters}, deals {args.deals}: "
          f"{count} decisions, {spent / max(count, 1):.3f} CPU s a decision")
    if args.results is not None:
        args.results.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
