"""Sets, runs and contracts, with jokers: the exact meld engine of contract rummy.

Pure functions, no game state. A :class:`Meld` always records what each joker stands for, so a
meld on the table answers lay-off and joker-swap questions without guessing.

Whether a hand holds a contract is asked on every turn of every player, mostly of hands that do
not hold it, so :func:`find_contract` first rejects by counting: the jokers a hand would need for
its sets (from rank counts) plus those it would need for its runs (from per-suit rank windows)
must not exceed the jokers it holds. Only hands that pass go to the exact search, which tries
every combination of candidate runs and then settles the sets on what is left by a greedy that
is exact for sets (see :func:`_plan_sets`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import reduce
from itertools import combinations
from operator import or_
from typing import Literal

from cardtable.engine.errors import CardtableError
from cardtable.engine.memo import Memo
from cardtable.games.contract.cards import JOKER, RANK_NAMES, RANK_TEXT, SUIT_NAMES, code

SET: Literal["set"] = "set"
RUN: Literal["run"] = "run"
ACE_HIGH = 14
LONGEST_RUN = 13  # A..K or 2..A: an ace is low or high in a run, never both


class MeldError(CardtableError):
    """Cards that do not form the meld asked for; the message says why, for a player."""


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld on the table. It always knows what each of its jokers stands for.

    ``cards`` are the physical cards (runs in order from low to high; sets with their naturals
    in card order, then their jokers). ``ranks`` gives, per card, the rank it plays as (1..14;
    14 is a high ace); in a run all share ``suit``, in a set ``suit`` is -1 and every rank is
    the set's rank (1 for aces).
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

    @property
    def low(self) -> int:
        """The lowest rank played (a run's bottom end; a set's rank)."""
        return self.ranks[0]

    @property
    def high(self) -> int:
        """The highest rank played (a run's top end, 14 for a high ace; a set's rank)."""
        return self.ranks[-1]

    @property
    def joker_ranks(self) -> tuple[int, ...]:
        """The rank each joker stands for, in card order: what ``read_meld`` takes back."""
        return tuple(r for c, r in zip(self.cards, self.ranks, strict=True) if c == JOKER)

    def __str__(self) -> str:
        """``5H 6H JK(7H) 8H`` or ``QS QD JK(Q)``: the cards with each joker's meaning."""
        parts = []
        for c, r in zip(self.cards, self.ranks, strict=True):
            if c != JOKER:
                parts.append(code(c))
            elif self.kind == RUN:
                parts.append(f"JK({RANK_TEXT[r]}{'CDHS'[self.suit]})")
            else:
                parts.append(f"JK({RANK_TEXT[r]})")
        return " ".join(parts)


@dataclass(frozen=True, slots=True)
class MeldRules:
    """The rule options that shape melds."""

    min_set: int = 3
    min_run: int = 4
    natural_majority: bool = True  # a meld holds more natural cards than jokers


# ---- words for messages -------------------------------------------------------------------------

_NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                 "ten", "eleven", "twelve")
_SUIT_SINGULAR = ("club", "diamond", "heart", "spade")


def _plural_rank(rank: int) -> str:
    name = RANK_NAMES[rank]
    return name + "es" if name.endswith("x") else name + "s"


def _a_rank(rank: int) -> str:
    name = RANK_NAMES[rank]
    return ("an " if name[0] in "aeiou" else "a ") + name


def _count(n: int, word: str) -> str:
    number = _NUMBER_WORDS[n] if n < len(_NUMBER_WORDS) else str(n)
    return f"{number} {word}{'' if n == 1 else 's'}"


def contract_text(sets: int, runs: int) -> str:
    """``two sets and a run``: a contract (or a lay-down's make-up) in words."""
    parts = []
    for n, word in ((sets, "set"), (runs, "run")):
        if n == 1:
            parts.append(f"a {word}")
        elif n:
            parts.append(_count(n, word))
    return " and ".join(parts) if parts else "no melds"


def _run_text(meld: Meld) -> str:
    suit = "CDHS"[meld.suit]
    return f"{RANK_TEXT[meld.low]}{suit}-{RANK_TEXT[meld.high]}{suit}"


# ---- reading one meld ---------------------------------------------------------------------------

def _rank(c: int) -> int:
    return c % 13 + 1


def _majority_problem(naturals: int, jokers: int, rules: MeldRules) -> str | None:
    if rules.natural_majority and naturals <= jokers:
        return (f"a meld must hold more natural cards than jokers; this one has "
                f"{_count(naturals, 'natural card')} and {_count(jokers, 'joker')}")
    return None


