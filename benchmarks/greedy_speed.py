"""How fast ``greedy`` decides in every game, and whether a faster one still decides the same.

Every seat is ``greedy``; matches are dealt from fixed seeds and played in turn until the bots
have spent ``--seconds`` of CPU time choosing (per game and table size). Two figures per game:
decisions per CPU second spent inside ``choose`` (the bot's own cost), and the same with the
building of the seat's view (``Decision.at``) counted too, which is what a simulation or an
environment pays for every greedy move. The engine's own ``legal_actions`` and ``apply`` are
left out of both.

    .venv/bin/python benchmarks/greedy_speed.py                 # decisions/s per game
    .venv/bin/python benchmarks/greedy_speed.py --record        # write the reference decisions
    .venv/bin/python benchmarks/greedy_speed.py --check         # today's greedy against them

``--record`` plays the first rounds of a few seeded greedy matches per game and keeps every
decision (``benchmarks/greedy_reference.json``). ``--check`` replays those matches move by move
(the recorded move is applied, so a disagreement never sends the match elsewhere) and asks
today's greedy at every decision, with the same bot objects the whole match through, as a real
match would: any decision that differs is printed. A speed change that keeps every decision
loses no strength.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from cardtable.bots import Bot, Decision, make_bot
from cardtable.engine.game import Game, State, load_game
from machine import print_machine

TABLES: tuple[tuple[str, int], ...] = (
    ("daylily", 2), ("daylily", 3),
    ("say-rummy", 2), ("say-rummy", 3),
    ("day", 2), ("day", 4),
    ("dummy-rummy", 2), ("dummy-rummy", 4),
    ("liverpool", 2), ("liverpool", 4),
)
"""Each game at 2 and 4 players, or at its usual sizes: Daylily is played by 2 or 3, Say
Rummy mostly by 2 or 3 (its recorded decisions were taken there too)."""

REFERENCE = Path(__file__).resolve().parent / "greedy_reference.json"
OPTIONS: dict[str, dict[str, Any]] = {}
RECORD_ROUNDS: dict[str, int] = {"day": 20, "daylily": 8, "say-rummy": 8, "dummy-rummy": 7,
                                 "liverpool": 7}
"""Rounds recorded per match where a round is short (a hand of Day is a dozen
decisions) or few decisions of the bot are not forced."""
MAX_DECISIONS = 20_000
"""A match stops here whatever happens (none of the five reaches it between greedy bots)."""


def bots_for(game: Game, seed: int) -> list[Bot]:
    return [make_bot("greedy", game, seed * 10 + s) for s in range(game.players)]


def play(game: Game, seed: int, rounds: int | None, budget: float | None = None
         ) -> tuple[int, float, float, list[list[Any]]]:
    """One greedy match from ``seed`` (``rounds`` rounds, None for the whole match): decisions,
    CPU seconds inside ``choose``, CPU seconds building the decisions, and the moves."""
    state: State = game.new_state(seed)
    bots = bots_for(game, seed)
    needs = [getattr(b, "needs", "observation") for b in bots]
    decisions, chose, built = 0, 0.0, 0.0
    moves: list[list[Any]] = []
    clock = time.process_time
    while not state.is_over and decisions < MAX_DECISIONS:
        if rounds is not None and state.rounds_played >= rounds:
            break
        if budget is not None and chose >= budget:
            break
        seat = state.actors[0]
        legal = state.legal_actions(seat)
        t0 = clock()
        decision = Decision.at(state, seat, needs[seat], legal)  # type: ignore[arg-type]
        t1 = clock()
        action = bots[seat].choose(decision)
        t2 = clock()
        built += t1 - t0
        chose += t2 - t1
        decisions += 1
        moves.append([seat, str(action)])
        state.apply(seat, action)
    return decisions, chose, built, moves


def speed(seconds: float) -> None:
    print_machine()
    print(f"\n{'game':<12} {'players':>7} {'decisions':>10} {'choose/s':>10} {'with view/s':>12}")
    for name, players in TABLES:
        game = load_game(name, players, OPTIONS.get(name))
        play(game, 0, 1)  # warm up: word lists, meld tables and caches load on first use
        total, chose, built, seed = 0, 0.0, 0.0, 1
        while chose < seconds:
            d, c, b, _ = play(game, seed, None, seconds - chose)
            total, chose, built, seed = total + d, chose + c, built + b, seed + 1
        print(f"{name:<12} {players:>7} {total:>10,} {total / chose:>10,.0f} "
              f"{total / (chose + built):>12,.0f}", flush=True)


def record(seeds: int, rounds: int) -> None:
    """Record the tables of TABLES (the entries of any other table in the file are kept)."""
    out = [e for e in (json.loads(REFERENCE.read_text(encoding="utf-8"))
                       if REFERENCE.exists() else [])
           if (e["game"], e["players"]) not in TABLES]
    for name, players in TABLES:
        game = load_game(name, players, OPTIONS.get(name))
        for seed in range(1, seeds + 1):
            played = RECORD_ROUNDS.get(name, rounds)
            _, _, _, moves = play(game, seed, played)
            out.append({"game": name, "players": players, "seed": seed, "rounds": played,
                        "moves": moves})
        count = sum(len(e["moves"]) for e in out if (e["game"], e["players"]) == (name, players))
        print(f"{name} at {players}: {count:,} decisions", flush=True)
    REFERENCE.write_text(json.dumps(out, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"written {REFERENCE}")


def check(show: int) -> int:
    """Replay the reference; return how many decisions differ."""
    entries = json.loads(REFERENCE.read_text(encoding="utf-8"))
    tally: dict[tuple[str, int], list[int]] = {}
    differ = 0
    for entry in entries:
        if (entry["game"], entry["players"]) not in TABLES:
            continue
        game = load_game(entry["game"], entry["players"], OPTIONS.get(entry["game"]))
        state = game.new_state(entry["seed"])
        bots = bots_for(game, entry["seed"])
        counts = tally.setdefault((entry["game"], entry["players"]), [0, 0])
        for seat, wanted in entry["moves"]:
            if state.actors[0] != seat:
                raise SystemExit(f"{entry['game']} seed {entry['seed']}: the recorded match "
                                 f"no longer replays (seat {seat} is not to move)")
            legal = state.legal_actions(seat)
            bot = bots[seat]
            got = str(bot.choose(Decision.at(state, seat, getattr(bot, "needs", "observation"),
                                             legal)))
            counts[1] += 1
            if got == wanted:
                counts[0] += 1
            else:
                differ += 1
                if differ <= show:
                    print(f"  {entry['game']} at {entry['players']}, seed {entry['seed']}, "
                          f"version {state.version}, seat {seat}: recorded {wanted!r}, "
                          f"today {got!r}")
            state.apply(seat, game.parse_action(wanted))
    for (name, players), (agree, total) in tally.items():
        print(f"{name} at {players}: {agree:,}/{total:,} decisions as recorded")
    return differ


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0,
                        help="CPU seconds of choosing per game and table size")
    parser.add_argument("--only", help="one game's name: measure that game alone")
    parser.add_argument("--record", action="store_true", help="write the reference decisions")
    parser.add_argument("--check", action="store_true", help="compare with the reference")
    parser.add_argument("--seeds", type=int, default=8, help="matches per table (--record)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds per match (--record)")
    args = parser.parse_args()
    global TABLES
    if args.only:
        TABLES = tuple(t for t in TABLES if t[0] == args.only)
    if args.record:
        record(args.seeds, args.rounds)
    elif args.check:
        differ = check(20)
        print("every decision as recorded" if not differ else f"{differ} decisions differ")
        raise SystemExit(1 if differ else 0)
    else:
        speed(args.seconds)


if __name__ == "__main__":
    main()
