"""Where a newcomer's matches go and how piped output reads (issue 46, item 11): resuming
goes on in one sitting, records go where CARDTABLE_RECORDS says and the quit message says
where that is, simulate's seat table says the seats rotate, piped output has no padding."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from cardtable.cli import main


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("CARDTABLE_RECORDS", raising=False)


def run(argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        typed: str = "quit\n") -> tuple[int, str]:
    code, out, _ = run_told(argv, capsys, monkeypatch, typed)
    return code, out


def run_told(argv: list[str], capsys: pytest.CaptureFixture[str],
             monkeypatch: pytest.MonkeyPatch, typed: str = "quit\n") -> tuple[int, str, str]:
    """The exit status, what was printed, and what was said on stderr (never a traceback)."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    code = main(argv)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def sittings(tmp_path: Path) -> list[str]:
    return sorted(p.name for p in (tmp_path / "data" / "cardtable" / "sittings").glob("*"))


def test_resuming_a_record_goes_on_in_its_sitting_not_a_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    play = ["play", "daylily", "--seed", "7", "--bots", "random"]
    assert run(play, capsys, monkeypatch)[0] == 0
    assert sittings(tmp_path) == ["daylily-7.json"]
    for _ in range(2):  # from the record, then from the latest sitting, then the record
        assert run(["play", "--resume", "records/daylily-7.json"], capsys, monkeypatch,
                   "draw stock\nquit\n")[0] == 0
        assert run(["play", "--resume"], capsys, monkeypatch)[0] == 0
    assert sittings(tmp_path) == ["daylily-7.json"]
    assert sorted(p.name for p in (tmp_path / "records").iterdir()) == ["daylily-7.json"]


def test_records_go_where_the_setting_says_and_quitting_says_where(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out = run(["play", "daylily", "--seed", "3"], capsys, monkeypatch)
    assert code == 0
    assert f"saved to records/daylily-3.json (in {tmp_path}; CARDTABLE_RECORDS=FOLDER" in out
    kept = tmp_path / "kept"
    monkeypatch.setenv("CARDTABLE_RECORDS", str(kept))
    code, out = run(["play", "daylily", "--seed", "4"], capsys, monkeypatch)
    assert code == 0 and f"saved to {kept / 'daylily-4.json'}\n" in out
    assert (kept / "daylily-4.json").is_file()
    assert not (tmp_path / "records" / "daylily-4.json").exists()


def test_simulate_says_the_seats_rotate_and_names_no_bot_a_seat(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    argv = ["simulate", "daylily", "--games", "3", "--players", "3", "--bots", "greedy,random"]
    code, out = run(argv, capsys, monkeypatch)
    assert code == 0
    seat_table = out.split("Seats rotate:", 1)[0]
    assert "greedy" not in seat_table and "random" not in seat_table
    assert "Seats rotate: the line-up turns one seat every match" in out
    code, out = run([*argv, "--fixed-seats"], capsys, monkeypatch)
    assert "Seats rotate" not in out and "greedy" in out.split("by bot", 1)[0]


@pytest.mark.parametrize("argv", [
    ["simulate", "daylily", "--games", "2"],
    ["play", "dummy-rummy", "--players", "4", "--seed", "2"],
    ["play", "day", "--seed", "2"],
])
def test_piped_output_has_no_padding_at_line_ends(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
) -> None:
    code, out = run(argv, capsys, monkeypatch, "help\ntable\nquit\n")
    assert code == 0
    padded = [line for line in out.split("\n") if line.endswith(" ")]
    assert padded == []
