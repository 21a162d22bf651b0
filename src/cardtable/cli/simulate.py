"""`cardtable simulate`: many complete matches between bots, with totals and invariant checks.

With ``--json`` it prints exactly one JSON object on stdout and nothing on stderr (but a
sentence when ``--workers`` asks for more processes than the machine has CPUs), for scripts;
without it, a progress bar on stderr and a table on stdout, for people. Either way the exit code
is 1 when any invariant breach was found, so a batch can serve as a test.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from cardtable.cli.numbers import capped_workers, whole
from cardtable.engine.errors import OptionError
from cardtable.engine.game import game_class, game_names
from cardtable.engine.options import parse_option_assignments
from cardtable.sim import SimConfig, SimReport, simulate
from cardtable.sim.backends import BACKENDS, MAX_BATCH, MAX_GAMES, MAX_WORKERS
from cardtable.terminal.fit import console as plain_console


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "simulate",
        help="play many matches between bots and report wins, scores and speed",
        description=(
            "Play GAME many times between bots, checking the rules' invariants after every "
            "move. The same command always gives the same results (only the timings differ). "
            "Exits 1 if any invariant breach was found."
        ),
    )
    p.add_argument("game", metavar="GAME",
                   help=f"the game to play ({', '.join(game_names())})")
    p.add_argument("--games", "-n", type=whole(1, MAX_GAMES), default=100,
                   metavar="N", help="number of complete matches (default 100)")
    p.add_argument("--players", "-p", type=whole(1, 99), default=None, metavar="P",
                   help="players at the table (default: the game's smallest table)")
    p.add_argument("--seed", "-s", type=whole(-MAX_SEED, MAX_SEED), default=0,
                   metavar="S",
                   help="batch seed; every match's deal and bots are seeded from it (default 0)")
    p.add_argument("--bots", "-b", default="random", metavar="BOT[,BOT...]",
                   help="the line-up, one bot per seat, comma-separated; the last one fills the "
                        "remaining seats (default random). A bot may take parameters after "
                        "colons: ismcts:time=0.5 (seconds a move) or ismcts:iters=200 "
                        "(reproducible). The line-up turns one seat round the table every "
                        "match, so no bot keeps the first seat")
    p.add_argument("--fixed-seats", action="store_true",
                   help="keep every bot at its seat in every match instead of rotating")
    p.add_argument("--rounds", type=whole(1, 1_000_000), default=None, metavar="K",
                   help="end every match after K rounds (deals, hands) and score it on the "
                        "totals then: a quick way to compare bots")
    p.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                   help="a rule option, e.g. --option target=50 (repeatable; see cardtable rules)")
    add_backend_arguments(p)
    p.add_argument("--records", metavar="DIR", default=None,
                   help="write every match's game record (format 2) into DIR, as "
                        "GAME-SEED-MATCH.json; cardtable replay reads them")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object instead of a progress bar and a table")
    p.set_defaults(run=run)


MAX_SEED = 2**63 - 1


def add_backend_arguments(p: argparse.ArgumentParser, local_default: str = "1") -> None:
    """The flags that say where matches are played, shared with ``cardtable balance``
    (``local_default``: what ``--workers`` defaults to on this machine, in words)."""
    p.add_argument("--workers", "-w", type=whole(1, MAX_WORKERS), default=None,
                   metavar="K",
                   help=f"processes (or Ray CPUs) to play in (default {local_default}; with "
                        "--backend ray every CPU of the cluster); the results do not depend "
                        "on it")
    p.add_argument("--backend", choices=BACKENDS, default="process",
                   help="process: this machine's processes (default); ray: Ray tasks, on a "
                        "local Ray started for the run or on the cluster named by --address")
    p.add_argument("--address", default=None, metavar="ADDR",
                   help="the Ray cluster to use: auto (the one this machine belongs to), "
                        "HOST:PORT or ray://HOST:10001; without it Ray starts locally")
    p.add_argument("--batch", type=whole(1, MAX_BATCH), default=None, metavar="M",
                   help="matches per batch sent to a worker (default: about eight batches a "
                        "worker, at most 250 matches each); the results do not depend on it")


def check_backend(args: argparse.Namespace) -> None:
    if args.address is not None and args.backend != "ray":
        raise OptionError("--address names a Ray cluster: add --backend ray")


def config_from_args(args: argparse.Namespace) -> SimConfig:
    """Turn the command line into a checked configuration (raises OptionError)."""
    cls = game_class(args.game)
    options = parse_option_assignments(cls.option_specs, list(args.option))
    check_backend(args)
    bots = tuple(b.strip() for b in args.bots.split(","))
    records = None
    if args.records is not None:
        folder = Path(args.records)
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise OptionError(f"--records: cannot make the folder {folder}: "
                              f"{exc.strerror or exc}") from None
        records = str(folder)
    return SimConfig(cls.name, args.players, bots, args.games, args.seed, options,
                     records=records, rounds=args.rounds, rotate=not args.fixed_seats)


INTERRUPTED = 130  # the shell's code for a run ended by Ctrl-C


def run(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    where = {"workers": capped_workers(args.workers, args.backend), "backend": args.backend,
             "address": args.address, "batch": args.batch}
    if args.json:
        report = simulate(config, **where)
        print(json.dumps(report.to_dict()))
        return _exit_code(report)
    with progress_bar(f"{config.game}: matches", config.games) as (advance, start):
        report = simulate(config, progress=advance, on_start=start, **where)
    console = plain_console()
    if report.interrupted:
        console.print(f"[bold yellow]interrupted: {report.tally.games:,} of "
                      f"{report.requested:,} matches played; their results follow")
    matches = "match" if report.tally.games == 1 else "matches"
    console.print(f"{report.game.title}: {report.tally.games:,} {matches}, {report.game.players} "
                  f"players, seed {report.seed}", highlight=False)
    console.print(_seats(report))
    if report.rotate:
        console.print(ROTATED, highlight=False)
    console.print(_by_bot(report))
    console.print(_totals(report))
    if report.tally.violations:
        shown = len(report.tally.messages)
        console.print(f"[bold red]{report.tally.violations} invariant breaches; the first {shown}:")
        for message in report.tally.messages:
            console.print(f"  {message}", markup=False, highlight=False)
    return _exit_code(report)


def _exit_code(report: SimReport) -> int:
    if report.interrupted:
        return INTERRUPTED
    return 1 if report.tally.violations else 0


@contextmanager
def progress_bar(
    label: str, total: int
) -> Iterator[tuple[Callable[[int], None], Callable[[], None]]]:
    """A progress bar on stderr while a run plays (none when stderr is no terminal): gives
    the function to advance it and the one to start it once the workers exist."""
    columns = (
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
    )
    console = Console(stderr=True)
    # A bar is for a person watching; in a log file it would only leave a stray line.
    progress = Progress(*columns, console=console, transient=True, disable=not console.is_terminal)
    task = progress.add_task(label, total=total)

    def advance(done: int) -> None:
        progress.advance(task, done)

    try:
        yield advance, progress.start
    finally:
        progress.stop()


ROTATED = ("Seats rotate: the line-up turns one seat every match, so the rows above are the "
           "seats' wins whichever bot sat there; each bot's own are in the table by bot.")


def _seats(report: SimReport) -> Table:
    """One row per seat: how often it won, what it scored on average, and who sat there.
    When the line-up turns a seat every match, every bot sat at every seat: the row is the
    seat's (its place in the turn order), not a bot's, and the title says so; the bots'
    own rates are in the table by bot."""
    t = report.tally
    table = Table()
    table.add_column("seat", justify="right")
    if not report.rotate:
        table.add_column("bot")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    table.add_column("mean score", justify="right")
    for seat, bot in enumerate(report.seat_bots):
        rate = t.wins[seat] / t.finished if t.finished else 0.0
        cells = [str(seat), *([] if report.rotate else [bot]), str(t.wins[seat]),
                 f"{rate:.1%}", f"{t.mean_scores[seat]:.1f}"]
        table.add_row(*cells)
    return table


def _by_bot(report: SimReport) -> Table:
    """One row per bot name, whatever seats it sat at: seat-matches, wins (and how many were
    ties), the rate with its 95% interval, the mean score, and how often it finished ahead of
    a seat of another bot (level as half)."""
    table = Table(title="by bot (seats rotate)" if report.rotate else "by bot",
                  title_justify="left")
    table.add_column("bot")
    table.add_column("played", justify="right")
    table.add_column("won", justify="right")
    table.add_column("of them tied", justify="right")
    table.add_column("win rate (95%)", justify="right")
    table.add_column("mean score", justify="right")
    table.add_column("ahead of other bots", justify="right")
    for name, row in report.tally.by_bot.items():
        low, high = row["win_rate_95"]
        rate = row["against_others"]["ahead_rate"]
        table.add_row(name, str(row["played"]), str(row["won"]), str(row["tied"]),
                      f"{row['win_rate']:.1%} ({low:.0%}-{high:.0%})", f"{row['mean_score']:.1f}",
                      "-" if rate is None else f"{rate:.1%}")
    return table


def _totals(report: SimReport) -> Table:
    """The batch as a whole: ties, length of matches, speed and the invariant checks."""
    t = report.tally
    table = Table(show_header=False, box=None, padding=(0, 2))
    table.add_column(style="bold")
    table.add_column(justify="right")
    table.add_column()
    table.add_row("ties", f"{t.ties}", "matches won jointly (each tied seat credited)")
    limit = f" (at most {report.rounds}, then scored on the totals)" if report.rounds else ""
    table.add_row("rounds", f"{t.rounds:,}", f"{t.mean_rounds:.1f} a match{limit}")
    table.add_row("decisions", f"{t.decisions:,}", f"{report.decisions_per_s:,.0f} a second")
    started = f"after {report.startup_s:.2f} s starting the workers" if report.startup_s >= 0.01 \
        else ""
    table.add_row("time", f"{report.elapsed_s:.2f} s", started)
    style = "bold red" if t.violations else "green"
    checked = "invariants checked after every decision"
    table.add_row("violations", f"[{style}]{t.violations}[/{style}]", checked)
    opts = ", ".join(f"{k}={'none' if v is None else v}" for k, v in report.game.options.items())
    table.add_row("options", "", opts)
    return table
