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

The hint's reasons count the seat's chance at the showdown on these same deals
(:func:`read_chance`), so the chance its words give is the one the search's move follows: said
against any cards alone, a hint folded cards that win 76% of showdowns "above the 14% a call
needs", where against the hands that had raised and bet so they win about 13.5%.
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
from cardtable.games.day.batch import batch_for, first_share, stacked_shares
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


@dataclass(frozen=True, slots=True)
class Reading:
    """What the bets of a hand say, from one seat's observation: for each opponent still in
    that has moved, the weight of every two cards it could hold (``pairs``, in
    ``np.triu_indices`` order over ``unseen``)."""

    hand: Hand
    board: tuple[int, ...]
    mine: tuple[int, ...]
    unseen: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    weights: tuple[tuple[int, npt.NDArray[np.float64]], ...]  # (seat, weight of each pair)
    rules: tuple[int, str, int]
    substituted: tuple[bool, ...]


def read_bets(decision: Decision) -> Reading | None:
    """How likely each opponent still in is to hold each two cards, given its moves this hand
    (greedy's lines, smoothed, never below :data:`FLOOR`), or None when no opponent still in
    has moved yet. Read from the decision's observation alone."""
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
    mine = cards_in(zones[f"hand:{seat}"])
    seen = {*mine, *board, *cards_in(zones[f"swapped:{seat}"]), *cards_in(zones.get("tiebreak"))}
    unseen = tuple(c for c in range(DECK_SIZE) if c not in seen)
    rules = (int(options["moon_value"]), str(options["kind_scope"]),
             int(options["full_day_points"]))
    substituted = tuple(bool(s) for s in table["substituted"])
    first, second = np.triu_indices(len(unseen), 1)
    pairs = tuple((unseen[i], unseen[j])
                  for i, j in zip(first.tolist(), second.tolist(), strict=True))
    weights: list[tuple[int, npt.NDArray[np.float64]]] = []
    for opponent in hand.opponents:
        weight = np.ones(len(pairs))
        stakes = [s for s in hand.stakes if s.seat == opponent]
        for stake in stakes:
            fair = 1.0 / (len(stake.against) + 1)
            flags = (substituted[opponent], *(substituted[s] for s in stake.against))
            chance = opposing_chances(rules, unseen, tuple(board[: 2 + stake.phase]), flags)
            weight = weight * likelihood(chance, stake, fair + GreedyDayBot.value_margin,
                                         fair + GreedyDayBot.raise_margin)
        if stakes:
            weights.append((opponent, weight))
    return Reading(hand, tuple(board), tuple(mine), unseen, pairs, tuple(weights), rules,
                   substituted)


def bet_reader(decision: Decision, reading: Reading | None = None) -> Sampler | None:
    """A sampler dealing each opponent still in a hand in proportion to how well it explains
    that opponent's moves this hand, or None (deal uniformly) when no opponent still in has
    moved yet (``reading``: the decision's :func:`read_bets`, when the caller has it)."""
    reading = reading or read_bets(decision)
    if reading is None:
        return None
    observation = decision.observe()
    seat = decision.seat
    pairs = reading.pairs
    readings = [(opponent, list(accumulate(weight.tolist())))
                for opponent, weight in reading.weights]

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


READ_DEALS = 600  # deals behind a read chance against several opponents (a standard error
# of at most 2 points; 1,000 took 0.2 s of a hint at six seats)


def read_chance(decision: Decision, reading: Reading | None = None) -> float | None:
    """The deciding seat's chance of winning the showdown against the cards the others' bets
    this hand suggest (the search's deals, :func:`bet_reader`), a tie counting as a share; None
    when no opponent still in has moved. Heads-up it is exact: each hand the opponent could
    hold, weighed as the search's deals weigh it, against every final card still to come.
    Against several opponents it is counted over :data:`READ_DEALS` of the search's own deals,
    drawn from a generator seeded by what the seat sees, so the same view gets the same figure.
    ``reading``: the decision's :func:`read_bets`, when the caller has it already."""
    reading = reading or read_bets(decision)
    if reading is None:
        return None
    batch = batch_for(*reading.rules)
    seat = decision.seat
    board = reading.board
    a, b = reading.mine
    opponents = reading.hand.opponents
    subs = reading.substituted
    if len(opponents) == 1:
        (opponent, weight), = reading.weights
        pool = np.array(reading.unseen, dtype=np.intp)
        first, second = np.triu_indices(len(pool), 1)
        x, y = pool[first], pool[second]
        me = (np.intp(a), np.intp(b))
        if len(board) == 3:
            keys = batch.keys(board[0], board[1], board[2], [me, (x, y)],
                              [subs[seat], subs[opponent]])
            share = first_share(keys)
        else:
            finals = pool[:, None]  # final cards down, opposing hands across
            keys = batch.keys(board[0], board[1], finals, [me, (x[None, :], y[None, :])],
                              [subs[seat], subs[opponent]])
            apart = (finals != x[None, :]) & (finals != y[None, :])
            share = (first_share(keys) * apart).sum(axis=0) / apart.sum(axis=0)
        return float(np.dot(share, weight) / weight.sum())
    sampler = bet_reader(decision, reading)
    if sampler is None:
        return None
    rng = random.Random(repr(("read", seat, reading.mine, board, reading.hand)))
    k = len(opponents)
    finals = np.empty(READ_DEALS, dtype=np.intp)
    low = np.empty((k + 1, READ_DEALS), dtype=np.intp)
    high = np.empty((k + 1, READ_DEALS), dtype=np.intp)
    low[0], high[0] = a, b
    for i in range(READ_DEALS):
        state = cast(DayState, sampler(rng))
        finals[i] = board[2] if len(board) == 3 else state.stock[-1]  # the next card dealt
        for j, opponent in enumerate(opponents, start=1):
            low[j, i], high[j, i] = state.hands[opponent]
    flags = np.array([subs[seat], *(subs[o] for o in opponents)], dtype=np.bool_)[:, None]
    stacked = batch.stacked_keys(board[0], board[1], finals, low, high, flags)
    return float(stacked_shares(stacked).mean())


def bets_seen(reading: Reading) -> str:
    """The opponents' moves this hand in a few words, for a hint: "its raise and bet" heads-up,
    "the others' bets" against several."""
    if len(reading.hand.opponents) > 1:
        moves = {s.move for s in reading.hand.stakes}
        return "the others' checks" if moves == {"check"} else "the others' bets"
    kinds: dict[str, int] = {}
    for stake in reading.hand.stakes:
        kinds[stake.move] = kinds.get(stake.move, 0) + 1
    names = [move + ("s" if n > 1 else "") for move, n in kinds.items()]
    said = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"its {said}"


__all__ = ["Hand", "Reading", "Stake", "bet_reader", "bets_seen", "likelihood",
           "opposing_chances", "read_bets", "read_chance", "read_hand"]
