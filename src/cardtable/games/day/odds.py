"""Exact odds: how often a player's best win condition at the showdown is each condition.

The question: at a table of ``n`` players who all reach the showdown without substituting, what
is the chance that one given player's best condition (the one that counts) is Highest Card, X
of a kind, Eclipse, Consecutive, Full Consecutive, Day or Full Day? Answered exactly, as a ratio
of whole numbers, by counting every deal, in two layers:

1. The player's two cards, the dealer's first two and the final card: every ordered choice of
   five of the 40 cards (78,960,960 of them), counted by *rank pattern* (the five ranks, the
   Crown as a 14th rank; 537,824 patterns at most) times the number of suit assignments giving
   each pattern. Day and Full Day depend on suits only through "the player's two share a suit,
   the dealer's two share the other of Rising and Setting, the final card is Risen": for a rank
   pattern that holds for exactly two suit assignments (player Rising or player Setting) when
   the player's two ranks differ and the dealer's two ranks differ, and for none otherwise.
   The runs (Consecutive, Full Consecutive) depend on ranks only, and are read from the game's
   own evaluator on one representative deal of the pattern that cannot be a Day.
2. The other ``n - 1`` players' ``2(n - 1)`` cards, drawn from the 35 cards left: they matter
   only to X of a kind and Eclipse (cards revealed at the showdown), and only through how many
   Moons and how many cards of the player's two ranks they hold, so the count over all their
   deals is a multivariate hypergeometric sum over those few numbers.

Runs and Days outrank Eclipse and X of a kind, so the second layer is needed only for the deals
where the first finds neither. :func:`condition_counts` gives the counts; tests check them
against the evaluator by brute force over every opposing hand for ``n = 2``.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from itertools import product
from math import comb, perm

from cardtable.games.day.cards import CROWN, DECK_SIZE, MOON_RANK
from cardtable.games.day.showdown import (
    CONDITION_NAMES,
    CONSECUTIVE,
    DAY,
    ECLIPSE,
    FULL_CONSECUTIVE,
    FULL_DAY,
    HIGHEST,
    KIND,
    condition_of,
    evaluator_for,
)

CROWN_RANK = 13
RANKS = 14
FIVE_CARD_DEALS = perm(DECK_SIZE, 5)  # ordered: player's two, dealer's two, final card
LEFT = DECK_SIZE - 5


def _representative(ranks: Sequence[int]) -> list[int]:
    """Concrete cards with these ranks that are never a Day: the player's first card is Risen
    (a Day needs both of the player's cards Rising, or both Setting)."""
    used: set[int] = set()
    out = []
    orders = ((1, 0, 2), (0, 2, 1), (0, 1, 2), (0, 1, 2), (0, 1, 2))
    for rank, order in zip(ranks, orders, strict=True):
        if rank == CROWN_RANK:
            out.append(CROWN)
            continue
        for suit in order:
            c = suit * 13 + rank
            if c not in used:
                used.add(c)
                out.append(c)
                break
    return out


@cache
def _others(
    draws: int, moons_left: int, a_left: int, b_left: int, same: bool, a_moon: bool,
    b_moon: bool, known_moons: int, held_moons: int, own_crown: bool, dealer_crown: bool,
    need_a: int, need_b: int, table_scope: bool,
) -> tuple[int, int]:
    """Ways the others' ``draws`` cards (from the 35 left) give (Eclipse, X of a kind but not
    Eclipse) to a player with no run and no Day.

    ``need_a``/``need_b``: how many more cards of the player's first/second rank the others must
    show for X of a kind (0: already met; a large number: the rank cannot be matched).
    """
    cats: list[tuple[str, int]] = [("moon", moons_left)]
    if not a_moon:
        cats.append(("a", a_left))
    if not b_moon and not same:
        cats.append(("b", b_left))
    sizes = [s for _, s in cats]
    rest = LEFT - sum(sizes)
    eclipse = kind = 0
    for counts in product(*(range(s + 1) for s in sizes)):
        taken = sum(counts)
        if taken > draws:
            continue
        ways = comb(rest, draws - taken)
        if not ways:
            continue
        for (_, size), k in zip(cats, counts, strict=True):
            ways *= comb(size, k)
        got = dict(zip((name for name, _ in cats), counts, strict=True))
        moons = known_moons + got["moon"]
        wild = own_crown or dealer_crown
        ecl = moons == 3 or (moons == 2 and wild) if held_moons else own_crown and moons >= 2
        if ecl:
            eclipse += ways
            continue
        if own_crown or dealer_crown:
            kind += ways
            continue
        if not table_scope:
            has_kind = need_a == 0 or need_b == 0
        else:
            oa = got["moon"] if a_moon else got.get("a", 0)
            ob = got["moon"] if b_moon else (oa if same else got.get("b", 0))
            has_kind = oa >= need_a or ob >= need_b
        if has_kind:
            kind += ways
    return eclipse, kind


def pattern_counts(
    ranks: Sequence[int], players: int, moon_value: int = 0, kind_scope: str = "table",
    full_day_points: int = 6,
) -> list[int]:
    """Counts by condition (indexed like CONDITION_NAMES) over every deal with this rank
    pattern (player's two, dealer's two, final; 13 is the Crown) and every deal of the others'
    cards. Empty patterns (a rank four times, two Crowns) count nothing."""
    counts = [0] * 7
    mult = [0] * RANKS
    for r in ranks:
        mult[r] += 1
    if mult[CROWN_RANK] > 1 or max(mult[:CROWN_RANK]) > 3:
        return counts
    ev = evaluator_for(moon_value, kind_scope, full_day_points)
    draws = 2 * (players - 1)
    others_total = comb(LEFT, draws)
    weight = 1
    for r in range(CROWN_RANK):
        weight *= perm(3, mult[r])
    x, y, p, q, r5 = ranks
    day = 2 if x != y and p != q else 0
    cards = _representative(ranks)
    cond = condition_of(ev.keys(cards[2:], [(cards[0], cards[1])])[0])
    full = cond == FULL_CONSECUTIVE
    if day:
        counts[FULL_DAY if full else DAY] += day * others_total
    rest = weight - day
    if not rest:
        return counts
    if cond in (FULL_CONSECUTIVE, CONSECUTIVE):
        counts[cond] += rest * others_total
        return counts

    def need(rank: int) -> int:
        return 99 if rank == CROWN_RANK else max(0, 2 - mult[rank])

    eclipse, kind = _others(
        draws, 3 - mult[MOON_RANK],
        3 - mult[x] if x != CROWN_RANK else 0, 3 - mult[y] if y != CROWN_RANK else 0,
        x == y, x == MOON_RANK, y == MOON_RANK, mult[MOON_RANK],
        (x == MOON_RANK) + (y == MOON_RANK), CROWN_RANK in (x, y), CROWN_RANK in (p, q, r5),
        need(x), need(y), kind_scope == "table",
    )
    counts[ECLIPSE] += rest * eclipse
    counts[KIND] += rest * kind
    counts[HIGHEST] += rest * (others_total - eclipse - kind)
    return counts


def condition_counts(
    players: int, moon_value: int = 0, kind_scope: str = "table", full_day_points: int = 6
) -> dict[str, int]:
    """For each condition, the number of (five-card deal, others' cards) combinations in which
    one player's best condition is that one; they add up to :func:`total_deals`."""
    counts = [0] * 7
    for ranks in product(range(RANKS), repeat=5):
        for c, k in enumerate(
            pattern_counts(ranks, players, moon_value, kind_scope, full_day_points)
        ):
            counts[c] += k
    return {CONDITION_NAMES[c]: counts[c] for c in range(7)}


def total_deals(players: int) -> int:
    return FIVE_CARD_DEALS * comb(LEFT, 2 * (players - 1))


def condition_odds(players: int, **options: object) -> dict[str, Fraction]:
    """The exact probability of each condition being a player's best, as fractions."""
    counts = condition_counts(players, **options)  # type: ignore[arg-type]
    total = total_deals(players)
    return {name: Fraction(count, total) for name, count in counts.items()}


def markdown_table(tables: dict[int, dict[str, int]]) -> str:
    """Percentages to three decimals, one column per table size."""
    sizes = sorted(tables)
    head = "| condition (points) | " + " | ".join(f"{n} players" for n in sizes) + " |"
    rule = "|---|" + "---:|" * len(sizes)
    points = (1, 2, 3, 4, 5, 6, 6)
    titles = ("Highest Card", "X of a kind", "Eclipse", "Consecutive", "Full Consecutive", "Day",
              "Full Day")
    lines = [head, rule]
    for c, name in enumerate(CONDITION_NAMES):
        cells = [f"{100 * tables[n][name] / total_deals(n):.3f} %" for n in sizes]
        lines.append(f"| {titles[c]} ({points[c]}) | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def _one(args: tuple[int, int, str]) -> tuple[int, dict[str, int]]:
    n, moon, scope = args
    return n, condition_counts(n, moon_value=moon, kind_scope=scope)


def main() -> None:  # pragma: no cover - prints the docs table
    import argparse
    import multiprocessing
    import time

    parser = argparse.ArgumentParser(description="Exact Day odds by condition (markdown).")
    parser.add_argument("--players", default="2,3,4,5,6")
    parser.add_argument("--moon-value", type=int, default=0, choices=(0, 13))
    parser.add_argument("--kind-scope", default="table", choices=("table", "hand"))
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    sizes = [int(n) for n in args.players.split(",")]
    began = time.perf_counter()
    with multiprocessing.Pool(args.jobs) as pool:
        tables = dict(pool.map(_one, [(n, args.moon_value, args.kind_scope) for n in sizes]))
    print(markdown_table(tables))
    for n in sizes:
        assert sum(tables[n].values()) == total_deals(n)
    print(f"\n(exact counts over {FIVE_CARD_DEALS:,} ordered five-card deals times the others' "
          f"cards; {time.perf_counter() - began:.1f} s)")


if __name__ == "__main__":  # pragma: no cover
    main()
