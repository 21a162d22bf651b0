"""Playing in a terminal: a game-agnostic input loop and one table renderer for every game.

The loop (:mod:`cardtable.terminal.session`) speaks only the engine protocol; the table is drawn
by :class:`~cardtable.terminal.presented.PresentedRenderer` from what the game's presentation
says (its kit's), so a game that describes nothing itself still plays, its cards and moves in
their notation.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import RenderableType

from cardtable.engine.game import Action, Game
from cardtable.terminal.presented import PresentedRenderer
from cardtable.terminal.render import Renderer, View


class _Legacy:
    """A renderer of the old kind (one per game, reading the view itself), seen through the
    protocol the loop speaks now: kept only until the game's presentation says it all."""

    def __init__(self, old: Any) -> None:
        self.old = old
        self.window_answers: frozenset[str] = getattr(old, "window_answers", frozenset())

    def table(self, view: View, labels: Sequence[str], legal: Sequence[Action]) -> RenderableType:
        return self.old.table(view, labels)  # type: ignore[no-any-return]

    def legend(self, view: View, labels: Sequence[str], legal: Sequence[Action]) -> list[str]:
        return []

    def hand(self, view: View, labels: Sequence[str]) -> RenderableType:
        return self.old.hand(view)  # type: ignore[no-any-return]

    def prompt(self, view: View, labels: Sequence[str], legal: Sequence[Action]) -> str:
        return str(self.old.prompt(view))

    def help_groups(self, view: View, labels: Sequence[str], legal: Sequence[Action],
                    topic: str = "") -> list[tuple[str, list[str]]]:
        texts = [str(a) for a in legal]
        paged = getattr(self.old, "help_groups", None)
        if paged is not None:
            return list(paged(texts, topic))
        return [(f"{title} ({len(items)})", items)
                for title, items in self.old.action_groups(texts)]

    def shortcuts(self, view: View, labels: Sequence[str],
                  legal: Sequence[Action]) -> list[tuple[str, str]]:
        return list(self.old.shortcuts)

    def readings(self, text: str, view: View, labels: Sequence[str],
                 legal: Sequence[Action]) -> list[str]:
        expanded = str(self.old.expand_shortcut(text))
        variants = getattr(self.old, "variants", None)
        return [expanded, *(variants(expanded) if variants is not None else [])]

    def event(self, event: Mapping[str, Any], labels: Sequence[str]) -> RenderableType | None:
        draw = getattr(self.old, "event", None)
        return None if draw is None else draw(event, labels)

    def log_text(self, text: str) -> str:
        rewrite = getattr(self.old, "log_text", None)
        return text if rewrite is None else str(rewrite(text))

    def final(self, view: View, labels: Sequence[str], winners: Sequence[int],
              scores: Sequence[int]) -> RenderableType:
        return self.old.final(view, labels, winners)  # type: ignore[no-any-return]

    def hint(self, view: View) -> str:
        return str(self.old.hint(view))

    def hint_says_why(self, action: Action) -> bool:
        says = getattr(self.old, "hint_says_why", None)
        return False if says is None else bool(says(action))


def renderer_for(game: Game) -> Renderer:
    """The table renderer for ``game``."""
    from cardtable.games.contract.game import ContractGame
    from cardtable.games.day.game import DayGame

    if isinstance(game, ContractGame):
        from cardtable.terminal.contract import ContractRenderer

        return _Legacy(ContractRenderer(game))
    if isinstance(game, DayGame):
        from cardtable.terminal.day import DayRenderer

        return _Legacy(DayRenderer(game))
    return PresentedRenderer(game)


__all__ = ["PresentedRenderer", "Renderer", "renderer_for"]
