"""A fixed contract-rummy workload: the same random matches every run, for before/after checks.

`selfplay.py` times cardtable against OpenSpiel side by side, but on a shared machine the load
moves both figures from run to run. This plays a fixed set of matches (random bots, the simulate
path), so the work is identical each time: run it under `valgrind --tool=callgrind` to count
instructions (subtract a run with `--matches 0` and the same `--warmup`, which is the imports
and the warm-up alone; a warm-up of ten matches or so leaves the per-pattern caches of the meld
code about as full as a long run does), or with `--phases` to see where a decision's time goes
(listing the moves, applying them, the invariant check), by phase and by kind of move.

    .venv/bin/python benchmarks/contract_selfplay.py [--game liverpool] [--players 4]
        [--matches 3] [--warmup 0] [--phases]
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

from cardtable import load_game
from cardtable.bots import Decision, RandomBot, make_bot
from cardtable.games.contract.state import ContractState
from cardtable.sim import play_match, seat_bots


def fixed_matches(
    game_name: str, players: int, matches: int, warmup: int = 0
) -> tuple[int, float]:
    """Matches 0.. of seed 2024 through the simulate path: decisions and seconds.

    ``warmup`` matches of another seed are played first and not counted: the meld code keeps
    what it worked out per pattern of cards, so the first matches cost more than later ones,
    and a long benchmark (selfplay.py) sees mostly the later cost."""
    game = load_game(game_name, players)
    names = seat_bots(["random"], players)
    for name in set(names):
        # The first bot made imports every bot's module (numpy among them): do it here, so that
        # a run with no matches, subtracted from a counted run, takes the imports away too.
        make_bot(name, game, 0)
    for match in range(warmup):
        play_match(game, names, 1999, match)
    decisions = 0
    began = time.perf_counter()
    for match in range(matches):
        decisions += play_match(game, names, 2024, match).decisions
    return decisions, time.perf_counter() - began


def phases(game_name: str, players: int, matches: int) -> None:
    """Time per decision, split into listing, choosing, applying and checking, by phase."""
    game = load_game(game_name, players)
    bot = RandomBot(game, 3)
    spent: dict[tuple[str, str], float] = defaultdict(float)
    count: dict[tuple[str, str], int] = defaultdict(int)
    clock = time.perf_counter
    for seed in range(matches):
        state = game.new_state(seed)
        assert isinstance(state, ContractState)
        while not state.is_over:
            seat = state.actors[0]
            phase = state.phase
            if phase == "play":
                phase += " (down)" if state.down[seat] else " (not down)"
            t0 = clock()
            legal = state.legal_actions(seat)
            t1 = clock()
            action = bot.choose(Decision.at(state, seat, bot.needs, legal))
            t2 = clock()
            state.apply(seat, action)
            t3 = clock()
            state.invariant_violations()
            t4 = clock()
            for part, seconds in (("list moves", t1 - t0), ("choose", t2 - t1),
                                  (f"apply {type(action).__name__}", t3 - t2),
                                  ("invariant check", t4 - t3)):
                spent[phase, part] += seconds
                count[phase, part] += 1
    total = sum(spent.values())
    print(f"{game_name}, {players} players, {matches} matches: {total:.2f} s")
    for key, seconds in sorted(spent.items(), key=lambda kv: -kv[1]):
        per = seconds / count[key] * 1e6
        print(f"  {key[0]:<16} {key[1]:<18} {seconds / total:6.1%} {per:8.1f} us x {count[key]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="liverpool")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=0,
                        help="matches (of another seed) played first and not counted")
    parser.add_argument("--phases", action="store_true", help="where the time goes")
    args = parser.parse_args()
    if args.phases:
        phases(args.game, args.players, args.matches)
        return
    decisions, seconds = fixed_matches(args.game, args.players, args.matches, args.warmup)
    rate = decisions / seconds if seconds else 0.0
    print(f"{args.game}, {args.players} players, {args.matches} fixed matches: {decisions} "
          f"decisions in {seconds:.2f} s ({rate:,.0f} a second)")


if __name__ == "__main__":
    main()
