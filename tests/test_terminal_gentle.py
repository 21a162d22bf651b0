"""The gentle bot, the children's level chosen in the terminal's menu: sensible but unhurried."""

from __future__ import annotations

import pytest

from cardtable.bots import Bot, Decision, bot_names, is_bot_name, make_bot
from cardtable.engine.errors import OptionError
from cardtable.engine.game import game_names, load_game
from cardtable.sim import SimConfig, simulate


def early_endings(bot: str, players: int = 3, matches: int = 10) -> tuple[int, int, int]:
    """Say Rummy rounds that ended before seat 0 (a child, playing at random) had drawn once,
    before it had drawn twice, and all rounds, with ``bot`` at the other seats."""
    before_first = before_second = rounds = 0
    for seed in range(matches):
        game = load_game("say-rummy", players)
        state = game.new_state(seed)
        seated: dict[int, Bot] = {s: make_bot(bot if s else "random", game, seed * 10 + s)
                                  for s in range(players)}
        draws = 0
        while not state.is_over:
            seat = state.actors[0]
            version = state.version
            state.apply(seat, seated[seat].choose(Decision.for_bot(state, seat, seated[seat])))
            events = state.events(None, version)
            kinds = {e["kind"] for e in events}
            if seat == 0 and kinds & {"drew_stock", "drew_discard"}:
                draws += 1
            if "round_scored" in kinds:
                rounds += 1
                before_first += draws == 0
                before_second += draws <= 1
                draws = 0
    return before_first, before_second, rounds


def test_gentle_waits_for_every_player_where_greedy_often_does_not() -> None:
    greedy = early_endings("greedy")
    gentle = early_endings("gentle")
    assert greedy[1] >= 10  # greedy often ends a game before the child's second turn
    assert gentle[0] == 0 and gentle[1] == 0


def test_gentle_is_a_bot_of_every_game_and_plays_whole_matches_legally() -> None:
    for name in game_names():
        assert "gentle" in bot_names(name)
        assert is_bot_name("gentle:turns=1:ease=0", name)
    for name, players in (("daylily", 3), ("say-rummy", 3), ("dummy-rummy", 3),
                          ("liverpool", 3), ("day", 3)):
        report = simulate(SimConfig(name, players, ("gentle", "greedy", "random"), games=1,
                                    seed=4, options={"rounds": 1} if name == "daylily" else {},
                                    rounds=1))
        assert report.tally.violations == 0, name
        assert report.tally.by_bot["gentle"]["played"] == 1


def test_gentle_is_still_a_real_opponent() -> None:
    report = simulate(SimConfig("say-rummy", 2, ("gentle", "random"), games=10, seed=3))
    assert report.tally.by_bot["gentle"]["won"] >= 7, report.tally.by_bot


def test_gentle_is_deterministic_for_a_seed() -> None:
    game = load_game("say-rummy", 3)

    def moves() -> list[str]:
        state = game.new_state(5)
        bots = {s: make_bot("gentle", game, s) for s in range(3)}
        out = []
        while not state.is_over and state.version < 80:
            seat = state.actors[0]
            action = bots[seat].choose(Decision.for_bot(state, seat, bots[seat]))
            out.append(str(action))
            state.apply(seat, action)
        return out

    assert moves() == moves()


@pytest.mark.parametrize(("name", "message"), [
    ("gentle:turns=x", "turns must be a whole number"),
    ("gentle:turns=99", "turns must be between 0 and 50"),
    ("gentle:ease=2", "ease must be between 0 and 1"),
    ("gentle:ease=nan", "ease must be a number"),
    ("gentle:ease=²", "ease must be a number"),
    ("gentle:speed=1", "no parameter 'speed'"),
])
def test_bad_gentle_parameters_are_one_sentence(name: str, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        make_bot(name, load_game("say-rummy", 2), 0)
