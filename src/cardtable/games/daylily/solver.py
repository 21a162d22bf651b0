"""Exact searches over a hand: the best way to go out, and a loser's best in-hand melds.

Both branch on the lowest card not yet placed: it is either the discard (or a stray card) or
part of one of the few melds whose lowest card it is. Every arrangement is reached exactly once,
so the answer is exact, and most hands fail within a few branches.
"""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.games.daylily.cards import PANDORA_MASK, cards_of
from cardtable.games.daylily.melds import BY_LOW, MELD_BY_MASK, Meld, coverable

_NONE = -(1 << 30)


@dataclass(frozen=True, slots=True)
class GoingOut:
    """A declaration of ten melded cards plus the final discard."""

    melds: tuple[Meld, ...]
    discard: int
    points: int


def best_going_out(hand: int) -> GoingOut | None:
    """The highest-scoring way to meld all but one card of ``hand`` (None if there is none).

    Points count meld points and Pandora's Box bonuses only (no Festival bonus, no opponents'
    cards). Ties between declarations are broken by the search order, which is fixed.
    """
    memo: dict[int, int] = {}
    by_low = BY_LOW

    def melded(mask: int) -> int:
        # Best points for melding every card of mask, or _NONE.
        if not mask:
            return 0
        got = memo.get(mask)
        if got is not None:
            return got
        best = _NONE
        for m, p in by_low[(mask & -mask).bit_length() - 1]:
            if m & mask == m:
                r = melded(mask ^ m)
                if r >= 0 and r + p > best:
                    best = r + p
        memo[mask] = best
        return best

    best_points = _NONE
    best_discard = -1
    rest = hand
    # The discard is one card; try each, best first by fixed order. Cards that lie in no meld
    # with the rest of the hand must be the discard, which prunes most hands at once.
    lonely = hand & ~coverable(hand)
    if lonely:
        if lonely & (lonely - 1):
            return None
        candidates = [lonely.bit_length() - 1]
    else:
        candidates = cards_of(hand)
    for c in candidates:
        rest = hand & ~(1 << c)
        r = melded(rest)
        if r > best_points:
            best_points, best_discard = r, c
    if best_points == _NONE:
        return None
    melds: list[Meld] = []
    mask = hand & ~(1 << best_discard)
    while mask:
        target = melded(mask)
        for m, p in by_low[(mask & -mask).bit_length() - 1]:
            if m & mask == m and melded(mask ^ m) >= 0 and melded(mask ^ m) + p == target:
                melds.append(MELD_BY_MASK[m])
                mask ^= m
                break
    return GoingOut(tuple(melds), best_discard, best_points)


@dataclass(frozen=True, slots=True)
class Arrangement:
    """A loser's cards at a Festival: melds kept in hand and the stray cards."""

    melds: tuple[Meld, ...]
    strays: tuple[int, ...]

    @property
    def stray_pandoras(self) -> int:
        return sum(1 for c in self.strays if (1 << c) & PANDORA_MASK)

    @property
    def penalty(self) -> int:
        """Points the loser loses: 10 for each Pandora's Box outside an in-hand meld."""
        return 10 * self.stray_pandoras


def best_arrangement(hand: int) -> Arrangement:
    """Arrange a loser's hand into melds: fewest stray Pandora's Boxes, then fewest strays."""
    memo: dict[int, tuple[int, int]] = {}
    by_low = BY_LOW

    def cost(mask: int) -> tuple[int, int]:
        if not mask:
            return (0, 0)
        got = memo.get(mask)
        if got is not None:
            return got
        low = mask & -mask
        pb, n = cost(mask ^ low)
        best = (pb + (1 if low & PANDORA_MASK else 0), n + 1)
        for m, _p in by_low[low.bit_length() - 1]:
            if m & mask == m:
                r = cost(mask ^ m)
                if r < best:
                    best = r
        memo[mask] = best
        return best

    target = cost(hand)
    melds: list[Meld] = []
    strays: list[int] = []
    mask = hand
    while mask:
        low = mask & -mask
        pb, n = cost(mask ^ low)
        if (pb + (1 if low & PANDORA_MASK else 0), n + 1) == target:
            strays.append(low.bit_length() - 1)
            mask ^= low
            target = cost(mask)
            continue
        for m, _p in by_low[low.bit_length() - 1]:
            if m & mask == m and cost(mask ^ m) == target:
                melds.append(MELD_BY_MASK[m])
                mask ^= m
                break
        target = cost(mask)
    return Arrangement(tuple(melds), tuple(strays))
