"""A real move with a word too many ("call 5", "draw x") is refused for what it is: that move
takes nothing after it. Calling it an unknown command, and listing the very move the player
typed among the moves, contradicts itself and leaves them guessing what was wrong."""

from __future__ import annotations

import pytest

from cardtable.engine.errors import NotationError
from cardtable.engine.game import load_game
from test_play_files import (
    _in_tmp,  # noqa: F401  (an autouse fixture: records and sittings in tmp)
    run_told,
)


@pytest.mark.parametrize(("game", "typed", "said"), [
    ("day", "call 5", "'call' takes no amount: write just 'call'"),
    ("day", "all in 40", "'all in' takes no amount: write just 'all in'"),
    ("day", "keep x", "'keep' takes nothing after it: write just 'keep'"),
    ("day", "Fold  fold", "'fold' takes nothing after it: write just 'fold'"),
    ("day", "check please", "'check' takes nothing after it: write just 'check'"),
    ("liverpool", "draw x", "'draw' takes nothing after it: write just draw"),
    ("liverpool", "pass x", "'pass' takes nothing after it: write just pass"),
    ("liverpool", "buy 5", "'buy' takes nothing after it: write just buy"),
    ("liverpool", "Take 7S", "'take' takes nothing after it: write just take"),
    ("dummy-rummy", "draw x", "'draw' takes nothing after it: write just draw"),
    ("dummy-rummy", "rummy now", "'rummy' takes nothing after it: write just rummy"),
])
def test_a_move_with_a_word_too_many_is_told_it_takes_nothing_more(
        game: str, typed: str, said: str) -> None:
    with pytest.raises(NotationError) as refused:
        load_game(game, 3).parse_action(typed)
    message = str(refused.value)
    assert message.startswith(said), message
    assert "unknown command" not in message and "the moves are" not in message


@pytest.mark.parametrize(("argv", "typed", "said"), [
    (["day", "--players", "3", "--seed", "5", "--bots", "random"], "call 5",
     "'call' takes no amount: write just 'call'"),
    (["liverpool", "--players", "3", "--seed", "5", "--bots", "random"], "buy 5",
     "'buy' takes nothing after it: write just buy"),
])
def test_the_terminal_says_which_move_took_too_much_and_lists_moves_only_for_unknown_words(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        argv: list[str], typed: str, said: str) -> None:
    code, out, _ = run_told(["play", *argv], capsys, monkeypatch, f"{typed}\nshove\nquit\n")
    assert code == 0
    flat = " ".join(out.split())
    assert said in flat
    assert f"unknown command {typed.split()[0]!r}" not in flat
    assert "unknown command 'shove': the moves are" in flat  # an unknown word still lists them
