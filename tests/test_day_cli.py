"""Day from the command line: the referee's JSON, terminal play, simulate, rules and replay."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from cardtable.cli import main
from cardtable.engine.record import load_record, verify

EXAMPLE_DEALER = "7 Rising, 9 Risen, 5 Setting"


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)


def judge(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    code = main(["judge", "day", "showdown", *argv])
    out, err = capsys.readouterr()
    assert code == 0, err
    assert err == ""
    answer: dict[str, Any] = json.loads(out)
    return answer


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(["judge", "day", "showdown", *argv])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


# ---- judge day showdown -----------------------------------------------------------------------

def test_the_referee_settles_the_rule_texts_example(capsys: pytest.CaptureFixture[str]) -> None:
    answer = judge(capsys, "--dealer", EXAMPLE_DEALER, "--player", "Crown, 4 Risen",
                   "--player", "7 Risen, 10 Setting", "--player", "7 Setting, 3 Rising")
    assert answer == {"conditions": ["consecutive", "kind", "kind"], "points": [4, 2, 2],
                      "best": [0]}


def test_the_referee_reports_a_tie_for_the_draw_and_applies_substitution(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--dealer", EXAMPLE_DEALER, "--player", "7 risen, 10 setting",
            "--player", "7 SETTING, 3 rising"]
    assert judge(capsys, *args)["best"] == [0, 1]
    answer = judge(capsys, *args, "--substituted", "1")
    assert answer == {"conditions": ["kind", "kind"], "points": [2, 1], "best": [0]}


def test_the_referee_takes_the_showdown_options(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--dealer", "1 Rising, 2 Risen, 3 Setting", "--player", "Moon Setting, 4 Rising"]
    assert judge(capsys, *args)["conditions"] == ["full-consecutive"]
    assert judge(capsys, *args, "-o", "moon_value=13")["conditions"] == ["highest-card"]
    code = main(["judge", "--option", "full_day_points=7", "day", "showdown",
                 "--dealer", "2 Setting, 5 Setting, 4 Risen", "--player", "3 Rising, 6 Rising"])
    out, _ = capsys.readouterr()
    assert code == 0 and json.loads(out) == {"conditions": ["full-day"], "points": [7],
                                              "best": [0]}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--dealer", "7 Rising, 9 Risen", "--player", "1 Rising, 2 Rising"], "has 3 cards"),
        (["--dealer", EXAMPLE_DEALER, "--player", "1 Rising, 2 Rising", "--substituted", "²"],
         "from 0 to 0"),
        (["--dealer", EXAMPLE_DEALER, "--player", "14 Rising, 2 Rising"], "not a value"),
        (["--dealer", EXAMPLE_DEALER, "--player", "1 Dusk, 2 Rising"], "not a suit"),
        (["--dealer", EXAMPLE_DEALER], "at least one player"),
        (["--player", "1 Rising, 2 Rising"], "dealer's three cards"),
        (["--dealer", EXAMPLE_DEALER, "--player", "1 Rising, 2 Rising", "--substituted", "1"],
         "from 0 to 0"),
        (["--dealer", EXAMPLE_DEALER, "--players", "1 Rising, 2 Rising"], "unknown flag"),
        (["--dealer", EXAMPLE_DEALER, "--player", "1 Rising, 2 Rising", "-o", "moon=1"],
         "unknown option"),
    ],
)
def test_the_referee_refuses_what_no_real_table_holds(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert message in refused(capsys, *argv)


def test_a_card_named_twice_is_answered_as_no_real_showdown(
    capsys: pytest.CaptureFixture[str],
) -> None:
    answer = judge(capsys, "--dealer", EXAMPLE_DEALER, "--player", "7 Rising, 2 Rising")
    assert answer == {"conditions": [], "points": [], "best": [], "valid": False,
                      "reason": "7 Rising is named twice, but the deck holds only one"}


# ---- play, replay, rules, simulate ----------------------------------------------------------

def test_a_person_plays_day_in_the_terminal_and_the_record_replays(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Keep, then check or call whatever comes, with a few mistakes on the way.
    typed = "help\nbet 2\nswap 1 Nowhere\nk\nraise 5\n" + "c\nx\n" * 30 + "quit\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    code = main(["play", "day", "--players", "3", "--bots", "random", "--seed", "11",
                 "--option", "limit=no"])
    out, err = capsys.readouterr()
    assert code == 0
    assert "Traceback" not in out + err
    assert "Your cards (2 cards):" in out and "The dealer's cards" in out
    assert "Substitution (3):" in out  # help lists keep and both swaps
    assert "first choose whether to substitute" in out
    assert "Day · hand 1 of at most 100 · no limit · substitution" in out
    assert "is not a suit" in out
    assert "write 'raise to N'" in out
    assert "To call:" in out or "Nothing to call." in out
    assert "\nHand 1\n" in out  # the hand's result
    # The move log, in the game's words: the deal, the person's own choice, a showdown.
    assert "Hand 1 is dealt by Seat 2 (random); the dealer's cards: 11 Setting and 5 Setting" \
        in out
    assert "You (seat 1), Seat 2 (random) and Seat 3 (random) anted 1 each; the pot is 3." in out
    assert "You (seat 1) kept both cards." in out
    assert "You (seat 1) showed 4 Setting and Moon Rising: X of a kind (two 4s), 2 points." in out
    data = load_record("records/day-11.json")
    _state, problems = verify(data)
    assert problems == []
    assert data["options"]["limit"] == "no"
    code = main(["replay", "records/day-11.json"])
    out, _ = capsys.readouterr()
    assert code == 0 and "result confirmed" in out


def test_rules_lists_every_day_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "day"]) == 0
    out, _ = capsys.readouterr()
    for option in ("stack", "ante", "limit", "bet_size", "max_raises", "dealer", "rake",
                   "rake_cap", "hands", "moon_value", "kind_scope", "full_day_points"):
        assert f"\n{option} " in out


def test_simulate_plays_day_sessions_between_bots(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "day", "--players", "4", "--games", "3", "--bots", "random",
                 "--option", "hands=10", "--option", "limit=pot", "--json"])
    out, _ = capsys.readouterr()
    assert code == 0
    report = json.loads(out)
    assert report["violations"] == 0 and report["games"] == 3
    assert report["rounds"] <= 30


def test_the_hint_counts_the_chance_of_winning_from_the_seats_view(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("k\nhint\nquit\n"))
    code = main(["play", "day", "--players", "2", "--bots", "random", "--seed", "3"])
    out, _ = capsys.readouterr()
    assert code == 0
    # The search's line gives its move, the chance of the cards held and its figures.
    search = " ".join(out[out.index("Hint: Try "):].split("Your move", 1)[0].split())
    assert "showdowns against any cards 1 opponent could hold" in search
    assert "deals of the cards you cannot see" in search


def test_the_hint_at_the_substitution_weighs_keeping_against_each_swap(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The game's own hint line counts the chance of the cards held; the search's line adds
    what neither says alone: the chance after swapping either card. The advice is the best of
    those chances (here keeping: 56% against 38% and 33%, where the search once advised a
    swap), and no play-out figures are claimed for a move that was counted, not searched."""
    monkeypatch.setattr(sys, "stdin", io.StringIO("hint\nquit\n"))
    code = main(["play", "day", "--players", "2", "--bots", "random", "--seed", "3"])
    out, _ = capsys.readouterr()
    assert code == 0
    greedy = " ".join(out[out.index("Hint: Try "):].split("Your move", 1)[0].split())
    assert greedy.startswith("Hint: Try keep. Keeping both cards wins about 56% of "
                             "showdowns against any cards 1 opponent could hold; swapping the "
                             "9 Setting would give about 38%, the 11 Risen 33%"), greedy
    assert "deals of the cards you cannot see" not in greedy  # counted, not searched
    assert out.count("Try ") == 1  # one hint, one move
