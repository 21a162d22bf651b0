"""RL environments against the engine: random masked stepping vs the engine's random self-play.

For each game, the same seeded matches are played these ways, alternating in blocks so
that a busy machine hurts all of them alike, and the cost is given per engine decision (one
action applied to the state; a word spelled over several env steps is one decision):

- engine: ``legal_actions`` + a uniform random choice + ``apply`` (the simulate loop's core);
- env, mask: ``env.action_mask(agent)`` + a uniform random allowed id + ``env.step``;
- engine, env moves: the engine's loop over the moves the mask run chose (the same states);
- env, obs: ``env.last()`` (the whole observation dict, as a training loop reads it) + a
  uniform random allowed id + ``env.step``.

The bar (issue 14) is env/engine <= 2x. Times are CPU time (``time.process_time``), best of
the repeats: other jobs on a shared machine then cost less than in wall-clock time.

    .venv/bin/python benchmarks/rl_speed.py [--matches 3] [--repeats 3] [--game daylily]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

from cardtable import load_game
from cardtable.rl import env
from machine import print_machine

TABLES: tuple[tuple[str, int, dict[str, object]], ...] = (
    ("daylily", 2, {}),
    ("daylily", 3, {}),
    ("say-rummy", 3, {}),
    ("day", 6, {}),
    ("dummy-rummy", 4, {}),
    ("liverpool", 4, {}),
)


def engine_run(name: str, players: int, options: dict[str, object],
               seeds: range) -> tuple[int, float]:
    game = load_game(name, players, options)
    decisions = 0
    began = time.process_time()
    for seed in seeds:
        state = game.new_state(seed)
        rng = random.Random(seed)
        while True:
            actors = state.actors
            if not actors:
                break
            seat = actors[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        decisions += state.version
    return decisions, time.process_time() - began


def engine_replay(name: str, players: int, options: dict[str, object], seeds: range,
                  moves: list[list[tuple[int, Any]]]) -> tuple[int, float]:
    """The engine's loop over the very moves an env run chose: the engine's own cost of the
    decisions the env met. Uniform ids are not uniform moves (a contract's hundreds of lay-downs
    share the one id DOWN), so the env's random play reaches other states than the engine's,
    some dearer to the engine itself (Liverpool hands kept long list many lay-downs)."""
    game = load_game(name, players, options)
    decisions = 0
    began = time.process_time()
    for seed, match in zip(seeds, moves, strict=True):
        state = game.new_state(seed)
        for seat, action in match:
            state.legal_actions(seat)
            state.apply(seat, action)
        decisions += state.version
    return decisions, time.process_time() - began


def env_run(name: str, players: int, options: dict[str, object], seeds: range,
            full: bool, moves: list[list[tuple[int, Any]]] | None = None
            ) -> tuple[int, int, float]:
    e = env(name, players, options)
    decisions = steps = 0
    began = time.process_time()
    for seed in seeds:
        e.reset(seed=seed)
        rng = random.Random(seed)
        for agent in e.agent_iter():
            if full:
                obs, _reward, terminated, truncated, _info = e.last()
                mask = obs["action_mask"]
            else:
                terminated, truncated = e.terminations[agent], e.truncations[agent]
                mask = None if terminated or truncated else e.action_mask(agent)
            if terminated or truncated:
                e.step(None)
                continue
            assert mask is not None
            allowed = mask.nonzero()[0]
            e.step(int(allowed[rng.randrange(len(allowed))]))
            steps += 1
        decisions += e.table.version
        if moves is not None:
            moves.append(e.table.history)
    return decisions, steps, time.process_time() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=3, help="matches per block")
    parser.add_argument("--repeats", type=int, default=3, help="blocks of each kind")
    parser.add_argument("--game", help="only this game")
    args = parser.parse_args()
    print_machine()
    print(f"{'table':>16} | {'engine us/dec':>13} | {'env mask us/dec':>15} | "
          f"{'ratio':>5} | {'env obs us/dec':>14} | {'ratio':>5} | {'engine, env moves':>17} | "
          f"{'mask/it':>7} | steps/dec")
    for name, players, options in TABLES:
        if args.game and name != args.game:
            continue
        try:
            load_game(name, players, options).new_state(0)
        except TypeError as exc:  # a game package mid-conversion in this tree
            print(f"{name + ' x' + str(players):>16} | skipped: {exc}")
            continue
        seeds = range(args.matches)
        best = {"engine": float("inf"), "mask": float("inf"), "obs": float("inf"),
                "same": float("inf")}
        steps_per = 1.0
        for _ in range(args.repeats):
            d, t = engine_run(name, players, options, seeds)
            best["engine"] = min(best["engine"], t / d)
            moves: list[list[tuple[int, Any]]] = []
            d, s, t = env_run(name, players, options, seeds, full=False, moves=moves)
            best["mask"] = min(best["mask"], t / d)
            d, t = engine_replay(name, players, options, seeds, moves)
            best["same"] = min(best["same"], t / d)
            steps_per = s / d
            d, s, t = env_run(name, players, options, seeds, full=True)
            best["obs"] = min(best["obs"], t / d)
        eng = best["engine"]
        print(f"{name + ' x' + str(players):>16} | {eng * 1e6:>13.1f} | "
              f"{best['mask'] * 1e6:>15.1f} | {best['mask'] / eng:>5.2f} | "
              f"{best['obs'] * 1e6:>14.1f} | {best['obs'] / eng:>5.2f} | "
              f"{best['same'] * 1e6:>17.1f} | {best['mask'] / best['same']:>7.2f} | "
              f"{steps_per:.2f}")


if __name__ == "__main__":
    main()
