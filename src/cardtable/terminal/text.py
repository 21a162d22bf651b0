"""Echoing what a person typed, cut short where a long line would flood the screen.

A pasted megabyte is never a move, but the refusal still quotes a little of it so the person
sees what arrived. The cut falls between characters as a reader sees them: never inside a
character made of a base and combining marks (``é`` typed as ``e`` + U+0301), a joined emoji
(U+200D) or a variation selector, and a lone surrogate (an undecodable byte) is shown escaped.
"""

from __future__ import annotations

import unicodedata

MAX_INPUT = 200  # characters: longer than any move or command in any game
JOINERS = frozenset({"\u200d", "\u034f"})


def _attaches(ch: str) -> bool:
    """Whether ``ch`` belongs to the character before it (so a cut must not fall before it)."""
    return (
        unicodedata.combining(ch) != 0
        or unicodedata.category(ch) in ("Mn", "Me", "Mc")
        or ch in JOINERS
        or 0xFE00 <= ord(ch) <= 0xFE0F
        or 0xE0100 <= ord(ch) <= 0xE01EF
        or 0x1F3FB <= ord(ch) <= 0x1F3FF  # skin tones
    )


def cut(text: str, limit: int = 60) -> str:
    """``text`` shortened to about ``limit`` characters at a character boundary, with ``…``
    and the count of what was left out; short text comes back as it is."""
    if len(text) <= limit:
        return _printable(text)
    end = limit
    while end > 0 and (_attaches(text[end]) or text[end - 1] in JOINERS):
        end -= 1
    if end == 0:  # one endless cluster: cut after its base and say so
        end = 1
    rest = len(text) - end
    return f"{_printable(text[:end])}… ({rest:,} more characters)"


def _printable(text: str) -> str:
    """Lone surrogates (bytes that were not UTF-8) would crash printing: show them escaped."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")
