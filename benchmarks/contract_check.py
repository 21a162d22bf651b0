"""Speed of the contract check: find_contract on Liverpool hands, per contract.

The bar: 50,000 calls/s on random 12-card hands from the Liverpool deck (two decks and four
jokers), for each of the seven contracts. Every hand in a pass is distinct and nothing is cached
by hand; the only memory is a table of one-run joker costs per 13-bit suit pattern (8,192
entries at most), filled on demand, so the first pass in a fresh process ("cold") is reported
apart from a pass over fresh hands once it is filled ("warm"). Then: 12- and 13-card hands
holding exactly 0-4 jokers; hands built from meld fragments, which reach the exact search far
more often; and the extended deals 8-10 with the hand sizes they deal.

    .venv/bin/python benchmarks/contract_check.py [--hands 100000]
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Sequence

from cardtable.games.contract.cards import JOKER, make_deck, natural
from cardtable.games.contract.melds import MeldRules, contract_text, find_contract
from machine import print_machine

BAR = 50_000
RULES = MeldRules()
LIVERPOOL = [(2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3)]
EXTENDED = [((6, 0), 18), ((0, 4), 16), ((3, 3), 21)]
DECK = make_deck(2, 4)
NATURALS = make_deck(2, 0)


def distinct_hands(
    rng: random.Random, count: int, size: int, jokers: int | None
) -> list[list[int]]:
    """``count`` different hands (as multisets) of ``size`` cards; with ``jokers`` given, each
    holds exactly that many jokers and otherwise naturals of two decks."""
    seen: set[tuple[int, ...]] = set()
    out: list[list[int]] = []
    while len(out) < count:
        if jokers is None:
            hand = rng.sample(DECK, size)
        else:
            hand = rng.sample(NATURALS, size - jokers) + [JOKER] * jokers
        key = tuple(sorted(hand))
        if key not in seen:
            seen.add(key)
            out.append(hand)
    return out


def built_hands(rng: random.Random, count: int, size: int) -> list[list[int]]:
    """Hands of a few set and run fragments (some with jokers) topped up at random: nearer to
    holding contracts, so the exact search runs far more often than on random hands."""
    out = []
    for _ in range(count):
        pool = Counter(DECK)
        hand: list[int] = []
        for _ in range(rng.randrange(1, 5)):
            if rng.random() < 0.5:
                rank = rng.randrange(1, 14)
                picks = [natural(rank, rng.randrange(4)) for _ in range(rng.randrange(2, 4))]
            else:
                suit, bottom = rng.randrange(4), rng.randrange(1, 12)
                picks = [JOKER if rng.random() < 0.15 else natural(r, suit)
                         for r in range(bottom, min(15, bottom + rng.randrange(3, 6)))]
            for c in picks:
                if pool[c] and len(hand) < size:
                    pool[c] -= 1
                    hand.append(c)
        rest = list(pool.elements())
        rng.shuffle(rest)
        hand += rest[:size - len(hand)]
        out.append(hand)
    return out


def rate(hands: Sequence[Sequence[int]], sets: int, runs: int) -> tuple[float, float]:
    """Calls per second of find_contract over ``hands``, and the share of hands that meet."""
    met = 0
    began = time.perf_counter()
    for hand in hands:
        if find_contract(hand, sets, runs, RULES) is not None:
            met += 1
    return len(hands) / (time.perf_counter() - began), met / len(hands)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=100_000, help="random hands per pass")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print_machine()
    rng = random.Random(args.seed)
    n = args.hands

    cold_hands = distinct_hands(rng, n, 12, None)
    warm_hands = distinct_hands(rng, n, 12, None)
    print(f"\nfind_contract, random 12-card Liverpool hands ({n:,} distinct hands a pass):")
    print(f"  {'contract':28} {'cold calls/s':>13} {'warm calls/s':>13} {'met':>7}")
    worst = float("inf")
    for sets, runs in LIVERPOOL:
        cold, _ = rate(cold_hands, sets, runs)
        warm, met = rate(warm_hands, sets, runs)
        worst = min(worst, warm)
        print(f"  {contract_text(sets, runs):28} {cold:>13,.0f} {warm:>13,.0f} {met:>7.2%}")
    verdict = "meets" if worst >= BAR else "MISSES"
    print(f"  -> slowest contract {worst:,.0f} calls/s: {verdict} the bar of {BAR:,} calls/s")

    small = max(1, n // 5)
    print(f"\nby jokers held ({small:,} distinct hands each, warm), calls/s:")
    print(f"  {'cards':>5} {'jokers':>6}  " + " ".join(f"{s}S+{r}R".rjust(8) for s, r in LIVERPOOL))
    for size in (12, 13):
        for jokers in range(5):
            hands = distinct_hands(rng, small, size, jokers)
            row = [rate(hands, s, r)[0] for s, r in LIVERPOOL]
            print(f"  {size:>5} {jokers:>6}  " + " ".join(f"{x:>8,.0f}" for x in row))

    built = built_hands(rng, small, 13)
    print(f"\nhands built from meld fragments (13 cards, {small:,} hands), warm:")
    for sets, runs in LIVERPOOL:
        calls, met = rate(built, sets, runs)
        print(f"  {contract_text(sets, runs):28} {calls:>10,.0f} calls/s   met {met:.2%}")

    print(f"\nextended deals 8-10, random hands of the size dealt ({small:,} hands):")
    for (sets, runs), size in EXTENDED:
        calls, met = rate(distinct_hands(rng, small, size, None), sets, runs)
        built_calls, built_met = rate(built_hands(rng, small, size), sets, runs)
        print(f"  {contract_text(sets, runs):28} {size} cards: {calls:>9,.0f} calls/s (met "
              f"{met:.2%}); built hands {built_calls:>8,.0f} calls/s (met {built_met:.2%})")


if __name__ == "__main__":
    main()
