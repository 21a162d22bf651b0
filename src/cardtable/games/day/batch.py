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
Table = npt.NDArray[np.int64]  # one row a hand, one column a deal
Bools = npt.NDArray[np.bool_]
ArrayLike = Any  # an int array or a plain int: the inputs broadcast

NO_RUN, RUN4, RUN5 = 0, 1, 2
_BITS = 14  # value bits of a card's value mask (values 0..13)
# A card's (and a hand's) facts packed into one int, so one lookup reads them all: the counts of
# its values two bits a value (bits 0-27), its value mask (28-41), whether it is (holds) the
# Crown, and whether its suit allows the Risen final card, a Setting or a Rising half of a Day.
# A hand also carries where its values sit in the packed counts and its UP table offset.
_PACKS = (1 << 28) - 1
_VBIT_SHIFT = 28
_VBITS = (1 << _BITS) - 1
_CROWN_BIT = 42
_RISEN_BIT = 43
_SETTING_BIT = 44
_RISING_BIT = 45
# A hand's own layout: its counts (0-27), where its two values sit in counts (28-32, 33-37),
# whether it holds the Crown (38) or two cards for a Setting or a Rising Day (39, 40), and its
# offset in the UP table (41 up).
_SHIFT_A = 28
_SHIFT_B = 33
_P_CROWN_BIT = 38
_P_SETTING_BIT = 39
_P_RISING_BIT = 40
_UP_SHIFT = 41


