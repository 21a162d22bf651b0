"""The showdown evaluator over many deals at once, for the bots' chance counts.

:class:`~cardtable.games.day.showdown.Evaluator` settles one showdown at a time, which is what
the game needs; a bot counting its chance needs tens of thousands (every final card and every
opposing hand against one opponent: 21,420 showdowns), and one at a time in Python that is a
tenth of a second. :class:`BatchEvaluator` gives the same packed results for whole arrays of
deals with NumPy. Its inputs broadcast against each other, so an enumeration can be laid out as
an outer product (final cards down, opposing hands across) and everything that depends on one
side only is worked out on that side's short array.

Everything a result depends on is read from tables made once per set of rules: each card's
value, suit flags and tie-break height; each two-card hand's flags; the runs (none, four in a
row, five in a row) for every hand's values against every set of dealer values; and the best
(count, value) of the revealed cards for a Crown, read from the revealed cards' counts packed
two bits a value into one integer. The tests hold it equal to the one-at-a-time evaluator on
random showdowns under every option.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.games.day.cards import CROWN, DECK_SIZE, RISEN, RISING, SETTING, SUIT_OF
from cardtable.games.day.showdown import (
    COND_SHIFT,
    CONSECUTIVE,
    DAY,
    ECLIPSE,
    FULL_CONSECUTIVE,
    FULL_DAY,
    HIGHEST,
    KIND,
    POINTS_SHIFT,
    Evaluator,
    evaluator_for,
)

Ints = npt.NDArray[np.int32]
Bools = npt.NDArray[np.bool_]
ArrayLike = Any  # an int array or a plain int: the inputs broadcast

NO_RUN, RUN4, RUN5 = 0, 1, 2
_BITS = 14  # value bits of a card's value mask (values 0..13)


def _table(values: Sequence[int], dtype: type = np.int32) -> npt.NDArray[Any]:
    return np.array(values, dtype=dtype)


class BatchEvaluator:
    """The packed showdown results of :class:`Evaluator`, over arrays of deals."""

    def __init__(self, evaluator: Evaluator) -> None:
        self.evaluator = ev = evaluator
        val = ev.val
        self.table_scope = ev.table_scope
        self.moon_shift = 2 * ev.moon_value
        cards = range(DECK_SIZE)
        self.VBIT = _table([ev.vbit[c] for c in cards], np.intp)
        self.CROWN = _table([c == CROWN for c in cards], np.bool_)
        self.RISEN_OK = _table([c == CROWN or SUIT_OF[c] == RISEN for c in cards], np.bool_)
        self.RISING_OK = _table([c == CROWN or SUIT_OF[c] == RISING for c in cards], np.bool_)
        self.SETTING_OK = _table([c == CROWN or SUIT_OF[c] == SETTING for c in cards], np.bool_)
        self.PACK = _table([0 if c == CROWN else 1 << (2 * val[c]) for c in cards], np.intp)
        # Two-card hands by first * 40 + second.
        top = ev.top
        pairs = [(a, b) for a in cards for b in cards]
        self.HIGH = _table([(top[a] << 4 | top[b]) if top[a] >= top[b] else (top[b] << 4 | top[a])
                            for a, b in pairs])
        self.points = _table(ev.points)
        self._runs(pairs)
        self._results(pairs)
        # The best (count << 4 | value) among the values of the rules, from packed counts: one
        # table for the low seven values and one for the high seven.
        low_half = np.arange(1 << _BITS, dtype=np.int32)
        best_lo = np.full(1 << _BITS, -1, dtype=np.int32)
        best_hi = np.full(1 << _BITS, -1, dtype=np.int32)
        for v in ev.values:
            half, table = (v, best_lo) if v < 7 else (v - 7, best_hi)
            key = ((low_half >> (2 * half)) & 3) << 4 | v
            np.maximum(table, key, out=table)
        self.BEST_LO, self.BEST_HI = best_lo, best_hi

    def _runs(self, pairs: Sequence[tuple[int, int]]) -> None:
        """RUN[pair code, dealer code]: whether a hand makes four or five in a row with the
        dealer's cards. A hand's code is its two values (or the Crown and one value); the
        dealer's code is the mask of its values and whether it holds the Crown."""
        ev = self.evaluator
        vbit = ev.vbit
        hand_codes: dict[tuple[bool, int], int] = {}
        code_of_pair = []
        for a, b in pairs:
            own = a == CROWN or b == CROWN
            mask = vbit[b if a == CROWN else a] if own else vbit[a] | vbit[b]
            code_of_pair.append(hand_codes.setdefault((own, mask), len(hand_codes)))
        self.PCODE = _table(code_of_pair)
        dealer_codes: list[tuple[int, bool]] = []
        didx = np.zeros(2 << _BITS, dtype=np.int32)
        span = [1 << v for v in ev.values]
        masks = [0]
        for _ in range(3):
            masks = sorted({m | s for m in masks for s in span} | set(masks))
        for mask in masks:
            for crown in (False, True):
                didx[mask | (crown << _BITS)] = len(dealer_codes)
                dealer_codes.append((mask, crown))
        self.DIDX = (didx * 2).astype(np.intp)  # doubled: the UP table's stride
        self.n_dealer = len(dealer_codes)
        runs = np.zeros(len(hand_codes) * self.n_dealer, dtype=np.int32)
        need4, win4 = ev.need4, ev.win4
        for (own, hand_mask), hc in hand_codes.items():
            for dc, (dmask, crown_dealer) in enumerate(dealer_codes):
                d_distinct = dmask.bit_count() == (2 if crown_dealer else 3)
                full = consec = False
                if own:
                    if crown_dealer:
                        continue  # one Crown in the deck
                    xb = hand_mask
                    m = dmask | xb
                    full = d_distinct and not (dmask & xb) and m.bit_count() == 4 and (
                        m >> ((m & -m).bit_length() - 1)) < 32
                    rest = dmask & ~xb
                    consec = any((w & rest).bit_count() >= 2
                                 for w in win4[xb.bit_length() - 1])
                else:
                    m = hand_mask | dmask
                    if crown_dealer:
                        full = d_distinct and m.bit_count() == 4 and (
                            m >> ((m & -m).bit_length() - 1)) < 32
                        consec = any(dmask & q for q in need4.get(hand_mask, ()))
                    else:
                        full = m.bit_count() == 5 and (m >> ((m & -m).bit_length() - 1)) == 31
                        consec = any(dmask & q == q for q in need4.get(hand_mask, ()))
                runs[hc * self.n_dealer + dc] = RUN5 if full else (RUN4 if consec else NO_RUN)
        self.RUN = runs

    def _results(self, pairs: Sequence[tuple[int, int]]) -> None:
        """The packed result read from tables, in two halves. ``UP``: a Day or a run, from the
        hand's code, the dealer's code and whether the suits make a Day (0: neither). ``LOW``:
        otherwise an Eclipse, X of a kind or Highest Card, from the hand, whether the dealer
        holds the Crown, the Moons revealed and how many cards of each of the hand's two values
        are counted; ``CROWN_LOW`` the same for a hand with the Crown, from the other card, the
        Moons and the best (count, value) on the table."""
        ev = self.evaluator
        val, pts = ev.val, ev.points
        n_dealer = self.n_dealer
        runs = self.RUN
        up = np.zeros(2 * len(runs), dtype=np.int32)
        for index, run in enumerate(runs.tolist()):
            for day in (0, 1):
                if day:
                    cond = FULL_DAY if run == RUN5 else DAY
                elif run:
                    cond = FULL_CONSECUTIVE if run == RUN5 else CONSECUTIVE
                else:
                    continue
                up[2 * index + day] = pts[cond] << POINTS_SHIFT | cond << COND_SHIFT
        self.UP = up
        self.UP_BASE = (self.PCODE * (2 * n_dealer)).astype(np.intp)
        low = np.zeros(DECK_SIZE * DECK_SIZE * 128, dtype=np.int32)
        crown_low = np.zeros(DECK_SIZE * 4 * 64, dtype=np.int32)
        eclipse_key = pts[ECLIPSE] << POINTS_SHIFT | ECLIPSE << COND_SHIFT
        kind_base = pts[KIND] << POINTS_SHIFT | KIND << COND_SHIFT
        high_base = pts[HIGHEST] << POINTS_SHIFT | HIGHEST << COND_SHIFT
        high = self.HIGH.tolist()
        for p, (a, b) in enumerate(pairs):
            held = (a != CROWN and a % 13 == 12) + (b != CROWN and b % 13 == 12)
            if a == CROWN or b == CROWN:
                if a == b:
                    continue
                x = b if a == CROWN else a
                for moons in range(4):
                    eclipse = moons >= 2  # held or not: the Crown is the third Moon
                    for best in range(64):
                        crown_low[(x * 4 + moons) * 64 + best] = (
                            eclipse_key if eclipse else kind_base | (best + 16))
                continue
            for crown_dealer in (0, 1):
                for moons in range(4):
                    eclipse = held > 0 and (moons == 3 or (moons == 2 and crown_dealer == 1))
                    for ca in range(4):
                        for cb in range(4):
                            if eclipse:
                                key = eclipse_key
                            else:
                                ka = (ca + crown_dealer) << 4 | val[a]
                                kb = (cb + crown_dealer) << 4 | val[b]
                                k = ka if ka > kb else kb
                                key = kind_base | k if k >= 32 else high_base | high[p]
                            low[p * 128 + crown_dealer * 64 + moons * 16 + ca * 4 + cb] = key
        self.LOW = low
        self.LOW_BASE = np.arange(len(pairs), dtype=np.intp) * 128
        self.CROWN_LOW = crown_low
        self.CROWN_X = _table([(b if a == CROWN else a) if CROWN in (a, b) else 0
                               for a, b in pairs])
        self.OWN = _table([CROWN in (a, b) for a, b in pairs], np.bool_)
        self.RISING_PAIR = self.RISING_OK[:, None] & self.RISING_OK[None, :]
        self.RISING_PAIR = self.RISING_PAIR.reshape(-1)
        self.SETTING_PAIR = (self.SETTING_OK[:, None] & self.SETTING_OK[None, :]).reshape(-1)
        self.SHIFT_A = _table([0 if a == CROWN else 2 * val[a] for a, _b in pairs])
        self.SHIFT_B = _table([0 if b == CROWN else 2 * val[b] for _a, b in pairs])
        self.PAIR_PACK = (self.PACK[:, None] + self.PACK[None, :]).reshape(-1)

    def _best(self, pack: Ints) -> Ints:
        lo: Ints = self.BEST_LO[pack & ((1 << _BITS) - 1)]
        hi: Ints = self.BEST_HI[pack >> _BITS]
        return np.maximum(lo, hi)

    def keys(
        self,
        first: ArrayLike,
        second: ArrayLike,
        final: ArrayLike,
        hands: Sequence[tuple[ArrayLike, ArrayLike]],
        substituted: Sequence[Any],
    ) -> list[Ints]:
        """The packed result of each hand, as ``Evaluator.keys`` gives it, for every deal.

        ``first``, ``second`` and ``final`` are the dealer's cards, each hand a pair of cards,
        each ``substituted`` flag a bool or a bool array; all are int arrays (or ints)
        broadcasting to one shape, the shape of every result. A hand that is the same in every
        deal may be two ints: what depends on it alone is then worked out once."""
        take = np.take
        d1, d2, f = (np.asarray(x, dtype=np.intp) for x in (first, second, final))
        pairs = [np.asarray(a, dtype=np.intp) * DECK_SIZE + np.asarray(b, dtype=np.intp)
                 for a, b in hands]
        crown = self.CROWN
        crown_dealer = take(crown, d1) | take(crown, d2) | take(crown, f)
        cd = crown_dealer.astype(np.intp)
        vbit = self.VBIT
        dmask = take(vbit, d1) | take(vbit, d2) | take(vbit, f)
        dealer_index = take(self.DIDX, dmask | (cd << _BITS))
        f_ok = take(self.RISEN_OK, f)
        day_rising = f_ok & take(self.SETTING_OK, d1) & take(self.SETTING_OK, d2)
        day_setting = f_ok & take(self.RISING_OK, d1) & take(self.RISING_OK, d2)
        pack = self.PACK
        dpack = take(pack, d1) + take(pack, d2) + take(pack, f)
        hand_packs = [take(self.PAIR_PACK, p) for p in pairs]
        tpack = dpack
        for hp in hand_packs:
            tpack = tpack + hp
        moons = (tpack >> self.moon_shift) & 3
        context = (cd << 6) + (moons << 4)  # the LOW table's dealer-Crown and Moons part
        table_best: Ints | None = None
        out: list[Ints] = []
        for pair, hp, subs in zip(pairs, hand_packs, substituted, strict=True):
            day = (day_rising & take(self.RISING_PAIR, pair)) | (
                day_setting & take(self.SETTING_PAIR, pair))
            upper = take(self.UP, (take(self.UP_BASE, pair) + dealer_index) + day)
            counts = tpack if self.table_scope else dpack + hp
            ca = (counts >> take(self.SHIFT_A, pair)) & 3
            cb = (counts >> take(self.SHIFT_B, pair)) & 3
            lower = take(self.LOW, (take(self.LOW_BASE, pair) + context) + ((ca << 2) + cb))
            own = take(self.OWN, pair)
            if own.any():
                if self.table_scope:
                    if table_best is None:
                        table_best = self._best(tpack)
                    best = table_best
                else:
                    best = self._best(counts)
                lower = np.where(own, take(self.CROWN_LOW, (take(self.CROWN_X, pair) * 4 + moons)
                                           * 64 + best), lower)
            key: Ints = np.where(upper > 0, upper, lower)
            if np.any(subs):
                key = key - ((np.asarray(subs) & (key >= 2 << POINTS_SHIFT)).astype(np.intp)
                             << POINTS_SHIFT)
            out.append(key)
        return out


