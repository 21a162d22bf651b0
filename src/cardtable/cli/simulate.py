"""`cardtable simulate`."""

from __future__ import annotations

import argparse
from typing import Any


def add_parser(sub: Any) -> None:
    p: argparse.ArgumentParser = sub.add_parser("simulate", help="(not yet written)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    raise SystemExit("cardtable simulate: not yet written")
