"""The greedy Day bot as it was before the batch evaluator (issue 16), kept for the benchmark
only: ``benchmarks/day_bots.py --versus-old`` plays the new bot against it, so the speed-up can
be shown not to cost strength. It counts its chance one showdown at a time in pure Python: 47
decisions a second on the reference machine. Not registered as a bot; nothing else imports it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations
from math import comb
from typing import Any, ClassVar

from cardtable.bots import Decision, Needs
from cardtable.engine.game import Action, Game
from cardtable.games.day.actions import ALL_IN, CALL, CHECK, FOLD, KEEP, SWAPS, Bet, RaiseTo
from cardtable.games.day.cards import DECK_SIZE, parse_card
from cardtable.games.day.showdown import (
    COND_SHIFT,
    POINTS_SHIFT,
    RANKED,
    Evaluator,
    best_of,
    evaluator_for,
)

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
_CODES: dict[str, int] = {}


def card_of(text: str) -> int:
    c = _CODES.get(text)
    if c is None:
        c = _CODES[text] = parse_card(text)
    return c


def cards_in(zone: dict[str, Any] | None) -> list[int]:
    return [card_of(t) for t in (zone or {}).get("cards", [])]


class OldGreedyDayBot:
    """Bets by its counted chance of winning at the showdown; reads only its seat's view."""

    needs: ClassVar[Needs] = "view"

    name = "greedy-old"
    value_margin = 0.12  # bet when the chance beats a fair share by this much
    raise_margin = 0.30  # raise a bet when it beats a fair share by this much
    swap_gain = 0.02  # swap a card only for at least this much more chance
    swap_samples = 500

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.rng = random.Random(seed)
        o = game.options
        self.evaluator: Evaluator = evaluator_for(
            o["moon_value"], o["kind_scope"], o["full_day_points"]
        )
        self._cached: tuple[Any, float] | None = None

    def choose(self, decision: Decision) -> Action:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        view = decision.view()
        seat = decision.seat
        table: dict[str, Any] = view["table"]
        zones: dict[str, Any] = view["zones"]
        hand = cards_in(zones[f"hand:{seat}"])
        board = cards_in(zones["dealer"])
        dead = cards_in(zones[f"swapped:{seat}"])
        others = [
            s for s in range(len(table["stacks"]))
            if s != seat and table["in_hand"][s] and not table["folded"][s]
        ]
        subs = [bool(table["substituted"][s]) for s in others]
        if table["phase"] == "substitute":
            return self._substitute(hand, board, subs, legal)
        key = (table["hand"], len(board), tuple(others), tuple(hand))
        if self._cached is not None and self._cached[0] == key:
            p = self._cached[1]
        else:
            p, _exact = win_chance(
                self.evaluator, hand, board, subs, bool(table["substituted"][seat]), dead,
                self.rng,
            )
            self._cached = (key, p)
        return self._bet(p, len(others) + 1, table, legal)

    # ---- substitution ------------------------------------------------------------------------
    def _substitute(
        self, hand: list[int], board: list[int], subs: list[bool], legal: Sequence[Action]
    ) -> Action:
        seen = set(hand) | set(board)
        pool = [c for c in range(DECK_SIZE) if c not in seen]
        k = len(subs)
        keys = self.evaluator.keys
        keep = swap0 = swap1 = 0.0
        a, b = hand
        subs_keep = [False, *subs]
        subs_swap = [True, *subs]
        for _ in range(self.swap_samples):
            deal = self.rng.sample(pool, 2 * k + 2)
            dealer = [*board, deal[0]]
            opp = [(deal[1 + 2 * j], deal[2 + 2 * j]) for j in range(k)]
            new = deal[-1]  # the replacement card, never in an opponent's hand
            keep += _share(keys(dealer, [(a, b), *opp], subs_keep))
            swap0 += _share(keys(dealer, [(new, b), *opp], subs_swap))
            swap1 += _share(keys(dealer, [(a, new), *opp], subs_swap))
        margin = self.swap_gain * self.swap_samples
        if swap0 >= swap1 and swap0 > keep + margin and SWAPS[a] in legal:
            return SWAPS[a]
        if swap1 > keep + margin and SWAPS[b] in legal:
            return SWAPS[b]
        return KEEP

    # ---- betting -----------------------------------------------------------------------------
    def _bet(self, p: float, live: int, table: dict[str, Any], legal: Sequence[Action]) -> Action:
        fair = 1.0 / live
        to_call = int(table.get("to_call", 0))
        pot = int(table["pot"])
        sizes = [a for a in legal if isinstance(a, Bet | RaiseTo)]
        if to_call == 0:
            if p > fair + self.value_margin and (sizes or ALL_IN in legal):
                return self._size(p, fair, pot, table, sizes, legal)
            return CHECK
        if p > fair + self.raise_margin and (sizes or ALL_IN in legal):
            return self._size(p, fair, pot, table, sizes, legal)
        if p * (pot + to_call) >= to_call:
            return CALL
        return FOLD

    def _size(
        self, p: float, fair: float, pot: int, table: dict[str, Any],
        sizes: Sequence[Bet | RaiseTo], legal: Sequence[Action],
    ) -> Action:
        """A stake growing with the edge: up to the pot, all-in when nearly sure."""
        if p > 0.9 and ALL_IN in legal:
            return ALL_IN
        if not sizes:
            return ALL_IN if p > 0.75 else (CALL if CALL in legal else CHECK)
        edge = (p - fair) / (1.0 - fair)
        want = int(table["current_bet"]) + max(1, round(pot * min(1.0, 2 * edge)))
        return min(sizes, key=lambda a: abs(a.amount - want))


