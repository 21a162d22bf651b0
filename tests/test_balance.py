"""`cardtable balance`: the designer's measures, their intervals, paired comparisons, the page.

Matches are kept short (a low target, one deal, a few hands) so that each test plays in a second
or two; the measures are checked against what the matches themselves say (every round ends one
way, every meld has a shape) and against hand-worked examples.
"""

from __future__ import annotations

import json
import math
import os
import pickle
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import cardtable
from cardtable.cli import main
from cardtable.engine.game import load_game
from cardtable.sim import SimConfig, play_match, runner
from cardtable.sim import balance as balance_module
from cardtable.sim.balance import BalanceConfig, run_balance_range
from cardtable.sim.measures import _lead, measure
from cardtable.sim.runner import play_state
from cardtable.sim.running import Z95, CoMoments

TIMING = ("elapsed_s", "startup_s", "matches_per_s")
SHORT: dict[str, list[str]] = {
    "daylily": ["--option", "target=20", "--bots", "random"],
    "say-rummy": ["--option", "games=2", "--players", "3"],
    "day": ["--option", "hands=6", "--players", "3", "--bots", "random"],
    "dummy-rummy": ["--option", "contracts=2S", "--option", "deal_sizes=11", "--players", "3"],
    "liverpool": ["--option", "contracts=2S", "--option", "deal_sizes=12"],
}


