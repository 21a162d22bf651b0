"""``cardtable play crazy-eights``: the terminal plays a game it was never told about, in a
real terminal (pexpect) and a whole match through its session, a person's moves typed."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pexpect
from cardtable.bots import make_bot
from cardtable.engine.game import load_game
from cardtable.engine.kit import presentation_for
from cardtable.engine.record import load_record, verify
from cardtable.terminal.session import PlaySession
from rich.console import Console

PLAY = "import sys; from cardtable.cli import main; sys.exit(main(sys.argv[1:]))"


def test_a_person_plays_in_a_real_terminal(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path / "data"), "COLUMNS": "100"}
    env.pop("CARDTABLE_PAUSE", None)
    child = pexpect.spawn(sys.executable, ["-c", PLAY, "play", "crazy-eights", "--seed", "3",
                                           "--bots", "random"],
                          cwd=str(tmp_path), env=env, encoding="utf-8", timeout=30)
    try:
        child.expect("starts the discard pile")
        child.expect("Your move")
        child.sendline("play 9Z")
        child.expect("'9Z' is not a card")
        child.sendline("play 8C")  # not held, or an eight that names no suit: refused either way
        child.expect(r"an eight names the suit|you do not hold the 8♣")
        child.sendline("draw")
        child.expect(r"You \(seat 1\) drew the (10|[2-9AJQK])[♣♦♥♠] from the stock")
        child.sendline("quit")
        child.expect("saved")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    record = load_record(str(tmp_path / "records" / "crazy-eights-3.json"))
    assert [0, "draw"] in record["actions"]
    assert verify(record)[1] == []


def test_a_whole_match_at_the_terminal(tmp_path: Path) -> None:
    """The person's moves are typed by the keys the presentation gives them (what the
    terminal offers), a refused one first; the match runs to its end and its record replays."""
    game = load_game("crazy-eights", 3, {"hands": 2})
    out = io.StringIO()
    console = Console(file=out, width=100, highlight=False, color_system=None)
    bots = {1: make_bot("random", game, 1), 2: make_bot("random", game, 2)}
    typed: list[str] = []
    names = ["You", "Seat 1", "Seat 2"]

    def read(prompt: str) -> str:
        state = session.state
        legal = state.legal_actions(0)
        if not legal:
            return ""
        if not typed:
            typed.append("pass now")
            return "pass now"
        moves = presentation_for(game).moves(state.view(0), legal, names)
        move = moves[len(typed) % 2 - 1]  # the first listed and the last by turns
        key = move["key"] or move["move"]  # what a person types: 7H, 8C h, d, p
        typed.append(key)
        return key

    session = PlaySession(game, 5, 0, bots, tmp_path / "match.json", console=console, read=read)
    assert session.run() == 0
    shown = out.getvalue()
    assert session.state.is_over
    assert "pass now" in typed and len(typed) > 5
    assert "d" in typed and "You (seat 1) drew the" in shown
    assert "You (seat 1) played the" in shown
    # The terminal draws the game's own board and prompt.
    assert "Crazy Eights · hand 1 of 2 · " in shown and "Suit to follow:" in shown
    assert "went out" in shown or "blocked" in shown
    assert "The match is over" in shown
    record = load_record(str(tmp_path / "match.json"))
    assert record["over"] and verify(record)[1] == []
