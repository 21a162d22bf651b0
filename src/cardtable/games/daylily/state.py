"""A Daylily Rummy match in progress: rounds, turns, the Festival and the score sheet.

Hands, melds and piles are kept as bit masks and int lists (cards 0..44) because random
self-play runs millions of decisions; zones with card names are produced only for views.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Self

from cardtable.engine.deals import Deal
from cardtable.engine.events import (
    Dealt,
    DealtHand,
    Discarded,
    DrewDiscard,
    DrewStock,
    MatchOver,
    RoundScored,
    StockRebuilt,
)
from cardtable.engine.game import Action, RunningTotals, State, check_actor
from cardtable.engine.zones import Visibility, Zone
from cardtable.games.daylily.actions import (
    DISCARDS,
    DRAW_DISCARD,
    DRAW_STOCK,
    Declare,
    Discard,
    DrawDiscard,
    DrawStock,
)
from cardtable.games.daylily.cards import (
    CODES,
    FULL_DECK,
    PANDORA_MASK,
    cards_of,
    code,
    parse_card,
)
from cardtable.games.daylily.events import MeldDeclared
from cardtable.games.daylily.melds import MELD_BY_MASK, MELDS, melds_in, why_not_meld
from cardtable.games.daylily.solver import best_arrangement

if TYPE_CHECKING:
    from cardtable.games.daylily.game import DaylilyGame

DRAW, PLAY, OVER = "draw", "play", "over"
HAND_SIZE = 10
MELDED_TO_GO_OUT = 10
FESTIVAL_BONUS = 10
PANDORA_PENALTY = 10

DECLARES: dict[int, Declare] = {m.mask: Declare(m.mask) for m in MELDS}

# The commonest events, made once: events are never changed once emitted, and random self-play
# logs a draw and a discard at almost every turn.
MAX_SEATS = 3
DREW_STOCK = [[DrewStock(s, CODES[c]) for c in range(45)] for s in range(MAX_SEATS)]
DREW_DISCARD = [[DrewDiscard(s, CODES[c]) for c in range(45)] for s in range(MAX_SEATS)]
DISCARDED = [[Discarded(s, CODES[c]) for c in range(45)] for s in range(MAX_SEATS)]
_DECLARE_FOR_MELD = {id(m): DECLARES[m.mask] for m in MELDS}


class DaylilyState(RunningTotals, State):
    game: DaylilyGame
    lowest_wins = False  # points: the highest total wins (ties: the latest Festival)

    def __init__(
        self, game: DaylilyGame, seed: int | None, deals: Sequence[Deal] | None = None
    ) -> None:
        self._start(game, seed, deals)
        n = game.players
        self.totals = [0] * n
        self.round_no = 0
        self.last_festival_round = [-1] * n
        self.results: list[dict[str, Any]] = []
        self.dealer = self._first_dealer(n)
        self.phase = DRAW
        self._deal()

    # ---- dealing and rounds -----------------------------------------------------------------
    def _deal(self) -> None:
        n = self.game.players
        self.round_no += 1
        deck = list(range(45))
        self.rng.shuffle(deck)
        self.hands = [0] * n
        for _ in range(HAND_SIZE):
            for k in range(1, n + 1):
                self.hands[(self.dealer + k) % n] |= 1 << deck.pop()
        self.discard = [deck.pop()]
        self.stock = deck
        live: Deal = {
            "dealer": self.dealer,
            "hands": [[code(c) for c in cards_of(h)] for h in self.hands],
            "stock": [code(c) for c in reversed(self.stock)],
            "up": [code(self.discard[0])],
        }
        entry = self._deal_from(live)
        if entry is not live:  # a recorded deal, already checked against this one
            self.hands = [sum(1 << parse_card(c) for c in hand) for hand in entry["hands"]]
            self.stock = [parse_card(c) for c in reversed(entry["stock"])]
            self.discard = [parse_card(c) for c in entry["up"]]
        self._emit(Dealt(None, self.round_no, self.dealer, (HAND_SIZE,) * n,
                         (code(self.discard[0]),), len(self.stock)))
        for s in range(n):
            self._emit(DealtHand(s, tuple(code(c) for c in cards_of(self.hands[s]))))
        self.declared: list[list[int]] = [[] for _ in range(n)]
        self.melded = [0] * n
        self.known = [0] * n  # cards in a hand that everyone saw taken from the discard pile
        self.taken = -1  # the card the current player took from the discard pile this turn
        self.rebuilds = 0
        self.turns = 0
        self.current = (self.dealer + 1) % n
        self.phase = DRAW

    def declared_points(self, seat: int) -> int:
        return sum(MELD_BY_MASK[m].points for m in self.declared[seat])

    def _end_round(self, presenter: int | None, reason: str) -> None:
        n = self.game.players
        points = [self.declared_points(s) for s in range(n)]
        details: list[dict[str, Any]] = []
        given = 0
        for s in range(n):
            entry: dict[str, Any] = {"declared": points[s]}
            if presenter is not None and s != presenter:
                arrangement = best_arrangement(self.hands[s])
                entry["in_hand_melds"] = [[code(c) for c in m.cards] for m in arrangement.melds]
                entry["to_winner"] = len(arrangement.strays)
                entry["penalty"] = -arrangement.penalty
                given += len(arrangement.strays)
                points[s] -= arrangement.penalty
            elif presenter is None:
                penalty = PANDORA_PENALTY * (self.hands[s] & PANDORA_MASK).bit_count()
                entry["penalty"] = -penalty
                points[s] -= penalty
            details.append(entry)
        if presenter is not None:
            details[presenter]["festival_bonus"] = FESTIVAL_BONUS
            details[presenter]["cards_received"] = given
            points[presenter] += FESTIVAL_BONUS + given
            self.last_festival_round[presenter] = self.round_no
        for s in range(n):
            self.totals[s] += points[s]
        result = {
            "round": self.round_no,
            "dealer": self.dealer,
            "festival": presenter,
            "reason": reason,
            "points": points,
            "totals": list(self.totals),
            "seats": details,
        }
        self.results.append(result)
        self._emit(RoundScored(presenter, self.round_no, result))
        if self._match_ends():
            self.phase = OVER
            self._emit(MatchOver(None, tuple(self.totals), tuple(self.winners)))
            return
        if presenter is not None:
            self.dealer = presenter
        self._deal()

    def _match_ends(self) -> bool:
        opts = self.game.options
        rounds: int | None = opts["rounds"]
        if rounds is not None:
            return self.round_no >= rounds
        target: int = opts["target"]
        max_rounds: int = opts["max_rounds"]
        return max(self.totals) >= target or self.round_no >= max_rounds

    # ---- the protocol -----------------------------------------------------------------------
    @property
    def actors(self) -> tuple[int, ...]:
        return () if self.phase == OVER else (self.current,)

    @property
    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        top = max(self.totals)
        tied = [s for s, t in enumerate(self.totals) if t == top]
        if len(tied) > 1:
            latest = max(self.last_festival_round[s] for s in tied)
            if latest >= 0:
                tied = [s for s in tied if self.last_festival_round[s] == latest]
        return tied

    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self.current or self.phase == OVER:
            return []
        if self.phase == DRAW:
            acts: list[Action] = []
            if self.stock:
                acts.append(DRAW_STOCK)
            if self.discard:
                acts.append(DRAW_DISCARD)
            return acts
        hand = self.hands[seat]
        room = self._room(seat)
        keep = self._discardable(seat)
        out: list[Action] = []
        if hand.bit_count() > 2 and room >= 2:  # no meld is shorter than two cards
            for meld in melds_in(hand):
                if meld.mask & keep != keep and len(meld.cards) <= room:
                    out.append(_DECLARE_FOR_MELD[id(meld)])
        for c in cards_of(keep):
            out.append(DISCARDS[c])
        return out

    # The rules of the play phase, each written once: legal_actions lists what they allow and
    # refusal words what they forbid, so the two cannot drift apart.
    def _discardable(self, seat: int) -> int:
        """The cards (a mask) ``seat`` may end its turn by discarding: any it holds but, with
        the no_return_discard house rule, the one just taken from the pile. A meld must leave
        one of them in the hand."""
        if self.taken >= 0 and self.game.options["no_return_discard"]:
            return self.hands[seat] & ~(1 << self.taken)
        return self.hands[seat]

    def _room(self, seat: int) -> int:
        """How many more cards ``seat`` may meld: a player goes out with exactly ten."""
        return MELDED_TO_GO_OUT - self.melded[seat]

    def refusal(self, seat: int, action: Action) -> str | None:
        problem = check_actor(self, seat)
        if problem is not None:
            return problem
        if self.phase == DRAW:
            if action is DRAW_STOCK or isinstance(action, DrawStock):
                return None if self.stock else "the stock is empty: draw from the discard pile"
            if action is DRAW_DISCARD or isinstance(action, DrawDiscard):
                return None if self.discard else "the discard pile is empty: draw from the stock"
            if isinstance(action, Declare | Discard):
                return "draw a card first, from the stock or the discard pile"
            return f"{action} is not a Daylily move"
        hand = self.hands[seat]
        if isinstance(action, Discard):
            if not 0 <= action.card < 45 or not hand >> action.card & 1:
                return f"you do not hold {code(action.card) if 0 <= action.card < 45 else '?'}"
            if not self._discardable(seat) >> action.card & 1:
                return "house rule: the card just taken from the discard pile cannot go back now"
            return None
        if isinstance(action, Declare):
            mask = action.mask
            if mask <= 0 or mask & ~FULL_DECK:
                return "that is not a meld"
            missing = mask & ~hand
            if missing:
                return "you do not hold " + " ".join(code(c) for c in cards_of(missing))
            meld = MELD_BY_MASK.get(mask)
            if meld is None:
                return why_not_meld(cards_of(mask))
            if len(meld.cards) > self._room(seat):
                return (
                    f"that would make {self.melded[seat] + len(meld.cards)} melded cards; "
                    f"you go out with exactly {MELDED_TO_GO_OUT}"
                )
            if not self._discardable(seat) & ~mask:
                return "you must keep a card to discard after melding"
            return None
        if isinstance(action, DrawStock | DrawDiscard):
            return "you have already drawn this turn"
        return f"{action} is not a Daylily move"

    def _perform(self, seat: int, action: Action) -> None:
        if self.phase == DRAW:
            if isinstance(action, DrawStock):
                c = self.stock.pop()
                self.taken = -1
                self.log.append((self._stamp, DREW_STOCK[seat][c]))
                if not self.stock and self.rebuilds < self.game.options["max_stock_rebuilds"]:
                    # The whole pile becomes the new stock before this player discards.
                    self.stock = self.discard
                    self.discard = []
                    self.rng.shuffle(self.stock)
                    live = [CODES[c] for c in reversed(self.stock)]
                    order = self._reorder("rebuilds", live)
                    if order is not live:  # a record's rebuild, already checked
                        self.stock = [parse_card(c) for c in reversed(order)]
                    self.rebuilds += 1
                    self._emit(StockRebuilt(None, len(self.stock), ()))
            else:
                c = self.discard.pop()
                self.known[seat] |= 1 << c
                self.taken = c
                self.log.append((self._stamp, DREW_DISCARD[seat][c]))
            self.hands[seat] |= 1 << c
            self.phase = PLAY
            return
        if isinstance(action, Declare):
            mask = action.mask
            self.hands[seat] ^= mask
            self.known[seat] &= ~mask
            self.declared[seat].append(mask)
            self.melded[seat] += mask.bit_count()
            meld = MELD_BY_MASK[mask]
            self._emit(MeldDeclared(seat, tuple(CODES[c] for c in meld.cards), meld.kind,
                                    meld.points))
            return
        assert isinstance(action, Discard)
        bit = 1 << action.card
        self.hands[seat] ^= bit
        self.known[seat] &= ~bit
        self.discard.append(action.card)
        self.log.append((self._stamp, DISCARDED[seat][action.card]))
        self.turns += 1
        n = self.game.players
        if not self.hands[seat]:
            self._end_round(seat, "festival")
        elif all(m == MELDED_TO_GO_OUT - 1 for m in self.melded):
            self._end_round(None, "every player has nine melded cards")
        elif not self.stock:
            self._end_round(
                None, f"the stock ran out after {self.rebuilds} rebuilds (house rule)"
            )
        elif self.turns >= self.game.options["max_round_turns"]:
            self._end_round(None, f"{self.turns} turns without a Festival (house rule)")
        else:
            self.current = (seat + 1) % n
            self.phase = DRAW
            self.taken = -1

    # ---- views ------------------------------------------------------------------------------
    def zones(self) -> list[Zone]:
        # Card names by table lookup: a view is built for every decision a bot makes, and
        # formatting each card's name anew was most of its cost.
        names = CODES.__getitem__
        players = self.game.players
        out = [
            Zone(
                f"hand:{s}",
                tuple(map(names, cards_of(self.hands[s]))),
                Visibility.OWNER,
                s,
                tuple(map(names, cards_of(self.known[s]))),
            )
            for s in range(players)
        ]
        out.append(Zone("stock", tuple(map(names, self.stock)), Visibility.NOBODY))
        out.append(Zone("discard", tuple(map(names, self.discard)), Visibility.PUBLIC))
        for s in range(players):
            for i, m in enumerate(self.declared[s]):
                out.append(Zone(f"meld:{s}:{i}", tuple(map(names, cards_of(m))),
                                Visibility.PUBLIC, s))
        return out

    def public_info(self) -> dict[str, Any]:
        return {
            "round": self.round_no,
            "dealer": self.dealer,
            "current": self.current,
            "phase": self.phase,
            "scores": list(self.totals),
            "melded": list(self.melded),
            "meld_points": [self.declared_points(s) for s in range(self.game.players)],
            "stock_rebuilds": self.rebuilds,
            "turns": self.turns,
            "taken_from_discard": code(self.taken) if self.taken >= 0 else None,
            "results": list(self.results),  # a copy: later rounds must not rewrite old views
        }

    def invariant_violations(self) -> list[str]:
        """Cheap checks run during simulation: every card in exactly one place, counts right."""
        problems: list[str] = []
        seen = 0
        total = 0
        for mask in self.hands:
            seen |= mask
            total += mask.bit_count()
        for melds in self.declared:
            for m in melds:
                seen |= m
                total += m.bit_count()
        for c in self.stock:
            seen |= 1 << c
        for c in self.discard:
            seen |= 1 << c
        total += len(self.stock) + len(self.discard)
        if seen != FULL_DECK or total != 45:
            problems.append(f"cards not conserved: {total} placed, {seen.bit_count()} distinct")
        for s in range(self.game.players):
            if self.known[s] & ~self.hands[s]:
                problems.append(f"seat {s} is known to hold cards it does not hold")
            if self.melded[s] > MELDED_TO_GO_OUT:
                problems.append(f"seat {s} has {self.melded[s]} melded cards")
        return problems

    # ---- branching --------------------------------------------------------------------------
    def clone(self) -> Self:
        new = self._branch()
        new.totals = list(self.totals)
        new.last_festival_round = list(self.last_festival_round)
        new.results = list(self.results)  # entries are never mutated after a round ends
        new.hands = list(self.hands)
        new.discard = list(self.discard)
        new.stock = list(self.stock)
        new.declared = [list(d) for d in self.declared]
        new.melded = list(self.melded)
        new.known = list(self.known)
        return new

    def _redeal(self, seat: int, rng: random.Random | None) -> None:
        """The stock and the unseen cards of the other hands, dealt afresh among those places
        (cards seen taken from the discard pile stay where everyone knows they are)."""
        others = [o for o in range(self.game.players) if o != seat]
        pool = list(self.stock)
        for o in others:
            pool.extend(cards_of(self.hands[o] & ~self.known[o]))
        pool.sort()
        if rng is not None:
            rng.shuffle(pool)
        for o in others:
            hidden = (self.hands[o] & ~self.known[o]).bit_count()
            mask = self.known[o]
            for c in pool[len(pool) - hidden :]:
                mask |= 1 << c
            del pool[len(pool) - hidden :]
            self.hands[o] = mask
        self.stock = pool