def run_cli(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as stop:
        return int(stop.code or 0)


def balance_json(capsys: pytest.CaptureFixture[str], game: str, *args: str
                 ) -> tuple[int, dict[str, Any]]:
    code = run_cli(["balance", game, "--json", *SHORT[game], *args])
    out, err = capsys.readouterr()
    assert err == ""
    lines = out.strip().splitlines()
    assert len(lines) == 1, out
    data: dict[str, Any] = json.loads(lines[0])
    return code, data


def without_timing(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k not in TIMING}


def test_the_report_answers_a_designers_questions(capsys: pytest.CaptureFixture[str]) -> None:
    code, data = balance_json(capsys, "daylily", "--games", "12", "--players", "3", "--seed", "2")
    assert code == 0
    n = data["finished"]
    assert data["games"] == n == 12 and data["violations"] == 0
    for seat in data["seats"]:
        assert seat["ci95"][0] <= seat["rate"] <= seat["ci95"][1]
        assert seat["score_sd"] >= 0
    credited = sum(p["wins"] for p in data["positions"])
    assert credited == sum(s["wins"] for s in data["seats"])  # the same wins, counted by place
    assert n <= credited <= n + 2 * data["ties"]["wins"]
    first = data["first_player"]
    assert first["wins"] == data["positions"][0]["wins"]
    assert first["fair_share"] == pytest.approx(credited / (3 * n), abs=1e-4)
    assert first["advantage"] == pytest.approx(first["rate"] - first["fair_share"], abs=1e-4)
    assert data["shape"]["first_won"]["total"] == first["wins"]
    shape = data["shape"]
    assert shape["rounds"]["total"] == sum(int(k) * v for k, v in
                                          data["distributions"]["rounds"]["counts"].items())
    for key in ("rounds", "decisions", "lead_changes", "drama", "decided_permille"):
        assert sum(data["distributions"][key]["counts"].values()) == n
    assert 0 <= shape["decided_permille"]["value"] <= 1
    assert shape["limit_hit"]["percent"] is True


@pytest.mark.parametrize("game", sorted(SHORT))
def test_every_games_diagnostics_add_up(capsys: pytest.CaptureFixture[str], game: str) -> None:
    code, data = balance_json(capsys, game, "--games", "4", "--seed", "7")
    assert code == 0 and data["finished"] == 4
    diag = data["diagnostics"]
    rounds = data["shape"]["rounds"]["total"]
    ends = [v["total"] for k, v in diag.items() if k.startswith("end:")]
    if game == "day":
        # A hand is won at a showdown or by everyone else folding; every pot-0 winner at a
        # showdown met one condition.
        assert diag["showdowns"]["total"] <= rounds
        assert sum(data["families"]["cond"].values()) <= diag["showdowns"]["total"]
        assert diag["crown_shown" if "crown_shown" in diag else "shown"]["total"] >= 0
        shown = diag["shown"]["total"]
        assert diag["crown_won"]["total"] + diag["plain_won"]["total"] <= diag["showdowns"]["total"]
        assert shown >= 2 * diag["showdowns"]["total"] or shown == 0
    else:
        assert sum(ends) == rounds  # every round ends one way, and only one
    if game == "daylily":
        assert sum(data["families"]["meld"].values()) == diag["melds"]["total"]
        assert diag["scoring_melds"]["total"] <= diag["melds"]["total"]
    if game == "say-rummy":
        assert sum(data["families"]["word_len"].values()) > 0
        assert set(data["families"]["sound"]) >= set(data["sounds_never_used"])
        assert all(data["families"]["sound"][s] == 0 for s in data["sounds_never_used"])
    if game in ("dummy-rummy", "liverpool"):
        assert sum(data["families"].get("buy_place", {}).values()) <= diag["buys"]["total"]
        melds = diag["melds:set"]["total"] + diag["melds:run"]["total"]
        assert melds >= 2 * diag["contracts"]["total"]  # the contract is two sets here


def test_measures_come_from_what_a_spectator_sees() -> None:
    # The same match measured from its state and from a replay of its public record agrees:
    # nothing is read from hands or stock. Daylily's melds are counted from meld_declared.
    game = load_game("daylily", 2, {"target": 20})
    state, outcome = play_state(game, ("greedy", "greedy"), 5, 0)
    measured = measure(state, outcome.decisions, outcome.winners)
    declared = [e for e in state.events(None) if e["kind"] == "meld_declared"]
    assert measured.values.get("melds", 0) == len(declared)
    assert sum(v for k, v in measured.values.items() if k.startswith("meld:")) == len(declared)
    assert measured.values["rounds"] == outcome.rounds
    assert measured.first == state.history[0][0]


def test_lead_changes_drama_and_decisiveness_by_hand() -> None:
    # Highest total wins. After each round: A leads, B leads, tie, B leads, A leads for good.
    events = [{"kind": "round_scored", "result": {"totals": totals}}
              for totals in ([5, 0], [5, 9], [12, 12], [12, 20], [30, 20], [40, 22])]
    found = _lead(events, winners=[0], low=False, players=2)
    assert found["lead_changes"] == 2  # A -> B, (a tie changes nothing), B -> A
    assert found["drama"] == 8  # A was 8 behind after round 4
    assert found["comeback"] == 1
    assert found["decided_permille"] == 1000 * 4 // 6  # led for good from round 5 of 6
    # Lowest total wins, the winner leading from the first round: no drama, decided at once.
    events = [{"kind": "round_scored", "result": {"totals": t}} for t in ([0, 5], [3, 20])]
    assert _lead(events, winners=[0], low=True, players=2) == {
        "lead_changes": 0, "drama": 0, "comeback": 0, "decided_permille": 0}


def test_running_sums_give_the_textbook_mean_ratio_and_paired_difference() -> None:
    xs = [3, 5, 4, 10, 0, 7]
    ys = [2, 3, 3, 5, 1, 4]
    pairs = [("x", "x"), ("x", "y"), ("y", "y")]
    whole = CoMoments()
    halves = [CoMoments(), CoMoments()]
    for i, (x, y) in enumerate(zip(xs, ys, strict=True)):
        whole.add({"x": x, "y": y}, pairs)
        halves[i % 2].add({"x": x, "y": y}, pairs)
    halves[0].merge(halves[1])
    assert halves[0] == whole  # exact integer sums: any split gives the same totals
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
    est = whole.estimate([(1.0, "x", None)])
    assert est.value == pytest.approx(mean)
    assert est.high - est.value == pytest.approx(Z95 * sd / math.sqrt(n))
    # The ratio estimator's delta-method error: residuals x - R y over mean y.
    r = sum(xs) / sum(ys)
    my = sum(ys) / n
    resid = [(x - r * y) / my for x, y in zip(xs, ys, strict=True)]
    rm = sum(resid) / n
    rsd = math.sqrt(sum((e - rm) ** 2 for e in resid) / (n - 1))
    est = whole.estimate([(1.0, "x", "y")])
    assert est.value == pytest.approx(r)
    assert est.high - est.value == pytest.approx(Z95 * rsd / math.sqrt(n))
    # A paired difference is the mean of the differences, with their spread.
    diff = whole.estimate([(1.0, "x", None), (-1.0, "y", None)])
    ds = [x - y for x, y in zip(xs, ys, strict=True)]
    dm = sum(ds) / n
    dsd = math.sqrt(sum((d - dm) ** 2 for d in ds) / (n - 1))
    assert diff.value == pytest.approx(dm)
    assert diff.high - diff.value == pytest.approx(Z95 * dsd / math.sqrt(n))


def test_compare_plays_the_same_seeds_under_each_value(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    assert run_cli(["balance", "daylily", "--json", "--bots", "random", "--games", "10",
                    "--seed", "3", "--compare", "target=20,60"]) == 0
    data = json.loads(capsys.readouterr()[0])
    compare = data["compare"]
    assert compare["option"] == "target" and compare["values"] == [20, 60]
    low, high = compare["variants"]
    # Each variant is exactly the run with that value alone: the same seeds, the same matches.
    args = ["daylily", "--json", "--bots", "random", "--games", "10", "--seed", "3"]
    for value, variant in ((20, low), (60, high)):
        assert run_cli(["balance", *args, "--option", f"target={value}"]) == 0
        alone = json.loads(capsys.readouterr()[0])
        assert {k: alone[k] for k in variant} == variant
    rounds = compare["differences"][0]["measures"]["rounds"]
    assert rounds["value"] == pytest.approx(high["shape"]["rounds"]["value"]
                                            - low["shape"]["rounds"]["value"], abs=1e-3)
    assert rounds["ci95"][0] > 0  # a target three times higher plays clearly more rounds
    assert rounds["n"] == 10


def test_workers_and_batches_change_only_the_timings(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("--games", "8", "--seed", "5", "--compare", "no_return_discard=false,true")
    _, serial = balance_json(capsys, "daylily", *args)
    _, split = balance_json(capsys, "daylily", *args, "--workers", "2", "--batch", "3")
    assert without_timing(serial) == without_timing(split)


def test_without_workers_every_cpu_plays(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A designer waiting for a report gets the whole machine without asking for it.
    import multiprocessing

    pools: list[int] = []
    real = multiprocessing.Pool

    def pool(processes: int, *args: Any) -> Any:
        pools.append(processes)
        return real(processes, *args)

    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    monkeypatch.setattr(multiprocessing, "Pool", pool)  # the module the pool backend uses
    _, data = balance_json(capsys, "daylily", "--games", "4", "--seed", "5")
    assert pools == [2]
    _, alone = balance_json(capsys, "daylily", "--games", "4", "--seed", "5", "--workers", "1")
    assert pools == [2]
    assert without_timing(data) == without_timing(alone)


def test_memory_stays_flat_as_matches_are_added() -> None:
    # The running sums of 40 matches take no more room than those of 5 (beyond new values
    # seen once): nothing is kept per match.
    config = BalanceConfig(SimConfig("daylily", 2, ("random",), 40, 0, {"target": 20}))
    few = len(pickle.dumps(run_balance_range(config, 0, 5)))
    many = len(pickle.dumps(run_balance_range(config, 0, 40)))
    assert many < few * 1.5


def test_the_page_embeds_its_plots_and_writes_them_beside_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    page = tmp_path / "out" / "daylily.html"
    code = run_cli(["balance", "daylily", "--bots", "random", "--games", "6",
                    "--compare", "target=20,40", "--out", str(page)])
    out, _ = capsys.readouterr()
    assert code == 0
    words = " ".join(out.split())  # rich wraps lines at the terminal's width
    assert "The first player and ties" in words and "advantage" in words and "wrote" in words
    text = page.read_text(encoding="utf-8")
    assert text.count("data:image/png;base64,") >= 5
    for name in ("positions", "length", "shape", "diagnostics", "meld", "differences"):
        png = page.with_name(f"daylily-{name}.png")
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
    assert "target=40 against target=20" in text
    # With --json, stdout is the JSON alone, and where the page went is said on stderr.
    again = tmp_path / "made" / "here.html"
    assert run_cli(["balance", "daylily", "--bots", "random", "--games", "2", "--json",
                    "--out", str(again)]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out)["games"] == 2 and f"wrote {again}" in err.splitlines()


def test_ctrl_c_keeps_the_matches_finished_so_far(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = balance_module.run_balance_range

    def interrupted(config: BalanceConfig, start: int, stop: int, progress: Any = None) -> Any:
        if start >= 4:
            raise KeyboardInterrupt
        return real(config, start, stop, progress)

    monkeypatch.setattr(balance_module, "run_balance_range", interrupted)
    # One process: the planted Ctrl-C is raised where the test can plant it.
    code, data = balance_json(capsys, "daylily", "--games", "12", "--batch", "2",
                              "--workers", "1")
    assert code == 130
    assert data["interrupted"] is True and data["games"] == 4 and data["requested"] == 12


def test_a_violation_is_counted_and_fails_the_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardtable.games.daylily.state import DaylilyState

    monkeypatch.setattr(DaylilyState, "invariant_violations",
                        lambda self: ["planted"] if len(self.history) == 3 else [])
    code, data = balance_json(capsys, "daylily", "--games", "2")
    assert code == 1
    assert data["violations"] == 2 and data["finished"] == 0
    assert play_match(load_game("daylily", 2), ("random", "random"), 0, 0).problems


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--compare", "target"], "--compare is written KEY=V1,V2"),
        (["--compare", "target=50"], "--compare needs 2 to 8 values of target"),
        (["--compare", "target=50,"], "--compare is written KEY=V1,V2"),
        (["--compare", "colour=1,2"], "unknown option 'colour'"),
        (["--compare", "target=50,lots"], "option target must be a whole number"),
        (["--compare", "target=50,50"], "names a value of target twice"),
        (["--compare", "target=50,60", "--option", "target=70"], "both set target"),
        (["--out", "report.pdf"], "--out names the HTML page to write"),
        # Refused before the run: said at its end, an hour's report was lost.
        (["--games", "100000", "--out", "/proc/no/report.html"], "for the page"),
        (["--games", "0"], "--games/-n: must be from 1 to 100,000,000"),
        (["--games", "²"], "must be a whole number"),
        (["--address", "auto"], "--address names a Ray cluster"),
        (["--backend", "spark"], "invalid choice: 'spark' (choose from 'process', 'ray')"),
        (["--bots", "wizard"], "unknown bot 'wizard'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], says: str
) -> None:
    code = run_cli(["balance", "daylily", "--json", *args])
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert says in err


def test_a_page_without_matplotlib_is_refused_before_the_run(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "matplotlib" else real(name, *a))
    code = run_cli(["balance", "daylily", "--games", "100000", "--out",
                    str(tmp_path / "r.html")])
    _, err = capsys.readouterr()
    assert code == 2
    assert err.strip() == ("cardtable: --out draws plots with matplotlib: "
                           "pip install 'cardtable[balance]'")
    assert not (tmp_path / "r.html").exists()


def test_ctrl_c_inside_a_batch_keeps_the_matches_it_finished() -> None:
    calls = 0

    def progress(done: int) -> None:
        nonlocal calls
        calls += done
        if calls == 3:
            raise KeyboardInterrupt

    config = BalanceConfig(SimConfig("daylily", 2, ("random",), 10, 0, {"target": 20}))
    report = balance_module.balance(config, progress=progress, batch=2)
    assert report.interrupted
    assert report.to_dict()["games"] == 3
    assert report.tally.runs[0].moments == run_balance_range(config, 0, 3).runs[0].moments


def _cardtable(args: list[str], stdout: Any, stderr: Any) -> subprocess.CompletedProcess[bytes]:
    """``cardtable ARGS`` in a process of its own, importing the cardtable under test."""
    src = str(Path(cardtable.__file__).resolve().parents[1])
    env = dict(os.environ, NO_COLOR="1", TERM="xterm", COLUMNS="100",
               PYTHONPATH=os.pathsep.join([src, os.environ.get("PYTHONPATH", "")]))
    return subprocess.run([sys.executable, "-m", "cardtable", *args], stdout=stdout,
                          stderr=stderr, env=env, timeout=120, check=False)


def _read_all(fd: int) -> str:
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:  # EIO: the terminal's other end is closed and drained
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks).decode("utf-8", "replace")


RUN = ["balance", "daylily", "--bots", "random", "--games", "30", "--workers", "2",
       "--compare", "target=20,30"]


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_on_a_terminal_a_bar_counts_the_matches_then_the_tables_follow() -> None:
    import pty

    main_fd, seat_fd = pty.openpty()
    try:
        done = _cardtable(RUN, stdout=subprocess.PIPE, stderr=seat_fd)
        os.close(seat_fd)
        seen = _read_all(main_fd)
    finally:
        os.close(main_fd)
    assert done.returncode == 0
    assert "daylily: matches" in seen and "30/30" in seen  # the bar, on stderr
    assert "eta" in seen
    out = done.stdout.decode()
    assert "30 matches" in out and "daylily: matches" not in out


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")
def test_json_on_a_terminal_is_one_object_and_no_bar() -> None:
    import pty

    main_fd, seat_fd = pty.openpty()
    try:
        done = _cardtable([*RUN, "--json"], stdout=subprocess.PIPE, stderr=seat_fd)
        os.close(seat_fd)
        seen = _read_all(main_fd)
    finally:
        os.close(main_fd)
    assert done.returncode == 0
    assert seen == ""
    lines = done.stdout.decode().splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["games"] == 30


def test_piped_the_tables_come_without_a_bar() -> None:
    done = _cardtable(RUN, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert done.returncode == 0
    assert done.stderr == b""  # no bar in a log file
    assert "30 matches" in done.stdout.decode()


# ---- one play shared by the values of an option that only ends matches -----------------------

ENDING = [  # game, players, bots, the option compared and its values: short matches
    ("daylily", 2, "greedy", "target", "40,20,60"),
    ("daylily", 3, "greedy,random", "rounds", "none,1,3"),
    ("say-rummy", 2, "greedy", "games", "1,2"),
    ("day", 3, "greedy,caller", "hands", "4,8"),
]


@pytest.mark.parametrize("case", ENDING, ids=[f"{c[0]}-{c[3]}" for c in ENDING])
def test_a_shared_play_gives_the_figures_of_playing_every_value(
        capsys: pytest.CaptureFixture[str], case: tuple[str, int, str, str, str]) -> None:
    game, players, bots, key, values = case
    args = ["balance", game, "--json", "--players", str(players), "--bots", bots, "--games", "6",
            "--seed", "9", "--compare", f"{key}={values}", "--workers", "1"]
    if game == "daylily" and key != "target":
        args += ["--option", "target=30"]
    reports = []
    for extra in ([], ["--no-share"]):
        assert run_cli(args + extra) == 0
        reports.append(json.loads(capsys.readouterr()[0]))
    shared, each = reports
    assert shared["compare"].pop("shared_play") is True
    assert each["compare"].pop("shared_play") is False
    assert without_timing(shared) == without_timing(each)
    lengths = [v["shape"]["rounds"]["value"] for v in shared["compare"]["variants"]]
    assert len(set(lengths)) > 1, lengths  # the values really play matches of other lengths


def count_choices(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    from cardtable.games.daylily.bots import GreedyDaylilyBot

    calls = [0]
    real = GreedyDaylilyBot.choose

    def choose(self: Any, decision: Any) -> Any:
        calls[0] += 1
        return real(self, decision)

    monkeypatch.setattr(GreedyDaylilyBot, "choose", choose)
    return calls


def test_the_bots_are_asked_only_for_the_longest_value(monkeypatch: pytest.MonkeyPatch) -> None:
    # The designer's wait: three targets cost the bots' thinking of the highest one alone.
    calls = count_choices(monkeypatch)
    sim = SimConfig("daylily", 2, ("greedy",), 4, 2, {})
    tally = run_balance_range(BalanceConfig(sim, ("target", (20, 50, 35))), 0, 4)
    alone = calls[0]
    calls[0] = 0
    run_balance_range(BalanceConfig(sim, ("target", (20, 50, 35)), share=False), 0, 4)
    every = calls[0]
    decisions = [run.tally.decisions for run in tally.runs]
    assert alone == decisions[1] < every == sum(decisions), (alone, every, decisions)


def test_no_sharing_for_a_rule_change_or_a_bot_that_looks_at_the_end(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from cardtable.games.daylily.game import DaylilyGame
    from cardtable.sim.balance import shares_play

    def config(bots: tuple[str, ...], key: str, values: tuple[Any, ...]) -> Any:
        c = BalanceConfig(SimConfig("daylily", 2, bots, 2, 0, {}), (key, values))
        games, names = balance_module.prepare_balance(c)
        return c, games, names

    assert shares_play(*config(("greedy", "random"), "target", (20, 40)))
    # A rule that changes play, and gentle, which will not go out early: it looks at the end.
    assert not shares_play(*config(("greedy",), "no_return_discard", (False, True)))
    assert not shares_play(*config(("greedy", "gentle"), "target", (20, 40)))
    # A game that marked a rule as only ending matches by mistake still gets true figures: the
    # replay finds the first move where the tables differ and the bots play that value.
    specs = tuple(o if o.name != "no_return_discard" else
                  type(o)(**{**{f: getattr(o, f) for f in o.__slots__}, "ends_match": True})
                  for o in DaylilyGame.option_specs)
    monkeypatch.setattr(DaylilyGame, "option_specs", specs)
    c, games, names = config(("random",), "no_return_discard", (False, True))
    assert shares_play(c, games, names)
    sim = replace_games(c.sim, 12)
    outcomes: list[bool] = []
    real = runner.replay_state  # the balance run calls it by its own name

    def replay(*args: Any) -> Any:
        got = real(*args)
        outcomes.append(got is not None)
        return got

    monkeypatch.setattr(balance_module, "replay_state", replay)
    shared = run_balance_range(BalanceConfig(sim, c.compare), 0, 12)
    assert outcomes.count(False) >= 3, outcomes  # the tables parted, and were played
    each = run_balance_range(BalanceConfig(sim, c.compare, share=False), 0, 12)
    assert [r.tally.to_dict() for r in shared.runs] == [r.tally.to_dict() for r in each.runs]
    assert shared.paired.sums == each.paired.sums


def replace_games(sim: SimConfig, games: int) -> SimConfig:
    from dataclasses import replace

    return replace(sim, games=games)


def test_a_share_seen_a_few_times_never_has_an_interval_down_to_nought() -> None:
    # Two first-turn wins in 150 matches read "0.0% to 3.2%": the delta method's interval,
    # symmetric, ran below 0 and was clipped there, as if it might never happen.
    from cardtable.sim.balance import _measure
    from cardtable.sim.measures import Ratio
    from cardtable.sim.running import CoMoments
    from cardtable.sim.stats import wilson

    moments = CoMoments()
    for match in range(150):
        moments.add({"first_turn_out": int(match < 2)}, [("first_turn_out", "first_turn_out")])
    shown = _measure(moments, Ratio("first_turn_out", "won on the first turn", percent=True))
    low, high = shown["ci95"]
    assert 0 < low < 2 / 150 < high < 1
    assert (low, high) == tuple(round(x, 4) for x in wilson(2, 150))
