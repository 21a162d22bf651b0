"""Standard cards for contract rummy: 52 naturals per deck plus jokers, several decks at once.

A card is an ``int``: ``suit * 13 + rank - 1`` for naturals (rank 1 = ace .. 13 = king; suits in
the order clubs, diamonds, hearts, spades) and :data:`JOKER` (52) for every joker. Copies from
different decks are the same int: at a table with four decks nobody can tell two queens of
spades apart, and neither can the rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from cardtable.engine.errors import NotationError
from cardtable.engine.text import quoted, whole_number

JOKER = 52
SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_TEXT = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANK_NAMES = ("", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king", "ace")


def natural(rank: int, suit: int) -> int:
    """The card of ``rank`` (1..13, or 14 for a high ace) and ``suit`` (0..3)."""
    return suit * 13 + (rank - 1) % 13


def rank_of(c: int) -> int:
    """1 (ace) .. 13 (king); 0 for a joker."""
    return 0 if c == JOKER else c % 13 + 1


def suit_of(c: int) -> int:
    """0..3 (clubs, diamonds, hearts, spades); -1 for a joker."""
    return -1 if c == JOKER else c // 13


def code(c: int) -> str:
    """Notation of a card: ``10H``, ``QS``, ``AC``; ``JK`` for a joker."""
    if c == JOKER:
        return "JK"
    return RANK_TEXT[c % 13 + 1] + SUITS[c // 13]


CODES: tuple[str, ...] = tuple(code(c) for c in range(JOKER + 1))
"""Every card's notation by its number: events and deals name cards by table lookup."""


def pretty(c: int) -> str:
    """A card with its suit symbol, for screens: ``10♥``, ``JK``."""
    if c == JOKER:
        return "JK"
    return RANK_TEXT[c % 13 + 1] + SUIT_SYMBOLS[c // 13]


_RANK_WORDS = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}
_SUIT_WORDS = {s: i for i, s in enumerate(SUITS)} | {s: i for i, s in enumerate(SUIT_SYMBOLS)}


def parse_rank(text: str) -> int:
    t = text.strip().upper()
    if t in _RANK_WORDS:
        return _RANK_WORDS[t]
    number = whole_number(t, max_digits=2)
    if number is not None and 2 <= number <= 10:
        return number
    raise NotationError(f"{quoted(text.strip())} is not a rank (A, 2-10, J, Q, K; T also means 10)")


def parse_card(text: str) -> int:
    """Read ``10H``, ``th``, ``qs``, ``A♠`` or ``JK``, case-insensitively."""
    t = text.strip().upper()
    if t in ("JK", "JOKER", "*"):
        return JOKER
    match = re.fullmatch(r"(10|[2-9AJQKT])\s*([CDHS♣♦♥♠])", t)
    if not match:
        raise NotationError(
            f"{quoted(text.strip())} is not a card: write rank then suit, e.g. 10H, QS, AC, or JK"
        )
    return natural(parse_rank(match.group(1)), _SUIT_WORDS[match.group(2)])


def parse_cards(text: str | Iterable[str]) -> list[int]:
    """Read cards separated by spaces or commas, or given one per item."""
    items = re.split(r"[\s,]+", text.strip()) if isinstance(text, str) else list(text)
    return [parse_card(item) for item in items if item.strip()]


def make_deck(decks: int, jokers: int) -> list[int]:
    return [c for _ in range(decks) for c in range(52)] + [JOKER] * jokers


def sort_key(c: int) -> tuple[int, int]:
    """Hands on screen: by suit, then rank (aces high), jokers last."""
    if c == JOKER:
        return (4, 0)
    r = c % 13 + 1
    return (c // 13, 14 if r == 1 else r)
