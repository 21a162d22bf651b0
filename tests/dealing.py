"""Deals written by hand, for tests that set a table up the way a record does.

A test names the cards that matter (some of each hand, the card turned up, the stock's next
cards) and leaves the rest to a fixed shuffle; the game checks the written deal against the one
it would have dealt (same cards, same sizes, the right dealer) and plays from it. Positions
further on are then reached by legal moves, never by assigning a state's attributes.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any


def written_deal(
    deck: Sequence[str],
    hands: Mapping[int, Sequence[str]],
    *,
    players: int,
    size: int,
    dealer: int,
    up: str | None = None,
    draws: Sequence[str] = (),
    shuffle: int = 3,
    **extra: Any,
) -> dict[str, Any]:
    """One deal in notation: each seat is dealt the cards ``hands`` names for it and the rest of
    its ``size`` from the pack's other cards shuffled (by ``shuffle``); ``up`` is turned up (a
    shuffled card when None), ``draws`` are the stock's next cards, first drawn first, and the
    other cards lie under them. ``extra`` adds a game's own keys (``cut``, ``rebuilds``)."""
    rest = Counter(deck)
    named = [list(hands.get(s, ())) for s in range(players)]
    for card in [*(c for h in named for c in h), *([up] if up else []), *draws]:
        assert rest[card] > 0, f"{card} is named more often than the pack holds it"
        rest[card] -= 1
    spare = sorted(rest.elements())
    random.Random(shuffle).shuffle(spare)
    for s, hand in enumerate(named):
        assert len(hand) <= size, f"seat {s} is named {len(hand)} cards of a {size}-card deal"
        hand.extend(spare.pop() for _ in range(size - len(hand)))
    if up is None:
        up = spare.pop()
    return {"dealer": dealer, "hands": named, "stock": [*draws, *spare[::-1]], "up": [up],
            **extra}