def _spread(x: npt.NDArray[Any], shape: tuple[int, ...]) -> npt.NDArray[Any]:
    """``x`` in the shape of every result (a view when it has to be broadcast)."""
    return x if x.shape == shape else np.broadcast_to(x, shape)


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
            crowned = a == CROWN or b == CROWN
            mask = vbit[b if a == CROWN else a] if crowned else vbit[a] | vbit[b]
            code_of_pair.append(hand_codes.setdefault((crowned, mask), len(hand_codes)))
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
        # Every hand code against every dealer code at once (hand codes down, dealer across).
        codes = list(hand_codes)
        own = np.array([o for o, _m in codes])[:, None]
        hm = np.array([m for _o, m in codes], dtype=np.int64)[:, None]
        dm = np.array([m for m, _c in dealer_codes], dtype=np.int64)[None, :]
        crown_dealer = np.array([c for _m, c in dealer_codes])[None, :]
        pop = np.array([i.bit_count() for i in range(1 << (_BITS + 1))], dtype=np.int64)
        never = 1 << 40  # pads the lists of runs: no dealer holds it
        need4 = [list(ev.need4.get(m, ())) for _o, m in codes]
        win4 = [list(ev.win4[m.bit_length() - 1]) if o else [] for o, m in codes]
        wide = max(max(map(len, need4)), max(map(len, win4)), 1)
        q = np.array([n + [never] * (wide - len(n)) for n in need4], dtype=np.int64)
        w = np.array([n + [0] * (wide - len(n)) for n in win4], dtype=np.int64)
        m = hm | dm
        low = m & -m
        plain_full = (pop[m] == 5) & (m == 31 * low)
        crowned_full = (pop[dm] == 2) & (pop[m] == 4) & (m < 32 * low)
        own_full = (pop[dm] == 3) & ((dm & hm) == 0) & (pop[m] == 4) & (m < 32 * low)
        rest = dm & ~hm
        plain_consec = np.zeros(m.shape, dtype=np.bool_)
        crowned_consec = np.zeros(m.shape, dtype=np.bool_)
        own_consec = np.zeros(m.shape, dtype=np.bool_)
        for i in range(wide):
            qi, wi = q[:, i:i + 1], w[:, i:i + 1]
            plain_consec |= (dm & qi) == qi
            crowned_consec |= (dm & qi) != 0
            own_consec |= pop[wi & rest] >= 2
        full = np.where(own, own_full & ~crown_dealer,
                        np.where(crown_dealer, crowned_full, plain_full))
        consec = np.where(own, own_consec & ~crown_dealer,
                          np.where(crown_dealer, crowned_consec, plain_consec))
        self.RUN = np.where(full, RUN5, np.where(consec, RUN4, NO_RUN)).astype(np.int32).ravel()

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
        key_of = [pts[c] << POINTS_SHIFT | c << COND_SHIFT for c in range(len(pts))]
        up = np.zeros((len(runs), 2), dtype=np.int32)
        up[:, 0] = np.where(runs == RUN5, key_of[FULL_CONSECUTIVE],
                            np.where(runs == RUN4, key_of[CONSECUTIVE], 0))
        up[:, 1] = np.where(runs == RUN5, key_of[FULL_DAY], key_of[DAY])
        self.UP = up.ravel()
        self.UP_BASE = (self.PCODE * (2 * n_dealer)).astype(np.intp)
        # LOW[pair, dealer's Crown, Moons, count a, count b], all at once.
        a = np.repeat(np.arange(DECK_SIZE), DECK_SIZE)
        b = np.tile(np.arange(DECK_SIZE), DECK_SIZE)
        value = np.array([max(v, 0) for v in val])
        is_moon = np.array([c != CROWN and c % 13 == 12 for c in range(DECK_SIZE)])
        held = (is_moon[a] | is_moon[b])[:, None, None, None, None]
        cd = np.arange(2)[None, :, None, None, None]
        moons = np.arange(4)[None, None, :, None, None]
        ca = np.arange(4)[None, None, None, :, None]
        cb = np.arange(4)[None, None, None, None, :]
        eclipse = held & ((moons == 3) | ((moons == 2) & (cd == 1)))
        k = np.maximum((ca + cd) << 4 | value[a][:, None, None, None, None],
                       (cb + cd) << 4 | value[b][:, None, None, None, None])
        high = self.HIGH[:, None, None, None, None]
        low = np.where(eclipse, key_of[ECLIPSE],
                       np.where(k >= 32, key_of[KIND] | k, key_of[HIGHEST] | high))
        low = low.astype(np.int32).reshape(-1)
        # CROWN_LOW[the other card, Moons, best (count, value) on the table]: the Crown is
        # the third Moon of an Eclipse, else one more of the best value.
        moons2 = np.arange(4)[None, :, None]
        best = np.arange(64)[None, None, :]
        crown_low = np.where(moons2 >= 2, key_of[ECLIPSE], key_of[KIND] | (best + 16))
        crown_low = np.broadcast_to(crown_low, (DECK_SIZE, 4, 64)).astype(np.int32).ravel()
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
        flags = [(c == CROWN) << _CROWN_BIT | bool(self.RISEN_OK[c]) << _RISEN_BIT
                 | bool(self.SETTING_OK[c]) << _SETTING_BIT | bool(self.RISING_OK[c]) << _RISING_BIT
                 for c in range(DECK_SIZE)]
        self.INFO = np.array([int(self.PACK[c]) | int(self.VBIT[c]) << _VBIT_SHIFT | flags[c]
                              for c in range(DECK_SIZE)], dtype=np.int64)
        up_base = self.UP_BASE.tolist()
        assert max(up_base) < 1 << (63 - _UP_SHIFT)
        self.PAIR_INFO = np.array([
            (int(self.PACK[a]) + int(self.PACK[b])) | (CROWN in (a, b)) << _P_CROWN_BIT
            | (bool(self.SETTING_OK[a]) and bool(self.SETTING_OK[b])) << _P_SETTING_BIT
            | (bool(self.RISING_OK[a]) and bool(self.RISING_OK[b])) << _P_RISING_BIT
            | int(self.SHIFT_A[p]) << _SHIFT_A | int(self.SHIFT_B[p]) << _SHIFT_B
            | up_base[p] << _UP_SHIFT
            for p, (a, b) in enumerate(pairs)], dtype=np.int64)

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
        d1, d2, f = (np.asarray(x, dtype=np.intp) for x in (first, second, final))
        pairs = [np.asarray(a, dtype=np.intp) * DECK_SIZE + np.asarray(b, dtype=np.intp)
                 for a, b in hands]
        info = self.INFO
        i1, i2, i3 = info.take(d1), info.take(d2), info.take(f)
        either = i1 | i2 | i3
        cd = (either >> _CROWN_BIT) & 1
        dealer_index = self.DIDX.take(((either >> _VBIT_SHIFT) & _VBITS) | (cd << _BITS))
        day_rising = (i3 >> _RISEN_BIT) & (i1 >> _SETTING_BIT) & (i2 >> _SETTING_BIT) & 1
        day_setting = (i3 >> _RISEN_BIT) & (i1 >> _RISING_BIT) & (i2 >> _RISING_BIT) & 1
        dpack = (i1 & _PACKS) + (i2 & _PACKS) + (i3 & _PACKS)
        pair_info = [self.PAIR_INFO.take(p) for p in pairs]
        tpack = dpack
        for pi in pair_info:
            tpack = tpack + (pi & _PACKS)
        moons = (tpack >> self.moon_shift) & 3
        context = (cd << 6) + (moons << 4)  # the LOW table's dealer-Crown and Moons part
        out: list[Ints] = []
        for pair, pi, subs in zip(pairs, pair_info, substituted, strict=True):
            day = ((day_rising & (pi >> _P_RISING_BIT)) | (day_setting & (pi >> _P_SETTING_BIT))
                   ) & 1
            upper = self.UP.take(((pi >> _UP_SHIFT) + dealer_index) + day)
            counts = tpack if self.table_scope else dpack + (pi & _PACKS)
            ca = (counts >> ((pi >> _SHIFT_A) & 31)) & 3
            cb = (counts >> ((pi >> _SHIFT_B) & 31)) & 3
            lower = self.LOW.take((pair << 7) + context + ((ca << 2) + cb))
            own = ((pi >> _P_CROWN_BIT) & 1).astype(np.bool_)
            if own.any():
                # Few hands hold the Crown: their X of a kind is worked out for them alone.
                shape = lower.shape
                at = np.nonzero(_spread(own, shape))
                total = _spread(tpack if self.table_scope else counts, shape)[at]
                other = self.CROWN_X.take(_spread(pair, shape)[at])
                lower[at] = self.CROWN_LOW.take(
                    (other * 4 + _spread(moons, shape)[at]) * 64 + self._best(total))
            # A Day or a run scores at least 4, more than anything in the lower half.
            key: Ints = np.maximum(upper, lower)
            if np.any(subs):
                key = key - ((np.asarray(subs) & (key >= 2 << POINTS_SHIFT)).astype(np.intp)
                             << POINTS_SHIFT)
            out.append(key)
        return out

    def stacked_keys(self, first: int, second: int, final: Any, low: Table, high: Table,
                     substituted: Any) -> Table:
        """:meth:`keys` with the hands stacked: ``low[h]``, ``high[h]`` are hand
        ``h``'s two cards in every deal (deals across), ``substituted[h]`` its flag (a column), and
        row ``h`` of the result its packed results. The batch evaluator loops over the hands, a
        few dozen NumPy steps each; at six seats on a few hundred deals those steps, not the deals,
        are the cost, so here each step runs once for every hand. The tests hold the two equal."""
        info = self.INFO
        i1, i2 = int(info[first]), int(info[second])
        i3 = info.take(np.asarray(final, dtype=np.intp))
        either = i1 | i2 | i3
        cd = (either >> _CROWN_BIT) & 1
        dealer_index = self.DIDX.take(((either >> _VBIT_SHIFT) & _VBITS) | (cd << _BITS))
        day_rising = (i3 >> _RISEN_BIT) & (i1 >> _SETTING_BIT) & (i2 >> _SETTING_BIT) & 1
        day_setting = (i3 >> _RISEN_BIT) & (i1 >> _RISING_BIT) & (i2 >> _RISING_BIT) & 1
        dpack = (i1 & _PACKS) + (i2 & _PACKS) + (i3 & _PACKS)
        pair = low * DECK_SIZE + high
        pi = self.PAIR_INFO.take(pair)
        own_pack = pi & _PACKS
        tpack = dpack + own_pack.sum(axis=0)
        moons = (tpack >> self.moon_shift) & 3
        context = (cd << 6) + (moons << 4)
        day = ((day_rising & (pi >> _P_RISING_BIT)) | (day_setting & (pi >> _P_SETTING_BIT))) & 1
        upper = self.UP.take(((pi >> _UP_SHIFT) + dealer_index) + day)
        counts = np.broadcast_to(tpack, pi.shape) if self.table_scope else dpack + own_pack
        ca = (counts >> ((pi >> _SHIFT_A) & 31)) & 3
        cb = (counts >> ((pi >> _SHIFT_B) & 31)) & 3
        lower = self.LOW.take((pair << 7) + context + ((ca << 2) + cb))
        at = np.nonzero((pi >> _P_CROWN_BIT) & 1)
        if at[0].size:  # the few hands with the Crown: one more of the best value on the table
            total = counts[at]
            best = np.maximum(self.BEST_LO[total & ((1 << _BITS) - 1)],
                              self.BEST_HI[total >> _BITS])
            other = self.CROWN_X.take(pair[at])
            lower[at] = self.CROWN_LOW.take((other * 4 + np.broadcast_to(moons, pi.shape)[at])
                                             * 64 + best)
        key: Table = np.maximum(upper, lower)
        lost = (substituted & (key >= 2 << POINTS_SHIFT)).astype(np.int64)
        out: Table = key - (lost << POINTS_SHIFT)
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
    # Most showdowns the first hand loses outright: another hand has more points, or the same
    # ranked condition with a higher rank. Only where it is not beaten are the tied counted.
    mine = hand_keys[0]
    group = mine >> COND_SHIFT
    points = mine >> POINTS_SHIFT
    beaten = np.zeros(np.broadcast_shapes(*(k.shape for k in hand_keys)), dtype=np.bool_)
    for k in hand_keys[1:]:
        beaten |= (k > mine) & (((k >> POINTS_SHIFT) > points) | ((k >> COND_SHIFT) == group))
    share = np.zeros(beaten.shape, dtype=np.float64)
    at = np.nonzero(~beaten)
    if not at[0].size:
        return share
    keys = np.stack([_spread(k, beaten.shape)[at] for k in hand_keys], axis=-1)
    points_at = keys >> POINTS_SHIFT
    top = points_at == points_at.max(axis=-1, keepdims=True)
    cond = (keys >> COND_SHIFT) & 15
    # At the top points only Highest Card and X of a kind rank within themselves: the best of
    # each of those two groups, and everyone at the top in another condition, share the pot.
    best = cond > KIND
    for ranked in (HIGHEST, KIND):
        in_group = top & (cond == ranked)
        high = np.where(in_group, keys, -1).max(axis=-1, keepdims=True)
        best |= in_group & (keys == high)
    best &= top
    share[at] = 1.0 / best.sum(axis=-1)  # the first hand is among them: nobody beat it
    return share


