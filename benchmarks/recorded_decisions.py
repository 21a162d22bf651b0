"""Bots' decisions recorded on fixed positions: how a bot of today compares with one of before.

A bot rewritten for speed must choose as it did (or as well). Rather than keep a frozen copy of
the old code beside the new, its decisions were recorded once, on positions any version can
reach again: seeded matches whose every move is random (``play_positions``), the bot asked at
each decision of every seat what it would do, without its answer being played. The file holds
the positions' seeds and the answers; ``--compare BOT`` asks today's bot at the same positions
and prints the share of decisions on which it agrees, and ``tests/test_recorded_decisions.py``
holds the bots to it.

    .venv/bin/python benchmarks/recorded_decisions.py --compare greedy
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from cardtable import load_game
from cardtable.bots import Bot, Decision, make_bot
from cardtable.engine.game import Game, State

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden" / "recorded_decisions.json"
MAX_STEPS = 4_000
AS_RECORDED: dict[str, dict[str, Any]] = {"say-rummy": {"word_list": "full"}}
"""Options that were the defaults when the decisions were recorded (Say Rummy's default word
list became the classroom list later, issue 44); an entry's own options come on top."""


def play_positions(game: Game, seed: int, every: int) -> Iterator[tuple[State, int]]:
    """Every ``every``-th decision of a seeded random match, as (state, seat to move)."""
    state = game.new_state(seed)
    rng = random.Random(seed)
    for step in range(MAX_STEPS):
        if state.is_over:
            return
        seat = state.actors[0]
        legal = state.legal_actions(seat)
        if step % every == 0 and len(legal) > 1:
            yield state, seat
        state.apply(seat, legal[rng.randrange(len(legal))])


def record(game: Game, make: Callable[[Game, int], Bot], seeds: range, every: int
           ) -> list[list[Any]]:
    """[seed, version, seat, the bot's choice] at each position of the matches ``seeds``."""
    out: list[list[Any]] = []
    for seed in seeds:
        for state, seat in play_positions(game, seed, every):
            bot = make(game, seed * 1000 + state.version)
            choice = bot.choose(Decision.for_bot(state, seat, bot))
            out.append([seed, state.version, seat, str(choice)])
    return out


def agreement(entry: dict[str, Any], bot_name: str) -> tuple[int, int]:
    """(decisions on which today's ``bot_name`` makes the recorded choice, decisions)."""
    options = {**AS_RECORDED.get(entry["game"], {}), **(entry.get("options") or {})}
    game = load_game(entry["game"], entry["players"], options)
    wanted = {(s, v, seat): choice for s, v, seat, choice in entry["decisions"]}
    agree = 0
    for seed in sorted({s for s, _, _, _ in entry["decisions"]}):
        for state, seat in play_positions(game, seed, entry["every"]):
            choice = wanted.get((seed, state.version, seat))
            if choice is None:
                continue
            bot = make_bot(bot_name, game, seed * 1000 + state.version)
            agree += str(bot.choose(Decision.for_bot(state, seat, bot))) == choice
    return agree, len(wanted)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--compare", metavar="BOT", default="greedy")
    args = parser.parse_args()
    for entry in json.loads(GOLDEN.read_text(encoding="utf-8")):
        agree, total = agreement(entry, args.compare)
        print(f"{entry['game']} at {entry['players']}, {entry['bot']} as recorded: today's "
              f"{args.compare} agrees on {agree}/{total} decisions ({agree / total:.1%})")


if __name__ == "__main__":
    main()