def first_share(hand_keys: Sequence[Ints]) -> npt.NDArray[np.float64]:
    """The first hand's share of each showdown (``hand_keys``: each hand's results): 1 alone
    at the top, 1/k tied with k-1 others, 0 beaten, as
    :func:`~cardtable.games.day.chance._share` counts one."""
    if len(hand_keys) == 2:
        a, b = hand_keys
        # Equal points and condition: only a ranked condition can hold a different key.
        same = (a >> COND_SHIFT) == (b >> COND_SHIFT)
        win = ((a >> POINTS_SHIFT) > (b >> POINTS_SHIFT)) | (same & (a > b))
        lose = ((a >> POINTS_SHIFT) < (b >> POINTS_SHIFT)) | (same & (a < b))
        halves: npt.NDArray[np.float64] = 0.5 + 0.5 * (win.astype(np.float64) - lose)
        return halves
    keys = np.stack(np.broadcast_arrays(*hand_keys), axis=-1)
    points = keys >> POINTS_SHIFT
    top = points == points.max(axis=-1, keepdims=True)
    cond = (keys >> COND_SHIFT) & 15
    # At the top points only Highest Card and X of a kind rank within themselves: the best of
    # each of those two groups, and everyone at the top in another condition, share the pot.
    best = cond > KIND
    for ranked in (HIGHEST, KIND):
        mine = top & (cond == ranked)
        group = np.where(mine, keys, -1).max(axis=-1, keepdims=True)
        best |= mine & (keys == group)
    best &= top
    share: npt.NDArray[np.float64] = best[..., 0] / best.sum(axis=-1)
    return share


@cache
def batch_for(moon_value: int = 0, kind_scope: str = "table", full_day_points: int = 6
              ) -> BatchEvaluator:
    """One shared batch evaluator per set of rules (its tables take a moment to make)."""
    return BatchEvaluator(evaluator_for(moon_value, kind_scope, full_day_points))
