"""A self-play league: MaskablePPO learns one seat against a pool of its own past copies and the
library's greedy bot, through ``cardtable.rl.single_agent``; every generation the current
policy joins the pool, and the next generation's opponent is drawn from it. Then whole matches
against ``random`` and ``greedy``, with 95% intervals.

    python examples/league.py --game dummy-rummy --generations 8 --steps 4096 --matches 100

A past copy plays its seat as a policy (a callable from the seat's observation and mask to an
id), which ``single_agent`` takes beside bot names, so nothing here reaches into the env.
"""

from __future__ import annotations

import argparse
import copy
import random
import time
from typing import Any

import numpy as np
import torch
from ppo_vs_greedy import evaluate
from sb3_contrib import MaskablePPO

from cardtable import rl


def frozen(model: MaskablePPO) -> Any:
    """The model's policy as it is now, as an opponent: sampled, masked."""
    policy = model.policy_class(model.observation_space, model.action_space,
                                model.lr_schedule, **model.policy_kwargs)
    policy.load_state_dict(copy.deepcopy(model.policy.state_dict()))
    policy.set_training_mode(False)

    def act(obs: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
        action, _ = policy.predict(obs, action_masks=mask.view(np.bool_), deterministic=False)
        return int(action)

    return act


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="dummy-rummy")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--generations", type=int, default=8)
    parser.add_argument("--steps", type=int, default=4096, help="training steps a generation")
    parser.add_argument("--matches", type=int, default=100, help="evaluation matches a bot")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.set_num_threads(1)
    rng = random.Random(args.seed)
    env = rl.single_agent(args.game, players=args.players, opponents="greedy")
    env.reset(seed=args.seed)
    model = MaskablePPO("MlpPolicy", env, n_steps=512, batch_size=128, seed=args.seed,
                        verbose=0, device="cpu")
    pool: list[Any] = ["greedy"]
    names = ["greedy"]
    print(f"device cpu; {env.spec_name} at {args.players}, league of {args.generations} "
          f"generations x {args.steps} steps", flush=True)
    began = time.perf_counter()
    for generation in range(args.generations):
        pick = rng.randrange(len(pool))
        env.set_opponents(pool[pick])
        model.learn(total_timesteps=args.steps, reset_num_timesteps=False)
        print(f"generation {generation}: against {names[pick]}, "
              f"{model.num_timesteps} steps so far", flush=True)
        pool.append(frozen(model))
        names.append(f"copy {generation}")
    took = time.perf_counter() - began
    print(f"trained {model.num_timesteps} steps in {took:.1f} s "
          f"({model.num_timesteps / took:.0f} steps/s)", flush=True)
    evaluate(model, args.game, args.players, args.matches)


if __name__ == "__main__":
    main()
