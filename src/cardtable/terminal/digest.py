"""'Since your last turn': the move log between two of the person's turns, folded to one line a
player when it is too long to read.

At a ten-player rummy table with discards for sale the events between two of your turns run to
a hundred lines (draws, discards, every seat passing on every discard). The digest keeps the
game's own words, as ``describe_event`` writes them, but strips the player's name from each and
joins one player's events into one line, in the order the players first acted: "Seat 3
(greedy): drew a card from the stock; discarded the 7H." Repeats (passing on offer after offer)
are counted, not repeated. The whole log stays available through the session's ``log`` command.

A line is never cut to fit the screen: the terminal wraps it between words, since the end of a
line can hold the move the person is about to be asked about ("...; discarded the 7♣").
Between turns at a big table every seat answers every offer ("passed on the 7♣"): a run of
those answers to one offer reads as one line (:func:`plain_lines`), digest or not.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

# Answers to an offer (a discard for sale, a rummy chance): one a player at every offer, and
# almost always "no". The digest counts them after the player's own moves instead of listing.
MINOR_KINDS = frozenset({"passed"})
SOURCES = (" from the stock", " from the discard pile")
# Turning down the discard before drawing from the stock: the draw that follows says as much.
IMPLIED_KINDS = frozenset({"declined"})

Describe = Callable[[Mapping[str, Any]], str]


def _phrase(text: str, label: str) -> str:
    """The event's words without the actor's name in front, without what follows a colon (the
    details: to whom a discard is for sale) and without the full stop."""
    if text.startswith(label + " "):
        text = text[len(label) + 1:]
    text = text.split(": ", 1)[0].rstrip().rstrip(".")
    for source in SOURCES:  # "drew a card", "took the 7H": where from is plain in a digest
        text = text.removesuffix(source)
    return text


def _counted(phrases: Sequence[str]) -> list[str]:
    """Phrases in a row that differ only in their last word share the rest: ``passed on the
    7H, 9C``; equal ones are counted: ``drew a card from the stock (x2)``."""
    out: list[list[str]] = []  # [head, last words...]
    counts: list[int] = []
    for phrase in phrases:
        head, _, last = phrase.rpartition(" ")
        if out and out[-1][0] == head and head:
            if out[-1][-1] == last:
                counts[-1] += 1
            else:
                out[-1].append(last)
            continue
        out.append([head, last])
        counts.append(1)
    lines = []
    for (head, *lasts), n in zip(out, counts, strict=True):
        text = f"{head} {', '.join(lasts)}" if head else ", ".join(lasts)
        lines.append(text if n == 1 else f"{text} (x{n})")
    return lines


def _joined(names: Sequence[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def plain_lines(
    events: Sequence[Mapping[str, Any]], describe: Describe, labels: Sequence[str]
) -> list[str]:
    """The log lines of ``events``, one an event, except that answers in a row to one offer
    ("Seat 5 passed on the 7♣.", "Seat 6 passed on the 7♣.") are one line naming them all:
    "Seat 5 and Seat 6 passed on the 7♣." At a ten-player table that is one line a discard,
    not eight."""
    lines: list[str] = []
    run_names: list[str] = []
    run_phrase = ""

    def close() -> None:
        if run_names:
            lines.append(f"{_joined(run_names)} {run_phrase}")
            run_names.clear()

    for event in events:
        text = describe(event)
        about = event.get("seat")
        if event["kind"] in MINOR_KINDS and about is not None and 0 <= int(about) < len(labels):
            label = labels[int(about)]
            if text.startswith(label + " "):
                phrase = text[len(label) + 1:]
                if run_names and phrase != run_phrase:
                    close()
                run_names.append(label)
                run_phrase = phrase
                continue
        close()
        lines.append(text)
    close()
    return lines


def digest_lines(
    events: Sequence[Mapping[str, Any]], describe: Describe, labels: Sequence[str]
) -> list[str]:
    """One line per player who acted in ``events`` (plain events: no round banners or score
    sheets), in the order they first acted; events about no one in particular (the stock
    rebuilt) keep their own line, in their place among the players' lines."""
    order: list[int | str] = []
    phrases: dict[int, list[str]] = {}
    minor: dict[int, int] = {}
    implied: dict[int, list[str]] = {}
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
        if event["kind"] in IMPLIED_KINDS:
            implied.setdefault(seat, []).append(_phrase(text, labels[seat]))
            continue
        if event["kind"] in MINOR_KINDS:
            minor[seat] = minor.get(seat, 0) + 1
        else:
            phrases[seat].append(_phrase(text, labels[seat]))
    lines: list[str] = []
    for entry in order:
        if isinstance(entry, str):
            lines.append(table_lines[entry])
        else:
            said = _counted(phrases[entry] or implied.get(entry, []))
            if minor.get(entry):
                n = minor[entry]
                said.append(f"passed on {n} offer{'s' if n != 1 else ''}")
            lines.append(f"{labels[entry]}: {'; '.join(said)}.")
    return lines
