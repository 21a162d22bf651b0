"""The PettingZoo environments: PettingZoo's own API and seed tests for every game and table
size, masks that never allow a refused move, every legal move reachable, and observations that
hold nothing a seat cannot see."""

from __future__ import annotations

import random
import warnings
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from cardtable.engine.game import State, game_class
from cardtable.rl import GAMES, CardTableEnv, env
from cardtable.rl.env import Chooser

TABLES = [(name, n) for name in GAMES for n in game_class(name).player_counts]


@pytest.mark.parametrize(("name", "players"), TABLES)
def test_pettingzoo_api_and_seed(name: str, players: int) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns that a dict observation "is not a NumPy array": the classic envs
        # (chess, go, connect four) have the same {"observation", "action_mask"} shape.
        warnings.simplefilter("ignore", UserWarning)
        api_test(env(name, players, episode="round", render_mode="ansi"), num_cycles=40)
        seed_test(lambda: env(name, players, episode="round"), num_cycles=40)


def _decisions(e: CardTableEnv, rng: random.Random, steps: int, seeds: int = 2
               ) -> Iterator[str]:
    """The agent on move at each decision of ``seeds`` random matches, ``steps`` decisions at
    most each: once the caller has looked, a uniform random id the mask allows is stepped."""
    for seed in range(seeds):
        e.reset(seed=seed)
        for _ in range(steps):
            agent = e.agent_selection
            if e.terminations[agent]:
                break
            yield agent
            e.step(int(rng.choice(np.flatnonzero(e.action_mask(agent)))))


def _encode(e: CardTableEnv, state: State, seat: int) -> Any:
    """The seat's observation from its view, checked equal to the codec's fast path."""
    obs = np.zeros(e.codec.layout.size, dtype=np.float32)
    e.codec.encode(state.view(seat), seat, obs)
    fast = np.zeros(e.codec.layout.size, dtype=np.float32)
    e.codec.encode_state(state, seat, fast)
    assert np.array_equal(obs, fast), "the fast encoding differs from the view's"
    return obs


def _check_decision(e: CardTableEnv, rng: random.Random) -> None:
    """At the decision on move: every legal action has its own spelling and comes back when
    chosen id by id through the env's own decision (which may list some moves only once their
    first id is chosen); the mask allows exactly the first ids of the legal actions, and each
    leads only to actions the engine accepts; the seat's observation is the same in samples
    that deal the cards it cannot see afresh."""
    state = e.table
    seat = state.actors[0]
    engine = list(state.legal_actions(seat))
    listed, deferred = e.codec.choices(state, seat)
    legal = [*listed, *(deferred[1]() if deferred is not None else ())]
    # the env offers the engine's moves, except that Day's bets are its pot fractions
    assert all(state.refusal(seat, a) is None for a in legal)
    assert all(type(a).__name__ in ("Bet", "RaiseTo") for a in engine if a not in legal)
    spellings = [e.codec.spell(a) for a in legal]
    assert len(set(spellings)) == len(spellings), "two legal actions share a spelling"
    assert all(len(s) <= e.codec.max_spelling for s in spellings)
    assert [e.codec.first(a) for a in legal] == [s[0] for s in spellings]
    picks = list(zip(legal, spellings, strict=True))
    if len(picks) > 40:  # thousands of lay-downs or words: a sample of them
        picks = rng.sample(picks, 40)
    def env_decision() -> Chooser:
        listed, deferred = e.codec.choices(state, seat)
        return Chooser(listed, e.codec, deferred)

    for action, spelling in picks:
        chooser = env_decision()
        got = None
        for k, token in enumerate(spelling):
            assert token in chooser.allowed()
            got = chooser.choose(token)
            assert (got is None) == (k < len(spelling) - 1)
        assert got == action
    mask = e.observe(e.agent_selection)["action_mask"]
    on_move = e.decision()
    assert on_move is not None and not on_move.prefix
    assert set(np.flatnonzero(mask).tolist()) == {s[0] for s in spellings}
    for allowed in np.flatnonzero(mask):
        chooser = env_decision()
        got = chooser.choose(int(allowed))
        reached = list(chooser.actions) if got is None else [got]
        assert reached
        for action in reached:
            assert state.refusal(seat, action) is None, f"mask allows refused {action}"
    for other in range(e.game.players):
        real = _encode(e, state, other)
        observation = state.observe(other)
        for _ in range(2):
            sample = observation.sample(rng)
            assert np.array_equal(_encode(e, sample, other), real), (
                f"seat {other}'s observation depends on cards it cannot see"
            )
        if other == seat:
            assert [str(a) for a in observation.legal_actions()] == [str(a) for a in engine]


@pytest.mark.parametrize(("name", "players"), [
    ("daylily", 2), ("daylily", 3), ("say-rummy", 2), ("say-rummy", 4), ("day", 3),
    ("dummy-rummy", 5), ("liverpool", 4),
])
def test_masks_reachability_and_secrecy(name: str, players: int) -> None:
    e = env(name, players)
    rng = random.Random(7)
    checked = 0
    for step, _agent in enumerate(_decisions(e, rng, 300)):
        decision = e.decision()
        if step % 7 == 0 and decision is not None and not decision.prefix:
            _check_decision(e, rng)
            checked += 1
    assert checked > 20


