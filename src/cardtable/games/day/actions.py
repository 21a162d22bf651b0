"""Day actions and their text notation.

Notation (typed by players, stored in records): ``keep`` and ``swap 7 Rising`` while players
choose whether to substitute; ``fold``, ``check``, ``call``, ``bet 12``, ``raise to 30`` and
``all-in`` while betting. Amounts are whole chips: ``bet N`` puts N chips in when nobody has bet
this round, ``raise to N`` brings the player's chips in this round up to N. ``str(action)``
gives the notation, and parsing it gives the same action back.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.engine.errors import NotationError
from cardtable.engine.text import quoted, whole_number
from cardtable.games.day.cards import code, parse_card


@dataclass(frozen=True, slots=True)
class Keep:
    """Keep both private cards: no substitution this hand."""

    def __str__(self) -> str:
        return "keep"


@dataclass(frozen=True, slots=True)
class Swap:
    """Substitute ``card`` for a random card from the deck (costs a point at the showdown)."""

    card: int

    def __str__(self) -> str:
        return f"swap {code(self.card)}"


@dataclass(frozen=True, slots=True)
class UnseenSwap:
    """A swap as the other players saw it: that a card went, not which. Only ever found in a
    history given to another seat (``seen_action``); it is no move anyone can make."""

    def __str__(self) -> str:
        return "swap ?"


UNSEEN_SWAP = UnseenSwap()


@dataclass(frozen=True, slots=True)
class Fold:
    def __str__(self) -> str:
        return "fold"


@dataclass(frozen=True, slots=True)
class Check:
    def __str__(self) -> str:
        return "check"


@dataclass(frozen=True, slots=True)
class Call:
    """Match the highest amount put in this round (or put in every chip left, if fewer)."""

    def __str__(self) -> str:
        return "call"


@dataclass(frozen=True, slots=True)
class AllIn:
    """Put in every chip left: a bet, a raise or a call, whichever that amounts to."""

    def __str__(self) -> str:
        return "all-in"


@dataclass(frozen=True, slots=True)
class Bet:
    """Open the betting of a round with ``amount`` chips."""

    amount: int

    def __str__(self) -> str:
        return f"bet {self.amount}"


@dataclass(frozen=True, slots=True)
class RaiseTo:
    """Raise so that this player's chips in this round total ``amount``."""

    amount: int

    def __str__(self) -> str:
        return f"raise to {self.amount}"


DayAction = Keep | Swap | Fold | Check | Call | AllIn | Bet | RaiseTo

KEEP = Keep()
FOLD = Fold()
CHECK = Check()
CALL = Call()
ALL_IN = AllIn()
SWAPS = tuple(Swap(c) for c in range(40))

_BETS: dict[int, Bet] = {}
_RAISES: dict[int, RaiseTo] = {}


def bet(amount: int) -> Bet:
    """The (shared) action ``bet amount``: random self-play builds these by the million."""
    found = _BETS.get(amount)
    if found is None:
        found = _BETS[amount] = Bet(amount)
    return found


def raise_to(amount: int) -> RaiseTo:
    found = _RAISES.get(amount)
    if found is None:
        found = _RAISES[amount] = RaiseTo(amount)
    return found


VERBS = ("keep", "swap CARD", "fold", "check", "call", "bet N", "raise to N", "all-in")
_SIMPLE: dict[str, DayAction] = {
    "keep": KEEP, "stand": KEEP, "fold": FOLD, "check": CHECK, "call": CALL,
    "all-in": ALL_IN, "allin": ALL_IN, "all in": ALL_IN,
}


def _amount(text: str, example: str) -> int:
    amount = whole_number(text)
    if amount is None:
        shown = quoted(text.strip()) if text.strip() else "nothing"
        raise NotationError(f"{shown} is not a number of chips: write e.g. {example!r}")
    return amount


# Longest first, so that "all in 5" is read as the move "all in" with "5" after it.
_SIMPLE_WORDS = sorted(_SIMPLE, key=len, reverse=True)


def _nothing_after(words: str) -> None:
    """Refuse a move that takes no word after it but got some ("call 5", "keep x"), saying so
    rather than calling a move the player plainly knows an unknown command."""
    for word in _SIMPLE_WORDS:
        if words.startswith(word + " "):
            rest = words[len(word) + 1:]
            what = "no amount" if whole_number(rest) is not None else "nothing after it"
            also = " (or 'swap CARD' to swap one)" if _SIMPLE[word] is KEEP else ""
            raise NotationError(f"{quoted(word)} takes {what}: write just {word!r}{also}")


def parse_action(text: str) -> DayAction:
    words = " ".join(text.strip().lower().split())
    if not words:
        raise NotationError("empty command: try 'check', 'call', 'bet 4', 'fold' or 'keep'")
    simple = _SIMPLE.get(words)
    if simple is not None:
        return simple
    _nothing_after(words)
    verb, _, rest = words.partition(" ")
    if verb in ("swap", "substitute"):
        if not rest:
            raise NotationError("name the card to swap, e.g. 'swap 7 Rising'")
        return SWAPS[parse_card(rest)]
    if verb == "bet":
        return bet(_amount(rest, "bet 4"))
    if verb == "raise":
        if not rest.startswith("to ") and rest != "to":
            raise NotationError(
                "write 'raise to N': N is your whole stake this round after the raise"
            )
        return raise_to(_amount(rest[2:], "raise to 8"))
    raise NotationError(
        f"unknown command {quoted(verb)}: the moves are keep, swap CARD, fold, check, call, bet N, "
        "raise to N and all-in"
    )
