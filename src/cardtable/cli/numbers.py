"""The numbers typed on the command line (counts, seeds, seats), each refused in words that
say what is wrong with it.

``int()`` takes other scripts' digits (``٣``) and any length at all; ``play``, ``simulate``
and ``balance`` read numbers alike: ASCII digits 0-9 only, a sign where the number may be
negative. A refusal names the one thing wrong (out of range, too long, other digits, not a
number), never a vaguer "must be a whole number" for a number that is whole.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from collections.abc import Callable

from cardtable.engine.text import quoted, whole_number

_SIGNED = re.compile(r"\s*[-+]?\d+\s*")  # \d: any script's digits, told apart below


def number_problem(text: str, low: int, high: int) -> tuple[int | None, str | None]:
    """The number ``text`` spells and None, or None and why it is refused (a phrase that
    follows "must ...")."""
    span = f"from {low:,} to {high:,}"
    if _SIGNED.fullmatch(text) is None:
        return None, f"be a whole number {span}, not {quoted(text)}"
    digits = text.strip().lstrip("+-")
    if not digits.isascii():
        return None, f"be written in the digits 0-9, not {quoted(text)}"
    if len(digits) > len(str(max(abs(low), abs(high)))) + 1:
        return None, f"be {span}, not a number of {len(digits):,} digits"
    value = whole_number(text, signed=True, max_digits=len(digits))
    assert value is not None  # ASCII digits with at most a sign, checked above
    if not low <= value <= high:
        return None, f"be {span}, not {value:,}"
    return value, None


def whole(low: int, high: int) -> Callable[[str], int]:
    """An argparse type for a whole number from ``low`` to ``high`` in ASCII digits."""

    def parse(text: str) -> int:
        value, problem = number_problem(text, low, high)
        if value is None:
            raise argparse.ArgumentTypeError(f"must {problem}")
        return value

    parse.__name__ = "whole number"  # how argparse names the type in its own messages
    return parse


def capped_workers(workers: int | None, backend: str) -> int | None:
    """The worker processes a run on this machine gets: at most its CPUs, saying so in one
    sentence on stderr when more were asked for (more processes than CPUs only take turns;
    the results never depend on the count). Ray workers are the cluster's CPUs: left alone."""
    cpus = os.cpu_count() or 1
    if workers is None or backend != "process" or workers <= cpus:
        return workers
    print(f"cardtable: --workers {workers:,} is more than this machine's {cpus} CPU"
          f"{'s' if cpus != 1 else ''}: playing in {cpus} processes (the results are the same)",
          file=sys.stderr)
    return cpus
