"""Going on with a match that was quit or cut off (`play --resume`), the sitting kept after
every move, and stepping through a finished match (`replay FILE --step`)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from cardtable.cli import main
from cardtable.engine.record import load_record, replay, verify


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Records go under the current directory, sittings under XDG_DATA_HOME: both in tmp."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("CARDTABLE_PAUSE", raising=False)


def run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], argv: list[str],
        typed: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def sittings(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "data" / "cardtable" / "sittings").glob("*.json"))


def test_a_quit_match_goes_on_where_it_stopped(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["play", "daylily", "--players", "3", "--bots", "random,greedy", "--seed", "14"]
    code, out, _ = run(monkeypatch, capsys, argv, "s\nquit\n")
    assert code == 0 and "cardtable play --resume" in out
    [sitting] = sittings(tmp_path)
    kept = json.loads(sitting.read_text(encoding="utf-8"))
    assert kept["person"] == 0 and kept["bots"] == {"1": "random", "2": "greedy"}
    first = load_record("records/daylily-14.json")
    assert kept["record"]["actions"] == first["actions"]

    code, out, err = run(monkeypatch, capsys, ["play", "--resume"], "help\nquit\n")
    assert code == 0, err
    assert f"Resumed after {len(first['actions'])} moves." in out
    assert "Seat 2 (random)" in out and "Seat 3 (greedy)" in out
    assert "--bots random,greedy" in out
    again = load_record("records/daylily-14.json")  # the same record, carried on
    assert again["actions"][: len(first["actions"])] == first["actions"]
    assert verify(again)[1] == []

    # The same sitting, given by name, resumes the same way (bots reseeded from the move).
    code, out2, _ = run(monkeypatch, capsys, ["play", "--resume", str(sitting)], "quit\n")
    assert code == 0 and "Resumed after" in out2


def test_a_plain_record_resumes_with_the_seat_and_bots_named(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    run(monkeypatch, capsys, ["play", "say-rummy", "--players", "2", "--bots", "random",
                              "--seed", "8", "--record", "mine.json"], "s\nquit\n")
    code, out, err = run(monkeypatch, capsys, ["play", "--resume", "mine.json", "--seat", "0",
                                               "--bots", "greedy"], "quit\n")
    assert code == 0, err
    assert "Seat 2 (greedy)" in out and "Resumed after" in out


def test_resume_refusals_are_one_sentence(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(monkeypatch, capsys, ["play", "--resume"], "")
    assert code == 2 and "no unfinished match to resume" in err
    Path("broken.json").write_text('{"sitting": 1, "person": 0, "rec', encoding="utf-8")
    code, _, err = run(monkeypatch, capsys, ["play", "--resume", "broken.json"], "")
    assert code == 2 and "not a sitting or a game record" in err
    assert len(err.strip().splitlines()) == 1
    code, _, err = run(monkeypatch, capsys, ["play", "daylily", "--resume"], "")
    assert code == 2 and "leave them out" in err
    # A finished match has nothing to resume; the refusal says how to look at it instead.
    run(monkeypatch, capsys, ["simulate", "say-rummy", "--players", "2", "--games", "1",
                              "--bots", "greedy", "--seed", "2", "--records", "done"], "")
    [done] = sorted(Path("done").glob("*.json"))
    code, _, err = run(monkeypatch, capsys, ["play", "--resume", str(done)], "")
    assert code == 2 and "is finished" in err and "--step" in err


def test_a_finished_match_leaves_no_sitting_behind(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    class Person:
        """Plays from the sitting on disk, which must be current at every prompt."""

        def readline(self) -> str:
            found = sittings(tmp_path)
            if not found:
                return "s\n"
            state = replay(json.loads(found[0].read_text(encoding="utf-8"))["record"])
            legal = [str(a) for a in state.legal_actions(0)]
            plays = [a for a in legal if a.startswith(("word", "extend"))]
            return (max(plays, key=len) if plays else legal[-1]) + "\n"

    monkeypatch.setattr(sys, "stdin", Person())
    code = main(["play", "say-rummy", "--players", "2", "--bots", "greedy", "--seed", "3",
                 "--option", "games=1"])
    out, _ = capsys.readouterr()
    assert code == 0 and "Record saved to" in out
    assert load_record("records/say-rummy-3.json")["over"] is True
    assert sittings(tmp_path) == []


def test_a_crash_while_saving_never_spoils_the_sitting(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    real_dump = json.dump
    calls: list[int] = []

    def dump_then_die(data: object, out: io.TextIOBase) -> None:
        calls.append(1)
        if len(calls) >= 3:  # the third save dies half-way through writing
            out.write('{"sitting": 1, "record": {"game": "dayl')
            raise OSError(28, "No space left on device")
        real_dump(data, out)

    monkeypatch.setattr(json, "dump", dump_then_die)
    argv = ["play", "daylily", "--players", "2", "--bots", "random", "--seed", "5"]
    run(monkeypatch, capsys, argv, "s\nhelp\nquit\n")
    monkeypatch.setattr(json, "dump", real_dump)
    assert len(calls) >= 3
    [sitting] = sittings(tmp_path)
    kept = json.loads(sitting.read_text(encoding="utf-8"))  # whole, from the last good save
    assert verify(kept["record"])[1] == []
    code, out, err = run(monkeypatch, capsys, ["play", "--resume"], "quit\n")
    assert code == 0, err
    assert "Resumed after" in out


# ---- replay --step --------------------------------------------------------------------------

def finished_record(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Path:
    run(monkeypatch, capsys, ["simulate", "say-rummy", "--players", "3", "--games", "1",
                              "--bots", "greedy", "--seed", "4", "--records", "recs",
                              "--option", "games=2"], "")
    [path] = sorted(Path("recs").glob("*.json"))
    return path


def test_step_through_a_match_as_one_seat_saw_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = finished_record(monkeypatch, capsys)
    moves = len(load_record(path)["actions"])
    code, out, err = run(monkeypatch, capsys, ["replay", str(path), "--step", "--seat", "1"],
                         "\n\nt\nwhat\n999999\n")
    assert code == 0, err
    assert f"Move 1 of {moves}" in out and f"Move 3 of {moves}" in out
    assert "Enter: next move" in out  # "what" is answered with the keys
    assert "You (seat 2)" in out
    # Seat 1 sees its own stock draws, never the others'.
    assert "You (seat 2) drew /" in out
    assert "Seat 1 drew a card from the stock." in out or "Seat 3 drew a card" in out
    assert "Seat 1 drew /" not in out and "Seat 3 drew /" not in out
    assert "Score sheet:" in out and "Match over" in out
    assert out.count("Move ") == 5  # asked again after "t" and after "what"


def test_step_through_a_server_record_uses_its_players_names(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = finished_record(monkeypatch, capsys)
    data = load_record(path)
    data["names"] = ["Grandma", "Sam", "Greedy bot 3"][: data["players"]]
    path.write_text(json.dumps(data))
    code, out, err = run(monkeypatch, capsys, ["replay", str(path), "--step", "--seat", "1"],
                         "999999\n")
    assert code == 0, err
    assert "Sam (you) drew /" in out and "Grandma discarded" in out
    assert "Seat 1" not in out and "You (seat 2)" not in out


def test_step_stops_on_quit_and_refuses_bad_flags(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = finished_record(monkeypatch, capsys)
    code, out, _ = run(monkeypatch, capsys, ["replay", str(path), "--step"], "\nq\n")
    assert code == 0 and "Move 2 of" in out and "Score sheet:" not in out
    code, _, err = run(monkeypatch, capsys, ["replay", str(path), "--step", "--words",
                                             "--seat", "0"], "")
    assert code == 2 and "--step" in err
    code, _, err = run(monkeypatch, capsys, ["replay", str(path), "--step", "--seat", "7"], "")
    assert code == 2 and "seats 0 to 2" in err


def test_resume_refuses_huge_numbers_and_takes_a_record_dealt_by_hand(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A sitting with a 5,000-digit number is refused in one sentence (it was a traceback),
    and a record without a seed (dealt by hand) resumes with its bots."""
    Path("huge.json").write_text('{"sitting": 1, "person": ' + "9" * 5000 + "}",
                                 encoding="utf-8")
    code, _, err = run(monkeypatch, capsys, ["play", "--resume", "huge.json"], "")
    assert code == 2 and "5,000 digits" in err and len(err.strip().splitlines()) == 1
    run(monkeypatch, capsys, ["play", "daylily", "--players", "2", "--bots", "random",
                              "--seed", "8", "--record", "mine.json"], "s\nquit\n")
    record = json.loads(Path("mine.json").read_text(encoding="utf-8"))
    del record["seed"]  # the deals stay: a record written from a real table's deal
    Path("dealt.json").write_text(json.dumps(record), encoding="utf-8")
    code, out, err = run(monkeypatch, capsys, ["play", "--resume", "dealt.json", "--seat", "0",
                                               "--bots", "greedy"], "quit\n")
    assert code == 0, err
    assert "Resumed after" in out


def test_negative_seeds_seat_bots_of_their_own() -> None:
    from cardtable.cli.play import bot_base

    assert bot_base(11) != bot_base(-11)
    assert bot_base(11) == 11 * 7919  # seeds of 0 or more keep the bots they always had
    assert len({bot_base(s, v) for s in (-2, -1, 0, 1, 2) for v in (0, 1)}) == 10
