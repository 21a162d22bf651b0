"""Text made to fit the screen it is read on: the width to write for, and pre-wrapped text
(a game's rules summary) wrapped again for that width, between words only.

A game writes its rules summary once, wrapped for a wide screen and with hanging lists
("  pair      one card of each ..."). At 80 columns a terminal would break those lines in the
middle of a word ("fiv" / "e"); :func:`reflow` breaks them between words instead, keeping a
list item's continuation under its text.
"""

from __future__ import annotations

import io
import os
import re
import sys
import textwrap
from typing import IO, Any

from rich.console import Console

PLAIN_WIDTH = 80  # what is written when nobody's screen is known (a pipe, a file)
_TRAILING = re.compile(r" +\n")
_LABELLED = re.compile(r"\s*[A-Z][\w ]{0,20}: ")  # "Moves: ...", "Sounds: ..."
_HANGING = re.compile(r"(\s*)(\S+(?: \S+)?\s{2,})")  # "  pair      " / "  trio run  "


def screen_width() -> int:
    """The columns of the terminal standard output writes to, else :data:`PLAIN_WIDTH`."""
    try:
        if sys.stdout.isatty():
            return max(20, os.get_terminal_size(sys.stdout.fileno()).columns)
    except (AttributeError, ValueError, OSError):
        pass
    return PLAIN_WIDTH


def reflow(text: str, width: int) -> str:
    """``text`` with every line longer than ``width`` broken between words. A line written
    for a wider screen is first joined to the lines that carry on its sentence (prose at its
    indent, or a list item's continuation under its text), so a paragraph is wrapped again as
    one; a heading ("Melds:") and a labelled line ("Moves: ...") are never joined. A broken
    line's continuation is indented as far as its text starts."""
    out: list[str] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = last = lines[i]
        hang = _hang(line)
        while (i + 1 < len(lines) and len(last) > width
               and _carries_on(line, lines[i + 1], hang)):
            i += 1
            last = lines[i]
            line = line.rstrip() + " " + last.strip()
        i += 1
        if len(line) <= width:
            out.append(line)
            continue
        out.extend(textwrap.wrap(line, width, subsequent_indent=" " * hang,
                                 break_long_words=False, break_on_hyphens=False) or [""])
    return "\n".join(out)


def _carries_on(line: str, following: str, hang: int) -> bool:
    """Whether ``following`` continues the sentence of ``line`` (wrapped for a wide screen)."""
    if not following.strip() or line.rstrip().endswith(":") or _LABELLED.match(following):
        return False
    return _indent(following) == hang


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" "))


def _hang(line: str) -> int:
    """Where the words of ``line`` start after a list item's term ("  pair      one ..."),
    else its own indent."""
    found = _HANGING.match(line)
    if found and _indent(line) > 0:
        return found.end()
    return _indent(line)


class TrimmedLines(io.TextIOBase):
    """A text stream that passes writes on to ``out`` without the spaces before each line's
    end. rich pads a table's title and a wrapped line with spaces to the console's width;
    on a screen nobody sees them, but piped into a file, ``diff`` or ``grep`` they are noise.
    Spaces at the end of a write that has no line end yet (a question waiting for its
    answer, "Your move: ") are passed on when the stream is flushed, as typed prompts want."""

    def __init__(self, out: IO[str]) -> None:
        super().__init__()
        self.out = out
        self.held = ""

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.out, "encoding", None) or "utf-8"

    def isatty(self) -> bool:
        return False

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        joined = _TRAILING.sub("\n", self.held + text)
        kept = joined.rstrip(" ")
        self.held = joined[len(kept):]
        self.out.write(kept)
        return len(text)

    def flush(self) -> None:
        if self.held:
            self.out.write(self.held)
            self.held = ""
        self.out.flush()


def console(**options: Any) -> Console:
    """A rich console on standard output; when that is not a terminal, its lines are written
    without the padding spaces rich puts at their ends (:class:`TrimmedLines`)."""
    try:
        piped = not sys.stdout.isatty()
    except (AttributeError, ValueError):
        piped = True
    if piped and "file" not in options:
        options["file"] = TrimmedLines(sys.stdout)
    return Console(**options)
