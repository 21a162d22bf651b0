"""Day at the terminal and seats as people count them (issue 46, item 10): the prompt offers
only moves that are legal, the score sheet's mark is worded by the game, and seats are counted
from 1 on screen while ``--seat`` keeps taking what scripts pass (from 0)."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from cardtable.bots import Decision, make_bot
from cardtable.cli import build_parser, main
from cardtable.engine.game import load_game
from cardtable.engine.kit import presentation_for
from cardtable.terminal.scoresheet import ScoreSheet


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def test_days_prompt_offers_a_raise_only_when_one_is_legal() -> None:
    """Fixed limit caps the raises a round; then only fold and call are left."""
    game = load_game("day", 3, {"max_raises": 1})
    presentation = presentation_for(game)
    names = ["You", "S2", "S3"]
    capped = 0
    for seed in range(12):
        state = game.new_state(seed)
        bots = [make_bot("random", game, seed * 3 + s) for s in range(3)]
        while not state.is_over and state.version < 150:
            seat = state.actors[0]
            legal = list(state.legal_actions(seat))
            view = state.view(seat)
            said = presentation.prompt(view, presentation.moves(view, legal, names), names)
            can = {str(a).split()[0] for a in legal}
            if "call" in can and not can & {"raise", "bet"}:
                capped += 1
                assert "raise" not in said and "bet" not in said, (said, legal)
            state.apply(seat, bots[seat].choose(Decision.for_bot(state, seat, bots[seat])))
    assert capped  # the case was met


def test_days_score_sheet_marks_pots_won_in_its_own_words() -> None:
    presentation = presentation_for(load_game("day", 2))
    sheet = ScoreSheet(["You (seat 1)", "Seat 2 (random)"], 0, mark=presentation.round_mark)
    sheet.add({"kind": "round_scored", "round": 1, "result": {
        "stacks": [12, 8], "pots": [{"winner": 0, "amount": 4, "eligible": [0, 1]}]}})
    screen = io.StringIO()
    Console(file=screen, width=80, color_system=None).print(sheet.render())
    text = screen.getvalue()
    assert "* won a pot" in text and "went out" not in text
    assert text.split()[1:3] == ["You", "S2"]  # seats counted from 1


def test_seats_count_from_one_on_screen_and_from_zero_in_seat(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("hint\nquit\n"))
    assert main(["play", "day", "--players", "3", "--seat", "1", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Day, 3 players; you are seat 2 (--seat 1)." in out
    assert "You (seat 2)" in out and "Seat 1 (greedy)" in out and "Seat 3 (greedy)" in out
    assert "Seat 0" not in out and "seat 0" not in out
    assert " --seat 1 " in out  # to deal it again: the flag as scripts pass it
    commands = next(a for a in build_parser()._actions if a.dest == "command")
    choices: dict[str, Any] = commands.choices  # type: ignore[assignment]
    help_text = " ".join(choices["play"].format_help().split())
    assert "counted from 0 as scripts pass it" in help_text


def test_auto_is_for_games_that_make_offers_out_of_turn(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Daylily sells no discard between turns: "auto" once said offers would be passed for you.
    monkeypatch.setattr(sys, "stdin", io.StringIO("auto\nquit\n"))
    assert main(["play", "daylily", "--players", "2", "--bots", "random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "makes no offers out of turn" in out and "Auto-pass on" not in out
    monkeypatch.setattr(sys, "stdin", io.StringIO("auto\nquit\n"))
    assert main(["play", "liverpool", "--players", "3", "--seed", "3"]) == 0
    assert "Auto-pass on" in capsys.readouterr().out


def test_the_standing_explanations_come_before_the_first_moves_not_between_them_and_the_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seat 3 moves before the person: its discard was printed above the long explanations of
    # the options, which pushed it off a 24-line screen before the table showed the pile.
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "daylily", "--players", "3", "--bots", "greedy,random",
                 "--seed", "7"]) == 0
    lines = capsys.readouterr().out.splitlines()
    legend = next(i for i, line in enumerate(lines) if line.startswith("Melds: a pair is"))
    moved = next(i for i, line in enumerate(lines) if "discarded 1 Shady Lady" in line)
    table = next(i for i, line in enumerate(lines) if line.startswith("  You (seat 1)"))
    assert legend < moved < table
    assert sum(line.startswith("Melds: a pair is") for line in lines) == 1


def test_a_lone_q_asks_before_it_stops_the_match(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "q" also leaves the pager; pressed out of habit at the move prompt it stopped the match.
    monkeypatch.setattr(sys, "stdin", io.StringIO("q\n\nhint\nq\ny\n"))
    assert main(["play", "daylily", "--players", "2", "--bots", "random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.count("Stop here? The match is kept for play --resume") == 2
    assert "Hint:" in out  # played on after the first q
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    assert main(["play", "daylily", "--players", "2", "--bots", "random", "--seed", "3"]) == 0
    assert "Stop here?" not in capsys.readouterr().out
