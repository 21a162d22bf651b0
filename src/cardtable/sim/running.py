"""Running sums from which means, ratios, their differences and honest intervals are read.

Only sums are kept (of values, of chosen products, and counts per value for distributions):
memory does not grow with the number of matches, two sums of disjoint ranges of matches merge
by adding, and, every value being a whole number, the merged sums are exact whatever the order.

Intervals are 95% normal intervals from the delta method: a per-match mean is a mean; a
per-round rate is a ratio of two per-match sums (rounds differ in number from match to match,
so it is a ratio estimator, and its error needs the covariance of the two); a difference
between two variants played on the same seeds uses the covariance between them, which is what
makes a paired comparison sharper than two separate runs.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

Z95 = 1.959963984540054

Pair = tuple[str, str]


def pair(a: str, b: str) -> Pair:
    """A pair of names in the one order its product is kept under."""
    return (a, b) if a <= b else (b, a)


@dataclass(slots=True)
class CoMoments:
    """Sums of named per-match values and of the products of chosen pairs of them."""

    n: int = 0
    sums: dict[str, int] = field(default_factory=dict)
    prods: dict[Pair, int] = field(default_factory=dict)

    def add(self, values: Mapping[str, int], pairs: Iterable[Pair]) -> None:
        """Count one match; a name missing from ``values`` is 0 for it."""
        self.n += 1
        sums = self.sums
        for key, value in values.items():
            sums[key] = sums.get(key, 0) + value
        prods = self.prods
        for a, b in pairs:
            va = values.get(a, 0)
            if va:
                vb = values.get(b, 0)
                if vb:
                    both = pair(a, b)
                    prods[both] = prods.get(both, 0) + va * vb

    def merge(self, other: CoMoments) -> None:
        self.n += other.n
        for key, value in other.sums.items():
            self.sums[key] = self.sums.get(key, 0) + value
        for pair, value in other.prods.items():
            self.prods[pair] = self.prods.get(pair, 0) + value

    def mean(self, key: str) -> float:
        return self.sums.get(key, 0) / self.n if self.n else 0.0

    def cov(self, a: str, b: str) -> float:
        """The sample covariance of two values over the matches (0 with fewer than two)."""
        n = self.n
        if n < 2:
            return 0.0
        sa, sb = self.sums.get(a, 0), self.sums.get(b, 0)
        return (self.prods.get(pair(a, b), 0) - sa * sb / n) / (n - 1)

    def estimate(self, terms: list[tuple[float, str, str | None]]) -> Estimate:
        """Σ sign · mean(x) / mean(y) over ``terms`` (``y=None``: the mean of x itself), with its
        delta-method 95% interval. Needs the products of every pair of names involved."""
        value = 0.0
        gradient: dict[str, float] = {}
        for sign, x, y in terms:
            mx = self.mean(x)
            if y is None:
                value += sign * mx
                gradient[x] = gradient.get(x, 0.0) + sign
                continue
            my = self.mean(y)
            if my == 0:
                return Estimate(math.nan, math.nan, math.nan, self.n)
            value += sign * mx / my
            gradient[x] = gradient.get(x, 0.0) + sign / my
            gradient[y] = gradient.get(y, 0.0) - sign * mx / (my * my)
        names = list(gradient)
        var = sum(gradient[a] * gradient[b] * self.cov(a, b) for a in names for b in names)
        half = Z95 * math.sqrt(max(var, 0.0) / self.n) if self.n else math.inf
        return Estimate(value, value - half, value + half, self.n)


@dataclass(frozen=True, slots=True)
class Estimate:
    value: float
    low: float
    high: float
    n: int

    def rounded(self, digits: int = 4) -> dict[str, Any]:
        def r(x: float) -> float | None:
            return None if math.isnan(x) or math.isinf(x) else round(x, digits)

        return {"value": r(self.value), "ci95": [r(self.low), r(self.high)], "n": self.n}


def merge_counts(into: dict[int, int], other: Mapping[int, int]) -> None:
    for key, count in other.items():
        into[key] = into.get(key, 0) + count


def quantile(counts: Mapping[int, int], q: float) -> int:
    """The smallest value with at least a share ``q`` of the counts at or below it."""
    total = sum(counts.values())
    if not total:
        return 0
    need = q * total
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        if seen >= need:
            return value
    return max(counts)


def spread(s1: int, s2: int, n: int) -> float:
    """The standard deviation of values from their sum and sum of squares."""
    if n < 2:
        return 0.0
    return math.sqrt(max(0.0, (s2 - s1 * s1 / n) / (n - 1)))
