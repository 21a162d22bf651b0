"""What the input loop needs from a table renderer, and the layout helpers renderers share.

A renderer turns a seat's *view* (``state.view(seat)``, plain data) and *events*
(``state.events(seat)``) into something to print. It is never handed the state, so a table on
screen cannot show a card the seat may not see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Protocol

from rich.console import Group, RenderableType
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from cardtable.engine.game import Action
from cardtable.engine.typed import Typed

View = dict[str, Any]


class Renderer(Protocol):
    """What the input loop asks of a table renderer. It is handed a seat's view and the legal
    moves, never the state, so nothing it draws can show a card the seat may not see."""

    def table(self, view: View, labels: Sequence[str], legal: Sequence[Action]) -> RenderableType:
        """Everything the seat sees: the table, the other players, the seat's own cards."""

    def legend(self, view: View, labels: Sequence[str], legal: Sequence[Action]) -> list[str]:
        """Standing explanations of the options in force (with the first table and help)."""

    def hand(self, view: View, labels: Sequence[str]) -> RenderableType:
        """Just the seat's own cards (shown after each of its moves)."""

    def prompt(self, view: View, labels: Sequence[str], legal: Sequence[Action]) -> str:
        """What the seat is asked to do now, for the input line."""

    def help_groups(self, view: View, labels: Sequence[str], legal: Sequence[Action],
                    topic: str = "") -> list[tuple[str, list[str]]]:
        """The legal moves under headings for ``help`` (``help TOPIC``: one heading whole)."""

    def shortcuts(self, view: View, labels: Sequence[str],
                  legal: Sequence[Action]) -> list[tuple[str, str]]:
        """Short commands for the moves now, as (what to type, what it does)."""

    def typed(self, text: str, view: View, labels: Sequence[str],
              legal: Sequence[Action]) -> Typed:
        """The move a typed line means, or the legal moves it could be (several)."""

    def event(self, event: Mapping[str, Any], labels: Sequence[str]) -> RenderableType | None:
        """A picture for an event that deserves more than its log line, or None."""

    def log_text(self, text: str) -> str:
        """The engine's words (a log line, a hint) as this table names cards."""

    def final(self, view: View, labels: Sequence[str], winners: Sequence[int],
              scores: Sequence[int]) -> RenderableType:
        """The match result."""


def hanging(head: str, body: Text) -> RenderableType:
    """``head`` then ``body``, a line too long for the screen carried on under the body's first
    word rather than at the screen's edge ("  Seat 2 (greedy)    10 cards · … ·" then
    "dealer" at column 0 was a seat's line at 80 columns)."""
    grid = Table.grid()
    grid.add_column(no_wrap=True)
    grid.add_column()
    grid.add_row(Text(head, style=body.style), body)
    return grid


def plural(n: int, word: str) -> str:
    """``1 round``, ``3 rounds``."""
    return f"{n} {word}{'s' if n != 1 else ''}"


def standings(
    title: str,
    labels: Sequence[str],
    scores: Sequence[int],
    winners: Sequence[int],
    *,
    lowest_wins: bool = False,
    unit: str = "",
    played: str = "",
) -> RenderableType:
    """The end of a match every game shows alike: a rule, each seat's score best first with
    the winners marked, and how many rounds (``played``: "5 rounds") it took."""
    lines: list[RenderableType] = [Rule(title, style="bold")]
    width = max((len(label) for label in labels), default=0) + 1
    order = sorted(range(len(labels)), key=lambda s: scores[s] if lowest_wins else -scores[s])
    for s in order:
        mark = "  winner" if s in winners else ""
        lines.append(Text(f"  {labels[s]:<{width}} {scores[s]:>6}{unit}{mark}"))
    if played:
        lines.append(Text(f"{played} played."))
    return Group(*lines)


def turn_line(view: View, labels: Sequence[str], extra: str = "") -> Text:
    """``Dealer Ann · Bob to draw``: who dealt and whose turn it is (tables with a dealer, a
    current seat and a phase)."""
    t = view["table"]
    turn = "over" if view["over"] else f"{labels[t['current']]} to {t['phase']}"
    return Text(f"Dealer {labels[t['dealer']]} · {turn}{extra}")


def unused_path(folder: Path, stem: str, suffix: str = ".json") -> Path:
    """``folder/stem.json``, or ``stem-2.json`` and on: a file that does not exist yet, so an
    earlier one is never overwritten."""
    path = folder / f"{stem}{suffix}"
    number = 2
    while path.exists():
        path = folder / f"{stem}-{number}{suffix}"
        number += 1
    return path


def expand_words(text: str, shortcuts: Mapping[str, str]) -> str:
    """Expand a typed shortcut by its first word: ``{"s": "draw stock", "x": "discard {}"}``
    turns ``s`` into ``draw stock`` and ``x 7H`` into ``discard 7H``; a shortcut without
    ``{}`` takes nothing after it. Other text comes back unchanged."""
    words = text.strip().split(None, 1)
    if not words:
        return text
    template = shortcuts.get(words[0].lower())
    rest = words[1] if len(words) > 1 else ""
    if template is None or ("{}" not in template and rest):
        return text
    return template.format(rest) if "{}" in template else template
