"""Every way to lay down a contract with minimal melds: the 'down' moves a player may choose.

Going down is one action made of the contract's melds at their minimum size (three for a set,
four for a run); extra cards go on afterwards as lay-offs in the same turn, which gives the
same table as laying them down at once while keeping the list of moves finite and exact.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement

from cardtable.engine.memo import Memo
from cardtable.games.contract.cards import JOKER, natural
from cardtable.games.contract.melds import ACE_HIGH, RUN, SET, Meld, MeldRules, run_joins

# A candidate meld with the cards it takes from the hand, packed (see _pack).
_SetItem = tuple[Meld, int]
# A candidate run also carries (suit, low, high), to keep runs of one suit from joining.
_RunItem = tuple[Meld, int, tuple[int, int, int]]

# The candidates depend only on a few numbers per rank (or per suit), so they are made once
# and shared by every hand: a player's legal moves are listed on every turn they are not down.
_SET_CACHE: Memo[tuple[MeldRules, int, bytes, int], tuple[_SetItem, ...]] = Memo(limit=50_000)
_RUN_CACHE: Memo[tuple[MeldRules, int, bytes, int], tuple[_RunItem, ...]] = Memo(limit=50_000)


def _joker_cap(rules: MeldRules, size: int) -> int:
    """How many jokers a minimal meld may hold."""
    return (size - 1) // 2 if rules.natural_majority else size - 1


# A hand is packed into one integer, a byte per card (copies in the low seven bits, a guard bit
# on top), so taking a meld's cards is one subtraction and a missing card shows as a cleared
# guard bit: the search below tries thousands of combinations per lay-down.
_FIELD = 8
_COPIES = (1 << (_FIELD - 1)) - 1
_GUARD = sum(1 << (_FIELD * c + _FIELD - 1) for c in range(JOKER + 1))


def _pack(counts: Sequence[int]) -> int:
    if max(counts) <= _COPIES:
        return int.from_bytes(bytes(counts), "little")
    packed = 0
    for c, k in enumerate(counts):
        if k:
            packed |= min(k, _COPIES) << (_FIELD * c)
    return packed


_PRESENCE = bytes([0] + [1] * 255)  # bytes.translate table: held or not


def _need(cards: tuple[int, ...]) -> int:
    """The cards a meld takes, packed like a hand."""
    need = 0
    for c in cards:
        need += 1 << (_FIELD * c)
    return need


def _sets_of_rank(rules: MeldRules, rank: int, held: bytes, jokers: int) -> tuple[_SetItem, ...]:
    """Minimal sets of ``rank`` from ``held`` copies per suit and up to ``jokers`` jokers."""
    size = rules.min_set
    suits = [s for s in range(4) if held[s]]
    out: list[_SetItem] = []
    for j in range(jokers + 1):
        k = size - j
        for combo in combinations_with_replacement(suits, k):
            if any(combo.count(s) > held[s] for s in set(combo)):
                continue
            cards = tuple(s * 13 + rank - 1 for s in combo) + (JOKER,) * j
            out.append((Meld(SET, cards, (rank,) * size, -1), _need(cards)))
    return tuple(out)


_NONE_HELD = bytes(4)


def _set_candidates(counts: Sequence[int], rules: MeldRules) -> list[_SetItem]:
    jokers = min(counts[JOKER], _joker_cap(rules, rules.min_set))
    out: list[_SetItem] = []
    for rank in range(1, 14):
        held = bytes(counts[rank - 1:JOKER:13])  # copies of this rank in each suit
        if held == _NONE_HELD:
            continue
        key = (rules, rank, held, jokers)
        found = _SET_CACHE.get(key)
        if found is None:
            found = _SET_CACHE.keep(key, _sets_of_rank(rules, rank, held, jokers))
        out.extend(found)
    return out


def _runs_of_suit(rules: MeldRules, suit: int, held: bytes, jokers: int) -> tuple[_RunItem, ...]:
    """Minimal runs of ``suit`` from the ranks ``held`` (13 flags, ace first) and ``jokers``."""
    size = rules.min_run
    present_ranks = {r + 1 for r in range(13) if held[r]}
    if 1 in present_ranks:
        present_ranks.add(ACE_HIGH)
    out: list[_RunItem] = []
    for low in range(1, ACE_HIGH + 2 - size):
        ranks = tuple(range(low, low + size))
        present = [r for r in ranks if r in present_ranks]
        missing = size - len(present)
        if missing > jokers:
            continue
        # Jokers must fill the gaps; any spare joker allowance may also stand in for a
        # natural the player holds but wants to keep.
        for extra in range(jokers - missing + 1):
            for replaced in combinations(present, extra):
                joker_at = set(replaced) | {r for r in ranks if r not in present_ranks}
                cards = tuple(JOKER if r in joker_at else natural(r, suit) for r in ranks)
                span = (suit, low, low + size - 1)
                out.append((Meld(RUN, cards, ranks, suit), _need(cards), span))
    return tuple(out)


_NO_RANKS = bytes(13)


def _run_candidates(counts: Sequence[int], rules: MeldRules) -> list[_RunItem]:
    jokers = min(counts[JOKER], _joker_cap(rules, rules.min_run))
    out: list[_RunItem] = []
    for suit in range(4):
        held = bytes(counts[suit * 13:suit * 13 + 13]).translate(_PRESENCE)
        if held == _NO_RANKS:
            continue
        key = (rules, suit, held, jokers)
        found = _RUN_CACHE.get(key)
        if found is None:
            found = _RUN_CACHE.keep(key, _runs_of_suit(rules, suit, held, jokers))
        out.extend(found)
    return out


class _Enough(Exception):
    """Stops the search at the first lay-down found (``all_layouts(..., first=True)``)."""


def all_layouts(
    counts: Sequence[int], sets: int, runs: int, rules: MeldRules, *, first: bool = False
) -> list[tuple[Meld, ...]]:
    """Every distinct lay-down of ``sets`` sets and ``runs`` runs from a hand given as counts;
    with ``first``, only the first of them (whether there is any, at a fraction of the cost)."""
    set_items = _set_candidates(counts, rules) if sets else []
    run_items = _run_candidates(counts, rules) if runs else []
    if (sets and not set_items) or (runs and not run_items):
        return []
    out: list[tuple[Meld, ...]] = []
    n_runs = len(run_items)
    n_sets = len(set_items)

    def pick_runs(
        start: int, still: int, left: int, chosen: tuple[Meld, ...],
        spans: tuple[tuple[int, int, int], ...],
    ) -> None:
        for i in range(start, n_runs):
            meld, need, span = run_items[i]
            after = left - need
            if after & _GUARD != _GUARD:
                continue  # the hand lacks a card this run needs
            suit, low, high = span
            if spans and run_joins(suit, low, high, spans):
                continue  # two runs of a suit may not join into one sequence
            if still == 1:
                out.append((*chosen, meld))
                if first:
                    raise _Enough
            else:
                pick_runs(i, still - 1, after, (*chosen, meld), (*spans, span))  # noqa: F821

    def pick_sets(start: int, still: int, left: int, chosen: tuple[Meld, ...]) -> None:
        for i in range(start, n_sets):
            meld, need = set_items[i]
            after = left - need
            if after & _GUARD != _GUARD:
                continue
            if still > 1:
                pick_sets(i, still - 1, after, (*chosen, meld))  # noqa: F821
            elif runs:
                pick_runs(0, runs, after, (*chosen, meld), ())  # noqa: F821
            else:
                out.append((*chosen, meld))
                if first:
                    raise _Enough

    left = _pack(counts) | _GUARD
    try:
        if sets:
            pick_sets(0, sets, left, ())
        elif runs:
            pick_runs(0, runs, left, (), ())
    except _Enough:
        pass
    finally:
        # The two searches call themselves, so each holds itself through its closure: a cycle
        # that only the garbage collector would free, with ``out`` and every lay-down in it.
        # Emptying the cells frees them at once, on every turn of a player not yet down,
        # instead of leaving them to make the collector run more often.
        del pick_runs, pick_sets
    return out
