"""Daylily actions and their text notation.

Notation (what players type, what records store): ``draw stock``, ``draw discard``,
``meld 1MT 2MT 3MT`` and ``discard 2SL``. Cards may also be written in full
(``meld 1 Ming Toy, 2 Ming Toy, 3 Ming Toy``). ``str(action)`` always gives the short form, and
parsing it gives the same action back.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine.errors import NotationError
from cardtable.engine.text import quoted
from cardtable.games.daylily.cards import (
    PANDORA,
    SHADY_LADY,
    cards_of,
    code,
    mask_of,
    parse_card,
    parse_cards,
)


@dataclass(frozen=True, slots=True)
class DrawStock:
    def __str__(self) -> str:
        return "draw stock"


@dataclass(frozen=True, slots=True)
class DrawDiscard:
    def __str__(self) -> str:
        return "draw discard"


_ACCENTS = {SHADY_LADY, PANDORA}


def reading_order(cards: list[int]) -> list[int]:
    """Cards as a player lays them out: by blooms, a quad's accent card last."""
    quad = len(cards) == 4
    return sorted(cards, key=lambda c: (quad and c // 3 in _ACCENTS, c % 3, c))


@dataclass(frozen=True, slots=True)
class Declare:
    """Declare one meld face up; ``mask`` holds its cards."""

    mask: int

    @property
    def cards(self) -> list[int]:
        return cards_of(self.mask)

    def __str__(self) -> str:
        return "meld " + " ".join(code(c) for c in reading_order(cards_of(self.mask)))


@dataclass(frozen=True, slots=True)
class Discard:
    card: int

    def __str__(self) -> str:
        return f"discard {code(self.card)}"


DaylilyAction = DrawStock | DrawDiscard | Declare | Discard

DRAW_STOCK = DrawStock()
DRAW_DISCARD = DrawDiscard()
DISCARDS = tuple(Discard(c) for c in range(45))

VERBS = ("draw stock", "draw discard", "meld CARDS", "discard CARD")


def parse_action(text: str) -> DaylilyAction:
    words = text.strip().split(None, 1)
    if not words:
        raise NotationError("empty command: try 'draw stock', 'meld 1MT 2MT 3MT' or 'discard 2SL'")
    verb = words[0].lower()
    rest = words[1].strip() if len(words) > 1 else ""
    if verb in ("draw", "take"):
        where = rest.lower()
        if where in ("stock", "s", "deck", "pile"):
            return DRAW_STOCK
        if where in ("discard", "d", "discards", "up"):
            return DRAW_DISCARD
        raise NotationError("draw from 'stock' or 'discard', e.g. 'draw stock'")
    if verb in ("meld", "declare"):
        if not rest:
            raise NotationError("name the meld's cards, e.g. 'meld 1MT 2MT 3MT'")
        cards = parse_cards(rest)
        if len(set(cards)) != len(cards):
            raise NotationError("a card is named twice in that meld")
        return Declare(mask_of(cards))
    if verb == "discard":
        if not rest:
            raise NotationError("name the card to discard, e.g. 'discard 2SL'")
        return DISCARDS[parse_card(rest)]
    raise NotationError(
        f"unknown command {quoted(words[0])}: the moves are draw stock, draw discard, meld, discard"
    )