@pytest.mark.parametrize(("name", "players", "options"), [
    *((name, n, {}) for name, n in TABLES),
    ("day", 4, {"limit": "no"}), ("day", 3, {"limit": "pot", "hands": 3}),
])
def test_fast_encoding_equals_the_views(name: str, players: int,
                                        options: dict[str, Any]) -> None:
    """Every codec reads its observation from the state's fields (skipping the view's card names
    for speed): at every decision of random matches, for every seat, that encoding equals the
    one read from ``state.view(seat)``."""
    e = env(name, players, options)
    size = e.codec.layout.size
    rng = random.Random(3)
    checked = 0
    for _agent in _decisions(e, rng, 150):
        state = e.table
        for seat in range(players):
            slow = np.zeros(size, dtype=np.float32)
            e.codec.encode(state.view(seat), seat, slow)
            fast = np.full(size, 0.0, dtype=np.float32)
            e.codec.encode_state(state, seat, fast)
            assert np.array_equal(slow, fast), (
                f"seat {seat} at version {state.version}: fields "
                + ", ".join(f[0] for f in e.codec.layout.fields
                            for i in np.flatnonzero(slow != fast) if f[1] <= i < f[1] + f[2])
            )
            checked += 1
    assert checked > 100


def test_an_id_the_mask_refuses_is_refused() -> None:
    e = env("daylily", 2)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    version = e.table.version
    with pytest.raises(ValueError, match="not allowed"):
        e.step(int(np.flatnonzero(mask == 0)[0]))
    assert e.table.version == version


@pytest.mark.parametrize(("name", "players"), [
    ("daylily", 2), ("say-rummy", 3), ("day", 4), ("dummy-rummy", 4), ("liverpool", 3),
])
def test_whole_moves_are_judged_by_the_engine_as_the_mask_does(name: str, players: int
                                                                ) -> None:
    """The env steps a whole move's id (``Codec.wholes``) straight to the engine, without
    listing the decision: each such id spells its own action, and at every decision of random
    matches the engine accepts exactly the whole moves the mask allows; one it refuses is a
    ValueError that leaves the table and the agent on move as they were."""
    e = env(name, players)
    wholes = e.codec.wholes
    assert wholes, "every game has whole moves"
    assert [e.codec.spell(a) for a in wholes] == [(i,) for i in range(len(wholes))]
    rng = random.Random(2)
    refused = 0
    for agent in _decisions(e, rng, 400):
        state = e.table
        seat = state.actors[0]
        mask = e.action_mask(agent)
        decision = e.decision()
        assert decision is not None
        if decision.prefix:
            continue
        for token, action in enumerate(wholes):
            assert bool(mask[token]) == (state.refusal(seat, action) is None), (
                f"{action} at version {state.version}")
        shut = [t for t in range(len(wholes)) if not mask[t]]
        if shut and refused < 30:
            version = state.version
            with pytest.raises(ValueError, match="is not allowed now"):
                e.step(rng.choice(shut))
            assert (e.table.version, e.agent_selection) == (version, agent)
            assert np.array_equal(e.action_mask(agent), mask)
            refused += 1
    assert refused == 30


def test_reset_with_a_seed_deals_the_engines_match() -> None:
    e = env("say-rummy", 3)
    e.reset(seed=11)
    assert e.table.deals == game_class("say-rummy")(3).new_state(11).deals
    e.reset()
    first = e.table.deals
    e.reset(seed=11)
    e.reset()
    assert e.table.deals == first


def test_whole_match_rewards() -> None:
    """A whole random match: round rewards follow the change in standing, the match end adds
    +1 for each winner and -1 for the others."""
    e = env("daylily", 2, options={"target": 30})
    e.reset(seed=5)
    rng = np.random.default_rng(0)
    totals = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    state = e.table
    assert state.is_over
    for i, a in enumerate(e.possible_agents):
        diff = (state.scores[i] - state.scores[1 - i]) / e.codec.scale
        win = 1.0 if i in state.winners else -1.0
        assert totals[a] == pytest.approx(diff + win)


def test_render_ansi() -> None:
    e = env("daylily", 3, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert isinstance(text, str) and "Daylily Rummy" in text and "to choose" in text


@pytest.mark.parametrize(("name", "players"), [("liverpool", 4), ("dummy-rummy", 3)])
def test_contract_lay_downs_listed_only_when_down_is_chosen(name: str, players: int) -> None:
    """The env asks the engine whether the seat may lay down instead of listing every lay-down
    (hundreds in a hand kept long): at every decision of random matches (the env's own uniform
    ids, which keep such hands), that answer and the other moves are exactly the engine's
    legal actions split in two, in order; choosing DOWN then lists the engine's lay-downs."""
    from cardtable.games.contract.actions import Down

    e = env(name, players)
    rng = random.Random(5)
    kept = 0
    for _agent in _decisions(e, rng, 1500):
        state = e.table
        seat = state.actors[0]
        decision = e.decision()
        assert decision is not None
        if not decision.prefix:
            legal = list(state.legal_actions(seat))
            downs = [a for a in legal if isinstance(a, Down)]
            listed, deferred = e.codec.choices(state, seat)
            assert list(listed) == [a for a in legal if not isinstance(a, Down)]
            assert (deferred is not None) == bool(downs)
            if deferred is not None:
                kept += 1
                assert list(deferred[1]()) == downs
    assert kept > 20, "too few decisions with a lay-down kept back to test"
