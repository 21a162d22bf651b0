"""What the input loop needs from a game's table renderer, and a plain one for any game.

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
from rich.text import Text

from cardtable.engine.game import Game

View = dict[str, Any]


class Renderer(Protocol):
    """The game-specific half of terminal play."""

    #: extra short commands, as (what to type, what it means), listed by ``help``
    shortcuts: Sequence[tuple[str, str]]

    def table(self, view: View, labels: Sequence[str]) -> RenderableType:
        """Everything the seat sees: the table, the other players, the seat's own cards."""

    def hand(self, view: View) -> RenderableType:
        """Just the seat's own cards (shown after each of its moves)."""

    def prompt(self, view: View) -> str:
        """What kind of move is expected now, e.g. ``draw`` or ``meld or discard``."""

    # Optional: ``event(event, labels) -> RenderableType | None`` draws an event that deserves
    # more than the game's one log line (a round's score sheet); None lets the line stand.
    # Optional: ``log_text(text) -> str`` rewrites the engine's words for the screen (contract
    # rummy's card codes in suit symbols); see :func:`in_own_words`.

    def action_groups(self, legal: Sequence[str]) -> list[tuple[str, list[str]]]:
        """The legal moves in notation, grouped under headings for ``help``."""

    def expand_shortcut(self, text: str) -> str:
        """Turn a shortcut into the action notation (other text is returned unchanged)."""

    def hint(self, view: View) -> str:
        """Advice computed from the seat's own view only."""

    def final(self, view: View, labels: Sequence[str], winners: Sequence[int]) -> RenderableType:
        """The match result."""


def in_own_words(renderer: object, text: str) -> str:
    """``text`` (a log line, a hint) as the renderer shows such words: the engine writes cards
    by the codes a person types, which some tables draw otherwise."""
    log_text = getattr(renderer, "log_text", None)
    return text if log_text is None else str(log_text(text))


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


def group_by_verb(legal: Sequence[str]) -> list[tuple[str, list[str]]]:
    """Group notation strings by their first word, keeping first-seen order."""
    groups: dict[str, list[str]] = {}
    for text in legal:
        verb = text.split(None, 1)[0] if text.strip() else text
        groups.setdefault(verb, []).append(text)
    return list(groups.items())


class PlainRenderer:
    """A renderer for games without their own: the view's zones, card codes as they are."""

    shortcuts: Sequence[tuple[str, str]] = ()

    def __init__(self, game: Game) -> None:
        self.game = game

    def table(self, view: View, labels: Sequence[str]) -> RenderableType:
        lines = [Text(f"{self.game.title}: scores {view['table'].get('scores', '?')}")]
        for name, zone in sorted(view["zones"].items()):
            cards = zone.get("cards")
            shown = " ".join(cards) if cards is not None else f"{zone['count']} cards, face down"
            lines.append(Text(f"  {name}: {shown}"))
        return Group(*lines)

    def hand(self, view: View) -> RenderableType:
        zone = view["zones"].get(f"hand:{view['seat']}", {})
        return Text("Your hand: " + " ".join(zone.get("cards", [])))

    def prompt(self, view: View) -> str:
        return "your move"

    def action_groups(self, legal: Sequence[str]) -> list[tuple[str, list[str]]]:
        return group_by_verb(legal)

    def expand_shortcut(self, text: str) -> str:
        return text

    def hint(self, view: View) -> str:
        return "no hints for this game yet: type help for the legal moves"

    def final(self, view: View, labels: Sequence[str], winners: Sequence[int]) -> RenderableType:
        return standings("Match over", labels, list(view["table"].get("scores", [])), winners)
