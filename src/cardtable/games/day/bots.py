"""The greedy Day player: it bets by its chance of winning the showdown, and nothing else.

From its seat's view alone (its cards, the dealer's cards, who is still in and who substituted)
it counts its chance ``p`` of winning the showdown over deals of the unseen cards. It ignores
what the others' bets might say about their cards, which is what makes it greedy.

- Substitution: it compares its chance after keeping and after swapping either card (the same
  random deals for the three, so the comparison is fair) and swaps only for a clear gain.
- Betting, with ``fair = 1 / players still in``:
  nothing to call: bet when ``p`` is well above ``fair``, more the stronger it is; else check.
  facing a bet: raise when ``p`` is far above ``fair``; call when ``p`` covers the price
  (``to_call / (pot + to_call)``); otherwise fold.

Speed (issue 16: fast enough for an opponent and for the search's play-outs): the count is drawn
in batches and stops once every chance at which the decision would change lies two standard
errors away (:class:`ChanceCount`); a close call draws as much as the exact count did heads-up
(every final card and opposing hand) or 1,600 deals against several opponents. Batches are
stratified over the dealer's final card. Against several opponents every seat's showdown is
evaluated in one pass (``BatchEvaluator.stacked_keys``), since at six seats the NumPy steps
per hand, not the deals, were the cost. A count lasts the betting round and is continued, not
redone, when a later decision in it needs more precision.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, ClassVar, cast

import numpy as np
import numpy.typing as npt

from cardtable.bots import Decision, Needs, kept_with, register_bot
from cardtable.engine.game import Action, Game, State
from cardtable.games.day.actions import (
    ALL_IN,
    CALL,
    CHECK,
    FOLD,
    KEEP,
    SWAPS,
    AllIn,
    Bet,
    Call,
    Check,
    Fold,
    Keep,
    RaiseTo,
    Swap,
)
from cardtable.games.day.batch import BatchEvaluator, batch_for, first_share, stacked_shares
from cardtable.games.day.cards import DECK_SIZE, code, parse_card
from cardtable.games.day.chance import call_price, seat_chance
from cardtable.games.day.game import DayGame

_CODES: dict[str, int] = {}


def card_of(text: str) -> int:
    c = _CODES.get(text)
    if c is None:
        c = _CODES[text] = parse_card(text)
    return c


def cards_in(zone: dict[str, Any] | None) -> list[int]:
    return [card_of(t) for t in (zone or {}).get("cards", [])]



# ---- the chance count ----------------------------------------------------------------------------
Z = 2.0  # standard errors that make a threshold "clearly" passed: the count stops drawing
HEADS_UP_PAIRS = 80  # opposing hands a heads-up batch adds, each against every final card
BATCH_ROWS = 320  # random deals a batch adds against several opponents
MAX_BATCHES = 5  # at most this many batches against several opponents (1,600 deals)
SWAP_ROWS = 250  # deals a batch of the substitution's comparison adds
SWAP_BATCHES = 2  # at most 500 deals, as before


@cache
def deal_layout(n: int, need: int, rows: int) -> npt.NDArray[np.intp]:
    """``rows`` deals of ``need`` different places out of ``n``, the first place of row ``i``
    being ``i % n``: a count relabels the places with a fresh random order of its unseen cards,
    so every row is a uniformly random deal, and the first column (the dealer's final card)
    takes every unseen card equally often (stratified) instead of by luck. Made once from a
    fixed seed: all the randomness of a count is in its relabelling, drawn from the bot's
    seeded generator."""
    gen = np.random.default_rng(0xDA1)
    full = np.argsort(gen.random((rows, n)), axis=1)
    first = np.arange(rows) % n
    at = np.argmax(full == first[:, None], axis=1)
    full[np.arange(rows), at] = full[:, 0]
    full[:, 0] = first
    return full[:, :need].astype(np.intp)


@cache
def _pairs(n: int) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    first, second = np.triu_indices(n, 1)
    return first.astype(np.intp), second.astype(np.intp)


class ChanceCount:
    """One seat's running count of its chance of winning the showdown, from what it sees.

    The count is drawn in batches and stops as soon as the betting no longer depends on more
    precision: when every threshold the bot compares its chance with lies at least ``Z``
    standard errors away. Close calls draw more, up to what the old count drew (against one
    opponent: every final card and every opposing hand, exactly; against more, 1,600 random
    deals). Batches are stratified over the final card: heads-up each batch takes some opposing
    hands against every final card, so it converges on the exact count; against several
    opponents each unseen card is the final card equally often.
    """

    def __init__(self, batch: BatchEvaluator, hand: Sequence[int], board: Sequence[int],
                 subs: list[bool], dead: Sequence[int], gen: np.random.Generator) -> None:
        self.batch = batch
        self.board = [int(c) for c in board]
        self.me = (int(hand[0]), int(hand[1]))
        self.subs = subs  # own flag first, then each opponent's
        seen = {*self.me, *self.board, *(int(c) for c in dead)}
        self.pool = np.array([c for c in range(DECK_SIZE) if c not in seen], dtype=np.intp)
        self.gen = gen
        self.opponents = len(subs) - 1
        self.final_known = len(board) == 3
        self.total = 0.0
        self.squares = 0.0
        self.count = 0  # samples: per-hand means heads-up before the final card, else deals
        self.exact = False
        self._order: npt.NDArray[np.intp] | None = None
        self._flags = np.array(subs, dtype=np.bool_)[:, None]

    @property
    def chance(self) -> float:
        return self.total / self.count if self.count else 0.0

    def error(self) -> float:
        """The standard error of :attr:`chance` (0 once exact)."""
        if self.exact or self.count < 2:
            return 0.0 if self.exact else 1.0
        mean = self.total / self.count
        var = max(0.0, (self.squares - self.count * mean * mean) / (self.count - 1))
        err = math.sqrt(var / self.count)
        if self._order is not None:  # drawn without replacement from the opposing hands
            err *= math.sqrt(max(0.0, 1.0 - self.count / len(self._order)))
        return err

    def settle(self, thresholds: Sequence[float]) -> float:
        """The chance, counted until no threshold is within ``Z`` standard errors of it."""
        if self.opponents == 0:
            return 1.0
        while not self.exact:
            if self.count and all(abs(self.chance - t) > Z * self.error() for t in thresholds):
                break
            if not self._draw():
                break
        return self.chance

    def _add(self, shares: npt.NDArray[np.float64]) -> None:
        self.total += float(shares.sum())
        self.squares += float(np.dot(shares, shares))
        self.count += len(shares)

    def _draw(self) -> bool:
        """Add one batch; False when the count may draw no more."""
        b0, b1 = self.board[0], self.board[1]
        pool = self.pool
        n = len(pool)
        if self.opponents == 1:
            first, second = _pairs(n)
            a, b = self.me
            if self.final_known:  # every opposing hand: 595 showdowns, exact at once
                low = np.stack([np.full(len(first), a, np.intp), pool[first]])
                high = np.stack([np.full(len(first), b, np.intp), pool[second]])
                keys = self.batch.stacked_keys(b0, b1, self.board[2], low, high, self._flags)
                self._add(stacked_shares(keys))
                self.exact = True
                return True
            if self._order is None:
                self._order = self.gen.permutation(len(first)).astype(np.intp)
            done = self.count
            take = self._order[done:done + HEADS_UP_PAIRS]
            x, y = pool[first[take]], pool[second[take]]
            # Final cards down, opposing hands across, the two hands stacked in front.
            shape = (2, n, len(take))
            low, high = np.empty(shape, np.intp), np.empty(shape, np.intp)
            low[0], high[0] = a, b
            low[1], high[1] = x, y
            finals = pool[:, None]
            keys = self.batch.stacked_keys(b0, b1, finals, low, high, self._flags[:, :, None])
            apart = (finals != x[None, :]) & (finals != y[None, :])
            # Each hand leaves n - 2 final cards: its mean over them is one sample.
            self._add((first_share([keys[0], keys[1]]) * apart).sum(axis=0) / (n - 2))
            if self.count >= len(self._order):
                self.exact = True
            return True
        if self.count >= MAX_BATCHES * BATCH_ROWS:
            return False
        k = self.opponents
        need = 2 * k + (0 if self.final_known else 1)
        rows = BATCH_ROWS
        dealt = self.gen.permutation(pool)[deal_layout(n, need, rows)]
        off = 0 if self.final_known else 1
        final = self.board[2] if self.final_known else dealt[:, 0]
        low = np.empty((k + 1, rows), dtype=np.intp)
        high = np.empty((k + 1, rows), dtype=np.intp)
        low[0], high[0] = self.me
        low[1:] = dealt[:, off:off + 2 * k:2].T
        high[1:] = dealt[:, off + 1:off + 2 * k:2].T
        self._add(stacked_shares(self.batch.stacked_keys(b0, b1, final, low, high, self._flags)))
        return True


def swap_gains(batch: BatchEvaluator, hand: Sequence[int], board: Sequence[int],
               opponents_substituted: Sequence[bool], gen: np.random.Generator, gain: float,
               ) -> tuple[float, float]:
    """How much more chance of winning the showdown swapping the first card, or the second,
    brings than keeping both, each compared on the same random deals (the final card, the
    opposing hands, the card a swap would bring). Drawn in batches until each gain is clearly
    above or below ``gain`` (and, when both are above, clearly apart), at most 500 deals."""
    a, b = int(hand[0]), int(hand[1])
    seen = {a, b, *board}
    pool = np.array([c for c in range(DECK_SIZE) if c not in seen], dtype=np.intp)
    k = len(opponents_substituted)
    rows = SWAP_ROWS
    layout = deal_layout(len(pool), 2 * k + 2, rows)
    # Keeping, swapping the first card and swapping the second, side by side: three blocks of
    # the same deals, one hand a row.
    low = np.empty((k + 1, 3 * rows), dtype=np.intp)
    high = np.empty((k + 1, 3 * rows), dtype=np.intp)
    low[0, :rows], high[0, :rows] = a, b
    low[0, 2 * rows:] = a
    high[0, rows:2 * rows] = b
    flags = np.zeros((k + 1, 3 * rows), dtype=np.bool_)
    flags[0, rows:] = True
    flags[1:] = np.array(opponents_substituted, dtype=np.bool_)[:, None]
    board0, board1 = int(board[0]), int(board[1])
    sums = np.zeros(3)
    squares = np.zeros(3)  # of the two gains, and of their difference
    count = 0
    for _ in range(SWAP_BATCHES):
        dealt = gen.permutation(pool)[layout]
        final, new = dealt[:, 0], dealt[:, -1]  # the replacement is never in an opposing hand
        low[0, rows:2 * rows] = new
        high[0, 2 * rows:] = new
        low[1:] = np.tile(dealt[:, 1:1 + 2 * k:2].T, 3)
        high[1:] = np.tile(dealt[:, 2:2 + 2 * k:2].T, 3)
        keys = batch.stacked_keys(board0, board1, np.tile(final, 3), low, high, flags)
        share = stacked_shares(keys).reshape(3, rows)
        d = np.stack([share[1] - share[0], share[2] - share[0], share[1] - share[2]])
        sums += d.sum(axis=1)
        squares += (d * d).sum(axis=1)
        count += rows
        mean = sums / count
        err = np.sqrt(np.maximum(0.0, squares / count - mean * mean) / (count - 1))
        clear = abs(mean[:2] - gain) > Z * err[:2]
        if clear.all() and (not (mean[:2] > gain).all() or abs(mean[2]) > Z * err[2]):
            break
    return float(sums[0] / count), float(sums[1] / count)


def substitution_deals(hand: Sequence[int], board: Sequence[int], opponents: int
                       ) -> np.random.Generator:
    """The random deals a keep is weighed against a swap on, seeded from what the seat sees:
    the same cards always get the same choice from greedy and the same figures in a hint's
    words, so the two never contradict each other (with a bot's own generator they did at 8
    of 400 heads-up substitutions, keep advised where the words showed a swap 4 points up)."""
    return np.random.default_rng([*hand, *board, opponents])


def seat_seen(view: dict[str, Any], seat: int
              ) -> tuple[list[int], list[int], list[int], list[bool]]:
    """From a seat's view: its cards, the dealer's, the opponents still in the hand and
    whether each of them substituted."""
    table: dict[str, Any] = view["table"]
    zones: dict[str, Any] = view["zones"]
    in_hand, folded, substituted = table["in_hand"], table["folded"], table["substituted"]
    others = [s for s in range(len(in_hand)) if s != seat and in_hand[s] and not folded[s]]
    return (cards_in(zones[f"hand:{seat}"]), cards_in(zones["dealer"]), others,
            [bool(substituted[s]) for s in others])


class GreedyDayBot:
    """Bets by its counted chance of winning at the showdown; reads only its seat's view."""

    needs: ClassVar[Needs] = "view"
    blind_to_the_end: ClassVar[bool] = True  # plays the same whenever the match is to end

    name = "greedy"
    value_margin = 0.12  # bet when the chance beats a fair share by this much
    raise_margin = 0.30  # raise a bet when it beats a fair share by this much
    swap_gain = 0.02  # swap a card only for at least this much more chance

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.rng = np.random.default_rng(random.Random(seed).getrandbits(64))
        o = game.options
        self.batch: BatchEvaluator = batch_for(o["moon_value"], o["kind_scope"],
                                               o["full_day_points"])
        self._count: tuple[Any, ChanceCount] | None = None

    def choose(self, decision: Decision) -> Action:
        legal = decision.legal
        if len(legal) == 1:
            return legal[0]
        view = decision.view()
        seat = decision.seat
        table: dict[str, Any] = view["table"]
        zones: dict[str, Any] = view["zones"]
        hand, board, others, subs = seat_seen(view, seat)
        substituted = table["substituted"]
        if table["phase"] == "substitute":
            return self._substitute(hand, board, subs, legal)
        # The count lasts while nothing it depends on changes: a later decision of the same
        # betting round continues it when its thresholds need more precision.
        key = (table["hand"], len(board), tuple(others), tuple(hand))
        if self._count is not None and self._count[0] == key:
            count = self._count[1]
        else:
            dead = cards_in(zones[f"swapped:{seat}"])
            count = ChanceCount(self.batch, hand, board, [bool(substituted[seat]), *subs],
                                dead, self.rng)
            self._count = (key, count)
        return self._bet(count, len(others) + 1, table, legal)

    # ---- substitution ------------------------------------------------------------------------
    def _substitute(
        self, hand: list[int], board: list[int], subs: list[bool], legal: Sequence[Action]
    ) -> Action:
        a, b = hand
        deals = substitution_deals(hand, board, len(subs))
        gain0, gain1 = swap_gains(self.batch, hand, board, subs, deals, self.swap_gain)
        if gain0 >= gain1 and gain0 > self.swap_gain and SWAPS[a] in legal:
            return SWAPS[a]
        if gain1 > self.swap_gain and SWAPS[b] in legal:
            return SWAPS[b]
        return KEEP

    # ---- betting -----------------------------------------------------------------------------
    def _bet(self, count: ChanceCount, live: int, table: dict[str, Any],
             legal: Sequence[Action]) -> Action:
        fair = 1.0 / live
        to_call = int(table.get("to_call", 0))
        pot = int(table["pot"])
        sizes = [a for a in legal if isinstance(a, Bet | RaiseTo)]
        # The chances at which this decision changes: betting or raising (when it may), calling,
        # going all-in (when it may: above 0.9, or above 0.75 when no bet size is left).
        lines = [] if to_call == 0 else [to_call / (pot + to_call)]
        if sizes or ALL_IN in legal:
            lines.append(fair + (self.value_margin if to_call == 0 else self.raise_margin))
        if ALL_IN in legal:
            lines.append(0.9 if sizes else 0.75)
        p = count.settle(lines)
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


def _factory(game: Game, seed: int) -> GreedyDayBot:
    return GreedyDayBot(game, seed)


register_bot("greedy", "day", _factory, about="bets on its chances of winning the showdown")


class CallerDayBot:
    """Keeps its cards, checks, and calls any bet: every hand reaches the showdown in
    microseconds. It was the search's play-out policy while the greedy bot was slow; it stays
    as a yardstick (a search that plays out with it models no folding at all). Not meant as
    an opponent."""

    needs: ClassVar[Needs] = "legal"
    blind_to_the_end: ClassVar[bool] = True
    name = "caller"

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game

    def choose(self, decision: Decision) -> Action:
        legal = decision.legal
        for wanted in (KEEP, CHECK, CALL):
            if wanted in legal:
                return wanted
        return ALL_IN if ALL_IN in legal else legal[0]


def _caller(game: Game, seed: int) -> CallerDayBot:
    return CallerDayBot(game, seed)


register_bot("caller", "day", _caller, about="keeps, checks and calls everything: a yardstick")


def shortlist(decision: Decision, policy_move: Action) -> list[Action]:
    """The root moves the search weighs against the greedy move: facing a bet, calling and
    folding; with nothing to call, checking and the smallest bet (all-in when no bet size is
    left). At the substitution, greedy's move alone: keeping or swapping is the one Day decision
    whose worth can be counted directly, as the showdown chance each choice gives, and greedy
    takes the best of them.

    Searching it advised a swap at a third of the heads-up substitutions where greedy kept
    (19 of 60, one from 60% of showdowns to 17%), because the play-outs play the seat's later
    bets as greedy does, calling a bettor's strong hands with middling cards, which makes
    folding weak cards at once look cheaper than playing good ones. The search plays those
    later bets better than greedy, so the comparison misjudged the keep; paired on the same
    hands it gained no chips over greedy's substitution (-0.07 ± 0.07 a hand heads-up, -0.10
    ± 0.08 at three, 300 play-outs), and took over half the search's time in a hand.

    The search's deals read the bets made so far (:mod:`cardtable.games.day.reading`), so
    folding to a bettor, who in truth holds strong cards, and betting into a player who checked
    can be judged on them. Measured heads-up at 300 play-outs on the same 600 hands, this field
    gained as many chips against greedy as every legal move did (0.79 and 0.79 a hand more than
    greedy's own move), and twice what it gained without the fold (0.41); raises are left to the
    greedy move."""
    legal = decision.legal
    if KEEP in legal:
        return [policy_move]
    out: list[Action] = [policy_move]
    if CALL in legal:
        out.append(CALL)
        if FOLD in legal:
            out.append(FOLD)
    else:
        sizes = [a for a in legal if isinstance(a, Bet | RaiseTo)]
        if CHECK in legal:
            out.append(CHECK)
        if sizes:
            out.append(min(sizes, key=lambda a: a.amount))
        elif ALL_IN in legal:
            out.append(ALL_IN)
    return out


def explain(decision: Decision, action: Action) -> str | None:
    """Why a move suits the cards, from the seat's view: how often they win the showdown
    against any cards the players still in could hold, against the share a call needs or a
    fair share of the pot; then, once an opponent still in has moved, the same chance against
    the cards that fit its moves (the search's own deals, :func:`~cardtable.games.day.reading.
    read_chance`), which is the figure the search's move follows. At the substitution, the
    chance keeping gives beside the chance after each swap (a hint's reasons).

    The bets read are why a hint may fold cards that win most showdowns against any hand:
    said without them, "76% ... above the 14% a call needs" stood beside a fold (an audit met
    it in 5 of 8 heads-up sessions), where against the hands that raise and bet as the opponent
    did the cards win about 13%."""
    if isinstance(action, Keep | Swap):
        return _substitution_words(decision, action)
    if not isinstance(action, Fold | Check | Call | Bet | RaiseTo | AllIn):
        return None
    from cardtable.games.day.reading import bets_seen, read_bets, read_chance

    game = cast(DayGame, decision.game)
    view = decision.view()
    seat = decision.seat
    p, _exact, others = seat_chance(game.evaluator, view, seat)
    if not others:
        return None
    against = f"against any cards {others} opponent{'s' if others != 1 else ''} could hold"
    chance = f"your cards win about {p:.0%} of showdowns {against}"
    reading = read_bets(decision)
    read = read_chance(decision, reading) if reading is not None else None
    price = call_price(view["table"], seat)
    fair = 1 / (others + 1)
    if price is not None and isinstance(action, Fold | Call):
        to_call, win, needed = price
        line, above, below, paid = needed, "above", "short of", True
        then = f"the {needed:.0%} a call of {to_call} to win {win} needs"
    elif isinstance(action, Check):
        line, above, below, paid, then = None, "", "", False, ""
    else:
        line, above, below, paid = fair, "more than", "less than", False
        then = f"a fair share ({fair:.0%})"

    def clears(x: float) -> bool:
        bar = cast(float, line)  # a call exactly at its price pays its way; a fair share, no edge
        return x >= bar if paid else x > bar

    if read is None or reading is None:
        if line is None:
            return chance
        return f"{chance}, {above if clears(p) else below} {then}"
    # The bets read: the chance against the cards that fit them leads, as the search's deals
    # follow it; the chance against any cards comes after, with its side of the line.
    read_words = f"about {_percent(read, line)} of showdowns"
    head = f"against the cards that fit {bets_seen(reading)} your cards win {read_words}"
    if line is None:
        return f"{head} (about {p:.0%} of showdowns {against})"
    read_side = above if clears(read) else below
    side = above if clears(p) else below
    tail = "" if side == read_side else f", {side} it"
    words = f"{head}, {read_side} {then} (about {p:.0%} of showdowns {against}{tail})"
    if isinstance(action, Fold | Call) and clears(read) != isinstance(action, Call):
        # The price is this bet's alone: what the rest of the hand costs or brings is the
        # play-outs' (folding 33% to a bettor before the final card, where the price was 29%,
        # against a player who bets again after it).
        first = view["table"]["phase"] == "first betting"
        words += (f"; the play-outs, which play out the rest of the hand"
                  f"{' (the betting after the final card too)' if first else ''}, found "
                  f"{'calling' if isinstance(action, Call) else 'folding'} the better of the two")
    return words


def _percent(chance: float, line: float | None) -> str:
    """A chance as a whole percentage, or to a tenth where the whole one would equal the line's
    ("13.5%, short of the 14%" rather than "14%, short of the 14%")."""
    if line is not None and round(chance * 100) == round(line * 100):
        return f"{chance:.1%}"
    return f"{chance:.0%}"


def _substitution_words(decision: Decision, action: Keep | Swap) -> str | None:
    """Keeping against swapping either card, each as a chance of winning the showdown: the
    keep's counted as the game's own hint counts it, each swap's as the keep's plus its gain on
    the same random deals (the greedy player's comparison, the swap's lost point included).
    The deals are seeded from the cards, so the same cards always give the same words."""
    game = cast(DayGame, decision.game)
    view = decision.view()
    seat = decision.seat
    hand, board, others, subs = seat_seen(view, seat)
    if len(hand) != 2 or not others:
        return None
    greedy: GreedyDayBot = kept_with(game, GreedyDayBot)
    gains = swap_gains(greedy.batch, hand, board, subs,
                       substitution_deals(hand, board, len(subs)), greedy.swap_gain)
    p, _exact, _others = seat_chance(game.evaluator, view, seat)
    after = [min(1.0, max(0.0, p + g)) for g in gains]
    n = len(others)
    against = f"against any cards {n} opponent{'s' if n != 1 else ''} could hold"
    if isinstance(action, Keep):
        return (f"keeping both cards wins about {p:.0%} of showdowns {against}; swapping the "
                f"{code(hand[0])} would give about {after[0]:.0%}, the {code(hand[1])} "
                f"{after[1]:.0%}, the lost point counted")
    if action.card not in hand:
        return None
    i = hand.index(action.card)
    return (f"swapping the {code(action.card)} takes your chance at the showdown from about "
            f"{p:.0%} to {after[i]:.0%} {against}, the lost point counted; swapping the "
            f"{code(hand[1 - i])}, about {after[1 - i]:.0%}")


def _register_knowledge() -> None:
    from cardtable.bots.ismcts import Knowledge, register_knowledge

    # No tree below the root: every later move, each opponent's reply included, is greedy's
    # on the deal being played out, so an opponent dealt weak cards folds to a bet and a strong
    # one calls or raises. (A tree picks one reply for all deals; with deals that read the
    # bets, the search gained 0.41 chips a hand over greedy's own move without the tree and
    # none with it, on the same 600 hands at 300 play-outs.)
    register_knowledge("day", Knowledge(rollout="greedy", candidates=shortlist, tree=False,
                                        belief=_read_bets, unit="chips", explain=explain))


def _read_bets(decision: Decision) -> Callable[[random.Random], State] | None:
    """The search's deals weighed by the opponent's bets (:mod:`cardtable.games.day.reading`,
    which builds on this module)."""
    from cardtable.games.day.reading import bet_reader

    return bet_reader(decision)

_register_knowledge()
