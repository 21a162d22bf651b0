"""Reading a JSON body (an HTTP request's or a WebSocket message's) the network sent.

Python's own parser takes things no route of ours needs and some it cannot answer for: nesting
deep enough to exhaust the interpreter's stack, integers of thousands of digits (which it
refuses with an error of its own past 4,300), ``NaN`` and ``Infinity``. Each is refused here with
one sentence, before any route sees it, so that no route has to think about them.
"""

from __future__ import annotations

import json
import math
from typing import Any

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects accepted (a table's body needs four)."""
MAX_DIGITS = 40
"""The most digits of an integer accepted (a seed is below 2**62: nineteen digits)."""


class BadBody(ValueError):
    """A body that is refused; the sentence says why and is safe to show."""


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise BadBody(f"a number in the body has more than {MAX_DIGITS} digits")
    return int(text)


def _number(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BadBody("a number in the body is too large")
    return value


def _constant(text: str) -> Any:
    raise BadBody(f"the body is not valid JSON ({text} is not a JSON value)")


def _depth(value: Any) -> int:
    """How deeply ``value`` nests, counted without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        elif not isinstance(item, list):
            continue
        deepest = max(deepest, depth)
        if depth > MAX_DEPTH:
            break
        stack.extend((child, depth + 1) for child in item)
    return deepest


def parse_json(body: bytes | str) -> Any:
    """The JSON value of ``body``, or BadBody with one sentence."""
    try:
        value = json.loads(body, parse_int=_integer, parse_float=_number,
                           parse_constant=_constant)
    except BadBody:
        raise
    except RecursionError:
        raise BadBody(f"the body nests arrays or objects more than {MAX_DEPTH} deep") from None
    except (UnicodeDecodeError, ValueError):
        raise BadBody("the body is not valid JSON") from None
    if _depth(value) > MAX_DEPTH:
        raise BadBody(f"the body nests arrays or objects more than {MAX_DEPTH} deep")
    return value
