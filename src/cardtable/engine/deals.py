"""Deals in notation: what a record says was dealt, and the checks a written deal must pass.

A round's deal is a plain mapping, the same for every game::

    {"dealer": 2, "hands": [["7H", ...], ...], "stock": ["QS", ...], "up": ["4D"]}

``hands`` is every seat's dealt hand (an empty list for a seat dealt out), ``stock`` the stock
in order with its top card first, ``up`` the cards dealt face up (an upcard, the dealer's cards).
Chance within the round is recorded beside them, each under its own key, as a list of outcomes
(``"rebuilds"``: every new stock made from the discard pile, top first). Games may add keys of
their own (``"cut"``, where the pack is cut, say). Because a deal is checked against the one
the game would deal live (same cards, same sizes), these checks hold for every game without
knowing any of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

RECORD_FORMAT = "cardtable-record/2"

Deal = dict[str, Any]


def _cards(entry: Mapping[str, Any], key: str) -> list[Any]:
    value = entry.get(key, [])
    return list(value) if isinstance(value, list) else [value]


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def deal_problem(live: Mapping[str, Any], written: Any, number: int) -> str | None:
    """Why ``written`` cannot be deal ``number`` of this match, or None when it can. ``live`` is
    the deal the game itself made at this point: it fixes the deck, the sizes and the dealer."""
    where = f"deal {number}"
    if not isinstance(written, Mapping):
        return f"{where} is not an object with hands, stock and up cards"
    hands = written.get("hands")
    live_hands: list[list[str]] = live["hands"]
    if not isinstance(hands, list) or not all(isinstance(h, list) for h in hands):
        return f"{where} has no list of hands"
    if len(hands) != len(live_hands):
        return f"{where} has {_count(len(hands), 'hand')}; this table has {len(live_hands)} seats"
    for seat, (hand, want) in enumerate(zip(hands, live_hands, strict=True)):
        if len(hand) != len(want):
            return (f"{where}: seat {seat} is dealt {_count(len(hand), 'card')}, "
                    f"but this deal gives {len(want)}")
    for key in ("stock", "up"):
        if key not in live:
            continue
        value = written.get(key, [])
        if not isinstance(value, list):
            return f"{where}: {key} is not a list of cards"
        if len(value) != len(live[key]):
            return (f"{where}: the {key} has {_count(len(value), 'card')}, "
                    f"but this deal leaves {len(live[key])}")
    if "dealer" in live and "dealer" in written and written["dealer"] != live["dealer"]:
        return (f"{where} names seat {written['dealer']!r} as dealer, but by the rules "
                f"seat {live['dealer']} deals it")
    wanted: Counter[Any] = Counter(c for key in ("stock", "up") for c in _cards(live, key))
    wanted.update(c for hand in live_hands for c in hand)
    have: Counter[Any] = Counter(c for key in ("stock", "up") for c in _cards(written, key))
    have.update(c for hand in hands for c in hand)
    return _multiset_problem(wanted, have, where)


def reorder_problem(live: Sequence[str], written: Any, where: str) -> str | None:
    """Why ``written`` is not a reordering of exactly the cards in ``live``."""
    if not isinstance(written, list):
        return f"{where} is not a list of cards"
    return _multiset_problem(Counter(live), Counter(written), where)


def _multiset_problem(want: Counter[Any], have: Counter[Any], where: str) -> str | None:
    for card, n in have.items():
        if card not in want:
            return f"{where}: {card!r} is not a card of this deck (or not one left to deal here)"
        if n > want[card]:
            times = "once" if want[card] == 1 else f"{want[card]} times"
            return f"{where}: {card} appears {n} times, but the deck holds it {times}"
    for card, n in want.items():
        if have[card] < n:
            return f"{where}: {card} is missing"
    return None


def redact_deal(entry: Mapping[str, Any], seat: int) -> Deal:
    """A deal as ``seat`` knew it: its own hand and the face-up cards; every other card is
    ``None`` (the counts stay), and so are the stock orders of any rebuild."""
    out: Deal = {}
    for key, value in entry.items():
        if key == "hands":
            out[key] = [list(h) if s == seat else [None] * len(h) for s, h in enumerate(value)]
        elif key == "up" or not isinstance(value, list):
            out[key] = value if not isinstance(value, list) else list(value)
        else:
            out[key] = _blank(value)
    return out


def _blank(value: Any) -> Any:
    if isinstance(value, list):
        return [_blank(v) for v in value]
    return None
