"""What the input loop needs from a game's table renderer, and a plain one for any game.

A renderer turns a seat's *view* (``state.view(seat)``, plain data) and *events*
(``state.events(seat)``) into something to print. It is never handed the state, so a table on
screen cannot show a card the seat may not see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from rich.console import Group, RenderableType
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

    def action_groups(self, legal: Sequence[str]) -> list[tuple[str, list[str]]]:
        """The legal moves in notation, grouped under headings for ``help``."""

    def expand_shortcut(self, text: str) -> str:
        """Turn a shortcut into the action notation (other text is returned unchanged)."""

    def hint(self, view: View) -> str:
        """Advice computed from the seat's own view only."""

    def final(self, view: View, labels: Sequence[str], winners: Sequence[int]) -> RenderableType:
        """The match result."""


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
        scores = view["table"].get("scores", [])
        return Text(
            "Final scores: "
            + ", ".join(f"{labels[s]} {score}" for s, score in enumerate(scores))
            + ". Winner: "
            + " and ".join(labels[s] for s in winners)
        )
