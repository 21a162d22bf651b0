"""Every way to lay down a contract with minimal melds: the 'down' moves a player may choose.

Going down is one action made of the contract's melds at their minimum size (three for a set,
four for a run); extra cards go on afterwards as lay-offs in the same turn, which gives the
same table as laying them down at once while keeping the list of moves finite and exact.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement

from cardtable.games.contract.cards import JOKER, natural
from cardtable.games.contract.melds import RUN, SET, Meld, MeldRules


def _set_candidates(counts: Sequence[int], rules: MeldRules) -> list[Meld]:
    jokers = counts[JOKER]
    size = rules.min_set
    out: list[Meld] = []
    max_j = (size - 1) // 2 if rules.natural_majority else size - 1
    for rank in range(1, 14):
        suits = [s for s in range(4) if counts[s * 13 + rank - 1]]
        if not suits:
            continue
        for j in range(min(jokers, max_j) + 1):
            k = size - j
            for combo in combinations_with_replacement(suits, k):
                distinct = set(combo)
                if len(distinct) < k and any(
                    combo.count(s) > counts[s * 13 + rank - 1] for s in distinct
                ):
                    continue
                cards = tuple(s * 13 + rank - 1 for s in combo) + (JOKER,) * j
                out.append(Meld(SET, cards, (rank,) * size, -1))
    return out


def _run_candidates(counts: Sequence[int], rules: MeldRules) -> list[Meld]:
    jokers = counts[JOKER]
    size = rules.min_run
    max_j = (size - 1) // 2 if rules.natural_majority else size - 1
    out: list[Meld] = []
    for suit in range(4):
        held = [False] + [counts[natural(r, suit)] > 0 for r in range(1, 15)]
        for low in range(1, 16 - size):
            ranks = tuple(range(low, low + size))
            present = [r for r in ranks if held[r]]
            missing = size - len(present)
            if missing > min(jokers, max_j):
                continue
            # Jokers must fill the gaps; any spare joker allowance may also stand in for a
            # natural the player holds but wants to keep.
            spare = min(jokers, max_j) - missing
            for extra in range(spare + 1):
                for replaced in _choose(present, extra):
                    joker_at = set(replaced) | {r for r in ranks if not held[r]}
                    cards = tuple(JOKER if r in joker_at else natural(r, suit) for r in ranks)
                    out.append(Meld(RUN, cards, ranks, suit))
    return out


def _choose(items: list[int], k: int) -> Iterator[tuple[int, ...]]:
    from itertools import combinations

    return combinations(items, k)


def _need(meld: Meld) -> tuple[tuple[int, int], ...]:
    need: dict[int, int] = {}
    for c in meld.cards:
        need[c] = need.get(c, 0) + 1
    return tuple(need.items())


def all_layouts(
    counts: Sequence[int], sets: int, runs: int, rules: MeldRules
) -> list[tuple[Meld, ...]]:
    """Every distinct lay-down of ``sets`` sets and ``runs`` runs from a hand given as counts."""
    set_cands = _set_candidates(counts, rules) if sets else []
    run_cands = _run_candidates(counts, rules) if runs else []
    if (sets and not set_cands) or (runs and not run_cands):
        return []
    left = list(counts)
    chosen: list[Meld] = []
    chosen_runs: list[tuple[int, int, int]] = []  # (suit, low, high) of the runs picked so far
    out: list[tuple[Meld, ...]] = []
    set_items = [(m, _need(m)) for m in set_cands]
    run_items = [(m, _need(m), (m.suit, m.ranks[0], m.ranks[-1])) for m in run_cands]
    n_runs = len(run_items)
    n_sets = len(set_items)

    def pick_runs(start: int, still: int) -> None:
        if still == 0:
            out.append(tuple(chosen))
            return
        for i in range(start, n_runs):
            meld, need, (suit, low, high) = run_items[i]
            if chosen_runs and any(
                s == suit and (h + 1 == low or high + 1 == lo) for s, lo, h in chosen_runs
            ):
                continue  # two runs of a suit may not join into one sequence
            for c, k in need:
                if left[c] < k:
                    break
            else:
                for c, k in need:
                    left[c] -= k
                chosen.append(meld)
                chosen_runs.append((suit, low, high))
                pick_runs(i, still - 1)
                chosen_runs.pop()
                chosen.pop()
                for c, k in need:
                    left[c] += k

    def pick_sets(start: int, still: int) -> None:
        if still == 0:
            pick_runs(0, runs)
            return
        for i in range(start, n_sets):
            meld, need = set_items[i]
            for c, k in need:
                if left[c] < k:
                    break
            else:
                for c, k in need:
                    left[c] -= k
                chosen.append(meld)
                pick_sets(i, still - 1)
                chosen.pop()
                for c, k in need:
                    left[c] += k

    pick_sets(0, sets)
    return out
