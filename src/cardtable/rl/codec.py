"""What every game's RL adapter provides: fixed action ids and a fixed-shape observation.

A :class:`Codec` turns engine actions into *spellings*, short tuples of ids from one fixed
``Discrete`` space, and a seat's view into a flat ``float32`` vector. Most actions are one id;
compound ones (a word, several melds laid down at once) are spelled as a bounded sequence of ids
that ends with a terminator, so no spelling is the start of another. At a decision the
environment spells every legal action and lets the agent choose id by id among those spellings
(a prefix tree), so every legal move is reachable and an id that leads nowhere is never allowed.

The observation is built from ``state.view(seat)`` only, the seat's own view as the engine
gives it to any front end, plus the ids chosen so far in a compound move.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from array import array
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from cardtable.engine.game import Action, Game, State

Obs = np.ndarray[Any, np.dtype[np.float32]]
#: Legal actions not listed yet, all sharing one first id: that id, and how to list them.
Deferred = tuple[int, Callable[[], Sequence[Action]]]


def bit_rows() -> tuple[bytes, ...]:
    """For each byte value, its 8 bits (lowest first) as 8 float32 values in machine order: a
    row of 0/1 cards held as an integer becomes floats by one ``bytes.join`` over its bytes,
    some ten times fewer instructions than NumPy's ``unpackbits`` and a cast."""
    return tuple(array("f", [(v >> k) & 1 for k in range(8)]).tobytes() for v in range(256))


Bound = float | Sequence[float]
#: The bound of a float no codec declared (a third-party codec that names none): finite, as a
#: Box must be, and wide enough never to clip
UNDECLARED = 1e6


