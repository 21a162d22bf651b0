"""One seat against the library's bots (issue 47): a gymnasium.Env that gymnasium's own checker
accepts, whose rewards add up to the learner's result, that deals a given deal, and a batched
stepper that plays the same episodes as the tables one by one."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_reset_return_type, check_reset_seed_determinism

from cardtable import rl


def _random_episode(env: Any, rng: np.random.Generator) -> tuple[float, int]:
    total, steps = 0.0, 0
    done = False
    while not done:
        mask = env.action_masks()
        assert mask.dtype == np.bool_ and mask.any()
        obs, reward, done, truncated, _ = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert not truncated and env.observation_space.contains(obs)
        total += reward
        steps += 1
    assert not env.action_masks().any()  # over: nothing is allowed
    return total, steps


def test_it_is_a_gymnasium_env_with_masks() -> None:
    """Gymnasium's own checks of reset (seeded determinism, spaces); its step check samples
    ids without the mask, which no masked env passes, so steps are checked masked here."""
    env = rl.single_agent("daylily", players=2, opponents="random")
    assert isinstance(env, gymnasium.Env) and type(env).__mro__[1] is gymnasium.Env
    assert isinstance(env.action_space, gymnasium.spaces.Discrete)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        check_reset_seed_determinism(env)
        check_reset_return_type(env)
    obs, _ = env.reset(seed=0)
    assert env.observation_space.contains(obs)
    assert env.action_masks().shape == (env.action_space.n,)  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "players"), [("dummy-rummy", 2), ("day", 3)])
def test_the_learners_rewards_add_up_to_its_match_result_against_greedy(
        game: str, players: int) -> None:
    """The other seats are played by greedy inside step; the learner's rewards over the match
    are its final standing plus 1 when it won, minus 1 when it did not."""
    env = rl.single_agent(game, players=players, opponents="greedy")
    rng = np.random.default_rng(1)
    _obs, info = env.reset(seed=4)
    assert info["seat"] == env.seat and info["skipped"] == []
    total, _ = _random_episode(env, rng)
    state = env.table
    assert state.is_over
    standing = env.aec._standings()[env.seat]
    won = 1.0 if env.seat in state.winners else -1.0
    assert total == pytest.approx(standing + won)
    history = state.history
    assert {seat for seat, _ in history} == set(range(players))  # every seat played


def test_a_seeded_reset_replays_the_episode_and_seats_are_drawn() -> None:
    env = rl.single_agent("dummy-rummy", players=3, opponents=["greedy", "random"])
    seats = set()
    for seed in range(6):
        env.reset(seed=seed)
        seats.add(env.seat)
    assert len(seats) > 1
    runs = []
    for _ in range(2):
        env.reset(seed=9)
        _random_episode(env, np.random.default_rng(3))
        runs.append(env.table.record()["actions"])
    assert runs[0] == runs[1]


def test_reset_to_a_deal_or_a_record() -> None:
    env = rl.single_agent("daylily", players=2, opponents="greedy", seat=1)
    env.reset(seed=12)
    record = env.table.record()
    first = record["deals"][0]
    other = rl.single_agent("daylily", players=2, opponents="random", seat=1)
    other.reset(seed=99, options={"deal": first})
    assert other.table.deals[0]["hands"] == first["hands"]
    other.reset(seed=98, options={"record": record})
    assert other.table.deals[0]["hands"] == first["hands"]
    version = other.table.version
    bad = dict(first, hands=[first["hands"][0], first["hands"][0]])
    with pytest.raises(ValueError) as refused:
        other.reset(options={"deal": bad})
    assert "\n" not in str(refused.value)
    assert other.table.version == version  # the table is as it was
    with pytest.raises(ValueError, match="is of say-rummy at 2 players, not daylily"):
        other.reset(options={"record": dict(record, game="say-rummy")})
    # A slip of the key was read as no deal at all, and a shuffled match dealt.
    with pytest.raises(ValueError, match="reset has no option 'dael': did you mean 'deal'"):
        other.reset(options={"dael": first})
    assert other.table.version == version
    other.reset(seed=97, options={"options": 1})  # a key of someone else's (PettingZoo's test)


def test_bad_set_up_is_refused_in_one_sentence() -> None:
    with pytest.raises(ValueError, match="unknown bot"):
        rl.single_agent("day", players=2, opponents="nobody")
    with pytest.raises(ValueError, match="a list of 2"):
        rl.single_agent("day", players=3, opponents=["greedy"])
    with pytest.raises(ValueError, match="seat must be"):
        rl.single_agent("day", players=3, seat=5)
    env = rl.single_agent("day", players=2, opponents="random")
    env.reset(seed=1)
    refused = int(np.flatnonzero(~env.action_masks())[0])
    with pytest.raises(ValueError, match="not allowed"):
        env.step(refused)


def test_a_policy_plays_a_seat_beside_a_bot() -> None:
    """A league's past copy plays its seat from its own observation and mask."""
    seen: list[int] = []

    def first_allowed(obs: Any, mask: Any) -> int:
        seen.append(obs.shape[0])
        return int(np.flatnonzero(mask)[0])

    env = rl.single_agent("say-rummy", players=3, opponents=[first_allowed, "greedy"], seat=0)
    env.reset(seed=2)
    _random_episode(env, np.random.default_rng(0))
    assert seen and set(seen) == {env.observation_space.shape[0]}


def test_the_batched_stepper_plays_what_single_tables_play() -> None:
    vec = rl.vector_env("daylily", 3, players=2, opponents="random", episode="round")
    singles = [rl.single_agent("daylily", players=2, opponents="random", episode="round")
               for _ in range(3)]
    obs, _info = vec.reset(seed=5)
    rows = [e.reset(seed=5 + i)[0] for i, e in enumerate(singles)]
    assert np.array_equal(obs, np.stack(rows))
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(400):
        masks = vec.action_masks()
        assert masks.shape == (3, vec.single_action_space.n)
        actions = [int(rng.choice(np.flatnonzero(m))) for m in masks]
        obs, rewards, ended, _trunc, infos = vec.step(actions)
        for i, e in enumerate(singles):
            o, r, done, _, _ = e.step(actions[i])
            assert rewards[i] == pytest.approx(r) and ended[i] == done
            if done:
                assert np.array_equal(infos["final_obs"][i], o)
                o, _ = e.reset()
                finished += 1
            assert np.array_equal(obs[i], o)
    assert finished > 0
