"""Tables set up the public way: an explicit deal handed to ``new_state``, then moves."""

from __future__ import annotations

from typing import Any

from cardtable.engine.game import load_game

from crazy_eights.cards import CODES
from crazy_eights.state import CrazyEightsState, hand_size


def deal(hands: list[list[str]], up: str, stock_top: list[str] | None = None,
         dealer: int = 0) -> dict[str, Any]:
    """A deal with these hands and starter: the stock starts with ``stock_top`` (its top card
    first) and holds the rest of the pack after it, in pack order."""
    used = {c for hand in hands for c in hand} | {up} | set(stock_top or [])
    rest = [c for c in CODES if c not in used]
    return {"dealer": dealer, "hands": hands, "up": [up], "stock": [*(stock_top or []), *rest]}


def table(hands: list[list[str]], up: str, stock_top: list[str] | None = None,
          **options: Any) -> CrazyEightsState:
    """A match whose first hand is dealt as given (seat 0 deals, so seat 1 plays first)."""
    game = load_game("crazy-eights", len(hands), options)
    assert all(len(h) == hand_size(len(hands)) for h in hands)
    state = game.new_state(1, deals=[deal(hands, up, stock_top)])
    assert isinstance(state, CrazyEightsState)
    return state


def moves(state: CrazyEightsState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


def play(state: CrazyEightsState, seat: int, text: str) -> None:
    state.apply(seat, state.game.parse_action(text))
