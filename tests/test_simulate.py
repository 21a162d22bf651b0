"""`cardtable simulate`: the report a script reads, reproducibility, and refusals of bad input."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from typing import Any

import pytest

from cardtable import bots as bots_module
from cardtable.bots import Decision
from cardtable.cli import main
from cardtable.engine.game import Action, Game, load_game
from cardtable.games.daylily.state import DaylilyState
from cardtable.sim import SimConfig, play_match, run_range, runner, simulate

SHORT = ["--option", "target=20"]  # a few rounds a match keeps these tests quick
TIMING = ("elapsed_s", "decisions_per_s", "matches_per_s", "startup_s")


def run_cli(argv: list[str]) -> int:
    """The exit code, whether main returns it or argparse exits with it."""
    try:
        return main(argv)
    except SystemExit as stop:
        return int(stop.code or 0)


def simulate_json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any]]:
    code = run_cli(["simulate", "daylily", "--json", *SHORT, *args])
    out, err = capsys.readouterr()
    assert err == ""
    lines = out.strip().splitlines()
    assert len(lines) == 1, out  # exactly one JSON object, nothing else on stdout
    data: dict[str, Any] = json.loads(lines[0])
    return code, data


def without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in TIMING}


def test_json_report_has_the_totals_a_script_needs(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = simulate_json(capsys, "--games", "6", "--players", "3", "--seed", "5")
    assert code == 0
    for key in ("games", "rounds", "decisions", "elapsed_s", "decisions_per_s", "violations",
                "wins", "mean_scores", "game", "players", "bots", "seed", "options"):
        assert key in data
    assert data["game"] == "daylily"
    assert data["players"] == 3
    assert data["seed"] == 5
    assert data["bots"] == ["random", "random", "random"]
    assert data["options"]["target"] == 20
    assert data["games"] == 6
    assert data["violations"] == 0
    assert data["rounds"] >= data["games"]  # every match has at least one round
    assert data["decisions"] > data["rounds"] * 3  # a round takes several moves per player
    assert data["decisions_per_s"] > 0
    assert len(data["wins"]) == 3 and len(data["mean_scores"]) == 3
    # Each match has a winner; a tie credits every tied winner (two or three of them).
    assert data["games"] <= sum(data["wins"]) <= data["games"] + 2 * data["ties"]
    # A match ends once someone reaches the target, so the best seat's mean is at least 20/3.
    assert max(data["mean_scores"]) >= 20 / 3


def test_same_seed_same_results_other_seed_other_results(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("--games", "5", "--players", "3", "--seed", "11")
    _, first = simulate_json(capsys, *args)
    _, again = simulate_json(capsys, *args)
    _, other = simulate_json(capsys, "--games", "5", "--players", "3", "--seed", "12")
    assert without_timing(first) == without_timing(again)
    assert first["decisions"] != other["decisions"]


def test_worker_processes_give_the_serial_results(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--games", "8", "--players", "2", "--seed", "3")
    _, serial = simulate_json(capsys, *args)
    _, parallel = simulate_json(capsys, *args, "--workers", "2")
    assert without_timing(serial) == without_timing(parallel)


def test_a_batch_is_the_sum_of_its_matches(capsys: pytest.CaptureFixture[str]) -> None:
    # Match k's seeds depend on the batch seed and k only: 7 matches are the first 4 plus 3 more,
    # which is what lets a batch be split across processes or extended later.
    _, four = simulate_json(capsys, "--games", "4", "--seed", "9")
    _, seven = simulate_json(capsys, "--games", "7", "--seed", "9")
    config = SimConfig("daylily", None, ("random",), 7, 9, {"target": 20})
    rest = run_range(config, 4, 7)
    assert seven["decisions"] == four["decisions"] + rest.decisions
    assert seven["rounds"] == four["rounds"] + rest.rounds
    assert seven["wins"] == [a + b for a, b in zip(four["wins"], rest.wins, strict=True)]


class FirstBot:
    """Always the first legal action: predictable, and different from random."""

    name = "first"

    def __init__(self, game: Game, seed: int = 0) -> None:
        pass

    def choose(self, decision: Decision) -> Action:
        return decision.legal[0]


def test_seats_get_the_named_bots_and_the_last_fills_the_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(bots_module._BOTS["*"], "first", FirstBot)
    code, data = simulate_json(capsys, "--games", "3", "--players", "3", "--bots", "first,random")
    assert code == 0
    assert data["bots"] == ["first", "random", "random"]


def test_an_invariant_breach_is_reported_and_fails_the_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(self: DaylilyState) -> list[str]:
        return ["cards not conserved: planted"] if len(self.history) == 7 else []

    monkeypatch.setattr(DaylilyState, "invariant_violations", broken)
    code, data = simulate_json(capsys, "--games", "3", "--players", "2")
    assert code == 1
    assert data["violations"] == 3  # one per match, each match abandoned at the breach
    assert data["finished"] == 0
    assert sum(data["wins"]) == 0
    message = data["violation_messages"][0]
    assert message.startswith("match 0 (deal seed ")
    assert "after decision 7: cards not conserved: planted" in message


def test_a_match_that_will_not_end_is_a_violation() -> None:
    game = load_game("daylily", 2)
    outcome = play_match(game, ("random", "random"), seed=1, match=0, max_decisions=50)
    assert outcome.decisions == 50
    assert outcome.problems == ["the match did not end within 50 decisions"]


def test_the_table_shows_each_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code = run_cli(["simulate", "daylily", "--games", "4", "--players", "3", *SHORT])
    out, err = capsys.readouterr()
    assert code == 0
    assert "Traceback" not in err
    assert "win rate" in out and "mean score" in out and "violations" in out
    # Seats rotate: the seat rows name no bot (each sat everywhere), the by-bot table does.
    assert out.count("random") == 1 and "Seats rotate" in out


def test_one_match_is_one_match_and_no_interval_starts_below_nought(
        capsys: pytest.CaptureFixture[str]) -> None:
    # "Daylily Rummy: 1 matches"; and a seat that never won had a 95% interval from -0.0.
    assert run_cli(["simulate", "daylily", "--games", "1", "--players", "2", "--seed", "3"]) == 0
    assert "Daylily Rummy: 1 match, 2 players" in capsys.readouterr().out
    assert run_cli(["simulate", "daylily", "--games", "1", "--players", "2", "--seed", "3",
                    "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    lows = [str(low) for low, _ in _intervals(report)]
    assert lows and "-0.0" not in lows and all(float(x) >= 0 for x in lows), lows


def _intervals(report: object) -> list[list[float]]:
    """Every 95% interval anywhere in a JSON report."""
    if isinstance(report, dict):
        found = [report["win_rate_95"]] if "win_rate_95" in report else []
        return found + [i for v in report.values() for i in _intervals(v)]
    if isinstance(report, list):
        return [i for v in report for i in _intervals(v)]
    return []


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["chess"], "unknown game 'chess'"),
        (["daylily", "--games", "0"], "--games/-n: must be from 1 to 100,000,000, not 0"),
        (["daylily", "--games", "1" * 28], "must be from 1 to 100,000,000"),
        (["daylily", "--games", "many"],
         "must be a whole number from 1 to 100,000,000, not 'many'"),
        (["daylily", "--games", "²"], "must be a whole number from 1 to 100,000,000, not '²'"),
        (["daylily", "--games", "٣"], "must be written in the digits 0-9"),  # Arabic-Indic
        (["daylily", "--seed", "9" * 40], "--seed/-s: must be from"),
        (["daylily", "--seed", str(2**63)], "--seed/-s: must be from"),
        (["daylily", "--rounds", "0"], "--rounds: must be from 1"),
        (["daylily", "--batch", "0"], "--batch: must be from 1"),
        (["daylily", "--backend", "spark"], "invalid choice: 'spark'"),
        (["daylily", "--address", "auto"], "--address names a Ray cluster: add --backend ray"),
        (["daylily", "--players", "5"], "not 5"),
        (["daylily", "--bots", "wizard"], "unknown bot 'wizard'"),
        (["daylily", "--players", "2", "--bots", "random,random,random"], "3 bots named for 2"),
        (["daylily", "--option", "colour=blue"], "unknown option 'colour'"),
        (["daylily", "--option", "target=lots"], "option target must be a whole number"),
        (["daylily", "--option", "target"], "must be written as name=value"),
        (["daylily", "--workers", "0"], "--workers/-w: must be from 1 to 4,096, not 0"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], says: str
) -> None:
    code = run_cli(["simulate", *args, "--json"])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert says in err


@pytest.mark.parametrize(("workers", "batch"), [("1", "1"), ("2", "3"), ("2", "50")])
def test_worker_counts_and_batch_sizes_change_only_the_timings(
    capsys: pytest.CaptureFixture[str], workers: str, batch: str
) -> None:
    args = ("--games", "9", "--players", "3", "--seed", "21")
    _, plain = simulate_json(capsys, *args)
    _, split = simulate_json(capsys, *args, "--workers", workers, "--batch", batch)
    assert without_timing(split) == without_timing(plain)


def test_ctrl_c_ends_the_run_with_the_results_so_far(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Ctrl-C arrives while the batch of matches 6.. is being played (batches of 3): the
    # report holds the six matches finished before it, and says so.
    real = runner.run_range

    def interrupted(config: SimConfig, start: int, stop: int, progress: Any = None) -> Any:
        if start >= 6:
            raise KeyboardInterrupt
        return real(config, start, stop, progress)

    monkeypatch.setattr(runner, "run_range", interrupted)
    code, data = simulate_json(capsys, "--games", "20", "--seed", "4", "--batch", "3")
    assert code == 130
    assert data["interrupted"] is True
    assert data["requested"] == 20 and data["games"] == 6
    monkeypatch.setattr(runner, "run_range", real)
    _, six = simulate_json(capsys, "--games", "6", "--seed", "4")
    asked = ("requested", "interrupted")
    assert {k: v for k, v in without_timing(data).items() if k not in asked} \
        == {k: v for k, v in without_timing(six).items() if k not in asked}


def hear_ctrl_c() -> None:
    """In the child before it runs: Ctrl-C back to its default. A shell starting a job in the
    background without job control (``nohup sh -c '...' &``) has it ignored, Python then never
    turns it into KeyboardInterrupt, and the test would wait for an answer that cannot come."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_a_real_ctrl_c_stops_worker_processes_and_prints_the_totals() -> None:
    # SIGINT to the whole process group, as a terminal sends it: the parent answers with its
    # totals and exit code 130, the workers with nothing (no traceback on stderr).
    run = subprocess.Popen(
        [sys.executable, "-c", "import sys; from cardtable.cli import main; sys.exit(main())",
         "simulate", "daylily", "--games", "100000",
         "--workers", "2", "--batch", "5", "--json", *SHORT],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        preexec_fn=hear_ctrl_c,
    )
    time.sleep(8)  # time for a batch to finish on a loaded machine (workers start slowly)
    os.killpg(run.pid, signal.SIGINT)
    out, err = run.communicate(timeout=30)
    assert run.returncode == 130, err
    assert err == ""
    data = json.loads(out)
    assert data["interrupted"] is True
    assert 0 < data["games"] < 100000 and data["requested"] == 100000


