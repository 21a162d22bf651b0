"""The 40-card sun-and-moon deck of Day: three suits of 1-12 and a Moon, and one Crown.

A card is an ``int``: ``suit * 13 + r`` for the 39 suited cards, where ``r`` 0..11 are the suns
1..12 and ``r`` 12 is the suit's Moon, and :data:`CROWN` (39). Ints keep the showdown evaluator
and random self-play fast; names exist only at the edges (``"7 Rising"``, ``"Moon Setting"``,
``"Crown"``), and they are also the action notation.

What a Moon is worth is a rule option (0 by default, 13 with ``moon_value=13``), so values are
read from the tables of :func:`values_for`, never from the card number directly.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from cardtable.engine.errors import NotationError
from cardtable.engine.text import clip, quoted, whole_number

SUITS: tuple[str, ...] = ("Rising", "Risen", "Setting")
RISING, RISEN, SETTING = 0, 1, 2
MOON_RANK = 12
CROWN = 39
DECK_SIZE = 40
FULL_DECK = (1 << DECK_SIZE) - 1
MOONS: tuple[int, ...] = tuple(s * 13 + MOON_RANK for s in range(3))

SUIT_OF: tuple[int, ...] = (*(c // 13 for c in range(39)), -1)
"""The suit of each card; -1 for the Crown, which has none of its own (it is wild)."""


def card(value: int | str, suit: str | int) -> int:
    """The card of ``value`` (1..12 or ``"Moon"``) in ``suit`` (a name or 0..2)."""
    s = suit if isinstance(suit, int) else _SUIT_WORDS[suit.lower()]
    if isinstance(value, str):
        if value.lower() != "moon":
            raise NotationError(f"{value!r} is not a value: 1 to 12 or Moon")
        return s * 13 + MOON_RANK
    if not 1 <= value <= 12:
        raise NotationError(f"{value} is not a value: 1 to 12 or Moon")
    return s * 13 + value - 1


def is_moon(c: int) -> bool:
    return c != CROWN and c % 13 == MOON_RANK


def code(c: int) -> str:
    """The card's notation: ``7 Rising``, ``Moon Setting`` or ``Crown``."""
    if c == CROWN:
        return "Crown"
    r = c % 13
    face = "Moon" if r == MOON_RANK else str(r + 1)
    return f"{face} {SUITS[c // 13]}"


name = code  # the notation is already the full name a player says

CODES: tuple[str, ...] = tuple(code(c) for c in range(DECK_SIZE))
"""Every card's notation, by its int: events and deals name cards by looking them up here."""
CARD_OF: dict[str, int] = {text: c for c, text in enumerate(CODES)}
"""The int of a card by its canonical notation (deals read back from a record)."""
PAIRS: tuple[tuple[str, str], ...] = tuple((a, b) for a in CODES for b in CODES)
"""Two cards' notations by ``first * DECK_SIZE + second``: a hand, the dealer's first two
cards. Events name them by lookup, so a hand's events make no new tuples."""


def values_for(moon_value: int) -> tuple[int, ...]:
    """Each card's value under the Moon option (0 or 13); -1 for the Crown, which is wild."""
    return (*(moon_value if c % 13 == MOON_RANK else c % 13 + 1 for c in range(39)), -1)


# ---- reading cards --------------------------------------------------------------------------

_SUIT_WORDS: dict[str, int] = {"rising": RISING, "risen": RISEN, "setting": SETTING}
# Unambiguous beginnings a player may type: "set", "risi", "rise". ("ris" could be either.)
for _word, _s in list(_SUIT_WORDS.items()):
    for _n in range(1, len(_word)):
        _prefix = _word[:_n]
        if sum(w.startswith(_prefix) for w in ("rising", "risen", "setting")) == 1:
            _SUIT_WORDS.setdefault(_prefix, _s)
_CROWN_WORDS = frozenset({"crown", "*", "the crown"})
_CARD = re.compile(r"^\s*(moon|\d+)\s*(?:of\s+)?([a-z]+)\s*$")


def parse_card(text: str) -> int:
    """Read one card: ``7 Rising``, ``moon setting``, ``12 of risen``, ``Crown`` (or ``*``)."""
    raw = text.strip().lower()
    if raw in _CROWN_WORDS:
        return CROWN
    m = _CARD.match(raw)
    if m is None:
        raise NotationError(
            f"{quoted(text.strip())} is not a card: write a value and a suit, e.g. '7 Rising', "
            "'Moon Setting', or 'Crown'"
        )
    face, suit_word = m.groups()
    suit = _SUIT_WORDS.get(suit_word)
    if suit is None:
        raise NotationError(f"{quoted(suit_word)} is not a suit: Rising, Risen or Setting")
    if face == "moon":
        return suit * 13 + MOON_RANK
    value = whole_number(face)
    if value is None or not 1 <= value <= 12:
        raise NotationError(
            f"{clip(face)} is not a value: the suns run 1 to 12, and the Moon is written 'Moon'"
        )
    return suit * 13 + value - 1


def parse_cards(text: str) -> list[int]:
    """A comma-separated list of cards, e.g. ``"7 Rising, Moon Setting, Crown"``."""
    parts = [p for p in text.split(",")]
    if not text.strip():
        return []
    return [parse_card(p) for p in parts]


def cards_text(cards: Sequence[int]) -> str:
    return ", ".join(code(c) for c in cards)


def mask_of(cards: Sequence[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def cards_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
