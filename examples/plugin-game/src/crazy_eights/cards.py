"""The 52-card pack of Crazy Eights: what a card is, how it is written and what it costs.

A card is an ``int``, ``suit * 13 + rank - 1`` (rank 1 = ace .. 13 = king; suits in the order
clubs, diamonds, hearts, spades), so that a hand is a 52-bit mask and the search's play-outs
never touch a string. Its notation is rank then suit letter: ``7H``, ``10S``, ``QD``, ``AC``.
"""

from __future__ import annotations

import re

from cardtable.engine.errors import NotationError
from cardtable.engine.text import quoted

DECK_SIZE = 52
EIGHT = 8
SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SUIT_SINGULAR = ("club", "diamond", "heart", "spade")
RANK_TEXT = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
RANK_NAMES = ("", "ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
              "jack", "queen", "king")

EIGHT_PENALTY = 50
COURT_PENALTY = 10


def rank_of(card: int) -> int:
    """1 (ace) .. 13 (king)."""
    return card % 13 + 1


def suit_of(card: int) -> int:
    """0..3: clubs, diamonds, hearts, spades."""
    return card // 13


def is_eight(card: int) -> bool:
    return card % 13 == EIGHT - 1


def code(card: int) -> str:
    """The notation of a card: ``7H``, ``10S``, ``AC``."""
    return RANK_TEXT[card % 13 + 1] + SUITS[card // 13]


CODES: tuple[str, ...] = tuple(code(c) for c in range(DECK_SIZE))
_BY_CODE = {text: c for c, text in enumerate(CODES)}


def penalty(card: int) -> int:
    """What a card left in hand costs: an eight 50, a court card 10, any other its pips (an
    ace 1)."""
    rank = rank_of(card)
    if rank == EIGHT:
        return EIGHT_PENALTY
    return COURT_PENALTY if rank > 10 else rank


PENALTIES: tuple[int, ...] = tuple(penalty(c) for c in range(DECK_SIZE))

_RANK_WORDS = {"A": 1, "J": 11, "Q": 12, "K": 13, "T": 10}
_SUIT_WORDS = ({s: i for i, s in enumerate(SUITS)} | {s: i for i, s in enumerate(SUIT_SYMBOLS)}
               | {s.upper(): i for i, s in enumerate(SUIT_NAMES)}
               | {s.upper(): i for i, s in enumerate(SUIT_SINGULAR)})
_CARD = re.compile(r"(10|[2-9AJQKT])\s*([CDHS♣♦♥♠])")


def parse_card(text: str) -> int:
    """Read ``10H``, ``th``, ``qs`` or ``A♠``, case-blind (``T`` also means ten)."""
    t = text.strip().upper()
    found = _BY_CODE.get(t)
    if found is not None:
        return found
    match = _CARD.fullmatch(t)
    if not match:
        raise NotationError(
            f"{quoted(text.strip())} is not a card: write rank then suit, e.g. 7H, 10S, QD, AC")
    rank_text = match.group(1)
    rank = _RANK_WORDS.get(rank_text) or int(rank_text)
    return _SUIT_WORDS[match.group(2)] * 13 + rank - 1


def parse_suit(text: str) -> int:
    """Read a suit named after an eight: ``hearts``, ``heart``, ``h`` or ``♥``, case-blind."""
    found = _SUIT_WORDS.get(text.strip().upper())
    if found is None:
        raise NotationError(
            f"{quoted(text.strip())} is not a suit: name clubs, diamonds, hearts or spades")
    return found


def cards_of(mask: int) -> list[int]:
    """The cards of a hand mask, lowest first (clubs first, aces low)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards: list[int] | tuple[int, ...]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


FULL_DECK = (1 << DECK_SIZE) - 1
SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
EIGHTS_MASK = mask_of([s * 13 + EIGHT - 1 for s in range(4)])
RANK_MASKS: tuple[int, ...] = tuple(
    0 if r == 0 else mask_of([s * 13 + r - 1 for s in range(4)]) for r in range(14))


def hand_penalty(mask: int) -> int:
    return sum(PENALTIES[c] for c in cards_of(mask))
