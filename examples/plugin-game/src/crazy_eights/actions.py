"""Crazy Eights moves and their notation.

What players type and records store: ``play 7H``, ``play 8C hearts`` (an eight names the suit
to follow), ``draw`` and ``pass``. ``str(action)`` is the canonical form and parsing it gives
the same action back; the parser also takes ``8c h``, ``play 8♣ ♥`` and a bare card (``7h``).
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine.errors import NotationError
from cardtable.engine.text import quoted

from crazy_eights.cards import CODES, DECK_SIZE, SUIT_NAMES, is_eight, parse_card, parse_suit


@dataclass(frozen=True, slots=True)
class Play:
    """Play ``card`` on the discard pile; an eight names ``suit`` (0..3), any other card None."""

    card: int
    suit: int | None = None

    def __str__(self) -> str:
        named = "" if self.suit is None else f" {SUIT_NAMES[self.suit]}"
        return f"play {CODES[self.card]}{named}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Take the top card of the stock."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class Pass:
    """End the turn without playing (after a draw, or when nothing can be played or drawn)."""

    def __str__(self) -> str:
        return "pass"


CrazyEightsAction = Play | Draw | Pass

DRAW = Draw()
PASS = Pass()
PLAYS: tuple[Play, ...] = tuple(Play(c) for c in range(DECK_SIZE))
"""The play of each card that names no suit (every card but the eights)."""
EIGHT_PLAYS: dict[int, tuple[Play, ...]] = {
    c: tuple(Play(c, s) for s in range(4)) for c in range(DECK_SIZE) if is_eight(c)}
"""The four plays of each eight, one per suit it may name."""


def plays_of(card: int) -> tuple[Play, ...]:
    """Every way to play ``card``: itself, or an eight naming each of the four suits."""
    return EIGHT_PLAYS.get(card) or (PLAYS[card],)


def parse_action(text: str) -> CrazyEightsAction:
    words = text.strip().split()
    if not words:
        raise NotationError("empty command: try 'play 7H', 'play 8C hearts', 'draw' or 'pass'")
    verb = words[0].lower()
    if verb in ("draw", "d") and len(words) == 1:
        return DRAW
    if verb in ("pass", "p") and len(words) == 1:
        return PASS
    rest = words[1:] if verb == "play" else words
    if not rest:
        raise NotationError("name the card to play, e.g. 'play 7H' or 'play 8C hearts'")
    if len(rest) > 2:
        raise NotationError(
            f"{quoted(text.strip())}: play one card, and after an eight one suit, e.g. "
            f"'play 8C hearts'")
    try:
        card = parse_card(rest[0])
    except NotationError:
        if verb == rest[0].lower():
            raise NotationError(
                f"unknown command {quoted(words[0])}: the moves are play CARD, draw and pass"
            ) from None
        raise
    suit = parse_suit(rest[1]) if len(rest) == 2 else None
    return PLAYS[card] if suit is None else Play(card, suit)
