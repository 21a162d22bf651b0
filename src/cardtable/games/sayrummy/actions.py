"""Say Rummy actions and their text notation.

Notation (what players type and records store):

- ``draw stock``, ``draw discard``
- ``word d ɔ g``: lay a new word, its cards in order; ``*ɔ`` is a wild card declared as /ɔ/
- ``extend 2 d ɔ g i``: word number 2 on the table, counted from 0 (the board's word 3),
  becomes ``d ɔ g i``; the whole new word is written, the table's cards where they already lie
  (a wild card there as ``*ɔ``) and the cards from the hand in between, before or after. The
  key ``e 3 d ɔ g i`` counts as the board does, from 1, and is read too
- ``discard ɔ``, ``discard *``

Cards are written as IPA sounds (see :mod:`cardtable.games.sayrummy.sounds` for the accepted
spellings). ``str(action)`` gives this form and parsing it gives the same action back. Wild
cards are declared as the canonical sound of their class under the table's sound merges
(parsing ``*ʌ`` where /ʌ/ = /ə/ gives ``*ə``), so one play has one notation.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from cardtable.engine.errors import NotationError
from cardtable.engine.text import quoted, whole_number
from cardtable.games.sayrummy.sounds import (
    NCARDS,
    WILD_TOKEN,
    code,
    parse_card,
    parse_token,
    split_sounds,
    token_code,
)


@dataclass(frozen=True, slots=True)
class DrawStock:
    def __str__(self) -> str:
        return "draw stock"


@dataclass(frozen=True, slots=True)
class DrawDiscard:
    def __str__(self) -> str:
        return "draw discard"


class Word:
    """Lay a new word: ``tokens`` are the cards in order, one byte each (see :mod:`.sounds`).

    A plain slotted class rather than a frozen dataclass: a hand holding wild cards has
    thousands of legal words, and this is half the cost to build. Treat it as immutable.
    """

    __slots__ = ("tokens",)

    def __init__(self, tokens: bytes) -> None:
        self.tokens = tokens

    def __eq__(self, other: object) -> bool:
        return type(other) is Word and other.tokens == self.tokens

    def __hash__(self) -> int:
        return hash(("word", self.tokens))

    def __repr__(self) -> str:
        return f"Word({self.tokens!r})"

    def __str__(self) -> str:
        return "word " + " ".join(token_code(t) for t in self.tokens)


class Extend:
    """Lengthen word number ``index`` on the table into ``tokens`` (the whole new word).
    Immutable by convention, like :class:`Word`."""

    __slots__ = ("index", "tokens")

    def __init__(self, index: int, tokens: bytes) -> None:
        self.index = index
        self.tokens = tokens

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is Extend and other.index == self.index and other.tokens == self.tokens
        )

    def __hash__(self) -> int:
        return hash(("extend", self.index, self.tokens))

    def __repr__(self) -> str:
        return f"Extend({self.index!r}, {self.tokens!r})"

    def __str__(self) -> str:
        return f"extend {self.index} " + " ".join(token_code(t) for t in self.tokens)


@dataclass(frozen=True, slots=True)
class Discard:
    card: int

    def __str__(self) -> str:
        return f"discard {code(self.card)}"


SayAction = DrawStock | DrawDiscard | Word | Extend | Discard

DRAW_STOCK = DrawStock()
DRAW_DISCARD = DrawDiscard()
DISCARDS = tuple(Discard(c) for c in range(NCARDS))


def canonical_tokens(tokens: Sequence[int], canon: Sequence[int]) -> bytes:
    """Tokens as bytes, wild cards declared as the canonical sound of their class."""
    return bytes(
        WILD_TOKEN + canon[t - WILD_TOKEN] if t >= WILD_TOKEN else t for t in tokens
    )


def parse_action(text: str, canon: Sequence[int]) -> SayAction:
    words = text.strip().split(None, 1)
    if not words:
        raise NotationError("empty command: try 'draw stock', 'word d ɔ g' or 'discard ɔ'")
    verb = words[0].lower()
    rest = words[1].strip() if len(words) > 1 else ""
    if verb in ("draw", "take"):
        where = rest.lower()
        if where in ("stock", "s", "deck", "pile"):
            return DRAW_STOCK
        if where in ("discard", "d", "discards", "up"):
            return DRAW_DISCARD
        raise NotationError("draw from 'stock' or 'discard', e.g. 'draw stock'")
    if verb in ("word", "say", "lay"):
        sounds = split_sounds([rest])
        if not sounds:
            raise NotationError("name the word's cards in order, e.g. 'word d ɔ g'")
        return Word(canonical_tokens([parse_token(s) for s in sounds], canon))
    if verb in ("extend", "add", "e"):
        # "e", the key a person types, counts words from 1 as the board does; the notation
        # ("extend"), as records and scripts write it, from 0.
        parts = rest.split(None, 1)
        index = whole_number(parts[0].rstrip(":")) if parts else None
        if verb == "e" and index is not None:
            index = index - 1 if index > 0 else None
        if len(parts) < 2 or index is None:
            example = "'e 1 d ɔ g i' (word 1 as the board counts it)" if verb == "e" else \
                "'extend 0 d ɔ g i' (the first word: counted from 0)"
            raise NotationError(
                f"say which word and what it becomes, e.g. {example}, the whole new word in "
                "order"
            )
        sounds = split_sounds([parts[1]])
        return Extend(index, canonical_tokens([parse_token(s) for s in sounds], canon))
    if verb == "discard":
        if not rest:
            raise NotationError("name the card to discard, e.g. 'discard ɔ' or 'discard *'")
        return DISCARDS[parse_card(rest)]
    raise NotationError(
        f"unknown command {quoted(words[0])}: the moves are draw stock, draw discard, word, "
        "extend, discard"
    )


__all__ = [
    "DISCARDS",
    "DRAW_DISCARD",
    "DRAW_STOCK",
    "Discard",
    "DrawDiscard",
    "DrawStock",
    "Extend",
    "SayAction",
    "Word",
    "canonical_tokens",
    "parse_action",
]
