"""What an opponent's bets say about its cards: the Day search's deals, weighed by them.

The search's samples deal the unseen cards uniformly: every hand the opponent could hold is as
likely as any other, whatever it bet. Against a player who bets by the strength of its cards
that throws away the one thing the table shows, and more play-outs cannot bring it back (at ten
times the play-outs the search won no more hands and no more chips). Here the search reads the
bets as the greedy player makes them, which is also how its play-outs play every opponent:
for every two cards the opponent could hold, its chance of winning the showdown as it would
count it (its cards, the dealer's cards, everything else unknown to it), and then how likely
each of its checks, bets, calls and raises this hand was at that chance. The opponent's hand in
each sample is drawn in proportion to that, and the rest of the hidden cards are dealt at random
as before.

Fair by construction: it reads only the deciding seat's observation (its cards, the dealer's,
the announced moves), never the state. A small floor (:data:`FLOOR`) keeps every hand possible,
so a player who bluffs is not ruled out, only thought less likely.

Heads-up only: with several opponents a bet says less about any one of them, and their chances
depend on each other; those searches deal uniformly as before.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.bots import Decision
from cardtable.bots.day import GreedyDayBot, cards_in, deal_layout
from cardtable.engine.game import State
from cardtable.games.day.batch import batch_for, first_share
from cardtable.games.day.cards import DECK_SIZE

FIRST, FINAL = 0, 1
ROWS = 192  # deals behind each possible hand's chance: a standard error of about 0.035
SPREAD = 0.05  # how sharply a move's likelihood turns at the chance where greedy changes it
FLOOR = 0.03  # the least likelihood of any move from any hand: bluffs stay possible


@dataclass(frozen=True, slots=True)
class Stake:
    """One move of the opponent this hand, with what it faced when it made it."""

    phase: int  # FIRST or FINAL betting round
    move: str  # "check", "bet", "call" or "raise"
    price: float = 0.0  # a call: to_call / (pot + to_call)
    could_raise: bool = True  # a call: whether a raise was open to it


@dataclass(frozen=True, slots=True)
class Hand:
    """This hand as the deciding seat saw it: whom it faces and what that seat did."""

    opponent: int
    stakes: tuple[Stake, ...]


def read_hand(events: Sequence[dict[str, Any]], seat: int, max_raises: int | None
              ) -> Hand | None:
    """The current hand's betting from ``seat``'s events, or None unless exactly one opponent
    was dealt in and has not folded (``max_raises``: the fixed-limit cap, None otherwise)."""
    start = next((i for i in range(len(events) - 1, -1, -1) if events[i]["kind"] == "dealt"),
                 None)
    if start is None:
        return None
    dealt_in = [e["seat"] for e in events[start:] if e["kind"] == "dealt_hand"]
    others = [s for s in dealt_in if s != seat]
    if len(others) != 1 or seat not in dealt_in:
        return None
    opponent = others[0]
    pot = 0
    commit: dict[int, int] = {}
    current = 0
    raises = 0
    phase = FIRST
    stakes: list[Stake] = []
    for e in events[start:]:
        kind, who = e["kind"], e["seat"]
        if kind == "antes_posted":
            pot = int(e["pot"])
        elif kind == "final_card":
            phase, commit, current, raises = FINAL, {}, 0, 0
        elif kind == "folded" and who == opponent:
            return None
        elif kind == "returned":
            pot -= int(e["amount"])
        elif kind in ("checked", "bet", "called", "raised", "all_in"):
            owed = current - commit.get(who, 0)
            effect = e.get("effect", kind)  # an all-in bets, raises or calls
            move = {"checked": "check", "bet": "bet", "called": "call",
                    "raised": "raise", "raise": "raise", "call": "call"}.get(effect, effect)
            if who == opponent:
                price = owed / (pot + owed) if owed > 0 else 0.0
                open_ = max_raises is None or raises < max_raises
                stakes.append(Stake(phase, move, price, open_))
            amount = int(e.get("amount", 0))
            pot += amount
            commit[who] = commit.get(who, 0) + amount
            if move in ("bet", "raise"):
                if move == "raise":
                    raises += 1
                current = max(current, commit[who])
    return Hand(opponent, tuple(stakes))


def _above(p: npt.NDArray[np.float64], line: float) -> npt.NDArray[np.float64]:
    out: npt.NDArray[np.float64] = 1.0 / (1.0 + np.exp(-(p - line) / SPREAD))
    return out


def likelihood(chance: npt.NDArray[np.float64], stake: Stake, value_line: float,
               raise_line: float) -> npt.NDArray[np.float64]:
    """How likely a greedy player at each ``chance`` was to make ``stake``'s move: it checks
    below ``value_line`` and bets above it, raises above ``raise_line``, and calls between the
    price and that line (above it too when no raise was open)."""
    if stake.move == "check":
        fit = 1.0 - _above(chance, value_line)
    elif stake.move == "bet":
        fit = _above(chance, value_line)
    elif stake.move == "raise":
        fit = _above(chance, raise_line)
    else:
        fit = _above(chance, stake.price)
        if stake.could_raise:
            fit = fit * (1.0 - _above(chance, raise_line))
    return FLOOR + (1.0 - FLOOR) * fit


@lru_cache(maxsize=256)
def opposing_chances(rules: tuple[int, str, int], unseen: tuple[int, ...],
                     board: tuple[int, ...], flags: tuple[bool, bool]) -> npt.NDArray[np.float64]:
    """For each pair of ``unseen`` cards (in ``np.triu_indices`` order) the chance that an
    opponent holding it counts of winning the showdown heads-up, seeing only its two cards and
    ``board`` (the dealer's two or three): over ``ROWS`` deals of the final card (when it is
    still to come, each card equally often) and the other seat's hand from the cards it cannot
    see, the same deals (relabelled) for every pair. ``flags``: whether the opponent and the
    other seat substituted. Drawn from a generator seeded by the arguments, so the same
    question always gets the same answer."""
    batch = batch_for(*rules)
    seed = random.Random(repr((rules, unseen, board, flags))).getrandbits(64)
    gen = np.random.default_rng(seed)
    pool = np.array(unseen, dtype=np.intp)
    first, second = np.triu_indices(len(pool), 1)
    a, b = pool[first], pool[second]
    # Every card but the pair and the board, in one random order shared by all pairs.
    order = gen.permutation(DECK_SIZE).astype(np.intp)
    out = np.zeros((len(a), DECK_SIZE), dtype=np.bool_)
    rows = np.arange(len(a))
    position = np.argsort(order)
    out[rows, position[a]] = True
    out[rows, position[b]] = True
    for c in board:
        out[:, position[c]] = True
    rest = order[np.argsort(out, axis=1, kind="stable")[:, : DECK_SIZE - 2 - len(board)]]
    need = 3 if len(board) == 2 else 2
    # The same deals for every pair, each relabelled by the pair's own cards; the first
    # place (the final card, while it is to come) takes every card equally often.
    dealt = rest[:, deal_layout(rest.shape[1], need, ROWS)]  # (pairs, ROWS, need)
    final: Any = dealt[:, :, 0] if need == 3 else board[2]
    low = np.empty((2, len(a), ROWS), dtype=np.intp)
    high = np.empty((2, len(a), ROWS), dtype=np.intp)
    low[0], high[0] = a[:, None], b[:, None]
    low[1], high[1] = dealt[:, :, need - 2], dealt[:, :, need - 1]
    keys = batch.stacked_keys(board[0], board[1], final, low, high,
                              np.array(flags, dtype=np.bool_)[:, None, None])
    chances: npt.NDArray[np.float64] = first_share([keys[0], keys[1]]).mean(axis=1)
    return chances


Sampler = Callable[[random.Random], State]


def bet_reader(decision: Decision) -> Sampler | None:
    """A sampler dealing the one opponent a hand in proportion to how well it explains the
    opponent's moves this hand, or None (deal uniformly) when there is nothing to read: several
    opponents, or no move of the opponent yet."""
    observation = decision.observe()
    seat = decision.seat
    options = decision.game.options
    limit_cap = int(options["max_raises"]) if options["limit"] == "fixed" else None
    hand = read_hand(observation.events(), seat, limit_cap)
    if hand is None or not hand.stakes:
        return None
    view = observation.view()
    table, zones = view["table"], view["zones"]
    mine = cards_in(zones[f"hand:{seat}"])
    board = cards_in(zones["dealer"])
    seen = {*mine, *board, *cards_in(zones[f"swapped:{seat}"]),
            *cards_in(zones.get("tiebreak"))}
    unseen = tuple(c for c in range(DECK_SIZE) if c not in seen)
    rules = (int(options["moon_value"]), str(options["kind_scope"]),
             int(options["full_day_points"]))
    flags = (bool(table["substituted"][hand.opponent]), bool(table["substituted"][seat]))
    fair = 0.5
    value_line = fair + GreedyDayBot.value_margin
    raise_line = fair + GreedyDayBot.raise_margin
    weight = np.ones(len(unseen) * (len(unseen) - 1) // 2)
    for phase in (FIRST, FINAL):
        stakes = [s for s in hand.stakes if s.phase == phase]
        if not stakes:
            continue
        chance = opposing_chances(rules, unseen, tuple(board[: 2 + phase]), flags)
        for stake in stakes:
            weight = weight * likelihood(chance, stake, value_line, raise_line)
    first, second = np.triu_indices(len(unseen), 1)
    pairs = [(unseen[i], unseen[j]) for i, j in zip(first.tolist(), second.tolist(), strict=True)]
    cumulative = list(accumulate(weight.tolist()))
    total = cumulative[-1]
    opponent = hand.opponent

    def sample(rng: random.Random) -> State:
        state = observation.sample(rng)
        at = min(bisect.bisect_right(cumulative, rng.random() * total), len(pairs) - 1)
        state.place_hand(opponent, pairs[at], seat)  # type: ignore[attr-defined]
        return state

    return sample


__all__ = ["Hand", "Stake", "bet_reader", "likelihood", "opposing_chances", "read_hand"]