def stacked_shares(keys: Table) -> npt.NDArray[np.float64]:
    """The first hand's share of each showdown (one column a deal), as
    :func:`first_share` counts it, every opponent at once."""
    if len(keys) == 2:
        return first_share([keys[0], keys[1]])
    mine, opponents = keys[0], keys[1:]
    # Most showdowns the first hand loses outright (more points, or a higher rank in the same
    # condition); only the others are looked at for ties.
    beaten = ((opponents > mine) & (((opponents >> POINTS_SHIFT) > (mine >> POINTS_SHIFT))
                                    | ((opponents >> COND_SHIFT) == (mine >> COND_SHIFT)))
              ).any(axis=0)
    share = np.zeros(mine.shape, dtype=np.float64)
    at = np.flatnonzero(~beaten)
    if not at.size:
        return share
    left = keys[:, at]
    points = left >> POINTS_SHIFT
    top = points == points.max(axis=0)
    cond = (left >> COND_SHIFT) & 15
    # At the top only Highest Card and X of a kind rank within themselves: the best of each
    # of those groups and everyone at the top in another condition share the pot.
    best = cond > KIND
    for ranked in (HIGHEST, KIND):
        in_group = top & (cond == ranked)
        best |= in_group & (left == np.where(in_group, left, -1).max(axis=0))
    share[at] = 1.0 / (best & top).sum(axis=0)
    return share


@cache
def batch_for(moon_value: int = 0, kind_scope: str = "table", full_day_points: int = 6
              ) -> BatchEvaluator:
    """One shared batch evaluator per set of rules (its tables take a moment to make)."""
    return BatchEvaluator(evaluator_for(moon_value, kind_scope, full_day_points))
