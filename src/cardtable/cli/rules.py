"""`cardtable rules GAME`: the rules summary and every option with its default.

The option table is built from the game's own option specs, the same ones that validate options
everywhere, so it cannot drift from what the engine accepts.
"""

from __future__ import annotations

import argparse
import textwrap
from typing import Any

from cardtable.engine.errors import OptionError
from cardtable.engine.game import game_class, game_kit, game_names
from cardtable.engine.options import Option
from cardtable.terminal.fit import reflow, screen_width


def _accepts(spec: Option) -> str:
    """The values an option takes, in the words a ``key=value`` assignment needs."""
    if spec.choices is not None:
        text = " | ".join(str(c) for c in spec.choices)
    elif spec.kind is bool:
        text = "true | false"
    elif spec.kind is int:
        if spec.minimum is not None and spec.maximum is not None:
            text = f"{spec.minimum}..{spec.maximum}"
        elif spec.minimum is not None:
            text = f"{spec.minimum} or more"
        elif spec.maximum is not None:
            text = f"{spec.maximum} or less"
        else:
            text = "a whole number"
    else:
        text = "text"
    if spec.nullable:
        text += " | none"
    return text


def options_table(specs: tuple[Option, ...], width: int = 100) -> str:
    """A plain-text table: name, default, accepted values, then the doc wrapped beneath."""
    if not specs:
        return "Options: none."
    rows = [(s.name, s.describe_default(), _accepts(s)) for s in specs]
    heads = ("option", "default", "values")
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(heads)]

    def line(cells: tuple[str, str, str]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)).rstrip()

    out = ["Options (set with name=value):", line(heads), line(("-" * widths[0],
                                                            "-" * widths[1], "-" * widths[2]))]
    for spec, row in zip(specs, rows, strict=True):
        out.append(line(row))
        out.extend(textwrap.wrap(spec.doc, width=max(40, width - 4),
                                 initial_indent="    ", subsequent_indent="    "))
    return "\n".join(out)


def render(game: str) -> str:
    cls = game_class(game)  # OptionError for an unknown game -> one line and exit 2
    pc = cls.player_counts
    if len(pc) > 2 and list(pc) == list(range(pc[0], pc[-1] + 1)):
        counts = f"{pc[0]} to {pc[-1]}"
    else:
        counts = " or ".join(str(n) for n in pc)
    width = min(100, screen_width())  # a terminal's width, 80 in a pipe
    summary = cls(cls.player_counts[0]).rules_summary()
    return reflow("\n".join([
        f"{cls.title} ({cls.name}), {counts} players",
        "",
        summary,
        "",
        options_table(cls.option_specs, width),
    ]), width)


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser(
        "rules",
        help="show a game's rules summary and its options with their defaults",
        description="Show a game's rules summary and a table of its options and defaults.",
    )
    p.add_argument("game", metavar="GAME", help=f"the game ({', '.join(game_names())})")
    p.add_argument(
        "--report", metavar="NAME",
        help="print one of the game's own reports instead (e.g. the words a word list leaves "
             "out); --report list names them",
    )
    p.add_argument("--words-left-out", action="store_const", const="words-left-out",
                   dest="report", help="the same as --report words-left-out")
    p.set_defaults(run=run)


def game_reports(game: str) -> dict[str, tuple[str, Any]]:
    """The reports a game's kit offers (its ``reports`` extra): name -> (what it tells, the
    function that writes it)."""
    found = game_kit(game).part("reports")
    return dict(found) if found else {}


def report(game: str, name: str) -> str:
    """One report's text; OptionError naming the reports there are for an unknown one."""
    reports = game_reports(game)
    if name == "list" or name not in reports:
        listed = "; ".join(f"{n}: {what}" for n, (what, _make) in reports.items())
        if name == "list" and reports:
            return f"Reports of {game}: {listed}"
        raise OptionError(
            f"{game} has no report {name!r}" + (f" (it has {listed})" if reports
                                                 else " (it has none)")
        )
    return str(reports[name][1]())


def run(args: argparse.Namespace) -> int:
    if args.report is not None:
        game_class(args.game)  # an unknown game -> one line and exit 2
        print(report(args.game, args.report))
        return 0
    print(render(args.game))
    return 0
