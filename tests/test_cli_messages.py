"""The command line's refusals, as a newcomer meets them: each says the one thing wrong with
what was typed (issue 46, item 9), and every way in reads numbers alike."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest

from cardtable.cli import build_parser, main


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))


def run(argv: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, typed: str = "quit\n") -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    try:
        code = main(argv)
    except SystemExit as exit_:  # argparse's own refusals and --help
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("argv", "said", "not_said"), [
    (["simulate", "daylily", "--games", "-5"], "must be from 1 to", "whole number"),
    (["simulate", "daylily", "--seed", "9" * 1000], "a number of 1,000 digits", "whole number"),
    (["play", "daylily", "--seed", "9" * 1000], "a number of 1,000 digits", "whole number"),
    (["play", "daylily", "--bots", "ismcts:time=abc"], "time must be a number", "unknown bot"),
    (["balance", "daylily", "--compare", "target=abc"], "target must be a whole number",
     "values"),
    (["balance", "daylily", "--compare", "target=80"], "needs 2 to", "not 1"),
])
def test_a_refusal_names_what_is_wrong(
    argv: list[str], said: str, not_said: str,
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, _out, err = run(argv, capsys, monkeypatch)
    assert code == 2
    assert said in err and not_said not in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_other_scripts_digits_are_refused_alike_by_play_and_simulate(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """We chose one spelling of a number everywhere (ASCII digits): ``play --players ٣``
    started a three-player match while ``simulate --players ٣`` refused it."""
    for command in (["play", "daylily", "--seed", "1"], ["simulate", "daylily"]):
        code, out, err = run([*command, "--players", "٣"], capsys, monkeypatch)
        assert code == 2 and "Daylily" not in out
        assert "must be written in the digits 0-9, not '٣'" in err


def test_more_workers_than_cpus_is_said_and_capped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    code, out, err = run(["simulate", "daylily", "--games", "2", "--workers", "999", "--json"],
                         capsys, monkeypatch)
    assert code == 0 and '"games": 2' in out
    assert err.strip() == ("cardtable: --workers 999 is more than this machine's 2 CPUs: playing "
                           "in 2 processes (the results are the same)")


def test_a_question_of_the_judge_has_its_own_help(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out, err = run(["judge", "daylily", "out", "--help"], capsys, monkeypatch)
    assert code == 0 and not err
    assert out.startswith("usage: cardtable judge daylily out ")
    assert "eleven cards" in out and "Cards:" in out


def test_no_help_shows_a_doubled_percent_sign(capsys: pytest.CaptureFixture[str]) -> None:
    parser = build_parser()
    commands = next(a for a in parser._actions if a.dest == "command")
    for name, sub in commands.choices.items():  # type: ignore[union-attr]
        text = sub.format_help()
        assert "%%" not in text, name
        assert "95%" in text or name != "balance"
