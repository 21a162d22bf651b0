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

Against several opponents each one still in is read on its own: its chance is counted against
as many others as were in when it moved, with greedy's lines for that table (a fair share of
one over the players in), and the hands are dealt one opponent after another, a hand clashing
with one dealt already being drawn again. Reading the opponents one at a time ignores what
one's bet says about another's cards; the cards they share are few.
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from typing import Any, cast

import numpy as np
import numpy.typing as npt

from cardtable.bots import Decision
from cardtable.bots.ismcts import Sampler
from cardtable.engine.game import State
from cardtable.games.day.batch import batch_for, stacked_shares
from cardtable.games.day.bots import GreedyDayBot, cards_in, deal_layout
from cardtable.games.day.cards import DECK_SIZE
from cardtable.games.day.state import DayState

FIRST, FINAL = 0, 1
ROWS = 192  # deals behind each possible hand's chance: a standard error of about 0.035
SPREAD = 0.05  # how sharply a move's likelihood turns at the chance where greedy changes it
FLOOR = 0.03  # the least likelihood of any move from any hand: bluffs stay possible
TRIES = 20  # draws for an opponent's hand that clashes with one dealt already, before giving up


@dataclass(frozen=True, slots=True)
class Stake:
    """One move of an opponent this hand, with what it faced when it made it."""

    seat: int
    phase: int  # FIRST or FINAL betting round
    move: str  # "check", "bet", "call" or "raise"
    against: tuple[int, ...]  # the other seats still in when it moved
    price: float = 0.0  # a call: to_call / (pot + to_call)
    could_raise: bool = True  # a call: whether a raise was open to it


@dataclass(frozen=True, slots=True)
class Hand:
    """This hand as the deciding seat saw it: who is still in, and what they did."""

    opponents: tuple[int, ...]  # the seats still in besides the deciding one
    stakes: tuple[Stake, ...]


MOVES = {"checked": "check", "bet": "bet", "called": "call", "raised": "raise",
         "raise": "raise", "call": "call"}


def read_hand(events: Sequence[dict[str, Any]], seat: int, max_raises: int | None
              ) -> Hand | None:
    """The current hand's betting from ``seat``'s events (``max_raises``: the fixed-limit cap,
    None otherwise), or None when ``seat`` was not dealt in."""
    start = next((i for i in range(len(events) - 1, -1, -1) if events[i]["kind"] == "dealt"),
                 None)
    if start is None:
        return None
    live = [e["seat"] for e in events[start:] if e["kind"] == "dealt_hand"]
    if seat not in live:
        return None
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
        elif kind == "folded":
            live.remove(who)
        elif kind == "returned":
            pot -= int(e["amount"])
        elif kind in ("checked", "bet", "called", "raised", "all_in"):
            owed = current - commit.get(who, 0)
            move = MOVES[e.get("effect", kind)]  # an all-in bets, raises or calls
            if who != seat:
                price = owed / (pot + owed) if owed > 0 else 0.0
                open_ = max_raises is None or raises < max_raises
                against = tuple(s for s in live if s != who)
                stakes.append(Stake(who, phase, move, against, price, open_))
            amount = int(e.get("amount", 0))
            pot += amount
            commit[who] = commit.get(who, 0) + amount
            if move in ("bet", "raise"):
                if move == "raise":
                    raises += 1
                current = max(current, commit[who])
    opponents = tuple(s for s in live if s != seat)
    return Hand(opponents, tuple(s for s in stakes if s.seat in opponents))


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
                     board: tuple[int, ...], flags: tuple[bool, ...]) -> npt.NDArray[np.float64]:
    """For each pair of ``unseen`` cards (in ``np.triu_indices`` order) the chance of winning
    the showdown that an opponent holding it counts, seeing only its two cards and ``board``
    (the dealer's two or three cards), against ``len(flags) - 1`` others. Over ``ROWS`` deals
    of the final card (when it is still to come, each card equally often) and the others' hands
    from the cards it cannot see, the same deals (relabelled) for every pair. ``flags``: whether
    the opponent, then each of the others, substituted. Drawn from a generator seeded by the
    arguments, so the same question always gets the same answer."""
    batch = batch_for(*rules)
    seed = random.Random(repr((rules, unseen, board, flags))).getrandbits(64)
    gen = np.random.default_rng(seed)
    pool = np.array(unseen, dtype=np.intp)
    first, second = np.triu_indices(len(pool), 1)
    a, b = pool[first], pool[second]
    pairs = len(a)
    # Every card but the pair and the board, in one random order shared by all pairs.
    order = gen.permutation(DECK_SIZE).astype(np.intp)
    position = np.argsort(order)
    taken = np.zeros((pairs, DECK_SIZE), dtype=np.bool_)
    taken[np.arange(pairs), position[a]] = True
    taken[np.arange(pairs), position[b]] = True
    taken[:, position[list(board)]] = True
    rest = order[np.argsort(taken, axis=1, kind="stable")[:, : DECK_SIZE - 2 - len(board)]]
    others = len(flags) - 1
    off = 1 if len(board) == 2 else 0
    # The same deals for every pair, each relabelled by the pair's own cards; the first
    # place (the final card, while it is to come) takes every card equally often.
    dealt = rest[:, deal_layout(rest.shape[1], off + 2 * others, ROWS)]  # (pairs, ROWS, need)
    final: Any = dealt[:, :, 0] if off else board[2]
    low = np.empty((others + 1, pairs, ROWS), dtype=np.intp)
    high = np.empty((others + 1, pairs, ROWS), dtype=np.intp)
    low[0], high[0] = a[:, None], b[:, None]
    low[1:] = np.moveaxis(dealt[:, :, off:off + 2 * others:2], 2, 0)
    high[1:] = np.moveaxis(dealt[:, :, off + 1:off + 2 * others:2], 2, 0)
    keys = batch.stacked_keys(board[0], board[1], final, low, high,
                              np.array(flags, dtype=np.bool_)[:, None, None])
    shares = stacked_shares(keys.reshape(others + 1, pairs * ROWS)).reshape(pairs, ROWS)
    chances: npt.NDArray[np.float64] = shares.mean(axis=1)
    return chances