def test_ctrl_c_inside_a_batch_keeps_the_matches_it_finished() -> None:
    # Played in this process, the batch cut short by Ctrl-C still gives the matches it had
    # finished: five here, three of the first batch and two of the second.
    calls = 0

    def progress(done: int) -> None:
        nonlocal calls
        calls += done
        if calls == 5:
            raise KeyboardInterrupt

    config = SimConfig("daylily", None, ("random",), 20, 4, {"target": 20})
    report = simulate(config, progress=progress, batch=3)
    assert report.interrupted
    assert report.tally.games == 5
    assert report.tally.decisions == run_range(config, 0, 5).decisions


def test_matches_are_played_with_fewer_collector_passes_and_the_setting_comes_back() -> None:
    # The simulator raises the cycle collector's trigger while a match is played (a tenth of a
    # contract-rummy decision went to the collector) and leaves an embedding program's own
    # setting as it found it, even when a match fails.
    import gc

    from cardtable.sim.collector import YOUNG_TRIGGER, fewer_collections

    seen: list[int] = []
    before = gc.get_threshold()
    with fewer_collections():
        seen.append(gc.get_threshold()[0])
    assert seen == [YOUNG_TRIGGER] and gc.get_threshold() == before
    try:
        with fewer_collections():
            raise KeyError("a match that fails")
    except KeyError:
        pass
    assert gc.get_threshold() == before
    gc.set_threshold(50_000)  # a program's own higher setting is not lowered
    try:
        with fewer_collections():
            assert gc.get_threshold()[0] == 50_000
    finally:
        gc.set_threshold(*before)
