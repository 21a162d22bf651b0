"""The spaces of issue 47: true observation bounds, Day's fixed action space, the rummies'
discard history, Say Rummy's word under way in few floats, versioned names, and docs/rl.md's
sizes as the envs have them."""

from __future__ import annotations

import random
import re
from pathlib import Path

import numpy as np
import pytest

from cardtable.engine.game import game_class
from cardtable.rl import GAMES, env

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


FIVE = ("daylily", "say-rummy", "day", "dummy-rummy", "liverpool")


def test_every_game_is_checked() -> None:
    assert set(FIVE) <= set(GAMES)


@pytest.mark.parametrize("name", FIVE)
def test_observations_stay_in_a_tight_box(name: str) -> None:
    """Every observation of random matches lies in the declared box, and the box is the
    values' range (a few units), not a +/-1e6 placeholder."""
    players = max(game_class(name).player_counts)
    e = env(name, min(players, 4))
    box = e.observation_box
    assert box.high.max() <= 25 and box.low.min() >= -10
    rng = random.Random(0)
    seen = 0
    for seed in range(2):
        e.reset(seed=seed)
        for agent in e.agent_iter(600):
            if e.terminations[agent]:
                e.step(None)
                continue
            for other in e.possible_agents:
                assert box.contains(e.observation(other)), f"{other} at {e.table.version}"
            seen += 1
            e.step(rng.choice(np.flatnonzero(e.action_mask(agent)).tolist()))
    assert seen > 100


def test_days_action_space_does_not_grow_with_the_chips() -> None:
    small = env("day", 2)
    large = env("day", 2, options={"stack": 25_000, "limit": "no"})
    assert small.codec.action_size == large.codec.action_size == 55
    large.reset(seed=3)
    rng = random.Random(1)
    bets = 0
    for agent in large.agent_iter(400):
        if large.terminations[agent]:
            large.step(None)
            continue
        allowed = np.flatnonzero(large.action_mask(agent)).tolist()
        bets += sum(t >= 46 for t in allowed)
        large.step(rng.choice(allowed))
    assert bets > 20  # the pot fractions are offered at no-limit


@pytest.mark.parametrize(("name", "players"), [("daylily", 2), ("say-rummy", 3),
                                                ("liverpool", 4)])
def test_the_discard_history_shows_the_cards_under_the_top(name: str, players: int) -> None:
    e = env(name, players)
    e.reset(seed=4)
    start, size = next((f[1], f[2]) for f in e.codec.layout.fields
                       if f[0] == "discard history")
    rows = size // 8
    rng = random.Random(2)
    checked = 0
    for agent in e.agent_iter(800):
        if e.terminations[agent]:
            e.step(None)
            continue
        pile = list(e.table.discard)  # type: ignore[attr-defined]
        history = e.observation(agent)[start:start + size].reshape(8, rows)
        under = pile[-9:-1][::-1]
        assert [int(np.flatnonzero(r)[0]) for r in history[:len(under)]] == under
        assert not history[len(under):].any()
        checked += len(under) > 3
        e.step(rng.choice(np.flatnonzero(e.action_mask(agent)).tolist()))
    assert checked > 20


def test_say_rummys_word_under_way_is_compact_and_keeps_the_order() -> None:
    e = env("say-rummy", 3)
    codec = e.codec
    assert codec.pending_size() < 300  # 1 + 84 + 28 + 160 + 1, not 28 rows of 80
    word: int = codec.WORD  # type: ignore[attr-defined]
    token: int = codec.TOKEN  # type: ignore[attr-defined]
    a = np.zeros(codec.pending_size(), np.float32)
    b = np.zeros(codec.pending_size(), np.float32)
    codec.encode_pending([word, token + 3, token + 7], a, 0)
    codec.encode_pending([word, token + 7, token + 3], b, 0)
    assert not np.array_equal(a, b)


def test_env_names_carry_the_spaces_version() -> None:
    e = env("day_v1", 2)
    assert e.metadata["name"] == "day_v1"
    assert env("day", 2).metadata["name"] == "day_v1"
    with pytest.raises(ValueError, match=r"day's spaces are version 1 now \(day_v1\)"):
        env("day_v0", 2)


def test_docs_give_the_sizes_the_envs_have() -> None:
    """docs/rl.md's table of sizes (game, players, ids, observation floats) is the envs'."""
    rows = re.findall(r"^\| `(\S+)` \| (\d+) \| ([\d,]+) \| ([\d,]+) \|$", DOCS.read_text(),
                      re.M)
    assert len(rows) >= len(GAMES)
    assert {r[0].split("_v")[0] for r in rows} == set(FIVE)
    for name, players, ids, floats in rows:
        e = env(name, int(players))
        assert e.codec.action_size == int(ids.replace(",", "")), name
        assert e.observation_box.shape[0] == int(floats.replace(",", "")), (name, players)
