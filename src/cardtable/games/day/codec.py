"""Day: every move one id, bet sizes as a fixed set of pot fractions.

The space is the same size at every table (55 ids): keep, the swaps, fold, check, call, all-in,
then one id for the smallest bet or raise the rules allow and one for each fraction of the pot
in :data:`POT_FRACTIONS` (a bet of ``f`` is ``f`` x the pot after calling, on top of the current
bet, as the engine's own "half the pot" is). An id is allowed when its amount is legal and
differs from every smaller id's amount and from all-in (so no two ids make the same move); at a
fixed-limit table only the one bet. The engine accepts any amount in range, so every id's move
is legal, but the engine's other round-number amounts are not offered: a policy bets in pot
fractions.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from cardtable.engine.game import Action, Game, State
from cardtable.games.day import actions as day_actions
from cardtable.games.day.cards import CODES, DECK_SIZE
from cardtable.rl.codec import Deferred, Layout, Obs, PackedCodec, bit_rows

#: The bet sizes after the smallest one, as fractions of the pot after calling
POT_FRACTIONS: tuple[Fraction, ...] = tuple(
    Fraction(f) for f in ("1/4", "1/3", "1/2", "2/3", "3/4", "1", "3/2", "2", "3"))
KEEP_ID = 0
SWAP_BASE = 1  # + card
FOLD_ID = SWAP_BASE + DECK_SIZE
CHECK_ID = FOLD_ID + 1
CALL_ID = CHECK_ID + 1
ALL_IN_ID = CALL_ID + 1
BET_BASE = ALL_IN_ID + 1  # the smallest bet or raise; + 1 + k: POT_FRACTIONS[k]
ACTION_SIZE = BET_BASE + 1 + len(POT_FRACTIONS)
_CARD = {c: i for i, c in enumerate(CODES)}
_BIT = [1 << c for c in range(DECK_SIZE)]
_ROWS = bit_rows()
PHASES = ("substitute", "first betting", "final betting")
_WHOLE: tuple[Action, ...] = (day_actions.KEEP, *day_actions.SWAPS, day_actions.FOLD,
                              day_actions.CHECK, day_actions.CALL, day_actions.ALL_IN)


class DayCodec(PackedCodec):
    lowest_wins = False
    version = 1  # v0 had an id per amount of chips (447 ids heads-up at the default stack)
    action_size = ACTION_SIZE
    # Every move but a bet or raise is one of the engine's shared actions. A bet size is
    # looked up among the decision's (choices): the pot fractions' amounts at that decision.
    wholes = _WHOLE

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        stack = int(game.options["stack"])
        self.chips = stack * self.players
        self.scale = float(stack)
        self.hands = int(game.options["hands"])
        self._bet_ids: dict[int, int] = {}  # the decision's bet amounts and their ids
        n = self.players
        every = float(n)  # all the chips at the table, in stacks
        lay = Layout(0.0, 1.0)  # 0/1 unless a field says otherwise
        self.f_hand = lay.add("hand", DECK_SIZE, "my two private cards")
        self.f_swapped = lay.add("swapped", DECK_SIZE, "the card I gave up in a substitution")
        self.f_dealer = lay.add("dealer", DECK_SIZE, "the dealer's cards turned face up")
        self.f_tie = lay.add("tiebreak", DECK_SIZE, "cards turned up to break ties")
        self.f_seats = lay.add("seats", n * 9,
                               "per seat (me first, then in turn order): stack / stack, chips in "
                               "the pot / stack, chips in this betting round / stack, in the hand, "
                               "folded, all-in, substituted, on move, deals",
                               high=(every, every, every, 1, 1, 1, 1, 1, 1))
        self.f_table = lay.add("table", 9,
                               "pot / stack, current bet / stack, to call / stack, smallest and "
                               "largest raise to / stack, raises this round (up to 20), hand / "
                               "hands, stock size / 40, cards revealed / 5",
                               high=(every, every, every, every, every, 20, 1, 1, 1))
        self.f_phase = lay.add("phase", len(PHASES), "substitute, first betting, final betting")
        self.layout = lay
        self._bytes = (self.f_seats + 7) // 8

    def choices(self, state: State, seat: int) -> tuple[Sequence[Action], Deferred | None]:
        """The engine's moves but its bets, then one bet or raise per pot-fraction id whose
        amount is legal, new and not all-in (the ids remembered for :meth:`spell`)."""
        s: Any = state
        legal = state.legal_actions(seat)
        out = [a for a in legal if not isinstance(a, day_actions.Bet | day_actions.RaiseTo)]
        ids: dict[int, int] = {}
        if len(out) < len(legal):  # the engine offers a bet or raise: the range is open
            commit, stack, cb = s.commit[seat], s.totals[seat], s.current_bet
            low, high = s.bet_range(seat)
            afford = commit + stack
            top = min(high, afford)
            make = day_actions.bet if cb == 0 else day_actions.raise_to
            amounts = [low]
            if low < high:  # not fixed limit (there the one bet is the smallest)
                pot = sum(s.contrib) + max(0, cb - commit)
                amounts += [cb + int(f * pot) for f in POT_FRACTIONS]
            for k, amount in enumerate(amounts):
                if low <= amount <= top and amount not in ids and (
                        amount < afford or not any(isinstance(a, day_actions.AllIn) for a in out)):
                    ids[amount] = BET_BASE + k
                    out.append(make(amount))
        self._bet_ids = ids
        return out, None

    def spell(self, action: Action) -> tuple[int, ...]:
        if isinstance(action, day_actions.Bet | day_actions.RaiseTo):
            found = self._bet_ids.get(action.amount)
            if found is None:
                raise ValueError(f"{action} is not one of the sizes the env offers now "
                                 "(the smallest and the pot fractions)")
            return (found,)
        if isinstance(action, day_actions.Swap):
            return (SWAP_BASE + action.card,)
        if isinstance(action, day_actions.Keep):
            return (KEEP_ID,)
        if isinstance(action, day_actions.Fold):
            return (FOLD_ID,)
        if isinstance(action, day_actions.Check):
            return (CHECK_ID,)
        if isinstance(action, day_actions.Call):
            return (CALL_ID,)
        if isinstance(action, day_actions.AllIn):
            return (ALL_IN_ID,)
        raise ValueError(f"{action} is not a Day action")

    def id_name(self, action_id: int) -> str:
        simple = {KEEP_ID: "keep", FOLD_ID: "fold", CHECK_ID: "check", CALL_ID: "call",
                  ALL_IN_ID: "all-in"}
        if action_id in simple:
            return simple[action_id]
        if action_id < FOLD_ID:
            return f"swap {CODES[action_id - SWAP_BASE]}"
        if action_id == BET_BASE:
            return "bet the least"
        return f"bet {POT_FRACTIONS[action_id - BET_BASE - 1]} pot"

    def encode(self, view: dict[str, Any], seat: int, out: Obs) -> None:
        zones = view["zones"]
        table = view["table"]
        scale = self.scale
        for c in zones[f"hand:{seat}"].get("cards", ()):
            out[self.f_hand + _CARD[c]] = 1.0
        for c in zones[f"swapped:{seat}"].get("cards", ()):
            out[self.f_swapped + _CARD[c]] = 1.0
        for c in zones["dealer"].get("cards", ()):
            out[self.f_dealer + _CARD[c]] = 1.0
        for c in zones["tiebreak"].get("cards", ()):
            out[self.f_tie + _CARD[c]] = 1.0
        for s in range(self.players):
            at = self.f_seats + self.relative(seat, s) * 9
            out[at] = table["stacks"][s] / scale
            out[at + 1] = table["in_pot"][s] / scale
            out[at + 2] = table["this_round"][s] / scale
            out[at + 3] = float(table["in_hand"][s])
            out[at + 4] = float(table["folded"][s])
            out[at + 5] = float(table["all_in"][s])
            out[at + 6] = float(table["substituted"][s])
            out[at + 7] = 1.0 if s == table["current"] else 0.0
            out[at + 8] = 1.0 if s == table["dealer"] else 0.0
        t = self.f_table
        out[t] = table["pot"] / scale
        out[t + 1] = table["current_bet"] / scale
        out[t + 2] = (table.get("to_call") or 0) / scale
        bounds = table.get("raise_range")
        if bounds:
            out[t + 3] = bounds[0] / scale
            out[t + 4] = bounds[1] / scale
        out[t + 5] = table["raises"]
        out[t + 6] = table["hand"] / table["hands"]
        out[t + 7] = zones["stock"]["count"] / DECK_SIZE
        out[t + 8] = zones["dealer"]["count"] / 5
        phase = table["phase"]
        if phase in PHASES:
            out[self.f_phase + PHASES.index(phase)] = 1.0

    def floats(self, state: State, seat: int) -> bytes:
        """:meth:`encode` read from the state's own fields instead of its view (the view spells
        every card and copies every list; this is a tenth of its cost). What it reads is what
        the view shows ``seat``: its own two cards and swapped card, the dealer's turned cards,
        the tie-break cards, and the public betting fields. The tests hold the two equal.

        The four card rows become one integer turned into floats by one bytes.join; the
        numbers after them are packed by one array."""
        s: Any = state
        n = self.players
        scale = self.scale
        bit = _BIT
        bits = sum(map(bit.__getitem__, s.hands[seat]))
        swapped = s.swapped[seat]
        if swapped >= 0:
            bits |= bit[swapped] << self.f_swapped
        board = s.board
        bits |= sum(map(bit.__getitem__, board)) << self.f_dealer
        bits |= sum(map(bit.__getitem__, s.tiebreak)) << self.f_tie
        stacks, contrib, commit = s.totals, s.contrib, s.commit
        in_hand, folded, substituted = s.in_hand, s.folded, s.substituted
        phase = s.phase
        current = s.current if phase != "over" else None
        dealer = s.button
        tail = [0.0] * (n * 9)
        for o in range(n):
            at = (o - seat if o >= seat else o - seat + n) * 9
            tail[at] = stacks[o] / scale
            tail[at + 1] = contrib[o] / scale
            tail[at + 2] = commit[o] / scale
            tail[at + 3] = float(in_hand[o])
            tail[at + 4] = float(folded[o])
            tail[at + 5] = float(in_hand[o] and not folded[o] and stacks[o] == 0)
            tail[at + 6] = float(substituted[o])
            tail[at + 7] = 1.0 if o == current else 0.0
            tail[at + 8] = 1.0 if o == dealer else 0.0
        to_call = low = high = 0
        if phase in PHASES[1:]:  # the betting rounds: what the view's to_call and raise_range say
            on = s.current
            owed = max(0, s.current_bet - commit[on])
            to_call = min(owed, stacks[on])
            if s._can_raise(on):
                low, high = s.bet_range(on)
                high = min(high, commit[on] + stacks[on])
        tail += (sum(contrib) / scale, s.current_bet / scale, to_call / scale, low / scale,
                 high / scale, s.raises, s.hand_no / self.hands, len(s.stock) / DECK_SIZE,
                 len(board) / 5,
                 1.0 if phase == PHASES[0] else 0.0, 1.0 if phase == PHASES[1] else 0.0,
                 1.0 if phase == PHASES[2] else 0.0)
        rows = self.f_seats
        return (b"".join(map(_ROWS.__getitem__, bits.to_bytes(self._bytes, "little")))[:rows * 4]
                + array("f", tail).tobytes())

