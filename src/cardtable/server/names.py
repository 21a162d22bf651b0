"""Players' names at a table: what a person may call their seat, and what a seat is called.

A family at one table wants to read "Grandma discarded the 7♥", not "Player 3 discarded". A
name is chosen when the table is made (by whoever makes it) or later by the person in the seat.
Names are public: every seat and spectator sees them in the seat list and the move log.

Two names are the same name when they look the same, not only when they are the same text: "Yоu"
with a Cyrillic "о", fullwidth "Ｓａｍ" or "Greedy bot 2" typed by a person would pass for the
reader's own seat, for Sam or for a bot. Names are compared by what they look like: their
confusables skeleton (Unicode TR39), from ICU's spoof checker, whose data the Unicode Consortium
keeps with every Unicode version (PyICU). A bot's name ("Greedy bot 2", at any seat number) is
kept for bots.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Sequence

import icu

from cardtable.bots import bot_names, bot_title
from cardtable.engine.game import game_names

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
    if likeness(name) == likeness("You"):
        lookalike = "" if name.casefold() == "you" else f", and {name!r} looks like it"
        raise BadName(f"'You' is what the log calls each reader's own seat{lookalike}; "
                      f"choose another name")
    return name


@functools.cache
def _spoof_checker() -> icu.SpoofChecker:
    return icu.SpoofChecker()


def likeness(name: str) -> str:
    """What ``name`` looks like: two names with the same likeness could be taken for each other.

    The TR39 skeleton maps each character to the one it is mistaken for (Cyrillic "о" to "o",
    "I" to "l", "rn" and "m" alike). It is taken of the compatibility form (fullwidth "Ｓ" is
    "S", "²" is "2"), then again of the case-folded skeleton, since the log shows names as typed
    and "SAM", "sam" and "Sаm" name one person as much as "Sam" does. The skeleton is for
    comparing only: it is never shown.
    """
    checker = _spoof_checker()
    first = checker.getSkeleton(0, unicodedata.normalize("NFKC", name))
    return str(checker.getSkeleton(0, unicodedata.normalize("NFKC", first).casefold()))


@functools.cache
def _bot_likeness() -> re.Pattern[str]:
    """The likeness of every bot's default name at any seat ("Greedy bot 2", "Search bot 11")."""
    titles = {bot_title(name) for game in game_names() for name in bot_names(game)}
    digits = "".join(sorted({re.escape(likeness(d)) for d in "0123456789"}))
    stems = "|".join(sorted(re.escape(likeness(default_name(t, 0))[:-len(likeness("1"))])
                            for t in titles))
    return re.compile(f"(?:{stems})[{digits}]+")


def check_free(name: str | None, seat: int, shown: Sequence[str]) -> None:
    """Refuse a name that looks like one another seat goes by (``shown``: every seat's name as
    the table shows it), like another seat's default ("Player 3", which it goes back to when
    its person clears their name) or like a bot's name at any seat: two "Sam"s, or a person
    called "Player 2" or "Greedy bot 3", would make the log ambiguous."""
    if name is None:
        return
    look = likeness(name)
    for other, text in enumerate(shown):
        if other == seat:
            continue
        if text.casefold() == name.casefold():
            raise BadName(f"seat {other + 1} is already called {text!r}")
        if likeness(text) == look:
            raise BadName(f"{name!r} looks like {text!r}, the name of seat {other + 1}; "
                          f"choose another")
        if likeness(default_name(HUMAN, other)) == look:
            raise BadName(f"{name!r} looks like {default_name(HUMAN, other)!r}, what seat "
                          f"{other + 1} is called without a name of its own; choose another")
    if _bot_likeness().fullmatch(look):
        raise BadName(f"{name!r} looks like the name of a bot's seat; bots' names are kept "
                      f"for bots")


__all__ = ["HUMAN", "MAX_NAME", "BadName", "check_free", "clean_name", "default_name",
           "likeness"]
