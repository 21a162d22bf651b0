"""The batched stepper (``cardtable.rl.vector_env``) against gymnasium's ``SyncVectorEnv`` over
the same single-agent tables: random masked ids, steps per second of CPU time, alternating
blocks (best of the repeats).

    .venv/bin/python benchmarks/rl_vector.py [--envs 8] [--steps 4000] [--repeats 3]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode, SyncVectorEnv

from cardtable import rl
from machine import print_machine

TABLES = (("daylily", 2), ("say-rummy", 3), ("day", 4), ("dummy-rummy", 2), ("liverpool", 4))


def run(vec: Any, masks: Any, steps: int) -> float:
    rng = np.random.default_rng(0)
    vec.reset(seed=0)
    began = time.process_time()
    for _ in range(steps // vec.num_envs):
        actions = [int(rng.choice(np.flatnonzero(m))) for m in masks(vec)]
        vec.step(np.array(actions))
    return steps / (time.process_time() - began)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--envs", type=int, default=8)
    parser.add_argument("--steps", type=int, default=4000)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    print_machine()
    print(f"{'table':>16} | {'SyncVectorEnv steps/s':>21} | {'vector_env steps/s':>18} | gain")
    for name, players in TABLES:
        def make(name: str = name, players: int = players) -> Any:
            return rl.single_agent(name, players=players, opponents="random")
        sync = SyncVectorEnv([make] * args.envs, autoreset_mode=AutoresetMode.SAME_STEP)
        ours = rl.vector_env(name, args.envs, players=players, opponents="random")
        best = {"sync": 0.0, "ours": 0.0}
        for _ in range(args.repeats):
            best["sync"] = max(best["sync"], run(
                sync, lambda v: np.stack(v.call("action_masks")), args.steps))
            best["ours"] = max(best["ours"], run(ours, lambda v: v.action_masks(), args.steps))
        print(f"{name + ' x' + str(players):>16} | {best['sync']:>21.0f} | "
              f"{best['ours']:>18.0f} | {best['ours'] / best['sync']:.2f}x")


if __name__ == "__main__":
    main()
