"""A player's chance of winning the showdown, from what that player can see.

The player knows its two cards, the dealer's cards, the card it swapped away (if it did), how
many opponents are still in and which of them substituted. Every card it has not seen is
equally likely to be in any opponent's hand or to be the dealer's final card, so the chance is
a count over deals of the unseen cards: the share of deals in which the player has the best
result, a tie counting as 1/k for k tied players (the tie-breaker draw is fair).

Exact by enumeration when the number of deals is small enough (``budget`` evaluations): against
one opponent always (at most 36 final cards x 595 opposing hands, 21,420 showdowns); against
two only within the budget, which a full deck never fits (two opposing hands after the final
card are already 314,160 deals). Otherwise the count is taken over ``samples`` random deals from
a generator the caller seeds (an estimate, with a standard error of at most 0.5/sqrt(samples)).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from math import comb

from cardtable.games.day.cards import DECK_SIZE
from cardtable.games.day.showdown import COND_SHIFT, POINTS_SHIFT, RANKED, Evaluator, best_of

DEFAULT_BUDGET = 25_000
DEFAULT_SAMPLES = 1_500


def _share(keys: list[int]) -> float:
    """Seat 0's share of a showdown: 1 if alone at the top, 1/k if tied with k-1 others."""
    if len(keys) == 2:
        a, b = keys
        pa, pb = a >> POINTS_SHIFT, b >> POINTS_SHIFT
        if pa != pb:
            return 1.0 if pa > pb else 0.0
        ca, cb = (a >> COND_SHIFT) & 15, (b >> COND_SHIFT) & 15
        if ca == cb and ca in RANKED and a != b:
            return 1.0 if a > b else 0.0
        return 0.5
    best = best_of(keys)
    return 1.0 / len(best) if 0 in best else 0.0


def deals_to_enumerate(unseen: int, opponents: int, final_known: bool) -> int:
    """How many deals of the unseen cards an exact count would evaluate."""
    n = unseen
    total = 1
    if not final_known:
        total *= n
        n -= 1
    for _ in range(opponents):
        total *= comb(n, 2)
        n -= 2
    return total


def win_chance(
    evaluator: Evaluator,
    hand: Sequence[int],
    board: Sequence[int],
    opponents_substituted: Sequence[bool],
    substituted: bool = False,
    dead: Sequence[int] = (),
    rng: random.Random | None = None,
    budget: int = DEFAULT_BUDGET,
    samples: int = DEFAULT_SAMPLES,
) -> tuple[float, bool]:
    """(chance of winning the showdown, whether it was counted exactly).

    ``board`` holds the dealer's two or three cards; ``dead`` the cards the player knows are out
    of play (the one it swapped away). Opponents who substituted lose their point as usual.
    """
    k = len(opponents_substituted)
    if k == 0:
        return 1.0, True
    seen = set(hand) | set(board) | set(dead)
    pool = [c for c in range(DECK_SIZE) if c not in seen]
    final_known = len(board) == 3
    subs = [substituted, *opponents_substituted]
    keys = evaluator.keys
    me = (hand[0], hand[1])
    if deals_to_enumerate(len(pool), k, final_known) <= budget and k <= 2:
        total = 0.0
        count = 0
        finals: list[tuple[int, ...]] = [()] if final_known else [(f,) for f in pool]
        for extra in finals:
            dealer = [*board, *extra]
            rest = [c for c in pool if c not in extra]
            if k == 1:
                for pair in combinations(rest, 2):
                    total += _share(keys(dealer, [me, pair], subs))
                    count += 1
            else:
                for p1 in combinations(rest, 2):
                    left = [c for c in rest if c not in p1]
                    for p2 in combinations(left, 2):
                        total += _share(keys(dealer, [me, p1, p2], subs))
                        count += 1
        return total / count, True
    rng = rng or random.Random(0)
    need = 2 * k + (0 if final_known else 1)
    total = 0.0
    sample = rng.sample
    for _ in range(samples):
        cards = sample(pool, need)
        if final_known:
            dealer = list(board)
            off = 0
        else:
            dealer = [*board, cards[0]]
            off = 1
        hands = [me] + [(cards[off + 2 * j], cards[off + 2 * j + 1]) for j in range(k)]
        total += _share(keys(dealer, hands, subs))
    return total / samples, False
