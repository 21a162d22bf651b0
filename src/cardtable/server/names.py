"""Players' names at a table: what a person may call their seat, and what a seat is called.

A family at one table wants to read "Grandma discarded the 7♥", not "Player 3 discarded". A
name is chosen when the table is made (by whoever makes it) or later by the person in the seat.
Names are public: every seat and spectator sees them in the seat list and the move log.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence

from cardtable.bots import bot_title

HUMAN = "human"
MAX_NAME = 20
"""Characters in a name: enough for "Grandma Rose", short enough for a phone's seat list."""


class BadName(ValueError):
    """A name that cannot be used; the message is one sentence for the person who typed it."""


def default_name(kind: str, seat: int) -> str:
    """What a seat is called until someone names it: "Player 3", "Search bot 2"."""
    if kind == HUMAN:
        return f"Player {seat + 1}"
    return f"{bot_title(kind).capitalize()} bot {seat + 1}"


def clean_name(text: object) -> str | None:
    """The name as it will be shown (spaces trimmed and collapsed), or None for "no name" (an
    empty string or null puts the seat back to its default). BadName for anything else."""
    if text is None:
        return None
    if not isinstance(text, str):
        raise BadName("a name must be text")
    name = " ".join(unicodedata.normalize("NFC", text).split())
    if not name:
        return None
    if len(name) > MAX_NAME:
        raise BadName(f"a name may have at most {MAX_NAME} characters")
    # Control and formatting characters (right-to-left overrides, zero-width joiners) could
    # make a name look like another one, or garble the log it is written into.
    if any(unicodedata.category(ch)[0] == "C" for ch in name):
        raise BadName("a name may not hold control or invisible characters")
    if name.casefold() == "you":
        raise BadName("'You' is what the log calls each reader's own seat; choose another name")
    return name


def check_free(name: str | None, seat: int, shown: Sequence[str]) -> None:
    """Refuse a name that another seat already goes by (``shown``: every seat's name as the
    table shows it): two "Sam"s, or a person called "Player 2", would make the log ambiguous."""
    if name is None:
        return
    folded = name.casefold()
    for other, text in enumerate(shown):
        if other != seat and text.casefold() == folded:
            raise BadName(f"seat {other + 1} is already called {text!r}")


__all__ = ["HUMAN", "MAX_NAME", "BadName", "check_free", "clean_name", "default_name"]
