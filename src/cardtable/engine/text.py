"""Reading the numbers people type, and echoing their text back in a sentence of reasonable size.

Python's ``int()`` reads more than a person means by a number: superscripts such as ``²`` pass
``str.isdigit()`` and then fail inside ``int()``, other scripts' digits (``٣``, ``３``) are read
as numbers that the notation never prints back, and a number of thousands of digits raises once
past the interpreter's conversion limit. Every parser of typed or recorded numbers therefore goes
through :func:`whole_number`, which reads ASCII digits only and gives ``None`` for the rest, so
the caller words its own refusal.

Error messages quote what was typed so a person sees what was misread; a pasted megabyte must
not come back whole, so quotes go through :func:`clip` (the end cut off) and a whole message
through :func:`shorten` (the middle cut out, so the advice at its end survives).
"""

from __future__ import annotations

import re
import reprlib
import unicodedata
from typing import Any

# Longer than any count, seat, chip amount or seed anyone means, and far below the interpreter's
# limit on converting digits (4,300), so nothing read here can ever raise inside int() or str().
MAX_DIGITS = 100

ECHO_LIMIT = 60  # characters of a person's text quoted back in a message
MESSAGE_LIMIT = 400  # characters of a whole one-sentence message

_ELLIPSIS = "…"


def whole_number(text: str, *, signed: bool = False, max_digits: int = MAX_DIGITS) -> int | None:
    """The whole number ``text`` spells in ASCII digits (surrounding space allowed), else None.

    With ``signed`` a leading ``-`` or ``+`` is allowed too. No other script's digits, no
    superscripts, no underscores, and at most ``max_digits`` digits.
    """
    raw = text.strip()
    negative = False
    if signed and raw[:1] in ("-", "+"):
        negative = raw[0] == "-"
        raw = raw[1:]
    if not raw or len(raw) > max_digits or not raw.isascii() or not raw.isdigit():
        return None
    value = int(raw)
    return -value if negative else value


def clip(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` if it has at most ``limit`` characters, else its beginning and an ellipsis.

    The cut falls between characters (never inside one, as a cut of encoded bytes could) and
    not between a letter and the accents combined with it.
    """
    if len(text) <= limit:
        return text
    cut = max(1, limit - 1)
    while cut > 1 and unicodedata.combining(text[cut]):
        cut -= 1
    return text[:cut] + _ELLIPSIS


def quoted(text: str, limit: int = ECHO_LIMIT) -> str:
    """``repr`` of :func:`clip`: a person's text quoted in a message, cut before quoting so the
    cut never splits an escape sequence."""
    return repr(clip(text, limit))


_REPR = reprlib.Repr()
_REPR.maxlevel = 3
_REPR.maxstring = ECHO_LIMIT
_REPR.maxother = ECHO_LIMIT


def shown(value: Any) -> str:
    """Any value (an option's value from a record, say) as a short ``repr`` for a message: text
    quoted and clipped, containers summarised a few levels deep, huge numbers by their size."""
    if isinstance(value, str):
        return quoted(value)
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 330:
        return f"a number of about {int(value.bit_length() * 0.30103)} digits"
    return clip(_REPR.repr(value))


def shorten(message: str, limit: int = MESSAGE_LIMIT) -> str:
    """A whole message of at most about ``limit`` characters: when longer (it quotes something
    huge), its middle is cut out, since a message ends with what to do instead."""
    if len(message) <= limit:
        return message
    keep = max(2, limit - 1)
    head = clip(message, keep // 2 + 1)[:-1]
    tail_start = len(message) - (keep - len(head))
    while tail_start < len(message) and unicodedata.combining(message[tail_start]):
        tail_start += 1
    return head + _ELLIPSIS + message[tail_start:]


_YOU_MID_SENTENCE = re.compile(r"(?<![.!?])(\s)You\b")


def second_person(line: str) -> str:
    """A log line with the reader's own seat, which games name "You" (or "You (seat 1)"), in
    lower case wherever it is not the first word of a sentence: "dealt by you", "it is for
    sale to you and Ann", "Rummy, called by you!", but "You drew" and "... over. You won"."""
    return _YOU_MID_SENTENCE.sub(r"\1you", line)
