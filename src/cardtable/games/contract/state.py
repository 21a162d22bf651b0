"""A contract rummy match: deals, the buying window, going down, lay-offs, swaps, rummy calls.

Hands are count vectors (53 entries: 52 naturals and the joker) because several decks make
identical cards; the table is a list of melds per seat, each knowing its jokers' meanings.
Out-of-turn decisions (buying, calling rummy) are windows in which several seats are actors.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import chain, compress, count, repeat
from typing import TYPE_CHECKING, Any, Self

from cardtable.engine.deals import Deal
from cardtable.engine.errors import RecordError
from cardtable.engine.events import (
    DealtHand,
    Discarded,
    DrewDiscard,
    DrewStock,
    MatchOver,
    RoundScored,
    StockRebuilt,
)
from cardtable.engine.game import Action, RunningTotals, State, check_actor
from cardtable.engine.memo import Memo
from cardtable.engine.zones import Visibility, Zone
from cardtable.games.contract.actions import (
    BUY,
    DISCARDS,
    DRAW,
    PASS,
    RUMMY,
    TAKE,
    Buy,
    CallRummy,
    Discard,
    Down,
    Draw,
    Lay,
    Pass,
    Swap,
    Take,
)
from cardtable.games.contract.cards import (
    CODES,
    JOKER,
    RANK_TEXT,
    SUITS,
    code,
    make_deck,
    parse_card,
)
from cardtable.games.contract.events import (
    STANDS_FOR,
    Bought,
    CalledRummy,
    Claimed,
    ContractDealt,
    Declined,
    Floating,
    JokerSwapped,
    LaidDown,
    LaidOff,
    Passed,
    Penalised,
    RummyChance,
    WentOut,
)
from cardtable.games.contract.layouts import all_layouts
from cardtable.games.contract.melds import (
    RUN,
    Meld,
    MeldError,
    MeldRules,
    check_contract,
    contract_text,
    find_contract,
    lay_off_options,
    may_hold_contract,
    may_need_longer_melds,
    read_written_meld,
    swap_joker,
)

if TYPE_CHECKING:
    from cardtable.games.contract.game import ContractGame
    from cardtable.games.contract.rules import Contract, ContractRules

DRAW_PHASE, BUY_PHASE, PLAY_PHASE, RUMMY_PHASE, OVER = "draw", "buy", "play", "rummy", "over"
CUT_BONUS = -50
LAY_DOWN_PENALTY = 50


def _end_of(meld: Meld, new: Meld) -> str | None:
    if meld.kind != RUN:
        return None
    return "low" if new.ranks[0] < meld.ranks[0] else "high"


def _token(meld: Meld, i: int) -> str:
    """Card ``i`` of ``meld`` as it lies: its notation, or ``JK=7H`` (``JK=Q`` in a set)."""
    c = meld.cards[i]
    if c != JOKER:
        return CODES[c]
    suit = SUITS[meld.suit] if meld.kind == RUN else ""
    return f"{CODES[JOKER]}{STANDS_FOR}{RANK_TEXT[meld.ranks[i]]}{suit}"


def _tokens(meld: Meld) -> tuple[str, ...]:
    if JOKER not in meld.cards:
        return tuple(CODES[c] for c in meld.cards)
    return tuple(_token(meld, i) for i in range(len(meld.cards)))


class TableMeld:
    """A meld on the table and the lay-offs it accepts. Never changed once made: a lay-off puts
    a new TableMeld in its place, so states and their clones may share them."""

    __slots__ = ("accepts", "meld", "size", "swaps")

    def __init__(self, meld: Meld, rules: ContractRules) -> None:
        self.meld = meld
        self.size = len(meld.cards)
        # card -> {end: resulting meld}; computed once per meld, read on every move.
        self.accepts: dict[int, dict[str | None, Meld]] = {}
        # Only a natural of a set's rank, of a run's suit, or a joker can fit: ask about those.
        if meld.kind == RUN:
            candidates: Sequence[int] = (*range(meld.suit * 13, meld.suit * 13 + 13), JOKER)
        else:
            rank = (meld.ranks[0] - 1) % 13
            candidates = (rank, 13 + rank, 26 + rank, 39 + rank, JOKER)
        for c in candidates:
            for new in lay_off_options(c, meld, rules.melds):
                self.accepts.setdefault(c, {})[_end_of(meld, new)] = new
        # card -> the run with that card in place of the joker standing for it.
        self.swaps: dict[int, Meld] = {}
        if meld.kind == RUN and JOKER in meld.cards:
            for c in range(JOKER):
                swapped = swap_joker(meld, c)
                if swapped is not None:
                    self.swaps[c] = swapped


# The commonest events (a draw, a discard, a pass) are few distinct values: made once and shared,
# since events never change, so the log costs a dictionary lookup per move.
_DREW_STOCK: dict[int, DrewStock] = {}
_DREW_DISCARD: dict[int, DrewDiscard] = {}
_DISCARDED: dict[int, Discarded] = {}
_PASSED: dict[int, Passed] = {}
# Who declined a discard, and to whom it went up for sale: a few values per table size.
_DECLINED: Memo[tuple[int, int, tuple[int, ...]], Declined] = Memo(limit=20_000)


def _drew_stock(seat: int, card: int) -> DrewStock:
    key = seat << 6 | card
    found = _DREW_STOCK.get(key)
    if found is None:
        found = _DREW_STOCK[key] = DrewStock(seat, CODES[card])
    return found


def _drew_discard(seat: int, card: int) -> DrewDiscard:
    key = seat << 6 | card
    found = _DREW_DISCARD.get(key)
    if found is None:
        found = _DREW_DISCARD[key] = DrewDiscard(seat, CODES[card])
    return found


def _discarded(seat: int, card: int) -> Discarded:
    key = seat << 6 | card
    found = _DISCARDED.get(key)
    if found is None:
        found = _DISCARDED[key] = Discarded(seat, CODES[card])
    return found


def _passed(seat: int, card: int, buying: bool) -> Passed:
    key = (seat << 6 | card) << 1 | buying
    found = _PASSED.get(key)
    if found is None:
        found = _PASSED[key] = Passed(seat, CODES[card], "buy" if buying else "rummy")
    return found


def _declined(seat: int, card: int, buyers: list[int]) -> Declined:
    key = (seat, card, tuple(buyers))
    found = _DECLINED.get(key)
    if found is None:
        found = _DECLINED.keep(key, Declined(seat, CODES[card], key[2]))
    return found


_CARDS = range(53)

# Every table a state lays out gets a number no other table has had (see ``table_stamp``).
_TABLE_STAMPS = count()

# The moves a meld at one place on the table offers, by card (lay-offs, then joker swaps): made
# once per meld and place, since moves never change: (meld, owner, index, swaps) -> (card, moves).
_PLAYS: Memo[tuple[TableMeld, int, int, bool], tuple[tuple[int, tuple[Action, ...]], ...]] = (
    Memo(limit=20_000))


def _plays(tm: TableMeld, owner: int, index: int, swaps: bool) -> (
    tuple[tuple[int, tuple[Action, ...]], ...]
):
    key = (tm, owner, index, swaps)
    found = _PLAYS.get(key)
    if found is None:
        plays: list[tuple[int, tuple[Action, ...]]] = [
            (c, tuple(Lay(c, owner, index, end) for end in ends))
            for c, ends in tm.accepts.items()
        ]
        if swaps:  # after the lay-offs, as a player reads them
            plays.extend((c, (Swap(c, owner, index),)) for c in tm.swaps)
        found = _PLAYS.keep(key, tuple(plays))
    return found


# The same melds come up deal after deal (a three-card set, a four-card run), so their lay-off
# tables are made once per rule set and meld.
_TABLE_MELDS: Memo[tuple[Meld, MeldRules], TableMeld] = Memo(limit=20_000)

# The meld each written group of cards makes (see ContractState._read_group).
_WRITTEN: Memo[tuple[tuple[int, ...], MeldRules], Meld] = Memo(limit=20_000)


_STRANDED = ("that would leave you only the card you took from the discard pile, which may "
             "not go back this turn")


def table_meld(meld: Meld, rules: ContractRules) -> TableMeld:
    key = (meld, rules.melds)
    found = _TABLE_MELDS.get(key)
    if found is None:
        found = _TABLE_MELDS.keep(key, TableMeld(meld, rules))
    return found


class ContractState(RunningTotals, State):
    game: ContractGame

    def __init__(
        self, game: ContractGame, seed: int | None, deals: Sequence[Deal] | None = None
    ) -> None:
        self._start(game, seed, deals)
        self.rules: ContractRules = game.rules
        n = game.players
        self.totals = [0] * n
        self.results: list[dict[str, Any]] = []
        self.deal_no = 0
        self.dealer = self._first_dealer(n)
        self.phase = DRAW_PHASE
        self._deal()

    # ---- dealing ----------------------------------------------------------------------------
    @property
    def contract(self) -> Contract:
        return self.rules.contracts[self.deal_no - 1]

    def _pack(self) -> tuple[int, int]:
        """This deal's decks and jokers: the rules' pack for its size; or, for a record of an
        older cardtable (which dealt every deal of an extended game from its largest pack), the
        largest pack when the recorded deal holds exactly its cards, so that such records and
        the server's tables saved by it replay."""
        rules = self.rules
        pack = rules.packs[self.deal_no - 1]
        largest = (rules.decks, rules.jokers)
        index = self.deal_no - 1
        if pack != largest and index < len(self._script):
            written = self._script[index]
            piles = [*(written.get("hands") or []), written.get("stock"), written.get("up")]
            if all(isinstance(p, list) for p in piles) and (
                sum(len(p) for p in piles) == 52 * rules.decks + rules.jokers
            ):
                return largest
        return pack

    def cards_in_play(self) -> list[str]:
        return [CODES[c] for c in make_deck(*self.pack)]

    def _deal(self) -> None:
        n = self.game.players
        rules = self.rules
        self.deal_no += 1
        size = rules.deal_sizes[self.deal_no - 1]
        self.pack = self._pack()
        deck = make_deck(*self.pack)
        pack = len(deck)
        self.rng.shuffle(deck)
        self.cut_bonus: tuple[int, int] | None = None
        cutter = depth = None
        if rules.cut:
            cutter = (self.dealer - 1) % n
            depth = self.rng.randrange(1, len(deck))
            deck = deck[depth:] + deck[:depth]
        deck.reverse()  # deal from the top: the end of the list
        # Counts per card; a bytearray cannot go below zero, so no hand can hold -1 of a card.
        self.hands = [bytearray(53) for _ in range(n)]
        self.sizes = [0] * n
        for _ in range(size):
            for k in range(1, n + 1):
                seat = (self.dealer + k) % n
                self.hands[seat][deck.pop()] += 1
                self.sizes[seat] += 1
        self.discard = [deck.pop()]
        # Who threw each card of the pile (None: the upcard), so that a card back on top after
        # a buy or a rummy call is still never sold to the player who threw it away.
        self.throwers: list[int | None] = [None]
        self.stock = deck
        live: Deal = {
            "dealer": self.dealer,
            "hands": [list(self._codes(h)) for h in self.hands],
            "stock": [CODES[c] for c in reversed(self.stock)],
            "up": [CODES[self.discard[0]]],
        }
        if depth is not None:
            live["cut"] = depth
        entry = self._deal_from(live)
        if entry is not live:  # a recorded deal, already checked against this one
            self.hands = [bytearray(53) for _ in range(n)]
            for seat, cards in enumerate(entry["hands"]):
                for text in cards:
                    self.hands[seat][parse_card(text)] += 1
            self.sizes = [len(cards) for cards in entry["hands"]]
            self.stock = [parse_card(c) for c in reversed(entry["stock"])]
            self.discard = [parse_card(c) for c in entry["up"]]
            self.throwers = [None] * len(self.discard)
            if depth is not None:
                depth = entry["cut"]
                if isinstance(depth, bool) or not isinstance(depth, int) or not (
                    1 <= depth < pack
                ):
                    raise RecordError(
                        f"deal {self.deal_no}: the cut {depth!r} is no depth in a deck of "
                        f"{pack} cards (1 to {pack - 1})"
                    )
        if cutter is not None and depth == n * size + 1:
            self.cut_bonus = (cutter, CUT_BONUS)
        contract = self.contract
        self._emit(ContractDealt(
            None, self.deal_no, self.dealer, (size,) * n, (CODES[self.discard[0]],),
            len(self.stock), len(rules.contracts), contract_text(contract.sets, contract.runs),
            contract.buying, cutter, depth, CUT_BONUS if self.cut_bonus else 0,
        ))
        for seat in range(n):
            self._emit(DealtHand(seat, self._codes(self.hands[seat])))
        self.known = [[0] * 53 for _ in range(n)]
        self.table: list[list[TableMeld]] = [[] for _ in range(n)]
        # Changes with every change to the table, and is never shared by two different tables
        # (a clone keeps it only until either changes its table): what a bot reads off the
        # table may be kept under it. The search's play-outs read the same table move after
        # move, and reading it afresh was a twentieth of Liverpool's search.
        self.table_stamp = next(_TABLE_STAMPS)
        self.down = [False] * n
        self.down_turn = [-1] * n
        self.buys = [0] * n
        self.penalties = [0] * n
        self.penalised_turn = [-1] * n
        self.took_floating = False
        self.floater = False
        self.current = (self.dealer + 1) % n
        self.turn = 0
        self.taken = -1
        self.taken_laid = 0
        self.taken_swapped = False
        self.owed_jokers = 0
        self.pending: list[int] = []  # seats still to answer in a window, in turn order
        self.claims: list[int] = []
        self.passed: list[int] = []
        self.window_order: list[int] = []
        self.phase = DRAW_PHASE

    def _draw_stock(self) -> int | None:
        if not self.stock and len(self.discard) > 1:
            top = self.discard.pop()
            self.stock = self.discard
            self.rng.shuffle(self.stock)
            self.discard = [top]
            self.throwers = self.throwers[-1:] or [None]
            live = [CODES[c] for c in reversed(self.stock)]
            order = self._reorder("rebuilds", live)
            if order is not live:  # a record's rebuild, already checked
                self.stock = [parse_card(c) for c in reversed(order)]
            self._emit(StockRebuilt(None, len(self.stock), (CODES[top],)))
        return self.stock.pop() if self.stock else None

    def _give(self, seat: int, card: int, known: bool) -> None:
        self.hands[seat][card] += 1
        self.sizes[seat] += 1
        if known:
            self.known[seat][card] += 1

    def _remove(self, seat: int, card: int) -> None:
        """A card leaves a hand face up. Copies of a card are alike, so the others cannot tell
        whether it is one they saw go in: one fewer is known, whatever else the hand holds
        (capping the known count at the copies still held told them whether another was)."""
        self.hands[seat][card] -= 1
        self.sizes[seat] -= 1
        if self.known[seat][card]:
            self.known[seat][card] -= 1
        if card == self.taken and seat == self.current:
            self.taken_laid += 1

    # ---- windows ----------------------------------------------------------------------------
    def _buyers(self) -> list[int]:
        rules = self.rules
        if not self.discard or not self.contract.buying:
            return []
        n = self.game.players
        out = []
        for k in range(1, n):
            s = (self.current + k) % n
            if self.throwers and s == self.throwers[-1]:
                continue  # nobody buys back the card they just threw away
            if rules.buy_limit is not None and self.buys[s] >= rules.buy_limit:
                continue
            if self.down[s] and not rules.buy_after_down:
                continue
            out.append(s)
        return out

    def _window_winner(self) -> int | bool | None:
        """The winning claimant, None if everyone passed, False while still undecided."""
        if not self.rules.nearest_claims and self.claims:
            return self.claims[0]
        for s in self.window_order:
            if s in self.claims:
                return s
            if s not in self.passed:
                return False
        return None

    def _resolve_buy(self, winner: int | bool | None) -> None:
        if winner is False:
            return
        if isinstance(winner, int):
            card = self.discard.pop()
            if self.throwers:
                self.throwers.pop()
            self._give(winner, card, known=True)
            self.buys[winner] += 1
            penalty = []
            for _ in range(self.rules.buy_price):
                extra = self._draw_stock()
                if extra is None:
                    break
                self._give(winner, extra, known=False)
                penalty.append(CODES[extra])
            self._emit(Bought(winner, CODES[card], tuple(penalty)))
        self.pending = []
        self.claims = []
        self.passed = []
        self.window_order = []
        self._draw_for_current()

    def _draw_for_current(self) -> None:
        card = self._draw_stock()
        if card is None:
            self._end_deal(None, "the stock and the discard pile ran out")
            return
        self._give(self.current, card, known=False)
        self._emit(_drew_stock(self.current, card))
        self.taken = -1
        self.taken_laid = 0
        self.phase = PLAY_PHASE

    def _resolve_rummy(self, winner: int | bool | None) -> None:
        if winner is False:
            return
        offender = self.current
        if isinstance(winner, int):
            card = self.discard.pop()
            if self.throwers:
                self.throwers.pop()
            self._give(offender, card, known=True)
            extra = self._draw_stock()
            if extra is not None:
                self._give(offender, extra, known=False)
            self._emit(CalledRummy(winner, offender, CODES[card],
                                   None if extra is None else CODES[extra], extra is not None))
        self.pending = []
        self.claims = []
        self.passed = []
        self.window_order = []
        self._next_turn()

    # ---- turns and deals --------------------------------------------------------------------
    def _next_turn(self) -> None:
        self.turn += 1
        if self.turn >= self.rules.max_deal_turns:
            self._end_deal(None, f"{self.turn} turns with nobody out (house rule)")
            return
        self.current = (self.current + 1) % self.game.players
        self.taken = -1
        self.taken_laid = 0
        self.taken_swapped = False
        self.took_floating = False
        self.floater = False
        self.owed_jokers = 0
        self.phase = DRAW_PHASE
        # A stock, or a pile to rebuild it from, always leaves the draw: only then look further.
        if not self.stock and len(self.discard) <= 1 and not self.legal_actions(self.current):
            self._end_deal(None, "the stock and the discard pile ran out")

    def hand_value(self, seat: int) -> int:
        values = self.rules.values
        return sum(values[c] * k for c, k in enumerate(self.hands[seat]) if k)

    def _end_deal(self, winner: int | None, reason: str) -> None:
        n = self.game.players
        points = [self.hand_value(s) for s in range(n)]
        for s in range(n):
            points[s] += self.penalties[s]
        if self.cut_bonus is not None:
            points[self.cut_bonus[0]] += self.cut_bonus[1]
        for s in range(n):
            self.totals[s] += points[s]
        result = {
            "deal": self.deal_no,
            "contract": str(self.contract),
            "dealer": self.dealer,
            "out": winner,
            "reason": reason,
            "points": points,
            "penalties": list(self.penalties),
            "cut": list(self.cut_bonus) if self.cut_bonus else None,
            "totals": list(self.totals),
            # shown to everyone for the count, as at a real table
            "left": [list(self._codes(self.hands[s])) for s in range(n)],
        }
        self.results.append(result)
        self._emit(RoundScored(winner, self.deal_no, result))
        if self.deal_no >= len(self.rules.contracts):
            self.phase = OVER
            self._emit(MatchOver(None, tuple(self.totals), tuple(self.winners)))
            return
        self.dealer = (self.dealer + 1) % n
        self._deal()

    # ---- the protocol -----------------------------------------------------------------------
    @property
    def actors(self) -> tuple[int, ...]:
        if self.phase == OVER:
            return ()
        if self.phase == BUY_PHASE or self.phase == RUMMY_PHASE:
            return tuple(self.pending)
        return (self.current,)

    def window_answer(self, seat: int) -> Action | None:
        """A seat silent in a buying or rummy window passes."""
        if (self.phase == BUY_PHASE or self.phase == RUMMY_PHASE) and seat in self.pending:
            return PASS
        return None

    def _floating(self, seat: int) -> bool:
        return self.sizes[seat] == 0

    # The rules of a turn, each written once: legal_actions lists what they allow and refusal
    # words what they forbid, so that the two cannot drift apart.
    def _others_open(self, seat: int) -> bool:
        """Whether ``seat`` may add to other players' melds now: not in the turn it went down
        (unless the table plays lay_off_same_turn)."""
        return self.rules.lay_off_same_turn or self.down_turn[seat] != self.turn

    def _layable(self, card: int, seat: int) -> bool:
        """Whether ``seat`` could lay ``card`` off now, on the melds it may play on."""
        if self._others_open(seat):
            return any(card in tm.accepts for melds in self.table for tm in melds)
        return any(card in tm.accepts for tm in self.table[seat])

    def _take_refusal(self, seat: int) -> str | None:
        """Why ``seat`` may not take the discard now: none is there, or it is floating (no card
        to discard this turn) and could not lay the card off."""
        if not self.discard:
            return "the discard pile is empty"
        if self._floating(seat) and not self._layable(self.discard[-1], seat):
            return ("you are floating: you could not discard that card this turn, "
                    "so take it only if you can lay it off")
        return None

    def _draw_refusal(self) -> str | None:
        """Why nobody may draw from the stock: it is empty and no discard is left under the top
        card to shuffle into a new one."""
        return None if self.stock or len(self.discard) > 1 else "the stock is empty"

    def _owes_joker(self, seat: int) -> bool:
        """Whether ``seat`` must still play a joker it swapped out this turn before the turn can
        end (it has one and a meld takes it)."""
        return self.owed_jokers > 0 and self.hands[seat][JOKER] > 0 and self._layable(JOKER, seat)

    def _kept_joker(self, seat: int) -> int:
        """JOKER when every joker ``seat`` holds is one it swapped out this turn and must play
        to a meld, which it cannot now (a lay-off since the swap took its place): such a joker
        stays in the hand and is not thrown away (-1 otherwise)."""
        owed = self.owed_jokers
        return JOKER if owed and 0 < self.hands[seat][JOKER] <= owed else -1

    def _must_lay_off(self, seat: int, card: int) -> bool:
        """Whether a floater must lay ``card`` off rather than go out by discarding it: a
        floater goes out only with a card that fits no meld."""
        return self.floater and self._layable(card, seat)

    def _taken_alone(self) -> bool:
        """Whether the card taken from the pile this turn is the only copy of it the player has
        held this turn. Worked out from the hand and the turn's open moves rather than kept
        from the moment of taking, so that a sample whose hand is dealt afresh answers for its
        own hand and not for the real one (which another seat never saw)."""
        card = self.taken
        return (card >= 0 and not self.taken_swapped
                and self.hands[self.current][card] + self.taken_laid == 1)

    def _forbidden_discard(self) -> int:
        """The card that may not go straight back on the pile (-1: none). The rule concerns the
        one card taken, so a player who already held a copy from another deck may discard that
        copy (:meth:`_taken_alone` says no then). It gives way when the player can do nothing
        else: that exception is the listing's (:meth:`_plays_besides_lay_downs`), and
        :meth:`refusal` asks the listing rather than work it out a second time."""
        if self.taken < 0 or (self.rules.return_discard and not self.took_floating):
            return -1
        return self.taken if self._taken_alone() else -1

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == OVER:
            return []
        if phase == BUY_PHASE:
            return [BUY, PASS] if seat in self.pending else []
        if phase == RUMMY_PHASE:
            return [RUMMY, PASS] if seat in self.pending else []
        if seat != self.current:
            return []
        if phase == DRAW_PHASE:
            out: list[Action] = []
            if self._take_refusal(seat) is None:
                out.append(TAKE)
            if self._draw_refusal() is None:
                out.append(DRAW)
            return out
        return self._play_actions(seat)

    def _play_actions(self, seat: int) -> list[Action]:
        out: list[Action] = [] if self.down[seat] else self._lay_downs(seat)
        if out and self._may_strand(seat):
            out = [a for a in out if not (isinstance(a, Down) and self._down_strands(seat, a))]
        return self._plays_besides_lay_downs(seat, out, bool(out))

    def _may_strand(self, seat: int) -> bool:
        """Whether a play could leave ``seat`` holding only the card it took from the pile this
        turn, which may not go back on it: a turn that could then not end with a discard, and
        a player who would go out by throwing back the card taken (the text forbids it at any
        point). Such plays are refused, as Daylily and Say Rummy refuse theirs."""
        forbid = self._forbidden_discard()
        return forbid >= 0 and self.hands[seat][forbid] == 1

    def _stranding(self, seat: int) -> int:
        """The card a lay-off of any other card would leave alone in the hand, when that card
        may not be discarded (see :meth:`_may_strand`); -1 when no lay-off strands the seat."""
        if self.sizes[seat] != 2 or not self._may_strand(seat):
            return -1
        return self.taken

    def _down_strands(self, seat: int, action: Down) -> bool:
        """Whether this lay-down would leave only the card taken, which may not go back."""
        if not self._may_strand(seat):
            return False
        laid = [c for g in action.groups for c in g]
        return self.sizes[seat] - len(laid) == 1 and self.taken not in laid

    def _swap_strands_joker(self, seat: int, action: Swap) -> bool:
        """Whether the joker a swap hands ``seat`` would then have no meld to go to this turn:
        the text allows the swap only so long as the joker is placed elsewhere before the turn
        ends, so a swap that cannot keep that promise is no swap. The run the joker leaves is
        read as it would be after the swap (it may take the joker back at an end), and laying
        the joker must not leave only the card taken from the pile."""
        tm = self.table[action.owner][action.index]
        swapped = table_meld(tm.swaps[action.card], self.rules)
        if self.sizes[seat] == 2 and action.card != self.taken and self._may_strand(seat):
            # [natural, taken] would become [joker, taken]: the joker may go only once the
            # card taken has been laid off (the other order strands that card).
            return not self._joker_after_taken(seat, action, swapped)
        if JOKER in swapped.accepts:
            return False
        everyone = self._others_open(seat)
        for owner, melds in enumerate(self.table):
            if not everyone and owner != seat:
                continue
            for index, other in enumerate(melds):
                if (owner, index) != (action.owner, action.index) and JOKER in other.accepts:
                    return False
        return True

    def _joker_after_taken(self, seat: int, action: Swap, swapped: TableMeld) -> bool:
        """Whether, after ``action`` leaves ``seat`` holding the joker and the card it took,
        the card taken can be laid off and the joker then has a meld to go to: the one order
        in which such a hand keeps the swap's promise (it empties the hand: the player goes
        out or floats)."""
        everyone = self._others_open(seat)
        melds = {(owner, index): tm for owner, ms in enumerate(self.table)
                 if everyone or owner == seat for index, tm in enumerate(ms)}
        melds[(action.owner, action.index)] = swapped
        for place, tm in melds.items():
            for grown in tm.accepts.get(self.taken, {}).values():
                if JOKER in table_meld(grown, self.rules).accepts or any(
                        JOKER in other.accepts for at, other in melds.items() if at != place):
                    return True
        return False

    def _lay_downs(self, seat: int, first: bool = False) -> list[Action]:
        """Every lay-down of the contract from the seat's hand (a seat not yet down), or with
        ``first`` only the first found (whether there is any, at a fraction of the cost)."""
        hand = self.hands[seat]
        out: list[Action] = []
        contract = self.contract
        rules = self.rules.melds
        downs = (
            all_layouts(hand, contract.sets, contract.runs, rules, first=first)
            if may_hold_contract(hand, contract.sets, contract.runs, rules)
            else ()
        )
        for layout in downs:
            # Candidates are already written canonically: only the order of melds.
            out.append(Down(tuple(sorted([m.cards for m in layout]))))
        if not downs and contract.runs and may_need_longer_melds(
            hand, contract.runs, rules
        ):
            # Only two kinds of hand go down with a longer meld but not with minimal ones:
            # a run whose jokers keep their minority only over five or more cards
            # (AH 2H JK JK 5H), and runs of one suit that must overlap so as not to join.
            # Offer the lay-down the wider search finds.
            longer = find_contract(
                self._cards(hand), contract.sets, contract.runs, rules, exact_sizes=False,
                minimal_checked=True,
            )
            if longer is not None:
                out.append(Down.of([m.cards for m in longer]))
        return out

    @staticmethod
    def _cards(hand: bytearray) -> list[int]:
        held = list(compress(_CARDS, hand))
        return list(chain.from_iterable(map(repeat, held, map(hand.__getitem__, held))))

    def _may_lay_down(self, seat: int) -> bool:
        """Whether :meth:`_lay_downs` lists any: the same searches, stopped at the first
        (all of them only when the first would leave just the card taken from the pile)."""
        found = self._lay_downs(seat, first=True)
        if not found or not self._may_strand(seat) or not any(
            self._down_strands(seat, a) for a in found if isinstance(a, Down)
        ):
            return bool(found)
        return any(not self._down_strands(seat, a)
                   for a in self._lay_downs(seat) if isinstance(a, Down))

    def play_choices(self, seat: int) -> tuple[bool, list[Action]]:
        """``legal_actions(seat)`` for a front end that offers going down as one choice before
        the melds (the RL environment): whether any lay-down is legal, and every other legal
        action in the engine's order (the lay-downs come first in ``legal_actions``). A hand
        kept long in the play phase has hundreds of lay-downs; one search says whether there
        is any at a fraction of the cost of listing them all."""
        if self.phase != PLAY_PHASE or seat != self.current or self.down[seat]:
            return False, self.legal_actions(seat)
        may = self._may_lay_down(seat)
        return may, self._plays_besides_lay_downs(seat, [], may)

    def _plays_besides_lay_downs(
        self, seat: int, out: list[Action], may_lay_down: bool
    ) -> list[Action]:
        """``out`` (the seat's lay-downs, or nothing) followed by its lay-offs, joker swaps and
        discards; ``may_lay_down`` says whether it has any lay-down, listed or not."""
        hand = self.hands[seat]
        dropped: list[Action] = []  # lay-offs that would leave only the card taken
        if self.down[seat]:
            swaps = self.rules.joker_swaps
            everyone = self._others_open(seat)
            strand = self._stranding(seat)
            for owner, melds in enumerate(self.table):
                if not everyone and owner != seat:
                    continue
                for index, tm in enumerate(melds):
                    for c, moves in _plays(tm, owner, index, swaps):
                        if not hand[c]:
                            continue
                        if strand < 0 and (not swaps or c not in tm.swaps):
                            out.extend(moves)  # the usual case: every lay-off, no swap
                            continue
                        for m in moves:
                            if type(m) is Swap:
                                if not self._swap_strands_joker(seat, m):
                                    out.append(m)
                            elif strand < 0 or c == strand:
                                out.append(m)
                            else:
                                dropped.append(m)
        if self._owes_joker(seat):
            # A swapped joker whose only places would leave the card taken alone still goes
            # to one of them (the swap's promise comes first), and the card taken is then let
            # go as the last resort below: a turn never gets stuck.
            return out or dropped
        kept = self._kept_joker(seat)
        if self.floater:
            out.extend([DISCARDS[c] for c in compress(_CARDS, hand)
                        if not self._must_lay_off(seat, c) and c != kept])
        else:
            forbid = self._forbidden_discard()
            if (forbid >= 0 and hand[forbid]) or kept >= 0:
                out.extend([DISCARDS[c] for c in compress(_CARDS, hand)
                            if c != forbid and c != kept])
            else:
                out.extend(compress(DISCARDS, hand))
        if not out and not may_lay_down:
            out.extend(compress(DISCARDS, hand))  # nothing else is possible: let it go
        return out

    def refusal(self, seat: int, action: Action) -> str | None:
        problem = check_actor(self, seat)
        if problem is not None:
            return problem
        phase = self.phase
        kind = type(action)  # one class per kind of move: a type test is the quickest dispatch
        if phase == BUY_PHASE:
            if kind is Buy or kind is Pass:
                return None
            return "the discard is up for sale: answer buy or pass"
        if phase == RUMMY_PHASE:
            if kind is CallRummy or kind is Pass:
                return None
            return "the last discard could have been played: call rummy or pass"
        if phase == DRAW_PHASE:
            if kind is Take:
                return self._take_refusal(seat)
            if kind is Draw:
                return self._draw_refusal()
            if kind is Buy or kind is CallRummy:
                return "nothing is on offer now: take the discard or draw from the stock"
            return "first take the discard or draw from the stock"
        # play phase
        hand = self.hands[seat]
        if kind is Discard:
            assert isinstance(action, Discard)
            card = action.card
            if not 0 <= card <= JOKER or not hand[card]:
                return f"you do not hold {code(card) if 0 <= card <= JOKER else '?'}"
            if self._owes_joker(seat):
                return "play the joker you swapped out before ending your turn"
            if self._must_lay_off(seat, card):
                return (f"you are floating: {code(card)} fits a meld on the table, so lay it "
                        "off; you go out only by discarding a card that fits no meld")
            if card == self._forbidden_discard() and (
                DISCARDS[card] not in self._play_actions(seat)
            ):
                return "you may not discard the card you took from the discard pile this turn"
            if card == self._kept_joker(seat) and DISCARDS[card] not in self._play_actions(seat):
                return ("the joker you swapped out this turn goes to a meld or stays in your "
                        "hand: it may not be thrown away")
            return None
        if kind is Take or kind is Draw:
            return "you have already drawn this turn"
        if kind is Buy or kind is Pass or kind is CallRummy:
            return "that is only possible in a buying or rummy window"
        if isinstance(action, Down):
            reason = self._down_refusal(seat, action)
            if reason is not None and self._penalised_attempt(seat, action):
                return None  # a referee table: the attempt stands, and costs 50 (see _perform)
            if reason is None and self._down_strands(seat, action):
                return _STRANDED  # a good contract, badly timed: no penalty
            return reason
        if isinstance(action, Lay | Swap):
            if not self.down[seat]:
                return "you must be down (have laid down your contract) before playing on melds"
            if not 0 <= action.owner < self.game.players or not (
                0 <= action.index < len(self.table[action.owner])
            ):
                ids = [f"{o}:{i}" for o, melds in enumerate(self.table) for i in range(len(melds))]
                if not ids:
                    return f"there is no meld {action.owner}:{action.index}: none is on the table"
                shown = ", ".join(ids[:8]) + (", …" if len(ids) > 8 else "")
                return (f"there is no meld {action.owner}:{action.index} (the melds on the table "
                        f"are {shown}, as the table names them, the seat counted from 0)")
            card = action.card
            if not 0 <= card <= JOKER or not hand[card]:
                return f"you do not hold {code(card) if 0 <= card <= JOKER else '?'}"
            if action.owner != seat and not self._others_open(seat):
                return "in the turn you go down you may add only to your own melds"
            tm = self.table[action.owner][action.index]
            if isinstance(action, Swap):
                if not self.rules.joker_swaps:
                    return "joker swaps are not played at this table"
                if tm.meld.kind != RUN:
                    return "jokers may be swapped out of runs only"
                if card not in tm.swaps:
                    return f"no joker in meld {action.owner}:{action.index} stands for {code(card)}"
                if self._swap_strands_joker(seat, action):
                    return ("the joker would have no meld to go to this turn, and a joker swapped "
                            "out must be played again before the turn ends")
                return None
            ends = tm.accepts.get(card)
            if not ends:
                return f"{code(card)} does not fit meld {action.owner}:{action.index}"
            if action.end not in ends:
                if tm.meld.kind == RUN and action.end is None:
                    return f"say which end of the run, e.g. {action} {next(iter(ends))}"
                if tm.meld.kind != RUN:
                    return "a set has no ends: leave out low/high"
                return f"{code(card)} does not fit the {action.end} end of that run"
            strand = self._stranding(seat)
            if strand >= 0 and card != strand and action not in self._play_actions(seat):
                return _STRANDED
            return None
        return f"{action} is not a contract rummy move"

    def _penalised_attempt(self, seat: int, action: Down) -> bool:
        """With ``penalties``, a wrong lay-down of cards the player holds is a real blunder."""
        if not self.rules.penalties or self.down[seat] or self.penalised_turn[seat] == self.turn:
            return False  # one charged attempt a turn; later ones are simply refused
        need: dict[int, int] = {}
        for g in action.groups:
            for c in g:
                need[c] = need.get(c, 0) + 1
        hand = self.hands[seat]
        return all(0 <= c <= JOKER and hand[c] >= k for c, k in need.items())

    def _down_refusal(self, seat: int, action: Down) -> str | None:
        if self.down[seat]:
            return "you are already down this deal"
        hand = self.hands[seat]
        need: dict[int, int] = {}
        for g in action.groups:
            for c in g:
                need[c] = need.get(c, 0) + 1
        bad = [c for c in need if not 0 <= c <= JOKER]
        if bad:
            return "that is not a card"
        missing = [code(c) for c, k in need.items() if hand[c] < k]
        if missing:
            return "you do not hold " + " ".join(missing)
        melds = []
        for g in action.groups:
            try:
                melds.append(self._read_group(g))
            except MeldError as exc:
                return str(exc)
        contract = self.contract
        return check_contract(melds, contract.sets, contract.runs)

    def _read_group(self, cards: tuple[int, ...]) -> Meld:
        """The meld a written group makes; a lay-down is read when checked and again when
        made, so readings are kept (a group that is no meld raises MeldError every time)."""
        key = (cards, self.rules.melds)
        meld = _WRITTEN.get(key)
        if meld is None:
            meld = _WRITTEN.keep(key, read_written_meld(cards, self.rules.melds))
        return meld

    def _perform(self, seat: int, action: Action) -> None:
        phase = self.phase
        if phase in (BUY_PHASE, RUMMY_PHASE):
            self.pending.remove(seat)
            if isinstance(action, Pass):
                self.passed.append(seat)
                self._emit(_passed(seat, self.discard[-1], phase == BUY_PHASE))
                winner = self._window_winner()
            else:
                self.claims.append(seat)
                winner = self._window_winner()
                if winner is False:  # a nearer player has yet to answer: the claim waits
                    window = "buy" if phase == BUY_PHASE else "rummy"
                    self._emit(Claimed(seat, CODES[self.discard[-1]], window))
            if phase == BUY_PHASE:
                self._resolve_buy(winner)
            else:
                self._resolve_rummy(winner)
            return
        if phase == DRAW_PHASE:
            self.floater = self.sizes[seat] == 0
            if isinstance(action, Take):
                card = self.discard.pop()
                if self.throwers:
                    self.throwers.pop()
                self._give(seat, card, known=True)
                self._emit(_drew_discard(seat, card))
                self.taken = card
                self.took_floating = self.floater
                self.phase = PLAY_PHASE
                return
            buyers = self._buyers()
            if buyers:
                self._emit(_declined(seat, self.discard[-1], buyers))
                self.pending = list(buyers)
                self.window_order = list(buyers)
                self.claims = []
                self.passed = []
                self.phase = BUY_PHASE
            else:
                self._draw_for_current()
            return
        if type(action) is Discard:  # the commonest move of the play phase, tested first
            assert isinstance(action, Discard)
            self._discard(seat, action.card)
            return
        if isinstance(action, Down):
            refused = self._down_refusal(seat, action)
            if refused is not None:
                self.penalties[seat] += LAY_DOWN_PENALTY  # cards go back to the hand
                self.penalised_turn[seat] = self.turn
                self._emit(Penalised(seat, tuple(tuple(CODES[c] for c in g)
                                                 for g in action.groups),
                                     refused, LAY_DOWN_PENALTY))
                return
            first = len(self.table[seat])
            melds = []
            for g in action.groups:
                meld = self._read_group(g)
                for c in g:
                    self._remove(seat, c)
                self.table[seat].append(table_meld(meld, self.rules))
                melds.append(meld)
            self.table_stamp = next(_TABLE_STAMPS)
            self.down[seat] = True
            self.down_turn[seat] = self.turn
            self._emit(LaidDown(
                seat, tuple(f"{seat}:{first + i}" for i in range(len(melds))),
                tuple(m.kind for m in melds), tuple(tuple(CODES[c] for c in m.cards)
                                                    for m in melds),
                tuple(_tokens(m) for m in melds),
            ))
        elif isinstance(action, Lay):
            tm = self.table[action.owner][action.index]
            self._remove(seat, action.card)
            grown = tm.accepts[action.card][action.end]
            self.table[action.owner][action.index] = table_meld(grown, self.rules)
            self.table_stamp = next(_TABLE_STAMPS)
            if action.card == JOKER and self.owed_jokers:
                self.owed_jokers -= 1
            if action.card != JOKER:
                token = CODES[action.card]
            elif grown.kind == RUN:
                token = _token(grown, 0 if action.end == "low" else len(grown.cards) - 1)
            else:
                token = f"{CODES[JOKER]}{STANDS_FOR}{RANK_TEXT[grown.ranks[0]]}"
            self._emit(LaidOff(seat, CODES[action.card], action.owner, action.index, grown.kind,
                               action.end, token,
                               tuple(CODES[c] for c in grown.cards)))
        else:
            assert isinstance(action, Swap)
            tm = self.table[action.owner][action.index]
            new = tm.swaps[action.card]
            self._remove(seat, action.card)
            self._give(seat, JOKER, known=True)
            if self.taken == JOKER:
                self.taken_swapped = True  # the swapped joker is another copy than the one taken
            self.table[action.owner][action.index] = table_meld(new, self.rules)
            self.table_stamp = next(_TABLE_STAMPS)
            self.owed_jokers += 1
            self._emit(JokerSwapped(seat, CODES[action.card], action.owner, action.index,
                                    tuple(CODES[c] for c in new.cards)))
        if self.sizes[seat] == 0:
            if self.rules.go_out_by_play:
                self._emit(WentOut(seat, "played"))
                self._end_deal(seat, "went out")
            else:
                self._emit(Floating(seat))
                self._next_turn()  # floating: no card to discard, the turn passes

    def _discard(self, seat: int, card: int) -> None:
        self._remove(seat, card)
        self.discard.append(card)
        self.throwers.append(seat)
        self._emit(_discarded(seat, card))
        if self.sizes[seat] == 0:
            self._emit(WentOut(seat, "discarded"))
            self._end_deal(seat, "went out")
            return
        if (self.rules.call_rummy and self.down[seat] and self._layable(card, seat)
                and self.game.players > 1):
            self._emit(RummyChance(seat, CODES[card]))
            n = self.game.players
            order = [(seat + k) % n for k in range(1, n)]
            self.pending = list(order)
            self.window_order = order
            self.claims = []
            self.passed = []
            self.phase = RUMMY_PHASE
            return
        self._next_turn()

    # ---- views ------------------------------------------------------------------------------
    @staticmethod
    def _codes(counts: Sequence[int]) -> tuple[str, ...]:
        """The cards of a count vector in notation, in card order (views build one per hand)."""
        return tuple(chain.from_iterable(map(repeat, compress(CODES, counts),
                                             compress(counts, counts))))

    def zones(self) -> list[Zone]:
        out = [
            Zone(f"hand:{s}", self._codes(self.hands[s]), Visibility.OWNER, s,
                 self._codes(self.known[s]))
            for s in range(self.game.players)
        ]
        # ``map`` over the table rather than a generator: every view writes the whole stock
        # and discard pile out, and card by card in Python that was half of a view's cost.
        code_of = CODES.__getitem__
        out.append(Zone("stock", tuple(map(code_of, self.stock)), Visibility.NOBODY))
        out.append(Zone("discard", tuple(map(code_of, self.discard)), Visibility.PUBLIC))
        for s, melds in enumerate(self.table):
            for i, tm in enumerate(melds):
                out.append(Zone(f"meld:{s}:{i}", tuple(map(code_of, tm.meld.cards)),
                                Visibility.PUBLIC, s))
        return out

    def public_info(self) -> dict[str, Any]:
        from cardtable.games.contract.cards import RANK_TEXT, SUITS

        melds = []
        for s, ms in enumerate(self.table):
            for i, tm in enumerate(ms):
                m = tm.meld
                meanings = [
                    (RANK_TEXT[r] + (SUITS[m.suit] if m.suit >= 0 else ""))
                    for c, r in zip(m.cards, m.ranks, strict=True) if c == JOKER
                ]
                melds.append({"id": f"{s}:{i}", "owner": s, "kind": m.kind,
                              "jokers_stand_for": meanings})
        return {
            "deal": self.deal_no,
            "deals": len(self.rules.contracts),
            "contract": str(self.contract),
            "dealer": self.dealer,
            "current": self.current,
            "phase": self.phase,
            "window": list(self.pending),
            "claims": list(self.claims),
            "down": list(self.down),
            "buys": list(self.buys),
            "buy_limit": self.rules.buy_limit,
            "owed_jokers": self.owed_jokers,
            "taken_from_discard": code(self.taken) if self.taken >= 0 else None,
            "turn": self.turn,
            "penalties": list(self.penalties),
            "scores": list(self.totals),
            "melds": melds,
            "results": list(self.results),
        }

    def invariant_violations(self) -> list[str]:
        total = sum(self.sizes) + len(self.stock) + len(self.discard)
        for ms in self.table:
            for tm in ms:
                total += tm.size
        problems = []
        decks, jokers = self.pack
        if total != 52 * decks + jokers:
            problems.append(f"cards not conserved: {total} of {52 * decks + jokers}")
        if list(map(sum, self.hands)) != self.sizes:  # counts are bytes: never negative
            for s, (hand, size) in enumerate(zip(self.hands, self.sizes, strict=True)):
                if sum(hand) != size:
                    problems.append(f"seat {s}'s hand count is wrong")
        return problems

    # ---- branching --------------------------------------------------------------------------
    def clone(self) -> Self:
        new = self._branch()
        new.totals = list(self.totals)
        new.results = list(self.results)
        new.hands = [bytearray(h) for h in self.hands]
        new.known = [list(h) for h in self.known]
        new.sizes = list(self.sizes)
        new.stock = list(self.stock)
        new.discard = list(self.discard)
        new.throwers = list(self.throwers)
        new.table = [list(ms) for ms in self.table]  # TableMeld objects are replaced, not changed
        new.table_stamp = self.table_stamp
        new.down = list(self.down)
        new.down_turn = list(self.down_turn)
        new.buys = list(self.buys)
        new.penalties = list(self.penalties)
        new.penalised_turn = list(self.penalised_turn)
        new.pending = list(self.pending)
        new.claims = list(self.claims)
        new.passed = list(self.passed)
        new.window_order = list(self.window_order)
        return new

    def _redeal(self, seat: int, rng: random.Random | None) -> None:
        """The stock and the cards of the other hands that ``seat`` never saw go there, dealt
        afresh among those places (cards everyone saw taken stay where they are known to be)."""
        others = [o for o in range(self.game.players) if o != seat]
        pool = list(self.stock)
        hidden: dict[int, int] = {}
        for o in others:
            hand, known = self.hands[o], self.known[o]
            unknown = [c for c in range(53) for _ in range(hand[c] - known[c])]
            hidden[o] = len(unknown)
            pool.extend(unknown)
        pool.sort()
        if rng is not None:
            rng.shuffle(pool)
        for o in others:
            hand = bytearray(self.known[o])
            for _ in range(hidden[o]):
                hand[pool.pop()] += 1
            self.hands[o] = hand
        self.stock = pool
