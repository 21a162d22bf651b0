"""Record and sitting files as a careless or hostile hand may leave them: a path that never
ends (``/dev/zero``), seat names holding escape sequences, deals and stock rebuilds added to a
finished record, and a data folder that cannot be written when a person quits. Each gets one
sentence (a mismatch for what was added, as for any result that differs; for the folder, a
resume command that works), and no doctored match is confirmed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardtable.cli import main
from test_play_files import _in_tmp  # noqa: F401  (an autouse fixture: used by being here)
from test_play_files import run_told as run


def a_record(tmp_path: Path, game: str, players: int, seed: int) -> dict:  # type: ignore[type-arg]
    main(["simulate", game, "--games", "1", "--players", str(players), "--seed", str(seed),
          "--bots", "random", "--records", str(tmp_path / "runs")])
    [path] = (tmp_path / "runs").glob("*.json")
    data: dict = json.loads(path.read_text(encoding="utf-8"))  # type: ignore[type-arg]
    path.unlink()
    return data


def test_a_file_that_never_ends_is_refused_without_filling_the_memory(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # /dev/zero is endless: the reader once read it whole, growing past 1.6 GB in 3 s.
    for argv in (["replay", "/dev/zero"], ["play", "--resume", "/dev/zero"]):
        code, _, err = run(argv, capsys, monkeypatch)
        assert code == 2 and "larger than 64 MB" in err and err.count("\n") == 1, err


def test_seat_names_with_escape_sequences_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    data = a_record(tmp_path, "daylily", 2, 3)
    data["names"] = ["\x1b[2J\x1b[31mEVIL\x07", "Bo"]
    path = tmp_path / "names.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    for argv in (["replay", str(path)], ["replay", str(path), "--words", "--seat", "0"]):
        code, out, err = run(argv, capsys, monkeypatch)
        assert code == 2 and "\x1b" not in out + err, (out, err)
        assert "seat 0 with control or invisible characters" in err, err


def test_what_a_seat_saw_is_told_apart_from_a_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A server gives a seat at a table of several people what it saw, not the deals; replaying
    # that file once said only that its format could not be read.
    account = {"format": "cardtable-seat/1", "game": "daylily", "players": 2, "options": {},
               "names": ["Ann", "Ben"], "seat": 1, "events": [], "view": {},
               "scores": [0, 0], "winners": [0]}
    path = tmp_path / "ben.json"
    for data, who in ((account, "seat 2"),
                      ({**account, "format": "cardtable-spectator/1", "seat": None},
                       "a spectator")):
        path.write_text(json.dumps(data), encoding="utf-8")
        code, _, err = run(["replay", str(path)], capsys, monkeypatch)
        assert code == 2 and f"is what {who} saw of a match" in err and "no deal" in err, err


@pytest.mark.parametrize(("game", "players", "seed", "added"), [
    ("daylily", 2, 3, "a deal"),
    ("liverpool", 3, 5, "a rebuild"),
])
def test_deals_and_rebuilds_added_to_a_record_are_not_confirmed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        game: str, players: int, seed: int, added: str) -> None:
    data = a_record(tmp_path, game, players, seed)
    path = tmp_path / "doctored.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert run(["replay", str(path)], capsys, monkeypatch)[0] == 0  # as written, it replays
    if added == "a deal":
        data["deals"].append({"hands": [["1MT"], ["2MT"]]})
        said = f"the record holds {len(data['deals'])} deals, but its actions reach only"
    else:
        data["deals"][0].setdefault("rebuilds", []).append(["AS"])
        said = "deal 1 of the record lists"
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run(["replay", str(path)], capsys, monkeypatch)
    assert code == 1 and f"mismatch: {said}" in out and "result NOT confirmed" in out, (out, err)


def test_quitting_without_a_writable_data_folder_gives_a_resume_that_works(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the data folder should be", encoding="utf-8")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocked))
    code, out, _ = run(["play", "daylily", "--seed", "9", "--bots", "random", "--record",
                        "x9.json"], capsys, monkeypatch, typed="quit\n")
    assert code == 0 and "Unfinished match record saved to x9.json" in out
    assert "play --resume\n" not in out  # no promise of a plain resume that finds nothing
    line = next(ln for ln in out.splitlines() if "To go on with it later" in ln)
    assert line.endswith("play --resume x9.json --seat 0 --bots random"), line
    # The command it gives goes on with the match.
    code, out, _ = run(["play", "--resume", "x9.json", "--seat", "0", "--bots", "random"],
                       capsys, monkeypatch, typed="quit\n")
    assert code == 0 and "Resumed after" in out