def bet_reader(decision: Decision) -> Sampler | None:
    """A sampler dealing each opponent still in a hand in proportion to how well it explains
    that opponent's moves this hand, or None (deal uniformly) when no opponent still in has
    moved yet."""
    observation = decision.observe()
    seat = decision.seat
    options = decision.game.options
    limit_cap = int(options["max_raises"]) if options["limit"] == "fixed" else None
    hand = read_hand(observation.round_events(), seat, limit_cap)
    if hand is None or not hand.stakes:
        return None
    view = observation.view()
    table, zones = view["table"], view["zones"]
    board = cards_in(zones["dealer"])
    seen = {*cards_in(zones[f"hand:{seat}"]), *board, *cards_in(zones[f"swapped:{seat}"]),
            *cards_in(zones.get("tiebreak"))}
    unseen = tuple(c for c in range(DECK_SIZE) if c not in seen)
    rules = (int(options["moon_value"]), str(options["kind_scope"]),
             int(options["full_day_points"]))
    substituted = table["substituted"]
    first, second = np.triu_indices(len(unseen), 1)
    pairs = [(unseen[i], unseen[j]) for i, j in zip(first.tolist(), second.tolist(), strict=True)]
    readings: list[tuple[int, list[float]]] = []  # (seat, cumulative weights of its pairs)
    for opponent in hand.opponents:
        weight = np.ones(len(pairs))
        stakes = [s for s in hand.stakes if s.seat == opponent]
        for stake in stakes:
            fair = 1.0 / (len(stake.against) + 1)
            flags = (bool(substituted[opponent]), *(bool(substituted[s]) for s in stake.against))
            chance = opposing_chances(rules, unseen, tuple(board[: 2 + stake.phase]), flags)
            weight = weight * likelihood(chance, stake, fair + GreedyDayBot.value_margin,
                                         fair + GreedyDayBot.raise_margin)
        if stakes:
            readings.append((opponent, list(accumulate(weight.tolist()))))

    def sample(rng: random.Random) -> State:
        state = cast(DayState, observation.sample(rng))
        placed: set[int] = set()
        for opponent, cumulative in readings:
            for _ in range(TRIES):
                at = bisect.bisect_right(cumulative, rng.random() * cumulative[-1])
                cards = pairs[min(at, len(pairs) - 1)]
                if not placed.intersection(cards):
                    state.place_hand(opponent, cards, seat)
                    placed.update(cards)
                    break
        return state

    return sample


__all__ = ["Hand", "Stake", "bet_reader", "likelihood", "opposing_chances", "read_hand"]
