"""cardtable's tools on a game they have never heard of: ``cardtable simulate`` and
``cardtable balance``, the search bot, and the RL environment."""

from __future__ import annotations

import json
import random
import warnings
from typing import Any

import numpy as np
import pytest
from cardtable.bots import Decision, make_bot
from cardtable.cli import main
from cardtable.engine.game import load_game
from cardtable.rl import env, rl_games
from pettingzoo.test import api_test, seed_test


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 0, err
    data: dict[str, Any] = json.loads(out)
    return data


def test_simulate_plays_the_game_and_greedy_beats_random(
        capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "simulate", "crazy-eights", "--games", "30", "--players", "3",
                    "--bots", "greedy,random", "--json")
    assert data["finished"] == 30 and data["violations"] == 0
    assert data["rounds"] >= 30
    # The line-up turns, so greedy sits in every seat; it wins far more than its third.
    assert data["by_bot"]["greedy"]["win_rate"] > 0.6
    again = run_json(capsys, "simulate", "crazy-eights", "--games", "30", "--players", "3",
                     "--bots", "greedy,random", "--json")
    assert again["mean_scores"] == data["mean_scores"]  # the same seed, the same matches


def test_balance_reports_the_seats_and_the_shape_of_a_match(
        capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "balance", "crazy-eights", "--games", "40", "--players", "4",
                    "--option", "draw=until", "--json")
    text = json.dumps(data)
    assert data["game"] == "crazy-eights" and data["players"] == 4
    assert "rounds a match" in text and "first player won" in text
    # The game's own measures, from its kit: how hands end, what the eights do.
    assert data["diagnostics"]["end:out"]["label"] == "hands ended by a player going out"
    assert data["diagnostics"]["eights"]["total"] > 0
    assert sum(data["families"]["named"].values()) == data["diagnostics"]["eights"]["total"]
    compared = run_json(capsys, "balance", "crazy-eights", "--games", "20",
                        "--compare", "draw=one,until", "--json")
    assert "until" in json.dumps(compared)


def test_the_search_bot_plays_a_match_from_its_seat_alone() -> None:
    game = load_game("crazy-eights", 3, {"hands": 1})
    search = make_bot("ismcts:iters=40", game, seed=3)
    greedy = make_bot("greedy", game)
    state = game.new_state(5)
    chosen = []
    while not state.is_over:
        seat = state.actors[0]
        bot = search if seat == 0 else greedy
        action = bot.choose(Decision.for_bot(state, seat, bot))
        if seat == 0:
            chosen.append(str(action))
        state.apply(seat, action)
    assert chosen and state.rounds_played == 1
    # The same seed and budget make the same first choice (the search reads only the seat's
    # sealed observation, seeded from the bot's seed, the seat and the version).
    twin = make_bot("ismcts:iters=40", game, seed=3)
    fresh = game.new_state(5)
    while fresh.actors[0] != 0:
        fresh.apply(fresh.actors[0], greedy.choose(Decision.for_bot(fresh, fresh.actors[0],
                                                                    greedy)))
    assert str(twin.choose(Decision.for_bot(fresh, 0, twin))) == chosen[0]


def test_the_rl_environment_passes_pettingzoos_tests_and_masks_what_the_engine_refuses() -> None:
    assert "crazy-eights" in rl_games()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        api_test(env("crazy-eights", 3, episode="round", render_mode="ansi"), num_cycles=40)
        seed_test(lambda: env("crazy-eights", 3, episode="round"), num_cycles=40)
    e = env("crazy-eights", 4, options={"hands": 2})
    wholes = e.codec.wholes
    assert [e.codec.spell(a) for a in wholes] == [(i,) for i in range(len(wholes))]
    e.reset(seed=2)
    rng = random.Random(4)
    for _agent in e.agent_iter():
        obs, _reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        state = e.table
        seat = state.actors[0]
        mask = obs["action_mask"]
        assert [bool(m) for m in mask] == [state.refusal(seat, a) is None for a in wholes]
        e.step(int(rng.choice(list(np.flatnonzero(mask)))))
    assert e.table.is_over and e.table.rounds_played == 2
