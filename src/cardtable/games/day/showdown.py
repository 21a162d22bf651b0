"""The showdown: which win condition each remaining player meets, its points, and who is best.

Every ruling of the Day showdown lives here, and the state, the referee, the odds tables and the
bots all call it, so they can never disagree:

- the conditions, in points: Highest Card 1, X of a kind 2, Eclipse 3, Consecutive 4, Full
  Consecutive 5, Day 6, Full Day 6 (7 with ``full_day_points=7``); the best one a player meets
  counts, less one point after a substitution (never below 1);
- the Crown is wild: in a player's hand it becomes whatever card is best for that player, and
  among the dealer's cards it becomes, for each player separately, whatever is best for them.
  Its value and its suit are chosen freely (it may copy a card already in play); as a plain high
  card it outranks every other card;
- X of a kind counts one value among all revealed cards (``kind_scope="table"``) or the player's
  two and the dealer's three (``"hand"``); a Crown counts only for its holder (the dealer's for
  everyone); more cards beat a higher value;
- sequences never wrap around, and a Moon is worth 0 or 13 (``moon_value``).

Results are packed into one int a player, ``points << 24 | condition << 20 | rank``, where rank
orders players within Highest Card and X of a kind and is 0 elsewhere. :func:`best_of` reads
who shares the best result: equal points tie unless both players met the same ranked condition.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from cardtable.games.day.cards import CROWN, RISEN, RISING, SETTING, SUIT_OF, values_for

HIGHEST, KIND, ECLIPSE, CONSECUTIVE, FULL_CONSECUTIVE, DAY, FULL_DAY = range(7)
CONDITION_NAMES: tuple[str, ...] = (
    "highest-card", "kind", "eclipse", "consecutive", "full-consecutive", "day", "full-day",
)
CONDITION_TITLES: tuple[str, ...] = (
    "Highest Card", "X of a kind", "Eclipse", "Consecutive", "Full Consecutive", "Day",
    "Full Day",
)
RANKED = frozenset({HIGHEST, KIND})
CROWN_HIGH = 14  # the Crown as a plain high card: above 12 and above a Moon worth 13
SUBSTITUTION_PENALTY = 1

POINTS_SHIFT = 24
COND_SHIFT = 20
RANK_MASK = (1 << COND_SHIFT) - 1


def points_of(key: int) -> int:
    return key >> POINTS_SHIFT


def condition_of(key: int) -> int:
    return (key >> COND_SHIFT) & 15


def rank_of(key: int) -> int:
    return key & RANK_MASK


@dataclass(frozen=True, slots=True)
class ShowdownRules:
    """The options that change the showdown."""

    moon_value: int = 0
    kind_scope: str = "table"
    full_day_points: int = 6


class Evaluator:
    """Showdown tables for one set of rules; :meth:`keys` evaluates a whole showdown."""

    def __init__(self, rules: ShowdownRules) -> None:
        self.rules = rules
        self.table_scope = rules.kind_scope == "table"
        self.moon_value = rules.moon_value
        val = values_for(rules.moon_value)
        self.val = val
        self.vbit = tuple((1 << v) if v >= 0 else 0 for v in val)
        self.top = tuple(CROWN_HIGH if v < 0 else v for v in val)  # high card and tie-break
        lo = 0 if rules.moon_value == 0 else 1
        hi = lo + 12
        self.values = tuple(range(lo, hi + 1))
        windows = [0b1111 << s for s in range(lo, hi - 2)]  # four in a row, inside the range
        # NEED4[pair]: for two distinct values held, the two values that would complete a run
        # of four (one entry per run containing both).
        self.need4: dict[int, tuple[int, ...]] = {}
        for w in windows:
            bits = [b for b in range(14) if w >> b & 1]
            for i in bits:
                for j in bits:
                    if i < j:
                        pm = 1 << i | 1 << j
                        self.need4[pm] = (*self.need4.get(pm, ()), w ^ pm)
        # WIN4[value]: the runs of four containing a value (for a Crown held beside it).
        self.win4: tuple[tuple[int, ...], ...] = tuple(
            tuple(w for w in windows if w >> v & 1) for v in range(14)
        )
        self.points = (1, 2, 3, 4, 5, 6, rules.full_day_points)

    # ---- one showdown -------------------------------------------------------------------
    def keys(
        self,
        dealer: Sequence[int],
        hands: Sequence[Sequence[int]],
        substituted: Sequence[bool] | None = None,
    ) -> list[int]:
        """The packed result of each hand in ``hands`` against the dealer's three cards.

        ``dealer`` is (first, second, final); every hand in ``hands`` is revealed, so with the
        table scope they all count towards X of a kind and Eclipse.
        """
        val = self.val
        vbit = self.vbit
        suit = SUIT_OF
        d1, d2, f = dealer
        crown_dealer = d1 == CROWN or d2 == CROWN or f == CROWN
        dmask = vbit[d1] | vbit[d2] | vbit[f]
        dreal = 2 if crown_dealer else 3
        d_distinct = dmask.bit_count() == dreal
        # The dealer's half of a Day: the first two of one suit, the final card Risen.
        f_ok = f == CROWN or suit[f] == RISEN
        s1, s2 = suit[d1], suit[d2]
        day_rising = f_ok and s1 in (SETTING, -1) and s2 in (SETTING, -1)  # player Rising
        day_setting = f_ok and s1 in (RISING, -1) and s2 in (RISING, -1)  # player Setting
        # Counts of each value among the revealed cards (Crowns are wild, never counted).
        dcnt = [0] * 14
        for c in dealer:
            if c != CROWN:
                dcnt[val[c]] += 1
        cnt = list(dcnt)
        for a, b in hands:
            if a != CROWN:
                cnt[val[a]] += 1
            if b != CROWN:
                cnt[val[b]] += 1
        moons = cnt[self.moon_value]  # every Moon revealed anywhere (Eclipse is table-wide)
        table_scope = self.table_scope
        crown_best = -1  # the best (count, value) on the table, for a Crown held: on demand
        points = self.points
        need4 = self.need4
        win4 = self.win4
        top = self.top
        out: list[int] = []
        for i, (a, b) in enumerate(hands):
            own_crown = a == CROWN or b == CROWN
            sa, sb = suit[a], suit[b]
            # ---- Day
            day = (day_rising and sa in (RISING, -1) and sb in (RISING, -1)) or (
                day_setting and sa in (SETTING, -1) and sb in (SETTING, -1)
            )
            # ---- runs
            full = consec = False
            if own_crown:
                x = b if a == CROWN else a
                xb = vbit[x]
                m = dmask | xb
                full = d_distinct and not (dmask & xb) and m.bit_count() == 4 and (
                    m >> ((m & -m).bit_length() - 1)
                ) < 32
                rest = dmask & ~xb
                for w in win4[val[x]]:
                    if (w & rest).bit_count() >= 2:
                        consec = True
                        break
            else:
                pm = vbit[a] | vbit[b]
                m = pm | dmask
                if crown_dealer:
                    full = d_distinct and m.bit_count() == 4 and (
                        m >> ((m & -m).bit_length() - 1)
                    ) < 32
                    for q in need4.get(pm, ()):
                        if dmask & q:
                            consec = True
                            break
                else:
                    full = m.bit_count() == 5 and (m >> ((m & -m).bit_length() - 1)) == 31
                    for q in need4.get(pm, ()):
                        if dmask & q == q:
                            consec = True
                            break
            if day:
                cond = FULL_DAY if full else DAY
                rank = 0
            elif full:
                cond, rank = FULL_CONSECUTIVE, 0
            elif consec:
                cond, rank = CONSECUTIVE, 0
            else:
                # ---- Eclipse
                held = (a % 13 == 12) + (b % 13 == 12)  # the Crown is 39: 39 % 13 == 0
                if held:
                    eclipse = moons == 3 or (moons == 2 and (own_crown or crown_dealer))
                else:
                    eclipse = own_crown and moons >= 2
                if eclipse:
                    cond, rank = ECLIPSE, 0
                else:
                    # ---- X of a kind
                    if table_scope:
                        counts = cnt
                    else:
                        counts = list(dcnt)
                        if a != CROWN:
                            counts[val[a]] += 1
                        if b != CROWN:
                            counts[val[b]] += 1
                    kind = -1
                    if own_crown:
                        if table_scope:
                            if crown_best < 0:
                                for v in self.values:
                                    k = cnt[v] << 4 | v
                                    if k > crown_best:
                                        crown_best = k
                            kind = crown_best + 16
                        else:
                            for v in self.values:
                                k = (counts[v] + 1) << 4 | v
                                if k > kind:
                                    kind = k
                    else:
                        extra = 1 if crown_dealer else 0
                        va, vb = val[a], val[b]
                        ka = (counts[va] + extra) << 4 | va
                        kb = (counts[vb] + extra) << 4 | vb
                        k = ka if ka > kb else kb
                        if k >= 32:  # two or more of that value
                            kind = k
                    if kind >= 0:
                        cond, rank = KIND, kind
                    else:
                        ta, tb = top[a], top[b]
                        cond = HIGHEST
                        rank = (ta << 4 | tb) if ta >= tb else (tb << 4 | ta)
            p = points[cond]
            if substituted is not None and substituted[i] and p > 1:
                p -= SUBSTITUTION_PENALTY
            out.append(p << POINTS_SHIFT | cond << COND_SHIFT | rank)
        return out


def best_of(keys: Sequence[int], among: Sequence[int] | None = None) -> list[int]:
    """Indices (into ``keys``) of the players who share the best result, in order.

    A player is beaten by one with more points, or by one with the same points who met the same
    ranked condition (Highest Card, X of a kind) with a higher rank. Equal points from different
    conditions tie, as do equal results: the tie-breaker draw decides among those returned.
    ``among`` restricts the comparison to some players (a side pot's eligible ones).
    """
    idx = range(len(keys)) if among is None else among
    top = -1
    for i in idx:
        p = keys[i] >> POINTS_SHIFT
        if p > top:
            top = p
    cands = [i for i in idx if keys[i] >> POINTS_SHIFT == top]
    if len(cands) == 1:
        return cands
    best: dict[int, int] = {}
    for i in cands:
        c = (keys[i] >> COND_SHIFT) & 15
        if keys[i] > best.get(c, -1):
            best[c] = keys[i]
    return [i for i in cands if keys[i] == best[(keys[i] >> COND_SHIFT) & 15]]


@cache
def evaluator_for(moon_value: int = 0, kind_scope: str = "table", full_day_points: int = 6
                  ) -> Evaluator:
    """One shared evaluator per set of rules (building the tables is not free)."""
    return Evaluator(ShowdownRules(moon_value, kind_scope, full_day_points))


_COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six")


def _value_name(v: int, plural: bool = False) -> str:
    if v == CROWN_HIGH:
        return "Crown"
    if v in (0, 13):
        return "Moons" if plural else "Moon"
    return f"{v}s" if plural else str(v)


def detail(key: int) -> str:
    """What ranks a result within its condition, in words: ``three 7s``, ``12 then 8``, or ''."""
    cond = condition_of(key)
    rank = rank_of(key)
    if cond == KIND:
        count = rank >> 4
        return f"{_COUNT_WORDS[count] if count < len(_COUNT_WORDS) else count} " \
               f"{_value_name(rank & 15, plural=True)}"
    if cond == HIGHEST:
        return f"{_value_name(rank >> 4)} then {_value_name(rank & 15)}"
    return ""


def describe(key: int) -> str:
    """A short account of a result, e.g. ``X of a kind (three 7s), 2 points``."""
    text = CONDITION_TITLES[condition_of(key)]
    more = detail(key)
    if more:
        text += f" ({more})"
    p = points_of(key)
    return f"{text}, {p} point{'s' if p != 1 else ''}"