class Layout:
    """Named slices of the observation vector, in order, with the least and greatest value each
    float can take: the encoding's documentation, and the observation box's true bounds."""

    def __init__(self, low: float = -UNDECLARED, high: float = UNDECLARED) -> None:
        """``low`` and ``high``: the bounds of a field that declares none (``Layout(0, 1)`` for
        a codec whose fields are 0/1 unless they say otherwise; a plain ``Layout()`` declares
        nothing, and its box is the wide finite one)."""
        self.fields: list[tuple[str, int, int, str]] = []  # name, start, size, meaning
        self.size = 0
        self._low: list[float] = []
        self._high: list[float] = []
        self._default = (low, high)

    def add(self, name: str, size: int, meaning: str, high: Bound | None = None,
            low: Bound | None = None) -> int:
        """A field of ``size`` floats. ``high`` and ``low`` bound each of them: one number for
        all, or a row that repeats (a seat's five numbers, for every seat); None, the layout's
        default. A value with no bound of its own (a match total, a turn count) is given a cap
        here, and the env clips the vector to the bounds."""
        start = self.size
        self.fields.append((name, start, size, meaning))
        self.size += size
        high = self._default[1] if high is None else high
        low = self._default[0] if low is None else low
        for bound, into in ((high, self._high), (low, self._low)):
            row = [float(bound)] if isinstance(bound, int | float) else [float(b) for b in bound]
            if size % len(row):
                raise ValueError(f"the bounds of {name} ({len(row)} a row) do not tile "
                                 f"{size} floats")
            into.extend(row * (size // len(row)))
        return start

    def bounds(self) -> tuple[list[float], list[float]]:
        """The least and greatest value of each float, in order."""
        return list(self._low), list(self._high)

    def describe(self) -> list[str]:
        return [f"{start}..{start + size - 1} {name}: {meaning}"
                for name, start, size, meaning in self.fields]


class Codec(ABC):
    """One game's action ids and observation encoding for one table (game, players, options)."""

    #: the size of the Discrete action space
    action_size: int
    #: the longest spelling of any action (1 when every action is one id)
    max_spelling: int = 1
    #: the version of the spaces (ids and observation): an env's name ends ``_v{version}``,
    #: raised whenever either changes (PettingZoo's convention)
    version: int = 1
    #: points of the game's score per unit of reward (round rewards are standing / scale)
    scale: float = 1.0
    #: whether the lowest total wins (most rummies) or the highest
    lowest_wins: bool = True
    #: The actions of the first ids, 0 to len - 1: whole moves that the engine alone may judge.
    #: The engine's refusal of such a move is exactly its absence from the legal actions (the
    #: conformance tests hold the two equal), so the environment steps their ids without
    #: listing the decision. Ids after them start a compound move, or name one of a set the
    #: engine lists only in part (a betting game's bet sizes): those are looked up in the list.
    wholes: Sequence[Action] = ()
    layout: Layout

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = game.players

    @abstractmethod
    def spell(self, action: Action) -> tuple[int, ...]:
        """The ids that choose ``action``, in order."""

    def first(self, action: Action) -> int:
        """The first id of ``action``'s spelling; a codec may answer without spelling it all
        (thousands of lay-downs or words share their first id)."""
        return self.spell(action)[0]

    def on_move(self, seat: int) -> None:  # noqa: B027 - an optional hook
        """Told the seat on move before its actions are spelled (spellings may name seats
        relative to it)."""

    def firsts(self, legal: Sequence[Action]) -> list[int]:
        """The first id of each legal action (:meth:`first`; the whole spelling in a game whose
        every action is one id). A codec may answer faster than by spelling each."""
        first = self.first
        return [first(a) for a in legal]

    def mark(self, legal: Sequence[Action], mask: bytearray) -> None:
        """Set the byte of the first id of each legal action (a first id shared by several is
        set more than once). A codec may do it without making the list of :meth:`firsts`."""
        for token in self.firsts(legal):
            mask[token] = 1

    def choices(self, state: State, seat: int) -> tuple[Sequence[Action], Deferred | None]:
        """The seat's legal actions for the environment's decision: the engine's list, or a
        codec may keep back a kind of move that shares one first id and costs much to list
        (a rummy's lay-downs of several melds), saying only that there is one: it is listed once
        that id is chosen, in the engine's order."""
        return state.legal_actions(seat), None

    @abstractmethod
    def encode(self, view: dict[str, Any], seat: int, out: Obs) -> None:
        """Write what ``seat`` sees (its ``view``) into ``out`` (zeros on entry)."""

    def encode_state(self, state: State, seat: int, out: Obs) -> None:
        """The same as ``encode(state.view(seat), seat, out)``. A codec may read the fields the
        view is made of straight from the state, skipping the view's card names, when the tests
        hold the two equal at every decision (a game whose views cost several decisions' worth
        gains most)."""
        self.encode(state.view(seat), seat, out)

    def observation(self, state: State, seat: int, size: int) -> Obs:
        """A new vector of ``size`` floats (the layout, then the pending block left at zero)
        holding :meth:`encode_state`. A codec may build it faster, from bytes."""
        out: Obs = np.zeros(size, dtype=np.float32)
        self.encode_state(state, seat, out)
        return out

    def id_name(self, action_id: int) -> str:
        """A short reading of an id, for docs and the ``ansi`` render."""
        return str(action_id)

    # ---- the part of the observation that shows a compound move under way -------------------
    def pending_size(self) -> int:
        """The observation's last block: one one-hot row per id already chosen in a compound
        move (nothing when every action is one id)."""
        return 0 if self.max_spelling <= 1 else (self.max_spelling - 1) * self.action_size

    def pending_bounds(self) -> tuple[list[float], list[float]]:
        """The least and greatest value of each float of the pending block (one-hot rows)."""
        size = self.pending_size()
        return [0.0] * size, [1.0] * size

    def encode_pending(self, prefix: Sequence[int], out: Obs, start: int) -> None:
        for k, token in enumerate(prefix):
            out[start + k * self.action_size + token] = 1.0

    def relative(self, seat: int, other: int) -> int:
        """``other`` counted from ``seat``: 0 is the seat itself, 1 the next to play after it."""
        return (other - seat) % self.players


class PackedCodec(Codec):
    """A codec that packs the whole observation as float32 bytes in one pass (:meth:`floats`):
    building a NumPy vector from bytes once costs less than writing it field by field."""

    @abstractmethod
    def floats(self, state: State, seat: int) -> bytes:
        """The layout's floats for ``seat``, as float32 bytes, read from the state's fields."""

    def observation(self, state: State, seat: int, size: int) -> Obs:
        raw = self.floats(state, seat)
        if size > len(raw) // 4:
            raw += bytes(4 * size - len(raw))
        return np.frombuffer(bytearray(raw), dtype=np.float32)

    def encode_state(self, state: State, seat: int, out: Obs) -> None:
        out[:self.layout.size] = np.frombuffer(self.floats(state, seat), dtype=np.float32)
