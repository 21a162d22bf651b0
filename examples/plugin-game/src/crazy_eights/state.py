"""A Crazy Eights match in progress: hands, turns, eights naming suits, and the score sheet.

Hands are 52-bit masks and piles int lists (cards 0..51): the search bot plays thousands of
moves a decision on sampled copies of this state. Zones with card names are made for views
only.

Legality is written once, in :meth:`CrazyEightsState.legal_actions`; :meth:`refusal` accepts
exactly what it lists and only words why anything else is refused.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self

from cardtable.engine.deals import Deal
from cardtable.engine.events import Dealt, DealtHand, DrewStock, MatchOver, RoundScored
from cardtable.engine.game import Action, RunningTotals, State, check_actor
from cardtable.engine.zones import Visibility, Zone

from crazy_eights.actions import DRAW, PASS, Draw, Pass, Play, plays_of
from crazy_eights.cards import (
    CODES,
    DECK_SIZE,
    EIGHTS_MASK,
    FULL_DECK,
    RANK_MASKS,
    SUIT_MASKS,
    SUIT_NAMES,
    cards_of,
    hand_penalty,
    is_eight,
    parse_card,
    rank_of,
    suit_of,
)
from crazy_eights.events import Passed, Played, short

if TYPE_CHECKING:
    from crazy_eights.game import CrazyEightsGame

PLAY, DRAWN, OVER = "play", "drawn", "over"
"""Phases: a turn begins in ``play``; under the draw-one rule a seat that drew is in ``drawn``
(it may play the card it drew, or pass)."""
DRAW_ONE, DRAW_UNTIL = "one", "until"

MAX_SEATS = 7
_DREW = [[DrewStock(s, CODES[c]) for c in range(DECK_SIZE)] for s in range(MAX_SEATS)]
_PASSED = [Passed(s) for s in range(MAX_SEATS)]


def hand_size(players: int) -> int:
    """Seven cards each at two players, five at three to seven."""
    return 7 if players == 2 else 5


class CrazyEightsState(RunningTotals, State):
    game: CrazyEightsGame
    lowest_wins = True  # penalty points: the lowest total wins

    def __init__(self, game: CrazyEightsGame, seed: int | None,
                 deals: Sequence[Deal] | None = None) -> None:
        self._start(game, seed, deals)
        n = game.players
        self.totals = [0] * n
        self.results: list[dict[str, Any]] = []
        self.hand_no = 0
        self.dealer = self._first_dealer(n)
        self.until = game.options["draw"] == DRAW_UNTIL
        self._deal()

    # ---- dealing and hands ------------------------------------------------------------------
    def _deal(self) -> None:
        n = self.game.players
        size = hand_size(n)
        self.hand_no += 1
        deck = list(range(DECK_SIZE))
        self.rng.shuffle(deck)
        self.hands = [0] * n
        for _ in range(size):
            for k in range(1, n + 1):
                self.hands[(self.dealer + k) % n] |= 1 << deck.pop()
        self.discard = [deck.pop()]
        self.stock = deck  # top card last
        live: Deal = {
            "dealer": self.dealer,
            "hands": [[CODES[c] for c in cards_of(h)] for h in self.hands],
            "stock": [CODES[c] for c in reversed(self.stock)],
            "up": [CODES[self.discard[0]]],
        }
        entry = self._deal_from(live)
        if entry is not live:  # a recorded deal, already checked against the live one
            self.hands = [sum(1 << parse_card(c) for c in hand) for hand in entry["hands"]]
            self.stock = [parse_card(c) for c in reversed(entry["stock"])]
            self.discard = [parse_card(c) for c in entry["up"]]
        starter = self.discard[0]
        self.suit = suit_of(starter)  # an eight turned as the starter counts as its own suit
        self.phase = PLAY
        self.drawn = -1  # the card the seat on move drew this turn (draw-one rule)
        self.stuck = 0  # passes in a row by seats that could neither play nor draw
        self.current = (self.dealer + 1) % n
        self._emit(Dealt(None, self.hand_no, self.dealer, (size,) * n, (CODES[starter],),
                         len(self.stock)))
        for s in range(n):
            self._emit(DealtHand(s, tuple(CODES[c] for c in cards_of(self.hands[s]))))

    def _end_hand(self, out: int | None) -> None:
        n = self.game.players
        penalties = [hand_penalty(h) for h in self.hands]
        for s in range(n):
            self.totals[s] += penalties[s]
        result: dict[str, Any] = {
            "hand": self.hand_no,
            "dealer": self.dealer,
            "out": out,
            "reason": "went out" if out is not None else "blocked",
            "held": [[CODES[c] for c in cards_of(h)] for h in self.hands],
            "penalties": penalties,
            "totals": list(self.totals),
        }
        self.results.append(result)
        self._emit(RoundScored(out, self.hand_no, result))
        options = self.game.options
        hands: int | None = options["hands"]
        ends = (self.hand_no >= hands if hands is not None
                else max(self.totals) >= options["target"])
        if ends:
            self.phase = OVER
            self._emit(MatchOver(None, tuple(self.totals), tuple(self.winners)))
            return
        self.dealer = (self.dealer + 1) % n
        self._deal()

    # ---- what may be played ------------------------------------------------------------------
    def playable(self, hand: int) -> int:
        """The cards of ``hand`` that may go on the pile now: an eight, or a card of the suit
        in force, or of the top card's rank."""
        return hand & (EIGHTS_MASK | SUIT_MASKS[self.suit] | RANK_MASKS[rank_of(self.discard[-1])])

    @property
    def actors(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.current,)

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self.current or self.phase == OVER:
            return []
        if self.phase == DRAWN:
            acts: list[Action] = []
            if self.playable(1 << self.drawn):
                acts.extend(plays_of(self.drawn))
            acts.append(PASS)
            return acts
        fits = self.playable(self.hands[seat])
        acts = [play for c in cards_of(fits) for play in plays_of(c)]
        if self.stock and (not fits or not self.until):
            acts.append(DRAW)
        elif not fits and not self.stock:
            acts.append(PASS)
        return acts

    def refusal(self, seat: int, action: Action) -> str | None:
        problem = check_actor(self, seat)
        if problem is not None:
            return problem
        if action in self.legal_actions(seat):
            return None
        return self._why_not(seat, action)

    def _why_not(self, seat: int, action: Action) -> str:
        """Why ``action``, not among the legal ones, is refused, in the players' words."""
        hand = self.hands[seat]
        if isinstance(action, Play):
            if not 0 <= action.card < DECK_SIZE:
                return "that is no card of the pack"
            card = action.card
            if is_eight(card) and action.suit is None:
                return f"an eight names the suit to follow: e.g. 'play {CODES[card]} hearts'"
            if not is_eight(card) and action.suit is not None:
                return "only an eight names a suit"
            if action.suit is not None and not 0 <= action.suit < 4:
                return "name clubs, diamonds, hearts or spades"
            if not hand >> card & 1:
                return f"you do not hold the {short(CODES[card])}"
            if self.phase == DRAWN and card != self.drawn:
                return (f"after drawing you may play only the card you drew "
                        f"({short(CODES[self.drawn])}), or pass")
            top = short(CODES[self.discard[-1]])
            return (f"the {short(CODES[card])} does not follow the {top}: play "
                    f"{SUIT_NAMES[self.suit]}, a {short(CODES[self.discard[-1]])[:-1]} or an eight")
        if isinstance(action, Draw):
            if self.phase == DRAWN:
                return "you have drawn already: play the card you drew, or pass"
            if not self.stock:
                return "the stock is empty: play a card if you can, or pass"
            return "you can play, and under the draw-until-you-can-play rule you draw only when " \
                   "you cannot"
        if isinstance(action, Pass):
            if self.stock and self.until:
                return "draw a card first: you pass only when you cannot play and the stock " \
                       "is empty"
            if self.stock:
                return "draw a card first: you pass only after drawing, or when you can " \
                       "neither play nor draw"
            return "you can play: you pass only when you can neither play nor draw"
        return f"{action} is not a Crazy Eights move"

    def _perform(self, seat: int, action: Action) -> None:
        if isinstance(action, Play):
            card = action.card
            self.hands[seat] ^= 1 << card
            self.discard.append(card)
            self.suit = suit_of(card) if action.suit is None else action.suit
            left = self.hands[seat].bit_count()
            self._emit(Played(seat, CODES[card],
                              None if action.suit is None else SUIT_NAMES[action.suit], left))
            self.stuck = 0
            self.drawn = -1
            self.phase = PLAY
            if not left:
                self._end_hand(seat)
                return
            self.current = (seat + 1) % self.game.players
            return
        if isinstance(action, Draw):
            card = self.stock.pop()
            self.hands[seat] |= 1 << card
            self.log.append((self._stamp, _DREW[seat][card]))
            if not self.until:
                self.phase = DRAWN
                self.drawn = card
            return
        # a pass: after a draw, or by a seat that could neither play nor draw
        if self.phase != DRAWN:
            self.stuck += 1
        self.phase = PLAY
        self.drawn = -1
        self.log.append((self._stamp, _PASSED[seat]))
        if self.stuck >= self.game.players:
            self._end_hand(None)
            return
        self.current = (seat + 1) % self.game.players

    # ---- views ------------------------------------------------------------------------------
    def zones(self) -> list[Zone]:
        out = [Zone(f"hand:{s}", tuple(CODES[c] for c in cards_of(self.hands[s])),
                    Visibility.OWNER, s) for s in range(self.game.players)]
        out.append(Zone("stock", tuple(CODES[c] for c in self.stock), Visibility.NOBODY))
        out.append(Zone("discard", tuple(CODES[c] for c in self.discard), Visibility.PUBLIC))
        return out

    def public_info(self) -> dict[str, Any]:
        return {
            "hand": self.hand_no,
            "dealer": self.dealer,
            "current": self.current,
            "phase": self.phase,
            "suit": SUIT_NAMES[self.suit],
            "drawn": self.phase == DRAWN,
            "stuck": self.stuck,
            "scores": list(self.totals),
            "results": list(self.results),  # a copy: later hands must not rewrite old views
        }

    def invariant_violations(self) -> list[str]:
        """Cheap checks run during simulation: every card in exactly one place."""
        seen = 0
        total = 0
        for mask in self.hands:
            seen |= mask
            total += mask.bit_count()
        for c in (*self.stock, *self.discard):
            seen |= 1 << c
        total += len(self.stock) + len(self.discard)
        if seen != FULL_DECK or total != DECK_SIZE:
            return [f"cards not conserved: {total} placed, {seen.bit_count()} distinct"]
        if self.phase == DRAWN and not self.hands[self.current] >> self.drawn & 1:
            return [f"seat {self.current} drew a card it does not hold"]
        return []

    # ---- branching --------------------------------------------------------------------------
    def clone(self) -> Self:
        new = self._branch()
        new.totals = list(self.totals)
        new.results = list(self.results)  # entries are never changed once a hand ends
        new.hands = list(self.hands)
        new.stock = list(self.stock)
        new.discard = list(self.discard)
        return new

    def _redeal(self, seat: int, rng: random.Random | None) -> None:
        """The stock and the other hands, dealt afresh among those places (each keeps its
        size). A seat that has just drawn (draw-one rule) is given one of its new cards as the
        card it drew: which card that was is its secret too."""
        others = [o for o in range(self.game.players) if o != seat]
        pool = list(self.stock)
        for o in others:
            pool.extend(cards_of(self.hands[o]))
        pool.sort()
        if rng is not None:
            rng.shuffle(pool)
        for o in others:
            size = self.hands[o].bit_count()
            if o == self.current and self.phase == DRAWN:
                self.drawn = pool[-1]
            mask = 0
            for c in pool[len(pool) - size:]:
                mask |= 1 << c
            del pool[len(pool) - size:]
            self.hands[o] = mask
        self.stock = pool
