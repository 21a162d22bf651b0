"""The greedy contract-rummy player (Dummy Rummy and Liverpool): down early, then shed cards;
and ``careful``, greedy with discards that do not feed the others (see its class).

It sees only its seat's view and the legal actions; the table's rules (contracts, deal sizes,
card values, how a player goes out) are public and come from the game it was made for.

Its judgement of a hand before it is down is the *deficit*: the fewest cards it would still
have to receive to hold the deal's contract. That is asked of the meld engine directly: a hand
holding ``d`` extra wild cards, with no limit on wild cards per meld, meets the contract exactly
when ``d`` more cards of the right kinds would meet it (a wild card stands for the card that
would fill its place). Adding a card lowers the deficit by at most one and removing one raises it
by at most one, so each candidate costs a single contract check.

- draw: take the discard when it lowers the deficit (keeping a card to throw instead); once down,
  take it when it can be laid off at once (the hand stays as it was, a stock card might not fit);
- buy: only before going down, when the card lowers the deficit, the hand stays within
  ``MAX_EXTRA`` cards of the deal and, with a buying limit, the last buy is kept for a card that
  brings the hand within one card of the contract;
- call rummy whenever offered (it costs the caller nothing);
- go down at the first chance, with the lay-down that leaves the cheapest hand once everything
  that fits is laid off;
- once down: with one card left, discard it and go out; otherwise lay off (the lay-off that
  leaves the cheapest hand first), swap a card for a joker when the joker can then be laid off,
  and discard the highest-value card (of equal values, the one farthest from any run's end);
- before going down, discard a card whose loss keeps the deficit lowest; among those a *dead*
  card (no other card of its rank for a set, no card of its suit within two ranks for a run) of
  the highest value; never a joker while anything else may go.

Every choice is a deterministic function of the view, so the bot needs no random generator; the
seed is accepted for the common bot signature.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import compress, repeat
from operator import gt
from typing import Any, ClassVar

from cardtable.bots import WEIGHED, Decision, Needs, kept_with, register_bot
from cardtable.engine.errors import OptionError
from cardtable.engine.game import Action, Game, State
from cardtable.engine.memo import Memo
from cardtable.games.contract.actions import (
    BUY,
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
    Swap,
    Take,
)
from cardtable.games.contract.cards import CODES, JOKER, code, parse_card
from cardtable.games.contract.game import ContractGame
from cardtable.games.contract.melds import (
    ACE_HIGH,
    RUN,
    SET,
    Meld,
    MeldRules,
    find_contract,
    lay_off_options,
    swap_joker,
)
from cardtable.games.contract.rules import ContractRules
from cardtable.games.contract.state import ContractState, TableMeld

MAX_EXTRA = 6  # a buy may not take the hand beyond the deal's size plus this many cards
NEAR_RUN = 2  # a card of the same suit this many ranks away or closer starts a run
TWO_SETS = (2, 0)  # (sets, runs): the first deal's contract, towards which careful never buys

_CODES: dict[str, int] = {text: c for c, text in enumerate(CODES)}
_CARD = _CODES.__getitem__
"""A view's card code to its card: views write every card as ``CODES`` does, so reading them
is one lookup each, done by ``map`` without a Python call per card (``read_view`` was a fifth
of greedy's time, most of it reading the discard pile card by card)."""


def card_of(text: str) -> int:
    """The card for a code in a view, memoised (views repeat the same 53 codes)."""
    c = _CODES.get(text)
    if c is None:
        c = _CODES[text] = parse_card(text)
    return c


@dataclass(frozen=True, slots=True)
class Seen:
    """What the seat knows, read from its view."""

    seat: int
    phase: str
    hand: tuple[int, ...]  # sorted, with repeats (several decks)
    top: int  # the discard pile's top card, -1 if the pile is empty
    table: tuple[Meld, ...]  # every meld on the table
    places: dict[tuple[int, int], int]  # (owner, number) of a meld -> its place in ``table``
    down: bool
    deal: int
    buys: int
    buy_limit: int | None
    # The discard pile, bottom to top (everyone saw every card thrown). A list: read from a
    # sample it is the state's own pile, not copied at every move of a play-out (a Seen is
    # read, decided on and dropped before the move is made).
    pile: list[int]
    building: bool  # whether another seat is not yet down (and so may want a thrown card)
    wanted: tuple[int, ...]  # sorted: cards seen taken by a seat not yet down, still held


def table_meld(kind: str, cards: tuple[int, ...]) -> Meld:
    """The meld a view shows: runs are listed low to high, so positions give the jokers' ranks."""
    naturals = [c for c in cards if c != JOKER]
    first = naturals[0]
    if kind == SET:
        return Meld(SET, cards, (first % 13 + 1,) * len(cards), -1)
    at = cards.index(first)
    bottom = first % 13 + 1 - at
    if bottom < 1:  # only an ace can sit above its own rank: it is a high ace
        bottom = ACE_HIGH - at
    return Meld(RUN, cards, tuple(range(bottom, bottom + len(cards))), first // 13)


def group_meld(cards: tuple[int, ...], rules: MeldRules) -> Meld | None:
    """The meld one group of a lay-down makes, read as the table reads it (runs low to high;
    one natural with jokers is a set if shorter than a run)."""
    naturals = [c for c in cards if c != JOKER]
    if not naturals:
        return None
    rank = naturals[0] % 13 + 1
    if all(c % 13 + 1 == rank for c in naturals) and (
        len(naturals) > 1 or len(cards) < rules.min_run
    ):
        return Meld(SET, cards, (rank,) * len(cards), -1)
    first = cards.index(naturals[0])
    bases = [rank - first] + ([ACE_HIGH - first] if rank == 1 else [])
    for base in bases:
        if base < 1 or base + len(cards) - 1 > ACE_HIGH:
            continue
        if all(c == JOKER or c % 13 == (base + i - 1) % 13 for i, c in enumerate(cards)):
            return Meld(RUN, cards, tuple(range(base, base + len(cards))), naturals[0] // 13)
    return None


_MELDS: Memo[tuple[str, tuple[int, ...]], Meld] = Memo(limit=200_000)


def _table_meld(kind: str, cards: tuple[int, ...]) -> Meld:
    """:func:`table_meld`, memoised: the same melds are read at every move of a play-out."""
    key = (kind, cards)
    meld = _MELDS.get(key)
    if meld is None:
        meld = _MELDS.keep(key, table_meld(kind, cards))
    return meld


def read_view(view: dict[str, Any], seat: int) -> Seen:
    zones: dict[str, Any] = view["zones"]
    table: dict[str, Any] = view["table"]
    hand = tuple(sorted(map(_CARD, zones[f"hand:{seat}"].get("cards", ()))))
    discard: list[str] = zones["discard"].get("cards", [])
    melds: list[Meld] = []
    places: dict[tuple[int, int], int] = {}
    for info in table["melds"]:
        owner, _, number = str(info["id"]).partition(":")
        places[int(owner), int(number)] = len(melds)
        cards = tuple(map(_CARD, zones[f"meld:{info['id']}"]["cards"]))
        melds.append(_table_meld(str(info["kind"]), cards))
    limit = table.get("buy_limit")
    downs: list[bool] = [bool(d) for d in table["down"]]
    wanted: list[int] = []
    for s, d in enumerate(downs):
        if s != seat and not d:
            wanted += map(_CARD, zones[f"hand:{s}"].get("known", ()))
    wanted.sort()
    return Seen(
        seat=seat,
        phase=str(table["phase"]),
        hand=hand,
        top=_CARD(discard[-1]) if discard else -1,
        table=tuple(melds),
        places=places,
        down=bool(table["down"][seat]),
        deal=int(table["deal"]),
        buys=int(table["buys"][seat]),
        buy_limit=None if limit is None else int(limit),
        pile=list(map(_CARD, discard)),
        building=any(not d for s, d in enumerate(downs) if s != seat),
        wanted=tuple(wanted),
    )


_HANDS: Memo[bytes, tuple[int, ...]] = Memo(limit=200_000)  # a hand's counts -> sorted cards


_ALL_CARDS = range(53)

# The table as a view shows it (its melds, and where each seat's melds sit among them), by the
# state's ``table_stamp``, with the rows it was read from: a stamp alone could be met again in
# another process (a state sent there whole), so the rows are compared too, which costs little
# since they hold the very same objects. Shared by every Seen read off that table; Seen only
# looks them up. Kept small: every play-out lays out tables never seen again, and the reads
# that repeat are of the table just read (the next moves of a play-out, the next sample).
_Table = tuple[list[list[TableMeld]], tuple[Meld, ...], dict[tuple[int, int], int]]
_TABLES: Memo[int, _Table] = Memo(limit=1024)


def _read_table(state: ContractState) -> _Table:
    melds: list[Meld] = []
    places: dict[tuple[int, int], int] = {}
    for owner, row in enumerate(state.table):
        for number, placed in enumerate(row):
            places[owner, number] = len(melds)
            melds.append(_table_meld(placed.meld.kind, placed.meld.cards))
    return [list(row) for row in state.table], tuple(melds), places


def _cards_of(counts: bytes) -> tuple[int, ...]:
    """The sorted cards, with repeats, that ``counts`` (copies held of each card) stands for:
    one pass of ``compress`` per copy rather than a Python loop over the 53 cards."""
    cards = list(compress(_ALL_CARDS, counts))
    most = max(counts)
    for copies in range(1, most):
        cards += compress(_ALL_CARDS, map(gt, counts, repeat(copies)))
    if most > 1:
        cards.sort()
    return tuple(cards)


def _sorted_cards(counts: Sequence[int]) -> tuple[int, ...]:
    """The sorted cards that ``counts`` (copies of each card) stands for, memoised: a play-out
    reads the same hands, and the same cards seen taken, move after move."""
    key = bytes(counts)
    cards = _HANDS.get(key)
    if cards is None:
        cards = _HANDS.keep(key, _cards_of(key))
    return cards


def read_sample(state: ContractState, seat: int) -> Seen:
    """What ``read_view(state.view(seat), seat)`` reads, taken straight from a state without
    writing its view out as card codes and parsing them back, which cost the search's play-outs
    three fifths of their time. Only what the seat's view shows is read (its own hand, the
    discard pile's top card, the melds on the table and the public counters); the search calls
    it on its own sampled states only, and ``tests/test_contract_bot.py`` holds the two readings
    equal.
    """
    hand = _sorted_cards(state.hands[seat])
    table = _TABLES.get(state.table_stamp)
    if table is None or table[0] != state.table:
        table = _TABLES.keep(state.table_stamp, _read_table(state))
    discard = state.discard
    building = False
    wanted: tuple[int, ...] = ()
    for s, down in enumerate(state.down):
        if s != seat and not down:
            building = True
            known = state.known[s]
            if any(known):
                wanted = tuple(sorted(wanted + _sorted_cards(known))) if wanted else (
                    _sorted_cards(known))
    return Seen(
        seat=seat,
        phase=state.phase,
        hand=hand,
        top=discard[-1] if discard else -1,
        table=table[1],
        places=table[2],
        down=state.down[seat],
        deal=state.deal_no,
        buys=state.buys[seat],
        buy_limit=state.rules.buy_limit,
        pile=discard,
        building=building,
        wanted=wanted,
    )


def _kinds(legal: Sequence[Action]) -> set[type]:
    """The kinds of move on offer. Asking these rather than ``TAKE in legal`` spares comparing
    every discard with the word moves, twice over each (the moves are dataclasses): a twentieth
    of a Liverpool play-out."""
    return set(map(type, legal))


def _forced(legal: Sequence[Action], kinds: set[type]) -> Action | None:
    """The move made without reading the hand: the only one, or calling rummy when it may."""
    if len(legal) == 1:
        return legal[0]
    return RUMMY if CallRummy in kinds else None


def without(hand: Sequence[int], card: int) -> list[int]:
    """The hand less one copy of ``card``."""
    out = list(hand)
    out.remove(card)
    return out


class GreedyContractBot:
    """Goes down as soon as it can, lays off all it can, discards its dearest dead card."""

    needs: ClassVar[Needs] = "view"

    name = "greedy"

    def __init__(self, game: Game, seed: int = 0) -> None:
        if not isinstance(game, ContractGame):
            raise OptionError(f"the greedy contract bot plays contract rummy, not {game.title}")
        self.game = game
        self.seed = seed
        self.rules: ContractRules = game.rules
        self.values = self.rules.values
        melds = self.rules.melds
        # The deficit's search: wild cards without the natural-majority limit (see module doc).
        self.free = MeldRules(melds.min_set, melds.min_run, natural_majority=False)
        self._deficits: Memo[tuple[int, int, tuple[int, ...]], int] = Memo(limit=200_000)
        self._met: Memo[tuple[int, int, int, tuple[int, ...]], Counter[int] | bool] = Memo(
            limit=200_000)

    # ---- the decision ------------------------------------------------------------------------
    def choose(self, decision: Decision) -> Action:
        kinds = _kinds(decision.legal)
        forced = _forced(decision.legal, kinds)
        if forced is not None:
            return forced
        return self._decide(read_view(decision.view(), decision.seat), decision.legal, kinds)

    def play_sample(self, state: State, seat: int, legal: Sequence[Action]) -> Action:
        """The move :meth:`choose` makes from ``seat``'s view of ``state``, read without the
        view (:func:`read_sample`): the search's play-outs on its own sampled states."""
        kinds = _kinds(legal)
        forced = _forced(legal, kinds)
        if forced is not None:
            return forced
        assert isinstance(state, ContractState)
        return self._decide(read_sample(state, seat), legal, kinds)

    def _decide(self, seen: Seen, legal: Sequence[Action], kinds: set[type]) -> Action:
        if Buy in kinds:
            return BUY if self._wants_to_buy(seen) else PASS
        if Take in kinds or Draw in kinds:
            return self._draw(seen, kinds)
        return self._play(seen, legal, kinds)

    # ---- judging hands -----------------------------------------------------------------------
    def _contract(self, seen: Seen) -> tuple[int, int]:
        contract = self.rules.contracts[seen.deal - 1]
        return contract.sets, contract.runs

    def _meets(self, hand: Sequence[int], wild: int, seen: Seen) -> bool:
        """Whether ``hand`` plus ``wild`` free wild cards holds the contract."""
        sets, runs = self._contract(seen)
        return self._lay_down(hand, wild, sets, runs) is not None

    def _lay_down(self, hand: Sequence[int], wild: int, sets: int, runs: int,
                  real: bool = False) -> Counter[int] | None:
        """What one lay-down of the contract from ``hand`` plus ``wild`` free wild cards leaves
        of the hand (``real``: under the table's own rules), None when there is none.

        Memoised like the deficit: a play-out's discards ask this of the same hands again and
        again, and it was a fifth of Liverpool's search. What is left matters too: a card with
        a copy left over may go and the hand still holds that very lay-down, which answers the
        question for that card without a search of its own.
        """
        key = (sets, runs, -1 if real else wild, tuple(sorted(hand)))
        got = self._met.get(key)
        if got is None:
            found = find_contract([*hand, *(JOKER,) * wild], sets, runs,
                                  self.rules.melds if real else self.free)
            if found is None:
                got = False
            else:
                got = Counter(hand)
                got.subtract(c for meld in found for c in meld.cards)
            self._met.keep(key, got)
        return got if isinstance(got, Counter) else None

    def deficit(self, hand: Sequence[int], seen: Seen) -> int:
        """Fewest cards the hand still needs to hold the contract (0: it holds it)."""
        sets, runs = self._contract(seen)
        key = (sets, runs, tuple(sorted(hand)))
        got = self._deficits.get(key)
        if got is not None:
            return got
        # Wild cards need a natural card in each meld, so a hand with fewer naturals than the
        # contract has melds is never met by them: it counts as needing a whole contract.
        most = self.free.min_set * sets + self.free.min_run * runs
        d = 0
        while d < most and self._lay_down(hand, d, sets, runs) is None:
            d += 1
        if d == 0 and self._lay_down(hand, 0, sets, runs, real=True) is None:
            d = 1  # its jokers crowd a meld beyond the natural-majority rule: not there yet
        return self._deficits.keep(key, d)

    def _improves(self, seen: Seen, card: int) -> bool:
        """Whether ``card`` added to the hand (less a card to throw) lowers the deficit. Every
        card thrown here is one the hand held before, so the rule against throwing back the card
        just taken never stands in the way: a copy held before may go (that rule concerns the
        one card taken), and throwing ``card`` itself would leave the hand as it was."""
        now = self.deficit(seen.hand, seen)
        if now == 0:
            return False
        grown = [*seen.hand, card]
        left = self._below(grown, now, seen)
        if left is None:
            return False
        # A card the lay-down that brought the deficit down leaves over may go: no search.
        held = set(seen.hand)
        if any(left[c] > 0 for c in held):
            return True
        return any(self._below(without(grown, c), now, seen) is not None for c in sorted(held))

    def _below(self, hand: Sequence[int], now: int, seen: Seen) -> Counter[int] | None:
        """Whether ``deficit(hand) < now``, as what a lay-down that shows it leaves of the hand
        (None: it is not), with one search where the deficit itself may take several (one for
        each number of wild cards tried): more wild cards never undo a contract, so the deficit
        is below ``now`` exactly when ``now - 1`` of them make it. Below 1 is the deficit 0
        itself, which also asks the natural-majority rule (the lay-down is then the table's)."""
        if now <= 0:
            return None
        sets, runs = self._contract(seen)
        if now == 1:
            if self._lay_down(hand, 0, sets, runs) is None:
                return None
            return self._lay_down(hand, 0, sets, runs, real=True)
        return self._lay_down(hand, now - 1, sets, runs)

    def _dead(self, card: int, hand: Sequence[int], seen: Seen) -> bool:
        """A card in no partial meld: no partner of its rank (if the contract has sets) and no
        card of its suit within NEAR_RUN ranks (if it has runs)."""
        if card == JOKER:
            return False
        sets, runs = self._contract(seen)
        rank, suit = card % 13, card // 13
        same = 0
        for c in hand:
            if c == JOKER:
                continue
            if sets and c % 13 == rank:
                same += 1
                if same > 1:
                    return False
            if runs and c // 13 == suit and c != card and _near_in_run(c, card):
                return False
        return True

    def _settle(self, hand: Sequence[int], melds: Sequence[Meld]) -> list[int]:
        """The cards left after laying off, dearest first, every card that fits ``melds``."""
        values = self.values
        rules = self.rules.melds
        left = sorted(hand, key=lambda c: (-values[c], c))
        pool = list(melds)
        # What a natural card must share with each meld to fit it (a set's rank, a run's suit):
        # laying off keeps both, and skipping the melds that cannot take a card spares most of
        # the calls below, which were a tenth of Liverpool's search.
        by_rank = [m.kind == SET for m in pool]
        needs = [m.ranks[0] - 1 if m.kind == SET else m.suit for m in pool]
        placed = True
        while placed and left:
            placed = False
            for i, c in enumerate(left):
                rank, suit = c % 13, c // 13
                for j, meld in enumerate(pool):
                    if c != JOKER and needs[j] != (rank if by_rank[j] else suit):
                        continue
                    options = lay_off_options(c, meld, rules)
                    if options:
                        pool[j] = options[0]
                        del left[i]
                        placed = True
                        break
                if placed:
                    break
        return left

    def _layable(self, card: int, melds: Sequence[Meld]) -> bool:
        rules = self.rules.melds
        return any(lay_off_options(card, m, rules) for m in melds)

    # ---- drawing and buying ------------------------------------------------------------------
    def _draw(self, seen: Seen, kinds: set[type]) -> Action:
        if Take not in kinds or seen.top < 0:
            return DRAW
        if Draw not in kinds:
            return TAKE
        if seen.down:
            if not seen.hand:
                # Floating: a card that fits a meld is laid off and the hand floats on; a drawn
                # card that fits nowhere is discarded to go out.
                return DRAW
            return TAKE if self._layable(seen.top, seen.table) else DRAW
        return TAKE if self._improves(seen, seen.top) else DRAW

    def _wants_to_buy(self, seen: Seen) -> bool:
        if seen.down or seen.top < 0:
            return False
        size = len(seen.hand) + 1 + self.rules.buy_price
        if size > self.rules.deal_sizes[seen.deal - 1] + MAX_EXTRA:
            return False
        if not self._improves(seen, seen.top):
            return False
        if seen.buy_limit is not None and seen.buy_limit - seen.buys <= 1:
            # The last buy of the deal: only for a card that brings the contract within reach.
            return self._below([*seen.hand, seen.top], 2, seen) is not None
        return True

    # ---- playing -----------------------------------------------------------------------------
    def _play(self, seen: Seen, legal: Sequence[Action], kinds: set[type]) -> Action:
        if Down in kinds:
            return self._best_down(seen, [a for a in legal if isinstance(a, Down)])
        discards = [a for a in legal if isinstance(a, Discard)]
        if seen.down:
            if len(seen.hand) == 1 and discards:
                return discards[0]  # the last card: discarding it goes out
            if Lay in kinds:
                return self._best_lay(seen, [a for a in legal if isinstance(a, Lay)])
            swaps = [a for a in legal if isinstance(a, Swap)] if Swap in kinds else []
            swap = self._useful_swap(seen, swaps)
            if swap is not None:
                return swap
            return self._shed(seen, discards)
        return self._best_discard(seen, discards)

    def _shed(self, seen: Seen, discards: Sequence[Discard]) -> Discard:
        """Once down: the dearest card (a joker last), of equal values the one farthest from
        fitting a run on the table."""
        return max(
            discards,
            key=lambda a: (
                a.card != JOKER, self.values[a.card], self._distance(a.card, seen), -a.card
            ),
        )

    @staticmethod
    def _distance(card: int, seen: Seen) -> int:
        """How far ``card`` is from fitting a run's end on the table (ranks between; 13: no run
        of its suit): a card one rank beyond an end may fit once someone extends the run."""
        if card == JOKER:
            return 0
        suit, rank = card // 13, card % 13 + 1
        best = 13
        for meld in seen.table:
            if meld.kind != RUN or meld.suit != suit:
                continue
            for r in (rank, ACE_HIGH) if rank == 1 else (rank,):
                gap = meld.low - r - 1 if r < meld.low else r - meld.high - 1
                if 0 <= gap < best:
                    best = gap
        return best

    def _best_down(self, seen: Seen, downs: Sequence[Down]) -> Down:
        """The lay-down whose leftover cards, after every lay-off they allow, cost least."""
        rules = self.rules
        others = list(seen.table) if rules.lay_off_same_turn else []
        best: Down = downs[0]
        best_key: tuple[int, int, int] | None = None
        for down in downs:
            melds = [group_meld(g, rules.melds) for g in down.groups]
            if any(m is None for m in melds):
                continue
            rest = list(seen.hand)
            for g in down.groups:
                for c in g:
                    rest.remove(c)
            left = self._settle(rest, [*others, *(m for m in melds if m is not None)])
            jokers = sum(g.count(JOKER) for g in down.groups)
            key = (sum(self.values[c] for c in left), len(left), jokers)
            if best_key is None or key < best_key:
                best, best_key = down, key
        return best

    def _best_lay(self, seen: Seen, lays: Sequence[Lay]) -> Lay:
        """The lay-off after which the rest of the hand sheds best; dearer cards first."""
        best = lays[0]
        best_key: tuple[int, int] | None = None
        done: set[tuple[int, int, str | None]] = set()
        for lay in lays:
            at = seen.places.get((lay.owner, lay.index))
            if at is None:
                continue
            meld = seen.table[at]
            options = lay_off_options(lay.card, meld, self.rules.melds)
            new = next((m for m in options if _end(meld, m) == lay.end), None)
            if new is None:
                continue
            signature = (lay.card, at, lay.end)
            if signature in done:
                continue
            done.add(signature)
            melds = list(seen.table)
            melds[at] = new
            left = self._settle(without(seen.hand, lay.card), melds)
            key = (sum(self.values[c] for c in left), -self.values[lay.card])
            if best_key is None or key < best_key:
                best, best_key = lay, key
        return best

    def _useful_swap(self, seen: Seen, swaps: Sequence[Swap]) -> Swap | None:
        """A swap whose joker can then be laid off: it sheds the card swapped in."""
        for swap in sorted(swaps, key=lambda a: (-self.values[a.card], a.card)):
            at = seen.places.get((swap.owner, swap.index))
            if at is None:
                continue
            new = swap_joker(seen.table[at], swap.card)
            if new is None:
                continue
            melds = list(seen.table)
            melds[at] = new
            if self._layable(JOKER, melds):
                return swap
        return None

    def _best_discard(self, seen: Seen, discards: Sequence[Discard]) -> Discard:
        """Keep the deficit lowest; then throw a dead card before a live one, dearest first."""
        best = discards[0]
        best_key: tuple[int, int, int, int, int] | None = None
        for action, key in self.discard_keys(seen, discards):
            if best_key is None or key < best_key:
                best, best_key = action, key
        return best

    def discard_keys(
        self, seen: Seen, discards: Sequence[Discard]
    ) -> list[tuple[Discard, tuple[int, int, int, int, int]]]:
        """Each card's discard, once, with how reluctantly it is thrown before going down
        (lowest first): a joker last, then the deficit it leaves, a live card after a dead
        one, the dearer card first."""
        now = self.deficit(seen.hand, seen)
        # The cards one lay-down of the hand (with its ``now`` wild cards) uses: a card beyond
        # them may go without raising the deficit, and the search says no more than that (it is
        # exact), so only the cards it uses need their own. This spared most of the searches
        # that were an eighth of Liverpool's play-outs. Each lay-down found for the hand less a
        # card spares the cards it leaves over too (it is a lay-down of the hand less any of
        # them): the greedy rummies spent two thirds of their time in these searches.
        spares: list[Counter[int]] = []
        sets, runs = self._contract(seen)
        # With the contract held (``now == 0``) a card outside one lay-down of it (under the
        # real rules, which the deficit's 0 also asks) leaves it held: its deficit is 0 unasked.
        first = self._lay_down(seen.hand, now, sets, runs, real=not now)
        if first is not None:
            spares.append(first)
        out: list[tuple[Discard, tuple[int, int, int, int, int]]] = []
        tried: set[int] = set()
        for action in discards:
            c = action.card
            if c in tried:
                continue
            tried.add(c)
            rest = without(seen.hand, c)
            if c == JOKER:
                after = now + 1
            elif now == 0:
                after = 0 if spares and spares[0][c] > 0 else self.deficit(rest, seen)
            elif any(spare[c] > 0 for spare in spares):
                after = now
            else:
                # What a lay-down of the hand less ``c`` leaves over is left of the hand too.
                left = self._lay_down(rest, now, sets, runs)
                if left is not None:
                    spares.append(left)
                after = now if left is not None else now + 1
            key = (
                c == JOKER,
                after,
                not self._dead(c, seen.hand, seen),
                -self.values[c],
                -c,
            )
            out.append((action, key))
        return out


def _end(meld: Meld, new: Meld) -> str | None:
    if meld.kind != RUN:
        return None
    return "low" if new.ranks[0] < meld.ranks[0] else "high"


def _factory(game: Game, seed: int) -> GreedyContractBot:
    return GreedyContractBot(game, seed)


for _game in ("dummy-rummy", "liverpool"):
    register_bot("greedy", _game, _factory,
                 about="goes down at once, lays off all it can, throws its dearest dead card")


class CarefulContractBot(GreedyContractBot):
    """Greedy, except that its discards do not feed the others.

    Greedy throws its dearest card once down and its dearest dead card before; the others take
    a discard that helps them, and one of greedy's throws in a few is just that card:

    - once down, while another seat is still building its contract, it throws the card least
      likely to be wanted: never one going with a card that seat was seen to take (its rank for
      a set, its suit within two ranks for a run), else the one whose copies the table shows
      most of (the pile, the melds, its own hand), which leaves the fewest for others to hold;
    - before going down, while others are down, a card that fits a meld on the table goes only
      when nothing else may (the deficit kept as low): a player who is down takes it and lays
      it off, one card nearer going out;
    - it never buys towards a contract of two sets (the first deal's): two sets come together
      soon enough from the cards free to take, and a buy's extra stock cards only add to what
      must be shed, or counted, before the deal ends.

    Paired with greedy on the same deals (``benchmarks/bots_paired.py``, 2026-11-29): the first
    rule alone won 3 to 4 rounds in a hundred more, heads-up and at three, in Dummy Rummy and
    in Liverpool; the second added 2.5 to 5 more, and 6 whole Dummy Rummy matches in a hundred
    heads-up. The third, paired with the first two alone: 5 to 10 first deals in a hundred more
    at three and five players, 1 to 3 heads-up, and 2 to 3 points a match fewer against it at
    three; in every later contract buying still paid in points, so it buys there as greedy
    does. Draws and lay-downs are greedy's.
    """

    name = "careful"

    def _wants_to_buy(self, seen: Seen) -> bool:
        if self._contract(seen) == TWO_SETS:
            return False
        return super()._wants_to_buy(seen)

    def _best_discard(self, seen: Seen, discards: Sequence[Discard]) -> Discard:
        if not seen.table:
            return super()._best_discard(seen, discards)
        table = seen.table

        def reluctance(row: tuple[Discard, tuple[int, int, int, int, int]]) -> tuple[int, ...]:
            # greedy's order (see discard_keys), with "fits a meld on the table" put after
            # the deficit and before everything else
            action, (joker, deficit, live, cheaper, card) = row
            return (joker, deficit, self._layable(action.card, table), live, cheaper, card)

        return min(self.discard_keys(seen, discards), key=reluctance)[0]

    def _shed(self, seen: Seen, discards: Sequence[Discard]) -> Discard:
        if not seen.building:
            return super()._shed(seen, discards)
        return max(
            discards,
            key=lambda a: (a.card != JOKER, -self._danger(a.card, seen), self.values[a.card],
                           -a.card),
        )

    def _danger(self, card: int, seen: Seen) -> int:
        """How much a seat still building may want ``card``: ten for each card it was seen to
        take that ``card`` would go with, less the copies everyone can see of what it would
        need."""
        if card == JOKER:
            return 100
        return 10 * self._goes_with_taken(card, seen) - self._in_sight(card, seen)

    def _goes_with_taken(self, card: int, seen: Seen) -> int:
        """The cards a seat still building was seen to take that ``card`` would go with: of its
        rank if the contract has sets, and of its suit within two ranks if it has runs."""
        sets, runs = self._contract(seen)
        rank = card % 13
        count = 0
        if sets:
            count += sum(1 for c in seen.wanted if c != JOKER and c % 13 == rank)
        if runs:
            count += sum(1 for c in seen.wanted if c != JOKER and _near_in_run(c, card))
        return count

    def _in_sight(self, card: int, seen: Seen) -> int:
        """Copies everyone can see (the pile, the melds, this seat's hand) of what ``card``
        would go with in the contract: cards of its rank for a set, the card itself for a run
        (the cards beside it differ from run to run)."""
        sets, runs = self._contract(seen)
        rank = card % 13
        shown = [*seen.pile, *seen.hand, *(c for meld in seen.table for c in meld.cards)]
        count = 0
        if sets:
            count += sum(1 for c in shown if c != JOKER and c % 13 == rank)
        if runs:
            count += shown.count(card)
        return count


def _careful(game: Game, seed: int) -> GreedyContractBot:
    return CarefulContractBot(game, seed)


for _game in ("dummy-rummy", "liverpool"):
    register_bot("careful", _game, _careful,
                 about="greedy, but keeps back cards others collect or could lay off")


# ---- knowledge for the search (cardtable.bots.ismcts) ------------------------------------------


def shortlist(decision: Decision, baseline: Action) -> list[Action]:
    """The root moves worth searching with the few play-outs a second buys: every draw, buy
    and window answer; when playing, the lay-downs, then the discards the greedy bot would
    throw soonest (before going down) or the dearest (once down), then lay-offs and swaps."""
    legal = decision.legal
    if not any(isinstance(a, Discard) for a in legal):
        return list(legal)
    bot: GreedyContractBot = kept_with(decision.game, GreedyContractBot)
    seen = read_view(decision.view(), decision.seat)
    downs = [a for a in legal if isinstance(a, Down)]
    discards = [a for a in legal if isinstance(a, Discard)]
    if seen.down:
        values = bot.values
        ranked = sorted(discards, key=lambda a: (a.card == JOKER, -values[a.card], a.card))
    else:
        ranked = [a for a, _k in sorted(bot.discard_keys(seen, discards), key=lambda r: r[1])]
    others = [a for a in legal if isinstance(a, Lay | Swap)]
    return [*downs[:2], *ranked, *others]


def explain(decision: Decision, action: Action) -> str | None:
    """Why a move suits the hand, in the greedy bot's terms, read from the seat's view: before
    going down, how many cards the contract still lacks and the groups kept towards it; once
    down, what a card is worth at the end of the deal (a hint's reasons; None when there is
    nothing to say)."""
    bot: GreedyContractBot = kept_with(decision.game, GreedyContractBot)
    seen = read_view(decision.view(), decision.seat)
    contract = str(decision.view()["table"]["contract"])
    if isinstance(action, Discard):
        c = action.card
        if seen.down:
            if len(seen.hand) == 1:
                return "your last card: discarding it goes out"
            return (f"the {code(c)} would count {bot.values[c]} against you if still held when "
                    f"the deal ends{_feeding_words(decision.game, seen, c)}")
        rest = without(seen.hand, c)
        return _contract_words(bot, seen, rest, contract, c) + _feeding_words(
            decision.game, seen, c)
    if action in (TAKE, DRAW, BUY, PASS) and seen.top >= 0:
        return _top_words(bot, seen, action, contract)
    if isinstance(action, Down):
        return f"the contract ({contract}) is met: every card laid down is one less to count"
    if isinstance(action, Lay):
        return (f"the {code(action.card)} leaves your hand: {bot.values[action.card]} points "
                "fewer against you")
    if isinstance(action, Swap):
        return (f"the {code(action.card)} takes the joker's place in the run, and the joker "
                "comes to your hand to be laid off this turn, wild, wherever it fits")
    return None


def _feeding_words(game: Game, seen: Seen, thrown: int) -> str:
    """Why cards as dear as the one thrown, or dearer, stay in the hand, where ``careful`` keeps
    them back (its rules, in words): they would feed another player. Empty where no such card
    is kept for that reason."""
    bot: CarefulContractBot = kept_with(game, CarefulContractBot)
    if thrown == JOKER:
        return ""
    dearer = sorted({c for c in seen.hand
                     if c not in (JOKER, thrown) and bot.values[c] >= bot.values[thrown]})
    if not seen.down:
        fits = [c for c in dearer if bot._layable(c, seen.table)]
        if not fits:
            return ""
        them = "it" if len(fits) == 1 else "them"
        return (f"; it keeps back the {' '.join(code(c) for c in fits)}: a player who is down "
                f"would take {them} and lay {them} off")
    if not seen.building:
        return ""
    mine = bot._danger(thrown, seen)
    riskier = [c for c in dearer if bot._danger(c, seen) > mine]
    if not riskier:
        return ""
    taken = [c for c in riskier if bot._goes_with_taken(c, seen)]
    if taken:
        return (f"; it keeps back the {' '.join(code(c) for c in taken)}: a player still "
                "building took a card from the pile that goes with it")
    return (f"; more of what the {code(thrown)} would go with is in sight (the pile, the table, "
            f"your hand) than for the {' '.join(code(c) for c in riskier)}, so it is the "
            "card least likely to help a player still building")


def _weighed(action: Action) -> str:
    """Said after a fact that speaks against the move advised: the search's figures, which
    follow the reasons in a hint, are why it is advised all the same."""
    if action == PASS:
        return "the play-outs weigh that against the buy"
    if action == BUY:
        return "the play-outs weigh that against letting it go"
    return WEIGHED


def _top_words(bot: GreedyContractBot, seen: Seen, action: Action, contract: str) -> str:
    """What the discard pile's top card does for the hand: lay off on the table once down,
    bring the contract nearer before, and what a buy costs; every draw, buy or pass gets its
    words, whichever of them a search advises."""
    top = code(seen.top)
    taking = action in (TAKE, BUY)
    extra = bot.rules.buy_price
    cost = f"a buy adds {_cards(extra)} from the stock as well" if extra else ""
    if seen.down:
        fits = bot._layable(seen.top, seen.table)
        if fits and taking:
            return f"the {top} lays off on the table"
        if not fits and not taking:
            return f"the {top} fits no meld on the table"
        if fits and action == PASS and cost:
            return f"the {top} would lay off on the table, but {cost}"
        if fits:
            return f"the {top} would lay off on the table; {_weighed(action)}"
        return f"the {top} fits no meld on the table; {_weighed(action)}"
    now = bot.deficit(seen.hand, seen)
    if now == 0:
        if taking:
            return (f"you hold the contract ({contract}) already, so the {top} adds nothing to "
                    f"it; {_weighed(action)}")
        return f"you hold the contract ({contract}) already; the {top} adds nothing to it"
    if not bot._improves(seen, seen.top):
        if not taking:
            return (f"the {top} does not bring the contract ({contract}) nearer; you are "
                    f"{_short(now)}")
        partners = _partners(bot, seen, seen.top)
        joins = f"the {top} goes with your {partners} but" if partners else f"the {top}"
        return (f"{joins} does not bring the contract ({contract}) nearer: you stay "
                f"{_short(now)}{'; ' + cost if action == BUY and cost else ''}; {_weighed(action)}")
    after = min(bot.deficit(without([*seen.hand, seen.top], d), seen)
                for d in sorted(set(seen.hand)))
    then = "with it you hold the contract" if after == 0 else f"{_short(after)} with it"
    nearer = f"the {top} brings the contract ({contract}) nearer: {_short(now)} now, {then}"
    if taking:
        return nearer
    if action == PASS:
        size = len(seen.hand) + 1 + extra
        dealt = bot.rules.deal_sizes[seen.deal - 1]
        if size > dealt + MAX_EXTRA:
            return (f"{nearer}, but a buy would make your hand {size} cards, {size - dealt} "
                    "more than the deal gave, each to count against you if the deal ends "
                    "before you go out")
        if seen.buy_limit is not None and seen.buy_limit - seen.buys <= 1 and after > 1:
            return (f"{nearer}, but this is your last buy of the deal: keep it for a card "
                    "that brings the contract within one card")
        if cost and bot._contract(seen) == TWO_SETS:
            return (f"{nearer}, but {cost}, and two sets come together soon enough from the "
                    "cards free to take")
        if cost:
            return f"{nearer}, but {cost}"
    return f"{nearer}; {_weighed(action)}"


def _cards(n: int) -> str:
    return f"{n} card{'s' if n != 1 else ''}"


def _partners(bot: GreedyContractBot, seen: Seen, card: int) -> str:
    """The cards of the hand ``card`` would start a group with, as the greedy player groups
    them (a rank for a contract with sets, nearby cards of a suit for one with runs)."""
    sets, runs = bot._contract(seen)
    rank = card % 13
    found: list[str] = []
    for c in sorted(set(seen.hand)):
        if c == JOKER:
            continue
        if (sets and c % 13 == rank) or (runs and _near_in_run(c, card)):
            found.append(code(c))
    return " ".join(found)


def _near_in_run(a: int, b: int) -> bool:
    """Whether two natural cards are of one suit and close enough to grow into a run."""
    if a // 13 != b // 13:
        return False
    gap = abs(a % 13 - b % 13)
    if a % 13 == 0 or b % 13 == 0:  # an ace also sits above the king (Q K A)
        gap = min(gap, 13 - max(a % 13, b % 13))
    return gap <= NEAR_RUN


def _short(cards: int) -> str:
    return f"{cards} card{'s' if cards != 1 else ''} short"


def _contract_words(bot: GreedyContractBot, seen: Seen, rest: Sequence[int], contract: str,
                    thrown: int) -> str:
    """The groups the hand left keeps towards the contract, and how far it is from it."""
    short = bot.deficit(rest, seen)
    sets, runs = bot._contract(seen)
    found = find_contract([*rest, *(JOKER,) * short], sets, runs, bot.free)
    groups: list[str] = []
    for meld in found or []:
        naturals = [code(c) for c in meld.cards if c != JOKER]
        if naturals:
            kind = "set" if meld.kind == SET else "run"
            groups.append(f"{' '.join(naturals)} ({kind})")
    words = f"keeps {', '.join(groups)} for the contract ({contract})" if groups else ""
    where = f"{_short(short)} of it" if short else "ready to go down"
    lead = ""
    if thrown != JOKER and bot._dead(thrown, seen.hand, seen):
        lead = f"the {code(thrown)} fits none of your groups; "
    return lead + (f"{words}, {where}" if words else f"you are {where}")


def _register_knowledge() -> None:
    from cardtable.bots.ismcts import Knowledge, register_knowledge

    for game in ("dummy-rummy", "liverpool"):
        # tree=False: the play-out bots play every move below the root (a turn is several
        # moves by one seat, the case where a tree's exploration biased Daylily's search);
        # measured no weaker than the tree on the same Dummy Rummy deals, and no slower. The
        # searching seat plays out as careful, whose move it keeps unless beaten, the others
        # as greedy: 270 of 400 heads-up Dummy Rummy rounds against greedy, where greedy's
        # play-outs won 260 and careful alone 242 (docs/bots.md).
        register_knowledge(game, Knowledge(rollout="careful", opponent_rollout="greedy",
                                           candidates=shortlist,
                                           max_candidates=4, tree=False, explain=explain))


_register_knowledge()

__all__ = ["GreedyContractBot", "group_meld", "read_view", "table_meld"]
