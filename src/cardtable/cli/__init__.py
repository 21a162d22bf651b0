"""The ``cardtable`` command: play, simulate, replay, rules, judge.

Every error a user can cause ends as one line on stderr and a non-zero exit; tracebacks are for
bugs only.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from cardtable import __version__
from cardtable.cli import balance, judge, play, replay, rules, serve, simulate
from cardtable.engine.errors import CardtableError
from cardtable.engine.game import game_kits
from cardtable.engine.text import shorten

USAGE_ERROR = 2


class _Parser(argparse.ArgumentParser):
    """argparse that reports a usage error as one line, not a usage block."""

    def error(self, message: str) -> NoReturn:
        self.exit(USAGE_ERROR, f"{self.prog}: {shorten(message)} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    titles = ", ".join(kit.title for kit in game_kits())
    parser = _Parser(
        prog="cardtable",
        description=f"Card games by the rules ({titles}), for people and bots.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    for module in (play, simulate, balance, replay, rules, judge, serve):
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return USAGE_ERROR
    try:
        code: int = args.run(args)
    except CardtableError as exc:
        print(f"cardtable: {shorten(str(exc))}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print("\ncardtable: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 1
    return code


if __name__ == "__main__":
    sys.exit(main())
