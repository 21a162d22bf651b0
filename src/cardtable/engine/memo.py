"""Memos: results worked out once and looked up after, each with its limit beside it.

The games and bots keep many of these (lay-off tables of a meld, the melds a written group
makes, whether a hand holds a contract): the same few come up move after move of a play-out,
but over a long simulation or a server's life the keys never stop coming, so each memo starts
over when it reaches its limit. Starting over (rather than dropping the oldest entry) keeps a
hit as cheap as a plain dict look-up, which is what these are for; a memo only ever saves
work, so forgetting changes no result.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V], Generic[K, V]):
    """A dict of results that holds at most ``limit`` entries: :meth:`keep` empties it first
    when it is full. Look entries up as in any dict (``memo.get(key)``); add them only through
    :meth:`keep`, so the limit holds."""

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        if limit < 1:
            raise ValueError(f"a memo holds at least one entry, not {limit}")
        super().__init__()
        self.limit = limit

    def keep(self, key: K, value: V) -> V:
        """Remember ``value`` for ``key`` (starting over if the memo is full) and return it."""
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (a bot sent to a worker process) with its limit and its entries.
        return type(self), (self.limit,), None, None, iter(self.items())