def read_meld(
    cards: Sequence[int], rules: MeldRules, want: Literal["set", "run"] | None = None,
    joker_ranks: Sequence[int] | None = None,
) -> Meld:
    """The meld these cards form (a set or a run), or MeldError with the reason.

    Jokers in a run fill the gaps; any left over extend the run upward, then downward once it
    reaches a high ace, unless ``joker_ranks`` gives the rank of each joker (in the order the
    jokers appear in ``cards``; 14 is a high ace). An ace among the naturals plays low or high,
    whichever leaves fewer gaps (low when both leave the same).

    With ``want`` left out, cards whose naturals all share one rank are read as a set when they
    can be one: with a single natural (jokers only besides, possible when the majority rule is
    off) that also makes ``JK JK 5H`` a set of fives rather than a run; give ``want="run"`` or
    run ``joker_ranks`` for the run.
    """
    cards = tuple(cards)
    for c in cards:
        if not isinstance(c, int) or not 0 <= c <= JOKER:
            raise MeldError(f"{c!r} is not a card")
    if not cards:
        raise MeldError("no cards given: a meld is a set (cards of one rank) or a run (one suit "
                        "in sequence)")
    naturals = [c for c in cards if c != JOKER]
    if not naturals:
        raise MeldError("jokers alone are not a meld: a meld needs natural cards")
    if want == SET:
        return _read_set(cards, naturals, rules, joker_ranks)
    if want == RUN:
        return _read_run(cards, naturals, rules, joker_ranks)
    if want is not None:
        raise ValueError(f"want must be 'set', 'run' or None, not {want!r}")
    ranks = {c % 13 for c in naturals}
    if len(ranks) == 1:
        try:
            return _read_set(cards, naturals, rules, joker_ranks)
        except MeldError as set_problem:
            if len(naturals) != 1:
                raise
            try:  # a lone natural among jokers may still make a run
                return _read_run(cards, naturals, rules, joker_ranks)
            except MeldError:
                raise set_problem from None
    suits = {c // 13 for c in naturals}
    if len(suits) == 1:
        return _read_run(cards, naturals, rules, joker_ranks)
    # Neither one rank nor one suit: explain against whichever the cards come closer to.
    top_suit = max(_tally(c // 13 for c in naturals).values())
    top_rank = max(_tally(c % 13 for c in naturals).values())
    if top_suit > top_rank:
        return _read_run(cards, naturals, rules, joker_ranks)
    return _read_set(cards, naturals, rules, joker_ranks)


def read_written_meld(cards: Sequence[int], rules: MeldRules) -> Meld:
    """Read a meld as a player writes it: a run low to high, so each joker means the rank of
    its place (``JK 2H 3H 4H`` is ace to four, not two to five).

    A lone natural among jokers is ambiguous, so the notation settles it by size: a set at
    fewer cards than a run needs, a run from there on. Cards not in a readable order are left to
    read_meld, which places the jokers itself or explains what is wrong.
    """
    cards = tuple(cards)
    naturals = [c for c in cards if c != JOKER]
    if not naturals or any(not isinstance(c, int) or not 0 <= c <= JOKER for c in cards):
        return read_meld(cards, rules)  # let it explain
    if len({c % 13 for c in naturals}) == 1 and (
        len(naturals) > 1 or len(cards) < rules.min_run
    ):
        return read_meld(cards, rules, want=SET)
    first = cards.index(naturals[0])
    rank = naturals[0] % 13 + 1
    bases = [rank - first] + ([ACE_HIGH - first] if rank == 1 else [])
    for base in bases:
        if base < 1 or base + len(cards) - 1 > ACE_HIGH:
            continue
        if all(c == JOKER or c % 13 == (base + i - 1) % 13 for i, c in enumerate(cards)):
            ranks = [base + i for i, c in enumerate(cards) if c == JOKER]
            return read_meld(cards, rules, want=RUN, joker_ranks=ranks)
    return read_meld(cards, rules)


def _tally(items: Iterable[int]) -> dict[int, int]:
    out: dict[int, int] = {}
    for x in items:
        out[x] = out.get(x, 0) + 1
    return out


def _read_set(
    cards: tuple[int, ...], naturals: list[int], rules: MeldRules,
    joker_ranks: Sequence[int] | None,
) -> Meld:
    tally = _tally(c % 13 for c in naturals)
    rank = max(tally, key=lambda r: (tally[r], -r)) + 1
    odd = [c for c in naturals if _rank(c) != rank]
    size = rules.min_set
    if odd:
        raise MeldError(f"a set needs {size} or more cards of one rank; "
                        f"{code(odd[0])} is not {_a_rank(rank)}")
    if len(cards) < size:
        raise MeldError(f"a set needs {size} or more cards of one rank; "
                        f"{_count(len(cards), 'card')} here")
    jokers = len(cards) - len(naturals)
    problem = _majority_problem(len(naturals), jokers, rules)
    if problem:
        raise MeldError(problem)
    if joker_ranks is not None:
        if len(joker_ranks) != jokers:
            raise MeldError(f"give one rank for each joker: {_count(jokers, 'joker')}, "
                            f"{_count(len(joker_ranks), 'rank')} given")
        for r in joker_ranks:
            if r != rank and not (rank == 1 and r == ACE_HIGH):
                raise MeldError(f"in a set of {_plural_rank(rank)} every joker is "
                                f"{_a_rank(rank)}")
    return Meld(SET, tuple(sorted(naturals)) + (JOKER,) * jokers, (rank,) * len(cards), -1)


def _read_run(
    cards: tuple[int, ...], naturals: list[int], rules: MeldRules,
    joker_ranks: Sequence[int] | None,
) -> Meld:
    size = rules.min_run
    need = f"a run needs {size} or more cards of one suit in sequence"
    tally = _tally(c // 13 for c in naturals)
    suit = max(tally, key=lambda s: (tally[s], -s))
    odd = [c for c in naturals if c // 13 != suit]
    if odd:
        raise MeldError(f"{need}; {code(odd[0])} is not a {_SUIT_SINGULAR[suit]} "
                        f"like {code(next(c for c in naturals if c // 13 == suit))}")
    n = len(cards)
    if n < size:
        raise MeldError(f"{need}; {_count(n, 'card')} here")
    if n > LONGEST_RUN:
        raise MeldError("a run is at most 13 cards long (A to K, or 2 to A)")
    seen: set[int] = set()
    for c in naturals:
        if c in seen:
            raise MeldError(f"a run holds one card of each rank, but {code(c)} is here twice")
        seen.add(c)
    jokers = n - len(naturals)
    problem = _majority_problem(len(naturals), jokers, rules)
    if problem:
        raise MeldError(problem)
    low_ranks = sorted(_rank(c) for c in naturals)
    has_ace = low_ranks[0] == 1
    # Each way of reading the ace: the naturals' ranks, ace low first.
    readings = [low_ranks]
    if has_ace:
        readings.append([*low_ranks[1:], ACE_HIGH])
    if joker_ranks is not None:
        if len(joker_ranks) != jokers:
            raise MeldError(f"give one rank for each joker: {_count(jokers, 'joker')}, "
                            f"{_count(len(joker_ranks), 'rank')} given")
        for r in joker_ranks:
            if not isinstance(r, int) or not 1 <= r <= ACE_HIGH:
                raise MeldError(f"{r!r} is not a rank a joker can stand for (1 to 14)")
        for reading in readings:
            everything = sorted(reading + list(joker_ranks))
            if everything == list(range(everything[0], everything[0] + n)) and not (
                everything[0] == 1 and everything[-1] == ACE_HIGH
            ):
                return _run(reading, everything[0], n, suit)
        raise MeldError(_placement_problem(_reading_text(readings[0], suit), joker_ranks, suit))
    best: tuple[int, int, int, list[int]] | None = None
    for reading in readings:
        lo, hi = reading[0], reading[-1]
        gaps = hi - lo + 1 - len(reading)
        if gaps > jokers:
            continue
        spare = jokers - gaps
        top = min(ACE_HIGH, hi + spare)
        bottom = lo - (spare - (top - hi))
        if bottom < 1:
            continue
        if best is None or gaps < best[0]:
            best = (gaps, bottom, top, reading)
    if best is None:
        raise MeldError(_gap_problem(low_ranks, jokers, suit, n))
    return _run(best[3], best[1], n, suit)


def _reading_text(ranks: list[int], suit: int) -> str:
    return " ".join(RANK_TEXT[r] + "CDHS"[suit] for r in ranks)


def _placement_problem(naturals: str, joker_ranks: Sequence[int], suit: int) -> str:
    meant = " ".join(RANK_TEXT[r] + "CDHS"[suit] for r in joker_ranks)
    return (f"jokers standing for {meant} do not make one unbroken run with {naturals} "
            "(each rank once, no turning the corner)")


def _gap_problem(ranks: list[int], jokers: int, suit: int, n: int) -> str:
    readings = [ranks]
    if ranks[0] == 1:
        others = ranks[1:]
        if others and others[0] <= n and others[-1] >= ACE_HIGH + 1 - n:
            return ("a run may not turn the corner: an ace is either low (A 2 3 4) or high "
                    "(J Q K A), never both in one run")
        readings.append([*others, ACE_HIGH])
    best_gaps = min(r[-1] - r[0] + 1 - len(r) for r in readings)
    suit_name = SUIT_NAMES[suit]
    return (f"these {suit_name} are not in sequence: filling the gaps takes "
            f"{_count(best_gaps, 'joker')}, and there {'is' if jokers == 1 else 'are'} "
            f"{_count(jokers, 'joker')}")


def _run(natural_ranks: list[int], bottom: int, n: int, suit: int) -> Meld:
    present = set(natural_ranks)
    ranks = tuple(range(bottom, bottom + n))
    cards = tuple(
        suit * 13 + (r - 1) % 13 if r in present else JOKER for r in ranks
    )
    return Meld(RUN, cards, ranks, suit)


# ---- laying off and swapping --------------------------------------------------------------------

def lay_off_options(card: int, meld: Meld, rules: MeldRules) -> list[Meld]:
    """Every meld that adding ``card`` to ``meld`` can give (a run's two ends may differ).

    A set takes a natural of its rank, or a joker if naturals stay the majority. A run takes
    the natural just below its bottom or just above its top (an ace below a 2 or above a king),
    or a joker at either open end; a run of 13 cards is closed at both ends.
    """
    cards = meld.cards
    if card == JOKER and rules.natural_majority:
        jokers = meld.jokers
        if len(cards) - jokers <= jokers + 1:
            return []
    if meld.kind == SET:
        rank = meld.low
        if card == JOKER:
            new = (*cards, JOKER)
        elif card % 13 + 1 == rank:
            naturals = sorted([*(c for c in cards if c != JOKER), card])
            new = (*naturals, *(JOKER,) * meld.jokers)
        else:
            return []
        return [Meld(SET, new, (rank,) * len(new), -1)]
    if len(cards) >= LONGEST_RUN:
        return []
    lo, hi, suit, ranks = meld.low, meld.high, meld.suit, meld.ranks
    out = []
    if card == JOKER:
        if lo > 1:
            out.append(Meld(RUN, (JOKER, *cards), (lo - 1, *ranks), suit))
        if hi < ACE_HIGH:
            out.append(Meld(RUN, (*cards, JOKER), (*ranks, hi + 1), suit))
        return out
    if card // 13 != suit:
        return out
    rank = card % 13 + 1
    if rank == lo - 1:
        out.append(Meld(RUN, (card, *cards), (rank, *ranks), suit))
    if rank == hi + 1 or (rank == 1 and hi == 13):
        out.append(Meld(RUN, (*cards, card), (*ranks, hi + 1), suit))
    return out


def swap_joker(meld: Meld, card: int) -> Meld | None:
    """The run with ``card`` in place of the joker that stands for it, or None if none does.

    Only runs give up jokers: in a set a joker stands for no particular suit.
    """
    if meld.kind != RUN or card == JOKER or card // 13 != meld.suit:
        return None
    rank = card % 13 + 1
    for i, (c, r) in enumerate(zip(meld.cards, meld.ranks, strict=True)):
        if c == JOKER and (r == rank or (rank == 1 and r == ACE_HIGH)):
            return Meld(RUN, (*meld.cards[:i], card, *meld.cards[i + 1:]), meld.ranks, meld.suit)
    return None


# ---- contracts ----------------------------------------------------------------------------------

def run_joins(suit: int, low: int, high: int, others: Iterable[tuple[int, int, int]]) -> bool:
    """Whether a run of ``suit`` from rank ``low`` to ``high`` touches end to end one of
    ``others`` (each ``(suit, low, high)``): two runs of one suit may overlap but not touch,
    since they would read as one sequence. The one statement of the rule: check_contract words
    it for a lay-down as written, and the lay-down searches (all_layouts, which legal_actions
    lists, and find_contract) never pair such runs."""
    for other_suit, other_low, other_high in others:
        if other_suit == suit and (other_high + 1 == low or high + 1 == other_low):
            return True
    return False


def runs_join(a: Meld, b: Meld) -> bool:
    """Two runs of one suit that touch end to end, and so would read as one sequence."""
    return a.kind == RUN and b.kind == RUN and run_joins(a.suit, a.low, a.high,
                                                         ((b.suit, b.low, b.high),))


def check_contract(melds: Sequence[Meld], sets: int, runs: int) -> str | None:
    """Why these melds do not make the contract (wrong counts, runs that join), or None.

    Runs of one suit may overlap (several decks give duplicates) but not touch end to end.
    """
    n_sets = sum(1 for m in melds if m.kind == SET)
    n_runs = len(melds) - n_sets
    if (n_sets, n_runs) != (sets, runs):
        return (f"this deal's contract is {contract_text(sets, runs)}; "
                f"these melds are {contract_text(n_sets, n_runs)}")
    laid_runs = [m for m in melds if m.kind == RUN]
    for i, a in enumerate(laid_runs):
        for b in laid_runs[i + 1:]:
            if runs_join(a, b):
                return (f"the runs {_run_text(a)} and {_run_text(b)} would join into one run of "
                        f"{SUIT_NAMES[a.suit]}; runs of one suit must not touch end to end")
    return None


# Packed counters. A hand is summed into one int whose bytes are counts: per rank (bytes 0-12),
# jokers (byte 13) and per suit (bytes 14-17), so that ``int.to_bytes`` unpacks all of them at
# once. The search keeps per-card counts in 8-bit fields whose top bit is a guard, so taking a
# run's cards is one subtraction and one mask test, and per-rank counts in plain 8-bit fields,
# so the sets left possible are one table sum over the bytes.
_RANK_SUIT = [(1 << 8 * (c % 13)) | (1 << 8 * (14 + c // 13)) for c in range(52)] + [1 << 8 * 13]
_PRESENT = [1 << c for c in range(52)] + [0]
_CARD = [1 << 8 * c for c in range(52)] + [0]  # a joker counts in no card's field
_GUARD = sum(0x80 << 8 * c for c in range(52))
_SUIT_BITS = 0x1FFF
_ALL_SEATS = (1 << ACE_HIGH) - 1
_IMPOSSIBLE = 1 << 20
_FIELD = 16  # bits per cost bucket in a packed set histogram

# A stretch of one suit a run could cover, for a suit holding a given pattern of ranks:
# (jokers it needs, length, bottom, top, seats held, packed cards, packed ranks).
_Window = tuple[int, int, int, int, tuple[int, ...], int, int]
# A candidate run: (jokers, length, suit, bottom, top, packed cards, packed ranks, natural seats).
_Candidate = tuple[int, int, int, int, int, int, int, tuple[int, ...]]


class _Tables:
    """What the counting filters and the search need for one MeldRules and lay-down style."""

    __slots__ = ("candidates", "exact", "krun", "kset", "majority", "mr", "ms", "one_run",
                 "run_lengths", "set_costs", "set_hist", "windows")

    def __init__(self, rules: MeldRules, exact: bool) -> None:
        if rules.min_set < 1 or rules.min_run < 1 or rules.min_run > LONGEST_RUN:
            raise ValueError(f"unusable meld sizes: {rules}")
        self.ms = ms = rules.min_set
        self.mr = mr = rules.min_run
        self.majority = rules.natural_majority
        self.exact = exact
        # Fewest naturals in a set / in a run of minimum size.
        self.kset = ms // 2 + 1 if rules.natural_majority else 1
        self.krun = mr // 2 + 1 if rules.natural_majority else 1
        self.run_lengths = range(mr, mr + 1) if exact else range(mr, LONGEST_RUN + 1)
        # For c naturals of one rank: the joker cost of each further set, and how many sets
        # they can head at each cost as 16-bit buckets (cost 0, 1, ..., ms), so that summing
        # over ranks gives the whole hand's histogram.
        self.set_costs = [_set_costs(c, ms, self.kset) for c in range(256)]
        self.set_hist = [sum(1 << (_FIELD * cost) for cost in costs) for costs in self.set_costs]
        # Per suit, by 13-bit pattern of ranks held: fewest jokers for one run (filled on demand)
        self.one_run = [-1] * (1 << 13)
        # Per suit and pattern: the stretches a run could cover, fewest jokers first (on demand).
        self.windows: dict[int, list[_Window]] = {}
        # Per (suit, pattern, joker budget, wanted seats, two runs?): the candidate runs of
        # _search (filled on demand, see _suit_candidates).
        self.candidates: Memo[tuple[int, int, int, int, bool], tuple[_Candidate, ...]] = Memo(
            limit=50_000)

    def jokers_for_one_run(self, mask: int) -> int:
        """Fewest jokers that complete one run from a suit holding the ranks in ``mask``."""
        ext = mask | (mask & 1) << 13  # seat p (1..14) is bit p-1; the ace sits at 1 and 14
        best = _IMPOSSIBLE
        for length in self.run_lengths:
            window = (1 << length) - 1
            for bottom in range(0, ACE_HIGH - length + 1):
                k = (ext >> bottom & window).bit_count()
                j = length - k
                if k and j < best and (not self.majority or k > j):
                    best = j
        self.one_run[mask] = best
        return best

    def windows_of(self, suit: int, mask: int) -> list[_Window]:
        key = suit << 13 | mask
        found = self.windows.get(key)
        if found is not None:
            return found
        ext = mask | (mask & 1) << 13
        base = 13 * suit
        out: list[_Window] = []
        for length in self.run_lengths:
            for bottom in range(1, ACE_HIGH - length + 2):
                top = bottom + length - 1
                seats = tuple(p for p in range(bottom, top + 1) if ext >> (p - 1) & 1)
                if not seats:
                    continue
                cards = sum(_CARD[base + (p - 1) % 13] for p in seats)
                ranks = sum(1 << 8 * ((p - 1) % 13) for p in seats)
                out.append((length - len(seats), length, bottom, top, seats, cards, ranks))
        out.sort()
        self.windows[key] = out
        return out

    def set_jokers(self, hist: int, sets: int) -> int:
        """Fewest jokers for ``sets`` sets given a packed histogram, or _IMPOSSIBLE."""
        need = sets
        used = 0
        for cost in range(self.ms + 1):
            have = hist >> (_FIELD * cost) & 0xFFFF
            if have >= need:
                return used + need * cost
            used += have * cost
            need -= have
        return _IMPOSSIBLE


def _set_costs(c: int, ms: int, kset: int) -> tuple[int, ...]:
    """The jokers each further set of one rank costs, from ``c`` naturals of that rank.

    ``k`` sets use min(c, ms*k) naturals, at least ``kset`` in each, so they cost
    max(0, ms*k - c) jokers: convex in ``k``, which is what makes taking the cheapest sets
    across ranks first an exact method.
    """
    out = []
    k = 1
    while k * kset <= c:
        out.append(max(0, ms * k - c) - max(0, ms * (k - 1) - c))
        k += 1
    return tuple(out)


_TABLES: dict[tuple[MeldRules, bool], _Tables] = {}


def _tables(rules: MeldRules, exact: bool) -> _Tables:
    t = _TABLES.get((rules, exact))
    if t is None:
        t = _TABLES[rules, exact] = _Tables(rules, exact)
    return t


def find_contract(
    hand: Sequence[int], sets: int, runs: int, rules: MeldRules, *, exact_sizes: bool = True,
    minimal_checked: bool = False,
) -> list[Meld] | None:
    """One way to lay down ``sets`` sets and ``runs`` runs from ``hand`` (extras allowed), or None.

    Exact: searches every way, so None means there is truly none. The melds are separate; two
    runs of one suit may not touch end to end (they would be one sequence). Sets come first in
    the answer, then runs.

    With ``exact_sizes`` (the default) every meld has the minimum size, as a player goes down
    before laying off the rest. ``exact_sizes=False`` also allows longer melds, which differs in
    rare hands: a run whose jokers keep a majority only over a longer stretch (AH 2H JK JK 5H),
    or runs of one suit that must overlap so as not to touch (with several decks). A caller that
    already knows the hand has no minimal lay-down says ``minimal_checked`` to skip that search.
    Cards are ints 0..52 (see cards.py); a hand holds at most 127 of them.
    """
    if sets < 0 or runs < 0:
        raise ValueError("a contract has no negative counts")
    if len(hand) > 127:  # every count must fit its 8-bit field, guard bit included
        raise ValueError("find_contract takes hands of at most 127 cards")
    if not sets and not runs:
        return []
    if not exact_sizes and runs and not minimal_checked:
        # A lay-down of minimum-size melds is one with longer melds allowed too, and far
        # quicker to find: the wider search is only for hands without one.
        found = find_contract(hand, sets, runs, rules)
        if found is not None:
            return found
    t = _TABLES.get((rules, exact_sizes)) or _tables(rules, exact_sizes)
    screened = _screen(hand, sets, runs, t)
    if screened is None:
        return None
    counts, set_floor, suits = screened
    if not runs:
        return _sets_only(hand, counts, sets, counts[13], t)
    return _search(hand, counts, sets, runs, set_floor, suits, t)


def may_hold_contract(
    counts: bytes | bytearray, sets: int, runs: int, rules: MeldRules
) -> bool:
    """False when counting alone shows a hand (``counts``: copies of each card 0..52) cannot
    lay down the contract at minimum sizes.

    True is only a maybe for hands with runs to find; it lets a caller that will enumerate the
    lay-downs anyway (the legal moves) skip the search that would find one of them first.
    """
    if not sets and not runs:
        return True
    t = _TABLES.get((rules, True)) or _tables(rules, True)
    return _screen_counts(counts, sets, runs, t)


def may_need_longer_melds(counts: Sequence[int], runs: int, rules: MeldRules) -> bool:
    """Whether a hand (card counts) without a minimal lay-down might still have one with longer
    melds, so that ``find_contract(..., exact_sizes=False)`` is worth running.

    Take any lay-down and shrink its melds. A set always keeps a valid minimum. A run keeps a
    valid window of minimum size, so long as its jokers do not hold their minority only over
    more cards: that takes two jokers, or one when runs are shorter than three. What is left is
    runs of one suit whose windows would touch. Under the natural-majority rule, with at most
    one joker, every window is then valid, and two runs of a suit can always pick windows
    that do not touch (a run longer than the minimum has two windows or more, and a window rules
    out only the two placements of the other run a run's length away), so only three runs in
    one suit can be stuck; without the rule, windows made only of jokers are not runs, and two
    runs can be. A suit holds k runs only with k runs' worth of its naturals and jokers.

    With two jokers or more, a run may keep only some of its windows, so two runs of a suit may
    be stuck too; and a run with no valid window of minimum size needs a suit whose ranks allow
    one (:func:`_long_run_only`). The wider search is slow, and hands with two jokers are
    common in Liverpool, so both are counted before it is run.
    """
    if not runs:
        return False
    jokers = counts[JOKER]
    majority = rules.natural_majority
    mr = rules.min_run
    stuck = 3 if majority else 2  # runs in one suit that may be stuck
    if runs >= stuck:
        cards = stuck * mr - jokers
        if any(sum(counts[s * 13:s * 13 + 13]) >= cards for s in range(4)):
            return True
    if not (majority and jokers and (jokers > 1 or mr < 3)):
        return False
    if mr < 3:
        return True
    if runs >= 2:
        two = max(2 * (mr // 2 + 1), 2 * mr - jokers)  # two runs' worth of naturals
        if any(sum(counts[s * 13:s * 13 + 13]) >= two for s in range(4)):
            return True
    for s in range(4):
        mask = 0
        for r in range(13):
            if counts[s * 13 + r]:
                mask |= 1 << r
        if mask and _long_run_only(mask, jokers, mr):
            return True
    return False


_LONG_ONLY: Memo[tuple[int, int, int], bool] = Memo(limit=100_000)


def _long_run_only(mask: int, jokers: int, mr: int) -> bool:
    """Whether a suit holding the ranks in ``mask`` (bit r-1: rank r) and ``jokers`` jokers can
    make a run longer than ``mr`` with a natural majority but no window of ``mr`` cards that has
    one (natural majority rule). The naturals it uses may be any of those held: a player may let
    a joker stand in for a natural kept in hand. Answers are kept per pattern."""
    jokers = min(jokers, LONGEST_RUN)
    key = (mask, jokers, mr)
    found = _LONG_ONLY.get(key)
    if found is not None:
        return found
    ext = mask | (mask & 1) << 13  # seat p (1..14) is bit p-1; the ace sits at 1 and 14
    half = mr // 2  # a window of mr cards with at most this many naturals is no run
    found = False
    for length in range(mr + 1, LONGEST_RUN + 1):
        least = max(length // 2 + 1, length - jokers)  # naturals: a majority, jokers to spare
        for bottom in range(1, ACE_HIGH - length + 2):
            top = bottom + length - 1
            seats = [p for p in range(bottom, top + 1) if ext >> (p - 1) & 1]
            for k in range(least, len(seats) + 1):
                for naturals in combinations(seats, k):
                    if all(sum(1 for p in naturals if lo <= p < lo + mr) <= half
                           for lo in range(bottom, top - mr + 2)):
                        found = True
                        break
                if found:
                    break
            if found:
                break
        if found:
            break
    return _LONG_ONLY.keep(key, found)


_Screened = tuple[bytes, int, list[tuple[int, int, int, int]]]


def _screen(hand: Sequence[int], sets: int, runs: int, t: _Tables) -> _Screened | None:
    """The counting filters: None if the hand surely fails, else what the search starts from
    (the packed counts, the jokers the sets need at least, and the suits that can hold a run)."""
    if len(hand) < t.ms * sets + t.mr * runs:
        return None
    counts = sum(map(_RANK_SUIT.__getitem__, hand)).to_bytes(18, "little")
    set_floor = _set_floor(counts, sets, t)
    if set_floor > counts[13]:
        return None
    if not runs:
        return counts, set_floor, []
    held = reduce(or_, map(_PRESENT.__getitem__, hand), 0)
    suits = _run_suits(counts, [held >> (13 * s) & _SUIT_BITS for s in range(4)], set_floor,
                       runs, t)
    if suits is None:
        return None
    return counts, set_floor, suits


# Ranks held in one suit, as 13 presence bytes (see _PRESENCE), to the 13-bit pattern of them.
_MASK_OF: dict[bytes, int] = {}
_PRESENCE = bytes([0] + [1] * 255)  # bytes.translate table: held or not


def _mask_of(ranks: bytes) -> int:
    mask = 0
    for r in range(13):
        if ranks[r]:
            mask |= 1 << r
    _MASK_OF[ranks] = mask
    return mask


def _screen_counts(hand: bytes | bytearray, sets: int, runs: int, t: _Tables) -> bool:
    """_screen for a hand given as counts per card (53 of them), as a state keeps it: the same
    answer without first writing the hand out card by card, which on the commonest turn (a
    player not down, with a hand that cannot go down) cost as much as the screen itself."""
    if sum(hand) < t.ms * sets + t.mr * runs:
        return False
    suits = hand[0:13], hand[13:26], hand[26:39], hand[39:52]
    ranks = sum([int.from_bytes(s, "little") for s in suits])
    counts = ranks.to_bytes(13, "little") + bytes([hand[52], *map(sum, suits)])
    set_floor = _set_floor(counts, sets, t)
    if set_floor > counts[13]:
        return False
    if not runs:
        return True
    present = bytes(hand).translate(_PRESENCE)
    masks = []
    for at in (0, 13, 26, 39):
        ranks_held = present[at:at + 13]
        mask = _MASK_OF.get(ranks_held)
        if mask is None:
            mask = _mask_of(ranks_held)
        masks.append(mask)
    return _run_suits(counts, masks, set_floor, runs, t) is not None


def _set_floor(counts: bytes, sets: int, t: _Tables) -> int:
    """The fewest jokers the sets take, from the packed counts (_IMPOSSIBLE: they cannot)."""
    if not sets:
        return 0
    return t.set_jokers(sum(map(t.set_hist.__getitem__, counts[:13])), sets)


def _run_suits(counts: bytes, masks: list[int], set_floor: int, runs: int, t: _Tables) -> (
    list[tuple[int, int, int, int]] | None
):
    """The suits that can hold a run with the jokers the sets leave, given the pattern of ranks
    held in each suit; None if the runs surely cannot all be made."""
    spare = counts[13] - set_floor
    one_run = t.one_run
    krun = t.krun
    suits = []
    for s in range(4):
        in_suit = counts[14 + s]
        if in_suit < krun:
            continue
        mask = masks[s]
        one = one_run[mask]
        if one < 0:
            one = t.jokers_for_one_run(mask)
        if one <= spare:
            suits.append((s, mask, in_suit, one))
    if not suits:
        return None
    if runs > 1 and _runs_jokers(suits, runs, t) > spare:
        return None
    return suits


def _runs_jokers(suits: list[tuple[int, int, int, int]], runs: int, t: _Tables) -> int:
    """Fewest jokers for ``runs`` runs spread over suits (a lower bound, by counting): k runs in
    one suit take mr*k cards, of which at most the suit's naturals."""
    best = [0] + [_IMPOSSIBLE] * runs
    for _, _, in_suit, one in suits:
        most = min(runs, in_suit // t.krun)
        new = best[:]
        for k in range(1, most + 1):
            cost = max(one, t.mr * k - in_suit)
            for have in range(runs - k + 1):
                if best[have] + cost < new[have + k]:
                    new[have + k] = best[have] + cost
        best = new
    return best[runs]


def _sets_only(hand: Sequence[int], counts: bytes, sets: int, jokers: int, t: _Tables) -> (
    list[Meld] | None
):
    plan = _plan_sets(counts, sets, jokers, t)
    if plan is None:  # pragma: no cover - the histogram said there was a plan
        return None
    cards = sum(map(_CARD.__getitem__, hand)).to_bytes(52, "little")
    return [m for rank, k in plan for m in _make_sets(cards, rank, k, counts[rank - 1], t)]


def _search(
    hand: Sequence[int], counts: bytes, sets: int, runs: int, set_floor: int,
    suits: list[tuple[int, int, int, int]], t: _Tables,
) -> list[Meld] | None:
    """The exact search behind find_contract, for hands the counting filters let through.

    Runs are chosen first, as a multiset of candidates (each index at or after the previous one,
    so no combination is tried twice); the sets are then settled on what remains, exactly, by
    the cheapest-first rule of _set_costs. Candidate runs are every valid run the hand can make,
    narrowed by exchanges that keep a lay-down valid: a joker never stands in a run where the
    hand's own natural could, unless that natural may be wanted elsewhere (by a set of its rank,
    or another run of its suit), since otherwise swapping them frees the joker; and a run longer
    than it needs to be (only with ``exact_sizes=False``) is a candidate only in a suit that may
    hold two runs, where the extra length can keep two runs from touching.
    """
    jokers = counts[13]
    budget = jokers - set_floor
    wanted = 0  # seats (bit p-1) whose naturals a set may want
    if sets:
        for r in range(13):
            if counts[r] >= t.kset:
                wanted |= 1 << r
        wanted |= (wanted & 1) << 13
    candidates: list[_Candidate] = []
    for suit, mask, in_suit, _ in suits:
        shared = runs >= 2 and in_suit >= 2 * t.krun  # this suit may hold two runs
        want = _ALL_SEATS if shared else wanted & (mask | (mask & 1) << 13)
        key = (suit, mask, budget, want, shared)
        found = t.candidates.get(key)
        if found is None:
            found = t.candidates.keep(key, _suit_candidates(suit, mask, budget, want, shared, t))
        candidates.extend(found)
    if not candidates:
        return None
    candidates.sort()
    chosen: list[_Candidate] = []
    spans: list[tuple[int, int, int]] = []  # the chosen runs' (suit, bottom, top)
    set_hist = t.set_hist
    need_after_runs = t.ms * sets
    mr = t.mr

    def pick(start: int, cards: int, ranks: int, jokers: int, runs: int, size: int) -> int:
        """Choose the remaining ``runs`` runs; the packed cards left, or -1 if none works.

        Taking runs only ever leaves the sets dearer, so the jokers the sets need now are
        checked at every step, not only once the runs are all chosen.
        """
        budget = jokers
        if sets:
            budget -= t.set_jokers(
                sum(map(set_hist.__getitem__, ranks.to_bytes(13, "little"))), sets)
            if budget < 0:
                return -1
        if runs == 0:
            return cards
        room = size - mr * (runs - 1) - need_after_runs  # cards this run may take at most
        for i in range(start, len(candidates)):
            cand = candidates[i]
            j, length, suit, bottom, top = cand[0], cand[1], cand[2], cand[3], cand[4]
            if j * runs > budget:
                break  # sorted by jokers: every run still to choose needs at least j
            if length > room:
                continue
            left = (cards | _GUARD) - cand[5]
            if left & _GUARD != _GUARD:
                continue
            if spans and run_joins(suit, bottom, top, spans):
                continue
            chosen.append(cand)
            spans.append((suit, bottom, top))
            found = pick(  # noqa: F821 (deleted once the search ends; see below)
                i, left - _GUARD, ranks - cand[6], jokers - j, runs - 1, size - length)
            if found >= 0:
                return found
            chosen.pop()
            spans.pop()
        return -1

    try:
        rest = pick(0, sum(map(_CARD.__getitem__, hand)), int.from_bytes(counts[:13], "little"),
                    jokers, runs, len(hand))
    finally:
        del pick  # it calls itself: empty its cell, or only the collector frees the cycle
    if rest < 0:
        return None
    melds: list[Meld] = []
    if sets:
        left = rest.to_bytes(52, "little")
        ranks = [left[r] + left[r + 13] + left[r + 26] + left[r + 39] for r in range(13)]
        plan = _plan_sets(ranks, sets, jokers - sum(c[0] for c in chosen), t)
        assert plan is not None
        melds = [m for rank, k in plan for m in _make_sets(left, rank, k, ranks[rank - 1], t)]
    melds.extend(_make_run(c) for c in chosen)
    return melds


def _suit_candidates(
    suit: int, mask: int, budget: int, want: int, shared: bool, t: _Tables
) -> tuple[_Candidate, ...]:
    """The candidate runs of one suit for _search: they depend only on the ranks the suit holds
    (``mask``), the jokers the runs may use, the seats a set or another run may want, and whether
    the suit may hold two runs. Hands share these far more often than they share whole hands,
    and the wider search of the legal moves (every turn of a player with two jokers) spends most
    of its time here, so they are made once per pattern and kept (see _Tables.candidates)."""
    majority = t.majority
    general = not t.exact
    out: list[_Candidate] = []
    longest = LONGEST_RUN
    if general and not shared:  # a run that cannot shrink is at most 2j+1 long
        longest = min(LONGEST_RUN, max(t.mr, 2 * budget + 1)) if majority else t.mr
    base = 13 * suit
    for missing, length, bottom, top, seats, use, rank_use in t.windows_of(suit, mask):
        if missing > budget:
            break
        k = length - missing
        if (majority and k <= missing) or length > longest:
            continue
        if not general or shared or _unshrinkable(seats, bottom, top, t):
            out.append((missing, length, suit, bottom, top, use, rank_use, seats))
        optional = [p for p in seats if want >> (p - 1) & 1]
        for drop in range(1, min(budget - missing, len(optional)) + 1):
            j = missing + drop
            if k - drop == 0 or (majority and k - drop <= j):
                break
            for dropped in combinations(optional, drop):
                kept = tuple(p for p in seats if p not in dropped)
                if general and not shared and not _unshrinkable(kept, bottom, top, t):
                    continue
                less_cards = sum(_CARD[base + (p - 1) % 13] for p in dropped)
                less_ranks = sum(1 << 8 * ((p - 1) % 13) for p in dropped)
                out.append((j, length, suit, bottom, top, use - less_cards,
                            rank_use - less_ranks, kept))
    return tuple(out)


def _unshrinkable(naturals: tuple[int, ...], bottom: int, top: int, t: _Tables) -> bool:
    """True if no shorter stretch inside bottom..top is itself a valid run."""
    for lo in range(bottom, top + 1):
        for hi in range(lo + t.mr - 1, top + 1):
            if lo == bottom and hi == top:
                continue
            k = sum(1 for p in naturals if lo <= p <= hi)
            j = hi - lo + 1 - k
            if k and (not t.majority or k > j):
                return False
    return True


def _plan_sets(
    ranks: Sequence[int], sets: int, jokers: int, t: _Tables
) -> list[tuple[int, int]] | None:
    """How many sets of each rank to make, the cheapest in jokers; None if jokers fall short.

    Each rank's further sets cost nondecreasing numbers of jokers (see _set_costs), so taking
    the ``sets`` cheapest across all ranks is optimal.
    """
    offers = sorted((cost, r + 1) for r in range(13) for cost in t.set_costs[ranks[r]])
    if len(offers) < sets or sum(cost for cost, _ in offers[:sets]) > jokers:
        return None
    plan: dict[int, int] = {}
    for _, rank in offers[:sets]:
        plan[rank] = plan.get(rank, 0) + 1
    return sorted(plan.items())


def _make_sets(counts: bytes, rank: int, k: int, have: int, t: _Tables) -> list[Meld]:
    """``k`` sets of ``rank`` from the naturals in ``counts``: at least kset naturals each,
    then as many more as there are, jokers making up the rest."""
    pool = [s * 13 + rank - 1 for s in range(4) for _ in range(counts[s * 13 + rank - 1])]
    sizes = [t.kset] * k
    extra = min(have, t.ms * k) - t.kset * k
    for i in range(k):
        add = min(extra, t.ms - t.kset)
        sizes[i] += add
        extra -= add
    out = []
    at = 0
    for n in sizes:
        cards = (*pool[at:at + n], *(JOKER,) * (t.ms - n))
        at += n
        out.append(Meld(SET, cards, (rank,) * t.ms, -1))
    return out


def _make_run(cand: _Candidate) -> Meld:
    suit, bottom, top, naturals = cand[2], cand[3], cand[4], cand[7]
    ranks = tuple(range(bottom, top + 1))
    cards = tuple(suit * 13 + (r - 1) % 13 if r in naturals else JOKER for r in ranks)
    return Meld(RUN, cards, ranks, suit)
