"""A player's chance of winning the showdown, from what that player can see.

The player knows its two cards, the dealer's cards, the card it swapped away (if it did), how
many opponents are still in and which of them substituted. Every card it has not seen is
equally likely to be in any opponent's hand or to be the dealer's final card, so the chance is
a count over deals of the unseen cards: the share of deals in which the player has the best
result, a tie counting as 1/k for k tied players (the tie-breaker draw is fair).

Against one opponent the count is exact: every final card and every hand the opponent may hold
(at most 36 x 595 = 21,420 showdowns), evaluated all at once by the batch evaluator
(:mod:`cardtable.games.day.batch`), about a millisecond. Against more it is taken over
``samples`` random deals from a generator the caller seeds (an estimate, with a standard error of
at most 0.5/sqrt(samples)): two opposing hands after the final card are already 314,160 deals.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import cache
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.games.day.batch import Ints, batch_for, first_share
from cardtable.games.day.cards import DECK_SIZE, parse_card
from cardtable.games.day.showdown import COND_SHIFT, POINTS_SHIFT, RANKED, Evaluator, best_of

DEFAULT_BUDGET = 25_000
DEFAULT_SAMPLES = 1_500
SWAP_SAMPLES = 500


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


Rng = random.Random | np.random.Generator


def _seeded(rng: Rng | None) -> np.random.Generator:
    """The caller's NumPy generator, or one drawn from its seeded ``random.Random``: same seed,
    same deals. (A bot keeps a NumPy generator: making one costs a good part of a count.)"""
    if isinstance(rng, np.random.Generator):
        return rng
    return np.random.default_rng((rng or random.Random(0)).getrandbits(64))


@cache
def _pairs(n: int) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """Every two of ``n`` cards, as two index arrays."""
    first, second = np.triu_indices(n, 1)
    return first, second


def deals(gen: np.random.Generator, pool: Sequence[int] | Ints, rows: int, need: int) -> Ints:
    """``rows`` random deals of ``need`` different cards from ``pool``, one a row (the first
    ``need`` steps of a Fisher-Yates shuffle, all rows at once, on one flat array)."""
    cards = np.asarray(pool, dtype=np.int32)
    n = len(cards)
    flat = np.tile(np.arange(n, dtype=np.intp), rows)
    base = np.arange(0, rows * n, n, dtype=np.intp)
    picks = gen.random((need, rows))
    for t in range(need):
        here = base + t
        there = here + (picks[t] * (n - t)).astype(np.intp)
        held = flat[here]
        flat[here] = flat[there]
        flat[there] = held
    dealt: Ints = cards[flat.reshape(rows, n)[:, :need]]
    return dealt


def win_chance(
    evaluator: Evaluator,
    hand: Sequence[int],
    board: Sequence[int],
    opponents_substituted: Sequence[bool],
    substituted: bool = False,
    dead: Sequence[int] = (),
    rng: Rng | None = None,
    budget: int = DEFAULT_BUDGET,
    samples: int = DEFAULT_SAMPLES,
) -> tuple[float, bool]:
    """(chance of winning the showdown, whether it was counted exactly).

    ``board`` holds the dealer's two or three cards; ``dead`` the cards the player knows are out
    of play (the one it swapped away). Opponents who substituted lose their point as usual.
    Against one opponent every deal is counted (laid out as final cards by opposing hands);
    against more, ``samples`` random deals from a generator seeded from ``rng``.
    """
    k = len(opponents_substituted)
    if k == 0:
        return 1.0, True
    seen = set(hand) | set(board) | set(dead)
    pool = np.array([c for c in range(DECK_SIZE) if c not in seen], dtype=np.int32)
    final_known = len(board) == 3
    subs = [substituted, *opponents_substituted]
    batch = batch_for(evaluator.rules.moon_value, evaluator.rules.kind_scope,
                      evaluator.rules.full_day_points)
    me = (int(hand[0]), int(hand[1]))
    if k == 1 and deals_to_enumerate(len(pool), 1, final_known) <= budget:
        first, second = _pairs(len(pool))
        x, y = pool[first], pool[second]
        if final_known:
            keys = batch.keys(board[0], board[1], board[2], [me, (x, y)], subs)
            return float(first_share(keys).mean()), True
        finals = pool[:, None]  # final cards down, opposing hands across
        keys = batch.keys(board[0], board[1], finals, [me, (x[None, :], y[None, :])], subs)
        apart = (finals != x[None, :]) & (finals != y[None, :])
        return float(first_share(keys)[apart].mean()), True
    gen = _seeded(rng)
    need = 2 * k + (0 if final_known else 1)
    dealt = deals(gen, pool, samples, need)
    off = 0 if final_known else 1
    final = board[2] if final_known else dealt[:, 0]
    hands = [me] + [(dealt[:, off + 2 * j], dealt[:, off + 2 * j + 1]) for j in range(k)]
    keys = batch.keys(board[0], board[1], final, hands, subs)
    return float(first_share(keys).mean()), False


def swap_chances(
    evaluator: Evaluator,
    hand: Sequence[int],
    board: Sequence[int],
    opponents_substituted: Sequence[bool],
    rng: Rng | None = None,
    samples: int = SWAP_SAMPLES,
) -> tuple[float, float, float]:
    """The chance of winning the showdown after keeping, after swapping the first card and
    after swapping the second, over the same ``samples`` random deals (the final card, the
    opposing hands and the card a swap would bring), so the three compare fairly."""
    a, b = int(hand[0]), int(hand[1])
    seen = {a, b, *board}
    pool = [c for c in range(DECK_SIZE) if c not in seen]
    k = len(opponents_substituted)
    batch = batch_for(evaluator.rules.moon_value, evaluator.rules.kind_scope,
                      evaluator.rules.full_day_points)
    dealt = deals(_seeded(rng), pool, samples, 2 * k + 2)
    final, new = dealt[:, 0], dealt[:, -1]  # the replacement is never in an opposing hand
    # The three choices side by side: rows of keeping, of swapping the first card, of swapping
    # the second, each against the same deals.
    mine_a = np.concatenate([np.full(samples, a, np.int32), new, np.full(samples, a, np.int32)])
    mine_b = np.concatenate([np.full(samples, b, np.int32), np.full(samples, b, np.int32), new])
    swapped = np.arange(3 * samples) >= samples
    opp = [(np.tile(dealt[:, 1 + 2 * j], 3), np.tile(dealt[:, 2 + 2 * j], 3)) for j in range(k)]
    keys = batch.keys(board[0], board[1], np.tile(final, 3), [(mine_a, mine_b), *opp],
                      [swapped, *opponents_substituted])
    share = first_share(keys).reshape(3, samples).mean(axis=1)
    return float(share[0]), float(share[1]), float(share[2])


def seat_chance(evaluator: Evaluator, view: dict[str, Any], seat: int
                ) -> tuple[float, bool, int]:
    """(chance of winning the showdown, whether counted exactly, opponents still in) for
    ``seat`` from its own view: its cards, the dealer's, the card it swapped away, against
    every player still in with cards it cannot see (their bets not read)."""
    t = view["table"]
    zones = view["zones"]

    def cards(zone: str) -> list[int]:
        return [parse_card(c) for c in zones.get(zone, {}).get("cards", [])]

    others = [s for s in range(len(t["stacks"]))
              if s != seat and t["in_hand"][s] and not t["folded"][s]]
    p, exact = win_chance(evaluator, cards(f"hand:{seat}"), cards("dealer"),
                          [bool(t["substituted"][s]) for s in others],
                          bool(t["substituted"][seat]), cards(f"swapped:{seat}"),
                          random.Random(0))
    return p, exact, len(others)


def call_price(table: dict[str, Any], seat: int) -> tuple[int, int, float] | None:
    """(chips to call, chips the call can win with them, the share of showdowns it must win
    to pay), or None when there is nothing to call. Short of the bet, a call wins from each
    player only what it matches."""
    to_call = int(table.get("to_call", 0) or 0)
    if not to_call:
        return None
    mine = table["in_pot"][seat] + to_call
    reach = (sum(min(c, mine) for c in table["in_pot"]) - table["in_pot"][seat]
             if table.get("call_all_in") else table["pot"])
    return to_call, reach + to_call, to_call / (reach + to_call)
