"""The score sheet a table keeps on paper, built from the ``round_scored`` events alone.

Every game reports a round's end in the same event, but each fills ``result`` with its own
summary. The sheet reads the few keys the games share (``points``, ``totals``, or ``stacks``
for a game of chips, who went out or won the round) so that one sheet serves every game, and a
game without its own round picture still gets a summary (:func:`round_summary`). A sheet fits
80 columns for up to ten players: seats are headed ``You``, ``S1``, ``S2`` ... with a legend.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Group, RenderableType
from rich.text import Text

SHEET_WIDTH = 80
RECENT_ROWS = 6  # rows of the running sheet shown at a round's end; `sheet` shows all
WORD_KEYS = (("deal", "Deal"), ("game", "Game"), ("hand", "Hand"))


def round_word(result: Mapping[str, Any]) -> str:
    """What the game calls a round, by the key its result numbers it with: a deal, a game, a
    hand."""
    for key, word in WORD_KEYS:
        if key in result:
            return word
    return "Round"


DEFAULT_MARK = "won the round"  # a game whose presentation does not word the sheet's *


def went_out(event: Mapping[str, Any]) -> list[int]:
    """Who ended the round by going out (or won it): the seats the sheet marks with a star."""
    result = event.get("result", {})
    for key in ("out", "festival"):
        if key in result:
            return [] if result[key] is None else [int(result[key])]
    if isinstance(result.get("winners"), list):
        return [int(s) for s in result["winners"]]
    pots = result.get("pots")
    if isinstance(pots, list):
        return sorted({int(p["winner"]) for p in pots if p.get("winner") is not None})
    return [] if event.get("seat") is None else [int(event["seat"])]


def cards_left(result: Mapping[str, Any]) -> list[int] | None:
    """How many cards each seat held when the round ended, when the game says."""
    if isinstance(result.get("cards_left"), list):
        return [int(n) for n in result["cards_left"]]
    if isinstance(result.get("left"), list):
        return [len(cards) for cards in result["left"]]
    return None


@dataclass(slots=True)
class SheetRow:
    """One round on the sheet: what each seat scored in it and where each stands after it."""

    number: int
    word: str
    points: list[int] | None  # None: the game reports only standings (chip stacks)
    totals: list[int]
    out: list[int]


@dataclass(slots=True)
class ScoreSheet:
    """The rounds of one match so far, filled from ``round_scored`` events as they come."""

    labels: Sequence[str]
    person: int | None = None
    rows: list[SheetRow] = field(default_factory=list)
    unit: str = "points"
    mark: str = DEFAULT_MARK  # what * means, in the game's words (its presentation's)

    def add(self, event: Mapping[str, Any]) -> SheetRow | None:
        """Add a ``round_scored`` event (other events are ignored); the row it made."""
        if event.get("kind") != "round_scored":
            return None
        result = event.get("result", {})
        totals = result.get("totals")
        points = result.get("points")
        if totals is None and "stacks" in result:
            totals, points, self.unit = result["stacks"], None, "chips"
        if totals is None and isinstance(points, list):  # a game that keeps no totals
            before = self.rows[-1].totals if self.rows else [0] * len(points)
            totals = [a + b for a, b in zip(before, points, strict=False)]
        if not isinstance(totals, list):
            return None
        row = SheetRow(int(event.get("round", len(self.rows) + 1)), round_word(result),
                       [int(p) for p in points] if isinstance(points, list) else None,
                       [int(t) for t in totals], went_out(event))
        self.rows.append(row)
        return row

    # ---- drawing ----------------------------------------------------------------------------
    def short_names(self) -> list[str]:
        return ["You" if s == self.person else f"S{s + 1}" for s in range(len(self.labels))]

    def render(self, recent: int | None = None, winners: Sequence[int] = ()) -> RenderableType:
        """The sheet: one line a round (the last ``recent`` only, if given), then the totals.

        A cell reads ``+12`` (the round's points) or the standing for games that keep only
        standings; ``*`` marks who went out or won the round."""
        if not self.rows:
            return Text("No round has been scored yet.")
        names = self.short_names()
        seats = len(names)
        width = max(5, *(len(str(t)) + 3 for row in self.rows for t in row.totals),
                    *(len(n) + 1 for n in names))
        width = min(width, max(5, (SHEET_WIDTH - 9) // max(seats, 1)))
        word = self.rows[-1].word
        lines: list[RenderableType] = []
        head = f"{word:<8}" + "".join(f"{n:>{width}}" for n in names)
        lines.append(Text(head, "bold"))
        shown = self.rows if recent is None else self.rows[-recent:]
        hidden = len(self.rows) - len(shown)
        if hidden:
            lines.append(Text(f"  ({hidden} earlier {word.lower()}{'s' if hidden != 1 else ''}: "
                              "type sheet for them all)", "dim"))
        for row in shown:
            cells = row.points if row.points is not None else row.totals
            line = f"{row.number:<8}"
            for s in range(seats):
                value = cells[s] if s < len(cells) else 0
                mark = "*" if s in row.out else " "
                text = f"{value:+d}" if row.points is not None else str(value)
                line += f"{text + mark:>{width}}"
            lines.append(Text(line))
        total = "Total" if self.unit == "points" else "Chips"
        last = self.rows[-1].totals
        foot = Text(f"{total:<8}", "bold")
        for s in range(seats):
            value = last[s] if s < len(last) else 0
            mark = "!" if s in winners else " "
            foot.append(f"{str(value) + mark:>{width}}", "bold")
        lines.append(foot)
        legend = f"S1 is seat 1 and so on · * {self.mark}"
        if winners:
            legend += " · ! won the match"
        lines.append(Text(legend, "dim"))
        return Group(*lines)


def round_summary(event: Mapping[str, Any], labels: Sequence[str]) -> RenderableType:
    """A round's end in a few lines for a game whose renderer draws none of its own: who went
    out, each seat's cards left and points."""
    result = event.get("result", {})
    word = round_word(result)
    out = went_out(event)
    who = " and ".join(labels[s] for s in out)
    head = f"{word} {event.get('round', '?')} over" + (f": {who} went out." if who else ".")
    lines: list[RenderableType] = [Text(head, "bold")]
    left = cards_left(result)
    points = result.get("points")
    totals = result.get("totals") or result.get("stacks")
    for s, label in enumerate(labels):
        parts = []
        if left is not None and s < len(left):
            parts.append(f"{left[s]} card{'s' if left[s] != 1 else ''} left")
        if isinstance(points, list) and s < len(points):
            parts.append(f"{int(points[s]):+d} this {word.lower()}")
        if isinstance(totals, list) and s < len(totals):
            parts.append(f"total {totals[s]}")
        lines.append(Text(f"  {label:<18} " + " · ".join(parts)))
    return Group(*lines)
