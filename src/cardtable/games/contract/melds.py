"""Sets, runs and contracts, with jokers: the exact meld engine of contract rummy.

(Interface written by the lead; implementation in progress.)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from cardtable.engine.errors import CardtableError
from cardtable.games.contract.cards import JOKER

SET: Literal["set"] = "set"
RUN: Literal["run"] = "run"


class MeldError(CardtableError):
    """Cards that do not form the meld asked for; the message says why, for a player."""


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld on the table. It always knows what each of its jokers stands for.

    ``cards`` are the physical cards (runs in order from low to high). ``ranks`` gives, per card,
    the rank it plays as (1..14; 14 is a high ace); in a run all share ``suit``, in a set
    ``suit`` is -1 and every rank is the set's rank.
    """

    kind: Literal["set", "run"]
    cards: tuple[int, ...]
    ranks: tuple[int, ...]
    suit: int

    @property
    def jokers(self) -> int:
        return sum(1 for c in self.cards if c == JOKER)

    @property
    def naturals(self) -> int:
        return len(self.cards) - self.jokers


@dataclass(frozen=True, slots=True)
class MeldRules:
    """The rule options that shape melds."""

    min_set: int = 3
    min_run: int = 4
    natural_majority: bool = True  # a meld holds more natural cards than jokers


def read_meld(
    cards: Sequence[int], rules: MeldRules, want: Literal["set", "run"] | None = None,
    joker_ranks: Sequence[int] | None = None,
) -> Meld:
    """The meld these cards form (a set or a run), or MeldError with the reason.

    Jokers in a run fill the gaps; any left over extend the run upward, then downward once it
    reaches a high ace, unless ``joker_ranks`` gives the rank of each joker (in the order the
    jokers appear in ``cards``).
    """
    raise NotImplementedError


def find_contract(
    hand: Sequence[int], sets: int, runs: int, rules: MeldRules
) -> list[Meld] | None:
    """One way to lay down ``sets`` sets and ``runs`` runs from ``hand`` (extras allowed), or None.

    Exact: searches every way, so None means there is truly none. The melds are separate; two
    runs of one suit may not touch end to end (they would be one sequence).
    """
    raise NotImplementedError


def check_contract(melds: Sequence[Meld], sets: int, runs: int) -> str | None:
    """Why these melds do not make the contract (wrong counts, runs that join), or None."""
    raise NotImplementedError


def lay_off_options(card: int, meld: Meld, rules: MeldRules) -> list[Meld]:
    """Every meld that adding ``card`` to ``meld`` can give (a run's two ends may differ)."""
    raise NotImplementedError


def swap_joker(meld: Meld, card: int) -> Meld | None:
    """The run with ``card`` in place of the joker that stands for it, or None if none does."""
    raise NotImplementedError
