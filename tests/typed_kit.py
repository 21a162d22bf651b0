"""Moves typed as a person types them, for the tests of the one reading of typed moves
(tests/test_typed_moves.py, the browser's typed-move box, the server's ``typed`` body)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def typed_form(move: Mapping[str, Any]) -> str:
    """The move's key as a person might type it: in capitals, and with its cards the other way
    round where their order does not matter."""
    words = str(move["key"]).split()
    if not move["ordered"] and len(words) > 2:
        words = [words[0], *reversed(words[1:])]
    return " ".join(words).upper()


def shared_words(moves: Sequence[Mapping[str, Any]]
                 ) -> tuple[str, list[Mapping[str, Any]]] | None:
    """A key's first word and one word of its cards that two or more moves share and no move
    is exactly (``w ə``: which word?), with the moves it answers; None if there is none."""
    heads: dict[str, list[tuple[Mapping[str, Any], list[str]]]] = {}
    for m in moves:
        if m["key"]:
            words = [w.lower() for w in str(m["key"]).split()]
            heads.setdefault(words[0], []).append((m, words[1:]))
    for head, keyed in heads.items():
        for _, rest in keyed:
            for word in rest:
                having = [m for m, r in keyed if word in r]
                if len({m["move"] for m in having}) > 1 and not any(r == [word] for _, r in keyed):
                    return f"{head} {word}", having
    return None
