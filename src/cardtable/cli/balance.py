"""`cardtable balance`: a designer's report on a game, from many matches between bots.

With ``--json`` it prints one JSON object and nothing else; without it, a progress bar on
stderr and tables on stdout. ``--out report.html`` also writes a self-contained page with plots
(and the plots as PNGs beside it). ``--compare KEY=V1,V2`` plays every match under each value.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import json
import os
import sys
import threading
from pathlib import Path
from typing import Any

from rich.table import Table

from cardtable.cli.numbers import capped_workers, whole
from cardtable.cli.simulate import (
    INTERRUPTED,
    MAX_SEED,
    add_backend_arguments,
    check_backend,
    progress_bar,
)
from cardtable.engine.errors import OptionError
from cardtable.engine.game import game_class, game_names
from cardtable.engine.options import parse_option_assignments
from cardtable.sim.backends import MAX_GAMES
from cardtable.sim.balance import MAX_VARIANTS, BalanceConfig, BalanceReport, balance
from cardtable.sim.runner import SimConfig
from cardtable.terminal.fit import console as plain_console


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "balance",
        help="a designer's report: win rates, first-player advantage, match shape, diagnostics",
        description=(
            "Play GAME many times between bots and report what a designer asks: each seat's "
            "win rate with its 95% interval, the first player's advantage, ties, how long "
            "matches last and how the lead moves, and the game's own measures; --compare plays "
            "the same seeds under each value of an option and gives the differences."
        ),
    )
    p.add_argument("game", metavar="GAME", help=f"the game ({', '.join(game_names())})")
    p.add_argument("--players", "-p", type=whole(1, 99), default=None, metavar="P",
                   help="players at the table (default: the game's smallest table)")
    p.add_argument("--bots", "-b", default="greedy", metavar="BOT[,BOT...]",
                   help="the line-up, as for simulate (default greedy: random play says "
                        "little about a game); it turns one seat every match")
    p.add_argument("--fixed-seats", action="store_true",
                   help="keep every bot at its seat instead of turning the line-up")
    p.add_argument("--games", "-n", type=whole(1, MAX_GAMES), default=1000, metavar="N",
                   help="matches (default 1000); with --compare, N under each value")
    p.add_argument("--option", "-o", action="append", default=[], metavar="KEY=VALUE",
                   help="a rule option for every match (repeatable)")
    p.add_argument("--compare", default=None, metavar="KEY=V1,V2,...",
                   help=f"play every match under each value of one option (2 to "
                        f"{MAX_VARIANTS} values) and report the differences from the first")
    p.add_argument("--no-share", action="store_true",
                   help="with --compare on an option that only ends matches (such as the points "
                        "to play to), ask the bots again under every value instead of "
                        "replaying one play of each match, checked move by move, for the others "
                        "(the same figures, slower)")
    p.add_argument("--seed", "-s", type=whole(-MAX_SEED, MAX_SEED), default=0, metavar="S",
                   help="run seed; every match's deal and bots are seeded from it and the "
                        "match's number (default 0)")
    p.add_argument("--rounds", type=whole(1, 1_000_000), default=None, metavar="K",
                   help="end every match after K rounds, scored on the totals then")
    add_backend_arguments(p, local_default="every CPU of this machine")
    p.add_argument("--out", metavar="FILE.html", default=None,
                   help="write the report as a page with plots, and the plots as PNGs beside "
                        "it (FILE-positions.png, ...)")
    p.add_argument("--json", action="store_true",
                   help="print one JSON object instead of a progress bar and tables")
    p.set_defaults(run=run)


def config_from_args(args: argparse.Namespace) -> BalanceConfig:
    """The checked configuration of the run (raises OptionError)."""
    cls = game_class(args.game)
    options = parse_option_assignments(cls.option_specs, list(args.option))
    check_backend(args)
    compare = None
    if args.compare is not None:
        key, sep, listed = args.compare.partition("=")
        key = key.strip()
        values = [v.strip() for v in listed.split(",")]
        if not sep or not key or any(not v for v in values):
            raise OptionError("--compare is written KEY=V1,V2,..., e.g. --compare target=50,100")
        # Each value read first: a misspelt one is named as such, not counted as missing.
        parsed = tuple(parse_option_assignments(cls.option_specs, [f"{key}={v}"])[key]
                       for v in values)
        if not 2 <= len(values) <= MAX_VARIANTS:
            raise OptionError(f"--compare needs 2 to {MAX_VARIANTS} values of {key} to play "
                              f"side by side, written {key}=V1,V2 (got {len(values)})")
        if any(f"{key}=" in a.replace(" ", "") for a in args.option):
            raise OptionError(f"--compare and --option both set {key}: name it in one only")
        if len(set(map(repr, parsed))) != len(parsed):
            raise OptionError(f"--compare names a value of {key} twice")
        compare = (key, parsed)
    bots = tuple(b.strip() for b in args.bots.split(","))
    sim = SimConfig(cls.name, args.players, bots, args.games, args.seed, options,
                    rounds=args.rounds, rotate=not args.fixed_seats)
    return BalanceConfig(sim, compare, share=not args.no_share)


def run(args: argparse.Namespace) -> int:
    config = config_from_args(args)
    out = Path(args.out) if args.out is not None else None
    if out is not None and out.suffix.lower() not in (".html", ".htm"):
        raise OptionError(f"--out names the HTML page to write, e.g. report.html, not {out}")
    if out is not None and importlib.util.find_spec("matplotlib") is None:
        # Said before the run, not after an hour of it.
        raise OptionError("--out draws plots with matplotlib: pip install 'cardtable[balance]'")
    if out is not None:  # refused before the run; its folder is made, as --records makes its own
        from cardtable.cli.play import check_writable

        check_writable(out, "--out", "the page", OptionError)
    workers = args.workers
    if workers is None and args.backend == "process":
        # A designer waits for the report: every core plays (the figures do not depend on it).
        workers = os.cpu_count() or 1
    where = {"workers": capped_workers(workers, args.backend), "backend": args.backend,
             "address": args.address, "batch": args.batch}
    plotting = _Preload() if out is not None else None

    def started() -> None:
        if plotting is not None:
            plotting.start()

    if args.json:
        report = balance(config, on_start=started, **where)
    else:
        with progress_bar(f"{config.sim.game}: matches", config.sim.games) as (advance, start):

            def begin() -> None:
                start()
                started()

            report = balance(config, progress=advance, on_start=begin, **where)
    data = report.to_dict()
    written = []
    if out is not None:
        if plotting is not None:
            plotting.join()
        from cardtable.sim.report import write_html  # matplotlib loads only for a page

        written = write_html(data, out)
    if args.json:
        print(json.dumps(data))
        for path in written:  # stdout holds the JSON alone; where the page went is still said
            print(f"wrote {path}", file=sys.stderr)
    else:
        _print(report, data, written)
    if report.interrupted:
        return INTERRUPTED
    violations = sum(run.tally.violations for run in report.tally.runs)
    return 1 if violations else 0


class _Preload(threading.Thread):
    """Imports matplotlib while the matches play: it takes seconds, and once the last match is
    in, the page is all the designer still waits for. Started once the workers exist (a
    thread must not be running when processes fork); a failed import is left for the page to
    report in its own words."""

    def __init__(self) -> None:
        super().__init__(name="cardtable-plots", daemon=True)

    def run(self) -> None:
        with contextlib.suppress(Exception):
            from cardtable.sim.report import preload

            preload()


def _print(report: BalanceReport, data: dict[str, Any], written: list[Path]) -> None:
    from cardtable.sim.report import tables

    console = plain_console()
    if report.interrupted:
        console.print(f"[bold yellow]interrupted: {data['games']:,} of {data['requested']:,} "
                      "matches played; their figures follow")
    console.print(f"[bold]{data['title']}[/bold]: {data['games']:,} matches, "
                  f"{data['players']} players, bots {', '.join(data['bots'])}, seed "
                  f"{data['seed']}, {data['matches_per_s']:.1f} matches a second")
    for title, head, rows in tables(data):
        table = Table(title=title, title_justify="left")
        for i, name in enumerate(head):
            table.add_column(name, justify="left" if i == 0 else "right")
        for row in rows:
            table.add_row(*row)
        console.print(table)
    for run in report.tally.runs:
        for message in run.tally.messages:
            console.print(f"[bold red]breach:[/bold red] {message}", highlight=False)
    for path in written:
        console.print(f"wrote {path}", highlight=False)
