"""MaskablePPO (sb3-contrib) learns one seat against the library's greedy bot, through
``cardtable.rl.single_agent`` as it is: no wrapper of ours, then plays whole matches against
``random`` and ``greedy`` and reports the win rates with 95% (Wilson) intervals.

    pip install "cardtable[train]"            # torch, sb3-contrib
    python examples/ppo_vs_greedy.py --game dummy-rummy --steps 20000 --matches 100

It prints one line per stage and ends with ``won W of M against BOT (P%, 95% interval L%-H%)``
for each bot, the training's wall time and steps/s.
"""

from __future__ import annotations

import argparse
import math
import time
from typing import Any

import torch
from sb3_contrib import MaskablePPO

from cardtable import rl


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a win rate (sensible at 0 and n wins too)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play_matches(model: Any, game: str, players: int, bot: str, matches: int,
                 seed: int) -> int:
    """Whole matches of the trained policy (deterministic, masked) against ``bot`` at every
    other seat, the learner's seat drawn each match; the matches it won (ties count)."""
    env = rl.single_agent(game, players=players, opponents=bot)
    wins = 0
    for m in range(matches):
        obs, _info = env.reset(seed=seed + m)
        done = False
        while not done:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, _reward, done, _trunc, _ = env.step(int(action))
        wins += env.seat in env.table.winners
    return wins


def report(label: str, wins: int, n: int) -> str:
    low, high = wilson(wins, n)
    return (f"won {wins} of {n} against {label} ({100 * wins / n:.1f}%, 95% interval "
            f"{100 * low:.1f}%-{100 * high:.1f}%)")


def evaluate(model: Any, game: str, players: int, matches: int) -> None:
    """Whole matches against ``random`` and ``greedy``, a line each with its 95% interval."""
    for bot in ("random", "greedy"):
        began = time.perf_counter()
        wins = play_matches(model, game, players, bot, matches, 10_000)
        print(report(bot, wins, matches) + f" in {time.perf_counter() - began:.1f} s",
              flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="dummy-rummy")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponent", default="greedy", help="the bot trained against")
    parser.add_argument("--steps", type=int, default=20_000, help="training steps (ids)")
    parser.add_argument("--matches", type=int, default=100, help="evaluation matches a bot")
    parser.add_argument("--episode", default="match", choices=("match", "round"))
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.set_num_threads(1)
    env = rl.single_agent(args.game, players=args.players, opponents=args.opponent,
                          episode=args.episode)
    env.reset(seed=args.seed)
    model = MaskablePPO("MlpPolicy", env, n_steps=512, batch_size=128, seed=args.seed,
                        verbose=0, device="cpu")
    print(f"device cpu; {env.spec_name} at {args.players}, training against "
          f"{args.opponent} for {args.steps} steps", flush=True)
    began = time.perf_counter()
    model.learn(total_timesteps=args.steps)
    took = time.perf_counter() - began
    print(f"trained {model.num_timesteps} steps in {took:.1f} s "
          f"({model.num_timesteps / took:.0f} steps/s)", flush=True)
    evaluate(model, args.game, args.players, args.matches)


if __name__ == "__main__":
    main()
