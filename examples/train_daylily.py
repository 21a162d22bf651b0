"""Train a masked policy for Daylily Rummy heads-up against the random bot, then measure it.

    pip install -e ".[train]"            # PyTorch, CPU build (or any torch you have)
    .venv/bin/python examples/train_daylily.py [--rounds 12000] [--matches 1000]

Seat 0 is the learner, seat 1 picks uniformly among the legal moves (the mask). Training plays
single rounds (``episode="round"``) in a batch of environments at once, one forward pass for
the whole batch, and updates by REINFORCE: every learner decision of a round is credited with
that round's reward (the change in standing, points / 100) less a running baseline. Then the
policy plays whole matches (to the default 100 points) and the win rate is reported. CPU by
default, a GPU when torch sees one.
"""

from __future__ import annotations

import argparse
import time

import numpy as np
import torch
from torch import nn

from cardtable.rl import env
from cardtable.sim.stats import wilson


class Policy(nn.Module):
    def __init__(self, obs_size: int, actions: int) -> None:
        super().__init__()
        self.net = nn.Sequential(nn.Linear(obs_size, 256), nn.ReLU(),
                                 nn.Linear(256, 256), nn.ReLU(), nn.Linear(256, actions))

    def forward(self, obs: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        logits = self.net(obs)
        return logits.masked_fill(~mask, -1e9)


def play(policy: Policy, device: torch.device, batch: int, episodes: int, episode: str,
         seed: int, learn: bool, rng: np.random.Generator,
         won: list[bool]) -> tuple[list[float], list[torch.Tensor]]:
    """Play ``episodes`` episodes, ``batch`` at a time. Returns the learner's reward of each
    episode and, when learning, the sum of its log-probabilities per episode; whole matches
    append to ``won`` whether the learner alone won."""
    envs = [env("daylily", 2, episode=episode) for _ in range(min(batch, episodes))]
    rewards: list[float] = []
    logps: list[torch.Tensor] = []
    started = 0
    live: dict[int, list[torch.Tensor]] = {}
    totals: dict[int, float] = {}
    for i, e in enumerate(envs):
        e.reset(seed=seed + started)
        started += 1
        live[i], totals[i] = [], 0.0
    while live:
        # step the random seats and finished envs until every live env waits on the learner
        waiting = []
        for i in list(live):
            e = envs[i]
            while True:
                agent = e.agent_selection
                if all(e.terminations.values()):
                    totals[i] += e._cumulative_rewards["player_0"]
                    if episode == "match":
                        won.append(e.table.winners == [0])
                    break
                if agent == "player_0":
                    waiting.append(i)
                    break
                allowed = np.flatnonzero(e.action_mask(agent))
                e.step(int(allowed[rng.integers(len(allowed))]))
            if i not in waiting:
                rewards.append(totals[i])
                if learn:
                    logps.append(torch.stack(live[i]).sum() if live[i] else torch.zeros(()))
                del live[i]
                if started < episodes:
                    e.reset(seed=seed + started)
                    started += 1
                    live[i], totals[i] = [], 0.0
        if not waiting:
            continue
        obs = [envs[i].observe("player_0") for i in waiting]
        o = torch.as_tensor(np.stack([x["observation"] for x in obs]), device=device)
        m = torch.as_tensor(np.stack([x["action_mask"] for x in obs]), device=device).bool()
        with torch.set_grad_enabled(learn):
            dist = torch.distributions.Categorical(logits=policy(o, m))
            acts = dist.sample()
            lp = dist.log_prob(acts)
        for k, i in enumerate(waiting):
            e = envs[i]
            totals[i] += e._cumulative_rewards["player_0"]
            e.step(int(acts[k]))
            if learn:
                live[i].append(lp[k])
    return rewards, logps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=12000, help="training rounds")
    parser.add_argument("--batch", type=int, default=64, help="environments played at once")
    parser.add_argument("--matches", type=int, default=1000, help="evaluation matches")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)  # tiny matrices: more threads only contend (2 shared cores here)
    rng = np.random.default_rng(args.seed)
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    probe = env("daylily", 2)
    size = probe.observation_space("player_0")["observation"].shape[0]
    policy = Policy(size, int(probe.action_space("player_0").n)).to(device)
    optimiser = torch.optim.Adam(policy.parameters(), lr=3e-4)
    print(f"device {device}; observation {size} floats; {probe.action_space('player_0').n} ids")
    began = time.perf_counter()
    baseline = 0.0
    done = 0
    while done < args.rounds:
        rewards, logps = play(policy, device, args.batch, args.batch, "round",
                              1_000_000 + done, True, rng, [])
        r = torch.tensor(rewards, device=device)
        baseline = 0.9 * baseline + 0.1 * float(r.mean())
        loss = -((r - baseline) * torch.stack(logps)).mean()
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()
        done += len(rewards)
        if done % (args.batch * 10) == 0:
            print(f"  {done} rounds, mean round reward {float(r.mean()):+.3f}, "
                  f"{time.perf_counter() - began:.0f} s")
    trained = time.perf_counter() - began
    policy.eval()
    won: list[bool] = []
    play(policy, device, 100, args.matches, "match", 0, False, rng, won)
    wins = sum(won)
    low, high = wilson(wins, len(won))
    print(f"trained on {done} rounds in {trained:.0f} s; whole matches against random: "
          f"won {wins} of {len(won)} ({wins / len(won):.1%}, 95% interval {low:.1%}-{high:.1%}), "
          f"{time.perf_counter() - began:.0f} s in all")


if __name__ == "__main__":
    main()
