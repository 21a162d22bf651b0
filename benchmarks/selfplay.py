"""Random self-play speed of any game through the engine, side by side with OpenSpiel.

The game (default Daylily, 3 players) is played exactly as `cardtable simulate` plays it:
legal_actions, RandomBot.choose, apply, and the state's invariant check after every decision.
OpenSpiel's C++ `gin_rummy` is driven from Python with uniform random actions, chance nodes
sampled from their outcome probabilities, and only player decisions counted. The two run in
alternating blocks so that a busy neighbour on a shared machine slows both alike.

    .venv/bin/python benchmarks/selfplay.py [--game liverpool] [--players 4] [--seconds 5]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from cardtable import load_game
from cardtable.bots import Decision, RandomBot
from cardtable.sim import play_match, seat_bots
from machine import print_machine

OPENSPIEL_BAR_NOTE = "issue 2 quotes about 46k decisions/s for OpenSpiel on these machines"


def cardtable_block(
    name: str, players: int, seconds: float, first_match: int
) -> tuple[int, float, int]:
    """Whole matches through the simulate path for ``seconds``: decisions, time, matches."""
    game = load_game(name, players)
    names = seat_bots(["random"], players)
    decisions = 0
    match = first_match
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        outcome = play_match(game, names, 2024, match)
        if outcome.problems:
            raise SystemExit(f"invariant breach in match {match}: {outcome.problems[0]}")
        decisions += outcome.decisions
        match += 1
    return decisions, time.perf_counter() - began, match - first_match


def cardtable_plain_block(
    name: str, players: int, seconds: float, seed: int
) -> tuple[int, float]:
    """The bare protocol loop, no invariant check: what the rules code alone costs."""
    game = load_game(name, players)
    bot = RandomBot(game, seed)
    decisions = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        state = game.new_state(seed)
        seed += 1
        while not state.is_over:
            seat = state.actors[0]
            state.apply(seat, bot.choose(Decision.at(state, seat, bot.needs)))
            decisions += 1
    return decisions, time.perf_counter() - began


def openspiel_block(pyspiel: Any, seconds: float, seed: int) -> tuple[int, float, int, float]:
    """Whole games of gin_rummy with uniform random play: decisions, time, games, and the time
    spent at chance nodes (dealing and stock draws, which Daylily's figure also includes)."""
    game = pyspiel.load_game("gin_rummy")
    rng = random.Random(seed)
    decisions = 0
    games = 0
    chance_time = 0.0
    clock = time.perf_counter
    began = clock()
    while clock() - began < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                t0 = clock()
                outcomes = state.chance_outcomes()
                x = rng.random()
                action = outcomes[-1][0]
                for a, p in outcomes:
                    x -= p
                    if x < 0:
                        action = a
                        break
                state.apply_action(action)
                chance_time += clock() - t0
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
                decisions += 1
        games += 1
    return decisions, clock() - began, games, chance_time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seconds", type=float, default=5.0, help="length of each block")
    parser.add_argument("--blocks", type=int, default=3, help="blocks per side, alternating")
    parser.add_argument("--game", default="daylily")
    parser.add_argument("--players", type=int, default=3)
    args = parser.parse_args()

    print_machine()
    try:
        import pyspiel
    except ImportError:
        pyspiel = None
        print("OpenSpiel: pyspiel is not importable (install it: .venv/bin/pip install "
              "open_spiel); reporting cardtable alone")

    ct_dec = ct_time = 0.0
    os_dec = os_time = os_chance = 0.0
    ct_matches = os_games = 0
    match = 0
    print(f"\nrandom self-play, {args.game} {args.players} players vs OpenSpiel gin_rummy "
          f"({args.blocks} alternating blocks of {args.seconds:g} s)")
    for block in range(args.blocks):
        d, t, m = cardtable_block(args.game, args.players, args.seconds, match)
        match += m
        ct_dec += d
        ct_time += t
        ct_matches += m
        line = f"  block {block + 1}: cardtable {d / t:>9,.0f} decisions/s ({m} matches)"
        if pyspiel is not None:
            d2, t2, g2, c2 = openspiel_block(pyspiel, args.seconds, block)
            os_dec += d2
            os_time += t2
            os_chance += c2
            os_games += g2
            line += f" | OpenSpiel gin_rummy {d2 / t2:>9,.0f} decisions/s ({g2} games)"
        print(line, flush=True)

    ct_rate = ct_dec / ct_time
    print(f"\ncardtable {args.game} ({args.players}p, simulate path, "
          "invariant check each decision): "
          f"{ct_rate:,.0f} decisions/s over {ct_matches} matches, {ct_dec:,.0f} decisions "
          f"({ct_dec / ct_matches:,.0f} a match)")
    d, t = cardtable_plain_block(args.game, args.players, args.seconds, 10_000)
    print(f"cardtable {args.game} ({args.players}p, bare protocol loop, no invariant check): "
          f"{d / t:,.0f} decisions/s")
    if pyspiel is not None:
        os_rate = os_dec / os_time
        print(f"OpenSpiel gin_rummy (C++ from Python, uniform random): {os_rate:,.0f} decisions/s "
              f"over {os_games} games ({os_dec / os_games:,.0f} decisions a game); "
              f"{OPENSPIEL_BAR_NOTE}")
        print(f"  of its time {os_chance / os_time:.0%} went to chance nodes; without them "
              f"{os_dec / (os_time - os_chance):,.0f} decisions/s")
        verdict = "meets" if ct_rate >= os_rate else "MISSES"
        print(f"ratio cardtable / OpenSpiel: {ct_rate / os_rate:.2f}x -> {verdict} the bar "
              "(at least as fast as OpenSpiel, measured in the same run)")


if __name__ == "__main__":
    main()
