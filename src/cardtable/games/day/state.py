"""A Day session in progress: hands, substitution, two betting rounds, pots and the showdown.

One State is the whole session, hand after hand, until one player holds every chip or the hand
limit is reached. Cards are ints (see :mod:`cardtable.games.day.cards`); chips are ints in a few
lists: ``totals`` (each seat's stack, also its score), ``contrib`` (chips each seat put into
the current hand, antes included), ``commit`` (chips put in during the current betting round),
and ``raked`` (everything the house took). Their sum never changes.

Betting follows the usual table conventions where the rulings are silent: the first player to
act is the one left of the dealer, in both rounds; a raise must be at least the size of the last
full bet or raise; an all-in for less than that does not reopen the betting to players who have
already acted; chips nobody called go back to their owner when the round ends; nobody may bet or
raise when no opponent has chips left to answer with.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self

from cardtable.engine.deals import Deal
from cardtable.engine.events import Dealt, Event, MatchOver, RoundScored
from cardtable.engine.game import Action, RunningTotals, State, check_actor
from cardtable.engine.zones import Visibility, Zone
from cardtable.games.day.actions import (
    ALL_IN,
    CALL,
    CHECK,
    FOLD,
    KEEP,
    SWAPS,
    UNSEEN_SWAP,
    AllIn,
    Bet,
    Call,
    Check,
    Fold,
    Keep,
    RaiseTo,
    Swap,
    bet,
    raise_to,
)
from cardtable.games.day.cards import (
    CARD_OF,
    CODES,
    CROWN,
    DECK_SIZE,
    FULL_DECK,
    PAIRS,
    code,
)
from cardtable.games.day.events import (
    BUSTED,
    CHECKED,
    FINAL_CARDS,
    FOLDED,
    KEPT,
    PotWon,
    Returned,
    ShowedDown,
    Swapped,
    TiebreakDrawn,
    WentAllIn,
    antes_posted,
    bet_made,
    called,
    dealt_hand,
    raised,
)
from cardtable.games.day.pots import side_pots
from cardtable.games.day.showdown import (
    CONDITION_NAMES,
    best_of,
    condition_of,
    detail,
    points_of,
)

if TYPE_CHECKING:
    from cardtable.games.day.game import DayGame

SUBSTITUTE, FIRST, FINAL, OVER = "substitute", "first betting", "final betting", "over"
HAND_CARDS = 2
FIXED, POT, NO = "fixed", "pot", "no"

GRID: tuple[int, ...] = tuple(m * 10**k for k in range(8) for m in (1, 2, 5))
"""Round amounts listed among the legal bets and raises in pot- and no-limit (besides the
minimum, half the pot, the pot and all-in). Any other amount in range may be typed."""


# The answers to a stake, in the order legal_actions lists them (see DayState._answers).
_ANSWERS_TO_A_BET: tuple[Action, ...] = (FOLD, CALL)
_SHORT_ANSWERS: tuple[Action, ...] = (FOLD, CALL, ALL_IN)  # calling with everything left
_ANSWERS_TO_NO_BET: tuple[Action, ...] = (CHECK,)


class DayState(RunningTotals, State):
    game: DayGame
    lowest_wins = False  # chips: the biggest stack wins

    def __init__(
        self, game: DayGame, seed: int | None, deals: Sequence[Deal] | None = None
    ) -> None:
        self._start(game, seed, deals)
        o = game.options
        n = game.players
        self.n = n
        self.totals = [int(o["stack"])] * n  # stacks: chips in front of each seat
        self.results: list[dict[str, Any]] = []
        self.chips = game.total_chips()
        self.raked = 0
        self.hand_no = 0
        self.button = self._first_dealer(n)  # the dealer seat (house dealer: the marker)
        self.first_hand = True
        self.phase = SUBSTITUTE
        self._start_hand()

    # ---- the deal -----------------------------------------------------------------------------
    def _next_alive(self, seat: int) -> int:
        n = self.n
        stacks = self.totals
        for k in range(1, n + 1):
            t = (seat + k) % n
            if stacks[t] > 0:
                return t
        return seat  # pragma: no cover - a hand starts only with two players holding chips

    def _start_hand(self) -> None:
        n = self.n
        o = self.game.options
        self.hand_no += 1
        if self.first_hand:
            self.first_hand = False
        else:
            self.button = self._next_alive(self.button)
        stacks = self.totals
        self.leader = self._next_alive(self.button)
        self.order = [(self.leader + k) % n for k in range(n) if stacks[(self.leader + k) % n] > 0]
        self.in_hand = [s > 0 for s in stacks]
        self.folded = [False] * n
        self.contrib = [0] * n
        self.commit = [0] * n
        self.acted = [False] * n
        ante = int(o["ante"])
        antes = [0] * n
        for s in self.order:
            a = ante if stacks[s] >= ante else stacks[s]
            stacks[s] -= a
            self.contrib[s] = a
            antes[s] = a
        self.antes = antes
        deck = list(range(DECK_SIZE))
        self.rng.shuffle(deck)
        hands: list[list[int]] = [[] for _ in range(n)]
        for _ in range(HAND_CARDS):
            for s in self.order:
                hands[s].append(deck.pop())
        board = [deck.pop(), deck.pop()]
        # The deal in notation: the whole deck's order, so every later card (substitutions,
        # the final card, tie-break draws) is the record's too. The stock is top first.
        codes = CODES
        up = [codes[board[0]], codes[board[1]]]
        live: Deal = {
            "dealer": self.button,
            "hands": [[codes[h[0]], codes[h[1]]] if h else [] for h in hands],
            "stock": [codes[c] for c in reversed(deck)],
            "up": up,
        }
        entry = self._deal_from(live)
        if entry is not live:  # a recorded deal, already checked against this one
            card_of = CARD_OF
            hands = [[card_of[c] for c in h] for h in entry["hands"]]
            board = [card_of[c] for c in entry["up"]]
            deck = [card_of[c] for c in reversed(entry["stock"])]
        self.hands = hands
        self.board = board
        self.stock = deck
        emit = self._emit
        emit(Dealt(None, self.hand_no, None if o["dealer"] == "house" else self.button,
                   tuple(map(len, hands)), PAIRS[board[0] * DECK_SIZE + board[1]], len(deck)))
        emit(antes_posted(tuple(antes)))
        for s in range(n):
            hand = hands[s]
            if hand:
                emit(dealt_hand(s, hand[0], hand[1]))
        self.swapped = [-1] * n
        self.substituted = [False] * n
        self.shown = [False] * n
        self.tiebreak: list[int] = []
        self.current_bet = 0
        self.min_raise = int(o["bet_size"])
        self.raises = 0
        self.sub_pos = 0
        self.current = self.order[0]
        self.phase = SUBSTITUTE

    # ---- betting rounds -----------------------------------------------------------------------
    def _start_round(self, phase: str) -> None:
        self.phase = phase
        n = self.n
        self.commit = [0] * n
        self.acted = [False] * n
        self.current_bet = 0
        self.min_raise = int(self.game.options["bet_size"])
        self.raises = 0
        stacks = self.totals
        folded = self.folded
        able = [s for s in self.order if not folded[s] and stacks[s] > 0]
        if len(able) <= 1:
            self._end_round()  # nobody left to bet against
            return
        self.current = able[0]

    def _needs_to_act(self, t: int) -> bool:
        return (
            self.in_hand[t]
            and not self.folded[t]
            and self.totals[t] > 0
            and (not self.acted[t] or self.commit[t] < self.current_bet)
        )

    def _advance(self, seat: int) -> None:
        n = self.n
        for k in range(1, n + 1):
            t = (seat + k) % n
            if self._needs_to_act(t):
                self.current = t
                return
        self._end_round()

    def _return_uncalled(self) -> None:
        commit = self.commit
        top = max(commit)
        if top == 0:
            return
        leaders = [s for s in range(self.n) if commit[s] == top]
        if len(leaders) != 1:
            return
        s = leaders[0]
        second = max(c for t, c in enumerate(commit) if t != s)
        back = top - second
        commit[s] -= back
        self.contrib[s] -= back
        self.totals[s] += back
        self.current_bet = second
        self._emit(Returned(s, back))

    def _end_round(self) -> None:
        self._return_uncalled()
        if self.phase in (SUBSTITUTE, FIRST):
            final = self.stock.pop()  # the dealer's final card
            self.board.append(final)
            self._emit(FINAL_CARDS[final])
            self._start_round(FINAL)
        else:
            self._showdown()

    def _can_raise(self, s: int) -> bool:
        """May ``s`` bet or raise at all now (amounts aside)?"""
        return self._raise_refusal(s) is None

    @staticmethod
    def _answers(to_call: int, stack: int) -> tuple[Action, ...]:
        """What a seat may do about the stake now, raising aside: fold or call when there is a
        bet to call (all-in too when the call takes every chip left, and then nothing more,
        see :meth:`_raise_refusal`), check when there is none. The one statement of the rule:
        legal_actions lists these first and refusal accepts them, wording why the others are
        not open."""
        if to_call > 0:
            return _SHORT_ANSWERS if stack <= to_call else _ANSWERS_TO_A_BET
        return _ANSWERS_TO_NO_BET

    def _raise_refusal(self, s: int) -> str | None:
        """Why ``s`` may not bet or raise at all now (amounts aside), or None when it may: the
        one statement of the rule, which legal_actions asks before listing any bet and refusal
        words for a player who tries."""
        if self.acted[s]:
            return (
                "the betting was not reopened to you (the last all-in was less than a full "
                "raise): call or fold"
            )
        if self.totals[s] <= self.current_bet - self.commit[s]:
            return "you have no chips beyond a call: call (or all-in) or fold"
        options = self.game.options
        if options["limit"] == FIXED and self.current_bet > 0 and (
            self.raises >= options["max_raises"]
        ):
            return f"the betting is capped: {options['max_raises']} raises this round"
        stacks = self.totals
        folded = self.folded
        in_hand = self.in_hand
        if any(t != s and in_hand[t] and not folded[t] and stacks[t] > 0 for t in range(self.n)):
            return None
        return "no opponent has chips left to answer a bet: check or call"

    def bet_range(self, s: int) -> tuple[int, int]:
        """The smallest and largest stake ``s`` may bet or raise to (before its stack limits)."""
        o = self.game.options
        cb = self.current_bet
        size = int(o["bet_size"])
        limit = o["limit"]
        if limit == FIXED:
            target = size if cb == 0 else cb + size
            return target, target
        low = size if cb == 0 else cb + self.min_raise
        if limit == POT:
            to_call = cb - self.commit[s]
            high = cb + sum(self.contrib) + to_call
            return low, high if high > low else low
        return low, self.commit[s] + self.totals[s]

    # ---- the showdown and the end of a hand ---------------------------------------------------
    def _rake(self, amount: int, taken: int) -> int:
        o = self.game.options
        if not o["rake"] or len(self.board) < 3:
            return 0  # no final card, no rake
        r = amount * int(o["rake"]) // 100
        cap = o["rake_cap"]
        if cap is not None and taken + r > cap:
            r = max(0, int(cap) - taken)
        return r

    def _settle_tie(self, tied: list[int], drawn: dict[int, list[int]], pot: int,
                    draws: list[dict[str, str]]) -> int:
        """The highest draw among ``tied``, drawing only what the showdown's draw so far leaves
        open.

        One tie-break serves the whole showdown: ``drawn[s]`` holds the cards seat ``s`` drew,
        one a round of drawing, and each stands for every pot. A tied player who has not drawn
        yet in a round draws now, beside the cards already face up; players still level after a
        round draw again together, every face-up card going back into the deck, which is
        shuffled, first. ``draws`` gets each round that decided this pot, as the cards of this
        pot's contenders."""
        top_of = self.game.evaluator.top
        codes = CODES
        contenders = tied
        depth = 0
        while len(contenders) > 1:
            missing = [s for s in contenders if len(drawn.get(s, ())) <= depth]
            if missing:
                redraw = len(missing) == len(contenders) and depth > 0
                if self.tiebreak and (redraw or len(self.stock) < len(missing)):
                    self.stock.extend(self.tiebreak)
                    self.tiebreak = []
                    self.rng.shuffle(self.stock)
                    live = [codes[c] for c in reversed(self.stock)]
                    order = self._reorder("reshuffles", live)
                    if order is not live:  # a record's order, checked to hold the same cards
                        self.stock = [CARD_OF[c] for c in reversed(order)]
                for s in missing:
                    c = self.stock.pop()
                    self.tiebreak.append(c)
                    drawn.setdefault(s, []).append(c)
                cards = [drawn[s][depth] for s in contenders]
                high = max(top_of[c] for c in cards)
                self._emit(TiebreakDrawn(
                    None, pot, tuple(contenders), tuple(codes[c] for c in cards),
                    tuple(s for s, c in zip(contenders, cards, strict=True)
                          if top_of[c] == high)))
            draws.append({str(s): codes[drawn[s][depth]] for s in contenders})
            high = max(top_of[drawn[s][depth]] for s in contenders)
            contenders = [s for s in contenders if top_of[drawn[s][depth]] == high]
            depth += 1
        return contenders[0]

    def _showdown(self) -> None:
        live = [s for s in self.order if not self.folded[s]]
        for s in live:
            self.shown[s] = True
        ev = self.game.evaluator
        keys = ev.keys(
            self.board, [self.hands[s] for s in live], [self.substituted[s] for s in live]
        )
        index = {s: i for i, s in enumerate(live)}
        showdown: list[dict[str, Any]] = []
        emit = self._emit
        for s, key in zip(live, keys, strict=True):
            a, b = self.hands[s]
            cards = PAIRS[a * DECK_SIZE + b]
            condition = CONDITION_NAMES[condition_of(key)]
            words = detail(key)
            points = points_of(key)
            swapped = self.substituted[s]
            showdown.append({"seat": s, "cards": list(cards), "condition": condition,
                             "detail": words, "points": points, "substituted": swapped})
            emit(ShowedDown(s, cards, condition, words, points, swapped))
        pots_out: list[dict[str, Any]] = []
        taken = 0
        pots = side_pots(self.contrib, [not f for f in self.folded])
        drawn: dict[int, list[int]] = {}  # the showdown's one tie-break: each seat's cards
        for number, (amount, eligible) in enumerate(pots):
            entry: dict[str, Any] = {"amount": amount, "eligible": eligible}
            tied: tuple[int, ...] = ()
            if len(eligible) == 1:
                winner = eligible[0]
            else:
                best = [live[i] for i in best_of(keys, [index[s] for s in eligible])]
                if len(best) == 1:
                    winner = best[0]
                else:
                    draws: list[dict[str, str]] = []
                    winner = self._settle_tie(best, drawn, number, draws)
                    entry["tied"] = best
                    entry["draws"] = draws
                    tied = tuple(best)
            r = self._rake(amount, taken)
            taken += r
            self.totals[winner] += amount - r
            entry["winner"] = winner
            entry["rake"] = r
            pots_out.append(entry)
            self._emit(PotWon(winner, number, len(pots), amount, r, tuple(eligible), tied))
        self._finish_hand(pots_out, showdown, taken)

    def _win_by_folds(self) -> None:
        self._return_uncalled()
        winner = next(s for s in self.order if not self.folded[s])
        amount = sum(self.contrib)
        r = self._rake(amount, 0)
        self.totals[winner] += amount - r
        pots = [{"amount": amount, "eligible": [winner], "winner": winner, "rake": r}]
        self._emit(PotWon(winner, 0, 1, amount, r, (winner,), ()))
        self._finish_hand(pots, None, r)

    def _finish_hand(
        self, pots: list[dict[str, Any]], showdown: list[dict[str, Any]] | None, rake: int
    ) -> None:
        self.raked += rake
        put_in = self.contrib
        self.contrib = [0] * self.n
        self.commit = [0] * self.n
        result = {
            "hand": self.hand_no,
            "dealer": self.button,
            "seats": list(self.order),
            "antes": list(self.antes),
            "put_in": put_in,
            "board": [CODES[c] for c in self.board],
            "folded": [s for s in self.order if self.folded[s]],
            "substituted": [s for s in self.order if self.substituted[s]],
            "showdown": showdown,
            "pots": pots,
            "rake": rake,
            "stacks": list(self.totals),
        }
        self.results.append(result)
        self._emit(RoundScored(None, self.hand_no, result))
        totals = self.totals
        for s in self.order:
            if totals[s] == 0:
                self._emit(BUSTED[s])
        alive = sum(1 for s in totals if s > 0)
        if alive <= 1 or self.hand_no >= self.game.options["hands"]:
            self.phase = OVER
            self._emit(MatchOver(None, tuple(totals), tuple(self.winners)))
            return
        self._start_hand()

    # ---- the protocol -------------------------------------------------------------------------
    @property
    def actors(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.current,)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self.current or self.phase == OVER:
            return []
        if self.phase == SUBSTITUTE:
            a, b = self.hands[seat]
            return [KEEP, SWAPS[a], SWAPS[b]]
        commit = self.commit[seat]
        stack = self.totals[seat]
        to_call = self.current_bet - commit
        out: list[Action] = list(self._answers(to_call, stack))
        if self._raise_refusal(seat) is not None:  # a short stack, among others
            return out
        low, high = self.bet_range(seat)
        afford = commit + stack
        top = high if high < afford else afford
        make = bet if self.current_bet == 0 else raise_to
        if self.game.options["limit"] == FIXED:
            if low <= afford:
                out.append(make(low))
        elif low <= top:
            cb = self.current_bet
            pot = sum(self.contrib) + to_call
            amounts = {low, cb + pot // 2, cb + pot}
            for g in GRID:
                if g > top:
                    break
                if g >= low:
                    amounts.add(g)
            for t in sorted(amounts):
                if low <= t <= top:
                    out.append(make(t))
        if afford <= high:
            out.append(ALL_IN)
        return out

    def refusal(self, seat: int, action: Action) -> str | None:
        problem = check_actor(self, seat)
        if problem is not None:
            return problem
        if self.phase == SUBSTITUTE:
            if isinstance(action, Keep):
                return None
            if isinstance(action, Swap):
                if action.card not in self.hands[seat]:
                    held = " or ".join(code(c) for c in self.hands[seat])
                    return f"you do not hold {code(action.card)}: you may swap {held}"
                return None
            if isinstance(action, Fold | Check | Call | AllIn | Bet | RaiseTo):
                return "first choose whether to substitute: keep, or swap one of your cards"
            return f"{action} is not a Day move"
        if isinstance(action, Keep | Swap):
            return "substitution is over for this hand: it comes before the first betting round"
        commit = self.commit[seat]
        stack = self.totals[seat]
        to_call = self.current_bet - commit
        if isinstance(action, Fold | Check | Call | AllIn) and (
            action in self._answers(to_call, stack)
        ):
            return None
        if isinstance(action, Fold):
            return "nothing to call: check instead of folding"
        if isinstance(action, Check):
            if to_call >= stack:
                return (f"{to_call} to call and you have {stack}: call all-in for {stack}, "
                        "or fold")
            return f"{to_call} to call: call, raise or fold"
        if isinstance(action, Call):
            return "nothing to call: check, or bet"
        if isinstance(action, AllIn):  # more than a call: a bet or raise of everything left
            why = self._raise_refusal(seat)
            if why is not None:
                return why
            _low, high = self.bet_range(seat)
            if commit + stack > high:
                return (
                    f"all-in would make your stake {commit + stack}, over the limit of {high}: "
                    f"{'bet' if self.current_bet == 0 else 'raise to'} {high} at most"
                )
            return None
        if isinstance(action, Bet | RaiseTo):
            opening = isinstance(action, Bet)
            if opening and self.current_bet > 0:
                return f"there is a bet of {self.current_bet} already: call, raise to N or fold"
            if not opening and self.current_bet == 0:
                return "nobody has bet this round: bet N (or check)"
            why = self._raise_refusal(seat)
            if why is not None:
                return why
            low, high = self.bet_range(seat)
            word = "bet" if opening else "raise to"
            t = action.amount
            if t < low or t > high:
                if low == high:
                    return f"the only {word} allowed now is {word} {low}"
                if high < low:  # everything left falls short of a full raise
                    short = "go all-in for less, " if ALL_IN in self.legal_actions(seat) else ""
                    least = f"a bet must be {low}" if opening else f"a raise must go to {low}"
                    return (f"{least} at least, and everything you have makes "
                            f"{commit + stack}: {short}call or fold")
                return f"{word} {t} is out of range: from {low} to {high}"
            if t - commit > stack:
                return (
                    f"{word} {t} needs {t - commit} chips but you have {stack}: "
                    "go all-in for less"
                )
            return None
        return f"{action} is not a Day move"

    def _perform(self, seat: int, action: Action) -> None:
        if self.phase == SUBSTITUTE:
            if isinstance(action, Swap):
                hand = self.hands[seat]
                got = self.stock.pop()
                hand[hand.index(action.card)] = got
                self.swapped[seat] = action.card
                self.substituted[seat] = True
                self._emit(Swapped(seat, CODES[action.card], CODES[got]))
            else:
                self._emit(KEPT[seat])
            self.sub_pos += 1
            if self.sub_pos < len(self.order):
                self.current = self.order[self.sub_pos]
            else:
                self._start_round(FIRST)
            return
        if isinstance(action, Fold):
            self.folded[seat] = True
            self.acted[seat] = True
            self._emit(FOLDED[seat])
            if sum(1 for s in self.order if not self.folded[s]) == 1:
                self._win_by_folds()
                return
            self._advance(seat)
            return
        if isinstance(action, Check):
            self.acted[seat] = True
            self._emit(CHECKED[seat])
            self._advance(seat)
            return
        stack = self.totals[seat]
        commit = self.commit[seat]
        cb = self.current_bet
        if isinstance(action, Call):
            target = cb if cb < commit + stack else commit + stack
            put = target - commit
            event: Event = called(seat, put, put == stack)
        elif isinstance(action, Bet):
            target = action.amount
            put = target - commit
            event = bet_made(seat, put, put == stack)
        elif isinstance(action, RaiseTo):
            target = action.amount
            put = target - commit
            event = raised(seat, target, put, put == stack)
        else:
            assert isinstance(action, AllIn)
            target = commit + stack
            put = stack
            effect = "call" if target <= cb else "bet" if cb == 0 else "raise"
            event = WentAllIn(seat, put, target, effect)
        self.totals[seat] = stack - put
        self.commit[seat] = target
        self.contrib[seat] += put
        self._emit(event)
        if target > cb:
            increase = target - cb
            if cb > 0:
                self.raises += 1
            if increase >= self.min_raise:
                if self.game.options["limit"] != FIXED:
                    self.min_raise = increase
                acted = self.acted
                for t in range(self.n):
                    acted[t] = False
            self.current_bet = target
        self.acted[seat] = True
        self._advance(seat)

    # ---- views --------------------------------------------------------------------------------
    def zones(self) -> list[Zone]:
        # Card names by table lookup (``map`` over ``CODES``): a view is written for every
        # decision a bot makes, and naming each card anew was most of its cost.
        names = CODES.__getitem__
        out: list[Zone] = []
        for s in range(self.n):
            out.append(
                Zone(
                    f"hand:{s}",
                    tuple(map(names, self.hands[s])),
                    Visibility.PUBLIC if self.shown[s] else Visibility.OWNER,
                    s,
                )
            )
        for s in range(self.n):
            cards = (names(self.swapped[s]),) if self.swapped[s] >= 0 else ()
            out.append(Zone(f"swapped:{s}", cards, Visibility.OWNER, s))
        out.append(Zone("dealer", tuple(map(names, self.board)), Visibility.PUBLIC))
        out.append(Zone("stock", tuple(map(names, self.stock)), Visibility.NOBODY))
        out.append(Zone("tiebreak", tuple(map(names, self.tiebreak)), Visibility.PUBLIC))
        return out

    def public_info(self) -> dict[str, Any]:
        o = self.game.options
        betting = self.phase in (FIRST, FINAL)
        info: dict[str, Any] = {
            "hand": self.hand_no,
            "hands": o["hands"],
            "dealer": self.button,
            "house_dealer": o["dealer"] == "house",
            "leader": self.leader,
            "phase": self.phase,
            "current": None if self.phase == OVER else self.current,
            "stacks": list(self.totals),
            "in_pot": list(self.contrib),
            "pot": sum(self.contrib),
            "this_round": list(self.commit),
            "current_bet": self.current_bet,
            "in_hand": list(self.in_hand),
            "folded": list(self.folded),
            "all_in": [
                self.in_hand[s] and not self.folded[s] and self.totals[s] == 0
                for s in range(self.n)
            ],
            "substituted": list(self.substituted),
            "raises": self.raises,
            "limit": o["limit"],
            "raked": self.raked,
            "results": list(self.results),
        }
        if betting and self.phase != OVER:
            s = self.current
            # What a call puts in: never more than the seat has (short, a call is all-in for
            # the rest of its stack); ``call_all_in`` says so.
            owed = max(0, self.current_bet - self.commit[s])
            info["to_call"] = min(owed, self.totals[s])
            info["call_all_in"] = owed > 0 and owed >= self.totals[s]
            if self._can_raise(s):
                low, high = self.bet_range(s)
                info["raise_range"] = [low, min(high, self.commit[s] + self.totals[s])]
            else:
                info["raise_range"] = None
        return info

    def invariant_violations(self) -> list[str]:
        """Cheap checks run after every decision in simulation: chips and cards conserved."""
        problems: list[str] = []
        chips = sum(self.totals) + sum(self.contrib) + self.raked
        if chips != self.chips:
            problems.append(f"chips not conserved: {chips} accounted for, {self.chips} in play")
        if min(self.totals) < 0:
            problems.append(f"a negative stack: {self.totals}")
        seen = 0
        count = len(self.stock) + len(self.board) + len(self.tiebreak)
        for c in self.stock:
            seen |= 1 << c
        for c in self.board:
            seen |= 1 << c
        for c in self.tiebreak:
            seen |= 1 << c
        for s in range(self.n):
            for c in self.hands[s]:
                seen |= 1 << c
            count += len(self.hands[s])
            if self.swapped[s] >= 0:
                seen |= 1 << self.swapped[s]
                count += 1
        if seen != FULL_DECK or count != DECK_SIZE:
            problems.append(f"cards not conserved: {count} placed, {seen.bit_count()} distinct")
        return problems

    # ---- branching ----------------------------------------------------------------------------
    def clone(self) -> Self:
        new = self._branch()
        new.totals = list(self.totals)
        new.results = list(self.results)  # entries are never changed once a hand is over
        new.order = list(self.order)
        new.in_hand = list(self.in_hand)
        new.folded = list(self.folded)
        new.contrib = list(self.contrib)
        new.commit = list(self.commit)
        new.acted = list(self.acted)
        new.antes = list(self.antes)
        new.hands = [list(h) for h in self.hands]
        new.board = list(self.board)
        new.stock = list(self.stock)
        new.swapped = list(self.swapped)
        new.substituted = list(self.substituted)
        new.shown = list(self.shown)
        new.tiebreak = list(self.tiebreak)
        return new

    # ---- what each seat may know ---------------------------------------------------------------
    def _redeal(self, seat: int, rng: random.Random | None) -> None:
        """The stock, the other players' unrevealed cards and the cards they swapped away, dealt
        afresh among those places: all a seat cannot see. (The dealer's cards, shown hands and
        tie-break draws are face up; its own cards and the one it gave up are its own.)"""
        others = [o for o in range(self.n) if o != seat]
        pool = list(self.stock)
        for o in others:
            if not self.shown[o]:
                pool.extend(self.hands[o])
            if self.swapped[o] >= 0:
                pool.append(self.swapped[o])
        pool.sort()
        if rng is not None:
            rng.shuffle(pool)
        for o in others:
            if not self.shown[o]:
                k = len(self.hands[o])
                self.hands[o] = pool[len(pool) - k:]
                del pool[len(pool) - k:]
            if self.swapped[o] >= 0:
                self.swapped[o] = pool.pop()
        self.stock = pool

    def place_hand(self, seat: int, cards: Sequence[int], viewer: int) -> None:
        """Give ``seat`` the two ``cards``, each trading places with a card it displaces,
        wherever it lay hidden from ``viewer`` (the stock, another seat's unshown hand or
        set-aside card).

        For a sampler that deals an opponent the hand its bets suggest: on a state drawn from
        ``viewer``'s observation, where every place hidden from it was dealt at random, the rest
        stays a random deal of the cards that are left. ``viewer``'s own cards never move."""
        hand = self.hands[seat]
        wanted = [int(c) for c in cards]
        if (seat == viewer or self.shown[seat] or len(wanted) != len(hand)
                or len(set(wanted)) != len(wanted)):
            raise ValueError(f"seat {seat} cannot be dealt {wanted} as seen by seat {viewer}")
        places: list[tuple[list[int], int]] = []  # (where the card lies, at which index)
        for card in wanted:
            if card in hand:
                continue
            if card in self.stock:
                places.append((self.stock, self.stock.index(card)))
                continue
            for s in range(self.n):
                if s == viewer:
                    continue
                if self.swapped[s] == card:  # the seat's own set-aside card too
                    places.append((self.swapped, s))
                    break
                if s != seat and card in self.hands[s] and not self.shown[s]:
                    places.append((self.hands[s], self.hands[s].index(card)))
                    break
            else:
                raise ValueError(f"{code(card)} is not hidden from seat {viewer}")
        freed = [c for c in hand if c not in wanted]
        for (where, at), out in zip(places, freed, strict=True):
            card = where[at]
            where[at] = out
            hand[hand.index(out)] = card

    def seen_action(self, actor: int, action: Action, viewer: int | None) -> Action:
        """A swap names the card given up, which only the swapper knows: the others see that a
        card was swapped (``swap ?``)."""
        if viewer != actor and isinstance(action, Swap):
            return UNSEEN_SWAP
        return action


__all__ = ["CROWN", "FINAL", "FIRST", "GRID", "OVER", "SUBSTITUTE", "DayState"]
