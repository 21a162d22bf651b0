"""One seat learns, the others are played by the library's bots or by policies: a
``gymnasium.Env`` over the AEC environment, for single-agent learners (sb3-contrib's MaskablePPO
takes it as it is: ``action_masks()``), and a batched stepper of several such tables.

The other seats are played inside ``step`` and ``reset``: a bot by its engine move
(:meth:`CardTableEnv.play`, so a bot's compound move is one call), a policy id by id from its
own seat's observation. The learner's reward is the AEC reward of its seat summed over
everything that happened since its last step (its own move and the others' up to its next
decision or the episode's end).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from cardtable.bots import Bot, Decision, Needs, make_bot
from cardtable.rl.codec import Obs
from cardtable.rl.env import CardTableEnv, Mask

#: A seat played by a policy: the id it chooses from its seat's observation and action mask
Policy = Callable[[Obs, Mask], int]
#: What may play an opponent's seat: a bot's name (``"greedy"``, ``"ismcts:iters=50"``) or a
#: policy
Opponent = str | Policy
#: Episodes in a row that may end before the learner moves before reset gives up
MAX_SKIPPED = 1000


def _row(mask: Mask) -> np.ndarray[Any, np.dtype[np.bool_]]:
    return mask.view(np.bool_)


class SingleAgentEnv(gymnasium.Env[Obs, np.int64]):
    """One seat of a cardtable game as a gymnasium environment (see docs/rl.md, "One seat
    against bots").

    ``opponents`` plays every other seat: one bot name or policy for all of them, or a list of
    ``players - 1`` of them for the other seats in turn order after the learner's. ``seat`` is
    the learner's seat, or None for one drawn at each reset from the env's seeded generator.
    The observation is the AEC env's float vector (its true-bounded ``Box``); the action an id
    of its ``Discrete`` space, legal ones given by :meth:`action_masks`. A step is one id: a
    compound move (a rummy's lay-down, a word) takes several steps, each with reward 0 until
    the move is made, and the others do not move in between.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012

    def __init__(self, game: str, players: int | None = None,
                 opponents: Opponent | Sequence[Opponent] = "greedy", seat: int | None = None,
                 options: dict[str, Any] | None = None, episode: str = "match",
                 render_mode: str | None = None) -> None:
        self.aec = CardTableEnv(game, players, options, render_mode, episode)
        self.game = self.aec.game
        self.render_mode = render_mode
        n = self.game.players
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < n):
            raise ValueError(f"seat must be None (drawn each episode) or a seat from 0 to "
                             f"{n - 1}, not {seat!r}")
        self.fixed_seat = seat
        self.action_space = spaces.Discrete(self.aec.codec.action_size)
        self.observation_space = self.aec.observation_box
        self.spec_name = self.aec.name
        self._rng = random.Random()
        self.seat = 0 if seat is None else seat
        self._bots: dict[int, Bot] = {}
        self._policies: dict[int, Policy] = {}
        self.set_opponents(opponents)

    # ---- who plays the other seats ----------------------------------------------------------
    def set_opponents(self, opponents: Opponent | Sequence[Opponent]) -> None:
        """Who plays the other seats from the next reset on (a league swaps its past policies
        in between episodes). A bot name is checked here: an unknown one is refused with one
        sentence."""
        n = self.game.players
        listed = ([opponents] * (n - 1) if isinstance(opponents, str) or callable(opponents)
                  else list(opponents))
        if len(listed) != n - 1:
            raise ValueError(f"opponents must be one bot name or policy, or a list of {n - 1} "
                             f"(one per other seat), not {len(listed)}")
        for who in listed:
            if isinstance(who, str):
                make_bot(who, self.game, 0)  # refuses an unknown name with one sentence
            elif not callable(who):
                raise ValueError(f"an opponent is a bot name or a policy (a callable taking "
                                 f"the observation and the mask), not {who!r}")
        self.opponents: list[Opponent] = listed

    def _seat_players(self, rng: random.Random) -> None:
        """The opponents at the other seats for this episode: bots made afresh, seeded from
        the env's generator, so an episode is replayed by its reset seed."""
        n = self.game.players
        self._bots = {}
        self._policies = {}
        for k, who in enumerate(self.opponents):
            other = (self.seat + 1 + k) % n
            if isinstance(who, str):
                self._bots[other] = make_bot(who, self.game, rng.getrandbits(32))
            else:
                self._policies[other] = who

    # ---- the episode ------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[Obs, dict[str, Any]]:
        """A new episode, the learner on move. ``seed`` seeds the env's generator (the deals,
        the learner's seat when drawn, the bots' seeds); ``options`` as the AEC env's reset
        takes them: ``{"deal": ...}`` or ``{"record": ...}`` sets the table.

        An episode can end before the learner's first move (in a game where the others'
        moves alone can finish a round: all folding, going out before the learner's turn).
        Gymnasium's reset cannot report a reward, so such an episode is not handed to the
        learner: reset deals the next one, and lists the ones it passed over in
        ``info["skipped"]`` (each its match seed, the learner's seat and its reward in it).
        With a given deal there is no next one to deal: reset refuses it with one sentence
        instead."""
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        rng = self._rng
        skipped: list[dict[str, Any]] = []
        fixed = bool(options) and any(k in (options or {}) for k in ("deal", "record"))
        while True:
            match_seed = rng.getrandbits(62)
            if self.fixed_seat is None:
                self.seat = rng.randrange(self.game.players)
            self._seat_players(rng)
            self.aec.reset(seed=match_seed, options=options)
            self._agent = self.aec.possible_agents[self.seat]
            reward = self._others()
            if self.aec._live:
                break
            if fixed:
                raise ValueError(f"that deal ends before seat {self.seat} moves (the others' "
                                 "play finished it): nothing is left for the learner to do")
            skipped.append({"seed": match_seed, "seat": self.seat, "reward": reward})
            if len(skipped) >= MAX_SKIPPED:
                raise RuntimeError(f"{MAX_SKIPPED} episodes in a row ended before seat "
                                   f"{self.seat} moved")
        self._pending = reward  # rewards of a round the others ended before the first move
        info = {"seat": self.seat, "seed": match_seed, "skipped": skipped}
        return self.aec.observation(self._agent), info

    def _others(self) -> float:
        """Play the other seats until the learner is on move or the episode is over; the
        learner's reward meanwhile."""
        aec = self.aec
        agent = self._agent
        reward = 0.0
        bots = self._bots
        while aec._live and aec.agent_selection != agent:
            seat = aec._seat
            bot = bots.get(seat)
            if bot is not None:
                needs: Needs = getattr(bot, "needs", "observation")
                aec.play(bot.choose(Decision.at(aec.table, seat, needs)))
            else:
                other = aec.agent_selection
                aec.step(self._policies[seat](aec.observation(other), aec.action_mask(other)))
            reward += aec.rewards[agent]
        return reward

    def step(self, action: int | np.integer[Any]) -> tuple[Obs, float, bool, bool,
                                                            dict[str, Any]]:
        """The learner's id, then the others' moves up to its next decision or the episode's
        end. An id the mask does not allow is refused (ValueError, nothing changed)."""
        aec = self.aec
        if not aec._live:
            raise ValueError("the episode is over: call reset() first")
        aec.step(action)
        reward = aec.rewards[self._agent] + self._pending
        self._pending = 0.0
        if aec._live and aec.agent_selection != self._agent:
            reward += self._others()
        return aec.observation(self._agent), reward, not aec._live, False, {}

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The ids the learner may choose now (all False once the episode is over): what
        sb3-contrib's MaskablePPO asks for."""
        return _row(self.aec.action_mask(self._agent))

    @property
    def table(self) -> Any:
        """The engine state (the referee's copy, for records and logs)."""
        return self.aec.table

    def render(self) -> str | None:
        return self.aec.render()


def single_agent(game: str, players: int | None = None,
                 opponents: Opponent | Sequence[Opponent] = "greedy", seat: int | None = None,
                 options: dict[str, Any] | None = None, episode: str = "match",
                 render_mode: str | None = None) -> SingleAgentEnv:
    """One seat of ``game`` as a ``gymnasium.Env``, the other seats played by ``opponents``."""
    return SingleAgentEnv(game, players, opponents, seat, options, episode, render_mode)


class BatchedEnv(VectorEnv):
    """Several :class:`SingleAgentEnv` tables stepped together, a ``gymnasium.vector.VectorEnv``
    (same-step autoreset: a finished table's last observation is in ``infos["final_obs"]``, the
    row returned is the next episode's first). It writes each table's observation into one
    array and keeps the infos to what ends, which is what it saves over ``SyncVectorEnv``
    (benchmarks/rl_vector.py measures it). ``action_masks()`` gives one row per table."""

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self, envs: Sequence[SingleAgentEnv]) -> None:
        if not envs:
            raise ValueError("a batch needs at least one table")
        self.envs = list(envs)
        self.num_envs = len(self.envs)
        first = self.envs[0]
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(first.observation_space, self.num_envs)
        self.action_space = batch_space(first.action_space, self.num_envs)
        shape = first.observation_space.shape
        assert shape is not None
        size = shape[0]
        self._obs = np.zeros((self.num_envs, size), dtype=np.float32)
        self._rewards = np.zeros(self.num_envs, dtype=np.float64)
        self._terminations = np.zeros(self.num_envs, dtype=np.bool_)
        self._truncations = np.zeros(self.num_envs, dtype=np.bool_)

    def reset(self, *, seed: int | Sequence[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[Obs, dict[str, Any]]:
        """Every table anew; ``seed`` an int (table ``i`` gets ``seed + i``) or one per table."""
        if seed is None:
            seeds: list[int | None] = [None] * self.num_envs
        elif isinstance(seed, int):
            seeds = [seed + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
        seats = np.zeros(self.num_envs, dtype=np.int64)
        for i, (env, s) in enumerate(zip(self.envs, seeds, strict=True)):
            self._obs[i], info = env.reset(seed=s, options=options)
            seats[i] = info["seat"]
        return self._obs.copy(), {"seat": seats}

    def step(self, actions: Any) -> tuple[Obs, Any, Any, Any, dict[str, Any]]:
        final: dict[int, Obs] = {}
        obs, rewards, ended = self._obs, self._rewards, self._terminations
        for i, env in enumerate(self.envs):
            o, r, done, _trunc, _info = env.step(actions[i])
            rewards[i] = r
            ended[i] = done
            if done:
                final[i] = o
                o, _ = env.reset()
            obs[i] = o
        infos: dict[str, Any] = {}
        if final:
            kept = np.zeros(self.num_envs, dtype=np.bool_)
            rows = np.empty(self.num_envs, dtype=object)
            for i, o in final.items():
                kept[i] = True
                rows[i] = o
            infos = {"final_obs": rows, "_final_obs": kept}
        return obs.copy(), rewards.copy(), ended.copy(), self._truncations.copy(), infos

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        return np.stack([env.action_masks() for env in self.envs])

    def call(self, name: str, *args: Any, **kwargs: Any) -> tuple[Any, ...]:
        return tuple(getattr(env, name)(*args, **kwargs) for env in self.envs)


def vector_env(game: str, num_envs: int, players: int | None = None,
               opponents: Opponent | Sequence[Opponent] = "greedy", seat: int | None = None,
               options: dict[str, Any] | None = None, episode: str = "match") -> BatchedEnv:
    """``num_envs`` tables of :func:`single_agent` as one :class:`BatchedEnv`."""
    if num_envs < 1:
        raise ValueError(f"num_envs must be at least 1, not {num_envs}")
    return BatchedEnv([single_agent(game, players, opponents, seat, options, episode)
                       for _ in range(num_envs)])
