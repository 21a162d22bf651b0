"""The greedy Day player: it bets by its chance of winning the showdown, and nothing else.

From its seat's view alone (its cards, the dealer's cards, who is still in and who substituted)
it counts its chance ``p`` of winning the showdown with :func:`cardtable.games.day.chance.
win_chance`: exactly against one opponent (every final card and every opposing hand), over
random deals of the unseen cards when more opponents make exact counting too slow. It ignores
what the others' bets might say about their cards, which is what makes it greedy.

- Substitution: it estimates its chance after keeping and after swapping either card (the same
  random deals for the three, so the comparison is fair) and swaps only for a clear gain.
- Betting, with ``fair = 1 / players still in``:
  nothing to call: bet when ``p`` is well above ``fair``, more the stronger it is; else check.
  facing a bet: raise when ``p`` is far above ``fair``; call when ``p`` covers the price
  (``to_call / (pot + to_call)``); otherwise fold.
The chance is counted once per hand, betting round and set of opponents, and reused. The counts
run on the batch evaluator (:mod:`cardtable.games.day.batch`), all deals of a count at once:
about a millisecond a count, the same numbers the one-at-a-time count gave (to the last digit
heads-up, over as many random deals otherwise).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np

from cardtable.bots import Decision, Needs, register_bot
from cardtable.engine.game import Action, Game
from cardtable.games.day.actions import ALL_IN, CALL, CHECK, FOLD, KEEP, SWAPS, Bet, RaiseTo
from cardtable.games.day.cards import parse_card
from cardtable.games.day.chance import swap_chances, win_chance
from cardtable.games.day.showdown import Evaluator, evaluator_for

_CODES: dict[str, int] = {}


def card_of(text: str) -> int:
    c = _CODES.get(text)
    if c is None:
        c = _CODES[text] = parse_card(text)
    return c


def cards_in(zone: dict[str, Any] | None) -> list[int]:
    return [card_of(t) for t in (zone or {}).get("cards", [])]


class GreedyDayBot:
    """Bets by its counted chance of winning at the showdown; reads only its seat's view."""

    needs: ClassVar[Needs] = "view"

    name = "greedy"
    value_margin = 0.12  # bet when the chance beats a fair share by this much
    raise_margin = 0.30  # raise a bet when it beats a fair share by this much
    swap_gain = 0.02  # swap a card only for at least this much more chance
    swap_samples = 500

    def __init__(self, game: Game, seed: int = 0) -> None:
        self.game = game
        self.rng = np.random.default_rng(random.Random(seed).getrandbits(64))
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
        a, b = hand
        keep, swap0, swap1 = swap_chances(self.evaluator, hand, board, subs, self.rng,
                                          self.swap_samples)
        if swap0 >= swap1 and swap0 > keep + self.swap_gain and SWAPS[a] in legal:
            return SWAPS[a]
        if swap1 > keep + self.swap_gain and SWAPS[b] in legal:
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


def _factory(game: Game, seed: int) -> GreedyDayBot:
    return GreedyDayBot(game, seed)


register_bot("greedy", "day", _factory)


class CallerDayBot:
    """The search's play-out policy for Day: keeps its cards, checks, and calls any bet, so a
    play-out reaches the showdown in microseconds (the greedy bot counts its chance at every
    decision, about a millisecond). Not meant as an opponent."""

    needs: ClassVar[Needs] = "legal"
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


register_bot("caller", "day", _caller)


def _register_knowledge() -> None:
    from cardtable.bots.ismcts import Knowledge, register_knowledge

    register_knowledge("day", Knowledge(rollout="caller"))


_register_knowledge()
