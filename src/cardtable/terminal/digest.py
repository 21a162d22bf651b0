"""'Since your last turn': the move log between two of the person's turns, folded to one line a
player when it is too long to read.

At a ten-player contract table the events between two of your turns run to a hundred lines
(draws, discards, every seat passing on every discard). The digest keeps the game's own words,
as ``describe_event`` writes them, but strips the player's name from each and joins one
player's events into one line, in the order the players first acted: "Seat 3 (greedy): drew
a card from the stock; discarded the 7H." Repeats (passing on offer after offer) are counted,
not repeated. The whole log stays available through the session's ``log`` command.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

LINE_WIDTH = 79  # a digest line never wraps on an 80-column terminal
ELLIPSIS = "…"

Describe = Callable[[Mapping[str, Any]], str]


def _phrase(text: str, label: str) -> str:
    """The event's words without the actor's name in front and without the full stop."""
    if text.startswith(label + " "):
        text = text[len(label) + 1:]
    return text.rstrip().rstrip(".")


def _counted(phrases: Sequence[str]) -> list[str]:
    """Equal phrases in a row are written once with a count: ``passed on the 7H (x3)``."""
    out: list[str] = []
    counts: list[int] = []
    for phrase in phrases:
        if out and out[-1] == phrase:
            counts[-1] += 1
        else:
            out.append(phrase)
            counts.append(1)
    return [p if n == 1 else f"{p} (x{n})" for p, n in zip(out, counts, strict=True)]


def fit(text: str, width: int = LINE_WIDTH) -> str:
    """``text`` cut to ``width`` characters, an ellipsis marking the cut."""
    return text if len(text) <= width else text[: width - 1].rstrip() + ELLIPSIS


def digest_lines(
    events: Sequence[Mapping[str, Any]], describe: Describe, labels: Sequence[str]
) -> list[str]:
    """One line per player who acted in ``events`` (plain events: no round banners or score
    sheets), in the order they first acted; events about no one in particular (the stock
    rebuilt) keep their own line, in their place among the players' lines."""
    order: list[int | str] = []
    phrases: dict[int, list[str]] = {}
    table_lines: dict[str, str] = {}
    for number, event in enumerate(events):
        text = describe(event)
        about = event.get("seat")
        if about is None or not 0 <= int(about) < len(labels):
            order.append(f"table{number}")
            table_lines[f"table{number}"] = text
            continue
        seat = int(about)
        if seat not in phrases:
            order.append(seat)
            phrases[seat] = []
        phrases[seat].append(_phrase(text, labels[seat]))
    lines: list[str] = []
    for entry in order:
        if isinstance(entry, str):
            lines.append(fit(table_lines[entry]))
        else:
            lines.append(fit(f"{labels[entry]}: {'; '.join(_counted(phrases[entry]))}."))
    return lines
