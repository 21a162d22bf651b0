"""The exact odds agree with the showdown evaluator dealt out card by card."""

from __future__ import annotations

import random
from itertools import combinations, product

import pytest

from cardtable.games.day.cards import CROWN, DECK_SIZE
from cardtable.games.day.odds import CROWN_RANK, LEFT, pattern_counts
from cardtable.games.day.showdown import condition_of, evaluator_for


def concrete_deals(ranks: tuple[int, ...]) -> list[list[int]]:
    """Every ordered five-card deal with this rank pattern (13: the Crown)."""
    choices = [[CROWN] if r == CROWN_RANK else [s * 13 + r for s in range(3)] for r in ranks]
    return [list(d) for d in product(*choices) if len(set(d)) == 5]


@pytest.mark.parametrize(
    ("ranks", "scope"),
    [
        ((6, 3, 4, 5, 11), "table"),  # 7 4 with 5 6: a run (or a Day with the right suits)
        ((12, 0, 12, 4, 9), "table"),  # Moon 1, a Moon on the board: Eclipse needs the third
        ((CROWN_RANK, 3, 6, 8, 1), "table"),  # the Crown in hand
        ((2, 9, CROWN_RANK, 12, 12), "table"),  # the dealer's Crown and two Moons
        ((7, 7, 2, 10, 4), "hand"),  # a pair in hand, the narrow kind scope
    ],
)
def test_pattern_counts_match_every_deal_against_one_opponent(
    ranks: tuple[int, ...], scope: str
) -> None:
    ev = evaluator_for(0, scope, 6)
    want = [0] * 7
    for deal in concrete_deals(ranks):
        rest = [c for c in range(DECK_SIZE) if c not in deal]
        own = (deal[0], deal[1])
        for opp in combinations(rest, 2):
            want[condition_of(ev.keys(deal[2:], [own, opp])[0])] += 1
    assert pattern_counts(ranks, 2, kind_scope=scope) == want


def test_pattern_counts_match_random_deals_at_a_bigger_table() -> None:
    """Five players: the others' eight cards sampled, against the exact hypergeometric count."""
    ranks = (12, 5, 12, 4, 5)  # Moon and 6; the dealer shows a Moon, a 5 and a 6
    counts = pattern_counts(ranks, 5)
    total = sum(counts)
    ev = evaluator_for()
    rng = random.Random(3)
    deals = concrete_deals(ranks)
    seen = [0] * 7
    samples = 4000
    for _ in range(samples):
        deal = rng.choice(deals)
        rest = rng.sample([c for c in range(DECK_SIZE) if c not in deal], 8)
        hands = [(deal[0], deal[1])] + [(rest[2 * j], rest[2 * j + 1]) for j in range(4)]
        seen[condition_of(ev.keys(deal[2:], hands)[0])] += 1
    for c in range(7):
        p = counts[c] / total
        sigma = (p * (1 - p) / samples) ** 0.5
        assert abs(seen[c] / samples - p) <= 4 * sigma + 1e-9, (c, seen[c] / samples, p)
    assert LEFT == 35
